/**
 * Issue 18: `hudson-pilotage reconcile` over a 200,000-row CSV (CSV out) against the I/O floor,
 * bench/io-floor.ts: the same file read with csv-parse and written back with as many columns as
 * the reconcile writes, no pilotage computed. Both run as whole processes of the same Node,
 * alternately (floor, reconcile, floor, reconcile …) after one warm-up of each (which also puts
 * the input in the page cache), medians of 3.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { alternate, Alternated } from "./alternate";
import { BOARD_RATES, binary, runChild, writeInvoices } from "./reconcile";

export interface ReconcileFloorResult extends Alternated {
  rows: number;
  /** Fields per output record, the floor's width too. */
  columns: number;
}

const FLOOR_SCRIPT = path.join(__dirname, "io-floor.js");

export async function measureReconcileVersusFloor(
  rows = Number(process.env.BENCH_FLOOR_ROWS ?? 200_000),
  runs = Number(process.env.BENCH_FLOOR_RUNS ?? 3),
): Promise<ReconcileFloorResult> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), "hudson-floor-bench-"));
  try {
    await writeInvoices(path.join(folder, "invoices.csv"), rows);
    await fs.promises.writeFile(path.join(folder, "rates.csv"), BOARD_RATES);
    const reconcile = async () => {
      await fs.promises.rm(path.join(folder, "checked.csv"), { force: true });
      const run = await runChild([binary(), "reconcile", "invoices.csv", "-o", "checked.csv", "--board-rates", "rates.csv", "--json"], folder);
      if (run.code !== 1) throw new Error(`reconcile exited ${run.code}: ${run.stderr.split("\n")[0]}`);
      return run.seconds;
    };
    await reconcile();
    // The output's width, from the header the reconcile wrote (a BOM, then plain header text).
    const head = (await fs.promises.readFile(path.join(folder, "checked.csv"), "utf8")).slice(0, 4096).split("\r\n")[0];
    const columns = head.split(",").length;
    const floor = async () => {
      const run = await runChild([FLOOR_SCRIPT, "invoices.csv", "floor.csv", String(columns)], folder);
      if (run.code !== 0) throw new Error(`the I/O floor exited ${run.code}: ${run.stderr.split("\n")[0]}`);
      return run.seconds;
    };
    await floor();
    const measured = await alternate(runs, reconcile, floor);
    return { ...measured, rows, columns };
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}
