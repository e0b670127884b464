/**
 * A row's billed cells, each read once: the totals-row check (totals.ts) and the row's
 * reconciliation (row.ts) are handed the same reading. What a blank one means is D27: a blank
 * billed total is no total to check (the row is checked on its billed charges, if any), a row with
 * every billed cell blank bills nothing and is not checked, and a blank charge beside billed amounts
 * is that charge not billed ($0.00). Excel's accounting dash is a typed $0.00, never blank.
 */
import { Amount, readBilledAmount } from "./amounts";
import type { Outcome } from "./cells";
import { BilledField, FIELD_LABELS } from "./fields";
import type { TablePlan } from "./mapping";

export interface BilledCells {
  /** In the order of plan.billed: each cell as read (its amount, or the error it makes), null where it is blank. */
  readonly reads: readonly (Outcome<Amount> | null)[];
  /** How many of them are blank. */
  readonly blankCount: number;
}

export function readBilledCells(cells: readonly unknown[], plan: TablePlan): BilledCells {
  const reads: (Outcome<Amount> | null)[] = new Array<Outcome<Amount> | null>(plan.billed.length);
  let blankCount = 0;
  for (let index = 0; index < plan.billed.length; index++) {
    const field = plan.billed[index];
    const read = readBilledAmount(cells[plan.column[field] as number] ?? null, field, FIELD_LABELS[field]);
    reads[index] = read;
    if (read === null) blankCount += 1;
  }
  return { reads, blankCount };
}

/** The field's cell as read; null when it is blank (or the table has no such column). */
export function billedRead(billed: BilledCells, plan: TablePlan, field: BilledField): Outcome<Amount> | null {
  const index = plan.billed.indexOf(field);
  return index < 0 ? null : billed.reads[index];
}

/** Every billed cell of the row is blank: nothing billed, nothing to check. */
export function billsNothing(billed: BilledCells): boolean {
  return billed.blankCount === billed.reads.length;
}

/** The table has a billed total column, and this row's cell in it is blank while another billed cell is not. */
export function billedTotalBlank(billed: BilledCells, plan: TablePlan): boolean {
  return plan.column.billed_total !== undefined && !billsNothing(billed) && billedRead(billed, plan, "billed_total") === null;
}

const TOTAL_ONLY: readonly BilledField[] = ["billed_total"];

/**
 * The billed fields a row's variance compares: the billed total, or, without one (no column, or
 * a blank cell on this row beside billed charges), the billed charges.
 */
export function comparedFieldsOf(plan: TablePlan, billed: BilledCells): readonly BilledField[] {
  if (plan.column.billed_total === undefined) return plan.billed;
  return billedTotalBlank(billed, plan) ? chargesOf(plan) : TOTAL_ONLY;
}

/** The billed charge fields (every billed field but the total). */
export function chargesOf(plan: TablePlan): readonly BilledField[] {
  return plan.column.billed_total === undefined ? plan.billed : plan.billed.filter((field) => field !== "billed_total");
}
