/**
 * Evaluates workbooks that call the NYPILOT custom functions, with HyperFormula standing in for
 * Excel. Every function listed in dist/functions.json is registered as `NYPILOT.<ID>` and runs
 * the code loaded from the built dist/functions.js (test/support/bundle.ts), so a sheet tests
 * the metadata and the bundle together, as Excel would load them.
 *
 *   const sheet = buildHyperFormula({ Quote: [[5000, "=NYPILOT.VERSION()"]] });
 *   sheet.value("Quote!B1");                       // "0.1.0"
 *   const book = await workbookFromExcelJs(buffer) // or an ExcelJS.Workbook built in the test
 *   const evaluated = hyperFormulaFromWorkbook(book, { blankCells: "desktop" });
 *
 * How Excel's calling convention is modelled (see the tests in test/support/hyperformula.test.ts):
 *   - A missing optional argument, or an empty one as in F(1,,3), arrives as null.
 *   - An empty cell arrives as null ("web", the default) or 0 ("desktop"), in ranges too.
 *   - A `matrix` (T[][]) parameter gets a 2-D array: a range as rows of cells, a single value as
 *     [[value]]. A `scalar` parameter given a range of more than one cell is #VALUE!.
 *   - Repeating parameters arrive as one array per parameter, one item per repetition.
 *   - Error values in cells arrive as CustomFunctions.Error objects for `any` and matrix
 *     parameters; for number/string/boolean parameters Excel does not call the function, the
 *     error is the result. number/string/boolean parameters are coerced like Excel does.
 *   - Results: CustomFunctions.Error (returned, or thrown) → CellError with the same code
 *     (#VALUE!→VALUE, #N/A→NA, #NUM!→NUM, #DIV/0!→DIV_BY_ZERO; #NULL!→ERROR, which HyperFormula
 *     lacks); the message is kept only for #VALUE! and #N/A, the codes for which Excel shows one.
 *     Any other thrown error is #VALUE!. A matrix result spills. null, undefined, NaN, Infinity,
 *     ragged arrays, promises and a shape that contradicts the metadata become errors whose
 *     message starts with "harness:" — Excel would not show a number there either.
 *   - TRUE and FALSE in formulas are Excel's constants (HyperFormula alone knows only TRUE()).
 *   - Spilled results: HyperFormula fixes a formula's spill size before it evaluates, so the
 *     workbook is built, the sizes the functions actually returned are recorded, and it is built
 *     again until they agree (usually two builds). A later edit that makes a result grow gives
 *     #SPILL! "harness: …" instead of a silently cut result.
 */
import fs from "fs";
import ExcelJS from "exceljs";
import {
  ArraySize,
  CellError,
  CellValue,
  ConfigParams,
  DetailedCellError,
  EmptyValue,
  ErrorType,
  FunctionArgumentType,
  FunctionPlugin,
  FunctionPluginDefinition,
  HyperFormula,
  ImplementedFunctions,
  RawCellContent,
  SimpleRangeValue,
} from "hyperformula";
import type { FunctionMetadata as HyperFormulaFunctionMetadata } from "hyperformula";
import type { Ast, ProcedureAst } from "hyperformula/typings/parser/Ast";
import type { InterpreterState } from "hyperformula/typings/interpreter/InterpreterState";
import type { InternalScalarValue, InterpreterValue } from "hyperformula/typings/interpreter/InterpreterValue";
import {
  CODES_WITH_MESSAGES,
  ERROR_CODES,
  ErrorCodeValue,
  FunctionMetadata,
  FunctionsMetadata,
  INPUT_ONLY_CODES,
  LoadedBundle,
  ParameterMetadata,
  StandInError,
  isErrorCode,
  loadFunctionsBundle,
  readFunctionsMetadata,
} from "./bundle";

/** The custom functions' namespace, as manifest.xml declares it. */
export const NAMESPACE = "NYPILOT";
/** HyperFormula is GPL-3.0; it is used in tests only (see docs on the toolchain). */
export const LICENSE_KEY = "gpl-v3";

