/**
 * The NYPILOT fee functions' adapter (src/functions/pilotage.ts) with a CustomFunctions stand-in.
 * Expected amounts are worked by hand from § 89-a in the comments.
 */
import { excelError, installCustomFunctionsGlobal } from "../support/custom-functions";
import { pilotage } from "./nypilot";
import { BOARD_FEE_TABLE, one, TRANSIT } from "./transit-fixture";

installCustomFunctionsGlobal();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { setFunctionSettings } = require("../../src/functions/runtime-settings") as typeof import("../../src/functions/runtime-settings");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DEFAULT_SETTINGS, refusalThrown, resolveSettings } = require("../../src/engine") as typeof import("../../src/engine");

const column = (...values: unknown[]) => values.map((v) => [v]);
const first = (grid: unknown[][]) => grid[0][0];

afterEach(() => setFunctionSettings(DEFAULT_SETTINGS));

describe("PILOTAGE_UNITS", () => {
  test("feet, feet-and-inches text and metres", () => {
    // 600.5 × 80 × 40 ÷ 10,000 = 1,921,600 ÷ 10,000 = 192.16
    expect(first(pilotage.pilotageUnits(one(600.5), one(80), one(40), null))).toBeCloseTo(192.16, 10);
    expect(first(pilotage.pilotageUnits(one(`600' 6"`), one("80 ft"), one("40ft"), null))).toBeCloseTo(192.16, 10);
    // 182.88 m = 600 ft; 24.384 m = 80 ft; 12.192 m = 40 ft → 600 × 80 × 40 ÷ 10,000 = 192
    expect(first(pilotage.pilotageUnits(one(182.88), one(24.384), one(12.192), one("m")))).toBe(192);
  });

  test("a column: one bad row is an error in that row only", () => {
    // 100 × 20 × 10 ÷ 10,000 = 2; 200 × 30 × 20 ÷ 10,000 = 12
    const result = pilotage.pilotageUnits(column(100, "abc", 200), column(20, 20, 30), column(10, 10, 20), null);
    expect(result[0][0]).toBe(2);
    expect(excelError(result[1][0])?.code).toBe("#VALUE!");
    expect(excelError(result[1][0])?.message).toMatch(/overall length "abc" is not a measurement/);
    expect(result[2][0]).toBe(12);
  });

  test("blank cells: null on the web, 0 on desktop, both errors naming the measurement", () => {
    expect(excelError(first(pilotage.pilotageUnits(one(null), one(80), one(40), null)))?.message).toMatch(/overall length is blank/);
    expect(excelError(first(pilotage.pilotageUnits(one(600), one(0), one(40), null)))?.message).toMatch(/extreme breadth is blank/);
  });

  test("out of range is #NUM!", () => {
    expect(excelError(first(pilotage.pilotageUnits(one(2500), one(80), one(40), null)))?.code).toBe("#NUM!");
    expect(excelError(first(pilotage.pilotageUnits(one(-600), one(80), one(40), null)))?.code).toBe("#NUM!");
  });
});

