/**
 * A quote for one transit: lines with citations, total = sum of the rounded lines (D14), the
 * complete flag, warnings, and the settings that are not the defaults.
 */
import {
  BoardFeeRow,
  BoardSurchargeRow,
  DEFAULT_SETTINGS,
  Quote,
  quoteTransit,
  readTransit,
  resolveSettings,
  TypedTransit,
  refusalThrown,
} from "../../src/engine";
import { inputErrorOf, money, sumOf } from "./hand";

// Illustrative board data (the boards set these; they are test data, not law).
const BOARD_SURCHARGE: BoardSurchargeRow[] = [{ from: "2020-11-20", upTo50Units: "300.00", over50UpTo100Units: "365.00", perUnitOver100Units: "3.65" }];
const BOARD_FEES: BoardFeeRow[] = [{ from: "2026-01-01", launch: 52_500, communication: 8000, midriver_launch: 26_000 }];

const amounts = (quote: Quote) => quote.lines.map((line) => [line.code, money(line.amount)]);
const typed = (transit: TypedTransit, settings = DEFAULT_SETTINGS) => refusalThrown(quoteTransit(refusalThrown(readTransit(transit, settings)), settings));

describe("a complete quote, worked by hand", () => {
  // (xi) Section 2, 600' 6" × 80' × 40' = 192.16 units, 2026-06-15, 10.5 h continuous pilotage:
  //   base        192.16 × $21.58 = $4,146.8128 → $4,146.81            § 89-a(4)(b)(1)(xi)
  //   surcharge   192.16 × $3.65  = $701.384    → $701.38  (board row)  § 89-a(4)(b)(1-b), (1-c)(i), (iii)
  //   second pilot  50% × $4,146.81 = $2,073.405 → $2,073.41            § 89-a(4)(b)(1-a)
  //   launch $525.00, communication $80.00, mid-river launch $260.00     § 89-a(4)(b)(1-a)
  //   total  4,146.81 + 701.38 + 2,073.41 + 525.00 + 80.00 + 260.00 = $7,786.60
  const quote = typed({
    length: `600' 6"`,
    breadth: "80 ft",
    depth: 40,
    section: "Upper",
    date: "2026-06-15",
    hours: "10.5",
    boardSurcharge: BOARD_SURCHARGE,
    boardFees: BOARD_FEES,
  });

  test("lines, amounts and total", () => {
    expect(amounts(quote)).toEqual([
      ["base", "4146.81"],
      ["surcharge", "701.38"],
      ["second_pilot", "2073.41"],
      ["launch", "525.00"],
      ["communication", "80.00"],
      ["midriver_launch", "260.00"],
    ]);
    expect(sumOf(["4146.81", "701.38", "2073.41", "525.00", "80.00", "260.00"])).toBe("7786.60");
    expect(money(quote.total)).toBe("7786.60");
    expect(quote.complete).toBe(true);
  });

  test("the clause, its citation, and every line's citation", () => {
    expect(quote.clause).toBe("xi");
    expect(quote.citation).toBe("§ 89-a(4)(b)(1)(xi)");
    expect(quote.section).toBe(2);
    expect(quote.date).toBe("2026-06-15");
    expect(quote.units.measured && quote.units.units.toString()).toBe("192.16");
    expect(quote.lines.map((l) => l.citation)).toEqual([
      "§ 89-a(4)(b)(1)(xi)",
      "§ 89-a(4)(b)(1-b), (1-c)(i), (iii) (set quarterly by the surcharge board)",
      "§ 89-a(4)(b)(1-a)",
      "§ 89-a(4)(b)(1-a); amount set by the board of commissioners of pilots (21 NYCRR § 55.2)",
      "§ 89-a(4)(b)(1-a); amount set by the board of commissioners of pilots (21 NYCRR § 55.2)",
      "§ 89-a(4)(b)(1-a); amount set by the board of commissioners of pilots (21 NYCRR § 55.2)",
    ]);
    for (const line of quote.lines) {
      expect(line.label.length).toBeGreaterThan(0);
      expect(line.note.length).toBeGreaterThan(0);
    }
  });

  test("nothing assumed, nothing missing: no warnings, default settings", () => {
    expect(quote.warnings).toEqual([]);
    expect(quote.settingsNotDefault).toEqual([]);
  });
});

