/**
 * Target 2: HUDSON_TOTAL over 100,000 rows in one call, through the real function adapter, against
 * the engine alone on the same rows.
 */
import { DEFAULT_SETTINGS, isoToExcelSerial, quoteTransit, readBoardFeeRows, readBoardSurchargeRows, readPilotageUnits } from "../src/engine";
import { customFunctionsStandIn } from "../test/support/custom-functions";
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
  adapterSeconds: number;
  engineSeconds: number;
  heapUsedMb: number;
}

export function measureColumnCall(rows: number): ColumnResult {
  // The adapter needs Excel's CustomFunctions global: the tests' stand-in.
  (globalThis as unknown as { CustomFunctions: unknown }).CustomFunctions = customFunctionsStandIn();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pilotage = require("../src/functions/pilotage") as typeof import("../src/functions/pilotage");
  const transits = generateTransits(rows, 7);
  const units = transits.map((t) => [t.unitsHundredths / 100]);
  const sections = transits.map((t) => [t.section]);
  // As Excel passes date cells: serial numbers.
  const dates = transits.map((t) => [isoToExcelSerial(t.date)]);
  const hours = transits.map((t) => [t.hours]);
  const grids = { units, section: sections, date: dates, hours, relieved: null, anchored: null, boardFees: BOARD_FEE_RANGE, boardSurcharge: BOARD_SURCHARGE_RANGE };

  // Warm-up of both paths on a slice.
  pilotage.total({ ...grids, units: units.slice(0, 20000), section: sections.slice(0, 20000), date: dates.slice(0, 20000), hours: hours.slice(0, 20000) });

  const engineOnly = () => {
    const fees = readBoardFeeRows(BOARD_FEE_RANGE);
    const surcharges = readBoardSurchargeRows(BOARD_SURCHARGE_RANGE);
    const out: number[] = new Array(rows);
    for (let i = 0; i < rows; i++) {
      const t = transits[i];
      out[i] = quoteTransit(
        { units: readPilotageUnits(t.unitsHundredths / 100, DEFAULT_SETTINGS), section: t.section, date: t.date, continuousHours: t.hours, boardFees: fees, boardSurcharge: surcharges },
        DEFAULT_SETTINGS,
      ).totalCents / 100;
    }
    return out;
  };
  engineOnly();

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let start = process.hrtime.bigint();
  const adapterResult = pilotage.total(grids);
  const adapterSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  const heapUsedMb = Math.max(0, process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

  start = process.hrtime.bigint();
  const engineResult = engineOnly();
  const engineSeconds = Number(process.hrtime.bigint() - start) / 1e9;

  for (let i = 0; i < rows; i++) {
    if (adapterResult[i][0] !== engineResult[i]) throw new Error(`row ${i}: adapter ${String(adapterResult[i][0])} ≠ engine ${engineResult[i]}`);
  }
  return { rows, adapterSeconds, engineSeconds, heapUsedMb };
}
