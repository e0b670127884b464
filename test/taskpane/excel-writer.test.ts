/**
 * The task pane's workbook writer (src/taskpane/excel-writer.ts + sheet-layout.ts) against a fake
 * workbook built on office-addin-mock (test/taskpane/fake-excel.ts): a new, uniquely named sheet
 * per quote, nothing existing overwritten, the formulas and number formats as intended, and the
 * Board rates sheet created once and then updated in place. The written sheets are then evaluated
 * through the built add-in (HyperFormula harness, dist/functions.js) to check that the workbook
 * recalculates to the amount worked by hand from § 89-a.
 */
import fs from "fs";
import path from "path";
import { DEFAULT_SETTINGS, resolveSettings, refusalThrown } from "../../src/engine";
import { getFunctionSettings, setFunctionSettings } from "../../src/functions/runtime-settings";
import {
  applySettingsToFunctions,
  BoardRatesSheetNotOurs,
  insertQuoteSheet,
  readBoardRates,
  readWorkbookSettings,
  saveBoardRates,
  saveWorkbookSettings,
  WORKBOOK_SETTINGS_KEY,
} from "../../src/taskpane/excel-writer";
import { computePane } from "../../src/taskpane/form";
import {
  BOARD_RATES_SHEET,
  CURRENCY_FORMAT,
  DATE_FORMAT,
  FEE_TABLE_RANGE,
  NotReadyToInsert,
  quoteSheetLayout,
  RATE_FORMAT,
  sheetBaseName,
  SURCHARGE_TABLE_RANGE,
  TEXT_FORMAT,
  uniqueSheetName,
  UNITS_FORMAT,
} from "../../src/taskpane/sheet-layout";
import { addFeeRow, addSurchargeRow, addTransit, initialState, PaneState, setField } from "../../src/taskpane/state";
import { buildHyperFormula, SheetContents } from "../support/hyperformula";
import { cellsOf, FakeExcel, FakeSheet, fakeOffice, printSetupExpected } from "./fake-excel";

const globals = globalThis as unknown as { Excel?: unknown; Office?: unknown };

/**
 * A two-transit call of a 600 ft 6 in × 80 ft × 40 ft vessel (192.16 units): inbound Lower River
 * on 2026-06-15 (no hours given), outbound Upper River on 2026-06-20 with 12 hours. Board rows
 * (examples): fees from 2026-01-01 $310.00 / $45.50 / $125.25; surcharge from 2020-11-20
 * $300 / $360 / $3.60 a unit over 100.
 */
function callState(name = "EVER FORWARD"): PaneState {
  const state = initialState();
  setField(state, "vessel.name", name);
  setField(state, "vessel.imo", "9850551");
  setField(state, "vessel.length.feet", "600");
  setField(state, "vessel.length.inches", "6");
  setField(state, "vessel.breadth.feet", "80");
  setField(state, "vessel.depth.feet", "40");
  setField(state, `transit.${state.transits[0].key}.date`, "2026-06-15");
  const out = addTransit(state);
  setField(state, `transit.${out.key}.section`, "2");
  setField(state, `transit.${out.key}.date`, "2026-06-20");
  setField(state, `transit.${out.key}.hours`, "12");
  addFeeRow(state, { from: "2026-01-01", launch: "310.00", communication: "45.50", midriverLaunch: "125.25" });
  addSurchargeRow(state, { from: "2020-11-20", upTo50: "300", over50UpTo100: "360", perUnitOver100: "3.60" });
  return state;
}

/*
 * The hand-worked quote (clause (xi), in force from 2026-01-01):
 *   Transit 1, Section 1: base 192.16 × $15.32 = 2,943.8912 → $2,943.89; surcharge 192.16 × $3.60
 *     = 691.776 → $691.78; launch $310.00; communication $45.50. Subtotal $3,991.17.
 *   Transit 2, Section 2: base 192.16 × $21.58 = 4,146.8128 → $4,146.81; surcharge $691.78;
 *     12 h > 10 h: second pilot 50% × $4,146.81 = 2,073.405 → $2,073.41; launch $310.00;
 *     communication $45.50; mid-river launch $125.25. Subtotal $7,392.75.
 *   Grand total $3,991.17 + $7,392.75 = $11,383.92.
 * Excel serials (1900 system, serial N = N days after 1899-12-30): 2026-01-01 is 46023
 * (2024-01-01 = 45292, + 366 + 365); 2026-06-15 = 46023 + 31+28+31+30+31 + 14 = 46188;
 * 2026-06-20 = 46193; 2020-11-20 = 43831 (2020-01-01) + 305 + 19 = 44155.
 */
const GRAND_TOTAL = 11383.92;

/** Transit 2's line items (Item, Amount), as worked above: header, base, surcharge, second pilot, three board fees, total. */
const TRANSIT_2_LINES = [
  ["Item", "Amount"],
  ["Base pilotage, Section 2, Upper River", 4146.81],
  ["Surcharge (pilots' retirement funding)", 691.78],
  ["Second pilot (50% of base pilotage)", 2073.41],
  ["Launch fee", 310],
  ["Communication fee", 45.5],
  ["Mid-river launch fee", 125.25],
  ["Total", 7392.75],
];

function layoutOf(state: PaneState) {
  return quoteSheetLayout(state, computePane(state, DEFAULT_SETTINGS));
}

