/**
 * .xlsx in and out for the CLI. Generic like the CSV module: plain cell values in (xlsx-read.ts,
 * streamed within limits), formatted sheets with cached formulas out (exceljs, its streaming
 * writer for large tables); the caller decides what the columns mean.
 */
import type { stream as excelStream, AddWorksheetOptions, Workbook, Cell, CellFormulaValue, CellValue, Worksheet } from "exceljs";
import { columnLetter } from "./cell-address";
import { OutputLimitError } from "./errors";
import { PRINT_SETUP } from "./print-setup";
import { openOutput, type OutputOptions, type PendingOutput } from "./safe-output";
import { assertWritable, drained } from "./stream-util";
import { isExcelErrorValue, isFormulaCell, isNumericText, numericTextOf, type ExcelErrorValue, type FormulaCell, type FormulaResult, type NumericText } from "./values";
import { isXlsxRowError, openXlsxSheet, XLSX_MAX_CELL_TEXT, XLSX_MAX_COLUMNS, type XlsxRow, type XlsxRowError, type XlsxSheetOptions } from "./xlsx-read";

type ExcelJs = typeof import("exceljs");
let loadedExcelJs: ExcelJs | undefined;

/**
 * exceljs, loaded the first time a workbook is read or written: loading it takes about a quarter
 * of a second, which every command would otherwise pay at start-up (`quote` and `rates` never
 * touch a workbook). Only types are imported above.
 */
export function loadExcelJs(): ExcelJs {
  if (loadedExcelJs === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loadedExcelJs = require("exceljs") as ExcelJs;
    stampCurrentCalculationEngine();
  }
  return loadedExcelJs;
}

/**
 * The calculation engine id of Excel 2019 and Microsoft 365, written in every workbook's calcPr.
 * Excel recalculates every formula on opening a file whose calcId is lower than its own (MS-XLSB
 * RecalcId; ECMA-376 calcPr): exceljs 4.4.0 writes 171027 (Excel 2016), so current Excel would
 * recompute our NYPILOT formulas on open and, without the add-in, replace the cached values with
 * #NAME?. Stamping the current id keeps the cached values until an input changes.
 */
export const CURRENT_EXCEL_CALC_ID = 191029;

function stampCurrentCalculationEngine(): void {
  // exceljs is pinned (4.4.0): this internal module is the one both its writers render calcPr with.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const calcPrXform = require("exceljs/lib/xlsx/xform/book/workbook-calc-properties-xform.js") as {
    prototype: { render(xmlStream: { leafNode(name: string, attributes: Record<string, unknown>): void }, model: { fullCalcOnLoad?: boolean } | undefined): void };
  };
  calcPrXform.prototype.render = function render(xmlStream, model) {
    xmlStream.leafNode("calcPr", { calcId: CURRENT_EXCEL_CALC_ID, fullCalcOnLoad: model?.fullCalcOnLoad ? 1 : undefined });
  };
}

// ---------------------------------------------------------------------------------------------
// Dates

const MS_PER_DAY = 86_400_000;
// Serial 25569 is 1970-01-01 in Excel's 1900 date system (day 0 being 1899-12-30, which absorbs
// Lotus's phantom 1900-02-29). exceljs uses the same origin in both directions.
const SERIAL_OF_UNIX_EPOCH = 25_569;

/**
 * The 1900-system serial of a date as exceljs hands it over (the cell's serial read as UTC). A
 * 1904-system workbook is converted by exceljs on reading, so its dates come out as 1900 serials
 * here too: the same day always has the same number.
 */
export function excelSerialFromDate(date: Date): number {
  return date.getTime() / MS_PER_DAY + SERIAL_OF_UNIX_EPOCH;
}

// ---------------------------------------------------------------------------------------------
// Reading (see xlsx-read.ts: streamed, bounded)

