/**
 * Money inside the engine is whole cents (a safe integer); decimal.js appears only where an amount
 * is read (a Decimal a user typed) or handed out (`amount` on a line, for a door that wants one).
 */
import Decimal from "decimal.js";

/**
 * Our own Decimal constructor, so that rounding and precision are not a global that another
 * library could change. 40 significant digits is far beyond any fee × units product.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

/** D14: each charge line is rounded to the cent, half up. */
export function toCents(amount: Decimal): Decimal {
  return amount.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** D14: an amount of dollars as whole cents, rounded half up (amounts here are below 2^53 cents). */
export function centsOf(amount: Decimal): number {
  return toCents(amount).times(100).toNumber();
}

/** "12.17" → 1217: the rate tables' amounts, written with at most two decimals. */
export function centsOfText(text: string): number {
  const cents = wholeCentsOfText(text);
  // Asked only of the rate tables' figures: a third decimal there is a bug in the table.
  if (cents === null) throw new Error(`Not an amount of dollars and cents: ${text}`);
  return cents;
}

/** "12.17" → 1217, "300" → 30000; null for text that is not digits with at most two decimals ("3.605"). */
export function wholeCentsOfText(text: string): number | null {
  const point = text.indexOf(".");
  const wholeEnd = point < 0 ? text.length : point;
  const decimals = point < 0 ? 0 : text.length - point - 1;
  if (wholeEnd === 0 || decimals > 2 || (point >= 0 && decimals === 0)) return null;
  let cents = 0;
  for (let i = 0; i < text.length; i++) {
    if (i === point) continue;
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return null;
    cents = cents * 10 + digit;
  }
  return decimals === 2 ? cents : decimals === 1 ? cents * 10 : cents * 100;
}

/** $0.01: whole cents times this are dollars, exactly (a product, as decimal.js divides more slowly). */
const DOLLARS_PER_CENT: Decimal = new Money("0.01");

/** Whole cents as Decimal dollars, for a door that wants a Decimal. */
export function moneyOfCents(cents: number): Decimal {
  return new Money(cents).times(DOLLARS_PER_CENT);
}

/** "1234567" → "1,234,567": whole dollars as formatUsd shows them. */
export function groupedThousands(digits: string): string {
  const firstGroup = digits.length % 3 || 3;
  let grouped = digits.slice(0, firstGroup);
  for (let end = firstGroup; end < digits.length; end += 3) grouped += "," + digits.slice(end, end + 3);
  return grouped;
}

/** Whole cents as dollars and cents: 123450 → "1234.50", -1205 → "-12.05" (the JSON and CSV form of an amount). */
export function centsText(cents: number): string {
  const { sign, dollars, hundredths } = partsOfCents(cents);
  return `${sign}${dollars}.${hundredths}`;
}

/** The one way the engine shows money: whole cents as "$1,234.50", a negative amount as "-$12.00". */
export function formatUsd(cents: number): string {
  const { sign, dollars, hundredths } = partsOfCents(cents);
  return `${sign}$${groupedThousands(String(dollars))}.${hundredths}`;
}

function partsOfCents(cents: number): { sign: string; dollars: number; hundredths: string } {
  const magnitude = Math.abs(cents);
  // Exact for every safe integer: the quotient's fraction is at most .99, far from the next whole number.
  const dollars = Math.floor(magnitude / 100);
  return { sign: cents < 0 ? "-" : "", dollars, hundredths: String(magnitude - dollars * 100).padStart(2, "0") };
}

/** The number handed to Excel: the rounded amount (D14). */
export function centsNumber(amount: Decimal): number {
  return toCents(amount).toNumber();
}
