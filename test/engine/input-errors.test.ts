/**
 * Typed input errors: every code the readers can raise, its Excel kind, and a message that says
 * what to fix.
 */
import {
  DEFAULT_SETTINGS,
  InputErrorCode,
  isPilotageInputError,
  measurementInFeet,
  parseClauseId,
  parseLengthUnit,
  PilotageInputError,
  quoteTransit,
  readBoardFeeRows,
  readBoardSurchargeRows,
  readDate,
  readFlag,
  readHours,
  readPilotageUnits,
  readSection,
  readTransit,
  resolveSettings,
  surchargeTableOn,
  refusalThrown,
} from "../../src/engine";
import { inputErrorOf } from "./hand";

/** [code, expected kind, how to reach it from a reader, a phrase the message must contain] */
const CASES: [InputErrorCode, "value" | "num" | "na", () => unknown, string][] = [
  ["BLANK", "value", () => refusalThrown(readPilotageUnits("", DEFAULT_SETTINGS)), "enter the units, or the word UNMEASURED"],
  ["BLANK", "value", () => refusalThrown(readSection(null)), "use 1 or \"Lower\""],
  ["BLANK", "value", () => refusalThrown(readDate("")), "enter the transit date"],
  ["BLANK", "value", () => refusalThrown(measurementInFeet(" ", "length")), "overall length is blank"],
  ["NOT_A_NUMBER", "value", () => refusalThrown(readPilotageUnits("two hundred", DEFAULT_SETTINGS)), "enter the units or UNMEASURED"],
  ["NOT_A_NUMBER", "value", () => refusalThrown(readHours("ten")), "is not a number"],
  ["NOT_FINITE", "num", () => refusalThrown(readPilotageUnits(Number.NaN, DEFAULT_SETTINGS)), "not a finite number"],
  ["NOT_FINITE", "num", () => refusalThrown(measurementInFeet(Number.POSITIVE_INFINITY, "breadth")), "enter the measurement"],
  ["NOT_POSITIVE", "num", () => refusalThrown(readPilotageUnits(0, DEFAULT_SETTINGS)), "must be more than zero"],
  ["NOT_POSITIVE", "num", () => refusalThrown(readHours(-1)), "cannot be negative"],
  ["IMPLAUSIBLE", "num", () => refusalThrown(measurementInFeet(2001, "length")), "check the figure and its unit"],
  ["IMPLAUSIBLE", "num", () => refusalThrown(readHours(241)), "more than ten days"],
  ["IMPLAUSIBLE", "num", () => refusalThrown(readPilotageUnits(60000, DEFAULT_SETTINGS)), "check the figure"],
  ["BAD_MEASUREMENT_TEXT", "value", () => refusalThrown(measurementInFeet("six hundred feet", "length")), "write it like 600' 6\""],
  ["UNKNOWN_UNIT", "value", () => refusalThrown(parseLengthUnit("furlongs")), 'use "ft", "m" or "in"'],
  ["UNKNOWN_SECTION", "value", () => refusalThrown(readSection("Section 3")), "2 or \"Upper\""],
  ["BAD_DATE", "value", () => refusalThrown(readDate("12/31/2026")), "YYYY-MM-DD"],
  ["IMPOSSIBLE_DATE", "num", () => refusalThrown(readDate("2026-02-30")), "check the year, month and day"],
  ["EXCEL_SERIAL_60", "num", () => refusalThrown(readDate(60)), "enter a real date"],
  ["DATE_OUT_OF_RANGE", "num", () => refusalThrown(readDate(3_000_000)), "enter a date such as 2026-12-31"],
  ["BEFORE_FIRST_CLAUSE", "na", () => refusalThrown(quoteTransit(refusalThrown(readTransit({ units: 200, section: 1, date: "2015-11-19" }, DEFAULT_SETTINGS)), DEFAULT_SETTINGS)), "Check the date"],
  ["UNKNOWN_CLAUSE", "value", () => refusalThrown(parseClauseId("xiv")), "use i, ii, … xii, or leave it empty"],
  ["NO_SURCHARGE_TABLE", "na", () => refusalThrown(surchargeTableOn(refusalThrown(readDate("2021-01-01")), [], DEFAULT_SETTINGS)), "Enter the board's table"],
  ["BAD_BOARD_TABLE", "value", () => refusalThrown(readBoardSurchargeRows([["2021-01-01", "300", "365"]])), "needs 4 columns"],
  ["BAD_BOARD_TABLE", "value", () => refusalThrown(readBoardFeeRows([["From", "Launch"], ["2026-13-01", "500"]])), "Board fees table, row 2"],
  ["BAD_FLAG", "value", () => refusalThrown(readFlag("maybe", "anchored 8 hours")), "must be TRUE or FALSE"],
  ["BAD_SETTING", "value", () => refusalThrown(resolveSettings({ unitsDecimals: 7 })), "from 0 to 6"],
  ["BAD_SETTING", "value", () => refusalThrown(resolveSettings({ at100Units: "flat" })), "\"perUnitRate\" or \"flatAmount\""],
];

