/**
 * One Board rates sheet for every workbook: the task pane reads a workbook the CLI's reconcile
 * wrote, and the CLI (`--board-rates book.xlsx`) reads a workbook the task pane wrote.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { readBoardRatesFile } from "../../src/request/board-rates-file";
import { readBoardRates as readPaneBoardRates, saveBoardRates } from "../../src/taskpane/excel-writer";
import { addFeeRow, addSurchargeRow, initialState } from "../../src/taskpane/state";
import { BOARD_FEES_REFERENCE, BOARD_SURCHARGE_REFERENCE, hasBoardRatesHeaders } from "../../src/workbook/board-rates-sheet";
import { FakeExcel, FakeSheet } from "../taskpane/fake-excel";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");
const globals = globalThis as unknown as { Excel?: unknown };

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "hudson-board-sheet-"));
});
afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
  delete globals.Excel;
});
const inFolder = (name: string) => path.join(folder, name);

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", cwd: folder });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The sheet's values row by row from A1, as a workbook reader gives them (dates as Excel serials). */
async function sheetValues(file: string, name: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet(name) as ExcelJS.Worksheet;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: unknown[] = [];
    for (let column = 1; column <= 9; column++) {
      const value = row.getCell(column).value;
      // Excel serial of a date: days since 1899-12-30.
      cells.push(value instanceof Date ? Math.round(value.getTime() / 86_400_000) + 25_569 : value);
    }
    rows[rowNumber - 1] = cells;
  });
  return rows;
}

// 40 units, Section 1, 2026-03-01, clause (xi): $1,070.58 flat (§ 89-a(4)(b)(1)(xi), up to 50 units);
// surcharge after the statutory periods: the board's 0–50 band, $300.00; fees $300.00 + $45.50.
// Total $1,070.58 + $300.00 + $300.00 + $45.50 = $1,716.08.
// 8 hours: no second pilot (§ 89-a(4)(b)(1-a) asks over 10), so the hours decide nothing here.
const INVOICES = ["Vessel,Units,Section,Date,Hours,Billed", "Alpha,40,1,2026-03-01,8,1716.08", "Bravo,40,1,2026-03-01,8,1726.08"].join("\n");

test("the task pane reads the Board rates sheet of a workbook the CLI's reconcile wrote", async () => {
  fs.writeFileSync(inFolder("in.csv"), INVOICES);
  fs.writeFileSync(inFolder("rates.csv"), ["table,from,a,b,c", "fees,2024-01-01,300.00,45.50,125.00", "surcharge,2020-11-20,300.00,360.00,3.60"].join("\n"));
  const out = run("reconcile", "in.csv", "--board-rates", "rates.csv", "-o", "out.xlsx");
  expect(out.stderr).toBe("");
  expect(out.code).toBe(1);
  const values = await sheetValues(inFolder("out.xlsx"), "Board rates");
  expect(hasBoardRatesHeaders(values)).toBe(true);

  const fake = new FakeExcel(["Reconciliation", "Board rates"]);
  (fake.sheet("Board rates") as FakeSheet).fill("A1", values.map((row) => row.map((cell) => cell ?? "")));
  globals.Excel = fake.excelGlobal();
  expect(await readPaneBoardRates()).toEqual({
    status: "ours",
    fees: [{ from: "2024-01-01", launch: "300", communication: "45.5", midriverLaunch: "125" }],
    surcharge: [{ from: "2020-11-20", upTo50: "300", over50UpTo100: "360", perUnitOver100: "3.6" }],
  });
});

test("the CLI reads, with --board-rates book.xlsx, the Board rates sheet the task pane wrote", async () => {
  const state = initialState();
  state.boardFees = [];
  state.boardSurcharge = [];
  addFeeRow(state, { from: "2024-01-01", launch: "300", communication: "45.50", midriverLaunch: "125" });
  addSurchargeRow(state, { from: "2020-11-20", upTo50: "300", over50UpTo100: "360", perUnitOver100: "3.60" });
  const fake = new FakeExcel(["Sheet1"]);
  globals.Excel = fake.excelGlobal();
  expect(await saveBoardRates(state.boardFees, state.boardSurcharge)).toBe("created");

  // The pane's sheet, cell for cell, into a workbook file.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Board rates");
  for (const [address, cell] of (fake.sheet("Board rates") as FakeSheet).cells) if (cell.value !== "") sheet.getCell(address).value = cell.value as ExcelJS.CellValue;
  await workbook.xlsx.writeFile(inFolder("pane.xlsx"));

  const rates = await readBoardRatesFile(inFolder("pane.xlsx"));
  // Whole cents: $300, $45.50, $125.
  expect(rates.fees.map((row) => [row.from, row.launch, row.communication, row.midriver_launch])).toEqual([["2024-01-01", 30000, 4550, 12500]]);
  expect(rates.surcharge).toEqual([{ from: "2020-11-20", upTo50Units: "300", over50UpTo100Units: "360", perUnitOver100Units: "3.6" }]);

  fs.writeFileSync(inFolder("in.csv"), INVOICES);
  const out = run("reconcile", "in.csv", "--board-rates", "pane.xlsx", "--json");
  expect(out.stderr).toBe("");
  // Alpha matches; Bravo billed $10.00 over.
  expect(JSON.parse(out.stdout).summary).toMatchObject({ rowsChecked: 2, rowsFlagged: 1, variance: "10.00" });
});

test("the formulas name the same two ranges whoever wrote the sheet", () => {
  expect([BOARD_FEES_REFERENCE, BOARD_SURCHARGE_REFERENCE]).toEqual(["'Board rates'!$A$5:$D$104", "'Board rates'!$F$5:$I$104"]);
});
