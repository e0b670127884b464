/**
 * What a quote says about its inputs (D19–D21, D24) and exactness at every size the readers accept
 * (D22). Amounts are worked by hand from § 89-a; board amounts are illustrative test data.
 */
import { BoardFeeRow, BoardSurchargeRow, DEFAULT_SETTINGS, Quote, quoteTransit, readAmount, readTransit, TypedTransit, refusalThrown } from "../../src/engine";
import { hundredths, inputErrorOf, money } from "./hand";

const quote = (transit: TypedTransit): Quote => refusalThrown(quoteTransit(refusalThrown(readTransit(transit, DEFAULT_SETTINGS)), DEFAULT_SETTINGS));
const line = (q: Quote, code: string) => q.lines.find((l) => l.code === code);
const fees = (from: string, midriver: string | null = "125.00", forThisTransit = false): BoardFeeRow[] => [
  { from, forThisTransit, launch: 31_000, communication: 4550, midriver_launch: midriver === null ? null : Number(hundredths(midriver)) },
];
const surchargeRow = (from: string, forThisTransit = false): BoardSurchargeRow[] => [
  { from, forThisTransit, upTo50Units: "300.00", over50UpTo100Units: "360.00", perUnitOver100Units: "3.60" },
];

describe("D21 inputs the rules do not use are named in a warning with their clause", () => {
  test("relieved at the mid-river station on a Section 1 transit: the relief is not used, the second pilot is charged", () => {
    // (xi) Section 1, 200 units: 200 × $15.32 = $3,064.00; 12 h > 10 h: 50% × $3,064.00 = $1,532.00.
    const q = quote({ units: 200, section: 1, date: "2026-06-15", hours: 12, relievedAtMidRiver: true, boardSurcharge: surchargeRow("2026-04-01"), boardFees: fees("2026-01-01") });
    expect(money(line(q, "second_pilot")?.amount)).toBe("1532.00");
    expect(q.warnings).toContain(
      "Relieved at the mid-river station is not used: a Section 1 transit (Yonkers through Hyde Park) does not reach the mid-river pilot station at Norrie Point, which serves Section 2 (§ 89-a(4)(b)(1-a), D21).",
    );
    // On Section 2 the relief is the statute's own exception: no warning.
    const upper = quote({ units: 200, section: 2, date: "2026-06-15", hours: 12, relievedAtMidRiver: true, boardSurcharge: surchargeRow("2026-04-01"), boardFees: fees("2026-01-01") });
    expect(upper.warnings.filter((w) => w.includes("D21"))).toEqual([]);
    expect(money(line(upper, "second_pilot")?.amount)).toBe("0.00");
  });

  test("a mid-river launch fee entered for a Section 1 transit is not charged, and says so", () => {
    const q = quote({ units: 200, section: 1, date: "2026-06-15", boardSurcharge: surchargeRow("2026-04-01"), boardFees: fees("2026-06-15", "125.00", true) });
    expect(line(q, "midriver_launch")).toBeUndefined();
    expect(q.warnings).toContain(
      "The mid-river launch fee entered ($125.00) is not charged: a Section 1 transit does not pay it, only Section 2 transits do (§ 89-a(4)(b)(1-a), D10, D21).",
    );
    // (xi) Section 1: $3,064.00 + surcharge 200 × $3.60 = $720.00 + launch $310.00 + communication $45.50 = $4,139.50.
    expect(money(q.total)).toBe("4139.50");
    // A board table serves both sections: its mid-river column on a Section 1 quote is not a warning.
    expect(quote({ units: 200, section: 1, date: "2026-06-15", boardSurcharge: surchargeRow("2026-04-01"), boardFees: fees("2026-01-01") }).warnings).toEqual([]);
  });

  test("a board surcharge for a date inside the statutory tables is not used: the statute's table is", () => {
    // 2019-06-15: the 37th–48th month after 2015-11-20 (assumed): 200 units × $3.05 = $610.00, not 200 × $3.60.
    const q = quote({ units: 200, section: 1, date: "2019-06-15", boardSurcharge: surchargeRow("2019-06-15", true) });
    expect(money(line(q, "surcharge")?.amount)).toBe("610.00");
    expect(q.warnings).toContain(
      "The board surcharge entered (row from 2019-06-15) is not used: on 2019-06-15 the statute's own surcharge table applies (§ 89-a(4)(b)(1-c)(ii)); " +
        "the surcharge board sets the surcharge only from 2020-11-20, after the sixtieth month (§ 89-a(4)(b)(1-c)(iii), D21).",
    );
  });
});

