/**
 * The board's dated tables as users enter them: ranges in a "Board rates" sheet, CSV files, form
 * rows, or flags. One reader for all adapters.
 */
import { readDate } from "./dates";
import { isPilotageInputError, OrRefusal, PilotageInputError } from "./errors";
import { SCHEDULE_REASONS } from "./messages";
import { BoardFeeRow, BoardSurchargeRow } from "./charges";
import { readAmount, wholeCentsOfNumber } from "./inputs";
import { centsOf } from "./money";
import Decimal from "decimal.js";
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
function oneRowPerDate<T extends { readonly from: string }>(table: string, rows: readonly { row: T; rowNumber: number }[]): OrRefusal<T[]> {
  const firstRowFrom = new Map<string, number>();
  for (const { row, rowNumber } of rows) {
    const earlier = firstRowFrom.get(row.from);
    if (earlier !== undefined) {
      return tableError(table, rowNumber, `this row is also from ${row.from}, like row ${earlier}: each row applies until the next row's date, so change this date or remove one of the two rows.`);
    }
    firstRowFrom.set(row.from, rowNumber);
  }
  return rows.map(({ row }) => row);
}

/** Each data row read by `readRow`, or the first row's refusal (naming the row); then oneRowPerDate. */
function readTable<T extends { readonly from: string }>(
  table: string,
  layout: readonly string[],
  rows: readonly (readonly unknown[])[],
  readRow: (cells: readonly unknown[]) => OrRefusal<T> | string,
): OrRefusal<T[]> {
  // A wider table is refused, titles included: its extra column would be dropped, or read for another.
  for (const [index, cells] of rows.entries()) {
    const extra = cells.findIndex((cell, column) => column >= layout.length && !isBlank(cell) && cell !== 0);
    if (extra >= 0) return tableError(table, index + 1, new PilotageInputError(SCHEDULE_REASONS.boardTableTooWide, { layout: layout.join(", "), column: extra + 1 }));
  }
  const read: { row: T; rowNumber: number }[] = [];
  for (const { cells, rowNumber } of dataRows(rows)) {
    const row = readRow(cells);
    if (typeof row === "string" || isPilotageInputError(row)) return tableError(table, rowNumber, row);
    read.push({ row, rowNumber });
  }
  return oneRowPerDate(table, read);
}

/**
 * Rows of `from date | 0–50 amount | 51–100 amount | per unit over 100` (D8). readAmount refuses an
 * amount over MAXIMUM_AMOUNT (D22), so even charged on 50,000 units it stays exact in whole cents.
 * A row's refusal is the row's number with what is wrong in it (a string here).
 */
export const BOARD_SURCHARGE_LAYOUT: readonly string[] = ["from date", "0–50 amount", "51–100 amount", "per unit over 100"];

/** What each of the surcharge table's amounts is called in a refusal, in the table's order. */
export const BOARD_SURCHARGE_AMOUNTS: readonly string[] = ["0–50 units surcharge", "51–100 units surcharge", "per-unit surcharge over 100 units"];

/**
 * One amount of the surcharge board's table, as every door reads it (D8): required, and never 0:
 * desktop Excel passes an empty cell as 0, and a blank is refused, so a 0 is too (never a $0.00
 * surcharge in silence).
 */
export function readBoardSurchargeAmount(cell: unknown, what: string): OrRefusal<Decimal> {
  const amount = readAmount(cell, "board_surcharge", what);
  if (isPilotageInputError(amount)) return amount;
  return amount.isZero() ? new PilotageInputError(SCHEDULE_REASONS.boardSurchargeZero, { what }, "board_surcharge") : amount;
}

export function readBoardSurchargeRows(rows: readonly (readonly unknown[])[]): OrRefusal<BoardSurchargeRow[]> {
  return readTable<BoardSurchargeRow>("Board surcharge table", BOARD_SURCHARGE_LAYOUT, rows, (cells) => {
    if (cells.length < 4) return `needs 4 columns: ${BOARD_SURCHARGE_LAYOUT.join(", ")}.`;
    const from = readDate(cells[0], "from date");
    if (isPilotageInputError(from)) return from;
    const upTo50Units = readBoardSurchargeAmount(cells[1], BOARD_SURCHARGE_AMOUNTS[0]);
    if (isPilotageInputError(upTo50Units)) return upTo50Units;
    const over50UpTo100Units = readBoardSurchargeAmount(cells[2], BOARD_SURCHARGE_AMOUNTS[1]);
    if (isPilotageInputError(over50UpTo100Units)) return over50UpTo100Units;
    const perUnitOver100Units = readBoardSurchargeAmount(cells[3], BOARD_SURCHARGE_AMOUNTS[2]);
    if (isPilotageInputError(perUnitOver100Units)) return perUnitOver100Units;
    return Object.freeze({
      from,
      upTo50Units: upTo50Units.toString(),
      over50UpTo100Units: over50UpTo100Units.toString(),
      perUnitOver100Units: perUnitOver100Units.toString(),
    });
  });
}

/**
 * Rows of `from date | one column per board fee, in BOARD_FEES's order` (D10). A blank fee is
 * "not entered", and so is 0: desktop Excel passes an empty cell as 0, and the board sets no free fee.
 */
const BOARD_FEE_LAYOUT: readonly string[] = ["from date", ...BOARD_FEES.map((fee) => fee.what)];

/**
 * One board fee as every door reads it (a table's cell, a flag, a request), D10: blank, or 0 in any
 * form, is "not entered" (null): desktop Excel passes an empty cell as 0, and the board sets no free
 * launch. Otherwise its whole cents, rounded half up (D14).
 */
export function readBoardFeeCents(cell: unknown, field: string, what: string): OrRefusal<number | null> {
  if (isBlank(cell)) return null;
  const wholeCents = wholeCentsOfNumber(cell);
  if (wholeCents !== null) return wholeCents === 0 ? null : wholeCents;
  const amount = readAmount(cell, field, what);
  if (isPilotageInputError(amount)) return amount;
  return amount.isZero() ? null : centsOf(amount);
}

export function readBoardFeeRows(rows: readonly (readonly unknown[])[]): OrRefusal<BoardFeeRow[]> {
  return readTable<BoardFeeRow>("Board fees table", BOARD_FEE_LAYOUT, rows, (cells) => {
    if (cells.length < 2) return `needs a from date and at least the ${BOARD_FEES[0].what} column.`;
    const from = readDate(cells[0], "from date");
    if (isPilotageInputError(from)) return from;
    const row = { from } as BoardFeeRow;
    for (const [index, fee] of BOARD_FEES.entries()) {
      const cents = readBoardFeeCents(cells[index + 1], "board_fees", fee.what);
      if (isPilotageInputError(cents)) return cents;
      row[fee.code] = cents;
    }
    return Object.freeze(row);
  });
}
