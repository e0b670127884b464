/**
 * Rows that are not transits (TotalsRows): page furniture and notes named wherever they fall, by one
 * rule for a whole row and for a CSV's line of one field; a row with a date and an amount is data.
 */
import { ExcludedRows, holdsDateAndAmount, TotalsRows } from "../../src/reconcile";
import { plan } from "./support";

const HEADERS = ["Vessel", "Units", "Section", "Date", "Hours", "Billed"];
const TITLE = "HUDSON RIVER PILOTS ASSOCIATION - STATEMENT OF PILOTAGE";

describe("a CSV's line of one field (line)", () => {
  const rows = () => new TotalsRows(plan(HEADERS), [TITLE, "Period: September 2026"]);

  test("page lines, the report's title repeated, a totals label and a note: named", () => {
    const totals = rows();
    expect(totals.line(["Page 2 of 3"])).toBe('a page line ("Page 2 of 3"), not an invoice');
    expect(totals.line(["- 2 -"])).toBe('a page line ("- 2 -"), not an invoice');
    // Case and spacing aside, as a repeated header is compared; the line's own text is shown.
    expect(totals.line(["  hudson river pilots association -  statement of pilotage "])).toBe(`the report's title repeated ("hudson river pilots associatio…"), not an invoice`);
    expect(totals.line(["Period: September 2026"])).toBe(`the report's title repeated ("Period: September 2026"), not an invoice`);
    expect(totals.line(["Grand total $26,112.66"])).toBe('a totals row ("Grand total $26,112.66", no transit particulars), not an invoice');
    expect(totals.line(["Printed 03/11/26 by JSMITH"])).toBe('a note ("Printed 03/11/26 by JSMITH"), not an invoice');
    expect(totals.line(["Confidential"])).toBe('a note ("Confidential"), not an invoice');
  });

  test("never a data row: a number alone, or a transit's date and amount run into one field, is null (the caller reports it malformed)", () => {
    const totals = rows();
    expect(totals.line(["3432.16"])).toBeNull();
    expect(totals.line(["MV ATHENS 192 Upper 09/11/2026 11 5305.06"])).toBeNull();
    expect(totals.line(["MV ATHENS, Upper, Sep 11, 2026, $5,305.06"])).toBeNull();
  });

  test("batch's words: not a transit", () => {
    expect(new TotalsRows(plan(["Vessel", "Units", "Section", "Date", "Hours"], "batch"), []).line(["Page 1 of 2"])).toBe('a page line ("Page 1 of 2"), not a transit');
  });
});

describe("a whole row (check)", () => {
  test("the title repeated in any column is named so, no longer a note", () => {
    const totals = new TotalsRows(plan(HEADERS), [TITLE]);
    expect(totals.check(["", "", "", TITLE, "", ""])).toBe(`the report's title repeated ("HUDSON RIVER PILOTS ASSOCIATIO…"), not an invoice`);
    // Without the titles known (a library caller's rows), the same line is a note, as before.
    expect(new TotalsRows(plan(HEADERS)).check([TITLE, "", "", "", "", ""])).toBe(`a note ("HUDSON RIVER PILOTS ASSOCIATIO…"), not an invoice`);
  });

  test("one cell holding a date and an amount is not a note: the row is read (and named not checked by the reconciliation)", () => {
    const totals = new TotalsRows(plan(HEADERS));
    expect(totals.check(["MV ATHENS 192 Upper 09/11/2026 11 5305.06", "", "", "", "", ""])).toBeNull();
    expect(totals.check(["Printed 09/11/2026 by JSMITH", "", "", "", "", ""])).toBe('a note ("Printed 09/11/2026 by JSMITH"), not an invoice');
  });
});

test("a date with an amount, as written in text", () => {
  expect(holdsDateAndAmount("MV A 06/15/2026 1716.08")).toBe(true);
  expect(holdsDateAndAmount("MV A 2026-06-15 $1,716")).toBe(true);
  expect(holdsDateAndAmount("MV A 15-Jun-2026 USD 1716")).toBe(true);
  expect(holdsDateAndAmount("Printed 3/2/27 09:14 by JSMITH")).toBe(false);
  expect(holdsDateAndAmount("Page 1 of 2")).toBe(false);
  expect(holdsDateAndAmount("Total 26,112.66")).toBe(false);
});

test("ExcludedRows: counts every row, keeps the first 100 with why", () => {
  const excluded = new ExcludedRows();
  for (let row = 2; row < 152; row++) excluded.add(row, "a page line");
  const summary = excluded.summary();
  expect(excluded.count).toBe(150);
  expect(summary.rowsExcluded).toBe(150);
  expect(summary.excludedRowNumbers).toHaveLength(150);
  expect(summary.excludedRows).toHaveLength(100);
  expect(summary.excludedRows[99]).toEqual({ rowNumber: 101, reason: "a page line" });
});