describe("HUDSON_BASE_FEE", () => {
  test("a column of units against one section and date, clause (xi)", () => {
    // (xi) Section 1: ≤ 50 → $1,070.58; 50–100 → $1,530.48; 271.43 × $15.32 = $4,158.3076 → $4,158.31;
    // UNMEASURED → 500 × $15.32 = $7,660.00 (§ 89-a(4)(d))
    const result = pilotage.baseFee(column(40, 75, 271.43, "UNMEASURED", null), one("Lower"), one("2026-06-15"), null);
    expect(result.slice(0, 4).map((r) => r[0])).toEqual([1070.58, 1530.48, 4158.31, 7660]);
    expect(excelError(result[4][0])).toEqual({ code: "#VALUE!", message: expect.stringMatching(/pilotage units are blank.*UNMEASURED/) });
  });

  test("Excel serial dates: 46387 is 2026-12-31 (clause xi), 46388 is 2027-01-01 (clause xii)", () => {
    // Serial N counts days after 1899-12-30: 2026-12-31 is 46,387 days later (1900-01-01 is serial 2 by
    // that count less Excel's fictitious 29 Feb 1900, so dates from March 1900 on line up).
    // (xi) Section 2: 200 × $21.58 = $4,316.00; (xii): 200 × $22.23 = $4,446.00
    expect(first(pilotage.baseFee(one(200), one(2), one(46387), null))).toBe(4316);
    expect(first(pilotage.baseFee(one(200), one("Section 2"), one(46388), null))).toBe(4446);
  });

  test("a clause named explicitly overrides the date", () => {
    // (i) Section 2: 200 × $17.19 = $3,438.00
    expect(first(pilotage.baseFee(one(200), one("upper"), one("2026-06-15"), one("i")))).toBe(3438);
  });

  test("errors: #VALUE! for the wrong kind, #NUM! out of range, #N/A where no schedule applies", () => {
    expect(excelError(first(pilotage.baseFee(one(200), one("Middle"), one("2026-06-15"), null)))?.code).toBe("#VALUE!");
    expect(excelError(first(pilotage.baseFee(one(200), one(0), one("2026-06-15"), null)))?.message).toMatch(/section is blank/);
    expect(excelError(first(pilotage.baseFee(one(200), one(1), one(60), null)))).toEqual({ code: "#NUM!", message: expect.stringMatching(/29 February 1900/) });
    expect(excelError(first(pilotage.baseFee(one(200), one(1), one("2014-06-01"), null)))?.code).toBe("#N/A");
    expect(excelError(first(pilotage.baseFee(one(200), one(1), one("2026-06-15"), one("xiii"))))?.code).toBe("#VALUE!");
    expect(excelError(first(pilotage.baseFee(one(true), one(1), one("2026-06-15"), null)))?.code).toBe("#VALUE!");
    expect(excelError(first(pilotage.baseFee(one(200), one(1), one(0), null)))?.message).toMatch(/date is blank/);
  });

  test("ranges of different sizes are one #VALUE!", () => {
    const result = pilotage.baseFee(column(100, 200), one(1), column("2026-01-01", "2026-01-02", "2026-01-03"), null);
    expect(result).toHaveLength(1);
    expect(excelError(result[0][0])?.message).toMatch(/different sizes/);
  });

  test("an Excel error value in an input row is passed through for that row", () => {
    installCustomFunctionsGlobal();
    const upstream = new CustomFunctions.Error(CustomFunctions.ErrorCode.divisionByZero);
    const result = pilotage.baseFee(column(upstream, 200), one(1), one("2026-06-15"), null);
    expect(excelError(result[0][0])?.code).toBe("#DIV/0!");
    // (xi) Section 1: 200 × $15.32 = $3,064.00
    expect(result[1][0]).toBe(3064);
  });

  test("the D4 setting applies through the runtime settings", () => {
    // Exactly 100 units, (xi) Section 1: per-unit 100 × $15.32 = $1,532.00; flat amount $1,530.48
    expect(first(pilotage.baseFee(one(100), one(1), one("2026-06-15"), null))).toBe(1532);
    setFunctionSettings(refusalThrown(resolveSettings({ at100Units: "flatAmount" })));
    expect(first(pilotage.baseFee(one(100), one(1), one("2026-06-15"), null))).toBe(1530.48);
  });
});

