/**
 * Billed amounts and variances, exact, in the engine's money type (Money, a Decimal): an invoice
 * may carry a fraction of a cent (1,234.565), and a variance keeps it. Computed amounts stay the
 * quote's whole cents until they meet a billed one.
 */
import Decimal from "decimal.js";
import { isBlank, Money, PilotageInputError, readDecimal } from "../engine";
import { moneyOfCents, textOfCents } from "../engine/exact";
import { TABLE_CELL_REASONS } from "./messages";
import { attempt, heldError, heldErrorOutcome, ok, Outcome } from "./cells";

// ---------------------------------------------------------------------------------------------
// Whole cents, known without Decimal arithmetic (issue 18: a reconcile of a million rows made
// some fifteen Decimal operations a row). The amounts made here from whole cents most recently (a
// computed line, a billed "1234.56", a variance of the two: a row's amounts meet within the row)
// are remembered with their cents, a safe integer equal to the amount × 100 exactly; the functions
// below then work in integers. Any other amount (fractions of a cent, numbers from a workbook, a
// sum past 2^53 cents, one made too long ago) is worked in Decimal, to the same result: what is
// remembered changes the speed only, and what callers see is the same Decimal either way.
const REMEMBERED = 16;
const rememberedAmounts: (Decimal | null)[] = new Array<Decimal | null>(REMEMBERED).fill(null);
const rememberedCents: number[] = new Array<number>(REMEMBERED).fill(0);
let nextSlot = 0;

function withCents(amount: Decimal, cents: number): Decimal {
  rememberedAmounts[nextSlot] = amount;
  rememberedCents[nextSlot] = cents;
  nextSlot = (nextSlot + 1) % REMEMBERED;
  return amount;
}

export const ZERO: Decimal = new Money(0);

/** The amount's whole cents if it is one made here from them lately, else null (work it in Decimal). */
function knownCents(amount: Decimal): number | null {
  if (amount === ZERO) return 0;
  for (let slot = 0; slot < REMEMBERED; slot++) if (rememberedAmounts[slot] === amount) return rememberedCents[slot];
  return null;
}

/** A computed line's whole cents as an amount. */
export function amountOfCents(cents: number): Decimal {
  const amount = moneyOfCents(cents);
  return Number.isSafeInteger(cents) ? withCents(amount, cents) : amount;
}

/** amount − cents ÷ 100, exact: a billed amount less a computed line. */
export function minusCents(amount: Decimal, cents: number): Decimal {
  const known = knownCents(amount);
  // Both safe integers: their difference is exact when it is itself a safe integer.
  if (known !== null && Number.isSafeInteger(known - cents)) return amountOfCents(known - cents);
  return amount.minus(moneyOfCents(cents));
}

const ONE_CENT: Decimal = new Money("0.01");

/** A variance is any difference of $0.01 or more, either way. */
export function isVariance(difference: Decimal): boolean {
  const known = knownCents(difference);
  return known !== null ? known !== 0 : difference.abs().gte(ONE_CENT);
}

/** "-12.50", "1234.565": at least two decimals, every digit kept, no exponent. */
export function exactText(amount: Decimal): string {
  const known = knownCents(amount);
  if (known !== null) return textOfCents(known);
  return amount.decimalPlaces() < 2 ? amount.toFixed(2) : amount.toFixed();
}

/** An exact running sum of amounts: whole cents in an integer while it stays safe, the rest in Decimal. */
export class ExactSum {
  private cents = 0;
  private rest: Decimal | null = null;

  add(amount: Decimal): void {
    const known = knownCents(amount);
    // A sum of two safe integers that is itself safe is exact; past 2^53 it rounds to an unsafe one.
    if (known !== null && Number.isSafeInteger(this.cents + known)) this.cents += known;
    else this.rest = this.rest === null ? amount : this.rest.plus(amount);
  }

  get value(): Decimal {
    return this.rest === null ? amountOfCents(this.cents) : this.rest.plus(moneyOfCents(this.cents));
  }
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

/**
 * "-1234.5" (PLAIN_AMOUNT_TEXT) as an amount with its cents: at most 13 digits before the point
 * and 2 after, so the cents (below 10^15) are a safe integer, and Number() of the digits is exact.
 */
function plainAmount(text: string): Decimal {
  const point = text.indexOf(".");
  const cents = point < 0 ? Number(`${text}00`) : Number(text.slice(0, point) + text.slice(point + 1).padEnd(2, "0"));
  // Zero (and "-0.00") keeps the Decimal its text makes, sign and all.
  return cents === 0 ? new Money(text) : amountOfCents(cents);
}

/** The last billed cell read, and what it read as: a totals-row check and the row's reconciliation read the same cell in turn. */
let lastBilled: { cell: unknown; field: string; what: string; read: Outcome<Decimal> } | null = null;

/** A billed cell: blank is $0.00; a number typed in a cell stands for its shortest decimal text. */
export function readBilledAmount(cell: unknown, field: string, what: string): Outcome<Decimal> {
  if (lastBilled !== null && lastBilled.cell === cell && lastBilled.field === field && lastBilled.what === what && typeof cell === "string") return lastBilled.read;
  const read = readBilledCell(cell, field, what);
  lastBilled = { cell, field, what, read };
  return read;
}

function readBilledCell(cell: unknown, field: string, what: string): Outcome<Decimal> {
  const held = heldError(cell);
  if (held !== null) return heldErrorOutcome(held, what);
  if (isBlank(cell)) return ok(ZERO);
  if (typeof cell === "number" && Number.isFinite(cell)) return ok(new Money(cell));
  if (typeof cell === "string") {
    const text = cell.trim();
    if (PLAIN_AMOUNT_TEXT.test(text)) return ok(plainAmount(text));
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
