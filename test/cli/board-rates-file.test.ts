/** --board-rates: the combined CSV of both board tables, read row by row by the engine's board-table readers. */
import { PilotageInputError } from "../../src/engine";
import { readBoardRates } from "../../src/cli/board-rates-file";

describe("the combined board rates table", () => {
  test("header optional, any order, sorted by date; blank and 0 fees not entered", () => {
    const rates = readBoardRates([
      { rowNumber: 1, cells: ["surcharge", "2021-01-01", "310", "370", "3.605"] },
      { rowNumber: 2, cells: ["Fees", "2025-01-01", "310.00", "", "0"] },
      { rowNumber: 3, cells: ["", "", "", "", ""] },
      { rowNumber: 4, cells: ["fees", "2024-01-01", "300.00", "45.50", "125.00"] },
    ]);
    // Whole cents: $300.00, $45.50, $125.00; $310.00.
    expect(rates.fees.map((row) => [row.from, row.launch, row.communication, row.midriver_launch])).toEqual([
      ["2024-01-01", 30000, 4550, 12500],
      ["2025-01-01", 31000, null, null],
    ]);
    expect(rates.surcharge).toEqual([{ from: "2021-01-01", upTo50Units: "310", over50UpTo100Units: "370", perUnitOver100Units: "3.605" }]);
  });

  test.each([
    [[["fee", "2024-01-01", "300", "45.50", "125"], ["fees", "2024-01-01", "310", "", ""]], /Board rates row 2: a second fees row from 2024-01-01 \(also row 1\)/],
    [[["launch", "2024-01-01", "300", "", ""]], /row 1: the table is "launch": use fees or surcharge/],
    [[["fees", "1/1/2024", "300", "", ""]], /row 1: The from date "1\/1\/2024" is not a date/],
    [[["fees", "2024-01-01", "300.005", "", ""]], /row 1: the fee 300.005 has more than two decimals/],
    [[["surcharge", "2024-01-01", "300", "", "3.60"]], /row 1: The 51–100 units surcharge is blank/],
    [[["fees", "2024-01-01", "-5", "", ""]], /row 1: The launch fee cannot be negative/],
  ])("%j is refused: %s", (rows, message) => {
    const call = () => readBoardRates(rows.map((cells, index) => ({ rowNumber: index + 1, cells })));
    expect(call).toThrow(PilotageInputError);
    expect(call).toThrow(message);
  });
});
