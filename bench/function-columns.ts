/**
 * Issue 19 item 6: every NYPILOT function over whole columns, through the built bundle
 * dist/functions.js as Excel's runtime loads it (test/support/bundle.ts): a column of valid rows
 * and a column where every row is an error, alternating (valid, error, valid, error …) after one
 * warm-up of each on the first WARM_UP_ROWS rows, medians of BENCH_FUNCTION_RUNS (3). A function
 * whose arguments are ranges gets one call with column ranges, as Excel calls it for a formula over
 * a column; HUDSON_QUOTE, HUDSON_QUOTE_CARD, HUDSON_RATES and VERSION answer one cell each (a
 * formula filled down the column), so they get one call per row, made from the bundle's own realm
 * with that row's 1×1 ranges (runPerCell), each answer dropped as made.
 *
 * The bundle's context has an ordinary global object, as Excel's runtime has (test/support/bundle.ts):
 * in vm's default contextified sandbox each global the bundle looks up (Array, Object, Error,
 * CustomFunctions…) cost about 0.5 µs, which made a one-cell call look several times dearer than
 * in Excel. Its CustomFunctions.Error captures a stack as deep as the bundle's own
 * Error.stackTraceLimit, as Excel's CustomFunctionError does.
 *
 * A function's per-row cost is compared with HUDSON_BASE_FEE's with each column in a fresh process
 * of its own (measureAlone, bench/function-alone.ts), in pairs, the pair's order alternating, and the
 * ratio is the median of the pairs' quotients, in two states of those processes: alone, and after
 * every other function has run, as in a workbook that uses them all. In the one process that runs
 * every function in turn, a function paid for those run before it, by amounts that differed from
 * function to function, and these machines have slow spells of several seconds (the same card
 * column took 4.49 s and 2.46 s in two processes a minute apart): a HUDSON_BASE_FEE time taken
 * minutes before a function's moved that function's ratio with it.
 *
 * The columns have BENCH_FUNCTION_ROWS rows (1,048,576, Excel's limit, unless set). The full-column
 * time is always measured at 1,048,576 rows, never extrapolated: with fewer rows set, the slower of
 * the two columns is run once more at full size.
 *
 * The error columns are the valid rows with one input wrong in a way a sheet really is (a text in a
 * number column, a date before the statute, a negative amount, HUDSON_TOTAL without board tables),
 * so that most rows' messages differ (they quote the row's value or date) where the message says so.
 * Each input column is made when a function first needs it, from its own seed, so a run of some
 * functions sees the same rows as a run of all.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import vm from "node:vm";
import { isoToExcelSerial } from "../src/engine";
import { FIXED_PENSION_COHORTS } from "../src/engine/rates/benefits";
import { loadFunctionsBundle } from "../test/support/bundle";
import { listedRuns, median } from "./alternate";
import { BOARD_FEE_RANGE, BOARD_SURCHARGE_RANGE } from "./columns";
import { generateTransits, PlainTransit, seededRandom } from "./transits";
import { repoPath } from "./repo-root";

type Args = unknown[];

export interface FunctionColumnCase {
  id: string;
  /** "range": one call with column ranges; "cell": one call per row with single cells. */
  shape: "range" | "cell";
  valid: () => Args;
  /** Empty for a function that takes no input (VERSION): its valid column twice. */
  error: () => Args;
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
  /** The slower column at 1,048,576 rows: one of the runs above, or a run of its own when `rows` is fewer. */
  fullColumnSeconds: number;
  fullColumn: "valid" | "error";
}

/** Excel's last row: a whole column. */
export const FULL_COLUMN_ROWS = 1_048_576;
/** Rows of the warm-up runs: enough for the JIT, a fraction of a full column's time. */
const WARM_UP_ROWS = 65_536;

const column = <T>(rows: number, cell: (i: number) => T): T[][] => {
  const out: T[][] = new Array(rows);
  for (let i = 0; i < rows; i++) out[i] = [cell(i)];
  return out;
};

const FUNCTIONS_JS = repoPath("dist", "functions.js");

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);

