/**
 * Issue 19 item 6: every NYPILOT function over a full column (1,048,576 rows, Excel's limit), through
 * the built bundle dist/functions.js as Excel's runtime loads it (test/support/bundle.ts): a column
 * of valid rows and a column where every row is an error, alternating (valid, error, valid, error …)
 * after one warm-up of each, medians of BENCH_FUNCTION_RUNS (1). A function whose arguments are ranges gets one call with
 * column ranges; HUDSON_QUOTE, HUDSON_QUOTE_CARD, HUDSON_RATES and VERSION answer one cell each (a
 * formula filled down the column), so they get one call per row.
 *
 * The error columns are the valid rows with one input wrong in a way a sheet really is (a text in a
 * number column, a date before the statute, a negative amount, HUDSON_TOTAL without board tables),
 * so that most rows' messages differ (they quote the row's value or date) where the message says so.
 */
import path from "node:path";
import vm from "node:vm";
import { isoToExcelSerial } from "../src/engine";
import { FIXED_PENSION_COHORTS } from "../src/engine/rates/benefits";
import { loadFunctionsBundle } from "../test/support/bundle";
import { median } from "./alternate";
import { BOARD_FEE_RANGE, BOARD_SURCHARGE_RANGE } from "./columns";
import { generateTransits, seededRandom } from "./transits";

type Args = unknown[];

export interface FunctionColumnCase {
  id: string;
  /** "range": one call with column ranges; "cell": one call per row with single cells. */
  shape: "range" | "cell";
  valid: Args;
  error: Args;
  /** What makes each row of the error column an error. */
  errorInput: string;
}

export interface FunctionColumnResult {
  id: string;
  shape: "range" | "cell";
  errorInput: string;
  rows: number;
  validSeconds: number;
  errorSeconds: number;
  validRuns: number[];
  errorRuns: number[];
}

const column = <T>(rows: number, cell: (i: number) => T): T[][] => {
  const out: T[][] = new Array(rows);
  for (let i = 0; i < rows; i++) out[i] = [cell(i)];
  return out;
};

// dist/functions.js from bench/ or from its build in dist-node/bench/.
const FUNCTIONS_JS = path.resolve(__dirname, __dirname.includes("dist-node") ? "../../dist" : "../dist", "functions.js");

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

