import path from "node:path";
import packageJson from "../../package.json";
import Decimal from "decimal.js";
import { BOARD_FEES, boardFeeNamesInWords, centsText, isoToExcelSerial, Money, settingsNotDefault } from "../engine";
import {
  addedColumnValues,
  AddedColumnKind,
  Amount,
  BoardReferences,
  CellError,
  comparedTerms,
  DEFAULT_DATE_FORMAT,
  EXCLUDED_STATUS,
  NOT_CHECKED_PREFIX,
  NOT_COMPUTED,
  exactText,
  exactUsd,
  FormulaReferences,
  isPrintedAddedColumn,
  isPrintedTableColumn,
  Outcome,
  ReconcileColumnLayout,
  reconcileColumnLayout,
  ReconciledRow,
  reconcileFormulas,
  reconcileRow,
  ReconcileSummary,
  ReconcileTally,
  resultText,
  TablePlan,
  unreadAmountColumns,
} from "../reconcile";
import { columnLetter } from "../workbook/cell-address";
import { documentDate, isReproducibleRun, MONEY_FORMAT, numericText, visibleText, type FormulaResult, type XlsxColumn, type XlsxOutputCell, type XlsxSheet, type XlsxSheetLayout } from "../workbook";
import {
  BOARD_FEE_TABLE,
  BOARD_FEES_REFERENCE,
  BOARD_NOTE,
  BOARD_RATES_SHEET,
  BOARD_ROWS,
  BOARD_SURCHARGE_REFERENCE,
  BOARD_SURCHARGE_TABLE,
  BOARD_TITLE,
  BoardTableContract,
} from "../workbook/board-rates-sheet";
import { readFlags, refuseRepeatedValues } from "./args";
import { FlaggedRow, flaggedRowOf, flaggedRowsKept, flaggedRowsLines } from "./flagged-rows";
import { CliIo, UsageError } from "./io";
import { inputKeys, reconcileRowJson, rowInputJson, withLine } from "../request/row-json";
import { refuseFormulasUnderSettings, SETTINGS_HELP } from "../request/settings-flags";
import {
  BOARD_RATES_HELP,
  excludedNote,
  excludedText,
  malformedText,
  MAP_HELP,
  mappingLines,
  openTableOutputs,
  originalCells,
  OutCell,
  prepareTableJob,
  runTableRows,
  tablePlaceJson,
  STANDARD_STREAM,
  streamsHelp,
  summaryHeadLines,
  summaryOutput,
  TABLE_OPTIONS,
  TABLE_READING_HELP,
  TableJob,
  wrappedText,
} from "./table-files";

