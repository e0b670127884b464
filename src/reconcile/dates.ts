/**
 * Transit dates as invoice files write them. Slash dates are month/day/year unless the user says
 * otherwise (this is a New York product; `--date-format`), and a date impossible in that order is
 * refused for its row, naming the option. Also read: ISO dates, ISO date-times at midnight,
 * "15-Jun-2026", "15 June 2026", "Jun 15, 2026", and Excel serial numbers, typed or as text, in a
 * date column. Every date ends as the engine's IsoDate, checked against the calendar by the engine.
 */
import { daysInMonth, excelSerialToIso, IsoDate, isoDateOf, OrRefusal, PilotageInputError, readDate } from "../engine";
import { DateFormat, TABLE_CELL_REASONS } from "./messages";

export const DATE_FORMATS = ["MM/DD/YYYY", "DD/MM/YYYY", "YYYY-MM-DD"] as const satisfies readonly DateFormat[];
export type { DateFormat };
export const DEFAULT_DATE_FORMAT: DateFormat = "MM/DD/YYYY";

/** "MM/DD/YYYY", "dd/mm/yyyy", "ISO"; null when the text is none of them. */
export function parseDateFormat(text: string): DateFormat | null {
  // Two-digit forms (MM/DD/YY, M/D/YY) name the same order: the year's digits are read either way.
  const key = text
    .trim()
    .toUpperCase()
    .replace(/[.-]/g, (ch) => (ch === "." ? "/" : "-"))
    .replace(/\bY{2,4}\b/, "YYYY")
    .replace(/\bM{1,2}\b/, "MM")
    .replace(/\bD{1,2}\b/, "DD");
  if (key === "ISO" || key === "YYYY-MM-DD") return "YYYY-MM-DD";
  if (key === "MM/DD/YYYY" || key === "MM/DD" || key === "US" || key === "MDY") return "MM/DD/YYYY";
  if (key === "DD/MM/YYYY" || key === "DD/MM" || key === "DMY") return "DD/MM/YYYY";
  return null;
}

const MONTH_NAMES = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** "Jun", "June", "jun.", "Sept": the month's number; null for anything else. */
function monthOfName(name: string): number | null {
  const lower = name.toLowerCase().replace(/\.$/, "");
  const index = MONTH_NAMES.findIndex((month) => lower === month || lower === month.slice(0, 3) || (month === "september" && lower === "sept"));
  return index < 0 ? null : index + 1;
}

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const NUMERIC_DATE = /^(\d{1,4})([/.-])(\d{1,2})\2(\d{1,4})$/;
const DAY_MONTH_YEAR = /^(\d{1,2})[\s\-/.]+([A-Za-z]{3,9}\.?)[\s\-/.,]+(\d{2,4})$/;
const MONTH_DAY_YEAR = /^([A-Za-z]{3,9}\.?)[\s\-/.]+(\d{1,2})(?:st|nd|rd|th)?,?[\s\-/.]+(\d{2,4})$/i;
const SERIAL_TEXT = /^\d{1,7}(\.0+)?$/;


/**
 * A year written with two digits, as Excel's default US short date writes it (1/12/26), read as
 * Excel reads it: 00–29 → 2000–2029, 30–99 → 1930–1999.
 */
export function fullYear(written: string): number {
  const year = Number(written);
  if (written.length !== 2) return year;
  return year < TWO_DIGIT_YEAR_PIVOT ? 2000 + year : 1900 + year;
}

/** Excel's pivot for two-digit years (its default "two-digit year cutoff" of 2029). */
const TWO_DIGIT_YEAR_PIVOT = 30;

function dateOf(year: number, month: number, day: number, cell: string, format: DateFormat, field: string): OrRefusal<IsoDate> {
  if (year < 1000) {
    return new PilotageInputError(TABLE_CELL_REASONS.twoDigitYear, { field, text: cell, format }, field);
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return new PilotageInputError(TABLE_CELL_REASONS.notInFormat, { field, text: cell, format }, field);
  }
  return readDate(isoDateOf(year, month, day), field);
}

/**
 * D15: a JavaScript Date in a library row is a moment. One at midnight in the program's time zone
 * (new Date(2027, 0, 1)) is that local day; the engine reads one at midnight UTC as its UTC day and
 * refuses any other moment (no offset makes a moment midnight in both on different days).
 */
