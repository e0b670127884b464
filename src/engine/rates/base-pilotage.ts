/**
 * § 89-a(4)(b)(1), clauses (i)–(xii): base pilotage, one row per clause, in the manner of dated
 * parameters. Amounts are the statute's text, digit for digit. The per-unit rate applies from 100
 * units up to the 500-unit maximum that each clause states for each section (D3).
 */
import type { IsoDate } from "../dates";

export type ClauseId = "i" | "ii" | "iii" | "iv" | "v" | "vi" | "vii" | "viii" | "ix" | "x" | "xi" | "xii";
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

export interface BaseRateClause {
  clause: ClauseId;
  citation: string;
  startsOn: ClauseStart;
  /** The statute's words for the start, shown beside an assumed date. */
  startWords: string;
  sections: Record<SectionNumber, SectionRates>;
}

const MAXIMUM_UNITS = 500;

function rates(upTo50Units: string, over50UpTo100Units: string, perUnitFrom100Units: string): SectionRates {
  return Object.freeze({ upTo50Units, over50UpTo100Units, perUnitFrom100Units, maximumUnits: MAXIMUM_UNITS });
}

export const BASE_PILOTAGE_CLAUSES: readonly BaseRateClause[] = [
  {
    clause: "i",
    citation: "§ 89-a(4)(b)(1)(i)",
    startsOn: { kind: "monthsAfterActEffectiveDate", months: 0 },
    startWords: "effective date of the 2015 act (S.3951-B / A.857-B)",
    sections: { 1: rates("852.97", "1217.00", "12.17"), 2: rates("1406.05", "1719.00", "17.19") },
  },
  {
    clause: "ii",
    citation: "§ 89-a(4)(b)(1)(ii)",
    startsOn: { kind: "monthsAfterActEffectiveDate", months: 12 },
    startWords: "twelve months after the effective date",
    sections: { 1: rates("870.03", "1241.00", "12.41"), 2: rates("1434.17", "1753.00", "17.53") },
  },
  {
    clause: "iii",
    citation: "§ 89-a(4)(b)(1)(iii)",
    startsOn: { kind: "monthsAfterActEffectiveDate", months: 24 },
    startWords: "twenty-four months after the effective date",
    sections: { 1: rates("887.43", "1266.00", "12.66"), 2: rates("1462.85", "1788.00", "17.88") },
  },
  {
    clause: "iv",
    citation: "§ 89-a(4)(b)(1)(iv)",
    startsOn: { kind: "monthsAfterActEffectiveDate", months: 36 },
    startWords: "thirty-six months after the effective date",
    sections: { 1: rates("900.74", "1285.00", "12.85"), 2: rates("1484.48", "1815.00", "18.15") },
  },
  {
    clause: "v",
    citation: "§ 89-a(4)(b)(1)(v)",
    startsOn: { kind: "monthsAfterActEffectiveDate", months: 48 },
    startWords: "forty-eight months after the effective date",
    sections: { 1: rates("914.25", "1307.00", "13.07"), 2: rates("1507.07", "1842.00", "18.42") },
  },
  {
    clause: "vi",
    citation: "§ 89-a(4)(b)(1)(vi)",
    startsOn: { kind: "clauseVIStartSetting" },
    startWords: "the thirtieth day following the effective date of the act that added this clause",
    sections: { 1: rates("932.54", "1333.14", "13.34"), 2: rates("1537.22", "1878.84", "18.79") },
  },
  {
    clause: "vii",
    citation: "§ 89-a(4)(b)(1)(vii)",
    startsOn: { kind: "onDate", date: "2022-01-01" },
    startWords: "January first, two thousand twenty-two",
    sections: { 1: rates("951.20", "1359.81", "13.61"), 2: rates("1567.97", "1916.42", "19.17") },
  },
  {
    clause: "viii",
    citation: "§ 89-a(4)(b)(1)(viii)",
    startsOn: { kind: "onDate", date: "2023-01-01" },
    startWords: "January first, two thousand twenty-three",
    sections: { 1: rates("979.74", "1400.60", "14.02"), 2: rates("1615.01", "1973.91", "19.75") },
  },
  {
    clause: "ix",
    citation: "§ 89-a(4)(b)(1)(ix)",
    startsOn: { kind: "onDate", date: "2024-01-01" },
    startWords: "January first, two thousand twenty-four",
    sections: { 1: rates("1009.13", "1442.62", "14.44"), 2: rates("1663.46", "2033.13", "20.34") },
  },
  {
    clause: "x",
    citation: "§ 89-a(4)(b)(1)(x)",
    startsOn: { kind: "onDate", date: "2025-01-01" },
    startWords: "January first, two thousand twenty-five",
    sections: { 1: rates("1039.40", "1485.90", "14.87"), 2: rates("1713.36", "2094.12", "20.95") },
  },
  {
    clause: "xi",
    citation: "§ 89-a(4)(b)(1)(xi)",
    startsOn: { kind: "onDate", date: "2026-01-01" },
    startWords: "January first, two thousand twenty-six",
    sections: { 1: rates("1070.58", "1530.48", "15.32"), 2: rates("1764.76", "2156.94", "21.58") },
  },
  {
    clause: "xii",
    citation: "§ 89-a(4)(b)(1)(xii)",
    startsOn: { kind: "onDate", date: "2027-01-01" },
    startWords: "January first, two thousand twenty-seven",
    sections: { 1: rates("1102.70", "1576.39", "15.78"), 2: rates("1817.70", "2221.65", "22.23") },
  },
];

export const SECTION_NAMES: Record<SectionNumber, string> = {
  1: "Section 1, Lower River (Yonkers to all ports through Hyde Park)",
  2: "Section 2, Upper River (Yonkers to all ports beyond Hyde Park through Albany or Troy)",
};

export const SECTION_SHORT_NAMES: Record<SectionNumber, string> = {
  1: "Section 1, Lower River",
  2: "Section 2, Upper River",
};
