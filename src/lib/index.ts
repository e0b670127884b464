/**
 * hudson-pilotage as a library, for scripts and agents: the command line's commands as functions.
 * A request carries the command's flags, named in camelCase (`--launch-fee` → `launchFee`,
 * `--anchored-8h` → `anchored8h`), each taking the text its flag takes; numbers are read as their
 * text and booleans stand for the on/off flags. The answers are the objects the commands print
 * under --json. Bad input throws a HudsonPilotageError with the same `code`, `field` and `message`
 * as `--json` prints. An adapter: it converts requests and errors, and the engine does the law.
 */
import { findTable, guessSample, HEADER_SEARCH_ROWS, quoteRow, reconcileRow, RowStatus, TablePlan, TablePurpose, TotalsRows } from "../reconcile";
import { COMPLIANCE_OPTIONS, ComplianceJson, complianceFromFlags } from "../request/compliance";
import { PensionJson, pensionFromFlags } from "../request/pension";
import { CallRequest, quoteCallRequest } from "../request/call";
import { CallJson, callJson } from "../request/call-json";
import { QUOTE_OPTIONS, quoteFromFlags } from "../request/quote";
import { QuoteJson, quoteJson } from "../request/quote-json";
import { RatesJson, ratesOn } from "../request/rates";
import { camelCase, flagValues, HudsonPilotageError, libraryError, requestText, RequestOf } from "../request/request-object";
import {
  BatchRowJson,
  batchRowJson,
  CellJson,
  ExcludedRowJson,
  excludedRowJson,
  inputKeys,
  ReconcileJson,
  ReconcileRowJson,
  reconcileRowJson,
  RowErrorJson,
  RowInputJson,
  rowInputJson,
} from "../request/row-json";
import { SETTINGS_OPTIONS } from "../request/settings-flags";
import { boardRatesOf, planTableReading, TABLE_READING_OPTIONS, tableReading } from "../request/table-reading";

export { HudsonPilotageError };
export type { CallJson, CallRequest };

/** A reconciled row's status: the reconciliation layer's one declaration (src/reconcile/status.ts), under the library's name. */
export type ReconcileStatus = RowStatus;
export type { BatchRowJson, CellJson, ComplianceJson, ExcludedRowJson, PensionJson, QuoteJson, RatesJson, ReconcileJson, ReconcileRowJson, RowErrorJson, RowInputJson };

/** quote(request): the `quote` flags in camelCase; `boardSurcharge` may also be [a, b, r]. */
export type QuoteRequest = Omit<RequestOf<typeof QUOTE_OPTIONS>, "boardSurcharge"> & {
  boardSurcharge?: string | readonly [string | number, string | number, string | number] | null;
};

/** compliance(request): the `compliance` flags in camelCase (`grossTons`, `notBySea`, `recreationalExemption`). */
export type ComplianceRequest = RequestOf<typeof COMPLIANCE_OPTIONS>;

/** The interpretation settings, as rates(date, settings) takes them (the same as in a QuoteRequest). */
export type SettingsRequest = RequestOf<typeof SETTINGS_OPTIONS>;

const QUOTE_FIELDS = new Set(Object.keys(QUOTE_OPTIONS).map(camelCase));
const RATES_FIELDS = new Set(["date", ...Object.keys(SETTINGS_OPTIONS).map(camelCase)]);
const COMPLIANCE_FIELDS = new Set(Object.keys(COMPLIANCE_OPTIONS).map(camelCase));

/**
 * One transit's quote, the object `hudson-pilotage quote --json` prints: every line with its amount
 * (two-decimal text, or null when not entered) and clause, the total, and `complete`.
 */
export async function quote(request: QuoteRequest): Promise<QuoteJson> {
  try {
    return quoteJson(await quoteFromFlags(flagValues(request, QUOTE_OPTIONS, "quote")));
  } catch (error) {
    throw libraryError(error, QUOTE_FIELDS);
  }
}

