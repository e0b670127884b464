/**
 * The quote as rows of text, for "Copy as table" (tab-separated, for e-mail) and the standalone
 * CSV download. Pure: the amounts and citations are the engine's, already in the PaneResult.
 */
import { PaneResult, usdOfCents } from "./form";
import { PaneState } from "./state";

// The quote's title and docking note: the quote sheet's declaration, so every form of the quote says the same.
import { DOCKING_NOTE, QUOTE_TITLE } from "../quote-sheet/layout";

export { DOCKING_NOTE, QUOTE_TITLE };

export type AmountStyle = "display" | "plain";

function amount(cents: number | null, style: AmountStyle): string {
  if (cents === null) return "not entered";
  return style === "display" ? usdOfCents(cents) : (cents / 100).toFixed(2);
}

/**
 * Title, vessel, one block per transit (lines with authority and note, warnings, subtotal), the
 * grand total, settings that differ from the defaults, and the docking note. Null until every
 * transit is quoted.
 */
export function quoteTableRows(state: PaneState, result: PaneResult, style: AmountStyle): string[][] | null {
  if (result.grandTotalCents === null) return null;
  const rows: string[][] = [[QUOTE_TITLE]];
  rows.push(["Vessel", state.vessel.name.trim() === "" ? "(not named)" : state.vessel.name.trim()]);
  if (state.vessel.imo.trim() !== "") rows.push(["IMO number", state.vessel.imo.trim()]);
  rows.push([
    "Pilotage units",
    result.vessel.unitsText,
    state.vessel.notProvided ? "§ 89-a(4)(d)" : "§ 89-a(4)(b)(2), (c)",
    result.vessel.working ?? "",
  ]);
  for (const transit of result.transits) {
    const quote = transit.quote;
    if (!quote) continue;
    rows.push([]);
    rows.push([transit.heading]);
    rows.push(["Item", "Amount", "Authority", "Note"]);
    for (const line of quote.lines) rows.push([line.label, amount(line.amountCents, style), line.citation, line.note]);
    for (const warning of quote.warnings) rows.push(["Warning", "", "", warning]);
    rows.push([quote.complete ? `Transit ${transit.number} subtotal` : `Transit ${transit.number} subtotal (incomplete)`, amount(quote.totalCents, style), quote.citation, ""]);
  }
  rows.push([]);
  rows.push([result.complete ? "Grand total" : "Grand total (incomplete: amounts not entered)", amount(result.grandTotalCents, style), "", ""]);
  for (const setting of result.settingsNotDefault) rows.push(["Setting (not the default)", "", "", setting]);
  rows.push(["Note", "", "§ 89-a(4)(b)(3)", DOCKING_NOTE]);
  return rows;
}

/** Cells that a spreadsheet would run as a formula get a leading apostrophe (CSV/formula injection). */
export function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function csvCell(cell: string): string {
  const safe = neutralizeFormula(cell);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 CSV with CRLF line ends. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Tab-separated text for the clipboard: a table when pasted into Excel, aligned text in e-mail. */
export function toTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map((cell) => neutralizeFormula(cell.replace(/[\t\r\n]+/g, " "))).join("\t")).join("\n") + "\n";
}

/** A file name from the quote sheet's name, with nothing a file system minds. */
export function csvFileName(sheetName: string): string {
  const base = sheetName.replace(/[^A-Za-z0-9 ._()-]+/g, " ").replace(/\s+/g, " ").trim();
  return `${base === "" ? "Quote" : base}.csv`;
}
