/**
 * What `reconcile` and `batch` share: the table file in (CSV streamed, or an .xlsx sheet), the
 * column mapping from headers and --map, the board rates file, the table file out (CSV streamed,
 * or .xlsx through the streaming writer) and the report of skipped rows. Converts only; the
 * reconciliation layer (src/reconcile) maps and compares, the engine prices.
 */
import fs from "node:fs";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { BOARD_FEES, BOARD_FEES_CLAUSE, boardFeesFor, excelSerialToIso, isoToExcelSerial, isPilotageInputError, sectionsNote, settingsNotDefault } from "../engine";
import {
  BILLED_FIELDS,
  ColumnMapping,
  describeMapping,
  describeUnused,
  MalformedRow,
  DateFormat,
  cellText,
  findTable,
  guessSample,
  GUESS_SAMPLE_ROWS,
  HEADER_SEARCH_ROWS,
  HeaderTry,
  MappingError,
  readBilledAmount,
  readTableDate,
  rowRanges,
  TablePlan,
  TotalsRows,
  BilledCells,
  readBilledCells,
  type ExcludedRowsSummary,
  TablePurpose,
} from "../reconcile";
import { BOARD_RATE_COLUMN_LETTERS, BOARD_RATES_FORMAT } from "../request/board-rates-file";
import {
  CsvWriter,
  fitColumns,
  InputFileError,
  isFormulaWithoutValue,
  JsonLinesWriter,
  numericText,
  readCsvRowBatches,
  openXlsxSheet,
  refuseExistingOutput,
  xlsxSheetNames,
  sameFile,
  XlsxStreamWriter,
  type CsvEncoding,
  type CsvRowError,
  type ExcelErrorValue,
  type FormulaCell,
  type NumericText,
  type XlsxCellValue,
  type XlsxSheet,
  type XlsxSheetLayout,
} from "../workbook";
import { CliIo, UsageError } from "./io";
import { ProgressBar } from "./progress";
import { excludedRowJson, inputKeys, malformedRowJson, rowInputJson, withLine } from "../request/row-json";
import { boardRatesOf, planTableReading, TABLE_READING_OPTIONS, tableReading } from "../request/table-reading";

export type TableFileKind = "csv" | "xlsx";

/** What -o writes: a table file, or JSON Lines (one object per row, src/request/row-json.ts). */
export type OutputKind = TableFileKind | "jsonl";

const OUTPUT_KINDS: readonly OutputKind[] = ["csv", "xlsx", "jsonl"];

/** "-" for the input is standard input; for -o, standard output. */
export const STANDARD_STREAM = "-";

/** A cell on its way out, written the same by the CSV and the xlsx writer. */
export type OutCell = string | number | boolean | null | NumericText | ExcelErrorValue | FormulaCell;

/** The flags `reconcile` and `batch` both take. */
export const TABLE_OPTIONS = {
  output: { type: "string", short: "o" },
  format: { type: "string" },
  map: { type: "string", multiple: true },
  encoding: { type: "string" },
  sheet: { type: "string" },
  "header-row": { type: "string" },
  force: { type: "boolean" },
  json: { type: "boolean" },
  help: { type: "boolean" },
  ...TABLE_READING_OPTIONS,
} as const;

export const BOARD_RATES_HELP = `Board rates file (--board-rates rates.csv): both of the boards' dated tables in one CSV,
one row per date; the header row names the amount columns by letter (a, b, c, as below) or by
name in any order (launch, communication, mid-river; 0-50, 51-100, per unit), and a name it
cannot place is refused; with no header row they are read by position (quote and call say so).
Rows may come in any order, and each row applies from its date until the next row of the table:
    ${BOARD_RATES_FORMAT}
    fees,2024-01-01,310.00,45.50,125.25
    surcharge,2020-11-20,300.00,360.00,3.60
  fees${wrappedText(`${BOARD_FEES.map((fee, index) => `${BOARD_RATE_COLUMN_LETTERS[index]} ${fee.what}${sectionsNote(fee, true)}`).join(", ")}, set by the board of commissioners of pilots (${BOARD_FEES_CLAUSE}); a blank or 0 fee is "not entered", never invented`, 13).slice(6)}
  surcharge  a 0-50 units, b 51-100 units, c per unit over 100 (each required, none 0), set
             by the surcharge board (§ 89-a(4)(b)(1-c)(iii)); needed for dates after the statutory
             surcharge periods (2015-11-20 to 2020-11-19 with the default act effective date)
Or a workbook (--board-rates book.xlsx) whose "Board rates" sheet the task pane or
reconcile -o out.xlsx wrote: its two tables are read as the NYPILOT formulas read them.
`;

/** The help's words on "-" and on JSON Lines, for batch and reconcile. */
export function streamsHelp(purpose: TablePurpose): string {
  const reconciliation =
    purpose === "reconcile"
      ? ', and "billed" and "variances" (by billed field), "variance" (billed − computed), "flag", "status" (matched, variance or not checked) and "note"; a totals row left out is {"row","input","excluded"}'
      : "";
  const text =
    'Standard streams and JSON Lines: the input "-" is CSV read from standard input; -o - writes to standard output ' +
    "(CSV without a byte order mark, or JSON Lines with --format jsonl), and the summary then goes to stderr. " +
    'JSON Lines (-o out.jsonl, or --format jsonl) has one object per row: "row" (its row number, as a spreadsheet numbers the input\'s rows), "line" (for a CSV, the line it starts on), ' +
    '"input" (its cells by header), then the quote as quote --json prints it (every line with amount and citation, ' +
    `"total", "complete")${reconciliation}. A row that cannot be read or quoted is {"row","error":{"code","field","message"}} ` +
    '(with "input" when its cells were read).';
  return `${wrapped(text.split(" "), 0, 96)}
`;
}

/** A paragraph of help in lines of at most `width` characters, each line indented. */
export function wrappedText(text: string, indent = 0, width = 96): string {
  return wrapped(text.split(" "), indent, width);
}

/** "; Section 1: no mid-river launch": the board fees a section's transits do not pay, for help. */
export function feesNotPaidHelp(): string {
  return ([1, 2] as const)
    .map((section) => ({ section, unpaid: BOARD_FEES.filter((fee) => !boardFeesFor(section).includes(fee)) }))
    .filter(({ unpaid }) => unpaid.length > 0)
    .map(({ section, unpaid }) => `; Section ${section}: no ${unpaid.map((fee) => fee.shortLabel.toLowerCase()).join(", ")}`)
    .join("");
}

