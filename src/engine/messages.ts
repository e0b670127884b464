/**
 * The engine's reasons for refusing an input, each a code and its sentence, in one place. A
 * sentence is made from the error's parameters only when its message is read, in the words of the
 * door that reads it (DoorWords: how a date is typed, whether a 0 may be an empty cell), so the
 * Excel message, the command line's line and the task pane's field message are one sentence each.
 *
 * One catalogue with door words, not one catalogue per door: the doors speak the same language and
 * differ only in how a value is typed, so three copies of each sentence would drift apart.
 */
import Decimal from "decimal.js";
import { DoorWords, innerMessage, reason, shownInput } from "./errors";
import { isBlank } from "./blank";
import { COMMA_ADVICE, hasStrayComma } from "./number-text";

/** D2's word for "the master or agent did not provide the measurements". */
export const UNMEASURED_WORD = "UNMEASURED";

/** ": a comma only groups thousands …" for text whose comma is not a thousands separator (D23), else "". */
export function commaAdvice(input: unknown): string {
  return typeof input === "string" && hasStrayComma(input) ? `: ${COMMA_ADVICE}` : "";
}

const thousands = (limit: number) => limit.toLocaleString("en-US");

/** An input named in words ("base pilotage fee"), as given. */
interface Named {
  what: string;
  input: unknown;
}

/** Where the engine reads a number (inputs.ts) and the checks on it. */
export const NUMBER_REASONS = {
  blank: reason<{ what: string }>("BLANK", ({ what }) => `The ${what} is blank: enter a number.`),
  notFinite: reason<{ what: string }>("NOT_FINITE", ({ what }) => `The ${what} is not a finite number.`),
  tooLarge: reason<Named>("NOT_FINITE", ({ what, input }) => `The ${what} "${shownInput(input)}" is too large: check the figure.`),
  notANumber: reason<Named>("NOT_A_NUMBER", ({ what, input }) => `The ${what} "${shownInput(input)}" is not a number${commaAdvice(input)}.`),
  negativeAmount: reason<{ what: string }>("NOT_POSITIVE", ({ what }) => `The ${what} cannot be negative: enter the amount in dollars, 0 or more.`),
  amountOverMaximum: reason<Named>("IMPLAUSIBLE", ({ what, input }) => `The ${what} ${shownInput(input)} is over $1,000,000,000, the most an amount may be (D22): check the figure.`),
  flag: reason<{ field: string }>("BAD_FLAG", ({ field }) => `The ${field} option must be TRUE or FALSE (yes/no).`),
  /** readFlagDefaultTrue: a 0 where no is the one answer that must be typed. */
  flagZero: reason<{ what: string }>(
    "BAD_FLAG",
    ({ what }) => `The ${what} option is 0, which is also how Excel passes an empty cell: enter FALSE (or "no") to say no, or leave it out for TRUE.`,
  ),
} as const;

function sectionWords({ input }: { input: unknown }): string {
  return `The section is ${isBlank(input) ? "blank" : `"${shownInput(input)}"`}: use 1 or "Lower" (Yonkers through Hyde Park) or 2 or "Upper" (beyond Hyde Park through Albany or Troy).`;
}

/** The transit's inputs: units, section, hours, base fee (inputs.ts, transit-reader.ts). */
export const TRANSIT_REASONS = {
  unitsBlank: reason(
    "BLANK",
    () => `The pilotage units are blank: enter the units, or the word ${UNMEASURED_WORD} if the master or agent did not provide the measurements (§ 89-a(4)(d)).`,
  ),
  unitsFlag: reason("NOT_A_NUMBER", () => `The pilotage units must be a number or ${UNMEASURED_WORD}, not TRUE/FALSE.`),
  unitsNotANumber: reason<{ input: unknown }>("NOT_A_NUMBER", ({ input }) => {
    const advice = commaAdvice(input);
    return `The pilotage units "${shownInput(input)}" are not a number${advice === "" ? `: enter the units or ${UNMEASURED_WORD}` : advice}.`;
  }),
  unitsNotPositive: reason("NOT_POSITIVE", (_, door) => `The pilotage units must be more than zero${door.emptyCellNote}: enter the units.`),
  unitsImplausible: reason<{ units: Decimal; maximum: number }>(
    "IMPLAUSIBLE",
    ({ units, maximum }) => `${shownInput(units)} pilotage units is more than any vessel has (over ${thousands(maximum)}): check the figure.`,
  ),
  unitsBelowMinimum: reason<{ units: Decimal; minimum: string; fromMeasurements: boolean }>(
    "IMPLAUSIBLE",
    ({ units, minimum, fromMeasurements }) =>
      `${fromMeasurements ? "The measurements give " : ""}${shownInput(units)} pilotage units, less than ${minimum}, the fewest accepted: ` +
      `no vessel measures so little (1 ft × 1 ft × 1 ft is 0.0001 units): check the ${fromMeasurements ? "measurements and their unit" : "figure"}.`,
  ),
  unitsAndMeasurements: reason("BAD_FLAG", () => "Give either the pilotage units or the three measurements, not both."),
  section: reason("UNKNOWN_SECTION", sectionWords),
  sectionBlank: reason("BLANK", sectionWords),
  hoursNegative: reason("NOT_POSITIVE", () => "The continuous pilotage hours cannot be negative: enter the expected hours of continuous pilotage, 0 or more."),
  hoursImplausible: reason<{ hours: Decimal }>("IMPLAUSIBLE", ({ hours }) => `${shownInput(hours)} hours of continuous pilotage is more than ten days: check the figure.`),
  baseFeeNotPositive: reason(
    "NOT_POSITIVE",
    (_, door) => `The base pilotage fee must be more than zero${door.emptyCellNote}: enter the transit's base fee, e.g. =NYPILOT.HUDSON_BASE_FEE(...).`,
  ),
} as const;

