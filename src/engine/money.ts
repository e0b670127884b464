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

/** "1234.5" → "1234.50": the JSON and CSV form of an amount. */
export function centsText(amount: Decimal): string {
  return toCents(amount).toFixed(2);
}

/** "1234567" → "1,234,567": whole dollars as formatUsd shows them. */
export function groupedThousands(digits: string): string {
  // (Slices, not a regular expression: a column of amounts groups a million of them.)
  const length = digits.length;
  if (length <= 3) return digits;
  let end = length % 3 || 3;
  let grouped = digits.slice(0, end);
  for (; end < length; end += 3) grouped += "," + digits.slice(end, end + 3);
  return grouped;
}

/** "$1,234.50", negative as "-$12.00". */
export function formatUsd(amount: Decimal): string {
  const fixed = toCents(amount).abs().toFixed(2);
  const [whole, cents] = fixed.split(".");
  const grouped = groupedThousands(whole);
  return `${amount.isNegative() && !toCents(amount).isZero() ? "-" : ""}$${grouped}.${cents}`;
}

/** The number handed to Excel: the rounded amount (D14). */
export function centsNumber(amount: Decimal): number {
  return toCents(amount).toNumber();
}
