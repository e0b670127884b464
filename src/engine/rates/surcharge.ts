/**
 * § 89-a(4)(b)(1-c)(ii): the five statutory surcharge tables, each for a twelve-month period
 * counted from the effective date of subparagraph (1-c) (D8). After the sixtieth month the Hudson
 * River pilots surcharge board sets the surcharge each quarter ((1-b), (1-c)(i), (iii)); those
 * amounts are the user's data, never ours.
 */
export interface SurchargeBands {
  /** "0 to 50" pilotage units */
  upTo50Units: string;
  /** "51 to 100" pilotage units, read as more than 50 up to 100 (D7) */
  over50UpTo100Units: string;
  /** "over 100": per pilotage unit, on every unit, with no maximum (D7) */
  perUnitOver100Units: string;
}

export interface StatutorySurchargePeriod extends SurchargeBands {
  /** First month of the period after the effective date (1 = the first month). */
  fromMonth: number;
  /** Last month of the period (inclusive). */
  throughMonth: number;
  citation: string;
  periodWords: string;
}

const CITATION = "§ 89-a(4)(b)(1-c)(ii)";

export const STATUTORY_SURCHARGE_PERIODS: readonly StatutorySurchargePeriod[] = Object.freeze([
  { fromMonth: 1, throughMonth: 12, upTo50Units: "113.00", over50UpTo100Units: "138.00", perUnitOver100Units: "1.38", citation: CITATION, periodWords: "first twelve months" },
  { fromMonth: 13, throughMonth: 24, upTo50Units: "170.00", over50UpTo100Units: "207.00", perUnitOver100Units: "2.07", citation: CITATION, periodWords: "thirteenth to twenty-fourth month" },
  { fromMonth: 25, throughMonth: 36, upTo50Units: "213.00", over50UpTo100Units: "260.00", perUnitOver100Units: "2.60", citation: CITATION, periodWords: "twenty-fifth to thirty-sixth month" },
  { fromMonth: 37, throughMonth: 48, upTo50Units: "250.00", over50UpTo100Units: "305.00", perUnitOver100Units: "3.05", citation: CITATION, periodWords: "thirty-seventh to forty-eighth month" },
  { fromMonth: 49, throughMonth: 60, upTo50Units: "280.00", over50UpTo100Units: "341.00", perUnitOver100Units: "3.41", citation: CITATION, periodWords: "forty-ninth to sixtieth month" },
].map((period) => Object.freeze(period)));

export const BOARD_SURCHARGE_CITATION = "§ 89-a(4)(b)(1-b), (1-c)(i), (iii) (set quarterly by the surcharge board)";
