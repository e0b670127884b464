/**
 * `--board-rates`: the boards' amounts for `reconcile` and `batch`, from either
 *   - a CSV of both tables in one (the command line's own file, BOARD_RATES_HELP), or
 *   - a workbook's "Board rates" sheet, as the task pane or `reconcile -o out.xlsx` writes it
 *     (src/workbook/board-rates-sheet.ts).
 * Every row is read by the engine's board-table readers; this file only finds the rows.
 */
import path from "node:path";
import Decimal from "decimal.js";
import {
  BOARD_FEES,
  BOARD_SURCHARGE_AMOUNTS,
  BoardFeeRow,
  BoardSurchargeRow,
  CELL_WORDS,
  innerMessage,
  IsoDate,
  isBlank,
  isPilotageInputError,
  PilotageInputError,
  readBoardFeeRows,
  readBoardSurchargeRows,
  readDate,
  readDecimal,
  reason,
  refusalThrown,
  SCHEDULE_REASONS,
  shownInput,
} from "../engine";
import { InputFileError } from "../workbook/errors";
import { BOARD_RATES_SHEET, hasBoardRatesHeaders, readBoardRatesSheet } from "../workbook/board-rates-sheet";
import { UsageError } from "./usage-error";

/**
 * Both board tables in one, as a CSV file or a range holds them:
 *
 *   table,from,a,b,c
 *   fees,2024-01-01,310.00,45.50,125.25        a launch, b communication, c mid-river launch
 *   surcharge,2020-11-20,300.00,360.00,3.60    a 0–50 units, b 51–100 units, c per unit over 100
 *
 * The header row is read by its words: a, b, c are the positions above; the amounts' own names
 * (launch, communication, mid-river; 0–50, 51–100, per unit) place each column whatever its order.
 * A header cell it cannot place is refused; with no header the amounts are read by position, and
 * `notes` says so. Blank rows are skipped. A blank (or 0) fee is "not entered" (D10); fees are
 * dollars and cents; every surcharge amount is required, and none is 0. Rows may come in any
 * order; each applies from its date until the next row of its table.
 */
export interface BoardRates {
  readonly fees: readonly BoardFeeRow[];
  readonly surcharge: readonly BoardSurchargeRow[];
  /** What the reader assumed and the user should know (a file with no header row, read by position). */
  readonly notes?: readonly string[];
}

/** The amount columns after table and from: one per board fee, in BOARD_FEES's order, and the surcharge table's three. */
export const BOARD_RATE_COLUMN_LETTERS: readonly string[] = Array.from({ length: Math.max(BOARD_FEES.length, 3) }, (_, index) => String.fromCharCode(97 + index));
export const BOARD_RATES_FORMAT = `table,from,${BOARD_RATE_COLUMN_LETTERS.join(",")}`;

const FEE_TABLE_NAMES = new Set(["fees", "fee", "board fees", "board fee"]);
const SURCHARGE_TABLE_NAMES = new Set(["surcharge", "board surcharge", "surcharges"]);

/** Each fee's words in a header, in BOARD_FEES's order (the mid-river launch is tried before the launch). */
const FEE_HEADER_WORDS: Readonly<Record<string, RegExp>> = {
  launch: /^(?!.*(mid|norrie)).*launch/,
  communication: /comm/,
  midriver_launch: /mid[ -]?river|norrie/,
};
/** The surcharge table's columns' words, in its order: 0–50 units, 51–100 units, per unit over 100. */
const SURCHARGE_HEADER_WORDS: readonly RegExp[] = [
  /(^|[^\d.])0 ?- ?50($|[^\d])|(up ?to|first|<=|≤) ?50($|[^\d])|^1 ?- ?50($|[^\d])/,
  /5[01] ?- ?100|(over|above|>) ?50($|[^\d])/,
  /per ?unit|\/ ?unit|(over|above|>) ?100|^rate/,
];
const DATE_HEADER_WORDS = /^(from|date|from date|effective|effective date|start|starts|valid from|in force from)$/;

