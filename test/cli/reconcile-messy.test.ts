/**
 * Invoice files as people export them, not as we would write them: other header names (Invoice #,
 * LOA, Beam, Moulded depth, River, Amount billed), US and day-first dates, $ and USD amounts,
 * feet-and-inches text, a BOM, CRLF line ends, blank lines and a TOTAL row. Every amount is worked
 * by hand from § 89-a in the comments.
 */
import fs from "node:fs";
import { cliFolder } from "./cli-folder";

const { inFolder, run } = cliFolder("hudson-messy-");

// Examples of the boards' amounts, not their figures: fees $300.00 / $45.50 / $125.00 from 2024;
// surcharge board $300 (0–50 units) / $360 (51–100) / $3.60 per unit over 100 from 2020-11-20.
const RATES = ["table,from,a,b,c", "fees,2024-01-01,300.00,45.50,125.00", "surcharge,2020-11-20,300.00,360.00,3.60"].join("\n");

// ATLANTIC STAR: 600' 6" × 80 × 40 ÷ 10,000 = 600.5 × 3,200 ÷ 10,000 = 192.16 units; Upper (Section 2),
//   2026: clause (xi) $21.58 per unit → 192.16 × 21.58 = $4,146.8128 → $4,146.81; surcharge over 100
//   units 192.16 × $3.60 = $691.776 → $691.78; 12 h > 10 h: 50% × $4,146.81 = $2,073.405 → $2,073.41;
//   fees $300.00 + $45.50 + $125.00 = $470.50. Total $4,146.81 + $691.78 + $2,073.41 + $470.50 = $7,382.50.
// HUDSON TRADER, CATSKILL, MOHAWK: 200 × 50 × 40 ÷ 10,000 = 40 units, Lower (Section 1), 2026: up to
//   50 units $1,070.58 flat; surcharge 0–50 band $300.00; fees $300.00 + $45.50 (no mid-river launch
//   on Section 1). Total $1,070.58 + $300.00 + $345.50 = $1,716.08. Their 8, 9.5 and 6 h: one pilot each.
// CATSKILL is billed $1,726.08: $10.00 over. The TOTAL row: 7,382.50 + 1,716.08 + 1,726.08 + 1,716.08 = 12,540.74.
const MESSY = [
  "\uFEFFInvoice #,Vessel,LOA,Beam,Moulded depth,River,Transit date,Hours,Amount billed",
  `10231,ATLANTIC STAR,"600' 6""",80,40,Upper,06/15/2026,12,"$7,382.50"`,
  "",
  `10232,HUDSON TRADER,200,50,40,Lower,"Jun 15, 2026",8,USD 1716.08`,
  `10233,CATSKILL,200,50,40,Lower,15-Jun-2026,9.5,"1,726.08 USD"`,
  // 2026-06-15 as an Excel serial: 2026-01-01 is 46023, and June 15 is 165 days later.
  `10234,MOHAWK,200,50,40,Lower,46188,6,$ 1716.08`,
  "",
  `,TOTAL,,,,,,,"$12,540.74"`,
].join("\r\n") + "\r\n";

test("a messy export: every invoice row checked, exactly the misbilled row flagged, the TOTAL row excluded, Invoice # never an amount", () => {
  fs.writeFileSync(inFolder("invoices.csv"), MESSY);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("reconcile", "invoices.csv", "--board-rates", "rates.csv", "--json");
  expect(out.stderr).toBe("");
  expect(out.code).toBe(1);
  const json = JSON.parse(out.stdout);
  expect(json.mapping.find((entry: { field: string }) => entry.field === "billed_total")).toEqual({ field: "billed_total", column: "I", header: "Amount billed" });
  expect(json.mapping.map((entry: { field: string }) => entry.field)).toEqual(["vessel", "length", "breadth", "depth", "section", "date", "hours", "billed_total"]);
  expect(json.summary).toMatchObject({ rowsChecked: 4, rowsNotChecked: 0, rowsWithInputErrors: 0, rowsFlagged: 1, rowsExcluded: 1, billed: "12540.74", computed: "12530.74", variance: "10.00" });
  expect(json.flaggedRows).toEqual([{ rowNumber: 5, vessel: "CATSKILL", date: "2026-06-15", variance: "10.00", status: "variance", note: "Total billed $1,726.08, computed $1,716.08: $10.00 over." }]);
});

test("the printed summary names the totals row it excluded", () => {
  fs.writeFileSync(inFolder("invoices.csv"), MESSY);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("reconcile", "invoices.csv", "--board-rates", "rates.csv", "-o", "checked.csv");
  expect(out.stdout).toMatch(/^Excluded: +row 8: a totals row \("TOTAL", the sum of the rows above\), not an invoice$/m);
  const text = fs.readFileSync(inFolder("checked.csv"), "utf8");
  expect(text).toContain("Excluded: a totals row");
});

