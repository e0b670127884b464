import { boardFeeNamesInWords, sectionsNote, formatUsd, centsOfText } from "../engine";
import { ratesOn } from "../request/rates";
import { SETTINGS_HELP, SETTINGS_OPTIONS } from "../request/settings-flags";
import { readFlags } from "./args";
import { CliIo } from "./io";

export const RATES_HELP = `Usage: hudson-pilotage rates --date YYYY-MM-DD [--json] [settings]

Prints the § 89-a base pilotage schedule in force on a date for both sections, with its citation,
and the surcharge that applies (a statutory table, or the surcharge board's, which you supply).

Settings:
${SETTINGS_HELP}`;

export function runRates(args: string[], io: CliIo): number {
  const { values } = readFlags({
    args,
    strict: true,
    options: { date: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean" }, ...SETTINGS_OPTIONS },
  });
  if (values.help) {
    io.stdout(RATES_HELP);
    return 0;
  }
  const { json, inForce, period, sections, date } = ratesOn(values);
  if (values.json) {
    io.stdout(JSON.stringify(json, null, 2) + "\n");
    return 0;
  }
  const out = [`Base pilotage in force on ${date}: ${inForce.rates.citation}, from ${inForce.startsOn}`, ""];
  for (const s of sections) {
    out.push(
      `${s.name}`,
      `  up to 50 units                    ${formatUsd(centsOfText(s.upTo50Units))}`,
      `  more than 50 and up to 100 units  ${formatUsd(centsOfText(s.over50UpTo100Units))}`,
      `  100 units and over, per unit      ${formatUsd(centsOfText(s.perUnitFrom100Units))} (maximum charge at ${s.maximumUnits} units)`,
    );
  }
  out.push("");
  if (period) {
    out.push(
      `Surcharge (${period.citation}), ${period.periodWords} after the act's effective date:`,
      `  0–50 units ${formatUsd(centsOfText(period.upTo50Units))}; 51–100 units ${formatUsd(centsOfText(period.over50UpTo100Units))}; over 100 units ${formatUsd(centsOfText(period.perUnitOver100Units))} per unit`,
    );
  } else {
    out.push("Surcharge: set quarterly by the Hudson River pilots surcharge board (§ 89-a(4)(b)(1-c)(iii)); enter its table.");
  }
  out.push(`${capitalizedFirst(boardFeeNamesInWords(sectionsNote))} fees: set by the board of commissioners of pilots (§ 89-a(4)(b)(1-a)).`);
  for (const warning of inForce.warnings) out.push(`Note: ${warning}`);
  io.stdout(out.join("\n") + "\n");
  return 0;
}

function capitalizedFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
