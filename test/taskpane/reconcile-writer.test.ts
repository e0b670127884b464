/**
 * The task pane's Reconcile (src/taskpane/reconcile-layout.ts + reconcile-writer.ts) against the
 * fake workbook of test/taskpane/fake-excel.ts (office-addin-mock underneath): the result goes
 * beside the table only when every cell it needs is empty, otherwise to a new sheet; nothing the
 * person typed changes; one formula per column per chunk, with exactly the chunk's rows; one sync
 * per chunk; calculation held back and restored, even when a write fails; progress reported. A
 * small written result is then evaluated through the built add-in (HyperFormula harness) and
 * checked against amounts worked by hand from § 89-a.
 */
import { DEFAULT_SETTINGS } from "../../src/engine";
import { reconcileColumnLayout, reconcileFormulas, reconcileRow, TablePlan } from "../../src/reconcile";
import { columnLetter, columnNumber } from "../../src/workbook/cell-address";
import { saveBoardRates } from "../../src/taskpane/excel-writer";
import { checkMapping, guessedFields, HIGHLIGHT, reconcileSheetPlan, SourceTable, sourceTableOf, VARIANCE_FORMAT } from "../../src/taskpane/reconcile-layout";
import { describeSource, progressText, reconcileResultMessage } from "../../src/taskpane/reconcile-panel";
import { readPickedTable, writeReconciliation } from "../../src/taskpane/reconcile-writer";
import { BOARD_RATES_SHEET, BOARD_TABLE_NAMES, CURRENCY_FORMAT } from "../../src/taskpane/sheet-layout";
import { computePane } from "../../src/taskpane/form";
import { addFeeRow, addSurchargeRow, initialState } from "../../src/taskpane/state";
import { buildHyperFormula, isCellError, ErrorType, SheetContents } from "../support/hyperformula";
import { FakeExcel, FakeSheet, printSetupExpected } from "./fake-excel";

const globals = globalThis as unknown as { Excel?: unknown; Office?: unknown };

/** office.js's requirement-set check: ExcelApi up to 1.minor. */
function officeWithExcelApi(minor: number) {
  return { context: { requirements: { isSetSupported: (name: string, version: string) => name === "ExcelApi" && Number(version.split(".")[1]) <= minor } } };
}

beforeEach(() => {
  globals.Office = officeWithExcelApi(17);
});

afterEach(() => {
  delete globals.Excel;
  delete globals.Office;
});

const INVOICE_HEADERS = ["Vessel", "Pilotage units", "Section", "Transit date", "Hours", "Invoice total"];

function planFor(headers: readonly string[]): TablePlan {
  const checked = checkMapping(headers, guessedFields(headers).fields, DEFAULT_SETTINGS);
  if (!checked.ok) throw new Error(checked.message);
  return checked.plan;
}

/** A workbook with an "Invoices" sheet whose header is at A1, and `rows` data rows (only the header typed). */
function invoiceBook(rows: number, sheetNames: string[] = ["Invoices"]): { fake: FakeExcel; sheet: FakeSheet; source: SourceTable } {
  const fake = new FakeExcel(sheetNames);
  const sheet = fake.sheet("Invoices") as FakeSheet;
  sheet.fill("A1", [INVOICE_HEADERS]);
  globals.Excel = fake.excelGlobal();
  const source: SourceTable = { sheetName: "Invoices", firstColumn: 1, headerRow: 1, width: 6, dataRows: rows, headers: INVOICE_HEADERS };
  return { fake, sheet, source };
}

describe("one undo step", () => {
  test.each([
    [20, [{ mergeUndoGroup: true }]],
    [19, [null]],
  ])("ExcelApi 1.%i: Reconcile's chunks written in one Excel.run whose options are %j", async (minor, options) => {
    globals.Office = officeWithExcelApi(minor);
    const { fake, sheet, source } = invoiceBook(12);
    sheet.fill("A2", [["EVER FORWARD", 200, "Lower", "2026-06-15", 6, 4139.5]]);
    await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 });
    // 12 rows in chunks of 5: three chunks, each its own sync, all inside the one run.
    expect(fake.runOptions).toEqual(options);
    expect(sheet.cell("G2")?.formula).toBe("=NYPILOT.HUDSON_BASE_FEE(B2:B6,C2:C6,D2:D6)");
  });
});

describe("the mapping", () => {
  test("guessed from the headers of a real-looking pilots' invoice export", () => {
    const headers = ["Invoice No.", "Vessel Name", "Pilotage Units", "River", "Date of Transit", "Hrs", "Base Pilotage", "Surcharge", "Launch Fee", "Comms", "Invoice Total", "Notes"];
    expect(guessedFields(headers).fields).toEqual([
      null, "vessel", "units", "section", "date", "hours", "billed_base", "billed_surcharge", "billed_launch", "billed_communication", "billed_total", null,
    ]);
  });

  test("measurements with their unit in the header, and a second amount column noted, not used", () => {
    const guessed = guessedFields(["Ship", "LOA (ft)", "Beam (ft)", "Depth (ft)", "Section", "Sailing date", "Amount billed", "Total"]);
    expect(guessed.fields).toEqual(["vessel", "length", "breadth", "depth", "section", "date", "billed_total", null]);
    expect(guessed.notes).toEqual(['column H "Total" also looks like the billed total; column G "Amount billed" is used.']);
    const checked = checkMapping(["Ship", "LOA (ft)", "Beam (ft)", "Depth (ft)", "Section", "Sailing date", "Amount billed", "Total"], guessed.fields, DEFAULT_SETTINGS);
    expect(checked.ok && checked.plan.fromMeasurements).toBe(true);
  });

  test("headers that disagree on the unit: the message points at the pane's unit list, and choosing a unit settles it", () => {
    const headers = ["LOA (m)", "Beam (ft)", "Depth", "Section", "Date", "Total"];
    const fields = guessedFields(headers).fields;
    const checked = checkMapping(headers, fields, DEFAULT_SETTINGS);
    expect(!checked.ok && checked.message).toBe(
      "The measurement headers disagree (overall length in m, extreme breadth in ft, depth has no unit): choose the unit of plain-number measurements above, or rename the headers.",
    );
    const chosen = checkMapping(headers, fields, DEFAULT_SETTINGS, "m");
    expect(chosen.ok && chosen.plan.measurementUnit).toBe("m");
  });

  test("the pane's lists use the command line's guesser on the values too: invoice numbers headed Amount are never the billed total", async () => {
    const headers = ["Vessel", "Units", "Section", "Date", "Amount", "Total"];
    // By its header alone "Amount" would be the billed total.
    expect(guessedFields(headers).fields).toEqual(["vessel", "units", "section", "date", "billed_total", null]);
    const fake = new FakeExcel(["Invoices"]);
    (fake.sheet("Invoices") as FakeSheet).fill("A1", [headers, ["A", 40, 1, "2026-06-15", 10231, 1716.08], ["B", 40, 1, "2026-06-15", 10232, 1716.08]]);
    globals.Excel = fake.excelGlobal();
    fake.selection = { sheet: "Invoices", address: "A1:F3" };
    const source = await readPickedTable();
    expect(source.sample).toEqual([["A", 40, 1, "2026-06-15", 10231, 1716.08], ["B", 40, 1, "2026-06-15", 10232, 1716.08]]);
    const guessed = guessedFields(source.headers, source.sample);
    expect(guessed.fields).toEqual(["vessel", "units", "section", "date", null, "billed_total"]);
    expect(guessed.notes).toEqual(['column E "Amount" holds identifiers (such as "10231"), not amounts: not used as the billed total.']);
  });

  test("the person's correction changes the plan, and so what is written", () => {
    const headers = ["Vessel", "Units", "Section", "Date", "Pilotage", "Amount"];
    const guessed = guessedFields(headers).fields;
    expect(guessed).toEqual(["vessel", "units", "section", "date", "billed_base", "billed_total"]);
    const asGuessed = checkMapping(headers, guessed, DEFAULT_SETTINGS);
    // "Pilotage" is in fact the pilot's name on this export: the person sets it to ignore.
    const corrected = checkMapping(headers, ["vessel", "units", "section", "date", null, "billed_total"], DEFAULT_SETTINGS);
    expect(asGuessed.ok && asGuessed.plan.billed).toEqual(["billed_base", "billed_total"]);
    expect(corrected.ok && corrected.plan.billed).toEqual(["billed_total"]);
    // What is written follows: a "Variance base pilotage" column only as guessed.
    const source: SourceTable = { sheetName: "S", firstColumn: 1, headerRow: 1, width: 6, dataRows: 3, headers };
    const headerRow = (plan: TablePlan) => reconcileSheetPlan(plan, source, { kind: "beside" }).header.values?.[0];
    expect(asGuessed.ok && headerRow(asGuessed.plan)).toContain("Variance base pilotage");
    expect(corrected.ok && headerRow(corrected.plan)).not.toContain("Variance base pilotage");
  });

  test("a field chosen twice: the engine's message, and the two columns to mark", () => {
    const checked = checkMapping(INVOICE_HEADERS, ["vessel", "units", "section", "date", "units", "billed_total"], DEFAULT_SETTINGS);
    expect(checked).toEqual({ ok: false, message: "The pilotage units is mapped to two columns (B and E).", columns: [1, 4] });
  });

  test("units beside measurements: every such column is marked", () => {
    const checked = checkMapping(["U", "L", "B", "D", "S", "T", "X"], ["units", "length", "breadth", "depth", "section", "date", "billed_total"], DEFAULT_SETTINGS);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.columns).toEqual([0, 1, 2, 3]);
    expect(!checked.ok && checked.message).toMatch(/use one or the other \(map the others to ignore\)/);
  });

  test("a required field missing: the message names it and the columns to choose from", () => {
    const checked = checkMapping(INVOICE_HEADERS, ["vessel", "units", "section", null, "hours", "billed_total"], DEFAULT_SETTINGS);
    expect(checked.ok).toBe(false);
    // The engine's advice for --map, worded for the pane's lists.
    expect(!checked.ok && checked.message).toMatch(/^No column found for transit date\. The columns are A "Vessel", .*: choose the column for each in the lists above\.$/);
    expect(!checked.ok && checked.columns).toEqual([]);
  });
});

