/**
 * Everything the task pane does to the workbook, through Office.js: the Board rates sheet (created
 * once, then its two tables updated in place), a new quote sheet per insertion (a fresh, unique
 * name: an existing sheet or cell is never written), the interpretation settings saved with the
 * workbook, and the functions' settings with a full recalculation. What is written comes from
 * sheet-layout.ts.
 */
import { EngineSettings, isBlank } from "../engine";
import { setFunctionSettings } from "../functions/runtime-settings";
import {
  BOARD_FEE_TABLE,
  BOARD_RATES_SHEET,
  BOARD_ROWS,
  BOARD_SURCHARGE_TABLE,
  boardRatesSheetSetup,
  boardRatesTableWrites,
  boardRowsFromSheet,
  boardTableRange,
  boardTableReference,
  BoardTableTooLong,
  FEE_HEADER_RANGE,
  isOurBoardRatesLayout,
  QuoteSheetLayout,
  RangeWrite,
  SURCHARGE_HEADER_RANGE,
  uniqueSheetName,
} from "./sheet-layout";
import { excelApiSupported, runAsOneUndoStep } from "./requirements";
import { columnLetter } from "../workbook/cell-address";
import { BOARD_HEADER_ROW, BOARD_RATES_COLUMN_WIDTHS } from "../workbook/board-rates-sheet";
import { PRINT_SETUP, SheetTable } from "../workbook/print-setup";
import { FeeRowState, MAXIMUM_BOARD_ROWS, SurchargeRowState } from "./state";

const STYLE_FILL = { header: "#DDEBF7", input: "#FFF2CC" } as const;

export function applyWrite(sheet: Excel.Worksheet, write: RangeWrite): void {
  const range = sheet.getRange(write.address);
  // The number format first, so text written into a text-formatted cell stays text.
  if (write.numberFormat) range.numberFormat = write.numberFormat;
  if (write.values) range.values = write.values;
  if (write.formulas) range.formulas = write.formulas;
  // Data validation is ExcelApi 1.8; older hosts get the cells without their drop-downs.
  if (write.choices && excelApiSupported(8)) {
    const title = "Choose from the list";
    range.dataValidation.rule = { list: { inCellDropDown: true, source: write.choices.values.join(",") } };
    range.dataValidation.prompt = { showPrompt: true, title, message: write.choices.prompt };
    // A warning, not a stop: the functions read other spellings too (1 or 2 for a section).
    range.dataValidation.errorAlert = { showAlert: true, style: "Warning", title: "Not one of the choices", message: write.choices.prompt };
  }
  switch (write.style) {
    case "title":
      range.format.font.bold = true;
      range.format.font.size = 14;
      break;
    case "header":
      range.format.font.bold = true;
      range.format.fill.color = STYLE_FILL.header;
      break;
    case "input":
      range.format.fill.color = STYLE_FILL.input;
      break;
    case "total":
      range.format.font.bold = true;
      break;
    case "note":
      range.format.font.italic = true;
      break;
    default:
      break;
  }
}

/**
 * PRINT_SETUP on a sheet the pane made (never on a person's own sheet): the header row and first
 * column frozen (ExcelApi 1.7); landscape, one page wide, the header row repeated on each page,
 * and an autofilter over the table (1.9). An older host gets the sheet without them.
 */
export function applyPrintSetup(sheet: Excel.Worksheet, table: SheetTable): void {
  if (excelApiSupported(7)) sheet.freezePanes.freezeAt(`A1:${columnLetter(PRINT_SETUP.frozenColumns)}${table.headerRow}`);
  if (!excelApiSupported(9)) return;
  applyPageLayout(sheet, table.headerRow);
  sheet.autoFilter.apply(`A${table.headerRow}:${columnLetter(table.lastColumn)}${Math.max(table.headerRow, table.lastRow)}`);
}

/**
 * PRINT_SETUP's page layout alone (ExcelApi 1.9): landscape, one page wide, the header row on each
 * page. The Board rates sheet gets only this: its two Excel tables carry their own filters.
 */
function applyPageLayout(sheet: Excel.Worksheet, headerRow: number): void {
  if (!excelApiSupported(9)) return;
  sheet.pageLayout.orientation = Excel.PageOrientation.landscape;
  sheet.pageLayout.zoom = { horizontalFitToPages: PRINT_SETUP.pagesWide, verticalFitToPages: PRINT_SETUP.pagesTall };
  sheet.pageLayout.setPrintTitleRows(`$${headerRow}:$${headerRow}`);
}

function setColumnWidths(sheet: Excel.Worksheet, widths: Record<string, number>): void {
  for (const [column, width] of Object.entries(widths)) sheet.getRange(`${column}:${column}`).format.columnWidth = width;
}

// ---------------------------------------------------------------------------------------------
// Board rates

export type BoardRatesOnSheet =
  | { status: "missing" }
  | { status: "not ours" }
  | { status: "too long"; message: string }
  | { status: "ours"; fees: Omit<FeeRowState, "key">[]; surcharge: Omit<SurchargeRowState, "key">[] };

