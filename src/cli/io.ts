/** What a command may touch: two text streams (and stdin, for an input named "-"). Tests pass their own. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /**
   * Standard input, for an input file named "-"; absent when the caller has none to give. Typed
   * without Node's types (process.stdin is one) so the library's declarations need none.
   */
  stdin?: AsyncIterable<Uint8Array | string>;
  /** Resolves when stdout can take more (a full pipe has drained); absent when stdout never fills (tests). */
  stdoutReady?(): Promise<void>;
}

// The request layer's refusals (exit code 2), which every command throws.
export { StandardOutputError, UsageError } from "../request/usage-error";