/** The schedule in force on a date (YYYY-MM-DD), the object `hudson-pilotage rates --json` prints. */
export function rates(date: string, settings: SettingsRequest = {}): RatesJson {
  try {
    if (typeof date !== "string") throw new HudsonPilotageError("BAD_DATE", "date", "rates(date) takes the date as text, YYYY-MM-DD, e.g. 2026-12-31.");
    const values = { ...flagValues(settings, SETTINGS_OPTIONS, "rates"), date: requestText(date, "date") };
    // As printed: JSON has no Decimal or undefined, so the object is the one `rates --json` writes.
    return JSON.parse(JSON.stringify(ratesOn(values).json)) as RatesJson;
  } catch (error) {
    throw libraryError(error, RATES_FIELDS);
  }
}

// ---------------------------------------------------------------------------------------------
// batch and reconcile over rows

/** The table flags of `batch` and `reconcile` that apply to rows given by a script (no files in or out). */
const ROWS_OPTIONS = TABLE_READING_OPTIONS;

/**
 * batch(rows, request) and reconcile(rows, request): `boardRates` (a board-rates file, as
 * `--board-rates`), `unit`, `dateFormat` and the settings, as the commands' flags in camelCase;
 * `map` corrects the columns' meanings, as `--map`: { "Invoice": "billed_total", "Notes": "ignore" }.
 */
export type RowsRequest = RequestOf<typeof ROWS_OPTIONS> & {
  map?: Readonly<Record<string, string>> | null;
  /**
   * For rows given as arrays of cells (a sheet's rows as a reader gives them, title and all): the
   * row (1 for the first) that names the columns. Left out, it is found among the first 30 rows,
   * as the command line finds it.
   */
  headerRow?: number | string | null;
};

/** A row: its cells by column header, as a CSV's header row names them; a cell is text, a number, true/false or null. */
export type RowObject = Readonly<Record<string, unknown>>;

/** A sheet's row as an array of cells, the header row among them (found, or named by headerRow). */
export type SheetRowCells = readonly unknown[];

/** Rows for batch and reconcile: an array, any iterable, or an async iterable (a stream of parsed rows), of row objects or of arrays of cells. */
export type Rows = Iterable<RowObject> | AsyncIterable<RowObject> | Iterable<SheetRowCells> | AsyncIterable<SheetRowCells>;

const ROWS_FIELDS = new Set([...Object.keys(ROWS_OPTIONS).map(camelCase), "map", "headerRow"]);

/** As many rows as the command line reads ahead to guess the columns from their values. */
const SAMPLE_ROWS = 50;

function isRowObject(row: unknown): row is RowObject {
  return typeof row === "object" && row !== null && !Array.isArray(row);
}

interface PlannedRows {
  readonly plan: TablePlan;
  readonly keys: readonly string[];
  /** Each row's number (1 for the first) and its cells in the header's order, or why it cannot be read. */
  readonly rows: AsyncGenerator<{ row: number; cells: unknown[] } | RowErrorJson>;
}

