/**
 * Converting between Excel's cell values and the engine: blanks, error values, ranges that
 * broadcast, and typed engine errors → CustomFunctions.Error. Computes no fee.
 */
import { isPilotageInputError, PilotageInputError, type Reason } from "../engine";
import { ARGUMENT_REASONS } from "./messages";
import { isBlank } from "../engine/blank";

/** A value as Excel passes it to a custom function's `any` parameter. */
export type Cell = unknown;
export type Grid = Cell[][];

/** A cell value object as Excel passes one to an `any` argument: it has a type and a basic value. */
function isCellValueObject(cell: object): cell is { type: string; basicValue?: unknown } {
  return !Array.isArray(cell) && typeof (cell as { type?: unknown }).type === "string" && "basicValue" in cell;
}

/**
 * A cell as the adapters read it. functions.json sets allowCustomDataForDataTypeAny
 * (webpack.config.js), so a cell of an `any` argument may arrive as a cell value object (a
 * formatted number, such as our own money results fed back in, or an entity): its basic value is
 * read (an entity's, which it may lack, as blank). Every cell is read where it is used (mapRows,
 * answerOfOneRow, scalar, the board table readers), not by a walk of each argument before the call:
 * a column of one-cell calls paid for that walk and for the table readers' own walk of the same tables.
 */
export function plainCell(cell: Cell): Cell {
  return typeof cell === "object" && cell !== null && isCellValueObject(cell) ? (cell.basicValue ?? null) : cell;
}

/** Excel's limit on a custom-function error message. */
const MAXIMUM_MESSAGE_LENGTH = 255;

function excelErrorCode(kind: PilotageInputError["kind"]): CustomFunctions.ErrorCode {
  switch (kind) {
    case "value":
      return CustomFunctions.ErrorCode.invalidValue;
    case "num":
      return CustomFunctions.ErrorCode.invalidNumber;
    case "na":
      return CustomFunctions.ErrorCode.notAvailable;
  }
}

function shortened(message: string): string {
  return message.length <= MAXIMUM_MESSAGE_LENGTH ? message : message.slice(0, MAXIMUM_MESSAGE_LENGTH - 1) + "…";
}

/**
 * The error values made so far, by code, then by message: equal errors are one value, in a column
 * and from call to call (a column of a thousand bad dates makes a thousand values, not a million).
 * Error values are never changed once made, so sharing one is safe. Emptied when it grows large.
 * (By code, then message: no key text is put together for each error row.)
 */
const errorValues = new Map<CustomFunctions.ErrorCode, Map<string, CustomFunctions.Error>>();
let errorValuesKept = 0;
const MAXIMUM_ERROR_VALUES_KEPT = 10_000;

/** The Excel error value with this code and message (at most Excel's 255 characters), one value per pair. */
export function excelError(code: CustomFunctions.ErrorCode, message: string): CustomFunctions.Error {
  let ofCode = errorValues.get(code);
  if (ofCode === undefined) {
    ofCode = new Map();
    errorValues.set(code, ofCode);
  }
  let value = ofCode.get(message);
  if (value === undefined) {
    if (errorValuesKept >= MAXIMUM_ERROR_VALUES_KEPT) {
      for (const values of errorValues.values()) values.clear();
      errorValuesKept = 0;
    }
    value = new CustomFunctions.Error(code, shortened(message));
    ofCode.set(message, value);
    errorValuesKept++;
  }
  return value;
}

/** The Excel error a user sees for a thrown error: typed engine errors keep their kind and message. */
export function toExcelError(error: unknown): CustomFunctions.Error {
  if (isPilotageInputError(error)) return excelError(excelErrorCode(error.kind), error.message);
  if (isExcelError(error)) return error;
  // An engine bug must still not crash the recalculation or look like a number.
  const message = error instanceof Error ? error.message : String(error);
  return excelError(CustomFunctions.ErrorCode.invalidValue, `Unexpected problem: ${message}`);
}

/** An Excel error value; numbers, text and the engine's own values (an ISO date) are ruled out without a look at the global. */
export function isExcelError(value: unknown): value is CustomFunctions.Error {
  return value !== null && typeof value === "object" && typeof CustomFunctions !== "undefined" && value instanceof CustomFunctions.Error;
}

