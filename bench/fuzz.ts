/**
 * Property-based fuzzing of every NYPILOT function (src/functions/functions.ts, through the runner) with
 * fast-check: the properties, the cell generators, and `npm run fuzz`, which runs 1,000,000 cases
 * in-process and prints cases, failures and seconds. test/fuzz runs the same properties in jest with
 * a bounded number of runs. Not a test itself; from test/ it takes only the CustomFunctions stand-in.
 *
 * Each case picks a function, interpretation settings and a column of rows of arbitrary cell values
 * (numbers of every kind, text, booleans, blanks, Excel error values) and checks:
 *   1. no exception escapes the adapter;
 *   2. every result is a non-empty rectangular 2-D array whose cells are finite numbers, strings,
 *      booleans, or CustomFunctions.Error values that are either an input error passed through or
 *      #VALUE!/#NUM!/#N/A with a message of 1–255 characters from a typed input error (never
 *      "Unexpected problem") that is not cut short;
 *   3. the column call gives, row by row, what the scalar call gives for that row's values, and the
 *      same again when repeated (no cache serves a stale answer);
 *   4. HUDSON_QUOTE's Total is HUDSON_TOTAL's for the same cells; HUDSON_RATES answers a value and
 *      the same value as a 1×1 range alike.
 * "Wild" cases pass ranges of mixed sizes (jagged, empty, wider than tall) and check 1 and 2, and
 * that HUDSON_QUOTE given any range for a per-transit argument answers with one error.
 */
import fc from "fast-check";
import { DEFAULT_SETTINGS, EngineSettings, resolveSettings, refusalThrown } from "../src/engine";
import * as nypilot from "../src/functions/functions";
import { setFunctionSettings } from "../src/functions/runtime-settings";
import { customFunctionsStandIn } from "../test/support/custom-functions";
import { runCsvFuzz } from "./fuzz-csv";

type Grid = unknown[][];

// ---------------------------------------------------------------------------------------------
// A CustomFunctions stand-in for running outside Excel and outside jest (npm run fuzz).

/** Installs a minimal CustomFunctions global unless one (jest's, Excel's) is already there. */
export function ensureCustomFunctionsGlobal(): void {
  const holder = globalThis as unknown as { CustomFunctions?: unknown };
  if (holder.CustomFunctions !== undefined) return;
  holder.CustomFunctions = customFunctionsStandIn();
}

interface ErrorLike {
  code: string;
  message: string;
}

function errorClass(): new (code: string, message?: string) => ErrorLike {
  return (globalThis as unknown as { CustomFunctions: { Error: new (code: string, message?: string) => ErrorLike } }).CustomFunctions.Error;
}

function isErrorValue(value: unknown): value is ErrorLike {
  return value instanceof errorClass();
}

/** The error codes a stand-in (ours or jest's) declares, read when a value is generated. */
function errorCodes(): string[] {
  return Object.values((globalThis as unknown as { CustomFunctions: { ErrorCode: Record<string, string> } }).CustomFunctions.ErrorCode);
}

// ---------------------------------------------------------------------------------------------
// Cell values.

const SPECIAL_NUMBERS = [
  0, -0, 1, -1, 2, 3, 0.5, 1e-9, Number.MIN_VALUE, Number.EPSILON, 7, 7.0000001, 10, 10.000001, 12, 26, 50, 50.000001, 59, 60, 61,
  99.999999, 100, 100.000001, 199.99, 200, 240, 240.0001, 299.99, 300, 400, 400.01, 500, 500.000001, 2000, 2000.01, 1979, 1980, 2001,
  2015, 2016, 9999, 10000, 46387, 46388, 2958465, 2958466, 50000, 50000.000001, 1e6, 1e15, 1e16, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308,
  Number.MAX_VALUE, -1e308, NaN, Infinity, -Infinity,
];

