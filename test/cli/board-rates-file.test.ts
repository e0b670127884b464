/** --board-rates: the combined CSV of both board tables, read row by row by the engine's board-table readers. */
import { PilotageInputError } from "../../src/engine";
import { readBoardRates } from "../../src/request/board-rates-file";

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

/**
 * Red team F10: the header row is read by its words. Upper River, 192 units, 2026-06-15 (clause (xi)),
 * board surcharge 300 / 360 / 3.60: surcharge 192 × $3.60 = $691.20 ((1-c)(iii)); launch $300.00,
 * communication $45.50, mid-river $125.00 ((1-a)), whatever order the header names them in.
 */
describe("the header row names the columns", () => {
  const read = (rows: unknown[][]) => readBoardRates(rows.map((cells, index) => ({ rowNumber: index + 1, cells })));
  const feesOf = (rows: unknown[][]) => read(rows).fees.map((row) => [row.launch, row.communication, row.midriver_launch]);

  test.each([
    ["table,from,midriver launch,launch,communication", ["125.00", "300.00", "45.50"]],
    ["Table,From,Mid-river launch fee,Launch fee,Communication fee", ["125.00", "300.00", "45.50"]],
    ["table,from,Comm,Norrie Point,Launch", ["45.50", "125.00", "300.00"]],
    ["table,from,a,b,c", ["300.00", "45.50", "125.00"]],
  ])("%s: each fee from the column its header names", (header, amounts) => {
    // Whole cents: $300.00 launch, $45.50 communication, $125.00 mid-river launch.
    expect(feesOf([header.split(","), ["fees", "2026-01-01", ...amounts]])).toEqual([[30000, 4550, 12500]]);
  });

  test("surcharge columns in another order: 3.60 is the per-unit rate, never 300 (which would be 192 × $300 = $57,600)", () => {
    const rates = read([["table", "from", "per unit over 100", "51–100 units", "0–50 units"], ["surcharge", "2020-11-20", "3.60", "360.00", "300.00"]]);
    expect(rates.surcharge).toEqual([{ from: "2020-11-20", upTo50Units: "300", over50UpTo100Units: "360", perUnitOver100Units: "3.6" }]);
    expect(rates.notes).toEqual([]);
  });

  test.each([
    [[["table", "from", "launch", "note", "communication"]], /row 1: the header's column 4, "note", is not a column of the board rates: give table, from, then the amounts by name/],
    [[["table", "from", "launch", "launch fee", "comm"]], /row 1: the header names the launch fee in columns 3 and 4/],
    [[["table", "from", "launch", "communication", "mid-river"], ["surcharge", "2020-11-20", "300", "360", "3.60"]], /row 2: the file has surcharge rows but its header names no column for the 0–50 units surcharge/],
    [[["table", "from", "launch", "communication"], ["fees", "2026-01-01", "300", "45.50", "125"]], /row 2: column 5 holds a value, but it is not one of the fees table's columns/],
    [[["table", "from", "a", "b", "c"], ["fees", "2026-01-01", "300", "45.50", "125", "999"]], /row 2: column 6 holds a value, but it is not one of the fees table's columns/],
  ])("%j is refused, naming the columns it expects", (rows, message) => {
    expect(() => read(rows)).toThrow(message);
  });

  test("with no header the amounts are read by position, and a note says so", () => {
    const rates = read([["fees", "2026-01-01", "300", "45.50", "125"]]);
    expect(rates.fees.map((row) => row.launch)).toEqual([30000]);
    expect(rates.notes).toEqual([expect.stringContaining("The board rates have no header row: their amounts are read by position, table,from,a,b,c")]);
  });

  test("a 0 surcharge amount is refused as a blank is (F7: one rule with the Excel table); a 0 fee is not entered (D10)", () => {
    expect(() => read([["surcharge", "2020-11-20", "300", "360", "0.00"]])).toThrow(/row 1: The per-unit surcharge over 100 units is 0 \(an empty cell reads as 0\): enter the surcharge board.s amount/);
    expect(feesOf([["fees", "2026-01-01", "0.00", "$0", "125"]])).toEqual([[null, null, 12500]]);
  });
});
