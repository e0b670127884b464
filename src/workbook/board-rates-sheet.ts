/**
 * The "Board rates" sheet: one contract for every workbook the product writes or reads (the task
 * pane's quote and Reconcile sheets, the CLI's reconcile .xlsx, `--board-rates book.xlsx`):
 *
 *   A1        title                      A2  what the sheet is (BOARD_NOTE)
 *   A3        the fee table's title      F3  the surcharge table's title
 *   A4:D4     From | Launch fee | Communication fee | Mid-river launch fee
 *   F4:I4     From | 0–50 units | 51–100 units | Per unit over 100
 *   A5:D104   the board's fees, one row per from-date, in date order, blank rows after the last
 *   F5:I104   the surcharge board's table, the same way
 *
 * Each table is at least a fixed block (header row, then BOARD_ROWS rows); nothing else on the
 * sheet is read. The task pane makes each block an Excel table named by its contract
 * (NYPILOT_BoardFees, NYPILOT_BoardSurcharge), so its formulas read well and a row added under a
 * table is inside it; the CLI's files, and workbooks from versions before the tables, name the
 * fixed ranges (BOARD_FEES_REFERENCE, BOARD_SURCHARGE_REFERENCE). The cells are the same either way,
 * so a workbook of either kind keeps working.
 *
 * Pure data and the engine's board-table readers: no Office, no exceljs.
 */
import { BOARD_FEES, boardFeeNamesInWords, BoardFeeRow, BoardSurchargeRow, isPilotageInputError, OrRefusal, readBoardFeeRows, readBoardSurchargeRows } from "../engine";

export const BOARD_RATES_SHEET = "Board rates";
export const BOARD_TITLE_ROW = 1;
export const BOARD_NOTE_ROW = 2;
export const BOARD_TABLE_TITLE_ROW = 3;
export const BOARD_HEADER_ROW = 4;

/** The task pane's column widths of the Board rates sheet, in points (as Office.js takes them; the samples convert them). */
export const BOARD_RATES_COLUMN_WIDTHS: Readonly<Record<string, number>> = { A: 90, B: 90, C: 110, D: 120, E: 24, F: 90, G: 80, H: 80, I: 110 };
export const BOARD_FIRST_ROW = 5;
export const BOARD_ROWS = 100;
export const BOARD_LAST_ROW = BOARD_FIRST_ROW + BOARD_ROWS - 1;

export const BOARD_DATE_FORMAT = "yyyy-mm-dd";
export const BOARD_CURRENCY_FORMAT = "$#,##0.00";
/** A board per-unit rate may carry a third decimal ($3.605, say). */
export const BOARD_RATE_FORMAT = "$#,##0.00##";

/** One of the sheet's two tables. Columns are 1-based (A = 1). */
export interface BoardTableContract {
  /** The Excel table's name (a workbook-wide name, so formulas on any sheet can use it). */
  readonly name: string;
  readonly firstColumn: number;
  readonly lastColumn: number;
  readonly title: string;
  readonly headers: readonly string[];
  /** The number format of each column's data cells. */
  readonly formats: readonly string[];
}

export const BOARD_FEE_TABLE: BoardTableContract = {
  name: "NYPILOT_BoardFees",
  firstColumn: 1,
  lastColumn: 1 + BOARD_FEES.length,
  title: `Board of commissioners of pilots: ${boardFeeNamesInWords()} fees (§ 89-a(4)(b)(1-a); 21 NYCRR § 55.2)`,
  headers: ["From", ...BOARD_FEES.map((fee) => fee.label)],
  formats: [BOARD_DATE_FORMAT, ...BOARD_FEES.map(() => BOARD_CURRENCY_FORMAT)],
};

export const BOARD_SURCHARGE_TABLE: BoardTableContract = {
  name: "NYPILOT_BoardSurcharge",
  firstColumn: BOARD_FEE_TABLE.lastColumn + 2,
  lastColumn: BOARD_FEE_TABLE.lastColumn + 5,
  title: "Hudson River pilots surcharge board: the surcharge after the sixtieth month (§ 89-a(4)(b)(1-c)(iii))",
  headers: ["From", "0–50 units", "51–100 units", "Per unit over 100"],
  formats: [BOARD_DATE_FORMAT, BOARD_CURRENCY_FORMAT, BOARD_CURRENCY_FORMAT, BOARD_RATE_FORMAT],
};

/** Added to BOARD_NOTE on the sheet the task pane makes, where the two blocks are Excel tables. */
export const BOARD_TABLES_NOTE = `Here they are the Excel tables ${BOARD_FEE_TABLE.name} and ${BOARD_SURCHARGE_TABLE.name}: a row typed under a table joins it.`;

/** Columns A to the surcharge table's last. */
export const BOARD_SHEET_WIDTH = BOARD_SURCHARGE_TABLE.lastColumn;