export interface HarnessOptions {
  /** How an empty cell reaches a function: null as in Excel on the web (default) or 0 as on the desktop. */
  blankCells?: "web" | "desktop";
  /** The loaded functions bundle; dist/functions.js by default. */
  bundle?: LoadedBundle;
  /** The functions' metadata; dist/functions.json by default. */
  metadata?: FunctionsMetadata;
  /** The namespace the functions are called with; NYPILOT by default. */
  namespace?: string;
  /** Extra HyperFormula configuration (licenseKey and functionPlugins are set by the harness). */
  config?: Partial<ConfigParams>;
  /** How many builds may be spent settling spill sizes before giving up (default 6). */
  maxPasses?: number;
  /** The workbook's names (Excel tables and defined names), as HyperFormula named expressions. */
  namedExpressions?: readonly { name: string; expression: string }[];
}

/** A cell's value as HyperFormula reports it: number, string, boolean, null or DetailedCellError. */
export type EvaluatedValue = CellValue;

export interface EvaluatedWorkbook {
  readonly hf: HyperFormula;
  /** How many builds it took for the spill sizes to settle. */
  readonly passes: number;
  /** How many times each function was called during the final build, by id. */
  readonly calls: ReadonlyMap<string, number>;
  /** The value of one cell, by A1 address with sheet name ("Quote!B2", or "B2" on the first sheet). */
  value(address: string): EvaluatedValue;
  /** The values of a rectangular range ("Quote!A1:C4"), row by row. */
  values(range: string): EvaluatedValue[][];
  /** A whole sheet's values, row by row, by name. */
  sheetValues(sheetName: string): EvaluatedValue[][];
  destroy(): void;
}

interface CompiledFunction {
  readonly metadata: FunctionMetadata;
  readonly name: string;
  readonly implementation: (...args: unknown[]) => unknown;
  readonly fixed: ParameterMetadata[];
  readonly repeating: ParameterMetadata[];
  readonly matrixResult: boolean;
}

interface Size {
  width: number;
  height: number;
}

const HF_TO_CUSTOM_FUNCTIONS: Partial<Record<ErrorType, ErrorCodeValue>> = {
  [ErrorType.VALUE]: ERROR_CODES.invalidValue,
  [ErrorType.NA]: ERROR_CODES.notAvailable,
  [ErrorType.NUM]: ERROR_CODES.invalidNumber,
  [ErrorType.DIV_BY_ZERO]: ERROR_CODES.divisionByZero,
  [ErrorType.NAME]: ERROR_CODES.invalidName,
  [ErrorType.REF]: ERROR_CODES.invalidReference,
};

const CUSTOM_FUNCTIONS_TO_HF: Record<ErrorCodeValue, ErrorType> = {
  "#VALUE!": ErrorType.VALUE,
  "#N/A": ErrorType.NA,
  "#NUM!": ErrorType.NUM,
  "#DIV/0!": ErrorType.DIV_BY_ZERO,
  "#NULL!": ErrorType.ERROR,
  "#NAME?": ErrorType.NAME,
  "#REF!": ErrorType.REF,
};

/** Thrown inside argument conversion when Excel would not call the function at all. */
class NotCalled {
  constructor(readonly result: CellError) {}
}

function isRichNumber(value: unknown): value is { val: number } {
  return typeof value === "object" && value !== null && typeof (value as { val?: unknown }).val === "number";
}

/** Everything one harness instance shares between its builds. */
class HarnessRuntime {
  readonly functions: CompiledFunction[];
  readonly namespace: string;
  predicted = new Map<string, Size>();
  observed = new Map<string, Size>();
  calls = new Map<string, number>();

  constructor(
    readonly bundle: LoadedBundle,
    metadata: FunctionsMetadata,
    readonly blank: null | 0,
    namespace: string,
  ) {
    this.namespace = namespace.toUpperCase();
    this.functions = metadata.functions.map((fn) => this.compile(fn));
  }