/** Words in lines of at most `width` characters, each line indented. */
function wrapped(words: readonly string[], indent: number, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line !== "" && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines.map((text) => " ".repeat(indent) + text).join("\n");
}

/** The options that say how an input table is read, the same for reconcile and batch: one text for both helps. */
export const TABLE_READING_HELP = `  --map COLUMN=FIELD       set or correct a column's meaning (repeatable; see below)
  --unit ft|m|in           unit of plain-number measurements
  --date-format FORMAT     how slash dates are written: MM/DD/YYYY (default), DD/MM/YYYY, YYYY-MM-DD
                           (MM/DD/YY and DD/MM/YY too; a two-digit year is read as Excel does:
                           00-29 as 20xx, 30-99 as 19xx)
  --encoding utf-8|windows-1252
                           a CSV's text encoding (default: UTF-8, or Windows-1252 when the file
                           is not UTF-8, said in the summary)
  --sheet NAME             the sheet of an .xlsx input (default: the one whose table reads best)
  --header-row N           the row that names the columns (default: found among the first 30)`;

export const MAP_HELP = `The table is found as a person would: the header row among the first 30 rows (a title or a
period above it is left out; group headers over merged cells are joined), in a workbook the sheet
whose table reads best; --header-row N and --sheet NAME say where it is instead.
Columns are found from their headers (any case; synonyms and short forms such as LOA, beam, Mld
depth, pilotage units, river, Sect, transit date, Hrs, invoice total, Amt due, Surch, 2nd Plt,
mid-river launch) and their values (hours are small numbers, a section 1, 2, Lower or Upper; a
running total is never an amount). Correct or complete the
guess with --map COLUMN=FIELD (repeatable), COLUMN being a header or a column letter, FIELD one of
  vessel units length breadth depth unit section date hours relieved anchored
${wrapped(BILLED_FIELDS, 2, 96)}      or ignore (do not use the column)
Columns are guessed from their values too: a column of identifiers (invoice numbers, references)
is never an amount. When two columns are equally likely, or none fits, the run stops naming the
--map that settles it; --map COLUMN=ignore leaves a column out and guesses again.
Dates: slash dates are month/day/year unless --date-format DD/MM/YYYY (or YYYY-MM-DD) says
otherwise; 2026-06-15, 2026-06-15T00:00:00, 15-Jun-2026, Jun 15, 2026 and Excel date numbers are
read too; a file whose first rows write dates day first (15/06/2026) is refused until
--date-format says how. Rows labelled Total, Subtotal or Grand total, page lines ("Page 1 of 2"),
a header row repeated atop a page and the report's title repeated are excluded, named and
counted, never flagged or quoted. A CSV is separated by commas, or by tabs (Excel's "Unicode
Text", said in the summary); one separated by semicolons is refused with the fix.
Measurements are in feet unless the cells say otherwise (600' 6", 182.88 m), a header names the
unit ("LOA (m)"), a unit column is mapped, or --unit ft|m|in is given.
`;


export function tableFileKind(filePath: string, role: "input" | "output"): TableFileKind {
  if (filePath === STANDARD_STREAM && role === "input") return "csv";
  const extension = path.extname(filePath).toLowerCase();
  if (extension === ".csv") return "csv";
  if (extension === ".xlsx") return "xlsx";
  // Excel saves "Unicode Text" and "Text (Tab delimited)" as .txt: delimited text, read as a CSV is (its separator sniffed).
  if (role === "input" && (extension === ".txt" || extension === ".tsv")) return "csv";
  throw new UsageError(`The ${role} ${JSON.stringify(filePath)} must be a ${role === "input" ? ".csv (or tab-separated .txt, .tsv)" : ".csv"} or .xlsx file.`);
}

/**
 * What -o writes: --format when given (a file name whose extension says otherwise is refused),
 * else the name's extension; "-" (standard output) is CSV unless --format says jsonl.
 */