async function insert(fake: FakeExcel, state: PaneState) {
  globals.Excel = fake.excelGlobal();
  return insertQuoteSheet(layoutOf(state), state.boardFees, state.boardSurcharge);
}

afterEach(() => {
  delete globals.Excel;
  delete globals.Office;
  setFunctionSettings(DEFAULT_SETTINGS);
});

describe("sheet names", () => {
  test("vessel and first transit date, cleaned of what Excel forbids and cut to 31 characters", () => {
    expect(sheetBaseName("EVER FORWARD", "2026-06-15")).toBe("EVER FORWARD 2026-06-15");
    expect(sheetBaseName("A/B: [C]*?\\", "2026-06-15")).toBe("A B C 2026-06-15");
    expect(sheetBaseName("'quoted'", "2026-06-15")).toBe("quoted 2026-06-15");
    expect(sheetBaseName("   ", "2026-06-15")).toBe("Quote 2026-06-15");
    const long = sheetBaseName("MSC VERY LONG NAME OF A CONTAINER SHIP", "2026-06-15");
    expect(long).toBe("MSC VERY LONG NAME 2026-06-15");
    expect(long.length).toBeLessThanOrEqual(31);
  });

  test("a name in use, in any case, gets the next free number; Excel's reserved History too", () => {
    expect(uniqueSheetName("Q 2026-06-15", ["Sheet1"])).toBe("Q 2026-06-15");
    expect(uniqueSheetName("Q 2026-06-15", ["q 2026-06-15", "Q 2026-06-15 (2)"])).toBe("Q 2026-06-15 (3)");
    expect(uniqueSheetName("History", [])).toBe("History (2)");
    const full = "X".repeat(20) + " 2026-06-15";
    const next = uniqueSheetName(full, [full]);
    expect(next).toBe("X".repeat(16) + " 2026-06-15 (2)");
    expect(next.length).toBe(31);
  });
});

