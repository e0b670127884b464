/**
 * A port call: one vessel, several transits, each quoted on its own date under its own clause, and
 * the amounts the user adds that § 89-a does not set (a docking pilot, detention, a cancelled
 * sailing). The statutory subtotal is the sum of the transits' totals (each already the sum of its
 * lines rounded to the cent, D14), in whole cents as the engine keeps money; the other charges are
 * kept apart and only join the total.
 */
import { PilotageInputError } from "./errors";
import { SCHEDULE_REASONS } from "./messages";
import { Quote, quoteTransit } from "./quote";
import { EngineSettings, settingsNotDefault } from "./settings";
import { TransitInput } from "./transit-reader";

/** What every other charge carries beside its amount, so no reader takes it for a statutory fee. */
export const OTHER_CHARGE_NOTE = "Not set by § 89-a: an amount entered by the user, outside the statutory subtotal.";

export interface CallTransit {
  /** The user's name for the transit ("Inbound to Albany"); "Transit 2" when none is given. */
  readonly label: string;
  readonly transit: TransitInput;
}

export interface OtherCharge {
  readonly label: string;
  /** Read by the door with readAmountCents: whole cents, at least zero, at most MAXIMUM_AMOUNT dollars. */
  readonly amountCents: number;
}

export interface CallQuote {
  readonly transits: readonly { readonly label: string; readonly quote: Quote }[];
  /** The transits' totals summed, in cents: the pilotage § 89-a sets. */
  readonly statutorySubtotalCents: number;
  readonly otherCharges: readonly (OtherCharge & { readonly note: string })[];
  readonly otherChargesTotalCents: number;
  /** statutorySubtotalCents + otherChargesTotalCents. */
  readonly totalCents: number;
  /** False when any transit has an amount not entered. */
  readonly complete: boolean;
  /** Each amount not entered, as "Transit 1 (Inbound): Launch fee". */
  readonly missing: readonly string[];
  /** Every transit's warnings, each after its transit's name. */
  readonly warnings: readonly string[];
  readonly settingsNotDefault: readonly string[];
}

/** "Transit 2 (Shift to Kingston)", or "Transit 2" when the label is only the default name. */
export function transitName(index: number, label: string): string {
  const number = `Transit ${index + 1}`;
  return label === number ? number : `${number} (${label})`;
}

/** A transit the rules refuse (a date before the first clause, no surcharge table for its date): which one, and why. */
export interface RefusedTransit {
  readonly index: number;
  readonly label: string;
  readonly error: PilotageInputError;
}

/** Quotes every transit of the call and composes it; or the first transit refused, returned. */
export function quoteCall(transits: readonly CallTransit[], otherCharges: readonly OtherCharge[], settings: EngineSettings): CallQuote | RefusedTransit {
  const quoted: { label: string; quote: Quote }[] = [];
  for (const [index, { label, transit }] of transits.entries()) {
    const quote = quoteTransit(transit, settings);
    if (quote instanceof PilotageInputError) return { index, label, error: quote };
    quoted.push({ label, quote });
  }
  const statutorySubtotalCents = quoted.reduce((sum, { quote }) => sum + quote.totalCents, 0);
  const otherChargesTotalCents = otherCharges.reduce((sum, charge) => sum + charge.amountCents, 0);
  // Exact only while a safe integer of cents, as each quote's total is (quote.ts); past it, refused.
  if (!Number.isSafeInteger(statutorySubtotalCents + otherChargesTotalCents)) {
    return { index: quoted.length - 1, label: quoted[quoted.length - 1].label, error: new PilotageInputError(SCHEDULE_REASONS.totalTooLarge, {}) };
  }
  const missing: string[] = [];
  const warnings: string[] = [];
  quoted.forEach(({ label, quote }, index) => {
    const name = transitName(index, label);
    for (const line of quote.lines) if (line.amountCents === null) missing.push(`${name}: ${line.label}`);
    for (const warning of quote.warnings) warnings.push(`${name}: ${warning}`);
  });
  return {
    transits: quoted,
    statutorySubtotalCents,
    otherCharges: otherCharges.map((charge) => ({ ...charge, note: OTHER_CHARGE_NOTE })),
    otherChargesTotalCents,
    totalCents: statutorySubtotalCents + otherChargesTotalCents,
    complete: quoted.every(({ quote }) => quote.complete),
    missing,
    warnings,
    settingsNotDefault: settingsNotDefault(settings),
  };
}