export const RECONCILE_HELP = `Usage: hudson-pilotage reconcile <in.csv|in.xlsx> [-o out.csv|out.xlsx] [--board-rates rates.csv]
                                 [--map COLUMN=FIELD ...] [--force] [options]

${wrappedText(
  "Checks pilotage invoices row by row against N.Y. Navigation Law § 89-a. Each row is a transit (pilotage units, or length, breadth and depth; section; date; " +
    "optionally hours, relieved at mid-river, anchored 8 hours) with what was billed (a total, or per charge: base pilotage, surcharge, second pilot, " +
    `${BOARD_FEES.map((fee) => fee.shortLabel.toLowerCase()).join(", ")}).`,
)}

Output (-o): the original columns first and unchanged, then the computed base pilotage,
surcharge, second pilot, board fees and total, the computed board fee for each billed fee
column, a variance (billed − computed) for each billed charge and for the row, a flag, a status
(matched, variance, or not checked and why), a note saying what differs (and which date governs a
transit that may run into a change of rates, D25), and the input row number.
  .csv   streamed row by row (any size); text cells that a spreadsheet would run as a formula
         (starting with = + - @, tab or carriage return) are written with a leading '
  .xlsx  the computed columns are =NYPILOT.* formulas over the row's own cells and a "Board
         rates" sheet, with the values cached, so the file opens correctly with or without the
         add-in; flagged rows are highlighted; a "Summary" sheet of live formulas records the
         run; every sheet prints landscape, one page wide; the detail columns are grouped
         and collapsed, so the sheet shows and prints vessel, date, billed, computed,
         variance, flag and note legibly. --values-only writes the same values without any
         formula, for someone without the add-in
An existing output file is never replaced unless --force is given.

A variance is any difference of $0.01 or more, either way; only a variance flags a row (Flag
TRUE, Status "variance"). A row whose billed amount cannot be compared (a board amount not
entered, a cell that cannot be read) is "not checked": Flag "not computed", the reason in Status
and Note. Recalculated without the add-in, a row shows "not computed", never a flag.
A blank billed cell is not a billed $0.00 (D27): a blank billed total is not checked, the row
checked on the charges it bills; a row with every billed cell blank is "not checked: nothing
billed"; a blank charge beside billed amounts is that charge not billed ($0.00), said in the
Note. A typed 0 or Excel's dash ("-", "$ -") is $0.00. Rows that cannot be parsed at all are
skipped, each reported on stderr with its row number and counted in the summary.

Options:
  -o, --output FILE        write the table with the computed columns (.csv, .xlsx or .jsonl;
                           - for standard output)
  --format csv|xlsx|jsonl  what -o writes, when its name does not say (needed for -o - as JSON Lines)
  --board-rates FILE${wrappedText(`the boards' ${boardFeeNamesInWords()} fees and the surcharge board's table (format below)`, 27).slice(20)}
${TABLE_READING_HELP}
  --values-only            an .xlsx output with values only, no formulas
  --force                  replace an existing output file
  --json                   print the summary as JSON
  --help                   this text

${streamsHelp("reconcile")}
${MAP_HELP}
${BOARD_RATES_HELP}
Settings (interpretations; defaults as documented in the README):
${SETTINGS_HELP}
Exit codes: 0 every row matches; 1 variances found, rows that could not be checked or were
skipped, or a column of amounts left unread (see the summary); 2 bad input (the files or options;
one line on stderr).
`;

const RECONCILE_OPTIONS = { ...TABLE_OPTIONS, "values-only": { type: "boolean" } } as const;

/** Where each added column goes (0-based, in the output), after the original ones. */
interface ReconcileColumns {
  readonly layout: ReconcileColumnLayout;
  /** Where the first added column goes: the input's width. */
  readonly first: number;
  readonly flag: number;
  readonly note: number;
  readonly inputRow: number;
  readonly added: readonly XlsxColumn[];
}

const ADDED_COLUMN_FORMAT: Readonly<Record<AddedColumnKind, Omit<XlsxColumn, "header">>> = {
  units: { kind: "number", numberFormat: "0.00" },
  money: { kind: "money" },
  flag: { kind: "boolean" },
  status: { kind: "text", width: 28 },
};

function reconcileColumns(plan: TablePlan, width: number): ReconcileColumns {
  const layout = reconcileColumnLayout(plan);
  const added: XlsxColumn[] = layout.columns.map((column, index) => ({ header: column.header, ...ADDED_COLUMN_FORMAT[column.kind], detail: !isPrintedAddedColumn(layout, index) }));
  const note = width + added.push({ header: "Note", kind: "text", width: 60 }) - 1;
  const inputRow = width + added.push({ header: "Input row", kind: "number", detail: true }) - 1;
  return { layout, first: width, flag: width + layout.flag, note, inputRow, added };
}

function reconcileLayout(job: TableJob, columns: ReconcileColumns): XlsxSheetLayout {
  const original: XlsxColumn[] = job.input.header.map((header, index) => {
    const field = job.mapping.fields[index];
    const detail = !isPrintedTableColumn(job.plan, index);
    if (field === "date") return { header, kind: "date", detail };
    if (field !== null && field.startsWith("billed_")) return { header, kind: "money", detail };
    return { header, detail };
  });
  return { name: "Reconciliation", columns: [...original, ...columns.added], highlightRowsWhereTrue: { flagColumn: columns.flag } };
}

// ---------------------------------------------------------------------------------------------
// Cells

function errorCell(error: CellError) {
  return { error: error.code };
}