describe("D19 a board surcharge row starts on a quarter day, (1-b)", () => {
  test.each(["2021-01-01", "2021-04-01", "2021-07-01", "2021-10-01"])("a row from %s: no warning", (from) => {
    expect(quote({ units: 200, section: 1, date: "2021-11-15", boardSurcharge: surchargeRow(from), boardFees: fees("2021-01-01") }).warnings.filter((w) => w.includes("D19"))).toEqual([]);
  });

  test("a row from 2021-02-15 is used, with a warning", () => {
    const q = quote({ units: 200, section: 1, date: "2021-11-15", boardSurcharge: surchargeRow("2021-02-15"), boardFees: fees("2021-01-01") });
    // 200 × $3.60 = $720.00 from the row all the same.
    expect(money(line(q, "surcharge")?.amount)).toBe("720.00");
    expect(q.warnings).toContain(
      "The board surcharge row from 2021-02-15 does not start on 1 January, 1 April, 1 July or 1 October, the days on which the surcharge board's surcharge takes effect (§ 89-a(4)(b)(1-b), D19): check the row's date.",
    );
  });

  test("the CLI's row, given for the transit's date, has no from-date of its own: no quarter-day warning", () => {
    expect(quote({ units: 200, section: 1, date: "2026-06-15", boardSurcharge: surchargeRow("2026-06-15", true) }).warnings.filter((w) => w.includes("D19"))).toEqual([]);
  });
});

describe("D20 board fees are reviewed annually, (1-a): a row more than 13 months older than the transit warns", () => {
  // 13 months after 2025-01-01 (GCL § 30) is 2026-02-01: on that day the row is not yet more than 13 months old.
  test("2026-02-01: no warning; 2026-02-02: the amounts may be out of date", () => {
    const on = (date: string) => quote({ units: 200, section: 2, date, boardSurcharge: surchargeRow("2026-01-01"), boardFees: fees("2025-01-01") }).warnings;
    expect(on("2026-02-01").filter((w) => w.includes("D20"))).toEqual([]);
    expect(on("2026-02-02")).toContain(
      "The board's fees used are from 2025-01-01, more than 13 months before 2026-02-02: the launch, communication and mid-river launch fees are reviewed annually (§ 89-a(4)(b)(1-a), D20), so the amounts may be out of date.",
    );
  });
});

