/**
 * Issue 17 through the built functions bundle (dist/functions.js, `npm run build`): the HUDSON_QUOTE
 * spill names what it does not use; exact cents at the sizes accepted; D13, D17 and D11's setting as
 * Excel sees them, the setting saved by the task pane into the shared runtime. Amounts are worked by
 * hand from § 89-a; board amounts are illustrative.
 */
import { DEFAULT_SETTINGS, EngineSettings } from "../../src/engine";
import { excelError } from "../support/custom-functions";
import { loadFunctionsBundle } from "../support/bundle";

const bundle = loadFunctionsBundle();
/** Where the task pane's bundle leaves the workbook's settings for the functions (src/functions/runtime-settings.ts). */
const SETTINGS_KEY = Symbol.for("hudson-pilotage.functionSettings");
function withSettings<T>(settings: Partial<EngineSettings>, run: () => T): T {
  (bundle.context as Record<symbol, unknown>)[SETTINGS_KEY] = Object.freeze({ ...DEFAULT_SETTINGS, ...settings });
  try {
    return run();
  } finally {
    delete (bundle.context as Record<symbol, unknown>)[SETTINGS_KEY];
  }
}
const first = (result: unknown) => (result as unknown[][])[0][0];
const FEES = [["2026-01-01", 310, 45.5, 125]];
const SURCHARGE = [["2026-04-01", 300, 360, 3.6]];

describe("HUDSON_QUOTE names what it does not use (D21)", () => {
  test("relieved at the mid-river station on a Section 1 transit: charged, and a Warning row says why the relief is not used", () => {
    const spill = bundle.call("HUDSON_QUOTE", [[200]], [[1]], [["2026-06-15"]], [[12]], [[true]], null, FEES, SURCHARGE) as unknown[][];
    // (xi) Section 1: 200 × $15.32 = $3,064.00; 12 h > 10 h, and the relief does not count on Section 1: 50% × $3,064.00 = $1,532.00.
    expect(spill.find((row) => row[0] === "Second pilot (50% of base pilotage)")?.[1]).toBe(1532);
    expect(spill.filter((row) => row[0] === "Warning").map((row) => row[2])).toEqual([
      "Relieved at the mid-river station is not used: a Section 1 transit (Yonkers through Hyde Park) does not reach the mid-river pilot station at Norrie Point, which serves Section 2 (§ 89-a(4)(b)(1-a), D21).",
    ]);
    // 3,064.00 + surcharge 200 × $3.60 = 720.00 + 1,532.00 + launch 310.00 + communication 45.50 = $5,671.50.
    expect(spill[spill.length - 1]).toEqual(["Total", 5671.5, "§ 89-a(4)(b)(1)(xi)"]);
  });
});

describe("exact cents at the sizes accepted (D22)", () => {
  test("HUDSON_SURCHARGE: $1,802.01 per unit on 49,990.640199 units is $90,083,633.54", () => {
    // 180,201 cents × 49,990,640,199 millionths = 9,008,363,354.499999 cents → $90,083,633.54 (not .55).
    expect(first(bundle.call("HUDSON_SURCHARGE", [[49990.640199]], [["2026-06-15"]], [["2026-04-01", 1, 2, 1802.01]]))).toBe(90083633.54);
  });

  test("HUDSON_SECOND_PILOT: \"10.00000000000000001\" hours is more than ten", () => {
    // 50% × $3,630.00 = $1,815.00; exactly 10 hours: none.
    expect(first(bundle.call("HUDSON_SECOND_PILOT", [[3630]], [["10.00000000000000001"]]))).toBe(1815);
    expect(first(bundle.call("HUDSON_SECOND_PILOT", [[3630]], [[10]]))).toBe(0);
  });
});

describe("D11's setting, saved by the task pane", () => {
  test("HUDSON_SECOND_PILOT's surcharge argument counts under base plus surcharge only", () => {
    // 50% × $4,926.45 = $2,463.225 → $2,463.23; 50% × ($4,926.45 + $827.86 = $5,754.31) = $2,877.155 → $2,877.16.
    expect(first(bundle.call("HUDSON_SECOND_PILOT", [[4926.45]], [[12]], null, null, [[827.86]]))).toBe(2463.23);
    expect(withSettings({ secondPilotBasis: "basePlusSurcharge" }, () => first(bundle.call("HUDSON_SECOND_PILOT", [[4926.45]], [[12]], null, null, [[827.86]])))).toBe(2877.16);
  });

  test("HUDSON_TOTAL under base plus surcharge", () => {
    // 2019-06-15, (iv) Section 2, 271.43 units: 4,926.45 + surcharge (37th–48th month) 827.86 + second pilot 2,877.16
    // + launch 310.00 + communication 45.50 + mid-river launch 125.00 = $9,111.97.
    const total = withSettings({ secondPilotBasis: "basePlusSurcharge" }, () => first(bundle.call("HUDSON_TOTAL", [[271.43]], [[2]], [["2019-06-15"]], [[12]], null, null, [["2019-01-01", 310, 45.5, 125]], null)));
    expect(total).toBe(9111.97);
  });
});

describe("D13 and D17 as Excel sees them", () => {
  test("HUDSON_PILOT_REQUIRED: a recreational vessel of 250 ft is BOARD DISCRETION; under the setting under200Ft, REQUIRED", () => {
    const args = [[["registered"]], [[5000]], [[9]], null, [[true]], [[250]]];
    expect(first(bundle.call("HUDSON_PILOT_REQUIRED", ...args))).toBe("BOARD DISCRETION");
    expect(withSettings({ recreationalExemption: "under200Ft" }, () => first(bundle.call("HUDSON_PILOT_REQUIRED", ...args)))).toBe("REQUIRED");
  });

  test("HUDSON_FIXED_PENSION: 2015 is $84,600; 2011–2014 are #N/A, not set by § 89-a(6)", () => {
    expect(first(bundle.call("HUDSON_FIXED_PENSION", [[2015]]))).toBe(84600);
    for (const year of [2011, 2012, 2013, 2014]) {
      expect(excelError(first(bundle.call("HUDSON_FIXED_PENSION", [[year]])))).toMatchObject({ code: "#N/A", message: expect.stringMatching(new RegExp(`^Retirement in ${year} is not set by § 89-a\\(6\\)`)) });
    }
  });
});
