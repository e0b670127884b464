/**
 * Issue 34: each case of the bad-input catalogue that states a figure (test/bad-inputs/file-cases.ts,
 * `holds`) run through the built binary, its time and peak resident memory against that figure.
 * The test asserts the memory; the time is measured only here.
 */
import { FILE_CASES } from "../test/bad-inputs/file-cases";
import { runFileCase } from "../test/bad-inputs/run-file-case";
import type { BenchResult } from "./run";

export async function measureBadInputs(prefix: string): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const test of FILE_CASES) {
    if (test.holds === undefined) continue;
    const run = await runFileCase(test);
    if (run.code !== test.exitCode) throw new Error(`bad input ${test.name}: exit ${run.code}, not ${test.exitCode} (${run.stderr.split("\n")[0]})`);
    const { seconds, megabytes } = test.holds;
    const met = run.seconds <= seconds && run.peakMegabytes <= megabytes;
    console.log(`bad input ${test.name}: ${run.seconds.toFixed(2)} s, peak RSS ${run.peakMegabytes.toFixed(0)} MB (holds ≤ ${seconds} s, ≤ ${megabytes} MB)${met ? "" : " NOT MET"}`);
    results.push({
      target: `${prefix} ${test.name}, time`,
      measured: run.seconds,
      baseline: seconds,
      unit: "s",
      ratio: run.seconds / seconds,
      goal: `≤ ${seconds} s and ≤ ${megabytes} MB`,
      met,
      details: { peakRssMb: Math.round(run.peakMegabytes) },
    });
  }
  return results;
}