  private compile(metadata: FunctionMetadata): CompiledFunction {
    const implementation = this.bundle.functions.get(metadata.id.toUpperCase());
    if (!implementation) throw new Error(`functions.json lists ${metadata.id}, but the bundle did not associate it`);
    const unsupported = (["stream", "cancelable", "requiresParameterAddresses"] as const).filter((option) => metadata.options?.[option]);
    if (unsupported.length > 0) throw new Error(`harness: ${metadata.id} uses ${unsupported.join(", ")}, which the harness does not model`);
    const parameters = metadata.parameters ?? [];
    const firstRepeating = parameters.findIndex((p) => p.repeating);
    const fixed = firstRepeating < 0 ? parameters : parameters.slice(0, firstRepeating);
    const repeating = firstRepeating < 0 ? [] : parameters.slice(firstRepeating);
    if (repeating.some((p) => !p.repeating)) throw new Error(`harness: ${metadata.id} has a parameter after a repeating one`);
    return {
      metadata,
      name: `${this.namespace}.${metadata.id.toUpperCase()}`,
      implementation,
      fixed,
      repeating,
      matrixResult: metadata.result?.dimensionality === "matrix",
    };
  }

  sizeKey(state: InterpreterState, ast: ProcedureAst): string {
    const { sheet, row, col } = state.formulaAddress;
    return `${sheet}!${row},${col}:${JSON.stringify(ast)}`;
  }

  /** Turns HyperFormula's evaluated arguments into what Excel would pass, then calls the function. */
  invoke(fn: CompiledFunction, values: (InterpreterValue | undefined)[], empty: boolean[], state: InterpreterState): InterpreterValue {
    this.calls.set(fn.metadata.id, (this.calls.get(fn.metadata.id) ?? 0) + 1);
    let args: unknown[];
    try {
      args = fn.fixed.map((parameter, index) => this.argument(values[index], parameter, empty[index]));
      if (fn.repeating.length > 0) {
        const extra = values.slice(fn.fixed.length);
        const groups = fn.repeating.map(() => [] as unknown[]);
        extra.forEach((value, offset) => {
          const which = offset % fn.repeating.length;
          groups[which].push(this.argument(value, fn.repeating[which], empty[fn.fixed.length + offset]));
        });
        args.push(...groups);
      }
    } catch (error) {
      if (error instanceof NotCalled) return error.result;
      throw error;
    }
    if (fn.metadata.options?.requiresAddress) {
      args.push({ functionName: fn.metadata.id, address: this.addressOf(state) });
    }
    let result: unknown;
    try {
      result = fn.implementation(...args.map((arg) => this.bundle.toBundleRealm(arg)));
    } catch (error) {
      if (error instanceof StandInError) return this.cellError(error, fn);
      // Errors thrown in the bundle come from its own realm: not `instanceof Error` here.
      const message = typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string" ? (error as Error).message : String(error);
      return new CellError(ErrorType.VALUE, `harness: ${fn.name} threw "${message}"; Excel shows #VALUE!`);
    }
    return this.result(result, fn);
  }

  private addressOf(state: InterpreterState): string {
    const { row, col } = state.formulaAddress;
    let letters = "";
    for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    return `${letters}${row + 1}`;
  }

  private argument(value: InterpreterValue | undefined, parameter: ParameterMetadata, syntacticallyEmpty: boolean): unknown {
    if (value === undefined || syntacticallyEmpty) return null;
    if (parameter.dimensionality === "matrix") {
      if (value instanceof SimpleRangeValue) return value.data.map((row) => row.map((cell) => this.cell(cell)));
      return [[this.cell(value)]];
    }
    let scalar: InterpreterValue = value;
    if (scalar instanceof SimpleRangeValue) {
      if (scalar.width() !== 1 || scalar.height() !== 1) {
        throw new NotCalled(new CellError(ErrorType.VALUE, `harness: a ${scalar.height()}×${scalar.width()} range was given to the single-value parameter "${parameter.name}"`));
      }
      scalar = scalar.data[0][0];
    }
    if (scalar instanceof CellError) {
      if (parameter.type === undefined || parameter.type === "any") return this.inputError(scalar);
      throw new NotCalled(scalar);
    }
    return this.coerce(this.cell(scalar), parameter);
  }

  /** One cell of an argument: plain number/string/boolean, the blank value, or an error object. */
  private cell(value: InternalScalarValue): unknown {
    if (value === EmptyValue) return this.blank;
    if (value instanceof CellError) return this.inputError(value);
    if (isRichNumber(value)) return value.val;
    return value;
  }