export function outputKindOf(outputPath: string, format: string | undefined): OutputKind {
  const extension = path.extname(outputPath).toLowerCase().slice(1);
  const named = outputPath === STANDARD_STREAM ? null : OUTPUT_KINDS.find((kind) => kind === extension) ?? null;
  let kind: OutputKind;
  if (format !== undefined) {
    const given = OUTPUT_KINDS.find((k) => k === format.trim().toLowerCase());
    if (given === undefined) throw new UsageError(`--format takes ${OUTPUT_KINDS.join(", ")}, not ${JSON.stringify(format)}.`, "format");
    if (named !== null && named !== given) {
      throw new UsageError(`--format ${given} and the output ${JSON.stringify(outputPath)} disagree: name the output .${given}, or leave --format out.`, "format");
    }
    kind = given;
  } else if (outputPath === STANDARD_STREAM) {
    kind = "csv";
  } else if (named === null) {
    throw new UsageError(`The output ${JSON.stringify(outputPath)} must be a .csv, .xlsx or .jsonl file (or give --format).`, "output");
  } else kind = named;
  if (kind === "xlsx" && outputPath === STANDARD_STREAM) {
    throw new UsageError("An .xlsx workbook cannot be written to standard output: give its file name, or write CSV or JSON Lines to -o -.", "output");
  }
  return kind;
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface TableRow {
  readonly rowNumber: number;
  /** A CSV row's line in the file, where it differs from rowNumber (after a quoted line break). */
  readonly line?: number;
  readonly cells: readonly unknown[];
  /** An .xlsx input's formulas (without "="), per column, where the row has any. */
  readonly formulas?: readonly (string | null)[];
}

/** A row that could not be read: a CSV reader's row error, passed on as it is, with its row number. */
export type MalformedItem = CsvRowError;

export type TableItem = TableRow | MalformedItem;

export function isMalformed(item: TableItem): item is MalformedItem {
  return "error" in item;
}

export interface TableInput {
  readonly path: string;
  readonly kind: TableFileKind;
  /** The header row, as text (joined to the group headers above it, where there are any). */
  readonly header: readonly string[];
  /** Columns of the original table (at least the header's). */
  readonly width: number;
  /** The first data rows' cells, for guessing the columns from their values. */
  readonly sample: readonly (readonly unknown[])[];
  /** Data rows and malformed rows, in file order, some hundreds at a time (one async step a batch, not a row). */
  batches(): AsyncIterable<readonly TableItem[]>;
  /** How far reading has got, 0–1. */
  progress(): number;
  /** What reading the file found worth telling (read as Windows-1252), complete once every row is read. */
  readonly readingNotes: readonly string[];
  /** Where the table is: its sheet, its header row, and what was tried to find it. */
  readonly place: TablePlace;
  /** The lines above the header holding one cell of text (a title, a report period), which a printout repeats atop each page. */
  readonly titles: readonly string[];
  /** Stops reading early (after a mapping error, say); reading to the end closes the file by itself. */
  close(): Promise<void>;
}

/** Where a table was found in its file, said in the summary and in a refusal. */
export interface TablePlace {
  /** The workbook's sheet; null for a CSV. */
  readonly sheet: string | null;
  readonly headerRow: number;
  /** The group-header row joined to the header, if any. */
  readonly groupRow: number | null;
  /** "given": --header-row; "found": the best of the first rows; "first": no row named a field, so the first is shown. */
  readonly how: "given" | "found" | "first";
  /** The rows tried as the header, by number. */
  readonly rowsTried: readonly number[];
  /** For a workbook read without --sheet: every sheet looked at and where its table reads best (null: none found). */
  readonly sheetsTried: readonly { readonly sheet: string; readonly headerRow: number | null; readonly fields: number }[];
  /** Whether the sheet was chosen among several (no --sheet given). */
  readonly sheetChosen: boolean;
}

/** Where the table is, in the summary's words: `sheet "Invoices" (of 2, the one whose table reads best), header row 3 (found among rows 1–30)`. */
export function tablePlaceText(place: TablePlace): string {
  const parts: string[] = [];
  if (place.sheet !== null) {
    const others = place.sheetsTried.length;
    parts.push(`sheet ${JSON.stringify(place.sheet)}${place.sheetChosen && others > 1 ? ` (of ${others} sheets, the one whose table reads best; --sheet chooses another)` : ""}`);
  }
  const group = place.groupRow === null ? "" : ` joined to the group headers of row ${place.groupRow}`;
  const how = place.how === "given" ? " (--header-row)" : place.how === "found" ? ` (found among the first ${HEADER_SEARCH_ROWS} rows; --header-row chooses another)` : " (no row named a field)";
  parts.push(`header row ${place.headerRow}${group}${how}`);
  return parts.join(", ");
}

/** Where the table is, for --json: sheet (null for a CSV), headerRow, groupRow, how it was chosen, what was tried. */
export function tablePlaceJson(place: TablePlace): object {
  return { sheet: place.sheet, headerRow: place.headerRow, groupRow: place.groupRow, headerRowChosen: place.how, rowsTried: place.rowsTried, sheetsTried: place.sheetsTried };
}

/** A table anywhere but under a header in row 1 of the only sheet is worth a line of the summary. */
export function placeWorthSaying(place: TablePlace): boolean {
  return place.headerRow !== 1 || place.groupRow !== null || place.how === "given" || (place.sheetChosen && place.sheetsTried.length > 1);
}

function rowsTriedText(rows: readonly number[]): string {
  if (rows.length === 0) return "no rows";
  return rows.length === 1 ? `row ${rows[0]}` : `rows ${rowRanges(rows)}`;
}

/** What a refusal adds when the columns cannot be mapped: where the table was looked for, and the three ways to say. */
export function tablePlaceHelp(place: TablePlace): string {
  const sheets =
    place.sheetsTried.length > 1
      ? ` Sheets tried: ${place.sheetsTried.map((tried) => `${JSON.stringify(tried.sheet)} (${tried.headerRow === null ? "no header row found" : `row ${tried.headerRow}, ${tried.fields} ${tried.fields === 1 ? "field" : "fields"}`})`).join(", ")}.`
      : "";
  return `The header was read from ${tablePlaceText(place)}; rows tried: ${rowsTriedText(place.rowsTried)}.${sheets} Say where the table is with --sheet NAME or --header-row N, or what a column holds with --map.`;
}

/** The rows read ahead: enough to find the header among the first rows and guess the columns from the rows under it. */
const LOOK_AHEAD_ROWS = HEADER_SEARCH_ROWS + GUESS_SAMPLE_ROWS;

/** The first items (whole batches, at least `rows` unless the table is shorter), read ahead; replayed() gives them again. */
async function readAhead(batches: AsyncIterator<readonly TableItem[]>, ahead: TableItem[] = [], rows = GUESS_SAMPLE_ROWS): Promise<TableItem[]> {
  while (ahead.length < rows) {
    const next = await batches.next();
    if (next.done) break;
    ahead.push(...next.value);
  }
  return ahead;
}

/** The cells of the first rows read ahead, page furniture and malformed rows left out (guessSample). */
function sampleCells(ahead: readonly TableItem[], header: readonly string[]): (readonly unknown[])[] {
  return guessSample(
    ahead.flatMap((item) => (isMalformed(item) ? [] : [item.cells])),
    header,
  );
}

async function* replayed(ahead: readonly TableItem[], batches: AsyncIterator<readonly TableItem[]>): AsyncGenerator<readonly TableItem[]> {
  if (ahead.length > 0) yield ahead;
  for (let next = await batches.next(); !next.done; next = await batches.next()) yield next.value;
}

/** Items read one at a time (an .xlsx sheet's rows), as batches of one. */
async function* oneByOne(items: AsyncIterable<TableItem>): AsyncGenerator<readonly TableItem[]> {
  for await (const item of items) yield [item];
}

/** A CSV row of empty fields only (",,,,", as spreadsheets save a blank row) is no row, as a blank line is none. */
function isEmptyRow(item: TableItem): boolean {
  return !isMalformed(item) && item.cells.every((cell) => typeof cell === "string" && cell.trim() === "");
}

async function* withoutEmptyRows(batches: AsyncIterable<readonly TableItem[]>): AsyncGenerator<readonly TableItem[]> {
  for await (const batch of batches) {
    const kept = batch.some(isEmptyRow) ? batch.filter((item) => !isEmptyRow(item)) : batch;
    if (kept.length > 0) yield kept;
  }
}

/** A CSV row whose field count is not the header's, as the reader reports it: its error, naming the file's line where that differs from the row. */
function wrongWidth(item: TableRow, width: number): MalformedItem {
  const count = item.cells.length;
  const error = `has ${count} ${count === 1 ? "field" : "fields"}; the header has ${width}`;
  return item.line === undefined ? { rowNumber: item.rowNumber, error } : { rowNumber: item.rowNumber, line: item.line, error: `${error} (line ${item.line})` };
}

/** One filled cell and fewer than the header's: a CSV line of one field, as the reader gives one (readCsvRows) for the caller to name. */
function isOneFieldLine(item: TableRow, width: number): boolean {
  return item.cells.length < width && item.cells.filter((cell) => cellText(cell) !== "").length === 1;
}

/** A row whose field count is not the header's, as the CSV reader reports one (standard input is read once, its counts checked here). */
async function* widthChecked(batches: AsyncIterable<readonly TableItem[]>, width: number): AsyncGenerator<readonly TableItem[]> {
  for await (const batch of batches) {
    yield batch.map((item): TableItem => (isMalformed(item) || item.cells.length === width || isOneFieldLine(item, width) ? item : wrongWidth(item, width)));
  }
}

/** The lines above the header that hold one cell of text: a report's title and period, which a printout repeats atop its pages. */
function titlesAbove(ahead: readonly TableItem[], headerRow: number): string[] {
  return ahead.flatMap((item) => {
    if (isMalformed(item) || item.rowNumber >= headerRow) return [];
    const filled = item.cells.map(cellText).filter((text) => text !== "");
    return filled.length === 1 && /\p{L}/u.test(filled[0]) ? [filled[0]] : [];
  });
}

/** Where the table is among the rows read ahead: the header given (--header-row) or found, or the first row when none names a field. */
function locate(ahead: readonly TableItem[], headerRow: number | undefined, purpose: TablePurpose, name: string, sheet: string | null): { found: HeaderTry; how: TablePlace["how"]; rowsTried: number[] } {
  const rows = ahead.filter((item): item is TableRow => !isMalformed(item));
  const found = findTable(rows, { headerRow, purpose });
  const rowsTried = found.tried.map((tried) => tried.rowNumber);
  if (found.best !== null) return { found: found.best, how: headerRow === undefined ? "found" : "given", rowsTried };
  if (headerRow !== undefined) {
    const where = sheet === null ? JSON.stringify(name) : `${JSON.stringify(name)} sheet ${JSON.stringify(sheet)}`;
    throw new UsageError(`--header-row ${headerRow}: ${where} has no row ${headerRow} among its first ${HEADER_SEARCH_ROWS} rows that hold anything.`, "header-row");
  }
  const first = rows[0];
  if (first === undefined) {
    throw new InputFileError(name, `${sheet === null ? JSON.stringify(name) : `${JSON.stringify(name)} sheet ${JSON.stringify(sheet)}`} has no rows to read: it needs a header row and rows of transits.`);
  }
  return { found: { rowNumber: first.rowNumber, groupRowNumber: null, headers: first.cells.map(cellText), fields: [], score: 0 }, how: "first", rowsTried };
}

/** --encoding: "utf-8" or "windows-1252" (also "utf8", "cp1252", "latin1"). */
export function parseEncoding(text: string | undefined): CsvEncoding | undefined {
  if (text === undefined) return undefined;
  const key = text.trim().toLowerCase().replace(/[\s_]/g, "-");
  if (key === "utf-8" || key === "utf8") return "utf-8";
  if (["windows-1252", "cp1252", "cp-1252", "latin1", "latin-1", "iso-8859-1", "ansi"].includes(key)) return "windows-1252";
  throw new UsageError(`--encoding ${JSON.stringify(text)} is not one this reads: give utf-8 or windows-1252.`, "encoding");
}

/** --header-row N: a row number, 1 for the first. */
export function parseHeaderRow(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const row = Number(text.trim());
  if (!Number.isInteger(row) || row < 1 || row > HEADER_SEARCH_ROWS) {
    throw new UsageError(`--header-row ${JSON.stringify(text)} must be a row number from 1 to ${HEADER_SEARCH_ROWS} (the row that names the columns).`, "header-row");
  }
  return row;
}

/** How a table file is opened: the sheet and header row when given, the encoding, the purpose (what makes a table complete). */
export interface TableOpening {
  readonly sheet?: string;
  readonly headerRow?: number;
  readonly encoding?: CsvEncoding;
  readonly purpose?: TablePurpose;
}

/**
 * CSV from a byte stream of known size (for the progress bar) or unknown (standard input). The
 * first rows are read with any field count to find the header row; a file is then read again
 * with the header's count required of every row after it (so a broken quote costs one row, as
 * the reader promises), standard input (read once) has its counts checked as it goes.
 */
async function csvInputFrom(name: string, open: () => fs.ReadStream | Readable, size: number | null, opening: TableOpening, reopen: boolean): Promise<TableInput> {
  const readingNotes: string[] = [];
  const tell = (note: string) => {
    if (!readingNotes.includes(note)) readingNotes.push(note);
  };
  const onEncoding = () => tell(`${JSON.stringify(name)} is not UTF-8: it was read as Windows-1252 (Excel's plain "CSV (Comma delimited)"); give --encoding utf-8 to refuse such a file instead.`);
  // Tabs have no number format of their own to mistake, unlike semicolons (refused by the reader): read, and said.
  const onSeparator = () => tell(`${JSON.stringify(name)} is separated by tabs, not commas (Excel's "Unicode Text", or a TSV): it was read so.`);
  const { encoding } = opening;
  let stream = open();
  let batches: AsyncIterator<readonly TableItem[]> = readCsvRowBatches(stream, { encoding, onEncoding, onSeparator, fieldCountRow: Infinity })[Symbol.asyncIterator]();
  let ahead: TableItem[];
  let located: ReturnType<typeof locate>;
  try {
    ahead = await readAhead(batches, [], LOOK_AHEAD_ROWS);
    if (ahead.length === 0) throw new InputFileError(name, `${JSON.stringify(name)} is empty: it needs a header row and rows of transits.`);
    located = locate(ahead, opening.headerRow, opening.purpose ?? "reconcile", name, null);
  } catch (error) {
    await batches.return?.(undefined);
    throw error;
  }
  const headerRow = located.found.rowNumber;
  const titles = titlesAbove(ahead, headerRow);
  // The header row's own field count: the rows after it must have it (a wider row is malformed, as the reader says).
  const headerItem = ahead.find((item): item is TableRow => !isMalformed(item) && item.rowNumber === headerRow);
  const width = headerItem?.cells.length ?? located.found.headers.length;
  let rest: AsyncGenerator<readonly TableItem[]>;
  if (reopen) {
    await batches.return?.(undefined);
    stream = open();
    batches = readCsvRowBatches(stream, { encoding, onEncoding, onSeparator, fieldCountRow: headerRow })[Symbol.asyncIterator]();
    ahead = await readAhead(batches, [], LOOK_AHEAD_ROWS);
    rest = withoutEmptyRows(replayed(ahead.filter((item) => item.rowNumber > headerRow), batches));
  } else {
    rest = withoutEmptyRows(widthChecked(replayed(ahead.filter((item) => item.rowNumber > headerRow), batches), width));
  }
  const afterHeader = ahead.filter((item) => item.rowNumber > headerRow && !isEmptyRow(item));
  const header = padded(located.found.headers, width);
  return {
    path: name,
    kind: "csv",
    header,
    readingNotes,
    width,
    sample: sampleCells(afterHeader.filter((item) => isMalformed(item) || item.cells.length === width), header),
    batches: () => rest,
    place: { sheet: null, headerRow, groupRow: located.found.groupRowNumber, how: located.how, rowsTried: located.rowsTried, sheetsTried: [], sheetChosen: false },
    titles,
    // Standard input's size is not known: the bar shows rows only, and how far stays 0 until the end.
    progress: () => (size === null ? 0 : size === 0 ? 1 : (stream as fs.ReadStream).bytesRead / size),
    close: async () => {
      await rest.return(undefined);
      await batches.return?.(undefined);
    },
  };
}

function padded(header: readonly string[], width: number): string[] {
  const cells = header.slice(0, width);
  while (cells.length < width) cells.push("");
  return cells;
}

/** The zip signature an .xlsx starts with: such bytes on standard input are refused, not read as CSV. */
const ZIP_SIGNATURE = Buffer.from("PK\x03\x04", "latin1");

/** Standard input, read as CSV ("-" as the input). */
async function stdinInput(stdin: CliIo["stdin"], opening: TableOpening): Promise<TableInput> {
  if (stdin === undefined) throw new UsageError('The input "-" is standard input, and there is none here: give a file name.', "input");
  async function* checked(): AsyncGenerator<Buffer> {
    let first = true;
    for await (const chunk of stdin as AsyncIterable<Uint8Array | string>) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk);
      if (first && bytes.length > 0) {
        first = false;
        if (bytes.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) {
          throw new InputFileError(STANDARD_STREAM, "Standard input holds a zip file (an .xlsx workbook?): standard input is read as CSV; give a workbook by its file name.");
        }
      }
      yield bytes;
    }
  }
  return csvInputFrom(STANDARD_STREAM, () => Readable.from(checked()), null, opening, false);
}