describe.each(CASES.map(([code, kind, call, phrase], i) => [`${code} #${i}`, code, kind, call, phrase] as const))(
  "%s",
  (_name, code, kind, call, phrase) => {
    test(`code ${code}, kind ${kind}, message names what to fix`, () => {
      const error = inputErrorOf(call);
      expect(error).toBeInstanceOf(PilotageInputError);
      expect(isPilotageInputError(error)).toBe(true);
      expect(error.name).toBe("PilotageInputError");
      expect(error.code).toBe(code);
      expect(error.kind).toBe(kind);
      expect(error.message).toContain(phrase);
    });
  },
);

describe("the field an error is about, for marking a form", () => {
  test.each<[() => unknown, string]>([
    [() => refusalThrown(readPilotageUnits("x", DEFAULT_SETTINGS)), "units"],
    [() => refusalThrown(readSection("3")), "section"],
    [() => refusalThrown(readDate("x")), "date"],
    [() => refusalThrown(readHours("x")), "hours"],
    [() => refusalThrown(measurementInFeet("x", "depth")), "depth"],
    [() => refusalThrown(readBoardSurchargeRows([["2021-01-01", "x", "1", "1"]])), "board_surcharge"],
    [() => refusalThrown(readBoardFeeRows([["2021-01-01", "x"]])), "board_fees"],
    [() => refusalThrown(resolveSettings({ clauseVIStart: "2023-01-01" })), "clauseVIStart"],
  ])("%#", (call, field) => {
    expect(inputErrorOf(call).field).toBe(field);
  });
});

describe("readers accept the documented spellings", () => {
  test("sections (D5): 1/2, Lower/Upper, Section 1/Section 2, any case and spacing", () => {
    for (const one of [1, "1", "lower", "LOWER", "Lower River", "section 1", " Section   1 ", "Section 1, Lower River"]) expect(refusalThrown(readSection(one))).toBe(1);
    for (const two of [2, "2", "Upper", "upper river", "SECTION 2", "Section 2, Upper River"]) expect(refusalThrown(readSection(two))).toBe(2);
    for (const bad of [3, 0, 1.5, "Middle", "Section 12", true]) expect(inputErrorOf(() => refusalThrown(readSection(bad))).code).toBe("UNKNOWN_SECTION");
  });

  test("flags: TRUE/FALSE, yes/no, 1/0, x; blank is no", () => {
    for (const yes of [true, "TRUE", "yes", "Y", 1, "1", "x"]) expect(refusalThrown(readFlag(yes, "f"))).toBe(true);
    for (const no of [false, "false", "No", "n", 0, "0", "", null, undefined]) expect(refusalThrown(readFlag(no, "f"))).toBe(false);
  });

  test("hours: blank is not given; numbers and numeric text are read", () => {
    expect(refusalThrown(readHours(null))).toBeNull();
    expect(refusalThrown(readHours(""))).toBeNull();
    expect(refusalThrown(readHours("10.5"))).toBe(10.5);
    expect(refusalThrown(readHours(0))).toBe(0);
    expect(refusalThrown(readHours(240))).toBe(240);
  });

  test("settings: defaults, and text forms of the numbers", () => {
    expect(refusalThrown(resolveSettings())).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toEqual({
      unitsDecimals: null,
      at100Units: "perUnitRate",
      actEffectiveDate: "2015-11-20",
      clauseVIStart: null,
      secondPilotBasis: "base",
      recreationalExemption: "anyLength",
    });
    expect(refusalThrown(resolveSettings({ unitsDecimals: "2" })).unitsDecimals).toBe(2);
    expect(refusalThrown(resolveSettings({ unitsDecimals: "" })).unitsDecimals).toBeNull();
    expect(inputErrorOf(() => refusalThrown(resolveSettings({ unitsDecimals: "1.5" }))).code).toBe("BAD_SETTING");
  });
});