describe("the day before and the day of clause (xii)", () => {
  // Section 2, 271.43 units, Section 2 fees as above, no hours:
  //   2026-12-31 (xi):  271.43 × $21.58 = $5,857.4594 → $5,857.46; surcharge 271.43 × $3.65 = $990.7195 → $990.72
  //                     total 5,857.46 + 990.72 + 525.00 + 80.00 + 260.00 = $7,713.18
  //   2027-01-01 (xii): 271.43 × $22.23 = $6,033.8889 → $6,033.89; total 6,033.89 + 990.72 + 865.00 = $7,889.61
  test.each([
    ["2026-12-31", "xi", "5857.46", "7713.18"],
    ["2027-01-01", "xii", "6033.89", "7889.61"],
  ])("%s → (%s): base $%s, total $%s", (date, clause, base, total) => {
    const quote = typed({ units: 271.43, section: 2, date, boardSurcharge: BOARD_SURCHARGE, boardFees: BOARD_FEES });
    expect(quote.clause).toBe(clause);
    expect(money(quote.lines[0].amount)).toBe(base);
    expect(money(quote.lines[1].amount)).toBe("990.72");
    expect(money(quote.total)).toBe(total);
  });

  test("an Excel serial date picks the clause the same way: 46387 = 2026-12-31 → (xi), 46388 → (xii)", () => {
    expect(typed({ units: 271.43, section: 2, date: 46387, boardSurcharge: BOARD_SURCHARGE }).clause).toBe("xi");
    expect(typed({ units: 271.43, section: 2, date: 46388, boardSurcharge: BOARD_SURCHARGE }).clause).toBe("xii");
  });
});

describe("an early, unmeasured, incomplete quote", () => {
  // 2016-06-01, Section 1, UNMEASURED (D2: as 500 units), clause (i), first surcharge period:
  //   base 500 × $12.17 = $6,085.00; surcharge 500 × $1.38 = $690.00; total $6,775.00 (fees not entered)
  const quote = typed({ units: "UNMEASURED", section: "Lower", date: "2016-06-01" });

  test("amounts: the maximum charge, and board fees not entered", () => {
    expect(amounts(quote)).toEqual([
      ["base", "6085.00"],
      ["surcharge", "690.00"],
      ["launch", null],
      ["communication", null],
    ]);
    expect(money(quote.total)).toBe("6775.00");
    expect(quote.complete).toBe(false);
    expect(quote.units).toEqual({ measured: false });
  });

  test("warnings: the assumed start date, the unmeasured vessel, each fee not entered", () => {
    expect(quote.warnings.some((w) => w.startsWith("Assumed: clause (i) in force from 2015-11-20"))).toBe(true);
    expect(quote.warnings).toContain("Measurements not provided: the maximum pilotage charge (500 units) applies (§ 89-a(4)(d), D2).");
    expect(quote.warnings).toContain("Launch fee not entered: the total leaves it out.");
    expect(quote.warnings).toContain("Communication fee not entered: the total leaves it out.");
    expect(quote.lines[0].citation).toContain("§ 89-a(4)(d)");
    expect(quote.lines[1].note).toContain("assumed");
  });
});

describe("the surcharge table missing (after the sixtieth month, no board row)", () => {
  // 2020-11-20, Section 1, 120 units, clause (v): base 120 × $13.07 = $1,568.40; surcharge not entered.
  const quote = typed({ units: 120, section: 1, date: "2020-11-20" });

  test("the surcharge line has no amount, cites (1-c)(iii), and says what table to enter", () => {
    const surcharge = quote.lines.find((l) => l.code === "surcharge");
    expect(surcharge?.amount).toBeNull();
    expect(surcharge?.citation).toBe("§ 89-a(4)(b)(1-c)(iii)");
    expect(surcharge?.note).toContain("Enter the board's table in force on that date");
    expect(money(quote.lines[0].amount)).toBe("1568.40");
    expect(money(quote.total)).toBe("1568.40");
    expect(quote.complete).toBe(false);
    expect(quote.warnings.some((w) => w.startsWith("Surcharge not entered:"))).toBe(true);
  });
});