export interface XlsxSheetContent {
  readonly sheetName: string;
  /** Row 1 as text, as wide as the sheet; [] when row 1 is empty and the sheet declares no width. */
  readonly header: string[];
  /** Rows 2 onwards that hold anything; wholly empty rows are left out. */
  readonly dataRows: XlsxRow[];
  /** Rows that could not be read as they stand. */
  readonly rowErrors: XlsxRowError[];
}

/**
 * Reads one worksheet (the first, or `options.sheet`) whole, for small sheets (tests, samples):
 * large inputs go through openXlsxSheet row by row.
 */
export async function readXlsxSheet(filePath: string, options: XlsxSheetOptions = {}): Promise<XlsxSheetContent> {
  const sheet = await openXlsxSheet(filePath, options);
  const dataRows: XlsxRow[] = [];
  const rowErrors: XlsxRowError[] = [];
  for await (const item of sheet.rows()) {
    if (isXlsxRowError(item)) rowErrors.push(item);
    else dataRows.push(item);
  }
  return { sheetName: sheet.sheetName, header: sheet.header, dataRows, rowErrors };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** How a column's values are shown; sets the number format and default width. */
export type XlsxColumnKind = "text" | "number" | "money" | "date" | "boolean";

export interface XlsxColumn {
  readonly header: string;
  /** Default "text". */
  readonly kind?: XlsxColumnKind;
  /** In characters; default from the header and the kind. */
  readonly width?: number;
  /** Overrides the kind's number format for every cell of the column. */
  readonly numberFormat?: string;
  /** A detail column: grouped and collapsed (one click away on screen), so the print shows the others legibly. */
  readonly detail?: boolean;
}

export interface XlsxRowHighlight {
  /** 0-based index of the column whose TRUE marks the row. */
  readonly flagColumn: number;
  /** ARGB fill, default Excel's light red. */
  readonly fillArgb?: string;
  /** ARGB font colour, default Excel's dark red (its "Light Red Fill with Dark Red Text"). */
  readonly fontArgb?: string;
}

export interface XlsxSheetLayout {
  readonly name: string;
  readonly columns: readonly XlsxColumn[];
  /** Conditional formatting: fill every data row whose flag cell is TRUE. */
  readonly highlightRowsWhereTrue?: XlsxRowHighlight;
  /** Text rows above the header row (titles, a note); the header then comes after them. Default none. */
  readonly preamble?: readonly (readonly string[])[];
}

/** The header's row number: 1, or after the preamble. */
export function headerRowOf(layout: XlsxSheetLayout): number {
  return (layout.preamble?.length ?? 0) + 1;
}

/** A cell with its own number format, e.g. a money amount in an otherwise mixed summary column. */
export interface XlsxFormattedCell {
  readonly value: XlsxPlainOutput | FormulaCell;
  readonly numberFormat: string;
}

type XlsxPlainOutput = string | number | boolean | Date | null | undefined | NumericText | ExcelErrorValue;

/** A cell on its way into a sheet. Text is always stored as text: never read as a formula. */
export type XlsxOutputCell = XlsxPlainOutput | FormulaCell | XlsxFormattedCell;

export interface XlsxSheet extends XlsxSheetLayout {
  readonly rows: Iterable<readonly XlsxOutputCell[]>;
}

/** US dollars, two decimals, negatives in red with a minus sign (variances stand out). */
export const MONEY_FORMAT = '"$"#,##0.00;[Red]-"$"#,##0.00';
export const DATE_FORMAT = "yyyy-mm-dd";

const KIND_FORMATS: Record<XlsxColumnKind, string | undefined> = {
  text: undefined,
  number: undefined,
  money: MONEY_FORMAT,
  date: DATE_FORMAT,
  boolean: undefined,
};
const KIND_WIDTHS: Record<XlsxColumnKind, number> = { text: 16, number: 12, money: 14, date: 12, boolean: 8 };
const MAX_DEFAULT_WIDTH = 60;
// Excel refuses to open a file whose cell holds more text than this.
const MAX_CELL_TEXT = XLSX_MAX_CELL_TEXT;
const DEFAULT_HIGHLIGHT_FILL = "FFFFC7CE";
const DEFAULT_HIGHLIGHT_FONT = "FF9C0006";
const HEADER_FILL = "FFD9E1F2";

/** "A" for 1, "Z" for 26, "AA" for 27. */
export const columnLetters = columnLetter;

function checkSheetName(name: string): void {
  // Excel's own rules; a file breaking them opens with a repair prompt or not at all.
  if (name.length < 1 || name.length > 31 || /[[\]:*?/\\]/.test(name) || name.startsWith("'") || name.endsWith("'")) {
    throw new RangeError(`${JSON.stringify(name)} cannot be an Excel sheet name (1–31 characters, none of [ ] : * ? / \\, no quote at either end)`);
  }
}

/** Excel's most columns in a sheet (A to XFD). */
export const MAX_XLSX_COLUMNS = XLSX_MAX_COLUMNS;

/**
 * Cells whose text was longer than a cell holds, cut so the workbook still opens (Excel refuses
 * the whole file otherwise). Each cut cell ends in a marker saying so; the writer's caller reports
 * the list, so the cut is never silent.
 */
export class CutCells {
  private static readonly EXAMPLES = 20;
  private readonly examples: string[] = [];
  count = 0;

  add(where: string): void {
    this.count += 1;
    if (this.examples.length < CutCells.EXAMPLES) this.examples.push(where);
  }

  /** "" when nothing was cut; otherwise one sentence naming the cells (the first 20, then a count). */
  sentence(): string {
    if (this.count === 0) return "";
    const more = this.count > this.examples.length ? ` and ${this.count - this.examples.length} more` : "";
    const cells = this.count === 1 ? "1 cell had" : `${this.count} cells had`;
    return `${cells} more text than an Excel cell holds (${MAX_CELL_TEXT.toLocaleString("en-US")} characters) and ${this.count === 1 ? "was" : "were"} cut, ending “${CUT_MARK_START}…]”: ${this.examples.join("; ")}${more}. A .csv output keeps the whole text.`;
  }
}

const CUT_MARK_START = " … [cut: ";

/** Text as a cell can hold it: whole, or cut with a marker that gives the full length. */
function checkedText(text: string, where: string, cuts?: CutCells): string {
  if (text.length <= MAX_CELL_TEXT) return text;
  if (cuts === undefined) throw new RangeError(`${where}: ${text.length} characters of text exceed Excel's limit of ${MAX_CELL_TEXT} per cell`);
  cuts.add(where);
  const mark = `${CUT_MARK_START}${text.length.toLocaleString("en-US")} characters, more than a cell holds]`;
  let kept = text.slice(0, MAX_CELL_TEXT - mark.length);
  // Never half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return kept + mark;
}

function checkedNumber(value: number, where: string): number {
  if (!Number.isFinite(value)) throw new RangeError(`${where}: ${value} is not a finite number`);
  return value;
}

function formulaResultValue(result: FormulaResult | undefined, where: string, cuts?: CutCells): CellFormulaValue["result"] {
  if (result === undefined || result === null) return undefined;
  if (typeof result === "string") return checkedText(result, where, cuts);
  if (typeof result === "number") return checkedNumber(result, where);
  if (typeof result === "boolean") return result;
  if (isNumericText(result)) return Number(numericTextOf(result));
  return { error: result.error as "#N/A" };
}

/**
 * The exceljs value for one outgoing cell, and the number format it asks for, if any: a formula
 * with its cached result, a numeric text as a number, text always as text. `where` names the
 * cell in error messages and in `cuts`, where text too long for a cell is cut and noted (without
 * `cuts`, such text is refused). Used by the sheet writers here and by scripts/make-samples.ts.
 */
export function excelValue(cell: XlsxOutputCell, where: string, cuts?: CutCells): { value: CellValue; numberFormat?: string } {
  if (cell === null || cell === undefined) return { value: null };
  if (typeof cell === "string") return { value: checkedText(cell, where, cuts) };
  if (typeof cell === "number") return { value: checkedNumber(cell, where) };
  if (typeof cell === "boolean") return { value: cell };
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) throw new RangeError(`${where}: invalid date`);
    return { value: cell };
  }
  if (isNumericText(cell)) return { value: Number(numericTextOf(cell)) };
  if (isFormulaCell(cell)) {
    // exceljs writes the text into <f> as given, and <f> holds formulas without their "=".
    const formula = cell.formula.startsWith("=") ? cell.formula.slice(1) : cell.formula;
    return { value: { formula, result: formulaResultValue(cell.result, where, cuts) } };
  }
  if (isExcelErrorValue(cell)) return { value: { error: cell.error as "#N/A" } };
  if ("numberFormat" in cell) {
    return { value: excelValue(cell.value, where, cuts).value, numberFormat: cell.numberFormat };
  }
  throw new TypeError(`${where}: cannot write ${JSON.stringify(cell)} to a cell`);
}