/** A cell holding an Excel error value (isExcelError: numbers and text are ruled out first). */
export const isErrorCell: (cell: Cell) => cell is CustomFunctions.Error = isExcelError;

/** Excel passes an empty cell as null on the web and as 0 on desktop (toolchain.md): 0 is each argument's own call. */
export { isBlank };

/** A required argument: blank (null, "", or a missing optional) is an error naming the argument. */
export function required(cell: Cell, argument: string, blank: Reason<{ argument: string }>): Cell {
  if (isBlank(cell)) throw new PilotageInputError(blank, { argument }, argument);
  return cell;
}

/**
 * The first cell of a range's first row. V8 reads `grid[0][0]` at one place for every argument, from
 * rows of whole numbers (a section, a date serial) and rows of fractions (units) alike, by first
 * converting each whole-number row to a row of doubles: an allocation and a call into its runtime per
 * argument per call, about 1,100 instructions of a HUDSON_QUOTE_CARD call under callgrind. `at`
 * (ES2022, where the host has it) reads each kind of row as it is.
 */
const firstCell: (grid: Grid) => Cell =
  typeof (Array.prototype as { at?: unknown }).at === "function" ? (grid) => (grid[0] as unknown as { at(index: number): Cell }).at(0) : (grid) => grid[0][0];

/** The cell of a single-cell argument (a 1×1 range), as the adapters read it. */
function singleCell(grid: Grid): Cell {
  return plainCell(firstCell(grid));
}

/** A scalar argument typed `any` may still arrive as a 1×1 range; unwrap it. */
export function scalar(value: Cell): Cell {
  if (Array.isArray(value)) {
    if (value.length === 1 && Array.isArray(value[0]) && value[0].length === 1) return singleCell(value as Grid);
    throw new PilotageInputError(ARGUMENT_REASONS.range, {});
  }
  return plainCell(value);
}

/** A missing optional argument arrives as null, a typed one as a 1×1 grid. */
export function optionalGrid(value: Grid | null | undefined): Grid | null {
  return value === null || value === undefined ? null : value;
}

/**
 * The shape every argument broadcasts to: the size of the ranges, which must all be the same, or
 * 1×1 when every argument is a single cell. An empty range or a mismatch is one #VALUE! for the call.
 */
export function broadcastShape(grids: readonly (Grid | null)[]): { rows: number; columns: number } | CustomFunctions.Error {
  let rows = 1;
  let columns = 1;
  for (const grid of grids) {
    if (grid === null) continue;
    const width = grid[0]?.length ?? 0;
    // Excel always passes at least one cell; a caller that passes none gets an error, not a crash.
    if (grid.length === 0 || width === 0) {
      return toExcelError(new PilotageInputError(ARGUMENT_REASONS.emptyRange, {}));
    }
    if (grid.length > 1 || width > 1) {
      if (rows === 1 && columns === 1) {
        rows = grid.length;
        columns = width;
      } else if (grid.length !== rows || width !== columns) {
        return toExcelError(new PilotageInputError(ARGUMENT_REASONS.sizes, { rows, columns, otherRows: grid.length, otherColumns: width }));
      }
    }
  }
  return { rows, columns };
}

/** A 1×1 or missing argument: the same cell for every row. */
export function isSingle(grid: Grid | null): boolean {
  return grid === null || (grid.length === 1 && grid[0].length === 1);
}

/**
 * Runs `run` with no stack traces captured for the errors made in it. A bad row's error is a cell's
 * value, and its message is all anyone sees of it; capturing (and keeping) a stack for each row of
 * a million-row column of errors cost more than working out the rows. The limit is restored after.
 */
export function withoutStackTraces<T>(run: () => T): T;
/** The same, `run` given its two arguments (no closure made: a column of quotes is a call per cell). */
export function withoutStackTraces<A, B, T>(run: (a: A, b: B) => T, a: A, b: B): T;
export function withoutStackTraces<A, B, T>(run: (a?: A, b?: B) => T, a?: A, b?: B): T {
  const errors = Error as { stackTraceLimit?: number };
  const limit = errors.stackTraceLimit;
  errors.stackTraceLimit = 0;
  try {
    return run(a, b);
  } finally {
    errors.stackTraceLimit = limit;
  }
}

