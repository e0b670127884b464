/**
 * The readers' paths for plain numbers (no decimal.js): pilotage units from three measurements in
 * feet, typed amounts in whole cents, and the figures of HUDSON_EXPLAIN's sentence. Each gives
 * what the decimal.js path gives, errors included.
 */
import Decimal from "decimal.js";
import fc from "fast-check";
import {
  BASE_PILOTAGE_CLAUSES,
  baseFeeWorking,
  DEFAULT_SETTINGS,
  explainBaseFee,
  namedClause,
  PilotageUnits,
  pilotageUnitsFromMeasurements,
  readAmount,
  readBaseFee,
  readPilotageUnits,
  resolveSettings,
} from "../../src/engine";
import { baseFeeCentsReader, readAmountCents } from "../../src/engine/inputs";
import { refusalThrown } from "../../src/engine/errors";
import { pilotageUnitsNumber } from "../../src/engine/measure";
import { inputErrorOf } from "./hand";

/** The units a cell shows, its refusal thrown (as a door that throws reads them). */
const readBaseFeeCents = (input: unknown) => refusalThrown(baseFeeCentsReader()(input));
const pilotageUnitsNumberFromMeasurements = (...args: Parameters<typeof pilotageUnitsNumber>) => refusalThrown(pilotageUnitsNumber(...args));

/** What a reader refuses (code and message; thrown by refusalThrown), or what it gives. */
function outcome(read: () => unknown): unknown {
  try {
    return { value: read() };
  } catch {
    const error = inputErrorOf(read);
    return { code: error.code, message: error.message, field: error.field };
  }
}

describe("pilotage units from measurements as a number (§ 89-a(4)(b)(2))", () => {
  test("worked by hand", () => {
    // 600 × 80 × 40 ÷ 10,000 = 192 units.
    expect(pilotageUnitsNumberFromMeasurements(600, 80, 40, DEFAULT_SETTINGS)).toBe(192);
    // 182.5 × 32.25 = 5,885.625; × 18.1 = 106,529.8125; ÷ 10,000 = 10.65298125.
    expect(pilotageUnitsNumberFromMeasurements(182.5, 32.25, 18.1, DEFAULT_SETTINGS)).toBe(10.65298125);
    // The largest plausible hull: 2,000 × 400 × 400 ÷ 10,000 = 32,000 units.
    expect(pilotageUnitsNumberFromMeasurements(2000, 400, 400, DEFAULT_SETTINGS)).toBe(32_000);
    // 0.01 × 0.01 × 0.01 ÷ 10,000 = 10^-10.
    expect(pilotageUnitsNumberFromMeasurements(0.01, 0.01, 0.01, DEFAULT_SETTINGS)).toBe(1e-10);
  });

  test("the same number as the decimal.js path on two-decimal feet, on other numbers and on text", () => {
    const hundredths = (max: number) => fc.integer({ min: 1, max: max * 100 }).map((h) => h / 100);
    const anyFeet = fc.oneof(hundredths(2000), fc.double({ min: 0.001, max: 2000, noNaN: true }), fc.integer({ min: 1, max: 400 }).map((n) => `${n} ft`));
    fc.assert(
      fc.property(fc.oneof(hundredths(2000), anyFeet), fc.oneof(hundredths(400), anyFeet), fc.oneof(hundredths(400), anyFeet), (l, b, d) => {
        expect(outcome(() => pilotageUnitsNumberFromMeasurements(l, b, d, DEFAULT_SETTINGS))).toEqual(outcome(() => refusalThrown(pilotageUnitsFromMeasurements(l, b, d, DEFAULT_SETTINGS)).toNumber()));
      }),
      { numRuns: 3000 },
    );
  });

  test("the same refusals, in the same order: -0, a negative, past the plausible maximum, NaN, blank", () => {
    for (const [l, b, d] of [
      [-0, 80, 40],
      [600, -80, 40],
      [600, 80, 400.01],
      [2000.01, 80, 40],
      [600, Number.NaN, 40],
      [600, 80, null],
      [-600, -80, -40],
    ]) {
      const decimalPath = outcome(() => refusalThrown(pilotageUnitsFromMeasurements(l, b, d, DEFAULT_SETTINGS)).toNumber());
      expect(decimalPath).toHaveProperty("code");
      expect(outcome(() => pilotageUnitsNumberFromMeasurements(l, b, d, DEFAULT_SETTINGS))).toEqual(decimalPath);
    }
  });

  test("sums that are not their two-decimal figure (300 + 32.09 is 332.09000000000003) as decimal.js works them", () => {
    // 300 + 32.09 is not the double nearest 332.09: decimal.js reads its shortest text.
    expect(String(300 + 32.09)).toBe("332.09000000000003");
    // 332.09000000000003 × 40 × 20 = 265,672.000000000024; ÷ 10,000 = 26.5672000000000024 (not 26.5672), to the nearest double.
    expect(pilotageUnitsNumberFromMeasurements(300 + 32.09, 40, 20, DEFAULT_SETTINGS)).toBe(Number("26.5672000000000024"));
    // 1.1400000000000001 × 2.2800000000000002 = 2.59920000000000045600000000000002; × 4.5600000000000005 =
    // 11.8523520000000033789600000000003192 (36 digits, under decimal.js's 40: exact); ÷ 10,000, to the nearest double.
    expect(pilotageUnitsNumberFromMeasurements(1 + 0.14, 2 + 0.28, 4 + 0.56, DEFAULT_SETTINGS)).toBe(Number("0.00118523520000000033789600000000003192"));
    const sum = (whole: number, max: number) => fc.tuple(fc.integer({ min: 0, max: whole }), fc.integer({ min: 1, max: max })).map(([w, h]) => w + h / 100);
    fc.assert(
      fc.property(sum(1999, 99), sum(399, 99), sum(399, 99), (l, b, d) => {
        expect(outcome(() => pilotageUnitsNumberFromMeasurements(l, b, d, DEFAULT_SETTINGS))).toEqual(outcome(() => refusalThrown(pilotageUnitsFromMeasurements(l, b, d, DEFAULT_SETTINGS)).toNumber()));
      }),
      { numRuns: 5000 },
    );
  });

  test("pilotageUnitsNumber gives what pilotageUnitsFromMeasurements gives, its refusals included, in every unit", () => {
    const measurement = fc.oneof(
      fc.integer({ min: -200_000, max: 200_000 }).map((h) => h / 100),
      fc.double({ min: -3000, max: 3000 }),
      fc.constantFrom(-0, null, "", "600 ft", "-12", "abc", "1,2", true, Number.NaN, Infinity, 2000.01, 1e-9),
    );
    fc.assert(
      fc.property(measurement, measurement, measurement, fc.constantFrom("ft" as const, "m" as const, "in" as const), (l, b, d, unit) => {
        const read = pilotageUnitsNumber(l, b, d, DEFAULT_SETTINGS, unit);
        expect(outcome(() => refusalThrown(read))).toEqual(outcome(() => refusalThrown(pilotageUnitsFromMeasurements(l, b, d, DEFAULT_SETTINGS, unit)).toNumber()));
      }),
      { numRuns: 5000 },
    );
  });

  test("metres, inches and D1's rounding setting take the decimal.js path", () => {
    // 182.88 m = 600 ft exactly; 600 × 80 × 40 ÷ 10,000 = 192.
    expect(pilotageUnitsNumberFromMeasurements(182.88, 24.384, 12.192, DEFAULT_SETTINGS, "m")).toBe(192);
    // 100.01 × 33.33 = 3,333.3333; × 20.01 = 66,699.999333; ÷ 10,000 = 6.6699999333 units; two decimals under the setting: 6.67.
    const rounded = refusalThrown(resolveSettings({ unitsDecimals: 2 }));
    expect(pilotageUnitsNumberFromMeasurements(100.01, 33.33, 20.01, rounded)).toBe(6.67);
  });
});

