/**
 * What the task pane's Reconcile writes into Excel, as plain data: where the added columns go
 * (beside the table only when every cell they and the summary need is empty, otherwise on a new
 * sheet), the formulas of each chunk of rows (one NYPILOT call per column per chunk, spilling),
 * the number formats, the conditional formats and the summary block. reconcile-writer.ts applies
 * it through Office.js; nothing here computes a fee: the formulas do, in Excel.
 *
 * The column mapping, its checks and the formula texts are the reconciliation layer's (src/reconcile),
 * shared with the CLI; this file only places them on a sheet.
 */
import { EngineSettings, LengthUnit } from "../engine";
import { columnNumber } from "../workbook/cell-address";
import {
  addedColumnValues,
  AddedColumnKind,
  type Amount,
  type BilledField,
  ColumnMapping,
  comparedTerms,
  EXCLUDED_STATUS,
  Outcome,
  ReconciledRow,
  reconcileRow,
  isHoursCellBlank,
  ReconcileSummary,
  ReconcileTally,
  TotalsRows,
  guessMapping,
  MappingError,
  type MappingWords,
  planTable,
  reconcileColumnLayout,
  ReconcileColumnLayout,
  ReconcileField,
  reconcileFormulas,
  readBilledCells,
  TablePlan,
  findTable,
  guessSample,
  GUESS_SAMPLE_ROWS,
  HEADER_SEARCH_ROWS,
} from "../reconcile";
import type Decimal from "decimal.js";
import type { SheetTable } from "../workbook/print-setup";
import {
  BOARD_TABLE_NAMES,
  columnLetter,
  CURRENCY_FORMAT,
  quotedSheet,
  RangeWrite,
  sheetBaseName,
  UNITS_FORMAT,
  uniqueSheetName,
} from "./sheet-layout";

/** Rows per formula: a chunk is one write and one sync, small enough that Excel stays responsive. */
export const DEFAULT_CHUNK_ROWS = 5000;
/** The longest formula Excel takes, in characters. */
export const EXCEL_FORMULA_CHARS = 8192;
/** Excel's last row: a table this tall leaves no room below, and a sheet holds no more. */
export const EXCEL_ROWS = 1_048_576;
/** A variance shows fractions of a cent a billed amount may carry. */
export const VARIANCE_FORMAT = "$#,##0.00##";
/** Excel's "Light Red Fill with Dark Red Text". */
export const HIGHLIGHT = { fill: "#FFC7CE", font: "#9C0006" } as const;

// ---------------------------------------------------------------------------------------------
// The range the person picked

/** The table being checked: its sheet, its top-left cell (the header row), its size. */
export interface SourceTable {
  readonly sheetName: string;
  /** 1-based column of the first column and row of the header. */
  readonly firstColumn: number;
  readonly headerRow: number;
  /** Columns, and data rows under the header. */
  readonly width: number;
  readonly dataRows: number;
  /** The header row's texts. */
  readonly headers: readonly string[];
  /** The name of the Excel table (ListObject) the range is, if it is one. */
  readonly excelTable?: string;
  /** The first data rows' values (up to GUESS_SAMPLE_ROWS), for guessing the columns from their values too. */
  readonly sample?: readonly (readonly unknown[])[];
  /**
   * The range as picked, when its header row was looked for in its first rows: its first row, its
   * last, and the values of its first rows (to look again under another header row).
   */
  readonly picked?: PickedRange;
  /** How the header row was chosen: found among the picked range's first rows, or given. */
  readonly headerChosen?: "found" | "given";
}

export interface PickedRange {
  readonly top: number;
  readonly lastRow: number;
  readonly rows: readonly (readonly unknown[])[];
}

/** Rows of a picked range read to find its header row and guess its columns. */
export const PICKED_ROWS_READ = HEADER_SEARCH_ROWS + GUESS_SAMPLE_ROWS;