  private inputError(error: CellError): StandInError {
    const code = HF_TO_CUSTOM_FUNCTIONS[error.type] ?? ERROR_CODES.invalidValue;
    // The bundle's own CustomFunctions.Error, as Excel hands the functions its own class's values.
    return new this.bundle.CustomFunctions.Error(code, error.message || undefined);
  }

  /** Excel's conversions for typed single-value parameters (null stays null). */
  private coerce(value: unknown, parameter: ParameterMetadata): unknown {
    if (value === null || parameter.type === undefined || parameter.type === "any") return value;
    const fail = (): never => {
      throw new NotCalled(new CellError(ErrorType.VALUE, `harness: "${String(value)}" is not a ${parameter.type} for parameter "${parameter.name}"`));
    };
    switch (parameter.type) {
      case "number":
        if (typeof value === "number") return value;
        if (typeof value === "boolean") return value ? 1 : 0;
        if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
        return fail();
      case "string":
        if (typeof value === "string") return value;
        if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
        return String(value);
      case "boolean":
        if (typeof value === "boolean") return value;
        if (typeof value === "number") return value !== 0;
        if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toUpperCase() === "TRUE";
        return fail();
    }
  }

  private cellError(error: StandInError, fn: CompiledFunction): CellError {
    if (!isErrorCode(error.code)) {
      return new CellError(ErrorType.VALUE, `harness: ${fn.name} returned an error with the unknown code "${String(error.code)}"`);
    }
    if (INPUT_ONLY_CODES.includes(error.code)) {
      return new CellError(ErrorType.VALUE, `harness: ${fn.name} returned ${error.code}, which Excel accepts only as an input error`);
    }
    const message = CODES_WITH_MESSAGES.includes(error.code) && error.message ? error.message : undefined;
    return new CellError(CUSTOM_FUNCTIONS_TO_HF[error.code], message);
  }

  private result(result: unknown, fn: CompiledFunction): InterpreterValue {
    if (typeof result === "object" && result !== null && typeof (result as { then?: unknown }).then === "function") {
      return new CellError(ErrorType.VALUE, `harness: ${fn.name} returned a promise; the NYPILOT functions must be synchronous`);
    }
    if (!fn.matrixResult) {
      if (Array.isArray(result)) return new CellError(ErrorType.VALUE, `harness: ${fn.name} returned an array but functions.json declares a single value`);
      return this.resultCell(result, fn);
    }
    if (result instanceof StandInError) return this.cellError(result, fn);
    if (!Array.isArray(result) || result.length === 0 || !result.every((row) => Array.isArray(row))) {
      return new CellError(ErrorType.VALUE, `harness: ${fn.name} must return a non-empty array of rows (functions.json declares a matrix)`);
    }
    const rows = result as unknown[][];
    const width = rows[0].length;
    if (width === 0 || rows.some((row) => row.length !== width)) {
      return new CellError(ErrorType.VALUE, `harness: ${fn.name} returned rows of different lengths (or empty rows)`);
    }
    return SimpleRangeValue.onlyValues(rows.map((row) => row.map((cell) => this.resultCell(cell, fn))));
  }

  private resultCell(value: unknown, fn: CompiledFunction): InternalScalarValue {
    if (value instanceof StandInError) return this.cellError(value, fn);
    if (typeof value === "number") {
      return Number.isFinite(value) ? value : new CellError(ErrorType.NUM, `harness: ${fn.name} returned ${value}`);
    }
    if (typeof value === "string" || typeof value === "boolean") return value;
    const what = value === null ? "null" : value === undefined ? "undefined" : Object.prototype.toString.call(value);
    return new CellError(ErrorType.VALUE, `harness: ${fn.name} returned ${what}; return a number, text, a boolean or a CustomFunctions.Error`);
  }
}

function parameterDefinition(parameter: ParameterMetadata) {
  return {
    argumentType: parameter.dimensionality === "matrix" ? FunctionArgumentType.RANGE : FunctionArgumentType.SCALAR,
    optionalArg: parameter.optional === true,
  };
}