/**
 * The created and modified dates written into the workbook's core properties: now, or the
 * fixed instant SOURCE_DATE_EPOCH gives (seconds since 1970, the reproducible-builds convention),
 * so that regenerating a committed sample changes nothing.
 */
export function documentDate(env: NodeJS.ProcessEnv = process.env): Date {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch.trim() === "") return new Date();
  if (!/^\d+$/.test(epoch.trim())) throw new RangeError(`SOURCE_DATE_EPOCH must be whole seconds since 1970, not ${JSON.stringify(epoch)}`);
  return new Date(Number(epoch.trim()) * 1000);
}

/**
 * Is this a reproducible run (SOURCE_DATE_EPOCH set)? Its output then records nothing of the
 * machine it was made on: no full path, as no clock time.
 */
export function isReproducibleRun(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.SOURCE_DATE_EPOCH ?? "").trim() !== "";
}

function defaultWidth(column: XlsxColumn): number {
  const kind = column.kind ?? "text";
  return Math.min(MAX_DEFAULT_WIDTH, Math.max(column.header.length + 2, KIND_WIDTHS[kind]));
}

/** The widest a fitted column grows, in characters (a long note wraps on screen rather than widening the page). */
const MAX_FITTED_WIDTH = 60;

/** How wide a cell's value shows, in characters, near enough to fit a column to it. */
function shownLength(cell: unknown): number {
  if (cell === null || cell === undefined) return 0;
  if (typeof cell === "string") return cell.length;
  // Money and dates show a little wider than their digits ($, thousands separators).
  if (typeof cell === "number") return String(cell).length + 4;
  if (typeof cell === "boolean") return 5;
  if (cell instanceof Date) return 10;
  if (isNumericText(cell)) return cell.numeric.length + 4;
  if (isFormulaCell(cell)) return shownLength(cell.result);
  if (isExcelErrorValue(cell)) return cell.error.length;
  if (typeof cell === "object" && "value" in cell) return shownLength((cell as XlsxFormattedCell).value);
  return 0;
}