/**
 * The table inside a picked range, as the command line finds it in a sheet: the header row among
 * the range's first rows (a title or a period above it is not the table), joined to a row of group
 * headers where that reads better; or the row given (1-based, as the sheet numbers it). The rows
 * above the header are left out; an Excel table's header is its own and is never looked for.
 */
export function locateTable(picked: SourceTable, rows: readonly (readonly unknown[])[], headerRow?: number): SourceTable {
  const range: PickedRange = picked.picked ?? { top: picked.headerRow, lastRow: picked.headerRow + picked.dataRows, rows };
  const sheetRows = range.rows.map((cells, index) => ({ rowNumber: range.top + index, cells }));
  const found = findTable(sheetRows, { headerRow });
  if (found.best === null) return { ...picked, picked: range, sample: range.rows.slice(1, 1 + GUESS_SAMPLE_ROWS) };
  const at = found.best.rowNumber;
  const dataRows = range.lastRow - at;
  if (dataRows < 1) throw new RangeNotUsable(`Row ${at} is the last row of the selection: choose a header row with invoice rows under it.`);
  const headers = Array.from({ length: picked.width }, (_, column) => found.best?.headers[column] ?? "");
  const sample = guessSample(range.rows.slice(at - range.top + 1), headers);
  return { ...picked, headerRow: at, dataRows, headers, sample, picked: range, headerChosen: headerRow === undefined ? "found" : "given" };
}

/** Why a picked range cannot be reconciled, in words that say what to pick instead. */
export class RangeNotUsable extends Error {}

/**
 * The table from Office.js's address of the range ("Invoices!B3:H100", "'My sheet'!B3:H100") and
 * its header row's values.
 */
export function sourceTableOf(address: string, headerValues: readonly unknown[], excelTable?: string): SourceTable {
  const bang = address.lastIndexOf("!");
  const sheetPart = bang < 0 ? "" : address.slice(0, bang);
  const sheetName = sheetPart.startsWith("'") ? sheetPart.slice(1, -1).replace(/''/g, "'") : sheetPart;
  const cells = address.slice(bang + 1);
  if (/^\$?[A-Z]{1,3}:\$?[A-Z]{1,3}$/i.test(cells) || /^\$?\d+:\$?\d+$/.test(cells)) {
    throw new RangeNotUsable(`The selection ${address} is whole columns or rows: select from the header row down to the last invoice row (or click inside an Excel table).`);
  }
  const match = /^\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$/i.exec(cells);
  if (!match) throw new RangeNotUsable(`The selection ${address} is not one block of cells: select the invoice table (its header row and data rows) or a cell inside an Excel table.`);
  const firstColumn = columnNumber(match[1]);
  const headerRow = Number(match[2]);
  const lastColumn = match[3] ? columnNumber(match[3]) : firstColumn;
  const lastRow = match[4] ? Number(match[4]) : headerRow;
  const dataRows = lastRow - headerRow;
  if (dataRows < 1) {
    throw new RangeNotUsable(`The selection ${address} has no rows under its header: select the header row and the invoice rows below it (or click inside an Excel table).`);
  }
  const headers = Array.from({ length: lastColumn - firstColumn + 1 }, (_, i) => {
    const cell = headerValues[i];
    return cell === null || cell === undefined ? "" : String(cell).trim();
  });
  return { sheetName, firstColumn, headerRow, width: headers.length, dataRows, headers, ...(excelTable === undefined ? {} : { excelTable }) };
}

// ---------------------------------------------------------------------------------------------
// The mapping the person sees and corrects

/** The command line's guess (src/reconcile): from the headers and, when given, the first rows' values. */
export function guessedFields(headers: readonly string[], sample: readonly (readonly unknown[])[] = []): { fields: (ReconcileField | null)[]; notes: readonly string[] } {
  const mapping = guessMapping(headers, sample);
  return { fields: [...mapping.fields], notes: mapping.notes };
}

export type MappingCheck = { ok: true; plan: TablePlan } | { ok: false; message: string; columns: number[] };

