/**
 * Issue 37, held out a third time (test/cli/corpus/held-out-3, its lines in the corpus README): invoice
 * exports of kinds the first nineteen files do not have, written without reading the reader's code.
 * Rates and the vessels' amounts are worked by hand in reconcile-corpus.test.ts's top comment (clause (xi),
 * corpus/board-rates.csv's 2026 fees); each planted error is worked again below.
 */
import path from "node:path";
import { cliFolder } from "./cli-folder";

const CORPUS = path.resolve(__dirname, "corpus");
const RATES = path.join(CORPUS, "board-rates.csv");
const { run } = cliFolder("hudson-holdout-");

/** A refusal: exit 2, nothing on stdout, one line on stderr (returned) that prints no amount. */
function refusedInOneLine(file: string): string {
  const out = run("reconcile", file, "--board-rates", RATES);
  expect(out.code).toBe(2);
  expect(out.stdout).toBe("");
  expect(out.stderr.trim().split("\n")).toHaveLength(1);
  // Nothing priced: no amount, matched or flagged, is printed for a bill it did not read.
  expect(out.stderr).not.toMatch(/\$\d/);
  return out.stderr;
}

/** Under --json a refusal is one JSON error (returned), not a summary with zero variances. */
function refusedAsJson(file: string): { code: string; message: string } {
  const out = run("reconcile", file, "--board-rates", RATES, "--json");
  expect(out.code).toBe(2);
  expect(out.stdout).toBe("");
  const json = JSON.parse(out.stderr);
  expect(Object.keys(json)).toEqual(["error"]);
  return json.error;
}

/*
 * quickbooks-memo-only-2026-02.csv: an accounting package's "Transaction Detail by Account" saved as CSV
 * (Windows-1252, the account's "·" is the byte 0xB7, CRLF): three title lines, an indent column, Type/Date/Num/
 * Name/Memo/Split/Amount/Balance, an account line, and the particulars only inside the Memo text
 * ("MV GLORY SKY 600x80x40 ft, Sect 2, 9.0 hrs"). Planted, inside the memos:
 *   MV TIVOLI 200 × 50 × 40 = 40 units, S2, 11 h: billed 2,535.26 (one pilot), due 1,764.76 + 300.00 + 470.50
 *     + second 1,764.76 ÷ 2 = 882.38 = 3,417.64 → −882.38.
 *   MT NORDIC AMELIA 400 × 60 × 30 = 72 units, S1, 6 h: billed 2,335.98, due 1,530.48 + 360.00 + 345.50 =
 *     2,235.98 → +100.00.
 * No column gives units, dimensions or a section: the reader cannot price a bill, so the only right answer is a
 * refusal naming what is missing (or every bill "not checked"), never a match, a flag or a zero variance.
 */
describe("held-out-3/quickbooks-memo-only-2026-02.csv: particulars only in a memo", () => {
  const file = path.join(CORPUS, "held-out-3/quickbooks-memo-only-2026-02.csv");

  test("refused in one line that names the missing particulars and lists the columns it saw, Memo among them", () => {
    const stderr = refusedInOneLine(file);
    expect(stderr).toMatch(/No column found for pilotage units \(or length, breadth and depth\)/);
    expect(stderr).toContain('F "Memo"');
  });

  test("under --json the refusal is one JSON error, not a summary with zero variances", () => {
    expect(refusedAsJson(file)).toMatchObject({ code: "MAPPING", message: expect.stringMatching(/pilotage units/) });
  });
});

