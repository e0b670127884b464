/**
 * HUDSON_QUOTE's rows for one quote: the header, one row per charge line (item, amount, clause),
 * the warnings, the settings that differ from the defaults, the total. One declaration: the
 * function spills these rows, and the task pane writes the same rows (as values for "Insert as
 * values", and as the cached results of its per-cell line-item formulas). Pure: no Office.
 */
import type { Quote } from "../engine";

export type QuoteSpillCell = string | number;

export const QUOTE_HEADER = ["Item", "Amount", "Authority"] as const;
/** What the Amount column shows for a board amount not entered. */
export const NOT_ENTERED = "not entered";

/** What each of a quote's rows holds, in order: its charge lines, warnings, settings not the default, and total. */
export interface QuoteRowVisitor {
  /** A charge line: `amount` in dollars (whole cents ÷ 100), null when not entered. */
  line(label: string, amount: number | null, citation: string): void;
  warning(warning: string): void;
  setting(setting: string): void;
  total(complete: boolean, amount: number, citation: string): void;
}

/** Visits the quote's rows after the header, in the spill's order (the card reads them the same way). */
export function visitQuoteRows(quote: Quote, visit: QuoteRowVisitor): void {
  for (const line of quote.lines) visit.line(line.label, line.amountCents === null ? null : line.amountCents / 100, line.citation);
  for (const warning of quote.warnings) visit.warning(warning);
  for (const setting of quote.settingsNotDefault) visit.setting(setting);
  visit.total(quote.complete, quote.totalCents / 100, quote.citation);
}

/** The label of the total row. */
const totalLabel = (complete: boolean) => (complete ? "Total" : "Total (incomplete)");

/** The spill's rows, read from the quote (visitQuoteRows). */
class SpillRows implements QuoteRowVisitor {
  readonly rows: unknown[][] = [[...QUOTE_HEADER]];

  constructor(private readonly amountCell: (amount: number) => unknown) {}

  line(label: string, amount: number | null, citation: string): void {
    this.rows.push([label, amount === null ? NOT_ENTERED : this.amountCell(amount), citation]);
  }

  warning(warning: string): void {
    this.rows.push(["Warning", "", warning]);
  }

  setting(setting: string): void {
    this.rows.push(["Setting", "", setting]);
  }

  total(complete: boolean, amount: number, citation: string): void {
    this.rows.push([totalLabel(complete), this.amountCell(amount), citation]);
  }
}

/** The header and the quote's rows, each amount's cell made by `amountCell` (plain numbers by default). */
export function quoteSpillRows(quote: Quote): QuoteSpillCell[][];
export function quoteSpillRows<A>(quote: Quote, amountCell: (amount: number) => A): (string | A)[][];
export function quoteSpillRows(quote: Quote, amountCell: (amount: number) => unknown = (amount) => amount): unknown[][] {
  const spill = new SpillRows(amountCell);
  visitQuoteRows(quote, spill);
  return spill.rows;
}