describe("HUDSON_SURCHARGE", () => {
  const board = [
    ["From", "0-50", "51-100", "Per unit over 100"],
    ["2020-11-20", 300, 360, 3.6],
    ["2026-01-01", 320, 385, 3.85],
  ];

  test("statutory period and board rows", () => {
    // 2016-01-15 is in the first twelve months from 2015-11-20: 40 units → $113.00
    expect(first(pilotage.surcharge(one(40), one("2016-01-15"), null))).toBe(113);
    // Board row from 2026-01-01: 271.43 × $3.85 = $1,045.0055 → $1,045.01
    expect(first(pilotage.surcharge(one(271.43), one("2026-06-15"), board))).toBe(1045.01);
    // Board row from 2020-11-20 on 2025-12-31: 75 units → $360.00
    expect(first(pilotage.surcharge(one(75), one("2025-12-31"), board))).toBe(360);
  });

  test("no board table after the statutory periods is #N/A saying where to enter it", () => {
    const error = excelError(first(pilotage.surcharge(one(75), one("2026-06-15"), null)));
    expect(error?.code).toBe("#N/A");
    expect(error?.message).toMatch(/surcharge board/);
  });

  test("a malformed board table is one #VALUE! naming the row", () => {
    const error = excelError(first(pilotage.surcharge(one(75), one("2026-06-15"), [["2020-11-20", 300, "lots", 3.6]])));
    expect(error?.code).toBe("#VALUE!");
    expect(error?.message).toMatch(/row 1/);
  });
});

describe("HUDSON_SECOND_PILOT", () => {
  test("over 10 hours adds 50% of the base fee, half up; exceptions give 0", () => {
    // 50% × $4,146.81 = $2,073.405 → $2,073.41
    expect(first(pilotage.secondPilot(one(4146.81), one(12), null, null))).toBe(2073.41);
    expect(first(pilotage.secondPilot(one(4146.81), one(10), null, null))).toBe(0);
    expect(first(pilotage.secondPilot(one(4146.81), one(12), one(true), null))).toBe(0);
    expect(first(pilotage.secondPilot(one(4146.81), one(12), null, one(true)))).toBe(0);
    expect(excelError(first(pilotage.secondPilot(one(4146.81), one(null), null, null)))?.message).toMatch(/hours is blank/);
    // Desktop Excel passes an empty base-fee cell as 0: 50% of it must not read as a real $0.00.
    const zeroBase = excelError(first(pilotage.secondPilot(one(0), one(12), null, null)));
    expect(zeroBase?.code).toBe("#NUM!");
    expect(zeroBase?.message).toBe("The base pilotage fee must be more than zero (an empty cell reads as 0): enter the transit's base fee, e.g. =NYPILOT.HUDSON_BASE_FEE(...).");
  });

  test("the surcharge argument counts only under the setting D11 basePlusSurcharge", () => {
    // Default: 50% × $4,926.45 = $2,463.225 → $2,463.23; a surcharge given is not part of the basis.
    expect(first(pilotage.secondPilot(one(4926.45), one(12), null, null, one(827.86)))).toBe(2463.23);
    setFunctionSettings(refusalThrown(resolveSettings({ secondPilotBasis: "basePlusSurcharge" })));
    // 50% × ($4,926.45 + $827.86 = $5,754.31) = $2,877.155 → $2,877.16
    expect(first(pilotage.secondPilot(one(4926.45), one(12), null, null, one(827.86)))).toBe(2877.16);
    // No surcharge (or an empty cell, 0 on the desktop): #VALUE! that says to enter it.
    for (const missing of [null, one(0)]) {
      const error = excelError(first(pilotage.secondPilot(one(4926.45), one(12), null, null, missing)));
      expect(error?.code).toBe("#VALUE!");
      expect(error?.message).toMatch(/basePlusSurcharge .*enter the surcharge/);
    }
  });
});

