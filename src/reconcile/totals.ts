/**
 * Totals rows: invoice exports often end (or break) with a row labelled Total, Subtotal or Grand
 * total. Such a row is not an invoice: it is excluded, reported, and never flagged. A row is a
 * totals row when a text cell (any column) starts with such a label AND either it has no vessel
 * inputs (units or measurements, section, date all blank) or its billed amount equals the sum of
 * the invoice rows above it (since the start, or since the last subtotal).
 */
import { Amount, ExactSum, readBilledAmount } from "./amounts";
import { isBlank } from "../engine";
import { BilledField, FIELD_LABELS, ReconcileField } from "./fields";
import { TablePlan } from "./mapping";

// After any leading white space (\s is what trim() removes), so that a cell is tested without trimming it first.
const TOTALS_LABEL = /^\s*(grand[\s-]*|sub[\s-]*)?totals?\b/i;

const VESSEL_INPUTS: readonly ReconcileField[] = ["units", "length", "breadth", "depth", "section", "date"];

export class TotalsRows {
  private sinceStart = new ExactSum();
  private sinceSubtotal = new ExactSum();

  constructor(private readonly plan: TablePlan) {}

  /** Why the row is excluded as a totals row, or null for an invoice row. Call for every row, in order. */
  check(cells: readonly unknown[]): string | null {
    const label = cells.find((cell): cell is string => typeof cell === "string" && TOTALS_LABEL.test(cell));
    const billed = this.billedOf(cells);
    if (label !== undefined) {
      const noInputs = VESSEL_INPUTS.every((field) => {
        const index = this.plan.column[field];
        return index === undefined || isBlank(cells[index]);
      });
      const sinceStart = this.sinceStart.value;
      const isSum = billed !== null && (billed.eq(sinceStart) || billed.eq(this.sinceSubtotal.value)) && !sinceStart.isZero();
      if (noInputs || isSum) {
        this.sinceSubtotal = new ExactSum();
        const shown = label.trim().length > 30 ? `${label.trim().slice(0, 30)}…` : label.trim();
        return `a totals row ("${shown}"${isSum ? ", the sum of the rows above" : ", no vessel inputs"}), not an invoice`;
      }
    }
    if (billed !== null) {
      this.sinceStart.add(billed);
      this.sinceSubtotal.add(billed);
    }
    return null;
  }

  /** The row's billed amount: its billed total, or its billed charges summed; null when a cell cannot be read. */
  private billedOf(cells: readonly unknown[]): Amount | null {
    const fields: readonly BilledField[] = this.plan.column.billed_total !== undefined ? ["billed_total"] : this.plan.billed;
    let sum: Amount | null = null;
    for (const field of fields) {
      const index = this.plan.column[field] as number;
      const read = readBilledAmount(cells[index] ?? null, field, FIELD_LABELS[field]);
      if (!read.ok) return null;
      sum = sum === null ? read.value : sum.plus(read.value);
    }
    return sum;
  }
}
