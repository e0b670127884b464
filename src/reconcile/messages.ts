/**
 * The reconciliation layer's own refusals of a table's cells (dates as invoice files write them,
 * amounts with a decimal comma), each a code and its sentence in one place, as the engine's are
 * in src/engine/messages.ts. Made only when a message is read.
 */
import { reason, shownInput } from "../engine";

export type DateFormat = "MM/DD/YYYY" | "DD/MM/YYYY" | "YYYY-MM-DD";

/** How to write a date in a format, with the option that names it. */
export function dateAdvice(format: DateFormat): string {
  return `enter it as ${format === "YYYY-MM-DD" ? "2026-06-15" : format === "MM/DD/YYYY" ? "06/15/2026" : "15/06/2026"} (--date-format ${format}), 2026-06-15 or 15-Jun-2026`;
}

interface DateCell {
  field: string;
  text: string;
}

export const TABLE_CELL_REASONS = {
  twoDigitYear: reason<DateCell & { format: DateFormat }>(
    "BAD_DATE",
    ({ field, text, format }) => `The ${field} "${shownInput(text)}" has a year of three digits: write the year in full (${dateAdvice(format)}).`,
  ),
  notInFormat: reason<DateCell & { format: DateFormat }>("IMPOSSIBLE_DATE", ({ field, text, format }) => {
    const other: DateFormat = format === "DD/MM/YYYY" ? "MM/DD/YYYY" : "DD/MM/YYYY";
    return `The ${field} "${shownInput(text)}" is not a date read as ${format}: check it, or if the file writes dates as ${other}, give --date-format ${other}.`;
  }),
  timeOfDay: reason<DateCell & { date: string }>(
    "BAD_DATE",
    ({ field, text, date }) => `The ${field} "${shownInput(text)}" has a time of day: a transit is charged by its date (D15), so give the date alone, e.g. ${date}.`,
  ),
  notIso: reason<DateCell>(
    "BAD_DATE",
    ({ field, text }) =>
      `The ${field} "${shownInput(text)}" is not YYYY-MM-DD (--date-format YYYY-MM-DD): give --date-format MM/DD/YYYY or DD/MM/YYYY to say how the file writes dates.`,
  ),
  ambiguousOrder: reason<DateCell>("BAD_DATE", ({ field, text }) => {
    const [first, second] = text.split(/[/.-]/);
    return `The ${field} "${shownInput(text)}" could be month ${Number(first)} day ${Number(second)} or day ${Number(first)} month ${Number(second)}: write it as YYYY-MM-DD (or give --date-format MM/DD/YYYY or DD/MM/YYYY where a table is read).`;
  }),
  /** A single date given on its own (quote --date, a call's transit): 27-01-16 is 27 January 2016 or 16 January 2027. */
  yearFirstOrLast: reason<DateCell & { yearFirst: string }>(
    "BAD_DATE",
    ({ field, text, yearFirst }) => `The ${field} "${shownInput(text)}" could be year first, ${yearFirst}, or have its year last: write it as YYYY-MM-DD.`,
  ),
  notADate: reason<DateCell & { format: DateFormat }>("BAD_DATE", ({ field, text, format }) => `The ${field} "${shownInput(text)}" is not a date: ${dateAdvice(format)}.`),
  hoursTimeOfDay: reason<DateCell>(
    "NOT_A_NUMBER",
    ({ field, text }) =>
      `The ${field} "${shownInput(text)}" is a time of day, not a length of time: enter the hours of continuous pilotage as a number (10.5) or a duration (10:30), or format the cell as [h]:mm.`,
  ),
  fractionOfCent: reason<{ what: string; text: string }>(
    "NOT_A_NUMBER",
    ({ what, text }) => `The ${what} "${shownInput(text)}" has a fraction of a cent: an invoice bills whole cents, so check the amount (it is never compared as it stands).`,
  ),
  decimalComma: reason<{ what: string; text: string }>("NOT_A_NUMBER", ({ what, text }) => {
    const example = text.replace(/[^\d,]/g, "").replace(",", ".");
    return (
      `The ${what} "${shownInput(text)}" has a decimal comma: write the cents after a point, with no other separators or commas between thousands ` +
      `(${example}, or ${Number(example).toLocaleString("en-US", { minimumFractionDigits: 2 })}).`
    );
  }),
} as const;
