/**
 * Measurements and pilotage units, § 89-a(4)(b)(2), (c) (D1), and the reader of typed units (D2).
 */
import Decimal from "decimal.js";
import {
  DEFAULT_SETTINGS,
  measurementInFeet,
  parseLengthUnit,
  pilotageUnitsFromMeasurements,
  readDecimal,
  PilotageUnits,
  readPilotageUnits,
  readTransitUnits,
  resolveSettings,
  refusalThrown,
} from "../../src/engine";
import { inputErrorOf } from "./hand";

const feet = (input: unknown, unit?: "ft" | "m" | "in"): string => refusalThrown(measurementInFeet(input, "length", unit)).toString();
const unitsOf = (units: PilotageUnits): Decimal | null => (units.measured ? units.units : null);

describe("D1 a measurement in feet", () => {
  test.each([
    [`600' 6"`, "600.5"], // 6 inches = 6/12 ft
    [`600'6"`, "600.5"],
    ["600 ft 6 in", "600.5"],
    ["600 feet 6 inches", "600.5"],
    ["600 ft 6", "600.5"],
    [`600′ 6″`, "600.5"], // typographic prime marks
    ["600.5 ft", "600.5"],
    ["600 ft", "600"],
    ["182.88 m", "600"], // 182.88 ÷ 0.3048 = 600 exactly
    ["182.88 metres", "600"],
    ["7206 in", "600.5"], // 7,206 ÷ 12 = 600.5
    [`7206"`, "600.5"],
    ["600.5", "600.5"], // a plain number is in feet by default
    ["1,200", "1200"],
    [" 600 FT 3 IN ", "600.25"],
  ])("%p → %s ft", (text, expected) => {
    expect(feet(text)).toBe(expected);
  });

  test("plain numbers in the given unit: 182.88 m = 600 ft, 7206 in = 600.5 ft, 24.384 m = 80 ft", () => {
    expect(feet(600.5)).toBe("600.5");
    expect(feet(182.88, "m")).toBe("600");
    expect(feet("182.88", "m")).toBe("600");
    expect(feet(7206, "in")).toBe("600.5");
    expect(refusalThrown(measurementInFeet(24.384, "breadth", "m")).toString()).toBe("80");
    // text that carries its own unit ignores the plain unit
    expect(feet("600 ft", "m")).toBe("600");
  });

  test("inches of 12 or more after feet are refused: BAD_MEASUREMENT_TEXT", () => {
    const error = inputErrorOf(() => refusalThrown(measurementInFeet(`600' 12"`, "length")));
    expect(error.code).toBe("BAD_MEASUREMENT_TEXT");
    expect(error.message).toContain("inches after feet must be under 12");
    expect(error.field).toBe("length");
    // 600 ft 11.5 in = 600 + 11.5/12 ft = 7,211.5 inches
    expect(refusalThrown(measurementInFeet(`600' 11.5"`, "length")).times(12).toDecimalPlaces(9).toString()).toBe("7211.5");
  });

  test.each([["six hundred feet"], ["600 yards"], ["600 ft 6 in 3"], ["600 ft -6 in"], ["NaN"], ["1e3"]])("%p is not a measurement: BAD_MEASUREMENT_TEXT with examples", (text) => {
    const error = inputErrorOf(() => refusalThrown(measurementInFeet(text, "length")));
    expect(error.code).toBe("BAD_MEASUREMENT_TEXT");
    expect(error.message).toContain(`600' 6"`);
  });

  test("blank → BLANK; zero or negative → NOT_POSITIVE; NaN, ±Infinity → NOT_FINITE; TRUE → NOT_A_NUMBER", () => {
    for (const blank of [null, undefined, "", "  "]) expect(inputErrorOf(() => refusalThrown(measurementInFeet(blank, "depth"))).code).toBe("BLANK");
    expect(inputErrorOf(() => refusalThrown(measurementInFeet("", "depth"))).message).toContain("The depth is blank");
    for (const notPositive of [0, -0, -600, "0", "0 ft 0 in", "0 m", "-600", "-600 ft 6 in", "−182.88 m"]) {
      const error = inputErrorOf(() => refusalThrown(measurementInFeet(notPositive, "breadth")));
      expect(error.code).toBe("NOT_POSITIVE");
      expect(error.message).toContain("extreme breadth must be more than zero, not ");
      expect(error.message).toContain(": enter it in feet");
    }
    for (const notFinite of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(inputErrorOf(() => refusalThrown(measurementInFeet(notFinite, "length"))).code).toBe("NOT_FINITE");
    }
    expect(inputErrorOf(() => refusalThrown(measurementInFeet(true, "length"))).code).toBe("NOT_A_NUMBER");
  });

  test("a length over 2,000 ft is implausible (IMPLAUSIBLE, check the unit); 2,000 ft itself is accepted", () => {
    expect(feet(2000)).toBe("2000");
    const error = inputErrorOf(() => refusalThrown(measurementInFeet(2000.01, "length")));
    expect(error.code).toBe("IMPLAUSIBLE");
    expect(error.kind).toBe("num");
    expect(error.message).toContain("over 2,000 ft");
    expect(error.message).toContain("check the figure and its unit");
    // 610 m ÷ 0.3048 = 2,001.31 ft
    expect(inputErrorOf(() => refusalThrown(measurementInFeet("610 m", "length"))).message).toBe('The overall length "610 m" (2,001.31 ft) is over 2,000 ft: check the figure and its unit.');
    // 609.601 m ÷ 0.3048 = 2,000.00328… ft: shown with the decimals that make it over, never "2000 ft is over 2,000 ft".
    expect(inputErrorOf(() => refusalThrown(measurementInFeet("609.601 m", "length"))).message).toBe('The overall length "609.601 m" (2,000.003 ft) is over 2,000 ft: check the figure and its unit.');
    expect(inputErrorOf(() => refusalThrown(measurementInFeet(609.601, "length", "m"))).message).toBe('The overall length "609.601" (2,000.003 ft) is over 2,000 ft: check the figure and its unit.');
    // 24,000.12 in ÷ 12 = 2,000.01 ft; a plain number in feet is its own figure.
    expect(inputErrorOf(() => refusalThrown(measurementInFeet("24000.12 in", "length"))).message).toContain('"24000.12 in" (2,000.01 ft) is over 2,000 ft');
    expect(inputErrorOf(() => refusalThrown(measurementInFeet(2000.001, "length"))).message).toBe("The overall length of 2,000.001 ft is over 2,000 ft: check the figure and its unit.");
    // 600 m ÷ 0.3048 = 1,968.5039… ft: under 2,000, accepted
    expect(refusalThrown(measurementInFeet(600, "length", "m")).toDecimalPlaces(4).toString()).toBe("1968.5039");
  });

  test("unknown units: UNKNOWN_UNIT naming ft, m, in", () => {
    expect(refusalThrown(parseLengthUnit(undefined))).toBe("ft");
    expect(refusalThrown(parseLengthUnit("Metres"))).toBe("m");
    expect(refusalThrown(parseLengthUnit('"'))).toBe("in");
    const error = inputErrorOf(() => refusalThrown(parseLengthUnit("yards")));
    expect(error.code).toBe("UNKNOWN_UNIT");
    expect(error.message).toContain('use "ft", "m" or "in"');
  });
});

