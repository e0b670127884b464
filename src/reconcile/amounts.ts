/**
 * Billed amounts and variances, exact, in the engine's money type (Money, a Decimal): an invoice
 * may carry a fraction of a cent (1,234.565), and a variance keeps it. Computed amounts stay the
 * quote's whole cents until they meet a billed one.
 */
import Decimal from "decimal.js";
import { isBlank, Money, PilotageInputError, readDecimal } from "../engine";
import { moneyOfCents } from "../engine/exact";
import { TABLE_CELL_REASONS } from "./messages";
import { attempt, heldError, heldErrorOutcome, ok, Outcome } from "./cells";

export const ZERO: Decimal = new Money(0);

/** A computed line's whole cents as an amount. */
export function amountOfCents(cents: number): Decimal {
  return moneyOfCents(cents);
}

const ONE_CENT: Decimal = new Money("0.01");

/** A variance is any difference of $0.01 or more, either way. */
export function isVariance(difference: Decimal): boolean {
  return difference.abs().gte(ONE_CENT);
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

// Billed amounts as written on invoices: "1234.56", "1,234.56", "$ 1,234.56", "USD 1,234.56",
// "1,234.56 USD", "(1,234.56)" and "-$1,234.56" (negatives), numbers; blank = $0.00.
const PLAIN_AMOUNT_TEXT = /^-?\d{1,13}(?:\.\d{1,2})?$/;
const CURRENCY = /^(?:US\$|USD|\$)\s*|\s*(?:USD|US\$|\$)$/gi;
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$|^\d+(\.\d+)?$/;
/** 6.834,61 or 1234,5: a comma before the cents. */
const DECIMAL_COMMA = /^\d{1,3}(\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/;

/** The text of an amount as a plain decimal ("-1234.56"), or null when it is not written as one. */
function amountText(text: string): { plain: string } | { decimalComma: true } | null {
  let rest = text.trim();
  let negative = false;
  const bracketed = /^\((.*)\)$/.exec(rest);
  if (bracketed) {
    negative = true;
    rest = bracketed[1].trim();
  }
  for (let pass = 0; pass < 2; pass++) {
    if (!negative && rest.startsWith("-")) {
      negative = true;
      rest = rest.slice(1).trim();
    }
    rest = rest.replace(CURRENCY, "").trim();
  }
  if (DECIMAL_COMMA.test(rest)) return { decimalComma: true };
  if (!GROUPED.test(rest)) return null;
  return { plain: `${negative ? "-" : ""}${rest.replace(/,/g, "")}` };
}

/** A billed cell: blank is $0.00; a number typed in a cell stands for its shortest decimal text. */
export function readBilledAmount(cell: unknown, field: string, what: string): Outcome<Decimal> {
  const held = heldError(cell);
  if (held !== null) return heldErrorOutcome(held, what);
  if (isBlank(cell)) return ok(ZERO);
  if (typeof cell === "number" && Number.isFinite(cell)) return ok(new Money(cell));
  if (typeof cell === "string") {
    const text = cell.trim();
    if (PLAIN_AMOUNT_TEXT.test(text)) return ok(new Money(text));
    const read = amountText(text);
    if (read !== null && "decimalComma" in read) {
      return attempt(() => {
        throw new PilotageInputError(TABLE_CELL_REASONS.decimalComma, { what, text }, field);
      });
    }
    if (read !== null) return attempt(() => readDecimal(read.plain, field, what));
  }
  return attempt(() => readDecimal(cell, field, what));
}