describe("reading the picked range", () => {
  test("the selection itself: its sheet, header row and data rows", async () => {
    const { fake } = invoiceBook(0, ["Other", "Invoices"]);
    (fake.sheet("Invoices") as FakeSheet).fill("C3", [["Units", "Section", "Date", "Total"]]);
    fake.selection = { sheet: "Invoices", address: "C3:F40" };
    const table = await readPickedTable();
    // The first data rows (all 37 here, empty) come along for the column guess; the header row is looked for among the first rows (issue 37).
    expect(table).toMatchObject({ sheetName: "Invoices", firstColumn: 3, headerRow: 3, width: 4, dataRows: 37, headers: ["Units", "Section", "Date", "Total"], headerChosen: "found" });
    expect(table.sample).toEqual(Array(37).fill(["", "", "", ""]));
  });

  test("a cell inside an Excel table: the whole table", async () => {
    const { fake } = invoiceBook(0);
    fake.tables.push({ sheet: "Invoices", address: "A1:F13" });
    fake.selection = { sheet: "Invoices", address: "C5" };
    const table = await readPickedTable();
    expect(table).toEqual({ sheetName: "Invoices", firstColumn: 1, headerRow: 1, width: 6, dataRows: 12, headers: INVOICE_HEADERS, excelTable: "A1:F13", sample: Array(12).fill(["", "", "", "", "", ""]) });
  });

  test("whole columns: refused with what to select instead", () => {
    expect(() => sourceTableOf("Invoices!A:F", [])).toThrow("The selection Invoices!A:F is whole columns or rows: select from the header row down to the last invoice row (or click inside an Excel table).");
  });

  test("one row only: refused with what to select instead", async () => {
    const { fake } = invoiceBook(0);
    fake.selection = { sheet: "Invoices", address: "A1:F1" };
    await expect(readPickedTable()).rejects.toThrow("The selection Invoices!A1:F1 has no rows under its header: select the header row and the invoice rows below it (or click inside an Excel table).");
  });
});

/*
 * With INVOICE_HEADERS (units given, a billed total only) the run adds eight columns: computed base
 * pilotage, surcharge, second pilot, board fees, total, variance, flag, status. Beside a table in
 * A:F they are G:N, with the summary in P:Q after an empty column O; so for 12 rows the cells that
 * must be empty are G1:Q13.
 */
const ADDED = ["Computed base pilotage", "Computed surcharge", "Computed second pilot", "Computed board fees", "Computed total", "Variance", "Flag", "Status"];

describe("where the result goes: never over a cell the person typed", () => {
  test("beside the table when every cell it needs is empty; only those cells are written", async () => {
    const { fake, sheet, source } = invoiceBook(12, ["Invoices", "Notes"]);
    sheet.fill("A2", [["EVER FORWARD", 200, "Lower", "2026-06-15", 6, 4139.5]]);
    // Content just outside the region: right of the summary (Q) and under it (row 14).
    sheet.fill("R1", [["checked by AB"]]);
    sheet.fill("G14", [["totals below"]]);
    (fake.sheet("Notes") as FakeSheet).fill("A1", [["keep"]]);
    const before = { invoices: sheet.snapshot(), notes: (fake.sheet("Notes") as FakeSheet).snapshot() };

    const { sheetPlan } = await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 });

    expect(sheetPlan.placement).toEqual({ kind: "beside" });
    expect(fake.sheets.map((s) => s.name)).toEqual(["Invoices", "Notes"]);
    expect(["G1", "H1", "I1", "J1", "K1", "L1", "M1", "N1"].map((a) => sheet.cell(a)?.value)).toEqual(ADDED);
    for (const [address, cell] of Object.entries(before.invoices)) expect({ address, cell: sheet.cell(address) }).toEqual({ address, cell });
    expect((fake.sheet("Notes") as FakeSheet).snapshot()).toEqual(before.notes);
    for (const write of fake.writes) {
      expect(write.sheet).toBe("Invoices");
      for (const cell of write.address.split(":")) expect(cell).toMatch(/^[G-Q]([1-9]|1[0-3])$/);
    }
    expect(sheet.cell("G2")?.formula).toBe("=NYPILOT.HUDSON_BASE_FEE(B2:B6,C2:C6,D2:D6)");
  });

  test.each([
    ["the first added column's header cell", "G1"],
    ["a data cell in the last added column, last row", "N13"],
    ["the gap column before the summary", "O5"],
    ["the summary's bottom-right cell", "Q7"],
    ["a zero the person typed", "K8"],
  ])("one occupied cell (%s, %s): everything goes to a new sheet, nothing on the table's sheet changes", async (_what, occupied) => {
    const { fake, sheet, source } = invoiceBook(12, ["Invoices", "Reconciliation Invoices", "reconciliation invoices (2)"]);
    sheet.fill(occupied, [[occupied === "K8" ? 0 : "mine"]]);
    (fake.sheet("Reconciliation Invoices") as FakeSheet).fill("A1", [["an earlier run, edited"]]);
    const before = fake.sheets.map((s) => [s.name, s.snapshot()] as const);

    const { sheetPlan } = await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 });

    const name = "Reconciliation Invoices (3)";
    expect(sheetPlan.placement).toEqual({ kind: "new sheet", sheetName: name, reason: "occupied" });
    expect(fake.sheets.map((s) => s.name)).toEqual(["Invoices", "Reconciliation Invoices", "reconciliation invoices (2)", name]);
    for (const [sheetName, cells] of before) expect(fake.sheet(sheetName)?.snapshot()).toEqual(cells);
    expect(fake.writes.filter((w) => w.sheet !== name)).toEqual([]);
    const result = fake.sheet(name) as FakeSheet;
    expect(result.activated).toBe(true);
    // On the new sheet the columns start at A, with the header in row 1, and name the table's cells.
    expect(["A1", "G1"].map((a) => result.cell(a)?.value)).toEqual(["Computed base pilotage", "Flag"]);
    expect(result.cell("A2")?.formula).toBe("=NYPILOT.HUDSON_BASE_FEE('Invoices'!B2:B6,'Invoices'!C2:C6,'Invoices'!D2:D6)");
    expect(result.cell("A12")?.formula).toBe("=NYPILOT.HUDSON_BASE_FEE('Invoices'!B12:B13,'Invoices'!C12:C13,'Invoices'!D12:D13)");
    expect([result.cell("J8")?.value, result.cell("K8")?.value]).toEqual(["Invoices checked", "'Invoices'!A1:F13"]);
  });

  test("a formula that shows nothing is content: a new sheet, and the formula is kept", async () => {
    const { sheet, source } = invoiceBook(12);
    sheet.cells.set("J9", { value: "", formula: '=IF(F9="","",F9*2)' });
    const { sheetPlan } = await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 });
    expect(sheetPlan.placement).toEqual({ kind: "new sheet", sheetName: "Reconciliation Invoices", reason: "occupied" });
    expect(sheet.cell("J9")).toEqual({ value: "", formula: '=IF(F9="","",F9*2)' });
  });

  test("an empty cell with only a number format is empty; without ExcelApi 1.9 it counts (a new sheet rather than a risk)", async () => {
    const formatted = async () => {
      const book = invoiceBook(12);
      book.sheet.cells.set("H5", { value: "", numberFormat: "0.00" });
      return (await writeReconciliation(planFor(INVOICE_HEADERS), book.source, { chunkRows: 5 })).sheetPlan.placement.kind;
    };
    expect(await formatted()).toBe("beside");
    globals.Office = officeWithExcelApi(8);
    expect(await formatted()).toBe("new sheet");
  });

  test("a table at the last columns of the sheet, with no room beside it: a new sheet", async () => {
    const fake = new FakeExcel(["Wide"]);
    globals.Excel = fake.excelGlobal();
    const source: SourceTable = { sheetName: "Wide", firstColumn: 16_379, headerRow: 1, width: 6, dataRows: 3, headers: INVOICE_HEADERS };
    const { sheetPlan } = await writeReconciliation(planFor(INVOICE_HEADERS), source);
    expect(sheetPlan.placement).toEqual({ kind: "new sheet", sheetName: "Reconciliation Wide", reason: "no room" });
    expect(fake.writes.filter((w) => w.sheet === "Wide")).toEqual([]);
  });

  test("an Excel table: always a new sheet (Excel would widen the table over new columns, where spills are #SPILL!)", async () => {
    const { fake, sheet, source } = invoiceBook(12);
    const before = sheet.snapshot();
    const { sheetPlan } = await writeReconciliation(planFor(INVOICE_HEADERS), { ...source, excelTable: "Invoices2026" }, { chunkRows: 5 });
    expect(sheetPlan.placement).toEqual({ kind: "new sheet", sheetName: "Reconciliation Invoices", reason: "excel table" });
    expect(sheet.snapshot()).toEqual(before);
    expect(fake.writes.filter((w) => w.sheet === "Invoices")).toEqual([]);
  });

  test("a name taken between reading the names and adding the sheet: nothing is written there, the next free name is used", async () => {
    const { fake, sheet, source } = invoiceBook(12);
    sheet.fill("G1", [["mine"]]);
    fake.beforeAdd = (name) => {
      if (name !== "Reconciliation Invoices" || fake.sheet(name)) return;
      const other = new FakeSheet(name);
      other.fill("A1", [["a co-author's sheet"]]);
      fake.sheets.push(other);
    };
    const { sheetPlan } = await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 });
    expect(sheetPlan.targetSheet).toBe("Reconciliation Invoices (2)");
    expect(fake.sheet("Reconciliation Invoices")?.snapshot()).toEqual({ A1: { value: "a co-author's sheet" } });
    expect(fake.writes.filter((w) => w.sheet === "Reconciliation Invoices")).toEqual([]);
  });

  test("a sheet name with an apostrophe is quoted in the formulas", async () => {
    const fake = new FakeExcel(["Pilot's invoices"]);
    (fake.sheet("Pilot's invoices") as FakeSheet).fill("G1", [["occupied"]]);
    globals.Excel = fake.excelGlobal();
    const source: SourceTable = { sheetName: "Pilot's invoices", firstColumn: 1, headerRow: 1, width: 6, dataRows: 2, headers: INVOICE_HEADERS };
    const { sheetPlan } = await writeReconciliation(planFor(INVOICE_HEADERS), source);
    expect(sheetPlan.targetSheet).toBe("Reconciliation Pilot's invoices");
    expect(fake.sheet(sheetPlan.targetSheet)?.cell("A2")?.formula).toBe("=NYPILOT.HUDSON_BASE_FEE('Pilot''s invoices'!B2:B3,'Pilot''s invoices'!C2:C3,'Pilot''s invoices'!D2:D3)");
  });
});