/** The three measurements (measure.ts). */
export type Dimension = "length" | "breadth" | "depth";
export type LengthUnit = "ft" | "m" | "in";

export const DIMENSION_WORDS: Record<Dimension, string> = {
  length: "overall length",
  breadth: "extreme breadth",
  depth: "depth",
};

/** How to enter a measurement, in the unit plain numbers are read in. */
const ENTER_IT_IN: Record<LengthUnit, string> = {
  ft: "enter it in feet (or text such as 182.88 m)",
  m: "enter it in metres (or text such as 600 ft)",
  in: "enter it in inches (or text such as 600 ft)",
};

interface Measured {
  dimension: Dimension;
  input: unknown;
}

export const MEASUREMENT_REASONS = {
  unknownUnit: reason<{ input: unknown }>("UNKNOWN_UNIT", ({ input }) => `The unit "${shownInput(input)}" is not known: use "ft", "m" or "in".`),
  notPositive: reason<Measured & { plainUnit: LengthUnit }>(
    "NOT_POSITIVE",
    ({ dimension, input, plainUnit }) => `The ${DIMENSION_WORDS[dimension]} must be more than zero, not ${shownInput(input)}: ${ENTER_IT_IN[plainUnit] ?? ENTER_IT_IN.ft}.`,
  ),
  inchesOver12: reason<Measured & { inches: Decimal }>(
    "BAD_MEASUREMENT_TEXT",
    ({ dimension, input, inches }) => `The ${DIMENSION_WORDS[dimension]} "${shownInput(input)}" has ${shownInput(inches)} inches: inches after feet must be under 12.`,
  ),
  strayComma: reason<Measured>("BAD_MEASUREMENT_TEXT", ({ dimension, input }) => `The ${DIMENSION_WORDS[dimension]} "${shownInput(input)}" is not a measurement: ${COMMA_ADVICE}.`),
  notAMeasurement: reason<Measured>(
    "BAD_MEASUREMENT_TEXT",
    ({ dimension, input }) => `The ${DIMENSION_WORDS[dimension]} "${shownInput(input)}" is not a measurement: write it like 600' 6", 600 ft 6 in, 600.5 ft, 182.88 m or 7206 in.`,
  ),
  blank: reason<{ dimension: Dimension; plainUnit: LengthUnit }>(
    "BLANK",
    ({ dimension, plainUnit }) => `The ${DIMENSION_WORDS[dimension]} is blank: ${ENTER_IT_IN[plainUnit] ?? ENTER_IT_IN.ft}.`,
  ),
  notFinite: reason<{ dimension: Dimension }>("NOT_FINITE", ({ dimension }) => `The ${DIMENSION_WORDS[dimension]} is not a finite number: enter the measurement.`),
  notNumberOrText: reason<{ dimension: Dimension }>("NOT_A_NUMBER", ({ dimension }) => `The ${DIMENSION_WORDS[dimension]} must be a number or text such as 600' 6".`),
  implausible: reason<Measured & { feet: Decimal; maximum: number; plainUnit: LengthUnit }>(
    "IMPLAUSIBLE",
    ({ dimension, input, feet, maximum, plainUnit }) => {
      const inFeet = `${shownInput(feetOverMaximum(feet, maximum))} ft`;
      // A plain number in feet is its own figure; anything else (text, metres, inches) shows what was typed beside its feet.
      const plainFeet = plainUnit === "ft" && (typeof input === "number" || (typeof input === "string" && /^\s*[\d,]*\.?\d*\s*$/.test(input)));
      const figure = plainFeet ? `of ${inFeet}` : `"${shownInput(input)}" (${inFeet})`;
      return `The ${DIMENSION_WORDS[dimension]} ${figure} is over ${thousands(maximum)} ft: check the figure and its unit.`;
    },
  ),
} as const;