describe("D1 pilotage units = length × breadth × depth ÷ 10,000", () => {
  test("600.5 × 80 × 40 ÷ 10,000 = 192.16 (600.5 × 80 = 48,040; × 40 = 1,921,600; ÷ 10,000 = 192.16)", () => {
    expect(refusalThrown(pilotageUnitsFromMeasurements(`600' 6"`, "80 ft", "40 ft", DEFAULT_SETTINGS)).toString()).toBe("192.16");
    expect(refusalThrown(pilotageUnitsFromMeasurements(600.5, 80, 40, DEFAULT_SETTINGS)).toString()).toBe("192.16");
    expect(refusalThrown(pilotageUnitsFromMeasurements("7206 in", "960 in", "480 in", DEFAULT_SETTINGS)).toString()).toBe("192.16");
    expect(refusalThrown(pilotageUnitsFromMeasurements(7206, 960, 480, DEFAULT_SETTINGS, "in")).toString()).toBe("192.16");
  });

  test("metric: 182.88 m × 24.384 m × 12.192 m = 600 × 80 × 40 ft → 192 units exactly", () => {
    expect(refusalThrown(pilotageUnitsFromMeasurements("182.88 m", "24.384 m", "12.192 m", DEFAULT_SETTINGS)).toString()).toBe("192");
    expect(refusalThrown(pilotageUnitsFromMeasurements(182.88, 24.384, 12.192, DEFAULT_SETTINGS, "m")).toString()).toBe("192");
  });

  test("units are not rounded by default; the D1 setting rounds them half up", () => {
    // 600.5 × 80.25 × 40.1 = 48,190.125 × 40.1 = 1,932,424.0125; ÷ 10,000 = 193.24240125
    expect(refusalThrown(pilotageUnitsFromMeasurements(600.5, 80.25, 40.1, DEFAULT_SETTINGS)).toString()).toBe("193.24240125");
    expect(refusalThrown(pilotageUnitsFromMeasurements(600.5, 80.25, 40.1, refusalThrown(resolveSettings({ unitsDecimals: 2 })))).toString()).toBe("193.24");
    expect(refusalThrown(pilotageUnitsFromMeasurements(600.5, 80.25, 40.1, refusalThrown(resolveSettings({ unitsDecimals: 0 })))).toString()).toBe("193");
    // 199.99 × 50 × 100 = 999,950; ÷ 10,000 = 99.995 → to 2 decimals, half up: 100.00
    expect(refusalThrown(pilotageUnitsFromMeasurements(199.99, 50, 100, DEFAULT_SETTINGS)).toString()).toBe("99.995");
    expect(refusalThrown(pilotageUnitsFromMeasurements(199.99, 50, 100, refusalThrown(resolveSettings({ unitsDecimals: 2 })))).toString()).toBe("100");
  });

  test("each measurement's error names that measurement", () => {
    expect(inputErrorOf(() => refusalThrown(pilotageUnitsFromMeasurements(600, "", 40, DEFAULT_SETTINGS))).field).toBe("breadth");
    expect(inputErrorOf(() => refusalThrown(pilotageUnitsFromMeasurements(600, 80, 401, DEFAULT_SETTINGS))).message).toContain("depth");
    expect(inputErrorOf(() => refusalThrown(pilotageUnitsFromMeasurements(600, 401, 40, DEFAULT_SETTINGS))).code).toBe("IMPLAUSIBLE");
  });
});

