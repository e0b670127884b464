/**
 * The one runner of the NYPILOT functions in Excel: it takes a function's definition
 * (definitions.ts) and the arguments as Excel passes them, and
 * - reads each cell as its argument declares (arguments.ts): a cell value object's basic value, an
 *   Excel error value passed on as the row's answer, desktop Excel's empty cell (0) by the
 *   argument's zero rule, a blank by its blank rule, then the engine's reader;
 * - broadcasts: ranges of one size give one answer per cell, single cells are the same for every row;
 * - turns a refusal (returned or thrown) into the Excel error value with its message;
 * - shapes the answer as Excel takes it (money and dates as formatted numbers where the host has
 *   cell values, a quote as spilled rows or a card).
 * Everything Excel-specific is here and in cell-values.ts; another spreadsheet host is another runner
 * over the same definitions.
 */
import { EngineSettings, isBlank, isoToExcelSerial, isPilotageInputError, type OrRefusal, PilotageInputError, type Quote } from "../engine";
import { ArgumentDefinition, MAXIMUM_BOARD_TABLE_ROWS } from "./arguments";
import { hostHasCellValues, moneyCell, dateCell, quoteCard, QUOTE_CARD_UNSUPPORTED } from "./cell-values";
import { FunctionDefinition, MoneyWithNote, QuoteRowsAnswer, RowsAnswer } from "./definitions";
import { ARGUMENT_REASONS } from "./messages";
import { quoteSpillRows } from "./quote-spill";
import { getFunctionSettings } from "./runtime-settings";

type Cell = unknown;
type Grid = readonly Cell[];

/** Excel's limit on the text of one cell: longer text cannot come from a sheet, and is refused before it is read. */
export const MAXIMUM_CELL_TEXT = 32_767;
/** Excel's limit on a custom function's error message. */
const MAXIMUM_MESSAGE_LENGTH = 255;
/**
 * The most entries the runner remembers (Memory): what cells read as, board tables by their cells,
 * error values by their refusal.
 */
const MAXIMUM_REMEMBERED_CELLS = 65_536;

// ---- Excel's values ------------------------------------------------------------------------------

/** A cell value object as Excel passes one to an `any` argument (allowCustomDataForDataTypeAny): a type and a basic value. */
function isCellValueObject(cell: object): cell is { type: string; basicValue?: unknown } {
  return !Array.isArray(cell) && typeof (cell as { type?: unknown }).type === "string" && "basicValue" in cell;
}

/** A cell as the rules read it: a cell value object's basic value (an entity without one is blank). */
export function plainCell(cell: Cell): Cell {
  return typeof cell === "object" && cell !== null && isCellValueObject(cell) ? (cell.basicValue ?? null) : cell;
}

/** An Excel error value. */
export function isExcelError(value: unknown): value is CustomFunctions.Error {
  return value !== null && typeof value === "object" && typeof CustomFunctions !== "undefined" && value instanceof CustomFunctions.Error;
}

function excelErrorCode(kind: PilotageInputError["kind"]): CustomFunctions.ErrorCode {
  if (kind === "num") return CustomFunctions.ErrorCode.invalidNumber;
  if (kind === "na") return CustomFunctions.ErrorCode.notAvailable;
  return CustomFunctions.ErrorCode.invalidValue;
}

/** A refusal's Excel error code and message (at most Excel's 255 characters); anything else thrown is an engine bug, still an error, never a crash. */
function excelErrorParts(error: unknown): { code: CustomFunctions.ErrorCode; message: string } {
  const code = isPilotageInputError(error) ? excelErrorCode(error.kind) : CustomFunctions.ErrorCode.invalidValue;
  const message = isPilotageInputError(error) ? error.message : `Unexpected problem: ${error instanceof Error ? error.message : String(error)}`;
  return { code, message: message.length <= MAXIMUM_MESSAGE_LENGTH ? message : message.slice(0, MAXIMUM_MESSAGE_LENGTH - 1) + "…" };
}

/** The Excel error a user sees for a refusal (an Excel error value stays itself). */
export function toExcelError(error: unknown): CustomFunctions.Error {
  if (isExcelError(error)) return error;
  const { code, message } = excelErrorParts(error);
  return new CustomFunctions.Error(code, message);
}

// ---- Remembering, in one place -------------------------------------------------------------------

