/** Billed amounts and variances, exact, in the engine's money type. */
import { Money } from "../../src/engine";
import { amountOfCents, exactText, exactUsd, isVariance, readBilledAmount } from "../../src/reconcile";

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
