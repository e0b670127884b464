/**
 * The NYPILOT fee functions, as plain TypeScript over Excel's values. functions.ts declares them
 * to Excel (JSDoc metadata); this file converts inputs and errors and calls the engine.
 */
import {
  BASE_PILOTAGE_CLAUSES,
  BaseFeeWorking,
  BoardFeeRow,
  BoardSurchargeRow,
  clauseStartDate,
  explainBaseFee,
  readBoardFeeRows,
  readBoardSurchargeRows,
  SECTION_SHORT_NAMES,
  surchargeLine,
  surchargeTableOn,
  parseLengthUnit,
  clauseInForceOn,
  EngineSettings,
  IsoDate,
} from "../engine";
// The readers and the quote that run once per row, from their own modules: in the CommonJS build
// each name taken through the engine's index is a getter call, 100,000 times per column.
import { readDate } from "../engine/dates";
import { PilotageInputError } from "../engine/errors";
import { pilotageUnitsReader } from "../engine/measure";
import { baseFeeCentsReader, readAmountCents, readFlag, readHours } from "../engine/inputs";
import { baseFeeWorking, secondPilotLineOfTypedCents } from "../engine/charges";
import { Quote, quoteOrRefusal } from "../engine/quote";
import type { ChargeCode } from "../engine/charges";
import { scheduleFor } from "../engine/schedule";
import { readTransitCells, TransitBoards, TransitFieldReaders, transitFieldReaders, TransitInput } from "../engine/transit-reader";
import { answerOfOneRow, Cell, cellKey, Grid, isBlank, isExcelError, mapRows, optionalGrid, plainCell, refusingAsErrors, rememberingReader, required, scalar, toExcelError, withoutStackTraces } from "./excel-cells";
import { ARGUMENT_REASONS } from "./messages";
import { quoteSpillRows } from "./quote-spill";
import { getFunctionSettings } from "./runtime-settings";

type Result<T> = (T | CustomFunctions.Error)[][];

// Desktop Excel passes an empty cell as 0; for a date or a section 0 can only mean blank.
function dateCell(cell: Cell, argument = "date"): IsoDate {
  if (cell === 0) throw new PilotageInputError(ARGUMENT_REASONS.transitDateZero, { argument }, argument);
  return readDate(required(cell, argument, ARGUMENT_REASONS.transitDateBlank), argument);
}

/**
 * The engine's transit readers for Excel's cells: a date, section or clause cell of 0 is an empty
 * cell, and the options go by their argument names.
 */
function excelTransitReaders(settings: EngineSettings): TransitFieldReaders {
  const readers = transitFieldReaders(settings, { relievedAtMidRiver: "relieved_at_midriver", anchoredEightHours: "anchored_8_hours" });
  // A date column repeats dates: each serial number read, and what it read as (a few thousand days at most).
  const dateOfSerial = new Map<number, IsoDate>();
  return {
    ...readers,
    section: (cell) => {
      if (cell === 0) throw new PilotageInputError(ARGUMENT_REASONS.sectionZero, {}, "section");
      return readers.section(cell);
    },
    date: (cell) => {
      if (typeof cell !== "number") return dateCell(cell);
      let date = dateOfSerial.get(cell);
      if (date === undefined) {
        date = dateCell(cell);
        if (dateOfSerial.size >= 20_000) dateOfSerial.clear();
        dateOfSerial.set(cell, date);
      }
      return date;
    },
    clause: (cell) => (cell === 0 ? null : readers.clause(cell)),
  };
}

/**
 * Whether `grid` holds the same cells as `kept` (the plain cells of an earlier table): the same
 * shape, and every cell the same plain value by Object.is (so -0 is not 0). A cell that is an
 * object even when plain (an error value) is never the same, so such a table is read every time.
 */
function sameTable(grid: Grid, kept: readonly (readonly Cell[])[]): boolean {
  if (grid.length !== kept.length) return false;
  for (let r = 0; r < kept.length; r++) {
    const row = grid[r];
    const keptRow = kept[r];
    if (!Array.isArray(row) || !Array.isArray(keptRow) || row.length !== keptRow.length) return false;
    for (let c = 0; c < keptRow.length; c++) {
      const cell = row[c];
      const keptCell = keptRow[c];
      // By the cell's type, so that each compare is a plain number or text compare, not a generic
      // one (about 330 fewer instructions a one-cell quote, under callgrind). Object.is's rule: -0 is not 0.
      if (typeof cell === "number") {
        if (typeof keptCell !== "number" || cell !== keptCell || (cell === 0 && 1 / cell !== 1 / keptCell)) return false;
      } else if (typeof cell === "string") {
        if (typeof keptCell !== "string" || cell !== keptCell) return false;
      } else {
        const plain = plainCell(cell);
        if ((typeof plain === "object" && plain !== null) || !Object.is(plain, keptCell)) return false;
      }
    }
  }
  return true;
}