describe("chunks", () => {
  test("100,000 rows in chunks of 5,000: twenty formula writes, one sync each, every range exactly its chunk's rows", async () => {
    const rows = 100_000;
    const { fake, source } = invoiceBook(rows);
    const syncsAtProgress: number[] = [];
    const progress: [number, number][] = [];
    const { sheetPlan } = await writeReconciliation(planFor(INVOICE_HEADERS), source, {
      onProgress: (done, total) => {
        progress.push([done, total]);
        syncsAtProgress.push(fake.syncs);
      },
    });
    expect(sheetPlan.chunkCount).toBe(20);
    const formulaWrites = fake.writes.filter((w) => w.kind === "formulas" && /^G\d+:N\d+$/.test(w.address));
    expect(formulaWrites.map((w) => w.address)).toEqual(Array.from({ length: 20 }, (_, i) => `G${2 + 5000 * i}:N${2 + 5000 * i}`));
    // One sync per chunk, and nothing else between two chunks.
    expect(syncsAtProgress.slice(1).map((n, i) => n - syncsAtProgress[i])).toEqual(Array(20).fill(1));
    expect(progress.map(([done]) => done)).toEqual([0, ...Array.from({ length: 20 }, (_, i) => 5000 * (i + 1))]);
    expect(progress.every(([, total]) => total === rows)).toBe(true);

    const sheet = fake.sheet("Invoices") as FakeSheet;
    const board = "NYPILOT_BoardFees,NYPILOT_BoardSurcharge";
    // Chunk 1 (rows 2–5,001) and chunk 20 (rows 95,002–100,001), every column.
    expect(["G2", "H2", "I2", "J2", "K2", "L2", "M2", "N2"].map((a) => sheet.cell(a)?.formula)).toEqual([
      "=NYPILOT.HUDSON_BASE_FEE(B2:B5001,C2:C5001,D2:D5001)",
      "=NYPILOT.HUDSON_SURCHARGE(B2:B5001,D2:D5001,NYPILOT_BoardSurcharge)",
      '=IF(TRIM(E2:E5001)="",0,NYPILOT.HUDSON_SECOND_PILOT(G2:G5001,E2:E5001))',
      "=ROUND(K2:K5001-G2:G5001-H2:H5001-I2:I5001,2)",
      `=NYPILOT.HUDSON_TOTAL(B2:B5001,C2:C5001,D2:D5001,E2:E5001,,,${board})`,
      // D27: a blank billed total is nothing billed (the table bills nothing else): #N/A, never a variance of the whole total.
      '=IF(IFERROR(TRIM(F2:F5001)="",FALSE),NA(),ROUND(F2:F5001-K2:K5001,6))',
      // TRUE only for a variance; an error (no add-in, an amount not entered) is "not computed", never a flag.
      '=IF((--IFERROR(ABS(L2:L5001)>=0.01,FALSE))>0,TRUE,IF((--ISERROR(L2:L5001))>0,"not computed",FALSE))',
      '=IF(IFERROR(TRIM(F2:F5001)="",FALSE),"not checked: nothing billed",IF(ISLOGICAL(M2:M5001),IF(M2:M5001,"variance","matched"),IF((--ISERR(L2:L5001))>0,"not checked: not computed (an input cannot be read, or the NYPILOT add-in is not loaded), see Note","not checked: an amount is not available (#N/A), see Note")))',
    ]);
    expect(sheet.cell("G95002")?.formula).toBe("=NYPILOT.HUDSON_BASE_FEE(B95002:B100001,C95002:C100001,D95002:D100001)");
    expect(sheet.cell("L95002")?.formula).toBe('=IF(IFERROR(TRIM(F95002:F100001)="",FALSE),NA(),ROUND(F95002:F100001-K95002:K100001,6))');
    // Only the chunks' top cells hold formulas; the rest is the spill's.
    expect(sheet.cell("G3")?.formula).toBeUndefined();
    expect([sheet.cell("G100001")?.numberFormat, sheet.cell("L100001")?.numberFormat, sheet.cell("G100002")]).toEqual([CURRENCY_FORMAT, VARIANCE_FORMAT, undefined]);
  });

  test("a last partial chunk: 12 rows in chunks of 5 are rows 2–6, 7–11 and 12–13", async () => {
    const { fake, source } = invoiceBook(12);
    const progress: number[] = [];
    await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5, onProgress: (done) => progress.push(done) });
    const sheet = fake.sheet("Invoices") as FakeSheet;
    expect(["G2", "G7", "G12"].map((a) => sheet.cell(a)?.formula)).toEqual([
      "=NYPILOT.HUDSON_BASE_FEE(B2:B6,C2:C6,D2:D6)",
      "=NYPILOT.HUDSON_BASE_FEE(B7:B11,C7:C11,D7:D11)",
      "=NYPILOT.HUDSON_BASE_FEE(B12:B13,C12:C13,D12:D13)",
    ]);
    expect(progress).toEqual([0, 5, 10, 12]);
  });

  test("a last chunk of one row names single cells", async () => {
    const { fake, source } = invoiceBook(11);
    await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 });
    expect((fake.sheet("Invoices") as FakeSheet).cell("G12")?.formula).toBe("=NYPILOT.HUDSON_BASE_FEE(B12,C12,D12)");
  });

  test("no hours column: the second pilot is never 0 for want of hours (D26): one formula per chunk says 0 or #N/A, as the total", async () => {
    const headers = ["Vessel", "Units", "Section", "Date", "Total"];
    const fake = new FakeExcel(["Calls"]);
    (fake.sheet("Calls") as FakeSheet).fill("A1", [headers]);
    globals.Excel = fake.excelGlobal();
    const source: SourceTable = { sheetName: "Calls", firstColumn: 1, headerRow: 1, width: 5, dataRows: 7, headers };
    await writeReconciliation(planFor(headers), source, { chunkRows: 5 });
    const sheet = fake.sheet("Calls") as FakeSheet;
    // One pilot (no second pilot) or two (50% of the base): the same only if that is 0, else #N/A.
    expect(["H2", "H3", "H7", "H8"].map((a) => sheet.cell(a)?.formula ?? sheet.cell(a)?.value)).toEqual([
      "=IF((0=NYPILOT.HUDSON_SECOND_PILOT(F2:F6,11)),0,NA())",
      "",
      "=IF((0=NYPILOT.HUDSON_SECOND_PILOT(F7:F8,11)),0,NA())",
      "",
    ]);
    const total = (hours: string) => `NYPILOT.HUDSON_TOTAL(B2:B6,C2:C6,D2:D6,${hours},,,NYPILOT_BoardFees,NYPILOT_BoardSurcharge)`;
    expect(sheet.cell("J2")?.formula).toBe(`=IF((${total("")}=${total("11")}),${total("")},NA())`);
    expect(sheet.cell("I2")?.formula).toBe(`=IF((ROUND(${total("")}-F2:F6-G2:G6-0,2)=ROUND(${total("11")}-F2:F6-G2:G6-NYPILOT.HUDSON_SECOND_PILOT(F2:F6,11),2)),ROUND(${total("")}-F2:F6-G2:G6-0,2),NA())`);
  });
});