/**
 * Feet over a maximum, grouped in thousands, to two decimals or as many more as show it over (cut,
 * not rounded; no trailing zeros): 609.601 m is 2,000.003 ft, never "2000 ft is over 2,000 ft".
 */
function feetOverMaximum(feet: Decimal, maximum: number): string {
  let decimals = 2;
  while (decimals < feet.decimalPlaces() && !feet.toDecimalPlaces(decimals, Decimal.ROUND_DOWN).gt(maximum)) decimals++;
  const [whole, fraction] = feet.toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toString().split(".");
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ",")}${fraction === undefined ? "" : `.${fraction}`}`;
}

/** Dates (dates.ts): `field` names the date in the sentence ("date", "from date"). */
export const DATE_REASONS = {
  notIso: reason<{ field: string; text: string }>("BAD_DATE", ({ field, text }, door) => `The ${field} "${shownInput(text)}" is not a date: enter ${door.dateAdvice}.`),
  notInCalendar: reason<{ field: string; text: string }>(
    "IMPOSSIBLE_DATE",
    ({ field, text }) => `The ${field} ${text} does not exist in the calendar (or is before 1900): check the year, month and day.`,
  ),
  serialNotFinite: reason<{ field: string }>("NOT_FINITE", ({ field }) => `The ${field} is not a finite number: enter a date.`),
  serialOutOfRange: reason<{ field: string; serial: number; last: number }>(
    "DATE_OUT_OF_RANGE",
    ({ field, serial, last }) => `The ${field} ${serial} is outside Excel's dates (1 to ${last}): enter a date such as 2026-12-31.`,
  ),
  serial60: reason<{ field: string }>("EXCEL_SERIAL_60", ({ field }) => `The ${field} is Excel's serial 60, 29 February 1900, a day that never existed: enter a real date.`),
  blank: reason<{ field: string }>("BLANK", ({ field }, door) => `The ${field} is blank: enter ${field === "date" ? "the transit date, " : ""}${door.dateAdvice}.`),
  notADate: reason<{ field: string }>("BAD_DATE", ({ field }) => `The ${field} must be an Excel date or text like 2026-12-31.`),
  // D15: a JavaScript Date is a moment; only midnight (UTC, or local where the program runs) names one calendar day.
  dateMoment: reason<{ field: string; instant: string }>(
    "BAD_DATE",
    ({ field, instant }) =>
      `The ${field} is a JavaScript Date of ${instant}, a moment whose calendar day depends on the time zone (it is not midnight UTC or local): give the transit date as 'YYYY-MM-DD' text.`,
  ),
} as const;

