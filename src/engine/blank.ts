/**
 * A value no one typed: null, undefined (a missing argument or flag, web Excel's empty cell) or
 * text of spaces only. Desktop Excel's empty cell arrives as 0; only a door that knows its value
 * came from a cell may also take 0 as blank.
 */
export function isBlank(input: unknown): boolean {
  return input === null || input === undefined || (typeof input === "string" && input.trim() === "");
}