describe("calculation held back while writing", () => {
  test("manual while the chunks are written, the previous mode restored afterwards", async () => {
    const { fake, source } = invoiceBook(12);
    fake.calculationMode = "AutomaticExceptTables";
    await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 });
    expect(fake.calculationModeChanges).toEqual(["Manual", "AutomaticExceptTables"]);
    const chunkWrites = fake.writes.map((w, i) => ({ w, mode: fake.writeModes[i] })).filter(({ w }) => w.kind === "formulas");
    expect(chunkWrites.length).toBeGreaterThan(3);
    expect(chunkWrites.filter(({ mode }) => mode !== "Manual")).toEqual([]);
  });

  test("restored even when a write fails; the error reaches the caller", async () => {
    const { fake, source } = invoiceBook(12);
    fake.failWrite = (write) => write.kind === "formulas" && write.address === "G7:N7";
    await expect(writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 })).rejects.toThrow("the formulas write to G7:N7 failed");
    expect(fake.calculationMode).toBe("Automatic");
    expect(fake.calculationModeChanges).toEqual(["Manual", "Automatic"]);
    // Nothing of the failed chunk, nor after it, was applied.
    expect((fake.sheet("Invoices") as FakeSheet).cell("G12")).toBeUndefined();
  });

  test("without ExcelApi 1.8 the mode is left alone and each chunk's sync is suspended instead", async () => {
    globals.Office = officeWithExcelApi(7);
    const { fake, source } = invoiceBook(12);
    await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 });
    expect(fake.calculationModeChanges).toEqual([]);
    expect(fake.suspensions).toBe(3);
  });
});

describe("highlights and summary", () => {
  test("billed charges and a billed total: the row's variance and the summary compare the total, or on a row whose total is blank the charges (D27)", () => {
    // Hours given: nothing missing (D26), so each amount is one formula over its column.
    const headers = ["Units", "Section", "Date", "Hours", "Base", "Total"];
    const source: SourceTable = { sheetName: "S", firstColumn: 1, headerRow: 1, width: 6, dataRows: 10, headers };
    const sheetPlan = reconcileSheetPlan(planFor(headers), source, { kind: "beside" });
    // Added: G base, H surcharge, I second pilot, J board fees, K total, L variance base, M variance, N flag, O status; summary Q:R.
    const top = sheetPlan.chunk(0, Array.from({ length: 10 }, () => Array<string>(6).fill(""))).writes.find((w) => w.formulas)?.formulas?.[0] ?? [];
    const nothingBilled = 'IFERROR(TRIM(E2:E11&F2:F11)="",FALSE)';
    expect(top.slice(5, 8)).toEqual([
      `=IF(${nothingBilled},NA(),ROUND(E2:E11-G2:G11,6))`,
      `=IF(${nothingBilled},NA(),IF(IFERROR(TRIM(F2:F11)="",FALSE),ROUND((E2:E11)-(G2:G11),6),ROUND(F2:F11-K2:K11,6)))`,
      '=IF((--IFERROR(ABS(M2:M11)>=0.01,FALSE)+--IFERROR(ABS(L2:L11)>=0.01,FALSE))>0,TRUE,IF((--ISERROR(M2:M11)+--ISERROR(L2:L11))>0,"not computed",FALSE))',
    ]);
    expect(sheetPlan.summary.find((w) => w.formulas)?.formulas?.[2]).toEqual([
      // Computed = billed − variance: the charges billed (E) where the total (F) is blank, else the total.
      '=SUMPRODUCT(ISNUMBER($M$2:$M$11)*((IFERROR(TRIM($F$2:$F$11)="",FALSE)*IFERROR($E$2:$E$11*1,0)+(1-IFERROR(TRIM($F$2:$F$11)="",FALSE))*IFERROR($F$2:$F$11*1,0))-IFERROR($M$2:$M$11*1,0)))',
    ]);
  });

  test("non-zero variances and flagged rows in light red; the summary as live formulas over the written columns", async () => {
    const { fake, source } = invoiceBook(12);
    await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 });
    expect(fake.conditionalFormats).toEqual([
      { sheet: "Invoices", address: "L2:L13", type: "Custom", formula: "=AND(ISNUMBER(L2),ABS(L2)>=0.01)", fill: HIGHLIGHT.fill, font: HIGHLIGHT.font },
      { sheet: "Invoices", address: "M2:M13", type: "Custom", formula: "=M2=TRUE", fill: HIGHLIGHT.fill, font: HIGHLIGHT.font },
    ]);
    const sheet = fake.sheet("Invoices") as FakeSheet;
    expect(["P1", "P2", "P3", "P4", "P5", "P6", "P7"].map((a) => sheet.cell(a)?.value)).toEqual([
      "Reconciliation summary", "Rows", "Billed (rows compared)", "Computed (rows compared)", "Variance (billed − computed)", "Rows flagged", "Rows not compared (an error in a row)",
    ]);
    expect(["Q2", "Q3", "Q4", "Q5", "Q6", "Q7"].map((a) => sheet.cell(a)?.formula)).toEqual([
      "=ROWS($L$2:$L$13)",
      "=Q4+Q5",
      "=SUMPRODUCT(ISNUMBER($L$2:$L$13)*(IFERROR($F$2:$F$13*1,0)-IFERROR($L$2:$L$13*1,0)))",
      "=SUMPRODUCT(IFERROR($L$2:$L$13,0))",
      "=COUNTIF($M$2:$M$13,TRUE)",
      "=SUMPRODUCT(--ISERROR($L$2:$L$13))",
    ]);
  });
});

/** The board rows the hand-worked amounts use (examples, not the boards' figures), saved as the pane saves them. */
async function saveExampleBoardRates(): Promise<void> {
  const state = initialState();
  addFeeRow(state, { from: "2026-01-01", launch: "310.00", communication: "45.50", midriverLaunch: "125.25" });
  addSurchargeRow(state, { from: "2020-11-20", upTo50: "300", over50UpTo100: "360", perUnitOver100: "3.60" });
  await saveBoardRates(state.boardFees, state.boardSurcharge);
}

/** The fake workbook's table sheet and Board rates sheet, evaluated with the built NYPILOT functions. */
function evaluate(fake: FakeExcel, sheetName: string) {
  const sheets: SheetContents = {
    [sheetName]: (fake.sheet(sheetName) as FakeSheet).contents() as SheetContents[string],
    [BOARD_RATES_SHEET]: (fake.sheet(BOARD_RATES_SHEET) as FakeSheet).contents() as SheetContents[string],
  };
  // Excel's dynamic arrays: a formula over ranges works cell by cell and spills.
  return buildHyperFormula(sheets, { config: { useArrayArithmetic: true }, namedExpressions: fake.namedExpressions() });
}