export const BOARD_TITLE = "Board rates";
export const BOARD_NOTE =
  `Amounts the boards set under § 89-a, entered by you: each row applies from its date until the next row's date. ` +
  `The NYPILOT formulas read rows ${BOARD_FIRST_ROW}–${BOARD_LAST_ROW} of columns ${letter(BOARD_FEE_TABLE.firstColumn)}–${letter(BOARD_FEE_TABLE.lastColumn)} and ${letter(BOARD_SURCHARGE_TABLE.firstColumn)}–${letter(BOARD_SURCHARGE_TABLE.lastColumn)}; the add-in writes only those two tables and their titles.`;

function letter(column: number): string {
  let letters = "";
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/**
 * "A4:D4", "A5:D104", "A4:D104": a table's header row, its data rows, or both (what an Excel table
 * over it covers); `dataRows` for a table that has grown past BOARD_ROWS.
 */
export function boardTableRange(table: BoardTableContract, part: "header" | "data" | "whole", absolute = false, dataRows = BOARD_ROWS): string {
  const lastRow = BOARD_FIRST_ROW + dataRows - 1;
  const [top, bottom] = part === "header" ? [BOARD_HEADER_ROW, BOARD_HEADER_ROW] : part === "data" ? [BOARD_FIRST_ROW, lastRow] : [BOARD_HEADER_ROW, lastRow];
  const $ = absolute ? "$" : "";
  return `${$}${letter(table.firstColumn)}${$}${top}:${$}${letter(table.lastColumn)}${$}${bottom}`;
}

/** A sheet name as a formula names it: 'Pilot''s invoices'. */
export function quotedSheet(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}

/** The references the NYPILOT formulas pass as board_fees and board_surcharge. */
/** "'Board rates'!$A$5:$D$104": a table's fixed data rows, as a formula or a defined name refers to them. */
export function boardTableReference(table: BoardTableContract): string {
  return `${quotedSheet(BOARD_RATES_SHEET)}!${boardTableRange(table, "data", true)}`;
}

export const BOARD_FEES_REFERENCE = boardTableReference(BOARD_FEE_TABLE);
export const BOARD_SURCHARGE_REFERENCE = boardTableReference(BOARD_SURCHARGE_TABLE);

export class BoardTableTooLong extends Error {}

/** `room`: the data rows each table has (BOARD_ROWS, or more where an Excel table has grown). */
export function checkBoardTableLength(fees: number, surcharge: number, room: { fees: number; surcharge: number } = { fees: BOARD_ROWS, surcharge: BOARD_ROWS }): void {
  if (fees > room.fees || surcharge > room.surcharge) {
    const rows = room.fees === room.surcharge ? `${room.fees} rows a table` : `${room.fees} fee rows and ${room.surcharge} surcharge rows`;
    throw new BoardTableTooLong(`The Board rates sheet holds ${rows}: remove old rows first, or add rows to its tables in Excel.`);
  }
}

/** A sheet's cells, row by row from row 1, as read: the values of columns A–I. */
export type SheetRows = readonly (readonly unknown[] | undefined)[];

function cellsOf(rows: SheetRows, row: number, table: BoardTableContract): unknown[] {
  const cells = rows[row - 1] ?? [];
  return Array.from({ length: table.lastColumn - table.firstColumn + 1 }, (_, i) => cells[table.firstColumn - 1 + i] ?? null);
}

/** True when row 4 holds the contract's two header rows (so the sheet is one of ours, whoever wrote it). */
export function hasBoardRatesHeaders(rows: SheetRows): boolean {
  const same = (table: BoardTableContract) => cellsOf(rows, BOARD_HEADER_ROW, table).every((cell, i) => String(cell ?? "").trim() === table.headers[i]);
  return same(BOARD_FEE_TABLE) && same(BOARD_SURCHARGE_TABLE);
}

/** The data rows of one table (rows 5–104), as read. */
export function boardTableCells(rows: SheetRows, table: BoardTableContract): unknown[][] {
  return Array.from({ length: BOARD_ROWS }, (_, i) => cellsOf(rows, BOARD_FIRST_ROW + i, table));
}

/** Both tables, read by the engine's board-table readers (as the NYPILOT functions read them). */
export function readBoardRatesSheet(rows: SheetRows): OrRefusal<{ fees: BoardFeeRow[]; surcharge: BoardSurchargeRow[] }> {
  const fees = readBoardFeeRows(boardTableCells(rows, BOARD_FEE_TABLE));
  if (isPilotageInputError(fees)) return fees;
  const surcharge = readBoardSurchargeRows(boardTableCells(rows, BOARD_SURCHARGE_TABLE));
  return isPilotageInputError(surcharge) ? surcharge : { fees, surcharge };
}