/** Reads ahead for the columns (the first row's keys) and their guess, plans the rows, and gives them again with their cells. */
async function plannedRows(rows: Rows, request: RowsRequest, purpose: TablePurpose): Promise<PlannedRows | null> {
  const { map, headerRow: headerRowGiven, ...flags } = (request ?? {}) as RowsRequest;
  const headerRow = headerRowGiven === undefined || headerRowGiven === null ? undefined : parseHeaderRowRequest(headerRowGiven);
  const values = flagValues(flags, ROWS_OPTIONS, purpose);
  if (map !== undefined && map !== null && (typeof map !== "object" || Array.isArray(map))) {
    throw new HudsonPilotageError("BAD_OPTION_VALUE", "map", 'map takes an object of column → field, e.g. { "Invoice": "billed_total" }.');
  }
  const reading = tableReading({ ...values, map: Object.entries(map ?? {}).map(([column, field]) => `${requestText(column, "map")}=${requestText(String(field), "map")}`) });
  const rates = await boardRatesOf(typeof values["board-rates"] === "string" ? values["board-rates"] : null);
  if (rows === null || typeof rows !== "object" || !(Symbol.iterator in rows || Symbol.asyncIterator in rows)) {
    throw new HudsonPilotageError("USAGE", "rows", `${purpose}(rows) takes an array or an (async) iterable of row objects, e.g. [{ Units: 200, Section: 1, Date: "2026-06-15" }].`);
  }
  const source = Symbol.asyncIterator in rows ? (rows as AsyncIterable<unknown>)[Symbol.asyncIterator]() : (rows as Iterable<unknown>)[Symbol.iterator]();
  const ahead: unknown[] = [];
  while (ahead.length < SAMPLE_ROWS) {
    const next = await source.next();
    if (next.done) break;
    ahead.push(next.value);
  }
  if (ahead.length > 0 && Array.isArray(ahead[0])) {
    while (ahead.length < SAMPLE_ROWS + HEADER_SEARCH_ROWS) {
      const next = await source.next();
      if (next.done) break;
      ahead.push(next.value);
    }
    return sheetRowsPlanned(ahead, source, headerRow, reading, rates, purpose);
  }
  if (headerRow !== undefined) throw new HudsonPilotageError("BAD_OPTION_VALUE", "headerRow", "headerRow applies to rows given as arrays of cells (a sheet's rows); rows given as objects are named by their keys.");
  const first = ahead.find(isRowObject);
  if (first === undefined && ahead.length === 0) return null;
  const header = first === undefined ? [] : Object.keys(first);
  const columns = new Set(header);
  const cellsOf = (row: RowObject) => header.map((key) => row[key] ?? null);
  const sample = ahead.filter(isRowObject).map(cellsOf);
  const { plan } = planTableReading(header, sample, reading, rates, purpose);
  async function* numbered(): AsyncGenerator<{ row: number; cells: unknown[] } | RowErrorJson> {
    let number = 0;
    const one = (value: unknown): { row: number; cells: unknown[] } | RowErrorJson => {
      number += 1;
      if (!isRowObject(value)) return { row: number, error: { code: "BAD_ROW", field: null, message: `Row ${number} is not an object of cells by column (it is ${Array.isArray(value) ? "an array" : value === null ? "null" : typeof value}).` } };
      const unknown = Object.keys(value).find((key) => !columns.has(key));
      if (unknown !== undefined) {
        return { row: number, error: { code: "UNKNOWN_COLUMN", field: unknown, message: `Row ${number} has a column the first row has not: ${JSON.stringify(unknown)} (the first row names the columns: give every row the same keys).` } };
      }
      return { row: number, cells: cellsOf(value) };
    };
    for (const value of ahead) yield one(value);
    for (let next = await source.next(); !next.done; next = await source.next()) yield one(next.value);
  }
  return { plan, keys: inputKeys(header), rows: numbered() };
}

function parseHeaderRowRequest(value: number | string): number {
  const row = Number(typeof value === "string" ? value.trim() : value);
  if (!Number.isInteger(row) || row < 1 || row > HEADER_SEARCH_ROWS) {
    throw new HudsonPilotageError("BAD_OPTION_VALUE", "headerRow", `headerRow must be a row number from 1 to ${HEADER_SEARCH_ROWS} (the row that names the columns), not ${JSON.stringify(value)}.`);
  }
  return row;
}

/**
 * Rows given as arrays of cells: the header row found among the first (or the one given), the
 * rows above it left out, each row after it numbered as the sheet numbers it (1 for the first).
 */
