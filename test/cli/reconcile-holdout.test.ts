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
    const out = run("reconcile", file, "--board-rates", RATES);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr.trim().split("\n")).toHaveLength(1);
    expect(out.stderr).toMatch(/No column found for pilotage units \(or length, breadth and depth\)/);
    expect(out.stderr).toContain('F "Memo"');
    // Nothing priced: no amount, matched or flagged, is printed for a bill whose particulars it did not read.
    expect(out.stderr).not.toMatch(/\$\d/);
  });

  test("under --json the refusal is one JSON error, not a summary with zero variances", () => {
    const out = run("reconcile", file, "--board-rates", RATES, "--json");
    expect(out.code).toBe(2);
    expect(out.stdout).toBe("");
    const json = JSON.parse(out.stderr);
    expect(Object.keys(json)).toEqual(["error"]);
    expect(json.error).toMatchObject({ code: "MAPPING", message: expect.stringMatching(/pilotage units/) });
    expect(json.summary).toBeUndefined();
  });
});