/** Values made on first use and kept until `forget` (a full column of every input at once would not fit in memory). */
function lazyValues() {
  const forgetters: (() => void)[] = [];
  const lazy = <T>(make: () => T): (() => T) => {
    let value: T | undefined;
    let made = false;
    forgetters.push(() => {
      value = undefined;
      made = false;
    });
    return () => {
      if (!made) {
        value = make();
        made = true;
      }
      return value as T;
    };
  };
  return { lazy, forget: () => forgetters.forEach((forget) => forget()) };
}

/**
 * The arguments of every function, valid and erroneous, over `rows` rows, each column made when
 * first asked for and kept until `forget()` (call it after each function: its columns are made again).
 */
export function functionColumnCases(rows: number): { cases: FunctionColumnCase[]; forget: () => void } {
  const { lazy, forget } = lazyValues();
  /** A column of `rows` cells from its own generator, seeded by `seed`. */
  const drawn = <T>(seed: number, cell: (random: () => number, i: number) => T) =>
    lazy(() => {
      const random = seededRandom(seed);
      return column(rows, (i) => cell(random, i));
    });
  const transits = lazy(() => generateTransits(rows, 19));
  const fromTransits = <T>(cell: (t: PlainTransit) => T) => lazy(() => column(rows, (i) => cell(transits()[i])));
  const units = fromTransits((t) => t.unitsHundredths / 100);
  const sections = fromTransits((t) => t.section);
  const dates = fromTransits((t) => isoToExcelSerial(t.date));
  const hours = fromTransits((t) => t.hours);
  // Before clause (i) and the surcharge (2015-11-20): each row's own date in its message.
  const datesBefore = fromTransits((t) => isoToExcelSerial(t.date) - 6_000);
  const unitsText = lazy(() => column(rows, () => "n/a"));
  const feet = drawn(619, (random) => 300 + Math.floor(random() * 60_000) / 100);
  const breadth = drawn(620, (random) => 30 + Math.floor(random() * 1_500) / 100);
  const depth = drawn(621, (random) => 10 + Math.floor(random() * 1_000) / 100);
  const negative = (grid: () => number[][]) => lazy(() => grid().map(([x]) => [-x]));
  const amounts = drawn(622, (random) => Math.floor(random() * 500_000_000) / 100);
  const baseFees = drawn(623, (random) => Math.floor(random() * 900_000) / 100);
  // Years § 89-a(6) sets, from its cohorts, and years it does not.
  const isSet = (year: number) => FIXED_PENSION_COHORTS.some((c) => (c.firstYear === null || year >= c.firstYear) && year <= c.lastYear);
  const yearsSet = range(1950, 2040).filter(isSet);
  const yearsNotSet = range(1950, 2040).filter((year) => !isSet(year));
  const years = drawn(624, (random) => yearsSet[Math.floor(random() * yearsSet.length)]);
  const yearsNotCovered = drawn(625, (random) => yearsNotSet[Math.floor(random() * yearsNotSet.length)]);
  const benefitDates = drawn(626, (random) => isoToExcelSerial("2000-01-01") + Math.floor(random() * 12_000));
  // The first day of a quarter, as HUDSON_RESIGNATION_DEADLINE asks.
  const quarterStarts = drawn(627, (random) => isoToExcelSerial(`${2000 + Math.floor(random() * 30)}-${["01", "04", "07", "10"][Math.floor(random() * 4)]}-01`));
  const notQuarterStarts = lazy(() => benefitDates().map(([d]) => [d + 1]));
  const notDates = lazy(() => column(rows, (i) => `date ${i % 1000}`));
  const statuses = drawn(628, (random) => ["foreign", "registered", "enrolled"][Math.floor(random() * 3)]);
  const tons = drawn(629, (random) => 1 + Math.floor(random() * 40_000));
  const drafts = drawn(630, (random) => 1 + Math.floor(random() * 400) / 10);
  const statusesUnknown = lazy(() => column(rows, () => "tanker"));
  const deaths = lazy(() => {
    const random = seededRandom(631);
    return benefitDates().map(([d]) => [d + Math.floor(random() * 1_000)]);
  });
  const one = (x: unknown) => () => [[x]];
  const fixed = (x: unknown) => () => x;
  /** The arguments as (lazy) columns, made when the case runs. */
  const args = (...columns: (() => unknown)[]) => () => columns.map((c) => c());
  /** Per-cell functions: the same, given to the runner as one list of columns. */
  const cellArgs = (...columns: (() => unknown)[]) => () => [columns.map((c) => c())];
  const transitValid = [units, sections, dates, hours, fixed(null), fixed(null), fixed(BOARD_FEE_RANGE), fixed(BOARD_SURCHARGE_RANGE)];
  const cases: FunctionColumnCase[] = [
    { id: "PILOTAGE_UNITS", shape: "range", valid: args(feet, breadth, depth), error: args(negative(feet), breadth, depth), errorInput: "negative lengths" },
    { id: "HUDSON_BASE_FEE", shape: "range", valid: args(units, sections, dates), error: args(units, sections, datesBefore), errorInput: "dates before clause (i)" },
    { id: "HUDSON_SURCHARGE", shape: "range", valid: args(units, dates, fixed(BOARD_SURCHARGE_RANGE)), error: args(units, datesBefore, fixed(BOARD_SURCHARGE_RANGE)), errorInput: "dates before the surcharge" },
    { id: "HUDSON_SECOND_PILOT", shape: "range", valid: args(baseFees, hours), error: args(negative(baseFees), hours), errorInput: "negative base fees" },
    { id: "HUDSON_TOTAL", shape: "range", valid: args(...transitValid), error: args(units, sections, dates, hours), errorInput: "no board tables" },
    { id: "HUDSON_QUOTE", shape: "cell", valid: cellArgs(...transitValid), error: cellArgs(unitsText, sections, dates, hours), errorInput: "units as text" },
    { id: "HUDSON_QUOTE_CARD", shape: "cell", valid: cellArgs(...transitValid), error: cellArgs(unitsText, sections, dates, hours), errorInput: "units as text" },
    { id: "HUDSON_CLAUSE", shape: "range", valid: args(dates), error: args(datesBefore), errorInput: "dates before clause (i)" },
    { id: "HUDSON_RATES", shape: "cell", valid: cellArgs(dates), error: cellArgs(datesBefore), errorInput: "dates before clause (i)" },
    { id: "HUDSON_EXPLAIN", shape: "range", valid: args(units, sections, dates), error: args(units, sections, datesBefore), errorInput: "dates before clause (i)" },
    { id: "HUDSON_PILOT_REQUIRED", shape: "range", valid: args(statuses, tons, drafts), error: args(statusesUnknown, tons, drafts), errorInput: "an unknown vessel status" },
    { id: "HUDSON_SURCHARGE_CAP", shape: "range", valid: args(amounts), error: args(negative(amounts)), errorInput: "negative amounts" },
    { id: "HUDSON_RETIREMENT_CONTRIBUTION", shape: "range", valid: args(amounts), error: args(negative(amounts)), errorInput: "negative amounts" },
    { id: "HUDSON_DISABILITY_BENEFIT", shape: "range", valid: args(amounts, one(12), one(false)), error: args(negative(amounts), one(12), one(false)), errorInput: "negative amounts" },
    { id: "HUDSON_LAST_YEAR_COUNTS", shape: "range", valid: args(benefitDates), error: args(notDates), errorInput: "text that is not a date" },
    { id: "HUDSON_FIXED_PENSION", shape: "range", valid: args(years), error: args(yearsNotCovered), errorInput: "years § 89-a(6) does not set" },
    { id: "HUDSON_BENEFIT_START", shape: "range", valid: args(benefitDates), error: args(notDates), errorInput: "text that is not a date" },
    { id: "HUDSON_RESIGNATION_DEADLINE", shape: "range", valid: args(quarterStarts), error: args(notQuarterStarts), errorInput: "dates not the first day of a quarter (mostly)" },
    { id: "HUDSON_SPOUSE_BENEFIT", shape: "range", valid: args(amounts), error: args(negative(amounts)), errorInput: "negative amounts" },
    { id: "HUDSON_SPOUSE_ELIGIBLE", shape: "range", valid: args(benefitDates, deaths), error: args(notDates, deaths), errorInput: "text that is not a date" },
    { id: "VERSION", shape: "cell", valid: () => [], error: () => [], errorInput: "(takes no input: the valid column twice)" },
  ];
  return { cases, forget };
}

