/**
 * Rows that are not invoices: invoice exports often end (or break) with a row labelled Total,
 * Subtotal or Grand total, or with a line of free text ("Printed 12/06/2026 by …"). Such a row is
 * excluded, named with why, and never flagged. A row is one only when it holds no transit
 * particulars (units or measurements, section, date, hours all blank): a vessel named "TOTAL …"
 * with its particulars is an invoice. Without particulars it is a totals row when a text cell
 * starts with such a label or its billed amount is the sum of the invoice rows above it (since the
 * start, or since the last subtotal); a note when it bills nothing and holds one text cell (a line
 * of words alone is a note in any column: "Thank you for your business." under the dates), unless
 * its text holds a date and an amount (a transit written into one cell is data, never a note). A
 * printout's page lines ("Page 1 of 2", "- 2 -", "Continued") alone on their row, the header row
 * repeated atop a page, and the report's title repeated there are excluded too, in any column,
 * digits and all; a row with any other cell filled (a transit with a blank or broken cell) is
 * still an invoice, read and named. A CSV's line of one field among wider rows (`line`) is named by
 * the same rules, or else is the malformed row it is.
 */
import { Amount, ExactSum, ZERO } from "./amounts";
import { isBlank } from "../engine";
import { BilledCells, billedRead, billsNothing, comparedFieldsOf, readBilledCells } from "./billed";
import { GROUP_JOIN, ReconcileField } from "./fields";
import { TablePlan } from "./mapping";
import { cellText, isPageLine, sameText } from "./table-finder";

// After any leading white space (\s is what trim() removes), so that a cell is tested without trimming it first.
// "Total", "Subtotal", "Grand total", and a statement's "Balance due" / "Amount due" / "Report total" line.
const TOTALS_LABEL = /^\s*(?:(grand[\s-]*|sub[\s-]*|report[\s-]*)?totals?\b|balance\s+due\b|(?:total\s+)?amount\s+due\b)/i;

/** A cell that is a totals label and nothing else: "Subtotal", "Grand total:", "TOTALS". */
const TOTALS_LABEL_ALONE = /^\s*(?:(?:grand|sub|report)[\s-]*)?totals?\s*:?\s*$/i;

const VESSEL_INPUTS: readonly ReconcileField[] = ["units", "length", "breadth", "depth", "section", "date", "hours"];

/** True when the row gives none of a transit's particulars. */
export function withoutParticulars(cells: readonly unknown[], plan: TablePlan): boolean {
  return VESSEL_INPUTS.every((field) => {
    const index = plan.column[field];
    return index === undefined || isBlank(cells[index]);
  });
}

// A date written in text: 06/15/2026, 15.06.26, 2026-06-15, 15-Jun-2026, Jun 15, 2026.
const MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
const DATE_IN_TEXT = new RegExp(`\\b(?:\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2}(?:\\d{2})?|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}[\\s-]${MONTH}[\\s-]\\d{2}(?:\\d{2})?|${MONTH}\\s+\\d{1,2},?\\s+\\d{4})\\b`, "i");
// An amount written in text: cents after a point (1,716.08, 7382.50), or a currency before digits ($ 1706, USD 1716).
const AMOUNT_IN_TEXT = /(?:^|[^\d.,])\d{1,3}(?:,\d{3})*\.\d{2}(?![\d.])|(?:^|[^\d.,])\d+\.\d{2}(?![\d.])|(?:[$€£]|\bUSD)\s?\d/i;

/** Text holding a date and an amount: a transit's particulars in one cell (a row whose separators were lost), never a note. */
export function holdsDateAndAmount(text: string): boolean {
  return DATE_IN_TEXT.test(text) && AMOUNT_IN_TEXT.test(text);
}

/** A cell of free text that may be a note: words, and not a date with an amount. */
function noteText(cell: unknown): cell is string {
  return typeof cell === "string" && /\p{L}/u.test(cell) && !holdsDateAndAmount(cell);
}

export class TotalsRows {
  private sinceStart = new ExactSum();
  private sinceSubtotal = new ExactSum();
  /** What a row excluded is not: an invoice (reconcile), a transit (batch). */
  private readonly not: string;

  /**
   * `titles`: the lines above the table's header that hold one cell of text (the report's title, its
   * period), which a printout repeats atop each page.
   */
  constructor(
    private readonly plan: TablePlan,
    private readonly titles: readonly string[] = [],
  ) {
    this.not = plan.purpose === "batch" ? "not a transit" : "not an invoice";
  }

