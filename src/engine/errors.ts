/**
 * Typed input errors. Every adapter shows `message` as is, so it must say what to fix.
 * `kind` decides the Excel error value: wrong kind of input → #VALUE!, out of range → #NUM!,
 * nothing applies or data missing → #N/A.
 */
export type ErrorKind = "value" | "num" | "na";

const KIND_OF = {
  BLANK: "value",
  NOT_A_NUMBER: "value",
  NOT_FINITE: "num",
  NOT_POSITIVE: "num",
  IMPLAUSIBLE: "num",
  BAD_MEASUREMENT_TEXT: "value",
  UNKNOWN_UNIT: "value",
  UNKNOWN_SECTION: "value",
  BAD_DATE: "value",
  IMPOSSIBLE_DATE: "num",
  EXCEL_SERIAL_60: "num",
  DATE_OUT_OF_RANGE: "num",
  BEFORE_FIRST_CLAUSE: "na",
  UNKNOWN_CLAUSE: "value",
  NO_SURCHARGE_TABLE: "na",
  BAD_BOARD_TABLE: "value",
  BAD_FLAG: "value",
  BAD_SETTING: "value",
  NOT_COVERED: "na",
  NOT_QUARTER_START: "value",
  UNKNOWN_VESSEL_STATUS: "value",
  NOT_ENTERED: "na",
} as const satisfies Record<string, ErrorKind>;

export type InputErrorCode = keyof typeof KIND_OF;

export class PilotageInputError extends Error {
  readonly kind: ErrorKind;

  constructor(
    readonly code: InputErrorCode,
    message: string,
    /** The input the message is about (e.g. "length", "date"), for marking a form field. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "PilotageInputError";
    this.kind = KIND_OF[code];
  }
}

export function isPilotageInputError(error: unknown): error is PilotageInputError {
  return error instanceof PilotageInputError;
}

/** An input as text for a message; never throws, whatever the value (a null-prototype object, say). */
export function shownInput(input: unknown): string {
  try {
    return String(input).trim();
  } catch {
    return "(a value that cannot be shown as text)";
  }
}
