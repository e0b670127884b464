/**
 * Issue 34: the catalogue's absurd function calls (test/bad-inputs/function-attacks.ts), each made
 * in a fresh Node process (`attack`), which reports the call's seconds, its memory and the answer's
 * first cell. A column of bad cells is compared with the same function's valid column of the same
 * size, in a fresh process of its own (`valid`), so that neither pays for the other's memory.
 *
 * Memory: the arguments are made in one child and written to a file with v8.serialize; the call is
 * made in a second, fresh child, which reads them with v8.deserialize, as Excel's runtime builds a
 * call's arguments from what the host sends, so that it holds the arguments and no garbage of
 * making them. `inputMb` is what that child holds then, after a full collection (Node, the add-in's
 * code and the arguments; bench/peak-memory-probe.cjs); the peak is started again from there (Linux:
 * clear_refs); `peakMb` is the process's peak during the call, arguments included, and `callMb` =
 * peakMb − inputMb what the call itself added: the figure a function answers for, since the
 * arguments are the sheet's, held whatever a function does. `answerMb` is the heap the answer keeps
 * after the call (after a full collection) and `workMb` = callMb − answerMb what answering cost
 * beyond it: the answer is the host's (Excel is handed it and holds it in its cells whatever a
 * function does; a million texts of N characters are N to 2N MB however they are made).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import { customFunctionsStandIn } from "../test/support/custom-functions";
import { FUNCTION_ATTACKS, type FunctionAttack } from "../test/bad-inputs/function-attacks";
import { FULL_COLUMN_ROWS, type FunctionColumnCase, functionColumnCases } from "./function-columns";
import { peakMemoryMb, residentMemoryMb, resetPeakMemory } from "./peak-memory";

export interface AttackFigures {
  seconds: number;
  /** Resident before the call: Node, the code and the arguments made. */
  inputMb: number;
  /** The process's peak during the call, arguments included (from its start where the peak cannot be started again: `peakFromCall` false). */
  peakMb: number;
  /** What the call added to what was resident before it: peakMb − inputMb. */
  callMb: number;
  /** What the answer holds once the call is over (the heap it keeps, after a full collection): what the host is handed. */
  answerMb: number;
  /** What the call added beyond its input and its answer: callMb − answerMb, the working memory of answering. */
  workMb: number;
  peakFromCall: boolean;
  /** The first cell's code and message, as answered. */
  first: { code: string; message: string } | null;
}

export interface AttackResult {
  attack: FunctionAttack;
  figures: AttackFigures;
  /** The same function's valid column of the same size, for a column attack. */
  valid: AttackFigures | null;
}

/**
 * In the measuring child: the arguments read from `file`, then `call` timed and its memory measured
 * as the file comment says. Resident memory is read once it has settled after the collection (the
 * file's buffer is given back to the system a little after it is freed).
 */
function measureCall(file: string, call: (args: unknown[]) => unknown, isError: (cell: unknown) => cell is { code: string; message: string }): AttackFigures {
  const args = v8.deserialize(fs.readFileSync(file)) as unknown[];
  if (global.gc === undefined) throw new Error("run with node --expose-gc: what reading the arguments left must be collected before the call");
  global.gc();
  let inputMb = residentMemoryMb();
  for (let settled = false, tries = 0; !settled && tries < 40; tries++) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    const now = residentMemoryMb();
    settled = Math.abs(now - inputMb) < 1;
    inputMb = now;
  }
  const heapBefore = process.memoryUsage().heapUsed;
  const peakFromCall = resetPeakMemory();
  const start = process.hrtime.bigint();
  const answer = call(args);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const peakMb = peakMemoryMb();
  global.gc();
  const answerMb = Math.max(0, process.memoryUsage().heapUsed - heapBefore) / (1024 * 1024);
  let cell: unknown = answer;
  while (Array.isArray(cell)) cell = cell[0];
  const first = isError(cell) ? { code: cell.code, message: cell.message } : null;
  const callMb = peakMb - inputMb;
  return { seconds, inputMb, peakMb, callMb, answerMb, workMb: callMb - answerMb, peakFromCall, first };
}

type Declared = Record<string, (...args: unknown[]) => unknown>;

/** The NYPILOT functions as declared to Excel (src/functions/functions.ts, built), with a stand-in for Excel's CustomFunctions; `cellValues` a Microsoft 365 host, whose money and dates come back as cell values. */
function declaredFunctions(cellValues: boolean) {
  const standIn = customFunctionsStandIn();
  (globalThis as unknown as { CustomFunctions: unknown }).CustomFunctions = standIn;
  if (cellValues) (globalThis as { Office?: unknown }).Office = { context: { requirements: { isSetSupported: () => true } } };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const declared = require("../src/functions/functions") as Declared;
  const isError = (cell: unknown): cell is { code: string; message: string } => cell instanceof standIn.Error;
  return { declared, isError };
}

/** The arguments of an attack of the catalogue, or of its valid column. */
function attackArgs(name: string, mode: "attack" | "valid"): unknown[] {
  const attack = findAttack(name);
  return mode === "valid" && attack.validArgs ? attack.validArgs() : attack.args();
}

function findAttack(name: string): FunctionAttack {
  const attack = FUNCTION_ATTACKS.find((c) => c.name === name);
  if (!attack) throw new Error(`no function attack ${name}`);
  return attack;
}