/** A HyperFormula function plugin class that serves every function of `runtime`. */
function createPlugin(runtime: HarnessRuntime): FunctionPluginDefinition {
  class NypilotHarnessPlugin extends FunctionPlugin {
    static override implementedFunctions: ImplementedFunctions = {};

    evaluateCall(fn: CompiledFunction, ast: ProcedureAst, state: InterpreterState): InterpreterValue {
      const parameterCount = fn.fixed.length + fn.repeating.length;
      const required = fn.fixed.filter((p) => !p.optional).length + (fn.repeating.some((p) => !p.optional) ? fn.repeating.length : 0);
      const count = ast.args.length;
      const tooMany = fn.repeating.length === 0 ? count > parameterCount : count > fn.fixed.length && (count - fn.fixed.length) % fn.repeating.length !== 0;
      if (count < required || tooMany) {
        return new CellError(ErrorType.NA, `harness: ${fn.name} takes ${parameterCount} argument(s)${fn.repeating.length ? " (the last repeating)" : ""}; ${count} given`);
      }
      const empty = ast.args.map((arg: Ast) => arg.type === "EMPTY");
      const values = ast.args.map((arg: Ast) => this.evaluateAst(arg, state));
      let value = runtime.invoke(fn, values, empty, state);
      if (!fn.matrixResult) return value;

      const key = runtime.sizeKey(state, ast);
      const actual: Size = value instanceof SimpleRangeValue ? { width: value.width(), height: value.height() } : { width: 1, height: 1 };
      runtime.observed.set(key, actual);
      const predicted = runtime.predicted.get(key) ?? { width: 1, height: 1 };
      if (actual.width > predicted.width || actual.height > predicted.height) {
        return new CellError(
          ErrorType.SPILL,
          `harness: ${fn.name} returned ${actual.height}×${actual.width} where ${predicted.height}×${predicted.width} was reserved; rebuild the workbook with the harness`,
        );
      }
      if (value instanceof SimpleRangeValue && predicted.width === 1 && predicted.height === 1) value = value.data[0][0];
      return value;
    }

    predictSize(ast: ProcedureAst, state: InterpreterState): ArraySize {
      const size = runtime.predicted.get(runtime.sizeKey(state, ast));
      return size ? new ArraySize(size.width, size.height) : ArraySize.scalar();
    }
  }

  runtime.functions.forEach((fn, index) => {
    const method = `call${index}`;
    const sizeMethod = `size${index}`;
    const definition: HyperFormulaFunctionMetadata = {
      method,
      parameters: [...fn.fixed, ...fn.repeating].map(parameterDefinition),
      vectorizationForbidden: true,
      isVolatile: fn.metadata.options?.volatile === true,
    };
    if (fn.repeating.length > 0) definition.repeatLastArgs = fn.repeating.length;
    if (fn.matrixResult) definition.sizeOfResultArrayMethod = sizeMethod;
    NypilotHarnessPlugin.implementedFunctions[fn.name] = definition;
    Object.defineProperty(NypilotHarnessPlugin.prototype, method, {
      value(this: NypilotHarnessPlugin, ast: ProcedureAst, state: InterpreterState) {
        return this.evaluateCall(fn, ast, state);
      },
    });
    Object.defineProperty(NypilotHarnessPlugin.prototype, sizeMethod, {
      value(this: NypilotHarnessPlugin, ast: ProcedureAst, state: InterpreterState) {
        return this.predictSize(ast, state);
      },
    });
  });
  return NypilotHarnessPlugin;
}

function sameSizes(observed: Map<string, Size>, predicted: Map<string, Size>): boolean {
  for (const [key, size] of observed) {
    const before = predicted.get(key) ?? { width: 1, height: 1 };
    if (before.width !== size.width || before.height !== size.height) return false;
  }
  return true;
}

/** Excel's TRUE and FALSE constants; HyperFormula only knows the functions TRUE() and FALSE(). */
const EXCEL_CONSTANTS = [
  { name: "TRUE", expression: "=TRUE()" },
  { name: "FALSE", expression: "=FALSE()" },
];

/** Raw contents by sheet name: numbers, strings, booleans, null, or formulas starting with "=". */
export type SheetContents = Record<string, RawCellContent[][]>;

/**
 * Builds HyperFormula over `sheets` with every function in functions.json registered, rebuilding
 * until spilled results have the room they need. The caller destroys the result when done.
 */
