/**
 * Every line of a transit as an amount or a typed reason, from fields that may not all have read:
 * a row whose hours are wrong still has its base pilotage, a Section 1 transit does not pay a fee
 * that only Section 2 pays. A door that shows lines one by one (a reconciliation row, a form) takes them from
 * here and never works a line out or sums a total itself.
 */
import {
  baseFeeLine,
  boardFeeLines,
  ChargeCode,
  ChargeLine,
  reliefAtMidRiverCounts,
  secondPilotBasisCents,
  secondPilotLineFromCents,
  surchargeLine,
  surchargeTableOn,
} from "./charges";
import { PilotageInputError } from "./errors";
import { BOARD_FEE_CODES } from "./rates/board-fees";
import { baseFeeOn, Quote, quoteTransit } from "./quote";
import { EngineSettings } from "./settings";
import { TransitBoards, TransitField, TransitFields, TransitFieldValues, transitOf } from "./transit-reader";

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

function outcomeOfLine(line: ChargeLine | undefined): LineOutcome {
  if (line === undefined) return { kind: "not_applicable" };
  return line.amountCents === null ? { kind: "not_entered", line, error: null } : { kind: "amount", cents: line.amountCents, line };
}

function attempt(run: () => LineOutcome): LineOutcome {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof PilotageInputError)) throw error;
    return error.code === "NO_SURCHARGE_TABLE" ? { kind: "not_entered", line: null, error } : { kind: "input_error", error };
  }
}

/** The first error among the fields a line needs, or the fields' values. */
function needing<F extends TransitField>(fields: TransitFields, names: readonly F[]): { error: PilotageInputError } | { values: Pick<TransitFieldValues, F> } {
  const values = {} as Pick<TransitFieldValues, F>;
  for (const name of names) {
    const result = fields[name];
    if (!result.ok) return { error: result.error };
    values[name] = result.value as TransitFieldValues[F];
  }
  return { values };
}

export function transitLines(fields: TransitFields, boards: TransitBoards, settings: EngineSettings): TransitLines {
  const all = needing(fields, ["units", "section", "date", "clause", "hours", "relievedAtMidRiver", "anchoredEightHours"]);
  let quoteError: PilotageInputError | null = null;
  if ("values" in all) {
    try {
      return linesOfQuote(quoteTransit(transitOf(fields, boards), settings));
    } catch (error) {
      if (!(error instanceof PilotageInputError)) throw error;
      quoteError = error;
    }
  }
  const lines = {} as Record<ChargeCode, LineOutcome>;
  const forBase = needing(fields, ["units", "section", "date", "clause"]);
  lines.base = "error" in forBase ? { kind: "input_error", error: forBase.error } : attempt(() => outcomeOfLine(baseFeeLine(baseFeeOn(forBase.values, settings))));
  const forSurcharge = needing(fields, ["units", "date"]);
  lines.surcharge = "error" in forSurcharge
    ? { kind: "input_error", error: forSurcharge.error }
    : attempt(() => outcomeOfLine(surchargeLine(forSurcharge.values.units, surchargeTableOn(forSurcharge.values.date, boards.boardSurcharge ?? [], settings))));
  const forSecondPilot = needing(fields, ["hours", "section", "relievedAtMidRiver", "anchoredEightHours"]);
  const { base, surcharge } = lines;
  const basis = settings.secondPilotBasis;
  if ("error" in forSecondPilot) lines.second_pilot = { kind: "input_error", error: forSecondPilot.error };
  else if (forSecondPilot.values.hours === null) lines.second_pilot = { kind: "not_applicable" };
  else if (base.kind !== "amount") lines.second_pilot = base;
  // D11 basePlusSurcharge: a surcharge that could not be read leaves the second pilot's basis unknown.
  else if (basis === "basePlusSurcharge" && surcharge.kind === "input_error") lines.second_pilot = surcharge;
  else {
    const { hours, section, relievedAtMidRiver, anchoredEightHours } = forSecondPilot.values;
    const basisCents = secondPilotBasisCents(base.cents, surcharge.kind === "amount" ? surcharge.cents : null, basis);
    const circumstances = { continuousHours: hours, relievedAtMidRiver: reliefAtMidRiverCounts(section, relievedAtMidRiver), anchoredEightHours };
    lines.second_pilot = outcomeOfLine(secondPilotLineFromCents(basisCents, circumstances, basis) ?? undefined);
  }
  const forFees = needing(fields, ["section", "date"]);
  const feeLines = "error" in forFees ? null : boardFeeLines(forFees.values.section, forFees.values.date, boards.boardFees ?? []);
  for (const code of BOARD_FEE_CODES) {
    lines[code] = feeLines === null ? { kind: "input_error", error: (forFees as { error: PilotageInputError }).error } : outcomeOfLine(feeLines.find((line) => line.code === code));
  }
  // A field's error, or the quote's own when every field read (a date before the first clause, say).
  const error = "error" in all ? all.error : (quoteError as PilotageInputError);
  return { lines, total: { kind: "input_error", error }, quote: null };
}

/** A quote's lines as outcomes, and its total: an amount when complete, else what is missing. */
export function linesOfQuote(quote: Quote): TransitLines {
  const lines = {} as Record<ChargeCode, LineOutcome>;
  for (const code of CHARGE_CODES) lines[code] = outcomeOfLine(quote.lines.find((line) => line.code === code));
  const total: TotalOutcome = quote.complete
    ? { kind: "amount", cents: quote.totalCents }
    : { kind: "not_entered", missing: quote.lines.filter((line) => line.amountCents === null) };
  return { lines, total, quote };
}