/** The arguments of every function, valid and erroneous, over `rows` rows. */
export function functionColumnCases(rows: number): FunctionColumnCase[] {
  const transits = generateTransits(rows, 19);
  const random = seededRandom(619);
  const units = column(rows, (i) => transits[i].unitsHundredths / 100);
  const sections = column(rows, (i) => transits[i].section);
  const dates = column(rows, (i) => isoToExcelSerial(transits[i].date));
  const hours = column(rows, (i) => transits[i].hours);
  // Before clause (i) and the surcharge (2015-11-20): each row's own date in its message.
  const datesBefore = column(rows, (i) => isoToExcelSerial(transits[i].date) - 6_000);
  const unitsText = column(rows, () => "n/a");
  const feet = column(rows, () => 300 + Math.floor(random() * 60_000) / 100);
  const breadth = column(rows, () => 30 + Math.floor(random() * 1_500) / 100);
  const depth = column(rows, () => 10 + Math.floor(random() * 1_000) / 100);
  const negative = (grid: number[][]) => grid.map(([x]) => [-x]);
  const amounts = column(rows, () => Math.floor(random() * 500_000_000) / 100);
  const baseFees = column(rows, () => Math.floor(random() * 900_000) / 100);
  // Years § 89-a(6) sets, from its cohorts, and years it does not.
  const isSet = (year: number) => FIXED_PENSION_COHORTS.some((c) => (c.firstYear === null || year >= c.firstYear) && year <= c.lastYear);
  const yearsSet = range(1950, 2040).filter(isSet);
  const yearsNotSet = range(1950, 2040).filter((year) => !isSet(year));
  const years = column(rows, () => yearsSet[Math.floor(random() * yearsSet.length)]);
  const yearsNotCovered = column(rows, () => yearsNotSet[Math.floor(random() * yearsNotSet.length)]);
  const benefitDates = column(rows, () => isoToExcelSerial("2000-01-01") + Math.floor(random() * 12_000));
  // The first day of a quarter, as HUDSON_RESIGNATION_DEADLINE asks.
  const quarterStarts = column(rows, () => isoToExcelSerial(`${2000 + Math.floor(random() * 30)}-${["01", "04", "07", "10"][Math.floor(random() * 4)]}-01`));
  const notDates = column(rows, (i) => `date ${i % 1000}`);
  const statuses = column(rows, () => ["foreign", "registered", "enrolled"][Math.floor(random() * 3)]);
  const tons = column(rows, () => 1 + Math.floor(random() * 40_000));
  const drafts = column(rows, () => 1 + Math.floor(random() * 400) / 10);
  const statusesUnknown = column(rows, () => "tanker");
  const deaths = benefitDates.map(([d]) => [d + Math.floor(random() * 1_000)]);
  const one = (x: unknown) => [[x]];
  const cellRows = (grids: unknown[][][]): Args => [grids];
  return [
    { id: "PILOTAGE_UNITS", shape: "range", valid: [feet, breadth, depth], error: [negative(feet), breadth, depth], errorInput: "negative lengths" },
    { id: "HUDSON_BASE_FEE", shape: "range", valid: [units, sections, dates], error: [units, sections, datesBefore], errorInput: "dates before clause (i)" },
    { id: "HUDSON_SURCHARGE", shape: "range", valid: [units, dates, BOARD_SURCHARGE_RANGE], error: [units, datesBefore, BOARD_SURCHARGE_RANGE], errorInput: "dates before the surcharge" },
    { id: "HUDSON_SECOND_PILOT", shape: "range", valid: [baseFees, hours], error: [negative(baseFees), hours], errorInput: "negative base fees" },
    {
      id: "HUDSON_TOTAL",
      shape: "range",
      valid: [units, sections, dates, hours, null, null, BOARD_FEE_RANGE, BOARD_SURCHARGE_RANGE],
      error: [units, sections, dates, hours],
      errorInput: "no board tables",
    },
    { id: "HUDSON_QUOTE", shape: "cell", valid: cellRows([units, sections, dates, hours, null, null, BOARD_FEE_RANGE, BOARD_SURCHARGE_RANGE].map((g) => g as unknown[][])), error: cellRows([unitsText, sections, dates, hours]), errorInput: "units as text" },
    { id: "HUDSON_QUOTE_CARD", shape: "cell", valid: cellRows([units, sections, dates, hours, null, null, BOARD_FEE_RANGE, BOARD_SURCHARGE_RANGE].map((g) => g as unknown[][])), error: cellRows([unitsText, sections, dates, hours]), errorInput: "units as text" },
    { id: "HUDSON_CLAUSE", shape: "range", valid: [dates], error: [datesBefore], errorInput: "dates before clause (i)" },
    { id: "HUDSON_RATES", shape: "cell", valid: cellRows([dates]), error: cellRows([datesBefore]), errorInput: "dates before clause (i)" },
    { id: "HUDSON_EXPLAIN", shape: "range", valid: [units, sections, dates], error: [units, sections, datesBefore], errorInput: "dates before clause (i)" },
    { id: "HUDSON_PILOT_REQUIRED", shape: "range", valid: [statuses, tons, drafts], error: [statusesUnknown, tons, drafts], errorInput: "an unknown vessel status" },
    { id: "HUDSON_SURCHARGE_CAP", shape: "range", valid: [amounts], error: [negative(amounts)], errorInput: "negative amounts" },
    { id: "HUDSON_RETIREMENT_CONTRIBUTION", shape: "range", valid: [amounts], error: [negative(amounts)], errorInput: "negative amounts" },
    { id: "HUDSON_DISABILITY_BENEFIT", shape: "range", valid: [amounts, one(12), one(false)], error: [negative(amounts), one(12), one(false)], errorInput: "negative amounts" },
    { id: "HUDSON_LAST_YEAR_COUNTS", shape: "range", valid: [benefitDates], error: [notDates], errorInput: "text that is not a date" },
    { id: "HUDSON_FIXED_PENSION", shape: "range", valid: [years], error: [yearsNotCovered], errorInput: "years § 89-a(6) does not set" },
    { id: "HUDSON_BENEFIT_START", shape: "range", valid: [benefitDates], error: [notDates], errorInput: "text that is not a date" },
    { id: "HUDSON_RESIGNATION_DEADLINE", shape: "range", valid: [quarterStarts], error: [benefitDates.map(([d]) => [d + 1])], errorInput: "dates not the first day of a quarter (mostly)" },
    { id: "HUDSON_SPOUSE_BENEFIT", shape: "range", valid: [amounts], error: [negative(amounts)], errorInput: "negative amounts" },
    { id: "HUDSON_SPOUSE_ELIGIBLE", shape: "range", valid: [benefitDates, deaths], error: [notDates, deaths], errorInput: "text that is not a date" },
    { id: "VERSION", shape: "cell", valid: [], error: [], errorInput: "(takes no input: the valid column twice)" },
  ];
}