  /**
   * Why the row is excluded (a totals row, page furniture, a note), or null for an invoice row. Call
   * for every row, in order, with the row's billed cells as read (the same reading its
   * reconciliation is given).
   */
  check(cells: readonly unknown[], billedCells: BilledCells = readBilledCells(cells, this.plan)): string | null {
    if (this.repeatsHeader(cells)) return `a repeated header row (a page break in a printout), ${this.not}`;
    const furniture = this.pageFurniture(cells);
    if (furniture !== null) return furniture;
    const filled = cells.filter((cell) => !isBlank(cell));
    const billed = this.billedOf(billedCells);
    const nothingBilled = billsNothing(billedCells);
    // A line of free text alone ("Thank you for your business.") is a note, whichever column it sits in.
    if (filled.length === 1 && noteText(filled[0]) && /[A-Za-z]+\s+[A-Za-z]+/.test(filled[0]) && nothingBilled) return this.note(filled[0]);
    const label = cells.find((cell): cell is string => typeof cell === "string" && TOTALS_LABEL.test(cell));
    // A labelled totals row often sums the units and hours too ("Subtotal", 384 units, 16 h): with no
    // section and no date, a cell that is the label alone (not a vessel "Total Energies") makes it no transit.
    const labelAlone = cells.some((cell) => typeof cell === "string" && TOTALS_LABEL_ALONE.test(cell));
    if (withoutParticulars(cells, this.plan) || (labelAlone && this.blankIn(cells, ["section", "date"]))) {
      const sinceStart = this.sinceStart.value;
      const isSum = billed !== null && (billed.eq(sinceStart) || billed.eq(this.sinceSubtotal.value)) && !sinceStart.isZero();
      if (label !== undefined || isSum) {
        this.sinceSubtotal = new ExactSum();
        return this.totalsRow(label, isSum ? "the sum of the rows above" : withoutParticulars(cells, this.plan) ? "no transit particulars" : "no section or date");
      }
      if (filled.length === 1 && noteText(filled[0]) && nothingBilled) return this.note(filled[0]);
    }
    if (billed !== null) {
      this.sinceStart.add(billed);
      this.sinceSubtotal.add(billed);
    }
    return null;
  }

  /**
   * Why a CSV's line of one filled field among wider rows ("Page 2 of 3", "Printed 03/11/26 by …", the
   * title repeated) is excluded, by the rules of `check`; null when it is none of those (a number
   * alone, a transit's particulars run into one field): then it is the malformed row it is.
   */
  line(cells: readonly unknown[]): string | null {
    const furniture = this.pageFurniture(cells);
    if (furniture !== null) return furniture;
    const text = cells.find((cell) => !isBlank(cell));
    if (!noteText(text)) return null;
    return TOTALS_LABEL.test(text) ? this.totalsRow(text, "no transit particulars") : this.note(text);
  }

  /** Page lines ("Page 1 of 2", "- 2 -", "Continued") and the report's title, alone on their row, as a printout repeats them. */
  private pageFurniture(cells: readonly unknown[]): string | null {
    const filled = cells.filter((cell) => !isBlank(cell));
    // Page numbers and "Continued" lines: furniture, though they hold digits and sit in the date column.
    if (isPageLine(cells)) return `a page line ("${short(filled.map((cell) => cellText(cell)).join(" "))}"), ${this.not}`;
    if (filled.length === 1 && this.titles.some((title) => sameText(title, cellText(filled[0])))) return `the report's title repeated ("${short(cellText(filled[0]))}"), ${this.not}`;
    return null;
  }

  private note(text: string): string {
    return `a note ("${short(text)}"), ${this.not}`;
  }

  private totalsRow(label: string | undefined, why: string): string {
    const shown = label === undefined ? "" : `"${short(label)}", `;
    return `a totals row (${shown}${why}), ${this.not}`;
  }

  /**
   * The header row again, as a printout repeats it atop each page: every mapped column's cell is blank or its
   * header's text (or the last part of a joined group header), two or more of them so. A data row never is.
   */
  private repeatsHeader(cells: readonly unknown[]): boolean {
    let same = 0;
    for (const index of Object.values(this.plan.column) as number[]) {
      const text = cellText(cells[index]);
      if (text === "") continue;
      const header = this.plan.mapping.headers[index] ?? "";
      if (!sameText(text, header) && !sameText(text, header.split(GROUP_JOIN).pop() ?? "")) return false;
      same += 1;
    }
    return same >= 2;
  }

  private blankIn(cells: readonly unknown[], fields: readonly ReconcileField[]): boolean {
    return fields.every((field) => {
      const index = this.plan.column[field];
      return index === undefined || isBlank(cells[index]) || cellText(cells[index]) === "";
    });
  }

  /**
   * The row's billed amount as its reconciliation compares it (D27): its billed total, or (no total
   * column, or a blank total) its billed charges summed, a blank one $0.00; null when nothing is
   * billed or a cell cannot be read.
   */
  private billedOf(billedCells: BilledCells): Amount | null {
    if (billsNothing(billedCells)) return null;
    let sum: Amount | null = null;
    for (const field of comparedFieldsOf(this.plan, billedCells)) {
      const read = billedRead(billedCells, this.plan, field);
      if (read !== null && !read.ok) return null;
      const amount = read === null ? ZERO : read.value;
      sum = sum === null ? amount : sum.plus(amount);
    }
    return sum;
  }
}

function short(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 30 ? `${trimmed.slice(0, 30)}…` : trimmed;
}
