/**
 * Everything the task pane does to the workbook, through Office.js: the Board rates sheet (created
 * once, then its two tables updated in place), a new quote sheet per insertion (a fresh, unique
 * name: an existing sheet or cell is never written), the interpretation settings saved with the
 * workbook, and the functions' settings with a full recalculation. What is written comes from
 * sheet-layout.ts.
 */
import { EngineSettings } from "../engine";
import { setFunctionSettings } from "../functions/runtime-settings";
import {
  BOARD_RATES_SHEET,
  boardRatesSheetSetup,
  boardRatesTableWrites,
  boardRowsFromSheet,
  FEE_HEADER_RANGE,
  FEE_TABLE_RANGE,
  isOurBoardRatesLayout,
  QuoteSheetLayout,
  RangeWrite,
  SURCHARGE_HEADER_RANGE,
  SURCHARGE_TABLE_RANGE,
  uniqueSheetName,
} from "./sheet-layout";
import { FeeRowState, SurchargeRowState } from "./state";

const STYLE_FILL = { header: "#DDEBF7", input: "#FFF2CC" } as const;

export function applyWrite(sheet: Excel.Worksheet, write: RangeWrite): void {
  const range = sheet.getRange(write.address);
  // The number format first, so text written into a text-formatted cell stays text.
  if (write.numberFormat) range.numberFormat = write.numberFormat;
  if (write.values) range.values = write.values;
  if (write.formulas) range.formulas = write.formulas;
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

function setColumnWidths(sheet: Excel.Worksheet, widths: Record<string, number>): void {
  for (const [column, width] of Object.entries(widths)) sheet.getRange(`${column}:${column}`).format.columnWidth = width;
}

// ---------------------------------------------------------------------------------------------
// Board rates

export type BoardRatesOnSheet =
  | { status: "missing" }
  | { status: "not ours" }
  | { status: "ours"; fees: Omit<FeeRowState, "key">[]; surcharge: Omit<SurchargeRowState, "key">[] };

export class BoardRatesSheetNotOurs extends Error {
  constructor() {
    super(`A sheet named "${BOARD_RATES_SHEET}" exists but its tables are not where the add-in puts them (titles in A4:D4 and F4:I4): rename that sheet, and the add-in will create its own.`);
  }
}

/** Reads the two tables of the Board rates sheet (nothing else on it). */
export async function readBoardRates(): Promise<BoardRatesOnSheet> {
  return Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(BOARD_RATES_SHEET);
    await context.sync();
    if (sheet.isNullObject) return { status: "missing" };
    const ranges = [FEE_HEADER_RANGE, SURCHARGE_HEADER_RANGE, FEE_TABLE_RANGE, SURCHARGE_TABLE_RANGE].map((address) => sheet.getRange(address).load("values"));
    await context.sync();
    const [feeHeader, surchargeHeader, fees, surcharge] = ranges.map((range) => range.values);
    if (!isOurBoardRatesLayout(feeHeader, surchargeHeader)) return { status: "not ours" };
    return { status: "ours", ...boardRowsFromSheet(fees, surcharge) };
  });
}

/**
 * Creates the Board rates sheet the first time; afterwards writes only its two tables' cells
 * (rows 5–104 of A–D and F–I), in place. Queues the writes; the caller syncs.
 */
async function writeBoardRates(context: Excel.RequestContext, fees: readonly FeeRowState[], surcharge: readonly SurchargeRowState[]): Promise<"created" | "updated"> {
  // Checked before anything is queued: a table too long for the sheet changes nothing.
  const tableWrites = boardRatesTableWrites(fees, surcharge);
  const existing = context.workbook.worksheets.getItemOrNullObject(BOARD_RATES_SHEET);
  await context.sync();
  if (existing.isNullObject) {
    const sheet = context.workbook.worksheets.add(BOARD_RATES_SHEET);
    for (const write of boardRatesSheetSetup()) applyWrite(sheet, write);
    for (const write of tableWrites) applyWrite(sheet, write);
    setColumnWidths(sheet, { A: 90, B: 90, C: 110, D: 120, E: 24, F: 90, G: 80, H: 80, I: 110 });
    return "created";
  }
  const feeHeader = existing.getRange(FEE_HEADER_RANGE).load("values");
  const surchargeHeader = existing.getRange(SURCHARGE_HEADER_RANGE).load("values");
  await context.sync();
  if (!isOurBoardRatesLayout(feeHeader.values, surchargeHeader.values)) throw new BoardRatesSheetNotOurs();
  for (const write of tableWrites) applyWrite(existing, write);
  return "updated";
}

export async function saveBoardRates(fees: readonly FeeRowState[], surcharge: readonly SurchargeRowState[]): Promise<"created" | "updated"> {
  return Excel.run(async (context) => {
    const outcome = await writeBoardRates(context, fees, surcharge);
    await context.sync();
    return outcome;
  });
}

// ---------------------------------------------------------------------------------------------
// The quote sheet

/** Office.js reports a name taken since the names were read as this error code. */
export function isNameTaken(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ItemAlreadyExists" || (typeof Excel !== "undefined" && Excel.ErrorCodes !== undefined && code === Excel.ErrorCodes.itemAlreadyExists);
}

/**
 * Saves the board rows to the Board rates sheet, then adds a new sheet for the quote under a name
 * no sheet has, and writes the layout into it. Returns the new sheet's name.
 */
export async function insertQuoteSheet(
  layout: QuoteSheetLayout,
  fees: readonly FeeRowState[],
  surcharge: readonly SurchargeRowState[],
): Promise<{ sheetName: string; boardRates: "created" | "updated" }> {
  return Excel.run(async (context) => {
    const boardRates = await writeBoardRates(context, fees, surcharge);
    await context.sync();
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
