/**
 * An input file that cannot be read at all (missing, not a workbook, no such sheet, a CSV record
 * so long that reading must stop). Row-level problems are not errors: readers report them as
 * items and carry on.
 */
export class InputFileError extends Error {
  /** The file as the caller named it. */
  readonly path: string;
  /** The 1-based row (record) where reading stopped, when the problem is inside the file. */
  readonly rowNumber: number | undefined;

  constructor(path: string, message: string, rowNumber?: number) {
    super(message);
    this.name = "InputFileError";
    this.path = path;
    this.rowNumber = rowNumber;
  }
}

/** A Node system error's code (ENOENT, EACCES, …), if the value carries one. */
export function systemErrorCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** The message of anything thrown, for embedding in a one-line explanation. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