/** A plain cell as a key, or undefined where it cannot be one (an object; -0, which a Map would take for 0). */
function cellKey(cell: Cell): Cell {
  if (cell !== null && typeof cell === "object") return undefined;
  return Object.is(cell, -0) ? undefined : cell;
}

/**
 * What the runner remembers, within a call and from call to call (a column of one-transit formulas is
 * one call per cell), under the settings it was read with: what each argument's cells read as (every
 * cell of an argument whose column repeats a few values; a refused cell of any), each board table
 * with its cells, and the error value of each message. At most
 * MAXIMUM_REMEMBERED_CELLS entries (a table counts its cells), all forgotten when full or when the
 * settings change. Every entry depends on its key alone, so nothing remembered can change an answer.
 */
class Memory {
  private settings: EngineSettings | null = null;
  private count = 0;
  private readonly cells = new Map<ArgumentDefinition, Map<Cell, unknown>>();
  private readonly tables = new Map<ArgumentDefinition, { cells: Cell[][]; table: unknown }>();
  private readonly errors = new Map<string, Map<string, CustomFunctions.Error>>();

  /** Starts a call under `settings`: what was read under other settings is forgotten. */
  under(settings: EngineSettings): void {
    if (settings !== this.settings) this.forget();
    this.settings = settings;
  }

  cell(argument: ArgumentDefinition, key: Cell): unknown {
    return this.cells.get(argument)?.get(key);
  }

  rememberCell(argument: ArgumentDefinition, key: Cell, value: unknown): void {
    this.counted(1);
    let ofArgument = this.cells.get(argument);
    if (ofArgument === undefined) this.cells.set(argument, (ofArgument = new Map()));
    ofArgument.set(key, value);
  }

  /** The table read last for `argument`, when the range holds the same plain cells (Object.is: -0 is not 0; objects never the same). */
  table(argument: ArgumentDefinition, grid: readonly unknown[]): unknown {
    const kept = this.tables.get(argument);
    if (kept === undefined || kept.cells.length !== grid.length) return undefined;
    for (let r = 0; r < grid.length; r++) {
      const row = grid[r];
      const keptRow = kept.cells[r];
      if (!Array.isArray(row) || row.length !== keptRow.length) return undefined;
      for (let c = 0; c < row.length; c++) {
        const cell = plainCell(row[c]);
        if ((typeof cell === "object" && cell !== null) || !Object.is(cell, keptRow[c])) return undefined;
      }
    }
    return kept.table;
  }

  /** Keeps a table by the range's plain cells (a range longer than a board table may be is not kept). */
  rememberTable(argument: ArgumentDefinition, grid: readonly unknown[], table: unknown): void {
    if (grid.length > MAXIMUM_BOARD_TABLE_ROWS || !grid.every(Array.isArray)) return;
    const cells = (grid as readonly Cell[][]).map((row) => row.map(plainCell));
    this.counted(cells.reduce((count, row) => count + row.length, 1));
    this.tables.set(argument, { cells, table });
  }

  /** The error value of a refusal: one per code and message (a column of one bad value, or of a thousand, is not a million values). */
  errorOf(refusal: PilotageInputError): CustomFunctions.Error {
    const { code, message } = excelErrorParts(refusal);
    let ofCode = this.errors.get(code);
    if (ofCode === undefined) this.errors.set(code, (ofCode = new Map()));
    let made = ofCode.get(message);
    if (made === undefined) {
      this.counted(1);
      made = new CustomFunctions.Error(code, message);
      ofCode.set(message, made);
    }
    return made;
  }

  private counted(entries: number): void {
    if (this.count + entries > MAXIMUM_REMEMBERED_CELLS) this.forget();
    this.count += entries;
  }

  private forget(): void {
    this.cells.clear();
    this.tables.clear();
    this.errors.clear();
    this.count = 0;
  }
}

const memory = new Memory();

/** The error value of anything a reader or rule refused (or threw). */
function errorValueOf(error: unknown): CustomFunctions.Error {
  return isPilotageInputError(error) ? memory.errorOf(error) : toExcelError(error);
}

// ---- Reading the arguments -----------------------------------------------------------------------

/**
 * One cell of `argument` read to its value or its refusal: the zero and blank rules, Excel's text
 * limit, the reader. A refusal is returned, never thrown: a column may refuse every row.
 */