describe("typed amounts in whole cents (D14)", () => {
  test("worked by hand", () => {
    expect(readBaseFeeCents(5857.46)).toBe(585_746);
    expect(refusalThrown(readAmountCents(0.01, "surcharge", "surcharge"))).toBe(1);
    expect(refusalThrown(readAmountCents(1_000_000_000, "surcharge", "surcharge"))).toBe(100_000_000_000);
    // Fractions of a cent round half up: 1,234.565 → 1,234.57; text the same.
    expect(readBaseFeeCents(1234.565)).toBe(123_457);
    expect(readBaseFeeCents("1,234.565")).toBe(123_457);
    expect(refusalThrown(readAmountCents(0, "surcharge", "surcharge"))).toBe(0);
  });

  test("the same cents and refusals as readBaseFee and readAmount rounded to the cent", () => {
    const inputs = fc.oneof(
      fc.integer({ min: -100, max: 100_000_000_000 }).map((c) => c / 100),
      fc.double({ noNaN: false }),
      fc.constantFrom(-0, 0, null, "", "12.5", "$1,000.005", "abc", true, 1e9 + 0.01),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        expect(outcome(() => readBaseFeeCents(input))).toEqual(outcome(() => refusalThrown(readBaseFee(input)).toDecimalPlaces(2).times(100).toNumber()));
        expect(outcome(() => refusalThrown(readAmountCents(input, "surcharge", "surcharge")))).toEqual(
          outcome(() => refusalThrown(readAmount(input, "surcharge", "surcharge")).toDecimalPlaces(2).times(100).toNumber()),
        );
      }),
      { numRuns: 3000 },
    );
  });
});

