/**
 * Test-side helpers: exact hand arithmetic in integer cents (BigInt), and small assertion helpers.
 * Nothing here imports the engine's rate tables or its money code: expected amounts are worked in
 * the tests from the statute's own numbers.
 */
import type Decimal from "decimal.js";
import { PilotageInputError } from "../../src/engine";

/** "21.58" → 2158n (hundredths). Refuses more than two decimals so a typo cannot hide. */
export function hundredths(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`hundredths: "${text}" is not a non-negative number with at most two decimals`);
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
}

/** 585746n → "5857.46" */
export function centsText(cents: bigint): string {
  const whole = cents / 100n;
  const rest = cents % 100n;
  return `${whole}.${rest.toString().padStart(2, "0")}`;
}

/**
 * A per-unit charge by hand: rate (dollars) × units, rounded to the cent half up (D14).
 * rate in cents × units in hundredths = dollars in ten-thousandths; + 50, ÷ 100 → cents half up.
 * e.g. $21.58 × 271.43 units: 2158 × 27143 = 58,574,594 (= $5,857.4594) → +50 ÷ 100 = 585,746 → "5857.46".
 */
export function perUnitAmount(rate: string, units: string): string {
  const tenThousandths = hundredths(rate) * hundredths(units);
  return centsText((tenThousandths + 50n) / 100n);
}

/** Half of an amount, to the cent, half up (D11 second pilot): 4146.81 → 414681 × 5 = 2,073,405 → +5 ÷ 10 = 207,341 → "2073.41". */
export function halfOf(amount: string): string {
  return centsText((hundredths(amount) * 5n + 5n) / 10n);
}

/** The sum of amounts given as cents strings. */
export function sumOf(amounts: readonly string[]): string {
  return centsText(amounts.reduce((sum, amount) => sum + hundredths(amount), 0n));
}

/**
 * A charge as text with exactly two decimals. An amount the engine has not rounded to the cent
 * (D14) shows as "unrounded …", so a comparison with a cents string fails instead of hiding it.
 */
export function money(amount: Decimal | null | undefined): string | null {
  if (amount === null || amount === undefined) return null;
  return amount.decimalPlaces() <= 2 ? amount.toFixed(2) : `unrounded ${amount.toString()}`;
}

/** Runs `call` and returns the PilotageInputError it throws; anything else fails the test. */
export function inputErrorOf(call: () => unknown): PilotageInputError {
  const returned = Symbol("returned");
  let thrown: unknown = returned;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  if (thrown instanceof PilotageInputError) return thrown;
  if (thrown === returned) throw new Error("expected a PilotageInputError, but the call returned normally");
  throw new Error(`expected a PilotageInputError, got ${thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)}`);
}
