/**
 * Finding the table as a person would (issue 37): a title, a report period and a row of group
 * headers over the real header; a workbook whose invoices are on its second sheet; --header-row;
 * a refusal that says where it looked. The files are written here as agents' and registers'
 * exports look, not for the reader. Amounts worked by hand from § 89-a in the comments.
 */
import fs from "node:fs";
import ExcelJS from "exceljs";
import { cliFolder } from "./cli-folder";

const { inFolder, run } = cliFolder("hudson-table-");

// Examples of the boards' amounts: fees $300.00 / $45.50 / $125.00 from 2024; surcharge board $300
// (0–50 units) / $360 (51–100) / $3.60 per unit over 100 from 2020-11-20.
const RATES = ["table,from,a,b,c", "fees,2024-01-01,300.00,45.50,125.00", "surcharge,2020-11-20,300.00,360.00,3.60"].join("\n");

// ATLANTIC STAR: 600.5 × 80 × 40 ÷ 10,000 = 192.16 units; Upper (Section 2), 2026: clause (xi)
//   $21.58 per unit → 192.16 × 21.58 = $4,146.8128 → $4,146.81; surcharge 192.16 × $3.60 =
//   $691.776 → $691.78; 12 h > 10 h: second pilot 50% × $4,146.81 = $2,073.405 → $2,073.41; fees
//   $300.00 + $45.50 + $125.00 = $470.50. Total $4,146.81 + $691.78 + $2,073.41 + $470.50 = $7,382.50.
// HUDSON TRADER, CATSKILL: 200 × 50 × 40 ÷ 10,000 = 40 units, Lower (Section 1), 2026: up to 50
//   units $1,070.58 flat; surcharge $300.00; fees $300.00 + $45.50 (no mid-river launch on
//   Section 1); 6 h: one pilot. Total $1,070.58 + $300.00 + $345.50 = $1,716.08.
// CATSKILL is billed $1,726.08: $10.00 over (the planted error).
const ACCRUALS = [
  "Harbor Agency Ltd - pilotage accruals,,,,,,,,,,,,",
  "Period: June 2026,,,,,,,,,,,,",
  ",,,,,,,,,,,,",
  ",,Vessel particulars,,,,Transit,,,,Accrued,Invoiced,",
  "Ref,Vessel,IMO No.,GRT,LOA (ft),Beam,Mld depth,Sect,Date,Hrs,Total,Total,Running total",
  `PA-1,ATLANTIC STAR,9321483,45000,600.5,80,40,Upper,06/15/26,12,"7,400.00","7,382.50","7,382.50"`,
  `PA-2,HUDSON TRADER,9100001,8000,200,50,40,Lower,06/15/26,6,"1,700.00","1,716.08","9,098.58"`,
  `PA-3,CATSKILL,9100002,8000,200,50,40,Lower,06/15/26,6,"1,700.00","1,726.08","10,824.66"`,
].join("\r\n");

interface MappedColumn {
  field: string;
  column: string;
  header: string;
}

test("a title, a period and group headers (Accrued, Invoiced) above the header: the table is found, typed, and exactly the planted row flagged", () => {
  fs.writeFileSync(inFolder("accruals.csv"), ACCRUALS);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("reconcile", "accruals.csv", "--board-rates", "rates.csv", "--json");
  expect(out.stderr).toBe("");
  expect(out.code).toBe(1);
  const json = JSON.parse(out.stdout);
  expect(json.table).toMatchObject({ sheet: null, headerRow: 5, groupRow: 4, headerRowChosen: "found" });
  expect(json.columns.map((entry: MappedColumn) => [entry.field, entry.column])).toEqual([
    ["vessel", "B"],
    ["length", "E"],
    ["breadth", "F"],
    ["depth", "G"],
    ["section", "H"],
    ["date", "I"],
    ["hours", "J"],
    ["billed_total", "L"],
  ]);
  // Identifiers (the reference, the IMO number, the tonnage), the accrual and the running total are never amounts or measurements.
  expect(json.unusedColumns.map((entry: { column: string }) => entry.column)).toEqual(["A", "C", "D", "K", "M"]);
  expect(json.notes.join("\n")).toMatch(/column M "Invoiced › Running total" is a running total/);
  expect(json.summary).toMatchObject({ rowsRead: 3, rowsMatched: 2, rowsFlagged: 1, variance: "10.00" });
  expect(json.flaggedRows).toEqual([expect.objectContaining({ rowNumber: 8, vessel: "CATSKILL", variance: "10.00" })]);
});

