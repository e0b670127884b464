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
    [["quote", "--units", "200", "--section", "1", "--json"], "USAGE", "date", "--date is required: the transit date as YYYY-MM-DD (or 6/15/2026, 6/15/26, 15-Jun-2026)."],
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
  fs.writeFileSync(rates, "table,from,a,b,c\nfees,2026-01-01,300.00,45.50,125.00\nsurcharge,2020-11-20,300.00,360.00,3.60\n");
  const invoices = path.join(work, "flagged.csv");
  // 6 hours: one pilot (without an hours column the total is not checked, D26).
  const rows = Array.from({ length: 25 }, (_, i) => `V${i + 1},40,1,2026-03-01,6,1716.09`);
  fs.writeFileSync(invoices, ["Vessel,Units,Section,Date,Hours,Invoice total", ...rows].join("\n") + "\n");
  const json = run(["reconcile", invoices, "--board-rates", rates, "--json"]);
  expect(json.code).toBe(1);
  const parsed = JSON.parse(json.stdout) as { summary: { rowsFlagged: number }; flaggedRows: { rowNumber: number; vessel: string; status: string; note: string }[] };
  expect(parsed.summary.rowsFlagged).toBe(25);
  // Data rows are lines 2 … 26 of the file.
  expect(parsed.flaggedRows.map((row) => row.rowNumber)).toEqual(Array.from({ length: 25 }, (_, i) => i + 2));
  expect(parsed.flaggedRows[24]).toEqual({ rowNumber: 26, vessel: "V25", date: "2026-03-01", variance: "0.01", status: "variance", note: "Total billed $1,716.09, computed $1,716.08: $0.01 over." });
  const text = run(["reconcile", invoices, "--board-rates", rates]);
  expect(text.stdout).toContain("  row 21  V20  2026-03-01  $0.01 over  Total billed $1,716.09");
  expect(text.stdout).not.toContain("row 22");
  expect(text.stdout).toContain("  … 5 more (write them all with -o, or list them with --json)");
  // With -o the list is the same, and says where the rest are.
  const written = run(["reconcile", invoices, "--board-rates", rates, "-o", path.join(work, "flagged-out.csv"), "--force"]);
  expect(written.stdout).toContain("  row 2   V1   2026-03-01  $0.01 over  Total billed $1,716.09");
  expect(written.stdout).toContain(`  … 5 more (all are in ${path.join(work, "flagged-out.csv")}; list them with --json)`);
});

