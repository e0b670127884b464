/**
 * Text written to a file or a stream with backpressure: a producer that awaits each `write` never
 * holds more than one buffer of output. A file goes through safe-output (no clobbering, published
 * whole on `close`, removed on `abort`); a stream the caller owns (stdout, say) is ended on `close`.
 * The CSV writer and the JSON Lines writer share it; neither knows what its rows mean.
 */
import type { Writable } from "node:stream";
import { openOutput, type OutputOptions, type PendingOutput } from "./safe-output";
import { assertWritable, drained, finishedWriting } from "./stream-util";

export class TextOutput {
  private closed = false;

  private constructor(
    private readonly sink: Writable,
    private readonly output: PendingOutput | undefined,
  ) {}

  /** A new file: refuses an existing one unless `force`; published under its name only by `close()`. */
  static async toFile(filePath: string, options: OutputOptions = {}): Promise<TextOutput> {
    const output = await openOutput(filePath, options);
    return new TextOutput(output.stream, output);
  }

  /** A stream the caller owns; `close()` ends it. */
  static toStream(stream: Writable): TextOutput {
    return new TextOutput(stream, undefined);
  }

  async write(text: string): Promise<void> {
    if (this.closed) throw new Error("the output is already closed");
    assertWritable(this.sink);
    if (!this.sink.write(text)) await drained(this.sink);
  }

  /** Ends the output; a file is published under its final name. */
  async close(): Promise<void> {
    if (this.closed) return;
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