function csvAmount(outcome: Outcome<number>): FormulaResult {
  return outcome.ok ? numericText(centsText(outcome.value)) : errorCell(outcome.error);
}

function csvExact(outcome: Outcome<Amount>): FormulaResult {
  return outcome.ok ? numericText(exactText(outcome.value)) : errorCell(outcome.error);
}

function cachedAmount(outcome: Outcome<number>): FormulaResult {
  return outcome.ok ? outcome.value / 100 : errorCell(outcome.error);
}

/** The double nearest the amount, for a spreadsheet cell. */
function cachedExact(outcome: Outcome<Amount>): FormulaResult {
  return outcome.ok ? outcome.value.toNumber() : errorCell(outcome.error);
}

/**
 * The formulas of one output row (src/reconcile/formulas.ts), over the row's own cells
 * and the "Board rates" sheet, each with the value reconcileRow worked out cached beside it.
 */
class RowFormulas {
  private readonly board: BoardReferences;

  constructor(
    private readonly plan: TablePlan,
    private readonly columns: ReconcileColumns,
    /** The values the formulas give, without the formulas (--values-only). */
    private readonly valuesOnly: boolean,
  ) {
    // The Board rates sheet's two tables, as every workbook of ours has them (board-rates-sheet.ts).
    this.board = { fees: BOARD_FEES_REFERENCE, surcharge: BOARD_SURCHARGE_REFERENCE, feeRows: BOARD_FEES_REFERENCE };
  }

  cells(row: number, reconciled: ReconciledRow, dateIsNumber: boolean): OutCell[] {
    const { plan, columns } = this;
    const { layout } = columns;
    const refs: FormulaReferences = {
      input: (column) => `${columnLetter(column + 1)}${row}`,
      output: (column) => `${columnLetter(columns.first + column + 1)}${row}`,
    };
    const formulas = reconcileFormulas(plan, layout, refs, this.board, dateIsNumber ? "numbers" : "text", reconciled.hoursCellBlank);
    const cached = addedValues(layout, reconciled, cachedAmount, cachedExact, null);
    if (this.valuesOnly) return cached;
    return formulas.map((cell, index) => ("constant" in cell ? cell.constant : { formula: cell.formula, result: cached[index] }));
  }
}

/** The row's values in the added columns' order (the reconciliation layer's), converted for the output. */
function addedValues(
  layout: ReconcileColumnLayout,
  reconciled: ReconciledRow,
  amount: (outcome: Outcome<number>) => FormulaResult,
  exact: (outcome: Outcome<Amount>) => FormulaResult,
  unitsDecimals: number | null,
): FormulaResult[] {
  // Six decimals, as the engine reads units (a metric vessel's units have many more).
  const units = (outcome: Outcome<Decimal | null>): FormulaResult => {
    if (!outcome.ok) return errorCell(outcome.error);
    if (outcome.value === null) return null;
    return numericText((unitsDecimals === null ? outcome.value : outcome.value.toDecimalPlaces(unitsDecimals)).toFixed());
  };
  return addedColumnValues(layout, reconciled, { amount, exact, units });
}

function csvComputedCells({ layout }: ReconcileColumns, reconciled: ReconciledRow): OutCell[] {
  return addedValues(layout, reconciled, csvAmount, csvExact, 6);
}

// ---------------------------------------------------------------------------------------------
// The other sheets of an .xlsx output

