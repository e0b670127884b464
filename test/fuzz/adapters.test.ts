/**
 * Property-based fuzzing of every NYPILOT adapter in jest: the properties of bench/fuzz.ts (which
 * `npm run fuzz` runs 1,000,000 times) with a bounded number of runs, and checks that the checker
 * itself notices what it must. FUZZ_RUNS_PER_FUNCTION (default 1000) and FUZZ_SEED override.
 */
import fc from "fast-check";
import { installCustomFunctionsGlobal } from "../support/custom-functions";

installCustomFunctionsGlobal();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fuzz = require("../../bench/fuzz") as typeof import("../../bench/fuzz");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nypilot = require("../../src/functions/functions") as Record<string, unknown>;

const RUNS_PER_FUNCTION = Number(process.env.FUZZ_RUNS_PER_FUNCTION ?? 1000);
/** A fixed sample in `npm test`, so a failure meets again on the next run; FUZZ_SEED=N tries another (`npm run fuzz` explores widely). */
const DEFAULT_SEED = 20261201;
const SEED = process.env.FUZZ_SEED === undefined || process.env.FUZZ_SEED === "" ? DEFAULT_SEED : Number(process.env.FUZZ_SEED);

function holds(test: import("../../bench/fuzz").FuzzCase): void {
  const problem = fuzz.checkCase(test);
  if (problem !== null) throw new Error(problem);
}

describe("every adapter function is fuzzed", () => {
  test("the fuzz table names each NYPILOT function of functions.ts that takes input", () => {
    // HUDSON_QUOTE_CARD answers #N/A without a host that has cards; its quote is HUDSON_QUOTE's (fuzzed).
    const exported = Object.entries(nypilot)
      .filter(([name, value]) => typeof value === "function" && /^[A-Z_]+$/.test(name) && (value as () => unknown).length > 0 && name !== "HUDSON_QUOTE_CARD")
      .map(([name]) => name)
      .sort();
    expect(Object.values(fuzz.FUNCTIONS).map((spec) => spec.id).sort()).toEqual(exported);
    expect(fuzz.FUNCTION_NAMES).toHaveLength(19);
  });
});

describe.each(fuzz.FUNCTION_NAMES)("%s", (fn) => {
  test(`${RUNS_PER_FUNCTION} random calls: no exception, only valid cells, a column agrees with its rows alone`, () => {
    fc.assert(fc.property(fuzz.fuzzCase([fn]), holds), { numRuns: RUNS_PER_FUNCTION, seed: SEED });
  });
});

describe("the checker notices what it must", () => {
  const { cellProblem, resultProblem } = fuzz;
  const none = new Set<unknown>();
  const error = (code: string, message?: string) => new CustomFunctions.Error(code as CustomFunctions.ErrorCode, message);

  test("accepts finite numbers, text, booleans and our errors with a message", () => {
    expect(resultProblem([[1, "a", true, error("#VALUE!", "The section is blank: use 1 or 2.")]], none)).toBeNull();
    expect(resultProblem([[0], [-0], [1e300]], none)).toBeNull();
  });

  test("refuses non-finite numbers, blanks, objects and non-arrays", () => {
    expect(cellProblem(NaN, none)).toMatch(/non-finite/);
    expect(cellProblem(Infinity, none)).toMatch(/non-finite/);
    expect(cellProblem(null, none)).toMatch(/null/);
    expect(cellProblem(undefined, none)).toMatch(/undefined/);
    expect(cellProblem({ lines: [] }, none)).toMatch(/object/);
    expect(resultProblem(5, none)).toMatch(/not a non-empty 2-D array/);
    expect(resultProblem([], none)).toMatch(/not a non-empty 2-D array/);
    expect(resultProblem([[]], none)).toMatch(/row 0/);
    expect(resultProblem([[1, 2], [3]], none)).toMatch(/ragged/);
  });

  test("refuses errors without a message, too long, cut short, on two lines, untyped, or of a code no input carried", () => {
    expect(cellProblem(error("#VALUE!"), none)).toMatch(/no message/);
    expect(cellProblem(error("#VALUE!", "  "), none)).toMatch(/no message/);
    expect(cellProblem(error("#N/A", "x".repeat(256)), none)).toMatch(/256 characters/);
    expect(cellProblem(error("#N/A", "x".repeat(254) + "…"), none)).toMatch(/cut short/);
    expect(cellProblem(error("#VALUE!", "The date \"a\nb\" is not a date."), none)).toMatch(/spans lines/);
    expect(cellProblem(error("#VALUE!", "Unexpected problem: x is undefined"), none)).toMatch(/untyped/);
    expect(cellProblem(error("#DIV/0!", "upstream"), none)).toMatch(/no input carried/);
  });

  test("an input's own error value may come back as it is, whatever its code and message", () => {
    const upstream = error("#REF!");
    expect(cellProblem(upstream, new Set([upstream]))).toBeNull();
    expect(cellProblem(error("#REF!"), new Set([upstream]))).toMatch(/no input carried/);
  });

  describe("with a deliberately broken adapter in place of HUDSON_CLAUSE", () => {
    const spec = fuzz.FUNCTIONS.clause;
    const original = spec.call;
    afterEach(() => {
      spec.call = original;
    });
    const columnOfDates = (...values: unknown[]): import("../../bench/fuzz").ColumnCase => ({
      kind: "column",
      fn: "clause",
      settings: 0,
      rows: values.length,
      columns: 1,
      args: [{ broadcast: false, values }],
    });

    test("a column that answers otherwise than its rows alone", () => {
      spec.call = (args) => ((args[0] as unknown[][]).length > 1 ? [["§ 89-a(4)(b)(1)(i)"], ["§ 89-a(4)(b)(1)(i)"]] : original(args));
      expect(fuzz.checkCase(columnOfDates("2026-06-15", "2027-01-01"))).toMatch(/position 0 of a 2×1 call gave .*alone it gives/);
    });

    test("an answer that changes when the same call is repeated", () => {
      let calls = 0;
      spec.call = (args) => (++calls === 2 ? [["stale"]] : original(args));
      expect(fuzz.checkCase(columnOfDates("2026-06-15"))).toMatch(/different answer the second time/);
    });

    test("an exception", () => {
      spec.call = () => {
        throw new TypeError("Cannot read properties of undefined (reading '0')");
      };
      expect(fuzz.checkCase(columnOfDates("2026-06-15"))).toMatch(/threw TypeError/);
    });

    test("an answer that changes when the cells arrive as cell values (formatted numbers, String values)", () => {
      // As an adapter that reads a cell value object as the object, not its basic value, would answer.
      const isCellValue = (cell: unknown) => typeof cell === "object" && cell !== null && "basicValue" in cell;
      spec.call = (args) => ((args[0] as unknown[][]).some((cells) => cells.some(isCellValue)) ? [["#VALUE!"]] : original(args));
      expect(fuzz.checkCase(columnOfDates("2026-06-15"))).toMatch(/clause with its cells as cell values answered \[\["#VALUE!"\]\], with plain cells/);
    });

    test("a column answered with a result of another size", () => {
      spec.call = () => [["§ 89-a(4)(b)(1)(xi)", "§ 89-a(4)(b)(1)(xi)"]];
      expect(fuzz.checkCase(columnOfDates("2026-06-15", "2026-06-16"))).toMatch(/a 2×1 call gave a 1×2 result/);
    });
  });
});
