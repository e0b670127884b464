/**
 * Reading the values people type (cells, flags, form fields, CSV cells) into engine values, in
 * one place for every adapter. Each reader returns its value or the refusal that says what to fix.
 */
import Decimal from "decimal.js";
import { isPilotageInputError, OrRefusal, PilotageInputError } from "./errors";
import { NUMBER_REASONS, TRANSIT_REASONS, UNMEASURED_WORD } from "./messages";
import { millionthsOfNumber, PilotageUnits, unitsOfDecimal, unitsOfMillionths } from "./units";
import { centsOf, Money } from "./money";
import { ungroupThousands } from "./number-text";
import { SectionNumber } from "./rates/base-pilotage";
import { SECOND_PILOT_RULE } from "./rates/thresholds";
import { EngineSettings } from "./settings";
import { isBlank } from "./blank";


/** D1 rounding of units to N decimals, half up. */
function roundedUnits(units: PilotageUnits, decimals: number | null): PilotageUnits {
  if (decimals === null || !units.measured) return units;
  if (units.millionths !== undefined && units.millionths !== null) {
    const step = 10 ** (6 - decimals);
    const shifted = units.millionths + step / 2;
    return unitsOfMillionths(shifted - (shifted % step));
  }
  return unitsOfDecimal(units.units.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP));
}

export { UNMEASURED_WORD };

/** More pilotage units than any hull within the plausible measurements can have. */
export const PLAUSIBLE_MAXIMUM_UNITS = 50_000;

/**
 * The fewest pilotage units accepted: a millionth, the finest figure the charges' exact path
 * keeps. Less than that is no vessel (one foot each way is 0.0001 units), and a figure such as
 * 1e-400 would be shown as 0 where a number is given back (a JSON number, a cell): refused.
 */
export const MINIMUM_UNITS = "0.000001";
const MINIMUM_UNITS_NUMBER = Number(MINIMUM_UNITS);

/** MINIMUM_UNITS's refusal, for units typed or worked from measurements that come to less. */
export function unitsBelowMinimum(units: Decimal, field: string, fromMeasurements: boolean): PilotageInputError {
  return new PilotageInputError(TRANSIT_REASONS.unitsBelowMinimum, { units, minimum: MINIMUM_UNITS, fromMeasurements }, field);
}


/** The largest number readDecimal takes: beyond it no amount, units or hours is a figure anyone meant. */
const LARGEST_DECIMAL = "1e15";
/** Its whole digits: a number with more is larger whatever follows them. */
const LARGEST_DECIMAL_WHOLE_DIGITS = Number(LARGEST_DECIMAL).toFixed(0).length;

/** The whole digits of a number's text, leading zeros not counted; 0 for text with an exponent (its size is then the parse's to say). */
function wholeDigits(text: string): number {
  if (text.includes("e") || text.includes("E")) return 0;
  let start = text[0] === "+" || text[0] === "-" ? 1 : 0;
  while (text[start] === "0") start++;
  const point = text.indexOf(".");
  return (point === -1 ? text.length : point) - start;
}

/** A decimal number from a number or numeric text ("1,234.5" allowed; "0,500" is not, D23). */
export function readDecimal(input: unknown, field: string, what: string): OrRefusal<Decimal> {
  if (isBlank(input)) return new PilotageInputError(NUMBER_REASONS.blank, { what }, field);
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return new PilotageInputError(NUMBER_REASONS.notFinite, { what }, field);
    return new Money(input);
  }
  if (typeof input === "string") {
    const text = ungroupThousands(input.trim().replace(/^\$/, ""));
    // Text has no size limit of its own: 400 digits would make an amount no number can hold.
    if (/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text)) {
      // More whole digits than the largest amount's is too large whatever follows: refused unparsed.
      if (wholeDigits(text) > LARGEST_DECIMAL_WHOLE_DIGITS) return new PilotageInputError(NUMBER_REASONS.tooLarge, { what, input }, field);
      const value = new Money(text);
      if (!value.isFinite() || value.abs().gt(LARGEST_DECIMAL)) return new PilotageInputError(NUMBER_REASONS.tooLarge, { what, input }, field);
      return value;
    }
  }
  return new PilotageInputError(NUMBER_REASONS.notANumber, { what, input }, field);
}