describe("Insert quote", () => {
  test("adds a new sheet under a unique name; the sheet already named so, and every other, is left as it was", async () => {
    const fake = new FakeExcel(["Sheet1", "ever forward 2026-06-15", "EVER FORWARD 2026-06-15 (2)"]);
    (fake.sheet("ever forward 2026-06-15") as FakeSheet).fill("A1", [["someone else's quote"], [42]]);
    (fake.sheet("Sheet1") as FakeSheet).fill("B2", [["keep me"]]);
    const before = fake.sheets.map((s) => [s.name, s.snapshot()]);

    const { sheetName, boardRates } = await insert(fake, callState());

    expect(sheetName).toBe("EVER FORWARD 2026-06-15 (3)");
    expect(boardRates).toBe("created");
    expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "ever forward 2026-06-15", "EVER FORWARD 2026-06-15 (2)", BOARD_RATES_SHEET, sheetName]);
    for (const [name, cells] of before) expect(fake.sheet(name as string)?.snapshot()).toEqual(cells);
    expect(fake.writes.filter((w) => ![sheetName, BOARD_RATES_SHEET].includes(w.sheet))).toEqual([]);
    expect(fake.sheet(sheetName)?.activated).toBe(true);
  });

  test("a name taken between reading the names and adding the sheet: the add fails, nothing is written there, the next name is used", async () => {
    const fake = new FakeExcel(["Sheet1"]);
    let raced = false;
    fake.beforeAdd = (name) => {
      if (raced || name !== "EVER FORWARD 2026-06-15") return;
      raced = true;
      const other = new FakeSheet(name);
      other.fill("A1", [["added by a co-author"]]);
      fake.sheets.push(other);
    };
    const { sheetName } = await insert(fake, callState());
    expect(sheetName).toBe("EVER FORWARD 2026-06-15 (2)");
    expect(fake.sheet("EVER FORWARD 2026-06-15")?.snapshot()).toEqual({ A1: { value: "added by a co-author" } });
    expect(fake.writes.filter((w) => w.sheet === "EVER FORWARD 2026-06-15")).toEqual([]);
  });

  test("labelled input cells, =NYPILOT formulas that reference them and the Board rates sheet, currency and date formats, the authority column", async () => {
    const fake = new FakeExcel();
    const { sheetName } = await insert(fake, callState());
    const sheet = fake.sheet(sheetName) as FakeSheet;
    const cell = (address: string) => sheet.cell(address);
    const board = "NYPILOT_BoardFees,NYPILOT_BoardSurcharge";

    expect([cell("A6")?.value, cell("B6")?.value, cell("B6")?.numberFormat]).toEqual(["Vessel name", "EVER FORWARD", TEXT_FORMAT]);
    expect([cell("A7")?.value, cell("B7")?.value]).toEqual(["IMO number", "9850551"]);
    expect(["A9", "B9", "B10", "B11", "B12"].map((a) => cell(a)?.value)).toEqual(["Overall length", "600 ft 6 in", 80, 40, "ft"]);
    expect([cell("A13")?.value, cell("B13")?.formula, cell("B13")?.numberFormat, cell("C13")?.value]).toEqual([
      "Pilotage units",
      "=NYPILOT.PILOTAGE_UNITS(B9,B10,B11,B12)",
      UNITS_FORMAT,
      "§ 89-a(4)(b)(2)",
    ]);

    expect(["A16", "B16", "C16", "D16", "E16", "F16", "G16", "H16", "I16", "J16"].map((a) => cell(a)?.value)).toEqual([
      "Transit", "Direction", "Section", "Date", "Continuous pilotage hours", "Relieved at mid-river station", "Anchored 8 hours or more", "Clause in force", "Total", "Authority",
    ]);
    expect(["A17", "B17", "C17", "D17", "E17", "F17", "G17"].map((a) => cell(a)?.value)).toEqual([1, "Inbound", "Lower", 46188, "", false, false]);
    expect(["A18", "B18", "C18", "D18", "E18", "F18", "G18"].map((a) => cell(a)?.value)).toEqual([2, "Outbound", "Upper", 46193, 12, false, false]);
    expect([cell("D17")?.numberFormat, cell("D18")?.numberFormat]).toEqual([DATE_FORMAT, DATE_FORMAT]);
    expect(cell("H17")?.formula).toBe("=NYPILOT.HUDSON_CLAUSE(D17)");
    expect(cell("I17")?.formula).toBe(`=NYPILOT.HUDSON_TOTAL($B$13,C17,D17,E17,F17,G17,${board})`);
    expect(cell("I18")?.formula).toBe(`=NYPILOT.HUDSON_TOTAL($B$13,C18,D18,E18,F18,G18,${board})`);
    expect([cell("I17")?.numberFormat, cell("I18")?.numberFormat]).toEqual([CURRENCY_FORMAT, CURRENCY_FORMAT]);
    expect(cell("J17")?.value).toBe("§ 89-a(4)(b)(1), (1-a), (1-c)");
    expect([cell("A19")?.value, cell("I19")?.formula, cell("I19")?.numberFormat]).toEqual(["Grand total", "=SUM(I17:I18)", CURRENCY_FORMAT]);
    // The pane's own total, for comparison, and the docking note of § 89-a(4)(b)(3).
    expect([cell("A22")?.value, cell("B22")?.value, cell("B22")?.numberFormat]).toEqual(["Total worked out when inserted", GRAND_TOTAL, CURRENCY_FORMAT]);
    expect(String(cell("B23")?.value)).toContain("§ 89-a(4)(b)(3)");
    // Each transit's line items side by side: one INDEX of HUDSON_QUOTE per cell, no spill (an array
    // formula shows #NAME? in LibreOffice and in Excel without the add-in; a plain one keeps its value).
    expect([cell("A26")?.value, cell("E26")?.value]).toEqual(["Transit 1 (row 17)", "Transit 2 (row 18)"]);
    const quote1 = `NYPILOT.HUDSON_QUOTE($B$13,C17,D17,E17,F17,G17,${board})`;
    const quote2 = `NYPILOT.HUDSON_QUOTE($B$13,C18,D18,E18,F18,G18,${board})`;
    expect(cell("A27")?.formula).toBe(`=IF(ROWS(${quote1})<1,"",INDEX(${quote1},1,1))`);
    expect(cell("F28")?.formula).toBe(`=IF(ROWS(${quote2})<2,"",INDEX(${quote2},2,2))`);
    expect([cell("B28")?.numberFormat, cell("F34")?.numberFormat]).toEqual([CURRENCY_FORMAT, CURRENCY_FORMAT]);
    // Transit 2 has 8 rows (header, six lines, total); the row under them says when it has more.
    expect(cell("E35")?.formula).toBe(`=IF(ROWS(${quote2})>8,"More lines than shown: enter =${quote2} in an empty cell to see them all.","All of transit 2's lines are shown.")`);
    // Inputs are shaded.
    expect([sheet.fills.get("B6"), sheet.fills.get("B9"), sheet.fills.get("B17:G17")]).toEqual(["#FFF2CC", "#FFF2CC", "#FFF2CC"]);
  });

  test("every formula calls a function the add-in declares, with no more arguments than it takes", async () => {
    const fake = new FakeExcel();
    const { sheetName } = await insert(fake, callState());
    const signatures = JSON.parse(fs.readFileSync(path.join(__dirname, "../functions/functions.expected.json"), "utf8")) as { id: string; parameters: { optional: boolean }[] }[];
    const arity = new Map(signatures.map((s) => [s.id, s.parameters.length]));
    // Every call in every formula (a line-item cell calls HUDSON_QUOTE twice); no argument is itself a call.
    const calls = [...(fake.sheet(sheetName) as FakeSheet).cells.values()].flatMap((c) => [...(c.formula ?? "").matchAll(/NYPILOT\.([A-Z_]+)\(([^()]*)\)/g)]);
    expect(new Set(calls.map((call) => call[1]))).toEqual(new Set(["VERSION", "PILOTAGE_UNITS", "HUDSON_CLAUSE", "HUDSON_TOTAL", "HUDSON_QUOTE"]));
    for (const [formula, id, args] of calls) {
      const count = args === "" ? 0 : args.split(",").length;
      expect({ formula, declared: arity.has(id), fits: count <= (arity.get(id) ?? -1) }).toEqual({ formula, declared: true, fits: true });
    }
  });

  test("the inserted sheets, evaluated through the built add-in, give the hand-worked $11,383.92", async () => {
    const fake = new FakeExcel([]);
    const { sheetName } = await insert(fake, callState());
    const sheets: SheetContents = {
      [BOARD_RATES_SHEET]: (fake.sheet(BOARD_RATES_SHEET) as FakeSheet).contents() as SheetContents[string],
      [sheetName]: (fake.sheet(sheetName) as FakeSheet).contents() as SheetContents[string],
    };
    const evaluated = buildHyperFormula(sheets, { namedExpressions: fake.namedExpressions() });
    try {
      const at = (a: string) => evaluated.value(`'${sheetName}'!${a}`);
      expect(at("B13")).toBeCloseTo(192.16, 10);
      expect([at("I17"), at("I18"), at("I19")]).toEqual([3991.17, 7392.75, GRAND_TOTAL]);
      expect([at("H17"), at("H18")]).toEqual(["§ 89-a(4)(b)(1)(xi)", "§ 89-a(4)(b)(1)(xi)"]);
      // Transit 2's line items (one INDEX formula a cell).
      expect(evaluated.values(`'${sheetName}'!E27:F34`)).toEqual(TRANSIT_2_LINES);
    } finally {
      evaluated.destroy();
    }
  });

  test("fixed-choice inputs get drop-downs where the host has data validation (ExcelApi 1.8), and none elsewhere", async () => {
    const withValidation = new FakeExcel();
    globals.Office = { context: { requirements: { isSetSupported: (name: string, version: string) => name === "ExcelApi" && Number(version.split(".")[1]) <= 8 } } };
    const { sheetName } = await insert(withValidation, callState());
    const sheet = withValidation.sheet(sheetName) as FakeSheet;
    const list = (address: string) => (sheet.validations.get(address)?.rule as { list?: { source: string; inCellDropDown: boolean } } | undefined)?.list;
    // Two transits on rows 17 and 18; the unit of plain numbers in B12.
    expect([list("B17:B18"), list("C17:C18"), list("F17:F18"), list("G17:G18"), list("B12")]).toEqual([
      { inCellDropDown: true, source: "Inbound,Outbound" },
      { inCellDropDown: true, source: "Lower,Upper" },
      { inCellDropDown: true, source: "TRUE,FALSE" },
      { inCellDropDown: true, source: "TRUE,FALSE" },
      { inCellDropDown: true, source: "ft,m,in" },
    ]);
    // The values written are among the choices; a spelling outside them is warned about, not refused.
    expect([sheet.cell("B17")?.value, sheet.cell("C17")?.value, sheet.cell("C18")?.value, sheet.cell("B12")?.value]).toEqual(["Inbound", "Lower", "Upper", "ft"]);
    expect((sheet.validations.get("C17:C18")?.errorAlert as { style: string }).style).toBe("Warning");
    expect((sheet.validations.get("C17:C18")?.prompt as { message: string }).message).toMatch(/§ 89-a\(4\)\(b\)\(1\)/);

    delete globals.Office;
    const without = new FakeExcel();
    const older = await insert(without, callState());
    expect((without.sheet(older.sheetName) as FakeSheet).validations.size).toBe(0);
    expect(without.writes.filter((w) => w.kind === "validation")).toEqual([]);
  });

  test("every drop-down choice, put in the cell, is one the functions read: the sheet recalculates to the hand-worked amounts", async () => {
    const fake = new FakeExcel([]);
    globals.Office = { context: { requirements: { isSetSupported: () => true } } };
    const { sheetName } = await insert(fake, callState());
    const quote = fake.sheet(sheetName) as FakeSheet;
    const choices = (address: string) => ((quote.validations.get(address)?.rule as { list: { source: string } }).list.source.split(","));
    const total = (edits: Record<string, unknown>) => {
      const sheets: SheetContents = Object.fromEntries(fake.sheets.map((sheet) => [sheet.name, sheet.contents() as SheetContents[string]]));
      const rows = sheets[sheetName] as unknown[][];
      for (const [address, value] of Object.entries(edits)) {
        const [, letters, row] = /^([A-Z])(\d+)$/.exec(address) as RegExpExecArray;
        // A choice from the list is what Excel would store: TRUE and FALSE as booleans.
        rows[Number(row) - 1][letters.charCodeAt(0) - 65] = value === "TRUE" ? true : value === "FALSE" ? false : value;
      }
      const evaluated = buildHyperFormula(sheets, { namedExpressions: fake.namedExpressions() });
      try {
        return evaluated.value(`'${sheetName}'!I17`);
      } finally {
        evaluated.destroy();
      }
    };
    // Transit 1 (worked at the top of this file) at each section: Lower $3,991.17; Upper adds
    // the mid-river launch fee $125.25 and uses $21.58: 192.16 × 21.58 = 4,146.8128 → $4,146.81,
    // so 4,146.81 + 691.78 + 310 + 45.50 + 125.25 = $5,319.34.
    expect(choices("C17:C18").map((section) => total({ C17: section }))).toEqual([3991.17, 5319.34]);
    // Relieved at the mid-river station (D10) takes no extra charge on Section 1; anchored 8 hours neither here:
    // each choice must only be read, not refused.
    for (const column of ["F", "G"]) {
      const results = choices(`${column}17:${column}18`).map((flag) => total({ [`${column}17`]: flag }));
      expect(results.every((value) => typeof value === "number")).toBe(true);
    }
    expect(choices("B12")).toEqual(["ft", "m", "in"]);
  });

  test("text a person typed never becomes a live formula", async () => {
    const fake = new FakeExcel();
    const state = callState('=HYPERLINK("http://x.example","click")');
    setField(state, "vessel.imo", "+1-2");
    const { sheetName } = await insert(fake, state);
    expect(sheetName).toBe('=HYPERLINK("http 2026-06-15');
    const sheet = fake.sheet(sheetName) as FakeSheet;
    // A string literal: Excel shows the text as typed.
    expect(sheet.cell("B6")?.formula).toBe('="=HYPERLINK(""http://x.example"",""click"")"');
    expect(sheet.cell("B7")?.formula).toBe('="+1-2"');
    // Not text-formatted: there Excel would show the formula itself instead of its text.
    expect([sheet.cell("B6")?.numberFormat, sheet.cell("B7")?.numberFormat]).toEqual([undefined, undefined]);
  });

  test("a pane that is not quoted yet cannot be inserted", () => {
    const state = initialState();
    expect(() => quoteSheetLayout(state, computePane(state, DEFAULT_SETTINGS))).toThrow(NotReadyToInsert);
  });
});

