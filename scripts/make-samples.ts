/**
 * Writes the sample workbooks in docs/ (npm run samples):
 *   sample-quote.xlsx           the quote sheet and Board rates sheet exactly as the task pane's
 *                               "Insert quote" lays them out (src/taskpane/sheet-layout.ts), for a
 *                               two-transit Upper River call, with every formula's value cached
 *                               (the values the layout carries beside its formulas, from the engine);
 *   sample-reconciliation.xlsx  `hudson-pilotage reconcile docs/sample-invoices.csv
 *                               --board-rates docs/sample-board-rates.csv -o …`, run in-process.
 * The cached values come from the engine (the task pane's own quote), never from a spreadsheet
 * engine; test/docs/samples.test.ts recalculates every formula with HyperFormula and the built
 * add-in and compares. Output is deterministic: fixed core-property dates, and a file whose cell
 * contents have not changed is left as it is (the zip's own timestamps would differ).
 *
 * Run from the repository root (the reconciliation's Summary sheet records the paths as given,
 * relative; SOURCE_DATE_EPOCH makes the run reproducible, so no full path of this machine).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type ExcelJS from "exceljs";
import packageJson from "../package.json";
import { DEFAULT_SETTINGS } from "../src/engine";
import { main as cliMain } from "../src/cli/main";
import { columnLetters, excelValue, loadExcelJs, printSetupOptions } from "../src/workbook";
import { BOARD_HEADER_ROW, BOARD_RATES_COLUMN_WIDTHS } from "../src/workbook/board-rates-sheet";
import { computePane } from "../src/taskpane/form";
import {
  BOARD_RATES_SHEET,
  BOARD_FEE_TABLE,
  BOARD_SURCHARGE_TABLE,
  boardRatesSheetSetup,
  boardRatesTableWrites,
  boardTableReference,
  CellStyle,
  quoteSheetLayout,
  RangeWrite,
} from "../src/taskpane/sheet-layout";
import { initialState, PaneState } from "../src/taskpane/state";

/** 2026-01-01T00:00:00Z, the samples' created and modified date (seconds since 1970). */
export const SAMPLE_EPOCH_SECONDS = 1_767_225_600;
const SAMPLE_DATE = new Date(SAMPLE_EPOCH_SECONDS * 1000);

export const SAMPLE_FILES = {
  quote: "sample-quote.xlsx",
  reconciliation: "sample-reconciliation.xlsx",
  invoices: "sample-invoices.csv",
  boardRates: "sample-board-rates.csv",
} as const;

/** The repository root: the folder above scripts/ (ts-jest) or above dist-node/scripts/ (compiled). */
export const REPOSITORY_ROOT = ((): string => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "tsconfig.build.json")) && fs.existsSync(path.join(dir, "docs"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`make-samples: no repository root above ${__dirname}`);
  }
})();
export const DOCS_DIR = path.join(REPOSITORY_ROOT, "docs");

// ---------------------------------------------------------------------------------------------
// The sample quote: what a ship agent types into the task pane

/**
 * MV CATSKILL TRADER, 590 ft 6 in × 105 ft × 52 ft, up to Albany (Section 2, Upper River) on
 * 14 September 2026 with 11½ hours of continuous pilotage, and back down on 18 September with 9;
 * the boards' amounts are the README's examples (not the boards' figures).
 */
export function sampleQuoteState(): PaneState {
  const state = initialState();
  state.vessel = {
    name: "MV CATSKILL TRADER",
    imo: "9123453",
    unit: "feet",
    notProvided: false,
    length: { feet: "590", inches: "6", metres: "" },
    breadth: { feet: "105", inches: "", metres: "" },
    depth: { feet: "52", inches: "", metres: "" },
  };
  state.transits = [
    { key: 1, section: "2", date: "2026-09-14", direction: "inbound", hours: "11.5", relievedAtMidRiver: false, anchoredEightHours: false },
    { key: 2, section: "2", date: "2026-09-18", direction: "outbound", hours: "9", relievedAtMidRiver: false, anchoredEightHours: false },
  ];
  state.boardFees = [{ key: 3, from: "2024-01-01", launch: "310.00", communication: "45.50", midriverLaunch: "125.25" }];
  state.boardSurcharge = [{ key: 4, from: "2020-11-20", upTo50: "300.00", over50UpTo100: "360.00", perUnitOver100: "3.60" }];
  state.nextKey = 5;
  return state;
}

