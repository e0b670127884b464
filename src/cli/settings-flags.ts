import { EngineSettings } from "../engine";
import { UsageError } from "./io";

/** Flags for the interpretation settings, shared by every command that computes fees. */
export const SETTINGS_OPTIONS = {
  "round-units": { type: "string" },
  "at-100": { type: "string" },
  "act-effective-date": { type: "string" },
  "clause-vi-start": { type: "string" },
} as const;

export const SETTINGS_HELP = `  --round-units N            D1: round pilotage units to N decimals first (default: off)
  --at-100 per-unit|flat     D4: at exactly 100 units charge the per-unit rate (default) or the
                             flat "more than 50 and up to 100" amount
  --act-effective-date D     D6/D8: effective date of the 2015 act (default 2015-11-20, assumed)
  --clause-vi-start D        D6: start date of clause (vi) (default: unknown)
`;

export function settingsFromFlags(values: Record<string, unknown>): Partial<Record<keyof EngineSettings, unknown>> {
  const at100 = values["at-100"];
  let at100Units: EngineSettings["at100Units"] | undefined;
  if (at100 !== undefined) {
    if (at100 === "per-unit") at100Units = "perUnitRate";
    else if (at100 === "flat") at100Units = "flatAmount";
    else throw new UsageError('--at-100 takes "per-unit" or "flat".');
  }
  return {
    unitsDecimals: values["round-units"],
    at100Units,
    actEffectiveDate: values["act-effective-date"],
    clauseVIStart: values["clause-vi-start"],
  };
}
