/**
 * Start-up of the command line: `hudson-pilotage quote` from a fresh process, beside a bare
 * `node -e ""` on the same machine, medians of a few spawns. Needs `npm run build:cli` first.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, __dirname.includes("dist-node") ? "../.." : "..");
const QUOTE = ["quote", "--units", "271.43", "--section", "upper", "--date", "2026-06-15", "--hours", "12", "--board-surcharge", "300,360,3.60"];

export interface CliStartupResult {
  quoteMs: number;
  bareNodeMs: number;
  runs: number;
}

function medianMs(args: string[], runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.status !== 0) throw new Error(`${args.join(" ")} exited with ${result.status}: ${result.stderr}`);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

export function measureCliStartup(runs = 5): CliStartupResult {
  const bin = path.join(ROOT, "bin", "hudson-pilotage.js");
  return { quoteMs: medianMs([bin, ...QUOTE], runs), bareNodeMs: medianMs(["-e", ""], runs), runs };
}
