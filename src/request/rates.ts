/** The rates request: the schedule in force on a date, with the settings; shared by every door. */
import { BOARD_FEES, clauseInForceOn, isPilotageInputError, readDate, refusalThrown, resolveSettings, SECTION_NAMES, StatutorySurchargePeriod, surchargeTableOn } from "../engine";
import { readGivenDate } from "../reconcile/dates";
import { settingsFromFlags } from "./settings-flags";
import { UsageError } from "./usage-error";

/** The schedule in force on a date, as `rates --json` prints it and the library's rates(date) returns it. */
export function ratesOn(values: Record<string, unknown>) {
  if (values.date === undefined) throw new UsageError("--date is required: the date as YYYY-MM-DD.", "date");
  const settings = refusalThrown(resolveSettings(settingsFromFlags(values)));
  const date = refusalThrown(typeof values.date === "string" ? readGivenDate(values.date) : readDate(values.date));
  const inForce = refusalThrown(clauseInForceOn(date, settings));
  // With no board rows, the engine answers only for the statutory periods.
  const table = surchargeTableOn(date, [], settings);
  if (isPilotageInputError(table) && table.code !== "NO_SURCHARGE_TABLE") throw table;
  const period = isPilotageInputError(table) ? null : (table.bands as StatutorySurchargePeriod);
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