/*
 * pdf-converted-statement-2026-04.xlsx (sheet "Table 1"): a statement printed to PDF and converted back to
 * Excel: the title and header repeated on page 2, "Page 1 of 2"/"Page 2 of 2" footer lines, dates as text
 * 04/14/2026, amounts as text "5,305.06". April 2026, clause (xi), 2026 fees:
 *   HAVERSTRAW BAY V1 S2 8 h 5,305.06; ROCKLAND V2 S1 1,716.08; TOMKINS COVE V4 S2 13.5 h 2p 14,768.58;
 *   WEST HAVERSTRAW V7 S2 9 h 2,988.50; CROTON BAY V10 S1 5,326.19; BEAR MTN V2 S2 2,535.26; DUNDERBERG V1 S1 3,978.14.
 *   Planted: MV STONY CREEK V3 S1 6 h: billed 2,535.98, due 1,530.48 + 360.00 + 345.50 = 2,235.98 → +300.00.
 *            MV IONA ISLAND V5 S2 12 h: billed 13,244.82 (one pilot), due 10,790.00 + 1,984.32 + 470.50 + 5,395.00
 *              = 18,639.82 → −5,395.00.
 *   Variance 300.00 − 5,395.00 = −5,095.00. Rows read: 9 transits + 2 footers + the repeated title and header (excluded).
 */
test("held-out-3/pdf-converted-statement-2026-04.xlsx: planted rows flagged; page furniture excluded, not 'not checked'", () => {
  const out = run("reconcile", path.join(CORPUS, "held-out-3/pdf-converted-statement-2026-04.xlsx"), "--board-rates", RATES, "--json");
  expect(out.code).toBe(1);
  const json = JSON.parse(out.stdout);
  expect(json.summary).toMatchObject({ rowsRead: 13, rowsMatched: 7, rowsFlagged: 2, rowsNotChecked: 0, rowsExcluded: 4, variance: "-5095.00" });
  // Rows 10 and 18 the footers, 11 the title repeated (the text of the line above the header), 12 the header repeated.
  expect(json.summary.excludedRows).toEqual([
    { rowNumber: 10, reason: 'a page line ("Page 1 of 2"), not an invoice' },
    { rowNumber: 11, reason: expect.stringMatching(/^the report's title repeated \("HUDSON RIVER PILOTS/) },
    { rowNumber: 12, reason: "a repeated header row (a page break in a printout), not an invoice" },
    { rowNumber: 18, reason: 'a page line ("Page 2 of 2"), not an invoice' },
  ]);
});

/*
 * spanish-agent-semicolon-2026-05.csv: a Spanish agent's Excel "CSV (delimitado por comas)": semicolons, decimal
 * commas (5.305,06; hours 9,5; a length 600,5), dd/mm/yyyy (15/05/2026 decides day first), Windows-1252, CRLF.
 *   CIUDAD DE CÁDIZ V1 S2 9.5 h 5,305.06; SEVILLA V2 S1 1,716.08; GALICIA V3 S2 10.5 h 2p 4,065.91; ALGECIRAS V6
 *   (600.5 ft) S2 12 h 2p 7,382.50; BILBAO V4 S1 7,866.20; HUELVA V7 S2 11 h 2p 4,067.50; CANTABRIA V10 S2 7,099.14.
 *   Planted: MV TARIFA V1 S1 7 h: 4,078.14 against 3,978.14 → +100.00; MV VIGO V2 S2 10.5 h: 2,535.26 against
 *   2p 3,417.64 → −882.38. Variance −782.38; 9 transits + Total (excluded).
 * The reader does not read semicolons or decimal commas: it refuses the file in one line naming the semicolons and
 * the fix (the workbook itself, or a CSV with commas), before any amount is read, so nothing is priced.
 */
describe("held-out-3/spanish-agent-semicolon-2026-05.csv: refused naming the semicolons", () => {
  const file = path.join(CORPUS, "held-out-3/spanish-agent-semicolon-2026-05.csv");

  test("one line naming the separator and the fix, no amounts", () => {
    const stderr = refusedInOneLine(file);
    expect(stderr).toContain("is separated by semicolons, not commas");
    expect(stderr).toContain("run on the workbook itself (.xlsx), or save it as CSV with commas and decimal points");
    expect(stderr).not.toMatch(/No column found/);
  });

  test("under --json the refusal is one JSON error", () => {
    expect(refusedAsJson(file).message).toMatch(/separated by semicolons/);
  });
});
