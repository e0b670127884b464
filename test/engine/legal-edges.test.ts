/**
 * Issue 35's legal edges in the engine: a transit that may run into a change of rates (D25), a
 * vessel's shape no hull has, −0 hours, clause (vi)'s unknown start in a quote (D6) and the
 * compliance note for a vessel from a foreign port (§ 89-a(2)). Amounts are worked by hand from
 * § 89-a in each test; board amounts are illustrative test data.
 */
import {
  BoardFeeRow,
  BoardSurchargeRow,
  DEFAULT_SETTINGS,
  pilotRequirement,
  Quote,
  quoteTransit,
  rateChangeWarnings,
  readHours,
  readTransit,
  TypedTransit,
  refusalThrown,
} from "../../src/engine";
import { halfOf, hundredths, money, perUnitAmount } from "./hand";

const quote = (transit: TypedTransit): Quote => refusalThrown(quoteTransit(refusalThrown(readTransit(transit, DEFAULT_SETTINGS)), DEFAULT_SETTINGS));
const d25 = (q: Quote) => q.warnings.filter((w) => w.includes("(D25)"));
const line = (q: Quote, code: string) => q.lines.find((l) => l.code === code);
// Board fee rows hold whole cents: $45.50 and $125.00.
const feeRow = (from: string, launch: string): BoardFeeRow => Object.freeze({ from, launch: Number(hundredths(launch)), communication: 4550, midriver_launch: 12500 });
const surchargeRow = (from: string): BoardSurchargeRow => Object.freeze({ from, upTo50Units: "300.00", over50UpTo100Units: "360.00", perUnitOver100Units: "3.60" });