describe("a written result, evaluated through the built add-in", () => {
  /*
   * Hand-worked from § 89-a(4)(b)(1)(xi) (in force from 2026-01-01: Section 1 $15.32, Section 2
   * $21.58 a unit from 100 units, at most 500 units), the board surcharge table (example: $3.60 a
   * unit over 100 units, no maximum, D7) and the board fees (examples: launch $310.00,
   * communication $45.50, mid-river launch $125.25 for Section 2 only, D10). Second pilot: 50% of
   * the base when hours > 10 (D11). All transits on 2026-06-15; A, D and F run 6 hours (not more
   * than ten: no second pilot).
   *   A 200 units, Lower:        200 × 15.32 = 3,064.00; 200 × 3.60 = 720.00; 310.00 + 45.50
   *                              → 3,064.00 + 720.00 + 355.50 = 4,139.50
   *   B 200 units, Upper, 12 h:  200 × 21.58 = 4,316.00; 720.00; 50% × 4,316.00 = 2,158.00;
   *                              310.00 + 45.50 + 125.25 = 480.75 → 7,674.75
   *   C 200 units, Upper, 8 h:   4,316.00 + 720.00 + 480.75 = 5,516.75 (no second pilot)
   *   D 600 units, Lower:        500 × 15.32 = 7,660.00 (the maximum); 600 × 3.60 = 2,160.00;
   *                              355.50 → 10,175.50
   *   E 192.16 units, Upper, 12 h: 192.16 × 21.58 = 4,146.8128 → 4,146.81; 192.16 × 3.60 =
   *                              691.776 → 691.78; 50% × 4,146.81 = 2,073.405 → 2,073.41;
   *                              480.75 → 7,392.75
   *   F 192.16 units, Lower:     192.16 × 15.32 = 2,943.8912 → 2,943.89; 691.78; 355.50 → 3,991.17
   */
  const ROWS: [string, number, string, string | number, number | "", number][] = [
    ["A1", 200, "Lower", "2026-06-15", 6, 4139.5],
    ["B1", 200, "Upper", 46188, 12, 7674.75],
    ["C1", 200, "Upper", "2026-06-15", 8, 5526.75], // $10.00 over
    ["D1", 600, "Lower", 46188, 6, 10175.5],
    ["E1", 192.16, "Upper", "2026-06-15", 12, 7392.74], // a cent under
    ["F1", 192.16, "Lower", 46188, 6, 3991.17],
    ["A2", 200, "Lower", "2026-06-15", 6, 4139.5],
    ["B2", 200, "Middle", 46188, 12, 7674.75], // no such section: cannot be compared
    ["C2", 200, "Upper", "2026-06-15", 8, 5516.75],
    ["D2", 600, "Lower", 46188, 6, 10175.5],
    ["E2", 192.16, "Upper", "2026-06-15", 12, 7392.75],
    ["F2", 192.16, "Lower", 46188, 6, 3991.17],
  ];
  const COMPUTED = [4139.5, 7674.75, 5516.75, 10175.5, 7392.75, 3991.17, 4139.5, null, 5516.75, 10175.5, 7392.75, 3991.17];

  test("12 rows in chunks of 5: totals, variances, flags and summary as worked by hand", async () => {
    const { fake, sheet, source } = invoiceBook(12);
    sheet.fill("A2", ROWS);
    await saveExampleBoardRates();
    await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 });

    const evaluated = evaluate(fake, "Invoices");
    try {
      const column = (letter: string) => evaluated.values(`Invoices!${letter}2:${letter}13`).map((row) => row[0]);
      const totals = column("K");
      COMPUTED.forEach((amount, i) => {
        if (amount === null) expect(isCellError(totals[i], ErrorType.VALUE)).toBe(true);
        else expect({ row: i + 2, total: totals[i] }).toEqual({ row: i + 2, total: amount });
      });
      // Row by row: base, surcharge and second pilot of B (row 3) and E (row 6).
      expect(evaluated.values("Invoices!G3:J3")).toEqual([[4316, 720, 2158, 480.75]]);
      expect(evaluated.values("Invoices!G6:J6")).toEqual([[4146.81, 691.78, 2073.41, 480.75]]);
      const variances = column("L");
      expect([variances[2], variances[4]]).toEqual([10, -0.01]);
      expect(isCellError(variances[7], ErrorType.VALUE)).toBe(true);
      expect(variances.filter((v, i) => i !== 2 && i !== 4 && i !== 7)).toEqual(Array(9).fill(0));
      // Flagged: the two variances only; row 9 (no such section) is not computed, never a flag.
      expect(column("M")).toEqual([false, false, true, false, true, false, false, "not computed", false, false, false, false]);
      expect(column("N")[7]).toBe("not checked: not computed (an input cannot be read, or the NYPILOT add-in is not loaded), see Note");
      expect([column("N")[0], column("N")[2]]).toEqual(["matched", "variance"]);

      // Summary: 12 rows; 2 flagged (rows 4 and 6); 1 not compared (row 9).
      // Computed over the 11 compared rows: 2 × (4,139.50 + 5,516.75 + 10,175.50 + 7,392.75
      // + 3,991.17) + 7,674.75 = 2 × 31,215.67 + 7,674.75 = 70,106.09; variance 10.00 − 0.01 = 9.99;
      // billed = 70,106.09 + 9.99 = 70,116.08 (the billed column summed without row 9 gives the same).
      expect(evaluated.value("Invoices!Q2")).toBe(12);
      expect(evaluated.value("Invoices!Q4")).toBeCloseTo(70106.09, 6);
      expect(evaluated.value("Invoices!Q5")).toBeCloseTo(9.99, 6);
      expect(evaluated.value("Invoices!Q3")).toBeCloseTo(70116.08, 6);
      expect(evaluated.value("Invoices!Q6")).toBe(2);
      expect(evaluated.value("Invoices!Q7")).toBe(1);
      // Three HUDSON_TOTAL calls: one per chunk, not one per row.
      expect(evaluated.calls.get("HUDSON_TOTAL")).toBe(3);
    } finally {
      evaluated.destroy();
    }
  });

  /*
   * A totals row between invoices, with formulas: rows 2 and 4 are 192.16 units, Lower, 2026-06-15:
   * base 192.16 × $15.32 = 2,943.8912 → $2,943.89; surcharge 192.16 × $3.60 = 691.776 → $691.78;
   * fees 310.00 + 45.50 = $355.50; total $3,991.17. Row 2 billed $3,991.17 (matched), row 4 billed
   * $4,000.00 (variance $8.83). Row 3, "Subtotal" with no vessel inputs, is a totals row: excluded
   * as the command line excludes it, so no formula spills over it and it is neither flagged nor
   * counted as not compared.
   */
  test("a totals row gets no formula: the invoice rows around it spill on their own, its status says excluded", async () => {
    const { fake, sheet, source } = invoiceBook(3);
    sheet.fill("A2", [
      ["MAERSK KOWLOON", 192.16, "Lower", 46188, 6, 3991.17],
      ["Subtotal", "", "", "", "", 3991.17],
      ["MAERSK KOWLOON", 192.16, "Lower", 46188, 6, 4000],
    ]);
    await saveExampleBoardRates();
    await writeReconciliation(planFor(INVOICE_HEADERS), source);
    // The added columns G–N (the summary's formulas are in P:Q).
    const formulaRows = [...sheet.cells.entries()].filter(([address, cell]) => cell.formula !== undefined && /^[G-N]\d+$/.test(address)).map(([address]) => Number(address.slice(1)));
    expect([...new Set(formulaRows)].sort()).toEqual([2, 4]);
    expect(["G", "H", "I", "J", "K", "L", "M", "N"].map((column) => sheet.cell(`${column}3`)?.value)).toEqual(["", "", "", "", "", "", "", "excluded: not an invoice"]);
    const evaluated = evaluate(fake, "Invoices");
    try {
      expect(evaluated.values("Invoices!K2:N2")).toEqual([[3991.17, 0, false, "matched"]]);
      expect(evaluated.values("Invoices!K4:N4")).toEqual([[3991.17, 8.83, true, "variance"]]);
      // Summary: 3 rows; 1 flagged (row 4); 0 not compared (the totals row's variance is blank, not an error).
      expect(evaluated.value("Invoices!Q2")).toBe(3);
      expect(evaluated.value("Invoices!Q6")).toBe(1);
      expect(evaluated.value("Invoices!Q7")).toBe(0);
    } finally {
      evaluated.destroy();
    }
  });
});

describe("billed per charge, evaluated through the built add-in", () => {
  /*
   * Billed base pilotage, launch fee and mid-river launch fee, compared one by one; same rates and
   * board rows as above. Mid-river launch is a Section 2 fee only (D10): Section 1 owes $0.00.
   *   row 2: 200 units, Upper:      base 200 × 21.58 = 4,316.00, launch 310.00, mid-river 125.25 — as billed
   *   row 3: 200 units, Lower:      base 200 × 15.32 = 3,064.00, launch 310.00, mid-river 0.00
   *                                 — billed 125.25 for mid-river: 125.25 over
   *   row 4: 192.16 units, Upper:   base 4,146.81 (above), launch 310.00 — billed 300.00: 10.00 under
   *   row 5: 600 units, "Section 2": base 500 × 21.58 = 10,790.00 (the maximum), 310.00, 125.25 — as billed
   */
  test("the board fees in force on the date, Section 2 only for mid-river, a variance per charge", async () => {
    const headers = ["Vessel", "Units", "Section", "Date", "Base pilotage", "Launch fee", "Mid-river launch"];
    const fake = new FakeExcel(["Calls"]);
    const sheet = fake.sheet("Calls") as FakeSheet;
    sheet.fill("A1", [
      headers,
      ["P", 200, "Upper", "2026-06-15", 4316, 310, 125.25],
      ["Q", 200, "Lower", 46188, 3064, 310, 125.25],
      ["R", 192.16, "Upper", 46188, 4146.81, 300, 125.25],
      ["S", 600, "Section 2", "2026-06-15", 10790, 310, 125.25],
    ]);
    globals.Excel = fake.excelGlobal();
    await saveExampleBoardRates();
    const source: SourceTable = { sheetName: "Calls", firstColumn: 1, headerRow: 1, width: 7, dataRows: 4, headers };
    const plan = planFor(headers);
    expect(plan.billed).toEqual(["billed_base", "billed_launch", "billed_midriver_launch"]);
    await writeReconciliation(plan, source, { chunkRows: 3 });
    expect(["M1", "N1", "O1", "P1", "Q1", "R1", "S1", "T1"].map((a) => sheet.cell(a)?.value)).toEqual([
      "Computed launch fee", "Computed mid-river launch fee", "Variance base pilotage", "Variance launch fee", "Variance mid-river launch fee", "Variance", "Flag", "Status",
    ]);

    const evaluated = evaluate(fake, "Calls");
    try {
      expect(evaluated.values("Calls!H2:H5").map((r) => r[0])).toEqual([4316, 3064, 4146.81, 10790]);
      expect(evaluated.values("Calls!M2:N5")).toEqual([[310, 125.25], [310, 0], [310, 125.25], [310, 125.25]]);
      expect(evaluated.values("Calls!O2:S5")).toEqual([
        [0, 0, 0, 0, false],
        [0, 0, 125.25, 125.25, true],
        [0, -10, 0, -10, true],
        [0, 0, 0, 0, false],
      ]);
      // Summary (W2:W7). Computed, the billed charges' computed amounts: 4,751.25 (4,316.00 + 310.00
      // + 125.25) + 3,374.00 (3,064.00 + 310.00 + 0) + 4,582.06 (4,146.81 + 310.00 + 125.25)
      // + 11,225.25 (10,790.00 + 310.00 + 125.25) = 23,932.56; variance 125.25 − 10.00 = 115.25;
      // billed 23,932.56 + 115.25 = 24,047.81 (4,751.25 + 3,499.25 + 4,572.06 + 11,225.25).
      expect(evaluated.value("Calls!W2")).toBe(4);
      expect(evaluated.value("Calls!W3")).toBeCloseTo(24047.81, 6);
      expect(evaluated.value("Calls!W4")).toBeCloseTo(23932.56, 6);
      expect(evaluated.value("Calls!W5")).toBeCloseTo(115.25, 6);
      expect([evaluated.value("Calls!W6"), evaluated.value("Calls!W7")]).toEqual([2, 0]);
    } finally {
      evaluated.destroy();
    }
  });
});