describe("settings in a quote", () => {
  test("settingsNotDefault names each changed setting and its value", () => {
    const settings = refusalThrown(resolveSettings({ at100Units: "flatAmount", clauseVIStart: "2021-06-01", unitsDecimals: 2, actEffectiveDate: "2015-12-01" }));
    const quote = typed({ units: 100, section: 1, date: "2021-07-01", boardSurcharge: BOARD_SURCHARGE }, settings);
    expect([...quote.settingsNotDefault].sort()).toEqual(
      [
        "D1 round pilotage units before applying the tables: 2",
        "D4 charge at exactly 100 units: flatAmount",
        "D6/D8 effective date of the 2015 act (clauses (i)–(v), surcharge periods): 2015-12-01",
        "D6 start date of clause (vi): 2021-06-01",
      ].sort(),
    );
    // clause (vi), exactly 100 units, D4 flat: $1,333.14 (per unit it would be 100 × $13.34 = $1,334.00)
    expect(quote.clause).toBe("vi");
    expect(money(quote.lines[0].amount)).toBe("1333.14");
    expect(quote.warnings).toContain("Assumed: clause (vi) in force from 2021-06-01 (setting clauseVIStart, D6).");
  });

  test("D1 rounding through the readers: 199.99 × 50 × 100 ÷ 10,000 = 99.995 units", () => {
    // unrounded: 99.995 < 100 → (xi) Section 1 flat $1,530.48; rounded to 2 decimals: 100.00 → 100 × $15.32 = $1,532.00
    const transit = { length: 199.99, breadth: 50, depth: 100, section: 1, date: "2026-03-01", boardSurcharge: BOARD_SURCHARGE };
    expect(money(typed(transit).lines[0].amount)).toBe("1530.48");
    const rounded = typed(transit, refusalThrown(resolveSettings({ unitsDecimals: 2 })));
    expect(money(rounded.lines[0].amount)).toBe("1532.00");
    expect(rounded.settingsNotDefault).toEqual(["D1 round pilotage units before applying the tables: 2"]);
  });

  test("resolveSettings returns a frozen object, so it cannot change under a cache", () => {
    expect(Object.isFrozen(refusalThrown(resolveSettings()))).toBe(true);
  });

  test("a settings object of the caller's, changed between quotes, is reported as it is now", () => {
    const settings = { ...refusalThrown(resolveSettings()) };
    const before = typed({ units: 100, section: 1, date: "2026-03-01", boardSurcharge: BOARD_SURCHARGE }, settings);
    expect(before.settingsNotDefault).toEqual([]);
    expect(money(before.lines[0].amount)).toBe("1532.00"); // 100 × $15.32
    settings.at100Units = "flatAmount";
    const after = typed({ units: 100, section: 1, date: "2026-03-01", boardSurcharge: BOARD_SURCHARGE }, settings);
    expect(money(after.lines[0].amount)).toBe("1530.48"); // the flat amount
    expect(after.settingsNotDefault).toEqual(["D4 charge at exactly 100 units: flatAmount"]);
  });
});

describe("a named clause in a quote", () => {
  test("overrides the date and says so", () => {
    // clause (xi) named for a 2016 transit: Section 1, 40 units → $1,070.58; surcharge first period $113.00
    const quote = typed({ units: 40, section: 1, date: "2016-06-01", clause: "XI" });
    expect(quote.clause).toBe("xi");
    expect(money(quote.lines[0].amount)).toBe("1070.58");
    expect(money(quote.lines[1].amount)).toBe("113.00");
    expect(quote.warnings).toContain("Clause (xi) was named explicitly; the transit date did not choose it.");
  });
});

describe("board data changed between quotes", () => {
  test("a board row edited in place is charged at its new amount", () => {
    const fees: BoardFeeRow[] = [{ from: "2026-01-01", launch: 52_500, communication: 8000, midriver_launch: null }];
    const surcharge: BoardSurchargeRow[] = [{ from: "2020-11-20", upTo50Units: "300.00", over50UpTo100Units: "365.00", perUnitOver100Units: "3.65" }];
    const transit = { units: 40, section: 1, date: "2026-03-01", boardFees: fees, boardSurcharge: surcharge };
    // (xi) Section 1, 40 units: $1,070.58 + $300.00 + $525.00 + $80.00 = $1,975.58
    expect(money(typed(transit).total)).toBe("1975.58");
    fees[0].launch = 60_000;
    surcharge[0].upTo50Units = "310.00";
    // $1,070.58 + $310.00 + $600.00 + $80.00 = $2,060.58
    const after = typed(transit);
    expect(amounts(after)).toEqual([
      ["base", "1070.58"],
      ["surcharge", "310.00"],
      ["launch", "600.00"],
      ["communication", "80.00"],
    ]);
    expect(money(after.total)).toBe("2060.58");
  });
});

describe("readTransit", () => {
  test("reads every typed field", () => {
    const transit = refusalThrown(readTransit(
      { units: "271.43", section: "Section 2", date: 46387, clause: "(xi)", hours: "12", relievedAtMidRiver: "yes", anchoredEightHours: false },
      DEFAULT_SETTINGS,
    ));
    expect(transit.units.measured && transit.units.units.toString()).toBe("271.43");
    expect(transit.section).toBe(2);
    expect(transit.date).toBe("2026-12-31");
    expect(transit.clause).toBe("xi");
    expect(transit.continuousHours).toBe(12);
    expect(transit.relievedAtMidRiver).toBe(true);
    expect(transit.anchoredEightHours).toBe(false);
  });

  test("both units and measurements is refused, naming the choice", () => {
    const error = inputErrorOf(() => refusalThrown(readTransit({ units: 192.16, length: 600.5, breadth: 80, depth: 40, section: 1, date: "2026-01-01" }, DEFAULT_SETTINGS)));
    expect(error.message).toContain("either the pilotage units or the three measurements");
  });

  test("metric measurements with unit m: 182.88 × 24.384 × 12.192 m = 600 × 80 × 40 ft = 192 units", () => {
    const transit = refusalThrown(readTransit({ length: 182.88, breadth: 24.384, depth: 12.192, unit: "m", section: 2, date: "2026-01-01" }, DEFAULT_SETTINGS));
    expect(transit.units.measured && transit.units.units.toString()).toBe("192");
    // (xi) Section 2: 192 × $21.58 = $4,143.36
    expect(money(refusalThrown(quoteTransit(transit, DEFAULT_SETTINGS)).lines[0].amount)).toBe("4143.36");
  });

  test("a date before clause (i) fails the quote with BEFORE_FIRST_CLAUSE", () => {
    const error = inputErrorOf(() => typed({ units: 200, section: 1, date: "2015-11-19" }));
    expect(error.code).toBe("BEFORE_FIRST_CLAUSE");
    expect(error.message).toContain("2015-11-19");
  });
});