async function csvInput(filePath: string, opening: TableOpening): Promise<TableInput> {
  let size: number;
  try {
    const stats = await fs.promises.stat(filePath);
    if (!stats.isFile()) throw new InputFileError(filePath, `Cannot read ${JSON.stringify(filePath)}: it is not a file`);
    size = stats.size;
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const reason = (error as { code?: unknown }).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new InputFileError(filePath, `Cannot read ${JSON.stringify(filePath)}: ${reason}`);
  }
  // Our own stream, so its bytesRead drives the progress bar.
  return csvInputFrom(filePath, () => fs.createReadStream(filePath), size, opening, true);
}

/** A sheet opened and its first rows read ahead (row 1 among them), to find its table. */
interface OpenedSheet {
  readonly opened: Awaited<ReturnType<typeof openXlsxSheet>>;
  readonly batches: AsyncIterator<readonly TableItem[]>;
  readonly ahead: TableItem[];
}

async function openSheet(filePath: string, sheet: string | undefined): Promise<OpenedSheet> {
  // Streamed within the limits of DEFAULT_XLSX_LIMITS (README, "Limits on .xlsx input").
  const opened = await openXlsxSheet(filePath, { sheet });
  const batches = oneByOne(opened.rows())[Symbol.asyncIterator]();
  try {
    const rowOne: TableItem[] = opened.header.some((text) => text.trim() !== "") ? [{ rowNumber: 1, cells: opened.header }] : [];
    return { opened, batches, ahead: await readAhead(batches, rowOne, LOOK_AHEAD_ROWS) };
  } catch (error) {
    await opened.close();
    throw error;
  }
}