/**
 * A board table reader that keeps the table it read last, with the plain cells it read it from: a
 * column of HUDSON_QUOTE or HUDSON_QUOTE_CARD formulas (one call per cell) hands every call the
 * same table (a new array each time, as Excel passes it), read once and after that compared cell
 * by cell. The readers depend on the cells alone, freeze the rows they make, and the engine never
 * changes the list, so sharing it is safe.
 */
function lastTableReader<T>(read: (grid: Grid) => T[]): (grid: Grid | null) => T[] {
  let lastCells: Cell[][] | null = null;
  let lastTable: T[] = [];
  return (grid) => {
    if (grid === null) return [];
    if (lastCells !== null && sameTable(grid, lastCells)) return lastTable;
    // The copy is both what the reader reads and what the next call is compared with (a row that
    // is not a list, which Excel never passes, is the reader's to refuse, and never the same).
    const cells = grid.map((row) => (Array.isArray(row) ? row.map(plainCell) : row));
    const table = read(cells);
    lastCells = cells;
    lastTable = table;
    return table;
  };
}

/** A board table argument: a range of dated rows, or omitted. */
const boardSurchargeTable: (grid: Grid | null) => BoardSurchargeRow[] = lastTableReader(readBoardSurchargeRows);
const boardFeeTable: (grid: Grid | null) => BoardFeeRow[] = lastTableReader(readBoardFeeRows);

/** Reads the tables once per call; a bad table is one error for the whole call. */
function withTables<T>(read: () => T, run: (tables: T) => Result<unknown>): Result<unknown> {
  let tables: T;
  try {
    tables = read();
  } catch (error) {
    return [[toExcelError(error)]];
  }
  return run(tables);
}

export function pilotageUnits(length: Grid, breadth: Grid, depth: Grid, unit: Grid | null): Result<number> {
  const settings = getFunctionSettings();
  // A column's unit is mostly one cell for every row: read once. It is read before the
  // measurements, so a row with a bad unit and a bad measurement names the unit.
  const unitOf = rememberingReader((u) => parseLengthUnit(u === 0 ? null : u));
  // Refusals returned, not thrown: a column of bad measurements is a column of these.
  const unitsOf = pilotageUnitsReader(settings, toExcelError);
  return mapRows([length, breadth, depth, optionalGrid(unit)], ([l, b, d, u]) => {
    const plainUnit = unitOf(u);
    if (isExcelError(plainUnit)) return plainUnit;
    // An empty cell on the desktop (0) is blank.
    return unitsOf(l === 0 ? null : l, b === 0 ? null : b, d === 0 ? null : d, plainUnit);
  });
}

/** Each row's base fee working, read by the transit reader. */
function baseFeeRows<T>(units: Grid, section: Grid, date: Grid, clause: Grid | null, answer: (working: BaseFeeWorking) => T): Result<T> {
  const settings = getFunctionSettings();
  const readers = excelTransitReaders(settings);
  // A column's dates repeat: each is read, and (with no clause named, as baseFeeOn does) its
  // schedule looked up, once; a date the schedule does not reach is one error value, not a throw per row.
  const dateOf = rememberingReader(readers.date);
  const scheduleOn = rememberingReader((date) => clauseInForceOn(date as IsoDate, settings));
  return mapRows([units, section, date, optionalGrid(clause)], ([u, s, d, c]) => {
    const pilotageUnits = readers.units(u);
    const riverSection = readers.section(s);
    const transitDate = dateOf(d);
    if (isExcelError(transitDate)) return transitDate;
    const namedClause = readers.clause(c);
    // baseFeeOn's schedule (scheduleFor), the date's from the lookup above when no clause is named.
    const schedule = namedClause === null ? scheduleOn(transitDate) : scheduleFor(transitDate, namedClause, settings);
    if (isExcelError(schedule)) return schedule;
    return answer(baseFeeWorking(pilotageUnits, riverSection, schedule, settings));
  });
}

export function baseFee(units: Grid, section: Grid, date: Grid, clause: Grid | null): Result<number> {
  return baseFeeRows(units, section, date, clause, (working) => working.amountCents / 100);
}

export function explain(units: Grid, section: Grid, date: Grid, clause: Grid | null): Result<string> {
  return baseFeeRows(units, section, date, clause, explainBaseFee);
}