export class BoardRatesSheetNotOurs extends Error {
  constructor() {
    super(`A sheet named "${BOARD_RATES_SHEET}" exists but its tables are not where the add-in puts them (titles in A4:D4 and F4:I4): rename that sheet, and the add-in will create its own.`);
  }
}

const BOARD_TABLES = [BOARD_FEE_TABLE, BOARD_SURCHARGE_TABLE] as const;

/** One Board rates table's data cells as the sheet has them now. */
interface BoardTableOnSheet {
  readonly values: unknown[][];
  /** True when the workbook already names the table (an Excel table, or a defined name the add-in added). */
  readonly named: boolean;
}

/**
 * The data cells of the two tables: each Excel table's data body where the workbook has one (a
 * table grows with rows added under it, so it may be longer than the fixed block), otherwise
 * the fixed block (a workbook from a version before the tables, or one where a name stands in).
 */
async function loadBoardTables(context: Excel.RequestContext, sheet: Excel.Worksheet): Promise<BoardTableOnSheet[]> {
  const tables = BOARD_TABLES.map((contract) => context.workbook.tables.getItemOrNullObject(contract.name));
  const names = BOARD_TABLES.map((contract) => context.workbook.names.getItemOrNullObject(contract.name));
  await context.sync();
  const bodies = BOARD_TABLES.map((contract, i) => (tables[i].isNullObject ? sheet.getRange(boardTableRange(contract, "data")) : tables[i].getDataBodyRange()).load("values"));
  await context.sync();
  return bodies.map((body, i) => ({ values: body.values, named: !tables[i].isNullObject || !names[i].isNullObject }));
}

function nonBlankRows(values: readonly unknown[][]): number {
  return values.filter((row) => !row.every(isBlank)).length;
}

/** A table with more rows than the pane keeps is edited in Excel: the pane would lose the rest. */
function tooLongForThePane(tables: readonly BoardTableOnSheet[]): string | null {
  const counts = tables.map((table) => nonBlankRows(table.values));
  if (counts.every((count) => count <= MAXIMUM_BOARD_ROWS)) return null;
  return `The “${BOARD_RATES_SHEET}” sheet's tables have ${counts[0]} fee rows and ${counts[1]} surcharge rows; the task pane keeps ${MAXIMUM_BOARD_ROWS} a table, so it neither loads nor saves them: edit those tables in Excel.`;
}

/** Reads the two tables of the Board rates sheet (nothing else on it). */
export async function readBoardRates(): Promise<BoardRatesOnSheet> {
  return Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(BOARD_RATES_SHEET);
    await context.sync();
    if (sheet.isNullObject) return { status: "missing" };
    const headers = [FEE_HEADER_RANGE, SURCHARGE_HEADER_RANGE].map((address) => sheet.getRange(address).load("values"));
    await context.sync();
    if (!isOurBoardRatesLayout(headers[0].values, headers[1].values)) return { status: "not ours" };
    const tables = await loadBoardTables(context, sheet);
    const tooLong = tooLongForThePane(tables);
    if (tooLong !== null) return { status: "too long", message: tooLong };
    return { status: "ours", ...boardRowsFromSheet(tables[0].values, tables[1].values) };
  });
}

/**
 * Gives each table its workbook name, so the formulas' NYPILOT_BoardFees and NYPILOT_BoardSurcharge
 * resolve: an Excel table over the header row and the data rows, or, where Excel will not make
 * one there (another table already covers the cells, say), a defined name over the same data
 * rows. Each attempt is its own batch, so a refusal undoes nothing else.
 */
async function nameBoardTables(context: Excel.RequestContext, sheet: Excel.Worksheet, tables: readonly BoardTableOnSheet[]): Promise<void> {
  for (const [i, contract] of BOARD_TABLES.entries()) {
    if (tables[i].named) continue;
    try {
      const table = sheet.tables.add(boardTableRange(contract, "whole"), true);
      table.name = contract.name;
      await context.sync();
    } catch {
      context.workbook.names.add(contract.name, `=${boardTableReference(contract)}`);
      await context.sync();
    }
  }
}

/**
 * Creates the Board rates sheet the first time; afterwards writes only its two tables' cells
 * (rows 5–104 of A–D and F–I, or the whole of a table that has grown), in place, and names
 * each table for the formulas (nameBoardTables). Syncs.
 */