describe("the Board rates sheet", () => {
  test("created once with titles, headers, formats and the rows; then only its two tables are updated in place", async () => {
    const fake = new FakeExcel();
    const state = callState();
    await insert(fake, state);
    const board = fake.sheet(BOARD_RATES_SHEET) as FakeSheet;
    expect(["A4", "B4", "C4", "D4", "F4", "G4", "H4", "I4"].map((a) => board.cell(a)?.value)).toEqual([
      "From", "Launch fee", "Communication fee", "Mid-river launch fee", "From", "0–50 units", "51–100 units", "Per unit over 100",
    ]);
    expect(["A5", "B5", "C5", "D5"].map((a) => board.cell(a)?.value)).toEqual([46023, 310, 45.5, 125.25]);
    expect(["F5", "G5", "H5", "I5"].map((a) => board.cell(a)?.value)).toEqual([44155, 300, 360, 3.6]);
    expect(["A5", "B5", "A104", "D104", "F104", "I5", "I104"].map((a) => board.cell(a)?.numberFormat)).toEqual([
      DATE_FORMAT, CURRENCY_FORMAT, DATE_FORMAT, CURRENCY_FORMAT, DATE_FORMAT, RATE_FORMAT, RATE_FORMAT,
    ]);

    // Someone works on the sheet: a note beside the tables, their own words in the title area, a row below.
    board.fill("K1", [["checked by the agent"]]);
    board.fill("A2", [["our own notes"]]);
    board.fill("A106", [["archive"]]);
    const untouched = () => ({ K1: board.cell("K1"), A2: board.cell("A2"), A106: board.cell("A106"), A1: board.cell("A1") });
    const before = untouched();

    addFeeRow(state, { from: "2027-01-01", launch: "320", communication: "46", midriverLaunch: "130" });
    state.boardSurcharge = [];
    const writesBefore = fake.writes.length;
    const { sheetName, boardRates } = await insert(fake, state);

    expect(boardRates).toBe("updated");
    expect(fake.sheets.filter((s) => s.name === BOARD_RATES_SHEET).length).toBe(1);
    const later = fake.writes.slice(writesBefore).filter((w) => w.sheet === BOARD_RATES_SHEET);
    expect(later).toEqual([
      { sheet: BOARD_RATES_SHEET, address: FEE_TABLE_RANGE, kind: "values" },
      { sheet: BOARD_RATES_SHEET, address: SURCHARGE_TABLE_RANGE, kind: "values" },
    ]);
    expect(untouched()).toEqual(before);
    // 2027-01-01 = 46023 + 365 = 46388; the surcharge rows removed in the pane are cleared.
    expect(["A6", "B6", "C6", "D6"].map((a) => board.cell(a)?.value)).toEqual([46388, 320, 46, 130]);
    expect(["F5", "G5", "H5", "I5"].map((a) => board.cell(a)?.value)).toEqual(["", "", "", ""]);
    expect(board.cell("I5")?.numberFormat).toBe(RATE_FORMAT);
    expect(sheetName).toBe("EVER FORWARD 2026-06-15 (2)");
  });

  test("read back as the pane's rows (dates as YYYY-MM-DD)", async () => {
    const fake = new FakeExcel();
    globals.Excel = fake.excelGlobal();
    expect(await readBoardRates()).toEqual({ status: "missing" });
    const state = callState();
    expect(await saveBoardRates(state.boardFees, state.boardSurcharge)).toBe("created");
    expect(await saveBoardRates(state.boardFees, state.boardSurcharge)).toBe("updated");
    expect(await readBoardRates()).toEqual({
      status: "ours",
      fees: [{ from: "2026-01-01", launch: "310", communication: "45.5", midriverLaunch: "125.25" }],
      surcharge: [{ from: "2020-11-20", upTo50: "300", over50UpTo100: "360", perUnitOver100: "3.6" }],
    });
  });

  test("a Board rates sheet the add-in did not make is never written, and no quote sheet is added", async () => {
    const fake = new FakeExcel(["Sheet1", "Board rates"]);
    const theirs = fake.sheet("Board rates") as FakeSheet;
    theirs.fill("A1", [["Date", "Launch"], [46023, 999]]);
    const before = fake.sheets.map((s) => [s.name, s.snapshot()]);
    await expect(insert(fake, callState())).rejects.toThrow(BoardRatesSheetNotOurs);
    globals.Excel = fake.excelGlobal();
    expect(await readBoardRates()).toEqual({ status: "not ours" });
    expect(fake.sheets.map((s) => [s.name, s.snapshot()])).toEqual(before);
    expect(fake.writes).toEqual([]);
  });

  test("board rows typed out of order are written in date order (the Reconcile fee lookup needs sorted dates)", async () => {
    const fake = new FakeExcel();
    const state = callState();
    // Typed after the 2026-01-01 row of callState: a later row, then an earlier one.
    addFeeRow(state, { from: "2027-01-01", launch: "320", communication: "46", midriverLaunch: "130" });
    addFeeRow(state, { from: "2025-01-01", launch: "300", communication: "44", midriverLaunch: "120" });
    await insert(fake, state);
    const board = fake.sheets.find((s) => s.name === BOARD_RATES_SHEET)!;
    // Serials: 2026-01-01 = 46023; 2025-01-01 = 46023 − 365 = 45658; 2027-01-01 = 46023 + 365 = 46388.
    expect(["A5", "A6", "A7"].map((a) => board.cell(a)?.value)).toEqual([45658, 46023, 46388]);
    expect(["B5", "B6", "B7"].map((a) => board.cell(a)?.value)).toEqual([300, 310, 320]);
  });

  test("more rows than the sheet's table holds: refused before anything is written", async () => {
    const fake = new FakeExcel();
    const state = callState();
    // 100 rows with distinct dates (two rows from one date are refused on their own): 2021-01-01 + i days.
    const from = (i: number) => new Date(Date.UTC(2021, 0, 1 + i)).toISOString().slice(0, 10);
    for (let i = 0; i < 100; i++) addSurchargeRow(state, { from: from(i), upTo50: "1", over50UpTo100: "2", perUnitOver100: "3" });
    await expect(insert(fake, state)).rejects.toThrow(/holds 100 rows/);
    expect(fake.writes).toEqual([]);
    expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
  });

  test("the two tables are Excel tables named for the formulas, which pass the names and no fixed range", async () => {
    const fake = new FakeExcel();
    const { sheetName } = await insert(fake, callState());
    expect(fake.tables).toEqual([
      { sheet: BOARD_RATES_SHEET, address: "A4:D104", name: "NYPILOT_BoardFees" },
      { sheet: BOARD_RATES_SHEET, address: "F4:I104", name: "NYPILOT_BoardSurcharge" },
    ]);
    const calls = [...(fake.sheet(sheetName) as FakeSheet).cells.values()].flatMap((c) => [...(c.formula ?? "").matchAll(/NYPILOT\.(HUDSON_TOTAL|HUDSON_QUOTE)\(([^()]*)\)/g)].map((m) => m[0]));
    // Two transits: HUDSON_TOTAL once each, HUDSON_QUOTE in each line-item cell.
    expect(calls.filter((call) => call.startsWith("NYPILOT.HUDSON_TOTAL")).length).toBe(2);
    for (const call of calls) expect(call).toMatch(/,NYPILOT_BoardFees,NYPILOT_BoardSurcharge\)$/);
    expect([...(fake.sheet(sheetName) as FakeSheet).cells.values()].some((c) => c.formula?.includes("Board rates'!") === true)).toBe(false);
    // Saved again: the tables are found by name, not added twice.
    await insert(fake, callState());
    expect(fake.tables.length).toBe(2);
  });

  test("a workbook from before the tables: its sheet gets the tables over the same cells, and its old fixed-range formulas still give the hand-worked totals", async () => {
    const fake = new FakeExcel([]);
    await insert(fake, callState());
    // As an earlier version left it: the same cells, no tables, a quote sheet naming the fixed ranges.
    fake.tables.length = 0;
    const old = new FakeSheet("Old quote");
    fake.sheets.push(old);
    old.fill("A1", [[192.16, "Lower", 46188, "", false, false]]);
    old.fill("A2", [["=NYPILOT.HUDSON_TOTAL(A1,B1,C1,D1,E1,F1,'Board rates'!$A$5:$D$104,'Board rates'!$F$5:$I$104)"]]);
    old.cells.set("A2", { value: undefined, formula: old.cell("A2")?.value as string });
    const { sheetName } = await insert(fake, callState());
    expect(fake.tables.map((t) => [t.address, t.name])).toEqual([["A4:D104", "NYPILOT_BoardFees"], ["F4:I104", "NYPILOT_BoardSurcharge"]]);
    const sheets: SheetContents = Object.fromEntries(fake.sheets.map((sheet) => [sheet.name, sheet.contents() as SheetContents[string]]));
    const evaluated = buildHyperFormula(sheets, { namedExpressions: fake.namedExpressions() });
    try {
      // Transit 1 of callState, worked at the top of this file: $3,991.17, by the old formula and the new.
      expect(evaluated.value("'Old quote'!A2")).toBe(3991.17);
      expect(evaluated.value(`'${sheetName}'!I17`)).toBe(3991.17);
      expect(evaluated.value(`'${sheetName}'!I19`)).toBe(GRAND_TOTAL);
    } finally {
      evaluated.destroy();
    }
  });

  test("a table grown past row 104 is read and written whole: a row typed at row 106 is neither lost nor left twice", async () => {
    const fake = new FakeExcel();
    const state = callState();
    await insert(fake, state);
    const board = fake.sheet(BOARD_RATES_SHEET) as FakeSheet;
    // The person typed a row under the fee table at row 106; Excel grew the table to row 106.
    (fake.table("NYPILOT_BoardFees") as { address: string }).address = "A4:D106";
    board.fill("A106", [[46388, 320, 46, 130]]);
    globals.Excel = fake.excelGlobal();
    const read = await readBoardRates();
    expect(read).toEqual({
      status: "ours",
      // 46388 = 2026-01-01 (46023) + 365 = 2027-01-01.
      fees: [
        { from: "2026-01-01", launch: "310", communication: "45.5", midriverLaunch: "125.25" },
        { from: "2027-01-01", launch: "320", communication: "46", midriverLaunch: "130" },
      ],
      surcharge: [{ from: "2020-11-20", upTo50: "300", over50UpTo100: "360", perUnitOver100: "3.6" }],
    });
    addFeeRow(state, { from: "2027-01-01", launch: "320", communication: "46", midriverLaunch: "130" });
    const writesBefore = fake.writes.length;
    expect(await saveBoardRates(state.boardFees, state.boardSurcharge)).toBe("updated");
    expect(fake.writes.slice(writesBefore).map((w) => w.address)).toEqual(["A5:D106", "F5:I104"]);
    expect(["A5", "A6", "A7", "A106"].map((a) => board.cell(a)?.value)).toEqual([46023, 46388, "", ""]);
  });

  test("where Excel will not make a table, a defined name over the same rows stands in, and the formulas still resolve", async () => {
    const fake = new FakeExcel([]);
    fake.refuseTables = true;
    const { sheetName } = await insert(fake, callState());
    expect(fake.tables).toEqual([]);
    expect(fake.names).toEqual(new Map([
      ["nypilot_boardfees", "='Board rates'!$A$5:$D$104"],
      ["nypilot_boardsurcharge", "='Board rates'!$F$5:$I$104"],
    ]));
    // Saved again: the names are found, not added twice (Excel would refuse a second one).
    await insert(fake, callState());
    const sheets: SheetContents = Object.fromEntries(fake.sheets.map((sheet) => [sheet.name, sheet.contents() as SheetContents[string]]));
    const evaluated = buildHyperFormula(sheets, { namedExpressions: fake.namedExpressions() });
    try {
      expect(evaluated.value(`'${sheetName}'!I19`)).toBe(GRAND_TOTAL);
    } finally {
      evaluated.destroy();
    }
  });

  test("tables longer than the pane keeps (100 rows) are neither loaded nor written over", async () => {
    const fake = new FakeExcel();
    await insert(fake, callState());
    const board = fake.sheet(BOARD_RATES_SHEET) as FakeSheet;
    (fake.table("NYPILOT_BoardSurcharge") as { address: string }).address = "F4:I105";
    // 101 surcharge rows, one a day from 2021-01-01 (serial 44197).
    board.fill("F5", Array.from({ length: 101 }, (_, i) => [44197 + i, 1, 2, 3]));
    const before = board.snapshot();
    globals.Excel = fake.excelGlobal();
    const read = await readBoardRates();
    expect(read.status).toBe("too long");
    expect(read.status === "too long" && read.message).toMatch(/1 fee rows and 101 surcharge rows; the task pane keeps 100 a table.*edit those tables in Excel/);
    const state = callState();
    await expect(saveBoardRates(state.boardFees, state.boardSurcharge)).rejects.toThrow(/101 surcharge rows/);
    expect(board.snapshot()).toEqual(before);
  });

  test("the table ranges are the ones the formulas read", () => {
    expect(cellsOf(FEE_TABLE_RANGE)?.length).toBe(100);
    expect(cellsOf(SURCHARGE_TABLE_RANGE)?.[0]).toEqual(["F5", "G5", "H5", "I5"]);
  });
});

