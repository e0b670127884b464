/**
 * What a script or an agent relies on, through the built binary (bin/hudson-pilotage.js; npm test
 * builds first): under --json every error is one line {"error":{"code","field","message"}} on
 * stderr with exit 2; exit 3 marks a quote that is incomplete; --version / -v; quote reads the
 * same --board-rates file as batch and reconcile; and the binary run before a build says what to
 * run instead of a stack trace. Amounts are worked by hand from § 89-a in each test.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const BIN = path.join(ROOT, "bin/hudson-pilotage.js");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "nypilot-agents-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function run(args: string[], options: { input?: string; bin?: string } = {}) {
  const result = spawnSync(process.execPath, [options.bin ?? BIN, ...args], { encoding: "utf8", input: options.input, cwd: work });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** stderr as the one JSON line it must be. */
function jsonError(stderr: string): { code: string; field: string | null; message: string } {
  expect(stderr.endsWith("\n")).toBe(true);
  expect(stderr.slice(0, -1)).not.toContain("\n");
  const parsed = JSON.parse(stderr) as { error: { code: string; field: string | null; message: string } };
  expect(Object.keys(parsed)).toEqual(["error"]);
  expect(Object.keys(parsed.error).sort()).toEqual(["code", "field", "message"]);
  return parsed.error;
}

