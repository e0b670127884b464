/**
 * The task pane's Reconcile through Office.js: reads the picked range (or the Excel table around
 * the selection), then applies reconcile-layout.ts's plan: the added columns beside the table
 * when all their cells are empty, otherwise on a new sheet; chunk by chunk, with calculation
 * held back while writing; then the highlights and the summary. Nothing here works out a fee:
 * the NYPILOT formulas do, in Excel, or, for "Insert as values", the reconciliation layer
 * (reconcile-layout.ts valuesChunk, over each chunk's cells read from the table).
 */
import { GUESS_SAMPLE_ROWS, reconcileColumnLayout, ReconcileTally, TablePlan, unreadAmountColumns } from "../reconcile";
import { applyPrintSetup, applyWrite, isNameTaken } from "./excel-writer";
import {
  besideRegion,
  choosePlacement,
  ConditionalHighlight,
  DEFAULT_CHUNK_ROWS,
  HIGHLIGHT,
  newSheetName,
  RangeNotUsable,
  reconcileSheetPlan,
  ReconcileSheetPlan,
  locateTable,
  PICKED_ROWS_READ,
  SourceTable,
  sourceTableOf,
} from "./reconcile-layout";
import { excelApiSupported, runAsOneUndoStep } from "./requirements";


/** The range the person picked: the Excel table the selection is in (ExcelApi 1.9), else the selection itself. */
export async function readPickedTable(): Promise<SourceTable> {
  return Excel.run(async (context) => {
    const selection = context.workbook.getSelectedRange();
    selection.load("address");
    const tables = excelApiSupported(9) ? selection.getTables(false).load("items/name") : null;
    await context.sync();
    const table = tables?.items[0];
    const range = table !== undefined ? table.getRange() : selection;
    range.load("address");
    const header = range.getRow(0).load("values");
    await context.sync();
    if (range.address.includes(",")) {
      throw new RangeNotUsable("The selection is several blocks of cells: select one block, the header row and the invoice rows under it.");
    }
    const source = sourceTableOf(range.address, header.values[0] ?? [], table?.name);
    // An Excel table's header is its first row; in a plain selection the header row is looked for
    // among the first rows (a title above it is not the table), and the columns are guessed from
    // the rows under it, as the command line does.
    const read = table !== undefined ? GUESS_SAMPLE_ROWS : PICKED_ROWS_READ - 1;
    const rows = Array.from({ length: Math.min(read, source.dataRows) }, (_, i) => range.getRow(i + 1).load("values"));
    await context.sync();
    const values = rows.map((row) => row.values[0] ?? []);
    if (table !== undefined) return { ...source, sample: values };
    return locateTable(source, [header.values[0] ?? [], ...values]);
  });
}

export type ProgressReport = (rowsDone: number, rowsTotal: number) => void;

export interface ReconcileOutcome {
  readonly sheetPlan: ReconcileSheetPlan;
}

function applyHighlight(sheet: Excel.Worksheet, highlight: ConditionalHighlight): void {
  const format = sheet.getRange(highlight.address).conditionalFormats.add(Excel.ConditionalFormatType.custom);
  format.custom.rule.formula = highlight.formula;
  format.custom.format.fill.color = HIGHLIGHT.fill;
  format.custom.format.font.color = HIGHLIGHT.font;
}

/**
 * Holds calculation back while the chunks are written, so Excel does not recalculate 100,000 rows
 * of NYPILOT calls after every chunk. With ExcelApi 1.8 (every host with the shared runtime the
 * manifest requires has it) the application's calculation mode is set to manual and the previous
 * mode restored afterwards, even when a write fails; suspendApiCalculationUntilNextSync (1.6)
 * would only hold it until the next sync, i.e. one chunk, so it is the fallback, renewed per chunk.
 */
class CalculationHold {
  private previous: Excel.CalculationMode | `${Excel.CalculationMode}` | null = null;

  constructor(private readonly context: Excel.RequestContext) {}

  async start(): Promise<void> {
    if (!excelApiSupported(8)) return;
    const application = this.context.workbook.application;
    application.load("calculationMode");
    await this.context.sync();
    this.previous = application.calculationMode;
    application.calculationMode = Excel.CalculationMode.manual;
    await this.context.sync();
  }

  /** Before each chunk's writes: without 1.8, at least this chunk's sync does not recalculate. */
  beforeChunk(): void {
    if (this.previous === null && excelApiSupported(6)) this.context.workbook.application.suspendApiCalculationUntilNextSync();
  }