const SPECIAL_TEXT = [
  "", " ", "   ", "\t", "\n", "\u00a0", "\u3000", "1e309", "-1e309", "1e-400", "1e15", "1e16", "=1+1", "=NYPILOT.HUDSON_TOTAL(A1:A3)", "@SUM(A1)",
  "+1", "-1", "-0", "0", "00", ".5", "5.", "1.", "1,234", "1,234.50", "$1,234.56", "$", "1,23", "12e", "e5", "0x10", "1_000", "NaN",
  "Infinity", "-Infinity", "١٢٣", "１２３", "UNMEASURED", " unmeasured ", "Unmeasured", "UNMEASURED ", "UN MEASURED", "Lower", "upper",
  "LOWER RIVER", "Section 1", "section  2", "Section 2, Upper River", "Middle", "1", "2", "3", "2026-06-15", "2026-12-31", "2027-01-01",
  "2015-11-19", "2015-11-20", "2019-11-20", "2021-06-30", "1900-01-01", "1900-02-29", "1900-03-01", "2024-02-29", "2023-02-29",
  "0000-01-01", "1899-12-31", "9999-12-31", "10000-01-01", "2026-13-01", "2026-00-10", "2026-06-31", "2026-6-15", "2026-06-15T00:00",
  "2026/06/15", "15/06/2026", "June 15, 2026", " 2026-06-15 ", "2026-06-15\n", "600' 6\"", "600 ft 6 in", "600.5ft", "182.88 m", "7206 in",
  "600′ 6″", "600'6''", "600 ft 13 in", "600 ft.", "1,200 ft", "12 m.", "-5 ft", "0 ft", "ft", "m", "in", "feet", "metres", "cm", "'",
  "\"", "TRUE", "FALSE", "true", "yes", "no", "y", "n", "x", "i", "v", "vi", "xi", "XII", "(xi)", "xiii", "iv ", "foreign", "registered",
  "enrolled", "coastwise", "U.S. registered", "us-enrolled", "not_under_register", "#N/A", "#VALUE!", "#NUM!", "null", "undefined",
  "\u0000", "a\nb", "😀", "e\u0301", "\u202eevil", "<script>", "'; DROP TABLE", "9".repeat(400), "1" + "0".repeat(400), "0." + "0".repeat(400) + "1",
  "x".repeat(1000), "2026-06-15".repeat(30),
];

export const numberCell: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_NUMBERS) },
  { weight: 2, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.integer({ min: -1000, max: 3_000_000 }) },
  { weight: 2, arbitrary: fc.double({ min: -10, max: 1000, noNaN: true }) },
  // Excel serial dates 2014–2030, whole or with a time of day.
  { weight: 2, arbitrary: fc.double({ min: 41640, max: 47849, noNaN: true }) },
);

const isoText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1890, max: 2040 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);

export const textCell: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_TEXT) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 8 }) },
  { weight: 2, arbitrary: numberCell.map((n) => String(n)) },
  { weight: 2, arbitrary: isoText },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("", " ", "  "), fc.constantFrom(...SPECIAL_TEXT), fc.constantFrom("", " ", "\t")).map((p) => p.join("")) },
);

/** An Excel error value as a cell: any code, any message (even none). */
const errorCell: fc.Arbitrary<unknown> = fc
  .tuple(fc.nat(100), fc.option(fc.constantFrom("", "upstream", "Division by zero", "x".repeat(300)), { nil: undefined }))
  .map(([i, message]) => {
    const codes = errorCodes();
    return new (errorClass())(codes[i % codes.length], message);
  });

export const anyCell: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: numberCell },
  { weight: 5, arbitrary: textCell },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
  { weight: 1, arbitrary: errorCell },
);

/** Mostly values a user means, around the rules' thresholds; sometimes anything at all. */
function domain(...meant: fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...meant) }, { weight: 2, arbitrary: anyCell });
}

const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
const meantDate = fc.oneof(
  fc.integer({ min: 16_436, max: 22_000 }).map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10)),
  fc.integer({ min: 41_900, max: 48_000 }),
);

