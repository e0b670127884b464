/** Whether the host has ExcelApi 1.minor; false where office.js cannot tell (then the older way is used). */
export function excelApiSupported(minor: number): boolean {
  const office = (globalThis as { Office?: { context?: { requirements?: { isSetSupported?: (name: string, version: string) => boolean } } } }).Office;
  return office?.context?.requirements?.isSetSupported?.("ExcelApi", `1.${minor}`) === true;
}

/**
 * Runs a command's batch as one step on Excel's undo stack where ExcelApi 1.20 is supported
 * (RunOptions.mergeUndoGroup): Insert quote and Reconcile write in many syncs, and one Ctrl+Z
 * should take the whole command back. Elsewhere each sync is its own undo step, as before.
 */
export function runAsOneUndoStep<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
  return excelApiSupported(20) ? Excel.run({ mergeUndoGroup: true }, batch) : Excel.run(batch);
}