/** Whether a row's answer is an error value: a column meant to be valid (or all errors) is checked, not assumed. */
function isErrorAnswer(answer: unknown, isError: (value: unknown) => boolean): boolean {
  // A row's value: a range call's [value], or a per-cell call's whole answer ([[value]], a spill, a card).
  const first = (value: unknown): unknown => (Array.isArray(value) ? first(value[0]) : value);
  return isError(first(answer));
}

/** A per-cell function's argument: a column of cell values (one per call), or a value passed whole to every call. */
type PerCellArgument = { column: unknown[] } | { whole: unknown };
const isColumn = (a: unknown): a is { column: unknown[] } => typeof a === "object" && a !== null && "column" in a;

/**
 * A per-cell function's runs: one call per row, each argument that row's cell as a 1×1 range and a
 * table argument whole; the answer's errors counted when asked, and each answer dropped as made.
 * Run in the bundle's realm (made there from this function's source, so it may use nothing from
 * outside it), as Excel's runtime calls a custom function from the add-in's own realm. (Called from
 * the bench's realm, every call and every range it made crossed realms: about 1.1 µs a call with a
 * function that does nothing, which Excel does not pay.)
 */
function runPerCell(fn: (...args: unknown[]) => unknown, args: PerCellArgument[], rowCount: number, ErrorValue: new (...args: never[]) => unknown, countErrors: boolean, sink: { answer: unknown }): number {
  let errors = 0;
  const count = args.length;
  for (let r = 0; r < rowCount; r++) {
    const callArguments: unknown[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const a = args[i];
      callArguments[i] = "column" in a ? [[a.column[r]]] : a.whole;
    }
    const answer = fn(...callArguments);
    if (countErrors) {
      // A per-cell call's whole answer: [[value]], a spill or a card; its first cell tells.
      let first: unknown = answer;
      while (Array.isArray(first)) first = first[0];
      if (first instanceof ErrorValue) errors++;
    }
    sink.answer = answer;
  }
  return errors;
}