/**
 * A workbook's table: on the sheet given, or else on the sheet whose table reads best (each sheet's
 * first rows tried; the first sheet on a tie), under the header row given or found.
 */
async function xlsxInput(filePath: string, opening: TableOpening): Promise<TableInput> {
  const purpose = opening.purpose ?? "reconcile";
  const sheetsTried: { sheet: string; headerRow: number | null; fields: number }[] = [];
  let chosen: string | undefined = opening.sheet;
  const names = opening.sheet === undefined ? await xlsxSheetNames(filePath) : [];
  if (names.length > 1) {
    let bestScore = -1;
    for (const name of names) {
      const { opened, batches, ahead } = await openSheet(filePath, name);
      await batches.return?.(undefined);
      await opened.close();
      const found = findTable(ahead.filter((item): item is TableRow => !isMalformed(item)), { headerRow: opening.headerRow, purpose });
      const fields = found.best === null ? 0 : new Set(found.best.fields.filter((field) => field !== null)).size;
      sheetsTried.push({ sheet: name, headerRow: found.best?.rowNumber ?? null, fields });
      const score = found.best?.score ?? 0;
      if (score > bestScore) {
        bestScore = score;
        chosen = name;
      }
    }
  }
  const { opened, batches, ahead } = await openSheet(filePath, chosen);
  let located: ReturnType<typeof locate>;
  try {
    located = locate(ahead, opening.headerRow, purpose, filePath, opened.sheetName);
  } catch (error) {
    await batches.return?.(undefined);
    await opened.close();
    throw error;
  }
  const headerRow = located.found.rowNumber;
  const afterHeader = ahead.filter((item) => item.rowNumber > headerRow);
  const header = padded(located.found.headers, opened.width);
  return {
    path: filePath,
    kind: "xlsx",
    header,
    readingNotes: [],
    width: opened.width,
    sample: sampleCells(afterHeader, header),
    batches: () => replayed(afterHeader, batches),
    place: { sheet: opened.sheetName, headerRow, groupRow: located.found.groupRowNumber, how: located.how, rowsTried: located.rowsTried, sheetsTried, sheetChosen: names.length > 1 },
    titles: titlesAbove(ahead, headerRow),
    progress: () => opened.progress(),
    // readAhead started the rows, so ending them closes the sheet (rows() closes it in a finally).
    close: async () => {
      await batches.return?.(undefined);
    },
  };
}

