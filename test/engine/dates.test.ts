/**
 * Calendar dates (D15): Excel's 1900 date system, ISO text, and GCL § 30 month arithmetic (D6).
 */
import fc from "fast-check";
import { addDays, addMonthsGcl30, excelSerialToIso, isLaterThanMonthsAfter, isoToExcelSerial, LAST_EXCEL_SERIAL, parseIsoDate, readDate, refusalThrown } from "../../src/engine";
import { inputErrorOf } from "./hand";

describe("Excel serial dates, 1900 date system (D15)", () => {
  test("serial 1 = 1900-01-01 and serial 59 = 1900-02-28 (31 days of January + 28 = day 59)", () => {
    expect(refusalThrown(excelSerialToIso(1))).toBe("1900-01-01");
    expect(refusalThrown(excelSerialToIso(31))).toBe("1900-01-31");
    expect(refusalThrown(excelSerialToIso(32))).toBe("1900-02-01");
    expect(refusalThrown(excelSerialToIso(59))).toBe("1900-02-28");
  });

  test("serial 60 is Excel's 29 February 1900, which never existed: EXCEL_SERIAL_60", () => {
    const error = inputErrorOf(() => refusalThrown(excelSerialToIso(60)));
    expect(error.code).toBe("EXCEL_SERIAL_60");
    expect(error.kind).toBe("num");
    expect(error.message).toContain("never existed");
    expect(inputErrorOf(() => refusalThrown(readDate(60))).code).toBe("EXCEL_SERIAL_60");
    expect(inputErrorOf(() => refusalThrown(readDate(60.5))).code).toBe("EXCEL_SERIAL_60");
  });

  test("serial 61 = 1900-03-01", () => {
    expect(refusalThrown(excelSerialToIso(61))).toBe("1900-03-01");
  });

  test("serial 46387 = 2026-12-31, worked out by hand", () => {
    // From serial 61 on, serial N is N days after 1899-12-30 (so 1900-01-01 would be 2).
    // 1900-01-01 → 2026-01-01 is 126 years: 126 × 365 = 45,990 days, plus one leap day for each of
    // 1904, 1908, …, 2024 ((2024 − 1904) ÷ 4 + 1 = 31; 1900 itself is not a leap year) = 46,021 days.
    // So 2026-01-01 = 2 + 46,021 = 46,023, and 2026-12-31 is 364 days later: 46,023 + 364 = 46,387.
    expect(refusalThrown(excelSerialToIso(46387))).toBe("2026-12-31");
    expect(refusalThrown(excelSerialToIso(46023))).toBe("2026-01-01");
    expect(refusalThrown(excelSerialToIso(46388))).toBe("2027-01-01");
    expect(refusalThrown(readDate(46387))).toBe("2026-12-31");
  });

  test("a time of day is dropped: 46387.99 is still 2026-12-31", () => {
    expect(refusalThrown(excelSerialToIso(46387.99))).toBe("2026-12-31");
  });

  test("the range is 1 … 2,958,465 (9999-12-31); outside it DATE_OUT_OF_RANGE; NaN/Infinity NOT_FINITE", () => {
    expect(LAST_EXCEL_SERIAL).toBe(2958465);
    expect(refusalThrown(excelSerialToIso(2958465))).toBe("9999-12-31");
    for (const serial of [0, 0.5, -1, 2958466]) {
      const error = inputErrorOf(() => refusalThrown(excelSerialToIso(serial)));
      expect(error.code).toBe("DATE_OUT_OF_RANGE");
      expect(error.message).toContain("outside Excel's dates");
    }
    expect(inputErrorOf(() => refusalThrown(excelSerialToIso(Number.NaN))).code).toBe("NOT_FINITE");
    expect(inputErrorOf(() => refusalThrown(readDate(Number.POSITIVE_INFINITY))).code).toBe("NOT_FINITE");
  });

  test("isoToExcelSerial is the inverse: 1900-01-01 → 1, 1900-02-28 → 59, 1900-03-01 → 61, 2026-12-31 → 46387", () => {
    expect(isoToExcelSerial("1900-01-01")).toBe(1);
    expect(isoToExcelSerial("1900-02-28")).toBe(59);
    expect(isoToExcelSerial("1900-03-01")).toBe(61);
    expect(isoToExcelSerial("2026-12-31")).toBe(46387);
    expect(isoToExcelSerial("9999-12-31")).toBe(2958465);
  });

  test("round trip: every serial other than 60 maps to a date and back (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: LAST_EXCEL_SERIAL }).filter((n) => n !== 60), (serial) => {
        const iso = refusalThrown(excelSerialToIso(serial));
        expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(isoToExcelSerial(iso)).toBe(serial);
        expect(refusalThrown(parseIsoDate(iso))).toBe(iso);
      }),
    );
  });

  test("1900-12-31 = serial 366 and 1901-01-01 = 367 (1900 had 365 days, Excel counts a phantom 29 February)", () => {
    // 1900-12-31 is 364 days after 1900-01-01; from serial 61 on, serial = days after 1899-12-30 = 2 + 364 = 366.
    expect(refusalThrown(excelSerialToIso(366))).toBe("1900-12-31");
    expect(refusalThrown(excelSerialToIso(367))).toBe("1901-01-01");
    expect(isoToExcelSerial("1900-12-31")).toBe(366);
  });
});

