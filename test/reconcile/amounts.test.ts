/** Billed amounts and variances, exact, in the engine's money type. */
import { Money } from "../../src/engine";
import { amountOfCents, ExactSum, exactText, exactUsd, isVariance, minusCents, readBilledAmount } from "../../src/reconcile";

describe("exact amounts", () => {
  test("a typed number stands for its shortest decimal; text keeps every digit", () => {
    const typed = readBilledAmount(1234.56, "billed_total", "billed total");
    expect(typed.ok && exactText(typed.value)).toBe("1234.56");
    const sum = readBilledAmount(0.1 + 0.2, "billed_total", "billed total");
    expect(sum.ok && exactText(sum.value)).toBe("0.30000000000000004");
    expect(exactText(new Money("1716.085").minus(amountOfCents(171608)))).toBe("0.005");
    expect(exactText(amountOfCents(-5))).toBe("-0.05");
    expect(exactUsd(amountOfCents(-123456789))).toBe("-$1,234,567.89");
    expect(exactUsd(new Money("-1234.565"))).toBe("-$1,234.565");
    expect(isVariance(new Money("0.0099"))).toBe(false);
    expect(isVariance(new Money("-0.01"))).toBe(true);
    expect(exactText(amountOfCents(Number.MAX_SAFE_INTEGER).plus(amountOfCents(2)))).toBe("90071992547409.93");
  });
});

describe("whole cents without Decimal arithmetic (issue 18): the same amounts as Decimal gives", () => {
  test("a plain billed amount less a computed line, and its variance", () => {
    const billed = readBilledAmount("5123.22", "billed_total", "billed total");
    expect(billed.ok && billed.value.eq(new Money("5123.22"))).toBe(true);
    if (!billed.ok) return;
    // $5,123.22 − $5,113.22 = $10.00 over; − $5,123.22 = $0.00, no variance.
    const over = minusCents(billed.value, 511_322);
    expect(exactText(over)).toBe("10.00");
    expect(isVariance(over)).toBe(true);
    const none = minusCents(billed.value, 512_322);
    expect(exactText(none)).toBe("0.00");
    expect(isVariance(none)).toBe(false);
    // A fraction of a cent is worked in Decimal: $1,716.085 − $1,716.08 = $0.005, under a cent.
    const fraction = minusCents(new Money("1716.085"), 171_608);
    expect(exactText(fraction)).toBe("0.005");
    expect(isVariance(fraction)).toBe(false);
  });

  test("the largest plain amount, 13 digits and cents, stays exact: 9,999,999,999,999.99 − 0.01", () => {
    const billed = readBilledAmount("-9999999999999.99", "billed_total", "billed total");
    expect(billed.ok && exactText(minusCents(billed.value, 1))).toBe("-10000000000000.00");
  });

  test("a billed cell read twice (the totals check, then the row) reads the same both times; another field's words are its own", () => {
    const first = readBilledAmount("abc", "billed_total", "billed total");
    expect(readBilledAmount("abc", "billed_total", "billed total")).toEqual(first);
    const other = readBilledAmount("abc", "billed_base", "billed base pilotage");
    expect(!other.ok && other.error.message).toContain("billed base pilotage");
    expect(!first.ok && first.error.message).not.toContain("billed base pilotage");
    const zero = readBilledAmount("-0.00", "billed_total", "billed total");
    expect(zero.ok && exactText(zero.value)).toBe("0.00");
  });

  test("ExactSum: whole cents, fractions of a cent and sums past 2^53 cents all exact", () => {
    const sum = new ExactSum();
    sum.add(amountOfCents(150)); // $1.50
    sum.add(new Money("0.005")); // + $0.005
    sum.add(amountOfCents(-25)); // − $0.25 → $1.255
    expect(exactText(sum.value)).toBe("1.255");
    // 2^53 − 1 cents + 2 cents = 9,007,199,254,740,993 cents, one past what a double holds exactly.
    const big = new ExactSum();
    big.add(amountOfCents(Number.MAX_SAFE_INTEGER));
    big.add(amountOfCents(2));
    expect(exactText(big.value)).toBe("90071992547409.93");
    big.add(amountOfCents(-Number.MAX_SAFE_INTEGER));
    expect(exactText(big.value)).toBe("0.02");
    expect(exactText(new ExactSum().value)).toBe("0.00");
  });
});
