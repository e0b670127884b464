/**
 * The hand-written invoice files of test/fixtures/invoices (see its README for the files), reconciled
 * as a new user would: every invoice row checked, exactly the misbilled rows flagged, totals rows
 * excluded, or the run refused (exit 2) naming the option that fixes it. The same file as an .xlsx
 * of text cells reads the same. Every amount is worked by hand from § 89-a below.
 */
import fs from "node:fs";
import path from "node:path";
import { cliFolder, csvRows } from "./cli-folder";
import ExcelJS from "exceljs";
import { hyperFormulaFromWorkbook, readWorkbook } from "../support/hyperformula";

const FIXTURES = path.resolve(__dirname, "../fixtures/invoices");
const RATES = path.join(FIXTURES, "board-rates.csv");
const { inFolder, run } = cliFolder("hudson-fixtures-");

/*
 * agent-export.csv, clause (xi) (2026), board amounts of board-rates.csv:
 *   5501 MV ESOPUS      600' 6" × 80 × 40 ÷ 10,000 = 600.5 × 3,200 ÷ 10,000 = 192.16 units, Section 2:
 *                       192.16 × $21.58 = $4,146.8128 → $4,146.81; surcharge 192.16 × $3.60 = $691.776 → $691.78;
 *                       12 h > 10 h: 50% × $4,146.81 = $2,073.405 → $2,073.41; fees $300.00 + $45.50 + $125.00 = $470.50
 *                       → $7,382.50, billed "$7,382.50": matched
 *   5502 MT KINGSTON    200 × 50 × 40 ÷ 10,000 = 40 units ≤ 50, Section 1: $1,070.58 flat; surcharge 0–50: $300.00;
 *                       fees $300.00 + $45.50 (no mid-river launch on Section 1) → $1,716.08, billed "USD 1,716.08": matched
 *   5503 MV SAUGERTIES  500 × 50 × 40 ÷ 10,000 = 100 units exactly, Section 1: D4 the per-unit rate, 100 × $15.32 = $1,532.00;
 *                       surcharge band 51–100: $360.00; fees $345.50 → $2,237.50, billed "$2,247.50": $10.00 over
 *   5504 MV RONDOUT     1,000 × 100 × 50 ÷ 10,000 = 500 units, Section 2: 500 × $21.58 = $10,790.00; 500 × $3.60 = $1,800.00;
 *                       9 h ≤ 10 h: no second pilot; fees $470.50 → $13,060.50, billed "13,060.50 USD": matched
 *   5505 MV CATSKILL    200' 0" × 50 × 40 → 40 units, Section 1 (as 5502) → $1,716.08; its date the Excel serial 46188
 *                       (2026-01-01 is 46023, June 15 is 165 days later); billed "$ 1706.08": $10.00 under
 * Billed 7,382.50 + 1,716.08 + 2,247.50 + 13,060.50 + 1,706.08 = 26,112.66;
 * computed 7,382.50 + 1,716.08 + 2,237.50 + 13,060.50 + 1,716.08 = 26,112.66.
 */
const AGENT_EXPORT = path.join(FIXTURES, "agent-export.csv");

test("agent-export.csv: every invoice checked, the $10 over and the $10 under flagged, Subtotal and Grand total excluded, Ref never an amount", async () => {
  const raw = fs.readFileSync(AGENT_EXPORT);
  // The file is what it says: a BOM, CRLF line ends, blank lines.
  expect([raw[0], raw[1], raw[2]]).toEqual([0xef, 0xbb, 0xbf]);
  expect(raw.toString("utf8")).toContain("\r\n\r\n");
  const out = run("reconcile", AGENT_EXPORT, "--board-rates", RATES, "-o", "checked.csv", "--json");
  expect(out.stderr).toBe("");
  expect(out.code).toBe(1);
  const json = JSON.parse(out.stdout);
  expect(json.mapping).toEqual([
    { field: "vessel", column: "B", header: "Ship name" },
    { field: "length", column: "C", header: "Length overall" },
    { field: "breadth", column: "D", header: "Breadth" },
    { field: "depth", column: "E", header: "Depth" },
    { field: "section", column: "F", header: "Section" },
    { field: "date", column: "G", header: "ATA" },
    { field: "hours", column: "H", header: "Continuous hours" },
    { field: "billed_total", column: "I", header: "Total due" },
  ]);
  expect(json.summary).toMatchObject({
    rowsRead: 7,
    rowsExcluded: 2,
    excludedRowNumbers: [8, 10],
    rowsChecked: 5,
    rowsNotChecked: 0,
    rowsFlagged: 2,
    rowsMatched: 3,
    billed: "26112.66",
    computed: "26112.66",
    variance: "0.00",
    allMatched: false,
  });
  expect(json.flaggedRows).toEqual([
    { rowNumber: 5, vessel: "MV SAUGERTIES", date: "2026-07-04", variance: "10.00", status: "variance", note: "Total billed $2,247.50, computed $2,237.50: $10.00 over." },
    { rowNumber: 7, vessel: "MV CATSKILL", date: "2026-06-15", variance: "-10.00", status: "variance", note: "Total billed $1,706.08, computed $1,716.08: $10.00 under." },
  ]);
  const [header, ...rows] = await csvRows(inFolder("checked.csv"));
  const at = (name: string) => header.indexOf(name);
  expect(rows.map((cells) => [cells[at("Input row")], cells[at("Computed total")], cells[at("Flag")], cells[at("Status")]])).toEqual([
    ["2", "7382.50", "FALSE", "matched"],
    ["3", "1716.08", "FALSE", "matched"],
    ["5", "2237.50", "TRUE", "variance"],
    ["6", "13060.50", "FALSE", "matched"],
    ["7", "1716.08", "TRUE", "variance"],
    // The totals rows: kept in place, nothing computed, never flagged.
    ["8", "", "", "excluded: not an invoice"],
    ["10", "", "", "excluded: not an invoice"],
  ]);
  // Units from feet-and-inches text: 600' 6" is 600.5 ft.
  expect(rows[0][at("Computed pilotage units")]).toBe("192.16");
});