const units = domain(
  fc.double({ min: 0, max: 700, noNaN: true }),
  fc.integer({ min: 1, max: 600 }),
  fc.integer({ min: 1, max: 60_000_000 }).map((m) => m / 100_000),
  fc.constantFrom(50, 50.01, 99.99, 100, 100.01, 500, 500.01, 0.000001, 49_999.99, 50_000, 50_000.01, "UNMEASURED", "unmeasured", "271.43"),
);
const section = domain(fc.constantFrom(1, 2, "1", "2", "Lower", "upper", " Section 1 ", "section 2", "Lower River", "UPPER RIVER", 0, 3));
const date = domain(meantDate, isoText, fc.constantFrom(60, 59, 61, 1, 0, 2_958_465, 2_958_466, "2015-11-20", "2020-11-20", "2021-01-01", "2027-01-01"));
const clause = domain(fc.constantFrom("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "(xi)", "XII", " v ", "xiii", 0, ""));
const hours = domain(fc.double({ min: -5, max: 300, noNaN: true }), fc.constantFrom(0, 10, 10.0001, 11, 240, 240.01, "12", "10.5"));
const flag = domain(fc.constantFrom(true, false, 1, 0, "yes", "no", "y", "n", "x", "TRUE", "false", "1", "0", 2, "maybe"));
const amount = domain(money(100_000), fc.double({ min: -1e6, max: 1e9, noNaN: true }), fc.constantFrom("1,234.56", "$5,000", "0", "-0", "1e5", "12.345"));
const years = domain(fc.integer({ min: -2, max: 80 }), fc.constantFrom(1, 25, 26, 70, 71, 1.5, "10", "ten"));
const retirementYear = domain(fc.integer({ min: 1890, max: 2030 }), fc.constantFrom(1979, 1980, 2001, 2002, 2008, 2009, 2010, 2015, 2016, 10_000, 40_000, "2010"));
const vesselStatus = domain(fc.constantFrom("foreign", "registered", "enrolled", "coastwise", "U.S. registered", "American under register", "FOREIGN FLAG", "us enrolled", "yacht"));
const tons = domain(fc.double({ min: 0, max: 2000, noNaN: true }), fc.constantFrom(299.99, 300, 1e6, 1e6 + 1));
const feet = domain(fc.double({ min: 0, max: 300, noNaN: true }), fc.constantFrom(7, 7.01, 100, 100.01, 199.99, 200, 2000, 2000.01));
const measurement = domain(
  fc.double({ min: 0, max: 2500, noNaN: true }),
  fc.tuple(fc.integer({ min: 0, max: 2100 }), fc.integer({ min: 0, max: 13 })).map(([f, i]) => `${f}' ${i}"`),
  fc.tuple(fc.double({ min: 0, max: 800, noNaN: true }), fc.constantFrom(" m", "m", " ft", "ft", " in", " feet", " metres", "")).map(([n, u]) => `${n}${u}`),
);
const lengthUnit = domain(fc.constantFrom("ft", "m", "in", "feet", "metres", "meter", "inch", "'", '"', " M ", 0, "yd"));

/** A board table as a range: maybe a title row, dated rows, rows of any width, blank rows. */
function boardTable(columns: number): fc.Arbitrary<Grid> {
  const meantRow = fc.tuple(meantDate, ...Array.from({ length: columns - 1 }, () => fc.oneof(money(1000), fc.integer({ min: 0, max: 9999 }).map((m) => m / 1000)))).map((r) => [...r] as unknown[]);
  const wildRow = fc.array(anyCell, { minLength: 0, maxLength: columns + 1 });
  const blankRow = fc.constantFrom(Array.from({ length: columns }, () => null), Array.from({ length: columns }, () => 0));
  const titles = fc.constantFrom<unknown[]>(["From", "0-50", "51-100", "Per unit"], ["From date", "Launch", "Communication", "Mid-river launch"]);
  return fc
    .tuple(fc.option(titles, { nil: undefined }), fc.array(fc.oneof({ weight: 4, arbitrary: meantRow }, { weight: 1, arbitrary: wildRow }, { weight: 1, arbitrary: blankRow }), { maxLength: 4 }))
    .map(([title, rows]) => (title ? [title, ...rows] : rows));
}

// ---------------------------------------------------------------------------------------------
// The functions and their arguments.

/** row: one value per row (a column, or one cell broadcast); optional: the same, or missing (null); table: a fixed range or missing. */
type ArgSpec = { kind: "row"; cell: fc.Arbitrary<unknown> } | { kind: "optional"; cell: fc.Arbitrary<unknown> } | { kind: "table"; table: fc.Arbitrary<Grid> };

interface FunctionSpec {
  /** The NYPILOT function's id. */
  id: string;
  args: ArgSpec[];
  call: (args: (Grid | null)[]) => unknown;
  /** Per-row functions answer a column with a column; the others take one transit or one date. */
  columnar: boolean;
  usesSettings: boolean;
}

const row = (cell: fc.Arbitrary<unknown>): ArgSpec => ({ kind: "row", cell });
const optional = (cell: fc.Arbitrary<unknown>): ArgSpec => ({ kind: "optional", cell });
const table = (columns: number): ArgSpec => ({ kind: "table", table: boardTable(columns) });

const transitArgs = [row(units), row(section), row(date), optional(hours), optional(flag), optional(flag), table(4), table(4)];
/** The NYPILOT function `id` (functions.ts) called with the case's arguments, a left-out one as null. */
const nypilotCall =
  (id: keyof typeof nypilot) =>
  (a: (Grid | null)[]): unknown =>
    (nypilot[id] as (...args: unknown[]) => unknown)(...a);

export const FUNCTIONS: Record<string, FunctionSpec> = {
  pilotageUnits: { args: [row(measurement), row(measurement), row(measurement), optional(lengthUnit)], id: "PILOTAGE_UNITS", call: nypilotCall("PILOTAGE_UNITS"), columnar: true, usesSettings: true },
  baseFee: { args: [row(units), row(section), row(date), optional(clause)], id: "HUDSON_BASE_FEE", call: nypilotCall("HUDSON_BASE_FEE"), columnar: true, usesSettings: true },
  explain: { args: [row(units), row(section), row(date), optional(clause)], id: "HUDSON_EXPLAIN", call: nypilotCall("HUDSON_EXPLAIN"), columnar: true, usesSettings: true },
  surcharge: { args: [row(units), row(date), table(4)], id: "HUDSON_SURCHARGE", call: nypilotCall("HUDSON_SURCHARGE"), columnar: true, usesSettings: true },
  secondPilot: { args: [row(amount), row(hours), optional(flag), optional(flag), optional(amount), optional(section)], id: "HUDSON_SECOND_PILOT", call: nypilotCall("HUDSON_SECOND_PILOT"), columnar: true, usesSettings: false },
  total: { args: transitArgs, id: "HUDSON_TOTAL", call: nypilotCall("HUDSON_TOTAL"), columnar: true, usesSettings: true },
  quote: { args: transitArgs, id: "HUDSON_QUOTE", call: nypilotCall("HUDSON_QUOTE"), columnar: false, usesSettings: true },
  clause: { args: [row(date)], id: "HUDSON_CLAUSE", call: nypilotCall("HUDSON_CLAUSE"), columnar: true, usesSettings: true },
  // HUDSON_RATES takes `any`: a single value, or a range Excel passes as a 2-D array.
  rates: { args: [row(date)], id: "HUDSON_RATES", call: nypilotCall("HUDSON_RATES"), columnar: false, usesSettings: true },
  pilotRequired: {
    args: [row(vesselStatus), row(tons), row(feet), optional(flag), optional(flag), optional(feet)],
    id: "HUDSON_PILOT_REQUIRED", call: nypilotCall("HUDSON_PILOT_REQUIRED"),
    columnar: true,
    usesSettings: false,
  },
  surchargeCapFor: { args: [row(amount)], id: "HUDSON_SURCHARGE_CAP", call: nypilotCall("HUDSON_SURCHARGE_CAP"), columnar: true, usesSettings: false },
  retirementContributionFor: { args: [row(amount)], id: "HUDSON_RETIREMENT_CONTRIBUTION", call: nypilotCall("HUDSON_RETIREMENT_CONTRIBUTION"), columnar: true, usesSettings: false },
  disabilityBenefitFor: { args: [row(amount), optional(years), optional(flag)], id: "HUDSON_DISABILITY_BENEFIT", call: nypilotCall("HUDSON_DISABILITY_BENEFIT"), columnar: true, usesSettings: false },
  lastYearCounts: { args: [row(date)], id: "HUDSON_LAST_YEAR_COUNTS", call: nypilotCall("HUDSON_LAST_YEAR_COUNTS"), columnar: true, usesSettings: false },
  fixedPension: { args: [row(retirementYear)], id: "HUDSON_FIXED_PENSION", call: nypilotCall("HUDSON_FIXED_PENSION"), columnar: true, usesSettings: false },
  benefitStart: { args: [row(date)], id: "HUDSON_BENEFIT_START", call: nypilotCall("HUDSON_BENEFIT_START"), columnar: true, usesSettings: false },
  resignationDeadlineFor: { args: [row(date)], id: "HUDSON_RESIGNATION_DEADLINE", call: nypilotCall("HUDSON_RESIGNATION_DEADLINE"), columnar: true, usesSettings: false },
  spouseBenefitFor: { args: [row(amount)], id: "HUDSON_SPOUSE_BENEFIT", call: nypilotCall("HUDSON_SPOUSE_BENEFIT"), columnar: true, usesSettings: false },
  spouseEligibleFor: { args: [row(date), row(date)], id: "HUDSON_SPOUSE_ELIGIBLE", call: nypilotCall("HUDSON_SPOUSE_ELIGIBLE"), columnar: true, usesSettings: false },
};

export const FUNCTION_NAMES = Object.keys(FUNCTIONS);

/** The interpretation settings a workbook may carry (D1, D4, D6). */
const SETTINGS_CHOICES: readonly EngineSettings[] = [
  DEFAULT_SETTINGS,
  refusalThrown(resolveSettings({ unitsDecimals: 2 })),
  refusalThrown(resolveSettings({ unitsDecimals: 0, at100Units: "flatAmount" })),
  refusalThrown(resolveSettings({ at100Units: "flatAmount", clauseVIStart: "2020-06-01" })),
  refusalThrown(resolveSettings({ actEffectiveDate: "2016-03-31", unitsDecimals: 6 })),
];

// ---------------------------------------------------------------------------------------------
// Cases.

/** One value per row, or one value for every row (a 1×1 argument broadcasts). */
type RowArg = { broadcast: true; value: unknown } | { broadcast: false; values: unknown[] };

export interface ColumnCase {
  kind: "column";
  fn: string;
  settings: number;
  /** rows × columns of the ranges (a column when columns is 1). */
  rows: number;
  columns: number;
  args: (RowArg | { missing: true } | { table: Grid | null })[];
}

export interface WildCase {
  kind: "wild";
  fn: string;
  settings: number;
  /** Any nested arrays, of any sizes, or missing. */
  args: (Grid | null)[];
}

export type FuzzCase = ColumnCase | WildCase;

function columnCase(fn: string): fc.Arbitrary<ColumnCase> {
  const spec = FUNCTIONS[fn];
  const shape = spec.columnar
    ? fc.oneof({ weight: 4, arbitrary: fc.tuple(fc.integer({ min: 1, max: 6 }), fc.constant(1)) }, { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })) })
    : fc.constant<[number, number]>([1, 1]);
  return fc.tuple(shape, fc.nat(SETTINGS_CHOICES.length - 1)).chain(([[rows, columns], settings]) => {
    const n = rows * columns;
    const argArbs = spec.args.map((arg): fc.Arbitrary<ColumnCase["args"][number]> => {
      if (arg.kind === "table") return fc.option(arg.table, { nil: null, freq: 3 }).map((t) => ({ table: t }));
      const perRow: fc.Arbitrary<RowArg> = fc.oneof(
        fc.array(arg.cell, { minLength: n, maxLength: n }).map((values): RowArg => ({ broadcast: false, values })),
        arg.cell.map((value): RowArg => ({ broadcast: true, value })),
      );
      if (arg.kind === "optional") return fc.oneof(fc.constant({ missing: true as const }), perRow);
      return perRow;
    });
    return fc.tuple(...argArbs).map((args): ColumnCase => ({ kind: "column", fn, settings, rows, columns, args }));
  });
}