test("day-first dates: refused (exit 2) naming --date-format, then read with --date-format DD/MM/YYYY", () => {
  // 40 units, Section 1, 2026-06-15 (as above): $1,716.08; the second row 13 March 2026: the same clause (xi).
  const csv = ["Ship name,Units,Section,Date of transit,Hours,Total invoiced", "A,40,1,15/06/2026,6,1716.08", "B,40,1,13/03/2026,6,1716.08"].join("\n");
  fs.writeFileSync(inFolder("in.csv"), csv);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const us = run("reconcile", "in.csv", "--board-rates", "rates.csv", "--json");
  expect(us.code).toBe(2);
  const error = JSON.parse(us.stderr).error;
  expect([error.code, error.field]).toEqual(["USAGE", "date-format"]);
  expect(error.message).toMatch(/"15\/06\/2026" has no month 15\): give --date-format DD\/MM\/YYYY/);
  const dayFirst = run("reconcile", "in.csv", "--board-rates", "rates.csv", "--date-format", "DD/MM/YYYY", "--json");
  expect(dayFirst.code).toBe(0);
  expect(JSON.parse(dayFirst.stdout).summary).toMatchObject({ rowsChecked: 2, rowsFlagged: 0, billed: "3432.16" });
  // Month first, said explicitly: each impossible date is refused for its row, naming the option.
  const monthFirst = run("reconcile", "in.csv", "--board-rates", "rates.csv", "--date-format", "MM/DD/YYYY", "--json");
  expect(monthFirst.code).toBe(1);
  const refused = JSON.parse(monthFirst.stdout);
  expect(refused.summary).toMatchObject({ rowsChecked: 0, rowsWithInputErrors: 2 });
  expect(refused.flaggedRows[0].note).toMatch(/"15\/06\/2026" is not a date read as MM\/DD\/YYYY.*--date-format DD\/MM\/YYYY/);
});

test("two equally likely amount columns: exit 2 naming both and the exact --map; --map settles it", () => {
  fs.writeFileSync(inFolder("in.csv"), ["Vessel,Units,Section,Date,Hours,Amount,Total", "A,40,1,2026-06-15,6,1716.08,1716.08"].join("\n"));
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("reconcile", "in.csv", "--board-rates", "rates.csv");
  expect(out.code).toBe(2);
  expect(out.stderr).toBe(
    'hudson-pilotage reconcile: column F "Amount" and column G "Total" are equally likely to be the billed total: say which with --map "Amount=billed_total" or --map "Total=billed_total".\n',
  );
  expect(run("reconcile", "in.csv", "--board-rates", "rates.csv", "--map", "Total=billed_total").code).toBe(0);
  // Ignoring one column guesses again: the other is then the only candidate.
  expect(run("reconcile", "in.csv", "--board-rates", "rates.csv", "--map", "Amount=ignore").code).toBe(0);
});

test("amounts as people write them: parentheses and -$ are negatives, a decimal comma is refused with how to write it", () => {
  // 40 units, Section 1, 2026 (as above): $1,716.08 computed each row.
  const csv = ["Vessel,Units,Section,Date,Invoice amount", "A,40,1,2026-06-15,(1716.08)", "B,40,1,2026-06-15,-$1716.08", 'C,40,1,2026-06-15,"1716,08"'].join("\n");
  fs.writeFileSync(inFolder("in.csv"), csv);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("reconcile", "in.csv", "--board-rates", "rates.csv", "-o", "out.csv", "--json");
  const json = JSON.parse(out.stdout);
  // −1,716.08 billed − 1,716.08 computed = −3,432.16 a row; two rows: −6,864.32.
  expect(json.summary).toMatchObject({ rowsChecked: 2, rowsWithInputErrors: 1, variance: "-6864.32" });
  expect(json.flaggedRows[2].note).toMatch(/"1716,08" has a decimal comma: write the cents after a point.*1716\.08/);
});

test("computed units in CSV output have at most six decimals", () => {
  // 182.88 m × 24.384 m × 12.1 m: in feet 600 × 80 × 39.698… — units with many decimals.
  const csv = ["Vessel,LOA (m),Beam (m),Depth (m),Section,Date,Billed", "A,182.88,24.384,12.1,1,2026-06-15,1"].join("\n");
  fs.writeFileSync(inFolder("in.csv"), csv);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  run("reconcile", "in.csv", "--board-rates", "rates.csv", "-o", "out.csv");
  const [header, row] = fs.readFileSync(inFolder("out.csv"), "utf8").trim().split(/\r?\n/).map((line) => line.split(","));
  const units = row[header.indexOf("Computed pilotage units")];
  expect(units).toMatch(/^\d+\.\d{1,6}$/);
});