/** The schedule and the charges on a date (schedule.ts, charges.ts, quote.ts). */
export const SCHEDULE_REASONS = {
  unknownClause: reason<{ field: string; input: unknown; lastClause: string }>(
    "UNKNOWN_CLAUSE",
    ({ field, input, lastClause }) =>
      `The ${field} "${shownInput(input ?? "")}" is not a clause of § 89-a(4)(b)(1): use i, ii, … ${lastClause}, or leave it empty to look it up by date.`,
  ),
  clauseNotInTable: reason<{ clause: string }>("UNKNOWN_CLAUSE", ({ clause }) => `Unknown clause ${clause}.`),
  beforeFirstClause: reason<{ date: string; actEffectiveDate: string }>(
    "BEFORE_FIRST_CLAUSE",
    ({ date, actEffectiveDate }) =>
      `No § 89-a base pilotage schedule is encoded for ${date}: clause (i) starts ${actEffectiveDate} ` +
      `(assumed effective date of the 2015 act; setting actEffectiveDate). Check the date.`,
  ),
  beforeSurcharge: reason<{ date: string; actEffectiveDate: string }>(
    "BEFORE_FIRST_CLAUSE",
    ({ date, actEffectiveDate }) =>
      `No § 89-a surcharge is encoded for ${date}: subparagraph (1-c) starts ${actEffectiveDate} (assumed effective date of the 2015 act; setting actEffectiveDate). ` +
      "Check the date, or change that setting if the act took effect earlier.",
  ),
  // At most 255 characters: Excel cuts a longer message, and the advice is at its end.
  // Where to enter the table is each adapter's advice (the CLI's flag, the task pane's rows, a function's argument).
  noSurchargeTable: reason<{ date: string; boardFrom: string }>(
    "NO_SURCHARGE_TABLE",
    ({ date, boardFrom }) =>
      `No surcharge board table covers ${date}: from ${boardFrom} the surcharge board sets the surcharge (§ 89-a(4)(b)(1-c)(iii)). ` +
      "Enter the board's table in force on that date: from date, 0–50 units, 51–100 units, per unit over 100.",
  ),
  typedAmountTooLarge: reason<{ what: string; amount: Decimal }>(
    "IMPLAUSIBLE",
    ({ what, amount }) =>
      `The ${what} ${shownInput(amount)} is too large to be an amount in dollars and cents: check the figure, which should be the transit's ${what} (e.g. 4146.81).`,
  ),
  surchargeBlank: reason(
    "BLANK",
    () =>
      "The surcharge is blank: under the setting D11 basePlusSurcharge the second pilot's 50% is of base pilotage plus surcharge; enter the surcharge, e.g. =NYPILOT.HUDSON_SURCHARGE(...).",
  ),
  totalTooLarge: reason("IMPLAUSIBLE", () => "The quote's total is too large to be exact to the cent: check the amounts entered (D22)."),
  /** D8: the surcharge board sets every amount of its table; a 0 is an empty cell on the desktop, so it is refused as a blank is. */
  boardSurchargeZero: reason<{ what: string }>(
    "NOT_POSITIVE",
    ({ what }, door) => `The ${what} is 0${door.emptyCellNote}: enter the surcharge board's amount (§ 89-a(4)(b)(1-c)(iii)); a blank or 0 amount is never taken as no surcharge.`,
  ),
  /** A board table wider than its layout: the extra column would be dropped, or a column read for another. */
  boardTableTooWide: reason<{ layout: string; column: number }>(
    "BAD_BOARD_TABLE",
    ({ layout, column }) => `it has something in column ${column}, past its ${layout.split(", ").length} columns (${layout}): give the table with exactly those columns, in that order.`,
  ),
  /** A row of a board table: the table's name and row, then the row's own error in the same door's words. */
  boardTableRow: reason<{ table: string; rowNumber: number; error: unknown }>(
    "BAD_BOARD_TABLE",
    ({ table, rowNumber, error }, door: DoorWords) => `${table}, row ${rowNumber}: ${innerMessage(error, door)}`,
  ),
} as const;

/** The settings of the open points (settings.ts). */
export const SETTING_REASONS = {
  choice: reason<{ decision: string; choices: readonly string[] }>(
    "BAD_SETTING",
    ({ decision, choices }) => `The ${decision} setting must be ${choices.map((c) => `"${c}"`).join(" or ")}.`,
  ),
  unitsDecimals: reason("BAD_SETTING", () => "Units rounding (D1) must be a whole number of decimals from 0 to 6, or off."),
  actEffectiveDate: reason("BAD_SETTING", () => "The 2015 act's effective date (D6) must fall in 2015 or 2016."),
  clauseVIBeforeVII: reason("BAD_SETTING", () => "Clause (vi) started before clause (vii) (2022-01-01): enter an earlier date."),
  clauseVIAfterV: reason<{ clauseVStart: string }>("BAD_SETTING", ({ clauseVStart }) => `Clause (vi) started after clause (v) (${clauseVStart}): enter a later date.`),
} as const;

function vesselStatusWords({ input }: { input: unknown }): string {
  return (
    `The vessel status is ${isBlank(input) ? "blank" : `"${shownInput(input)}"`}: ` +
    `use "foreign", "registered" (American vessel under register) or "enrolled" (American vessel not under register, coastwise).`
  );
}

/** Who must take a pilot (compliance.ts). */
export const VESSEL_REASONS = {
  grossTonsNotFinite: reason("NOT_FINITE", () => "The gross registered tons is not a finite number."),
  grossTonsNotPositive: reason("NOT_POSITIVE", (_, door) => `The gross registered tons must be more than zero${door.emptyCellNote}: enter the vessel's GRT.`),
  grossTonsImplausible: reason<{ tons: Decimal }>("IMPLAUSIBLE", ({ tons }) => `${shownInput(tons)} gross registered tons is more than any vessel has: check the figure.`),
  feetNotPositive: reason<{ what: string }>("NOT_POSITIVE", ({ what }, door) => `The ${what} must be more than zero feet${door.emptyCellNote}: enter it in feet.`),
  feetImplausible: reason<{ what: string; feet: Decimal; maximum: number }>(
    "IMPLAUSIBLE",
    ({ what, feet, maximum }) => `A ${what} of ${shownInput(feet)} ft is over ${thousands(maximum)} ft: check the figure and that it is in feet.`,
  ),
  recreationalLengthBlank: reason(
    "BLANK",
    () => "The vessel is recreational but its length is blank: enter the length in feet (the board may exempt recreational vessels of less than 200 feet, § 89-a(1)).",
  ),
  status: reason("UNKNOWN_VESSEL_STATUS", vesselStatusWords),
  statusBlank: reason("BLANK", vesselStatusWords),
} as const;

