/**
 * The quote sheet and the Board rates sheet as an .xlsx, through exceljs: the layout's writes
 * (./layout.ts) applied as the task pane's excel-writer.ts applies them through Office.js: number
 * format, values (an empty string leaves the cell empty), formulas with the engine's values cached
 * (RangeWrite.results), style, column widths, and PRINT_SETUP. Used by `call -o quote.xlsx`, the
 * library's writeQuote and the docs/ samples.
 */
import type ExcelJS from "exceljs";
import packageJson from "../../package.json";
import { columnLetters, excelValue, loadExcelJs, printSetupOptions } from "../workbook/xlsx";
import { BOARD_HEADER_ROW, BOARD_RATES_COLUMN_WIDTHS } from "../workbook/board-rates-sheet";
import {
  BOARD_FEE_TABLE,
  BOARD_RATES_SHEET,
  BOARD_SURCHARGE_TABLE,
  boardRatesSheetSetup,
  boardRatesTableWrites,
  boardTableReference,
  CellStyle,
  FeeRowText,
  QuoteSheetLayout,
  RangeWrite,
  SurchargeRowText,
} from "./layout";

const STYLE_FILL = { header: "FFDDEBF7", input: "FFFFF2CC" } as const;

/** The task pane's styles (excel-writer.ts applyWrite), in exceljs terms. */
function applyStyle(cell: ExcelJS.Cell, style: CellStyle | undefined): void {
  const fill = (argb: string): ExcelJS.Fill => ({ type: "pattern", pattern: "solid", fgColor: { argb } });
  if (style === "title") cell.font = { bold: true, size: 14 };
  else if (style === "header") {
    cell.font = { bold: true };
    cell.fill = fill(STYLE_FILL.header);
  } else if (style === "input") cell.fill = fill(STYLE_FILL.input);
  else if (style === "total") cell.font = { bold: true };
  else if (style === "note") cell.font = { italic: true };
}

function decodeRange(address: string): { top: number; left: number; bottom: number; right: number } {
  const corner = (text: string) => {
    const match = /^([A-Z]+)(\d+)$/.exec(text);
    if (!match) throw new Error(`Cannot read the address ${address}`);
    const column = [...match[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
    return { row: Number(match[2]), column };
  };
  const [from, to = from] = address.split(":");
  const a = corner(from);
  const b = corner(to);
  return { top: a.row, left: a.column, bottom: b.row, right: b.column };
}

/** Applies the layout's writes; no formula is an array formula (layout.ts: the line items). */
export function applyWrites(sheet: ExcelJS.Worksheet, writes: readonly RangeWrite[]): void {
  for (const write of writes) {
    const { top, left, bottom, right } = decodeRange(write.address);
    for (let row = top; row <= bottom; row++) {
      for (let column = left; column <= right; column++) {
        const cell = sheet.getCell(row, column);
        const where = `${sheet.name}!${cell.address}`;
        const format = write.numberFormat?.[row - top]?.[column - left];
        if (format !== undefined && format !== "General") cell.numFmt = format;
        const value = write.values?.[row - top]?.[column - left];
        if (value !== undefined && value !== "") cell.value = excelValue(value, where).value;
        const formula = write.formulas?.[row - top]?.[column - left];
        if (formula !== undefined) {
          const cached = write.results?.[row - top]?.[column - left];
          if (cached === undefined) throw new Error(`No value to cache for ${formula} in ${where}`);
          cell.value = excelValue({ formula, result: cached }, where).value;
        }
        applyStyle(cell, write.style);
      }
    }
  }
}

/** Column widths in points (as Office.js takes them) to exceljs's characters of the default font (7 px = 5.25 pt). */
function widthInCharacters(points: number): number {
  return Math.round((points / 5.25) * 100) / 100;
}

export interface QuoteWorkbookOptions {
  /** The file's created and modified date. */
  readonly madeOn: Date;
  /** Who made it, for the file's properties. */
  readonly madeBy: string;
}

/**
 * The workbook: the quote sheet first, then Board rates with the call's tables, as the task pane
 * leaves them; for a values-only layout, the quote sheet alone.
 */
export function quoteWorkbook(layout: QuoteSheetLayout, board: { fees: readonly FeeRowText[]; surcharge: readonly SurchargeRowText[] }, options: QuoteWorkbookOptions): ExcelJS.Workbook {
  // Through our loader, which writes the current calculation engine id (see CURRENT_EXCEL_CALC_ID).
  const workbook = new (loadExcelJs().Workbook)();
  workbook.creator = workbook.lastModifiedBy = `hudson-pilotage ${packageJson.version} (${options.madeBy})`;
  workbook.created = workbook.modified = options.madeOn;
  const { headerRow, lastColumn, lastRow } = layout.table;
  // The print setup the pane applies (excel-writer.ts applyPrintSetup), from the one declaration.
  const printSetup = printSetupOptions(headerRow);
  const quote = workbook.addWorksheet(layout.baseName, { ...printSetup, views: [{ ...printSetup.views?.[0], activeCell: layout.activeCell }] });
  quote.autoFilter = `A${headerRow}:${columnLetters(lastColumn)}${Math.max(headerRow, lastRow)}`;
  applyWrites(quote, layout.writes);
  for (const [column, points] of Object.entries(layout.columnWidths)) quote.getColumn(column).width = widthInCharacters(points);
  if (layout.valuesOnly) return workbook;
  const sheet = workbook.addWorksheet(BOARD_RATES_SHEET, { pageSetup: printSetupOptions(BOARD_HEADER_ROW).pageSetup });
  applyWrites(sheet, [...boardRatesSheetSetup(), ...boardRatesTableWrites(board.fees, board.surcharge)]);
  // The Board rates sheet's widths and page layout, as excel-writer.ts sets them when it creates the sheet.
  for (const [column, points] of Object.entries(BOARD_RATES_COLUMN_WIDTHS)) sheet.getColumn(column).width = widthInCharacters(points);
  // The quote's formulas name the two tables. The pane makes them Excel tables; here they are
  // defined names over the same rows (the pane's own fallback, excel-writer.ts), since an exceljs
  // table would write its own header and cells over the sheet's.
  for (const table of [BOARD_FEE_TABLE, BOARD_SURCHARGE_TABLE]) workbook.definedNames.add(boardTableReference(table), table.name);
  return workbook;
}