const wildGrid: fc.Arbitrary<Grid> = fc.oneof(
  fc.array(fc.array(anyCell, { minLength: 0, maxLength: 4 }), { minLength: 0, maxLength: 4 }),
  fc.array(fc.array(anyCell, { minLength: 1, maxLength: 1 }), { minLength: 1, maxLength: 5 }),
  anyCell.map((v) => [[v]]),
);

function wildCase(fn: string): fc.Arbitrary<WildCase> {
  const spec = FUNCTIONS[fn];
  const argArbs = spec.args.map((arg) => (arg.kind === "row" ? wildGrid : fc.option(wildGrid, { nil: null })));
  return fc.tuple(fc.nat(SETTINGS_CHOICES.length - 1), ...argArbs).map(([settings, ...args]): WildCase => ({ kind: "wild", fn, settings, args }));
}

/** Cases for the given functions (all by default): mostly column-versus-scalar cases, some wild ranges. */
export function fuzzCase(functions: readonly string[] = FUNCTION_NAMES): fc.Arbitrary<FuzzCase> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.oneof(...functions.map((fn) => columnCase(fn))) },
    { weight: 1, arbitrary: fc.oneof(...functions.map((fn) => wildCase(fn))) },
  );
}

// ---------------------------------------------------------------------------------------------
// Checks.