/** Where a dropped per-cell answer goes, so the call is not optimised away. */
const dropped: { answer: unknown } = { answer: null };

/**
 * How long `run` takes, timed after a full collection (under --expose-gc), with the answer it left
 * in `dropped` let go once the clock has stopped: every timed column, a function's or the reference's.
 */
function timedAfterCollection<T>(run: () => T): { seconds: number; value: T } {
  global.gc?.();
  const start = process.hrtime.bigint();
  const value = run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  dropped.answer = null;
  return { seconds, value };
}

// After the warm-up pair, three timed pairs by default, medians reported: one run of a column
// varied by a third from run to run on these machines (HUDSON_QUOTE_CARD 4.06 and 6.18 s, HUDSON_EXPLAIN
// 2.79 and 3.96 s, same code), enough to flip a goal either way.
const RUNS = Number(process.env.BENCH_FUNCTION_RUNS ?? 3);

/** The function whose valid column is every function's per-row reference (issue 19's "2× HUDSON_BASE_FEE"). */
export const REFERENCE_ID = "HUDSON_BASE_FEE";

/**
 * The bundle as the bench calls it. Microsoft 365: a host with cell values (ExcelApi 1.16), so
 * money comes back formatted and HUDSON_QUOTE_CARD answers with its card, as most users see them.
 */
function loadBenchBundle() {
  const bundle = loadFunctionsBundle({ file: FUNCTIONS_JS, globals: { Office: { context: { requirements: { isSetSupported: () => true } } } } });
  const perCellLoop = vm.runInContext(`(${runPerCell.toString()})`, bundle.context) as typeof runPerCell;
  return { bundle, perCellLoop, isError: (value: unknown) => value instanceof bundle.CustomFunctions.Error };
}