describe("--json errors: one line of JSON on stderr, exit 2", () => {
  test.each([
    // [argv, code, field, message]
    [["quote", "--units", "abc", "--section", "1", "--date", "2026-06-15", "--json"], "NOT_A_NUMBER", "units", 'The pilotage units "abc" are not a number: enter the units or UNMEASURED.'],
    [["quote", "--units", "200", "--section", "1", "--date", "2026/06/15", "--json"], "BAD_DATE", "date", 'The date "2026/06/15" is not a date: enter a date as YYYY-MM-DD, e.g. 2026-12-31.'],
    [["quote", "--units", "200", "--section", "3", "--date", "2026-06-15", "--json"], "UNKNOWN_SECTION", "section", null],
    [["quote", "--units", "200", "--section", "1", "--json"], "USAGE", "date", "--date is required: the transit date as YYYY-MM-DD."],
    [["quote", "--length", "600", "--breadth", "80", "--section", "1", "--date", "2026-06-15", "--json"], "USAGE", "depth", "Give all three of --length, --breadth and --depth."],
    [["quote", "--json", "--lenght", "600"], "UNKNOWN_OPTION", "lenght", null],
    [["quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--launch-fee", "abc", "--json"], "NOT_A_NUMBER", "launch-fee", null],
    [["rates", "--date", "tomorrow", "--json"], "BAD_DATE", "date", null],
    [["frobnicate", "--json"], "UNKNOWN_COMMAND", "command", null],
  ] as const)("%j → %s (%s)", (argv, code, field, message) => {
    const out = run([...argv]);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe("");
    const error = jsonError(out.stderr);
    expect({ code: error.code, field: error.field }).toEqual({ code, field });
    if (message !== null) expect(error.message).toBe(message);
    expect(error.message.length).toBeGreaterThan(10);
  });

  test("the same error without --json is the plain line, with the same message", () => {
    const plain = run(["quote", "--units", "abc", "--section", "1", "--date", "2026-06-15"]);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toBe('hudson-pilotage quote: The pilotage units "abc" are not a number: enter the units or UNMEASURED.\n');
  });

  test('"--json" after "--" is an argument, not the flag: the error stays plain', () => {
    const out = run(["quote", "--units", "200", "--", "--json"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^hudson-pilotage quote: /);
  });
});

describe("exit codes a script can branch on", () => {
  test("0 for a complete quote, 3 for one with an amount not entered; the JSON says complete either way", () => {
    // Clause (xi) (2026), Section 1, 200 units ≥ 100: 200 × $15.32 = $3,064.00.
    // Surcharge board flag 300,360,3.60: 200 × $3.60 = $720.00. Launch $310.00, communication $45.50.
    // 3,064.00 + 720.00 + 310.00 + 45.50 = $4,139.50.
    const complete = run(["quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--launch-fee", "310", "--communication-fee", "45.50", "--board-surcharge", "300,360,3.60", "--json"]);
    expect(complete.code).toBe(0);
    expect(JSON.parse(complete.stdout)).toMatchObject({ total: "4139.50", complete: true });
    // Without the communication fee: 3,064.00 + 720.00 + 310.00 = $4,094.00, incomplete.
    const incomplete = run(["quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--launch-fee", "310", "--board-surcharge", "300,360,3.60", "--json"]);
    expect(incomplete.code).toBe(3);
    expect(incomplete.stderr).toBe("");
    expect(JSON.parse(incomplete.stdout)).toMatchObject({ total: "4094.00", complete: false });
  });

  test("--help says what each exit code means", () => {
    const help = run(["--help"]).stdout;
    expect(help).toMatch(/2 bad input/);
    expect(help).toMatch(/3 \(quote\) quoted, but incomplete/);
    expect(run(["quote", "--help"]).stdout).toMatch(/3 quoted, but incomplete/);
  });
});

test("--version and -v print the package's version", () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
  for (const flag of ["--version", "-v"]) expect(run([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
});

describe("quote --board-rates FILE", () => {
  const rates = path.join(work, "rates.csv");
  beforeAll(() => {
    fs.writeFileSync(rates, ["table,from,a,b,c", "fees,2026-01-01,310.00,45.50,125.25", "surcharge,2026-04-01,300.00,360.00,3.60", "surcharge,2026-01-01,1.00,2.00,0.50"].join("\n") + "\n");
  });

  test("reads the same file as batch and reconcile: the rows in force on the date", () => {
    // 2026-06-15: fees row from 2026-01-01; surcharge row from 2026-04-01 (not the earlier one).
    // Clause (xi), Section 2, 200 units: 200 × $21.58 = $4,316.00; surcharge 200 × $3.60 = $720.00;
    // launch $310.00 + communication $45.50 + mid-river launch $125.25 (Section 2).
    // 4,316.00 + 720.00 + 310.00 + 45.50 + 125.25 = $5,516.75.
    const out = run(["quote", "--units", "200", "--section", "2", "--date", "2026-06-15", "--board-rates", rates, "--json"]);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    const json = JSON.parse(out.stdout);
    expect(Object.fromEntries(json.lines.map((l: { code: string; amount: string }) => [l.code, l.amount]))).toEqual({
      base: "4316.00",
      surcharge: "720.00",
      launch: "310.00",
      communication: "45.50",
      midriver_launch: "125.25",
    });
    expect(json.total).toBe("5516.75");
  });

  test("with a board amount flag as well it is refused, naming the flag", () => {
    const out = run(["quote", "--units", "200", "--section", "2", "--date", "2026-06-15", "--board-rates", rates, "--launch-fee", "300", "--json"]);
    expect(out.code).toBe(2);
    expect(jsonError(out.stderr)).toEqual({ code: "USAGE", field: "launch-fee", message: "Give the board amounts either in --board-rates or as flags, not both (--launch-fee was also given)." });
  });

  test("a bad row in it is refused with its row number", () => {
    const bad = path.join(work, "bad-rates.csv");
    fs.writeFileSync(bad, "table,from,a,b,c\nfees,2026-01-01,abc,45.50,\n");
    const out = run(["quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--board-rates", bad]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^hudson-pilotage quote: Board rates row 2: /);
  });
});

test("run before a build, the binary says what to run instead of a stack trace", () => {
  const checkout = path.join(work, "unbuilt");
  fs.mkdirSync(path.join(checkout, "bin"), { recursive: true });
  fs.copyFileSync(BIN, path.join(checkout, "bin", "hudson-pilotage.js"));
  const out = run(["quote", "--units", "200"], { bin: path.join(checkout, "bin", "hudson-pilotage.js") });
  expect(out).toEqual({
    code: 2,
    stdout: "",
    stderr: "hudson-pilotage: the command line is not built yet: run `npm run build:cli` (or `npm start`, or `npm test`) in this checkout first.\n",
  });
});

test("reconcile --json lists every flagged row; the text summary shows 20 and counts the rest", () => {
  // 25 rows, each Section 1, 40 units, 2026-03-01: clause (xi) ≤ 50 units $1,070.58; surcharge board
  // ≤ 50 units $300.00; launch $300.00 + communication $45.50: computed $1,716.08. Billed $1,716.09:
  // a cent over on every row, so every row is flagged.
  const rates = path.join(work, "flag-rates.csv");
  fs.writeFileSync(rates, "table,from,a,b,c\nfees,2024-01-01,300.00,45.50,125.00\nsurcharge,2020-11-20,300.00,360.00,3.60\n");
  const invoices = path.join(work, "flagged.csv");
  const rows = Array.from({ length: 25 }, (_, i) => `V${i + 1},40,1,2026-03-01,1716.09`);
  fs.writeFileSync(invoices, ["Vessel,Units,Section,Date,Invoice total", ...rows].join("\n") + "\n");
  const json = run(["reconcile", invoices, "--board-rates", rates, "--json"]);
  expect(json.code).toBe(1);
  const parsed = JSON.parse(json.stdout) as { summary: { rowsFlagged: number }; flaggedRows: { rowNumber: number; vessel: string; note: string }[] };
  expect(parsed.summary.rowsFlagged).toBe(25);
  // Data rows are lines 2 … 26 of the file.
  expect(parsed.flaggedRows.map((row) => row.rowNumber)).toEqual(Array.from({ length: 25 }, (_, i) => i + 2));
  expect(parsed.flaggedRows[24]).toEqual({ rowNumber: 26, vessel: "V25", note: "Total billed $1,716.09, computed $1,716.08: $0.01 over." });
  const text = run(["reconcile", invoices, "--board-rates", rates]);
  expect(text.stdout).toContain("  row 21 (V20): Total billed $1,716.09");
  expect(text.stdout).not.toContain("row 22 (V21)");
  expect(text.stdout).toContain("  … 5 more (write them all with -o, or list them with --json)");
});
