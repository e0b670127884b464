/** One line of a quote: a charge, its amount in whole cents, its citation and the note that shows its working. */
import Decimal from "decimal.js";
import { moneyOfCents } from "../money";
import { BoardFeeCode, BOARD_FEES } from "../rates/board-fees";

export type ChargeCode = "base" | "surcharge" | "second_pilot" | BoardFeeCode;

/**
 * `amountCents` is rounded to cents (D14), or null when the user has not entered the amount.
 * `amount` is the same as a Decimal, and `note` the working in words; both are made when read.
 */
export interface ChargeLine {
  readonly code: ChargeCode;
  readonly label: string;
  readonly amountCents: number | null;
  readonly amount: Decimal | null;
  readonly citation: string;
  readonly note: string;
}

export function chargeLine(code: ChargeCode, label: string, amountCents: number | null, citation: string, note: () => string): ChargeLine {
  return {
    code,
    label,
    amountCents,
    citation,
    get amount() {
      return amountCents === null ? null : moneyOfCents(amountCents);
    },
    get note() {
      return note();
    },
  };
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