const OUR_CODES = new Set(["#VALUE!", "#NUM!", "#N/A"]);
const MAXIMUM_MESSAGE_LENGTH = 255;

/** Collects the Excel error values among the inputs: those may come back as they are. */
function inputErrors(args: unknown[], found = new Set<unknown>()): Set<unknown> {
  for (const arg of args) {
    if (Array.isArray(arg)) inputErrors(arg, found);
    else if (isErrorValue(arg)) found.add(arg);
  }
  return found;
}

/** What is wrong with one result cell, or null. */
export function cellProblem(cell: unknown, passThrough: Set<unknown>): string | null {
  if (typeof cell === "number") return Number.isFinite(cell) ? null : `a non-finite number ${cell}`;
  if (typeof cell === "string" || typeof cell === "boolean") return null;
  if (isErrorValue(cell)) {
    if (passThrough.has(cell)) return null;
    if (!OUR_CODES.has(cell.code)) return `error code ${cell.code} that no input carried`;
    if (typeof cell.message !== "string" || cell.message.trim() === "") return `${cell.code} with no message`;
    if (cell.message.length > MAXIMUM_MESSAGE_LENGTH) return `${cell.code} message of ${cell.message.length} characters`;
    if (cell.message.startsWith("Unexpected problem")) return `${cell.code} from an untyped error: ${cell.message}`;
    if (cell.message.endsWith("…") && cell.message.length === MAXIMUM_MESSAGE_LENGTH) return `${cell.code} message cut short: ${cell.message}`;
    if (/[\r\n]/.test(cell.message)) return `${cell.code} message spans lines: ${JSON.stringify(cell.message)}`;
    return null;
  }
  return `a cell that is ${cell === null ? "null" : typeof cell}: ${safeText(cell)}`;
}

