/** Whether the host has ExcelApi 1.minor; false where office.js cannot tell (then the older way is used). */
export function excelApiSupported(minor: number): boolean {
  const office = (globalThis as { Office?: { context?: { requirements?: { isSetSupported?: (name: string, version: string) => boolean } } } }).Office;
  return office?.context?.requirements?.isSetSupported?.("ExcelApi", `1.${minor}`) === true;
}
