import {
  BOARD_FEES,
  boardFeeNamesInWords,
  sectionsNote,
  clauseInForceOn,
  formatUsd,
  centsOfText,
  readDate,
  resolveSettings,
  PilotageInputError,
  SECTION_NAMES,
  StatutorySurchargePeriod,
  surchargeTableOn,
} from "../engine";
import { readFlags } from "./args";
import { CliIo, UsageError } from "./io";
import { SETTINGS_HELP, SETTINGS_OPTIONS, settingsFromFlags } from "./settings-flags";

export const RATES_HELP = `Usage: hudson-pilotage rates --date YYYY-MM-DD [--json] [settings]

Prints the § 89-a base pilotage schedule in force on a date for both sections, with its citation,
and the surcharge that applies (a statutory table, or the surcharge board's, which you supply).

Settings:
${SETTINGS_HELP}`;

/** The schedule in force on a date, as `rates --json` prints it and the library's rates(date) returns it. */
export function ratesOn(values: Record<string, unknown>) {
  if (values.date === undefined) throw new UsageError("--date is required: the date as YYYY-MM-DD.", "date");
  const settings = resolveSettings(settingsFromFlags(values));
  const date = readDate(values.date);
  const inForce = clauseInForceOn(date, settings);
  let period: StatutorySurchargePeriod | null = null;
  try {
    // With no board rows, the engine answers only for the statutory periods.
    period = surchargeTableOn(date, [], settings).bands as StatutorySurchargePeriod;
  } catch (error) {
    if (!(error instanceof PilotageInputError) || error.code !== "NO_SURCHARGE_TABLE") throw error;
  }
  const sections = ([1, 2] as const).map((section) => ({ section, name: SECTION_NAMES[section], ...inForce.rates.sections[section] }));
  const json = {
    date,
    clause: inForce.rates.clause,
    citation: inForce.rates.citation,
    inForceFrom: inForce.startsOn,
    sections,
    surcharge: period
      ? { citation: period.citation, upTo50Units: period.upTo50Units, over50UpTo100Units: period.over50UpTo100Units, perUnitOver100Units: period.perUnitOver100Units }
      : { citation: "§ 89-a(4)(b)(1-c)(iii)", setBy: "Hudson River pilots surcharge board (enter its table)" },
    boardFees: BOARD_FEES.map((fee) => ({ code: fee.code, label: fee.label, citation: fee.citation, sections: fee.sections })),
    warnings: inForce.warnings,
  };
  return { json, inForce, period, sections, date };
}

export type RatesJson = ReturnType<typeof ratesOn>["json"];

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
