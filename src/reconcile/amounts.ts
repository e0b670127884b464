/**
 * Billed amounts and variances, exact, in the engine's money type (Money, a Decimal): an invoice
 * may carry a fraction of a cent (1,234.565), and a variance keeps it. Computed amounts stay the
 * quote's whole cents until they meet a billed one.
 */
import Decimal from "decimal.js";
import { Money, readDecimal } from "../engine";
import { moneyOfCents } from "../engine/exact";
import { attempt, heldError, heldErrorOutcome, isBlankCell, ok, Outcome } from "./cells";

export const ZERO: Decimal = new Money(0);

/** A computed line's whole cents as an amount. */
export function amountOfCents(cents: number): Decimal {
  return moneyOfCents(cents);
}

/** A variance is any difference of $0.01 or more, either way. */
export function isVariance(difference: Decimal): boolean {
  return difference.abs().gte("0.01");
}

/** "-12.50", "1234.565": at least two decimals, every digit kept, no exponent. */
export function exactText(amount: Decimal): string {
  return amount.decimalPlaces() < 2 ? amount.toFixed(2) : amount.toFixed();
}

/** "$1,234.56", or "$1,234.565" when the amount has more decimals; "-$12.00" below zero. */
export function exactUsd(amount: Decimal): string {
  const [whole, fraction] = exactText(amount.abs()).split(".");
  return `${amount.isNegative() && !amount.isZero() ? "-" : ""}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

// Billed amounts as written on invoices: "1234.56", "1,234.56", "$1,234.56", numbers; blank = $0.00.
const PLAIN_AMOUNT_TEXT = /^-?\d{1,13}(?:\.\d{1,2})?$/;

/** A billed cell: blank is $0.00; a number typed in a cell stands for its shortest decimal text. */
export function readBilledAmount(cell: unknown, field: string, what: string): Outcome<Decimal> {
  const held = heldError(cell);
  if (held !== null) return heldErrorOutcome(held, what);
  if (isBlankCell(cell)) return ok(ZERO);
  if (typeof cell === "number" && Number.isFinite(cell)) return ok(new Money(cell));
  if (typeof cell === "string" && PLAIN_AMOUNT_TEXT.test(cell.trim())) return ok(new Money(cell.trim()));
  return attempt(() => readDecimal(cell, field, what));
}