/** The most distinct values of one column whose answers a call keeps (a column of all-different amounts stops there). */
const MAXIMUM_ANSWERS_KEPT = 65_536;

/**
 * A cell as a key for remembering what it gave, or undefined where it cannot be one: an object
 * (a range, an error value) is not compared by value, and a Map key is SameValueZero, so -0
 * would find 0's answer, where -0 is refused and 0 is not.
 */
export function cellKey(cell: Cell): Cell {
  if (cell !== null && typeof cell === "object") return undefined;
  return Object.is(cell, -0) ? undefined : cell;
}

/**
 * `read` for the cells of one argument in one call, remembering what each value read as, or the
 * error value it gave: returned, not thrown, so that a column that repeats one bad value throws
 * (and builds the message) once. `read` must depend on the cell only (and on what is fixed for
 * the call, such as the settings); the caller returns an error value as its row's answer.
 */
export function rememberingReader<T>(read: (cell: Cell) => T): (cell: Cell) => T | CustomFunctions.Error {
  const results = new Map<Cell, T | CustomFunctions.Error>();
  return (cell) => {
    const key = cellKey(cell);
    if (key !== undefined) {
      const known = results.get(key);
      if (known !== undefined) return known;
    }
    let result: T | CustomFunctions.Error;
    try {
      result = read(cell);
    } catch (error) {
      result = toExcelError(error);
    }
    if (key !== undefined && results.size < MAXIMUM_ANSWERS_KEPT) results.set(key, result);
    return result;
  };
}

/**
 * A reader whose refusals come back as values (not thrown: a throw costs more than a row's work),
 * given as the Excel error a thrown one would have made. The last refusal's error is kept: a
 * column of bad rows mostly repeats one refusal.
 */
export function refusingAsErrors<T>(read: (cell: Cell) => T | PilotageInputError): (cell: Cell) => T | CustomFunctions.Error {
  let lastRefusal: PilotageInputError | undefined;
  let lastError: CustomFunctions.Error | undefined;
  return (cell) => {
    const value = read(cell);
    if (!isPilotageInputError(value)) return value;
    if (value !== lastRefusal) {
      lastRefusal = value;
      lastError = toExcelError(value);
    }
    return lastError as CustomFunctions.Error;
  };
}

/**
 * mapRows's one row when every argument is a single cell (or missing): an argument holding an
 * error value is the answer (the last such, in argument order), a thrown error is the answer as
 * an error value, and no stack traces are captured. Also the answer of a function that takes one
 * transit (HUDSON_QUOTE), with no [[answer]] made and unwrapped around it.
 */
export function answerOfOneRow<T>(grids: readonly (Grid | null)[], perRow: (cells: Cell[]) => T): T | CustomFunctions.Error {
  const count = grids.length;
  // A copy of the arguments' list, overwritten by index with their cells. Measured under callgrind
  // on HUDSON_QUOTE_CARD (a call per cell): grids.map cost about 2,000 instructions more a call, a
  // `push` was a builtin call per cell, stores into `new Array(count)` went through V8's runtime once
  // a call, and a one-element literal grew (a builtin call) at its second cell.
  const cells: Cell[] = grids.slice();
  for (let i = 0; i < count; i++) {
    const grid = grids[i];
    cells[i] = grid === null ? null : singleCell(grid);
  }
  for (let i = count - 1; i >= 0; i--) {
    const cell = cells[i];
    if (isErrorCell(cell)) return cell;
  }
  return withoutStackTraces(answerOrErrorValue, perRow, cells);
}

/** `perRow`'s answer for the cells, or what it threw as an error value. */
function answerOrErrorValue<T>(perRow: (cells: Cell[]) => T, cells: Cell[]): T | CustomFunctions.Error {
  try {
    return perRow(cells);
  } catch (error) {
    return toExcelError(error);
  }
}

/**
 * Applies `perRow` to each position of equal-shaped ranges; 1×1 arguments broadcast. One bad row
 * gives an error in that cell only. A shape mismatch is one #VALUE! for the whole call.
 */