/** The columns a header may name, said when it names one that cannot be placed. */
const HEADER_EXPECTED =
  `table, from, then the amounts by name (fees: ${BOARD_FEES.map((fee) => fee.what.replace(/ fee$/, "")).join(", ")}; ` +
  `surcharge: 0–50, 51–100, per unit over 100) or by position (${BOARD_RATES_FORMAT})`;

/** Where each table's amounts are, by column index of the row (table, from, amounts…). */
interface ColumnPlaces {
  readonly fees: readonly (number | undefined)[];
  readonly surcharge: readonly (number | undefined)[];
  /** The header's words for a column, to name it in a refusal (null: no header). */
  readonly header: readonly string[] | null;
}

const POSITIONS: ColumnPlaces = {
  fees: BOARD_FEES.map((_fee, index) => index + 2),
  surcharge: [2, 3, 4],
  header: null,
};

/**
 * The file's own refusals. A row's error from the engine's readers is said in cells' words (the
 * file's values are cells), after the file's row number: the single-row readers number their row 1,
 * so the engine's table-row error is unwrapped to the error inside it.
 */
const BOARD_RATES_FILE_REASONS = {
  row: reason<{ rowNumber: number; error: unknown }>("BAD_BOARD_TABLE", ({ rowNumber, error }) => {
    const inner = error instanceof PilotageInputError && error.is(SCHEDULE_REASONS.boardTableRow) ? error.params.error : error;
    return `Board rates row ${rowNumber}: ${innerMessage(inner, CELL_WORDS)}`;
  }),
  table: reason<{ input: unknown }>("BAD_BOARD_TABLE", ({ input }) => `the table is "${shownInput(input)}": use fees or surcharge (columns ${BOARD_RATES_FORMAT}).`),
  headerCell: reason<{ input: string; column: number }>(
    "BAD_BOARD_TABLE",
    ({ input, column }) => `the header's column ${column}, "${input}", is not a column of the board rates: give ${HEADER_EXPECTED}.`,
  ),
  headerTwice: reason<{ what: string; columns: readonly number[] }>(
    "BAD_BOARD_TABLE",
    ({ what, columns }) => `the header names the ${what} in columns ${columns.join(" and ")}: keep one column for it.`,
  ),
  headerMissing: reason<{ table: string; what: string }>(
    "BAD_BOARD_TABLE",
    ({ table, what }) => `the file has ${table} rows but its header names no column for the ${what}: give ${HEADER_EXPECTED}.`,
  ),
  cellUnplaced: reason<{ table: string; column: number; header: string | null }>(
    "BAD_BOARD_TABLE",
    ({ table, column, header }) =>
      `column ${column}${header ? ` ("${header}")` : ""} holds a value, but it is not one of the ${table} table's columns (${HEADER_EXPECTED}): move it, or leave it blank.`,
  ),
  feeDecimals: reason<{ input: unknown }>("BAD_BOARD_TABLE", ({ input }) => `the fee ${shownInput(input)} has more than two decimals: enter dollars and cents.`),
  secondRow: reason<{ table: string; from: string; other: number }>(
    "BAD_BOARD_TABLE",
    ({ table, from, other }) => `a second ${table} row from ${from} (also row ${other}): keep one row per date.`,
  ),
} as const;

function boardRatesError(rowNumber: number, error: unknown): PilotageInputError {
  return new PilotageInputError(BOARD_RATES_FILE_REASONS.row, { rowNumber, error }, "board_rates");
}

function headerWords(cell: unknown): string {
  return shownInput(cell ?? "").toLowerCase().replace(/[–—]/g, "-").replace(/[_\s]+/g, " ").replace(/\(|\)|\$|:/g, "").trim();
}

/**
 * The header row's places for each table's amounts: a, b, c by position, or each amount by its
 * own words in any order. Refused: a cell it cannot place, or one amount named twice.
 */