describe('"-" for standard input and -o -; JSON Lines (--format jsonl or an .jsonl name)', () => {
  const rates = path.join(work, "stream-rates.csv");
  // Row 4 has four fields under a five-column header: malformed.
  const table = ["Vessel,Units,Section,Date,Invoice total", "A,40,1,2026-03-01,1716.09", "B,abc,1,2026-03-01,1716.08", "C,40,1,2026-03-01", "D,200,2,2026-06-15,5506.50"].join("\n") + "\n";
  beforeAll(() => {
    fs.writeFileSync(rates, "table,from,a,b,c\nfees,2026-01-01,300.00,45.50,125.00\nsurcharge,2020-11-20,300.00,360.00,3.60\n");
  });
  // By hand, clause (xi) (2026), board rows above:
  //   A (row 2): Section 1, 40 units ≤ 50: base $1,070.58; surcharge ≤ 50 units $300.00; launch $300.00,
  //     communication $45.50: $1,716.08. Billed $1,716.09: $0.01 over.
  //   D (row 5): Section 2, 200 units: base 200 × $21.58 = $4,316.00; surcharge 200 × $3.60 = $720.00;
  //     launch $300.00 + communication $45.50 + mid-river launch $125.00: $5,506.50. Billed the same.
  const AMOUNTS_A = { base: "1070.58", surcharge: "300.00", launch: "300.00", communication: "45.50" };
  const AMOUNTS_D = { base: "4316.00", surcharge: "720.00", launch: "300.00", communication: "45.50", midriver_launch: "125.00" };
  type Line = { code: string; amount: string | null; citation: string };
  const jsonLines = (text: string) => {
    expect(text.endsWith("\n")).toBe(true);
    return text.slice(0, -1).split("\n").map((line) => JSON.parse(line) as Record<string, unknown> & { lines?: Line[] });
  };
  const amounts = (row: { lines?: Line[] }) => Object.fromEntries((row.lines ?? []).map((line) => [line.code, line.amount]));

  test("batch - -o - --format jsonl: one object per data row, in order, with its row and line numbers; the summary on stderr", () => {
    const out = run(["batch", "-", "-o", "-", "--format", "jsonl", "--board-rates", rates, "--json"], { input: table });
    expect(out.code).toBe(1);
    const rows = jsonLines(out.stdout);
    expect(rows.map((row) => row.row)).toEqual([2, 3, 4, 5]);
    expect(rows[0]).toMatchObject({ input: { Vessel: "A", Units: "40", Section: "1", Date: "2026-03-01", "Invoice total": "1716.09" }, total: "1716.08", complete: true, clause: "xi" });
    expect(amounts(rows[0])).toEqual(AMOUNTS_A);
    for (const line of rows[0].lines as Line[]) expect(line.citation).toMatch(/^§ 89-a\(/);
    expect(rows[1]).toEqual({
      row: 3,
      line: 3,
      input: { Vessel: "B", Units: "abc", Section: "1", Date: "2026-03-01", "Invoice total": "1716.08" },
      error: { code: "NOT_A_NUMBER", field: "units", message: 'The pilotage units "abc" are not a number: enter the units or UNMEASURED.' },
    });
    expect(rows[2]).toEqual({ row: 4, line: 4, error: { code: "MALFORMED_ROW", field: null, message: "has 4 fields; the header has 5" } });
    expect(amounts(rows[3])).toEqual(AMOUNTS_D);
    expect(rows[3]).toMatchObject({ total: "5506.50", complete: true });
    // The summary (JSON under --json) goes to stderr after the skipped-row line; stdout holds only the rows.
    const [skipped, ...summary] = out.stderr.split("\n");
    expect(skipped).toBe("hudson-pilotage batch: row 4 skipped: has 4 fields; the header has 5");
    expect(JSON.parse(summary.join("\n"))).toMatchObject({ input: "-", output: "-", summary: { rows: 4, quoted: 2, notQuoted: 1, malformedRows: 1, totalOfCompleteQuotes: "7222.58" } });
  });

  test("a row's quote is the object quote --json prints for the same transit", () => {
    const rows = jsonLines(run(["batch", "-", "-o", "-", "--format", "jsonl", "--board-rates", rates], { input: table }).stdout);
    const quote = JSON.parse(run(["quote", "--units", "200", "--section", "2", "--date", "2026-06-15", "--board-rates", rates, "--json"]).stdout);
    const { row, line, input, ...quoted } = rows[3];
    expect({ row, line, input }).toEqual({ row: 5, line: 5, input: { Vessel: "D", Units: "200", Section: "2", Date: "2026-06-15", "Invoice total": "5506.50" } });
    expect(quoted).toEqual(quote);
  });

  test("-o out.jsonl writes the same lines to a file; the summary stays on stdout", () => {
    const input = path.join(work, "stream-table.csv");
    fs.writeFileSync(input, table);
    const file = path.join(work, "quotes.jsonl");
    const out = run(["batch", input, "-o", file, "--board-rates", rates]);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/^hudson-pilotage batch: /);
    const toStdout = run(["batch", "-", "-o", "-", "--format", "jsonl", "--board-rates", rates], { input: table }).stdout;
    expect(fs.readFileSync(file, "utf8")).toBe(toStdout);
  });

  test("reconcile - -o - --format jsonl: billed, variance, flag and status per row", () => {
    // The table with an hours column (6 h, one pilot): without one, a total is not checked (D26).
    const withHours = table.replace("Date,Invoice total", "Date,Hours,Invoice total").replace(/(2026-\d\d-\d\d)/g, "$1,6");
    const out = run(["reconcile", "-", "-o", "-", "--format", "jsonl", "--board-rates", rates], { input: withHours });
    expect(out.code).toBe(1);
    const rows = jsonLines(out.stdout);
    expect(rows.map((row) => row.row)).toEqual([2, 3, 4, 5]);
    expect(amounts(rows[0])).toEqual({ ...AMOUNTS_A, second_pilot: "0.00" });
    expect(rows[0]).toMatchObject({
      total: "1716.08",
      complete: true,
      billed: { billed_total: "1716.09" },
      variances: { billed_total: "0.01" },
      variance: "0.01",
      flag: true,
      status: "variance",
      note: "Total billed $1,716.09, computed $1,716.08: $0.01 over.",
    });
    expect(rows[1]).toMatchObject({ row: 3, error: { code: "NOT_A_NUMBER", field: "units" }, billed: { billed_total: "1716.08" }, variance: null, flag: false, status: "not checked" });
    expect(rows[2]).toEqual({ row: 4, line: 4, error: { code: "MALFORMED_ROW", field: null, message: "has 5 fields; the header has 6" } });
    expect(rows[3]).toMatchObject({ total: "5506.50", billed: { billed_total: "5506.50" }, variance: "0.00", flag: false, status: "matched", note: "" });
    expect(amounts(rows[3])).toEqual({ ...AMOUNTS_D, second_pilot: "0.00" });
    // Flagged: the variance only; row 3 (units unreadable) is not checked, never flagged.
    expect(out.stderr).toContain("Rows flagged:  1\n");
  });

  test("after a quoted line break, `row` is the row (as a spreadsheet and the messages number it) and `line` the file's line", () => {
    // Row 2's vessel is quoted over two lines (lines 2-3), so row 3 starts on line 4 and the malformed row 4 on line 5.
    const broken = ["Vessel,Units,Section,Date,Invoice total", '"A\nAlpha",40,1,2026-03-01,1716.09', "B,abc,1,2026-03-01,1716.08", "C,40,1,2026-03-01"].join("\n") + "\n";
    const out = run(["reconcile", "-", "-o", "-", "--format", "jsonl", "--board-rates", rates], { input: broken });
    const rows = jsonLines(out.stdout);
    expect(rows.map((row) => [row.row, row.line])).toEqual([
      [2, 2],
      [3, 4],
      [4, 5],
    ]);
    expect(rows[0].input).toMatchObject({ Vessel: "A\nAlpha" });
    expect(out.stderr).toContain("hudson-pilotage reconcile: row 4 skipped: has 4 fields; the header has 5 (line 5)\n");
  });

  test("batch - -o -: CSV from stdin to stdout, without a byte order mark", () => {
    const out = run(["batch", "-", "-o", "-", "--board-rates", rates], { input: table });
    expect(out.code).toBe(1);
    const lines = out.stdout.split("\r\n");
    expect(lines[0]).toMatch(/^Vessel,Units,Section,Date,Invoice total,Quote units,/);
    // Row 2: A, units 40, clause xi, base, surcharge, no second pilot, launch, communication, no mid-river launch, total, complete.
    expect(lines[1]).toBe("A,40,1,2026-03-01,1716.09,40,xi,1070.58,300.00,,300.00,45.50,,1716.08,TRUE,,,2");
    expect(out.stderr).toMatch(/Quoted: +2/);
  });

  test.each([
    [["batch", "in.csv", "-o", "-", "--format", "xlsx", "--json"], "output", /cannot be written to standard output/],
    [["batch", "in.csv", "-o", "out.csv", "--format", "jsonl", "--json"], "format", /--format jsonl and the output "out.csv" disagree/],
    [["reconcile", "in.csv", "--format", "jsonl", "--json"], "format", /give -o FILE, or -o - for standard output/],
    [["batch", "in.csv", "-o", "out.txt", "--json"], "output", /must be a \.csv, \.xlsx or \.jsonl file/],
    [["batch", "in.csv", "-o", "-", "--format", "yaml", "--json"], "format", /--format takes csv, xlsx, jsonl/],
  ])("%j is refused (field %s)", (argv, field, message) => {
    fs.writeFileSync(path.join(work, "in.csv"), table);
    const out = run(argv);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe("");
    const error = jsonError(out.stderr);
    expect(error.field).toBe(field);
    expect(error.message).toMatch(message);
  });

  test("an .xlsx on standard input is refused, not read as CSV", () => {
    const out = spawnSync(process.execPath, [BIN, "batch", "-", "-o", "-", "--json"], { input: Buffer.from("PK\u0003\u0004rest of a zip"), cwd: work, encoding: "utf8" });
    expect(out.status).toBe(2);
    expect(jsonError(out.stderr)).toMatchObject({ code: "INPUT_FILE", message: expect.stringMatching(/^Standard input holds a zip file/) });
  });
});
