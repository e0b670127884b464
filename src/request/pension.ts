/** The pension request (§ 89-a(6), D17): a retirement year, answered; shared by every door. */
import { fixedAnnualPension, PilotageInputError, readRetirementYear } from "../engine";
import { UsageError } from "./usage-error";

/** § 89-a(6), D17, for `pension --json` and the library's pension(year): the amount, or null with the reason where the text sets none. */
export function pensionFromFlags(values: Readonly<Record<string, string | boolean | undefined>>) {
  if (values.retired === undefined) throw new UsageError("--retired is required: the year the pilot retired, such as 2010.", "retired");
  const year = readRetirementYear(values.retired, "retired");
  try {
    const pension = fixedAnnualPension(year);
    return { year, amount: pension.amount.toFixed(2), cohort: pension.cohort, reason: pension.reason, note: pension.note, citation: pension.citation };
  } catch (error) {
    // A year the text does not cover is an answer, not a bad input: "not set by § 89-a(6)".
    if (!(error instanceof PilotageInputError) || error.code !== "NOT_COVERED") throw error;
    return { year, amount: null, cohort: null, reason: error.message, note: null, citation: "§ 89-a(6)" };
  }
}

export type PensionJson = ReturnType<typeof pensionFromFlags>;
