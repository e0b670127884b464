/**
 * What a printed reconciliation shows of each row: the columns a reader needs (the row's first
 * column, vessel, date, billed, computed total, variance, flag and the note), so that one page
 * wide prints at a legible size. The other columns (measurements, the computed charges one by
 * one, a variance per charge, status, …) are detail: grouped and collapsed, one click away on
 * screen, printed when expanded. One declaration for every sheet a reconciliation writes.
 */
import type { ReconcileField } from "./fields";
import type { ReconcileColumnLayout } from "./formulas";
import type { TablePlan } from "./mapping";

/** The table's own columns a print shows, besides its first column (the row's name, frozen on screen). */
export const PRINTED_TABLE_FIELDS: readonly ReconcileField[] = ["vessel", "date", "billed_total"];

/** The added columns a print shows, by their place in the reconciliation's layout. */
export const PRINTED_ADDED_COLUMNS = ["total", "variance", "flag"] as const satisfies readonly (keyof ReconcileColumnLayout)[];

/**
 * Is the table's column (0-based) printed? Its first column is; a table with no billed total
 * prints each billed charge instead (the variance compares their sum).
 */
export function isPrintedTableColumn(plan: TablePlan, column: number): boolean {
  if (column === 0) return true;
  const fields = plan.billed.includes("billed_total") ? PRINTED_TABLE_FIELDS : [...PRINTED_TABLE_FIELDS, ...plan.billed];
  return fields.some((field) => plan.column[field] === column);
}

/** Is the added column (0-based among the added columns) printed? */
export function isPrintedAddedColumn(layout: ReconcileColumnLayout, column: number): boolean {
  return PRINTED_ADDED_COLUMNS.some((key) => layout[key] === column);
}