/** The Board rates sheet as board-rates-sheet.ts lays it out: titles, the header row 4, the two tables side by side. */
function boardRatesSheet(plan: TablePlan): XlsxSheet {
  const rows: XlsxOutputCell[][] = [];
  const count = Math.max(plan.boardFees.length, plan.boardSurcharge.length);
  for (let i = 0; i < count; i++) {
    const fee = plan.boardFees[i];
    const surcharge = plan.boardSurcharge[i];
    rows.push([
      fee ? isoToExcelSerial(fee.from) : null,
      ...BOARD_FEES.map((declared) => {
        const cents = fee ? fee[declared.code] : null;
        return cents === null ? null : numericText(centsText(cents));
      }),
      null,
      surcharge ? isoToExcelSerial(surcharge.from) : null,
      surcharge ? numericText(surcharge.upTo50Units) : null,
      surcharge ? numericText(surcharge.over50UpTo100Units) : null,
      surcharge ? numericText(surcharge.perUnitOver100Units) : null,
    ]);
  }
  const tableColumns = (table: BoardTableContract): XlsxColumn[] =>
    table.headers.map((header, i) => (i === 0 ? { header, kind: "date", width: 14 } : { header, kind: "number", numberFormat: table.formats[i], width: 18 }));
  const titles = new Array<string>(BOARD_SURCHARGE_TABLE.firstColumn).fill("");
  titles[BOARD_FEE_TABLE.firstColumn - 1] = BOARD_FEE_TABLE.title;
  titles[BOARD_SURCHARGE_TABLE.firstColumn - 1] = BOARD_SURCHARGE_TABLE.title;
  return {
    name: BOARD_RATES_SHEET,
    preamble: [[BOARD_TITLE], [BOARD_NOTE], titles],
    columns: [...tableColumns(BOARD_FEE_TABLE), { header: "", width: 4 }, ...tableColumns(BOARD_SURCHARGE_TABLE)],
    rows,
  };
}

const MAXIMUM_SUMMARY_TEXT = 32_000;

const FORMULAS_NOTE =
  'The computed columns are NYPILOT formulas with these values cached; the flag, status and these counts are formulas over them. With the add-in, Excel recalculates them under the settings in its task pane; set the same settings there. Without it, a recalculated row shows "not computed" instead of a flag.';
const VALUES_ONLY_NOTE = "None: values only (--values-only, or a column the checks need is missing), as the run found them. A correction made in the sheet changes nothing here.";

/** Where the Reconciliation sheet's rows are, for the Summary's formulas over them. */
interface WrittenRows {
  /** The last row written (the header is row 1). */
  readonly lastRow: number;
}

/** The Summary's rows that name a file where the run was made (scripts/make-samples.ts compares samples without them). */
export const FULL_PATH_LABELS = { input: "Input (full path)", boardRates: "Board rates (full path)" } as const;

/** "YYYY-MM-DD HH:MM:SS UTC". */
function runTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/**
 * The Summary sheet: its counts and sums are formulas over the Reconciliation sheet's Status, Flag
 * and Variance columns (a correction made there updates them), each with the run's value cached;
 * then what the run was: when, by which version, on which files, under which settings.
 */
