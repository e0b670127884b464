/**
 * Target: `hudson-pilotage reconcile` over a 1,000,000-row CSV, CSV out, in bounded memory.
 *
 * The CSV is generated in a temporary folder (invoices priced by the engine, one in a thousand
 * $10.00 over, ten malformed lines among them) with a board rates file. The reconcile then runs
 * as the real command line, a child process of the built binary, so that its time and memory are
 * its own and not this process's (which holds the generator's garbage).
 *
 * Peak memory: the child is started with `--require` of bench/peak-memory-probe.cjs, which writes its
 * peak resident memory (VmHWM, the kernel's high-water mark: the true peak, not a sample) to a file
 * when it ends. No flag or diagnostic is added to the product for this.
 * Time: wall clock from spawn to exit, Node's start-up included.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_SETTINGS, quoteTransit, readTransit, refusalThrown } from "../src/engine";
import { readBoardRates } from "../src/request/board-rates-file";
import { childPeakMemory } from "./peak-memory";
import { repoPath } from "./repo-root";

export interface ReconcileBenchResult {
  /** Lines of data in the generated CSV (malformed ones included). */
  rows: number;
  seconds: number;
  peakRssMb: number;
}

export const BOARD_RATES = ["table,from,a,b,c", "fees,2015-01-01,285.00,42.00,118.00", "surcharge,2020-11-20,300.00,360.00,3.60"].join("\n") + "\n";
const MALFORMED_EVERY = 100_000;
const OVER_EVERY = 1_000;

/** The built command line, wherever this file runs from (bench/ or dist-node/bench/). */
export function binary(): string {
  return repoPath("bin", "hudson-pilotage.js");
}

/** A small deterministic generator, so every run reconciles the same file. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const DATES = ["2016-03-15", "2019-12-01", "2020-06-30", "2022-05-05", "2024-02-29", "2025-11-11", "2026-06-15", "2027-01-01"];

/** Writes the invoices; returns how many rows should be flagged ($10.00 over). */
export async function writeInvoices(file: string, rows: number): Promise<number> {
  const rates = readBoardRates(BOARD_RATES.trim().split("\n").map((line, index) => ({ rowNumber: index + 1, cells: line.split(",") })));
  const next = random(89);
  const stream = fs.createWriteStream(file);
  let chunk: string[] = ["Vessel,Pilotage units,River,Transit date,Hours,Invoice total"];
  let flagged = 0;
  for (let i = 0; i < rows; i++) {
    if (i % MALFORMED_EVERY === MALFORMED_EVERY - 1) {
      chunk.push(`Malformed ${i},120,Lower`);
    } else {
      const units = (Math.floor(next() * 90_000) + 1_000) / 100; // 10.00 … 909.99
      const section = next() < 0.5 ? 1 : 2;
      const date = DATES[Math.floor(next() * DATES.length)];
      const hours = next() < 0.3 ? 12 : 6;
      const quote = refusalThrown(quoteTransit(
        refusalThrown(readTransit({ units, section, date, hours, boardFees: rates.fees, boardSurcharge: rates.surcharge }, DEFAULT_SETTINGS)),
        DEFAULT_SETTINGS,
      ));
      let billed = quote.totalCents;
      if (i % OVER_EVERY === OVER_EVERY - 1) {
        billed += 1_000;
        flagged += 1;
      }
      const vessel = i % 50_000 === 7 ? `"=HYPERLINK(""http://x"",""${i}"")"` : `Vessel ${i}`;
      chunk.push(`${vessel},${units},${section === 1 ? "Lower" : "Upper"},${date},${hours},${Math.floor(billed / 100)}.${String(billed % 100).padStart(2, "0")}`);
    }
    if (chunk.length >= 10_000) {
      if (!stream.write(chunk.join("\n") + "\n")) await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
      chunk = [];
    }
  }
  stream.end(chunk.length > 0 ? chunk.join("\n") + "\n" : "");
  await new Promise<void>((resolve, reject) => {
    stream.once("finish", resolve);
    stream.once("error", reject);
  });
  return flagged;
}

export interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
}

/** Runs `node …args` in `cwd` with the peak-memory probe; `peakMb` is its peak resident memory. */
export function runChild(args: string[], cwd: string): Promise<ChildRun & { peakMb: number }> {
  const peak = childPeakMemory(path.join(cwd, "peak-memory-kb"));
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [...peak.nodeArgs, ...args], { cwd, env: peak.env });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr, seconds: Number(process.hrtime.bigint() - start) / 1e9, peakMb: peak.peakMb() }));
  });
}

export async function measureMillionRowReconcile(rows = Number(process.env.BENCH_RECONCILE_ROWS ?? 1_000_000)): Promise<ReconcileBenchResult> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), "hudson-reconcile-bench-"));
  try {
    const flagged = await writeInvoices(path.join(folder, "invoices.csv"), rows);
    await fs.promises.writeFile(path.join(folder, "rates.csv"), BOARD_RATES);
    const run = await runChild([binary(), "reconcile", "invoices.csv", "-o", "checked.csv", "--board-rates", "rates.csv", "--json"], folder);
    if (run.code !== 1) throw new Error(`reconcile exited ${run.code}: ${run.stderr.split("\n")[0]}`);
    const summary = JSON.parse(run.stdout).summary as { rows: number; rowsRead: number; malformedRows: number; rowsFlagged: number; variance: string };
    const malformed = Math.floor(rows / MALFORMED_EVERY);
    if (summary.rows !== rows || summary.malformedRows !== malformed || summary.rowsFlagged !== flagged || summary.variance !== `${flagged * 10}.00`) {
      throw new Error(`unexpected summary: ${JSON.stringify(summary)} (expected ${flagged} flagged, ${malformed} malformed)`);
    }
    return { rows, seconds: run.seconds, peakRssMb: run.peakMb };
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

if (require.main === module) {
  measureMillionRowReconcile().then(
    (result) => {
      console.log(
        `reconcile ${result.rows.toLocaleString("en-US")} CSV rows → CSV: ${result.seconds.toFixed(1)} s ` +
          `(${Math.round(result.rows / result.seconds).toLocaleString("en-US")} rows/s), peak RSS ${result.peakRssMb.toFixed(0)} MB`,
      );
    },
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
