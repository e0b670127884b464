import { OrRefusal, PilotageInputError } from "./errors";
import { DATE_REASONS } from "./messages";
import { isBlank } from "./blank";

/** A calendar date without time or zone (D15), always "YYYY-MM-DD", so strings compare in date order. */
export type IsoDate = string;

const MS_PER_DAY = 86_400_000;
const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return leap ? 29 : DAYS_IN_MONTH[month - 1];
}

export function isoDateOf(year: number, month: number, day: number): IsoDate {
  return `${year >= 1000 ? year : String(year).padStart(4, "0")}-${twoDigits(month)}-${twoDigits(day)}`;
}

const twoDigits = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

export function partsOf(date: IsoDate): { year: number; month: number; day: number } {
  return { year: yearOf(date), month: monthOf(date), day: dayOf(date) };
}

function dayNumber(date: IsoDate): number {
  const { year, month, day } = partsOf(date);
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

function fromDayNumber(days: number): IsoDate {
  const d = new Date(days * MS_PER_DAY);
  return isoDateOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(dayNumber(date) + days);
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** The latest dated row on or before the date (rows apply from their date until the next row's). */
export function rowInForce<T extends { from: IsoDate }>(date: IsoDate, rows: readonly T[]): T | null {
  let inForce: T | null = null;
  for (const row of rows) {
    if (row.from <= date && (inForce === null || row.from >= inForce.from)) inForce = row;
  }
  return inForce;
}

/**
 * Whole months from `from` to `date` as General Construction Law § 30 counts them (addMonthsGcl30):
 * the largest n with addMonthsGcl30(from, n) on or before the date (negative before `from`).
 */
export function monthsSince(from: IsoDate, date: IsoDate): number {
  const year = yearOf(date);
  const month = monthOf(date);
  const months = (year - yearOf(from)) * 12 + (month - monthOf(from));
  // addMonthsGcl30(from, months) falls on `from`'s day, or the month's last day where there is none.
  return dayOf(date) >= Math.min(dayOf(from), daysInMonth(year, month)) ? months : months - 1;
}

// The year, month and day an ISO date's digits write: each digit is at a fixed place.
function digitAt(date: IsoDate, i: number): number {
  return date.charCodeAt(i) - 48;
}
function yearOf(date: IsoDate): number {
  return digitAt(date, 0) * 1000 + digitAt(date, 1) * 100 + digitAt(date, 2) * 10 + digitAt(date, 3);
}
function monthOf(date: IsoDate): number {
  return digitAt(date, 5) * 10 + digitAt(date, 6);
}
function dayOf(date: IsoDate): number {
  return digitAt(date, 8) * 10 + digitAt(date, 9);
}

/**
 * N months after a date, counted as N.Y. General Construction Law § 30 counts them: the same day
 * of the month, or the last day of the month where that day does not exist (D6).
 */
export function addMonthsGcl30(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = partsOf(date);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  return isoDateOf(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/**
 * Whether `date` is later than `months` months after `from` (addMonthsGcl30), worked from the whole
 * months between them (monthsSince): the later date itself is only needed when they are `months` apart.
 */
export function isLaterThanMonthsAfter(date: IsoDate, from: IsoDate, months: number): boolean {
  const since = monthsSince(from, date);
  return since > months || (since === months && date > addMonthsGcl30(from, months));
}

/** Strict "YYYY-MM-DD" text, checked against the calendar. */
export function parseIsoDate(text: string, field = "date"): OrRefusal<IsoDate> {
  const match = ISO_PATTERN.exec(text.trim());
  if (!match) {
    return new PilotageInputError(DATE_REASONS.notIso, { field, text }, field);
  }
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return new PilotageInputError(DATE_REASONS.notInCalendar, { field, text: match[0] }, field);
  }
  // The text already is the canonical form.
  return match[0];
}

/** Excel's largest date, 9999-12-31, in the 1900 date system. */
export const LAST_EXCEL_SERIAL = 2_958_465;

/**
 * Excel's 1900 date system (D15): serial 1 = 1900-01-01 … serial 59 = 1900-02-28; serial 60 is
 * Excel's 29 February 1900, which never existed; from serial 61 (1900-03-01) on, serial N is N
 * days after 1899-12-30. A time of day (the fraction) is dropped: transits are charged by date.
 */
export function excelSerialToIso(serial: number, field = "date"): OrRefusal<IsoDate> {
  if (!Number.isFinite(serial)) {
    return new PilotageInputError(DATE_REASONS.serialNotFinite, { field }, field);
  }
  const whole = Math.floor(serial);
  if (whole < 1 || whole > LAST_EXCEL_SERIAL) {
    return new PilotageInputError(DATE_REASONS.serialOutOfRange, { field, serial, last: LAST_EXCEL_SERIAL }, field);
  }
  if (whole === 60) {
    return new PilotageInputError(DATE_REASONS.serial60, { field }, field);
  }
  return whole < 60 ? addDays("1900-01-01", whole - 1) : addDays("1899-12-30", whole);
}

export function isoToExcelSerial(date: IsoDate): number {
  const days = daysBetween("1899-12-30", date);
  return days < 61 ? days - 1 : days;
}

/** A date from a cell, a flag or a form: an Excel serial number or ISO text. */
export function readDate(input: unknown, field = "date"): OrRefusal<IsoDate> {
  if (isBlank(input)) {
    return new PilotageInputError(DATE_REASONS.blank, { field }, field);
  }
  if (typeof input === "number") return excelSerialToIso(input, field);
  if (typeof input === "string") return parseIsoDate(input, field);
  if (input instanceof Date && !Number.isNaN(input.getTime())) {
    // D15: a Date is a moment. At midnight UTC (as new Date("2026-06-15") makes it) it is that
    // day; any other moment is refused here (an adapter may read a local midnight first).
    if (input.getTime() % MS_PER_DAY !== 0) return new PilotageInputError(DATE_REASONS.dateMoment, { field, instant: input.toISOString() }, field);
    return parseIsoDate(isoDateOf(input.getUTCFullYear(), input.getUTCMonth() + 1, input.getUTCDate()), field);
  }
  return new PilotageInputError(DATE_REASONS.notADate, { field }, field);
}