describe("ISO text dates (D15)", () => {
  test("YYYY-MM-DD is read as is (spaces around it are ignored)", () => {
    expect(refusalThrown(parseIsoDate("2026-12-31"))).toBe("2026-12-31");
    expect(refusalThrown(readDate(" 2027-01-01 "))).toBe("2027-01-01");
    expect(refusalThrown(readDate("2024-02-29"))).toBe("2024-02-29");
  });

  test.each(["2026/12/31", "31/12/2026", "2026-2-3", "Dec 31 2026", "2026-12-31T00:00", "20261231", "tomorrow"])(
    "malformed text %p → BAD_DATE naming the expected form",
    (text) => {
      const error = inputErrorOf(() => refusalThrown(readDate(text)));
      expect(error.code).toBe("BAD_DATE");
      expect(error.kind).toBe("value");
      expect(error.message).toContain("YYYY-MM-DD");
    },
  );

  test.each(["2026-02-30", "2025-02-29", "2100-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-01-00", "1899-12-31"])(
    "impossible date %p → IMPOSSIBLE_DATE",
    (text) => {
      const error = inputErrorOf(() => refusalThrown(readDate(text)));
      expect(error.code).toBe("IMPOSSIBLE_DATE");
      expect(error.kind).toBe("num");
      expect(error.message).toContain("does not exist in the calendar");
    },
  );

  test("blank → BLANK asking for the transit date; TRUE → BAD_DATE", () => {
    for (const blank of [null, undefined, "", "   "]) {
      const error = inputErrorOf(() => refusalThrown(readDate(blank)));
      expect(error.code).toBe("BLANK");
      expect(error.message).toContain("enter the transit date");
    }
    expect(inputErrorOf(() => refusalThrown(readDate(true))).code).toBe("BAD_DATE");
  });

  test("a JavaScript Date is read by its UTC calendar day", () => {
    expect(refusalThrown(readDate(new Date(Date.UTC(2026, 11, 31))))).toBe("2026-12-31");
    expect(inputErrorOf(() => refusalThrown(readDate(new Date(Number.NaN)))).code).toBe("BAD_DATE");
  });
});

describe("GCL § 30 month arithmetic (D6)", () => {
  test.each([
    ["2015-01-31", 1, "2015-02-28"], // no 29, 30, 31 February 2015: the last day of the month
    ["2016-01-31", 1, "2016-02-29"], // 2016 is a leap year
    ["2016-02-29", 12, "2017-02-28"],
    ["2016-02-29", 48, "2020-02-29"],
    ["2016-08-31", 1, "2016-09-30"],
    ["2015-12-31", 2, "2016-02-29"],
    ["2015-11-20", 2, "2016-01-20"],
    ["2015-11-20", 60, "2020-11-20"],
    ["2015-03-31", 0, "2015-03-31"],
  ])("%s + %d months = %s", (from, months, expected) => {
    expect(addMonthsGcl30(from, months)).toBe(expected);
  });
});

describe("later than N months after a date (GCL § 30, D20)", () => {
  test.each([
    // 13 months after 2025-01-31 is 2026-02-28 (no 31 February): that day is not later, the next is.
    ["2026-02-28", "2025-01-31", 13, false],
    ["2026-03-01", "2025-01-31", 13, true],
    // 13 months after 2024-02-29 is 2025-03-29.
    ["2025-03-29", "2024-02-29", 13, false],
    ["2025-03-30", "2024-02-29", 13, true],
    ["2026-02-01", "2025-01-01", 13, false],
    ["2026-02-02", "2025-01-01", 13, true],
    ["2024-12-31", "2025-01-01", 13, false],
  ])("%s, from %s + %d months: %s", (date, from, months, expected) => {
    expect(isLaterThanMonthsAfter(date, from, months)).toBe(expected);
  });

  test("the same as comparing with addMonthsGcl30's date, for dates near it and far from it", () => {
    const day = fc.integer({ min: isoToExcelSerial("1990-01-01"), max: isoToExcelSerial("2060-12-31") }).map((serial) => refusalThrown(excelSerialToIso(serial)));
    const months = fc.integer({ min: 0, max: 40 });
    // Near: a few days either side of N (or N ± 1) months after, where month ends and leap days matter.
    const near = fc.tuple(day, months, fc.integer({ min: -1, max: 1 }), fc.integer({ min: -3, max: 3 })).map(([from, n, moreMonths, days]) => ({
      from,
      months: n,
      date: addDays(addMonthsGcl30(from, Math.max(0, n + moreMonths)), days),
    }));
    const far = fc.tuple(day, day, months).map(([from, date, n]) => ({ from, months: n, date }));
    fc.assert(
      fc.property(fc.oneof(near, far), ({ date, from, months: n }) => {
        expect(isLaterThanMonthsAfter(date, from, n)).toBe(date > addMonthsGcl30(from, n));
      }),
      { numRuns: 10_000 },
    );
  });
});
