/** The pension request (§ 89-a(6), D17): a retirement year, answered; shared by every door. */
import { fixedAnnualPension, isPilotageInputError, readRetirementYear, refusalThrown } from "../engine";
import { UsageError } from "./usage-error";

/** § 89-a(6), D17, for `pension --json` and the library's pension(year): the amount, or null with the reason where the text sets none. */
export function pensionFromFlags(values: Readonly<Record<string, string | boolean | undefined>>) {
  if (values.retired === undefined) throw new UsageError("--retired is required: the year the pilot retired, such as 2010.", "retired");
  const year = refusalThrown(readRetirementYear(values.retired, "retired"));
  const pension = fixedAnnualPension(year);
  if (!isPilotageInputError(pension)) {
    return { year, amount: pension.amount.toFixed(2), cohort: pension.cohort, reason: pension.reason, note: pension.note, citation: pension.citation };
  }
  // A year the text does not cover is an answer, not a bad input: "not set by § 89-a(6)".
  if (pension.code !== "NOT_COVERED") throw pension;
  return { year, amount: null, cohort: null, reason: pension.message, note: null, citation: "§ 89-a(6)" };
}

export type PensionJson = ReturnType<typeof pensionFromFlags>;
