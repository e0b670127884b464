/**
 * The bad-input catalogue's absurd function calls (issue 34): arguments no sheet holds but a
 * JavaScript caller can pass, each with the answer it must give and the figures it must hold (time
 * of the call; memory the call adds above its arguments, which the sheet holds whatever we do).
 * function-attacks.test.ts checks each answer and, each call in a fresh process, its memory;
 * bench/function-attacks.ts makes the same calls and measures the time too, since speed is measured
 * in the bench, never in a unit test. README.md lists them (see readme.ts).
 */
import type { ExcelErrorCode } from "./catalogue";

export interface FunctionAttack {
  name: string;
  /** The NYPILOT function id, as in =NYPILOT.<id>(…). */
  function: string;
  /** What the arguments are, for the README. */
  input: string;
  /** The arguments, as a JavaScript caller hands them over (made when the case runs); a column of `rows` rows (a whole column unless given). */
  args: (rows?: number) => unknown[];
  /** Every cell of the answer is this error; `message` is the first cell's (every cell's, unless `mixed`). */
  code: ExcelErrorCode;
  message: string;
  /** The cells' messages differ (a column of different bad inputs): only every cell's code is checked, and the first's message. */
  mixed?: boolean;
  /** The most seconds the call may take; for a column, beside the valid column's time (`withinValidColumn`). */
  seconds: number;
  /** A column of bad cells: at most this many times the same function's valid column of the same size. */
  withinValidColumn?: number;
  /** The valid column to compare with (its arguments), for `withinValidColumn`. */
  validArgs?: (rows?: number) => unknown[];
  /** The most resident memory, in MB, the call may add to the process's once its arguments are made (bench/function-attacks.ts). */
  callMb: number;
  /** What bench/function-attacks.ts measured, for the README. */
  measured: AttackMeasure;
  /** The same for the valid column, for a column case. */
  measuredValid?: AttackMeasure;
}

/** Figures of one call as bench/function-attacks.ts measured them (Node 20, Linux, 2 shared cores): seconds, and MB resident with the arguments read, the process's peak during the call, and what the call added. */
export interface AttackMeasure {
  seconds: number;
  inputMb: number;
  peakMb: number;
  callMb: number;
}

/** Excel's last row: a whole column. */
export const WHOLE_COLUMN = 1_048_576;
/** 100 MB of text: one character a byte. */
const HUNDRED_MB = 100 * 1024 * 1024;

const one = (value: unknown) => [[value]];
const column = (count: number, cell: (i: number) => unknown) => Array.from({ length: count }, (_, i) => [cell(i)]);

/** Every kind of bad cell a column can hold, in turn: text, blanks, NaN, infinities, flags, objects, negative and too large numbers, long text. */
const BAD_CELLS: ((i: number) => unknown)[] = [
  (i) => `n/a ${i}`,
  () => null,
  () => NaN,
  () => Infinity,
  () => -Infinity,
  () => true,
  () => ({}),
  (i) => -1 - i,
  (i) => 60_000 + i,
  (i) => `${"9".repeat(400)}${i}`,
  () => "",
  () => [1, 2],
];
const mixedBadColumn = (rows: number) => column(rows, (i) => BAD_CELLS[i % BAD_CELLS.length](i));
/** A valid column of units, all different: 100.00 to 499.99. */
const validUnitsColumn = (rows: number) => column(rows, (i) => 100 + (i % 40_000) / 100);

const BOARD_FEE_ROW = ["2024-01-01", 310, 45.5, 125.25];

