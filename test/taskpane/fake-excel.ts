/**
 * A small Excel workbook behind office-addin-mock's OfficeMockObject, for the task pane's writer.
 *
 * office-addin-mock gives the Office.js object model its load/sync discipline (a property read
 * before `load` + `context.sync()` is the string "Error, property was not loaded"), but it has no
 * notion of sheets, collections or cells. This fake adds them: worksheets that can be looked up,
 * listed and added, and ranges whose writes land in a cell grid at `context.sync()`, as Excel's
 * batched requests do. It checks what Excel checks (a write's shape must match its range; a sheet
 * name may be used once, compared without regard to case) and, like Excel, reads a value that
 * starts with "=" as a formula. Every write is logged, so a test can prove what was not touched.
 */
import { OfficeMockObject } from "office-addin-mock";

export interface Cell {
  value: unknown;
  formula?: string;
  numberFormat?: string;
}

export interface WriteRecord {
  sheet: string;
  address: string;
  kind: "values" | "formulas" | "numberFormat" | "format" | "validation";
}

export class FakeSheet {
  readonly cells = new Map<string, Cell>();
  activated = false;
  selected: string | null = null;
  readonly fills = new Map<string, string>();
  readonly columnWidths = new Map<string, number>();
  /** Data validation set on a range (its rule, prompt and error alert), by the range's address. */
  readonly validations = new Map<string, { rule: unknown; prompt: unknown; errorAlert: unknown }>();
  /** Print setup and view: frozen panes (freezeAt's range), page layout, print title rows, the autofilter's range, autofitted ranges. */
  readonly print: { frozen?: string; orientation?: unknown; zoom?: unknown; titleRows?: string; autoFilter?: string; autofit: string[] } = { autofit: [] };

  constructor(public name: string) {}

  cell(address: string): Cell | undefined {
    return this.cells.get(address);
  }

  /** Puts values into cells directly (a workbook's existing content, before the add-in runs). */
  fill(topLeft: string, rows: unknown[][]): void {
    const { column, row } = parseCell(topLeft);
    rows.forEach((cells, r) => cells.forEach((value, c) => this.cells.set(cellName(column + c, row + r), { value })));
  }

  snapshot(): Record<string, Cell> {
    return Object.fromEntries([...this.cells.entries()].map(([k, v]) => [k, { ...v }]));
  }

  /** The cells as HyperFormula's raw contents, row by row from A1 (formulas as written; empty as null). */
  contents(): unknown[][] {
    let rows = 0;
    let columns = 0;
    for (const address of this.cells.keys()) {
      const { row, column } = parseCell(address);
      rows = Math.max(rows, row);
      columns = Math.max(columns, column);
    }
    return Array.from({ length: rows }, (_, r) =>
      Array.from({ length: columns }, (_, c) => {
        const cell = this.cell(cellName(c + 1, r + 1));
        if (!cell) return null;
        if (cell.formula !== undefined) return cell.formula;
        return cell.value === "" ? null : cell.value;
      }),
    );
  }
}

export function columnNumber(letters: string): number {
  return [...letters].reduce((n, ch) => n * 26 + (ch.charCodeAt(0) - 64), 0);
}