function readCell<T>(argument: ArgumentDefinition<T>, input: Cell, settings: EngineSettings): OrRefusal<T> {
  let cell = input;
  if (cell === 0 && argument.zero !== "number") {
    if (argument.zero !== "blank") return new PilotageInputError(argument.zero, { argument: argument.name }, argument.name);
    cell = null;
  }
  if (typeof cell === "string" && cell.length > MAXIMUM_CELL_TEXT) {
    return new PilotageInputError(ARGUMENT_REASONS.textTooLong, { argument: argument.name, length: cell.length, maximum: MAXIMUM_CELL_TEXT }, argument.name);
  }
  if (isBlank(cell)) {
    if (argument.default !== undefined) return argument.default;
    if (argument.blank !== undefined) return new PilotageInputError(argument.blank, { argument: argument.name }, argument.name);
  }
  return argument.read(cell, settings);
}

/**
 * What a cell of `argument` reads as, or its error value, from what the runner remembers when it
 * can: every cell of an argument whose column repeats a few values, and each refused text of any
 * (a number of an amount or units column is read again: reading it costs less than looking it up).
 */
function readRemembered(argument: ArgumentDefinition, cell: Cell, settings: EngineSettings): unknown {
  // A blank reads at once (its default or its refusal): not looked up.
  const key = (argument.repeats || typeof cell === "string") && !isBlank(cell) ? cellKey(cell) : undefined;
  const known = key === undefined ? undefined : memory.cell(argument, key);
  if (known !== undefined) return known;
  let read: unknown;
  try {
    read = readCell(argument, cell, settings);
    if (isPilotageInputError(read)) read = errorValueOf(read);
  } catch (error) {
    // A reader's throw is a bug in it: still this row's error value, never the column's.
    read = errorValueOf(error);
  }
  if (key !== undefined && read !== undefined && (argument.repeats || isExcelError(read))) memory.rememberCell(argument, key, read);
  return read;
}

const blankTableCell = (cell: Cell) => isBlank(cell) || cell === 0;

/**
 * A table argument read once for the call: a range (any other value refused), at most
 * MAXIMUM_BOARD_TABLE_ROWS rows of data, checked before any row is read, each cell's text within
 * Excel's limit, then the engine's reader over the plain cells (row numbers as in the range).
 */
function readTable(argument: ArgumentDefinition, grid: unknown, settings: EngineSettings): unknown {
  if (!Array.isArray(grid)) throw new PilotageInputError(ARGUMENT_REASONS.notARange, { argument: argument.name }, argument.name);
  const known = memory.table(argument, grid);
  if (known !== undefined) return known;
  const rows: Cell[][] = [];
  let dataRows = 0;
  for (let r = 0; r < grid.length; r++) {
    const row: readonly Cell[] = Array.isArray(grid[r]) ? (grid[r] as Cell[]) : [grid[r]];
    if (row.every((cell) => blankTableCell(plainCell(cell)))) continue;
    if (++dataRows > MAXIMUM_BOARD_TABLE_ROWS) {
      throw new PilotageInputError(ARGUMENT_REASONS.tableTooLong, { argument: argument.name, maximum: MAXIMUM_BOARD_TABLE_ROWS }, argument.name);
    }
    const plain = Array.from(row, plainCell);
    for (const cell of plain) {
      if (typeof cell === "string" && cell.length > MAXIMUM_CELL_TEXT) {
        throw new PilotageInputError(ARGUMENT_REASONS.textTooLong, { argument: argument.name, length: cell.length, maximum: MAXIMUM_CELL_TEXT }, argument.name);
      }
    }
    rows[r] = plain;
  }
  // Blank rows stay in place (empty), so a message's row number is the range's.
  for (let r = 0; r < rows.length; r++) rows[r] ??= [];
  const table = argument.read(rows, settings);
  if (isPilotageInputError(table)) throw table;
  memory.rememberTable(argument, grid, table);
  return table;
}

/** A per-row argument as rows of cells (a plain value is one cell), or null when left out. */
function gridOf(value: unknown): Grid | null {
  if (value === null || value === undefined) return null;
  return Array.isArray(value) ? value : [[value]];
}

/** The width of a range: its first row's (a row that is not a list is one cell). */
function widthOf(grid: Grid): number {
  const first = grid[0];
  return Array.isArray(first) ? first.length : grid.length === 0 ? 0 : 1;
}

/** The cell at row r, column c; a short row of a ragged range reads as blank. */
function cellAt(grid: Grid, r: number, c: number): Cell {
  const row = grid[r];
  if (Array.isArray(row)) return plainCell(row[c]);
  return c === 0 ? plainCell(row) : null;
}