test("the text summary says where the table was found", () => {
  fs.writeFileSync(inFolder("accruals.csv"), ACCRUALS);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("reconcile", "accruals.csv", "--board-rates", "rates.csv");
  expect(out.stdout).toMatch(/^Table: header row 5 joined to the group headers of row 4 \(found among the first 30 rows; --header-row chooses another\)$/m);
  expect(out.stdout).toMatch(/^Not used: column A "Ref"; column C "Vessel particulars › IMO No\."; column D "Vessel particulars › GRT"; column K "Accrued › Total"; column M "Invoiced › Running total"$/m);
});

test("--header-row names the header: a wrong one is refused with where the reader looked and the fixes", () => {
  fs.writeFileSync(inFolder("accruals.csv"), ACCRUALS);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const given = run("reconcile", "accruals.csv", "--board-rates", "rates.csv", "--header-row", "5", "--json");
  expect(JSON.parse(given.stdout).table).toMatchObject({ headerRow: 5, headerRowChosen: "given" });
  const wrong = run("reconcile", "accruals.csv", "--board-rates", "rates.csv", "--header-row", "2");
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toMatch(/^hudson-pilotage reconcile: No column found for .*The header was read from header row 2 \(--header-row\).*--sheet NAME or --header-row N, or what a column holds with --map\.\n$/);
  const outside = run("reconcile", "accruals.csv", "--header-row", "0");
  expect(outside.code).toBe(2);
  expect(outside.stderr).toMatch(/--header-row "0" must be a row number from 1 to 30/);
});

async function workbook(file: string): Promise<void> {
  const book = new ExcelJS.Workbook();
  const cover = book.addWorksheet("Cover");
  cover.addRow(["Pilotage invoices, June 2026"]);
  cover.addRow(["Prepared by", "Accounts payable"]);
  cover.addRow(["Notes", "Amounts in US dollars"]);
  const invoices = book.addWorksheet("Invoices");
  invoices.addRow(["Hudson pilots - register of transits"]);
  invoices.addRow([]);
  invoices.addRow(["Vessel name", "Pilotage units", "River section", "Transit date", "Pilot hrs", "Invoice total"]);
  // 40 units, Section 1, 2026-06-15, 6 h: $1,716.08 (above); MOHAWK billed $1,706.08, $10.00 under.
  invoices.addRow(["HUDSON TRADER", 40, "Lower", new Date(Date.UTC(2026, 5, 15)), 6, 1716.08]);
  invoices.addRow(["MOHAWK", 40, "Lower", new Date(Date.UTC(2026, 5, 15)), 6, 1706.08]);
  await book.xlsx.writeFile(file);
}

test("a workbook whose invoices are on its second sheet: that sheet is chosen and named; --sheet on the cover is refused listing what was tried", async () => {
  await workbook(inFolder("book.xlsx"));
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("reconcile", "book.xlsx", "--board-rates", "rates.csv", "--json");
  expect(out.stderr).toBe("");
  const json = JSON.parse(out.stdout);
  expect(json.table).toMatchObject({ sheet: "Invoices", headerRow: 3, groupRow: null });
  expect(json.table.sheetsTried.map((tried: { sheet: string }) => tried.sheet)).toEqual(["Cover", "Invoices"]);
  expect(json.summary).toMatchObject({ rowsRead: 2, rowsMatched: 1, rowsFlagged: 1, variance: "-10.00" });
  const text = run("reconcile", "book.xlsx", "--board-rates", "rates.csv");
  expect(text.stdout).toMatch(/^Table: sheet "Invoices" \(of 2 sheets, the one whose table reads best; --sheet chooses another\), header row 3 \(found/m);
  const cover = run("reconcile", "book.xlsx", "--board-rates", "rates.csv", "--sheet", "Cover");
  expect(cover.code).toBe(2);
  expect(cover.stderr).toMatch(/No column found for .*The header was read from sheet "Cover", header row 1 \(no row named a field\).*--sheet NAME or --header-row N/);
});
