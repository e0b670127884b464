/** Billed amounts and variances, exact: whole cents in integers, anything else in Decimal, to the same results. */
import fc from "fast-check";
import { Money } from "../../src/engine";
import { Amount, ExactSum, exactText, exactUsd, isVariance, Outcome, readBilledAmount } from "../../src/reconcile";

/** A billed cell that is not blank, as read. */
function billedCell(cell: unknown, field: string, what: string): Outcome<Amount> {
  const read = readBilledAmount(cell, field, what);
  if (read === null) throw new Error(`${JSON.stringify(cell)} read as blank`);
  return read;
}

describe("exact amounts", () => {
  test("a typed number stands for its shortest decimal; text keeps every digit", () => {
    const typed = billedCell(1234.56, "billed_total", "billed total");
    expect(typed.ok && exactText(typed.value)).toBe("1234.56");
    // A number with a fraction of a cent (0.1 + 0.2 in a cell) is a row error that says so, never a match.
    const sum = billedCell(0.1 + 0.2, "billed_total", "billed total");
    expect(!sum.ok && sum.error.message).toBe('The billed total "0.30000000000000004" has a fraction of a cent: an invoice bills whole cents, so check the amount (it is never compared as it stands).');
    const text = billedCell("1726.081", "billed_total", "billed total");
    expect(!text.ok && text.error.code).toBe("#VALUE!");
    // Trailing zeros are whole cents.
    const zeros = billedCell("1726.080", "billed_total", "billed total");
    expect(zeros.ok && exactText(zeros.value)).toBe("1726.08");
    // Excel's accounting format writes zero as a dash.
    for (const dash of ["-", "–", "—", "$ -", " $-   ", "( - )"]) {
      const zero = billedCell(dash, "billed_total", "billed total");
      expect([dash, zero.ok && exactText(zero.value)]).toEqual([dash, "0.00"]);
    }
    // $1,716.085 − $1,716.08 = $0.005
    expect(exactText(Amount.of(new Money("1716.085")).minus(Amount.ofCents(171608)))).toBe("0.005");
    expect(exactText(Amount.ofCents(-5))).toBe("-0.05");
    expect(exactUsd(Amount.ofCents(-123456789))).toBe("-$1,234,567.89");
    expect(exactUsd(Amount.of(new Money("-1234.565")))).toBe("-$1,234.565");
    expect(isVariance(Amount.of(new Money("0.0099")))).toBe(false);
    expect(isVariance(Amount.of(new Money("-0.01")))).toBe(true);
    // (2^53 − 1) + 2 cents = 9,007,199,254,740,993 cents, one past what a double holds exactly.
    expect(exactText(Amount.ofCents(Number.MAX_SAFE_INTEGER).plus(Amount.ofCents(2)))).toBe("90071992547409.93");
  });
});

