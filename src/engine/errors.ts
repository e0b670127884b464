/**
 * Typed input errors: a code plus parameters, worded by the reason's sentence (messages.ts) in a
 * door's words. Every adapter shows the message as is, so it must say what to fix.
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
 * and whether a zero may be an empty cell. Each door declares its words once (the cells' below,
 * the command line's in src/cli/errors.ts, the task pane's in src/taskpane/form.ts); every
 * reason's sentence takes them, so no door rewrites another's message.
 */
export interface DoorWords {
  dateAdvice: string;
  /** Said after "must be more than zero" where a 0 may be an empty Excel cell; "" elsewhere. */
  emptyCellNote: string;
}

/**
 * Why an input is refused: the code a script branches on (it decides the Excel error value) and
 * the sentence, made from the error's parameters in a door's words only when a message is read.
 * The engine's reasons are catalogued in messages.ts; an adapter's own refusals in its own.
 */
export interface Reason<P> {
  readonly code: InputErrorCode;
  /** A method, so a PilotageInputError of any reason is a PilotageInputError (method parameters are bivariant). */
  words(params: P, door: DoorWords): string;
}

/** A reason for a catalogue: `reason("BLANK", (p: { what: string }) => `The ${p.what} is blank.`)`. */
export function reason<P = Record<string, never>>(code: InputErrorCode, words: (params: P, door: DoorWords) => string): Reason<P> {
  return { code, words };
}

/**
 * A refusal: a value every reader and rule may return, made once for each bad cell (a column may
 * refuse a million rows). It is an Error to whoever catches one thrown at a door (instanceof
 * Error, its name and message) without being built by Error's constructor, which captures a stack
 * trace: where in the code a refusal was made says nothing about what to fix, and the capture cost
 * more than reading the cell. Its `stack` is its name and message.
 */
export class PilotageInputError<P = unknown> implements Error {
  readonly code: InputErrorCode;
  readonly kind: ErrorKind;
  private cellMessage: string | undefined = undefined;

  constructor(
    readonly reason: Reason<P>,
    /** What the sentence needs (the input as given, a limit, …): no text is made until it is read. */
    readonly params: P,
    /** The input the message is about (e.g. "length", "date"), for marking a form field. */
    readonly field?: string,
  ) {
    this.code = reason.code;
    this.kind = KIND_OF[reason.code];
  }

  get name(): string {
    return "PilotageInputError";
  }

  get stack(): string {
    return `${this.name}: ${this.message}`;
  }

  /** The message in cells' words (Excel's, a workbook's, a CSV file's): what every door shows unless it has its own words. */
  get message(): string {
    if (this.cellMessage === undefined) this.cellMessage = this.reason.words(this.params, CELL_WORDS);
    return this.cellMessage;
  }

  /** The message in a door's own words. */
  messageIn(words: DoorWords): string {
    return this.reason.words(this.params, words);
  }

  /** The same refusal about another field (an argument or flag named otherwise than the reader's input). */
  withField(field: string): PilotageInputError<P> {
    return new PilotageInputError(this.reason, this.params, field);
  }

  /** Whether this error is for the given reason (its parameters then typed). */
  is<Q>(reason: Reason<Q>): this is PilotageInputError<Q> {
    return (this.reason as unknown) === reason;
  }
}

// Its prototype's: a refusal thrown is caught as any Error is.
Object.setPrototypeOf(PilotageInputError.prototype, Error.prototype);

export function isPilotageInputError(error: unknown): error is PilotageInputError {
  return error instanceof PilotageInputError;
}

/**
 * The engine's one convention: every reader and rule gives its value or returns the refusal that
 * says what to fix, and never throws it. Only a door that wants an exception (the command line,
 * the library's functions, the MCP server) throws, at the door (refusalThrown). A throw from the
 * engine of anything else is a bug: an impossible internal state.
 */
export type OrRefusal<T> = T | PilotageInputError;

/** At a door that wants an exception: the value, or its refusal thrown. */
export function refusalThrown<T>(result: OrRefusal<T>): T {
  if (isPilotageInputError(result)) throw result;
  return result;
}

/**
 * The text of an error inside another's message: a typed error in the door's words, anything
 * else as it says.
 */
export function innerMessage(error: unknown, door: DoorWords): string {
  return error instanceof PilotageInputError ? error.messageIn(door) : error instanceof Error ? error.message : String(error);
}

/**
 * How the engine's messages say to enter a date: as in an Excel cell, the engine's main caller. An
 * adapter where everything is typed as text (the command line, the task pane's fields) gives its
 * own words instead (messageIn).
 */
export const EXCEL_DATE_ADVICE = "an Excel date or text like 2026-12-31 (YYYY-MM-DD)";

/** Said where a zero may be an empty cell (desktop Excel passes one as 0); it means nothing where the 0 was typed. */
export const EMPTY_CELL_READS_AS_ZERO = " (an empty cell reads as 0)";

/** The words of a door whose values come from cells (Excel, a workbook, a CSV file's cells). */
export const CELL_WORDS: DoorWords = { dateAdvice: EXCEL_DATE_ADVICE, emptyCellNote: EMPTY_CELL_READS_AS_ZERO };

/** The words of a door where inputs are typed as text: its own date advice and no note on empty cells. */
export function typedInputWords(dateAdvice: string): DoorWords {
  return { dateAdvice, emptyCellNote: "" };
}

/** The most characters of a user's input that a message repeats, so the advice after it still fits Excel's 255. */
export const SHOWN_INPUT_MAXIMUM = 40;

/**
 * An input as text for a message: on one line (a cell or flag may hold line breaks, and the CLI's
 * error is one line) and at most SHOWN_INPUT_MAXIMUM characters. Never throws, whatever the value
 * (a null-prototype object, say).
 */
export function shownInput(input: unknown): string {
  // A number's text has no spaces and at most 24 characters ("-1.7976931348623157e+308").
  if (typeof input === "number") return String(input);
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
