/**
 * One layout declaration (src/quote-sheet/layout.ts), two doors: the task pane's Insert quote
 * (through the fake Excel of test/taskpane/) and `hudson-pilotage call -o quote.xlsx` (through
 * exceljs) write the same cells for the same three-transit call, and the pane, quoteCall and the
 * command line give the same total and lines. Amounts worked by hand in test/cli/call.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import ExcelJS from "exceljs";
import { DEFAULT_SETTINGS, excelSerialToIso, isoToExcelSerial, refusalThrown } from "../../src/engine";
import { quoteCall } from "../../src/lib";
import { insertQuoteSheet } from "../../src/taskpane/excel-writer";
import { computePane } from "../../src/taskpane/form";
import { quoteSheetLayout } from "../../src/taskpane/sheet-layout";
import { addFeeRow, addSurchargeRow, addTransit, initialState, PaneState, setField } from "../../src/taskpane/state";
import { FakeExcel, FakeSheet } from "../taskpane/fake-excel";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");
const globals = globalThis as unknown as { Excel?: unknown };

// 600 × 80 × 40 ft; inbound Section 2 on 2026-12-30 (12 h), Section 1 on 2026-12-31 (6 h), outbound Section 2 on 2027-01-02 (8 h).
const TRANSITS = [
  { direction: "inbound", section: "2", date: "2026-12-30", hours: "12" },
  { direction: "outbound", section: "1", date: "2026-12-31", hours: "6" },
  { direction: "outbound", section: "2", date: "2027-01-02", hours: "8" },
] as const;
const FEES = { from: "2026-07-01", launch: "310.00", communication: "45.50", midriverLaunch: "125.25" };
const SURCHARGE = { from: "2026-10-01", upTo50Units: "300.00", over50UpTo100Units: "360.00", perUnitOver100Units: "3.60" };
// By hand (test/cli/call.test.ts): 7,386.99 + 3,988.14 + 5,440.11 = $16,815.24.
const HAND_TOTAL = "16815.24";

function paneState(): PaneState {
  const state = initialState();
  setField(state, "vessel.name", "MV HUDSON TRADER");
  setField(state, "vessel.imo", "9123453");
  setField(state, "vessel.length.feet", "600");
  setField(state, "vessel.breadth.feet", "80");
  setField(state, "vessel.depth.feet", "40");
  while (state.transits.length < TRANSITS.length) addTransit(state);
  TRANSITS.forEach((transit, index) => {
    const key = state.transits[index].key;
    for (const [field, value] of Object.entries(transit)) setField(state, `transit.${key}.${field}`, value);
  });
  addFeeRow(state, FEES);
  addSurchargeRow(state, { from: SURCHARGE.from, upTo50: SURCHARGE.upTo50Units, over50UpTo100: SURCHARGE.over50UpTo100Units, perUnitOver100: SURCHARGE.perUnitOver100Units });
  return state;
}

const CALL = {
  vessel: { name: "MV HUDSON TRADER", imo: "9123453", length: 600, breadth: 80, depth: 40, unit: "ft" as const },
  transits: TRANSITS.map((transit) => ({ direction: transit.direction, section: transit.section, date: transit.date, hours: transit.hours })),
  boardRates: { fees: [FEES], surcharge: [SURCHARGE] },
};

/** Each written cell: its formula (with "="), or its value (a date as its Excel serial); empty cells left out. */
type Cells = Record<string, unknown>;

function fakeCells(sheet: FakeSheet): Cells {
  const cells: Cells = {};
  for (const [address, cell] of sheet.cells) {
    if (cell.formula !== undefined) cells[address] = cell.formula;
    else if (cell.value !== "" && cell.value !== undefined && cell.value !== null) cells[address] = cell.value;
  }
  return cells;
}

function excelJsCells(sheet: ExcelJS.Worksheet): Cells {
  const cells: Cells = {};
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      if (cell.formula) cells[cell.address] = `=${cell.formula}`;
      else if (cell.value instanceof Date) cells[cell.address] = isoToExcelSerial(cell.value.toISOString().slice(0, 10));
      else if (cell.value !== null && cell.value !== "") cells[cell.address] = cell.value;
    }),
  );
  return cells;
}

afterEach(() => {
  delete globals.Excel;
});

test("the pane's Insert quote and call -o quote.xlsx write the same cells; the pane, quoteCall and the CLI the same total and lines", async () => {
  const state = paneState();
  const result = computePane(state, DEFAULT_SETTINGS);
  expect(result.errors).toEqual([]);
  const fake = new FakeExcel(["Sheet1"]);
  globals.Excel = fake.excelGlobal();
  const { sheetName } = await insertQuoteSheet(quoteSheetLayout(state, result), state.boardFees, state.boardSurcharge);

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "nypilot-pane-call-"));
  try {
    fs.writeFileSync(path.join(folder, "call.json"), JSON.stringify(CALL));
    const run = spawnSync(process.execPath, [BIN, "call", "call.json", "-o", "quote.xlsx", "--json"], { cwd: folder, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const cli = JSON.parse(run.stdout);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(folder, "quote.xlsx"));

    expect(workbook.worksheets[0].name).toBe(sheetName);
    const paneQuote = fakeCells(fake.sheet(sheetName) as FakeSheet);
    expect(Object.keys(paneQuote).length).toBeGreaterThan(60);
    expect(excelJsCells(workbook.worksheets[0])).toEqual(paneQuote);
    const paneBoard = fakeCells(fake.sheet("Board rates") as FakeSheet);
    expect(excelJsCells(workbook.getWorksheet("Board rates") as ExcelJS.Worksheet)).toEqual(paneBoard);
    expect(refusalThrown(excelSerialToIso(paneBoard.A5 as number))).toBe(FEES.from);

    // The same total and lines through the pane, the command line and the library.
    expect((result.grandTotalCents as number) / 100).toBe(Number(HAND_TOTAL));
    expect(cli.total).toBe(HAND_TOTAL);
    const library = await quoteCall(CALL);
    expect(library.total).toBe(HAND_TOTAL);
    const linesOf = (lines: { code: string; amount: string | null; citation: string }[]) => lines.map((line) => [line.code, line.amount, line.citation]);
    const paneLines = result.transits.map((transit) => (transit.quote?.lines ?? []).map((line) => [line.code, line.amount === null ? null : line.amount.toFixed(2), line.citation]));
    expect(cli.transits.map((transit: { lines: never[] }) => linesOf(transit.lines))).toEqual(paneLines);
    expect(library.transits.map((transit) => linesOf(transit.lines))).toEqual(paneLines);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