function summarySheet(job: TableJob, columns: ReconcileColumns, summary: ReconcileSummary, written: WrittenRows, valuesOnly: boolean): XlsxSheet {
  // A reproducible run (SOURCE_DATE_EPOCH, as npm run samples) records no path of the machine it ran on.
  const reproducible = isReproducibleRun();
  const money = (formula: string, text: string): XlsxOutputCell => ({ value: valuesOnly ? numericText(text) : { formula, result: numericText(text) }, numberFormat: MONEY_FORMAT });
  const count = (formula: string, value: number): XlsxOutputCell => (valuesOnly ? value : { formula, result: value });
  const { layout } = columns;
  // Row 2 even when no row was written, so that a range never reaches up into the header.
  const last = Math.max(2, written.lastRow);
  const range = (column: number) => `'Reconciliation'!$${columnLetter(column + 1)}$2:$${columnLetter(column + 1)}$${last}`;
  const added = (column: number) => range(columns.first + column);
  const status = added(layout.status);
  const plan = job.plan;
  const billedTotal = plan.column.billed_total === undefined ? "" : range(plan.column.billed_total);
  const billedSum = comparedTerms(plan, (field) => `IFERROR(${range(plan.column[field] as number)}*1,0)`, billedTotal);
  const malformed = malformedText(summary.malformedRows, summary.malformedRowNumbers);
  // Rows of this sheet (header = row 1) that later formulas name.
  const at = (label: string) => `$B$${rows.findIndex((row) => row[0] === label) + 2}`;
  const rows: XlsxOutputCell[][] = [];
  rows.push(
    ["Rows read", count(`COUNTA(${added(columns.inputRow - columns.first)})`, summary.rowsRead)],
    ["Malformed rows (skipped)", summary.malformedRows],
    ["Malformed row numbers", malformed.length > MAXIMUM_SUMMARY_TEXT ? `${malformed.slice(0, MAXIMUM_SUMMARY_TEXT)} …` : malformed],
  );
  rows.push(["Rows", count(`${at("Rows read")}+${at("Malformed rows (skipped)")}`, summary.rows)]);
  const flag = added(layout.flag);
  rows.push(["Rows excluded (not invoices)", count(`COUNTIF(${status},"${EXCLUDED_STATUS}")`, summary.rowsExcluded)]);
  rows.push(["Excluded rows", summary.excludedRows.map((row) => `row ${row.rowNumber}: ${row.reason}`).join("; ").slice(0, MAXIMUM_SUMMARY_TEXT)]);
  rows.push(["Rows matched", count(`COUNTIF(${status},"matched")`, summary.rowsMatched)]);
  rows.push(["Rows flagged", count(`COUNTIF(${flag},TRUE)`, summary.rowsFlagged)]);
  rows.push(["Rows not checked", count(`COUNTIF(${status},"${NOT_CHECKED_PREFIX}*")`, summary.rowsNotChecked)]);
  rows.push(["Rows read = matched + flagged + not checked + excluded", count(`${at("Rows matched")}+${at("Rows flagged")}+${at("Rows not checked")}+${at("Rows excluded (not invoices)")}`, summary.rowsRead)]);
  rows.push(["Rows with unreadable cells (at the run)", summary.rowsWithInputErrors]);
  // Rows matched or flagged whose row variance is a number: billed and computed beside each other.
  const comparedMask = `ISNUMBER(${added(layout.variance)})*(${flag}<>"${NOT_COMPUTED}")`;
  rows.push(["Billed (rows matched or flagged)", money(`SUMPRODUCT(${comparedMask}*(${billedSum}))`, summary.billed)]);
  // Billed − variance, row by row: where a missing input leaves the law's amount open (a blank hours
  // cell, D26) the variance is the least that holds and the computed cells are #N/A.
  rows.push(["Computed (rows matched or flagged)", money(`SUMPRODUCT(${comparedMask}*((${billedSum})-IFERROR(${added(layout.variance)}*1,0)))`, summary.computed)]);
  const chargeVariances = layout.variances.map((v) => `IFERROR(${added(v.column)}*(ABS(${added(v.column)})>=0.01),0)`);
  const flaggedVariance = chargeVariances.length === 0 ? `IFERROR(${added(layout.variance)}*1,0)` : `IFERROR(${added(layout.variance)}*1,${chargeVariances.join("+")})`;
  rows.push(["Variance (the flagged rows' variances)", money(`SUMPRODUCT((${flag}=TRUE)*${flaggedVariance})`, summary.variance)]);
  rows.push(
    ["Run", runTime(documentDate())],
    ["Computed by", `hudson-pilotage ${packageJson.version} (reconcile)`],
    ["Input", job.input.path],
    ...(reproducible ? [] : [[FULL_PATH_LABELS.input, path.resolve(job.input.path)]]),
    ["Board rates", job.boardRatesPath ?? "none given"],
    ...(job.boardRatesPath === null || reproducible ? [] : [[FULL_PATH_LABELS.boardRates, path.resolve(job.boardRatesPath)]]),
    ["Columns", mappingLines(job).join("; ")],
    ...(plan.dateFormat === DEFAULT_DATE_FORMAT ? [] : [["Date format (not the default)", plan.dateFormat]]),
    ...(plan.measurementUnit === null ? [] : [["Unit of plain measurements", plan.measurementUnit]]),
    ...settingsNotDefault(plan.settings).map((setting): XlsxOutputCell[] => ["Setting (not the default)", setting]),
    ["Formulas", valuesOnly ? VALUES_ONLY_NOTE : FORMULAS_NOTE],
  );
  return { name: "Summary", columns: [{ header: "Item", width: 38 }, { header: "Value", width: 80 }], rows };
}

