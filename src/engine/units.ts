/**
 * Pilotage units as the engine holds them, exactly (D1: never rounded unless the setting asks).
 * Units people type have at most six decimals, so they are a whole number of millionths, and a
 * charge on them is integer arithmetic in cents; units with more decimals (from metric
 * measurements, say) stay the Decimal their reader made, and a charge on them is worked in
 * decimal.js. Which of the two a value holds is decided once, here; the rules ask `compareUnits`
 * and `timesCents` and never look.
 */
import Decimal from "decimal.js";
import { Money, toCents } from "./money";
import { UNMEASURED_CHARGE } from "./rates/thresholds";

export const MILLION = 1_000_000;

/** Largest units × 10^6 held as an integer: far above any plausible vessel, far below 2^53 ÷ rate cents. */
const MAXIMUM_MILLIONTHS = 1e12;

/**
 * D2: measured units, or the explicit "measurements not provided" case of § 89-a(4)(d).
 * `millionths` is the units × 10^6 when that is a whole number (null when it is not; absent:
 * worked out from `units` when needed).
 */
export type PilotageUnits = { measured: true; units: Decimal; millionths?: number | null } | { measured: false };

/**
 * x × 10^6 as an integer, when the decimal x stands for (its shortest round-trip text, which is
 * what decimal.js reads) has at most six decimals. Two such decimals differ by at least 10^-6,
 * and below 10^6 doubles are ~10^-10 apart, so `m / 10^6 === x` identifies that decimal exactly.
 */
export function millionthsOfNumber(x: number): number | null {
  if (!(x >= 0 && x <= MAXIMUM_MILLIONTHS / MILLION)) return null;
  const m = Math.round(x * MILLION);
  return m / MILLION === x ? m : null;
}

export function millionthsOfDecimal(d: Decimal): number | null {
  if (d.isNegative() || d.decimalPlaces() > 6) return null;
  const m = d.times(MILLION);
  return m.lte(MAXIMUM_MILLIONTHS) ? m.toNumber() : null;
}

/** D14 on an integer number of millionths of a cent (at most 2^53 − 2 × 10^6): round half up to whole cents. */
export function centsFromMillionthsOfCent(value: number): number {
  const shifted = value + MILLION / 2;
  // floor(shifted ÷ 10^6), corrected by one where the floating quotient is off: quotient × 10^6
  // is an integer below 2^53, so the comparison is exact.
  let quotient = Math.floor(shifted / MILLION);
  const product = quotient * MILLION;
  if (product > shifted) quotient -= 1;
  else if (product + MILLION <= shifted) quotient += 1;
  return quotient;
}

/** Measured units of an exact integer count of millionths; the Decimal is made only when read. */
export class ExactUnits {
  readonly measured = true as const;
  constructor(readonly millionths: number) {}

  get units(): Decimal {
    return new Money(this.millionths).div(MILLION);
  }

  /** The same, as the units a charge is worked on (ChargeUnits). */
  get decimal(): Decimal {
    return this.units;
  }

  toJSON() {
    return { measured: true, units: this.units };
  }
}

export function unitsOfMillionths(millionths: number): PilotageUnits {
  return new ExactUnits(millionths);
}

export function unitsOfDecimal(units: Decimal): PilotageUnits {
  return { measured: true, units, millionths: millionthsOfDecimal(units) };
}

/** The units a charge is worked on: whole millionths when they are, else the exact Decimal. */
export interface ChargeUnits {
  readonly millionths: number | null;
  /** The same units as a Decimal, made when read. */
  readonly decimal: Decimal;
}

/** A whole number of units (the maximum charge's 500, say). */
class WholeUnits implements ChargeUnits {
  readonly millionths: number;

  constructor(private readonly units: number) {
    this.millionths = units * MILLION;
  }

  get decimal(): Decimal {
    return new Money(this.units);
  }
}

/** The units every charge of a transit is worked on: its own, or the maximum charge's for a vessel not measured (D2). */
export function chargedUnits(units: PilotageUnits): ChargeUnits {
  if (!units.measured) return new WholeUnits(UNMEASURED_CHARGE.units);
  if (units instanceof ExactUnits) return units;
  const millionths = units.millionths !== undefined ? units.millionths : millionthsOfDecimal(units.units);
  return { millionths, decimal: units.units };
}

/** −1, 0 or 1 as the units are less than, equal to or more than a whole number of units. */
export function compareUnits(charged: ChargeUnits, units: number): number {
  if (charged.millionths !== null) return Math.sign(charged.millionths - units * MILLION);
  return charged.decimal.cmp(units);
}

/** The units, or `maximum` when they are more. */
export function unitsCappedAt(charged: ChargeUnits, maximum: number): ChargeUnits {
  return compareUnits(charged, maximum) > 0 ? new WholeUnits(maximum) : charged;
}

/** Room below 2^53 for the half added in rounding and the quotient's check (centsFromMillionthsOfCent). */
const MAXIMUM_EXACT_MILLIONTHS_OF_CENT = Number.MAX_SAFE_INTEGER - 2 * MILLION;

/**
 * rate × units, the rate in whole cents, rounded half up to cents (D14, D22): in integers when the
 * product of cents and millionths is a safe integer (always, for the statute's rates), else in
 * decimal.js (a board rate of $1,802.01 on 49,990.640199 units is 9.0 × 10^15, past 2^53).
 */
export function timesCents(charged: ChargeUnits, rateCents: number): number {
  if (charged.millionths !== null) {
    const millionthsOfCent = rateCents * charged.millionths;
    if (millionthsOfCent <= MAXIMUM_EXACT_MILLIONTHS_OF_CENT) return centsFromMillionthsOfCent(millionthsOfCent);
  }
  return toCents(new Money(rateCents).times(charged.decimal).div(100)).times(100).toNumber();
}

/** rate × units for a rate of any decimals ("3.605"), rounded half up to cents (D14). */
export function timesRate(charged: ChargeUnits, rate: string): number {
  return toCents(new Money(rate).times(charged.decimal)).times(100).toNumber();
}

/** D1: units are shown to two decimals, half up: "192.16". */
export function unitsText(units: ChargeUnits): string {
  if (units.millionths !== null) {
    // (millionths + 5,000) ÷ 10,000 is at least 10^-4 from the next integer when not one, so its floor is exact.
    const hundredths = Math.floor((units.millionths + 5_000) / 10_000);
    const whole = Math.floor(hundredths / 100);
    return `${whole}.${String(hundredths - whole * 100).padStart(2, "0")}`;
  }
  return units.decimal.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** "192.16 units", or the maximum charge for a vessel not measured (D2). */
export function unitsWords(units: PilotageUnits): string {
  return units.measured
    ? `${unitsText(chargedUnits(units))} units`
    : `Measurements not provided (${UNMEASURED_CHARGE.citation}): charged as ${UNMEASURED_CHARGE.units} units`;
}