export function surcharge(units: Grid, date: Grid, boardSurcharge: Grid | null): Result<unknown> {
  const settings = getFunctionSettings();
  const readers = excelTransitReaders(settings);
  return withTables(
    () => boardSurchargeTable(optionalGrid(boardSurcharge)),
    (rows) =>
      {
        // The table in force on each date (or the error for a date before it), once per date.
        const tableOn = rememberingReader((d) => surchargeTableOn(readers.date(d), rows, settings));
        return mapRows([units, date], ([u, d]) => {
          const pilotageUnits = readers.units(u);
          const table = tableOn(d);
          if (isExcelError(table)) return table;
          return (surchargeLine(pilotageUnits, table).amountCents as number) / 100;
        });
      },
  );
}

export function secondPilot(baseFeeAmount: Grid, hours: Grid, relieved: Grid | null, anchored: Grid | null, surchargeAmount: Grid | null = null): Result<number> {
  const settings = getFunctionSettings();
  // A column of negative base fees is one refusal, returned, not thrown per row.
  const baseCentsOf = refusingAsErrors(baseFeeCentsReader("base_fee"));
  return mapRows([baseFeeAmount, hours, optionalGrid(relieved), optionalGrid(anchored), optionalGrid(surchargeAmount)], ([fee, h, r, a, sc]) => {
    const baseCents = baseCentsOf(required(fee, "base_fee", ARGUMENT_REASONS.baseFeeBlank));
    if (isExcelError(baseCents)) return baseCents;
    const continuousHours = readHours(required(h, "hours", ARGUMENT_REASONS.hoursBlank));
    // D11: the surcharge counts only under the setting basePlusSurcharge; there an empty cell (0 on the desktop) is blank.
    const surchargeCents = settings.secondPilotBasis === "base" || isBlank(sc) || sc === 0 ? null : readAmountCents(sc, "surcharge", "surcharge");
    const line = secondPilotLineOfTypedCents(baseCents, {
      continuousHours,
      relievedAtMidRiver: readFlag(r, "relieved_at_midriver"),
      anchoredEightHours: readFlag(a, "anchored_8_hours"),
    }, settings.secondPilotBasis, surchargeCents);
    // Whole cents ÷ 100 is the double nearest the rounded amount (D14), as HUDSON_TOTAL gives it.
    return (line?.amountCents ?? 0) / 100;
  });
}

interface TransitGrids {
  units: Grid;
  section: Grid;
  date: Grid;
  hours: Grid | null;
  relieved: Grid | null;
  anchored: Grid | null;
  boardFees: Grid | null;
  boardSurcharge: Grid | null;
}

/**
 * What `make` gives for the settings, kept until they are replaced: a formula filled down a column
 * is one call per cell, and would otherwise make it (and forget what it read) every time. Settings
 * are replaced, never changed (setFunctionSettings), so a new object is a change.
 */
function keptPerSettings<T>(make: (settings: EngineSettings) => T): (settings: EngineSettings) => T {
  let kept: { settings: EngineSettings; value: T } | null = null;
  return (settings) => {
    if (kept === null || kept.settings !== settings) kept = { settings, value: make(settings) };
    return kept.value;
  };
}

/** No cell yet: never Object.is any cell a caller passes. */
const NOTHING_READ = Symbol("nothing read");

/** The most cells of one field whose failure to read is kept (a column of blanks or "n/a" is one). */
const MAXIMUM_FAILURES_KEPT = 10_000;

/** A transit field's reader for cells: the field's value, or the error value of a cell that does not read, returned. */
type CellReader<T> = (cell: Cell) => T | CustomFunctions.Error;
type TransitCellReaders = { [Field in keyof TransitFieldReaders]: CellReader<ReturnType<TransitFieldReaders[Field]>> };

/**
 * `read`, returning the error value of a cell that does not read instead of throwing, and keeping
 * it: a cell that failed before answers its error value without being read (or thrown) again.
 * A formula filled down past a sheet's rows is a column of the same blank (or "n/a"), one call per
 * cell, and a throw costs more than the rest of such a call. `read` depends on the cell alone (and
 * the settings the readers are kept for); emptied when it grows large.
 */
