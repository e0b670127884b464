/**
 * Issue 35 from the built command line: the D25 warning in the table and in --json, and the
 * messages and readings that misled. Expected amounts are worked by hand from § 89-a.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const D25_XII =
  "Rates change on 2027-01-01: a transit boarding that day is priced under clause (xii)'s base pilotage rates (§ 89-a(4)(b)(1)(xii)). " +
  "A transit of 12 hours that boards on 2026-12-31 after 12:00 is still under way then; the whole transit is priced at the rates in force on 2026-12-31, " +
  "the date entered, taken as the day the pilot boards (D25). If the pilot boards on 2027-01-01 or later, enter that date.";

describe("quote --date 2026-12-31 --hours 12: clause (xii) takes effect the next day (D25)", () => {
  const args = ["quote", "--units", "200", "--section", "1", "--date", "2026-12-31", "--hours", "12", "--launch-fee", "300", "--communication-fee", "45.50", "--board-surcharge", "300,360,3.60"];

  test("--json: priced under (xi), the date entered, with the warning naming (xii), 2027-01-01 and the date used", () => {
    const out = run(...args, "--json");
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    const json = JSON.parse(out.stdout);
    // Clause (xi) Section 1: 200 × $15.32 = $3,064.00; 12 h > 10 h: 50% = $1,532.00; surcharge 200 × $3.60 = $720.00;
    // fees $300.00 + $45.50. Total 3,064.00 + 1,532.00 + 720.00 + 345.50 = $5,661.50.
    expect(json.clause).toBe("xi");
    expect(json.total).toBe("5661.50");
    expect(json.warnings).toContain(D25_XII);
  });

  test("the table lists the same warning", () => {
    const out = run(...args);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`  - ${D25_XII}`);
  });
});

describe("messages that misled", () => {
  test('--length "609.601 m" is refused with its feet, 2,000.003 ft (609.601 ÷ 0.3048 = 2,000.00328…), not "2000 ft"', () => {
    const out = run("quote", "--length", "609.601 m", "--breadth", "80", "--depth", "40", "--section", "1", "--date", "2026-06-15");
    expect(out.code).toBe(2);
    expect(out.stderr).toBe('hudson-pilotage quote: The overall length "609.601 m" (2,000.003 ft) is over 2,000 ft: check the figure and its unit.\n');
  });

  test("--units 1e-400 is refused (under 0.000001 units), never charged and shown as \"units\": 0", () => {
    const out = run("quote", "--units", "1e-400", "--section", "1", "--date", "2026-06-15", "--json");
    expect(out.code).toBe(2);
    expect(out.stdout).toBe("");
    const error = JSON.parse(out.stderr).error;
    expect(error.field).toBe("units");
    expect(error.message).toContain("1e-400 pilotage units, less than 0.000001, the fewest accepted");
    // A millionth is accepted and shown as itself: (xi) Section 1, ≤ 50 units: $1,070.58.
    const smallest = JSON.parse(run("quote", "--units", "0.000001", "--section", "1", "--date", "2026-06-15", "--json").stdout);
    expect(smallest.units).toBe(0.000001);
    expect(smallest.lines[0].amount).toBe("1070.58");
  });

  test("--hours=-0 is 0 hours, as HUDSON_TOTAL takes it: no second pilot", () => {
    const out = run("quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--hours=-0", "--json");
    expect(out.code).toBe(3);
    const json = JSON.parse(out.stdout);
    expect(json.lines.find((l: { code: string }) => l.code === "second_pilot").amount).toBe("0.00");
  });
});

describe("readings that can surprise", () => {
  test(`--length "600''" is 600 inches (50 ft), less than the breadth of 80 ft: the quote says so`, () => {
    const out = run("quote", "--length", "600''", "--breadth", "80", "--depth", "40", "--section", "1", "--date", "2026-06-15", "--json");
    const json = JSON.parse(out.stdout);
    // 50 × 80 × 40 ÷ 10,000 = 16 units.
    expect(json.units).toBe(16);
    expect(json.warnings).toContain(
      `The vessel's shape is implausible: the overall length, 50 ft ("600''" read as 600 inches), is less than the extreme breadth, 80 ft. ` +
        `The units are worked from the figures as read: check the measurements and their units (feet are written 600' or 600 ft, inches 6" or 6 in; § 89-a(4)(b)(2), (c)).`,
    );
  });

  test("compliance for an enrolled vessel quotes § 89-a(2)'s \"vessel from a foreign port\"", () => {
    const json = JSON.parse(run("compliance", "--status", "enrolled", "--gross-tons", "9000", "--draft", "30", "--json").stdout);
    expect(json.answer).toBe("NOT REQUIRED");
    expect(json.note).toContain('"to pilot or offer to pilot any foreign vessel or vessel from a foreign port or any vessel under register"');
    const text = run("compliance", "--status", "enrolled", "--gross-tons", "9000", "--draft", "30").stdout;
    expect(text).toContain("if this vessel comes from a foreign port, whoever pilots it on these waters must be a licensed Hudson River pilot (§ 89-a(2), (3))");
  });

  test("2020-06-15, under clause (v) with (vi)'s start unknown, warns that (vi) may apply", () => {
    const json = JSON.parse(run("quote", "--units", "200", "--section", "1", "--date", "2020-06-15", "--json").stdout);
    // Clause (v) Section 1: 200 × $13.07 = $2,614.00.
    expect([json.clause, json.lines[0].amount]).toEqual(["v", "2614.00"]);
    expect(json.warnings.some((w: string) => w.startsWith("Clause (vi) may apply"))).toBe(true);
  });
});
