/**
 * Start-up of the command line: `hudson-pilotage quote … --json` as a whole fresh process,
 * beside a bare `node -e 0`, alternating (quote, bare, quote, bare …) after one warm-up of each,
 * medians of 10. Needs `npm run build` first.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { alternate, Alternated } from "./alternate";
import { REPO_ROOT } from "./repo-root";


const QUOTE = ["quote", "--units", "271.43", "--section", "upper", "--date", "2026-06-15", "--hours", "12", "--board-surcharge", "300,360,3.60", "--launch-fee", "310", "--communication-fee", "45.50", "--midriver-launch-fee", "125.25", "--json"]; // complete: exit 0 (3 would mean incomplete)

export interface CliStartupResult extends Alternated {
  runs: number;
}

/** Milliseconds from spawn to exit. */
function spawnMs(args: string[]): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: REPO_ROOT, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(" ")} exited with ${result.status}: ${result.stderr}`);
  return ms;
}

export async function measureCliStartup(runs = Number(process.env.BENCH_STARTUP_RUNS ?? 10)): Promise<CliStartupResult> {
  const bin = path.join(REPO_ROOT, "bin", "hudson-pilotage.js");
  const quote = () => spawnMs([bin, ...QUOTE]);
  const bare = () => spawnMs(["-e", "0"]);
  quote();
  bare();
  return { ...(await alternate(runs, quote, bare)), runs };
}
