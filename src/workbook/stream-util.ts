import type { Writable } from "node:stream";

/**
 * Resolves when `stream` emits 'drain'; rejects if it fails or closes first. `events.once` alone
 * would wait forever on a stream that was destroyed without an error.
 */
export function drained(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: unknown) => {
      stream.off("drain", onDrain);
      stream.off("error", onError);
      stream.off("close", onClose);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onDrain = () => settle();
    const onError = (error: unknown) => settle(error);
    const onClose = () => settle(stream.errored ?? new Error("the output stream closed before everything was written"));
    stream.on("drain", onDrain);
    stream.on("error", onError);
    stream.on("close", onClose);
  });
}

/** Throws if the stream can no longer take writes: a failed stream would accept them and never drain. */
export function assertWritable(stream: Writable): void {
  if (stream.errored) throw stream.errored;
  if (stream.destroyed || stream.writableEnded) throw new Error("the output stream is already closed");
}

/**
 * Resolves once everything written has been flushed ('finish'). Unlike stream.finished() this
 * does not wait for 'close', which a file stream opened with autoClose off never emits.
 */
export function finishedWriting(stream: Writable): Promise<void> {
  if (stream.errored) return Promise.reject(stream.errored);
  if (stream.writableFinished) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (error?: unknown) => {
      stream.off("finish", onFinish);
      stream.off("error", onError);
      stream.off("close", onClose);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onFinish = () => settle();
    const onError = (error: unknown) => settle(error);
    const onClose = () => settle(stream.errored ?? new Error("the output stream closed before everything was written"));
    stream.on("finish", onFinish);
    stream.on("error", onError);
    stream.on("close", onClose);
  });
}
