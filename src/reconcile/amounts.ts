/**
 * Billed amounts and variances, exact (Amount): an invoice may carry a fraction of a cent
 * (1,234.565), and a variance keeps it. Computed amounts stay the quote's whole cents until they
 * meet a billed one.
 */
import Decimal from "decimal.js";
import { centsText, formatUsd, groupedThousands, isBlank, isPilotageInputError, Money, moneyOfCents, OrRefusal, PilotageInputError, readDecimal } from "../engine";
import { TABLE_CELL_REASONS } from "./messages";
import { heldError, heldErrorOutcome, ok, Outcome, outcomeOf } from "./cells";

// ---------------------------------------------------------------------------------------------
// Amounts (issue 18: a reconcile of a million rows made some fifteen Decimal operations a row).

const ONE_CENT: Decimal = new Money("0.01");

/**
 * An exact amount of dollars. Most amounts a reconciliation meets are whole cents (a computed
 * line, a billed "1234.56", a variance of the two): those are held as their cents, a safe
 * integer equal to the amount × 100 exactly, and worked in integers, each step checked to stay
 * safe. Any other amount (fractions of a cent, a number typed in a workbook cell, a sum past 2^53
 * cents) is held and worked as a Decimal, to the same result. The Decimal of a whole-cents amount
 * is made only when someone asks for it.
 */
export class Amount {
  private constructor(
    /** The amount × 100 when this amount is held as whole cents (a safe integer); null when it is held as a Decimal. */
    readonly cents: number | null,
    private decimalForm: Decimal | null,
  ) {}

  /** Whole cents (an integer) as an amount: past the safe integers, a Decimal. */
  static ofCents(cents: number): Amount {
    return Number.isSafeInteger(cents) ? new Amount(cents, null) : new Amount(null, moneyOfCents(cents));
  }

  /** Any exact amount, held as its Decimal. */
  static of(value: Decimal): Amount {
    return new Amount(null, value);
  }

  /** The amount as a Decimal (Money). */
  get decimal(): Decimal {
    if (this.decimalForm === null) this.decimalForm = moneyOfCents(this.cents as number);
    return this.decimalForm;
  }

  plus(other: Amount): Amount {
    // Two safe integers: their sum is exact when it is itself safe (past 2^53 it rounds to an unsafe one).
    if (this.cents !== null && other.cents !== null && Number.isSafeInteger(this.cents + other.cents)) return new Amount(this.cents + other.cents, null);
    return Amount.of(this.decimal.plus(other.decimal));
  }

  minus(other: Amount): Amount {
    if (this.cents !== null && other.cents !== null && Number.isSafeInteger(this.cents - other.cents)) return new Amount(this.cents - other.cents, null);
    return Amount.of(this.decimal.minus(other.decimal));
  }

  eq(other: Amount): boolean {
    return this.cents !== null && other.cents !== null ? this.cents === other.cents : this.decimal.eq(other.decimal);
  }

  isZero(): boolean {
    return this.cents !== null ? this.cents === 0 : this.decimal.isZero();
  }

  /** Below zero (a Decimal −0 counts, as decimal.js says; exactUsd shows no sign on it). */
  isNegative(): boolean {
    return this.cents !== null ? this.cents < 0 : this.decimal.isNegative();
  }

  abs(): Amount {
    return this.cents !== null ? new Amount(Math.abs(this.cents), null) : Amount.of(this.decimal.abs());
  }

  /** The double nearest the amount, for a spreadsheet cell (cents ÷ 100 is that double: one correctly rounded division). */
  toNumber(): number {
    return this.cents !== null ? this.cents / 100 : this.decimal.toNumber();
  }
}

export const ZERO: Amount = Amount.ofCents(0);

/** A variance is any difference of $0.01 or more, either way. */
export function isVariance(difference: Amount): boolean {
  return difference.cents !== null ? difference.cents !== 0 : difference.decimal.abs().gte(ONE_CENT);
}

/** "-12.50", "1234.565": at least two decimals, every digit kept, no exponent. */
export function exactText(amount: Amount): string {
  if (amount.cents !== null) return centsText(amount.cents);
  const value = amount.decimal;
  return value.decimalPlaces() < 2 ? value.toFixed(2) : value.toFixed();
}