describe("D2 typed pilotage units", () => {
  test("a number or numeric text, as is (not rounded by default)", () => {
    expect(unitsOf(refusalThrown(readPilotageUnits(271.43, DEFAULT_SETTINGS)))?.toString()).toBe("271.43");
    expect(unitsOf(refusalThrown(readPilotageUnits("1,234.5", DEFAULT_SETTINGS)))?.toString()).toBe("1234.5");
    expect(unitsOf(refusalThrown(readPilotageUnits(" 99.995 ", DEFAULT_SETTINGS)))?.toString()).toBe("99.995");
    expect(unitsOf(refusalThrown(readPilotageUnits(0.000001, DEFAULT_SETTINGS)))?.toString()).toBe("0.000001");
  });

  test("units more than zero but under a millionth are refused, not shown as 0 (1 ft × 1 ft × 1 ft ÷ 10,000 = 0.0001 units)", () => {
    for (const tiny of [0.0000001, "0.0000001", "1e-400", "1e-7"]) {
      const error = inputErrorOf(() => refusalThrown(readPilotageUnits(tiny, DEFAULT_SETTINGS)));
      expect(error.code).toBe("IMPLAUSIBLE");
      expect(error.message).toContain("less than 0.000001, the fewest accepted");
    }
    expect(inputErrorOf(() => refusalThrown(readPilotageUnits("1e-400", DEFAULT_SETTINGS))).message).toMatch(/^1e-400 pilotage units/);
    // From measurements: 0.01 ft × 0.01 ft × 0.01 ft ÷ 10,000 = 0.0000000001 units.
    const fromMeasurements = inputErrorOf(() => refusalThrown(readTransitUnits({ length: "0.01", breadth: "0.01", depth: "0.01" }, DEFAULT_SETTINGS)));
    expect(fromMeasurements.message).toMatch(/^The measurements give 1e-10 pilotage units, less than 0\.000001/);
  });

  test("the D1 setting rounds typed units too: 99.995 → 100 at 2 decimals; 0.5 → 1 at 0 decimals", () => {
    const two = refusalThrown(resolveSettings({ unitsDecimals: 2 }));
    expect(unitsOf(refusalThrown(readPilotageUnits("99.995", two)))?.toString()).toBe("100");
    expect(unitsOf(refusalThrown(readPilotageUnits(99.995, two)))?.toString()).toBe("100");
    expect(unitsOf(refusalThrown(readPilotageUnits(99.994, two)))?.toString()).toBe("99.99");
    expect(unitsOf(refusalThrown(readPilotageUnits(100.5, refusalThrown(resolveSettings({ unitsDecimals: 0 })))))?.toString()).toBe("101");
    expect(unitsOf(refusalThrown(readPilotageUnits("192.16", refusalThrown(resolveSettings({ unitsDecimals: 1 })))))?.toString()).toBe("192.2");
  });

  test("UNMEASURED in any case is the explicit 'measurements not provided' case; a blank is an error, never the maximum", () => {
    expect(refusalThrown(readPilotageUnits("UNMEASURED", DEFAULT_SETTINGS))).toEqual({ measured: false });
    expect(refusalThrown(readPilotageUnits(" unmeasured ", DEFAULT_SETTINGS))).toEqual({ measured: false });
    for (const blank of [null, undefined, "", " "]) {
      const error = inputErrorOf(() => refusalThrown(readPilotageUnits(blank, DEFAULT_SETTINGS)));
      expect(error.code).toBe("BLANK");
      expect(error.message).toContain("UNMEASURED");
      expect(error.message).toContain("§ 89-a(4)(d)");
    }
  });

  test("zero and negative → NOT_POSITIVE; NaN/Infinity → NOT_FINITE; text → NOT_A_NUMBER; over 50,000 → IMPLAUSIBLE", () => {
    for (const value of [0, -0, -1, "-3", "0.00"]) {
      const error = inputErrorOf(() => refusalThrown(readPilotageUnits(value, DEFAULT_SETTINGS)));
      expect(error.code).toBe("NOT_POSITIVE");
      expect(error.message).toContain("more than zero");
    }
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(inputErrorOf(() => refusalThrown(readPilotageUnits(value, DEFAULT_SETTINGS))).code).toBe("NOT_FINITE");
    }
    expect(inputErrorOf(() => refusalThrown(readPilotageUnits("1e20", DEFAULT_SETTINGS))).message).toContain("too large");
    for (const value of ["abc", "12 units", true]) {
      const error = inputErrorOf(() => refusalThrown(readPilotageUnits(value, DEFAULT_SETTINGS)));
      expect(error.code).toBe("NOT_A_NUMBER");
      expect(error.message).toContain("UNMEASURED");
    }
    expect(refusalThrown(readPilotageUnits(50000, DEFAULT_SETTINGS)).measured).toBe(true);
    const error = inputErrorOf(() => refusalThrown(readPilotageUnits(50000.01, DEFAULT_SETTINGS)));
    expect(error.code).toBe("IMPLAUSIBLE");
    expect(error.message).toContain("check the figure");
    expect(inputErrorOf(() => refusalThrown(readPilotageUnits("60000", DEFAULT_SETTINGS))).code).toBe("IMPLAUSIBLE");
  });
});