/** Pilotage units as typed: a positive number, or the word UNMEASURED (D2). A blank is an error, never the maximum. */
export function readPilotageUnits(input: unknown, settings: EngineSettings, field = "units"): OrRefusal<PilotageUnits> {
  if (typeof input === "string" && input.trim().toUpperCase() === UNMEASURED_WORD) return { measured: false };
  if (isBlank(input)) return new PilotageInputError(TRANSIT_REASONS.unitsBlank, {}, field);
  if (typeof input === "number" && input >= MINIMUM_UNITS_NUMBER && input <= PLAUSIBLE_MAXIMUM_UNITS) {
    // The common case from a cell: no decimal.js unless the number has more than six decimals.
    const millionths = millionthsOfNumber(input);
    const units = millionths !== null ? unitsOfMillionths(millionths) : unitsOfDecimal(new Money(input));
    return roundedUnits(units, settings.unitsDecimals);
  }
  if (typeof input === "boolean") return new PilotageInputError(TRANSIT_REASONS.unitsFlag, {}, field);
  const units = readDecimal(input, field, "pilotage units");
  if (isPilotageInputError(units)) return units.code === "NOT_A_NUMBER" ? new PilotageInputError(TRANSIT_REASONS.unitsNotANumber, { input }, field) : units;
  if (units.lte(0)) return new PilotageInputError(TRANSIT_REASONS.unitsNotPositive, {}, field);
  if (units.lt(MINIMUM_UNITS)) return unitsBelowMinimum(units, field, false);
  if (units.gt(PLAUSIBLE_MAXIMUM_UNITS)) return new PilotageInputError(TRANSIT_REASONS.unitsImplausible, { units, maximum: PLAUSIBLE_MAXIMUM_UNITS }, field);
  return roundedUnits(unitsOfDecimal(units), settings.unitsDecimals);
}

/** D5: 1/2, "Lower"/"Upper", "Section 1"/"Section 2", "Lower River"/"Upper River", any case. */
export function readSection(input: unknown, field = "section"): OrRefusal<SectionNumber> {
  if (typeof input === "number" && (input === 1 || input === 2)) return input;
  if (typeof input === "string") {
    // "Sect. 2", "Sec 2": the trade's short forms of "Section 2".
    const text = input.trim().toLowerCase().replace(/\s+/g, " ").replace(/^sect?\.? ?(?=[12]\b)/, "section ");
    if (["1", "section 1", "lower", "lower river", "section 1, lower river"].includes(text)) return 1;
    if (["2", "section 2", "upper", "upper river", "section 2, upper river"].includes(text)) return 2;
  }
  return new PilotageInputError(isBlank(input) ? TRANSIT_REASONS.sectionBlank : TRANSIT_REASONS.section, { input }, field);
}

/** Expected continuous pilotage hours (D11); blank means not given. */
export function readHours(input: unknown, field = "hours"): OrRefusal<number | null> {
  if (isBlank(input)) return null;
  // Hours are compared with 10, never multiplied into money: a plain number is exact enough.
  // −0 (typed, or a cell's) is zero hours, not a negative number: read as 0 on every door.
  if (typeof input === "number" && input >= 0 && input <= 240) return input === 0 ? 0 : input;
  const hours = readDecimal(input, field, "continuous pilotage hours");
  if (isPilotageInputError(hours)) return hours;
  if (hours.isZero()) return 0;
  if (hours.isNegative()) return new PilotageInputError(TRANSIT_REASONS.hoursNegative, {}, field);
  if (hours.gt(240)) return new PilotageInputError(TRANSIT_REASONS.hoursImplausible, { hours }, field);
  return hoursAsNumber(hours);
}

/**
 * The hours as a number that compares with ten as the typed decimal does (D22): text such as
 * 10.00000000000000001 is more than ten, though the nearest double is 10.
 */
function hoursAsNumber(hours: Decimal): number {
  const nearest = hours.toNumber();
  // D11: "more than ten hours" of continuous pilotage.
  const { moreThanHours } = SECOND_PILOT_RULE;
  if (hours.gt(moreThanHours) && nearest <= moreThanHours) return nextDoubleAbove(moreThanHours);
  return nearest;
}

function nextDoubleAbove(x: number): number {
  // For 1 ≤ x < 2^53 the spacing of doubles near x is 2^(exponent − 52).
  return x + 2 ** (Math.floor(Math.log2(x)) - 52);
}

/** A yes/no option; blank means no. */
export function readFlag(input: unknown, field: string): OrRefusal<boolean> {
  if (isBlank(input)) return false;
  if (typeof input === "boolean") return input;
  if (input === 1 || input === 0) return input === 1;
  if (typeof input === "string") {
    const text = input.trim().toLowerCase();
    if (["true", "yes", "y", "1", "x"].includes(text)) return true;
    if (["false", "no", "n", "0"].includes(text)) return false;
  }
  return new PilotageInputError(NUMBER_REASONS.flag, { field }, field);
}