export function buildHyperFormula(sheets: SheetContents, options: HarnessOptions = {}): EvaluatedWorkbook {
  const bundle = options.bundle ?? loadFunctionsBundle();
  const metadata = options.metadata ?? readFunctionsMetadata();
  const runtime = new HarnessRuntime(bundle, metadata, options.blankCells === "desktop" ? 0 : null, options.namespace ?? NAMESPACE);
  const plugin = createPlugin(runtime);
  const language = HyperFormula.getLanguage((options.config?.language as string | undefined) ?? "enGB");
  language.extendFunctions(Object.fromEntries(runtime.functions.map((fn) => [fn.name, fn.name])));
  const maxPasses = options.maxPasses ?? 6;

  for (let pass = 1; pass <= maxPasses; pass++) {
    runtime.observed = new Map();
    runtime.calls = new Map();
    const hf = HyperFormula.buildFromSheets(
      sheets,
      { ...options.config, licenseKey: LICENSE_KEY, functionPlugins: [...HyperFormula.getAllFunctionPlugins(), plugin] },
      [...EXCEL_CONSTANTS, ...(options.namedExpressions ?? [])],
    );
    if (sameSizes(runtime.observed, runtime.predicted)) return evaluatedWorkbook(hf, pass, runtime.calls);
    runtime.predicted = new Map([...runtime.predicted, ...runtime.observed]);
    hf.destroy();
  }
  throw new Error(`harness: spilled results did not settle in ${maxPasses} builds (each spill changes another's inputs)`);
}

function evaluatedWorkbook(hf: HyperFormula, passes: number, calls: ReadonlyMap<string, number>): EvaluatedWorkbook {
  const firstSheet = hf.getSheetNames()[0];
  const qualify = (address: string): string => (address.includes("!") ? address : `${quoteSheetName(firstSheet)}!${address}`);
  return {
    hf,
    passes,
    calls,
    value(address: string): EvaluatedValue {
      const simple = hf.simpleCellAddressFromString(qualify(address), 0);
      if (!simple) throw new Error(`Not a cell address: ${address}`);
      return hf.getCellValue(simple);
    },
    values(range: string): EvaluatedValue[][] {
      const simple = hf.simpleCellRangeFromString(qualify(range), 0);
      if (!simple) throw new Error(`Not a range: ${range}`);
      return hf.getRangeValues(simple);
    },
    sheetValues(sheetName: string): EvaluatedValue[][] {
      const id = hf.getSheetId(sheetName);
      if (id === undefined) throw new Error(`No sheet named ${sheetName}`);
      return hf.getSheetValues(id);
    },
    destroy(): void {
      hf.destroy();
    },
  };
}

function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** Excel's serial number for a date (the 1900 date system; exceljs reads dates as UTC). */
export function excelSerial(date: Date): number {
  return date.getTime() / 86_400_000 + 25_569;
}

function formulaText(formula: string): string {
  // Files written by Excel prefix newer functions; HyperFormula knows them without the prefix.
  return `=${formula.replace(/_xlfn\.|_xlws\./g, "")}`;
}

/** The cell contents of an exceljs workbook, ready for buildHyperFormula (formulas, not cached results). */
export function sheetsFromWorkbook(workbook: ExcelJS.Workbook): SheetContents {
  const sheets: SheetContents = {};
  for (const worksheet of workbook.worksheets) {
    const rows: RawCellContent[][] = [];
    const covered = new Set<string>(); // cells inside an array formula's range, other than its anchor
    worksheet.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        const value = cell.value as { shareType?: string; ref?: string } | null;
        if (value && typeof value === "object" && value.shareType === "array" && value.ref) {
          const [start, end = start] = value.ref.split(":");
          const from = worksheet.getCell(start);
          const to = worksheet.getCell(end);
          for (let r = Number(from.row); r <= Number(to.row); r++) {
            for (let c = Number(from.col); c <= Number(to.col); c++) if (r !== Number(from.row) || c !== Number(from.col)) covered.add(`${r},${c}`);
          }
        }
      });
    });
    worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      row.eachCell({ includeEmpty: false }, (cell, colNumber) => {
        if (covered.has(`${rowNumber},${colNumber}`)) return;
        const content = cellContent(cell);
        if (content === null) return;
        while (rows.length < rowNumber) rows.push([]);
        const target = rows[rowNumber - 1];
        while (target.length < colNumber - 1) target.push(null);
        target[colNumber - 1] = content;
      });
    });
    sheets[worksheet.name] = rows;
  }
  return sheets;
}