/** What is wrong with a whole result, or null. */
export function resultProblem(result: unknown, passThrough: Set<unknown>): string | null {
  if (!Array.isArray(result) || result.length === 0) return `not a non-empty 2-D array: ${safeText(result)}`;
  const width = Array.isArray(result[0]) ? result[0].length : -1;
  for (const [r, resultRow] of result.entries()) {
    if (!Array.isArray(resultRow) || resultRow.length === 0) return `row ${r} is not a non-empty array`;
    if (resultRow.length !== width) return `ragged: row ${r} has ${resultRow.length} cells, row 0 has ${width}`;
    for (const [c, cell] of resultRow.entries()) {
      const problem = cellProblem(cell, passThrough);
      if (problem !== null) return `cell [${r}][${c}] is ${problem}`;
    }
  }
  return null;
}

function sameCell(a: unknown, b: unknown): boolean {
  if (isErrorValue(a) && isErrorValue(b)) return a.code === b.code && a.message === b.message;
  return a === b;
}

function sameResult(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((r, i) => Array.isArray(r) && Array.isArray(b[i]) && r.length === b[i].length && r.every((cell: unknown, j: number) => sameCell(cell, b[i][j])));
}

export function safeText(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_key, v: unknown) => {
      if (isErrorValue(v)) return `<${v.code} ${v.message}>`;
      if (typeof v === "number" && !Number.isFinite(v)) return String(v);
      if (v === undefined) return "<undefined>";
      return v;
    });
    return text === undefined ? String(value) : text.length > 400 ? text.slice(0, 400) + "…" : text;
  } catch {
    return "(not printable)";
  }
}

function call(fn: string, args: (Grid | null)[]): { result: unknown } | { thrown: unknown } {
  try {
    return { result: FUNCTIONS[fn].call(args) };
  } catch (thrown) {
    return { thrown };
  }
}

function describeThrown(thrown: unknown): string {
  return thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : safeText(thrown);
}

/** The arguments of the column call, and of the scalar call for position (r, c). */
function columnArgs(test: ColumnCase): (Grid | null)[] {
  return test.args.map((arg) => {
    if ("missing" in arg) return null;
    if ("table" in arg) return arg.table;
    if (arg.broadcast) return [[arg.value]];
    return Array.from({ length: test.rows }, (_, r) => arg.values.slice(r * test.columns, (r + 1) * test.columns));
  });
}

function scalarArgs(test: ColumnCase, index: number): (Grid | null)[] {
  return test.args.map((arg) => {
    if ("missing" in arg) return null;
    if ("table" in arg) return arg.table;
    return [[arg.broadcast ? arg.value : arg.values[index]]];
  });
}

/**
 * A cell as Excel may pass it to an `any` argument where cell values are allowed
 * (allowCustomDataForDataTypeAny): a formatted number, a String or Boolean value. Blanks and error
 * values as they are.
 */
function asCellValue(cell: unknown): unknown {
  if (typeof cell === "number") return { type: "Double", basicValue: cell, numberFormat: "$#,##0.00" };
  if (typeof cell === "string") return { type: "String", basicValue: cell };
  if (typeof cell === "boolean") return { type: "Boolean", basicValue: cell };
  return cell;
}

/** The call again with every cell of every argument (tables too) as a cell value: the same answer, or what differs. */
function cellValuesProblem(fn: string, args: (Grid | null)[], result: unknown): string | null {
  const asCellValues = args.map((grid) => (Array.isArray(grid) ? grid.map((cells: unknown) => (Array.isArray(cells) ? cells.map(asCellValue) : cells)) : grid)) as (Grid | null)[];
  const outcome = call(fn, asCellValues);
  if ("thrown" in outcome) return `${fn} with its cells as cell values threw ${describeThrown(outcome.thrown)}`;
  return sameResult(outcome.result, result) ? null : `${fn} with its cells as cell values answered ${safeText(outcome.result)}, with plain cells ${safeText(result)}`;
}

/** Checks one case; returns what is wrong, or null. Sets the case's settings and restores the defaults. */
export function checkCase(test: FuzzCase): string | null {
  setFunctionSettings(SETTINGS_CHOICES[test.settings]);
  try {
    return test.kind === "wild" ? checkWild(test) : checkColumn(test);
  } finally {
    setFunctionSettings(DEFAULT_SETTINGS);
  }
}