/** How a mapping is corrected in the pane: with the lists, not the command line's --map. */
const PANE_MAPPING_WORDS: MappingWords = {
  mapColumns: "choose the column for each in the lists above",
  measurementUnit: "choose the unit of plain-number measurements above, or rename the headers",
};

/**
 * The plan for the person's mapping, or the engine's MappingError message with the columns it is
 * about (to mark those selects): a field chosen twice, or units beside measurements.
 * measurementUnit: the unit of plain-number measurements; null to take it from the headers ("LOA (m)").
 */
export function checkMapping(
  headers: readonly string[],
  fields: readonly (ReconcileField | null)[],
  settings: EngineSettings,
  measurementUnit: LengthUnit | null = null,
): MappingCheck {
  const mapping: ColumnMapping = { headers: [...headers], fields: [...fields], notes: [] };
  try {
    return { ok: true, plan: planTable(mapping, "reconcile", { settings, boardFees: [], boardSurcharge: [], measurementUnit }) };
  } catch (error) {
    if (!(error instanceof MappingError)) throw error;
    const count = new Map<ReconcileField, number>();
    for (const field of fields) if (field !== null) count.set(field, (count.get(field) ?? 0) + 1);
    const measured = fields.some((field) => field === "length" || field === "breadth" || field === "depth");
    const conflicting = (field: ReconcileField | null) =>
      field !== null && ((count.get(field) ?? 0) > 1 || (measured && fields.includes("units") && ["units", "length", "breadth", "depth"].includes(field)));
    const columns = fields.flatMap((field, index) => (conflicting(field) ? [index] : []));
    return { ok: false, message: error.messageIn(PANE_MAPPING_WORDS), columns };
  }
}

// ---------------------------------------------------------------------------------------------
// Where the result goes

export const SUMMARY_LABELS = [
  "Reconciliation summary",
  "Rows",
  "Billed (rows compared)",
  "Computed (rows compared)",
  "Variance (billed − computed)",
  "Rows flagged",
  "Rows not compared (an error in a row)",
] as const;
const SUMMARY_WIDTH = 2;

/** One empty column between the added columns and the summary. */
function summaryOffset(layout: ReconcileColumnLayout): number {
  return layout.columns.length + 1;
}

/**
 * The cells that must all be empty for the result to go beside the table: the added columns over
 * the header and every data row, the gap column and the summary block.
 */
export function besideRegion(source: SourceTable, layout: ReconcileColumnLayout): string | null {
  const first = source.firstColumn + source.width;
  const last = first + summaryOffset(layout) + SUMMARY_WIDTH - 1;
  const lastRow = Math.max(source.headerRow + source.dataRows, source.headerRow + SUMMARY_LABELS.length - 1);
  if (last > 16_384 || lastRow > EXCEL_ROWS) return null;
  return `${columnLetter(first)}${source.headerRow}:${columnLetter(last)}${lastRow}`;
}

/** Why the result is on a new sheet: cells beside the table hold something, the sheet ends there, or the range is an Excel table. */
export type NewSheetReason = "occupied" | "no room" | "excel table";

export type Placement = { readonly kind: "beside" } | { readonly kind: "new sheet"; readonly sheetName: string; readonly reason: NewSheetReason };

/**
 * Beside the table only when every cell of besideRegion is empty; otherwise a new sheet under a
 * name no sheet has (Excel compares names without regard to case). An Excel table always gets a
 * new sheet: a header written next to it makes Excel widen the table over the new columns, and a
 * spilling formula inside a table is #SPILL!.
 * regionIsEmpty: null when there is no region (the sheet's last column or row is in the way).
 */
export function choosePlacement(source: SourceTable, regionIsEmpty: boolean | null, sheetNames: readonly string[]): Placement {
  const reason: NewSheetReason | null = source.excelTable !== undefined ? "excel table" : regionIsEmpty === null ? "no room" : regionIsEmpty ? null : "occupied";
  if (reason === null) return { kind: "beside" };
  return { kind: "new sheet", sheetName: newSheetName(source, sheetNames), reason };
}

