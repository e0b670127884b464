/**
 * Issue 17 through the built command line (bin/hudson-pilotage.js and dist-node, which npm test
 * builds first) and the built library: what a quote does not use is named, board rows off the
 * statute's calendar warn, exactness at the sizes accepted, D13 and D17 from the command line, and
 * D11's setting in batch and the library. Amounts are worked by hand from § 89-a; board amounts are
 * illustrative.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");
// The built library, as `require("hudson-pilotage")` loads it (package.json "main").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const library = require("../../dist-node/src/lib/index.js") as typeof import("../../src/lib");

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "hudson-law-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", cwd: folder });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface QuoteOut {
  lines: { code: string; amount: string | null; note: string }[];
  warnings: string[];
  total: string;
  complete: boolean;
}
const quoted = (out: { stdout: string }) => JSON.parse(out.stdout) as QuoteOut;
const amountOf = (quote: QuoteOut, code: string) => quote.lines.find((line) => line.code === code)?.amount;
const ALL_FEES = ["--launch-fee", "310", "--communication-fee", "45.50"];

describe("inputs a quote does not use are named in its warnings, with the clause (D21)", () => {
  test("a board surcharge for a date inside the statutory tables: the statute's table is used, and the flag is named", () => {
    // 2019-06-15 is in the 37th–48th month after 2015-11-20 (assumed): 200 units × $3.05 = $610.00, not × $3.60.
    const quote = quoted(run("quote", "--units", "200", "--section", "1", "--date", "2019-06-15", "--board-surcharge", "300,360,3.60", ...ALL_FEES, "--json"));
    expect(amountOf(quote, "surcharge")).toBe("610.00");
    expect(quote.warnings).toContain(
      "The board surcharge entered (row from 2019-06-15) is not used: on 2019-06-15 the statute's own surcharge table applies (§ 89-a(4)(b)(1-c)(ii)); " +
        "the surcharge board sets the surcharge only from 2020-11-20, after the sixtieth month (§ 89-a(4)(b)(1-c)(iii), D21).",
    );
  });

  test("a repeated flag names the value used", () => {
    const out = run("quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--hours", "12", "--hours", "9", "--board-surcharge", "300,360,3.60", ...ALL_FEES, "--json");
    expect(out.code).toBe(0);
    const quote = quoted(out);
    expect(quote.warnings).toContain('--hours was given 2 times: the last, "9", is used (§ 89-a(4)(b)(1-a), D21).');
    // The last, 9 h, is not more than 10 h: no second pilot.
    expect(amountOf(quote, "second_pilot")).toBe("0.00");
  });
});

describe("board rows checked against (1-a) and (1-b), from a --board-rates file", () => {
  test("a surcharge row off the quarter days (D19) and a fee row more than 13 months old (D20) each warn; the quote uses both", () => {
    fs.writeFileSync(path.join(folder, "rates.csv"), ["table,from,a,b,c", "fees,2025-01-01,310.00,45.50,125.00", "surcharge,2026-02-15,300.00,360.00,3.60"].join("\n"));
    const out = run("quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--board-rates", "rates.csv", "--json");
    expect(out.code).toBe(0);
    const quote = quoted(out);
    // (xi) Section 1: 200 × $15.32 = $3,064.00; surcharge 200 × $3.60 = $720.00; launch $310.00 + communication $45.50;
    // total 3,064.00 + 720.00 + 310.00 + 45.50 = $4,139.50.
    expect(quote.total).toBe("4139.50");
    expect(quote.warnings).toEqual([
      "The board surcharge row from 2026-02-15 does not start on 1 January, 1 April, 1 July or 1 October, the days on which the surcharge board's surcharge takes effect (§ 89-a(4)(b)(1-b), D19): check the row's date.",
      // 2025-01-01 + 13 months = 2026-02-01, before 2026-06-15.
      "The board's fees used are from 2025-01-01, more than 13 months before 2026-06-15: the launch, communication and mid-river launch fees are reviewed annually (§ 89-a(4)(b)(1-a), D20), so the amounts may be out of date.",
    ]);
  });

  test("a fee row exactly 13 months old does not warn; a day later it does", () => {
    fs.writeFileSync(path.join(folder, "rates13.csv"), ["table,from,a,b,c", "fees,2025-05-15,310.00,45.50,125.00", "surcharge,2026-04-01,300.00,360.00,3.60"].join("\n"));
    // 2025-05-15 + 13 months = 2026-06-15: not later than the row's 13 months; 2026-06-16 is.
    expect(quoted(run("quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--board-rates", "rates13.csv", "--json")).warnings).toEqual([]);
    expect(quoted(run("quote", "--units", "200", "--section", "1", "--date", "2026-06-16", "--board-rates", "rates13.csv", "--json")).warnings).toEqual([
      expect.stringMatching(/^The board's fees used are from 2025-05-15, more than 13 months before 2026-06-16: .*\(§ 89-a\(4\)\(b\)\(1-a\), D20\)/),
    ]);
  });
});

describe("exact at every size accepted (D22)", () => {
  test("a board surcharge of $1,802.01 per unit on 49,990.640199 units is $90,083,633.54", () => {
    // 180,201 cents × 49,990,640,199 millionths = 9,008,363,354,499,999 millionths of a cent = 9,008,363,354.499999 cents
    // → 9,008,363,354 cents (half up: .499999 rounds down) = $90,083,633.54. (A double product gives .55.)
    // Base: 49,990.64 units are over the 500-unit maximum: (xi) Section 1, 500 × $15.32 = $7,660.00.
    const out = run("quote", "--units", "49990.640199", "--section", "1", "--date", "2026-06-15", "--board-surcharge", "1,2,1802.01", ...ALL_FEES, "--json");
    expect(out.code).toBe(0);
    const quote = quoted(out);
    expect(amountOf(quote, "surcharge")).toBe("90083633.54");
    expect(amountOf(quote, "base")).toBe("7660.00");
    // 7,660.00 + 90,083,633.54 + 310.00 + 45.50 = $90,091,649.04.
    expect(quote.total).toBe("90091649.04");
    expect(quote.warnings).toContain("49990.64 pilotage units is more than the largest vessels have (about 3,000): check the figure (§ 89-a(4)(b)(2), D24).");
  });

  test("--launch-fee 90071992547409.93 is refused naming the bound; $999,999,999.99 comes back to the cent", () => {
    const over = run("quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--launch-fee", "90071992547409.93", "--json");
    expect(over.code).toBe(2);
    expect(JSON.parse(over.stderr).error).toEqual({
      code: "IMPLAUSIBLE",
      field: "launch-fee",
      message: "The launch fee 90071992547409.93 is over $1,000,000,000, the most an amount may be (D22): check the figure.",
    });
    const quote = quoted(run("quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--board-surcharge", "300,360,3.60", "--launch-fee", "999999999.99", "--communication-fee", "45.50", "--json"));
    expect(amountOf(quote, "launch")).toBe("999999999.99");
    // 3,064.00 + 720.00 + 999,999,999.99 + 45.50 = $1,000,003,829.49.
    expect(quote.total).toBe("1000003829.49");
  });

  test("--hours 10.00000000000000001 is more than ten: a second pilot", () => {
    // 2019-06-15, clause (iv), Section 2: 200 × $18.15 = $3,630.00; second pilot 50% × $3,630.00 = $1,815.00.
    const args = ["quote", "--units", "200", "--section", "2", "--date", "2019-06-15", "--midriver-launch-fee", "125", ...ALL_FEES, "--json"];
    expect(amountOf(quoted(run(...args, "--hours", "10.00000000000000001")), "second_pilot")).toBe("1815.00");
    expect(amountOf(quoted(run(...args, "--hours", "10.000000000000000000")), "second_pilot")).toBe("0.00");
  });
});

describe("numbers read as written", () => {
  test("--units 0,500 and --units -1 are refused with what to fix", () => {
    expect(run("quote", "--units", "0,500", "--section", "1", "--date", "2026-06-15").stderr).toBe(
      'hudson-pilotage quote: The pilotage units "0,500" are not a number: a comma only groups thousands (1,234.5); write a decimal with a point (0.5).\n',
    );
    const negative = run("quote", "--units", "-1", "--section", "1", "--date", "2026-06-15");
    expect(negative.code).toBe(2);
    expect(negative.stderr).toBe("hudson-pilotage quote: The pilotage units must be more than zero: enter the units.\n");
  });

  test("--units 45,125, 50 hours and a $10,000.01 fee are quoted, each with a warning (D24)", () => {
    // 45,125 units is over the 500-unit maximum: (xi) Section 1, 500 × $15.32 = $7,660.00.
    const quote = quoted(run("quote", "--units", "45,125", "--section", "1", "--date", "2026-06-15", "--hours", "50", "--board-surcharge", "300,360,3.60",
      "--launch-fee", "10000.01", "--communication-fee", "45.50", "--json"));
    expect(amountOf(quote, "base")).toBe("7660.00");
    expect(quote.warnings).toEqual(expect.arrayContaining([
      "45125 pilotage units is more than the largest vessels have (about 3,000): check the figure (§ 89-a(4)(b)(2), D24).",
      "50 hours of continuous pilotage is more than two days: check the figure (§ 89-a(4)(b)(1-a), D24).",
      "The launch fee of $10,000.01 is more than $10,000: check the figure (§ 89-a(4)(b)(1-a), D24).",
    ]));
  });
});

describe("D11's setting in batch and in the library", () => {
  test("batch --second-pilot-basis base-plus-surcharge: 50% of base plus surcharge on each row", () => {
    fs.writeFileSync(path.join(folder, "calls.csv"), "Units,Section,Date,Hours\n271.43,2,2019-06-15,12\n");
    const out = run("batch", "calls.csv", "-o", "quotes.csv", "--second-pilot-basis", "base-plus-surcharge", "--json");
    // 2019-06-15, clause (iv), Section 2: base 271.43 × $18.15 = $4,926.4545 → $4,926.45; statutory surcharge
    // (37th–48th month) 271.43 × $3.05 = $827.8615 → $827.86; 50% × (4,926.45 + 827.86 = $5,754.31) = $2,877.155 → $2,877.16.
    expect(out.stderr).toBe("");
    const header = fs.readFileSync(path.join(folder, "quotes.csv"), "utf8").split(/\r?\n/)[0].split(",");
    const row = fs.readFileSync(path.join(folder, "quotes.csv"), "utf8").split(/\r?\n/)[1].split(",");
    expect(row[header.indexOf("Quote second pilot")]).toBe("2877.16");
  });

  test("quote({ secondPilotBasis: \"base-plus-surcharge\" }) in the built library", async () => {
    const request = { units: 271.43, section: 2, date: "2019-06-15", hours: 12, launchFee: 310, communicationFee: 45.5, midriverLaunchFee: 125 };
    // As above: $2,877.16 with the setting, 50% × $4,926.45 = $2,463.225 → $2,463.23 without.
    expect((await library.quote(request)).lines.find((line) => line.code === "second_pilot")?.amount).toBe("2463.23");
    const withSetting = await library.quote({ ...request, secondPilotBasis: "base-plus-surcharge" });
    expect(withSetting.lines.find((line) => line.code === "second_pilot")?.amount).toBe("2877.16");
    expect(withSetting.settingsNotDefault).toEqual(["D11 second pilot's 50% is of: basePlusSurcharge"]);
  });
});

describe("D13 from the command line: compliance", () => {
  const recreational = ["compliance", "--status", "registered", "--gross-tons", "5000", "--draft", "9", "--recreational", "--json"];

  test("a recreational vessel of 250 ft: BOARD DISCRETION, with the note that one sentence limits it to under 200 ft", () => {
    const answer = JSON.parse(run(...recreational, "--length", "250").stdout);
    expect(answer.answer).toBe("BOARD DISCRETION");
    expect(answer.citation).toBe("§ 89-a(1)");
    expect(answer.note).toBe(
      "One sentence of § 89-a(1) limits the board's discretion to recreational vessels \"of less than two hundred feet in length\"; " +
        "its last sentence repeats the exemption with no length limit, which is the reading used (D13; setting recreationalExemption).",
    );
    expect(answer.settingsNotDefault).toEqual([]);
  });

  test("under 200 ft: BOARD DISCRETION without the note; --recreational-exemption under-200-ft makes 250 ft REQUIRED", () => {
    expect(JSON.parse(run(...recreational, "--length", "199.5").stdout)).toMatchObject({ answer: "BOARD DISCRETION", note: null });
    const limited = JSON.parse(run(...recreational, "--length", "250", "--recreational-exemption", "under-200-ft").stdout);
    expect(limited.answer).toBe("REQUIRED");
    expect(limited.settingsNotDefault).toEqual(["D13 board's discretion over recreational vessels: under200Ft"]);
  });

  test("the small-vessel exception needs all three conditions; an enrolled vessel is not subject", () => {
    // Otherwise than by sea, 299 GRT (< 300), 7 ft draft (≤ 7 ft): NOT REQUIRED; 300 GRT: REQUIRED.
    expect(JSON.parse(run("compliance", "--status", "foreign", "--gross-tons", "299", "--draft", "7", "--not-by-sea", "--json").stdout).answer).toBe("NOT REQUIRED");
    expect(JSON.parse(run("compliance", "--status", "foreign", "--gross-tons", "300", "--draft", "7", "--not-by-sea", "--json").stdout).answer).toBe("REQUIRED");
    expect(JSON.parse(run("compliance", "--status", "enrolled", "--gross-tons", "9000", "--draft", "30", "--json").stdout).answer).toBe("NOT REQUIRED");
  });

  test("a bad figure names the flag", () => {
    const out = run("compliance", "--status", "foreign", "--gross-tons", "-1", "--draft", "7", "--json");
    expect(out.code).toBe(2);
    expect(JSON.parse(out.stderr).error.field).toBe("gross-tons");
  });

  test("the library's compliance(request) answers the same", () => {
    expect(library.compliance({ status: "registered", grossTons: 5000, draft: 9, recreational: true, length: 250, recreationalExemption: "under-200-ft" }).answer).toBe("REQUIRED");
  });
});

describe("D17 from the command line: pension", () => {
  test("2015: $84,600.00 with the note; 2011–2014 are not set by § 89-a(6); 2010: $49,993.00", () => {
    const year2015 = JSON.parse(run("pension", "--retired", "2015", "--json").stdout);
    expect(year2015.amount).toBe("84600.00");
    expect(year2015.note).toMatch(/"retires", not "retired", so it sets 2015 only; 2011–2014 are not set \(D17\)/);
    for (const year of ["2011", "2012", "2013", "2014"]) {
      const out = run("pension", "--retired", year, "--json");
      expect(out.code).toBe(0);
      expect(JSON.parse(out.stdout)).toMatchObject({ amount: null, citation: "§ 89-a(6)" });
      expect(JSON.parse(out.stdout).reason).toMatch(new RegExp(`^Retirement in ${year} is not set by § 89-a\\(6\\)`));
    }
    // "those who retired in two thousand ten shall receive … forty-nine thousand nine hundred ninety-three dollars"
    expect(run("pension", "--retired", "2010").stdout).toMatch(/^\$49,993\.00 a year \(§ 89-a\(6\)\)/);
    expect(library.pension(2015).amount).toBe("84600.00");
    expect(library.pension(2013).amount).toBeNull();
  });
});
