/**
 * Exact integer arithmetic for the common case, so that a quote needs no decimal.js at all.
 * The statute's amounts have at most two decimals and units as people type them at most a few,
 * so cents × units-millionths is an integer far below 2^53: exact, and the rounding to cents is
 * exact too. Units with more than six decimals (from metric conversions, say) take the decimal.js
 * path instead; both paths give the same cents (checked in test/engine/exact.test.ts and the
 * benchmark's cross-check).
 */
import Decimal from "decimal.js";
import { groupedThousands, Money } from "./money";

export const MILLION = 1_000_000;

/** Largest units × 10^6 handled exactly: far above any plausible vessel, far below 2^53 ÷ rate cents. */
const MAXIMUM_MILLIONTHS = 1e12;

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

/** "12.17" → 1217. The rate tables' amounts are written with at most two decimals. */
export function centsOfText(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Not an amount of dollars and cents: ${text}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** D14 on an integer number of millionths of a cent (at most 2^53 − 2 × 10^6): round half up to whole cents. */
export function centsFromMillionthsOfCent(value: number): number {
  const shifted = value + MILLION / 2;
  // floor(shifted ÷ 10^6) without a floating-point remainder (slow): the quotient of the division
  // is within one of the true one, and the correction makes it exact, as quotient × 10^6 is an
  // integer below 2^53 (so exact) and compared with shifted exactly.
  let quotient = Math.floor(shifted / MILLION);
  const product = quotient * MILLION;
  if (product > shifted) quotient -= 1;
  else if (product + MILLION <= shifted) quotient += 1;
  return quotient;
}

/** $0.01: whole cents times this are dollars, exactly (a product of at most 18 digits; Money keeps 40). */
const DOLLARS_PER_CENT: Decimal = new Money("0.01");

/** Whole cents → Decimal dollars, made only when someone asks for a Decimal. (A product: decimal.js divides more slowly.) */
export function moneyOfCents(cents: number): Decimal {
  return new Money(cents).times(DOLLARS_PER_CENT);
}

/** "00" … "99": the cents after the point. */
const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));

/**
 * Whole cents (a safe integer) as "1234.50" or "-12.05", exactly what `moneyOfCents(cents)
 * .toFixed(2)` gives, with no Decimal: a column of a million amounts formats a million integers.
 */
export function textOfCents(cents: number): string {
  const magnitude = Math.abs(cents);
  const dollars = Math.floor(magnitude / 100);
  return (cents < 0 ? "-" : "") + dollars + "." + TWO_DIGITS[magnitude - dollars * 100];
}

/** Pieces of "$1,234.50", each made once: "$0" … "$999", ",000" … ",999", ".00" … ".99". */
const DOLLARS_BELOW_A_THOUSAND: readonly string[] = Array.from({ length: 1000 }, (_, n) => `$${n}`);
const COMMA_AND_THREE_DIGITS: readonly string[] = Array.from({ length: 1000 }, (_, n) => `,${String(n).padStart(3, "0")}`);
const POINT_AND_CENTS: readonly string[] = TWO_DIGITS.map((digits) => `.${digits}`);

/**
 * formatUsd of whole cents (a safe integer), with no Decimal: "$1,234.50", "-$12.00". Below a
 * million dollars it is joined from the pieces above (a card or a spill formats an amount per
 * call, and each join of a short text copies it); from a million, groupedThousands, as formatUsd.
 */
export function formatUsdCents(cents: number): string {
  const magnitude = Math.abs(cents);
  const dollars = Math.floor(magnitude / 100);
  const point = POINT_AND_CENTS[magnitude - dollars * 100];
  let text: string;
  if (dollars < 1000) text = DOLLARS_BELOW_A_THOUSAND[dollars] + point;
  else if (dollars < 1_000_000) {
    const thousands = Math.floor(dollars / 1000);
    text = DOLLARS_BELOW_A_THOUSAND[thousands] + COMMA_AND_THREE_DIGITS[dollars - thousands * 1000] + point;
  } else text = "$" + groupedThousands(String(dollars)) + point;
  return cents < 0 ? "-" + text : text;
}

/** A Decimal amount of dollars with at most two decimals → cents, or null if it has more. */
export function centsOfDecimal(amount: Decimal): number | null {
  if (amount.decimalPlaces() > 2) return null;
  const cents = amount.times(100);
  return cents.abs().lte(Number.MAX_SAFE_INTEGER) ? cents.toNumber() : null;
}

/**
 * Memoises a computation per object, but only for frozen objects: our readers freeze the rows they
 * produce, so a row edited in place by a caller is recomputed, never served stale.
 */
export function memoizedForFrozen<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  // Column calls ask about the same row or settings again and again, or alternate between two
  // (a board's rows either side of a date): remember the last two too.
  let lastKey: K | undefined;
  let lastValue: V | undefined;
  let previousKey: K | undefined;
  let previousValue: V | undefined;
  return (key) => {
    if (key === lastKey) return lastValue as V;
    if (key === previousKey) return previousValue as V;
    if (!Object.isFrozen(key)) return compute(key);
    let value = cache.get(key);
    if (value === undefined) {
      value = compute(key);
      cache.set(key, value);
    }
    previousKey = lastKey;
    previousValue = lastValue;
    lastKey = key;
    lastValue = value;
    return value;
  };
}
