/**
 * What a cell of a reconciliation shows when its value cannot be worked out. A reconciliation's
 * computed columns are formulas in a workbook, and the values cached beside them (or written to
 * a CSV) must be what those formulas show: an amount, or the error value with its reason. This
 * file is the one place the layer names spreadsheet error values; the rest of it passes CellErrors
 * along without looking inside.
 */
import { ErrorKind, isPilotageInputError, OrRefusal, PilotageInputError } from "../engine";

/** An error value as a spreadsheet shows it, with the reason. */
export interface CellError {
  /** "#VALUE!", "#NUM!", "#N/A", or an error value read from the input itself (e.g. "#DIV/0!"). */
  readonly code: string;
  readonly message: string;
  /** When the engine refused the cell: its error code (e.g. "NOT_A_NUMBER") and input field (e.g. "units"). */
  readonly cause?: { readonly code: string; readonly field: string | null };
  /** D26: the amount depends on inputs the table has no column for ("no hours column"). */
  readonly missing?: string;
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: CellError };

/** The error value a NYPILOT function returns for each kind of engine error (src/functions/errors.ts does the same for Excel). */
const SHOWN_FOR_KIND: Readonly<Record<ErrorKind, string>> = { value: "#VALUE!", num: "#NUM!", na: "#N/A" };

export function ok<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

export function failed<T>(error: CellError): Outcome<T> {
  return { ok: false, error };
}

export function cellErrorOf(error: PilotageInputError): CellError {
  return { code: SHOWN_FOR_KIND[error.kind], message: error.message, cause: { code: error.code, field: error.field ?? null } };
}

/** An amount the boards have not entered: what NYPILOT.HUDSON_TOTAL and the fee lookups show (#N/A). */
export function notEnteredError(message: string): CellError {
  return { code: SHOWN_FOR_KIND.na, message };
}

/** The error text workbook readers give a formula cell that has no cached value (src/workbook/xlsx-read.ts). */
const FORMULA_WITHOUT_VALUE_MARK = "#NOVALUE!";

/**
 * The outcome for a cell holding an error value: that error, named; a formula the file holds no
 * value for is not $0.00 and no real error code either, so it is not checked, saying why.
 */
export function heldErrorOutcome<T>(held: string, what: string): Outcome<T> {
  if (held === FORMULA_WITHOUT_VALUE_MARK) {
    return failed({ code: "#N/A", message: `The ${what} cell is a formula without a value (the file was never calculated): open and save it in Excel, or enter the amount.` });
  }
  return failed({ code: held, message: `The ${what} cell holds the error ${held}.` });
}

/** An error value held by the input cell itself, as workbook readers give it: `{ error: "#N/A" }`. */
export function heldError(cell: unknown): string | null {
  if (typeof cell === "object" && cell !== null && typeof (cell as { error?: unknown }).error === "string") return (cell as { error: string }).error;
  return null;
}

/** A formula cell the file holds no value for (never calculated). */
export function isFormulaWithoutValue(cell: unknown): boolean {
  return heldError(cell) === FORMULA_WITHOUT_VALUE_MARK;
}

/** A cell as a note quotes it: an error value by its code, never "[object Object]". */
export function shownCell(cell: unknown): string {
  return heldError(cell) ?? String(cell).trim();
}

/** An engine answer as an outcome: its refusal becomes the error value the same NYPILOT formula shows. */
export function outcomeOf<T>(answer: OrRefusal<T>): Outcome<T> {
  return isPilotageInputError(answer) ? failed(cellErrorOf(answer)) : ok(answer);
}

/** Reads one input cell: an error value it holds is passed on, as a formula referencing it would. */
export function readCell<T>(cell: unknown, what: string, read: (cell: unknown) => OrRefusal<T>): Outcome<T> {
  const held = heldError(cell);
  if (held !== null) return heldErrorOutcome(held, what);
  return outcomeOf(read(cell));
}

export function firstError(...outcomes: Outcome<unknown>[]): CellError | null {
  for (const outcome of outcomes) if (!outcome.ok) return outcome.error;
  return null;
}
