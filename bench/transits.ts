/** Deterministic generated transits for benchmarks: same inputs every run. */
import { addDays, BoardFeeRow, BoardSurchargeRow, DEFAULT_SETTINGS, readPilotageUnits, TransitInput, refusalThrown } from "../src/engine";

/** A small linear congruential generator, so runs are repeatable without a dependency. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// Frozen, as the board-table readers return them.
export const BENCH_BOARD_FEES: BoardFeeRow[] = [
  { from: "2015-01-01", launch: 28500, communication: 4200, midriver_launch: 11800 },
  { from: "2024-01-01", launch: 31000, communication: 4550, midriver_launch: 12525 },
].map((row) => Object.freeze(row));

export const BENCH_BOARD_SURCHARGE: BoardSurchargeRow[] = [
  { from: "2020-11-20", upTo50Units: "300.00", over50UpTo100Units: "360.00", perUnitOver100Units: "3.60" },
  { from: "2025-01-01", upTo50Units: "320.00", over50UpTo100Units: "385.00", perUnitOver100Units: "3.85" },
].map((row) => Object.freeze(row));

export interface PlainTransit {
  /** Units in hundredths, as an accountant would type them (two decimals). */
  unitsHundredths: number;
  section: 1 | 2;
  date: string;
  hours: number;
}

export function generateTransits(count: number, seed = 89): PlainTransit[] {
  const random = seededRandom(seed);
  const transits: PlainTransit[] = new Array(count);
  for (let i = 0; i < count; i++) {
    transits[i] = {
      unitsHundredths: 1 + Math.floor(random() * 80_000),
      section: random() < 0.5 ? 1 : 2,
      date: addDays("2015-11-20", Math.floor(random() * 4_400)),
      hours: Math.floor(random() * 28) / 2,
    };
  }
  return transits;
}

export function engineInput(t: PlainTransit): TransitInput {
  return {
    // As a cell passes it: a number, read by the same reader the adapters use.
    units: refusalThrown(readPilotageUnits(t.unitsHundredths / 100, DEFAULT_SETTINGS)),
    section: t.section,
    date: t.date,
    continuousHours: t.hours,
    boardFees: BENCH_BOARD_FEES,
    boardSurcharge: BENCH_BOARD_SURCHARGE,
  };
}
