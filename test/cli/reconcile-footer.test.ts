/**
 * A footer of free text after the invoices ("Printed … by …", "Page 1 of 1"), as report
 * generators write it: a note, named and excluded, counted, never an error and never exit 1. A
 * short line that could be a broken invoice stays a malformed row.
 */
import fs from "node:fs";
import ExcelJS from "exceljs";
import { cliFolder } from "./cli-folder";

const { inFolder, run } = cliFolder("hudson-footer-");

// Examples of the boards' amounts, not their figures: fees $300.00 / $45.50 / $125.00 from 2024;
// surcharge board $300 (0–50 units) / $360 (51–100) / $3.60 per unit over 100 from 2020-11-20.
const RATES = ["table,from,a,b,c", "fees,2024-01-01,300.00,45.50,125.00", "surcharge,2020-11-20,300.00,360.00,3.60"].join("\n");

// 40 units, Lower (Section 1), 2026-06-15, 6 hours (one pilot): clause (xi) up to 50 units $1,070.58
// flat; surcharge 0–50 units $300.00; fees $300.00 + $45.50 (no mid-river launch on Section 1).
// Total $1,070.58 + $300.00 + $345.50 = $1,716.08: both invoices match.
const HEADER = "Invoice #,Vessel,Units,Section,Transit date,Hours,Amount billed";
const INVOICES = [HEADER, "10232,HUDSON TRADER,40,Lower,2026-06-15,6,1716.08", "10233,CATSKILL,40,Lower,2026-06-15,6,1716.08"];

function reconcile(lines: readonly string[], ending = "\r\n") {
  fs.writeFileSync(inFolder("in.csv"), lines.join("\r\n") + ending);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  return { json: run("reconcile", "in.csv", "--board-rates", "rates.csv", "--json"), text: run("reconcile", "in.csv", "--board-rates", "rates.csv") };
}

test("a CSV's footer lines are notes: excluded and named, the counts add up, exit 0", () => {
  const { json, text } = reconcile([...INVOICES, "Printed 12/06/26 14:02 by J. Smith", "", "Page 1 of 1"]);
  expect(json.stderr).toBe("");
  expect(json.code).toBe(0);
  const summary = JSON.parse(json.stdout).summary;
  // Rows 4 and 6 (row 5 is blank): 4 read = 2 matched + 0 flagged + 0 not checked + 2 excluded.
  expect(summary).toMatchObject({ rowsRead: 4, rowsMatched: 2, rowsFlagged: 0, rowsNotChecked: 0, rowsExcluded: 2, malformedRows: 0, excludedRowNumbers: [4, 6] });
  expect(summary.excludedRows).toEqual([
    { rowNumber: 4, reason: 'a note ("Printed 12/06/26 14:02 by J. S…"), not an invoice' },
    { rowNumber: 6, reason: 'a page line ("Page 1 of 1"), not an invoice' },
  ]);
  expect(text.code).toBe(0);
  expect(text.stdout).toMatch(/^Excluded: +row 4: a note \("Printed 12\/06\/26 14:02 by J\. S…"\), not an invoice; row 6: a page line \("Page 1 of 1"\), not an invoice$/m);
  expect(text.stdout).toMatch(/^Counts: +4 read = 2 matched \+ 0 flagged \+ 0 not checked \+ 2 excluded$/m);
});

test("a short line that could be a broken invoice is malformed, exit 1: two cells filled, a number alone, no line break at the end, a transit run into one field", () => {
  const cases: [string[], string, string][] = [
    [[...INVOICES, "10234,MOHAWK"], "\r\n", "row 4 skipped: has 2 fields; the header has 7"],
    [[...INVOICES, "3432.16"], "\r\n", "row 4 skipped: has 1 field; the header has 7"],
    [[...INVOICES, "10234 MOHAWK"], "", "row 4 skipped: has 1 field; the header has 7"],
    // A date and an amount: a transit whose commas were lost, between two invoices, never a note.
    [[...INVOICES.slice(0, 2), "10234 MOHAWK 40 Lower 2026-06-15 6 1716.08", INVOICES[2]], "\r\n", "row 3 skipped: has 1 field; the header has 7"],
  ];
  for (const [lines, ending, error] of cases) {
    const { json } = reconcile(lines, ending);
    expect(json.code).toBe(1);
    expect(json.stderr).toContain(`hudson-pilotage reconcile: ${error}`);
    expect(JSON.parse(json.stdout).summary).toMatchObject({ malformedRows: 1, rowsExcluded: 0, rowsMatched: 2 });
  }
});

test("a sheet's footer line (one text cell below the invoices) is a note too, exit 0", async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Invoices");
  for (const line of INVOICES) sheet.addRow(line.split(",").map((cell, index) => (index === 2 || index === 5 || index === 6) && /^[\d.]+$/.test(cell) ? Number(cell) : cell));
  sheet.addRow([]);
  sheet.addRow(["Printed 12/06/26 14:02 by J. Smith"]);
  await workbook.xlsx.writeFile(inFolder("in.xlsx"));
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("reconcile", "in.xlsx", "--board-rates", "rates.csv", "--json");
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  expect(JSON.parse(out.stdout).summary).toMatchObject({ rowsRead: 3, rowsMatched: 2, rowsExcluded: 1, excludedRowNumbers: [5] });
});