describe("D24 implausible magnitudes warn; the quote is computed", () => {
  test("3,000 units: no warning; 3,000.01 units: a warning naming (4)(b)(2)", () => {
    expect(quote({ units: 3000, section: 1, date: "2019-06-15" }).warnings.filter((w) => w.includes("D24"))).toEqual([]);
    const q = quote({ units: "3000.01", section: 1, date: "2019-06-15" });
    expect(q.warnings).toContain("3000.01 pilotage units is more than the largest vessels have (about 3,000): check the figure (§ 89-a(4)(b)(2), D24).");
    // (iv) Section 1 at the 500-unit maximum: 500 × $12.85 = $6,425.00.
    expect(money(line(q, "base")?.amount)).toBe("6425.00");
  });

  test("45,125 units (typed 45,125) is quoted, with the warning", () => {
    expect(quote({ units: "45,125", section: 1, date: "2019-06-15" }).warnings).toContain(
      "45125 pilotage units is more than the largest vessels have (about 3,000): check the figure (§ 89-a(4)(b)(2), D24).",
    );
  });

  test("48 hours: no warning; 48.5 hours: a warning", () => {
    expect(quote({ units: 200, section: 1, date: "2019-06-15", hours: 48 }).warnings.filter((w) => w.includes("D24"))).toEqual([]);
    expect(quote({ units: 200, section: 1, date: "2019-06-15", hours: "48.5" }).warnings).toContain(
      "48.5 hours of continuous pilotage is more than two days: check the figure (§ 89-a(4)(b)(1-a), D24).",
    );
  });

  test("a board fee of $10,000.00: no warning; $10,000.01: a warning", () => {
    const withLaunch = (launch: string) =>
      quote({ units: 200, section: 1, date: "2026-06-15", boardSurcharge: surchargeRow("2026-04-01"), boardFees: [{ from: "2026-01-01", launch: Number(hundredths(launch)), communication: null, midriver_launch: null }] }).warnings;
    expect(withLaunch("10000.00").filter((w) => w.includes("D24"))).toEqual([]);
    expect(withLaunch("10000.01")).toContain("The launch fee of $10,000.01 is more than $10,000: check the figure (§ 89-a(4)(b)(1-a), D24).");
  });
});

describe("D22 exact at every size the readers accept", () => {
  test("a board surcharge of $1,802.01 per unit on 49,990.640199 units: exact cents, past 2^53 millionths of a cent", () => {
    // 180,201 cents × 49,990,640,199 millionths = 9,008,363,354,499,999 millionths of a cent
    // = 9,008,363,354.499999 cents → $90,083,633.54 (half up: .499999 rounds down). A float product gives .55.
    const exact = (180201n * 49990640199n + 500000n) / 1000000n;
    expect(exact).toBe(9008363354n);
    const q = quote({ units: "49990.640199", section: 1, date: "2026-06-15", boardSurcharge: [{ from: "2026-06-15", forThisTransit: true, upTo50Units: "1", over50UpTo100Units: "2", perUnitOver100Units: "1802.01" }] });
    expect(money(line(q, "surcharge")?.amount)).toBe("90083633.54");
  });

  test("10.00000000000000001 hours is more than ten: a second pilot", () => {
    // (iv) Section 2, 200 units: 200 × $18.15 = $3,630.00; 50% = $1,815.00.
    const q = quote({ units: 200, section: 2, date: "2019-06-15", hours: "10.00000000000000001" });
    expect(money(line(q, "second_pilot")?.amount)).toBe("1815.00");
    expect(money(line(quote({ units: 200, section: 2, date: "2019-06-15", hours: "10.000000000000000000" }), "second_pilot")?.amount)).toBe("0.00");
  });

  test("an amount over $1,000,000,000 is refused, naming the bound (every line and total stays exact below it)", () => {
    const error = inputErrorOf(() => refusalThrown(readAmount("90071992547409.93", "launch-fee", "launch fee")));
    expect(error.code).toBe("IMPLAUSIBLE");
    expect(error.message).toBe("The launch fee 90071992547409.93 is over $1,000,000,000, the most an amount may be (D22): check the figure.");
    expect(refusalThrown(readAmount("1000000000.00", "launch-fee", "launch fee")).toFixed(2)).toBe("1000000000.00");
  });

  test("a launch fee of $999,999,999.99 is exact in the total", () => {
    // (xi) Section 1: $3,064.00 + surcharge 200 × $3.60 = $720.00 + launch $999,999,999.99 = $1,000,003,783.99.
    const q = quote({ units: 200, section: 1, date: "2026-06-15", boardSurcharge: surchargeRow("2026-04-01"), boardFees: [{ from: "2026-06-15", forThisTransit: true, launch: 99_999_999_999, communication: null, midriver_launch: null }] });
    expect(money(line(q, "launch")?.amount)).toBe("999999999.99");
    expect(money(q.total)).toBe("1000003783.99");
  });
});
