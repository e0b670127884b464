/**
 * A stand-in for Excel's `CustomFunctions` global with the real API's shape: `Error(code, message)`
 * and the `ErrorCode` values Excel shows. Used by adapter tests in jest and by the bundle loader.
 */
export const ERROR_CODES = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

export class CustomFunctionsErrorStandIn extends Error {
  constructor(readonly code: string, message?: string) {
    super(message);
    this.name = "CustomFunctions.Error";
  }
}

export function customFunctionsStandIn(associations?: Map<string, (...args: unknown[]) => unknown>) {
  return {
    Error: CustomFunctionsErrorStandIn,
    ErrorCode: ERROR_CODES,
    associate(idOrMap: string | Record<string, (...args: unknown[]) => unknown>, fn?: (...args: unknown[]) => unknown) {
      if (!associations) return;
      if (typeof idOrMap === "string") associations.set(idOrMap.toUpperCase(), fn as (...args: unknown[]) => unknown);
      else for (const [id, f] of Object.entries(idOrMap)) associations.set(id.toUpperCase(), f);
    },
  };
}

/** Installs the stand-in as the global `CustomFunctions` for code imported into jest. */
export function installCustomFunctionsGlobal(): void {
  (globalThis as unknown as { CustomFunctions: unknown }).CustomFunctions = customFunctionsStandIn();
}

/** `{ code, message }` of an error result, or null when the value is not one. */
export function excelError(value: unknown): { code: string; message: string } | null {
  return value instanceof CustomFunctionsErrorStandIn ? { code: value.code, message: value.message } : null;
}
