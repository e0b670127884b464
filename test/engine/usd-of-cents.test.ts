/**
 * formatUsd: the "$1,234.50" text of whole cents, the one way the engine shows money. Each
 * expected text is written out by hand.
 */
import fc from "fast-check";
import { centsOf, formatUsd as formatUsdCents, Money } from "../../src/engine/money";

test("whole cents as dollars: two decimals, thousands grouped, a minus before the $", () => {
  expect(formatUsdCents(0)).toBe("$0.00");
  expect(formatUsdCents(-0)).toBe("$0.00");
  expect(formatUsdCents(5)).toBe("$0.05");
  expect(formatUsdCents(10)).toBe("$0.10");
  expect(formatUsdCents(100_000)).toBe("$1,000.00");
  expect(formatUsdCents(123_456_789)).toBe("$1,234,567.89");
  // Groups after a comma keep their leading zeros: 100,005,007 dollars and 0 cents; 999.99 has no comma.
  expect(formatUsdCents(10_000_500_700)).toBe("$100,005,007.00");
  expect(formatUsdCents(99_999)).toBe("$999.99");
  // Below a million dollars the text is joined from pieces: a group after the comma keeps its zeros.
  expect(formatUsdCents(100_507)).toBe("$1,005.07");
  expect(formatUsdCents(-100_000_000 + 1)).toBe("-$999,999.99");
  expect(formatUsdCents(100_000_000)).toBe("$1,000,000.00");
  expect(formatUsdCents(-1_200)).toBe("-$12.00");
  // 2^53 − 1 cents: 9,007,199,254,740,991 = $90,071,992,547,409.91, where cents ÷ 100 is not exact.
  expect(formatUsdCents(Number.MAX_SAFE_INTEGER)).toBe("$90,071,992,547,409.91");
  // 2^53 − 101: cents ÷ 100 is 90,071,992,547,408.90 exactly only by integer steps.
  expect(formatUsdCents(Number.MAX_SAFE_INTEGER - 101)).toBe("$90,071,992,547,408.90");
});

test("a Decimal amount is shown by its whole cents, rounded half up (D14)", () => {
  expect(formatUsdCents(centsOf(new Money("5857.455")))).toBe("$5,857.46");
  expect(formatUsdCents(centsOf(new Money("-0.004")))).toBe("$0.00");
  expect(formatUsdCents(centsOf(new Money("1000000.5")))).toBe("$1,000,000.50");
});

test("every amount below a million dollars grouped as en-US writes whole dollars", () => {
  fc.assert(
    fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (cents) => {
      const magnitude = Math.abs(cents);
      const dollars = Math.floor(magnitude / 100);
      const expected = `${cents < 0 ? "-" : ""}$${dollars.toLocaleString("en-US")}.${String(magnitude - dollars * 100).padStart(2, "0")}`;
      expect(formatUsdCents(cents)).toBe(expected);
    }),
  );
});

test("every amount grouped by thousands as en-US writes whole dollars", () => {
  fc.assert(
    fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
      const magnitude = Math.abs(cents);
      const dollars = Math.floor(magnitude / 100);
      const expected = `${cents < 0 ? "-" : ""}$${dollars.toLocaleString("en-US")}.${String(magnitude - dollars * 100).padStart(2, "0")}`;
      expect(formatUsdCents(cents)).toBe(expected);
    }),
    { numRuns: 5000 },
  );
});
