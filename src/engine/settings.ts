import { addMonthsGcl30, IsoDate, parseIsoDate } from "./dates";
import { isPilotageInputError, OrRefusal, PilotageInputError } from "./errors";
import { SETTING_REASONS } from "./messages";

/**
 * The judgment calls of interpretations.md that a user may change. Passed explicitly to every
 * engine call; there is no global.
 */
export interface EngineSettings {
  /** D1: round pilotage units to this many decimals before the tables apply; null = do not round. */
  unitsDecimals: number | null;
  /** D4: at exactly 100 units, charge the per-unit rate (default) or the flat "up to 100" amount. */
  at100Units: "perUnitRate" | "flatAmount";
  /** D6/D8: effective date of the 2015 act that enacted clauses (i)–(v) and subparagraph (1-c). Assumed. */
  actEffectiveDate: IsoDate;
  /** D6: start of clause (vi); null = unknown, so clause (v) stays in force until clause (vii). */
  clauseVIStart: IsoDate | null;
  /**
   * D11: what the second pilot's 50% is of: the base pilotage fee (default), or base plus the
   * surcharge, which (1-c)(iv) deems "a pilotage fee".
   */
  secondPilotBasis: "base" | "basePlusSurcharge";
  /**
   * D13: the board's discretion over recreational vessels reaches any length (the last sentence
   * of § 89-a(1), default), or only those under 200 ft (its earlier sentence).
   */
  recreationalExemption: "anyLength" | "under200Ft";
}

export const DEFAULT_SETTINGS: Readonly<EngineSettings> = Object.freeze({
  unitsDecimals: null,
  at100Units: "perUnitRate",
  actEffectiveDate: "2015-11-20",
  clauseVIStart: null,
  secondPilotBasis: "base",
  recreationalExemption: "anyLength",
});

/** What each setting means, for help text and for quotes that name non-default settings. */
export const SETTING_DESCRIPTIONS: Record<keyof EngineSettings, string> = {
  unitsDecimals: "D1 round pilotage units before applying the tables",
  at100Units: "D4 charge at exactly 100 units",
  actEffectiveDate: "D6/D8 effective date of the 2015 act (clauses (i)–(v), surcharge periods)",
  clauseVIStart: "D6 start date of clause (vi)",
  secondPilotBasis: "D11 second pilot's 50% is of",
  recreationalExemption: "D13 board's discretion over recreational vessels",
};

/** The values a choice setting takes, with what each means; the first is the default. */
export const SETTING_CHOICES = {
  at100Units: { perUnitRate: "the per-unit rate", flatAmount: 'the flat "more than 50 and up to 100" amount' },
  secondPilotBasis: { base: "the base pilotage fee", basePlusSurcharge: "the base pilotage fee plus the surcharge" },
  recreationalExemption: { anyLength: "recreational vessels of any length", under200Ft: "recreational vessels under 200 ft only" },
} as const satisfies Partial<Record<keyof EngineSettings, Record<string, string>>>;

type ChoiceSetting = keyof typeof SETTING_CHOICES;

function readChoice<K extends ChoiceSetting>(key: K, value: unknown, decision: string): OrRefusal<EngineSettings[K]> {
  const choices = Object.keys(SETTING_CHOICES[key]);
  if (typeof value !== "string" || !choices.includes(value)) {
    return new PilotageInputError(SETTING_REASONS.choice, { decision, choices }, key);
  }
  return value as EngineSettings[K];
}

/** Checks a partial settings object (from a flag, a form or a workbook) and fills in defaults. */
export function resolveSettings(partial: Partial<Record<keyof EngineSettings, unknown>> = {}): OrRefusal<EngineSettings> {
  const settings: EngineSettings = { ...DEFAULT_SETTINGS };
  // "off" is what the help and the message below call no rounding; accept it as typed.
  const roundingOff = typeof partial.unitsDecimals === "string" && ["", "off"].includes(partial.unitsDecimals.trim().toLowerCase());
  if (partial.unitsDecimals !== undefined && partial.unitsDecimals !== null && !roundingOff) {
    const decimals = Number(partial.unitsDecimals);
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 6) {
      return new PilotageInputError(SETTING_REASONS.unitsDecimals, {}, "unitsDecimals");
    }
    settings.unitsDecimals = decimals;
  }
  if (partial.at100Units !== undefined && partial.at100Units !== null) {
    const at100Units = readChoice("at100Units", partial.at100Units, "100-unit boundary (D4)");
    if (isPilotageInputError(at100Units)) return at100Units;
    settings.at100Units = at100Units;
  }
  if (partial.secondPilotBasis !== undefined && partial.secondPilotBasis !== null) {
    const secondPilotBasis = readChoice("secondPilotBasis", partial.secondPilotBasis, "second pilot's basis (D11)");
    if (isPilotageInputError(secondPilotBasis)) return secondPilotBasis;
    settings.secondPilotBasis = secondPilotBasis;
  }
  if (partial.recreationalExemption !== undefined && partial.recreationalExemption !== null) {
    const recreationalExemption = readChoice("recreationalExemption", partial.recreationalExemption, "recreational exemption (D13)");
    if (isPilotageInputError(recreationalExemption)) return recreationalExemption;
    settings.recreationalExemption = recreationalExemption;
  }
  if (partial.actEffectiveDate !== undefined && partial.actEffectiveDate !== null && partial.actEffectiveDate !== "") {
    const actEffectiveDate = parseIsoDate(String(partial.actEffectiveDate), "2015 act effective date");
    if (isPilotageInputError(actEffectiveDate)) return actEffectiveDate;
    settings.actEffectiveDate = actEffectiveDate;
    if (settings.actEffectiveDate < "2015-01-01" || settings.actEffectiveDate > "2016-12-31") {
      return new PilotageInputError(SETTING_REASONS.actEffectiveDate, {}, "actEffectiveDate");
    }
  }
  if (partial.clauseVIStart !== undefined && partial.clauseVIStart !== null && partial.clauseVIStart !== "") {
    const clauseVIStart = parseIsoDate(String(partial.clauseVIStart), "clause (vi) start date");
    if (isPilotageInputError(clauseVIStart)) return clauseVIStart;
    settings.clauseVIStart = clauseVIStart;
    if (settings.clauseVIStart >= "2022-01-01") {
      return new PilotageInputError(SETTING_REASONS.clauseVIBeforeVII, {}, "clauseVIStart");
    }
    const clauseVStart = addMonthsGcl30(settings.actEffectiveDate, 48);
    if (settings.clauseVIStart <= clauseVStart) {
      return new PilotageInputError(SETTING_REASONS.clauseVIAfterV, { clauseVStart }, "clauseVIStart");
    }
  }
  return Object.freeze(settings);
}

/** The settings' names, from the defaults. */
const SETTING_NAMES = Object.freeze(Object.keys(DEFAULT_SETTINGS) as (keyof EngineSettings)[]);

/** "D4 charge at exactly 100 units: flatAmount" for each setting that is not the default. */
export function settingsNotDefault(settings: EngineSettings): readonly string[] {
  const notDefault: string[] = [];
  // The defaults themselves (what every door uses unless a setting is given) differ in nothing.
  if (settings === DEFAULT_SETTINGS) return notDefault;
  for (const key of SETTING_NAMES) if (settings[key] !== DEFAULT_SETTINGS[key]) notDefault.push(`${SETTING_DESCRIPTIONS[key]}: ${settings[key] ?? "off"}`);
  return notDefault;
}
