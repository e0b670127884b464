/**
 * A request (a command line, a library call, a tool call) that cannot be carried out as written:
 * exit code 2 with this one line. `field` names the flag (without dashes) or argument it is about,
 * when there is one.
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