function sheetRowsPlanned(
  ahead: readonly unknown[],
  source: Iterator<unknown> | AsyncIterator<unknown>,
  headerRow: number | undefined,
  reading: ReturnType<typeof tableReading>,
  rates: Awaited<ReturnType<typeof boardRatesOf>>,
  purpose: TablePurpose,
): PlannedRows {
  const sheetRows = ahead.flatMap((cells, index) => (Array.isArray(cells) ? [{ rowNumber: index + 1, cells: cells as unknown[] }] : []));
  const found = findTable(sheetRows, { headerRow, purpose });
  if (found.best === null) {
    const tried = found.tried.length === 0 ? "no row of words" : `rows ${found.tried.map((row) => row.rowNumber).join(", ")}`;
    const message =
      headerRow === undefined
        ? `No row among the first ${HEADER_SEARCH_ROWS} names the columns (tried: ${tried}): give headerRow, or map the columns.`
        : `headerRow ${headerRow}: there is no row ${headerRow} among the rows given.`;
    throw new HudsonPilotageError("USAGE", "headerRow", message);
  }
  const header = found.best.headers.map((text, index) => (text === "" ? `Column ${index + 1}` : text));
  const at = found.best.rowNumber;
  const under = sheetRows.filter((row) => row.rowNumber > at).map((row) => header.map((_key, column) => row.cells[column] ?? null));
  const sample = guessSample(under, found.best.headers, SAMPLE_ROWS);
  const { plan } = planTableReading(header, sample, reading, rates, purpose);
  async function* numbered(): AsyncGenerator<{ row: number; cells: unknown[] } | RowErrorJson> {
    let number = 0;
    const one = (value: unknown): { row: number; cells: unknown[] } | RowErrorJson | null => {
      number += 1;
      if (number <= at) return null;
      if (!Array.isArray(value)) return { row: number, error: { code: "BAD_ROW", field: null, message: `Row ${number} is not an array of cells, as the rows before it are.` } };
      if (value.length > header.length && value.slice(header.length).some((cell) => cell !== null && cell !== undefined && cell !== "")) {
        return { row: number, error: { code: "UNKNOWN_COLUMN", field: null, message: `Row ${number} has ${value.length} cells; the header row (row ${at}) names ${header.length} columns.` } };
      }
      return { row: number, cells: header.map((_key, column) => (value[column] as unknown) ?? null) };
    };
    for (const value of ahead) {
      const answer = one(value);
      if (answer !== null) yield answer;
    }
    for (let next = await source.next(); !next.done; next = await source.next()) {
      const answer = one(next.value);
      if (answer !== null) yield answer;
    }
  }
  return { plan, keys: inputKeys(header), rows: numbered() };
}

/** Runs a row-by-row command over a script's rows; bad options reject the first `next()` with a HudsonPilotageError. */
async function* eachRow<T>(rows: Rows, request: RowsRequest, purpose: TablePurpose, answer: (plan: TablePlan) => (row: number, input: RowInputJson, cells: unknown[]) => T): AsyncGenerator<T | RowErrorJson> {
  let planned: PlannedRows | null;
  try {
    planned = await plannedRows(rows, request, purpose);
  } catch (error) {
    throw libraryError(error, ROWS_FIELDS);
  }
  if (planned === null) return;
  const { plan, keys } = planned;
  const answerRow = answer(plan);
  for await (const item of planned.rows) yield "cells" in item ? answerRow(item.row, rowInputJson(keys, item.cells), item.cells) : item;
}

/**
 * One quote per row, as `batch --format jsonl` writes them: for each row, in order, its number
 * (`row`, 1 for the first), its cells (`input`) and the object `quote --json` prints; a row that
 * cannot be quoted gives `{ row, input, error: { code, field, message } }`. The first row's keys
 * name the columns (guessed as `batch` guesses a header; correct them with `map`).
 */
export function batch(rows: Rows, request: RowsRequest = {}): AsyncGenerator<BatchRowJson | RowErrorJson> {
  return eachRow(rows, request, "batch", (plan) => (row, input, cells) => batchRowJson(row, input, quoteRow(cells, plan)));
}

/**
 * What `reconcile(rows)` yields for one row: a row checked (`isReconciledRow`), a totals row left
 * out (`isExcludedRow`), or else a row that could not be read (a RowErrorJson: `row` and `error`).
 */
export type ReconcileAnswer = ReconcileRowJson | ExcludedRowJson | RowErrorJson;

/**
 * A row reconcile checked: it carries `flag`, `status` (matched, variance, not checked) and
 * `note`, and, when it could not be quoted, `error` beside them (its status is then "not checked").
 */
