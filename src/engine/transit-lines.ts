/**
 * Every line of a transit as an amount or a typed reason, from fields that may not all have read:
 * a row whose hours are wrong still has its base pilotage, a Section 1 transit does not pay a fee
 * that only Section 2 pays. A door that shows lines one by one (a reconciliation row, a form) takes them from
 * here and never works a line out or sums a total itself. The lines are the quote's own composition
 * (ComposedCharges, quote.ts), read line by line.
 */
import { ChargeCode, ChargeLine } from "./charges";
import { PilotageInputError } from "./errors";
import { BOARD_FEE_CODES, BOARD_FEES } from "./rates/board-fees";
import { composeCharges, ComposedCharges, Quote, Unread } from "./quote";
import { EngineSettings } from "./settings";
import { TransitBoards, TransitField, TransitFieldValues, TransitFields } from "./transit-reader";

export type LineOutcome =
  | { kind: "amount"; cents: number; line: ChargeLine }
  /** A board-set amount the user has not entered for the date (D8, D10). */
  | { kind: "not_entered"; line: ChargeLine | null; error: PilotageInputError | null }
  /** Not charged on this transit: a fee another section pays, a second pilot with no hours given. */
  | { kind: "not_applicable" }
  | { kind: "input_error"; error: PilotageInputError };

export type TotalOutcome =
  | { kind: "amount"; cents: number }
  | { kind: "not_entered"; missing: readonly ChargeLine[] }
  | { kind: "input_error"; error: PilotageInputError };

export interface TransitLines {
  lines: Record<ChargeCode, LineOutcome>;
  total: TotalOutcome;
  /** The whole quote, when every field read. */
  quote: Quote | null;
}

export const CHARGE_CODES: readonly ChargeCode[] = ["base", "surcharge", "second_pilot", ...BOARD_FEE_CODES];

const NOT_APPLICABLE: LineOutcome = Object.freeze({ kind: "not_applicable" });

function outcomeOfLine(line: ChargeLine | null | undefined, why: PilotageInputError | null = null): LineOutcome {
  if (line === undefined || line === null) return why === null ? NOT_APPLICABLE : { kind: "input_error", error: why };
  return line.amountCents === null ? { kind: "not_entered", line, error: why } : { kind: "amount", cents: line.amountCents, line };
}

/** Each line of the composition as its outcome, and the total: an amount when complete, else what is missing or wrong. */
function linesOf(charges: ComposedCharges, quote: Quote | null): TransitLines {
  const lines = {} as Record<ChargeCode, LineOutcome>;
  lines.base = outcomeOfLine(charges.baseLine(), charges.base instanceof PilotageInputError ? charges.base : null);
  lines.surcharge = outcomeOfLine(charges.surchargeLine(), charges.surchargeTable instanceof PilotageInputError ? charges.surchargeTable : null);
  const secondPilot = charges.secondPilotCents;
  lines.second_pilot = secondPilot instanceof PilotageInputError ? { kind: "input_error", error: secondPilot } : outcomeOfLine(charges.secondPilotLine());
  const feeLines = charges.boardFeeLines();
  for (const fee of BOARD_FEES) {
    lines[fee.code] =
      feeLines === null ? { kind: "input_error", error: charges.feeRow as PilotageInputError } : outcomeOfLine(feeLines.find((line) => line.code === fee.code));
  }
  let total: TotalOutcome;
  if (charges.problem !== null) total = { kind: "input_error", error: charges.problem };
  else if (charges.complete) total = { kind: "amount", cents: charges.totalCents };
  else total = { kind: "not_entered", missing: charges.lines.filter((line) => line.amountCents === null) };
  return { lines, total, quote };
}

export function transitLines(fields: TransitFields, boards: TransitBoards, settings: EngineSettings): TransitLines {
  const field = <F extends TransitField>(name: F): TransitFieldValues[F] | Unread => {
    const result = fields[name];
    return result.ok ? (result.value as TransitFieldValues[F]) : new Unread(result.error);
  };
  const { charges, quote } = composeCharges(
    {
      units: field("units"),
      section: field("section"),
      date: field("date"),
      clause: field("clause"),
      continuousHours: field("hours"),
      relievedAtMidRiver: field("relievedAtMidRiver"),
      anchoredEightHours: field("anchoredEightHours"),
      boardFees: boards.boardFees,
      boardSurcharge: boards.boardSurcharge,
    },
    settings,
  );
  return linesOf(charges, quote);
}

/** A quote's lines as outcomes, and its total: an amount when complete, else what is missing. */
export function linesOfQuote(quote: Quote): TransitLines {
  if (!(quote instanceof ComposedCharges)) throw new TypeError("linesOfQuote takes a quote made by quoteTransit");
  return linesOf(quote, quote);
}