// ---------------------------------------------------------------------------------------------
// The report

function usd(text: string): string {
  return exactUsd(Amount.of(new Money(text)));
}

function summaryText(job: TableJob, summary: ReconcileSummary, flagged: readonly FlaggedRow[], io: CliIo): string {
  const count = (n: number) => n.toLocaleString("en-US");
  const head = summaryHeadLines("reconcile", job);
  for (const assumption of job.plan.assumptions) head.push(`Assumed: ${assumption}`);
  const lines = [
    "",
    `Rows:          ${count(summary.rows)}`,
    `Rows read:     ${count(summary.rowsRead)}`,
    `Malformed:     ${malformedText(summary.malformedRows, summary.malformedRowNumbers)}${summary.malformedRows > 0 ? ", skipped" : ""}`,
    `Excluded:      ${excludedText(summary)}`,
    `Checked:       ${count(summary.rowsChecked)}${summary.rowsNotChecked > 0 ? ` (not checked: ${count(summary.rowsNotChecked)}, of which ${count(summary.rowsWithInputErrors)} with unreadable cells)` : ""}`,
    `Counts:        ${count(summary.rowsRead)} read = ${count(summary.rowsMatched)} matched + ${count(summary.rowsFlagged)} flagged + ${count(summary.rowsNotChecked)} not checked + ${count(summary.rowsExcluded)} excluded`,
    `Billed:        ${usd(summary.billed)} (rows matched or flagged)`,
    `Computed:      ${usd(summary.computed)}`,
    `Variance:      ${usd(summary.variance)} (billed − computed, the ${count(summary.rowsFlagged)} flagged ${summary.rowsFlagged === 1 ? "row's variance" : "rows' variances"} summed)`,
    `Rows flagged:  ${count(summary.rowsFlagged)}`,
    `Rows matched:  ${count(summary.rowsMatched)}`,
    `Result:        ${resultText(summary)}`,
  ];
  if (job.outputPath !== null) lines.push(`Output:        ${job.outputPath}`);
  const listed = flaggedRowsLines(flagged, summary.rowsFlagged + summary.rowsNotChecked, head.length + lines.length, io, job.outputPath === STANDARD_STREAM, job.outputPath);
  // Cell text (headers, vessel names, notes) is shown with its control characters escaped.
  return [...head.map(visibleText), ...listed, ...lines.map(visibleText)].join("\n") + "\n";
}

function summaryJson(job: TableJob, summary: ReconcileSummary, flagged: readonly FlaggedRow[]): string {
  const mapping = job.mapping.fields.flatMap((field, index) => (field === null ? [] : [{ field, column: columnLetter(index + 1), header: job.mapping.headers[index] }]));
  return (
    JSON.stringify(
      {
        input: job.input.path,
        output: job.outputPath,
        boardRates: job.boardRatesPath,
        table: tablePlaceJson(job.input.place),
        mapping,
        columns: mapping,
        unusedColumns: job.mapping.fields.flatMap((field, index) => (field === null ? [{ column: columnLetter(index + 1), header: job.mapping.headers[index] }] : [])),
        notes: [...job.input.readingNotes, ...job.mapping.notes],
        assumptions: job.plan.assumptions,
        settingsNotDefault: settingsNotDefault(job.plan.settings),
        summary,
        flaggedRows: flagged,
      },
      null,
      2,
    ) + "\n"
  );
}

// ---------------------------------------------------------------------------------------------