test("agent-export as an .xlsx of text cells: read the same way as the CSV, and its formulas recalculate to the cache", async () => {
  // The CSV's cells typed as text into a workbook (as an export that writes everything as text would).
  const text = fs.readFileSync(AGENT_EXPORT, "utf8").replace(/^\uFEFF/, "");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Export");
  for (const line of text.split("\r\n").filter((l) => l !== "")) {
    const cells: string[] = [];
    for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
      if (match[0] === "" && cells.length > 0 && match.index === line.length) break;
      const cell = match[1].startsWith('"') ? match[1].slice(1, -1).replace(/""/g, '"') : match[1];
      cells.push(cell);
    }
    sheet.addRow(cells.map((cell) => (cell === "" ? null : cell)));
  }
  await workbook.xlsx.writeFile(inFolder("export.xlsx"));
  const out = run("reconcile", "export.xlsx", "--board-rates", RATES, "-o", "checked.xlsx", "--json");
  expect(out.stderr).toBe("");
  const json = JSON.parse(out.stdout);
  expect(json.summary).toMatchObject({ rowsExcluded: 2, rowsChecked: 5, rowsFlagged: 2, rowsMatched: 3, billed: "26112.66", computed: "26112.66" });
  expect(json.flaggedRows.map((row: { rowNumber: number }) => row.rowNumber)).toEqual([4, 6]);

  const output = await readWorkbook(inFolder("checked.xlsx"));
  const evaluated = hyperFormulaFromWorkbook(output, { config: { useArrayArithmetic: true } });
  try {
    const reconciliation = output.getWorksheet("Reconciliation") as ExcelJS.Worksheet;
    // The text date "06/15/2026" and amount "$7,382.50" are written as the date and the number the run read.
    expect(reconciliation.getCell("G2").value).toEqual(new Date("2026-06-15T00:00:00Z"));
    expect(reconciliation.getCell("I2").value).toBe(7382.5);
    let formulas = 0;
    reconciliation.eachRow((row) =>
      row.eachCell((cell) => {
        if (!cell.formula) return;
        formulas += 1;
        expect([cell.address, evaluated.value(`Reconciliation!${cell.address}`)]).toEqual([cell.address, cell.result]);
      }),
    );
    // Five invoice rows, nine formulas each (units, base, surcharge, second pilot, board fees, total, variance, flag,
    // status); the two totals rows have none.
    expect(formulas).toBe(5 * 9);
  } finally {
    evaluated.destroy();
  }
});

test("day-first.csv: refused (exit 2) naming --date-format; with --date-format DD/MM/YYYY every invoice checked, MOHAWK flagged, TOTAL excluded", () => {
  const file = path.join(FIXTURES, "day-first.csv");
  const refused = run("reconcile", file, "--board-rates", RATES);
  expect(refused.code).toBe(2);
  expect(refused.stdout).toBe("");
  expect(refused.stderr).toBe(
    'hudson-pilotage reconcile: The dates in column G "Date of transit" are written day first ("15/06/2026" has no month 15): give --date-format DD/MM/YYYY (or --date-format MM/DD/YYYY if they are month first).\n',
  );
  const out = run("reconcile", file, "--board-rates", RATES, "--date-format", "DD/MM/YYYY", "--json");
  expect(out.code).toBe(1);
  const json = JSON.parse(out.stdout);
  // 600.5 × 80 × 40 → 192.16 units, Section 2, 12 h: $7,382.50 (above); 40 units, Section 1: $1,716.08 twice, MOHAWK billed $1,726.08.
  expect(json.summary).toMatchObject({ rowsRead: 4, rowsExcluded: 1, rowsChecked: 3, rowsFlagged: 1, rowsMatched: 2, billed: "10824.66", computed: "10814.66", variance: "10.00" });
  expect(json.flaggedRows).toEqual([{ rowNumber: 4, vessel: "MOHAWK", date: "2026-07-01", variance: "10.00", status: "variance", note: "Total billed $1,726.08, computed $1,716.08: $10.00 over." }]);
  // Saying the dates are month first is the user's call: the impossible one is then refused for its row only.
  const monthFirst = run("reconcile", file, "--board-rates", RATES, "--date-format", "MM/DD/YYYY", "--json");
  expect(JSON.parse(monthFirst.stdout).summary).toMatchObject({ rowsChecked: 2, rowsNotChecked: 1, rowsFlagged: 1 });
});
