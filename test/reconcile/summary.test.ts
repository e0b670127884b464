/** The summary added up as rows stream past. Amounts worked by hand from § 89-a. */
import { reconcileRow, ReconcileTally, rowRanges } from "../../src/reconcile";
import { plan } from "./support";

describe("the summary", () => {
  test("counts that add up: read = matched + flagged + not checked + excluded; the variance is the flagged rows' variances", () => {
    const totals = plan(["Units", "Section", "Date", "Hours", "Billed"]);
    const tally = new ReconcileTally();
    // 40 units S1 2026, 6 h (one pilot): $1,070.58 + $300.00 surcharge + fees $300.00 + $45.50 = $1,716.08.
    // 120 units S1 2026: 120 × $15.32 = $1,838.40, surcharge 120 × $3.60 = $432.00, fees $345.50 → $2,615.90.
    tally.addRow(reconcileRow(["40", "1", "2026-03-01", "6", "1716.08"], totals));
    tally.addRow(reconcileRow(["120", "1", "2026-03-01", "6", "2625.90"], totals));
    tally.addRow(reconcileRow(["120", "1", "2026-03-01", "6", "2605.90"], totals));
    // Half a cent: a row error, never a match.
    tally.addRow(reconcileRow(["120", "1", "2026-03-01", "6", "2615.895"], totals));
    tally.addRow(reconcileRow(["abc", "1", "2026-03-01", "6", "99"], totals));
    tally.addExcluded(9, 'a totals row ("Total", the sum of the rows above), not an invoice');
    tally.addMalformed(7, "has 3 fields; the header has 4");
    tally.addMalformed(8, "has 5 fields; the header has 4");
    const summary = tally.summary();
    expect(summary).toEqual({
      rows: 8,
      rowsRead: 6,
      malformedRows: 2,
      malformedRowNumbers: [7, 8],
      malformedExamples: [
        { rowNumber: 7, error: "has 3 fields; the header has 4" },
        { rowNumber: 8, error: "has 5 fields; the header has 4" },
      ],
      rowsChecked: 3,
      rowsExcluded: 1,
      excludedRowNumbers: [9],
      excludedRows: [{ rowNumber: 9, reason: 'a totals row ("Total", the sum of the rows above), not an invoice' }],
      rowsNotChecked: 2,
      rowsWithInputErrors: 2,
      rowsFlagged: 2,
      rowsMatched: 1,
      // 1 matched + 2 flagged + 2 not checked + 1 excluded = 6 read.
      // Billed 1,716.08 + 2,625.90 + 2,605.90 = 6,947.88; computed 1,716.08 + 2,615.90 × 2 = 6,947.88.
      billed: "6947.88",
      computed: "6947.88",
      // +10.00 and −10.00: the flagged rows' variances, summed.
      variance: "0.00",
      allMatched: false,
    });
    expect(summary.rowsMatched + summary.rowsFlagged + summary.rowsNotChecked + summary.rowsExcluded).toBe(summary.rowsRead);
  });

  test("nothing flagged and nothing malformed is all matched", () => {
    const tally = new ReconcileTally();
    tally.addRow(reconcileRow(["40", "1", "2026-03-01", "6", "1716.08"], plan(["Units", "Section", "Date", "Hours", "Billed"])));
    expect(tally.summary().allMatched).toBe(true);
  });

  test("row numbers shown as runs", () => {
    expect(rowRanges([7, 12, 13, 14, 15, 30])).toBe("7, 12–15, 30");
    expect(rowRanges([])).toBe("");
  });
});