/** The pilots' benefits (benefits.ts). */
export const BENEFIT_REASONS = {
  dateOutsideExcel: reason<{ what: string }>("DATE_OUT_OF_RANGE", ({ what }) => `The ${what} falls outside Excel's dates (1900 to 9999): check the date entered.`),
  yearsNotFinite: reason("NOT_FINITE", () => "The years of service is not a finite number."),
  yearsNotWhole: reason<{ years: number }>(
    "NOT_A_NUMBER",
    ({ years }) =>
      `The years of service must be a whole number of calendar years, not ${years}: count the last calendar year as a full year when more than six months of it were served (§ 89-a(7)(c)), otherwise leave it out.`,
  ),
  yearsUnderOne: reason("NOT_POSITIVE", () => "The years of service must be at least 1 (the formula counts each year after the first)."),
  yearsImplausible: reason<{ years: number }>("IMPLAUSIBLE", ({ years }) => `${years} years of service is more than a pilot's career: check the figure.`),
  yearsBlankWithoutInsurance: reason(
    "BLANK",
    () =>
      "The years of service is blank: without disability insurance the benefit is 10% plus 1.6% for each year of service after the first (§ 89-a(5)); enter the whole years.",
  ),
  yearsFlag: reason("NOT_A_NUMBER", () => "The years of service must be a whole number, not TRUE/FALSE."),
  notCovered: reason<{ year: number }>("NOT_COVERED", ({ year }) => {
    const named = "before 1980, 1981–1990, 1991–2000, 2001, 2008, 2010, and 2015";
    if (year === 1980) {
      return `Retirement in 1980 is not set by § 89-a(6): the text goes from "before nineteen eighty" to "from nineteen eighty-one" (it names ${named}).`;
    }
    if (year >= 2016) {
      return `Retirement in ${year} is not set by § 89-a(6): its last amount is for "an active Hudson River pilot who retires before two thousand sixteen" (it names ${named}).`;
    }
    if (year >= 2011) {
      return (
        `Retirement in ${year} is not set by § 89-a(6): it names ${named}; "an active … pilot who retires before two thousand sixteen" ` +
        "is read as one active when the 2015 act took effect (D17)."
      );
    }
    return `Retirement in ${year} is not set by § 89-a(6): it names amounts only for ${named}.`;
  }),
  notQuarterStart: reason<{ date: string; next: string }>(
    "NOT_QUARTER_START",
    ({ date, next }) =>
      `Retirement under § 89-a(7)(b) becomes effective on 1 January, 1 April, 1 July or 1 October; ${date} is not one of them: enter such a date (for example ${next}).`,
  ),
  marriageAfterDeath: reason<{ marriageDate: string; deathDate: string }>(
    "IMPLAUSIBLE",
    ({ marriageDate, deathDate }) => `The marriage date ${marriageDate} is after the date of death ${deathDate}: check the two dates.`,
  ),
  retirementYearNotFinite: reason("NOT_FINITE", () => "The retirement year is not a finite number."),
  retirementYearNotWhole: reason<{ year: number }>("NOT_A_NUMBER", ({ year }) => `The retirement year must be a whole year such as 2010, not ${year}.`),
  retirementYearLikeDate: reason<{ year: number }>(
    "DATE_OUT_OF_RANGE",
    ({ year }) => `The retirement year ${year} looks like a date, not a year: enter the year such as 2010 (=YEAR(date) gives it from a date).`,
  ),
  retirementYearBefore1900: reason<{ year: number }>("DATE_OUT_OF_RANGE", ({ year }) => `The retirement year ${year} is before 1900: enter the year such as 2010.`),
  retirementYearFlag: reason("NOT_A_NUMBER", () => "The retirement year must be a year such as 2010, not TRUE/FALSE."),
  retirementYearBlank: reason("BLANK", () => "The retirement year is blank: enter the year such as 2010."),
  dateBlank: reason<{ what: string }>("BLANK", ({ what }) => `The ${what} is blank: enter an Excel date or text like 2026-07-01.`),
} as const;
