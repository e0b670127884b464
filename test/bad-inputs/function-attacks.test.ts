/**
 * The absurd function calls of the catalogue (function-attacks.ts): each answers with the error and
 * message it lists, in every cell; made whole in a fresh process (bench/function-attacks.ts, built
 * in dist-node/), each adds at most its bound to the memory its arguments hold. Their time is the
 * bench's.
 */
import { inFreshProcess } from "../../bench/function-attacks";
import { functionColumnCases } from "../../bench/function-columns";
import { excelError, installCustomFunctionsGlobal } from "../support/custom-functions";
import { FUNCTION_ATTACKS } from "./function-attacks";

installCustomFunctionsGlobal();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const declared = require("../../src/functions/functions") as Record<string, (...args: unknown[]) => unknown>;

test("each attack has a unique kebab-case name and names a declared function", () => {
  const names = FUNCTION_ATTACKS.map((c) => c.name);
  expect(new Set(names).size).toBe(names.length);
  for (const attack of FUNCTION_ATTACKS) {
    expect(attack.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(typeof declared[attack.function]).toBe("function");
  }
});

/** A column case is checked here on its first rows (every kind of bad cell, many times over); the bench runs it whole. */
const COLUMN_ROWS_CHECKED = 4_096;

test.each(FUNCTION_ATTACKS.map((c) => [c.name, c] as const))("%s", (_name, attack) => {
  const answer = declared[attack.function](...attack.args(COLUMN_ROWS_CHECKED)) as unknown[][];
  const cells = answer.flat();
  expect(excelError(cells[0])).toEqual({ code: attack.code, message: attack.message });
  // Every cell an error; for a mixed column each bad cell's own code (text #VALUE!, numbers out of range #NUM!).
  const codes = new Set(cells.map((cell) => excelError(cell)?.code ?? "not an error"));
  if (attack.mixed) expect([...codes].sort()).toEqual(["#NUM!", "#VALUE!"]);
  else expect([...codes]).toEqual([attack.code]);
});

describe("the memory each whole call adds above its arguments, in a fresh process", () => {
  jest.setTimeout(120_000);
  test.each(FUNCTION_ATTACKS.map((c) => [c.name, c] as const))("%s", (_name, attack) => {
    const figures = inFreshProcess(attack.name, "attack");
    expect(figures.first).toEqual({ code: attack.code, message: attack.message });
    expect(Math.round(figures.callMb)).toBeLessThanOrEqual(attack.callMb);
  });
});

/** The goal of a function call (issue 34): what answering adds, in MB. */
const FUNCTION_CALL_MB = 300;

/**
 * Every function over a whole valid column (bench/function-columns.ts; a one-cell function's one
 * call), in a fresh process: what the call adds above its arguments and its answer, which are the
 * host's (Excel is handed the answer and holds it in its cells whatever a function does).
 */
describe("each function's valid column adds at most 300 MB above its arguments and its answer, in a fresh process", () => {
  jest.setTimeout(300_000);
  // VERSION takes no input: nothing to hand it, nothing it could hold.
  const ids = functionColumnCases(1).cases.filter(({ id }) => id !== "VERSION").map(({ id }) => id);
  test.each(ids)("%s", (id) => {
    const figures = inFreshProcess(id, "column-valid");
    expect(figures.first).toBeNull();
    expect(Math.round(figures.workMb)).toBeLessThanOrEqual(FUNCTION_CALL_MB);
  });
});