describe("HUDSON_TOTAL and HUDSON_QUOTE", () => {
  const fees = BOARD_FEE_TABLE;
  const transit = TRANSIT;

  test("total of every line", () => {
    // Base (xi) S2: 271.43 × $21.58 = $5,857.4594 → $5,857.46
    // Surcharge: 271.43 × $3.60 = $977.148 → $977.15
    // Second pilot: 50% × $5,857.46 = $2,928.73
    // Fees: $310.00 + $45.50 + $125.25 = $480.75
    // Total: 5,857.46 + 977.15 + 2,928.73 + 480.75 = $10,244.09
    expect(first(pilotage.total(transit))).toBe(10244.09);
  });

  test("a column of transits, one bad row", () => {
    // Row 2: 40 units, Section 2, (xi): $1,764.76 + surcharge $300.00 + fees $480.75 (12 h ≤ … no: hours 12 > 10 → +50% of $1,764.76 = $882.38)
    // = 1,764.76 + 300.00 + 882.38 + 480.75 = $3,427.89
    const result = pilotage.total({ ...transit, units: column(271.43, 40, -1) });
    expect(result[0][0]).toBe(10244.09);
    expect(result[1][0]).toBe(3427.89);
    expect(excelError(result[2][0])?.code).toBe("#NUM!");
  });

  test("a column: error values in the cells, repeated dates, a short row, a single cell's error for every row", () => {
    const na = new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, "no units");
    const num = new CustomFunctions.Error(CustomFunctions.ErrorCode.invalidNumber, "bad hours");
    // Same date cell on rows 1–3 (the adapter reads a repeated date once); row 4 is a short row of hours.
    const result = pilotage.total({ ...transit, units: column(271.43, na, na, 271.43), date: column(46188, 46188, 46188, "2026-06-15"), hours: [[12], [12], [num], []] });
    expect(result[0][0]).toBe(10244.09);
    expect(excelError(result[1][0])).toEqual({ code: "#N/A", message: "no units" });
    // Of several arguments holding errors, the last one's (hours comes after units).
    expect(excelError(result[2][0])).toEqual({ code: "#NUM!", message: "bad hours" });
    // A short row reads as a blank hours cell: no second pilot, 10,244.09 − 2,928.73.
    expect(result[3][0]).toBe(7315.36);
    const every = pilotage.total({ ...transit, units: column(271.43, 40), section: one(na) });
    expect(every.map((row) => excelError(row[0])?.message)).toEqual(["no units", "no units"]);
  });

  test("a board table read for one call is never served for another whose cells differ", () => {
    // The table read last is kept by its cells. With the launch fee 310.00 → 400.00 the total
    // rises by $90.00: 10,244.09 + 90.00 = 10,334.09; the same cells again give 10,244.09.
    const raised = [fees[0], ["2024-01-01", 400, 45.5, 125.25]];
    expect(first(pilotage.total(transit))).toBe(10244.09);
    expect(first(pilotage.total({ ...transit, boardFees: raised }))).toBe(10334.09);
    expect(first(pilotage.total({ ...transit, boardFees: fees.map((row) => [...row]) }))).toBe(10244.09);
    // The text "310" and the number 310 are different cells, read again (and both read as $310.00).
    expect(first(pilotage.total({ ...transit, boardFees: [fees[0], ["2024-01-01", "310", 45.5, 125.25]] }))).toBe(10244.09);
    // A table with a bad cell is its own error, not the table before it.
    const bad = excelError(first(pilotage.total({ ...transit, boardFees: [fees[0], ["2024-01-01", -310, 45.5, 125.25]] })));
    expect(bad?.code).toBe("#VALUE!");
    expect(bad?.message).toMatch(/Board fees table/);
  });

  test("#N/A naming what is missing", () => {
    const error = excelError(first(pilotage.total({ ...transit, boardFees: null })));
    expect(error?.code).toBe("#N/A");
    expect(error?.message).toMatch(/launch fee, communication fee, mid-river launch fee/);
  });

  test("a column without the board's tables: each row says what its own transit lacks, whatever rows share its date", () => {
    // 2026-06-15 is after the statutory surcharge periods (sixty months from 2015-11-20, D8): with
    // no surcharge board table the surcharge is not entered. Section 1 pays the launch and
    // communication fees; Section 2 also the mid-river launch fee (§ 89-a(4)(b)(1-a), D10).
    // Under D11 basePlusSurcharge, more than 10 h needs a second pilot on a basis not entered.
    const advice = "Give board_fees (from date | launch | communication | mid-river launch) and, after the statutory surcharge periods, board_surcharge.";
    const rows = { ...transit, units: column(200, 200, 200, 200), section: column(1, 2, 1, 2), hours: column(12, 12, 12, 8), boardFees: null, boardSurcharge: null };
    const messages = (grids: typeof rows) => pilotage.total(grids).map((row) => excelError(row[0]));
    const oneDate = "Not entered for 2026-06-15:";
    expect(messages(rows)).toEqual([
      { code: "#N/A", message: `${oneDate} surcharge, launch fee, communication fee. ${advice}` },
      { code: "#N/A", message: `${oneDate} surcharge, launch fee, communication fee, mid-river launch fee. ${advice}` },
      { code: "#N/A", message: `${oneDate} surcharge, launch fee, communication fee. ${advice}` },
      { code: "#N/A", message: `${oneDate} surcharge, launch fee, communication fee, mid-river launch fee. ${advice}` },
    ]);
    setFunctionSettings(refusalThrown(resolveSettings({ secondPilotBasis: "basePlusSurcharge" })));
    const [twelveHours, , , eightHours] = messages(rows);
    expect(twelveHours?.message).toBe(`${oneDate} surcharge, second pilot, launch fee, communication fee. ${advice}`);
    expect(eightHours?.message).toBe(`${oneDate} surcharge, launch fee, communication fee, mid-river launch fee. ${advice}`);
  });

  test("HUDSON_QUOTE spills header, lines, total", () => {
    const spill = pilotage.quote(transit);
    expect(spill[0]).toEqual(["Item", "Amount", "Authority"]);
    expect(spill[1]).toEqual(["Base pilotage, Section 2, Upper River", 5857.46, "§ 89-a(4)(b)(1)(xi)"]);
    expect(spill.map((r) => r[1])).toContain(2928.73);
    expect(spill[spill.length - 1]).toEqual(["Total", 10244.09, "§ 89-a(4)(b)(1)(xi)"]);
    const incomplete = pilotage.quote({ ...transit, boardFees: null });
    expect(incomplete.some((r) => r[1] === "not entered")).toBe(true);
    expect(incomplete[incomplete.length - 1][0]).toBe("Total (incomplete)");
    expect(excelError(first(pilotage.quote({ ...transit, units: column(1, 2) })))?.message).toMatch(/one transit/);
  });
});

