/**
 * The rows a reconciliation flags or could not check, listed on the terminal under the summary:
 * row number, vessel, transit date and variance (billed − computed), then what differs. On a
 * terminal the list takes the lines the summary leaves free and each line is cut to its width;
 * elsewhere (a pipe, a file) it lists FLAGGED_SHOWN rows in full. The rest are counted; the
 * summary's "Rows flagged" line gives the total.
 */
import { isPilotageInputError, Money } from "../engine";
import { Amount, exactText, exactUsd, readTableDate, type ReconciledRow, type TablePlan } from "../reconcile";
import { visibleText } from "../workbook";
import { CliIo } from "./io";
import { TerminalIo } from "./progress";

/** A row needing attention: a variance, or not checked. */
export interface FlaggedRow {
  rowNumber: number;
  vessel: string | null;
  /** The transit date as read (ISO), also on a row another cell of which could not be read; the cell as written when it cannot be read. */
  date: string | null;
  /** billed − computed, as exact decimal text; null when the row could not be compared. */
  variance: string | null;
  status: ReconciledRow["status"];
  note: string;
}

/** Flagged rows listed when the summary does not go to a terminal (the rest are counted); --json lists them all. */
export const FLAGGED_SHOWN = 20;

function cellText(cell: unknown): string | null {
  if (cell === null || cell === undefined) return null;
  const text = cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell).trim();
  return text === "" ? null : text;
}

export function flaggedRowOf(rowNumber: number, cells: readonly unknown[], plan: TablePlan, reconciled: ReconciledRow): FlaggedRow {
  const cellAt = (column: number | undefined) => (column === undefined ? null : cellText(cells[column]));
  return {
    rowNumber,
    vessel: cellAt(plan.column.vessel),
    date: reconciled.quote?.date ?? dateAsRead(cells, plan) ?? cellAt(plan.column.date),
    variance: reconciled.variance.ok ? exactText(reconciled.variance.value) : null,
    status: reconciled.status,
    note: reconciled.note,
  };
}

/** The row's date cell read as the quote reads it (the table's date format), or null when it cannot be. */
function dateAsRead(cells: readonly unknown[], plan: TablePlan): string | null {
  if (plan.column.date === undefined) return null;
  const read = readTableDate(cells[plan.column.date], plan.dateFormat);
  return isPilotageInputError(read) ? null : read;
}

/** How many flagged rows the report keeps while reading: as many as it may list. */
export function flaggedRowsKept(io: CliIo, toStderr: boolean): number {
  return Math.max(FLAGGED_SHOWN, terminalSize(io, toStderr)?.rows ?? 0);
}

function terminalSize(io: CliIo, toStderr: boolean): { rows: number; columns: number } | null {
  return (io as TerminalIo).terminalSize?.(toStderr ? "stderr" : "stdout") ?? null;
}

/** The variance as an amount and which way: ["$10.00", "over"]; ["", "not compared"] when there is none. */
function varianceWords(variance: string | null): [string, string] {
  if (variance === null) return ["", "not compared"];
  const amount = Amount.of(new Money(variance));
  return [exactUsd(amount.abs()), amount.isNegative() ? "under" : "over"];
}

/**
 * The list's lines: a header, one line per row shown, and "… N more" when some are left out.
 * `otherLines` is how many lines the rest of the report takes, so that on a terminal the whole
 * report fits its height.
 */
export function flaggedRowsLines(flagged: readonly FlaggedRow[], needingAttention: number, otherLines: number, io: CliIo, toStderr: boolean, outputPath: string | null): string[] {
  if (flagged.length === 0) return [];
  const size = terminalSize(io, toStderr);
  const fit = size === null ? FLAGGED_SHOWN : Math.max(3, size.rows - otherLines - 3);
  // On a terminal the "… more" line takes one of the lines that fit.
  const shown = flagged.slice(0, size !== null && needingAttention > fit ? fit - 1 : fit);
  const cells = shown.map((row) => [`row ${row.rowNumber}`, visibleText(row.vessel ?? "(no vessel)"), row.date === null ? "(no date)" : visibleText(row.date), ...varianceWords(row.variance), visibleText(row.note)]);
  const widths = [0, 1, 2, 3, 4].map((column) => Math.max(...cells.map((line) => line[column].length)));
  const lines = ["", "Rows flagged or not checked (vessel, date, variance billed − computed, what differs):"];
  for (const line of cells) {
    const [row, vessel, date, amount, way, note] = line;
    const text = `  ${row.padEnd(widths[0])}  ${vessel.padEnd(widths[1])}  ${date.padEnd(widths[2])}  ${amount.padStart(widths[3])} ${way.padEnd(widths[4])}  ${note}`;
    lines.push(text);
  }
  const left = needingAttention - shown.length;
  if (left > 0) lines.push(`  … ${left.toLocaleString("en-US")} more (${outputPath !== null ? `all are in ${outputPath}; ` : "write them all with -o, or "}list them with --json)`);
  return size === null ? lines : lines.map((text) => (text.length > size.columns ? `${text.slice(0, size.columns - 1)}…` : text));
}
