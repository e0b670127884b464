/**
 * mapRows, the column machinery every function shares: a row equal to the row before it is
 * answered from that row, a column of one varying argument works out each distinct value once
 * (so a column of one bad value builds its message once), rows that fail alike share one error
 * value, and rememberingReader reads each value of an argument once; none may change any row's answer.
 */
import { PilotageInputError, reason } from "../../src/engine";
import { excelError, installCustomFunctionsGlobal } from "../support/custom-functions";

installCustomFunctionsGlobal();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const cells = require("../../src/functions/excel-cells") as typeof import("../../src/functions/excel-cells");
const { mapRows, rememberingReader, isExcelError } = cells;

const column = (...values: unknown[]) => values.map((v) => [v]);

const NOT_A_NUMBER = reason<{ x: unknown }>("NOT_A_NUMBER", ({ x }) => `${String(x)} is not a number.`);

/** A row function that doubles a number and refuses anything else, counting its calls. */
function doubling() {
  const calls: unknown[] = [];
  const perRow = ([x]: unknown[]) => {
    calls.push(x);
    if (typeof x !== "number") throw new PilotageInputError(NOT_A_NUMBER, { x });
    return x * 2;
  };
  return { calls, perRow };
}

test("a column is worked out once per distinct value, and every row keeps its own answer", () => {
  const { calls, perRow } = doubling();
  const result = mapRows([column(1, 1, 2, 1, "a", "a", "b", "a", 3)], perRow);
  expect(result.map(([v]) => excelError(v)?.message ?? v)).toEqual([2, 2, 4, 2, "a is not a number.", "a is not a number.", "b is not a number.", "a is not a number.", 6]);
  // 9 rows, 5 distinct values (1, 2, "a", "b", 3): 5 calls.
  expect(calls).toEqual([1, 2, "a", "b", 3]);
});

test("with two varying arguments only a row equal to the row before it is reused", () => {
  const calls: unknown[][] = [];
  const result = mapRows([column(1, 1, 2, 1), column(5, 5, 5, 5)], (cells) => {
    calls.push([...cells]);
    return (cells[0] as number) * (cells[1] as number);
  });
  // 1 × 5 = 5, 5 again (the row before), 2 × 5 = 10, then 1 × 5 = 5 worked out again.
  expect(result).toEqual([[5], [5], [10], [5]]);
  expect(calls).toEqual([[1, 5], [2, 5], [1, 5]]);
});

test("a remembering reader reads each value once and returns, not throws, the error value of a bad one", () => {
  const reads: unknown[] = [];
  const read = rememberingReader((cell) => {
    reads.push(cell);
    if (typeof cell !== "number") throw new PilotageInputError(NOT_A_NUMBER, { x: cell });
    return cell + 1;
  });
  const answers = [3, "x", 3, -0, 0, -0, "x", 0].map(read);
  expect(answers.map((v) => excelError(v)?.message ?? v)).toEqual([4, "x is not a number.", 4, 1, 1, 1, "x is not a number.", 1]);
  expect(answers[6]).toBe(answers[1]);
  // -0 is never taken for 0 (a Map finds 0's entry for -0), so it is read each time.
  expect(reads).toEqual([3, "x", -0, 0, -0]);
});

test("a row is reused only when every varying argument repeats, not one of them", () => {
  const calls: unknown[][] = [];
  const result = mapRows([column(1, 1, 1), column(10, 10, 20), [[100]]], (cells) => {
    calls.push([...cells]);
    return (cells[0] as number) + (cells[1] as number) + (cells[2] as number);
  });
  // 1 + 10 + 100 = 111 twice, then 1 + 20 + 100 = 121.
  expect(result).toEqual([[111], [111], [121]]);
  expect(calls).toEqual([[1, 10, 100], [1, 20, 100]]);
});

test("-0 after 0 is worked out again, not taken for the same cell", () => {
  const result = mapRows([column(0, -0)], ([x]) => {
    if (Object.is(x, -0)) throw new PilotageInputError(reason("NOT_POSITIVE", () => "-0 is negative here."), {});
    return x;
  });
  expect(result[0][0]).toBe(0);
  expect(excelError(result[1][0])).toEqual({ code: "#NUM!", message: "-0 is negative here." });
});

test("rows that fail alike share one error value; rows that differ get their own", () => {
  const result = mapRows([column("x", 5, "x", "y")], doubling().perRow);
  // Row 3 fails as row 1 did (not the row before it): the same value again.
  expect(result[2][0]).toBe(result[0][0]);
  expect(excelError(result[3][0])).toEqual({ code: "#VALUE!", message: "y is not a number." });
  expect(result[3][0]).not.toBe(result[0][0]);
});

test("an error value in a cell stays that row's answer, and the row after it is worked out", () => {
  const error = new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, "from the sheet");
  const { calls, perRow } = doubling();
  const result = mapRows([column(4, error, error, 4, 5)], perRow);
  expect(result).toEqual([[8], [error], [error], [8], [10]]);
  // Row 4's 4 is row 1's value, answered from it; row 5 is worked out.
  expect(calls).toEqual([4, 5]);
});

test("the stack trace limit is the caller's again afterwards, also when a row throws something unexpected", () => {
  const before = Error.stackTraceLimit;
  const result = mapRows([column(1, 2)], ([x]) => {
    if (x === 2) throw new TypeError("a bug");
    return x;
  });
  expect(excelError(result[1][0])).toEqual({ code: "#VALUE!", message: "Unexpected problem: a bug" });
  expect(Error.stackTraceLimit).toBe(before);
  expect(new Error("here").stack).toMatch(/\n\s+at /);
});

test("error values are shared by code and message together: the same message under another code is another value", () => {
  const na = cells.excelError(CustomFunctions.ErrorCode.notAvailable, "No rate applies.");
  const value = cells.excelError(CustomFunctions.ErrorCode.invalidValue, "No rate applies.");
  expect(excelError(na)).toEqual({ code: "#N/A", message: "No rate applies." });
  expect(excelError(value)).toEqual({ code: "#VALUE!", message: "No rate applies." });
  expect(cells.excelError(CustomFunctions.ErrorCode.notAvailable, "No rate applies.")).toBe(na);
  // Excel's 255 characters at most, the cut marked.
  const long = cells.excelError(CustomFunctions.ErrorCode.invalidValue, "x".repeat(300));
  expect(excelError(long)?.message).toBe(`${"x".repeat(254)}…`);
});

test("the engine's own values (an ISO date, a number) are not Excel error values, nor is an error-shaped object", () => {
  expect(isExcelError("2026-01-01")).toBe(false);
  expect(isExcelError(0)).toBe(false);
  expect(isExcelError(null)).toBe(false);
  expect(isExcelError({ code: "#N/A", message: "looks like one" })).toBe(false);
  expect(isExcelError(new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable))).toBe(true);
});
