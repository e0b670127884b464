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

/** The output file exists and `force` was not given. */
export class OutputExistsError extends Error {
  readonly path: string;

  constructor(filePath: string) {
    // JSON quoting keeps the message on one line whatever the name contains.
    super(`Output file ${JSON.stringify(filePath)} already exists; use --force to replace it.`);
    this.name = "OutputExistsError";
    this.path = filePath;
  }
}

/** The output file could not be created or published (missing folder, no permission, …). */
export class OutputFileError extends Error {
  readonly path: string;
  readonly code: string | undefined;

  constructor(filePath: string, action: string, cause: unknown) {
    super(`Cannot ${action} ${JSON.stringify(filePath)}: ${describeSystemError(cause)}`);
    this.name = "OutputFileError";
    this.path = filePath;
    this.code = systemErrorCode(cause);
  }
}

/**
 * An output that cannot hold what it would be given (an .xlsx sheet wider than Excel's 16,384
 * columns): refused before any row is written, with the advice to write another kind of output.
 */
export class OutputLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutputLimitError";
  }
}

/** A system error in words ("the disk is full"), for a one-line message. */
export function describeSystemError(error: unknown): string {
  switch (systemErrorCode(error)) {
    case "ENOENT":
      return "its folder does not exist";
    case "ENOTDIR":
      return "part of the folder path is a file, not a folder";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "a folder has that name";
    case "ENOSPC":
      return "the disk is full";
    case "EROFS":
      return "the file system is read-only";
    default:
      return errorText(error);
  }
}
