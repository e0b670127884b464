/**
 * Rows that are not invoices: invoice exports often end (or break) with a row labelled Total,
 * Subtotal or Grand total, or with a line of free text ("Printed 12/06/2026 by …"). Such a row is
 * excluded, named with why, and never flagged. A row is one only when it holds no transit
 * particulars (units or measurements, section, date, hours all blank): a vessel named "TOTAL …"
 * with its particulars is an invoice. Without particulars it is a totals row when a text cell
 * starts with such a label or its billed amount is the sum of the invoice rows above it (since the
 * start, or since the last subtotal); a note when it bills nothing and holds one text cell (a line
 * of words alone is a note in any column: "Thank you for your business." under the dates). A
 * printout's page lines ("Page 1 of 2", "- 2 -", "Continued") alone on their row, and the header row
 * repeated atop a page, are excluded too, in any column, digits and all; a row with any other cell
 * filled (a transit with a blank or broken cell) is still an invoice, read and named.
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

const VESSEL_INPUTS: readonly ReconcileField[] = ["units", "length", "breadth", "depth", "section", "date", "hours"];

/** True when the row gives none of a transit's particulars. */
export function withoutParticulars(cells: readonly unknown[], plan: TablePlan): boolean {
  return VESSEL_INPUTS.every((field) => {
    const index = plan.column[field];
    return index === undefined || isBlank(cells[index]);
  });
}

export class TotalsRows {
  private sinceStart = new ExactSum();
  private sinceSubtotal = new ExactSum();

  constructor(private readonly plan: TablePlan) {}

  /**
   * Why the row is excluded (a totals row, a note), or null for an invoice row. Call for every row,
   * in order, with the row's billed cells as read (the same reading its reconciliation is given).
   */
  check(cells: readonly unknown[], billedCells: BilledCells = readBilledCells(cells, this.plan)): string | null {
    if (this.repeatsHeader(cells)) return "a repeated header row (a page break in a printout), not an invoice";
    const filled = cells.filter((cell) => !isBlank(cell));
    // Page numbers and "Continued" lines, alone on their row: notes, though they hold digits and sit in the date column.
    if (isPageLine(cells)) return `a page line ("${short(filled.map((cell) => cellText(cell)).join(" "))}"), not an invoice`;
    const billed = this.billedOf(billedCells);
    const nothingBilled = billsNothing(billedCells);
    // A line of free text alone ("Thank you for your business.") is a note, whichever column it sits in.
    if (filled.length === 1 && typeof filled[0] === "string" && /[A-Za-z]+\s+[A-Za-z]+/.test(filled[0]) && nothingBilled) return `a note ("${short(filled[0])}"), not an invoice`;
    if (withoutParticulars(cells, this.plan)) {
      const label = cells.find((cell): cell is string => typeof cell === "string" && TOTALS_LABEL.test(cell));
      const sinceStart = this.sinceStart.value;
      const isSum = billed !== null && (billed.eq(sinceStart) || billed.eq(this.sinceSubtotal.value)) && !sinceStart.isZero();
      if (label !== undefined || isSum) {
        this.sinceSubtotal = new ExactSum();
        const shown = label === undefined ? "" : `"${short(label)}", `;
        return `a totals row (${shown}${isSum ? "the sum of the rows above" : "no transit particulars"}), not an invoice`;
      }
      if (filled.length === 1 && typeof filled[0] === "string" && nothingBilled) return `a note ("${short(filled[0])}"), not an invoice`;
    }
    if (billed !== null) {
      this.sinceStart.add(billed);
      this.sinceSubtotal.add(billed);
    }
    return null;
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