/**
 * A function's valid or error column of bench/function-columns.ts. A range function is one call over
 * 1,048,576 rows. A one-cell function (HUDSON_QUOTE, HUDSON_QUOTE_CARD, HUDSON_RATES) is one call a
 * cell, Excel's call for one formula: its figure is one call's, on the column's first row (a loop
 * of a million calls would measure the bench's own columns and the collector's slack over them).
 */
function columnArgs(id: string, which: "valid" | "error"): unknown[] {
  const shape = functionColumnCases(1).cases.find((c) => c.id === id)?.shape;
  if (shape === undefined) throw new Error(`no function column ${id}`);
  const found = functionColumnCases(shape === "range" ? FULL_COLUMN_ROWS : 1).cases.find((c) => c.id === id) as FunctionColumnCase;
  if (shape === "range") return found[which]();
  // A one-cell function's arguments come as one list of columns (or values passed whole): here each a 1×1 range or the value.
  return ((found[which]()[0] as unknown[] | undefined) ?? []).map((a) => (Array.isArray(a) && a.length === 1 ? [a[0]] : a));
}

type Mode = "attack" | "valid" | "column-valid" | "column-error";

/** The arguments of `name` in `mode`, written for the measuring child (this file's `make` step). */
function writeArgs(mode: Mode, name: string, file: string): void {
  const args = mode === "attack" || mode === "valid" ? attackArgs(name, mode) : columnArgs(name, mode === "column-valid" ? "valid" : "error");
  fs.writeFileSync(file, v8.serialize(args));
}

/** The measuring child's call: an attack's function as the catalogue calls it (no cell values), a column's on a Microsoft 365 host. */
function measureFromFile(mode: Mode, name: string, file: string): AttackFigures {
  const attack = mode === "attack" || mode === "valid";
  const { declared, isError } = declaredFunctions(!attack);
  const fn = declared[attack ? findAttack(name).function : name];
  return measureCall(file, (args) => fn(...args), isError);
}

/** This file as Node runs it: itself in the build, its build (npm run build:cli) from the sources (a test). */
const SCRIPT = __filename.endsWith(".js") ? __filename : path.resolve(__dirname, "../dist-node/bench/function-attacks.js");

/** The call made in a fresh process of its own, its arguments made in another before it. */
export function inFreshProcess(name: string, mode: Mode): AttackFigures {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "hudson-function-memory-"));
  try {
    const file = path.join(folder, "arguments.bin");
    const step = (args: string[]) => {
      const child = spawnSync(process.execPath, ["--expose-gc", SCRIPT, ...args], { encoding: "utf8", maxBuffer: 1 << 20 });
      if (child.status !== 0) throw new Error(`${path.basename(SCRIPT)} ${args.join(" ")} exited ${child.status ?? child.signal}: ${child.stderr.trim()}`);
      return child.stdout;
    };
    step(["make", mode, name, file]);
    return JSON.parse(step(["call", mode, name, file])) as AttackFigures;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export const memoryLine = (f: AttackFigures): string =>
  `${f.seconds.toFixed(3)} s, input ${f.inputMb.toFixed(0)} MB, peak ${f.peakMb.toFixed(0)} MB (the call ${f.callMb.toFixed(0)} MB above its input, ` +
  `its answer ${f.answerMb.toFixed(0)} MB, ${f.workMb.toFixed(0)} MB above both${f.peakFromCall ? "" : "; peak from the process's start"})`;

export function measureFunctionAttacks(): AttackResult[] {
  return FUNCTION_ATTACKS.map((attack) => {
    const figures = inFreshProcess(attack.name, "attack");
    if (figures.first?.code !== attack.code || figures.first.message !== attack.message) {
      throw new Error(`${attack.name}: answered ${JSON.stringify(figures.first)}, not ${attack.code} "${attack.message}"`);
    }
    const valid = attack.validArgs ? inFreshProcess(attack.name, "valid") : null;
    console.error(`${attack.name}: ${memoryLine(figures)}${valid === null ? "" : `; valid column ${memoryLine(valid)}`}`);
    return { attack, figures, valid };
  });
}

/** Every function's valid and error columns (bench/function-columns.ts), each in a fresh process: figures for the record. */
export function measureFunctionColumnMemory(): { id: string; valid: AttackFigures; error: AttackFigures }[] {
  // VERSION takes no input: nothing to hand it, nothing it could hold.
  return functionColumnCases(FULL_COLUMN_ROWS).cases.filter(({ id }) => id !== "VERSION").map(({ id }) => {
    const valid = inFreshProcess(id, "column-valid");
    const error = inFreshProcess(id, "column-error");
    console.error(`${id}: valid column ${memoryLine(valid)}; error column ${memoryLine(error)}`);
    return { id, valid, error };
  });
}

const MODES: readonly string[] = ["attack", "valid", "column-valid", "column-error"];

if (require.main === module) {
  const [step, mode, name, file] = process.argv.slice(2);
  if ((step !== "make" && step !== "call") || !MODES.includes(mode) || name === undefined || file === undefined) {
    console.error("usage: function-attacks.js make|call attack|valid ATTACK_NAME FILE, or make|call column-valid|column-error FUNCTION_ID FILE");
    process.exit(2);
  }
  if (step === "make") writeArgs(mode as Mode, name, file);
  else console.log(JSON.stringify(measureFromFile(mode as Mode, name, file)));
}