describe("what the person reads", () => {
  test("the picked range, the progress, and where the result went and why", async () => {
    expect(describeSource({ sheetName: "Invoices", firstColumn: 2, headerRow: 3, width: 6, dataRows: 100_000, headers: INVOICE_HEADERS })).toBe(
      "Invoices!B3:G100003: 6 columns, 100,000 rows under the header.",
    );
    expect(progressText(5000, 100_000)).toBe("Rows 5,000 of 100,000");

    const { sheet, source } = invoiceBook(12);
    const beside = await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 });
    expect(reconcileResultMessage(beside.sheetPlan, "updated")).toBe(
      "Added the computed columns, variances, flag and status beside the table (G1:N13) for 12 rows, with a summary to their right. Non-zero variances and flagged rows are shaded red; the formulas recalculate when you change a cell.",
    );
    // A second run: the first run's columns now occupy the cells beside the table.
    expect(sheet.cell("G1")?.value).toBe("Computed base pilotage");
    const again = await writeReconciliation(planFor(INVOICE_HEADERS), source, { chunkRows: 5 });
    expect(reconcileResultMessage(again.sheetPlan, "created")).toBe(
      "Some cells beside the table are not empty, so the result is on the new sheet “Reconciliation Invoices” (A1:H13, 12 rows, with a summary to the right); your table is unchanged. Non-zero variances and flagged rows are shaded red; the formulas recalculate when you change a cell. Created the “Board rates” sheet from the pane's board rows.",
    );
  });
});

describe("units from length, breadth and depth, evaluated through the built add-in", () => {
  /*
   * D1: units = L × B × D ÷ 10,000 in feet (inches are twelfths); plain numbers in feet here.
   *   row 2: 600 ft 6 in × 80 × 40 = 600.5 × 3,200 ÷ 10,000 = 192.16 units, Upper, 12 h → 7,392.75 (above)
   *   row 3: 600.5 × 80 × 40 → 192.16 units, Lower → 3,991.17 (above)
   *   row 4: 500 × 50 × 40 ÷ 10,000 = 100.00 units exactly, Lower: D4 the per-unit rate,
   *          100 × 15.32 = 1,532.00; D7 surcharge band "51 to 100": $360.00; fees 355.50
   *          → 2,247.50; billed 2,247.00: 0.50 under
   */
  test("a units column of PILOTAGE_UNITS per chunk feeds the fee columns", async () => {
    const headers = ["Vessel", "LOA", "Beam", "Depth", "Section", "Date", "Hours", "Total"];
    const fake = new FakeExcel(["Calls"]);
    const sheet = fake.sheet("Calls") as FakeSheet;
    sheet.fill("A1", [
      headers,
      ["M", "600 ft 6 in", 80, 40, "Upper", "2026-06-15", 12, 7392.75],
      ["N", 600.5, 80, 40, "Lower", 46188, 6, 3991.17],
      ["O", 500, 50, 40, "Lower", "2026-06-15", 6, 2247],
    ]);
    globals.Excel = fake.excelGlobal();
    await saveExampleBoardRates();
    const source: SourceTable = { sheetName: "Calls", firstColumn: 1, headerRow: 1, width: 8, dataRows: 3, headers };
    await writeReconciliation(planFor(headers), source, { chunkRows: 2 });
    expect([sheet.cell("I1")?.value, sheet.cell("I2")?.formula, sheet.cell("I4")?.formula]).toEqual([
      "Computed pilotage units",
      "=NYPILOT.PILOTAGE_UNITS(B2:B3,C2:C3,D2:D3)",
      "=NYPILOT.PILOTAGE_UNITS(B4,C4,D4)",
    ]);
    const evaluated = evaluate(fake, "Calls");
    try {
      const units = evaluated.values("Calls!I2:I4").map((row) => row[0] as number);
      expect(units[0]).toBeCloseTo(192.16, 10);
      expect(units[1]).toBeCloseTo(192.16, 10);
      expect(units[2]).toBe(100);
      // Columns J–Q: base, surcharge, second pilot, board fees, total, variance, flag, status.
      expect(evaluated.values("Calls!N2:Q4")).toEqual([
        [7392.75, 0, false, "matched"],
        [3991.17, 0, false, "matched"],
        [2247.5, -0.5, true, "variance"],
      ]);
      expect(evaluated.values("Calls!J4:M4")).toEqual([[1532, 360, 0, 355.5]]);
    } finally {
      evaluated.destroy();
    }
  });
});

describe("Insert as values", () => {
  /*
   * Three invoices, board fees from 2026-01-01 ($310.00 launch, $45.50 communication, $125.25
   * mid-river launch) and the surcharge board's row of 2020-11-20 ($300 / $360 / $3.60 a unit):
   *   Row 2, 192.16 units, Lower, 2026-06-15, 6 hours (no second pilot): base 192.16 × $15.32 = 2,943.8912 → $2,943.89
   *     (clause (xi)); surcharge 192.16 × $3.60 = 691.776 → $691.78; fees 310.00 + 45.50 = $355.50;
   *     total 2,943.89 + 691.78 + 355.50 = $3,991.17, billed $3,991.17: matched.
   *   Row 3, the same billed $4,000.00: variance 4,000.00 − 3,991.17 = $8.83, flagged.
   *   Row 4, "Total" with no vessel inputs: a totals row, excluded as the command line excludes it.
   */
  // The board tables as the pane reads its rows (what the pane passes for values).
  const boardState = initialState();
  addFeeRow(boardState, { from: "2026-01-01", launch: "310.00", communication: "45.50", midriverLaunch: "125.25" });
  addSurchargeRow(boardState, { from: "2020-11-20", upTo50: "300", over50UpTo100: "360", perUnitOver100: "3.60" });
  const read = computePane(boardState, DEFAULT_SETTINGS).board;
  const board = { boardFees: read.fees, boardSurcharge: read.surcharge };

  test("the values of the reconciliation layer, beside the table, no formula; a totals row excluded; the summary as values", async () => {
    const { fake, sheet, source } = invoiceBook(3);
    sheet.fill("A2", [
      ["MAERSK KOWLOON", 192.16, "Lower", 46188, 6, 3991.17],
      ["MAERSK KOWLOON", 192.16, "Lower", 46188, 6, 4000],
      ["Total", "", "", "", "", 7991.17],
    ]);
    const plan: TablePlan = { ...planFor(INVOICE_HEADERS), ...board };
    const outcome = await writeReconciliation(plan, source, { valuesOnly: true });
    expect(outcome.sheetPlan.valuesOnly).toBe(true);
    expect(fake.writes.filter((write) => write.kind === "formulas")).toEqual([]);
    expect([...sheet.cells.values()].filter((cell) => cell.formula !== undefined)).toEqual([]);
    const header = ["G", "H", "I", "J", "K", "L", "M", "N"].map((column) => sheet.cell(`${column}1`)?.value);
    expect(header).toEqual(["Computed base pilotage", "Computed surcharge", "Computed second pilot", "Computed board fees", "Computed total", "Variance", "Flag", "Status"]);
    const row = (n: number) => ["G", "H", "I", "J", "K", "L", "M", "N"].map((column) => sheet.cell(`${column}${n}`)?.value);
    expect(row(2)).toEqual([2943.89, 691.78, 0, 355.5, 3991.17, 0, false, "matched"]);
    expect(row(3)).toEqual([2943.89, 691.78, 0, 355.5, 3991.17, 8.83, true, "variance"]);
    expect(row(4)).toEqual(["", "", "", "", "", "", "", "excluded: not an invoice"]);
    // The summary (P:Q): rows, billed and computed over the rows compared, variance, flagged, not compared.
    expect(["Q2", "Q3", "Q4", "Q5", "Q6", "Q7"].map((a) => sheet.cell(a)?.value)).toEqual([3, 7991.17, 7982.34, 8.83, 1, 0]);
    // Beside a person's own table: their sheet keeps its own print setup.
    expect(sheet.print).toEqual({ autofit: [] });
  });

  test("on a new sheet: the print setup and fitted widths too", async () => {
    const { fake, sheet, source } = invoiceBook(1);
    sheet.fill("A2", [["MAERSK KOWLOON", 192.16, "Lower", 46188, 6, 3991.17]]);
    sheet.fill("H1", [["my notes"]]);
    const plan: TablePlan = { ...planFor(INVOICE_HEADERS), ...board };
    const outcome = await writeReconciliation(plan, source, { valuesOnly: true });
    const target = fake.sheet(outcome.sheetPlan.targetSheet) as FakeSheet;
    expect(outcome.sheetPlan.targetSheet).not.toBe("Invoices");
    expect(sheet.cell("H1")?.value).toBe("my notes");
    // Header row 1, one invoice row, the eight added columns A–H.
    expect(target.print).toEqual(printSetupExpected(1, "A1:H2", ["A1:H2"]));
    expect(target.cell("E2")?.value).toBe(3991.17);
  });
});