  async restore(): Promise<void> {
    if (this.previous === null) return;
    this.context.workbook.application.calculationMode = this.previous as Excel.CalculationMode;
    this.previous = null;
    await this.context.sync();
  }
}

/**
 * Adds the computed columns, variances and flag for the table, beside it or on a new sheet, in
 * chunks of `chunkRows` rows (one sync each), reporting progress after each chunk.
 */
export async function writeReconciliation(
  plan: TablePlan,
  source: SourceTable,
  options: { chunkRows?: number; onProgress?: ProgressReport; valuesOnly?: boolean } = {},
): Promise<ReconcileOutcome> {
  const chunkRows = options.chunkRows ?? DEFAULT_CHUNK_ROWS;
  return runAsOneUndoStep(async (context) => {
    const sheets = context.workbook.worksheets;
    const sourceSheet = sheets.getItemOrNullObject(source.sheetName);
    await context.sync();
    if (sourceSheet.isNullObject) throw new RangeNotUsable(`The sheet “${source.sheetName}” is no longer there: select the table again with “Use selected range”.`);

    // Beside the table only if every cell the result needs is empty: no value (a spill's included)
    // and no formula, even one that shows nothing. Without ExcelApi 1.9's formula search, any
    // used cell counts, formatting too: a new sheet rather than a risk.
    const region = besideRegion(source, reconcileColumnLayout(plan));
    const checks: { isNullObject: boolean }[] = [];
    if (region !== null && source.excelTable === undefined) {
      const cells = sourceSheet.getRange(region);
      if (excelApiSupported(9)) checks.push(cells.getUsedRangeOrNullObject(true), cells.getSpecialCellsOrNullObject(Excel.SpecialCellType.formulas));
      else checks.push(cells.getUsedRangeOrNullObject(false));
    }
    sheets.load("items/name");
    await context.sync();
    const regionIsEmpty = region === null ? null : checks.length > 0 && checks.every((check) => check.isNullObject);
    let placement = choosePlacement(source, regionIsEmpty, sheets.items.map((sheet) => sheet.name));

    let target: Excel.Worksheet = sourceSheet;
    if (placement.kind === "new sheet") {
      let sheetName = placement.sheetName;
      for (let attempt = 1; ; attempt++) {
        target = sheets.add(sheetName);
        try {
          // Only the new sheet is written: if its name was taken meanwhile, the add fails and nothing is.
          await context.sync();
          break;
        } catch (error) {
          if (attempt >= 3 || !isNameTaken(error)) throw error;
          sheets.load("items/name");
          await context.sync();
          sheetName = newSheetName(source, sheets.items.map((sheet) => sheet.name));
        }
      }
      placement = { ...placement, sheetName };
    }
    const sheetPlan = reconcileSheetPlan(plan, source, placement, chunkRows, options.valuesOnly === true);
    const tally = new ReconcileTally(unreadAmountColumns(plan));

    const hold = new CalculationHold(context);
    await hold.start();
    try {
      // Both modes read each chunk's cells (values are worked out from them, totals rows found in
      // them), a chunk ahead: chunk i+1 is read in the sync that writes chunk i, one sync per chunk.
      const readChunk = (index: number) => (index < sheetPlan.chunkCount ? sourceSheet.getRange(sheetPlan.sourceAddress(index)).load("values") : null);
      applyWrite(target, sheetPlan.header);
      let cells = readChunk(0);
      await context.sync();
      options.onProgress?.(0, sheetPlan.dataRows);
      for (let index = 0; index < sheetPlan.chunkCount && cells !== null; index++) {
        const chunk = sheetPlan.valuesOnly ? sheetPlan.valuesChunk(index, cells.values, tally) : sheetPlan.chunk(index, cells.values);
        hold.beforeChunk();
        for (const write of chunk.writes) applyWrite(target, write);
        cells = readChunk(index + 1);
        await context.sync();
        options.onProgress?.(chunk.endRow, sheetPlan.dataRows);
      }
      for (const highlight of sheetPlan.highlights) applyHighlight(target, highlight);
      for (const write of sheetPlan.valuesOnly ? sheetPlan.valuesSummary(tally.summary()) : sheetPlan.summary) applyWrite(target, write);
      if (sheetPlan.printTable !== null) {
        applyPrintSetup(target, sheetPlan.printTable);
        target.getRange(sheetPlan.columnsAddress).format.autofitColumns();
      }
      await context.sync();
    } finally {
      await hold.restore();
    }
    if (placement.kind === "new sheet") {
      target.activate();
      await context.sync();
    }
    return { sheetPlan };
  });
}