function checkWild(test: WildCase): string | null {
  const outcome = call(test.fn, test.args);
  if ("thrown" in outcome) return `${test.fn} threw ${describeThrown(outcome.thrown)}`;
  const problem = resultProblem(outcome.result, inputErrors(test.args));
  if (problem !== null) return `${test.fn}: ${problem}`;
  const asValues = cellValuesProblem(test.fn, test.args, outcome.result);
  if (asValues !== null) return asValues;
  if (test.fn === "quote") {
    // One transit only: a range in any per-transit argument must not quote its first row silently.
    const ranged = test.args.slice(0, 6).some((grid) => grid !== null && !(grid.length === 1 && grid[0]?.length === 1));
    const result = outcome.result as unknown[][];
    if (ranged && !(result.length === 1 && result[0].length === 1 && isErrorValue(result[0][0]))) return `quote given a range answered ${safeText(result)}`;
  }
  return null;
}

function checkColumn(test: ColumnCase): string | null {
  const spec = FUNCTIONS[test.fn];
  const args = columnArgs(test);
  const passThrough = inputErrors(args);
  const whole = call(test.fn, args);
  if ("thrown" in whole) return `${test.fn} (${test.rows}×${test.columns}) threw ${describeThrown(whole.thrown)}`;
  const problem = resultProblem(whole.result, passThrough);
  if (problem !== null) return `${test.fn} (${test.rows}×${test.columns}): ${problem}`;
  const result = whole.result as unknown[][];

  if (!spec.columnar) return checkSingle(test, args, result, passThrough) ?? cellValuesProblem(test.fn, args, result);

  const n = test.rows * test.columns;
  // A bad board table is one error for the whole call; so it must be for each row alone.
  const wholeError = n > 1 && result.length === 1 && result[0].length === 1;
  if (!wholeError && (result.length !== test.rows || result[0].length !== test.columns)) {
    return `${test.fn}: a ${test.rows}×${test.columns} call gave a ${result.length}×${result[0].length} result`;
  }
  const again = call(test.fn, args);
  if ("thrown" in again || !sameResult(again.result, result)) return `${test.fn}: the same ${test.rows}×${test.columns} call gave a different answer the second time`;
  for (let i = 0; i < n; i++) {
    const one = call(test.fn, scalarArgs(test, i));
    if ("thrown" in one) return `${test.fn} (row ${i} alone) threw ${describeThrown(one.thrown)}`;
    const oneProblem = resultProblem(one.result, passThrough);
    if (oneProblem !== null) return `${test.fn} (row ${i} alone): ${oneProblem}`;
    const single = one.result as unknown[][];
    if (single.length !== 1 || single[0].length !== 1) return `${test.fn} (row ${i} alone) gave a ${single.length}×${single[0].length} result`;
    const inColumn = wholeError ? result[0][0] : result[Math.floor(i / test.columns)][i % test.columns];
    if (!sameCell(inColumn, single[0][0])) {
      return `${test.fn}: position ${i} of a ${test.rows}×${test.columns} call gave ${safeText(inColumn)}, alone it gives ${safeText(single[0][0])}`;
    }
  }
  return cellValuesProblem(test.fn, args, result);
}

