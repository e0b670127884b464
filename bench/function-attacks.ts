/**
 * Issue 34: the catalogue's absurd function calls (test/bad-inputs/function-attacks.ts), each made
 * in a fresh Node process (`attack`), which reports the call's seconds and the process's peak
 * resident memory, arguments included, and checks the answer's first cell. A column of bad cells is
 * compared with the same function's valid column of the same size, timed in a fresh process of its
 * own (`valid`), so that neither pays for the other's memory.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { customFunctionsStandIn } from "../test/support/custom-functions";
import { FUNCTION_ATTACKS, type FunctionAttack } from "../test/bad-inputs/function-attacks";

export interface AttackFigures {
  seconds: number;
  peakMb: number;
  /** The first cell's code and message, as answered. */
  first: { code: string; message: string } | null;
}

export interface AttackResult {
  attack: FunctionAttack;
  figures: AttackFigures;
  /** The valid column's seconds, for a column attack. */
  validSeconds: number | null;
}

/** In the child: makes the arguments, then times the one call. */
function measureInThisProcess(name: string, mode: "attack" | "valid"): AttackFigures {
  const attack = FUNCTION_ATTACKS.find((c) => c.name === name);
  if (!attack) throw new Error(`no function attack ${name}`);
  const standIn = customFunctionsStandIn();
  (globalThis as unknown as { CustomFunctions: unknown }).CustomFunctions = standIn;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const declared = require("../src/functions/functions") as Record<string, (...args: unknown[]) => unknown>;
  const args = mode === "valid" && attack.validArgs ? attack.validArgs() : attack.args();
  global.gc?.();
  const start = process.hrtime.bigint();
  const answer = declared[attack.function](...args) as unknown[][];
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cell = Array.isArray(answer) ? answer[0][0] : answer;
  const first = cell instanceof standIn.Error ? { code: cell.code, message: cell.message } : null;
  return { seconds, peakMb: process.resourceUsage().maxRSS / 1024, first };
}

function inFreshProcess(name: string, mode: "attack" | "valid"): AttackFigures {
  const child = spawnSync(process.execPath, ["--expose-gc", __filename, mode, name], { encoding: "utf8", maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`${path.basename(__filename)} ${mode} ${name} exited ${child.status ?? child.signal}: ${child.stderr.trim()}`);
  return JSON.parse(child.stdout) as AttackFigures;
}

export function measureFunctionAttacks(): AttackResult[] {
  return FUNCTION_ATTACKS.map((attack) => {
    const figures = inFreshProcess(attack.name, "attack");
    if (figures.first?.code !== attack.code || figures.first.message !== attack.message) {
      throw new Error(`${attack.name}: answered ${JSON.stringify(figures.first)}, not ${attack.code} "${attack.message}"`);
    }
    const validSeconds = attack.validArgs ? inFreshProcess(attack.name, "valid").seconds : null;
    console.error(`${attack.name}: ${figures.seconds.toFixed(3)} s, peak ${figures.peakMb.toFixed(0)} MB${validSeconds === null ? "" : `; valid column ${validSeconds.toFixed(3)} s`}`);
    return { attack, figures, validSeconds };
  });
}

if (require.main === module) {
  const [mode, name] = process.argv.slice(2);
  if ((mode !== "attack" && mode !== "valid") || name === undefined) {
    console.error("usage: function-attacks.js attack|valid NAME");
    process.exit(2);
  }
  console.log(JSON.stringify(measureInThisProcess(name, mode)));
}
