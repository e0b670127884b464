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

/**
 * The words a door chooses where they depend on how its values are typed: how to enter a date,
 * and whether a zero may be an empty cell. A message that uses them is made by a function of them.
 */
export interface DoorWords {
  dateAdvice: string;
  /** Said after "must be more than zero" where a 0 may be an empty Excel cell; "" elsewhere. */
  emptyCellNote: string;
}

export type MessageWords = string | ((words: DoorWords) => string);

export class PilotageInputError extends Error {
  readonly kind: ErrorKind;
  private readonly words: (words: DoorWords) => string;

  constructor(
    readonly code: InputErrorCode,
    /** Shown as is by every adapter, so it must say what to fix; in cells' words unless a door asks for its own (messageIn). */
    message: MessageWords,
    /** The input the message is about (e.g. "length", "date"), for marking a form field. */
    readonly field?: string,
  ) {
    const words = typeof message === "string" ? () => message : message;
    super(words(CELL_WORDS));
    this.words = words;
    this.name = "PilotageInputError";
    this.kind = KIND_OF[code];
  }

  /** The message in a door's own words. */
  messageIn(words: DoorWords): string {
    return this.words(words);
  }
}

export function isPilotageInputError(error: unknown): error is PilotageInputError {
  return error instanceof PilotageInputError;
}

/**
 * How the engine's messages say to enter a date: as in an Excel cell, the engine's main caller. An
 * adapter where everything is typed as text (the command line, the task pane's fields) gives its
 * own advice instead, through forTypedInput.
 */
export const EXCEL_DATE_ADVICE = "an Excel date or text like 2026-12-31 (YYYY-MM-DD)";

/** Said where a zero may be an empty cell (desktop Excel passes one as 0); it means nothing where the 0 was typed. */
export const EMPTY_CELL_READS_AS_ZERO = " (an empty cell reads as 0)";

/** The words of a door whose values come from cells (Excel, a workbook, a CSV file's cells). */
const CELL_WORDS: DoorWords = { dateAdvice: EXCEL_DATE_ADVICE, emptyCellNote: EMPTY_CELL_READS_AS_ZERO };

/**
 * The error as an adapter where inputs are typed as text shows it: its own date advice, e.g. "a
 * date as YYYY-MM-DD, e.g. 2026-12-31", and no note on empty cells. Code and field are kept.
 */
export function forTypedInput(error: PilotageInputError, dateAdvice: string): PilotageInputError {
  const message = error.messageIn({ dateAdvice, emptyCellNote: "" });
  return message === error.message ? error : new PilotageInputError(error.code, message, error.field);
}

/** The most characters of a user's input that a message repeats, so the advice after it still fits Excel's 255. */
export const SHOWN_INPUT_MAXIMUM = 40;

/**
 * An input as text for a message: on one line (a cell or flag may hold line breaks, and the CLI's
 * error is one line) and at most SHOWN_INPUT_MAXIMUM characters. Never throws, whatever the value
 * (a null-prototype object, say).
 */
export function shownInput(input: unknown): string {
  let text: string;
  try {
    text = String(input);
  } catch {
    return "(a value that cannot be shown as text)";
  }
  text = text.replace(/\s+/g, " ").trim();
  if (text.length <= SHOWN_INPUT_MAXIMUM) return text;
  // Cut between characters, not inside a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text[SHOWN_INPUT_MAXIMUM - 2]) ? SHOWN_INPUT_MAXIMUM - 2 : SHOWN_INPUT_MAXIMUM - 1;
  return `${text.slice(0, end)}…`;
}