/** One function's columns, ready to be timed in `bench`'s bundle. */
function columnRunner({ bundle, perCellLoop, isError }: ReturnType<typeof loadBenchBundle>, c: FunctionColumnCase) {
  const fn = bundle.functions.get(c.id);
  if (!fn) throw new Error(`functions.js does not register ${c.id}`);
  /**
   * The arguments, made once before timing. A range call's: in the bundle's realm, as Excel hands
   * them over. A per-cell function's: each column of `rowCount` rows as its plain cell values,
   * whose 1×1 range the run makes for each call (as Excel makes each call's arguments), and a
   * table or single cell whole, in the bundle's realm. (Holding the per-cell columns as a million
   * one-cell rows each made every call of HUDSON_QUOTE about 1.5 µs dearer, in the collector,
   * than the same calls with the columns held as values; Excel keeps no such rows in the add-in.)
   */
  const prepare = (args: Args, rowCount: number): unknown[] => {
    if (c.shape === "range") return args.map((a) => bundle.toBundleRealm(a));
    const columns = (args[0] as (unknown[][] | null)[] | undefined) ?? [];
    return columns.map((a): PerCellArgument => (a !== null && a.length === rowCount ? { column: a.map((row) => row[0]) } : { whole: bundle.toBundleRealm(a) }));
  };
  /**
   * The answers' errors are counted, when `countErrors` asks, as each answer is made. A
   * per-cell function's answers are dropped as made, as Excel takes each cell's answer away: none
   * is held past its call, in the warm-up too. (The warm-up once kept 65,536 answers to count
   * their errors afterwards; V8 then allocated the spills' and cards' objects straight into the
   * old generation for the rest of the process (allocation-site pretenuring), which made every
   * later call of HUDSON_QUOTE about 3× dearer than a process that never kept them.)
   */
  const run = (args: unknown[], rowCount: number, countErrors: boolean): number => {
    if (c.shape === "range") {
      const rowsAnswered = fn(...args) as unknown[];
      let errors = 0;
      if (countErrors) for (const row of rowsAnswered) if (isErrorAnswer(row, isError)) errors++;
      dropped.answer = rowsAnswered;
      return errors;
    }
    return perCellLoop(fn, args as PerCellArgument[], rowCount, bundle.CustomFunctions.Error, countErrors, dropped);
  };
  const timed = (args: unknown[], rowCount: number, countErrors = false) => {
    const { seconds, value: errors } = timedAfterCollection(() => run(args, rowCount, countErrors));
    return { seconds, errors };
  };
  /** The first `count` of `of` rows of every column argument (a 1×1 or a table stays whole). */
  const firstRows = (args: unknown[], of: number, count: number) =>
    args.map((a) => (Array.isArray(a) && a.length === of ? a.slice(0, count) : isColumn(a) ? { column: a.column.slice(0, count) } : a));
  /**
   * The warm-up: a run on the first WARM_UP_ROWS rows, its errors counted, so a column meant to be
   * valid (or all errors) is checked, not assumed. `rows` is how many the arguments hold.
   */
  const warmUp = (args: unknown[], rows: number, meant: "valid" | "errors") => {
    const warmRows = Math.min(rows, WARM_UP_ROWS);
    const { errors } = timed(firstRows(args, rows, warmRows), warmRows, true);
    if (meant === "valid" && errors !== 0) throw new Error(`${c.id}: ${errors} errors in the valid column`);
    if (meant === "errors" && errors < warmRows * 0.7) throw new Error(`${c.id}: only ${errors} of ${warmRows} rows are errors in the error column`);
  };
  /**
   * The valid and error columns of `c` (made for `rows` rows), prepared and each warmed up; a
   * function that takes no input (VERSION) has its valid column twice. `forget` lets go of the
   * columns as made, which the prepared ones copy, before anything is run.
   */
  const warmColumns = (rows: number, forget: () => void) => {
    const noInput = c.error().length === 0;
    const validArgs = prepare(c.valid(), rows);
    const errorArgs = noInput ? validArgs : prepare(c.error(), rows);
    forget();
    warmUp(validArgs, rows, "valid");
    warmUp(errorArgs, rows, noInput ? "valid" : "errors");
    return { validArgs, errorArgs, noInput };
  };
  /**
   * The valid column of `c` (made for `rows` rows), prepared, with the made columns let go. Made
   * here, in a frame that returns: a caller that made them itself kept them reachable (a
   * temporary of its own frame) while it timed, about 270 MB of HUDSON_QUOTE_CARD's columns, which
   * slowed the collections of whatever it timed (HUDSON_BASE_FEE's column by 20–30%).
   */
  const preparedValid = (rows: number, forget: () => void): unknown[] => {
    const made = c.valid();
    forget();
    return prepare(made, rows);
  };
  return { prepare, timed, warmUp, warmColumns, preparedValid };
}

