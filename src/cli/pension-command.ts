import { centsOf, formatUsd, Money } from "../engine";
import { pensionFromFlags } from "../request/pension";
import { readFlags } from "./args";
import { CliIo } from "./io";

export const PENSION_HELP = `Usage: hudson-pilotage pension --retired YEAR [--json]

The fixed annual retirement benefit of § 89-a(6) for a Hudson River pilot who retired in YEAR (D17).
The subdivision names amounts for retirement before 1980, 1981–1990, 1991–2000, 2001, 2008, 2010 and,
for "an active Hudson River pilot who retires before two thousand sixteen", 2015 (read as a pilot
still active when the 2015 act took effect). Any other year is answered "not set by § 89-a(6)"
(exit 0, amount null under --json).
`;

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