function localMidnightDay(date: Date): IsoDate | null {
  if (Number.isNaN(date.getTime()) || date.getHours() !== 0 || date.getMinutes() !== 0 || date.getSeconds() !== 0 || date.getMilliseconds() !== 0) return null;
  return isoDateOf(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** A transit date cell of a table: a number is an Excel serial; text as described above. */
export function readTableDate(cell: unknown, format: DateFormat = DEFAULT_DATE_FORMAT, field = "date"): OrRefusal<IsoDate> {
  if (cell instanceof Date) return readDate(localMidnightDay(cell) ?? cell, field);
  if (typeof cell !== "string") return readDate(cell, field);
  const text = cell.trim();
  if (text === "") return readDate(cell, field);
  const iso = ISO_DATE_TIME.exec(text);
  if (iso) {
    const [hours, minutes, seconds] = [iso[2], iso[3], iso[4]].map((part) => Number(part ?? 0));
    // A local date and time (a dispatch system's "2026-11-03 06:40", the boarding) is charged by its
    // date, as an Excel date-time is (D15); one with a time zone names an instant, whose calendar
    // date depends on where it is read: refused unless it is midnight.
    if (iso[5] !== undefined && (hours !== 0 || minutes !== 0 || seconds !== 0)) {
      return new PilotageInputError(TABLE_CELL_REASONS.timeOfDay, { field, text, date: iso[1] }, field);
    }
    return readDate(iso[1], field);
  }
  if (SERIAL_TEXT.test(text)) return excelSerialToIso(Number(text), field);
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric) {
    const [first, second, third] = [numeric[1], numeric[3], numeric[4]];
    // Year first (2026/06/15) is read one way only.
    if (first.length === 4) return dateOf(Number(first), Number(second), Number(third), text, format, field);
    if (format === "YYYY-MM-DD") {
      return new PilotageInputError(TABLE_CELL_REASONS.notIso, { field, text }, field);
    }
    const [month, day] = format === "MM/DD/YYYY" ? [Number(first), Number(second)] : [Number(second), Number(first)];
    return dateOf(fullYear(third), month, day, text, format, field);
  }
  const named = DAY_MONTH_YEAR.exec(text);
  if (named) {
    const month = monthOfName(named[2]);
    if (month !== null) return dateOf(fullYear(named[3]), month, Number(named[1]), text, format, field);
  }
  const monthFirst = MONTH_DAY_YEAR.exec(text);
  if (monthFirst) {
    const month = monthOfName(monthFirst[1]);
    if (month !== null) return dateOf(fullYear(monthFirst[3]), month, Number(monthFirst[2]), text, format, field);
  }
  return new PilotageInputError(TABLE_CELL_REASONS.notADate, { field, text, format }, field);
}

/** How a column's slash dates read: day first only, month first only, or nothing decides (every one could be either). */
export interface DateOrder {
  /** A date that can only be day first (15/06/2026), or null. */
  readonly dayFirst: string | null;
  /** A date that can only be month first (06/15/2026), or null. */
  readonly monthFirst: string | null;
  /** A date that could be either (03/06/2026), or null. */
  readonly either: string | null;
}

/** What a column's first rows say about the order of their slash dates (year last, two or four digits). */
export function dateOrderOf(cells: readonly unknown[]): DateOrder {
  let dayFirst: string | null = null;
  let monthFirst: string | null = null;
  let either: string | null = null;
  for (const cell of cells) {
    if (typeof cell !== "string") continue;
    const numeric = NUMERIC_DATE.exec(cell.trim());
    if (!numeric || numeric[1].length > 2 || (numeric[4].length !== 4 && numeric[4].length !== 2)) continue;
    const [first, second] = [Number(numeric[1]), Number(numeric[3])];
    if (second > 12 && first <= 12) monthFirst ??= cell.trim();
    else if (first > 12 && second <= 12) dayFirst ??= cell.trim();
    else if (first !== second && first <= 12 && second <= 12) either ??= cell.trim();
  }
  return { dayFirst, monthFirst, either };
}

/**
 * The slash date of a column's first rows that can only be day first (15/06/2026: no 15th month),
 * when none of them can only be month first; null otherwise. Read month first by default, such a
 * file would have its ambiguous dates (03/06/2026) silently read as the wrong day.
 */
export function dayFirstDate(cells: readonly unknown[]): string | null {
  const order = dateOrderOf(cells);
  return order.monthFirst === null ? order.dayFirst : null;
}

/**
 * A single date given on its own, at every door that takes one (quote and rates --date, a call's
 * transit, the library, MCP): ISO, or any form a table's date column takes, with a two-digit year
 * too; a slash date that reads as two different days (3/6/26, or 27-01-16 year first) is refused,
 * saying so, since no column's other dates can decide its order.
 */
export function readGivenDate(text: string, field = "date"): OrRefusal<IsoDate> {
  const trimmed = text.trim();
  // A date and time is read as in a table (D15): a local one is its date, a zoned one refused unless midnight.
  if (ISO_DATE_TIME.test(trimmed)) return readTableDate(trimmed, "YYYY-MM-DD", field);
  const written = NUMERIC_DATE.exec(trimmed);
  const yearLast = written !== null && written[1].length <= 2;
  // Two digits first and last with dashes or dots (27-01-16): with no column to decide, a date that
  // also reads year first is refused. With slashes it is Excel's US or UK short date (15/6/26, D15).
  if (written !== null && written[2] !== "/" && written[1].length === 2 && written[4].length === 2) {
    const [year, month, day] = [fullYear(written[1]), Number(written[3]), Number(written[4])];
    if (month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)) {
      return new PilotageInputError(TABLE_CELL_REASONS.yearFirstOrLast, { field, text: trimmed, yearFirst: isoDateOf(year, month, day) }, field);
    }
  }
  // ISO dates, and anything not written as a day, month and year, as the engine reads a date (an Excel serial is a cell's, not a typed date).
  if (!yearLast && !DAY_MONTH_YEAR.test(trimmed) && !MONTH_DAY_YEAR.test(trimmed)) return readDate(text, field);
  const order = dateOrderOf([text]);
  if (order.either !== null) {
    return new PilotageInputError(TABLE_CELL_REASONS.ambiguousOrder, { field, text: text.trim() }, field);
  }
  return readTableDate(text, order.dayFirst !== null ? "DD/MM/YYYY" : DEFAULT_DATE_FORMAT, field);
}
