/**
 * Converting between Excel's cell values and the engine: blanks, error values, ranges that
 * broadcast, and typed engine errors → CustomFunctions.Error. Computes no fee.
 */
import { isPilotageInputError, PilotageInputError } from "../engine";

/** A value as Excel passes it to a custom function's `any` parameter. */
export type Cell = unknown;
export type Grid = Cell[][];

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

/** The Excel error a user sees for a thrown error: typed engine errors keep their kind and message. */
export function toExcelError(error: unknown): CustomFunctions.Error {
  if (isExcelError(error)) return error;
  if (isPilotageInputError(error)) return new CustomFunctions.Error(excelErrorCode(error.kind), shortened(error.message));
  // An engine bug must still not crash the recalculation or look like a number.
  const message = error instanceof Error ? error.message : String(error);
  return new CustomFunctions.Error(CustomFunctions.ErrorCode.invalidValue, shortened(`Unexpected problem: ${message}`));
}

export function isExcelError(value: unknown): value is CustomFunctions.Error {
  return typeof CustomFunctions !== "undefined" && value instanceof CustomFunctions.Error;
}

/** Excel passes an empty cell as null on the web and as 0 on desktop (toolchain.md). */
export function isBlank(cell: Cell): boolean {
  return cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
}

/** A required argument: blank (null, "", or a missing optional) is an error naming the argument. */
export function required(cell: Cell, argument: string, hint: string): Cell {
  if (isBlank(cell)) throw new PilotageInputError("BLANK", `${argument} is blank: ${hint}`, argument);
  return cell;
}

/** A scalar argument typed `any` may still arrive as a 1×1 range; unwrap it. */
export function scalar(value: Cell): Cell {
  if (Array.isArray(value)) {
    if (value.length === 1 && Array.isArray(value[0]) && value[0].length === 1) return value[0][0];
    throw new PilotageInputError("NOT_A_NUMBER", "This argument takes a single cell, not a range.");
  }
  return value;
}

/** A missing optional argument arrives as null, a typed one as a 1×1 grid. */
export function optionalGrid(value: Grid | null | undefined): Grid | null {
  return value === null || value === undefined ? null : value;
}

/**
 * Applies `perRow` to each position of equal-shaped ranges; 1×1 arguments broadcast. One bad row
 * gives an error in that cell only. A shape mismatch is one #VALUE! for the whole call.
 */
export function mapRows<T>(grids: readonly (Grid | null)[], perRow: (cells: Cell[]) => T): (T | CustomFunctions.Error)[][] {
  let rows = 1;
  let columns = 1;
  for (const grid of grids) {
    if (grid === null) continue;
    const width = grid[0]?.length ?? 0;
    // Excel always passes at least one cell; a caller that passes none gets an error, not a crash.
    if (grid.length === 0 || width === 0) {
      return [[toExcelError(new PilotageInputError("NOT_A_NUMBER", "An argument is an empty range: give a cell or a range of cells."))]];
    }
    if (grid.length > 1 || width > 1) {
      if (rows === 1 && columns === 1) {
        rows = grid.length;
        columns = width;
      } else if (grid.length !== rows || width !== columns) {
        return [[toExcelError(new PilotageInputError(
          "NOT_A_NUMBER",
          `The ranges have different sizes (${rows}×${columns} and ${grid.length}×${width}): give ranges of the same size, or single values.`,
        ))]];
      }
    }
  }
  const out: (T | CustomFunctions.Error)[][] = new Array(rows);
  const cells: Cell[] = new Array(grids.length);
  // A 1×1 or missing argument is the same for every row: read it once. (A flag, not an undefined
  // value, marks it: a 1×1 range may itself hold undefined.)
  const single: boolean[] = grids.map((grid) => grid === null || (grid.length === 1 && grid[0].length === 1));
  const fixed: Cell[] = grids.map((grid) => (grid === null ? null : grid[0][0]));
  for (let r = 0; r < rows; r++) {
    const outRow: (T | CustomFunctions.Error)[] = new Array(columns);
    for (let c = 0; c < columns; c++) {
      let inputError: CustomFunctions.Error | null = null;
      for (let g = 0; g < grids.length; g++) {
        // A short row of a ragged range reads as blank cells.
        const cell = single[g] ? fixed[g] : (grids[g] as Grid)[r]?.[c];
        if (cell !== null && typeof cell === "object" && isExcelError(cell)) inputError = cell;
        cells[g] = cell;
      }
      if (inputError !== null) {
        outRow[c] = inputError;
        continue;
      }
      try {
        outRow[c] = perRow(cells);
      } catch (error) {
        outRow[c] = toExcelError(error);
      }
    }
    out[r] = outRow;
  }
  return out;
}
