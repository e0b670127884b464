/**
 * The statute's thresholds, one cited row each, so that the rules in charges.ts and schedule.ts
 * compare with data rather than with numbers written into the code.
 */
import type { SectionNumber } from "./base-pilotage";
import { BOARD_FEES_CLAUSE } from "./board-fees";

export interface UnitsThreshold {
  units: number;
  citation: string;
  /** The statute's words, or the reading of them (interpretations.md). */
  words: string;
}

/** § 89-a(4)(b)(1), D3/D4: the two flat amounts and the per-unit rate. The 500-unit maximum is each clause's own row (base-pilotage.ts). */
export const BASE_PILOTAGE_BANDS = Object.freeze({
  flatUpTo: { units: 50, citation: "§ 89-a(4)(b)(1)", words: "Up to 50 pilotage units" },
  secondFlatBelow: { units: 100, citation: "§ 89-a(4)(b)(1)", words: "More than 50 and up to 100 pilotage units" },
  perUnitFrom: { units: 100, citation: "§ 89-a(4)(b)(1)", words: "All vessels of 100 pilotage units and over shall pay … per pilotage unit" },
} satisfies Record<string, UnitsThreshold>);

/** § 89-a(4)(d), D2: a vessel whose measurements are not provided is charged the maximum. */
export const UNMEASURED_CHARGE: UnitsThreshold = Object.freeze({
  units: 500,
  citation: "§ 89-a(4)(d)",
  words: "failure to provide the measurements subjects the vessel to the maximum charge",
});

/** § 89-a(4)(b)(1-c), D7: "0 to 50", "51 to 100" (more than 50 up to 100), "over 100" (every unit, no maximum). */
export const SURCHARGE_BANDS = Object.freeze({
  firstUpTo: { units: 50, citation: "§ 89-a(4)(b)(1-c)", words: "0 to 50 pilotage units" },
  secondUpTo: { units: 100, citation: "§ 89-a(4)(b)(1-c)", words: "51 to 100 pilotage units" },
} satisfies Record<string, UnitsThreshold>);

/** § 89-a(4)(b)(1-a), D11: more than ten hours of continuous pilotage → a second pilot at "the regular pilotage fee plus fifty percent". */
export const SECOND_PILOT_RULE = Object.freeze({
  moreThanHours: 10,
  /** Of the rounded base pilotage fee, or of base plus surcharge under the setting D11 basePlusSurcharge. */
  percent: 50,
  /** The vessel anchors at least this long, so no pilot exceeds the ten hours. */
  anchoredHours: 8,
  /**
   * "discharged at the mid-river pilot station and relieved at such station": the station is at
   * Norrie Point, beyond Hyde Park, so only a Section 2 transit reaches it (D21).
   */
  midRiverStationSections: [2] as readonly SectionNumber[],
  citation: "§ 89-a(4)(b)(1-a)",
});

/** D20: (1-a) has the board review its fees "annually … on or about the anniversary date": a year and a month's grace. */
export const BOARD_FEE_REVIEW = Object.freeze({ months: 13, citation: BOARD_FEES_CLAUSE });

/** D19: (1-b) has the surcharge board's surcharge "in effect on the following January first, April first, July first, and October first". */
export const SURCHARGE_QUARTER_DAYS = Object.freeze({ monthDays: ["01-01", "04-01", "07-01", "10-01"] as readonly string[], citation: "§ 89-a(4)(b)(1-b)" });