/**
 * D22: the largest money amount a user may enter. Far above any fee, it keeps every line and total
 * a safe integer number of cents (a board surcharge of this much per unit on 50,000 units is
 * 5 × 10^15 cents, below 2^53), so amounts stay exact to the cent.
 */
export const MAXIMUM_AMOUNT = 1_000_000_000;

/** A money amount a user enters (board fees, billed amounts): a number ≥ 0, at most MAXIMUM_AMOUNT. */
export function readAmount(input: unknown, field: string, what: string): OrRefusal<Decimal> {
  const amount = readDecimal(input, field, what);
  if (isPilotageInputError(amount)) return amount;
  if (amount.isNegative()) return new PilotageInputError(NUMBER_REASONS.negativeAmount, { what }, field);
  if (amount.gt(MAXIMUM_AMOUNT)) return new PilotageInputError(NUMBER_REASONS.amountOverMaximum, { what, input }, field);
  return amount;
}

/**
 * Whole cents of an amount typed as a number of 0 to MAXIMUM_AMOUNT dollars with at most two
 * decimals (what a money cell holds), with no Decimal made; null for anything else (-0 too). The
 * decimal such a number stands for is the one whose cents ÷ 100 read back as it: two-decimal
 * amounts are 0.01 apart, doubles up to MAXIMUM_AMOUNT about 10^-7, so only one can.
 */
export function wholeCentsOfNumber(input: unknown): number | null {
  if (typeof input !== "number" || !(input >= 0 && input <= MAXIMUM_AMOUNT) || Object.is(input, -0)) return null;
  const cents = Math.round(input * 100);
  return cents / 100 === input ? cents : null;
}

/** A number readAmount refuses as negative (-0 too, as decimal.js reads it; -Infinity is refused first, as not finite). */
export function isNegativeNumber(input: unknown): boolean {
  return typeof input === "number" && (input < 0 || Object.is(input, -0)) && input !== -Infinity;
}

/**
 * A reader of one argument's amounts for a column (the Excel functions). `exact` reads the plain
 * numbers it can (null for any other input); a negative number is refused as readAmount refuses
 * it, with one refusal for the argument, as its words do not depend on the number; every other
 * input is `general`'s.
 */
export function columnAmountReader<T>(
  field: string,
  what: string,
  exact: (input: unknown) => T | null,
  general: (input: unknown) => OrRefusal<T>,
): (input: unknown) => OrRefusal<T> {
  let negative: PilotageInputError | undefined;
  return (input) => {
    const value = exact(input);
    if (value !== null) return value;
    if (isNegativeNumber(input)) {
      negative ??= new PilotageInputError(NUMBER_REASONS.negativeAmount, { what }, field);
      return negative;
    }
    return general(input);
  };
}

/** D14: readAmount in whole cents, rounded half up (a safe integer: at most MAXIMUM_AMOUNT dollars). */
export function readAmountCents(input: unknown, field: string, what: string): OrRefusal<number> {
  const cents = wholeCentsOfNumber(input);
  if (cents !== null) return cents;
  // readAmount's refusal of a negative number, with no Decimal made.
  if (isNegativeNumber(input)) return new PilotageInputError(NUMBER_REASONS.negativeAmount, { what }, field);
  const amount = readAmount(input, field, what);
  return isPilotageInputError(amount) ? amount : centsOf(amount);
}

const BASE_FEE_WHAT = "base pilotage fee";

/**
 * A transit's base pilotage fee, the basis of the second pilot's 50% (§ 89-a(4)(b)(1-a)). Every
 * clause's fee is more than zero, so 0 is refused: in desktop Excel it is what an empty cell reads as,
 * and 50% of it would be a silent $0.00.
 */
export function readBaseFee(input: unknown, field = "base_fee"): OrRefusal<Decimal> {
  const fee = readAmount(input, field, BASE_FEE_WHAT);
  if (isPilotageInputError(fee)) return fee;
  return fee.isZero() ? new PilotageInputError(TRANSIT_REASONS.baseFeeNotPositive, {}, field) : fee;
}

/**
 * D14: readBaseFee in whole cents, rounded half up, as the second pilot's 50% is worked on it: a
 * reader for one argument, which may be a column (columnAmountReader).
 */
export function baseFeeCentsReader(field = "base_fee"): (input: unknown) => OrRefusal<number> {
  return columnAmountReader(
    field,
    BASE_FEE_WHAT,
    (input) => {
      const cents = wholeCentsOfNumber(input);
      // 0 is readBaseFee's to refuse.
      return cents !== null && cents > 0 ? cents : null;
    },
    (input) => {
      const fee = readBaseFee(input, field);
      return isPilotageInputError(fee) ? fee : centsOf(fee);
    },
  );
}
