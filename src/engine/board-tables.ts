/**
 * The board's dated tables as users enter them: ranges in a "Board rates" sheet, CSV files, form
 * rows, or flags. One reader for all adapters.
 */
import { readDate } from "./dates";
import { PilotageInputError } from "./errors";
import { SCHEDULE_REASONS } from "./messages";
import { BoardFeeRow, BoardSurchargeRow } from "./charges";
import { readAmount, readAmountCents } from "./inputs";
import { BOARD_FEES } from "./rates/board-fees";
import { isBlank } from "./blank";


/** Blank rows are skipped; so is a first row of column titles. Desktop Excel passes empty cells as 0. */
function dataRows(rows: readonly (readonly unknown[])[]): { cells: readonly unknown[]; rowNumber: number }[] {
  const kept: { cells: readonly unknown[]; rowNumber: number }[] = [];
  rows.forEach((cells, index) => {
    if (cells.every((cell) => isBlank(cell) || cell === 0)) return;
    const first = cells[0];
    const looksLikeTitles = index === 0 && typeof first === "string" && !/^\d{4}-\d{2}-\d{2}$/.test(first.trim());
    if (looksLikeTitles) return;
    kept.push({ cells, rowNumber: index + 1 });
  });
  return kept;
}

function tableError(table: string, rowNumber: number, error: unknown): PilotageInputError {
  return new PilotageInputError(SCHEDULE_REASONS.boardTableRow, { table, rowNumber, error }, table === "Board surcharge table" ? "board_surcharge" : "board_fees");
}

/**
 * Each row applies from its date until the next row's, so two rows from one date would leave one
 * silently unused (whichever sorted last would win): refused, naming both rows.
 */
function oneRowPerDate<T extends { readonly from: string }>(table: string, rows: readonly { row: T; rowNumber: number }[]): T[] {
  const firstRowFrom = new Map<string, number>();
  for (const { row, rowNumber } of rows) {
    const earlier = firstRowFrom.get(row.from);
    if (earlier !== undefined) {
      throw tableError(table, rowNumber, `this row is also from ${row.from}, like row ${earlier}: each row applies until the next row's date, so change this date or remove one of the two rows.`);
    }
    firstRowFrom.set(row.from, rowNumber);
  }
  return rows.map(({ row }) => row);
}

/**
 * Rows of `from date | 0–50 amount | 51–100 amount | per unit over 100` (D8). readAmount refuses an
 * amount over MAXIMUM_AMOUNT (D22), so even charged on 50,000 units it stays exact in whole cents.
 */
export function readBoardSurchargeRows(rows: readonly (readonly unknown[])[]): BoardSurchargeRow[] {
  const table = "Board surcharge table";
  const read = dataRows(rows).map(({ cells, rowNumber }) => {
    if (cells.length < 4) throw tableError(table, rowNumber, "needs 4 columns: from date, 0–50 amount, 51–100 amount, per unit over 100.");
    try {
      const row: BoardSurchargeRow = Object.freeze({
        from: readDate(cells[0], "from date"),
        upTo50Units: readAmount(cells[1], "board_surcharge", "0–50 units surcharge").toString(),
        over50UpTo100Units: readAmount(cells[2], "board_surcharge", "51–100 units surcharge").toString(),
        perUnitOver100Units: readAmount(cells[3], "board_surcharge", "per-unit surcharge over 100 units").toString(),
      });
      return { row, rowNumber };
    } catch (error) {
      throw tableError(table, rowNumber, error);
    }
  });
  return oneRowPerDate(table, read);
}

/**
 * Rows of `from date | one column per board fee, in BOARD_FEES's order` (D10). A blank fee is
 * "not entered", and so is 0: desktop Excel passes an empty cell as 0, and the board sets no free fee.
 */
export function readBoardFeeRows(rows: readonly (readonly unknown[])[]): BoardFeeRow[] {
  const table = "Board fees table";
  const optionalAmount = (cell: unknown, what: string) => (isBlank(cell) || cell === 0 ? null : readAmountCents(cell, "board_fees", what));
  const read = dataRows(rows).map(({ cells, rowNumber }) => {
    if (cells.length < 2) throw tableError(table, rowNumber, `needs a from date and at least the ${BOARD_FEES[0].what} column.`);
    try {
      const row = { from: readDate(cells[0], "from date") } as BoardFeeRow;
      BOARD_FEES.forEach((fee, index) => {
        row[fee.code] = optionalAmount(cells[index + 1], fee.what);
      });
      Object.freeze(row);
      return { row, rowNumber };
    } catch (error) {
      throw tableError(table, rowNumber, error);
    }
  });
  return oneRowPerDate(table, read);
}
