/**
 * Finding the table on a sheet as a person would: the header row is the row among the first
 * ones whose cells best name fields and whose rows below best read as those fields (a title,
 * a report period or blank rows above it are not the table); a group-header row above it ("Vessel
 * particulars", "Billed" over merged cells) is joined to it where that reads better or changes
 * what a column is taken for. Pure: rows
 * in, the header and where it is out. The CLI, the library and the task pane all use it.
 */
import { isBlank } from "../engine";
import { BILLED_FIELDS, GROUP_JOIN, ReconcileField } from "./fields";
import { GUESS_SAMPLE_ROWS, guessMapping } from "./mapping";

/** Rows at the top of a sheet among which the header row is looked for. */
export const HEADER_SEARCH_ROWS = 30;

/** A row of a sheet or a CSV: its number as a spreadsheet shows it (1 for the first) and its cells. */
export interface SheetRow {
  readonly rowNumber: number;
  readonly cells: readonly unknown[];
}

/** A row tried as the header, and how well the table under it reads. */
export interface HeaderTry {
  readonly rowNumber: number;
  /** The group-header row joined to it, if any. */
  readonly groupRowNumber: number | null;
  readonly headers: readonly string[];
  /** The fields its columns were taken for, in column order (null: not used). */
  readonly fields: readonly (ReconcileField | null)[];
  /** Higher reads better: one point a field found, three more for a table that can be reconciled. */
  readonly score: number;
}

export interface TableFound {
  /** The best try; null when no row among the first names any field. */
  readonly best: HeaderTry | null;
  /** The index (in the rows given) of the first row under the header. */
  readonly firstDataIndex: number;
  /** Every row tried, in order. */
  readonly tried: readonly HeaderTry[];
}

export function cellText(cell: unknown): string {
  if (isBlank(cell)) return "";
  if (typeof cell === "object" && cell !== null && typeof (cell as { error?: unknown }).error === "string") return (cell as { error: string }).error;
  return String(cell).trim();
}

