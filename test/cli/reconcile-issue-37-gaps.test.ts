/**
 * The gaps issue 37's closing note left (test/cli/corpus/issue-37-gaps, its lines in the corpus README),
 * each proven on an export written for the purpose: a separator decided once over the first lines (tabs read
 * and said, semicolons refused under a title too, commas kept where text holds tabs or semicolons), page
 * furniture excluded and named wherever it falls, and batch's excluded rows counted as reconcile's are.
 *
 * The amounts, worked by hand from § 89-a(1)(xi) (effective 2026-01-01) and corpus/board-rates.csv (examples
 * of the boards' amounts: launch $300.00, communication $45.50, mid-river launch $125.00, from 2026-01-01;
 * surcharge board $300 for 0–50 units, $360 for 51–100, $3.60 a unit over 100). Units = L × B × D ÷ 10,000.
 *   K  MT KINGSTON   200 × 50 × 40 = 40 units, Section 1, 6 h: base up to 50 units $1,070.58; surcharge $300.00;
 *      launch + communication $345.50 (no mid-river launch in Section 1): 1,070.58 + 300.00 + 345.50 = $1,716.08.
 *   H  MV HAVERSTRAW 400 × 60 × 30 = 72 units, Section 1, 6 h: base 51–100 units $1,530.48; surcharge $360.00;
 *      fees $345.50: 1,530.48 + 360.00 + 345.50 = $2,235.98.
 *   E  MV ESOPUS     600 × 80 × 40 = 192 units, Section 2, 12 h (more than 10: two pilots, (1-a)): base
 *      192 × $21.58 = $4,143.36; surcharge 192 × $3.60 = $691.20; second pilot 50% of base $2,071.68; fees
 *      300.00 + 45.50 + 125.00 = $470.50: 4,143.36 + 691.20 + 2,071.68 + 470.50 = $7,376.74.
 *   C  MV CATSKILL   1000 × 100 × 50 = 500 units (the most charged), Section 2, 9 h: base 500 × $21.58 =
 *      $10,790.00; surcharge 500 × $3.60 = $1,800.00; one pilot; fees $470.50: $13,060.50.
 *   T  MV TIVOLI     40 units, Section 2, 11 h: base up to 50 units $1,764.76; surcharge $300.00; fees $470.50;
 *      second pilot 1,764.76 ÷ 2 = $882.38: $3,417.64.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BIN, cliFolder } from "./cli-folder";

const FOLDER = path.resolve(__dirname, "corpus/issue-37-gaps");
const RATES = path.resolve(__dirname, "corpus/board-rates.csv");
const { inFolder, run } = cliFolder("hudson-gaps-");

function reconcileJson(file: string) {
  const out = run("reconcile", path.join(FOLDER, file), "--board-rates", RATES, "--json");
  return { ...out, json: out.stdout === "" ? null : JSON.parse(out.stdout) };
}

const TABS_NOTE = (file: string) => `"${path.join(FOLDER, file)}" is separated by tabs, not commas (Excel's "Unicode Text", or a TSV): it was read so.`;

describe("one separator sniff", () => {
  /*
   * unicode-text-log-2026-08.txt: Excel's "Unicode Text" (UTF-16 little-endian, a byte order mark, CRLF, tabs),
   * a title padded with tabs above the header, a cell holding quotes written quoted (MT "KINGSTON"), thousands
   * separators. E, K and C match; planted: MV ATHENS 600 × 80 × 40 = 192 units, Section 2, 11 h billed $5,305.06
   * (one pilot: 4,143.36 + 691.20 + 470.50), due E's $7,376.74 → $2,071.68 under.
   */
  test("Excel's Unicode Text under a title: read by its tabs, said in the summary and --json, its planted row flagged", () => {
    const file = "unicode-text-log-2026-08.txt";
    const { code, json } = reconcileJson(file);
    expect(code).toBe(1);
    expect(json.notes).toContain(TABS_NOTE(file));
    expect(json.table).toMatchObject({ headerRow: 2 });
    expect(json.summary).toMatchObject({ rowsRead: 4, rowsMatched: 3, rowsFlagged: 1, rowsNotChecked: 0, malformedRows: 0, rowsExcluded: 0, variance: "-2071.68" });
    expect(json.flaggedRows.map((row: { rowNumber: number; vessel: string }) => [row.rowNumber, row.vessel])).toEqual([[5, "MV ATHENS"]]);
    // K, E and C matched, ATHENS flagged: billed 1,716.08 + 7,376.74 + 13,060.50 + 5,305.06 = 27,458.38.
    expect(json.summary.billed).toBe("27458.38");
    const text = run("reconcile", path.join(FOLDER, file), "--board-rates", RATES);
    expect(text.stdout).toContain(`Note: ${TABS_NOTE(file)}`);
    expect(text.stdout).toMatch(/^Table: header row 2 /m);
  });

  /*
   * agent-statement-2026-08.tsv: a plain TSV (UTF-8, LF) under two title lines (one holding a comma) and a blank
   * line; amounts "$1,716.08" with commas, unquoted; a Remarks cell quoted over a tab and a line break (so row 6
   * runs to line 7). K, H and E match; planted: MV TIVOLI (T) billed $2,535.26 (one pilot), due $3,417.64 →
   * $882.38 under.
   */
  test("a TSV under title lines, commas inside its amounts, a quoted cell over a tab and a line break: read by its tabs", () => {
    const file = "agent-statement-2026-08.tsv";
    const { code, json } = reconcileJson(file);
    expect(code).toBe(1);
    expect(json.notes).toContain(TABS_NOTE(file));
    expect(json.table).toMatchObject({ headerRow: 4 });
    expect(json.summary).toMatchObject({ rowsRead: 4, rowsMatched: 3, rowsFlagged: 1, malformedRows: 0, variance: "-882.38" });
    expect(json.flaggedRows.map((row: { rowNumber: number; vessel: string }) => [row.rowNumber, row.vessel])).toEqual([[8, "MV TIVOLI"]]);
    expect(json.unusedColumns.map((column: { header: string }) => column.header)).toEqual(["Ref", "Remarks"]);
  });

  test("a semicolon file under a title (Windows-1252, decimal commas): refused in one line with the cause and the fix, under --json too", () => {
    const file = path.join(FOLDER, "agent-statement-2026-08-semicolon.csv");
    const out = run("reconcile", file, "--board-rates", RATES);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr.trim().split("\n")).toEqual([
      `hudson-pilotage reconcile: "${file}" is separated by semicolons, not commas (Excel's CSV under regional settings with a decimal comma, where 5.305,06 means 5305.06): run on the workbook itself (.xlsx), or save it as CSV with commas and decimal points, and run again.`,
    ]);
    const json = run("reconcile", file, "--board-rates", RATES, "--json");
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr).error.message).toContain("is separated by semicolons, not commas");
  });

  /*
   * agent-export-remarks-2026-09.csv: commas, with a Remarks column whose every cell holds two semicolons
   * ("pilots: J. Smith; R. Lee; Yonkers"), one a tab, one quoted over a comma. K, E and C match; planted:
   * MV HAVERSTRAW (H) billed $2,335.98, due $2,235.98 → $100.00 over.
   */
  test("a comma file whose text holds semicolons on every row and a tab: still read by its commas, nothing said", () => {
    const { code, json } = reconcileJson("agent-export-remarks-2026-09.csv");
    expect(code).toBe(1);
    expect(json.notes).toEqual([]);
    expect(json.summary).toMatchObject({ rowsRead: 4, rowsMatched: 3, rowsFlagged: 1, malformedRows: 0, variance: "100.00" });
    expect(json.flaggedRows.map((row: { rowNumber: number; vessel: string }) => [row.rowNumber, row.vessel])).toEqual([[3, "MV HAVERSTRAW"]]);
  });

  test("a tab-separated file given on standard input is read by its tabs too", () => {
    const input = fs.readFileSync(path.join(FOLDER, "agent-statement-2026-08.tsv"));
    const out = spawnSync(process.execPath, [BIN, "reconcile", "-", "--board-rates", RATES, "--json"], { encoding: "utf8", input });
    expect(out.status).toBe(1);
    const json = JSON.parse(out.stdout);
    expect(json.notes).toContain(`"-" is separated by tabs, not commas (Excel's "Unicode Text", or a TSV): it was read so.`);
    expect(json.summary).toMatchObject({ rowsRead: 4, rowsFlagged: 1, variance: "-882.38" });
  });
});