export async function openTableInput(filePath: string, opening: TableOpening, stdin?: CliIo["stdin"]): Promise<TableInput> {
  const kind = tableFileKind(filePath, "input");
  if (kind === "csv" && opening.sheet !== undefined) throw new UsageError("--sheet applies to an .xlsx input only.");
  if (kind === "xlsx" && opening.encoding !== undefined) throw new UsageError("--encoding applies to a .csv input only: a workbook says its own.", "encoding");
  if (filePath === STANDARD_STREAM) return stdinInput(stdin, opening);
  return kind === "csv" ? csvInput(filePath, opening) : xlsxInput(filePath, opening);
}

// ---------------------------------------------------------------------------------------------
// Preparing a run

export interface TableJob {
  readonly input: TableInput;
  readonly plan: TablePlan;
  readonly mapping: ColumnMapping;
  /** -o as given: a file, "-" for standard output, or null. */
  readonly outputPath: string | null;
  readonly outputKind: OutputKind | null;
  readonly boardRatesPath: string | null;
  readonly force: boolean;
}

type TableValues = Record<string, unknown> & {
  output?: string;
  format?: string;
  "board-rates"?: string;
  map?: string[];
  unit?: string;
  "date-format"?: string;
  encoding?: string;
  sheet?: string;
  "header-row"?: string;
  force?: boolean;
};

/** Checks the command line, refuses an existing output, reads the board rates, opens the input and maps its columns. */
export async function prepareTableJob(values: TableValues, positionals: readonly string[], purpose: TablePurpose, io: CliIo): Promise<TableJob> {
  if (positionals.length !== 1) {
    throw new UsageError(positionals.length === 0 ? "Give the input file: a .csv or .xlsx table of transits." : `Give one input file, not ${positionals.length}.`);
  }
  const [inputPath] = positionals;
  tableFileKind(inputPath, "input");
  const outputPath = values.output ?? null;
  if (outputPath === null && values.format !== undefined) {
    throw new UsageError(`--format says what -o writes: give -o FILE, or -o - for standard output.`, "format");
  }
  const outputKind = outputPath === null ? null : outputKindOf(outputPath, values.format);
  const toFile = outputPath !== null && outputPath !== STANDARD_STREAM;
  const fromFile = inputPath !== STANDARD_STREAM;
  if (toFile && fromFile && path.resolve(outputPath) === path.resolve(inputPath)) throw new UsageError("The output file must not be the input file.");
  // The same file under another name: a hard link, a symbolic link, a folder reached through a link.
  if (toFile && fromFile && (await sameFile(inputPath, outputPath))) {
    throw new UsageError("The output file must not be the input file: it is the same file under another name (a link).");
  }
  const reading = tableReading(values);
  const force = values.force === true;
  // Before any work: an existing output is refused now, and again (atomically) when it is published.
  if (toFile) await refuseExistingOutput(outputPath, { force });
  const boardRatesPath = values["board-rates"] ?? null;
  const rates = await boardRatesOf(boardRatesPath);
  const opening: TableOpening = { sheet: values.sheet, headerRow: parseHeaderRow(values["header-row"]), encoding: parseEncoding(values.encoding), purpose };
  const input = await openTableInput(inputPath, opening, io.stdin);
  try {
    const { mapping, plan } = planTableReading(input.header, input.sample, reading, rates, purpose);
    return { input, plan, mapping, outputPath, outputKind, boardRatesPath, force };
  } catch (error) {
    await input.close();
    // A mapping refused says where the header was read from, and how to say where it is.
    if (error instanceof MappingError && (placeWorthSaying(input.place) || input.place.how === "first")) throw new MappingError((door) => `${error.messageIn(door)} ${tablePlaceHelp(input.place)}`);
    throw error;
  }
}

export function mappingLines(job: TableJob): string[] {
  return describeMapping(job.mapping);
}

// ---------------------------------------------------------------------------------------------
// The original cells, on their way out

// A decimal a spreadsheet stores exactly as written: no leading zeros ("007" stays text), at most
// 15 significant digits.
const SPREADSHEET_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const GROUPED_OR_DOLLARS = /^(-?)\$?(-?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$/;

function spreadsheetNumber(text: string): number | null {
  let plain = text.trim();
  if (!SPREADSHEET_NUMBER.test(plain)) {
    const match = GROUPED_OR_DOLLARS.exec(plain);
    if (!match || (match[1] && match[2]) || !(plain.includes("$") || plain.includes(","))) return null;
    plain = `${match[1] || match[2]}${match[3].replace(/,/g, "")}${match[4] ?? ""}`;
    if (!SPREADSHEET_NUMBER.test(plain)) return null;
  }
  const digits = plain.replace(/^-/, "").replace(".", "").replace(/^0+/, "");
  return digits.length <= 15 ? Number(plain) : null;
}

export interface OriginalCellsOptions {
  readonly inputKind: TableFileKind;
  readonly outputKind: TableFileKind;
  /** How the table writes slash dates. */
  readonly dateFormat?: DateFormat;
  /** The mapped date column: ISO text becomes an Excel date in .xlsx, an Excel date becomes ISO text in CSV. */
  readonly dateColumn: number | undefined;
  /** The mapped billed columns: an amount as written ("USD 1,234.56") becomes the number it is read as, in .xlsx. */
  readonly billedColumns?: readonly number[];
}

/**
 * A text cell of the date or a billed column as the reconciliation reads it, for an .xlsx output:
 * a date becomes an Excel date and an amount its number, so the formulas over the cell read what
 * the run read (from a CSV and from an .xlsx alike). null when the text is not read as one.
 */
function readAsTheRunDid(text: string, column: number, options: OriginalCellsOptions): number | null {
  if (column === options.dateColumn) {
    const date = readTableDate(text, options.dateFormat);
    return isPilotageInputError(date) ? null : isoToExcelSerial(date);
  }
  if (options.billedColumns?.includes(column)) {
    const amount = readBilledAmount(text, "billed", "billed amount");
    // Only an amount a spreadsheet number holds exactly (15 significant digits).
    if (amount?.ok === true && amount.value.decimal.precision(true) <= 15) return amount.value.toNumber();
  }
  return null;
}

/**
 * The row's own cells, unchanged in meaning: CSV text keeps its digits (numbers are written as
 * numbers, other text is neutralised against formula injection by the writer); an .xlsx output
 * stores numbers, dates and TRUE/FALSE as a spreadsheet would on opening the CSV; an .xlsx input's
 * cells are copied as their values, never as formulas.
 */
export function originalCells(item: TableRow, width: number, options: OriginalCellsOptions): OutCell[] {
  const out: OutCell[] = new Array(width);
  for (let column = 0; column < width; column++) {
    const cell = item.cells[column] ?? null;
    const isDate = column === options.dateColumn;
    if (options.inputKind === "csv") {
      const text = typeof cell === "string" ? cell : "";
      if (options.outputKind === "csv") {
        // A plain decimal is written verbatim as a number; any other text goes through the
        // writer's formula-injection neutralisation.
        out[column] = PLAIN_DECIMAL.test(text) ? numericText(text) : text;
        continue;
      }
      if (text === "") {
        out[column] = null;
        continue;
      }
      const read = readAsTheRunDid(text, column, options);
      if (read !== null) {
        out[column] = read;
        continue;
      }
      const number = spreadsheetNumber(text);
      if (number !== null) out[column] = number;
      else if (/^(true|false)$/i.test(text.trim())) out[column] = text.trim().toUpperCase() === "TRUE";
      else out[column] = text;
      continue;
    }
    // Values only, never the input's formulas (a WEBSERVICE, HYPERLINK or INDIRECT to another
    // workbook would run in ours); a formula the file gives no value for is left empty.
    const value = isFormulaWithoutValue(cell) ? null : (cell as XlsxCellValue);
    if (options.outputKind === "xlsx") {
      // Text the NYPILOT functions and a spreadsheet's arithmetic read alike (2026-06-15, 1234.56)
      // stays as it is; other text the run read as a date or an amount is written as what it read.
      const plain = typeof value !== "string" || (isDate ? ISO_DATE_TEXT : PLAIN_DECIMAL).test(value.trim());
      out[column] = plain ? value : (readAsTheRunDid(value, column, options) ?? value);
      continue;
    }
    if (isDate && typeof value === "number") {
      const date = excelSerialToIso(value);
      // Not a date Excel can show: the number as it is.
      if (!isPilotageInputError(date)) {
        out[column] = date;
        continue;
      }
    }
    out[column] = value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Excel's rows per sheet. */
export const XLSX_MAXIMUM_ROWS = 1_048_576;

export interface TableWriter {
  /** Writes a data row; for an .xlsx from an .xlsx, at its original row number (gaps stay empty). */
  write(cells: readonly OutCell[], sourceRowNumber: number): Promise<void>;
  /**
   * Adds the further sheets (xlsx only) and publishes the file. Returns a note to show when
   * something had to be changed to fit the file (text cut to what an Excel cell holds), else "".
   */
  close(moreSheets: readonly XlsxSheet[]): Promise<string>;
  abort(): Promise<void>;
}

/**
 * Standard output as a stream, for -o -: each chunk goes to io.stdout, and the next waits while the
 * pipe or terminal is full (io.stdoutReady), so a long table never piles up in memory.
 */
export function stdoutStream(io: CliIo): Writable {
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      io.stdout(typeof chunk === "string" ? chunk : chunk.toString("utf8"));
      const ready = io.stdoutReady?.();
      if (ready === undefined) done();
      else ready.then(() => done(), done);
    },
  });
}