describe("D23 a comma groups thousands, or the text is not a number", () => {
  test.each([
    ["45,125", "45125"],
    ["1,234.5", "1234.5"],
    ["1,000", "1000"],
    ["$1,234.50", "1234.5"],
  ])("%p reads as %s", (text, expected) => {
    expect(refusalThrown(readDecimal(text, "x", "amount")).toString()).toBe(expected);
  });

  test.each(["0,500", "00,500", "1,23", "12,3456", "1,2345", ",500", "1,,000", "0,5"])("%p is refused, saying how a comma is read", (text) => {
    const units = inputErrorOf(() => refusalThrown(readPilotageUnits(text, DEFAULT_SETTINGS)));
    expect(units.code).toBe("NOT_A_NUMBER");
    expect(units.message).toBe(`The pilotage units "${text}" are not a number: a comma only groups thousands (1,234.5); write a decimal with a point (0.5).`);
    expect(inputErrorOf(() => refusalThrown(readDecimal(text, "launch-fee", "launch fee"))).message).toBe(
      `The launch fee "${text}" is not a number: a comma only groups thousands (1,234.5); write a decimal with a point (0.5).`,
    );
  });

  test("in a measurement: 1,200 ft is 1,200 feet; 0,500 m is refused", () => {
    expect(refusalThrown(measurementInFeet("1,200 ft", "length")).toString()).toBe("1200");
    const error = inputErrorOf(() => refusalThrown(measurementInFeet("0,500 m", "breadth")));
    expect(error.code).toBe("BAD_MEASUREMENT_TEXT");
    expect(error.message).toContain("a comma only groups thousands");
  });
});
