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