export async function runReconcile(args: string[], io: CliIo): Promise<number> {
  const flags = readFlags({ args, strict: true, allowPositionals: true, options: RECONCILE_OPTIONS });
  refuseRepeatedValues(RECONCILE_OPTIONS, flags);
  const { values, positionals } = flags;
  if (values.help) {
    io.stdout(RECONCILE_HELP);
    return 0;
  }
  const job = await prepareTableJob(values, positionals, "reconcile", io);
  const { input, plan } = job;
  const columns = reconcileColumns(plan, input.width);
  const xlsxOut = job.outputKind === "xlsx";
  if (xlsxOut && Math.max(plan.boardFees.length, plan.boardSurcharge.length) > BOARD_ROWS) {
    throw new UsageError(`The .xlsx output's Board rates sheet holds ${BOARD_ROWS} rows a table, and the board rates file has more: remove old rows, or write a .csv output.`);
  }
  // D26: with an input missing, a row's amounts are checked under each value it could take, which no
  // one formula says: the workbook then holds the values the run found.
  const valuesOnly = values["values-only"] === true || (xlsxOut && plan.missingInputs.length > 0);
  if (values["values-only"] === true && !xlsxOut) throw new UsageError("--values-only is for an .xlsx output (-o out.xlsx): a .csv or JSON Lines output holds values only.");
  if (xlsxOut && !valuesOnly) refuseFormulasUnderSettings(settingsNotDefault(plan.settings), "the workbook's NYPILOT formulas", "add --values-only, or write a .csv, or set these in the task pane and reconcile there");
  const formulas = new RowFormulas(plan, columns, valuesOnly);
  const tally = new ReconcileTally(plan.purpose === "reconcile" ? unreadAmountColumns(plan) : []);
  const flagged: FlaggedRow[] = [];
  const flaggedKept = flaggedRowsKept(io, job.outputPath === STANDARD_STREAM);
  const cellOptions = {
    inputKind: input.kind,
    outputKind: job.outputKind === "xlsx" ? "xlsx" : "csv",
    dateColumn: plan.column.date,
    dateFormat: plan.dateFormat,
    billedColumns: plan.billed.map((field) => plan.column[field] as number),
  } as const;
  const outputs = await openTableOutputs(job, job.outputKind, () => reconcileLayout(job, columns), io);
  const { table, jsonLines } = outputs;
  const keys = inputKeys(input.header);
  let summary: ReconcileSummary | null = null;
  let outputRow = 1;
  await runTableRows("reconcile", job, outputs, io, {
    malformed: (item) => tally.addMalformed(item.rowNumber, item.error),
    async excluded(item, reason) {
      tally.addExcluded(item.rowNumber, reason);
      if (table === null) return;
      outputRow = input.kind === "xlsx" && xlsxOut ? item.rowNumber : outputRow + 1;
      const added = new Array<OutCell>(columns.layout.columns.length).fill(null);
      added[columns.layout.status] = EXCLUDED_STATUS;
      await table.write([...originalCells(item, input.width, cellOptions), ...added, excludedNote(reason), item.rowNumber], item.rowNumber);
    },
    async row(item, billed) {
      const reconciled = reconcileRow(item.cells, plan, billed);
      tally.addRow(reconciled);
      if (reconciled.status !== "matched" && (values.json === true || flagged.length < flaggedKept)) flagged.push(flaggedRowOf(item.rowNumber, item.cells, plan, reconciled));
      if (jsonLines !== null) await jsonLines.write(withLine(reconcileRowJson(item.rowNumber, rowInputJson(keys, item.cells), reconciled, plan), item, input.kind));
      if (table === null) return;
      const original = originalCells(item, input.width, cellOptions);
      outputRow = input.kind === "xlsx" && xlsxOut ? item.rowNumber : outputRow + 1;
      const computed = xlsxOut
        ? formulas.cells(outputRow, reconciled, typeof original[plan.column.date as number] === "number")
        : csvComputedCells(columns, reconciled);
      await table.write([...original, ...computed, reconciled.note === "" ? null : visibleText(reconciled.note), item.rowNumber], item.rowNumber);
    },
    moreSheets() {
      summary = tally.summary();
      return xlsxOut ? [boardRatesSheet(plan), summarySheet(job, columns, summary, { lastRow: outputRow }, valuesOnly)] : [];
    },
  });
  summary ??= tally.summary();
  summaryOutput(job, io)(values.json ? summaryJson(job, summary, flagged) : summaryText(job, summary, flagged, io));
  return summary.allMatched ? 0 : 1;
}