describe("HUDSON_EXPLAIN's figures without decimal.js", () => {
  const decimalOnly = (text: string): PilotageUnits => ({ measured: true, units: new Decimal(text), millionths: null });

  test("worked by hand", () => {
    // 271.425 units ≥ 100 under clause (xi), Section 2, $21.58 a unit: shown as 271.43 (half up);
    // the fee is on the exact units, 271.425 × 21.58 = 5,857.3515 → $5,857.35.
    const working = baseFeeWorking(refusalThrown(readPilotageUnits(271.425, DEFAULT_SETTINGS)), 2, refusalThrown(namedClause("xi", DEFAULT_SETTINGS)), DEFAULT_SETTINGS);
    expect(working.shown()).toEqual({ unitsCharged: "271.43", vesselUnits: "271.43", rate: "$21.58", amount: "$5,857.35", atPerUnitThreshold: false });
    expect(explainBaseFee(working)).toBe("271.43 units ≥ 100: 271.43 × $21.58 = $5,857.35 for Section 2, Upper River under § 89-a(4)(b)(1)(xi)");
  });

  /** The sentence put together from shown()'s figures as § 89-a(4)(b)(1)'s bands word it (the form explainBaseFee answers). */
  const sentenceOf = (working: ReturnType<typeof baseFeeWorking>): string => {
    const shown = working.shown();
    const section = working.section === 1 ? "Section 1, Lower River" : "Section 2, Upper River";
    const under = `under ${working.clause.rates.citation}`;
    const who = working.unmeasured ? "Measurements not provided (§ 89-a(4)(d)): charged as 500 units" : `${shown.vesselUnits} units`;
    if (working.tier === "upTo50Units") return `${who} ≤ 50: flat ${shown.amount} for ${section} ${under}`;
    if (working.tier === "over50UpTo100Units") {
      return shown.atPerUnitThreshold ? `${who} = 100: flat ${shown.amount} for ${section} (setting D4 flatAmount) ${under}` : `${who} > 50 and < 100: flat ${shown.amount} for ${section} ${under}`;
    }
    const cap = working.cappedAtMaximum ? " (maximum charge of 500 units applies)" : "";
    return `${who} ≥ 100${cap}: ${shown.unitsCharged} × ${shown.rate} = ${shown.amount} for ${section} ${under}`;
  };

  test("the sentence of its figures, at every tier, section and clause, measured or not, D4 either way", () => {
    const flatAt100 = refusalThrown(resolveSettings({ at100Units: "flatAmount" }));
    const units = fc.oneof(
      fc.integer({ min: 1, max: 60_000_000 }).map((h) => h / 100_000),
      fc.constantFrom(50, 100, 100.005, 499.995, 500, 500.01, 0.004, 49_999.99, "UNMEASURED"),
    );
    fc.assert(
      fc.property(units, fc.constantFrom(1 as const, 2 as const), fc.constantFrom(...BASE_PILOTAGE_CLAUSES.map((c) => c.clause)), fc.boolean(), (typed, section, clause, d4) => {
        const settings = d4 ? flatAt100 : DEFAULT_SETTINGS;
        const working = baseFeeWorking(refusalThrown(readPilotageUnits(typed, settings)), section, refusalThrown(namedClause(clause, settings)), settings);
        expect(explainBaseFee(working)).toBe(sentenceOf(working));
      }),
      { numRuns: 3000 },
    );
    // Worked by hand: 600 units on Section 1 under clause (xi): capped at 500 × $15.32 = $7,660.00.
    const capped = baseFeeWorking(refusalThrown(readPilotageUnits(600, DEFAULT_SETTINGS)), 1, refusalThrown(namedClause("xi", DEFAULT_SETTINGS)), DEFAULT_SETTINGS);
    expect(explainBaseFee(capped)).toBe("600.00 units ≥ 100 (maximum charge of 500 units applies): 500.00 × $15.32 = $7,660.00 for Section 1, Lower River under § 89-a(4)(b)(1)(xi)");
    // Exactly 100 units under D4 flatAmount, Section 2, clause (xi): the second flat amount, $2,156.94.
    const at100 = baseFeeWorking(refusalThrown(readPilotageUnits(100, flatAt100)), 2, refusalThrown(namedClause("xi", flatAt100)), flatAt100);
    expect(explainBaseFee(at100)).toBe("100.00 units = 100: flat $2,156.94 for Section 2, Upper River (setting D4 flatAmount) under § 89-a(4)(b)(1)(xi)");
  });

  test("the same explanation from exact millionths as from a Decimal, at every tier and at the 500-unit maximum", () => {
    const units = fc.oneof(fc.integer({ min: 1, max: 60_000_000 }).map((h) => (h / 100_000).toString()), fc.constantFrom("50", "100", "100.005", "499.995", "500", "500.01", "0.004"));
    fc.assert(
      fc.property(units, fc.constantFrom(1 as const, 2 as const), fc.constantFrom(...BASE_PILOTAGE_CLAUSES.map((c) => c.clause)), (text, section, clause) => {
        const inForce = refusalThrown(namedClause(clause, DEFAULT_SETTINGS));
        const exact = baseFeeWorking(refusalThrown(readPilotageUnits(Number(text), DEFAULT_SETTINGS)), section, inForce, DEFAULT_SETTINGS);
        const decimal = baseFeeWorking(decimalOnly(text), section, inForce, DEFAULT_SETTINGS);
        expect(explainBaseFee(exact)).toBe(explainBaseFee(decimal));
        expect(exact.shown()).toEqual(decimal.shown());
      }),
      { numRuns: 3000 },
    );
  });
});
