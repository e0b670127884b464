/** What a command may touch: two text streams. Tests pass their own. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** A command line that cannot be carried out as written; exit code 2 with this one line. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