// ---- The answer, as Excel takes it ---------------------------------------------------------------

/** One row's answer in its cell: money and dates formatted where the host has cell values. */
function answerCell(kind: FunctionDefinition["answer"], answer: unknown, cellValues: boolean): unknown {
  if (kind === "cents") {
    const withNote = typeof answer === "object" && answer !== null ? (answer as MoneyWithNote) : null;
    const cents = withNote === null ? (answer as number) : withNote.cents;
    // Whole cents ÷ 100 is the double nearest the rounded amount (D14).
    return moneyCell(cents / 100, cellValues, withNote?.note);
  }
  if (kind === "date") return dateCell(isoToExcelSerial(answer as string), cellValues);
  return answer;
}

/** A one-call answer (a quote, a table) in the shape Excel spills or shows. */
function wholeAnswer(definition: FunctionDefinition, answer: unknown, cellValues: boolean): unknown {
  if (isExcelError(answer)) return definition.answer === "quoteCard" ? answer : [[answer]];
  switch (definition.answer) {
    case "quoteRows": {
      const { quote, headers } = answer as QuoteRowsAnswer;
      const rows = quoteSpillRows(quote, (amount) => moneyCell(amount, cellValues));
      return headers ? rows : rows.slice(1);
    }
    case "rows": {
      const { header, rows, headers } = answer as RowsAnswer;
      return headers ? [[...header], ...rows] : rows;
    }
    default:
      return quoteCard(answer as Quote);
  }
}

// ---- The run -------------------------------------------------------------------------------------

/**
 * `definition`'s answer for the arguments Excel passed (`given`, in the definition's order; a
 * missing optional one is undefined or null). Never throws: every refusal is an Excel error value.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- what Excel's metadata declares the functions to return
export function runInExcel(definition: FunctionDefinition, given: readonly unknown[]): any {
  // A refusal's error is a cell's value, its message all anyone sees: no stack traces captured.
  const errors = Error as { stackTraceLimit?: number };
  const limit = errors.stackTraceLimit;
  errors.stackTraceLimit = 0;
  try {
    return run(definition, given);
  } catch (error) {
    const value = toExcelError(error);
    return definition.answer === "quoteCard" ? value : [[value]];
  } finally {
    errors.stackTraceLimit = limit;
  }
}

/**
 * A call over a column: the ranges its varying arguments' cells come from, the values the same
 * for every row, and each varying argument's cell and value of the row above (a cell equal to it
 * is not read again).
 */
interface ColumnCall {
  readonly definition: FunctionDefinition;
  readonly settings: EngineSettings;
  readonly grids: readonly (Grid | null)[];
  /** The varying arguments' positions, in order. */
  readonly varying: readonly number[];
  readonly isVarying: readonly boolean[];
  /** The last (in order) fixed argument that is an Excel error value, or -1. */
  readonly fixedErrorValueAt: number;
  /** The fixed arguments' values; each row's varying values are written in as read. */
  readonly values: unknown[];
  readonly cells: Cell[];
  readonly lastCells: Cell[];
  readonly lastValues: unknown[];
}

/** What no cell is: the row above's cell before the first row. */
const NO_CELL = Symbol("no cell");

/** The rule's answer over one row's values, a refusal (returned or thrown) as its error value. */
function ruleAnswer(definition: FunctionDefinition, values: readonly unknown[], settings: EngineSettings): unknown {
  let answer: unknown;
  try {
    answer = definition.rule(values as never, settings);
  } catch (error) {
    return errorValueOf(error);
  }
  return isPilotageInputError(answer) ? errorValueOf(answer) : answer;
}

/**
 * One row's answer: an Excel error value among its cells (the last, in argument order, as Excel's
 * own functions do), else the first argument that does not read, else the rule's answer.
 */
function answerOfRow(call: ColumnCall, r: number, c: number): unknown {
  const { varying, isVarying, grids, cells, values, lastCells, lastValues } = call;
  let errorValueAt = call.fixedErrorValueAt;
  for (let v = 0; v < varying.length; v++) {
    const i = varying[v];
    const cell = cellAt(grids[i] as Grid, r, c);
    cells[i] = cell;
    if (i > errorValueAt && isExcelError(cell)) errorValueAt = i;
  }
  if (errorValueAt >= 0) return isVarying[errorValueAt] ? cells[errorValueAt] : values[errorValueAt];
  // Read in argument order: the first argument that does not read is the row's error.
  for (let i = 0; i < values.length; i++) {
    if (isVarying[i]) {
      const cell = cells[i];
      if (!Object.is(cell, lastCells[i])) {
        lastValues[i] = readRemembered(call.definition.arguments[i], cell, call.settings);
        lastCells[i] = cell;
      }
      values[i] = lastValues[i];
    }
    if (isExcelError(values[i])) return values[i];
  }
  return ruleAnswer(call.definition, values, call.settings);
}

