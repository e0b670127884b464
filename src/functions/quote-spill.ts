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
  // Indexed loops: the lists are a mix of shared frozen arrays and a quote's own, and for…of over
  // both made an iterator result per element (about 450 bytes a quote).
  const lines = quote.lines;
  for (let i = 0; i < lines.length; i++) visit.line(lines[i].label, lines[i].amountCents === null ? null : (lines[i].amountCents as number) / 100, lines[i].citation);
  const warnings = quote.warnings;
  for (let i = 0; i < warnings.length; i++) visit.warning(warnings[i]);
  const settings = quote.settingsNotDefault;
  for (let i = 0; i < settings.length; i++) visit.setting(settings[i]);
  visit.total(quote.complete, quote.totalCents / 100, quote.citation);
}

/** The label of the total row. */
const totalLabel = (complete: boolean) => (complete ? "Total" : "Total (incomplete)");

/** The spill's rows, read from the quote (visitQuoteRows), one object per spill (no closures made per call). */
class SpillRows implements QuoteRowVisitor {
  readonly rows: unknown[][];
  private rowCount = 1;

  constructor(
    quote: Quote,
    private readonly amountCell: (amount: number) => unknown,
  ) {
    // Sized once, from the same lists visitQuoteRows reads: the header, then its rows, then the
    // total. (Grown by `push`, each row was a builtin call.)
    this.rows = new Array(quote.lines.length + quote.warnings.length + quote.settingsNotDefault.length + 2);
    this.rows[0] = [QUOTE_HEADER[0], QUOTE_HEADER[1], QUOTE_HEADER[2]];
  }

  line(label: string, amount: number | null, citation: string): void {
    this.rows[this.rowCount++] = [label, amount === null ? NOT_ENTERED : this.amountCell(amount), citation];
  }

  warning(warning: string): void {
    this.rows[this.rowCount++] = ["Warning", "", warning];
  }

  setting(setting: string): void {
    this.rows[this.rowCount++] = ["Setting", "", setting];
  }

  total(complete: boolean, amount: number, citation: string): void {
    this.rows[this.rowCount++] = [totalLabel(complete), this.amountCell(amount), citation];
  }
}

/**
 * `amountCell` makes each amount's cell (HUDSON_QUOTE's money cell values, on hosts that have them:
 * made here in one pass, rather than the rows copied again to format them).
 */
export function quoteSpillRows(quote: Quote): QuoteSpillCell[][];
export function quoteSpillRows<A>(quote: Quote, amountCell: (amount: number) => A): (string | A)[][];
export function quoteSpillRows(quote: Quote, amountCell: (amount: number) => unknown = plainAmount): unknown[][] {
  const spill = new SpillRows(quote, amountCell);
  visitQuoteRows(quote, spill);
  return spill.rows;
}

const plainAmount = (amount: number) => amount;
