/**
 * The hours cell of a table (reconcile, batch, the library's rows): a number, plain number text,
 * or a duration as a dispatch sheet shows it, "10:30" (hours and minutes) or "10:30:15", read as
 * 10.5 hours or 10 h 30 min 15 s. An .xlsx cell formatted as a duration or a time reaches here as
 * the text it shows (src/workbook/xlsx-read.ts), so 10:30 is 10.5 hours in either file. A time of
 * day ("10:30 PM") is not a length of time: refused, naming it, never guessed.
 */
import { OrRefusal, PilotageInputError, readHours } from "../engine";
import { TABLE_CELL_REASONS } from "./messages";

const PLAIN_NUMBER_TEXT = /^\d{1,9}(\.\d{1,6})?$/;
const DURATION_TEXT = /^(\d{1,3}):([0-5]\d)(?::([0-5]\d))?$/;
const CLOCK_TEXT = /^\d{1,2}:\d{2}(?::\d{2})?\s*[AP]\.?M\.?$/i;

export function readHoursCell(cell: unknown, field = "hours"): OrRefusal<number | null> {
  if (typeof cell !== "string") return readHours(cell, field);
  const text = cell.trim();
  // Plain decimal text with at most six decimals is exactly the number it parses to.
  if (PLAIN_NUMBER_TEXT.test(text)) return readHours(Number(text), field);
  const duration = DURATION_TEXT.exec(text);
  // Minutes and seconds are exact sixtieths: h + m/60 + s/3600 compares with ten as the duration does.
  if (duration) return readHours(Number(duration[1]) + Number(duration[2]) / 60 + Number(duration[3] ?? 0) / 3600, field);
  if (CLOCK_TEXT.test(text)) return new PilotageInputError(TABLE_CELL_REASONS.hoursTimeOfDay, { field, text }, field);
  return readHours(cell, field);
}
