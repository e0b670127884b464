/**
 * What the pane says about the grand total, in one place for the pinned total bar, the quote card
 * and the printed quote: complete, incomplete (a board-set amount not entered: the sum so far and
 * the lines left out), or no total yet (and why). An incomplete total is never shown as final.
 */
import { PaneResult, usdOfCents } from "./form";

export type TotalState = "complete" | "incomplete" | "none";

export interface TotalStatus {
  state: TotalState;
  /** "$11,368.42" (complete), the sum so far (incomplete), or null (none). */
  amount: string | null;
  /** What is missing, by transit: "Transit 2: Launch fee, Communication fee". Empty when complete. */
  missing: string[];
  /** The vessel fields' own errors ("6OO" is not a length), which stop the total: what to fix, not what is missing. */
  toFix: string[];
}

const VESSEL_MISSING = "the vessel's measurements (or tick “Measurements not provided”)";

export function totalStatus(result: PaneResult): TotalStatus {
  if (result.grandTotalCents === null) {
    const missing: string[] = [];
    const toFix = [...new Set(result.vessel.errors.map((error) => error.message))];
    if (result.vessel.units === null && toFix.length === 0) missing.push(VESSEL_MISSING);
    for (const transit of result.transits) {
      if (transit.quote === null && result.vessel.units !== null) missing.push(`Transit ${transit.number}: ${transit.blocked ?? "not quoted yet"}`);
    }
    if (missing.length === 0 && toFix.length === 0) missing.push(result.transits.length === 0 ? "a transit" : "the fields marked in red");
    return { state: "none", amount: null, missing, toFix };
  }
  const amount = usdOfCents(result.grandTotalCents);
  if (result.complete) return { state: "complete", amount, missing: [], toFix: [] };
  const missing = result.transits.flatMap((transit) => {
    const lines = transit.quote?.lines.filter((line) => line.amountCents === null).map((line) => line.label) ?? [];
    return lines.length === 0 ? [] : [`Transit ${transit.number}: ${lines.join(", ")} (not entered)`];
  });
  return { state: "incomplete", amount, missing, toFix: [] };
}

/** What stands between the pane and a total: "To fix: …" (a field's own error), then "Missing: …". */
export function neededText(status: TotalStatus): string {
  const parts: string[] = [];
  if (status.toFix.length > 0) parts.push(`To fix: ${status.toFix.join("; ")}`);
  if (status.missing.length > 0) parts.push(`Missing: ${status.missing.join("; ")}`);
  return parts.join(" ");
}

/** One line for a screen reader or the printed quote. */
export function totalSentence(status: TotalStatus): string {
  if (status.state === "complete") return `Grand total ${status.amount}`;
  if (status.state === "incomplete") return `INCOMPLETE: ${status.amount} so far, without ${status.missing.join("; ")}`;
  return `INCOMPLETE: no total yet. ${neededText(status)}`;
}
