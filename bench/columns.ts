/**
 * HUDSON_TOTAL over a whole column (1,048,576 rows, Excel's limit, by default) in one call,
 * through the real function adapter, against the engine alone on the same rows; heap growth of
 * one call of each. Beside them, the floor of Excel's shapes: the same engine calls with each
 * row's cells taken straight from the argument ranges (one-cell rows, as Excel passes a column)
 * and each total put in a one-element row (as Excel takes a column back), and nothing checked:
 * what any adapter pays before it reads a cell with care.
 */
import { DEFAULT_SETTINGS, IsoDate, isoToExcelSerial, readBoardFeeRows, readBoardSurchargeRows, SectionNumber, refusalThrown } from "../src/engine";
import { readDate } from "../src/engine/dates";
// As the adapter takes them: from their own modules, not through the index's CommonJS getters.
import { readPilotageUnits } from "../src/engine/inputs";
import { quoteTransit } from "../src/engine/quote";
import { customFunctionsStandIn } from "../test/support/custom-functions";
import { median } from "./alternate";
import { generateTransits } from "./transits";

export const BOARD_FEE_RANGE = [
  ["From", "Launch", "Communication", "Mid-river launch"],
  ["2015-01-01", 285, 42, 118],
  ["2024-01-01", 310, 45.5, 125.25],
];
export const BOARD_SURCHARGE_RANGE = [
  ["From", "0-50", "51-100", "Per unit over 100"],
  ["2020-11-20", 300, 360, 3.6],
  ["2025-01-01", 320, 385, 3.85],
];

export interface ColumnResult {
  rows: number;
  /** Median of the timed runs (see RUNS). */
  adapterSeconds: number;
  engineSeconds: number;
  /** Every timed run, in order, for the record. */
  adapterRuns: number[];
  engineRuns: number[];
  /** Median and runs of the floor of Excel's shapes (see above), alternating with the other two. */
  shapeFloorSeconds: number;
  shapeFloorRuns: number[];
  /** Heap still in use after one adapter call (its result included) over the heap before it. */
  heapUsedMb: number;
  /** The same for one call of the engine alone. */
  engineHeapUsedMb: number;
}

/** Timed runs of each path, alternating, after an equal warm-up; the median of each is reported. */
const RUNS = Number(process.env.BENCH_COLUMN_RUNS ?? 5);

/** One timed run, from a collected heap (with --expose-gc) so no run pays for an earlier run's garbage. */
function seconds(run: () => void): number {
  global.gc?.();
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

export function measureColumnCall(rows: number): ColumnResult {
  // The adapter needs Excel's CustomFunctions global: the tests' stand-in.
  (globalThis as unknown as { CustomFunctions: unknown }).CustomFunctions = customFunctionsStandIn();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { HUDSON_TOTAL } = require("../src/functions/functions") as typeof import("../src/functions/functions");
  const transits = generateTransits(rows, 7);
  const units = transits.map((t) => [t.unitsHundredths / 100]);
  const sections = transits.map((t) => [t.section]);
  // As Excel passes date cells: serial numbers.
  const dates = transits.map((t) => [isoToExcelSerial(t.date)]);
  const hours = transits.map((t) => [t.hours]);
  const total = (): unknown[][] => (HUDSON_TOTAL as (...args: unknown[]) => unknown[][])(units, sections, dates, hours, undefined, undefined, BOARD_FEE_RANGE, BOARD_SURCHARGE_RANGE);

  // The engine alone on the same rows, its inputs already in engine form (ISO dates, section
  // numbers, the two flags false as the adapter passes them), through its public calls: the board
  // tables read once, each row's units read by the same reader the adapter uses, one quoteTransit
  // per row, the total in dollars.
  const engineOnly = () => {
    const fees = refusalThrown(readBoardFeeRows(BOARD_FEE_RANGE));
    const surcharges = refusalThrown(readBoardSurchargeRows(BOARD_SURCHARGE_RANGE));
    const out: number[] = new Array(rows);
    for (let i = 0; i < rows; i++) {
      const t = transits[i];
      out[i] = refusalThrown(quoteTransit(
        { units: refusalThrown(readPilotageUnits(t.unitsHundredths / 100, DEFAULT_SETTINGS)), section: t.section, date: t.date, continuousHours: t.hours, relievedAtMidRiver: false, anchoredEightHours: false, boardFees: fees, boardSurcharge: surcharges },
        DEFAULT_SETTINGS,
      )).totalCents / 100;
    }
    return out;
  };

  // The floor of Excel's shapes: the engine calls above, each row's cells taken from the ranges as
  // they are (a date's ISO text looked up once per serial, as any reader must), each total in a
  // one-element row; no cell checked for an error value, a blank or a type.
  const shapeFloor = () => {
    const fees = refusalThrown(readBoardFeeRows(BOARD_FEE_RANGE));
    const surcharges = refusalThrown(readBoardSurchargeRows(BOARD_SURCHARGE_RANGE));
    const isoOfSerial = new Map<number, IsoDate>();
    const out: number[][] = new Array(rows);
    for (let i = 0; i < rows; i++) {
      const serial = dates[i][0];
      let date = isoOfSerial.get(serial);
      if (date === undefined) isoOfSerial.set(serial, (date = refusalThrown(readDate(serial))));
      const quote = refusalThrown(quoteTransit(
        { units: refusalThrown(readPilotageUnits(units[i][0], DEFAULT_SETTINGS)), section: sections[i][0] as SectionNumber, date, continuousHours: hours[i][0], relievedAtMidRiver: false, anchoredEightHours: false, boardFees: fees, boardSurcharge: surcharges },
        DEFAULT_SETTINGS,
      ));
      out[i] = [quote.totalCents / 100];
    }
    return out;
  };

  // The same warm-up for each: one full-size call each, so the JIT has seen the same rows.
  total();
  engineOnly();
  shapeFloor();

  // The first run of each also gives its heap growth: its result rows and what is not yet collected.
  const heapGrowthMb = (run: () => void) => {
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const elapsed = seconds(run);
    return { elapsed, mb: Math.max(0, process.memoryUsage().heapUsed - before) / 2 ** 20 };
  };
  let adapterResult: unknown[][] = [];
  let engineResult: number[] = [];
  const firstAdapter = heapGrowthMb(() => (adapterResult = total()));
  const firstEngine = heapGrowthMb(() => (engineResult = engineOnly()));
  let floorResult: number[][] = [];
  const adapterRuns: number[] = [firstAdapter.elapsed];
  const engineRuns: number[] = [firstEngine.elapsed];
  const shapeFloorRuns: number[] = [seconds(() => (floorResult = shapeFloor()))];
  for (let run = 1; run < RUNS; run++) {
    adapterRuns.push(seconds(() => total()));
    engineRuns.push(seconds(() => engineOnly()));
    shapeFloorRuns.push(seconds(() => shapeFloor()));
  }

  for (let i = 0; i < rows; i++) {
    if (adapterResult[i][0] !== engineResult[i]) throw new Error(`row ${i}: adapter ${String(adapterResult[i][0])} ≠ engine ${engineResult[i]}`);
    if (floorResult[i][0] !== engineResult[i]) throw new Error(`row ${i}: shape floor ${floorResult[i][0]} ≠ engine ${engineResult[i]}`);
  }
  return {
    rows,
    adapterSeconds: median(adapterRuns),
    engineSeconds: median(engineRuns),
    adapterRuns,
    engineRuns,
    shapeFloorSeconds: median(shapeFloorRuns),
    shapeFloorRuns,
    heapUsedMb: firstAdapter.mb,
    engineHeapUsedMb: firstEngine.mb,
  };
}