describe("settings saved with the workbook and applied to the functions", () => {
  test("saved under one key with saveAsync, read back, and applied with a full recalculation", async () => {
    const { office, store, saves } = fakeOffice();
    globals.Office = office;
    const fake = new FakeExcel();
    globals.Excel = fake.excelGlobal();
    expect(readWorkbookSettings()).toBeNull();

    const settings = refusalThrown(resolveSettings({ at100Units: "flatAmount", unitsDecimals: 2 }));
    await saveWorkbookSettings(settings);
    expect(store[WORKBOOK_SETTINGS_KEY]).toEqual({
      unitsDecimals: 2,
      at100Units: "flatAmount",
      actEffectiveDate: "2015-11-20",
      clauseVIStart: null,
      secondPilotBasis: "base",
      recreationalExemption: "anyLength",
    });
    expect(saves.length).toBe(1);
    expect(readWorkbookSettings()).toEqual(store[WORKBOOK_SETTINGS_KEY]);

    await applySettingsToFunctions(settings);
    expect(getFunctionSettings()).toEqual(settings);
    expect(fake.calculations).toEqual(["Full"]);
  });
});

describe("Insert as values, and the print setup of the quote sheet", () => {
  async function insertValues(fake: FakeExcel, state: PaneState) {
    globals.Excel = fake.excelGlobal();
    return insertQuoteSheet(quoteSheetLayout(state, computePane(state, DEFAULT_SETTINGS), { valuesOnly: true }), state.boardFees, state.boardSurcharge);
  }

  test("values only: no formula anywhere, the hand-worked amounts as values, no Board rates sheet, the other sheets untouched", async () => {
    const fake = new FakeExcel(["Sheet1"]);
    fake.sheet("Sheet1")?.fill("A1", [["mine"]]);
    const { sheetName, boardRates } = await insertValues(fake, callState());
    expect(boardRates).toBe("not needed");
    expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", sheetName]);
    expect(fake.writes.every((write) => write.sheet === sheetName)).toBe(true);
    const sheet = fake.sheet(sheetName) as FakeSheet;
    expect([...sheet.cells.entries()].filter(([, c]) => c.formula !== undefined || (typeof c.value === "string" && c.value.startsWith("=")))).toEqual([]);
    const value = (a: string) => sheet.cell(a)?.value;
    // 600.5 × 80 × 40 ÷ 10,000 = 1,921,600 ÷ 10,000 = 192.16 units; the totals worked by hand above.
    expect([value("B13"), value("I17"), value("I18"), value("I19")]).toEqual([192.16, 3991.17, 7392.75, GRAND_TOTAL]);
    expect([value("H17"), value("H18")]).toEqual(["§ 89-a(4)(b)(1)(xi)", "§ 89-a(4)(b)(1)(xi)"]);
    expect(value("B3")).toMatch(/^\d+\.\d+\.\d+$/);
    // Transit 2's line items as values.
    const rows = cellsOf("E27:F34") as string[][];
    expect(rows.map((row) => row.map((a) => value(a)))).toEqual(TRANSIT_2_LINES);
    expect(sheet.cell("F28")?.numberFormat).toBe(CURRENCY_FORMAT);
    // Nothing invites an edit that would change nothing: no shading, no drop-downs; the note says so.
    expect([sheet.fills.get("B6"), sheet.validations.size]).toEqual([undefined, 0]);
    expect(String(value("A2"))).toMatch(/^Values only \(Insert as values\)/);
  });

  test("a vessel name that reads as a formula is text in a text cell, not a formula, in values only", async () => {
    const fake = new FakeExcel([]);
    const { sheetName } = await insertValues(fake, callState("=HYPERLINK(\"x\")"));
    const cell = (fake.sheet(sheetName) as FakeSheet).cell("B6");
    expect(cell).toEqual({ value: '=HYPERLINK("x")', numberFormat: TEXT_FORMAT });
  });

  test.each([
    ["formulas", false],
    ["values only", true],
  ])("print setup (%s): header row 16 and column A frozen, landscape, one page wide, row 16 on every page, an autofilter over the transits", async (_name, valuesOnly) => {
    const fake = new FakeExcel([]);
    globals.Excel = fake.excelGlobal();
    globals.Office = { context: { requirements: { isSetSupported: () => true } } };
    const state = callState();
    const { sheetName } = await insertQuoteSheet(quoteSheetLayout(state, computePane(state, DEFAULT_SETTINGS), { valuesOnly }), state.boardFees, state.boardSurcharge);
    const sheet = fake.sheet(sheetName) as FakeSheet;
    // The transit table: header row 16, two transits in rows 17 and 18, columns A–J.
    expect(sheet.print).toEqual(printSetupExpected(16, "A16:J18"));
    // The Board rates sheet the pane makes beside it: landscape, one page wide, its header row 4 on
    // each page; nothing frozen and no sheet autofilter (its two Excel tables filter themselves).
    // Insert as values makes none.
    if (valuesOnly) expect(fake.sheet(BOARD_RATES_SHEET)).toBeUndefined();
    else expect((fake.sheet(BOARD_RATES_SHEET) as FakeSheet).print).toEqual({ orientation: "Landscape", zoom: { horizontalFitToPages: 1, verticalFitToPages: 0 }, titleRows: "$4:$4", autofit: [] });
    // A host before ExcelApi 1.7 gets the sheet without them, and no error.
    const older = new FakeExcel([]);
    globals.Excel = older.excelGlobal();
    globals.Office = { context: { requirements: { isSetSupported: () => false } } };
    const again = await insertQuoteSheet(quoteSheetLayout(state, computePane(state, DEFAULT_SETTINGS), { valuesOnly }), state.boardFees, state.boardSurcharge);
    expect((older.sheet(again.sheetName) as FakeSheet).print).toEqual({ autofit: [] });
  });

  test.each([
    ["1.20", true, [{ mergeUndoGroup: true }]],
    ["1.19", false, [null]],
  ])("Insert quote under ExcelApi %s: the board rates and the new sheet in one Excel.run, merged into one undo step where supported", async (_version, supports20, options) => {
    const fake = new FakeExcel([]);
    globals.Excel = fake.excelGlobal();
    globals.Office = { context: { requirements: { isSetSupported: (name: string, version: string) => name === "ExcelApi" && (supports20 || version !== "1.20") } } };
    const state = callState();
    const { sheetName } = await insertQuoteSheet(quoteSheetLayout(state, computePane(state, DEFAULT_SETTINGS)), state.boardFees, state.boardSurcharge);
    expect(fake.runOptions).toEqual(options);
    expect(fake.sheets.map((sheet) => sheet.name)).toEqual([BOARD_RATES_SHEET, sheetName]);
  });

  test("column widths fitted to what the cells show: a long vessel name widens column B", () => {
    const short = quoteSheetLayout(callState("EVER"), computePane(callState("EVER"), DEFAULT_SETTINGS));
    const longName = "MSC VERY LONG NAME OF A CONTAINER SHIP OF THE LINE";
    const long = quoteSheetLayout(callState(longName), computePane(callState(longName), DEFAULT_SETTINGS));
    // Column B's widest text otherwise is "the defaults (README: How we read § 89-a)": 41 characters
    // × 6 points + 12 = 258 points; the 50-character name: 50 × 6 + 12 = 312 points.
    expect([short.columnWidths.B, long.columnWidths.B]).toEqual([258, 312]);
  });
});