describe("inputs no adapter produces still give typed errors, never a TypeError", () => {
  // A value with no text form (a null-prototype object, or one whose toString is not a function)
  // must still be refused with a PilotageInputError: the readers take `unknown`.
  const opaque = [Object.create(null) as unknown, { toString: 0 } as unknown];

  test.each(opaque.map((value, i) => [i, value] as const))("opaque value #%d", (_i, value) => {
    expect(inputErrorOf(() => refusalThrown(readPilotageUnits(value, DEFAULT_SETTINGS))).code).toBe("NOT_A_NUMBER");
    expect(inputErrorOf(() => refusalThrown(readSection(value))).code).toBe("UNKNOWN_SECTION");
    expect(inputErrorOf(() => refusalThrown(readHours(value))).code).toBe("NOT_A_NUMBER");
    expect(inputErrorOf(() => refusalThrown(parseClauseId(value))).code).toBe("UNKNOWN_CLAUSE");
    expect(inputErrorOf(() => refusalThrown(readDate(value))).code).toBe("BAD_DATE");
  });

  test("a JavaScript Date outside Excel's years is refused like the same date typed as text", () => {
    // "1899-12-31" typed is IMPOSSIBLE_DATE (before 1900); year 10000 has no YYYY-MM-DD form at all.
    expect(inputErrorOf(() => refusalThrown(readDate("1899-12-31"))).code).toBe("IMPOSSIBLE_DATE");
    expect(inputErrorOf(() => refusalThrown(readDate(new Date(Date.UTC(1899, 11, 31))))).code).toBe("IMPOSSIBLE_DATE");
    const farFuture = inputErrorOf(() => refusalThrown(readDate(new Date(Date.UTC(10000, 0, 1)))));
    expect(farFuture).toBeInstanceOf(PilotageInputError);
  });
});

describe("board table amounts are bounded (D22): never an Infinity or inexact total", () => {
  test("a surcharge amount of 1e308 (a number from a cell) is refused, naming the bound", () => {
    expect(() => refusalThrown(readBoardSurchargeRows([["2021-01-01", 1, 1e308, 0]]))).toThrow(/is over \$1,000,000,000, the most an amount may be \(D22\)/);
  });
  test("a launch fee of $10,000,000,000 as text is refused", () => {
    expect(() => refusalThrown(readBoardFeeRows([["2026-01-01", "10,000,000,000"]]))).toThrow(/launch fee 10,000,000,000 is over \$1,000,000,000, the most an amount may be \(D22\)/);
  });
  test("exactly $1,000,000,000 is still accepted", () => {
    // 1e9 dollars × 50,000 units = 5e13 dollars = 5e15 cents, below 2^53 ≈ 9.007e15: exact in integers.
    expect(refusalThrown(readBoardSurchargeRows([["2021-01-01", 1, 2, 1_000_000_000]]))[0].perUnitOver100Units).toBe("1000000000");
  });
});
