/**
 * One transit as HUDSON_TOTAL and HUDSON_QUOTE take it, shared by the functions' tests: 271.43
 * units, Section 2, 2026-06-15 (clause (xi)), 12 hours, with the board's fees from 2024-01-01 and
 * the surcharge board's table from 2020-11-20. Its hand-worked amounts are in the tests that use it.
 */
export type Grid = unknown[][];

export const one = (value: unknown): Grid => [[value]];

export const BOARD_FEE_TABLE: Grid = [["From", "Launch", "Communication", "Mid-river launch"], ["2024-01-01", 310, 45.5, 125.25]];
export const BOARD_SURCHARGE_TABLE: Grid = [["2020-11-20", 300, 360, 3.6]];

export interface TransitGrids {
  units: Grid;
  section: Grid;
  date: Grid;
  hours: Grid;
  relieved: Grid | null;
  anchored: Grid | null;
  boardFees: Grid | null;
  boardSurcharge: Grid | null;
}

export const TRANSIT: TransitGrids = {
  units: one(271.43),
  section: one("Upper"),
  date: one("2026-06-15"),
  hours: one(12),
  relieved: null,
  anchored: null,
  boardFees: BOARD_FEE_TABLE,
  boardSurcharge: BOARD_SURCHARGE_TABLE,
};