export function isReconciledRow(answer: ReconcileAnswer): answer is ReconcileRowJson {
  return "status" in answer;
}

/** A totals row (Subtotal, Grand total) reconcile left out: `excluded` says why. */
export function isExcludedRow(answer: ReconcileAnswer): answer is ExcludedRowJson {
  return "excluded" in answer;
}

/**
 * Each row checked against § 89-a, as `reconcile --format jsonl` writes them: the row's quote and
 * its billed amounts, variances, `variance`, `flag`, `status` (matched, variance, not checked) and
 * `note`; a totals row is `{ row, input, excluded }`. Billed columns are found from their headers
 * ("Invoice total", "Billed surcharge", …) or `map`.
 */
export function reconcile(rows: Rows, request: RowsRequest = {}): AsyncGenerator<ReconcileAnswer> {
  return eachRow(rows, request, "reconcile", (plan) => {
    const totalsRows = new TotalsRows(plan);
    return (row, input, cells): ReconcileRowJson | ExcludedRowJson => {
      const excluded = totalsRows.check(cells);
      return excluded !== null ? excludedRowJson(row, input, excluded) : reconcileRowJson(row, input, reconcileRow(cells, plan), plan);
    };
  });
}

/**
 * Must the vessel take a Hudson River pilot (§ 89-a(1), D13)? The object `hudson-pilotage compliance
 * --json` prints: REQUIRED, NOT REQUIRED or BOARD DISCRETION, with the reason and the clause.
 */
export function compliance(request: ComplianceRequest): ComplianceJson {
  try {
    return complianceFromFlags(flagValues(request, COMPLIANCE_OPTIONS, "compliance"));
  } catch (error) {
    throw libraryError(error, COMPLIANCE_FIELDS);
  }
}

/**
 * The fixed annual retirement benefit of § 89-a(6) for a retirement year (D17), the object
 * `hudson-pilotage pension --json` prints: `amount` as two-decimal text, or null where the text sets none.
 */
export function pension(retirementYear: number | string): PensionJson {
  try {
    return pensionFromFlags({ retired: requestText(String(retirementYear), "retired") });
  } catch (error) {
    throw libraryError(error, new Set(["retired"]));
  }
}

// ---------------------------------------------------------------------------------------------
// a port call

const NO_FIELD_NAMES: ReadonlySet<string> = new Set();

/**
 * A port call quoted, the object `hudson-pilotage call --json` prints: each transit as quote()
 * answers it, after its label; `statutorySubtotal`, the `otherCharges` apart, `total`, `complete`,
 * `missing`, `warnings`, `settingsNotDefault`. A boardRates path is read from the working folder.
 * Bad input rejects with a HudsonPilotageError whose field is the call's, e.g. "transits[1].date".
 */
export async function quoteCall(call: CallRequest): Promise<CallJson> {
  try {
    return callJson(await quoteCallRequest(call, process.cwd()));
  } catch (error) {
    throw libraryError(error, NO_FIELD_NAMES);
  }
}

/**
 * Writes the call's quote by the file's extension: .xlsx (the quote sheet the task pane's Insert
 * quote writes, with the Board rates sheet) or .pdf (the printable quote); an existing file is kept
 * unless `force`. Answers what quoteCall answers, and in `warnings` also each field holding
 * characters the PDF's font lacks (printed there as "?" and named in its footnote).
 */
export async function writeQuote(call: CallRequest, filePath: string, options: { force?: boolean } = {}): Promise<CallJson> {
  try {
    if (typeof filePath !== "string") throw new HudsonPilotageError("USAGE", "output", "writeQuote(call, path) takes the path as text, ending .xlsx or .pdf.");
    const { checkQuoteOutput, writeQuoteFile } = await import("../quote-sheet/files");
    await checkQuoteOutput(requestText(filePath, "output"), { force: options.force === true });
    const quoted = await quoteCallRequest(call, process.cwd());
    return callJson(await writeQuoteFile(quoted, filePath, { force: options.force === true }));
  } catch (error) {
    throw libraryError(error, NO_FIELD_NAMES);
  }
}