/*
 * pdf-statement-unpadded-2026-09.csv: a statement printed to PDF and converted back, its page furniture on
 * lines of one field (not padded with commas): "Page 1 of 2", the title and the header repeated atop page 2,
 * "- 2 -", "Printed 10/01/26 by JSMITH", "Page 2 of 2"; and one transit whose commas were lost in the
 * conversion ("MV ATHENS 192 Upper 09/11/2026 11 5305.06": a date and an amount, so data, never a note).
 * K, E and C match; planted: MV HAVERSTRAW (H) billed $2,535.98, due $2,235.98 → $300.00 over.
 */
describe("page furniture anywhere", () => {
  test("lines of one field between the invoices and after them: excluded and named; the transit run into one field is malformed, not excluded", () => {
    const { code, stderr, json } = reconcileJson("pdf-statement-unpadded-2026-09.csv");
    expect(code).toBe(1);
    expect(stderr).toBe("hudson-pilotage reconcile: row 9 skipped: has 1 field; the header has 6\n");
    // 10 read = 3 matched + 1 flagged + 0 not checked + 6 excluded; row 9 malformed.
    expect(json.summary).toMatchObject({ rows: 11, rowsRead: 10, rowsMatched: 3, rowsFlagged: 1, rowsNotChecked: 0, rowsExcluded: 6, malformedRows: 1, malformedRowNumbers: [9], variance: "300.00" });
    expect(json.summary.excludedRows).toEqual([
      { rowNumber: 5, reason: 'a page line ("Page 1 of 2"), not an invoice' },
      { rowNumber: 6, reason: 'the report\'s title repeated ("HUDSON RIVER PILOTS ASSOCIATIO…"), not an invoice' },
      { rowNumber: 7, reason: "a repeated header row (a page break in a printout), not an invoice" },
      { rowNumber: 11, reason: 'a page line ("- 2 -"), not an invoice' },
      { rowNumber: 12, reason: 'a note ("Printed 10/01/26 by JSMITH"), not an invoice' },
      { rowNumber: 13, reason: 'a page line ("Page 2 of 2"), not an invoice' },
    ]);
    expect(json.flaggedRows.map((row: { rowNumber: number; vessel: string }) => [row.rowNumber, row.vessel])).toEqual([[4, "MV HAVERSTRAW"]]);
  });

  test("the JSON Lines name each excluded line by its row and line; the CSV output marks it excluded", () => {
    const input = path.join(FOLDER, "pdf-statement-unpadded-2026-09.csv");
    const lines = run("reconcile", input, "--board-rates", RATES, "-o", "-", "--format", "jsonl")
      .stdout.trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.filter((line) => "excluded" in line).map((line) => line.row)).toEqual([5, 6, 7, 11, 12, 13]);
    expect(lines.find((line) => line.row === 9)).toEqual({ row: 9, line: 9, error: { code: "MALFORMED_ROW", field: null, message: "has 1 field; the header has 6" } });
    run("reconcile", input, "--board-rates", RATES, "-o", inFolder("checked.csv"));
    const written = fs.readFileSync(inFolder("checked.csv"), "utf8");
    expect(written).toContain('Page 1 of 2,,,,,,,,,,,,,excluded: not an invoice,"Excluded: a page line (""Page 1 of 2""), not an invoice.",5');
  });
});