export function measureFunctionColumns(rows = Number(process.env.BENCH_FUNCTION_ROWS ?? FULL_COLUMN_ROWS), only?: string[]): FunctionColumnResult[] {
  const bench = loadBenchBundle();
  const { cases, forget } = functionColumnCases(rows);
  // Full-size columns only when the ratio columns are not full size already.
  const full = rows === FULL_COLUMN_ROWS ? { cases, forget } : functionColumnCases(FULL_COLUMN_ROWS);
  const results: FunctionColumnResult[] = [];
  for (const [index, c] of cases.entries()) {
    if (only && !only.includes(c.id)) continue;
    const { prepare, timed, warmColumns } = columnRunner(bench, c);
    const { validArgs, errorArgs, noInput } = warmColumns(rows, forget);
    const validRuns: number[] = [];
    const errorRuns: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      validRuns.push(timed(validArgs, rows).seconds);
      errorRuns.push(timed(errorArgs, rows).seconds);
    }
    const validSeconds = median(validRuns);
    const errorSeconds = median(errorRuns);
    const fullColumn = errorSeconds > validSeconds ? "error" : "valid";
    let fullColumnSeconds = Math.max(validSeconds, errorSeconds);
    forget();
    if (rows !== FULL_COLUMN_ROWS) {
      const fullCase = full.cases[index];
      const fullArgs = prepare(fullColumn === "error" && !noInput ? fullCase.error() : fullCase.valid(), FULL_COLUMN_ROWS);
      fullColumnSeconds = timed(fullArgs, FULL_COLUMN_ROWS).seconds;
      full.forget();
    }
    // Progress on stderr: a run of all functions over full columns takes minutes.
    console.error(`${c.id}: valid ${validSeconds.toFixed(2)} s, errors ${errorSeconds.toFixed(2)} s, full column (${fullColumn}) ${fullColumnSeconds.toFixed(2)} s`);
    results.push({ id: c.id, shape: c.shape, errorInput: c.errorInput, rows, validSeconds, errorSeconds, validRuns, errorRuns, fullColumnSeconds, fullColumn });
  }
  return results;
}

/** Timed runs in each state of a fresh process (measureAlone), the faster kept. */
const RUNS_IN_A_FRESH_PROCESS = 2;
/**
 * Rows of every other function's valid and error columns run between the two states: enough for
 * V8 to have seen each function's calls, a fraction of a second in all.
 */
const OTHERS_ROWS = 4_096;

/** One function's valid column in a fresh process, in its two states (timeValidColumnAlone). */
export interface FreshProcessTimes {
  /** Nothing else run yet in the process. */
  alone: number;
  /** After every other function has run, as in a workbook that uses them all (one runtime per add-in). */
  afterOthers: number;
}

/** The seconds of one state from each fresh process. */
export const timesIn = (times: readonly FreshProcessTimes[], state: keyof FreshProcessTimes): number[] => times.map((t) => t[state]);

/**
 * One function's valid column over `rows` rows in a fresh process, in two states. Alone: the
 * bundle loaded, the column made, one warm-up (WARM_UP_ROWS rows, checked for errors), then two
 * timed runs, the faster kept (the first full-size run of a fresh process also grows its heap,
 * and a slow spell of the machine may fall on either). After others: every other function's valid
 * and error columns run over OTHERS_ROWS rows, then the same warm-up and two timed runs. In
 * Excel every function of the add-in shares one runtime, and code that many functions share
 * (the cell readers, the one-cell path) then has their calls in its type feedback: in one
 * process, HUDSON_QUOTE_CARD took 2.5–4.0 s after nine other functions against 2.2–2.5 s alone,
 * where HUDSON_BASE_FEE took no longer. bench/function-alone.ts calls this in a child process of
 * its own (measureAlone).
 */