function columnName(column: number): string {
  let n = column;
  let s = "";
  while (n > 0) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export function cellName(column: number, row: number): string {
  return `${columnName(column)}${row}`;
}

function parseCell(address: string): { column: number; row: number } {
  const match = /^([A-Z]+)(\d+)$/.exec(address);
  if (!match) throw new Error(`fake Excel: not a cell address: ${address}`);
  return { column: columnNumber(match[1]), row: Number(match[2]) };
}

/** "B3:D5" → rows × columns of cell names; "C:C" (a whole column) → null (format only). */
export function cellsOf(address: string): string[][] | null {
  if (/^[A-Z]+:[A-Z]+$/.test(address)) return null;
  const [from, to = from] = address.split(":");
  const a = parseCell(from);
  const b = parseCell(to);
  // Each column's letters once: ranges of 100,000 rows are common in the reconcile tests.
  const letters: string[] = [];
  for (let c = a.column; c <= b.column; c++) letters.push(columnName(c));
  const rows: string[][] = [];
  for (let r = a.row; r <= b.row; r++) rows.push(letters.map((column) => `${column}${r}`));
  return rows;
}

function bounds(address: string): { top: number; left: number; bottom: number; right: number } {
  const [from, to = from] = address.split(":");
  const a = parseCell(from);
  const b = parseCell(to);
  return { top: a.row, left: a.column, bottom: b.row, right: b.column };
}

function inside(cell: string, address: string): boolean {
  const { row, column } = parseCell(cell);
  const box = bounds(address);
  return row >= box.top && row <= box.bottom && column >= box.left && column <= box.right;
}

/** What getUsedRange(valuesOnly) sees: a value, or a formula that shows one (`Cell.value` set beside it). */
function shows(content: Cell): boolean {
  return content.value !== "" && content.value !== undefined && content.value !== null;
}

function overlaps(first: string, second: string): boolean {
  const a = bounds(first);
  const b = bounds(second);
  return a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;
}

interface RangeProxy {
  sheet: FakeSheet;
  address: string;
  mock: OfficeMockObject & Record<string, unknown>;
  applied: Set<unknown>;
}

export class OfficeError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export class FakeExcel {
  readonly sheets: FakeSheet[] = [];
  readonly writes: WriteRecord[] = [];
  readonly calculations: string[] = [];
  syncs = 0;
  /** Runs just before a sync adds a sheet (to stage a name taken meanwhile by someone else). */
  beforeAdd: ((name: string) => void) | null = null;
  /** Fails the sync that would apply this write (Excel refusing a command), once. */
  failWrite: ((write: WriteRecord) => boolean) | null = null;
  /** The application's calculation mode (Excel.CalculationMode), every change to it, and the mode each write landed under. */
  calculationMode = "Automatic";
  readonly calculationModeChanges: string[] = [];
  readonly writeModes: string[] = [];
  /** suspendApiCalculationUntilNextSync calls. */
  suspensions = 0;
  /**
   * The selection (getSelectedRange) and the Excel tables (getTables; worksheet.tables.add), as
   * sheet + address (header row included), with the table's name once it has one.
   */
  selection: { sheet: string; address: string } | null = null;
  readonly tables: { sheet: string; address: string; name?: string }[] = [];
  /** Defined names (workbook.names.add): name → reference, as written ("='Board rates'!$A$5:$D$104"). */
  readonly names = new Map<string, string>();
  /** Refuses worksheet.tables.add at sync, as Excel does where the cells cannot be a table. */
  refuseTables = false;
  /** Conditional formats added, with their custom rule and colours. */
  readonly conditionalFormats: { sheet: string; address: string; type: string; formula: unknown; fill: unknown; font: unknown }[] = [];
  private ranges: RangeProxy[] = [];
  private pending: (() => void)[] = [];
  private application: Record<string, unknown> | null = null;

  constructor(sheetNames: string[] = ["Sheet1"]) {
    for (const name of sheetNames) this.sheets.push(new FakeSheet(name));
  }

  sheet(name: string): FakeSheet | undefined {
    return this.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  }

  table(name: string): { sheet: string; address: string; name?: string } | undefined {
    return this.tables.find((t) => t.name?.toLowerCase() === name.toLowerCase());
  }

  /** Tables and defined names share one namespace in Excel, compared without regard to case. */
  private nameTaken(name: string): boolean {
    return this.table(name) !== undefined || this.names.has(name.toLowerCase());
  }

  /**
   * The workbook's names as HyperFormula named expressions, resolved as Excel resolves them in a
   * formula: a table's name is its data rows (header row excluded), a defined name its reference.
   */
  namedExpressions(): { name: string; expression: string }[] {
    const sheetRef = (name: string) => (/^[A-Za-z0-9_]+$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`);
    const absolute = (cell: string) => cell.replace(/^([A-Z]+)(\d+)$/, "$$$1$$$2");
    const tables = this.tables
      .filter((t): t is { sheet: string; address: string; name: string } => t.name !== undefined)
      .map((t) => {
        const box = bounds(t.address);
        return { name: t.name, expression: `=${sheetRef(t.sheet)}!${absolute(cellName(box.left, box.top + 1))}:${absolute(cellName(box.right, box.bottom))}` };
      });
    return [...tables, ...[...this.names.entries()].map(([name, reference]) => ({ name, expression: reference }))];
  }

  /** The options each Excel.run was given, in order (null: none). */
  readonly runOptions: (Record<string, unknown> | null)[] = [];

  /** The global `Excel` the code under test uses. */
  excelGlobal(): unknown {
    // Excel.run(batch) or Excel.run(options, batch): the options of each run are kept (runOptions).
    const run = async (...args: unknown[]) => {
      this.runOptions.push(args.length > 1 ? (args[0] as Record<string, unknown>) : null);
      return (args[args.length - 1] as (context: unknown) => Promise<unknown>)(this.context());
    };
    const excel = new OfficeMockObject({ run }) as unknown as Record<string, unknown>;
    // Enumerations are plain values in Office.js, never loaded.
    excel.CalculationType = { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" };
    excel.ErrorCodes = { itemAlreadyExists: "ItemAlreadyExists" };
    excel.CalculationMode = { automatic: "Automatic", automaticExceptTables: "AutomaticExceptTables", manual: "Manual" };
    excel.ConditionalFormatType = { custom: "Custom" };
    excel.SpecialCellType = { formulas: "Formulas" };
    excel.PageOrientation = { portrait: "Portrait", landscape: "Landscape" };
    return excel;
  }

  private context(): unknown {
    const worksheets = new OfficeMockObject({
      getItemOrNullObject: (name: string) => this.sheetProxy(name),
      add: (name: string) => {
        const proxy = this.newSheetProxy(name);
        this.pending.push(() => {
          this.beforeAdd?.(name);
          if (this.sheet(name)) throw new OfficeError("ItemAlreadyExists", `A sheet named ${name} already exists.`);
          this.sheets.push(proxy.target);
        });
        return proxy.mock;
      },
      load: (properties: string) => {
        if (properties !== "items/name") throw new Error(`fake Excel: unexpected worksheets.load(${properties})`);
        // The names are read when the batch runs, as Excel does.
        this.pending.push(() => {
          (worksheets as unknown as Record<string, unknown>).items = this.sheets.map((s) => ({ name: s.name }));
        });
        return worksheets;
      },
    }) as unknown as Record<string, unknown>;
    const application = new OfficeMockObject({
      calculationMode: this.calculationMode,
      calculate: (type: string) => {
        this.pending.push(() => this.calculations.push(type));
      },
      suspendApiCalculationUntilNextSync: () => {
        this.pending.push(() => {
          this.suspensions++;
        });
      },
    }) as unknown as Record<string, unknown>;
    this.application = application;
    const workbook = new OfficeMockObject({
      getSelectedRange: () => {
        const selection = this.selection;
        if (!selection) throw new Error("fake Excel: no selection set");
        return this.rangeProxy(this.sheet(selection.sheet) as FakeSheet, selection.address);
      },
    });
    (workbook as unknown as Record<string, unknown>).worksheets = worksheets;
    (workbook as unknown as Record<string, unknown>).tables = {
      getItemOrNullObject: (name: string) => {
        const table = this.nullUnless(() => this.table(name) !== undefined);
        // Asked after the sync that told the table exists: its data rows, below the header row.
        table.getDataBodyRange = () => {
          const found = this.table(name) as { sheet: string; address: string };
          const box = bounds(found.address);
          return this.rangeProxy(this.sheet(found.sheet) as FakeSheet, `${cellName(box.left, box.top + 1)}:${cellName(box.right, box.bottom)}`);
        };
        return table;
      },
    };
    (workbook as unknown as Record<string, unknown>).names = {
      getItemOrNullObject: (name: string) => this.nullUnless(() => this.names.has(name.toLowerCase())),
      add: (name: string, reference: string) => {
        this.pending.push(() => {
          if (this.nameTaken(name)) throw new OfficeError("ItemAlreadyExists", `The name ${name} is taken.`);
          this.names.set(name.toLowerCase(), reference);
        });
        return {};
      },
    };
    (workbook as unknown as Record<string, unknown>).application = application;
    const context = new OfficeMockObject({ sync: () => this.sync() }) as unknown as Record<string, unknown>;
    context.workbook = workbook;
    return context;
  }

  /** A worksheet proxy: its getRange and activate act on `target` once it exists. */
  private newSheetProxy(name: string, existing?: FakeSheet): { mock: Record<string, unknown>; target: FakeSheet } {
    const target = existing ?? new FakeSheet(name);
    const mock = new OfficeMockObject({
      getRange: (address: string) => this.rangeProxy(target, address),
      activate: () => {
        this.pending.push(() => {
          target.activated = true;
        });
      },
    }) as unknown as Record<string, unknown>;
    // Print setup and view, applied at sync like every command (a sheet added in the batch exists by then).
    const later = (apply: () => void) => this.pending.push(() => this.sheets.includes(target) && apply());
    mock.freezePanes = { freezeAt: (range: string) => later(() => (target.print.frozen = range)) };
    mock.autoFilter = { apply: (range: string) => later(() => (target.print.autoFilter = range)) };
    const pageLayout: Record<string, unknown> = { setPrintTitleRows: (rows: string) => later(() => (target.print.titleRows = rows)) };
    for (const property of ["orientation", "zoom"] as const) {
      Object.defineProperty(pageLayout, property, { set: (value: unknown) => later(() => (target.print[property] = value)) });
    }
    mock.pageLayout = pageLayout;
    mock.tables = {
      add: (address: string, hasHeaders: boolean) => {
        const table = { name: "" };
        this.pending.push(() => {
          if (!hasHeaders) throw new Error("fake Excel: tables without a header row are not modelled");
          if (this.refuseTables) throw new OfficeError("InvalidArgument", "fake Excel: a table cannot be made here.");
          if (this.tables.some((t) => t.sheet.toLowerCase() === target.name.toLowerCase() && overlaps(t.address, address))) {
            throw new OfficeError("InvalidArgument", `A table already covers part of ${address}.`);
          }
          if (table.name !== "" && this.nameTaken(table.name)) throw new OfficeError("ItemAlreadyExists", `The name ${table.name} is taken.`);
          this.tables.push({ sheet: target.name, address, ...(table.name !== "" ? { name: table.name } : {}) });
        });
        return table;
      },
    };
    return { mock, target };
  }

  /** getItemOrNullObject: isNullObject is known only once the batch has run (Office.js: read it after sync). */
  private sheetProxy(name: string): Record<string, unknown> {
    const proxy = this.newSheetProxy(name, this.sheet(name));
    proxy.mock.isNullObject = "Error, sync was not called";
    this.pending.push(() => {
      proxy.mock.isNullObject = this.sheet(name) === undefined;
    });
    return proxy.mock;
  }

  private rangeProxy(sheet: FakeSheet, address: string): unknown {
    const cells = cellsOf(address);
    // Reading values gives what the cells hold (a formula cell's result is not modelled: "").
    const values = cells ? cells.map((row) => row.map((c) => sheet.cell(c)?.value ?? "")) : [];
    const mock = new OfficeMockObject({
      values,
      address: `${/^[A-Za-z0-9_]+$/.test(sheet.name) ? sheet.name : `'${sheet.name.replace(/'/g, "''")}'`}!${address}`,
      format: { font: {}, fill: {}, autofitColumns: () => this.pending.push(() => sheet.print.autofit.push(address)) },
      dataValidation: {},
      select: () => {
        this.pending.push(() => {
          sheet.selected = address;
        });
      },
      getRow: (index: number) => {
        const grid = cellsOf(address) as string[][];
        const row = grid[index];
        return this.rangeProxy(sheet, row.length === 1 ? row[0] : `${row[0]}:${row[row.length - 1]}`);
      },
      getTables: () => {
        const tables = this.tables.filter((t) => t.sheet.toLowerCase() === sheet.name.toLowerCase() && overlaps(t.address, address));
        const collection = new OfficeMockObject({}) as unknown as Record<string, unknown>;
        collection.load = () => {
          this.pending.push(() => {
            collection.items = tables.map((t) => ({ name: t.name ?? t.address, getRange: () => this.rangeProxy(sheet, t.address) }));
          });
          return collection;
        };
        return collection;
      },
      // valuesOnly: cells with a value (a formula's cached result is not modelled: a formula counts
      // only if it shows something, see `shows`); otherwise any cell with content or a number format.
      getUsedRangeOrNullObject: (valuesOnly: boolean) =>
        this.nullUnless(() => [...sheet.cells.entries()].some(([cell, content]) => inside(cell, address) && (valuesOnly ? shows(content) : true))),
      getSpecialCellsOrNullObject: (type: string) => {
        if (type !== "Formulas") throw new Error(`fake Excel: getSpecialCellsOrNullObject(${type}) is not modelled`);
        return this.nullUnless(() => [...sheet.cells.entries()].some(([cell, content]) => inside(cell, address) && content.formula !== undefined));
      },
      conditionalFormats: {
        add: (type: string) => {
          const format = { custom: { rule: { formula: undefined as unknown }, format: { fill: { color: undefined as unknown }, font: { color: undefined as unknown } } } };
          this.pending.push(() => {
            if (this.sheets.includes(sheet)) {
              this.conditionalFormats.push({ sheet: sheet.name, address, type, formula: format.custom.rule.formula, fill: format.custom.format.fill.color, font: format.custom.format.font.color });
            }
          });
          return format;
        },
      },
    }) as unknown as OfficeMockObject & Record<string, unknown>;
    this.ranges.push({ sheet, address, mock, applied: new Set() });
    return mock;
  }

  private async sync(): Promise<void> {
    this.syncs++;
    const pending = this.pending;
    this.pending = [];
    // Commands run in the order they were queued; a failing one fails the sync.
    for (const command of pending) command();
    const mode = this.application?.calculationMode;
    if (typeof mode === "string" && !mode.startsWith("Error") && mode !== this.calculationMode) {
      this.calculationMode = mode;
      this.calculationModeChanges.push(mode);
    }
    try {
      for (const range of this.ranges) this.commit(range);
    } catch (error) {
      // Excel drops the rest of a failed batch: nothing queued in it is applied later.
      for (const range of this.ranges) for (const kind of ["numberFormat", "values", "formulas"]) if (Array.isArray(range.mock[kind])) range.applied.add(range.mock[kind]);
      throw error;
    }
    for (const range of this.ranges) await range.mock.sync();
    await (this.application as unknown as OfficeMockObject | null)?.sync();
    // office-addin-mock finishes its property updates in later microtasks.
    await new Promise((resolve) => setImmediate(resolve));
    // What a load brought back is not a write.
    for (const range of this.ranges) if (Array.isArray(range.mock.values)) range.applied.add(range.mock.values);
  }

  /** A ...OrNullObject result: isNullObject is known once the batch has run. */
  private nullUnless(found: () => boolean): Record<string, unknown> {
    const result = new OfficeMockObject({}) as unknown as Record<string, unknown>;
    result.isNullObject = "Error, sync was not called";
    this.pending.push(() => {
      result.isNullObject = !found();
    });
    return result;
  }

  private record(write: WriteRecord): void {
    this.writes.push(write);
    this.writeModes.push(this.calculationMode);
  }

  private commit(range: RangeProxy): void {
    const { sheet, address, mock } = range;
    if (!this.sheets.includes(sheet)) return;
    const cells = cellsOf(address);
    const write = (kind: "numberFormat" | "values" | "formulas", apply: (cell: string, value: unknown) => void) => {
      const grid = mock[kind];
      if (!Array.isArray(grid) || range.applied.has(grid)) return;
      range.applied.add(grid);
      if (!cells) throw new Error(`fake Excel: ${kind} written to a whole column ${address}`);
      const shapeOk = grid.length === cells.length && grid.every((row: unknown, r: number) => Array.isArray(row) && row.length === cells[r].length);
      if (!shapeOk) throw new OfficeError("InvalidArgument", `The ${kind} written to ${address} do not match its size.`);
      const record: WriteRecord = { sheet: sheet.name, address, kind };
      if (this.failWrite?.(record)) {
        this.failWrite = null;
        throw new OfficeError("GeneralException", `fake Excel: the ${kind} write to ${address} failed.`);
      }
      cells.forEach((row, r) => row.forEach((cell, c) => apply(cell, (grid as unknown[][])[r][c])));
      this.record(record);
    };
    write("numberFormat", (cell, value) => {
      const current = sheet.cells.get(cell) ?? { value: "" };
      sheet.cells.set(cell, { ...current, numberFormat: String(value) });
    });
    const setValue = (cell: string, value: unknown, asFormula: boolean) => {
      const current = sheet.cells.get(cell) ?? { value: "" };
      // As Excel: text written as a value into a text-formatted cell ("@") stays text, "=" first or not.
      if (typeof value === "string" && (asFormula || (value.startsWith("=") && current.numberFormat !== "@"))) sheet.cells.set(cell, { ...current, value: undefined, formula: value });
      else sheet.cells.set(cell, { numberFormat: current.numberFormat, value });
    };
    write("values", (cell, value) => setValue(cell, value, false));
    write("formulas", (cell, value) => setValue(cell, value, true));
    const format = mock.format as Record<string, unknown> & { fill: Record<string, unknown> };
    if (typeof format.columnWidth === "number" && !range.applied.has("columnWidth")) {
      range.applied.add("columnWidth");
      sheet.columnWidths.set(address, format.columnWidth);
      this.record({ sheet: sheet.name, address, kind: "format" });
    }
    const validation = mock.dataValidation as Record<string, unknown>;
    if (validation.rule !== undefined && !range.applied.has("validation")) {
      range.applied.add("validation");
      if (!cells) throw new Error(`fake Excel: validation on a whole column ${address} is not modelled`);
      sheet.validations.set(address, { rule: validation.rule, prompt: validation.prompt, errorAlert: validation.errorAlert });
      this.record({ sheet: sheet.name, address, kind: "validation" });
    }
    if (typeof format.fill.color === "string" && !range.applied.has("fill")) {
      range.applied.add("fill");
      sheet.fills.set(address, format.fill.color);
      this.record({ sheet: sheet.name, address, kind: "format" });
    }
  }
}

/**
 * FakeSheet.print as PRINT_SETUP asks: rows 1 to the header row and column A frozen, landscape,
 * one page wide and as many down as needed, the header row on every page, the autofilter over
 * `autoFilter`, and the ranges whose columns were autofitted.
 */
export function printSetupExpected(headerRow: number, autoFilter: string, autofit: string[] = []): FakeSheet["print"] {
  return {
    frozen: `A1:A${headerRow}`,
    orientation: "Landscape",
    zoom: { horizontalFitToPages: 1, verticalFitToPages: 0 },
    titleRows: `$${headerRow}:$${headerRow}`,
    autoFilter,
    autofit,
  };
}

/** A stand-in for Office.context.document.settings (get/set/saveAsync) and the enums the writer reads. */
export function fakeOffice(saved: Record<string, unknown> = {}) {
  const store = { ...saved };
  const saves: Record<string, unknown>[] = [];
  const settings = new OfficeMockObject({
    get: (name: string) => (name in store ? store[name] : null),
    set: (name: string, value: unknown) => {
      store[name] = value;
    },
    saveAsync: (callback: (result: { status: string }) => void) => {
      saves.push({ ...store });
      callback({ status: "succeeded" });
    },
  });
  const office = new OfficeMockObject({ context: { document: {} } }) as unknown as Record<string, unknown> & { context: { document: Record<string, unknown> } };
  office.context.document.settings = settings;
  office.AsyncResultStatus = { Succeeded: "succeeded", Failed: "failed" };
  office.StartupBehavior = { none: "None", load: "Load" };
  return { office, store, saves };
}