// What a printout puts at a page break, whole cell: "Page 2", "Page 1 of 2", "Page 1/2", "1 of 2", "- 2 -",
// "Continued", "(continued)", "Cont'd", "Continued on next page", "… continued".
const PAGE_FURNITURE = /^(?:page\s*\d+(?:\s*(?:of|\/)\s*\d+)?|\d+\s+of\s+\d+|[-–—]\s*\d+\s*[-–—]|\(?(?:…|\.\.\.)?\s*(?:continued|cont'?d\.?)(?:\s+(?:on|from)\s+(?:the\s+)?(?:next|previous|following)\s+page)?\s*(?:…|\.\.\.)?\)?)$/i;

/** A page line alone on its row: every filled cell a page number or a "Continued" (none filled: false). */
export function isPageLine(cells: readonly unknown[]): boolean {
  const filled = cells.filter((cell) => cellText(cell) !== "");
  return filled.length > 0 && filled.every((cell) => typeof cell === "string" && PAGE_FURNITURE.test(cell.trim()));
}

/** Text compared case- and spacing-blind, as a repeated header is. */
export function sameText(a: string, b: string): boolean {
  const normalised = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
  return normalised(a) === normalised(b);
}

/**
 * Rows under a header that say nothing of the columns' values: page lines, the header row repeated atop a page,
 * and lines of one text cell (a title repeated, a note). Left out of the sample the columns are guessed from.
 */
function furnitureRow(cells: readonly unknown[], header: readonly string[]): boolean {
  const filled = cells.flatMap((cell, column) => (cellText(cell) === "" ? [] : [column]));
  if (filled.length === 1 && typeof cells[filled[0]] === "string" && isWords(cells[filled[0]])) return true;
  return isPageLine(cells) || (filled.length >= 2 && filled.every((column) => sameText(cellText(cells[column]), header[column] ?? "")));
}

/** The first rows under a header that are not furniture (GUESS_SAMPLE_ROWS unless told): what its columns' values are guessed from. */
export function guessSample(rows: readonly (readonly unknown[])[], header: readonly string[], limit = GUESS_SAMPLE_ROWS): (readonly unknown[])[] {
  // Stops at the limit: the rows given may be a whole sheet or a pane's selection of a million.
  const sample: (readonly unknown[])[] = [];
  for (let i = 0; i < rows.length && sample.length < limit; i++) if (!furnitureRow(rows[i], header)) sample.push(rows[i]);
  return sample;
}

/** A header cell is words: not a number, a date or an amount. */
function isWords(cell: unknown): boolean {
  if (typeof cell === "number" || typeof cell === "boolean") return false;
  const text = cellText(cell);
  return /[A-Za-z]/.test(text) && !/^\(?\$?-?[\d,]+(\.\d+)?\)?$/.test(text);
}

/**
 * A group-header row's labels carried across the blank cells to their right, as merged cells
 * read: "Billed", "", "" over three columns is "Billed" over each.
 */
function groupLabels(group: readonly unknown[], width: number): string[] {
  const labels: string[] = [];
  let current = "";
  for (let column = 0; column < width; column++) {
    const text = cellText(group[column]);
    if (text !== "") current = text;
    labels.push(current);
  }
  return labels;
}

function joined(group: readonly string[], headers: readonly string[]): string[] {
  return headers.map((header, column) => {
    const label = group[column] ?? "";
    if (label === "" || header === "") return header || label;
    return `${label}${GROUP_JOIN}${header}`;
  });
}

/** Is the table reconcilable with these fields: a date, units or the three measurements, and a billed amount. */
function complete(fields: readonly (ReconcileField | null)[], purpose: "reconcile" | "batch"): boolean {
  const has = (field: ReconcileField) => fields.includes(field);
  const sized = has("units") || (has("length") && has("breadth") && has("depth"));
  return sized && has("date") && (purpose === "batch" || BILLED_FIELDS.some(has));
}

function tryHeader(rows: readonly SheetRow[], index: number, group: SheetRow | null, width: number, purpose: "reconcile" | "batch"): HeaderTry {
  const own = Array.from({ length: width }, (_, column) => cellText(rows[index].cells[column]));
  const headers = group === null ? own : joined(groupLabels(group.cells, width), own);
  const sample = guessSample(
    rows.slice(index + 1).map((row) => row.cells),
    own,
  );
  const { fields, ambiguities } = guessMapping(headers, sample);
  const found = new Set(fields.filter((field) => field !== null)).size;
  // Two columns equally likely for a field read worse than one: a group header that tells them apart wins.
  const score = found === 0 ? 0 : found + (complete(fields, purpose) ? 3 : 0) - 0.5 * (ambiguities?.length ?? 0);
  return { rowNumber: rows[index].rowNumber, groupRowNumber: group?.rowNumber ?? null, headers, fields, score };
}

/** Could the row be a group-header row over the next: words only, with blank cells between or beside them. */
function couldBeGroup(row: SheetRow, under: SheetRow, width: number): boolean {
  const cells = Array.from({ length: width }, (_, column) => row.cells[column]);
  const filled = cells.filter((cell) => cellText(cell) !== "");
  const underFilled = Array.from({ length: width }, (_, column) => under.cells[column]).filter((cell) => cellText(cell) !== "").length;
  // A title sits in the first cell alone; group labels stand over the columns they group.
  const overColumns = filled.length >= 2 || cellText(cells[0]) === "";
  return filled.length > 0 && overColumns && filled.length < underFilled && filled.every(isWords);
}

/**
 * The header row among the first HEADER_SEARCH_ROWS rows (or the one given, 1-based as the sheet
 * numbers it), joined to a group-header row above it where that reads better. A row of words
 * only is tried; the best score wins, the first on a tie.
 */
export function findTable(rows: readonly SheetRow[], options: { headerRow?: number; purpose?: "reconcile" | "batch" } = {}): TableFound {
  const purpose = options.purpose ?? "reconcile";
  const width = Math.max(0, ...rows.map((row) => row.cells.length));
  const tried: HeaderTry[] = [];
  let best: HeaderTry | null = null;
  let bestIndex = 0;
  const indexes = options.headerRow === undefined ? rows.map((_, index) => index).filter((index) => rows[index].rowNumber <= HEADER_SEARCH_ROWS || index < HEADER_SEARCH_ROWS) : rows.flatMap((row, index) => (row.rowNumber === options.headerRow ? [index] : []));
  for (const index of indexes.slice(0, HEADER_SEARCH_ROWS)) {
    const row = rows[index];
    const words = row.cells.filter((cell) => cellText(cell) !== "");
    // A header names its columns with words; a row of numbers or dates is data (unless it is the one given).
    if (options.headerRow === undefined && (words.length < 2 || words.filter(isWords).length < words.length * 0.6)) continue;
    const plain = tryHeader(rows, index, null, width, purpose);
    let chosen = plain;
    const above = index > 0 ? rows[index - 1] : null;
    if (above !== null && above.rowNumber === row.rowNumber - 1 && couldBeGroup(above, row, width)) {
      const grouped = tryHeader(rows, index, above, width, purpose);
      // Joined where that reads better or changes what a column is taken for ("Computed" over "Total").
      const differs = grouped.fields.some((field, column) => field !== plain.fields[column]);
      if (grouped.score > plain.score || (grouped.score === plain.score && differs)) chosen = grouped;
    }
    tried.push(chosen);
    if (best === null || chosen.score > best.score) {
      best = chosen;
      bestIndex = index;
    }
  }
  if (best !== null && best.score === 0 && options.headerRow === undefined) best = null;
  return { best, firstDataIndex: best === null ? 0 : bestIndex + 1, tried };
}

/** "row 3", "rows 2–3 (a group header over the header)": where the header was found, in words. */
export function headerPlace(found: HeaderTry): string {
  return found.groupRowNumber === null ? `row ${found.rowNumber}` : `row ${found.rowNumber} under the group headers of row ${found.groupRowNumber}`;
}
