/**
 * The Excel functions' own refusals (the shape of an argument, a blank where Excel passes 0, a
 * total with amounts not entered), each a code and its sentence in one place, as the engine's
 * are in src/engine/messages.ts. Made only when a message is read.
 */
import { BOARD_FEE_TABLE_COLUMNS, chargeInWords, reason } from "../engine";
import type { Quote } from "../engine";

const TRANSIT_DATE_HINT = "enter the transit date, an Excel date or text like 2026-12-31.";

export const ARGUMENT_REASONS = {
  transitDateBlank: reason<{ argument: string }>("BLANK", ({ argument }) => `${argument} is blank: ${TRANSIT_DATE_HINT}`),
  transitDateZero: reason<{ argument: string }>("BLANK", ({ argument }) => `${argument} is blank (0): ${TRANSIT_DATE_HINT}`),
  sectionZero: reason<{ argument: string }>("BLANK", () => 'section is blank (0): enter 1 or "Lower", 2 or "Upper".'),
  baseFeeBlank: reason<{ argument: string }>("BLANK", ({ argument }) => `${argument} is blank: enter the base pilotage fee (e.g. =NYPILOT.HUDSON_BASE_FEE(...)).`),
  hoursBlank: reason<{ argument: string }>("BLANK", ({ argument }) => `${argument} is blank: enter the expected hours of continuous pilotage.`),
  range: reason("NOT_A_NUMBER", () => "This argument takes a single cell, not a range."),
  emptyRange: reason("NOT_A_NUMBER", () => "An argument is an empty range: give a cell or a range of cells."),
  sizes: reason<{ rows: number; columns: number; otherRows: number; otherColumns: number }>(
    "NOT_A_NUMBER",
    ({ rows, columns, otherRows, otherColumns }) =>
      `The ranges have different sizes (${rows}×${columns} and ${otherRows}×${otherColumns}): give ranges of the same size, or single values.`,
  ),
  notARange: reason<{ argument: string }>("BAD_BOARD_TABLE", ({ argument }) => `${argument} must be a range of rows (from date | amounts …), not a single value.`),
  tableTooLong: reason<{ argument: string; maximum: number }>(
    "BAD_BOARD_TABLE",
    ({ argument, maximum }) => `${argument} has more than ${maximum.toLocaleString("en-US")} rows of data, the most a board table may hold: give the range of the board's rows only.`,
  ),
  textTooLong: reason<{ argument: string; length: number; maximum: number }>(
    "NOT_A_NUMBER",
    ({ argument, length, maximum }) =>
      `${argument} is text of ${length.toLocaleString("en-US")} characters, more than a cell holds (${maximum.toLocaleString("en-US")}): check the argument.`,
  ),
  headers: reason("NOT_A_NUMBER", () => "headers must be 1 (a header row, the default) or 0 (no header row, to stack quotes with VSTACK)."),
  yearsZeroOrBlank: reason(
    "BLANK",
    () =>
      "The years of service is 0 or blank (an empty cell reads as 0): without disability insurance the benefit is 10% plus 1.6% for each year of service after the first (§ 89-a(5)); enter the whole years, 1 or more.",
  ),
  quoteOneTransit: reason("NOT_A_NUMBER", () => "HUDSON_QUOTE quotes one transit: give single cells, or use HUDSON_TOTAL for a column of transits."),
  /** `notEntered`: the quote's lines with no amount (Quote.notEntered), in its order. */
  totalNotEntered: reason<Pick<Quote, "date" | "notEntered">>("NOT_ENTERED", ({ date, notEntered }) => {
    const missing = notEntered.map(chargeInWords).join(", ");
    return `Not entered for ${date}: ${missing}. Give board_fees (from date | ${BOARD_FEE_TABLE_COLUMNS}) and, after the statutory surcharge periods, board_surcharge.`;
  }),
} as const;

/** A benefit date of 0, which can only be an empty cell. */
export function benefitDateZero(what: string) {
  return reason<{ argument: string }>("BLANK", () => `The ${what} is blank (0): enter an Excel date or text like 2026-07-01.`);
}