/** HUDSON_QUOTE and HUDSON_RATES: one transit or one date; the same answer however the cell arrives. */
function checkSingle(test: ColumnCase, args: (Grid | null)[], result: unknown[][], passThrough: Set<unknown>): string | null {
  if (test.fn === "rates") {
    const value = (args[0] as Grid)[0][0];
    const plain = call("rates", [value as unknown as Grid]);
    if ("thrown" in plain) return `rates(value) threw ${describeThrown(plain.thrown)}`;
    if (!sameResult(plain.result, result)) return `rates(${safeText(value)}) differs from rates([[${safeText(value)}]])`;
    if (!(result.length === 1 && result[0].length === 1) && !(result.length === 3 && result[0].length === 7)) return `rates gave a ${result.length}×${result[0].length} table`;
    return null;
  }
  // HUDSON_QUOTE spills Item | Amount | Authority; its total is HUDSON_TOTAL's for the same cells.
  if (result.length === 1 && result[0].length === 1) {
    if (!isErrorValue(result[0][0])) return `quote gave one cell that is not an error: ${safeText(result[0][0])}`;
    const totalResult = call("total", args);
    if ("thrown" in totalResult) return `total threw ${describeThrown(totalResult.thrown)}`;
    if (!sameResult(totalResult.result, result)) return `quote's error ${safeText(result)} differs from total's ${safeText(totalResult.result)}`;
    return null;
  }
  if (result[0].length !== 3 || result.length < 3) return `quote gave a ${result.length}×${result[0].length} spill`;
  const last = result[result.length - 1];
  const totalResult = call("total", args);
  if ("thrown" in totalResult) return `total threw ${describeThrown(totalResult.thrown)}`;
  const totalProblem = resultProblem(totalResult.result, passThrough);
  if (totalProblem !== null) return `total: ${totalProblem}`;
  const totalCell = (totalResult.result as unknown[][])[0][0];
  if (last[0] === "Total") {
    if (totalCell !== last[1]) return `quote's Total ${safeText(last[1])} differs from total's ${safeText(totalCell)}`;
  } else if (last[0] === "Total (incomplete)") {
    if (!(isErrorValue(totalCell) && totalCell.code === "#N/A")) return `an incomplete quote, but total gave ${safeText(totalCell)}`;
  } else {
    return `quote's last row is ${safeText(last)}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Running.

export interface FuzzReport {
  cases: number;
  failures: number;
  seconds: number;
  seed: number;
  /** The first few failures, as found (not shrunk). */
  examples: { problem: string; input: string }[];
  /** A shrunk counterexample, when there was a failure. */
  shrunk: string | null;
}

/**
 * Runs `cases` cases without stopping at the first failure, counting failures. When there are some,
 * fast-check replays the same seed with a throwing property to shrink the first one.
 */
export function runFuzz(cases: number, seed: number, functions: readonly string[] = FUNCTION_NAMES): FuzzReport {
  ensureCustomFunctionsGlobal();
  const arbitrary = fuzzCase(functions);
  let failures = 0;
  const examples: FuzzReport["examples"] = [];
  const start = process.hrtime.bigint();
  fc.assert(
    fc.property(arbitrary, (test) => {
      const problem = checkCase(test);
      if (problem !== null) {
        failures++;
        if (examples.length < 5) examples.push({ problem, input: safeText(test) });
      }
    }),
    { numRuns: cases, seed },
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  let shrunk: string | null = null;
  if (failures > 0) {
    const details = fc.check(
      fc.property(arbitrary, (test) => {
        const problem = checkCase(test);
        if (problem !== null) throw new Error(problem);
      }),
      { numRuns: cases, seed },
    );
    shrunk = details.failed ? `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n  input: ${safeText(details.counterexample)}` : null;
  }
  return { cases, failures, seconds, seed, examples, shrunk };
}

function readCount(argv: readonly string[]): number {
  const given = argv[0] ?? process.env.FUZZ_RUNS ?? "1000000";
  const count = Number(given.replace(/[_,]/g, ""));
  if (!Number.isInteger(count) || count < 1) throw new Error(`fuzz: the number of cases must be a whole number of at least 1, not "${given}"`);
  return count;
}

/** The CSV reader's fuzz (bench/fuzz-csv.ts): FUZZ_CSV_RUNS files, default 100,000. */
async function fuzzCsvReader(seed: number): Promise<number> {
  const cases = readCount([process.env.FUZZ_CSV_RUNS ?? "100000"]);
  const report = await runCsvFuzz(cases, seed);
  process.stdout.write(
    `\nCSV reader fuzz (quotes, line breaks, control characters, UTF-8/UTF-16/Latin-1, random chunks; no row lost)\n` +
      `files:    ${report.cases.toLocaleString("en-US")}\n` +
      `failures: ${report.failures.toLocaleString("en-US")}\n` +
      `seconds:  ${report.seconds.toFixed(1)}\n`,
  );
  for (const example of report.examples) process.stdout.write(`\nFAIL ${example.problem}\n  input: ${example.input}\n`);
  return report.failures;
}

async function main(): Promise<void> {
  const cases = readCount(process.argv.slice(2));
  // Every error value is an Error; their stack traces are never read here and cost most of the time.
  Error.stackTraceLimit = 0;
  const seed = process.env.FUZZ_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED);
  const report = runFuzz(cases, seed);
  process.stdout.write(
    `NYPILOT adapter fuzz (${FUNCTION_NAMES.length} functions, fast-check seed ${report.seed})\n` +
      `cases:    ${report.cases.toLocaleString("en-US")}\n` +
      `failures: ${report.failures.toLocaleString("en-US")}\n` +
      `seconds:  ${report.seconds.toFixed(1)}\n`,
  );
  for (const example of report.examples) process.stdout.write(`\nFAIL ${example.problem}\n  input: ${example.input}\n`);
  if (report.shrunk !== null) process.stdout.write(`\nShrunk: ${report.shrunk}\n`);
  const csvFailures = await fuzzCsvReader(seed);
  process.exitCode = report.failures === 0 && csvFailures === 0 ? 0 : 1;
}

if (require.main === module) void main();