function keepingFailures<T>(read: (cell: Cell) => T): CellReader<T> {
  const failures = new Map<Cell, CustomFunctions.Error>();
  // The last cell that read and its value: a column repeats its section, its date and its empty
  // options row after row (and a quote per cell, its options call after call), answered without a
  // read. Object.is: -0 is not 0.
  let lastCell: Cell = NOTHING_READ;
  let lastValue: T | undefined;
  return (cell) => {
    if (Object.is(cell, lastCell)) return lastValue as T;
    const key = cellKey(cell);
    if (key !== undefined && failures.size > 0) {
      const known = failures.get(key);
      if (known !== undefined) return known;
    }
    try {
      const value = read(cell);
      lastCell = cell;
      lastValue = value;
      return value;
    } catch (error) {
      const value = toExcelError(error);
      if (key !== undefined) {
        if (failures.size >= MAXIMUM_FAILURES_KEPT) failures.clear();
        failures.set(key, value);
      }
      return value;
    }
  };
}

/** The transit readers for a quote's cells, kept per settings (a quote per cell is one call per cell). */
const transitReadersFor: (settings: EngineSettings) => TransitCellReaders = keptPerSettings((settings) => {
  const readers = excelTransitReaders(settings);
  return {
    units: keepingFailures(readers.units),
    section: keepingFailures(readers.section),
    date: keepingFailures(readers.date),
    clause: keepingFailures(readers.clause),
    hours: keepingFailures(readers.hours),
    relievedAtMidRiver: keepingFailures(readers.relievedAtMidRiver),
    anchoredEightHours: keepingFailures(readers.anchoredEightHours),
  };
});

/**
 * One row of a quote's cells (units, section, date, hours, relieved, anchored: transitArguments's
 * order) as the engine's transit, read by the engine's reader of a row (readTransitCells): the
 * first field's error value when one does not read. No clause argument: the date's clause (D6).
 */
function transitOfCells(readers: TransitCellReaders, cells: Cell[], boards: TransitBoards): TransitInput | CustomFunctions.Error {
  const row = { units: cells[0], section: cells[1], date: cells[2], hours: cells[3], relievedAtMidRiver: cells[4], anchoredEightHours: cells[5] };
  return readTransitCells(readers, isExcelError, row, boards);
}

/** The board tables of a quote's arguments (read once per table: lastTableReader). */
function boardTablesOf(grids: TransitGrids): TransitBoards {
  return { boardFees: boardFeeTable(optionalGrid(grids.boardFees)), boardSurcharge: boardSurchargeTable(optionalGrid(grids.boardSurcharge)) };
}

/** A transit's per-row arguments, in the order the transit readers read them (transitOfCells). */
function transitArguments(grids: TransitGrids): (Grid | null)[] {
  return [grids.units, grids.section, grids.date, optionalGrid(grids.hours), optionalGrid(grids.relieved), optionalGrid(grids.anchored)];
}

/** A row's quote from its cells, or the row's error value: a transit the engine refuses (a date before the first clause) is returned, not thrown. */
function quoteOfCells(readers: TransitCellReaders, cells: Cell[], boards: TransitBoards, settings: EngineSettings): Quote | CustomFunctions.Error {
  const transit = transitOfCells(readers, cells, boards);
  if (isExcelError(transit)) return transit;
  const quote = quoteOrRefusal(transit, settings);
  return quote instanceof PilotageInputError ? toExcelError(quote) : quote;
}

/**
 * One quote per row of the transit arguments, `answer` turning each into the cell's value, with
 * mapRows's rules (broadcasting, an argument's error value is the row's result, one bad row is an
 * error in that row only) and the engine's transit reader. The board tables are read once per call.
 */
function quoteRows(grids: TransitGrids, answer: (quote: Quote) => unknown): Result<unknown> {
  const settings = getFunctionSettings();
  return withTables(
    () => boardTablesOf(grids),
    (boards) => {
      const readers = transitReadersFor(settings);
      return mapRows(transitArguments(grids), (cells) => {
        const quote = quoteOfCells(readers, cells, boards, settings);
        return isExcelError(quote) ? quote : answer(quote);
      });
    },
  );
}

/** The most dates whose not-entered errors one call of HUDSON_TOTAL keeps (a column's dates repeat; a few thousand days at most). */
const MAXIMUM_NOT_ENTERED_DATES = 20_000;