async function writeBoardRates(context: Excel.RequestContext, fees: readonly FeeRowState[], surcharge: readonly SurchargeRowState[]): Promise<"created" | "updated"> {
  const existing = context.workbook.worksheets.getItemOrNullObject(BOARD_RATES_SHEET);
  await context.sync();
  if (existing.isNullObject) {
    // Checked before anything is queued: a table too long for the sheet changes nothing.
    const tableWrites = boardRatesTableWrites(fees, surcharge);
    const sheet = context.workbook.worksheets.add(BOARD_RATES_SHEET);
    for (const write of boardRatesSheetSetup()) applyWrite(sheet, write);
    for (const write of tableWrites) applyWrite(sheet, write);
    setColumnWidths(sheet, BOARD_RATES_COLUMN_WIDTHS);
    applyPageLayout(sheet, BOARD_HEADER_ROW);
    await context.sync();
    await nameBoardTables(context, sheet, [{ values: [], named: false }, { values: [], named: false }]);
    return "created";
  }
  const feeHeader = existing.getRange(FEE_HEADER_RANGE).load("values");
  const surchargeHeader = existing.getRange(SURCHARGE_HEADER_RANGE).load("values");
  await context.sync();
  if (!isOurBoardRatesLayout(feeHeader.values, surchargeHeader.values)) throw new BoardRatesSheetNotOurs();
  const tables = await loadBoardTables(context, existing);
  const tooLong = tooLongForThePane(tables);
  if (tooLong !== null) throw new BoardTableTooLong(tooLong);
  // Every row of a grown table is written (the pane's rows, then blanks), so none is left behind.
  const room = { fees: Math.max(BOARD_ROWS, tables[0].values.length), surcharge: Math.max(BOARD_ROWS, tables[1].values.length) };
  for (const write of boardRatesTableWrites(fees, surcharge, room)) applyWrite(existing, write);
  await context.sync();
  await nameBoardTables(context, existing, tables);
  return "updated";
}

export async function saveBoardRates(fees: readonly FeeRowState[], surcharge: readonly SurchargeRowState[]): Promise<"created" | "updated"> {
  return Excel.run((context) => writeBoardRates(context, fees, surcharge));
}

// ---------------------------------------------------------------------------------------------
// The quote sheet

/** Office.js reports a name taken since the names were read as this error code. */
export function isNameTaken(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ItemAlreadyExists" || (typeof Excel !== "undefined" && Excel.ErrorCodes !== undefined && code === Excel.ErrorCodes.itemAlreadyExists);
}

/**
 * Saves the board rows to the Board rates sheet (not for a values-only layout, whose cells read
 * nothing), then adds a new sheet for the quote under a name no sheet has, writes the layout into
 * it and gives it the print setup. Returns the new sheet's name.
 */
export async function insertQuoteSheet(
  layout: QuoteSheetLayout,
  fees: readonly FeeRowState[],
  surcharge: readonly SurchargeRowState[],
): Promise<{ sheetName: string; boardRates: "created" | "updated" | "not needed" }> {
  return runAsOneUndoStep(async (context) => {
    const boardRates = layout.valuesOnly ? "not needed" : await writeBoardRates(context, fees, surcharge);
    for (let attempt = 1; ; attempt++) {
      const sheets = context.workbook.worksheets;
      sheets.load("items/name");
      await context.sync();
      const sheetName = uniqueSheetName(layout.baseName, sheets.items.map((sheet) => sheet.name));
      const sheet = sheets.add(sheetName);
      try {
        // Only the new sheet is written: on a name taken meanwhile, the add fails and nothing is.
        await context.sync();
      } catch (error) {
        if (attempt < 3 && isNameTaken(error)) continue;
        throw error;
      }
      for (const write of layout.writes) applyWrite(sheet, write);
      setColumnWidths(sheet, layout.columnWidths);
      applyPrintSetup(sheet, layout.table);
      sheet.activate();
      sheet.getRange(layout.activeCell).select();
      await context.sync();
      return { sheetName, boardRates };
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Settings saved with the workbook, and applied to the custom functions

export const WORKBOOK_SETTINGS_KEY = "hudsonPilotage.interpretationSettings";

/** The settings this workbook saved (unchecked: resolveSettings reads them), or null. */
export function readWorkbookSettings(): Record<string, unknown> | null {
  const saved: unknown = Office.context.document.settings.get(WORKBOOK_SETTINGS_KEY);
  return saved !== null && typeof saved === "object" && !Array.isArray(saved) ? (saved as Record<string, unknown>) : null;
}

export function saveWorkbookSettings(settings: EngineSettings): Promise<void> {
  const documentSettings = Office.context.document.settings;
  documentSettings.set(WORKBOOK_SETTINGS_KEY, { ...settings });
  return new Promise((resolve, reject) => {
    documentSettings.saveAsync((result) => {
      if (result.status === Office.AsyncResultStatus.Failed) reject(new Error(result.error?.message ?? "The settings could not be saved with the workbook."));
      else resolve();
    });
  });
}

/**
 * Gives the custom functions these settings and asks Excel to recalculate every formula, so
 * cells computed under the old settings do not stay behind.
 */
export async function applySettingsToFunctions(settings: EngineSettings): Promise<void> {
  setFunctionSettings(settings);
  await Excel.run(async (context) => {
    context.workbook.application.calculate(Excel.CalculationType.full);
    await context.sync();
  });
}

/**
 * With settings that differ from the defaults, the add-in's runtime should start with the
 * workbook (so the functions get them before they calculate); with the defaults it need not.
 * Ignored where the host has no such API.
 */
export async function setLoadWithWorkbook(load: boolean): Promise<void> {
  const addin = (Office as unknown as { addin?: { setStartupBehavior?: (behavior: Office.StartupBehavior) => Promise<void> } }).addin;
  if (!addin || typeof addin.setStartupBehavior !== "function") return;
  await addin.setStartupBehavior(load ? Office.StartupBehavior.load : Office.StartupBehavior.none);
}
