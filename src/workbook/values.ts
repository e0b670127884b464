/**
 * Values the writers accept besides plain JS types. Kept separate so the CSV and xlsx writers
 * share one row shape: the CLI builds a row once and hands it to either.
 */

/**
 * A decimal number we produced, carried as text so that no digit is lost on the way out
 * (e.g. a variance "-12.50" from the exact engine). The CSV writer writes it verbatim and does
 * not neutralise it; the xlsx writer stores it as a number.
 */
export interface NumericText {
  readonly numeric: string;
}

// Digits with an optional leading minus and fraction, nothing else: a string of this shape can
// only ever be read by a spreadsheet as a number, which is what makes it safe to skip the
// formula-injection neutralisation for it. Exponents and a leading "+" are refused on purpose.
const DECIMAL_LITERAL = /^-?\d+(\.\d+)?$/;

export function isNumericText(value: unknown): value is NumericText {
  return typeof value === "object" && value !== null && typeof (value as { numeric?: unknown }).numeric === "string";
}

/** Throws if `text` is not a plain decimal literal; used wherever a NumericText is accepted. */
export function checkedDecimalText(text: string): string {
  if (!DECIMAL_LITERAL.test(text)) {
    throw new TypeError(`numeric cell value ${JSON.stringify(text)} is not a plain decimal such as "-12.50"`);
  }
  return text;
}

/** A NumericText whose text numericText has checked: a writer need not check it again. */
class CheckedNumericText implements NumericText {
  constructor(readonly numeric: string) {}
}

/** Marks decimal text as a number we produced; throws if it is not a plain decimal. */
export function numericText(text: string): NumericText {
  return new CheckedNumericText(checkedDecimalText(text));
}

/** A NumericText's text, checked once: when numericText made it, or here (issue 18: a reconcile writes millions). */
export function numericTextOf(value: NumericText): string {
  return value instanceof CheckedNumericText ? value.numeric : checkedDecimalText(value.numeric);
}

/** An Excel error value such as "#N/A" or "#DIV/0!", read from or written to a cell. */
export interface ExcelErrorValue {
  readonly error: string;
}

export function isExcelErrorValue(value: unknown): value is ExcelErrorValue {
  return typeof value === "object" && value !== null && typeof (value as { error?: unknown }).error === "string";
}

/** What a formula evaluated to when we wrote it. */
export type FormulaResult = number | string | boolean | null | NumericText | ExcelErrorValue;

/**
 * A formula with its value cached, e.g. `{ formula: "NYPILOT.HUDSON_TOTAL(A2,B2,C2)", result: 1234.56 }`.
 * The cache is what a reader without the add-in (or a CSV) sees.
 */
export interface FormulaCell {
  readonly formula: string;
  readonly result?: FormulaResult;
}

export function isFormulaCell(value: unknown): value is FormulaCell {
  return typeof value === "object" && value !== null && typeof (value as { formula?: unknown }).formula === "string";
}
