/**
 * Reconciliation: tables of transits (invoices) checked against the engine's quotes. Not law: the
 * fields and headers of a table, the mapping of its columns, each row beside its quote, the
 * summary, and the formulas a workbook gets. The CLI and the task pane both use it; it imports
 * the engine, never the other way round. Pure: no Office, no files, no console.
 */
export * from "./amounts";
export * from "./billed";
export * from "./cells";
export * from "./column-values";
export * from "./dates";
export * from "./fields";
export * from "./formulas";
export * from "./mapping";
export * from "./row";
export * from "./status";
export * from "./summary";
export * from "./totals";
export * from "./printed-columns";
export * from "./table-finder";
