import { EngineSettings } from "../engine";
import { UsageError } from "./usage-error";

/** Flags for the interpretation settings, shared by every command that computes fees. */
export const SETTINGS_OPTIONS = {
  "round-units": { type: "string" },
  "at-100": { type: "string" },
  "act-effective-date": { type: "string" },
  "clause-vi-start": { type: "string" },
  "second-pilot-basis": { type: "string" },
} as const;

/** D13's setting: only the compliance command answers who must take a pilot, so only it takes this flag. */
export const RECREATIONAL_EXEMPTION_OPTIONS = {
  "recreational-exemption": { type: "string" },
} as const;

export const SETTINGS_HELP = `  --round-units N            D1: round pilotage units to N decimals first (default: off)
  --at-100 per-unit|flat     D4: at exactly 100 units charge the per-unit rate (default) or the
                             flat "more than 50 and up to 100" amount
  --act-effective-date D     D6/D8: effective date of the 2015 act (default 2015-11-20, assumed)
  --clause-vi-start D        D6: start date of clause (vi) (default: unknown)
  --second-pilot-basis base|base-plus-surcharge
                             D11: the second pilot's 50% is of the base pilotage fee (default)
                             or of base plus surcharge ((1-c)(iv) deems it a pilotage fee)
`;

export const RECREATIONAL_EXEMPTION_HELP = `  --recreational-exemption any-length|under-200-ft
                             D13: the board's discretion over recreational vessels reaches any
                             length (default) or only those under 200 ft
`;

/**
 * A workbook's NYPILOT formulas compute under the add-in's own settings (its task pane), which a
 * file cannot set: under a setting not the default, a recalculation would differ from the amounts
 * cached beside them. Every door that writes such formulas refuses, naming what keeps the settings.
 */
export function refuseFormulasUnderSettings(settingsNotDefault: readonly string[], formulas: string, instead: string): void {
  if (settingsNotDefault.length === 0) return;
  throw new UsageError(`The settings differ from the defaults (${settingsNotDefault.join("; ")}): ${formulas} use the add-in's settings, so they would recalculate to other amounts: ${instead}.`, "settings");
}

/** A flag's word for each value of a choice setting, e.g. "base-plus-surcharge" → "basePlusSurcharge". */
function choiceFlag<T extends string>(values: Record<string, unknown>, flag: string, words: Record<string, T>): T | undefined {
  const word = values[flag];
  if (word === undefined) return undefined;
  if (typeof word === "string" && Object.prototype.hasOwnProperty.call(words, word)) return words[word];
  throw new UsageError(`--${flag} takes ${Object.keys(words).map((w) => `"${w}"`).join(" or ")}.`);
}

export function settingsFromFlags(values: Record<string, unknown>): Partial<Record<keyof EngineSettings, unknown>> {
  return {
    unitsDecimals: values["round-units"],
    at100Units: choiceFlag<EngineSettings["at100Units"]>(values, "at-100", { "per-unit": "perUnitRate", flat: "flatAmount" }),
    secondPilotBasis: choiceFlag<EngineSettings["secondPilotBasis"]>(values, "second-pilot-basis", { base: "base", "base-plus-surcharge": "basePlusSurcharge" }),
    recreationalExemption: choiceFlag<EngineSettings["recreationalExemption"]>(values, "recreational-exemption", { "any-length": "anyLength", "under-200-ft": "under200Ft" }),
    actEffectiveDate: values["act-effective-date"],
    clauseVIStart: values["clause-vi-start"],
  };
}