/*
 * port-calls-2026-10.csv, for batch: a scheduling system's printout of October's calls, a title above the header,
 * "Page 1 of 2" and the title repeated between the calls, "Total calls: 4" and "Printed … by DISPATCH" at the
 * end, none padded. The four calls are K (2026-10-05), E (10-06), C (10-13) and H (10-20), each priced as above
 * (their dates change nothing: clause (xi), the 2026 fee row under 13 months old).
 * Total of the complete quotes: 1,716.08 + 7,376.74 + 13,060.50 + 2,235.98 = $24,389.30.
 */
describe("batch's excluded rows", () => {
  test("page furniture, the title repeated, a totals line and a note: excluded, named and counted as reconcile does; exit 0", () => {
    const input = path.join(FOLDER, "port-calls-2026-10.csv");
    const out = run("batch", input, "--board-rates", RATES, "-o", inFolder("quotes.csv"), "--json");
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    const summary = JSON.parse(out.stdout).summary;
    expect(summary).toMatchObject({ rows: 8, rowsRead: 8, quoted: 4, notQuoted: 0, malformedRows: 0, rowsExcluded: 4, excludedRowNumbers: [5, 6, 9, 10], totalOfCompleteQuotes: "24389.30", allQuoted: true });
    expect(summary.excludedRows).toEqual([
      { rowNumber: 5, reason: 'a page line ("Page 1 of 2"), not a transit' },
      { rowNumber: 6, reason: 'the report\'s title repeated ("Port calls - October 2026"), not a transit' },
      { rowNumber: 9, reason: 'a totals row ("Total calls: 4", no transit particulars), not a transit' },
      { rowNumber: 10, reason: 'a note ("Printed 10/31/26 by DISPATCH"), not a transit' },
    ]);
    const quotes = fs.readFileSync(inFolder("quotes.csv"), "utf8").split("\r\n");
    // The header, then rows 3–10 in order; each quote total in column "Quote total" (the 14th).
    expect(quotes.slice(1, 9).map((line) => line.split(",")[0])).toEqual(["MT KINGSTON", "MV ESOPUS", "Page 1 of 2", "Port calls - October 2026", "MV CATSKILL", "MV HAVERSTRAW", "Total calls: 4", "Printed 10/31/26 by DISPATCH"]);
    expect(quotes.slice(1, 9).map((line) => line.split(",")[13])).toEqual(["1716.08", "7376.74", "", "", "13060.50", "2235.98", "", ""]);
    expect(quotes[3]).toMatch(/,"Excluded: a page line \(""Page 1 of 2""\), not a transit\.",5$/);
  });

  test("the text summary has reconcile's Excluded: words and a Counts: line", () => {
    const out = run("batch", path.join(FOLDER, "port-calls-2026-10.csv"), "--board-rates", RATES, "-o", inFolder("quotes2.csv"));
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^Excluded: +row 5: a page line \("Page 1 of 2"\), not a transit; row 6: the report's title repeated \("Port calls - October 2026"\), not a transit; row 9: a totals row \("Total calls: 4", no transit particulars\), not a transit; row 10: a note \("Printed 10\/31\/26 by DISPATCH"\), not a transit$/m);
    expect(out.stdout).toMatch(/^Counts: +8 read = 4 quoted \+ 0 not quoted \+ 4 excluded$/m);
    expect(out.stdout).toMatch(/^Total of the complete quotes: \$24,389\.30$/m);
  });

  test("its JSON Lines give an excluded row as reconcile's do: {row, line, input, excluded}", () => {
    const lines = run("batch", path.join(FOLDER, "port-calls-2026-10.csv"), "--board-rates", RATES, "-o", "-", "--format", "jsonl")
      .stdout.trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(8);
    expect(lines[2]).toEqual({ row: 5, line: 5, input: { Vessel: "Page 1 of 2", Units: null, Section: null, Date: null, Hours: null }, excluded: 'a page line ("Page 1 of 2"), not a transit' });
    expect(lines.filter((line) => "total" in line).map((line) => line.total)).toEqual(["1716.08", "7376.74", "13060.50", "2235.98"]);
  });
});
