/**
 * A reconciled row's status: the words that tell "billed wrong" from "could not be checked".
 *
 *   matched      every billed amount compared and none differs by $0.01 or more
 *   variance     a billed amount differs from the law's by $0.01 or more (the only status flagged)
 *   not checked  no variance found, and a billed amount could not be compared; the reason is the
 *                kind of error that stopped it, as a workbook formula can tell it (ISNA / ISERR)
 *
 * The Flag column shows TRUE for a variance, FALSE for a match and "not computed" for a row not
 * checked: a program that recalculates the workbook without the NYPILOT add-in gets errors from
 * every NYPILOT cell, and the flag then says "not computed" instead of flagging every row.
 * row.ts decides the status of a row, formulas.ts writes the same decision as a formula: both
 * take their words from here, so a workbook's cached values are what its formulas show.
 */
import type { CellError } from "./cells";

export type RowStatus = "matched" | "variance" | "not checked";

/** What the Flag column shows: TRUE only for a variance. */
export type FlagValue = boolean | typeof NOT_COMPUTED;

export const NOT_COMPUTED = "not computed";

/** The reasons a row is not checked, by the error a comparison met (the Note column says exactly what). */
export const NOT_CHECKED = {
  /** #N/A: a board amount not entered, a formula without a value, a cell holding #N/A. */
  notAvailable: "not checked: an amount is not available (#N/A), see Note",
  /** Any other error: an input that cannot be read, or NYPILOT functions that are not there. */
  notComputed: "not checked: not computed (an input cannot be read, or the NYPILOT add-in is not loaded), see Note",
  /** D27: every billed cell of the row is blank. */
  nothingBilled: "not checked: nothing billed",
} as const;

/** The Status column's prefix of every row not checked (the summary counts them by it). */
export const NOT_CHECKED_PREFIX = "not checked";

/** The Status column of a row that is not an invoice (a totals row, a note; never a formula); the Note says which. */
export const EXCLUDED_STATUS = "excluded: not an invoice";

export type StatusText = "matched" | "variance" | (typeof NOT_CHECKED)[keyof typeof NOT_CHECKED] | `${typeof NOT_CHECKED_PREFIX} (${string})`;

/** The error code a workbook's ISNA tells apart from the others. */
const NOT_AVAILABLE_CODE = "#N/A";

/** The status in words, given the errors of the comparisons that failed (none for matched or variance). */
export function statusText(status: RowStatus, errors: readonly CellError[]): StatusText {
  if (status !== "not checked") return status;
  // D26: what the table does not give, named ("not checked (no hours column)").
  const missing = errors.find((error) => error.missing !== undefined)?.missing;
  if (missing !== undefined) return `${NOT_CHECKED_PREFIX} (${missing})`;
  // As the formula: any error other than #N/A (ISERR) makes the reason "not computed".
  return errors.some((error) => error.code !== NOT_AVAILABLE_CODE) ? NOT_CHECKED.notComputed : NOT_CHECKED.notAvailable;
}

export function flagValue(status: RowStatus): FlagValue {
  return status === "variance" ? true : status === "matched" ? false : NOT_COMPUTED;
}

/**
 * The flag and the status as formulas over a row's variance cells (references such as "K7", or
 * ranges of equal height: every function here works element by element, so no OR/AND).
 */
export function flagFormula(varianceRefs: readonly string[]): string {
  const over = countOf(varianceRefs.map((ref) => `IFERROR(ABS(${ref})>=0.01,FALSE)`));
  const failed = countOf(varianceRefs.map((ref) => `ISERROR(${ref})`));
  return `IF(${over}>0,TRUE,IF(${failed}>0,"${NOT_COMPUTED}",FALSE))`;
}

/**
 * The status as a formula. `nothingBilled`: a test that is true when every billed cell of the row
 * is blank (D27). `missing`: what the table does not give (D26, "no hours column"): a comparison
 * that gives #N/A then names it, as statusText does for one that depends on it.
 */
export function statusFormula(flagRef: string, varianceRefs: readonly string[], nothingBilled: string, missing?: string): string {
  const errors = `IF(${countOf(varianceRefs.map((ref) => `ISERR(${ref})`))}>0,"${NOT_CHECKED.notComputed}","${NOT_CHECKED.notAvailable}")`;
  // As statusText, the missing input comes first: #N/A is what a comparison that depends on it gives.
  const notChecked = missing === undefined ? errors : `IF(${countOf(varianceRefs.map((ref) => `ISNA(${ref})`))}>0,"${NOT_CHECKED_PREFIX} (${missing})",${errors})`;
  return `IF(${nothingBilled},"${NOT_CHECKED.nothingBilled}",IF(ISLOGICAL(${flagRef}),IF(${flagRef},"variance","matched"),${notChecked}))`;
}

/** How many of the tests are TRUE, as a number: a spreadsheet compares a bare TRUE or FALSE as greater than any number. */
function countOf(tests: readonly string[]): string {
  return `(${tests.map((test) => `--${test}`).join("+")})`;
}