function cellContent(cell: ExcelJS.Cell): RawCellContent {
  if (cell.type === ExcelJS.ValueType.Merge && cell.master !== cell) return null;
  if (cell.formula) return formulaText(cell.formula);
  const value = cell.value;
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean") return value;
  // A leading apostrophe keeps text as text: HyperFormula would otherwise parse "12" or "=1".
  if (typeof value === "string") return `'${value}`;
  if (value instanceof Date) return excelSerial(value);
  if (typeof value === "object") {
    if ("richText" in value) return `'${value.richText.map((run) => run.text).join("")}`;
    if ("error" in value) return `=${value.error}`;
    if ("text" in value && "hyperlink" in value) return `'${String(value.text)}`;
  }
  throw new Error(`harness: cannot read the value of ${cell.address}: ${JSON.stringify(value)}`);
}

/** buildHyperFormula over an exceljs workbook's cells and formulas. */
export function hyperFormulaFromWorkbook(workbook: ExcelJS.Workbook, options: HarnessOptions = {}): EvaluatedWorkbook {
  return buildHyperFormula(sheetsFromWorkbook(workbook), { namedExpressions: definedNamesOf(workbook), ...options });
}

/** The workbook's defined names (one range each) as HyperFormula named expressions. */
export function definedNamesOf(workbook: ExcelJS.Workbook): { name: string; expression: string }[] {
  const model = (workbook.definedNames as unknown as { model: { name: string; ranges: string[] }[] }).model;
  return model.filter((entry) => entry.ranges.length === 1).map((entry) => ({ name: entry.name, expression: `=${entry.ranges[0]}` }));
}

/** Reads an .xlsx file (path or bytes) with exceljs. */
export async function readWorkbook(source: string | Buffer | ArrayBuffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  const bytes = typeof source === "string" ? fs.readFileSync(source) : source;
  await workbook.xlsx.load(bytes as ArrayBuffer);
  return workbook;
}

/** True for a HyperFormula error value of the given type (and message, when given). */
export function isCellError(value: EvaluatedValue, type: ErrorType, message?: string | RegExp): value is DetailedCellError {
  if (!(value instanceof DetailedCellError) || value.type !== type) return false;
  if (message === undefined) return true;
  return typeof message === "string" ? value.message === message : message.test(value.message);
}

export { DetailedCellError, ErrorType };

/**
 * Every formula cell of a written workbook, evaluated by HyperFormula with the built add-in, beside
 * the value cached with it: the mismatches (none when the workbook's values are what its formulas
 * give) and how many formulas were compared.
 */
export async function formulasBesideCache(file: string): Promise<{ formulas: number; mismatches: string[] }> {
  const workbook = await readWorkbook(file);
  // Excel evaluates SUMPRODUCT's arguments (the Summary's ISNUMBER over a column) as arrays; HyperFormula does with array arithmetic on.
  const evaluated = hyperFormulaFromWorkbook(workbook, { config: { useArrayArithmetic: true } });
  const mismatches: string[] = [];
  let formulas = 0;
  try {
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (!cell.formula) return;
          formulas += 1;
          const value = evaluated.value(`'${sheet.name}'!${cell.address}`);
          // cell.result, not cell.value.result: exceljs's value getter drops a cached 0 or FALSE.
          const cached = cell.result as unknown;
          const same =
            value instanceof DetailedCellError
              ? typeof cached === "object" && cached !== null && (cached as { error: string }).error === value.value
              : value === cached;
          if (!same) mismatches.push(`${sheet.name}!${cell.address} =${cell.formula}: HyperFormula ${String(value)} (${value instanceof DetailedCellError ? value.message : ""}), cached ${JSON.stringify(cached)}`);
        }),
      );
    }
  } finally {
    evaluated.destroy();
  }
  return { formulas, mismatches };
}