function columnPlaces(rowNumber: number, header: readonly unknown[]): ColumnPlaces {
  const words = header.map(headerWords);
  if (words[1] !== undefined && words[1] !== "" && !DATE_HEADER_WORDS.test(words[1])) {
    throw boardRatesError(rowNumber, new PilotageInputError(BOARD_RATES_FILE_REASONS.headerCell, { input: shownInput(header[1]), column: 2 }));
  }
  const fees: number[][] = BOARD_FEES.map(() => []);
  const surcharge: number[][] = [[], [], []];
  words.forEach((word, column) => {
    if (column < 2 || word === "") return;
    const letter = BOARD_RATE_COLUMN_LETTERS.indexOf(word);
    const fee = letter >= 0 ? (letter < BOARD_FEES.length ? letter : -1) : BOARD_FEES.findIndex((entry) => FEE_HEADER_WORDS[entry.code]?.test(word));
    const amount = letter >= 0 ? (letter < 3 ? letter : -1) : SURCHARGE_HEADER_WORDS.findIndex((pattern) => pattern.test(word));
    if (fee < 0 && amount < 0) {
      throw boardRatesError(rowNumber, new PilotageInputError(BOARD_RATES_FILE_REASONS.headerCell, { input: shownInput(header[column]), column: column + 1 }));
    }
    if (fee >= 0) fees[fee].push(column);
    if (amount >= 0) surcharge[amount].push(column);
  });
  const once = (columns: number[], what: string): number | undefined => {
    if (columns.length > 1) throw boardRatesError(rowNumber, new PilotageInputError(BOARD_RATES_FILE_REASONS.headerTwice, { what, columns: columns.map((c) => c + 1) }));
    return columns[0];
  };
  return {
    fees: fees.map((columns, index) => once(columns, BOARD_FEES[index].what)),
    surcharge: surcharge.map((columns, index) => once(columns, BOARD_SURCHARGE_AMOUNTS[index])),
    header: header.map((cell) => shownInput(cell ?? "")),
  };
}

/** The row's amounts for its table, from their places; a value in a column the table does not read is refused. */
function amountsOf(cells: readonly unknown[], places: readonly (number | undefined)[], table: string, all: ColumnPlaces): unknown[] {
  const used = new Set(places);
  cells.forEach((cell, column) => {
    if (column >= 2 && !used.has(column) && !isBlank(cell)) {
      throw new PilotageInputError(BOARD_RATES_FILE_REASONS.cellUnplaced, { table, column: column + 1, header: all.header?.[column] || null });
    }
  });
  return places.map((column) => (column === undefined ? null : cells[column]));
}

export function readBoardRates(rows: readonly { readonly rowNumber: number; readonly cells: readonly unknown[] }[]): BoardRates {
  const fees: { row: BoardFeeRow; rowNumber: number }[] = [];
  const surcharge: { row: BoardSurchargeRow; rowNumber: number }[] = [];
  const filled = rows.filter(({ cells }) => !cells.every(isBlank));
  const first = filled[0];
  const hasHeader = first !== undefined && headerWords(first.cells[0]) === "table";
  const places = hasHeader ? columnPlaces(first.rowNumber, first.cells) : POSITIONS;
  for (const { rowNumber, cells } of hasHeader ? filled.slice(1) : filled) {
    const table = shownInput(cells[0] ?? "").toLowerCase().replace(/\s+/g, " ");
    const isFees = FEE_TABLE_NAMES.has(table);
    if (!isFees && !SURCHARGE_TABLE_NAMES.has(table)) {
      throw boardRatesError(rowNumber, new PilotageInputError(BOARD_RATES_FILE_REASONS.table, { input: cells[0] ?? "" }));
    }
    const date = readDate(cells[1], "from date");
    if (isPilotageInputError(date)) throw boardRatesError(rowNumber, date);
    try {
      if (isFees) {
        if (places.fees.every((column) => column === undefined)) {
          throw new PilotageInputError(BOARD_RATES_FILE_REASONS.headerMissing, { table: "fees", what: "fees" });
        }
        const amounts = amountsOf(cells, places.fees, "fees", places);
        for (const amount of amounts) {
          const value = isBlank(amount) ? null : readDecimal(amount, "board_fees", "fee");
          if (value instanceof Decimal && value.decimalPlaces() > 2) throw new PilotageInputError(BOARD_RATES_FILE_REASONS.feeDecimals, { input: amount }, "board_fees");
        }
        fees.push({ row: refusalThrown(readBoardFeeRows([[cells[1], ...amounts]]))[0], rowNumber });
      } else {
        const missing = places.surcharge.findIndex((column) => column === undefined);
        if (missing >= 0) throw new PilotageInputError(BOARD_RATES_FILE_REASONS.headerMissing, { table: "surcharge", what: BOARD_SURCHARGE_AMOUNTS[missing] });
        const amounts = amountsOf(cells, places.surcharge, "surcharge", places);
        surcharge.push({ row: refusalThrown(readBoardSurchargeRows([[cells[1], ...amounts]]))[0], rowNumber });
      }
    } catch (error) {
      if (isPilotageInputError(error)) throw boardRatesError(rowNumber, error);
      throw error;
    }
  }
  const sorted = <T extends { from: IsoDate }>(entries: { row: T; rowNumber: number }[], name: string): T[] => {
    entries.sort((x, y) => (x.row.from < y.row.from ? -1 : x.row.from > y.row.from ? 1 : 0));
    for (let i = 1; i < entries.length; i++) {
      if (entries[i].row.from === entries[i - 1].row.from) {
        const second = { table: name, from: entries[i].row.from, other: entries[i - 1].rowNumber };
        throw boardRatesError(entries[i].rowNumber, new PilotageInputError(BOARD_RATES_FILE_REASONS.secondRow, second));
      }
    }
    return entries.map((entry) => entry.row);
  };
  const notes = !hasHeader && filled.length > 0 ? [`The board rates have no header row: their amounts are read by position, ${BOARD_RATES_FORMAT} (fees: ${BOARD_FEES.map((fee, index) => `${BOARD_RATE_COLUMN_LETTERS[index]} ${fee.what}`).join(", ")}; surcharge: a 0–50 units, b 51–100 units, c per unit over 100).`] : [];
  return { fees: sorted(fees, "fees"), surcharge: sorted(surcharge, "surcharge"), notes };
}