test("two-digit years as Excel's US short date writes them (1/12/26, 01/05/26, 2-Feb-26) are read; dates that only read both ways are refused naming --date-format", () => {
  // 40 units, Section 1, 6 h, 2026: clause (xi) $1,070.58 + $300.00 + $300.00 + $45.50 = $1,716.08 (the board rows from
  // 2024-01-01 and 2020-11-20). 6/15/26 can only be month first: the column's order is decided.
  const csv = ["Vessel,Units,Section,Date,Hrs,Amt due", "A,40,1,1/12/26,6,1716.08", "B,40,1,01/05/26,6,1716.08", "C,40,1,2-Feb-26,6,1726.08", "D,40,1,6/15/26,6,1716.08"].join("\n");
  fs.writeFileSync(inFolder("in.csv"), csv);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("reconcile", "in.csv", "--board-rates", "rates.csv", "--json");
  expect(out.stderr).toBe("");
  const json = JSON.parse(out.stdout);
  // C billed $1,726.08: $10.00 over.
  expect(json.summary).toMatchObject({ rowsRead: 4, rowsMatched: 3, rowsFlagged: 1, rowsNotChecked: 0, variance: "10.00" });
  // Without 6/15/26 nothing decides whether 1/12/26 is January 12th or 1 December: refused, saying so.
  fs.writeFileSync(inFolder("ambiguous.csv"), csv.split("\n").slice(0, 3).join("\n"));
  const ambiguous = run("reconcile", "ambiguous.csv", "--board-rates", "rates.csv");
  expect(ambiguous.code).toBe(2);
  expect(ambiguous.stderr).toMatch(/could be month first or day first \("1\/12\/26" is one day or another\): say which with --date-format MM\/DD\/YYYY or --date-format DD\/MM\/YYYY/);
  expect(run("reconcile", "ambiguous.csv", "--board-rates", "rates.csv", "--date-format", "MM/DD/YY").code).toBe(0);
});

test("quote --date 6/15/26 is June 15th, 2026; --date 3/6/26 is refused as reading two ways", () => {
  // 40 units, Section 1, 2026: clause (xi), flat $1,070.58.
  const out = run("quote", "--units", "40", "--section", "1", "--date", "6/15/26", "--json");
  expect(out.stderr).toBe("");
  expect(JSON.parse(out.stdout)).toMatchObject({ date: "2026-06-15", clause: "xi" });
  const refused = run("quote", "--units", "40", "--section", "1", "--date", "3/6/26");
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('"3/6/26" could be month 3 day 6 or day 3 month 6');
});

test("a Windows-1252 file is read, and the summary says so; --encoding utf-8 refuses it", () => {
  // 40 units, Section 1, 6 h: $1,716.08 (as above). "NORDSTRÖM" with Ö as the single byte 0xD6.
  const text = "Vessel,Units,Section,Date,Hours,Total\r\nMV NORDSTR\u00d6M,40,1,2026-06-15,6,1716.08\r\n";
  fs.writeFileSync(inFolder("in.csv"), Buffer.from(text, "latin1"));
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("reconcile", "in.csv", "--board-rates", "rates.csv", "--json");
  expect(out.code).toBe(0);
  expect(JSON.parse(out.stdout).notes).toEqual(['"in.csv" is not UTF-8: it was read as Windows-1252 (Excel\'s plain "CSV (Comma delimited)"); give --encoding utf-8 to refuse such a file instead.']);
  const refused = run("reconcile", "in.csv", "--board-rates", "rates.csv", "--encoding", "utf-8");
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain("is not UTF-8 text: line 2 has the byte 0xD6");
});

test("every column is named: used with its field, or not used; a unit in one header is the unit; a missing section column flags nothing on an assumption", () => {
  // 600 × 80 × 40 ÷ 10,000 = 192 units (feet, from "LOA (ft)"), 6 h, 2026-06-15, clause (xi):
  // Section 1: 192 × $15.32 = $2,941.44; surcharge 192 × $3.60 = $691.20; fees $345.50 → $3,978.14.
  // Section 2: 192 × $21.58 = $4,143.36; $691.20; fees $470.50 → $5,305.06.
  // No section column (D26): A billed $5,305.06 is Section 2's amount: not checked. B billed $3,000.00 is under both: flagged,
  // by the variance that holds whatever the section, $3,000.00 − $3,978.14 = −$978.14.
  const csv = ["Ref,Agent,Vessel,LOA (ft),Beam,Depth,Date,Hrs,Total", "9001,Acme,A,600,80,40,2026-06-15,6,5305.06", "9002,Acme,B,600,80,40,2026-06-15,6,3000.00"].join("\n");
  fs.writeFileSync(inFolder("in.csv"), csv);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("reconcile", "in.csv", "--board-rates", "rates.csv", "--json");
  expect(out.stderr).toBe("");
  const json = JSON.parse(out.stdout);
  expect(json.unusedColumns).toEqual([
    { column: "A", header: "Ref" },
    { column: "B", header: "Agent" },
  ]);
  expect(json.columns.map((entry: { field: string }) => entry.field)).toEqual(["vessel", "length", "breadth", "depth", "date", "hours", "billed_total"]);
  expect(json.summary).toMatchObject({ rowsRead: 2, rowsMatched: 0, rowsFlagged: 1, rowsNotChecked: 1, variance: "-978.14" });
  expect(json.flaggedRows[0]).toMatchObject({ rowNumber: 2, status: "not checked" });
  expect(json.flaggedRows[1].note).toContain("at least $978.14 under whatever the missing input (no section column)");
  const text = run("reconcile", "in.csv", "--board-rates", "rates.csv");
  expect(text.stdout).toContain('Not used: column A "Ref"; column B "Agent"');
  expect(text.stdout).toContain("Counts:        2 read = 0 matched + 1 flagged + 1 not checked + 0 excluded");
});