describe("whole cents without Decimal arithmetic (issue 18): the same amounts as Decimal gives", () => {
  test("a plain billed amount less a computed line, and its variance", () => {
    const billed = billedCell("5123.22", "billed_total", "billed total");
    expect(billed.ok && billed.value.cents).toBe(512_322);
    expect(billed.ok && billed.value.decimal.eq(new Money("5123.22"))).toBe(true);
    if (!billed.ok) return;
    // $5,123.22 − $5,113.22 = $10.00 over; − $5,123.22 = $0.00, no variance.
    const over = billed.value.minus(Amount.ofCents(511_322));
    expect([exactText(over), over.cents, isVariance(over)]).toEqual(["10.00", 1_000, true]);
    const none = billed.value.minus(Amount.ofCents(512_322));
    expect([exactText(none), isVariance(none)]).toEqual(["0.00", false]);
    // A fraction of a cent is worked in Decimal: $1,716.085 − $1,716.08 = $0.005, under a cent.
    const fraction = Amount.of(new Money("1716.085")).minus(Amount.ofCents(171_608));
    expect([exactText(fraction), fraction.cents, isVariance(fraction)]).toEqual(["0.005", null, false]);
  });

  test("the largest plain amount, 13 digits and cents, stays exact: 9,999,999,999,999.99 − 0.01", () => {
    const billed = billedCell("-9999999999999.99", "billed_total", "billed total");
    expect(billed.ok && exactText(billed.value.minus(Amount.ofCents(1)))).toBe("-10000000000000.00");
  });

  test("a blank billed cell is no amount (D27: what it means is the row's to say); a dash or a typed 0 is $0.00", () => {
    for (const blank of [null, undefined, "", "   "]) expect(readBilledAmount(blank, "billed_total", "billed total")).toBeNull();
    for (const zero of [0, "0", "0.00", "-", "$ -"]) {
      const read = billedCell(zero, "billed_total", "billed total");
      expect([zero, read.ok && exactText(read.value)]).toEqual([zero, "0.00"]);
    }
  });

  test("a billed cell read twice reads the same both times; another field's words are its own", () => {
    const first = billedCell("abc", "billed_total", "billed total");
    expect(billedCell("abc", "billed_total", "billed total")).toEqual(first);
    const other = billedCell("abc", "billed_base", "billed base pilotage");
    expect(!other.ok && other.error.message).toContain("billed base pilotage");
    expect(!first.ok && first.error.message).not.toContain("billed base pilotage");
    const zero = billedCell("-0.00", "billed_total", "billed total");
    expect(zero.ok && [exactText(zero.value), exactUsd(zero.value), isVariance(zero.value)]).toEqual(["0.00", "$0.00", false]);
  });

  test("ExactSum: whole cents, fractions of a cent and sums past 2^53 cents all exact", () => {
    const sum = new ExactSum();
    sum.add(Amount.ofCents(150)); // $1.50
    sum.add(Amount.of(new Money("0.005"))); // + $0.005
    sum.add(Amount.ofCents(-25)); // − $0.25 → $1.255
    expect(exactText(sum.value)).toBe("1.255");
    // 2^53 − 1 cents + 2 cents = 9,007,199,254,740,993 cents, one past what a double holds exactly.
    const big = new ExactSum();
    big.add(Amount.ofCents(Number.MAX_SAFE_INTEGER));
    big.add(Amount.ofCents(2));
    expect(exactText(big.value)).toBe("90071992547409.93");
    big.add(Amount.ofCents(-Number.MAX_SAFE_INTEGER));
    expect(exactText(big.value)).toBe("0.02");
    expect(exactText(new ExactSum().value)).toBe("0.00");
  });

  test("every operation on whole cents gives what the same operation on Decimals gives, up to and past 2^53 cents", () => {
    // Cents near zero, near 2^53 and past it (as a computed total of huge units could be); each also as a Decimal-held amount.
    const cents = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.integer({ min: Number.MAX_SAFE_INTEGER - 1_000, max: Number.MAX_SAFE_INTEGER }).chain((n) => fc.constantFrom(n, -n)),
      fc.constantFrom(2 ** 53, -(2 ** 53), 2 ** 60),
    );
    const dollars = (c: number) => new Money(c).div(100);
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        const [x, y] = [Amount.ofCents(a), Amount.ofCents(b)];
        const [dx, dy] = [Amount.of(dollars(a)), Amount.of(dollars(b))];
        const same = (amount: Amount, expected: Amount) => {
          expect(amount.decimal.eq(expected.decimal)).toBe(true);
          expect(exactText(amount)).toBe(exactText(expected));
          expect(exactUsd(amount)).toBe(exactUsd(expected));
          expect(isVariance(amount)).toBe(isVariance(expected));
          expect(amount.toNumber()).toBe(expected.toNumber());
          expect([amount.isZero(), amount.isNegative()]).toEqual([expected.isZero(), expected.isNegative()]);
        };
        same(x, dx);
        same(x.plus(y), dx.plus(dy));
        same(x.minus(y), dx.minus(dy));
        same(x.abs(), dx.abs());
        expect(x.eq(y)).toBe(dx.eq(dy));
        expect(x.eq(dy)).toBe(a === b);
        const sum = new ExactSum();
        const decimalSum = new ExactSum();
        for (const amount of [x, y, x]) sum.add(amount);
        for (const amount of [dx, dy, dx]) decimalSum.add(amount);
        same(sum.value, decimalSum.value);
      }),
      { numRuns: 2_000 },
    );
  });
});
