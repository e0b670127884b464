/**
 * Text written to a file or a stream with backpressure, a stream buffer's worth at a time: a
 * producer that awaits each `write` never holds more than two buffers of output. A file goes through safe-output (no clobbering, published
 * whole on `close`, removed on `abort`); a stream the caller owns (stdout, say) is ended on `close`.
 * The CSV writer and the JSON Lines writer share it; neither knows what its rows mean.
 */
import type { Writable } from "node:stream";
import { openOutput, type OutputOptions, type PendingOutput } from "./safe-output";
import { assertWritable, drained, finishedWriting } from "./stream-util";

/**
 * Text is handed to the stream in pieces of about the stream's own buffer size (at most this many
 * characters): one stream `write` per CSV row costs the stream's bookkeeping per row (a reconcile
 * of a million rows writes a million), one per buffer does not, and memory stays at two buffers.
 */
const BATCH_CHARACTERS = 64 * 1024;
const WRITTEN: Promise<void> = Promise.resolve();

export class TextOutput {
  private closed = false;
  /** Text written but not yet handed to the stream. */
  private pending = "";
  private readonly batchCharacters: number;

  private constructor(
    private readonly sink: Writable,
    private readonly output: PendingOutput | undefined,
  ) {
    this.batchCharacters = Math.max(1, Math.min(BATCH_CHARACTERS, sink.writableHighWaterMark));
  }

  /** A new file: refuses an existing one unless `force`; published under its name only by `close()`. */
  static async toFile(filePath: string, options: OutputOptions = {}): Promise<TextOutput> {
    const output = await openOutput(filePath, options);
    return new TextOutput(output.stream, output);
  }

  /** A stream the caller owns; `close()` ends it. */
  static toStream(stream: Writable): TextOutput {
    return new TextOutput(stream, undefined);
  }

  /** Buffers the text; a stream buffer's worth at a time goes to the stream, and the promise waits while the stream is full. */
  write(text: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error("the output is already closed"));
    this.pending += text;
    return this.pending.length < this.batchCharacters ? WRITTEN : this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending === "") return;
    const text = this.pending;
    this.pending = "";
    assertWritable(this.sink);
    if (!this.sink.write(text)) await drained(this.sink);
  }

  /** Ends the output, after what is still buffered; a file is published under its final name. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    if (this.output !== undefined) {
      await this.output.commit();
      return;
    }
    this.sink.end();
    await finishedWriting(this.sink);
  }

  /** Gives up: a file's partial output is removed (its final name never touched); a stream is destroyed. */
  async abort(): Promise<void> {
    this.closed = true;
    this.pending = "";
    if (this.output !== undefined) await this.output.discard();
    else this.sink.destroy();
  }
}

/** JSON Lines (https://jsonlines.org): one JSON value per line, "\n" after each. */
export class JsonLinesWriter {
  private constructor(private readonly output: TextOutput) {}

  static async toFile(filePath: string, options: OutputOptions = {}): Promise<JsonLinesWriter> {
    return new JsonLinesWriter(await TextOutput.toFile(filePath, options));
  }

  static toStream(stream: Writable): JsonLinesWriter {
    return new JsonLinesWriter(TextOutput.toStream(stream));
  }

  /** One record; JSON escapes line breaks inside strings, so it is always one line. */
  write(record: unknown): Promise<void> {
    return this.output.write(`${JSON.stringify(record)}\n`);
  }

  close(): Promise<void> {
    return this.output.close();
  }

  abort(): Promise<void> {
    return this.output.abort();
  }
}
