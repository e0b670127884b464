/**
 * The integer fast path (units as exact millionths, amounts in cents) against the decimal.js path
 * (units given with millionths: null). Issue 7: both must give the same cents on every input.
 * The benchmark repeats this on 10,000,000 inputs.
 */
import fc from "fast-check";
import Decimal from "decimal.js";
import {
  BASE_PILOTAGE_CLAUSES,
  baseFeeWorking,
  DEFAULT_SETTINGS,
  namedClause,
  PilotageUnits,
  readPilotageUnits,
  resolveSettings,
  surchargeLine,
  surchargeTableOn,
  refusalThrown,
} from "../../src/engine";
import { centsText as textOfCents } from "../../src/engine/money";
import { centsFromMillionthsOfCent, millionthsOfNumber } from "../../src/engine/units";

const decimalOnly = (text: string): PilotageUnits => ({ measured: true, units: new Decimal(text), millionths: null });

describe("exact integer helpers", () => {
  test("millionthsOfNumber recognises numbers with up to six decimals, and only those", () => {
    expect(millionthsOfNumber(271.43)).toBe(271_430_000);
    expect(millionthsOfNumber(0.000001)).toBe(1);
    expect(millionthsOfNumber(500)).toBe(500_000_000);
    expect(millionthsOfNumber(0.1 + 0.2)).toBeNull(); // 0.30000000000000004 has 17 decimals
    expect(millionthsOfNumber(1 / 3)).toBeNull();
    expect(millionthsOfNumber(-1)).toBeNull();
    expect(millionthsOfNumber(Number.NaN)).toBeNull();
  });

  test("half-up rounding of millionths of a cent", () => {
    // 100.01 units × 138 cents = 13,801.38 cents → 13,801 (…38 < 50)
    expect(centsFromMillionthsOfCent(100_010_000 * 138)).toBe(13_801);
    // 4,146.5 cents is exactly half a cent → up to 4,147; 4,146.499999 cents → 4,146
    expect(centsFromMillionthsOfCent(4_146_500_000)).toBe(4_147);
    expect(centsFromMillionthsOfCent(4_146_499_999)).toBe(4_146);
  });

  test("whole cents as text: two decimals, a sign below zero, every digit of the largest safe amount", () => {
    // 123,450 cents = $1,234.50; 5 cents = $0.05; −1,205 cents = −$12.05
    expect([textOfCents(123_450), textOfCents(5), textOfCents(0), textOfCents(-1_205), textOfCents(100)]).toEqual(["1234.50", "0.05", "0.00", "-12.05", "1.00"]);
    // 2^53 − 1 = 9,007,199,254,740,991 cents = $90,071,992,547,409.91
    expect(textOfCents(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
  });

  test("half-up rounding stays exact near 2^53, where a floating-point quotient alone could land on the wrong side", () => {
    // 9,007,199,250.5 cents is exactly half a cent → up to 9,007,199,251; one millionth less → down to 9,007,199,250
    expect(centsFromMillionthsOfCent(9_007_199_250_500_000)).toBe(9_007_199_251);
    expect(centsFromMillionthsOfCent(9_007_199_250_499_999)).toBe(9_007_199_250);
    // 9,007,199,249.999999 cents → 9,007,199,250 (…999999 ≥ 500000); 9,007,199,249.000001 → 9,007,199,249
    expect(centsFromMillionthsOfCent(9_007_199_249_999_999)).toBe(9_007_199_250);
    expect(centsFromMillionthsOfCent(9_007_199_249_000_001)).toBe(9_007_199_249);
  });
});

describe("fast path = decimal path", () => {
  // Units with 0 to 6 decimals between 0.000001 and 1,000, where every band and the 500 cap live.
  const unitsText = fc
    .tuple(fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer({ min: 0, max: 6 }))
    .map(([millionths, decimals]) => {
      const step = 10 ** (6 - decimals);
      const rounded = Math.max(step, Math.round(millionths / step) * step);
      return new Decimal(rounded).div(1_000_000).toFixed(decimals);
    });

  test("base pilotage, every clause and section", () => {
    fc.assert(
      fc.property(unitsText, fc.constantFrom(...BASE_PILOTAGE_CLAUSES.map((c) => c.clause)), fc.constantFrom(1 as const, 2 as const), fc.boolean(), (text, clause, section, flatAt100) => {
        const settings = refusalThrown(resolveSettings({ at100Units: flatAt100 ? "flatAmount" : "perUnitRate" }));
        const schedule = refusalThrown(namedClause(clause, settings));
        const fast = baseFeeWorking(refusalThrown(readPilotageUnits(Number(text), settings)), section, schedule, settings);
        const slow = baseFeeWorking(decimalOnly(text), section, schedule, settings);
        expect(fast.amountCents).toBe(slow.amountCents);
        expect(fast.tier).toBe(slow.tier);
      }),
      { numRuns: 5_000 },
    );
  });

  test("surcharge, statutory periods and a board row with a three-decimal rate", () => {
    const board = [{ from: "2020-11-20", upTo50Units: "300.00", over50UpTo100Units: "360.00", perUnitOver100Units: "3.605" }];
    fc.assert(
      fc.property(unitsText, fc.constantFrom("2016-01-15", "2017-06-30", "2018-12-01", "2019-05-05", "2020-01-01", "2024-07-04"), (text, date) => {
        const table = refusalThrown(surchargeTableOn(date, board, DEFAULT_SETTINGS));
        const fast = surchargeLine(refusalThrown(readPilotageUnits(Number(text), DEFAULT_SETTINGS)), table);
        const slow = surchargeLine(decimalOnly(text), table);
        expect(fast.amountCents).toBe(slow.amountCents);
      }),
      { numRuns: 3_000 },
    );
  });

  test("a three-decimal board rate is charged exactly: 150 × $3.605 = $540.75", () => {
    // 150 units × $3.605 = $540.75 exactly
    const table = refusalThrown(surchargeTableOn("2024-07-04", [{ from: "2020-11-20", upTo50Units: "300", over50UpTo100Units: "360", perUnitOver100Units: "3.605" }], DEFAULT_SETTINGS));
    expect(surchargeLine(refusalThrown(readPilotageUnits(150, DEFAULT_SETTINGS)), table).amount?.toFixed(2)).toBe("540.75");
    // 101 units × $3.605 = $364.105 → $364.11 (half up)
    expect(surchargeLine(refusalThrown(readPilotageUnits(101, DEFAULT_SETTINGS)), table).amount?.toFixed(2)).toBe("364.11");
  });
});