describe("D26 in the formulas: a check that depends on a missing column is not checked, never priced as zero", () => {
  /*
   * The example board rows above (fees $310.00 / $45.50 / $125.25 for Section 2 only, surcharge
   * $3.60 a unit over 100 units), 200 units, 2026-06-15 (clause (xi): Section 1 $15.32, Section 2
   * $21.58 a unit; second pilot 50% of the base when the hours pass 10, D11):
   *   Lower: base 200 × 15.32 = 3,064.00; surcharge 200 × 3.60 = 720.00; fees 310.00 + 45.50 = 355.50;
   *          one pilot 4,139.50; two pilots + 50% × 3,064.00 = 1,532.00 → 5,671.50
   *   Upper: base 200 × 21.58 = 4,316.00; 720.00; fees 480.75; one pilot 5,516.75; two pilots
   *          + 2,158.00 → 7,674.75
   */
  const boardState = initialState();
  addFeeRow(boardState, { from: "2026-01-01", launch: "310.00", communication: "45.50", midriverLaunch: "125.25" });
  addSurchargeRow(boardState, { from: "2020-11-20", upTo50: "300", over50UpTo100: "360", perUnitOver100: "3.60" });
  const read = computePane(boardState, DEFAULT_SETTINGS).board;

  /** The added columns' letters beside a table `width` columns wide, and the formulas the layer writes over rows top–bottom. */
  function formulasOfRows(plan: TablePlan, width: number) {
    const layout = reconcileColumnLayout(plan);
    const letters = layout.columns.map((_, i) => columnLetter(width + 1 + i));
    const formulasOver = (top: number, bottom: number, hoursBlank = false) =>
      reconcileFormulas(
        plan,
        layout,
        {
          input: (column) => (top === bottom ? `${columnLetter(column + 1)}${top}` : `${columnLetter(column + 1)}${top}:${columnLetter(column + 1)}${bottom}`),
          output: (column) => (top === bottom ? `${letters[column]}${top}` : `${letters[column]}${top}:${letters[column]}${bottom}`),
        },
        BOARD_TABLE_NAMES,
        "either",
        hoursBlank,
      ).map((cell) => ("formula" in cell ? `=${cell.formula}` : cell.constant));
    return { letters, formulasOver };
  }

  /**
   * The formulas of each row as the reconciliation layer writes them, evaluated, beside what its
   * values give. One formula per row, naming single cells (as the command line writes them):
   * HyperFormula cannot evaluate a spilled range minus a spilled custom function's result once
   * another formula reads the spill ("Unknown array"), which the pane's D26 formulas hold; Excel
   * can. The pane's own spilling formulas are checked to be the same texts over ranges.
   */
  /** The rows under their headers on a sheet "Calls", the example board rates saved, reconciled by the pane. */
  async function reconciledOnSheet(headers: string[], rows: (string | number)[][]) {
    const fake = new FakeExcel(["Calls"]);
    const sheet = fake.sheet("Calls") as FakeSheet;
    sheet.fill("A1", [headers, ...rows]);
    globals.Excel = fake.excelGlobal();
    await saveExampleBoardRates();
    const plan = planFor(headers);
    const source: SourceTable = { sheetName: "Calls", firstColumn: 1, headerRow: 1, width: headers.length, dataRows: rows.length, headers };
    const outcome = await writeReconciliation(plan, source, { chunkRows: rows.length });
    return { fake, sheet, plan, outcome, ...formulasOfRows(plan, headers.length) };
  }

  async function formulasBesideValues(headers: string[], rows: (string | number)[][]) {
    const { fake, sheet, plan, outcome, letters, formulasOver } = await reconciledOnSheet(headers, rows);
    // What the pane wrote: the formulas over the rows' ranges, spilling from the top row.
    const written = letters.map((letter) => sheet.cell(`${letter}2`)?.formula);
    expect(written).toEqual(formulasOver(2, rows.length + 1));
    rows.forEach((_, i) => sheet.fill(`${letters[0]}${i + 2}`, [formulasOver(i + 2, i + 2)]));
    const evaluated = evaluate(fake, "Calls");
    try {
      const header = letters.map((letter) => sheet.cell(`${letter}1`)?.value);
      const formulas = rows.map((_, i) => letters.map((letter) => evaluated.value(`Calls!${letter}${i + 2}`)));
      const values = rows.map((cells) => reconcileRow(cells, { ...plan, boardFees: read.fees, boardSurcharge: read.surcharge }));
      // The summary beside the added columns: its labels' column, then the values one to the right.
      const title = [...sheet.cells.entries()].find(([, cell]) => cell.value === "Reconciliation summary")?.[0] ?? "";
      const [, labelLetters, titleRow] = /^([A-Z]+)(\d+)$/.exec(title) ?? [];
      const valueLetter = columnLetter(columnNumber(labelLetters) + 1);
      const summary = [1, 2, 3, 4, 5, 6].map((n) => evaluated.value(`Calls!${valueLetter}${Number(titleRow) + n}`));
      return { outcome, header, written, formulas, values, summary };
    } finally {
      evaluated.destroy();
    }
  }

  /** Row 1 not checked for want of `missing`, rows 2 and 3 flagged with these variances: the formulas' answers and the values' alike. */
  function expectNotCheckedThenFlagged(formulas: unknown[][], values: ReturnType<typeof reconcileRow>[], missing: string, variances: [number, number]): void {
    expect(formulas.map((row) => row.slice(6))).toEqual([
      ["not computed", `not checked (${missing})`],
      [true, "variance"],
      [true, "variance"],
    ]);
    expect([formulas[1][5], formulas[2][5]].map((cell) => Math.round(Number(cell) * 100) / 100)).toEqual(variances);
    expect(values.map((row) => row.statusText)).toEqual(formulas.map((row) => row[7]));
    expect(values.map((row) => (row.variance.ok ? Number(row.variance.value.decimal) : null))).toEqual([null, ...variances]);
  }

  test("no hours column: second pilot and total not checked (no hours column); a row over or under whatever the hours is flagged by the smaller amount", async () => {
    const headers = ["Vessel", "Units", "Section", "Date", "Invoice total"];
    const { outcome, header, written, formulas, values } = await formulasBesideValues(headers, [
      ["A", 200, "Lower", "2026-06-15", 4139.5], // one pilot's amount: 0 or 1,532.00 under, not checked
      ["B", 200, "Upper", 46188, 7674.75], // two pilots' amount: 2,158.00 over or 0, not checked
      ["C", 200, "Upper", "2026-06-15", 7684.75], // 2,168.00 or 10.00 over: at least 10.00 over
      ["D", 200, "Lower", 46188, 4000], // 139.50 or 1,671.50 under: at least 139.50 under
      ["E", 200, "Middle", 46188, 4000], // no such section: not computed
    ]);
    expect(outcome.sheetPlan.valuesOnly).toBe(false);
    // The second pilot is never written as 0: one pilot (0) or two (50% of the base), the same or #N/A.
    expect(written[2]).toBe("=IF((0=NYPILOT.HUDSON_SECOND_PILOT(F2:F6,11)),0,NA())");
    expect(header).toEqual(["Computed base pilotage", "Computed surcharge", "Computed second pilot", "Computed board fees", "Computed total", "Variance", "Flag", "Status"]);
    const notChecked = "not checked (no hours column)";
    // Base, surcharge and fees need no hours; the second pilot (0 or 1,532.00) and the total are #N/A.
    expect(formulas[0].slice(0, 2)).toEqual([3064, 720]);
    expect(formulas[0][3]).toBeCloseTo(355.5, 9);
    expect([formulas[0][2], formulas[0][4], formulas[0][5]].every((cell) => isCellError(cell, ErrorType.NA))).toBe(true);
    expect(formulas.map((row) => row.slice(6))).toEqual([
      ["not computed", notChecked],
      ["not computed", notChecked],
      [true, "variance"],
      [true, "variance"],
      ["not computed", "not checked: not computed (an input cannot be read, or the NYPILOT add-in is not loaded), see Note"],
    ]);
    expect(formulas[2][5]).toBeCloseTo(10, 9);
    expect(formulas[3][5]).toBeCloseTo(-139.5, 9);
    // The same answers as the command line's values.
    expect(values.map((row) => row.statusText)).toEqual(formulas.map((row) => row[7]));
    expect(values.map((row) => (row.variance.ok ? Number(row.variance.value.decimal) : null))).toEqual([null, null, 10, -139.5, null]);
  });

  test("no section column: every amount that differs between the sections is not checked (no section column)", async () => {
    const headers = ["Vessel", "Units", "Date", "Hours", "Invoice total"];
    const { formulas, values } = await formulasBesideValues(headers, [
      ["A", 200, "2026-06-15", 6, 4139.5], // Section 1's amount; Section 2's is 5,516.75: not checked
      ["B", 200, 46188, 12, 8000], // 2,328.50 or 325.25 over (5,671.50 or 7,674.75): at least 325.25 over
      ["C", 200, 46188, 12, 5000], // 671.50 or 2,674.75 under: at least 671.50 under
    ]);
    // The surcharge needs no section; the base (3,064.00 or 4,316.00) does.
    expect(formulas[0][1]).toBe(720);
    expect(isCellError(formulas[0][0], ErrorType.NA)).toBe(true);
    expectNotCheckedThenFlagged(formulas, values, "no section column", [325.25, -671.5]);
  });

  test("neither a section nor an hours column: four scenarios, the same answers as the values", async () => {
    const headers = ["Vessel", "Units", "Date", "Invoice total"];
    const { formulas, values } = await formulasBesideValues(headers, [
      ["A", 200, "2026-06-15", 4139.5], // Section 1, one pilot; other scenarios up to 7,674.75: not checked
      ["B", 200, 46188, 8000], // 3,860.50, 2,328.50, 2,483.25 or 325.25 over: at least 325.25 over
      ["C", 200, 46188, 3000], // 1,139.50 to 4,674.75 under: at least 1,139.50 under
    ]);
    expectNotCheckedThenFlagged(formulas, values, "no section column, no hours column", [325.25, -1139.5]);
  });

  /*
   * D27, the example board rows above, 2026-06-15, clause (xi):
   *   200 units, Lower, 6 h (a blank hours cell is a missing input of its own, D26): base 200 × 15.32 = 3,064.00; surcharge 200 × 3.60 = 720.00; fees
   *     310.00 + 45.50 = 355.50 (no mid-river launch on Section 1) → 4,139.50
   *   200 units, Upper, 12 h: base 200 × 21.58 = 4,316.00; 720.00; second pilot 50% × 4,316.00 = 2,158.00;
   *     fees 310.00 + 45.50 + 125.25 = 480.75 → 7,674.75
   */
  test("D27: a blank billed total, nothing billed, a blank second pilot, a typed 0: the formulas say what reconcileRow says", async () => {
    const headers = ["Vessel", "Units", "Section", "Date", "Hours", "Base", "Surcharge", "2nd pilot", "Launch", "Communication", "Mid-river launch", "Invoice total"];
    const { header, formulas, values, summary } = await formulasBesideValues(headers, [
      ["A", 200, "Lower", "2026-06-15", 6, 3064, 720, "", 310, 45.5, "", ""], // total blank: the charges, 4,139.50 − 4,139.50
      ["B", 200, "Lower", 46188, 6, 3064, 720, "", 320, 45.5, "", ""], // total blank: launch 10.00 over
      ["C", 200, "Lower", 46188, 6, "", "", "", "", "", "", ""], // nothing billed
      ["D", 200, "Upper", 46188, 12, 4316, 720, "", 310, 45.5, 125.25, 5516.75], // second pilot blank: 2,158.00 under
      ["E", 200, "Lower", "2026-06-15", 6, "", "", "", "", "", "", 0], // a typed 0 (Excel's dash is its format): 4,139.50 under
    ]);
    const at = (name: string) => header.indexOf(name);
    expect(formulas.map((row) => [row[at("Flag")], row[at("Status")]])).toEqual([
      [false, "matched"],
      [true, "variance"],
      ["not computed", "not checked: nothing billed"],
      [true, "variance"],
      [true, "variance"],
    ]);
    const rowVariances = formulas.map((row) => row[at("Variance")]);
    expect(isCellError(rowVariances[2], ErrorType.NA)).toBe(true);
    expect([0, 1, 3, 4].map((i) => Math.round(Number(rowVariances[i]) * 100) / 100)).toEqual([0, 10, -2158, -4139.5]);
    expect(Math.round(Number(formulas[3][at("Variance second pilot")]) * 100) / 100).toBe(-2158);
    expect(isCellError(formulas[2][at("Variance base pilotage")], ErrorType.NA)).toBe(true);
    // The same answers as reconcileRow's values.
    expect(values.map((row) => row.statusText)).toEqual(formulas.map((row) => row[at("Status")]));
    expect(values.map((row) => row.flag)).toEqual(formulas.map((row) => row[at("Flag")]));
    expect(values.map((row) => (row.variance.ok ? Number(row.variance.value.decimal) : null))).toEqual([0, 10, null, -2158, -4139.5]);
    expect(values.map((row) => (row.variances.billed_second_pilot?.ok ? Number(row.variances.billed_second_pilot.value.decimal) : null))).toEqual([0, 0, null, -2158, 0]);
    // Summary: 5 rows; compared: A and B on their charges (4,139.50 each), D and E on the total (7,674.75 and
    // 4,139.50): 20,093.25; variance 0 + 10.00 − 2,158.00 − 4,139.50 = −6,287.50; billed 13,805.75
    // (4,139.50 + 4,149.50 + 5,516.75 + 0); 3 flagged; 1 not compared (C).
    expect(summary[0]).toBe(5);
    expect(summary[1]).toBeCloseTo(13805.75, 6);
    expect(summary[2]).toBeCloseTo(20093.25, 6);
    expect(summary[3]).toBeCloseTo(-6287.5, 6);
    expect([summary[4], summary[5]]).toEqual([3, 1]);
  });

  /*
   * A blank cell in an hours column (red-team F4): 200 units, Upper, 2026-06-15, as above: one pilot
   * 5,516.75, two pilots 7,674.75.
   *   row 2, 12 h, billed 7,674.75: matched
   *   row 3, blank, billed 7,674.75: one of the law's amounts → not checked (hours cell blank)
   *   row 4, blank, billed 8,000.00: 2,483.25 or 325.25 over → at least 325.25 over
   *   row 5, 8 h, billed 5,516.75: matched
   *   row 6, blank, billed 5,000.00: 516.75 or 2,674.75 under → at least 516.75 under
   */
  test("a blank hours cell: its rows spill on their own, checked with one pilot and with two, the same answers as reconcileRow", async () => {
    const headers = ["Vessel", "Units", "Section", "Date", "Hours", "Invoice total"];
    const rows: (string | number)[][] = [
      ["A", 200, "Upper", "2026-06-15", 12, 7674.75],
      ["B", 200, "Upper", 46188, "", 7674.75],
      ["C", 200, "Upper", "2026-06-15", "", 8000],
      ["D", 200, "Upper", 46188, 8, 5516.75],
      ["E", 200, "Upper", "2026-06-15", " ", 5000],
    ];
    const { fake, sheet, plan, outcome, letters, formulasOver } = await reconciledOnSheet(headers, rows);
    expect(outcome.sheetPlan.valuesOnly).toBe(false);
    // Runs: row 2 (hours), rows 3–4 (blank), row 5 (hours), row 6 (blank); each its own spill.
    const written = (row: number) => letters.map((letter) => sheet.cell(`${letter}${row}`)?.formula);
    expect([written(2), written(3), written(5), written(6)]).toEqual([formulasOver(2, 2, false), formulasOver(3, 4, true), formulasOver(5, 5, false), formulasOver(6, 6, true)]);
    expect(written(3)[2]).toContain(`IF(TRIM(E3:E4)="",11,E3:E4)`);
    // Evaluated one formula per row (HyperFormula's limit with spills, as above).
    rows.forEach((cells, i) => sheet.fill(`${letters[0]}${i + 2}`, [formulasOver(i + 2, i + 2, cells[4] === "" || cells[4] === " ")]));
    const evaluated = evaluate(fake, "Calls");
    try {
      const formulas = rows.map((_, i) => letters.map((letter) => evaluated.value(`Calls!${letter}${i + 2}`)));
      const values = rows.map((cells) => reconcileRow(cells, { ...plan, boardFees: read.fees, boardSurcharge: read.surcharge }));
      const notChecked = "not checked (hours cell blank)";
      expect(formulas.map((row) => row.slice(6))).toEqual([
        [false, "matched"],
        ["not computed", notChecked],
        [true, "variance"],
        [false, "matched"],
        [true, "variance"],
      ]);
      // The second pilot and the total of a blank row: 0 or 2,158.00, so #N/A; base and surcharge stand.
      expect(formulas[1].slice(0, 2)).toEqual([4316, 720]);
      expect([formulas[1][2], formulas[1][4]].every((cell) => isCellError(cell, ErrorType.NA))).toBe(true);
      expect(formulas[0][4]).toBe(7674.75);
      expect(formulas[3][4]).toBe(5516.75);
      expect([formulas[2][5], formulas[4][5]].map((cell) => Math.round(Number(cell) * 100) / 100)).toEqual([325.25, -516.75]);
      expect(values.map((row) => row.statusText)).toEqual(formulas.map((row) => row[7]));
      expect(values.map((row) => (row.variance.ok ? Number(row.variance.value.decimal) : null))).toEqual([0, null, 325.25, 0, -516.75]);
    } finally {
      evaluated.destroy();
    }
  });

  test("a formula longer than Excel takes (8,192 characters) is never written: the values are, and the message says why", () => {
    const headers = ["Vessel", "Units", "Date", "Base", "Surcharge", "Second pilot", "Launch fee", "Communication fee", "Mid-river launch fee"];
    const source: SourceTable = { sheetName: "Invoices of the year", firstColumn: 1, headerRow: 1, width: headers.length, dataRows: 100_000, headers };
    const sheetPlan = reconcileSheetPlan(planFor(headers), source, { kind: "new sheet", sheetName: "Reconciliation", reason: "occupied" });
    expect([sheetPlan.valuesOnly, sheetPlan.formulasTooLong]).toEqual([true, true]);
    expect(reconcileResultMessage(sheetPlan, "not needed")).toContain("Values, not formulas: with no section column, and no hours column or a blank hours cell to check both ways, each check's formula would be longer than Excel takes.");
  });
});

