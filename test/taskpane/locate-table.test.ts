/** The pane's Reconcile finds the header row inside the picked range, as the command line does (issue 37). */
import { headerRowOptions } from "../../src/taskpane/reconcile-panel";
import { guessedFields, locateTable, sourceTableOf } from "../../src/taskpane/reconcile-layout";

// A register picked from its title down: B2:G7, the title in row 2, a blank row 3, the header in row 4.
const ROWS = [
  ["Hudson pilots - June 2026", null, null, null, null, null],
  [null, null, null, null, null, null],
  ["Vessel", "PU", "Sect.", "Date", "Hrs", "Amt due"],
  ["HUDSON TRADER", 40, "Lower", 46188, 6, 1716.08],
  ["NORDIC", 40, "Lower", 46188, 6, 1736.08],
  ["MOHAWK", 40, "Lower", 46188, 6, 1716.08],
];

test("a title picked with the table: the header row is found, the rows above it are not the table", () => {
  const picked = sourceTableOf("Register!B2:G7", ROWS[0]);
  const table = locateTable(picked, ROWS);
  expect(table).toMatchObject({ sheetName: "Register", firstColumn: 2, headerRow: 4, dataRows: 3, headerChosen: "found" });
  expect(table.headers).toEqual(["Vessel", "PU", "Sect.", "Date", "Hrs", "Amt due"]);
  expect(guessedFields(table.headers, table.sample).fields).toEqual(["vessel", "units", "section", "date", "hours", "billed_total"]);
});

test("the person may choose another header row; the choice lists the picked rows with their first cell", () => {
  const table = locateTable(sourceTableOf("Register!B2:G7", ROWS[0]), ROWS);
  expect(headerRowOptions(table)).toEqual([
    ["2", "Row 2: Hudson pilots - June 2026"],
    ["3", "Row 3 (empty)"],
    ["4", "Row 4: Vessel"],
    ["5", "Row 5: HUDSON TRADER"],
    ["6", "Row 6: NORDIC"],
  ]);
  const given = locateTable(table, [], 2);
  expect(given).toMatchObject({ headerRow: 2, dataRows: 5, headerChosen: "given" });
  expect(() => locateTable(table, [], 7)).toThrow("Row 7 is the last row of the selection");
});