/** JSON Lines to -o: a file (published whole, as the table files are) or standard output. */
export async function openJsonLinesWriter(filePath: string, io: CliIo, options: { force: boolean }): Promise<JsonLinesWriter> {
  return filePath === STANDARD_STREAM ? JsonLinesWriter.toStream(stdoutStream(io)) : JsonLinesWriter.toFile(filePath, { force: options.force });
}

/** Where a command's summary goes: stdout, unless -o - has it for the rows (then stderr). */
export function summaryOutput(job: TableJob, io: CliIo): (text: string) => void {
  return job.outputPath === STANDARD_STREAM ? (text) => io.stderr(text) : (text) => io.stdout(text);
}

export async function openTableWriter(
  filePath: string,
  kind: TableFileKind,
  layout: XlsxSheetLayout,
  options: { force: boolean; keepRowNumbers: boolean; io: CliIo; sample?: readonly (readonly unknown[])[] },
): Promise<TableWriter> {
  if (kind === "csv") {
    // To standard output without a byte order mark: a pipe is read by programs, not by Excel.
    const writer = filePath === STANDARD_STREAM ? CsvWriter.toStream(stdoutStream(options.io), { byteOrderMark: false }) : await CsvWriter.toFile(filePath, { force: options.force });
    try {
      await writer.write(layout.columns.map((column) => column.header));
    } catch (error) {
      await writer.abort();
      throw error;
    }
    return {
      write: (cells) => writer.write(cells),
      close: async () => {
        await writer.close();
        return "";
      },
      abort: () => writer.abort(),
    };
  }
  // Rows stream past once, so the columns are fitted to the input's first rows (the value guess's sample).
  const writer = await XlsxStreamWriter.open(filePath, fitColumns(layout, options.sample ?? []), { force: options.force });
  let nextRow = 2;
  return {
    async write(cells, sourceRowNumber) {
      if (options.keepRowNumbers) {
        while (nextRow < sourceRowNumber) {
          await writer.write([]);
          nextRow += 1;
        }
      }
      if (nextRow > XLSX_MAXIMUM_ROWS) {
        throw new UsageError(`The table has more rows than an .xlsx sheet holds (${XLSX_MAXIMUM_ROWS.toLocaleString("en-US")}): write a .csv output instead.`);
      }
      await writer.write(cells);
      nextRow += 1;
    },
    async close(moreSheets) {
      for (const sheet of moreSheets) {
        const rows = [...sheet.rows];
        writer.startSheet(fitColumns(sheet, rows));
        for (const row of rows) await writer.write(row);
      }
      await writer.close();
      return writer.cutCells.sentence();
    },
    abort: () => writer.abort(),
  };
}

// ---------------------------------------------------------------------------------------------
// One run over a table's rows, shared by batch and reconcile

/** Where a table command writes its rows: a table file, JSON Lines, or neither (reconcile without -o). */
export interface TableOutputs {
  readonly table: TableWriter | null;
  readonly jsonLines: JsonLinesWriter | null;
}

/** Opens -o as `kind`: JSON Lines, or a table file laid out as `layout` (made only for a table file). */
export async function openTableOutputs(job: TableJob, kind: OutputKind | null, layout: () => XlsxSheetLayout, io: CliIo): Promise<TableOutputs> {
  const { input, outputPath } = job;
  if (outputPath === null || kind === null) return { table: null, jsonLines: null };
  if (kind === "jsonl") return { table: null, jsonLines: await openJsonLinesWriter(outputPath, io, { force: job.force }) };
  const keepRowNumbers = input.kind === "xlsx" && kind === "xlsx";
  return { table: await openTableWriter(outputPath, kind, layout(), { force: job.force, keepRowNumbers, io, sample: input.sample }), jsonLines: null };
}