/**
 * The layout with each column that has no width of its own fitted to its header and the given
 * rows (a streamed sheet passes its first rows; a whole sheet all of them).
 */
export function fitColumns<T extends XlsxSheetLayout>(layout: T, rows: Iterable<readonly unknown[]>): T {
  const longest = layout.columns.map((column) => column.header.length);
  for (const row of rows) {
    row.forEach((cell, index) => {
      if (index < longest.length) longest[index] = Math.max(longest[index], shownLength(cell));
    });
  }
  const columns = layout.columns.map((column, index) =>
    column.width !== undefined ? column : { ...column, width: Math.min(MAX_FITTED_WIDTH, Math.max(defaultWidth(column), longest[index] + 2)) },
  );
  return { ...layout, columns };
}

/**
 * Print setup of every sheet we write: landscape, one page wide (as many pages down as it takes),
 * the header row repeated on each page; and on screen the header row and first column frozen.
 */
function sheetOptions(layout: XlsxSheetLayout): Partial<AddWorksheetOptions> {
  const options = printSetupOptions(headerRowOf(layout));
  return layout.columns.some((column) => column.detail === true) ? { ...options, properties: { outlineLevelCol: 1 } } : options;
}

/** PRINT_SETUP as exceljs takes it, for a sheet whose header is `headerRow` (the samples' quote sheet too). */
export function printSetupOptions(headerRow: number): Pick<AddWorksheetOptions, "views" | "pageSetup"> {
  return {
    views: [{ state: "frozen", xSplit: PRINT_SETUP.frozenColumns, ySplit: headerRow }],
    pageSetup: {
      orientation: PRINT_SETUP.orientation,
      fitToPage: true,
      fitToWidth: PRINT_SETUP.pagesWide,
      fitToHeight: PRINT_SETUP.pagesTall,
      printTitlesRow: `${headerRow}:${headerRow}`,
    },
  };
}