/** "Reconciliation Invoices", or "… (2)" and on when taken. */
export function newSheetName(source: SourceTable, sheetNames: readonly string[]): string {
  return uniqueSheetName(sheetBaseName(`Reconciliation ${source.sheetName}`, ""), sheetNames);
}

// ---------------------------------------------------------------------------------------------
// What is written

export interface ConditionalHighlight {
  readonly address: string;
  /** Relative to the range's top-left cell, as Excel's custom rule takes it. */
  readonly formula: string;
}

export interface ChunkWrites {
  /** Data rows n (0-based) of the chunk: [firstRow, endRow). */
  readonly firstRow: number;
  readonly endRow: number;
  readonly writes: readonly RangeWrite[];
}

export interface ReconcileSheetPlan {
  readonly placement: Placement;
  /** "Insert as values": valuesChunk and valuesSummary, never a formula; otherwise chunk and summary. */
  readonly valuesOnly: boolean;
  /** Values because a formula would be longer than Excel takes (EXCEL_FORMULA_CHARS), not because they were asked for. */
  readonly formulasTooLong: boolean;
  /** The source cells of chunk i, on the table's sheet: what chunk and valuesChunk read. */
  sourceAddress(index: number): string;
  /**
   * Values only: chunk i's added columns from its source rows, worked out by the reconciliation
   * layer row by row (what the CLI's --values-only writes), each row counted in `tally`; a totals
   * row is excluded as the CLI excludes it.
   */
  valuesChunk(index: number, sourceRows: readonly (readonly unknown[])[], tally: ReconcileTally): ChunkWrites;
  /** Values only: the summary block, from the tally of every row. */
  valuesSummary(summary: ReconcileSummary): readonly RangeWrite[];
  /** The new sheet's table for its print setup (PRINT_SETUP); null beside the table: a person's own sheet keeps its own. */
  readonly printTable: SheetTable | null;
  /** The sheet written: the table's own, or the new one. */
  readonly targetSheet: string;
  readonly header: RangeWrite;
  readonly chunkCount: number;
  /**
   * The writes of chunk i from its source rows: each added column's formula in the top cell of each
   * run of invoice rows (spilling down the run), the number formats; a totals row is excluded (its
   * status says so, no formula), as the command line excludes it.
   */
  chunk(index: number, sourceRows: readonly (readonly unknown[])[]): ChunkWrites;
  readonly highlights: readonly ConditionalHighlight[];
  readonly summary: readonly RangeWrite[];
  /** Every cell the run writes, for the message: "E1:T100001". */
  readonly columnsAddress: string;
  readonly dataRows: number;
}

const FORMAT_OF: Readonly<Record<AddedColumnKind, string>> = { units: UNITS_FORMAT, money: CURRENCY_FORMAT, flag: "General", status: "General" };

/** A row's added values as a person's workbook takes them: amounts as numbers, an error as its code (#N/A, #VALUE!). */
const PANE_VALUES = {
  amount: (outcome: Outcome<number>) => (outcome.ok ? outcome.value / 100 : outcome.error.code),
  exact: (outcome: Outcome<Amount>) => (outcome.ok ? outcome.value.toNumber() : outcome.error.code),
  units: (outcome: Outcome<Decimal | null>) => (outcome.ok ? (outcome.value === null ? "" : outcome.value.toNumber()) : outcome.error.code),
} as const;

export function paneRowValues(layout: ReconcileColumnLayout, reconciled: ReconciledRow): (string | number | boolean)[] {
  return addedColumnValues(layout, reconciled, PANE_VALUES);
}