describe("HUDSON_CLAUSE, HUDSON_RATES, HUDSON_EXPLAIN", () => {
  test("clause in force", () => {
    expect(pilotage.clause(column("2026-12-31", 46388, "2015-11-19"))).toEqual([
      ["§ 89-a(4)(b)(1)(xi)"],
      ["§ 89-a(4)(b)(1)(xii)"],
      [expect.anything()],
    ]);
    expect(excelError(pilotage.clause(one("2015-11-19"))[0][0])?.code).toBe("#N/A");
  });

  test("rates table for both sections", () => {
    const table = pilotage.rates("2027-01-01");
    expect(table[1]).toEqual(["Section 1, Lower River", 1102.7, 1576.39, 15.78, 500, "§ 89-a(4)(b)(1)(xii)", "2027-01-01"]);
    expect(table[2]).toEqual(["Section 2, Upper River", 1817.7, 2221.65, 22.23, 500, "§ 89-a(4)(b)(1)(xii)", "2027-01-01"]);
  });

  test("explain shows the arithmetic and the clause", () => {
    // 271.43 × $21.58 = $5,857.4594 → $5,857.46
    expect(first(pilotage.explain(one(271.43), one(2), one("2026-06-15"), null))).toBe(
      "271.43 units ≥ 100: 271.43 × $21.58 = $5,857.46 for Section 2, Upper River under § 89-a(4)(b)(1)(xi)",
    );
  });
});

describe("shared runtime settings", () => {
  test("a second copy of runtime-settings (the task pane's bundle) changes what the functions compute", () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const taskpaneCopy = require("../../src/functions/runtime-settings") as typeof import("../../src/functions/runtime-settings");
      taskpaneCopy.setFunctionSettings(refusalThrown(resolveSettings({ at100Units: "flatAmount" })));
    });
    // Exactly 100 units, (xi) Section 1, flat amount (D4 setting): $1,530.48
    expect(first(pilotage.baseFee(one(100), one(1), one("2026-06-15"), null))).toBe(1530.48);
  });
});