/** The autofilter over the header and the rows written (added when the last row is known). */
function addAutoFilter(sheet: Worksheet, layout: XlsxSheetLayout, lastRow: number): void {
  const header = headerRowOf(layout);
  if (layout.columns.length === 0) return;
  sheet.autoFilter = { from: { row: header, column: 1 }, to: { row: Math.max(header, lastRow), column: layout.columns.length } };
}

/** Adds a sheet with the layout's widths, print setup, frozen header row and first column, and styled header. */
function startLayout(workbook: Workbook, layout: XlsxSheetLayout, cuts: CutCells): Worksheet {
  checkSheetName(layout.name);
  if (layout.columns.length > MAX_XLSX_COLUMNS) {
    throw new OutputLimitError(
      `sheet ${JSON.stringify(layout.name)} would have ${layout.columns.length.toLocaleString("en-US")} columns, and Excel holds ${MAX_XLSX_COLUMNS.toLocaleString("en-US")}: write a .csv output instead, or remove columns from the input`,
    );
  }
  if (layout.highlightRowsWhereTrue !== undefined) {
    const flag = layout.highlightRowsWhereTrue.flagColumn;
    if (!Number.isInteger(flag) || flag < 0 || flag >= layout.columns.length) {
      throw new RangeError(`sheet ${JSON.stringify(layout.name)}: flag column ${flag} is not one of its ${layout.columns.length} columns`);
    }
  }
  // Views and page setup go in at creation: the streaming worksheet has no setter for them.
  const sheet = workbook.addWorksheet(layout.name, sheetOptions(layout));
  sheet.columns = layout.columns.map((column) => ({ width: column.width ?? defaultWidth(column), ...(column.detail === true ? { outlineLevel: 1, hidden: true } : {}) }));
  for (const [index, texts] of (layout.preamble ?? []).entries()) {
    const row = sheet.addRow(texts.map((text, column) => checkedText(text, `sheet ${JSON.stringify(layout.name)} cell ${columnLetters(column + 1)}${index + 1}`, cuts)));
    if (index === 0) row.font = { bold: true, size: 14 };
    row.commit();
  }
  const headerRow = headerRowOf(layout);
  const header = sheet.addRow(layout.columns.map((column, index) => checkedText(column.header, `sheet ${JSON.stringify(layout.name)} cell ${columnLetters(index + 1)}${headerRow}`, cuts)));
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: HEADER_FILL } };
    cell.border = { bottom: { style: "thin" } };
  });
  header.commit();
  return sheet;
}

