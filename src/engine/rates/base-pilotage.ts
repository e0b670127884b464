/**
 * § 89-a(4)(b)(1), clauses (i)–(xii): base pilotage, one row per clause, in the manner of dated
 * parameters. Amounts are the statute's text, digit for digit. The per-unit rate applies from 100
 * units up to the 500-unit maximum that each clause states for each section (D3).
 */
import type { IsoDate } from "../dates";

export type SectionNumber = 1 | 2;

export interface SectionRates {
  /** "Up to 50 pilotage units" */
  upTo50Units: string;
  /** "More than 50 and up to 100 pilotage units" */
  over50UpTo100Units: string;
  /** "All vessels of 100 pilotage units and over shall pay … per pilotage unit" */
  perUnitFrom100Units: string;
  /** "A maximum charge of up to 500 pilotage units shall be applicable." */
  maximumUnits: number;
}

/** How a clause's start date is fixed: by its own words, or by a setting (D6). */
export type ClauseStart =
  | { kind: "onDate"; date: IsoDate }
  | { kind: "monthsAfterActEffectiveDate"; months: number }
  | { kind: "clauseVIStartSetting" };

export interface BaseRateClause<Id extends string = ClauseId> {
  clause: Id;
  citation: string;
  startsOn: ClauseStart;
  /** The statute's words for the start, shown beside an assumed date. */
  startWords: string;
  sections: Record<SectionNumber, SectionRates>;
}

const MAXIMUM_UNITS = 500;

type StatuteRates = readonly [upTo50Units: string, over50UpTo100Units: string, perUnitFrom100Units: string];

function rates([upTo50Units, over50UpTo100Units, perUnitFrom100Units]: StatuteRates): SectionRates {
  return Object.freeze({ upTo50Units, over50UpTo100Units, perUnitFrom100Units, maximumUnits: MAXIMUM_UNITS });
}

const onDate = (date: IsoDate): ClauseStart => ({ kind: "onDate", date });
const monthsAfterAct = (months: number): ClauseStart => ({ kind: "monthsAfterActEffectiveDate", months });
const CLAUSE_VI_START_SETTING: ClauseStart = { kind: "clauseVIStartSetting" };

/** A row of the table: the clause's citation is § 89-a(4)(b)(1)(its id). */
function clause<Id extends string>(id: Id, startsOn: ClauseStart, startWords: string, section1: StatuteRates, section2: StatuteRates): BaseRateClause<Id> {
  return { clause: id, citation: `§ 89-a(4)(b)(1)(${id})`, startsOn, startWords, sections: { 1: rates(section1), 2: rates(section2) } };
}

/**
 * One row per clause, as the statute lists them: the clause, when it starts (and the statute's
 * words for that), then Section 1's and Section 2's rates (up to 50 units, more than 50 and up to
 * 100, per unit from 100). A clause (xiii) is one more row; its citation and id follow from it.
 */
const CLAUSE_ROWS = [
  clause("i", monthsAfterAct(0), "effective date of the 2015 act (S.3951-B / A.857-B)", ["852.97", "1217.00", "12.17"], ["1406.05", "1719.00", "17.19"]),
  clause("ii", monthsAfterAct(12), "twelve months after the effective date", ["870.03", "1241.00", "12.41"], ["1434.17", "1753.00", "17.53"]),
  clause("iii", monthsAfterAct(24), "twenty-four months after the effective date", ["887.43", "1266.00", "12.66"], ["1462.85", "1788.00", "17.88"]),
  clause("iv", monthsAfterAct(36), "thirty-six months after the effective date", ["900.74", "1285.00", "12.85"], ["1484.48", "1815.00", "18.15"]),
  clause("v", monthsAfterAct(48), "forty-eight months after the effective date", ["914.25", "1307.00", "13.07"], ["1507.07", "1842.00", "18.42"]),
  clause("vi", CLAUSE_VI_START_SETTING, "the thirtieth day following the effective date of the act that added this clause", ["932.54", "1333.14", "13.34"], ["1537.22", "1878.84", "18.79"]),
  clause("vii", onDate("2022-01-01"), "January first, two thousand twenty-two", ["951.20", "1359.81", "13.61"], ["1567.97", "1916.42", "19.17"]),
  clause("viii", onDate("2023-01-01"), "January first, two thousand twenty-three", ["979.74", "1400.60", "14.02"], ["1615.01", "1973.91", "19.75"]),
  clause("ix", onDate("2024-01-01"), "January first, two thousand twenty-four", ["1009.13", "1442.62", "14.44"], ["1663.46", "2033.13", "20.34"]),
  clause("x", onDate("2025-01-01"), "January first, two thousand twenty-five", ["1039.40", "1485.90", "14.87"], ["1713.36", "2094.12", "20.95"]),
  clause("xi", onDate("2026-01-01"), "January first, two thousand twenty-six", ["1070.58", "1530.48", "15.32"], ["1764.76", "2156.94", "21.58"]),
  clause("xii", onDate("2027-01-01"), "January first, two thousand twenty-seven", ["1102.70", "1576.39", "15.78"], ["1817.70", "2221.65", "22.23"]),
];

/** The clauses' ids, from the table: "i" … "xii". */
export type ClauseId = (typeof CLAUSE_ROWS)[number]["clause"];

export const BASE_PILOTAGE_CLAUSES: readonly BaseRateClause<ClauseId>[] = CLAUSE_ROWS;

export const SECTION_NAMES: Record<SectionNumber, string> = {
  1: "Section 1, Lower River (Yonkers to all ports through Hyde Park)",
  2: "Section 2, Upper River (Yonkers to all ports beyond Hyde Park through Albany or Troy)",
};

export const SECTION_SHORT_NAMES: Record<SectionNumber, string> = {
  1: "Section 1, Lower River",
  2: "Section 2, Upper River",
};
