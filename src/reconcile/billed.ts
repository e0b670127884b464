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
  /** Each billed field's cell that is not blank, as read: its amount, or the error it makes. */
  readonly written: Readonly<Partial<Record<BilledField, Outcome<Amount>>>>;
  /** The billed fields whose cell is blank on this row, in the plan's order. */
  readonly blank: readonly BilledField[];
}

export function readBilledCells(cells: readonly unknown[], plan: TablePlan): BilledCells {
  const written: Partial<Record<BilledField, Outcome<Amount>>> = {};
  const blank: BilledField[] = [];
  for (const field of plan.billed) {
    const read = readBilledAmount(cells[plan.column[field] as number] ?? null, field, FIELD_LABELS[field]);
    if (read === null) blank.push(field);
    else written[field] = read;
  }
  return { written, blank };
}

/** Every billed cell of the row is blank: nothing billed, nothing to check. */
export function billsNothing(billed: BilledCells, plan: TablePlan): boolean {
  return billed.blank.length === plan.billed.length;
}

/** The table has a billed total column and this row's cell in it is blank. */
export function billedTotalBlank(billed: BilledCells): boolean {
  return billed.blank.includes("billed_total");
}

/**
 * The billed fields a row's variance compares: the billed total, or, without one (no column, or
 * a blank cell on this row), the billed charges.
 */
export function comparedFieldsOf(plan: TablePlan, billed: BilledCells | null): readonly BilledField[] {
  if (plan.column.billed_total !== undefined && (billed === null || !billedTotalBlank(billed))) return ["billed_total"];
  return plan.billed.filter((field) => field !== "billed_total");
}