function addDataRow(sheet: Worksheet, layout: XlsxSheetLayout, cells: readonly XlsxOutputCell[], rowNumber: number, cuts: CutCells): void {
  if (cells.length > layout.columns.length) {
    throw new RangeError(`sheet ${JSON.stringify(layout.name)} row ${rowNumber}: ${cells.length} cells for ${layout.columns.length} columns`);
  }
  const converted = cells.map((cell, index) => excelValue(cell, `sheet ${JSON.stringify(layout.name)} cell ${columnLetters(index + 1)}${rowNumber}`, cuts));
  const row = sheet.addRow(converted.map((entry) => entry.value));
  converted.forEach((entry, index) => {
    const column = layout.columns[index];
    const format = entry.numberFormat ?? column.numberFormat ?? KIND_FORMATS[column.kind ?? "text"];
    if (format !== undefined && entry.value !== null) {
      const target: Cell = row.getCell(index + 1);
      target.numFmt = format;
    }
  });
  // Writes the row out on a streaming sheet; does nothing on an in-memory one.
  row.commit();
}

/** The conditional format that fills flagged rows; needs the last row, so it is added at the end. */
function addHighlight(sheet: Worksheet, layout: XlsxSheetLayout, lastRow: number): void {
  const highlight = layout.highlightRowsWhereTrue;
  const first = headerRowOf(layout) + 1;
  if (highlight === undefined || lastRow < first) return;
  const flagLetters = columnLetters(highlight.flagColumn + 1);
  sheet.addConditionalFormatting({
    ref: `A${first}:${columnLetters(layout.columns.length)}${lastRow}`,
    rules: [
      {
        type: "expression",
        priority: 1,
        // Relative row, absolute column: each row looks at its own flag cell.
        formulae: [`$${flagLetters}${first}=TRUE`],
        style: {
          fill: { type: "pattern", pattern: "solid", bgColor: { argb: highlight.fillArgb ?? DEFAULT_HIGHLIGHT_FILL } },
          font: { color: { argb: highlight.fontArgb ?? DEFAULT_HIGHLIGHT_FONT } },
        },
      },
    ],
  });
}

/**
 * Writes a workbook held in memory, one sheet per entry, through safe-output: an existing file
 * is refused unless `force`, and nothing appears under `filePath` until it is complete. For
 * 100,000 rows and more use XlsxStreamWriter. Returns the cells whose text had to be cut.
 */
export async function writeXlsxWorkbook(filePath: string, sheets: readonly XlsxSheet[], options: OutputOptions = {}): Promise<CutCells> {
  // Opened first so an existing file is refused before any work is done.
  const output = await openOutput(filePath, options);
  try {
    const workbook = new (loadExcelJs().Workbook)();
    workbook.created = workbook.modified = documentDate();
    const cuts = new CutCells();
    for (const given of sheets) {
      const rows = [...given.rows];
      const layout = fitColumns(given, rows);
      const sheet = startLayout(workbook, layout, cuts);
      let rowNumber = headerRowOf(layout);
      for (const cells of rows) {
        rowNumber += 1;
        addDataRow(sheet, layout, cells, rowNumber, cuts);
      }
      addHighlight(sheet, layout, rowNumber);
      addAutoFilter(sheet, layout, rowNumber);
    }
    // A buffer rather than exceljs's stream writer: its promise settles before the bytes have
    // all reached the stream, and the in-memory workbook is the larger cost anyway.
    const bytes = await workbook.xlsx.writeBuffer();
    output.stream.end(new Uint8Array(bytes));
    await output.commit();
    return cuts;
  } catch (error) {
    await output.discard();
    throw error;
  }
}

// exceljs's stream writer gives no backpressure of its own: rows go into its zip stream as fast
// as they are added. Yielding to the event loop every so many cells lets compression keep pace
// (measured: with 10-cell rows, every 1,000 rows let the zip input grow without bound, every
// 25 kept it empty).
const CELLS_BETWEEN_YIELDS = 256;
// See XlsxStreamWriter.write: how often the streaming sheet's formula table is emptied.
const ROWS_BETWEEN_FORMULA_RESETS = 1_000;

/**
 * Writes a large workbook row by row with exceljs's streaming writer: committed rows leave
 * memory. Same layout, formats, frozen header and highlight as writeXlsxWorkbook, same
 * safe-output rules; the file appears under its name only on `close()`.
 */
