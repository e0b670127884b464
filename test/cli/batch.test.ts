/**
 * `hudson-pilotage batch`, run as the built binary: one quote per row. Expected amounts are worked
 * by hand from § 89-a in each test.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { isCsvRowError, readCsvRows } from "../../src/workbook/csv";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "hudson-batch-"));
});
afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});
const inFolder = (name: string) => path.join(folder, name);

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", cwd: folder });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Examples, not the boards' figures. */
const BOARD_RATES = ["fees,2024-01-01,300.00,45.50,125.00", "surcharge,2020-11-20,300.00,360.00,3.60"].join("\n");
/** D20, (1-a): the warning for BOARD_RATES's fee row used on a transit more than 13 months after 2024-01-01. */
const staleFees = (transitDate: string) =>
  `The board's fees used are from 2024-01-01, more than 13 months before ${transitDate}: the launch, communication and mid-river launch fees ` +
  "are reviewed annually (§ 89-a(4)(b)(1-a), D20), so the amounts may be out of date.";

async function csvRows(file: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const item of readCsvRows(file)) {
    if (isCsvRowError(item)) throw new Error(`row ${item.rowNumber}: ${item.error}`);
    rows.push(item.cells);
  }
  return rows;
}

const QUOTE_HEADERS = [
  "Quote units", "Quote clause", "Quote base pilotage", "Quote surcharge", "Quote second pilot", "Quote launch fee", "Quote communication fee",
  "Quote mid-river launch fee", "Quote total", "Quote complete", "Quote warnings", "Quote error", "Input row",
];