export const FUNCTION_ATTACKS: FunctionAttack[] = [
  {
    name: "base-fee-units-undefined",
    function: "HUDSON_BASE_FEE",
    input: "units undefined (a JavaScript caller's missing argument)",
    args: () => [undefined, one(1), one("2026-06-15")],
    code: "#VALUE!",
    message: "The pilotage units are blank: enter the units, or the word UNMEASURED if the master or agent did not provide the measurements (§ 89-a(4)(d)).",
    seconds: 0.5,
    callMb: 300,
    measured: { seconds: 0.001, inputMb: 51, peakMb: 51, callMb: 0 },
  },
  {
    name: "base-fee-units-100-mb-text",
    function: "HUDSON_BASE_FEE",
    input: "units a text of 100 MB (104,857,600 digits)",
    // A flat string of 100 MB (repeat() may build a rope that is never laid out in memory).
    args: () => [one(Buffer.alloc(HUNDRED_MB, "9").toString("latin1")), one(1), one("2026-06-15")],
    code: "#VALUE!",
    message: "units is text of 104,857,600 characters, more than a cell holds (32,767): check the argument.",
    seconds: 0.5,
    callMb: 300,
    measured: { seconds: 0.051, inputMb: 251, peakMb: 258, callMb: 7 },
  },
  {
    name: "total-board-fees-whole-column",
    function: "HUDSON_TOTAL",
    input: "board_fees a table of 1,048,576 rows of data",
    args: () => [one(200), one(2), one("2026-06-15"), one(12), null, null, Array.from({ length: WHOLE_COLUMN }, () => BOARD_FEE_ROW.slice())],
    code: "#VALUE!",
    message: "board_fees has more than 1,000 rows of data, the most a board table may hold: give the range of the board's rows only.",
    seconds: 0.5,
    callMb: 300,
    measured: { seconds: 0.153, inputMb: 291, peakMb: 296, callMb: 5 },
  },
  {
    name: "surcharge-board-table-not-a-range",
    function: "HUDSON_SURCHARGE",
    input: "board_surcharge a single text, not a range",
    args: () => [one(200), one("2026-06-15"), "2020-11-20"],
    code: "#VALUE!",
    message: "board_surcharge must be a range of rows (from date | amounts …), not a single value.",
    seconds: 0.5,
    callMb: 300,
    measured: { seconds: 0.001, inputMb: 51, peakMb: 51, callMb: 0 },
  },
  {
    name: "second-pilot-hours-nan",
    function: "HUDSON_SECOND_PILOT",
    input: "hours NaN",
    args: () => [one(4316), one(NaN)],
    code: "#NUM!",
    message: "The continuous pilotage hours is not a finite number.",
    seconds: 0.5,
    callMb: 300,
    measured: { seconds: 0.001, inputMb: 51, peakMb: 51, callMb: 0 },
  },
  {
    name: "base-fee-units-infinity",
    function: "HUDSON_BASE_FEE",
    input: "units Infinity",
    args: () => [one(Infinity), one(1), one("2026-06-15")],
    code: "#NUM!",
    message: "The pilotage units is not a finite number.",
    seconds: 0.5,
    callMb: 300,
    measured: { seconds: 0.002, inputMb: 51, peakMb: 51, callMb: 0 },
  },
  {
    name: "base-fee-whole-column-of-bad-cells",
    function: "HUDSON_BASE_FEE",
    input:
      "units a column of 1,048,576 bad cells, in turn: text, null, NaN, ±Infinity, TRUE, an object, negative numbers, numbers over 50,000, 400-digit text, empty text, a list",
    args: (rows = WHOLE_COLUMN) => [mixedBadColumn(rows), one(1), one("2026-06-15")],
    code: "#VALUE!",
    message: 'The pilotage units "n/a 0" are not a number: enter the units or UNMEASURED.',
    mixed: true,
    seconds: 5,
    withinValidColumn: 1.5,
    validArgs: (rows = WHOLE_COLUMN) => [validUnitsColumn(rows), one(1), one("2026-06-15")],
    callMb: 300,
    measured: { seconds: 2.84, inputMb: 268, peakMb: 406, callMb: 139 },
    measuredValid: { seconds: 1.94, inputMb: 187, peakMb: 269, callMb: 82 },
  },
];
