/**
 * The pilotage units a charge is worked on, with every comparison and product written once. Units
 * are held as an exact integer count of millionths when they fit (the usual case: no decimal.js
 * at all), else as a Decimal; both ways give the same answers (test/engine/exact.test.ts and the
 * benchmark's 10,000,000-input cross-check).
 */
import Decimal from "decimal.js";
import { centsFromMillionthsOfCent, MILLION, millionthsOfDecimal } from "./exact";
import { PilotageUnits } from "./inputs";
import { Money, toCents } from "./money";

const WHOLE_UNITS = new Map<number, ChargeUnits>();

/** Room below 2^53 for the half added in rounding and the quotient's check (centsFromMillionthsOfCent): every step stays an exact integer. */
const MAXIMUM_EXACT_MILLIONTHS_OF_CENT = Number.MAX_SAFE_INTEGER - 2 * MILLION;

export class ChargeUnits {
  private decimalValue: Decimal | undefined;

  protected constructor(
    /** Units × 10^6 exactly, or null when only decimal.js can hold them. */
    readonly millionths: number | null,
    private readonly source: PilotageUnits | null,
  ) {}

  /** The units a vessel is charged on: its own, or `unmeasuredUnits` when not provided (D2). */
  static of(units: PilotageUnits, unmeasuredUnits: number): ChargeUnits {
    // Units read from a number are their own charged units: a quote makes no second object.
    if (units instanceof ExactUnits) return units;
    if (!units.measured) return ChargeUnits.whole(unmeasuredUnits);
    return new ChargeUnits(units.millionths !== undefined ? units.millionths : millionthsOfDecimal(units.units), units);
  }

  /** Whole units (the 500-unit maximum, say), one object per number: they never change. */
  static whole(units: number): ChargeUnits {
    let whole = WHOLE_UNITS.get(units);
    if (whole === undefined) {
      whole = new ChargeUnits(units * MILLION, null);
      if (WHOLE_UNITS.size < 64) WHOLE_UNITS.set(units, whole);
    }
    return whole;
  }

  get decimal(): Decimal {
    if (this.decimalValue === undefined) {
      this.decimalValue = this.millionths !== null ? new Money(this.millionths).div(MILLION) : (this.source as { units: Decimal }).units;
    }
    return this.decimalValue;
  }

  atMost(units: number): boolean {
    return this.millionths !== null ? this.millionths <= units * MILLION : this.decimal.lte(units);
  }

  lessThan(units: number): boolean {
    return this.millionths !== null ? this.millionths < units * MILLION : this.decimal.lt(units);
  }

  equals(units: number): boolean {
    return this.millionths !== null ? this.millionths === units * MILLION : this.decimal.eq(units);
  }

  moreThan(units: number): boolean {
    return !this.atMost(units);
  }

  /** These units, or `maximum` when they are more. */
  cappedAt(maximum: number): ChargeUnits {
    return this.moreThan(maximum) ? ChargeUnits.whole(maximum) : this;
  }

  /**
   * rate × units, the rate in whole cents, rounded half up to cents (D14, D22): in integers when the
   * product of cents and millionths is a safe integer (always, for the statute's rates), else in
   * decimal.js (a board rate of $1,802.01 on 49,990.640199 units is 9.0 × 10^15, past 2^53).
   */
  timesCents(rateCents: number): number {
    if (this.millionths !== null) {
      const millionthsOfCent = rateCents * this.millionths;
      if (millionthsOfCent <= MAXIMUM_EXACT_MILLIONTHS_OF_CENT) return centsFromMillionthsOfCent(millionthsOfCent);
    }
    return toCents(new Money(rateCents).times(this.decimal).div(100)).times(100).toNumber();
  }

  /** rate × units for a rate of any decimals ("3.605"), rounded half up to cents (D14). */
  timesRate(rate: string): number {
    return toCents(new Money(rate).times(this.decimal)).times(100).toNumber();
  }
}

/** Measured units held as an exact integer count of millionths (the usual case); the Decimal is made only if asked for. */
export class ExactUnits extends ChargeUnits {
  readonly measured = true as const;
  declare readonly millionths: number;

  constructor(millionths: number) {
    super(millionths, null);
  }

  get units(): Decimal {
    return this.decimal;
  }

  toJSON() {
    return { measured: true, units: this.units };
  }
}
