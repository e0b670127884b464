/** The summary added up as rows stream past. Amounts worked by hand from § 89-a. */
import { reconcileRow, ReconcileTally, rowRanges } from "../../src/reconcile";
import { plan } from "./support";

describe("the summary", () => {
  test("counts, exact sums over the rows checked, malformed rows by number", () => {
    const totals = plan(["Units", "Section", "Date", "Billed"]);
    const tally = new ReconcileTally();
    // 40 units S1 2026: $1,716.08 (see above); 120 units S1 2026: 120 × $15.32 = $1,838.40, surcharge 120 × $3.60 = $432.00, fees $345.50 → $2,615.90.
    tally.addRow(reconcileRow(["40", "1", "2026-03-01", "1716.08"], totals));
    tally.addRow(reconcileRow(["120", "1", "2026-03-01", "2625.90"], totals));
    tally.addRow(reconcileRow(["120", "1", "2026-03-01", "2615.895"], totals));
    tally.addRow(reconcileRow(["abc", "1", "2026-03-01", "99"], totals));
    tally.addMalformed(7, "has 3 fields; the header has 4");
    tally.addMalformed(8, "has 5 fields; the header has 4");
    const summary = tally.summary();
    expect(summary).toEqual({
      rows: 6,
      rowsRead: 4,
      malformedRows: 2,
      malformedRowNumbers: [7, 8],
      malformedExamples: [
        { rowNumber: 7, error: "has 3 fields; the header has 4" },
        { rowNumber: 8, error: "has 5 fields; the header has 4" },
      ],
      rowsChecked: 3,
      rowsExcluded: 0,
      excludedRowNumbers: [],
      rowsNotChecked: 1,
      rowsWithInputErrors: 1,
      // A variance: row 2 ($10.00 over) only; row 3 is half a cent under, a match; "abc" is not checked.
      rowsFlagged: 1,
      rowsMatched: 2,
      // 1,716.08 + 2,625.90 + 2,615.895 = 6,957.875; 1,716.08 + 2,615.90 × 2 = 6,947.88
      billed: "6957.875",
      computed: "6947.88",
      variance: "9.995",
      allMatched: false,
    });
  });

  test("nothing flagged and nothing malformed is all matched", () => {
    const tally = new ReconcileTally();
    tally.addRow(reconcileRow(["40", "1", "2026-03-01", "1716.08"], plan(["Units", "Section", "Date", "Billed"])));
    expect(tally.summary().allMatched).toBe(true);
  });

  test("row numbers shown as runs", () => {
    expect(rowRanges([7, 12, 13, 14, 15, 30])).toBe("7, 12–15, 30");
    expect(rowRanges([])).toBe("");
  });
});
