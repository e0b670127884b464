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

/**
 * A command line that cannot be carried out as written; exit code 2 with this one line. `field`
 * names the flag (without dashes) or argument it is about, when there is one.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * Standard output could not be written (a full disk behind `> file`, a device that refuses
 * writes): exit 2 with this line, never exit 1, which means variances were found.
 */
export class StandardOutputError extends Error {
  readonly code: string | undefined;

  constructor(reason: string, code: string | undefined) {
    super(`Cannot write standard output: ${reason}; nothing written there can be trusted to be whole.`);
    this.name = "StandardOutputError";
    this.code = code;
  }
}