export class XlsxStreamWriter {
  private readonly output: PendingOutput;
  private readonly workbook: excelStream.xlsx.WorkbookWriter;
  private layout: XlsxSheetLayout;
  private sheet: Worksheet;
  private lastRow = 1;
  private cellsSinceYield = 0;
  private closed = false;
  /** The cells whose text had to be cut (the caller reports them). */
  readonly cutCells = new CutCells();

  private constructor(output: PendingOutput, layout: XlsxSheetLayout) {
    this.output = output;
    // Inline strings instead of a shared-string table, which would grow with every distinct text.
    const created = documentDate();
    // created and modified are WorkbookWriter options that exceljs's typings leave out.
    const options = { stream: output.stream, useStyles: true, useSharedStrings: false, created, modified: created };
    this.workbook = new (loadExcelJs().stream.xlsx.WorkbookWriter)(options as Partial<excelStream.xlsx.WorkbookStreamWriterOptions>);
    this.layout = layout;
    this.sheet = startLayout(this.workbook, layout, this.cutCells);
    this.lastRow = headerRowOf(layout);
  }

  static async open(filePath: string, firstSheet: XlsxSheetLayout, options: OutputOptions = {}): Promise<XlsxStreamWriter> {
    const output = await openOutput(filePath, options);
    try {
      return new XlsxStreamWriter(output, firstSheet);
    } catch (error) {
      await output.discard();
      throw error;
    }
  }

  /** Data rows written to the current sheet. */
  get rowsWritten(): number {
    return this.lastRow - headerRowOf(this.layout);
  }

  async write(cells: readonly XlsxOutputCell[]): Promise<void> {
    if (this.closed) throw new Error("xlsx writer is already closed");
    assertWritable(this.output.stream);
    const rowNumber = this.lastRow + 1;
    // Throws before adding anything if the row is bad, so the count stays right.
    addDataRow(this.sheet, this.layout, cells, rowNumber, this.cutCells);
    this.lastRow = rowNumber;
    if (this.lastRow % ROWS_BETWEEN_FORMULA_RESETS === 0) this.forgetWrittenFormulas();
    this.cellsSinceYield += Math.max(1, cells.length);
    if (this.cellsSinceYield >= CELLS_BETWEEN_YIELDS) {
      this.cellsSinceYield = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
      // The file itself is slower than the zip: wait for the disk rather than buffer in memory.
      if (this.output.stream.writableNeedDrain) await drained(this.output.stream);
    }
  }

  /** Finishes the current sheet (with its highlight) and continues on a new one. */
  startSheet(layout: XlsxSheetLayout): void {
    if (this.closed) throw new Error("xlsx writer is already closed");
    this.finishSheet();
    this.layout = layout;
    this.sheet = startLayout(this.workbook, layout, this.cutCells);
    this.lastRow = headerRowOf(layout);
  }

  /** Completes the workbook and publishes the file under its final name. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      this.finishSheet();
      await this.workbook.commit();
      await this.output.commit();
    } catch (error) {
      await this.output.discard();
      throw error;
    }
  }

  /** Gives up: the partial file is removed and the final name never touched. */
  async abort(): Promise<void> {
    this.closed = true;
    await this.output.discard();
  }

  private finishSheet(): void {
    addHighlight(this.sheet, this.layout, this.lastRow);
    addAutoFilter(this.sheet, this.layout, this.lastRow);
    this.sheet.commit();
  }

  /**
   * exceljs's streaming sheet keeps every formula cell it has written in a private table
   * (`_formulae`), there only so later shared-formula clones can find their master. We never
   * write shared formulas, so the table is pure growth (about 100 bytes per formula cell,
   * hundreds of MB for a million rows); emptying it keeps memory flat. Guarded so that an
   * exceljs without the table is simply left alone.
   */
  private forgetWrittenFormulas(): void {
    const internals = this.sheet as unknown as { _formulae?: Record<string, unknown> };
    if (typeof internals._formulae === "object" && internals._formulae !== null) internals._formulae = {};
  }
}
