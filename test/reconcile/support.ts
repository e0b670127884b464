/**
 * What the reconciliation tests share: the boards' amounts used throughout (examples, not the
 * boards' figures), a plan from headers and --map texts, and outcomes shown as text.
 */
import { DEFAULT_SETTINGS, readBoardFeeRows, readBoardSurchargeRows, refusalThrown } from "../../src/engine";
import { Amount, applyMappingOverrides, exactText, guessMapping, Outcome, parseMappingOverride, planTable, ReconciledRow, TablePlan } from "../../src/reconcile";

export const RATES = {
  fees: refusalThrown(readBoardFeeRows([["2024-01-01", "300.00", "45.50", "125.00"]])),
  surcharge: refusalThrown(readBoardSurchargeRows([["2020-11-20", "300.00", "360.00", "3.60"]])),
};

export function plan(headers: string[], purpose: "reconcile" | "batch" = "reconcile", overrides: string[] = []): TablePlan {
  const mapping = applyMappingOverrides(guessMapping(headers), overrides.map(parseMappingOverride));
  return planTable(mapping, purpose, { settings: DEFAULT_SETTINGS, boardFees: RATES.fees, boardSurcharge: RATES.surcharge });
}

export function cents(outcome: Outcome<number>): string {
  if (!outcome.ok) return outcome.error.code;
  return exactText(Amount.ofCents(outcome.value));
}

export function exact(outcome: Outcome<Amount> | undefined): string {
  if (outcome === undefined) return "missing";
  return outcome.ok ? exactText(outcome.value) : outcome.error.code;
}

export function amounts(row: ReconciledRow) {
  return {
    base: cents(row.computed.base),
    surcharge: cents(row.computed.surcharge),
    second_pilot: cents(row.computed.second_pilot),
    board_fees: cents(row.computed.board_fees),
    total: cents(row.computed.total),
  };
}