describe("hudson-pilotage batch", () => {
  test("CSV in and out: every line, total, completeness, clause and warnings per row; bad rows reported", async () => {
    fs.writeFileSync(
      inFolder("calls.csv"),
      [
        "Vessel,Agent,Units,Section,Date,Hours",
        "Alpha,Hudson Agency,192.16,Upper,2026-06-15,12",
        "Bravo,=1+2,UNMEASURED,Lower,2026-12-31,",
        "Charlie,,40,Lower,2020-03-02,",
        "Delta,,120,Lower,2026-02-30,",
        "Echo,,120,Lower",
      ].join("\n"),
    );
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    const out = run("batch", "calls.csv", "-o", "quotes.csv", "--board-rates", "rates.csv", "--json");
    expect(out.code).toBe(1);
    expect(out.stderr).toBe("hudson-pilotage batch: row 6 skipped: has 4 fields; the header has 6\n");
    expect(JSON.parse(out.stdout).summary).toEqual({
      rows: 5,
      rowsRead: 4,
      malformedRows: 1,
      malformedRowNumbers: [6],
      malformedExamples: [{ rowNumber: 6, error: "has 4 fields; the header has 6" }],
      rowsExcluded: 0,
      excludedRowNumbers: [],
      excludedRows: [],
      quoted: 3,
      incomplete: 1,
      notQuoted: 1,
      // 7,382.50 + 9,805.50 (Charlie's quote is incomplete and left out)
      totalOfCompleteQuotes: "17188.00",
      allQuoted: false,
    });
    const rows = await csvRows(inFolder("quotes.csv"));
    expect(rows[0]).toEqual(["Vessel", "Agent", "Units", "Section", "Date", "Hours", ...QUOTE_HEADERS]);
    // Alpha, the README's example: clause (xi), Section 2, 192.16 units, 12 h:
    // base 192.16 × $21.58 = $4,146.81; surcharge 192.16 × $3.60 = $691.78; second pilot 50% = $2,073.41;
    // launch $300.00, communication $45.50, mid-river launch $125.00; total $7,382.50.
    // The fee row is from 2024-01-01; 13 months later is 2025-02-01, before 2026-06-15: the fees may be out of date (D20).
    expect(rows[1].slice(6)).toEqual(["192.16", "xi", "4146.81", "691.78", "2073.41", "300.00", "45.50", "125.00", "7382.50", "TRUE", staleFees("2026-06-15"), "", "2"]);
    // Bravo, measurements not provided (D2): as 500 units, Section 1: 500 × $15.32 = $7,660.00; surcharge
    // 500 × $3.60 = $1,800.00; no hours, so no second-pilot line; no mid-river launch in Section 1;
    // 7,660.00 + 1,800.00 + 300.00 + 45.50 = $9,805.50. The agent's formula-like text is neutralised.
    expect(rows[2].slice(1, 2)).toEqual(["'=1+2"]);
    expect(rows[2].slice(6, 16)).toEqual(["500", "xi", "7660.00", "1800.00", "", "300.00", "45.50", "", "9805.50", "TRUE"]);
    expect(rows[2][16]).toMatch(/Measurements not provided: the maximum pilotage charge \(500 units\) applies/);
    // Charlie, 2020-03-02: clause (v) (assumed start 2019-11-20), 40 units ≤ 50, Section 1: $914.25; statutory surcharge,
    // 49th–60th month, 0–50 band: $280.00. No board fee row before 2024-01-01: not entered; total $1,194.25, incomplete.
    expect(rows[3].slice(6, 16)).toEqual(["40", "v", "914.25", "280.00", "", "not entered", "not entered", "", "1194.25", "FALSE"]);
    expect(rows[3][16]).toMatch(/Assumed: clause \(v\) in force from 2019-11-20.* \| .*Launch fee not entered/);
    // Delta: no 30 February; the row is kept with the reason.
    expect(rows[4].slice(6, 18)).toEqual([...new Array(11).fill(""), "The date 2026-02-30 does not exist in the calendar (or is before 1900): check the year, month and day."]);
    expect(rows).toHaveLength(5);
  });

  test(".xlsx in (measurements, Excel dates) and .xlsx out: amounts as numbers; exit 0 when every row is quoted", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Calls");
    sheet.addRow(["Ship", "LOA (m)", "Beam (m)", "Depth (m)", "River", "ETA", "Hours", "Anchored 8h"]);
    // 183.0324 m = 600.5 ft, 24.384 m = 80 ft, 12.192 m = 40 ft → 192.16 units. Section 2, 2027-03-01: clause (xii),
    // $22.23 per unit: 192.16 × 22.23 = $4,271.7168 → $4,271.72; surcharge $691.78; 14 h but anchored 8 h: no second pilot.
    // 4,271.72 + 691.78 + 300.00 + 45.50 + 125.00 = $5,434.00.
    sheet.addRow(["Alpha", 183.0324, 24.384, 12.192, "Upper", new Date("2027-03-01T00:00:00Z"), 14, true]);
    await workbook.xlsx.writeFile(inFolder("calls.xlsx"));
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    const out = run("batch", "calls.xlsx", "-o", "quotes.xlsx", "--board-rates", "rates.csv", "--map", "ETA=date");
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^Quoted: +1$/m);
    expect(out.stdout).toMatch(/^Total of the complete quotes: \$5,434\.00$/m);
    const quotes = new ExcelJS.Workbook();
    await quotes.xlsx.readFile(inFolder("quotes.xlsx"));
    const row = (quotes.getWorksheet("Quotes") as ExcelJS.Worksheet).getRow(2).values as unknown[];
    expect(row.slice(1, 9)).toEqual(["Alpha", 183.0324, 24.384, 12.192, "Upper", new Date("2027-03-01T00:00:00Z"), 14, true]);
    // Fees from 2024-01-01, more than 13 months (2025-02-01) before 2027-03-01 (D20).
    expect(row.slice(9, 21)).toEqual([192.16, "xii", 4271.72, 691.78, 0, 300, 45.5, 125, 5434, true, staleFees("2027-03-01"), undefined]);
  });

  test("-o is required; an existing output is not replaced", () => {
    fs.writeFileSync(inFolder("calls.csv"), "Units,Section,Date\n40,1,2026-01-05\n");
    const missing = run("batch", "calls.csv");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("hudson-pilotage batch: -o is required: the output for the quotes (.csv, .xlsx or .jsonl; - for standard output).\n");
    fs.writeFileSync(inFolder("quotes.csv"), "keep me");
    const refused = run("batch", "calls.csv", "-o", "quotes.csv");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/already exists; use --force to replace it/);
    expect(fs.readFileSync(inFolder("quotes.csv"), "utf8")).toBe("keep me");
    expect(run("batch", "calls.csv", "-o", "quotes.csv", "--force").code).toBe(0);
    expect(fs.readFileSync(inFolder("quotes.csv"), "utf8")).toMatch(/^\uFEFFUnits,Section,Date,Quote units/);
  });

  test("a table without the transit columns: exit 2 naming what is missing", () => {
    fs.writeFileSync(inFolder("calls.csv"), "Vessel,Agent\nAlpha,Hudson\n");
    const out = run("batch", "calls.csv", "-o", "quotes.csv");
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/No column found for pilotage units \(or length, breadth and depth\); section; transit date\./);
    expect(fs.existsSync(inFolder("quotes.csv"))).toBe(false);
  });

  test("--help", () => {
    const out = run("batch", "--help");
    expect(out.code).toBe(0);
    for (const text of ["-o, --output", "--board-rates", "--map", "table,from,a,b,c", "not entered", "Exit codes: 0"]) expect(out.stdout).toContain(text);
  });
});
