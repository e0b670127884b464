/** The NYPILOT compliance and benefit functions' adapter, worked by hand from § 89-a(1), (5)–(9). */
import { excelError, installCustomFunctionsGlobal } from "../support/custom-functions";
import { benefits } from "./nypilot";

installCustomFunctionsGlobal();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { setFunctionSettings } = require("../../src/functions/runtime-settings") as typeof import("../../src/functions/runtime-settings");
import { DEFAULT_SETTINGS, resolveSettings } from "../../src/engine/settings";
import { refusalThrown } from "../../src/engine/errors";

const one = (value: unknown) => [[value]];
const column = (...values: unknown[]) => values.map((v) => [v]);
const first = (grid: unknown[][]) => grid[0][0];

describe("HUDSON_PILOT_REQUIRED, § 89-a(1)", () => {
  test("foreign, registered and enrolled vessels; the small-vessel exception needs all three conditions", () => {
    const answers = benefits.pilotRequired(
      column("foreign", "registered", "enrolled", "foreign", "foreign"),
      column(25000, 299, 299, 299, 300),
      column(30, 7, 7, 7, 7),
      column(null, false, null, true, false),
      null,
      null,
    );
    // Row 2: not by sea, 299 GRT < 300, draft 7 ≤ 7 → excepted. Row 4: proceeds by sea → required.
    // Row 5: 300 GRT is not under 300 → required.
    expect(answers.map((r) => r[0])).toEqual(["REQUIRED", "NOT REQUIRED", "NOT REQUIRED", "REQUIRED", "REQUIRED"]);
  });

  test("a recreational vessel is at the board's discretion at any length (D13)", () => {
    expect(first(benefits.pilotRequired(one("foreign"), one(500), one(9), null, one(true), one(199)))).toBe("BOARD DISCRETION");
    expect(first(benefits.pilotRequired(one("foreign"), one(500), one(9), null, one(true), one(200)))).toBe("BOARD DISCRETION");
    // An empty length cell (0 on the desktop): no length, still the board's discretion.
    expect(first(benefits.pilotRequired(one("foreign"), one(500), one(9), null, one(true), one(0)))).toBe("BOARD DISCRETION");
  });

  test("under the setting under200Ft, 200 ft is REQUIRED and a missing length is #VALUE! (D13)", () => {
    setFunctionSettings(refusalThrown(resolveSettings({ recreationalExemption: "under200Ft" })));
    try {
      expect(first(benefits.pilotRequired(one("foreign"), one(500), one(9), null, one(true), one(199)))).toBe("BOARD DISCRETION");
      expect(first(benefits.pilotRequired(one("foreign"), one(500), one(9), null, one(true), one(200)))).toBe("REQUIRED");
      expect(excelError(first(benefits.pilotRequired(one("foreign"), one(500), one(9), null, one(true), null)))?.code).toBe("#VALUE!");
    } finally {
      setFunctionSettings(DEFAULT_SETTINGS);
    }
  });

  test("an unknown status is #VALUE!", () => {
    expect(excelError(first(benefits.pilotRequired(one("pirate"), one(500), one(9), null, null, null)))?.code).toBe("#VALUE!");
  });
});