/** The sheet's rows from row 1 (its own row 1 included), as readXlsxSheet gives them. */
async function boardRatesSheetOf(filePath: string): Promise<BoardRates> {
  const { readXlsxSheet } = await import("../workbook/xlsx");
  const content = await readXlsxSheet(filePath, { sheet: BOARD_RATES_SHEET });
  const rows: unknown[][] = [content.header];
  for (const row of content.dataRows) rows[row.rowNumber - 1] = row.cells;
  if (!hasBoardRatesHeaders(rows)) {
    throw new InputFileError(filePath, `Board rates ${JSON.stringify(filePath)}: the "${BOARD_RATES_SHEET}" sheet's row 4 is not the add-in's two table headers (A4:D4 and F4:I4): give a workbook the add-in or reconcile wrote, or a CSV.`);
  }
  const rates = readBoardRatesSheet(rows);
  if (isPilotageInputError(rates)) throw new InputFileError(filePath, `Board rates ${JSON.stringify(filePath)} sheet "${BOARD_RATES_SHEET}": ${rates.message}`);
  return rates;
}

/** Reads --board-rates: the combined CSV (see BOARD_RATES_HELP) or a workbook's Board rates sheet. Any unreadable row stops the run. */
export async function readBoardRatesFile(filePath: string): Promise<BoardRates> {
  const extension = path.extname(filePath).toLowerCase();
  if (extension === ".xlsx") return boardRatesSheetOf(filePath);
  if (extension !== ".csv") throw new UsageError(`--board-rates takes a .csv file (see --help for its columns) or an .xlsx workbook with a "${BOARD_RATES_SHEET}" sheet.`);
  // The file readers are loaded only when a file is given: `quote` starts without them (issue 18).
  const { isCsvRowError, readCsvRows } = await import("../workbook/csv");
  const rows: { rowNumber: number; cells: string[] }[] = [];
  for await (const item of readCsvRows(filePath)) {
    if (isCsvRowError(item)) throw new InputFileError(filePath, `Board rates ${JSON.stringify(filePath)} row ${item.rowNumber}: ${item.error}`);
    rows.push(item);
    if (rows.length > 100_000) throw new InputFileError(filePath, `Board rates ${JSON.stringify(filePath)} has more than 100,000 rows: is it the right file?`);
  }
  return readBoardRates(rows);
}
