/**
 * The built CLI, run as a child process (npm test builds it first). Expected amounts are worked
 * by hand from § 89-a in each test.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("hudson-pilotage quote", () => {
  test("plain output: table of lines with citations and the total", () => {
    // 600' 6" = 600.5 ft; 600.5 × 80 × 40 ÷ 10,000 = 192.16 units.
    // Clause (xi) (2026-01-01 … 2026-12-31), Section 1: 192.16 × $15.32 = $2,943.8912 → $2,943.89.
    // Launch $300.00 + communication $45.50 (board amounts as entered).
    // Surcharge from the board's flag 300,360,3.60: 192.16 × $3.60 = $691.776 → $691.78.
    // Total 2,943.89 + 691.78 + 300.00 + 45.50 = $3,981.17.
    const out = run("quote", "--length", `600' 6"`, "--breadth", "80", "--depth", "40", "--section", "lower",
      "--date", "2026-06-15", "--launch-fee", "300", "--communication-fee", "45.50", "--board-surcharge", "300,360,3.60");
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("Pilotage units: 192.16");
    expect(out.stdout).toMatch(/Base pilotage, Section 1, Lower River\s+\$2,943\.89\s+§ 89-a\(4\)\(b\)\(1\)\(xi\)/);
    expect(out.stdout).toMatch(/Surcharge .*\$691\.78/);
    expect(out.stdout).toMatch(/^Total\s+\$3,981\.17/m);
    expect(out.stdout).not.toContain("Mid-river");
  });

  test("--second-pilot-basis base-plus-surcharge (D11): 50% of base plus surcharge, named in the settings", () => {
    // 2019-06-15: clause (iv) and the statutory surcharge of the 37th–48th month (anchor 2015-11-20).
    // Section 2, 271.43 units: base 271.43 × $18.15 = $4,926.4545 → $4,926.45; surcharge 271.43 × $3.05 = $827.8615 → $827.86.
    // 12 h > 10 h: 50% × ($4,926.45 + $827.86 = $5,754.31) = $2,877.155 → $2,877.16 (default: 50% × $4,926.45 = $2,463.23).
    const args = ["quote", "--units", "271.43", "--section", "2", "--date", "2019-06-15", "--hours", "12", "--json"];
    const secondPilot = (out: { stdout: string }) => JSON.parse(out.stdout).lines.find((l: { code: string }) => l.code === "second_pilot").amount;
    expect(secondPilot(run(...args))).toBe("2463.23");
    const out = run(...args, "--second-pilot-basis", "base-plus-surcharge");
    // No launch or communication fee given: quoted, but incomplete (exit 3).
    expect(out.code).toBe(3);
    expect(secondPilot(out)).toBe("2877.16");
    expect(JSON.parse(out.stdout).settingsNotDefault).toEqual(["D11 second pilot's 50% is of: basePlusSurcharge"]);
  });

  test("inputs that are not used are named in --json warnings with their clause (D21)", () => {
    const out = run("quote", "--units", "200", "--units", "300", "--section", "1", "--date", "2026-06-15", "--relieved-midriver",
      "--midriver-launch-fee", "125", "--board-surcharge", "300,360,3.60", "--json");
    // No launch or communication fee given: quoted, but incomplete (exit 3).
    expect(out.code).toBe(3);
    const json = JSON.parse(out.stdout);
    // The last --units is used: (xi) Section 1, 300 × $15.32 = $4,596.00.
    expect(json.lines[0].amount).toBe("4596.00");
    expect(json.warnings).toEqual(expect.arrayContaining([
      '--units was given 2 times: the last, "300", is used (§ 89-a(4)(b)(2), D21).',
      expect.stringMatching(/^Relieved at the mid-river station is not used: .*\(§ 89-a\(4\)\(b\)\(1-a\), D21\)\.$/),
      "The mid-river launch fee entered ($125.00) is not charged: a Section 1 transit does not pay it, only Section 2 transits do (§ 89-a(4)(b)(1-a), D10, D21).",
    ]));
  });

  test("a negative number after a flag is its value, read and refused by the reader (not an ambiguous command line)", () => {
    const out = run("quote", "--units", "-1", "--section", "1", "--date", "2026-06-15");
    expect(out.code).toBe(2);
    expect(out.stderr).toBe("hudson-pilotage quote: The pilotage units must be more than zero: enter the units.\n");
  });

  test("--json shape: amounts as two-decimal strings, units as a number, codes as documented", () => {
    // Clause (xii) from 2027-01-01, Section 2: 271.43 × $22.23 = $6,033.8889 → $6,033.89.
    // 14 h > 10 h, not relieved, not anchored: second pilot 50% × $6,033.89 = $3,016.945 → $3,016.95.
    const out = run("quote", "--units", "271.43", "--section", "2", "--date", "2027-01-01", "--hours", "14",
      "--launch-fee", "310", "--communication-fee", "50", "--midriver-launch-fee", "125.25", "--board-surcharge", "300,360,3.60", "--json");
    expect(out.code).toBe(0);
    const json = JSON.parse(out.stdout);
    expect(json.units).toBe(271.43);
    expect(json.clause).toBe("xii");
    expect(json.lines.map((l: { code: string }) => l.code)).toEqual(["base", "surcharge", "second_pilot", "launch", "communication", "midriver_launch"]);
    const amounts = Object.fromEntries(json.lines.map((l: { code: string; amount: string }) => [l.code, l.amount]));
    // Surcharge: 271.43 × $3.60 = $977.148 → $977.15.
    expect(amounts).toEqual({
      base: "6033.89",
      surcharge: "977.15",
      second_pilot: "3016.95",
      launch: "310.00",
      communication: "50.00",
      midriver_launch: "125.25",
    });
    // 6,033.89 + 977.15 + 3,016.95 + 310.00 + 50.00 + 125.25 = 10,513.24
    expect(json.total).toBe("10513.24");
    expect(json.complete).toBe(true);
    for (const line of json.lines) {
      expect(line.citation).toMatch(/^§ 89-a\(/);
      expect(line.amount).toMatch(/^\d+\.\d{2}$/);
    }
  });

  test("fees not entered: total is incomplete and says so", () => {
    // Statutory surcharge period 5 (2019-11-20 … 2020-11-19 with the assumed 2015-11-20 anchor):
    // 40 units ≤ 50 → $280.00. Clause (v) from 2019-11-20, Section 1, ≤ 50 units → $914.25.
    const out = run("quote", "--units", "40", "--section", "1", "--date", "2020-03-02", "--json");
    expect(out.code).toBe(3); // quoted, but incomplete
    expect(out.stderr).toBe("");
    const json = JSON.parse(out.stdout);
    expect(json.clause).toBe("v");
    expect(json.complete).toBe(false);
    expect(json.lines.find((l: { code: string }) => l.code === "launch").amount).toBeNull();
    // 914.25 + 280.00 = 1,194.25 (board fees left out)
    expect(json.total).toBe("1194.25");
    expect(json.warnings.join(" ")).toMatch(/Launch fee not entered/);
    expect(json.warnings.join(" ")).toMatch(/Assumed: clause \(v\)/);
  });

  test("amounts not entered: the table ends with the flags that enter them (the engine's notes name no flag)", () => {
    // After the statutory surcharge periods (2026-06-15) and with no board flags: surcharge, launch
    // and communication fee not entered (Section 1 has no mid-river launch).
    const out = run("quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--launch-fee", "310");
    expect(out.code).toBe(3);
    expect(out.stdout).toMatch(/Surcharge not entered: No surcharge board table covers 2026-06-15: .*Enter the board's table in force on that date/);
    expect(out.stdout.trimEnd().split("\n").pop()).toBe("To enter the amounts not entered: --board-surcharge A,B,R --communication-fee X (see hudson-pilotage quote --help).");
    const complete = run("quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--launch-fee", "310", "--communication-fee", "45.50", "--board-surcharge", "300,360,3.60");
    expect(complete.stdout).not.toContain("To enter the amounts not entered");
    expect(complete.code).toBe(0);
  });

  test("--unmeasured charges the maximum, 500 units", () => {
    // (xi) Section 2: 500 × $21.58 = $10,790.00
    const out = run("quote", "--unmeasured", "--section", "upper", "--date", "2026-12-31", "--json");
    const json = JSON.parse(out.stdout);
    expect(json.unmeasured).toBe(true);
    expect(json.lines[0].amount).toBe("10790.00");
    expect(json.lines[0].citation).toContain("§ 89-a(4)(d)");
  });

  test.each([
    [["--units", "120", "--section", "3", "--date", "2026-01-01"], /section is "3"/],
    [["--units", "abc", "--section", "1", "--date", "2026-01-01"], /not a number/],
    [["--units=-5", "--section", "1", "--date", "2026-01-01"], /more than zero/],
    [["--units", "-5", "--section", "1", "--date", "2026-01-01"], /more than zero/],
    [["--units", "120", "--section", "1", "--date", "2026-02-30"], /does not exist/],
    [["--units", "120", "--section", "1", "--date", "2014-05-01"], /No § 89-a base pilotage schedule/],
    [["--units", "120", "--section", "1"], /--date is required/],
    [["--units", "120", "--unmeasured", "--section", "1", "--date", "2026-01-01"], /one way/],
    [["--length", "3000", "--breadth", "80", "--depth", "40", "--section", "1", "--date", "2026-01-01"], /over 2,000 ft/],
    [["--units", "120", "--section", "1", "--date", "2026-01-01", "--bogus"], /Unknown option '--bogus'/],
    [["--units", "120", "--section", "1", "--date", "2026-01-01", "--board-surcharge", "1,2"], /three amounts/],
  ])("bad input %j: exit 2 and one line on stderr", (args, reason) => {
    const out = run("quote", ...args);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toMatch(reason);
    expect(out.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  test("--help documents every flag", () => {
    const out = run("quote", "--help");
    expect(out.code).toBe(0);
    for (const flag of ["--length", "--breadth", "--depth", "--unit", "--units", "--unmeasured", "--section", "--date", "--clause", "--hours",
      "--relieved-midriver", "--anchored-8h", "--launch-fee", "--communication-fee", "--midriver-launch-fee", "--board-surcharge", "--board-rates", "--json",
      "--round-units", "--at-100", "--act-effective-date", "--clause-vi-start"]) {
      expect(out.stdout).toContain(flag);
    }
  });

  test("a quote starts without loading exceljs (loaded only when a workbook is read or written)", () => {
    const script = [
      `process.argv = [process.execPath, ${JSON.stringify(BIN)}, "quote", "--units", "271.43", "--section", "upper", "--date", "2026-06-15"];`,
      `process.on("exit", () => process.stderr.write(Object.keys(require.cache).some((file) => /node_modules[\\\\/]exceljs[\\\\/]/.test(file)) ? "exceljs loaded" : ""));`,
      `require(${JSON.stringify(BIN)});`,
    ].join("\n");
    const result = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(3); // quoted; incomplete without the board amounts
    expect(result.stdout).toMatch(/^Total/m);
  });

  test("unknown command: exit 2", () => {
    const out = run("frobnicate");
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/unknown command "frobnicate"/);
  });
});