function run(definition: FunctionDefinition, given: readonly unknown[]): unknown {
  const settings = getFunctionSettings();
  memory.under(settings);
  const cellValues = hostHasCellValues();
  // Before anything is read: on such a host the card would be thrown away.
  if (definition.answer === "quoteCard" && !cellValues) return new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, QUOTE_CARD_UNSUPPORTED);
  const argumentsDefined = definition.arguments;
  const count = argumentsDefined.length;

  // The shape: every range of several cells the same size (the varying arguments, one cell per
  // row); tables (read once, here), single cells and left-out arguments are the same for every row.
  let rows = 1;
  let columns = 1;
  const grids: (Grid | null)[] = new Array(count);
  const varying: number[] = [];
  const isVarying: boolean[] = new Array(count);
  const values: unknown[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const argument = argumentsDefined[i];
    const value = given[i];
    isVarying[i] = false;
    if (argument.shape === "table") {
      values[i] = value === null || value === undefined ? argument.default : readTable(argument, value, settings);
      continue;
    }
    const grid = gridOf(value);
    grids[i] = grid;
    if (grid === null) continue;
    const width = widthOf(grid);
    if (grid.length === 0 || width === 0) throw new PilotageInputError(ARGUMENT_REASONS.emptyRange, {});
    if (grid.length === 1 && width === 1) continue;
    if (argument.shape === "single") throw new PilotageInputError(ARGUMENT_REASONS.range, {});
    if (definition.oneRow !== undefined) throw new PilotageInputError(definition.oneRow, {});
    if (varying.length === 0) {
      rows = grid.length;
      columns = width;
    } else if (grid.length !== rows || width !== columns) {
      throw new PilotageInputError(ARGUMENT_REASONS.sizes, { rows, columns, otherRows: grid.length, otherColumns: width });
    }
    varying.push(i);
    isVarying[i] = true;
  }

  // The arguments the same for every row, read once for the call, their errors kept as values; the
  // last (in order) that is an Excel error value is every row's answer, as Excel's own functions do.
  let fixedErrorValueAt = -1;
  for (let i = 0; i < count; i++) {
    if (isVarying[i] || argumentsDefined[i].shape === "table") continue;
    const grid = grids[i];
    const cell = grid === null ? null : cellAt(grid, 0, 0);
    if (isExcelError(cell)) {
      fixedErrorValueAt = i;
      values[i] = cell;
    } else values[i] = readRemembered(argumentsDefined[i], cell, settings);
  }

  if (definition.answer === "quoteRows" || definition.answer === "rows" || definition.answer === "quoteCard") {
    return wholeAnswer(definition, answerOfOneRow(definition, values, fixedErrorValueAt, settings), cellValues);
  }
  const call: ColumnCall = {
    definition,
    settings,
    grids,
    varying,
    isVarying,
    fixedErrorValueAt,
    values,
    cells: new Array(count),
    lastCells: new Array(count).fill(NO_CELL),
    lastValues: new Array(count),
  };
  const out: unknown[][] = new Array(rows);
  for (let r = 0; r < rows; r++) {
    const row: unknown[] = new Array(columns);
    for (let c = 0; c < columns; c++) {
      const answer = answerOfRow(call, r, c);
      row[c] = isExcelError(answer) ? answer : answerCell(definition.answer, answer, cellValues);
    }
    out[r] = row;
  }
  return out;
}

/** The answer of a call whose arguments are all single cells or tables: answerOfRow's, with nothing varying. */
function answerOfOneRow(definition: FunctionDefinition, values: readonly unknown[], fixedErrorValueAt: number, settings: EngineSettings): unknown {
  if (fixedErrorValueAt >= 0) return values[fixedErrorValueAt];
  for (let i = 0; i < values.length; i++) if (isExcelError(values[i])) return values[i];
  return ruleAnswer(definition, values, settings);
}