describe("benefit amounts", () => {
  test("surcharge cap: greater of 35% and $500,000, (1-c)(iii)", () => {
    // 35% × $2,000,000 = $700,000 > $500,000; 35% × $1,000,000 = $350,000 < $500,000
    expect(benefits.surchargeCapFor(column(2_000_000, 1_000_000))).toEqual([[700000], [500000]]);
  });

  test("retirement contribution 12%, (5)", () => {
    // 12% × $187,654.32 = $22,518.5184 → $22,518.52
    expect(first(benefits.retirementContributionFor(one(187654.32)))).toBe(22518.52);
  });

  test("disability benefit, (5)", () => {
    // With insurance: 50% × $200,000 = $100,000
    expect(first(benefits.disabilityBenefitFor(one(200000), null, null))).toBe(100000);
    // Without insurance, 11 years: 10% + 1.6% × 10 = 26% × $200,000 = $52,000
    expect(first(benefits.disabilityBenefitFor(one(200000), one(11), one(false)))).toBe(52000);
    // Without insurance, 30 years: 10% + 1.6% × 29 = 56.4%, capped at 50% → $100,000
    expect(first(benefits.disabilityBenefitFor(one(200000), one(30), one(false)))).toBe(100000);
  });

  test("a column of bad amounts: each row its own error, as one cell of it would give; good rows between them answered", () => {
    const negative = { code: "#NUM!", message: "The earnings cannot be negative: enter the amount in dollars, 0 or more." };
    const rows = column(-100, 1000, -0, -0.01, "abc", NaN, 1_000_000_000.01, null, "");
    const answers = benefits.retirementContributionFor(rows).map((r) => excelError(r[0]) ?? r[0]);
    // One cell at a time, each row's answer.
    const alone = rows.map(([cell]) => excelError(first(benefits.retirementContributionFor(one(cell)))) ?? first(benefits.retirementContributionFor(one(cell))));
    expect(answers).toEqual(alone);
    // 12% × $1,000 = $120
    expect(answers[1]).toBe(120);
    expect([answers[0], answers[2], answers[3]]).toEqual([negative, negative, negative]);
    expect(answers[4]).toEqual({ code: "#VALUE!", message: 'The earnings "abc" is not a number.' });
    expect((answers[5] as { code: string }).code).toBe("#NUM!");
    expect((answers[6] as { code: string }).code).toBe("#NUM!");
    expect((answers[7] as { code: string }).code).toBe("#VALUE!");
  });

  test("disability: a bad earnings row names the earnings before bad years; bad years or insurance name theirs", () => {
    const earnings = "The last full calendar year's earnings cannot be negative: enter the amount in dollars, 0 or more.";
    expect(excelError(first(benefits.disabilityBenefitFor(one(-1), one(1.5), one(false))))?.message).toBe(earnings);
    expect(excelError(first(benefits.disabilityBenefitFor(one(1000), one(1.5), one(0))))?.code).toBe("#VALUE!");
    expect(excelError(first(benefits.disabilityBenefitFor(one(1000), one(12), one(0))))?.message).toMatch(/insurance available option is 0/);
    expect(excelError(first(benefits.disabilityBenefitFor(one(1000), null, one(false))))?.code).toBe("#VALUE!");
    // 12 years, no insurance: 10% + 1.6% × 11 = 27.6% × $1,000 = $276; with insurance 50% × $1,000 = $500
    expect(benefits.disabilityBenefitFor(column(1000, -1, 1000), one(12), column(false, false, true)).map((r) => excelError(r[0])?.code ?? r[0])).toEqual([276, "#NUM!", 500]);
  });

  test("spouse benefit 50%, (8)", () => {
    // 50% × $84,600 = $42,300
    expect(first(benefits.spouseBenefitFor(one(84600)))).toBe(42300);
  });

  test("fixed pension by cohort, (6); years the subdivision does not set are #N/A", () => {
    // 2015: "an active … pilot who retires before two thousand sixteen" → $84,600; 2013 is not set (D17).
    expect(benefits.fixedPension(column(1979, 1985, 2001, 2015))).toEqual([[34995], [39995], [58492], [84600]]);
    expect(excelError(first(benefits.fixedPension(one(2013))))?.code).toBe("#N/A");
    expect(excelError(first(benefits.fixedPension(one(1980))))?.code).toBe("#N/A");
    expect(excelError(first(benefits.fixedPension(one(2016))))?.message).toMatch(/not set by § 89-a\(6\)/);
  });
});

describe("benefit dates, (7) and (9)", () => {
  test("last calendar year counts as full after 30 June, (7)(c)", () => {
    expect(benefits.lastYearCounts(column("2026-06-30", "2026-07-01"))).toEqual([[false], [true]]);
  });

  test("benefit start: the quarter after the retirement date, as an Excel serial", () => {
    // 2026-05-15 → 2026-07-01. Serial: 2027-01-01 is 46388; from 2026-07-01 to 2027-01-01 is
    // Jul 31 + Aug 31 + Sep 30 + Oct 31 + Nov 30 + Dec 31 = 184 days, so 46388 − 184 = 46204.
    expect(first(benefits.benefitStart(one("2026-05-15")))).toBe(46204);
  });

  test("resignation deadline: the day before 1 May for a 1 July retirement, (7)(b)", () => {
    // 2026-04-30: 2026-07-01 is 46204; April 30 is 62 days earlier (May 31 + June 30 + 1 = 62) → 46142
    expect(first(benefits.resignationDeadlineFor(one("2026-07-01")))).toBe(46142);
    expect(excelError(first(benefits.resignationDeadlineFor(one("2026-07-02"))))?.code).toBe("#VALUE!");
  });

  test("resignation deadline over a column: each row as one cell of it gives, refusals worded as before", () => {
    const rows = column("2026-07-01", "2026-07-02", "2026-07-02", "2026-10-01", "9999-12-15", 0, "July", "2026-01-01");
    const answers = benefits.resignationDeadlineFor(rows).map((r) => excelError(r[0]) ?? r[0]);
    const alone = rows.map(([cell]) => {
      const answer = first(benefits.resignationDeadlineFor(one(cell)));
      return excelError(answer) ?? answer;
    });
    expect(answers).toEqual(alone);
    // 2026-07-01 → the day before 1 May 2026: 46142 (see above).
    expect(answers[0]).toBe(46142);
    expect(answers[1]).toEqual({
      code: "#VALUE!",
      message: "Retirement under § 89-a(7)(b) becomes effective on 1 January, 1 April, 1 July or 1 October; 2026-07-02 is not one of them: enter such a date (for example 2026-10-01).",
    });
    // 9999-12-15: the next period would start in 10000, past Excel's last date.
    expect((answers[4] as { code: string }).code).toBe("#NUM!");
    // 2026-01-01 → the day before 1 November 2025, 2025-10-31: from it to 2026-07-01 (46204) is
    // 1 + Nov 30 + Dec 31 + Jan 31 + Feb 28 + Mar 31 + Apr 30 + May 31 + Jun 30 = 243 days → 46204 − 243 = 45961.
    expect(answers[7]).toBe(45961);
  });

  test("spouse married at least one year before the death, (9); a blank date is an error", () => {
    expect(benefits.spouseEligibleFor(column("2020-03-01", "2020-03-02"), one("2021-03-01"))).toEqual([[true], [false]]);
    expect(excelError(first(benefits.spouseEligibleFor(one(0), one("2021-03-01"))))?.message).toMatch(/marriage date is blank/);
  });
});
