/** One line of a quote: a charge, its amount in whole cents, its citation and the note that shows its working. */
import Decimal from "decimal.js";
import { moneyOfCents } from "../money";
import { BoardFeeCode, BOARD_FEES } from "../rates/board-fees";

export type ChargeCode = "base" | "surcharge" | "second_pilot" | BoardFeeCode;

/**
 * `amountCents` is rounded to cents (D14), or null when the user has not entered the amount.
 * `amount` is the same as a Decimal, and `note` the working in words; both are made when read,
 * since a column of totals reads neither.
 */
export class ChargeLine {
  constructor(
    readonly code: ChargeCode,
    readonly label: string,
    readonly amountCents: number | null,
    readonly citation: string,
    private readonly working: () => string,
  ) {}

  get amount(): Decimal | null {
    return this.amountCents === null ? null : moneyOfCents(this.amountCents);
  }

  get note(): string {
    return this.working();
  }

  toJSON() {
    const { code, label, amountCents, citation, amount, note } = this;
    return { code, label, amountCents, citation, amount, note };
  }
}

export function chargeLine(code: ChargeCode, label: string, amountCents: number | null, citation: string, note: () => string): ChargeLine {
  return new ChargeLine(code, label, amountCents, citation, note);
}

/** A charge's name in a sentence ("surcharge", a board fee's `what`), as a message lists what is not entered. */
export function chargeInWords(code: ChargeCode): string {
  return CHARGE_WORDS[code];
}
const CHARGE_WORDS: Record<ChargeCode, string> = {
  base: "base pilotage",
  surcharge: "surcharge",
  second_pilot: "second pilot",
  ...(Object.fromEntries(BOARD_FEES.map((fee) => [fee.code, fee.what])) as Record<BoardFeeCode, string>),
};