export function reconcileSheetPlan(plan: TablePlan, source: SourceTable, placement: Placement, chunkRows = DEFAULT_CHUNK_ROWS, valuesOnly = false): ReconcileSheetPlan {
  if (!Number.isInteger(chunkRows) || chunkRows < 1) throw new Error(`chunkRows must be a positive whole number, not ${chunkRows}`);
  const layout = reconcileColumnLayout(plan);
  const beside = placement.kind === "beside";
  const targetSheet = beside ? source.sheetName : placement.sheetName;
  const targetFirst = beside ? source.firstColumn + source.width : 1;
  const targetHeaderRow = beside ? source.headerRow : 1;
  // On a new sheet the formulas name the table's sheet; beside it they need not.
  const sourcePrefix = beside ? "" : `${quotedSheet(source.sheetName)}!`;
  const outputLetter = (column: number) => columnLetter(targetFirst + column);
  const inputLetter = (column: number) => columnLetter(source.firstColumn + column);
  const added = layout.columns.length;
  const lastOutput = outputLetter(added - 1);
  const dataFirstRow = targetHeaderRow + 1;
  const dataLastRow = targetHeaderRow + source.dataRows;
  const variances = [...layout.variances.map((v) => v.column), layout.variance];
  const formats = layout.columns.map((column, index) => (variances.includes(index) ? VARIANCE_FORMAT : FORMAT_OF[column.kind]));
  const board = BOARD_TABLE_NAMES;

  const chunkCount = Math.ceil(source.dataRows / chunkRows);
  // Totals rows, found in the rows read so far (valuesChunk and chunk alike read every row, in order).
  const totals = new TotalsRows(plan);
  /**
   * Data rows [firstRow, endRow): each added column's formula in the run's top cell, spilling down
   * the run. `hoursBlank`: the run's hours cells are blank, checked with one pilot and with two (D26).
   */
  const spillingRun = (firstRow: number, endRow: number, hoursBlank = false): RangeWrite[] => {
    const height = endRow - firstRow;
    const sourceTop = source.headerRow + 1 + firstRow;
    const targetTop = dataFirstRow + firstRow;
    const span = (letter: string, top: number) => (height === 1 ? `${letter}${top}` : `${letter}${top}:${letter}${top + height - 1}`);
    const cells = reconcileFormulas(
      plan,
      layout,
      { input: (column) => `${sourcePrefix}${span(inputLetter(column), sourceTop)}`, output: (column) => span(outputLetter(column), targetTop) },
      board,
      "either",
      hoursBlank,
    );
    // The top cells: a formula each (it spills down the run); a column of constants is written whole.
    const top = cells.map((cell) => ("formula" in cell ? `=${cell.formula}` : null));
    const writes: RangeWrite[] = [{ address: `${outputLetter(0)}${targetTop}:${lastOutput}${targetTop}`, formulas: [top.map((formula) => formula ?? "=0")] }];
    cells.forEach((cell, column) => {
      if ("constant" in cell && height > 1) {
        writes.push({ address: `${outputLetter(column)}${targetTop + 1}:${outputLetter(column)}${targetTop + height - 1}`, values: Array.from({ length: height - 1 }, () => [cell.constant]) });
      }
    });
    return writes;
  };
  // Excel takes a formula of at most EXCEL_FORMULA_CHARS characters. D26's checks, with both the
  // section and the hours column missing, work each amount out four ways and can be longer: the
  // values are then written, as the command line writes them whenever an input is missing.
  // A blank hours cell's formulas are the longer (checked both ways): measured so whatever the rows hold.
  const formulasTooLong =
    !valuesOnly &&
    source.dataRows > 0 &&
    spillingRun(0, Math.min(chunkRows, source.dataRows), plan.column.hours !== undefined)[0].formulas?.[0].some((formula) => formula.length > EXCEL_FORMULA_CHARS) === true;
  /** A totals row's added cells: blank, and its status saying why it is not an invoice. */
  const excludedValues = (): (string | number | boolean)[] => {
    const values: (string | number | boolean)[] = new Array<string>(layout.columns.length).fill("");
    values[layout.status] = EXCLUDED_STATUS;
    return values;
  };
  const chunk = (index: number, sourceRows: readonly (readonly unknown[])[]): ChunkWrites => {
    const { firstRow, endRow } = chunkBounds(index);
    if (sourceRows.length !== endRow - firstRow) throw new RangeError(`chunk ${index} has ${endRow - firstRow} rows, not ${sourceRows.length}`);
    const writes: RangeWrite[] = [
      { address: `${outputLetter(0)}${dataFirstRow + firstRow}:${lastOutput}${dataFirstRow + endRow - 1}`, numberFormat: sourceRows.map(() => [...formats]) },
    ];
    // Invoice rows get formulas spilling over each run of them; a totals row between runs gets values
    // (excluded, as the command line excludes it), so no spill runs over it. Rows whose hours cell is
    // blank are runs of their own, checked with one pilot and with two (D26).
    let runStart = firstRow;
    let runHoursBlank = false;
    sourceRows.forEach((cells, i) => {
      const row = firstRow + i;
      if (totals.check(cells) === null) {
        const hoursBlank = isHoursCellBlank(cells, plan);
        if (hoursBlank !== runHoursBlank && runStart < row) {
          writes.push(...spillingRun(runStart, row, runHoursBlank));
          runStart = row;
        }
        runHoursBlank = hoursBlank;
        return;
      }
      if (runStart < row) writes.push(...spillingRun(runStart, row, runHoursBlank));
      writes.push({ address: `${outputLetter(0)}${dataFirstRow + row}:${lastOutput}${dataFirstRow + row}`, values: [excludedValues()] });
      runStart = row + 1;
    });
    if (runStart < endRow) writes.push(...spillingRun(runStart, endRow, runHoursBlank));
    return { firstRow, endRow, writes };
  };

  const columnRange = (column: number) => `${outputLetter(column)}${dataFirstRow}:${outputLetter(column)}${dataLastRow}`;
  const highlights: ConditionalHighlight[] = [
    ...variances.map((column) => ({ address: columnRange(column), formula: `=AND(ISNUMBER(${outputLetter(column)}${dataFirstRow}),ABS(${outputLetter(column)}${dataFirstRow})>=0.01)` })),
    { address: columnRange(layout.flag), formula: `=${outputLetter(layout.flag)}${dataFirstRow}=TRUE` },
  ];

  // The summary: live formulas over the written columns. A row is compared when its variance is a number.
  const labelColumn = columnLetter(targetFirst + summaryOffset(layout));
  const valueColumn = columnLetter(targetFirst + summaryOffset(layout) + 1);
  const absolute = (column: number) => `$${outputLetter(column)}$${dataFirstRow}:$${outputLetter(column)}$${dataLastRow}`;
  const varianceRange = absolute(layout.variance);
  // What the row's variance compares: the computed total, or the computed charges that were billed.
  // (as the row's variance formula does: a billed total wins over the charges).
  const sourceColumn = (field: BilledField) => {
    const letter = inputLetter(plan.column[field] as number);
    return `${sourcePrefix}$${letter}$${source.headerRow + 1}:$${letter}$${source.headerRow + source.dataRows}`;
  };
  // Computed as billed − variance, row by row: where a missing input leaves the law's amount open (a blank
  // hours cell, D26) the row's variance is the least that holds, and its computed cells #N/A.
  const billedTerms = comparedTerms(plan, (field) => `IFERROR(${sourceColumn(field)}*1,0)`, plan.column.billed_total === undefined ? "" : sourceColumn("billed_total"));
  const r = (n: number) => targetHeaderRow + n;
  const summary: RangeWrite[] = [
    { address: `${labelColumn}${r(0)}:${valueColumn}${r(0)}`, values: [[SUMMARY_LABELS[0], ""]], style: "header" },
    { address: `${labelColumn}${r(1)}:${labelColumn}${r(6)}`, values: SUMMARY_LABELS.slice(1).map((label) => [label]) },
    {
      address: `${valueColumn}${r(1)}:${valueColumn}${r(6)}`,
      formulas: [
        [`=ROWS(${varianceRange})`],
        [`=${valueColumn}${r(3)}+${valueColumn}${r(4)}`],
        [`=SUMPRODUCT(ISNUMBER(${varianceRange})*(${billedTerms}-IFERROR(${varianceRange}*1,0)))`],
        [`=SUMPRODUCT(IFERROR(${varianceRange},0))`],
        [`=COUNTIF(${absolute(layout.flag)},TRUE)`],
        [`=SUMPRODUCT(--ISERROR(${varianceRange}))`],
      ],
      numberFormat: [["0"], [CURRENCY_FORMAT], [CURRENCY_FORMAT], [VARIANCE_FORMAT], ["0"], ["0"]],
    },
  ];
  if (!beside) {
    const sourceAddress = `${quotedSheet(source.sheetName)}!${inputLetter(0)}${source.headerRow}:${inputLetter(source.width - 1)}${source.headerRow + source.dataRows}`;
    summary.push({ address: `${labelColumn}${r(7)}:${valueColumn}${r(7)}`, values: [["Invoices checked", sourceAddress]] });
  }

  const chunkBounds = (index: number) => {
    if (!Number.isInteger(index) || index < 0 || index >= chunkCount) throw new RangeError(`no chunk ${index} of ${chunkCount}`);
    const firstRow = index * chunkRows;
    return { firstRow, endRow: Math.min(source.dataRows, firstRow + chunkRows) };
  };
  const sourceAddress = (index: number) => {
    const { firstRow, endRow } = chunkBounds(index);
    const top = source.headerRow + 1 + firstRow;
    return `${inputLetter(0)}${top}:${inputLetter(source.width - 1)}${top + endRow - firstRow - 1}`;
  };
  const valuesChunk = (index: number, sourceRows: readonly (readonly unknown[])[], tally: ReconcileTally): ChunkWrites => {
    const { firstRow, endRow } = chunkBounds(index);
    if (sourceRows.length !== endRow - firstRow) throw new RangeError(`chunk ${index} has ${endRow - firstRow} rows, not ${sourceRows.length}`);
    const values = sourceRows.map((cells, i) => {
      const rowNumber = source.headerRow + 1 + firstRow + i;
      const billed = readBilledCells(cells, plan);
      const excluded = totals.check(cells, billed);
      if (excluded !== null) {
        tally.addExcluded(rowNumber, excluded);
        return excludedValues();
      }
      const reconciled = reconcileRow(cells, plan, billed);
      tally.addRow(reconciled);
      return paneRowValues(layout, reconciled);
    });
    const targetTop = dataFirstRow + firstRow;
    const address = `${outputLetter(0)}${targetTop}:${lastOutput}${targetTop + values.length - 1}`;
    return { firstRow, endRow, writes: [{ address, numberFormat: values.map(() => [...formats]) }, { address, values }] };
  };
  const valuesSummary = (result: ReconcileSummary): RangeWrite[] => [
    { address: `${labelColumn}${r(0)}:${valueColumn}${r(0)}`, values: [[SUMMARY_LABELS[0], "values only"]], style: "header" },
    summary[1],
    {
      address: `${valueColumn}${r(1)}:${valueColumn}${r(6)}`,
      values: [[source.dataRows], [Number(result.billed)], [Number(result.computed)], [Number(result.variance)], [result.rowsFlagged], [result.rowsNotChecked]],
      numberFormat: summary[2].numberFormat,
    },
    ...summary.slice(3),
  ];

  return {
    placement,
    valuesOnly: valuesOnly || formulasTooLong,
    formulasTooLong,
    sourceAddress,
    valuesChunk,
    valuesSummary,
    printTable: beside ? null : { headerRow: targetHeaderRow, lastColumn: added, lastRow: dataLastRow },
    targetSheet,
    header: { address: `${outputLetter(0)}${targetHeaderRow}:${lastOutput}${targetHeaderRow}`, values: [layout.columns.map((column) => column.header)], style: "header" },
    chunkCount,
    chunk,
    highlights,
    summary,
    columnsAddress: `${outputLetter(0)}${targetHeaderRow}:${lastOutput}${dataLastRow}`,
    dataRows: source.dataRows,
  };
}