describe("D11 setting secondPilotBasis: the second pilot's 50% of base pilotage, or of base plus surcharge", () => {
  // 2019-06-15 under the assumed anchor 2015-11-20: clause (iv) (from 2018-11-20) and the statutory
  // surcharge of the 37th–48th month (2018-11-20 … 2019-11-19): $3.05 per unit over 100.
  // Section 2, 271.43 units, 12 h continuous pilotage (more than 10 h):
  //   base       271.43 × $18.15 = $4,926.4545 → $4,926.45     § 89-a(4)(b)(1)(iv)
  //   surcharge  271.43 × $3.05  = $827.8615   → $827.86       § 89-a(4)(b)(1-c)(ii)
  //   default:   50% × $4,926.45 = $2,463.225 → $2,463.23
  //   setting:   50% × ($4,926.45 + $827.86 = $5,754.31) = $2,877.155 → $2,877.16
  const transit: TypedTransit = { units: "271.43", section: 2, date: "2019-06-15", hours: "12" };
  const plusSurcharge = refusalThrown(resolveSettings({ secondPilotBasis: "basePlusSurcharge" }));
  const line = (quote: Quote, code: string) => quote.lines.find((l) => l.code === code);

  test("default: 50% of the base fee only", () => {
    const quote = typed(transit);
    expect(money(line(quote, "base")?.amount)).toBe("4926.45");
    expect(money(line(quote, "surcharge")?.amount)).toBe("827.86");
    expect(money(line(quote, "second_pilot")?.amount)).toBe("2463.23");
    expect(line(quote, "second_pilot")?.label).toBe("Second pilot (50% of base pilotage)");
  });

  test("basePlusSurcharge: 50% of base plus surcharge, named in the line and in the quote's settings", () => {
    const quote = typed(transit, plusSurcharge);
    expect(money(line(quote, "second_pilot")?.amount)).toBe("2877.16");
    expect(line(quote, "second_pilot")?.label).toBe("Second pilot (50% of base pilotage plus surcharge)");
    expect(line(quote, "second_pilot")?.note).toContain("50% × $5,754.31 of base pilotage plus surcharge");
    expect(quote.settingsNotDefault).toEqual(["D11 second pilot's 50% is of: basePlusSurcharge"]);
    // Total: 4,926.45 + 827.86 + 2,877.16 = 8,631.47 (board fees not entered, so incomplete).
    expect(quote.complete).toBe(false);
    expect(money(quote.total)).toBe(sumOf(["4926.45", "827.86", "2877.16"]));
  });

  test("basePlusSurcharge with no surcharge table for the date: the second pilot is not entered either", () => {
    // 2026-06-15 is after the 60th month: the surcharge board's table is needed and none is given.
    const quote = typed({ units: "200", section: 1, date: "2026-06-15", hours: "12" }, plusSurcharge);
    expect(line(quote, "surcharge")?.amountCents).toBeNull();
    expect(line(quote, "second_pilot")?.amountCents).toBeNull();
    expect(line(quote, "second_pilot")?.note).toContain("the surcharge is not entered");
    // Only the base line counts: (xi) Section 1, 200 × $15.32 = $3,064.00.
    expect(money(quote.total)).toBe("3064.00");
  });

  test("basePlusSurcharge changes nothing when no second pilot is due", () => {
    expect(money(line(typed({ ...transit, hours: "10" }, plusSurcharge), "second_pilot")?.amount)).toBe("0.00");
    expect(money(line(typed({ ...transit, relievedAtMidRiver: true }, plusSurcharge), "second_pilot")?.amount)).toBe("0.00");
  });

  test("an unknown value of the setting is refused", () => {
    const error = inputErrorOf(() => refusalThrown(resolveSettings({ secondPilotBasis: "surcharge" })));
    expect(error.code).toBe("BAD_SETTING");
    expect(error.message).toBe('The second pilot\'s basis (D11) setting must be "base" or "basePlusSurcharge".');
  });
});