export function mapRows<T>(grids: readonly (Grid | null)[], perRow: (cells: Cell[]) => T): (T | CustomFunctions.Error)[][] {
  // Every argument a single cell (a formula filled down a column is one call per cell): its one
  // row, by the same rules, without the column machinery.
  if (grids.every(isSingle)) return [[answerOfOneRow(grids, perRow)]];
  const shape = broadcastShape(grids);
  if (isExcelError(shape)) return [[shape]];
  const { rows, columns } = shape;
  // Excel's error class, looked up once for the call rather than for each cell and answer.
  const ErrorValue = typeof CustomFunctions === "undefined" ? null : CustomFunctions.Error;
  const isError = (value: unknown): value is CustomFunctions.Error => ErrorValue !== null && value !== null && typeof value === "object" && value instanceof ErrorValue;
  const out: (T | CustomFunctions.Error)[][] = new Array(rows);
  const cells: Cell[] = new Array(grids.length);
  // A 1×1 or missing argument is the same for every row: read it, and check it for an error value,
  // once. (A missing optional argument reads as null.) Only the ranges are read row by row.
  const varying: number[] = [];
  let fixedError: CustomFunctions.Error | null = null;
  let fixedErrorAt = -1;
  for (let g = 0; g < grids.length; g++) {
    const grid = grids[g];
    if (isSingle(grid)) {
      const cell = grid === null ? null : singleCell(grid);
      cells[g] = cell;
      if (isError(cell)) {
        fixedError = cell;
        fixedErrorAt = g;
      }
    } else {
      varying.push(g);
    }
  }
  const sources: Grid[] = varying.map((g) => grids[g] as Grid);
  const count = varying.length;
  // A row whose varying cells are the previous row's gets the previous row's answer (each perRow
  // is a function of its cells): a column of one bad value builds its message once, not per row.
  const previousCells: Cell[] = new Array(count);
  // (Two variables, not an object per row: a column of a million rows allocates nothing for it.)
  let hasPrevious = false;
  let previousAnswer: T | CustomFunctions.Error | undefined;
  // With one varying argument (a column of dates, years, amounts), every value met before: a
  // column repeats its values, and a bad one is worked out (and its message built) once.
  const answers = count === 1 ? new Map<Cell, T | CustomFunctions.Error>() : null;
  const result = (r: number, c: number): T | CustomFunctions.Error => {
    // An error value in an argument is the result, as Excel's own functions do; when several
    // arguments hold one, the last in argument order.
    let inputError = fixedError;
    let inputErrorAt = fixedErrorAt;
    let same = hasPrevious;
    for (let i = 0; i < count; i++) {
      // A short row of a ragged range reads as blank cells.
      const cell = plainCell(sources[i][r]?.[c]);
      if (isError(cell) && varying[i] > inputErrorAt) {
        inputError = cell;
        inputErrorAt = varying[i];
      }
      // Object.is: -0 is not 0 (a negative amount is refused; 0 is not).
      if (!Object.is(cell, previousCells[i])) {
        same = false;
        previousCells[i] = cell;
      }
      cells[varying[i]] = cell;
    }
    if (inputError !== null) {
      hasPrevious = false;
      return inputError;
    }
    if (same) return previousAnswer as T | CustomFunctions.Error;
    const key = answers === null ? undefined : cellKey(cells[varying[0]]);
    if (key !== undefined) {
      const known = answers?.get(key);
      if (known !== undefined) {
        hasPrevious = true;
        previousAnswer = known;
        return known;
      }
    }
    let answer: T | CustomFunctions.Error;
    try {
      answer = perRow(cells);
    } catch (error) {
      answer = toExcelError(error);
    }
    // Objects (a quote for HUDSON_QUOTE) are never shared between cells; numbers, text, booleans and error values are.
    const shareable = answer === null || typeof answer !== "object" || isError(answer);
    hasPrevious = shareable;
    previousAnswer = answer;
    if (shareable && key !== undefined && answers !== null && answers.size < MAXIMUM_ANSWERS_KEPT) answers.set(key, answer);
    return answer;
  };
  withoutStackTraces(() => {
    for (let r = 0; r < rows; r++) {
      if (columns === 1) {
        // The usual column formula: a one-element literal holding the value, nothing to fill in later.
        out[r] = [result(r, 0)];
        continue;
      }
      const outRow: (T | CustomFunctions.Error)[] = new Array(columns);
      for (let c = 0; c < columns; c++) outRow[c] = result(r, c);
      out[r] = outRow;
    }
  });
  return out;
}
