import { centsOf, fixedAnnualPension, formatUsd, Money, PilotageInputError, readRetirementYear } from "../engine";
import { readFlags } from "./args";
import { CliIo, UsageError } from "./io";

export const PENSION_HELP = `Usage: hudson-pilotage pension --retired YEAR [--json]

The fixed annual retirement benefit of § 89-a(6) for a Hudson River pilot who retired in YEAR (D17).
The subdivision names amounts for retirement before 1980, 1981–1990, 1991–2000, 2001, 2008, 2010 and,
for "an active Hudson River pilot who retires before two thousand sixteen", 2015 (read as a pilot
still active when the 2015 act took effect). Any other year is answered "not set by § 89-a(6)"
(exit 0, amount null under --json).
`;

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

export function runPension(args: string[], io: CliIo): number {
  const { values } = readFlags({ args, strict: true, allowPositionals: false, options: { retired: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean" } } });
  if (values.help) {
    io.stdout(PENSION_HELP);
    return 0;
  }
  const json = pensionFromFlags(values);
  if (values.json) {
    io.stdout(JSON.stringify(json, null, 2) + "\n");
    return 0;
  }
  const answer = json.amount === null ? "Not set by § 89-a(6)" : `${formatUsd(centsOf(new Money(json.amount)))} a year`;
  io.stdout(`${answer} (${json.citation})\n${json.reason}\n`);
  return 0;
}