describe("D25 a transit across a change of rates: priced at the date entered, with a warning naming the change", () => {
  test("2026-12-31, 12 hours: clause (xii) takes effect on 2027-01-01; the transit is priced under (xi)", () => {
    const q = quote({ units: 200, section: 1, date: "2026-12-31", hours: 12 });
    // Clause (xi) Section 1: 200 × $15.32 = $3,064.00 (not (xii)'s 200 × $15.78 = $3,156.00).
    const base = perUnitAmount("15.32", "200");
    expect(base).toBe("3064.00");
    expect(q.clause).toBe("xi");
    expect(money(line(q, "base")?.amount)).toBe(base);
    // 12 h > 10 h: 50% × $3,064.00 = $1,532.00, also at (xi).
    expect(money(line(q, "second_pilot")?.amount)).toBe(halfOf(base));
    // A transit of 12 hours passes midnight if it boards after 24 − 12 = 12:00.
    expect(d25(q)).toEqual([
      "Rates change on 2027-01-01: a transit boarding that day is priced under clause (xii)'s base pilotage rates (§ 89-a(4)(b)(1)(xii)). " +
        "A transit of 12 hours that boards on 2026-12-31 after 12:00 is still under way then; the whole transit is priced at the rates in force on 2026-12-31, " +
        "the date entered, taken as the day the pilot boards (D25). If the pilot boards on 2027-01-01 or later, enter that date.",
    ]);
  });

  test("the time after which a transit passes midnight is 24 − hours (rounded up to the minute); no hours entered: the next day's change is named", () => {
    // 10.5 h: after 13:30. 0.25 h: after 23:45. 23.99 h: 0.01 h = 0.6 min → after 00:01.
    expect(d25(quote({ units: 200, section: 1, date: "2026-12-31", hours: 10.5 }))[0]).toContain("A transit of 10.5 hours that boards on 2026-12-31 after 13:30 is still under way then");
    expect(d25(quote({ units: 200, section: 1, date: "2026-12-31", hours: 0.25 }))[0]).toContain("after 23:45");
    expect(d25(quote({ units: 200, section: 1, date: "2026-12-31", hours: 23.99 }))[0]).toContain("after 00:01");
    // 24 h or more always passes the first midnight.
    expect(d25(quote({ units: 200, section: 1, date: "2026-12-31", hours: 24 }))[0]).toContain("A transit of 24 hours that boards on 2026-12-31 is still under way then, whatever the time it boards");
    expect(d25(quote({ units: 200, section: 1, date: "2026-12-31" }))[0]).toContain(
      "No continuous pilotage hours were entered: a transit that boards on 2026-12-31 late in the day may still be under way then",
    );
  });

  test("0 hours passes no midnight; a day that is not the eve of a change has no warning", () => {
    expect(d25(quote({ units: 200, section: 1, date: "2026-12-31", hours: 0 }))).toEqual([]);
    expect(d25(quote({ units: 200, section: 1, date: "2026-12-30", hours: 12 }))).toEqual([]);
    expect(d25(quote({ units: 200, section: 1, date: "2027-01-01", hours: 23 }))).toEqual([]);
  });

  test("hours that reach past the next day reach a change two days on; an anchorage adds its eight hours", () => {
    // 30 h from 2026-12-30 reaches the second midnight (2027-01-01) if it boards after 48 − 30 = 18:00.
    expect(d25(quote({ units: 200, section: 1, date: "2026-12-30", hours: 30 }))[0]).toContain("A transit of 30 hours that boards on 2026-12-30 after 18:00 is still under way then");
    // 24 h from 2026-12-30 ends by the second midnight at the latest: no warning.
    expect(d25(quote({ units: 200, section: 1, date: "2026-12-30", hours: 24 }))).toEqual([]);
    // 12 h of pilotage and at least 8 at anchor is at least 20 h: after 24 − 20 = 04:00.
    expect(d25(quote({ units: 200, section: 1, date: "2026-12-31", hours: 12, anchoredEightHours: true }))[0]).toContain(
      "A transit of 12 hours' pilotage and at least 8 at anchor that boards on 2026-12-31 after 04:00 is still under way then",
    );
  });

  test("a board fee row and a surcharge board row from the next day are named, with clause (xii), in one warning", () => {
    const boards = {
      boardFees: [feeRow("2026-01-01", "300.00"), feeRow("2027-01-01", "320.00")],
      boardSurcharge: [surchargeRow("2026-10-01"), surchargeRow("2027-01-01")],
    };
    const q = quote({ units: 200, section: 2, date: "2026-12-31", hours: 12, ...boards });
    expect(d25(q)[0]).toContain(
      "Rates change on 2027-01-01: a transit boarding that day is priced under clause (xii)'s base pilotage rates (§ 89-a(4)(b)(1)(xii)), " +
        "the surcharge board table from 2027-01-01 (§ 89-a(4)(b)(1-b), (1-c)(iii)) and the board's fees from 2027-01-01 (§ 89-a(4)(b)(1-a), D10).",
    );
    // Priced at 2026-12-31's rows: launch $300.00 (not $320.00).
    expect(money(line(q, "launch")?.amount)).toBe("300.00");
    // A quarter day of the surcharge board alone (2026-10-01), with no clause or fee change.
    const quarter = quote({ units: 200, section: 1, date: "2026-09-30", hours: 14, ...boards, boardSurcharge: [surchargeRow("2026-07-01"), surchargeRow("2026-10-01")] });
    expect(d25(quarter)[0]).toMatch(/^Rates change on 2026-10-01: a transit boarding that day is priced under the surcharge board table from 2026-10-01 \(§ 89-a\(4\)\(b\)\(1-b\), \(1-c\)\(iii\)\)\. /);
  });

  test("a clause named by the user is not changed by the date; the board's rows still are", () => {
    const named = quote({ units: 200, section: 1, date: "2026-12-31", hours: 12, clause: "xi" });
    expect(d25(named)).toEqual([]);
    const withFees = quote({ units: 200, section: 1, date: "2026-12-31", hours: 12, clause: "xi", boardFees: [feeRow("2026-01-01", "300.00"), feeRow("2027-01-01", "320.00")] });
    expect(d25(withFees)[0]).toMatch(/^Rates change on 2027-01-01: a transit boarding that day is priced under the board's fees from 2027-01-01 /);
  });

  test("the statutory clauses and surcharge periods (assumed anchor 2015-11-20) and the surcharge board's first day", () => {
    // 12 months after 2015-11-20: clause (ii) and the surcharge of months 13–24 start on 2016-11-20.
    expect(d25(quote({ units: 200, section: 1, date: "2016-11-19", hours: 6 }))[0]).toContain(
      "Rates change on 2016-11-20: a transit boarding that day is priced under clause (ii)'s base pilotage rates (§ 89-a(4)(b)(1)(ii), its start assumed from setting actEffectiveDate, D6) " +
        "and the statute's surcharge for the thirteenth to twenty-fourth month (§ 89-a(4)(b)(1-c)(ii), its start assumed from setting actEffectiveDate, D8).",
    );
    // After the sixtieth month (2020-11-20) the surcharge board's surcharge begins.
    expect(d25(quote({ units: 200, section: 1, date: "2020-11-19", hours: 6 }))[0]).toContain("priced under the surcharge board's surcharge, not entered (§ 89-a(4)(b)(1-c)(iii), D8)");
  });

  test("rateChangeWarnings is the engine's one rule, for doors that have no quote (a reconciliation's note)", () => {
    expect(rateChangeWarnings({ date: "2026-12-31", continuousHours: 12 }, DEFAULT_SETTINGS)).toHaveLength(1);
    expect(rateChangeWarnings({ date: "2026-12-31", continuousHours: 0 }, DEFAULT_SETTINGS)).toEqual([]);
    // A date before the 2015 act (no clause in force, D6) has no rates to change: no warning, no error.
    expect(rateChangeWarnings({ date: "2015-11-19", continuousHours: 12 }, DEFAULT_SETTINGS)).toEqual([]);
    // Excel's last date, 9999-12-31 (D15), has no next day; 200 hours from 9999-12-25 stop there too.
    expect(rateChangeWarnings({ date: "9999-12-31", continuousHours: 12 }, DEFAULT_SETTINGS)).toEqual([]);
    expect(rateChangeWarnings({ date: "9999-12-25", continuousHours: 200 }, DEFAULT_SETTINGS)).toEqual([]);
  });

  test("the next day across the ends of months: 2027-02-28 → 2027-03-01, 2028-02-28 → 2028-02-29 (a leap year) → 2028-03-01", () => {
    const fees = [feeRow("2026-01-01", "300.00"), feeRow("2027-03-01", "310.00"), feeRow("2028-02-29", "320.00"), feeRow("2028-03-01", "330.00")];
    const changeDay = (date: string) => rateChangeWarnings({ date, continuousHours: 5, boardFees: fees }, DEFAULT_SETTINGS).map((w) => w.slice(0, "Rates change on 2027-03-01".length));
    expect(changeDay("2027-02-28")).toEqual(["Rates change on 2027-03-01"]);
    expect(changeDay("2028-02-28")).toEqual(["Rates change on 2028-02-29"]);
    expect(changeDay("2028-02-29")).toEqual(["Rates change on 2028-03-01"]);
    expect(changeDay("2027-02-27")).toEqual([]);
  });
});

describe("a vessel's shape no hull has is computed as read, with a warning naming the reading", () => {
  test(`600'' is 600 inches (50 ft), less than the breadth of 80 ft`, () => {
    const q = quote({ length: "600''", breadth: 80, depth: 40, section: 1, date: "2026-06-15" });
    // 50 × 80 × 40 ÷ 10,000 = 16 units ≤ 50: (xi) Section 1 flat $1,070.58.
    expect(q.units.measured && q.units.units.toString()).toBe("16");
    expect(money(line(q, "base")?.amount)).toBe("1070.58");
    expect(q.warnings).toContain(
      `The vessel's shape is implausible: the overall length, 50 ft ("600''" read as 600 inches), is less than the extreme breadth, 80 ft. ` +
        `The units are worked from the figures as read: check the measurements and their units (feet are written 600' or 600 ft, inches 6" or 6 in; § 89-a(4)(b)(2), (c)).`,
    );
  });

  test("a depth more than the breadth (and the length) is named; a usual hull has no such warning", () => {
    const deep = quote({ length: 600, breadth: 80, depth: "90 ft", section: 1, date: "2026-06-15" });
    expect(deep.warnings.some((w) => w.includes("the depth, 90 ft, is more than the extreme breadth, 80 ft"))).toBe(true);
    const metres = quote({ length: 20, breadth: 10, depth: 30, unit: "m", section: 1, date: "2026-06-15" });
    // 30 m ÷ 0.3048 = 98.425… ft; 10 m = 32.808… ft; 20 m = 65.616… ft.
    expect(metres.warnings.some((w) => w.includes("the depth, 98.43 ft (30 read as 30 metres), is more than the extreme breadth, 32.81 ft (10 read as 10 metres) and the overall length"))).toBe(true);
    const usual = quote({ length: `600' 6"`, breadth: 80, depth: 40, section: 1, date: "2026-06-15" });
    expect(usual.warnings.some((w) => w.includes("shape"))).toBe(false);
  });
});

describe("−0 hours is 0 hours on every door (the CLI's text and a cell's number)", () => {
  test.each([-0, "-0", "-0.0", " -0 "])("%p reads as 0, not as a negative", (typed) => {
    expect(Object.is(refusalThrown(readHours(typed)), 0)).toBe(true);
  });

  test("a negative hour is still refused", () => {
    expect(() => refusalThrown(readHours("-0.5"))).toThrow("cannot be negative");
  });
});

describe("D6 clause (vi)'s start is unknown: a quote under (v) says (vi) may apply", () => {
  test.each(["2019-11-20", "2020-05-01", "2020-12-31", "2021-06-30"])("%s", (date) => {
    const q = quote({ units: 200, section: 1, date });
    expect(q.clause).toBe("v");
    // Clause (v) Section 1: 200 × $13.07 = $2,614.00.
    expect(money(line(q, "base")?.amount)).toBe(perUnitAmount("13.07", "200"));
    expect(q.warnings.some((w) => w.startsWith("Clause (vi) may apply"))).toBe(true);
  });
});

describe("§ 89-a(2): an enrolled vessel from a foreign port may be piloted only by a licensed pilot", () => {
  test("the answer for an enrolled vessel is NOT REQUIRED, with (2)'s words in its note and reason", () => {
    const answer = refusalThrown(pilotRequirement({ vesselStatus: "enrolled", grossTons: 5000, loadedDraftFt: 20 }));
    expect(answer.answer).toBe("NOT REQUIRED");
    expect(answer.note).toContain('"to pilot or offer to pilot any foreign vessel or vessel from a foreign port or any vessel under register"');
    expect(answer.note).toContain("if this vessel comes from a foreign port, whoever pilots it on these waters must be a licensed Hudson River pilot (§ 89-a(2), (3))");
    expect(answer.reason.endsWith(answer.note as string)).toBe(true);
    // A foreign vessel's answer has no such note: (1) already requires the pilot.
    expect(refusalThrown(pilotRequirement({ vesselStatus: "foreign", grossTons: 5000, loadedDraftFt: 20 })).note).toBeNull();
  });
});
