/**
 * `npm run bench`: measured figures, each beside its baseline, as ratios from one run (these
 * machines are noisy). Writes bench/results.json. Not a test.
 */
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_SETTINGS, quoteTransit } from "../src/engine";
import { measureColumnCall } from "./columns";
import { naiveFloatTotal } from "./naive-float";
import { engineInput, generateTransits } from "./transits";

export interface BenchResult {
  target: string;
  measured: number;
  baseline: number;
  unit: string;
  /** measured ÷ baseline, for time-like figures (lower is better). */
  ratio: number;
  goal?: string;
  met?: boolean;
}

function time(run: () => void): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function engineVersusFloat(count: number): BenchResult {
  const transits = generateTransits(count);
  let sink = 0;
  // Warm both paths so the JIT has compiled them before timing.
  for (let i = 0; i < 20_000; i++) {
    sink += quoteTransit(engineInput(transits[i % count]), DEFAULT_SETTINGS).totalCents;
    sink += naiveFloatTotal(transits[i % count]);
  }
  const engineSeconds = time(() => {
    for (let i = 0; i < count; i++) sink += quoteTransit(engineInput(transits[i]), DEFAULT_SETTINGS).totalCents;
  });
  const floatSeconds = time(() => {
    for (let i = 0; i < count; i++) sink += naiveFloatTotal(transits[i]);
  });
  if (Number.isNaN(sink)) throw new Error("benchmark produced NaN");
  const ratio = engineSeconds / floatSeconds;
  console.log(`engine quotes: ${Math.round(count / engineSeconds).toLocaleString("en-US")} /s; naive float: ${Math.round(count / floatSeconds).toLocaleString("en-US")} /s; ratio ${ratio.toFixed(2)}×`);
  return {
    target: `engine: one-transit quote, ${count.toLocaleString("en-US")} generated transits`,
    measured: engineSeconds,
    baseline: floatSeconds,
    unit: "s",
    ratio,
    goal: "≤ 5× naive floating point",
    met: ratio <= 5,
  };
}

function columnCall(rows: number): BenchResult {
  const r = measureColumnCall(rows);
  const ratio = r.adapterSeconds / r.engineSeconds;
  console.log(`HUDSON_TOTAL over ${rows.toLocaleString("en-US")} rows: adapter ${r.adapterSeconds.toFixed(3)} s, engine alone ${r.engineSeconds.toFixed(3)} s, ratio ${ratio.toFixed(2)}×; heap growth ${r.heapUsedMb.toFixed(1)} MB`);
  return {
    target: `columns: HUDSON_TOTAL over ${rows.toLocaleString("en-US")} rows in one call vs the engine alone`,
    measured: r.adapterSeconds,
    baseline: r.engineSeconds,
    unit: "s",
    ratio,
    goal: "≤ 1.5× the engine alone",
    met: ratio <= 1.5,
  };
}

export async function runBenchmarks(): Promise<BenchResult[]> {
  const count = Number(process.env.BENCH_TRANSITS ?? 1_000_000);
  const results: BenchResult[] = [engineVersusFloat(count), columnCall(100_000)];
  return results;
}

async function main() {
  const results = await runBenchmarks();
  console.log("");
  console.table(results.map((r) => ({ target: r.target, measured: `${r.measured.toFixed(3)} ${r.unit}`, baseline: `${r.baseline.toFixed(3)} ${r.unit}`, ratio: r.ratio.toFixed(2), goal: r.goal ?? "", met: r.met ?? "" })));
  const file = path.resolve(__dirname, "../../bench/results.json");
  fs.writeFileSync(file, JSON.stringify({ when: new Date().toISOString(), node: process.version, results }, null, 2) + "\n");
  console.log(`written ${path.relative(process.cwd(), file)}`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