/** What a table command does with its rows; the loop around them is runTableRows's. */
export interface TableRowHandlers {
  /** Each row the reader could read and that is a transit, in order, with its billed cells as read (D27; none in batch). */
  row(item: TableRow, billed: BilledCells): Promise<void>;
  /**
   * A row that is not a transit (a totals row, page furniture, a note: TotalsRows), with why, for the
   * command to count (ExcludedRows) and write; JSON Lines ({"row","input","excluded"}) are written here.
   */
  excluded(item: TableRow, reason: string): Promise<void>;
  /** A row it could not read, once reported on stderr and, where JSON Lines are written, as a line. */
  malformed(item: MalformedItem): void;
  /** The workbook's further sheets, made once every row is read (an .xlsx output only). */
  moreSheets?(): readonly XlsxSheet[];
}

/**
 * Reads every row of the job's table: a progress bar, each malformed row reported, the outputs
 * closed at the end (with a note on stderr where a cell had to be cut to fit), or abandoned on an
 * error so no half-written file is left.
 */
export async function runTableRows(command: string, job: TableJob, outputs: TableOutputs, io: CliIo, handlers: TableRowHandlers): Promise<void> {
  const progress = new ProgressBar(io, command);
  const malformed = new MalformedReport(command, progress);
  const { input } = job;
  // Totals rows, page furniture and notes: excluded by one rule in reconcile and batch alike.
  const notTransits = new TotalsRows(job.plan, input.titles);
  const keys = inputKeys(input.header);
  const reportMalformed = async (item: MalformedItem) => {
    handlers.malformed(item);
    malformed.add(item);
    await outputs.jsonLines?.write(withLine(malformedRowJson(item.rowNumber, item.error), item, input.kind));
  };
  const exclude = async (item: TableRow, reason: string) => {
    await outputs.jsonLines?.write(withLine(excludedRowJson(item.rowNumber, rowInputJson(keys, item.cells), reason), item, input.kind));
    await handlers.excluded(item, reason);
  };
  try {
    let rowsDone = 0;
    for await (const batch of input.batches()) {
      for (const item of batch) {
        rowsDone += 1;
        if ((rowsDone & 255) === 0) progress.update(input.progress(), rowsDone);
        if (isMalformed(item)) {
          await reportMalformed(item);
          continue;
        }
        // A CSV line of one field among wider rows: furniture named as such, or else the malformed row it is.
        if (input.kind === "csv" && isOneFieldLine(item, input.width)) {
          const reason = notTransits.line(item.cells);
          await (reason === null ? reportMalformed(wrongWidth(item, input.width)) : exclude(item, reason));
          continue;
        }
        // Read once: the totals-row check and the row's reconciliation take the same reading.
        const billed = readBilledCells(item.cells, job.plan);
        const reason = notTransits.check(item.cells, billed);
        await (reason === null ? handlers.row(item, billed) : exclude(item, reason));
      }
    }
    progress.finish();
    malformed.finish();
    const fitNote = outputs.table === null ? "" : await outputs.table.close(handlers.moreSheets?.() ?? []);
    if (fitNote !== "") io.stderr(`Note: ${fitNote}\n`);
    await outputs.jsonLines?.close();
  } catch (error) {
    progress.finish();
    await outputs.table?.abort();
    await outputs.jsonLines?.abort();
    throw error;
  }
}

/** The lines a table command's text summary starts with: what was read, how, and with which settings. */
export function summaryHeadLines(command: string, job: TableJob): string[] {
  const unused = describeUnused(job.mapping);
  const lines = [`hudson-pilotage ${command}: ${job.input.path}`, ...(placeWorthSaying(job.input.place) ? [`Table: ${tablePlaceText(job.input.place)}`] : []), `Columns: ${mappingLines(job).join("; ")}`, `Not used: ${unused.length === 0 ? "none" : unused.join("; ")}`];
  for (const note of [...job.input.readingNotes, ...job.mapping.notes]) lines.push(`Note: ${note}`);
  for (const setting of settingsNotDefault(job.plan.settings)) lines.push(`Setting: ${setting}`);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Skipped rows

/** Most skipped rows reported one by one on stderr; the summary lists them all. */
export const MALFORMED_LINES = 100;

export class MalformedReport {
  private count = 0;

  constructor(
    private readonly command: string,
    private readonly progress: ProgressBar,
  ) {}

  add(row: MalformedRow): void {
    this.count += 1;
    if (this.count <= MALFORMED_LINES) this.progress.line(`hudson-pilotage ${this.command}: row ${row.rowNumber} skipped: ${row.error}`);
  }

  finish(): void {
    if (this.count > MALFORMED_LINES) {
      this.progress.line(`hudson-pilotage ${this.command}: ${(this.count - MALFORMED_LINES).toLocaleString("en-US")} more malformed rows skipped (counted in the summary)`);
    }
  }
}

/** Most row numbers a summary lists; the rest are counted (150,000 malformed rows once made a 1.1 MB summary). */
export const MALFORMED_ROWS_LISTED = 50;

/** What an output row excluded says in its note column (reconcile's Note, batch's Quote error). */
export function excludedNote(reason: string): string {
  return `Excluded: ${reason}.`;
}

/** The summary's `Excluded:` line after its label, reconcile's and batch's: "none", or each row with why. */
export function excludedText(summary: ExcludedRowsSummary): string {
  if (summary.rowsExcluded === 0) return "none";
  const listed = summary.excludedRows.map((row) => `row ${row.rowNumber}: ${row.reason}`);
  if (summary.rowsExcluded > listed.length) listed.push(`… ${(summary.rowsExcluded - listed.length).toLocaleString("en-US")} more`);
  return listed.join("; ");
}

/** "none", "2 (rows 7, 12)", or past MALFORMED_ROWS_LISTED "150,000 (rows 2, 4, … and 149,950 more)". */
export function malformedText(count: number, rowNumbers: readonly number[]): string {
  if (count === 0) return "none";
  const listed = rowNumbers.length > MALFORMED_ROWS_LISTED ? rowNumbers.slice(0, MALFORMED_ROWS_LISTED) : rowNumbers;
  const rest = count - listed.length;
  return `${count.toLocaleString("en-US")} (${count === 1 ? "row" : "rows"} ${rowRanges(listed)}${rest > 0 ? `, … and ${rest.toLocaleString("en-US")} more` : ""})`;
}

export function newProgress(io: CliIo, command: string): ProgressBar {
  return new ProgressBar(io, command);
}
