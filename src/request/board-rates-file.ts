/**
 * `--board-rates`: the boards' amounts for `reconcile` and `batch`, from either
 *   - a CSV of both tables in one (the command line's own file, BOARD_RATES_HELP), or
 *   - a workbook's "Board rates" sheet, as the task pane or `reconcile -o out.xlsx` writes it
 *     (src/workbook/board-rates-sheet.ts).
 * Every row is read by the engine's board-table readers; this file only finds the rows.
 */
import path from "node:path";
import {
  BOARD_FEES,
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
 * The header row is optional; blank rows are skipped. A blank (or 0) fee is "not entered" (D10);
 * fees are dollars and cents; every surcharge amount is required. Rows may come in any order;
 * each applies from its date until the next row of its table.
 */
export interface BoardRates {
  readonly fees: readonly BoardFeeRow[];
  readonly surcharge: readonly BoardSurchargeRow[];
}

/** The amount columns after table and from: one per board fee, in BOARD_FEES's order, and the surcharge table's three. */
export const BOARD_RATE_COLUMN_LETTERS: readonly string[] = Array.from({ length: Math.max(BOARD_FEES.length, 3) }, (_, index) => String.fromCharCode(97 + index));
export const BOARD_RATES_FORMAT = `table,from,${BOARD_RATE_COLUMN_LETTERS.join(",")}`;

const FEE_TABLE_NAMES = new Set(["fees", "fee", "board fees", "board fee"]);
const SURCHARGE_TABLE_NAMES = new Set(["surcharge", "board surcharge", "surcharges"]);

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
  feeDecimals: reason<{ input: unknown }>("BAD_BOARD_TABLE", ({ input }) => `the fee ${shownInput(input)} has more than two decimals: enter dollars and cents.`),
  secondRow: reason<{ table: string; from: string; other: number }>(
    "BAD_BOARD_TABLE",
    ({ table, from, other }) => `a second ${table} row from ${from} (also row ${other}): keep one row per date.`,
  ),
} as const;

function boardRatesError(rowNumber: number, error: unknown): PilotageInputError {
  return new PilotageInputError(BOARD_RATES_FILE_REASONS.row, { rowNumber, error }, "board_rates");
}

export function readBoardRates(rows: readonly { readonly rowNumber: number; readonly cells: readonly unknown[] }[]): BoardRates {
  const fees: { row: BoardFeeRow; rowNumber: number }[] = [];
  const surcharge: { row: BoardSurchargeRow; rowNumber: number }[] = [];
  rows.forEach(({ rowNumber, cells }, index) => {
    if (cells.every(isBlank)) return;
    const table = shownInput(cells[0] ?? "").toLowerCase().replace(/\s+/g, " ");
    if (index === 0 && table === "table") return;
    const isFees = FEE_TABLE_NAMES.has(table);
    if (!isFees && !SURCHARGE_TABLE_NAMES.has(table)) {
      throw boardRatesError(rowNumber, new PilotageInputError(BOARD_RATES_FILE_REASONS.table, { input: cells[0] ?? "" }));
    }
    const [, from, ...amountCells] = cells;
    const date = readDate(from, "from date");
    if (isPilotageInputError(date)) throw boardRatesError(rowNumber, date);
    try {
      if (isFees) {
        // As in a Board rates sheet, a fee of 0 is "not entered" (D10): the board sets no free launch.
        const amounts = BOARD_FEES.map((_fee, index) => amountCells[index]).map((amount) => {
          if (isBlank(amount)) return null;
          const value = refusalThrown(readDecimal(amount, "board_fees", "fee"));
          if (value.decimalPlaces() > 2) {
            throw new PilotageInputError(BOARD_RATES_FILE_REASONS.feeDecimals, { input: amount }, "board_fees");
          }
          return value.isZero() ? null : amount;
        });
        fees.push({ row: refusalThrown(readBoardFeeRows([[from, ...amounts]]))[0], rowNumber });
      } else {
        surcharge.push({ row: refusalThrown(readBoardSurchargeRows([[from, ...amountCells.slice(0, 3)]]))[0], rowNumber });
      }
    } catch (error) {
      if (isPilotageInputError(error)) throw boardRatesError(rowNumber, error);
      throw error;
    }
  });
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
  return { fees: sorted(fees, "fees"), surcharge: sorted(surcharge, "surcharge") };
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
