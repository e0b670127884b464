/**
 * HUDSON_QUOTE's rows for one quote: the header, one row per charge line (item, amount, clause),
 * the warnings, the settings that differ from the defaults, the total. One declaration: the
 * function spills these rows, and the task pane writes the same rows (as values for "Insert as
 * values", and as the cached results of its per-cell line-item formulas). Pure: no Office.
 */
import type { Quote } from "../engine/quote";

export type QuoteSpillCell = string | number;

export const QUOTE_HEADER = ["Item", "Amount", "Authority"] as const;
/** What the Amount column shows for a board amount not entered. */
export const NOT_ENTERED = "not entered";

export function quoteSpillRows(quote: Quote): QuoteSpillCell[][] {
  const rows: QuoteSpillCell[][] = [[...QUOTE_HEADER]];
  for (const line of quote.lines) rows.push([line.label, line.amountCents === null ? NOT_ENTERED : line.amountCents / 100, line.citation]);
  for (const warning of quote.warnings) rows.push(["Warning", "", warning]);
  for (const setting of quote.settingsNotDefault) rows.push(["Setting", "", setting]);
  rows.push([quote.complete ? "Total" : "Total (incomplete)", quote.totalCents / 100, quote.citation]);
  return rows;
}