/** Errors per row counted, so a column that is meant to be valid (or all errors) is checked, not assumed. */
function errorsIn(result: unknown[], isError: (value: unknown) => boolean): number {
  // A row's value: a range call's [value], or a per-cell call's whole answer ([[value]], a spill, a card).
  const first = (value: unknown): unknown => (Array.isArray(value) ? first(value[0]) : value);
  let errors = 0;
  for (const row of result) if (isError(first(row))) errors++;
  return errors;
}

// After the warm-up pair, one timed pair by default (a full column of HUDSON_QUOTE_CARD, one call per cell, takes minutes here).
const RUNS = Number(process.env.BENCH_FUNCTION_RUNS ?? 1);

export function measureFunctionColumns(rows = Number(process.env.BENCH_FUNCTION_ROWS ?? 1_048_576), only?: string[]): FunctionColumnResult[] {
  // Microsoft 365: a host with cell values (ExcelApi 1.16), so money comes back formatted and
  // HUDSON_QUOTE_CARD answers with its card, as most users see them.
  const bundle = loadFunctionsBundle({ file: FUNCTIONS_JS, globals: { Office: { context: { requirements: { isSetSupported: () => true } } } } });
  const isError = (value: unknown) => value instanceof bundle.CustomFunctions.Error;
  const results: FunctionColumnResult[] = [];
  for (const c of functionColumnCases(rows)) {
    if (only && !only.includes(c.id)) continue;
    const fn = bundle.functions.get(c.id);
    if (!fn) throw new Error(`functions.js does not register ${c.id}`);
    // The arguments in the bundle's realm, as Excel hands them over, copied once before timing.
    const prepare = (args: Args): unknown[] => (c.shape === "range" ? args : ((args[0] as unknown[][][] | undefined) ?? [])).map((a) => bundle.toBundleRealm(a));
    const validArgs = prepare(c.valid);
    const errorArgs = prepare(c.error.length === 0 ? c.valid : c.error);
    const run = (args: unknown[]) => {
      if (c.shape === "range") return fn(...args);
      const grids = args as (unknown[][] | null)[];
      // One call per row, each argument that row's cell (a 1×1 range), a table argument whole.
      const out: unknown[] = new Array(rows);
      const BundleArray = vm.runInContext("Array", bundle.context) as ArrayConstructor;
      const cellOf = (grid: unknown[][] | null, r: number) => (grid === null ? null : grid.length === rows ? BundleArray.of(grid[r]) : grid);
      for (let r = 0; r < rows; r++) out[r] = fn(...grids.map((g) => cellOf(g, r)));
      return out;
    };
    const timed = (args: unknown[]) => {
      global.gc?.();
      const start = process.hrtime.bigint();
      const result = run(args);
      return { seconds: Number(process.hrtime.bigint() - start) / 1e9, result: result as unknown[] };
    };
    const warmValid = timed(validArgs);
    const warmError = timed(errorArgs);
    const validErrors = errorsIn(warmValid.result, isError);
    const errorErrors = errorsIn(warmError.result, isError);
    if (validErrors !== 0 && c.id !== "HUDSON_QUOTE_CARD") throw new Error(`${c.id}: ${validErrors} errors in the valid column`);
    if (c.error.length > 0 && errorErrors < rows * 0.7) throw new Error(`${c.id}: only ${errorErrors} of ${rows} rows are errors in the error column`);
    const validRuns: number[] = [];
    const errorRuns: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      validRuns.push(timed(validArgs).seconds);
      errorRuns.push(timed(errorArgs).seconds);
    }
    results.push({ id: c.id, shape: c.shape, errorInput: c.errorInput, rows, validSeconds: median(validRuns), errorSeconds: median(errorRuns), validRuns, errorRuns });
  }
  return results;
}