export function total(grids: TransitGrids): Result<unknown> {
  // A column without board tables is a column of these: each date's error value, by the list of
  // what is not entered (a few frozen lists, Quote.notEntered), worded once, not once per row.
  const notEnteredErrors = new Map<IsoDate, Map<readonly ChargeCode[], CustomFunctions.Error>>();
  return quoteRows(grids, (quote) => {
    // Whole cents ÷ 100 is the double nearest the rounded amount (D14), with no Decimal made.
    if (quote.complete) return quote.totalCents / 100;
    const { date, notEntered } = quote;
    let ofDate = notEnteredErrors.get(date);
    if (ofDate === undefined) {
      if (notEnteredErrors.size >= MAXIMUM_NOT_ENTERED_DATES) notEnteredErrors.clear();
      ofDate = new Map();
      notEnteredErrors.set(date, ofDate);
    }
    let error = ofDate.get(notEntered);
    if (error === undefined) {
      error = toExcelError(new PilotageInputError(ARGUMENT_REASONS.totalNotEntered, { date, notEntered }));
      ofDate.set(notEntered, error);
    }
    return error;
  });
}

/** A per-transit argument of one transit: missing, or one cell. */
const isOneCell = (grid: Grid | null): boolean => grid === null || (grid.length === 1 && grid[0]?.length === 1);

/** The quote of one transit (HUDSON_QUOTE's, HUDSON_QUOTE_CARD's), or the error value that is the answer instead. */
export function quoteOfOne(grids: TransitGrids): Quote | CustomFunctions.Error {
  // Every per-transit argument: a range of hours beside single cells would otherwise quote its first row only.
  const single =
    isOneCell(grids.units) && isOneCell(grids.section) && isOneCell(grids.date) && isOneCell(grids.hours) && isOneCell(grids.relieved) && isOneCell(grids.anchored);
  if (!single) return toExcelError(new PilotageInputError(ARGUMENT_REASONS.quoteOneTransit, {}));
  // One row, by mapRows's rules for a row of single cells, without the column machinery around it.
  const settings = getFunctionSettings();
  let boards: TransitBoards;
  try {
    boards = boardTablesOf(grids);
  } catch (error) {
    return toExcelError(error);
  }
  const readers = transitReadersFor(settings);
  return answerOfOneRow(transitArguments(grids), (cells) => quoteOfCells(readers, cells, boards, settings));
}

/** HUDSON_QUOTE's spill of one transit, each amount's cell made by `amountCell` (plain numbers by default). */
export function quote(grids: TransitGrids, amountCell: (amount: number) => unknown = (amount) => amount): Result<unknown> {
  const only = quoteOfOne(grids);
  return isExcelError(only) ? [[only]] : quoteSpillRows(only, amountCell);
}

export function clause(date: Grid): Result<string> {
  const settings = getFunctionSettings();
  return mapRows([date], ([d]) => clauseInForceOn(dateCell(d), settings).rates.citation);
}

const RATES_HEADER = ["Section", "Up to 50 units", "More than 50 up to 100 units", "Per unit, 100 units and over", "Maximum units", "Clause", "In force from"];

/** The schedule in force on the date a cell holds, as HUDSON_RATES spills it. */
function ratesTable(date: Cell, settings: EngineSettings): unknown[][] {
  const inForce = clauseInForceOn(dateCell(date), settings);
  const table: unknown[][] = [RATES_HEADER];
  for (const section of [1, 2] as const) {
    const r = inForce.rates.sections[section];
    table.push([
      SECTION_SHORT_NAMES[section],
      Number(r.upTo50Units),
      Number(r.over50UpTo100Units),
      Number(r.perUnitFrom100Units),
      r.maximumUnits,
      inForce.rates.citation,
      inForce.startsOn ?? "unknown",
    ]);
  }
  return table;
}

/**
 * HUDSON_RATES's table (or error value) by date cell, under the settings it was worked for: the
 * formula filled down a column is one call per cell, and a column repeats its dates.
 */
const ratesTablesFor: (settings: EngineSettings) => (date: Cell) => unknown[][] | CustomFunctions.Error = keptPerSettings((settings) =>
  rememberingReader((cell) => ratesTable(cell, settings)),
);

export function rates(date: Cell): Result<unknown> {
  const tableOf = ratesTablesFor(getFunctionSettings());
  // A bad date's error is the cell's value: no stack trace wanted.
  return withoutStackTraces(() => {
    let table: unknown[][] | CustomFunctions.Error;
    try {
      table = tableOf(scalar(date));
    } catch (error) {
      table = toExcelError(error);
    }
    // Each cell its own rows.
    return isExcelError(table) ? [[table]] : table.map((row) => row.slice());
  });
}

/** Every clause with its start under the current settings, for help and the task pane. */
export function clauseStarts(settings: EngineSettings = getFunctionSettings()): { clause: string; citation: string; startsOn: string | null }[] {
  return BASE_PILOTAGE_CLAUSES.map((c) => ({ clause: c.clause, citation: c.citation, startsOn: clauseStartDate(c, settings) }));
}

