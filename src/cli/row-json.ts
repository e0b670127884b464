/**
 * One row of `batch` or `reconcile` as a JSON object: for `--format jsonl` (one object a line) and
 * for the library's streaming `batch` and `reconcile`. A row's quote is the object `quote --json`
 * prints (quoteJson), with the row's number and its cells as read beside it; a reconciliation adds
 * the billed amounts, the variances, the flag and the status. Shapes answers; never computes.
 */
import { Quote } from "../engine";
import { Amount, BilledField, CellError, exactText, Outcome, ReconciledRow, RowStatus, TablePlan } from "../reconcile";
import { columnLetter } from "../workbook/cell-address";
import { ErrorRecord } from "./errors";
import { QuoteJson, quoteJson } from "./output";

/** A cell as read: text, a number, true/false, null when blank, or a spreadsheet error value such as { "error": "#N/A" }. */
export type CellJson = string | number | boolean | null | { readonly error: string };

/** The row's cells, by column header (a blank header by its column letter, a repeated one with its letter added). */
export type RowInputJson = Record<string, CellJson>;

/** A row that could not be read or quoted: its number, why, and (when it was read) its cells. */
export interface RowErrorJson {
  row: number;
  input?: RowInputJson;
  error: ErrorRecord;
}

/** batch: one quote per row. */
export type BatchRowJson = { row: number; input: RowInputJson } & QuoteJson;

/** What a reconciliation adds to a row: amounts as exact decimal text, null where one could not be read or worked out (the note says why). */
export interface ReconcileJson {
  /** The billed columns as read (a blank cell is "0.00"), by field: billed_total, billed_base, … */
  billed: Partial<Record<BilledField, string | null>>;
  /** billed − computed for each billed column. */
  variances: Partial<Record<BilledField, string | null>>;
  /** The row's variance, billed − computed. */
  variance: string | null;
  /** TRUE only for a variance. */
  flag: boolean;
  /** The reconciliation layer's status (src/reconcile/status.ts): matched, variance, or not checked (see note). */
  status: RowStatus;
  /** What differs, why a billed amount could not be compared, and a change of rates the transit may run into (D25), in words; "" when none. */
  note: string;
}

/** reconcile: the row's quote and the billed amounts beside it; a row that could not be quoted carries `error` instead of the quote. */
export type ReconcileRowJson = ({ row: number; input: RowInputJson } & QuoteJson & ReconcileJson) | (RowErrorJson & { input: RowInputJson } & ReconcileJson);

/** The keys of a row's `input`: each header, made unique and never blank with its column letter. */
export function inputKeys(header: readonly unknown[]): string[] {
  const texts = header.map((cell) => (typeof cell === "string" ? cell.trim() : cell === null || cell === undefined ? "" : String(cell)));
  const seen = new Map<string, number>();
  for (const text of texts) seen.set(text, (seen.get(text) ?? 0) + 1);
  return texts.map((text, index) => (text === "" ? columnLetter(index + 1) : (seen.get(text) as number) > 1 ? `${text} (${columnLetter(index + 1)})` : text));
}

function cellJson(cell: unknown): CellJson {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === "string" || typeof cell === "boolean") return cell;
  if (typeof cell === "number") return Number.isFinite(cell) ? cell : String(cell);
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? String(cell) : cell.toISOString();
  if (typeof cell === "object" && typeof (cell as { error?: unknown }).error === "string") return { error: (cell as { error: string }).error };
  return String(cell);
}

export function rowInputJson(keys: readonly string[], cells: readonly unknown[]): RowInputJson {
  const input: RowInputJson = {};
  keys.forEach((key, index) => {
    input[key] = cellJson(cells[index]);
  });
  return input;
}

/** A cell the engine refused, as a command's error: the engine's code and field where it gave them. */
export function cellErrorRecord(error: CellError): ErrorRecord {
  return { code: error.cause?.code ?? "CELL_ERROR", field: error.cause?.field ?? null, message: error.message };
}

/**
 * A row's JSON with `line` after `row` when the input is a CSV: the file's line the row starts on,
 * which is more than `row` once a quoted cell has held a line break. An .xlsx has rows, not lines.
 */
export function withLine<T extends { row: number }>(json: T, item: { readonly rowNumber: number; readonly line?: number }, inputKind: "csv" | "xlsx"): T & { line?: number } {
  if (inputKind !== "csv") return json;
  const { row, ...rest } = json;
  return { row, line: item.line ?? item.rowNumber, ...rest } as T & { line: number };
}

/** A row the table reader could not parse (a stray quote, the wrong number of fields). */
export function malformedRowJson(rowNumber: number, reason: string): RowErrorJson {
  return { row: rowNumber, error: { code: "MALFORMED_ROW", field: null, message: reason } };
}

/** A row reconcile leaves out (a totals row), with why. */
export interface ExcludedRowJson {
  row: number;
  input: RowInputJson;
  excluded: string;
}

export function excludedRowJson(rowNumber: number, input: RowInputJson, reason: string): ExcludedRowJson {
  return { row: rowNumber, input, excluded: reason };
}

export function batchRowJson(rowNumber: number, input: RowInputJson, result: { quote: Quote | null; error: CellError | null }): BatchRowJson | RowErrorJson {
  if (result.quote === null) return { row: rowNumber, input, error: cellErrorRecord(result.error as CellError) };
  return { row: rowNumber, input, ...quoteJson(result.quote) };
}

function amountText(outcome: Outcome<Amount> | undefined): string | null {
  return outcome !== undefined && outcome.ok ? exactText(outcome.value) : null;
}

export function reconcileRowJson(rowNumber: number, input: RowInputJson, row: ReconciledRow, plan: TablePlan): ReconcileRowJson {
  const billed: ReconcileJson["billed"] = {};
  const variances: ReconcileJson["variances"] = {};
  for (const field of plan.billed) {
    billed[field] = amountText(row.billed[field]);
    variances[field] = amountText(row.variances[field]);
  }
  const reconciliation: ReconcileJson = { billed, variances, variance: amountText(row.variance), flag: row.flagged, status: row.status, note: row.note };
  if (row.quote === null) {
    const error = row.inputError ?? (row.computed.total.ok ? null : row.computed.total.error);
    return { row: rowNumber, input, error: error === null ? { code: "CELL_ERROR", field: null, message: row.note } : cellErrorRecord(error), ...reconciliation };
  }
  return { row: rowNumber, input, ...quoteJson(row.quote), ...reconciliation };
}
