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

/**
 * `amountCell` makes each amount's cell (HUDSON_QUOTE's money cell values, on hosts that have them:
 * made here in one pass, rather than the rows copied again to format them).
 */
export function quoteSpillRows(quote: Quote): QuoteSpillCell[][];
export function quoteSpillRows<A>(quote: Quote, amountCell: (amount: number) => A): (string | A)[][];
export function quoteSpillRows(quote: Quote, amountCell: (amount: number) => unknown = plainAmount): unknown[][] {
  const rows: unknown[][] = [[QUOTE_HEADER[0], QUOTE_HEADER[1], QUOTE_HEADER[2]]];
  for (const line of quote.lines) rows.push([line.label, line.amountCents === null ? NOT_ENTERED : amountCell(line.amountCents / 100), line.citation]);
  for (const warning of quote.warnings) rows.push(["Warning", "", warning]);
  for (const setting of quote.settingsNotDefault) rows.push(["Setting", "", setting]);
  rows.push([quote.complete ? "Total" : "Total (incomplete)", amountCell(quote.totalCents / 100), quote.citation]);
  return rows;
}

const plainAmount = (amount: number) => amount;