const STYLE_FILL = { header: "FFDDEBF7", input: "FFFFF2CC" } as const;

/** The task pane's styles (src/taskpane/excel-writer.ts applyWrite), in exceljs terms. */
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
    const m = /^([A-Z]+)(\d+)$/.exec(text);
    if (!m) throw new Error(`make-samples: cannot read the address ${address}`);
    const column = [...m[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
    return { row: Number(m[2]), column };
  };
  const [from, to = from] = address.split(":");
  const a = corner(from);
  const b = corner(to);
  return { top: a.row, left: a.column, bottom: b.row, right: b.column };
}

/**
 * Applies RangeWrites as excel-writer.ts does through Office.js: number format, values (an empty
 * string leaves the cell empty), formulas with the engine's values the layout gives beside them
 * cached (RangeWrite.results), style. No formula is an array formula (sheet-layout.ts: the line items).
 */
function applyWrites(sheet: ExcelJS.Worksheet, writes: readonly RangeWrite[]): void {
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
          // The engine's value the layout gives beside each formula (the task pane's own quote).
          const cached = write.results?.[row - top]?.[column - left];
          if (cached === undefined) throw new Error(`make-samples: no value for ${formula} in ${where}`);
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

function newWorkbook(): ExcelJS.Workbook {
  // Through our loader, which writes the current calculation engine id (see CURRENT_EXCEL_CALC_ID).
  const workbook = new (loadExcelJs().Workbook)();
  workbook.creator = workbook.lastModifiedBy = `hudson-pilotage ${packageJson.version} (scripts/make-samples.ts)`;
  workbook.created = workbook.modified = SAMPLE_DATE;
  return workbook;
}

/**
 * Writes the sample quote workbook: the quote sheet first, then Board rates, as the task pane
 * leaves them; with `valuesOnly`, the quote sheet alone as "Insert as values" writes it
 * (scripts/libreoffice-check.js opens both).
 */
export async function writeSampleQuote(filePath: string, options: { valuesOnly?: boolean } = {}): Promise<void> {
  const state = sampleQuoteState();
  const result = computePane(state, { ...DEFAULT_SETTINGS });
  if (result.errors.length > 0) throw new Error(`make-samples: the sample quote does not read: ${JSON.stringify(result.errors)}`);
  const layout = quoteSheetLayout(state, result, { valuesOnly: options.valuesOnly === true });
  const workbook = newWorkbook();
  // The print setup the pane applies (excel-writer.ts applyPrintSetup), from the one declaration.
  const printSetup = printSetupOptions(layout.table.headerRow);
  const quote = workbook.addWorksheet(layout.baseName, { ...printSetup, views: [{ ...printSetup.views?.[0], activeCell: layout.activeCell }] });
  quote.autoFilter = `A${layout.table.headerRow}:${columnLetters(layout.table.lastColumn)}${Math.max(layout.table.headerRow, layout.table.lastRow)}`;
  applyWrites(quote, layout.writes);
  for (const [column, points] of Object.entries(layout.columnWidths)) quote.getColumn(column).width = widthInCharacters(points);
  if (layout.valuesOnly) {
    await fs.promises.writeFile(filePath, new Uint8Array(await workbook.xlsx.writeBuffer()));
    return;
  }
  const board = workbook.addWorksheet(BOARD_RATES_SHEET, { pageSetup: printSetupOptions(BOARD_HEADER_ROW).pageSetup });
  applyWrites(board, [...boardRatesSheetSetup(), ...boardRatesTableWrites(state.boardFees, state.boardSurcharge)]);
  // The Board rates sheet's widths and page layout, as excel-writer.ts sets them when it creates the sheet.
  for (const [column, points] of Object.entries(BOARD_RATES_COLUMN_WIDTHS)) board.getColumn(column).width = widthInCharacters(points);
  // The quote's formulas name the two tables. The pane makes them Excel tables; here they are
  // defined names over the same rows (the pane's own fallback, excel-writer.ts), since an exceljs
  // table would write its own header and cells over the sheet's.
  for (const table of [BOARD_FEE_TABLE, BOARD_SURCHARGE_TABLE]) {
    workbook.definedNames.add(boardTableReference(table), table.name);
  }
  await fs.promises.writeFile(filePath, new Uint8Array(await workbook.xlsx.writeBuffer()));
}

// ---------------------------------------------------------------------------------------------
// The sample reconciliation: our own CLI, in-process

/** The CLI arguments that make the sample reconciliation, with paths relative to the repository root. */
export function reconcileArguments(outputPath: string): string[] {
  const relative = (name: string) => path.relative(process.cwd(), path.join(DOCS_DIR, name)).split(path.sep).join("/");
  return ["reconcile", relative(SAMPLE_FILES.invoices), "--board-rates", relative(SAMPLE_FILES.boardRates), "-o", outputPath, "--force"];
}

/** Runs `hudson-pilotage reconcile` on the sample invoices; returns its exit code and summary. */
export async function writeSampleReconciliation(outputPath: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const previous = process.env.SOURCE_DATE_EPOCH;
  process.env.SOURCE_DATE_EPOCH = String(SAMPLE_EPOCH_SECONDS);
  try {
    const code = await cliMain(reconcileArguments(outputPath), { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
    // 1 is expected: the sample invoices have variances. 2 is a bad input.
    if (code === 2) throw new Error(`make-samples: reconcile failed: ${stderr.trim()}`);
    return { code, stdout, stderr };
  } finally {
    if (previous === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = previous;
  }
}

// ---------------------------------------------------------------------------------------------
// Comparing workbooks by content

/** Every non-empty cell of every sheet: value (or formula and cached result) and number format. */
export async function workbookCells(filePath: string): Promise<Record<string, Record<string, unknown>>> {
  const workbook = new (loadExcelJs().Workbook)();
  await workbook.xlsx.readFile(filePath);
  const sheets: Record<string, Record<string, unknown>> = {};
  for (const sheet of workbook.worksheets) {
    const cells: Record<string, unknown> = {};
    sheet.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        // cell.result, not cell.value.result: exceljs's value getter drops a cached 0 or FALSE.
        const content = cell.formula ? { formula: cell.formula, result: cell.result ?? null } : { value: cell.value };
        cells[cell.address] = { ...content, numFmt: cell.numFmt ?? null };
      }),
    );
    sheets[sheet.name] = cells;
  }
  return sheets;
}

/** Every sheet's print and view setup, column widths and hidden (detail) columns: what a print of it depends on. */
export async function workbookPrintSetup(filePath: string): Promise<Record<string, unknown>> {
  const workbook = new (loadExcelJs().Workbook)();
  await workbook.xlsx.readFile(filePath);
  const sheets: Record<string, unknown> = {};
  for (const sheet of workbook.worksheets) {
    const { orientation, fitToPage, fitToWidth, fitToHeight, printTitlesRow } = sheet.pageSetup;
    const columns = (sheet.columns ?? []).map((column) => ({ width: column.width ?? null, hidden: column.hidden === true, outlineLevel: column.outlineLevel ?? 0 }));
    sheets[sheet.name] = { orientation, fitToPage, fitToWidth, fitToHeight, printTitlesRow, views: sheet.views, autoFilter: sheet.autoFilter ?? null, columns };
  }
  return sheets;
}

async function sameCells(a: string, b: string): Promise<boolean> {
  if (!fs.existsSync(a) || !fs.existsSync(b)) return false;
  // The print setup too: a sample whose cells are the same but prints differently is rewritten.
  return JSON.stringify([await workbookCells(a), await workbookPrintSetup(a)]) === JSON.stringify([await workbookCells(b), await workbookPrintSetup(b)]);
}

/**
 * Writes both workbooks into `outDir` (docs/ by default). With `keepUnchanged`, a file whose
 * cells are the same as the one already there is left untouched.
 */
export async function makeSamples(outDir: string = DOCS_DIR, keepUnchanged = true): Promise<string[]> {
  const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), "hudson-samples-"));
  const written: string[] = [];
  try {
    const quote = path.join(scratch, SAMPLE_FILES.quote);
    const reconciliation = path.join(scratch, SAMPLE_FILES.reconciliation);
    await writeSampleQuote(quote);
    await writeSampleReconciliation(reconciliation);
    for (const file of [quote, reconciliation]) {
      const target = path.join(outDir, path.basename(file));
      if (keepUnchanged && (await sameCells(file, target))) continue;
      await fs.promises.copyFile(file, target);
      written.push(target);
    }
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
  return written;
}

if (require.main === module) {
  makeSamples().then(
    (written) => {
      const shown = (file: string) => path.relative(process.cwd(), file);
      process.stdout.write(written.length === 0 ? "docs/ samples unchanged\n" : `wrote ${written.map(shown).join(", ")}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