export function timeValidColumnAlone(id: string, rows: number): FreshProcessTimes {
  const { cases, forget } = functionColumnCases(rows);
  const c = cases.find((candidate) => candidate.id === id);
  if (!c) throw new Error(`no function ${id}; the functions are ${cases.map((candidate) => candidate.id).join(", ")}`);
  const bench = loadBenchBundle();
  const { timed, warmUp, preparedValid } = columnRunner(bench, c);
  const validArgs = preparedValid(rows, forget);
  const fastestWarm = () => {
    warmUp(validArgs, rows, "valid");
    let fastest = Infinity;
    for (let run = 0; run < RUNS_IN_A_FRESH_PROCESS; run++) fastest = Math.min(fastest, timed(validArgs, rows).seconds);
    return fastest;
  };
  const alone = fastestWarm();
  const others = functionColumnCases(OTHERS_ROWS);
  for (const other of others.cases) if (other.id !== id) columnRunner(bench, other).warmColumns(OTHERS_ROWS, others.forget);
  return { alone, afterOthers: fastestWarm() };
}

// The child process's script: only in the build (dist-node/bench), as `npm run bench` runs.
const ALONE_JS = path.resolve(__dirname, "function-alone.js");

/** `id`'s valid column timed by timeValidColumnAlone in a fresh Node process (under --expose-gc, as the bench runs). */
function timeInFreshProcess(id: string, rows: number): FreshProcessTimes {
  const child = spawnSync(process.execPath, ["--expose-gc", ALONE_JS, id, String(rows)], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 20 });
  if (child.error) throw child.error;
  const script = `${path.basename(ALONE_JS)} ${id} ${rows}`;
  if (child.status !== 0) throw new Error(`${script} exited ${child.status ?? child.signal}: ${child.stderr.trim()}`);
  let times: Partial<FreshProcessTimes> = {};
  try {
    times = JSON.parse(child.stdout) as Partial<FreshProcessTimes>;
  } catch {
    // Reported below as not a time.
  }
  const isTime = (seconds: unknown): seconds is number => typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0;
  if (!isTime(times.alone) || !isTime(times.afterOthers)) throw new Error(`${script} printed ${JSON.stringify(child.stdout)}, not its two times`);
  return { alone: times.alone, afterOthers: times.afterOthers };
}

export interface AloneResult {
  id: string;
  rows: number;
  /** The function's valid column, each pair's from a fresh process. */
  runs: FreshProcessTimes[];
  /** HUDSON_BASE_FEE's valid column, each from a fresh process beside one of `runs`. */
  referenceRuns: FreshProcessTimes[];
}

/**
 * Each function's valid column against HUDSON_BASE_FEE's, each in a fresh process of its own
 * (timeValidColumnAlone: alone, then after every other function), `runs` pairs a function, the
 * pair's order alternating (reference first, then the function first, …) so that a machine
 * getting slower or faster favours neither side. In the one process of measureFunctionColumns, a
 * column paid for whatever ran before it, in amounts that differed from function to function, and
 * the reference was timed minutes away from the function. HUDSON_BASE_FEE is paired with itself
 * too: its ratios show how far two fresh processes of the same column differ.
 */
export function measureAlone(ids: readonly string[], rows = Number(process.env.BENCH_FUNCTION_ROWS ?? FULL_COLUMN_ROWS), runs = RUNS): AloneResult[] {
  return ids.map((id) => {
    const result: AloneResult = { id, rows, runs: [], referenceRuns: [] };
    for (let i = 0; i < runs; i++) {
      if (i % 2 === 0) {
        result.referenceRuns.push(timeInFreshProcess(REFERENCE_ID, rows));
        result.runs.push(timeInFreshProcess(id, rows));
      } else {
        result.runs.push(timeInFreshProcess(id, rows));
        result.referenceRuns.push(timeInFreshProcess(REFERENCE_ID, rows));
      }
    }
    const listed = (times: FreshProcessTimes[], state: keyof FreshProcessTimes) => listedRuns(timesIn(times, state), 2);
    console.error(
      `${id}: alone ${listed(result.runs, "alone")} s, ${REFERENCE_ID} beside it ${listed(result.referenceRuns, "alone")} s; ` +
        `after the others ${listed(result.runs, "afterOthers")} s, ${REFERENCE_ID} beside it ${listed(result.referenceRuns, "afterOthers")} s`,
    );
    return result;
  });
}

/** A function's valid column per row against the reference's in one state of their processes: the median of the pairs' quotients. */
export const perRowRatio = (r: Pick<AloneResult, "runs" | "referenceRuns">, state: keyof FreshProcessTimes): number =>
  median(timesIn(r.runs, state).map((seconds, i) => seconds / r.referenceRuns[i][state]));
