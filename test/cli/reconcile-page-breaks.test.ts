/**
 * A statement printed to PDF and converted back to a table (issue 37, held-out-3): page lines ("Page 1 of 2",
 * "- 2 -", "Continued on next page") and the header row repeated atop each page are excluded and named, in a CSV
 * (Excel pads each line to the table's width) and in a sheet, whichever column they sit in. A transit row with a
 * blank or broken cell, or one cell that reads like the header or a page line, is still an invoice: never hidden.
 */
import fs from "node:fs";
import ExcelJS from "exceljs";
import { cliFolder } from "./cli-folder";

const { inFolder, run } = cliFolder("hudson-page-breaks-");

// Examples of the boards' amounts, not their figures: fees $300.00 / $45.50 / $125.00 from 2024;
// surcharge board $300 (0–50 units) / $360 (51–100) / $3.60 per unit over 100 from 2020-11-20.
const RATES = ["table,from,a,b,c", "fees,2024-01-01,300.00,45.50,125.00", "surcharge,2020-11-20,300.00,360.00,3.60"].join("\n");

// 40 units, Lower (Section 1), 2026-06-15, 6 hours (one pilot): clause (xi) up to 50 units $1,070.58 flat;
// surcharge 0–50 units $300.00; fees $300.00 + $45.50 (no mid-river launch on Section 1).
// Total $1,070.58 + $300.00 + $345.50 = $1,716.08: each such invoice matches.
const HEADER = ["Transit date", "Vessel", "Units", "Section", "Hours", "Amount billed", "Invoice #"];
const invoice = (vessel: string, number: string, date = "2026-06-15", units = "40"): string[] => [date, vessel, units, "Lower", "6", "1716.08", number];
const line = (text: string): string[] => [text, "", "", "", "", "", ""];

/** Page 1: title, header, two invoices, a page line; page 2: the title, the header again, and three rows that stay invoices. */
const ROWS: string[][] = [
  line("Statement of pilotage June 2026"),
  HEADER,
  invoice("HUDSON TRADER", "10232"),
  invoice("CATSKILL", "10233"),
  line("Page 1 of 2"),
  line("Statement of pilotage June 2026"),
  HEADER,
  // Units blank: a transit with a blank cell, not checked, never hidden (its date listed as read: 2026-06-15).
  invoice("MOHAWK", "10234", "06/15/2026", ""),
  // A page line in the date column beside the transit's particulars: a broken date, not checked, never hidden.
  invoice("SCHOHARIE", "10235", "Page 2", "40"),
  // A vessel named like the header: the other cells are a transit's, so it is an invoice (and matches).
  invoice("Vessel", "10236"),
  line("- 2 -"),
  line("Continued on next page"),
];

// Rows 3–12 are read (the title is row 1, the header row 2), 10 rows: 3 matched (rows 3, 4, 10) + 0 flagged
// + 2 not checked (rows 8, 9) + 5 excluded (5, 11 and 12 page lines; 6 the repeated title, a note; 7 the header).
const EXPECTED = { rowsRead: 10, rowsMatched: 3, rowsFlagged: 0, rowsNotChecked: 2, rowsExcluded: 5, excludedRowNumbers: [5, 6, 7, 11, 12] };
const REASONS = [
  { rowNumber: 5, reason: 'a page line ("Page 1 of 2"), not an invoice' },
  { rowNumber: 6, reason: 'the report\'s title repeated ("Statement of pilotage June 202…"), not an invoice' },
  { rowNumber: 7, reason: "a repeated header row (a page break in a printout), not an invoice" },
  { rowNumber: 11, reason: 'a page line ("- 2 -"), not an invoice' },
  { rowNumber: 12, reason: 'a page line ("Continued on next page"), not an invoice' },
];

function check(input: string) {
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("reconcile", input, "--board-rates", "rates.csv", "--json");
  expect(out.code).toBe(1);
  const json = JSON.parse(out.stdout);
  expect(json.summary).toMatchObject(EXPECTED);
  expect(json.summary.excludedRows).toEqual(REASONS);
  const text = run("reconcile", input, "--board-rates", "rates.csv");
  expect(text.stdout).toMatch(/^Counts: +10 read = 3 matched \+ 0 flagged \+ 2 not checked \+ 5 excluded$/m);
  expect(text.stdout).toMatch(/row 8 +MOHAWK +2026-06-15 /);
  expect(text.stdout).toMatch(/row 9 +SCHOHARIE/);
}

test("CSV (Excel-padded lines): page lines and the repeated header excluded and named; rows with a blank or broken cell still invoices", () => {
  const csv = ROWS.map((cells) => cells.map((cell) => (cell.includes(",") ? `"${cell}"` : cell)).join(",")).join("\r\n") + "\r\n";
  fs.writeFileSync(inFolder("in.csv"), csv);
  check("in.csv");
});

test("sheet: the same, with numbers as numbers and the page lines in the date column", async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Table 1");
  for (const cells of ROWS) sheet.addRow(cells.map((cell) => (/^\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell === "" ? null : cell)));
  await workbook.xlsx.writeFile(inFolder("in.xlsx"));
  check("in.xlsx");
});