/** An exact running sum of amounts: whole cents in an integer while it stays safe, the rest in Decimal. */
export class ExactSum {
  private cents = 0;
  private rest: Decimal | null = null;

  add(amount: Amount): void {
    if (amount.cents !== null && Number.isSafeInteger(this.cents + amount.cents)) this.cents += amount.cents;
    else this.rest = this.rest === null ? amount.decimal : this.rest.plus(amount.decimal);
  }

  get value(): Amount {
    return this.rest === null ? Amount.ofCents(this.cents) : Amount.of(this.rest.plus(moneyOfCents(this.cents)));
  }
}

/** "$1,234.56", or "$1,234.565" when the amount has more decimals; "-$12.00" below zero. */
export function exactUsd(amount: Amount): string {
  if (amount.cents !== null) return formatUsd(amount.cents);
  const [whole, fraction] = exactText(amount.abs()).split(".");
  return `${amount.isNegative() && !amount.isZero() ? "-" : ""}$${groupedThousands(whole)}.${fraction}`;
}

// Billed amounts as written on invoices: "1234.56", "1,234.56", "$ 1,234.56", "USD 1,234.56",
// "1,234.56 USD", "(1,234.56)" and "-$1,234.56" (negatives), numbers; a dash is $0.00.
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

/**
 * "-1234.5" (PLAIN_AMOUNT_TEXT) as an amount with its cents: at most 13 digits before the point
 * and 2 after, so the cents (below 10^15) are a safe integer, and Number() of the digits is exact.
 */
function plainAmount(text: string): Amount {
  const point = text.indexOf(".");
  const cents = point < 0 ? Number(`${text}00`) : Number(text.slice(0, point) + text.slice(point + 1).padEnd(2, "0"));
  // Zero (and "-0.00") keeps the Decimal its text makes, sign and all.
  return cents === 0 ? Amount.of(new Money(text)) : Amount.ofCents(cents);
}

/**
 * A billed cell as written: null when it is blank (nothing written: what that means is the row's to
 * say, D27, never $0.00 here); else its amount, or the error it makes. A number typed in a cell
 * stands for its shortest decimal text; Excel's accounting dash is a typed $0.00.
 */
export function readBilledAmount(cell: unknown, field: string, what: string): Outcome<Amount> | null {
  if (isBlank(cell)) return null;
  return wholeCents(readBilledText(cell, field, what), cell, field, what);
}

/** Excel's accounting format writes zero as a dash ("-", "$ -", " –  "): an amount of $0.00. */
const DASH_ZERO = /^\(?\s*(?:US\$|USD|\$)?\s*[-\u2013\u2014]\s*(?:USD)?\s*\)?$/i;

/** An amount read from a billed cell: whole cents, or a row error naming the fraction of a cent. */
function wholeCents(read: Outcome<Amount>, cell: unknown, field: string, what: string): Outcome<Amount> {
  if (!read.ok || read.value.cents !== null || read.value.decimal.mul(100).isInteger()) return read;
  return outcomeOf<Amount>(new PilotageInputError(TABLE_CELL_REASONS.fractionOfCent, { what, text: typeof cell === "string" ? cell.trim() : String(cell) }, field));
}

function readBilledText(cell: unknown, field: string, what: string): Outcome<Amount> {
  const held = heldError(cell);
  if (held !== null) return heldErrorOutcome(held, what);
  if (typeof cell === "number" && Number.isFinite(cell)) return ok(Amount.of(new Money(cell)));
  if (typeof cell === "string") {
    const text = cell.trim();
    if (PLAIN_AMOUNT_TEXT.test(text)) return ok(plainAmount(text));
    if (DASH_ZERO.test(text)) return ok(ZERO);
    const read = amountText(text);
    if (read !== null && "decimalComma" in read) {
      return outcomeOf<Amount>(new PilotageInputError(TABLE_CELL_REASONS.decimalComma, { what, text }, field));
    }
    if (read !== null) return amountOutcome(readDecimal(read.plain, field, what));
  }
  return amountOutcome(readDecimal(cell, field, what));
}

function amountOutcome(read: OrRefusal<Decimal>): Outcome<Amount> {
  return isPilotageInputError(read) ? outcomeOf<Amount>(read) : ok(Amount.of(read));
}
