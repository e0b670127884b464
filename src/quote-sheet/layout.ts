/**
 * The quote sheet, as plain data: one declaration for the task pane's Insert quote and for
 * `hudson-pilotage call -o quote.xlsx`: labelled input cells, =NYPILOT.* formulas that reference
 * them and the Board rates sheet (each with the engine's value beside it), number formats, the
 * authority column, and the Board rates sheet's two tables. The pane applies these writes through
 * Office.js (src/taskpane/excel-writer.ts), the command line through exceljs (./workbook.ts), so
 * the layout is tested without Excel.
 */
import { BoardFeeFormField, BOARD_FEES, isBlank, isoToExcelSerial, isPilotageInputError, readDate } from "../engine";
import {
  BOARD_FEE_TABLE,
  BOARD_FEES_REFERENCE,
  BOARD_FIRST_ROW,
  BOARD_LAST_ROW,
  BOARD_NOTE,
  BOARD_NOTE_ROW,
  BOARD_RATES_SHEET,
  BOARD_CURRENCY_FORMAT,
  BOARD_DATE_FORMAT,
  BOARD_RATE_FORMAT,
  BOARD_ROWS,
  BOARD_SURCHARGE_REFERENCE,
  BOARD_SURCHARGE_TABLE,
  BOARD_TABLE_TITLE_ROW,
  BOARD_TABLES_NOTE,
  BOARD_TITLE,
  BOARD_TITLE_ROW,
  boardTableRange,
  boardTableReference,
  BoardTableTooLong,
  checkBoardTableLength,
  quotedSheet,
} from "../workbook/board-rates-sheet";
import packageJson from "../../package.json";
import type { Quote } from "../engine/quote";
import { quoteSpillRows } from "../functions/quote-spill";
import type { SheetTable } from "../workbook/print-setup";
import { columnLetter, columnNumber } from "../workbook/cell-address";

/** § 89-a(4)(b)(3): required of a licensed pilot, but not rated by § 89-a. */
export const DOCKING_NOTE =
  "Docking, undocking and shifting in the middle and upper river must be performed by a Hudson River pilot duly licensed under the Navigation Law " +
  "(foreign vessels and American vessels under register, § 89-a(4)(b)(3)); § 89-a sets no rate for them, so this quote does not include them.";

export const QUOTE_TITLE = "Hudson River pilotage quote (N.Y. Navigation Law § 89-a)";

/** A row of the board fee table as typed: the from date and each fee, text. */
export type FeeRowText = { from: string } & Record<BoardFeeFormField, string>;
/** A row of the surcharge board's table as typed. */
export interface SurchargeRowText {
  from: string;
  upTo50: string;
  over50UpTo100: string;
  perUnitOver100: string;
}

function feeRowIsBlank(row: FeeRowText): boolean {
  return [row.from, ...BOARD_FEES.map((fee) => row[fee.formField])].every((text) => text.trim() === "");
}

function surchargeRowIsBlank(row: SurchargeRowText): boolean {
  return [row.from, row.upTo50, row.over50UpTo100, row.perUnitOver100].every((text) => text.trim() === "");
}

export type CellValue = string | number | boolean;
export type CellStyle = "title" | "header" | "input" | "total" | "note";

/** A fixed-choice input cell's drop-down (data validation): the choices and what they mean. */
export interface CellChoices {
  readonly values: readonly string[];
  readonly prompt: string;
}

/** One range written at once. `formulas` and `values` are never both given. */
export interface RangeWrite {
  address: string;
  values?: CellValue[][];
  formulas?: string[][];
  /**
   * Beside `formulas`: what each formula gives, worked out by the engine when the layout is made
   * (the pane's own quote). The samples cache them; "Insert as values" writes them instead.
   */
  results?: CellValue[][];
  numberFormat?: string[][];
  style?: CellStyle;
  /** A drop-down on every cell of the range. */
  choices?: CellChoices;
}

/**
 * The quote sheet's fixed-choice inputs: the words the pane writes there, offered as drop-downs.
 * The functions read each (D5 for sections; booleans as Excel types them), and still read the
 * other spellings a person may type (1 or 2, "Section 2"), so a choice outside the list is warned
 * about, not refused.
 */
export const INPUT_CHOICES = {
  direction: { values: ["Inbound", "Outbound"], prompt: "Inbound or Outbound: a note for the quote (the fees do not depend on it)." },
  section: {
    values: ["Lower", "Upper"],
    prompt: "Lower: Section 1, Yonkers through Hyde Park. Upper: Section 2, beyond Hyde Park through Albany or Troy (§ 89-a(4)(b)(1)). 1 or 2 also work.",
  },
  yesNo: { values: ["TRUE", "FALSE"], prompt: "TRUE or FALSE." },
  unit: { values: ["ft", "m", "in"], prompt: "The unit of plain-number measurements: ft (feet), m (metres, 1 ft = 0.3048 m) or in (inches)." },
} as const satisfies Record<string, CellChoices>;

export const CURRENCY_FORMAT = BOARD_CURRENCY_FORMAT;
export const RATE_FORMAT = BOARD_RATE_FORMAT;
export const DATE_FORMAT = BOARD_DATE_FORMAT;
export const UNITS_FORMAT = "0.00";
export const TEXT_FORMAT = "@";

// ---------------------------------------------------------------------------------------------
// Addresses

export { columnLetter } from "../workbook/cell-address";

export function cellAddress(column: number, row: number): string {
  return `${columnLetter(column)}${row}`;
}

// ---------------------------------------------------------------------------------------------
// Sheet names: Excel allows 31 characters, none of : \ / ? * [ ], no apostrophe at either end,
// and reserves "History".

export const MAXIMUM_SHEET_NAME = 31;
const RESERVED_SHEET_NAMES = ["history"];

/** At most `length` characters, at a word's end where the text has one, without apostrophes or spaces at either end. */
function cutTo(text: string, length: number): string {
  let cut = text.slice(0, Math.max(0, length));
  if (cut.length < text.length && text[cut.length] !== " " && cut.lastIndexOf(" ") > 0) cut = cut.slice(0, cut.lastIndexOf(" "));
  // Never leave half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.replace(/^[\s']+|[\s']+$/g, "");
}

/** "EVER GIVEN 2026-06-15": the vessel's name cleaned and cut so the date always fits. */
export function sheetBaseName(vesselName: string, isoDate: string): string {
  const cleaned = Array.from(vesselName, (ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? " " : ch))
    .join("")
    .replace(/[:\\/?*[\]]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s']+|[\s']+$/g, "");
  const suffix = isoDate === "" ? "" : ` ${isoDate}`;
  const name = cutTo(cleaned === "" ? "Quote" : cleaned, MAXIMUM_SHEET_NAME - suffix.length);
  return `${name === "" ? "Quote" : name}${suffix}`;
}

/** The base name, or "base (2)", "base (3)" … when a sheet of that name exists (Excel compares names without regard to case). */
export function uniqueSheetName(base: string, taken: readonly string[]): string {
  const used = new Set([...taken.map((name) => name.toLowerCase()), ...RESERVED_SHEET_NAMES]);
  if (!used.has(base.toLowerCase())) return base;
  // The date at the end stays whole; the vessel's name gives way to the number.
  const dated = / \d{4}-\d{2}-\d{2}$/.exec(base);
  const head = dated ? base.slice(0, dated.index) : base;
  const suffix = dated ? dated[0] : "";
  for (let n = 2; n < 10_000; n++) {
    const tag = ` (${n})`;
    const candidate = `${cutTo(head, MAXIMUM_SHEET_NAME - suffix.length - tag.length) || "Quote"}${suffix}${tag}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
  throw new Error(`No free sheet name for "${base}"`);
}

// ---------------------------------------------------------------------------------------------
// User text in cells: a leading = + - @ would make Excel read it as a formula, so such text is
// written as a formula that is only a string literal.

export function textCell(address: string, text: string, style?: CellStyle): RangeWrite {
  // (Not in a text-formatted cell, where Excel would keep the formula's own text instead.)
  if (/^[=+\-@]/.test(text)) return { address, formulas: [[`="${text.replace(/"/g, '""')}"`]], results: [[text]], style };
  return { address, values: [[text]], numberFormat: [[TEXT_FORMAT]], style };
}

function valueCell(address: string, value: CellValue, numberFormat?: string, style?: CellStyle): RangeWrite {
  return { address, values: [[value]], ...(numberFormat ? { numberFormat: [[numberFormat]] } : {}), ...(style ? { style } : {}) };
}

function formulaCell(address: string, formula: string, result: CellValue, numberFormat?: string, style?: CellStyle): RangeWrite {
  return { address, formulas: [[formula]], results: [[result]], ...(numberFormat ? { numberFormat: [[numberFormat]] } : {}), ...(style ? { style } : {}) };
}

/**
 * The write with each formula replaced by its result ("Insert as values"): no formula at all.
 * Text that would read as a formula (= + - @ first) goes into a text-formatted cell, which
 * applyWrite formats before it writes the value.
 */
export function asValues(write: RangeWrite): RangeWrite {
  if (!write.formulas) return write;
  const { formulas, results, ...rest } = write;
  if (!results || results.length !== formulas.length || results.some((row, r) => row.length !== formulas[r].length)) {
    throw new Error(`No value for every formula of ${write.address}: the layout cannot be written as values.`);
  }
  const asText = (value: CellValue) => typeof value === "string" && /^[=+\-@]/.test(value);
  const numberFormat = results.some((row) => row.some(asText))
    ? results.map((row, r) => row.map((value, c) => (asText(value) ? TEXT_FORMAT : (write.numberFormat?.[r]?.[c] ?? "General"))))
    : write.numberFormat;
  return { ...rest, values: results, ...(numberFormat ? { numberFormat } : {}) };
}

/** Plain decimal text ("600", "45.50") becomes a number; anything else stays text. */
export function numberOrText(text: string): string | number {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function inputCell(address: string, text: string, numberFormat?: string): RangeWrite {
  const value = numberOrText(text);
  return typeof value === "number" ? valueCell(address, value, numberFormat, "input") : textCell(address, value, "input");
}

// ---------------------------------------------------------------------------------------------
// The Board rates sheet: the layout every writer and reader shares (src/workbook/board-rates-sheet.ts)

export {
  BOARD_FEE_TABLE,
  BOARD_FEES_REFERENCE,
  BOARD_FIRST_ROW,
  BOARD_LAST_ROW,
  BOARD_RATES_SHEET,
  BOARD_ROWS,
  BOARD_SURCHARGE_REFERENCE,
  BOARD_SURCHARGE_TABLE,
  boardTableRange,
  boardTableReference,
  BoardTableTooLong,
  quotedSheet,
};

/**
 * What the pane's formulas pass as board_fees and board_surcharge: the tables' workbook names
 * (excel-writer.ts makes them), which Excel resolves to the tables' data rows however far they
 * have grown.
 */
export const BOARD_TABLE_NAMES = { fees: BOARD_FEE_TABLE.name, surcharge: BOARD_SURCHARGE_TABLE.name, feeRows: BOARD_FEE_TABLE.name } as const;
export const FEE_HEADERS = BOARD_FEE_TABLE.headers;
export const SURCHARGE_HEADERS = BOARD_SURCHARGE_TABLE.headers;
export const FEE_HEADER_RANGE = boardTableRange(BOARD_FEE_TABLE, "header");
export const SURCHARGE_HEADER_RANGE = boardTableRange(BOARD_SURCHARGE_TABLE, "header");
export const FEE_TABLE_RANGE = boardTableRange(BOARD_FEE_TABLE, "data");
export const SURCHARGE_TABLE_RANGE = boardTableRange(BOARD_SURCHARGE_TABLE, "data");

function repeatRow<T>(row: T[], count: number): T[][] {
  return Array.from({ length: count }, () => [...row]);
}

/** Written once, when the add-in creates the sheet: titles, headers and the tables' number formats. */
export function boardRatesSheetSetup(): RangeWrite[] {
  return [
    valueCell(`A${BOARD_TITLE_ROW}`, BOARD_TITLE, undefined, "title"),
    valueCell(`A${BOARD_NOTE_ROW}`, `${BOARD_NOTE} ${BOARD_TABLES_NOTE}`, undefined, "note"),
    valueCell(cellAddress(BOARD_FEE_TABLE.firstColumn, BOARD_TABLE_TITLE_ROW), BOARD_FEE_TABLE.title, undefined, "header"),
    valueCell(cellAddress(BOARD_SURCHARGE_TABLE.firstColumn, BOARD_TABLE_TITLE_ROW), BOARD_SURCHARGE_TABLE.title, undefined, "header"),
    { address: FEE_HEADER_RANGE, values: [[...FEE_HEADERS]], style: "header" },
    { address: SURCHARGE_HEADER_RANGE, values: [[...SURCHARGE_HEADERS]], style: "header" },
    { address: FEE_TABLE_RANGE, numberFormat: repeatRow([...BOARD_FEE_TABLE.formats], BOARD_ROWS) },
    { address: SURCHARGE_TABLE_RANGE, numberFormat: repeatRow([...BOARD_SURCHARGE_TABLE.formats], BOARD_ROWS) },
  ];
}

/** A date as the sheet stores it: an Excel serial when it reads as a date, otherwise the text as typed. */
function dateCellValue(text: string): CellValue {
  const date = readDate(text.trim(), "from date");
  return isPilotageInputError(date) ? text.trim() : isoToExcelSerial(date);
}

function amountCellValue(text: string): CellValue {
  const value = numberOrText(text);
  // A typed amount is never a formula: the board tables hold data only.
  return typeof value === "string" ? value.replace(/^([=+\-@])/, "'$1") : value;
}

/** The two tables' cells, every row of each (blank after the pane's rows), written in place. */
function byFromDate(a: CellValue[], b: CellValue[]): number {
  const [x, y] = [a[0], b[0]];
  if (typeof x === "number" && typeof y === "number") return x - y;
  return typeof x === "number" ? -1 : typeof y === "number" ? 1 : 0;
}

/** `room`: each table's data rows on the sheet (BOARD_ROWS, or more where the Excel table has grown); all are written. */
export function boardRatesTableWrites(
  fees: readonly FeeRowText[],
  surcharge: readonly SurchargeRowText[],
  room: { fees: number; surcharge: number } = { fees: BOARD_ROWS, surcharge: BOARD_ROWS },
): RangeWrite[] {
  const feeRows = fees.filter((row) => !feeRowIsBlank(row));
  const surchargeRows = surcharge.filter((row) => !surchargeRowIsBlank(row));
  checkBoardTableLength(feeRows.length, surchargeRows.length, room);
  const blank = ["", "", "", ""];
  const feeValues: CellValue[][] = feeRows.map((r) => [dateCellValue(r.from), ...BOARD_FEES.map((fee) => amountCellValue(r[fee.formField]))]);
  const surchargeValues: CellValue[][] = surchargeRows.map((r) => [dateCellValue(r.from), amountCellValue(r.upTo50), amountCellValue(r.over50UpTo100), amountCellValue(r.perUnitOver100)]);
  // Date order: the Reconcile fee columns look a date up with VLOOKUP(…,TRUE), which needs sorted from-dates.
  feeValues.sort(byFromDate);
  surchargeValues.sort(byFromDate);
  while (feeValues.length < room.fees) feeValues.push([...blank]);
  while (surchargeValues.length < room.surcharge) surchargeValues.push([...blank]);
  return [
    { address: boardTableRange(BOARD_FEE_TABLE, "data", false, room.fees), values: feeValues },
    { address: boardTableRange(BOARD_SURCHARGE_TABLE, "data", false, room.surcharge), values: surchargeValues },
  ];
}

/** True when the header cells are the ones the add-in wrote (so the sheet is ours to update). */
export function isOurBoardRatesLayout(feeHeader: readonly unknown[][], surchargeHeader: readonly unknown[][]): boolean {
  const same = (row: readonly unknown[] | undefined, expected: readonly string[]) =>
    row !== undefined && expected.every((title, i) => String(row[i] ?? "").trim() === title);
  return same(feeHeader[0], FEE_HEADERS) && same(surchargeHeader[0], SURCHARGE_HEADERS);
}

function cellText(cell: unknown, kind: "date" | "amount"): string {
  if (cell === null || cell === undefined || cell === "") return "";
  if (kind === "date" && typeof cell === "number") {
    const date = readDate(cell, "from date");
    if (!isPilotageInputError(date)) return date;
  }
  return String(cell).trim();
}

function isBlankSheetRow(cells: readonly unknown[]): boolean {
  // Desktop Excel reads an empty cell as "" through values; 0 is kept, it is a typed amount.
  return cells.every(isBlank);
}

/** The sheet's table cells as the pane's rows (text as typed; dates as YYYY-MM-DD). */
export function boardRowsFromSheet(
  feeValues: readonly unknown[][],
  surchargeValues: readonly unknown[][],
): { fees: FeeRowText[]; surcharge: SurchargeRowText[] } {
  return {
    // The fee columns follow the from date in BOARD_FEES's order.
    fees: feeValues.filter((row) => !isBlankSheetRow(row)).map((row) => ({
      from: cellText(row[0], "date"),
      ...(Object.fromEntries(BOARD_FEES.map((fee, index) => [fee.formField, cellText(row[index + 1], "amount")])) as Record<BoardFeeFormField, string>),
    })),
    surcharge: surchargeValues.filter((row) => !isBlankSheetRow(row)).map((row) => ({
      from: cellText(row[0], "date"),
      upTo50: cellText(row[1], "amount"),
      over50UpTo100: cellText(row[2], "amount"),
      perUnitOver100: cellText(row[3], "amount"),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The quote sheet

export interface QuoteSheetLayout {
  /** The sheet name before collisions are resolved. */
  baseName: string;
  writes: RangeWrite[];
  /** Column widths in points, by column letter: fitted to what the cells show. */
  columnWidths: Record<string, number>;
  /** The cell to select when the sheet opens. */
  activeCell: string;
  /** The transit table: its header row is repeated on each printed page and frozen; the autofilter covers it (PRINT_SETUP). */
  table: SheetTable;
  /** True for "Insert as values": no formula, the Board rates sheet not needed. */
  valuesOnly: boolean;
}

/** Rows of the vessel block and the transit table (1-based), fixed so formulas can name them. */
export const QUOTE_ROWS = {
  version: 3,
  vesselHeader: 5,
  name: 6,
  imo: 7,
  measurements: 8,
  length: 9,
  breadth: 10,
  depth: 11,
  unit: 12,
  units: 13,
  transitsHeader: 15,
  transitColumns: 16,
  firstTransit: 17,
} as const;

export const TRANSIT_COLUMNS = [
  "Transit",
  "Direction",
  "Section",
  "Date",
  "Continuous pilotage hours",
  "Relieved at mid-river station",
  "Anchored 8 hours or more",
  "Clause in force",
  "Total",
  "Authority",
];

/**
 * Each transit's line items (HUDSON_QUOTE's rows: header, charges, warnings, settings, total) are
 * one formula per cell, INDEX of HUDSON_QUOTE at its row and column, as many rows as the quote
 * has when inserted; not a spill: LibreOffice, and Excel without the add-in, recalculate a spilled
 * (array) formula on opening and show #NAME? in every cell, while a plain formula keeps the value
 * cached with it (scripts/libreoffice-check.js). LibreOffice also recalculates a formula whose
 * cached value is empty text, so no row is written for lines the quote might gain: the row below
 * the block says, in words, when the quote has more lines than it shows (an input changed since).
 */
const QUOTE_SPILL_COLUMNS = 3;

const UNITS_CELL = `$B$${QUOTE_ROWS.units}`;
const BOARD_ARGUMENTS = `${BOARD_TABLE_NAMES.fees},${BOARD_TABLE_NAMES.surcharge}`;

export interface QuoteSheetOptions {
  /** "Insert as values": the engine's values in place of every formula, for someone without the add-in. */
  readonly valuesOnly?: boolean;
}

/** The widths the layout starts from (points); fitColumnWidths widens a column for what it shows. */
const BASE_COLUMN_WIDTHS: Record<string, number> = { A: 170, B: 110, C: 150, D: 80, E: 90, F: 110, G: 110, H: 140, I: 90, J: 200 };
/** Points per character of the default font, near enough, and the most a fitted column takes. */
const POINTS_PER_CHARACTER = 6;
const MAXIMUM_FITTED_WIDTH = 320;
/** Text longer than this is a note that runs on over empty cells: it does not widen its column. */
const LONGEST_FITTED_TEXT = 50;

function shownText(value: CellValue): string {
  return typeof value === "number" ? `$${value.toLocaleString("en-US")}` : String(value);
}

/** Each column wide enough for the values and results written into it (titles and notes aside). */
function fitColumnWidths(writes: readonly RangeWrite[], base: Record<string, number>): Record<string, number> {
  const widths = { ...base };
  for (const write of writes) {
    if (write.style === "title" || write.style === "note") continue;
    const cells = write.values ?? write.results;
    if (!cells) continue;
    const left = columnNumber(/^[A-Z]+/.exec(write.address)?.[0] ?? "A");
    cells.forEach((row) =>
      row.forEach((value, c) => {
        const text = shownText(value);
        if (text.length > LONGEST_FITTED_TEXT) return;
        const letter = columnLetter(left + c);
        const points = Math.min(MAXIMUM_FITTED_WIDTH, text.length * POINTS_PER_CHARACTER + 12);
        widths[letter] = Math.max(widths[letter] ?? 0, points);
      }),
    );
  }
  return widths;
}

/** The vessel as the sheet shows it: measurements as typed, pilotage units, or not provided (§ 89-a(4)(d)). */
export type QuoteSheetVessel = { readonly name: string; readonly imo: string } & (
  | {
      readonly kind: "measured";
      /** Each measurement as typed: a number, or text such as "590 ft 6 in". */
      readonly length: string;
      readonly breadth: string;
      readonly depth: string;
      /** The unit of plain numbers. */
      readonly unit: "ft" | "m" | "in";
      /** The measurements' row's words: "feet and inches", "metres (1 ft = 0.3048 m)". */
      readonly measuredIn: string;
    }
  | { readonly kind: "units"; readonly units: string }
  | { readonly kind: "unmeasured" }
);

/** One transit's inputs as typed, and the engine's quote of it (the formulas' cached values). */
export interface QuoteSheetTransit {
  /** The user's name for the transit, or null (then the sheet numbers it only). */
  readonly label: string | null;
  readonly direction: "inbound" | "outbound" | null;
  readonly section: 1 | 2;
  readonly date: string;
  /** As typed; "" when not given. */
  readonly hours: string;
  readonly relievedAtMidRiver: boolean;
  readonly anchoredEightHours: boolean;
  readonly quote: Quote;
}

/** What the quote sheet is made from, whichever door makes it. */
export interface QuoteSheetInput {
  readonly vessel: QuoteSheetVessel;
  readonly transits: readonly QuoteSheetTransit[];
  /** Amounts § 89-a does not set, shown apart under the statutory subtotal. */
  readonly otherCharges: readonly { readonly label: string; readonly amount: number }[];
  /** The engine's sums (engine/call.ts or the pane's), in dollars: the statutory subtotal and the total with the other charges. */
  readonly statutorySubtotal: number;
  readonly total: number;
  readonly complete: boolean;
  readonly settingsNotDefault: readonly string[];
}

const OTHER_CHARGE_AUTHORITY = "Not set by § 89-a: entered by the user, outside the statutory subtotal";

/**
 * The new sheet for a quote: the inputs as typed, and the workbook's formulas computing the
 * amounts, each with the engine's value beside it (RangeWrite.results); with `valuesOnly`, those
 * values instead of the formulas.
 */
export function quoteSheetLayoutOf(input: QuoteSheetInput, options: QuoteSheetOptions = {}): QuoteSheetLayout {
  const valuesOnly = options.valuesOnly === true;
  const quotes = input.transits.map((transit) => transit.quote);
  const r = QUOTE_ROWS;
  const vessel = input.vessel;
  const w: RangeWrite[] = [];
  w.push(valueCell("A1", QUOTE_TITLE, undefined, "title"));
  w.push(
    valueCell(
      "A2",
      valuesOnly
        ? "Values only (Insert as values): the amounts the add-in worked out when this sheet was inserted. No cell is a formula, so changing one recalculates nothing."
        : "Shaded cells are inputs: change them and the NYPILOT formulas recalculate, with the amounts on the Board rates sheet.",
      undefined,
      "note",
    ),
  );
  w.push(valueCell(`A${r.version}`, "Add-in version"));
  w.push(formulaCell(`B${r.version}`, "=NYPILOT.VERSION()", packageJson.version));

  w.push({ address: `A${r.vesselHeader}:C${r.vesselHeader}`, values: [["Vessel", "", "Authority"]], style: "header" });
  w.push(valueCell(`A${r.name}`, "Vessel name"));
  w.push(textCell(`B${r.name}`, vessel.name.trim(), "input"));
  w.push(valueCell(`A${r.imo}`, "IMO number"));
  w.push(textCell(`B${r.imo}`, vessel.imo.trim(), "input"));
  w.push(valueCell(`A${r.measurements}`, "Measurements"));
  const rowOf = { length: r.length, breadth: r.breadth, depth: r.depth } as const;
  const labels = { length: "Overall length", breadth: "Extreme breadth", depth: "Depth to uppermost continuous deck" } as const;
  const dimensions = ["length", "breadth", "depth"] as const;
  const units = quotes[0].units;
  if (vessel.kind === "unmeasured") {
    w.push(valueCell(`B${r.measurements}`, "not provided by the master or agent"));
    for (const dimension of dimensions) {
      w.push(valueCell(`A${rowOf[dimension]}`, labels[dimension]));
      w.push(valueCell(`B${rowOf[dimension]}`, "not provided"));
    }
    w.push(valueCell(`A${r.unit}`, "Unit of plain numbers"));
    w.push(valueCell(`A${r.units}`, "Pilotage units", undefined, "total"));
    w.push(valueCell(`B${r.units}`, "UNMEASURED", undefined, "input"));
    w.push(valueCell(`C${r.units}`, "§ 89-a(4)(d): the maximum pilotage charge (500 units)"));
  } else if (vessel.kind === "units") {
    w.push(valueCell(`B${r.measurements}`, "given as pilotage units"));
    w.push(valueCell(`A${r.units}`, "Pilotage units", undefined, "total"));
    w.push(inputCell(`B${r.units}`, vessel.units, UNITS_FORMAT));
    w.push(valueCell(`C${r.units}`, "§ 89-a(4)(b)(2)"));
  } else {
    if (!units.measured) throw new Error("A measured vessel's quote has measured units.");
    w.push(valueCell(`B${r.measurements}`, vessel.measuredIn));
    for (const dimension of dimensions) {
      w.push(valueCell(`A${rowOf[dimension]}`, labels[dimension]));
      w.push(inputCell(`B${rowOf[dimension]}`, vessel[dimension]));
      w.push(valueCell(`C${rowOf[dimension]}`, "§ 89-a(4)(c)"));
    }
    w.push(valueCell(`A${r.unit}`, "Unit of plain numbers"));
    w.push({ ...valueCell(`B${r.unit}`, vessel.unit, undefined, "input"), choices: INPUT_CHOICES.unit });
    w.push(valueCell(`A${r.units}`, "Pilotage units", undefined, "total"));
    w.push(formulaCell(`B${r.units}`, `=NYPILOT.PILOTAGE_UNITS(B${r.length},B${r.breadth},B${r.depth},B${r.unit})`, units.units.toNumber(), UNITS_FORMAT, "total"));
    w.push(valueCell(`C${r.units}`, "§ 89-a(4)(b)(2)"));
  }

  w.push(valueCell(`A${r.transitsHeader}`, "Transits", undefined, "header"));
  w.push({ address: `A${r.transitColumns}:J${r.transitColumns}`, values: [TRANSIT_COLUMNS], style: "header" });
  const first = r.firstTransit;
  const last = first + input.transits.length - 1;
  const transitArguments = (row: number) => `${UNITS_CELL},C${row},D${row},E${row},F${row},G${row},${BOARD_ARGUMENTS}`;
  input.transits.forEach((transit, index) => {
    const row = first + index;
    const quote = quotes[index];
    // The date the transit was quoted on, as its quote read it.
    const serial = isoToExcelSerial(quote.date);
    w.push(valueCell(`A${row}`, index + 1));
    w.push({
      address: `B${row}:G${row}`,
      values: [[
        transit.direction === null ? "" : INPUT_CHOICES.direction.values[transit.direction === "inbound" ? 0 : 1],
        INPUT_CHOICES.section.values[transit.section === 2 ? 1 : 0],
        serial,
        numberOrText(transit.hours),
        transit.relievedAtMidRiver,
        transit.anchoredEightHours,
      ]],
      numberFormat: [["General", "General", DATE_FORMAT, "General", "General", "General"]],
      style: "input",
    });
    w.push(formulaCell(`H${row}`, `=NYPILOT.HUDSON_CLAUSE(D${row})`, quote.citation));
    w.push(formulaCell(`I${row}`, `=NYPILOT.HUDSON_TOTAL(${transitArguments(row)})`, quote.totalCents / 100, CURRENCY_FORMAT));
    w.push(valueCell(`J${row}`, "§ 89-a(4)(b)(1), (1-a), (1-c)"));
  });
  const transitColumn = (letter: string) => `${letter}${first}:${letter}${last}`;
  w.push({ address: transitColumn("B"), choices: INPUT_CHOICES.direction });
  w.push({ address: transitColumn("C"), choices: INPUT_CHOICES.section });
  w.push({ address: transitColumn("F"), choices: INPUT_CHOICES.yesNo });
  w.push({ address: transitColumn("G"), choices: INPUT_CHOICES.yesNo });
  let totalRow = last + 1;
  if (input.otherCharges.length === 0) {
    w.push(valueCell(`A${totalRow}`, "Grand total", undefined, "total"));
    w.push(formulaCell(`I${totalRow}`, `=SUM(I${first}:I${last})`, input.statutorySubtotal, CURRENCY_FORMAT, "total"));
    w.push(valueCell(`J${totalRow}`, "Sum of the transit totals; each charge line is rounded to the cent (D14)"));
  } else {
    // The other charges sit apart, below the statutory subtotal, and join only the grand total.
    const subtotalRow = last + 1;
    w.push(valueCell(`A${subtotalRow}`, "Statutory subtotal", undefined, "total"));
    w.push(formulaCell(`I${subtotalRow}`, `=SUM(I${first}:I${last})`, input.statutorySubtotal, CURRENCY_FORMAT, "total"));
    w.push(valueCell(`J${subtotalRow}`, "Sum of the transit totals; each charge line is rounded to the cent (D14)"));
    w.push(valueCell(`A${subtotalRow + 1}`, "Other charges (not set by § 89-a)", undefined, "header"));
    const firstCharge = subtotalRow + 2;
    input.otherCharges.forEach((charge, index) => {
      w.push(textCell(`A${firstCharge + index}`, charge.label, "input"));
      w.push(valueCell(`I${firstCharge + index}`, charge.amount, CURRENCY_FORMAT, "input"));
      w.push(valueCell(`J${firstCharge + index}`, OTHER_CHARGE_AUTHORITY));
    });
    const lastCharge = firstCharge + input.otherCharges.length - 1;
    totalRow = lastCharge + 1;
    w.push(valueCell(`A${totalRow}`, "Grand total", undefined, "total"));
    w.push(formulaCell(`I${totalRow}`, `=I${subtotalRow}+SUM(I${firstCharge}:I${lastCharge})`, input.total, CURRENCY_FORMAT, "total"));
    w.push(valueCell(`J${totalRow}`, "The statutory subtotal and the other charges"));
  }

  const settingsRow = totalRow + 2;
  w.push(valueCell(`A${settingsRow}`, "Settings when inserted"));
  w.push(valueCell(`B${settingsRow}`, input.settingsNotDefault.length === 0 ? "the defaults (README: How we read § 89-a)" : `not the default: ${input.settingsNotDefault.join("; ")}`));
  w.push(valueCell(`A${settingsRow + 1}`, "Total worked out when inserted"));
  w.push(valueCell(`B${settingsRow + 1}`, input.total, CURRENCY_FORMAT));
  const comparison = valuesOnly ? "the total above (values, as inserted)" : "for comparison with the formulas above";
  w.push(valueCell(`C${settingsRow + 1}`, input.complete ? comparison : valuesOnly ? "incomplete: board amounts not entered" : "incomplete: amounts not entered on the Board rates sheet"));
  w.push(valueCell(`A${settingsRow + 2}`, "Note"));
  w.push(valueCell(`B${settingsRow + 2}`, DOCKING_NOTE));

  const itemsHeader = settingsRow + 4;
  w.push(valueCell(`A${itemsHeader}`, "Line items of each transit (NYPILOT.HUDSON_QUOTE): item, amount, authority", undefined, "header"));
  quotes.forEach((quote, index) => {
    const row = first + index;
    const column = 1 + index * 4;
    const titleRow = itemsHeader + 1;
    const top = itemsHeader + 2;
    const spill = quoteSpillRows(quote);
    const label = input.transits[index].label;
    w.push(valueCell(cellAddress(column, titleRow), `Transit ${index + 1} (row ${row})${label === null ? "" : `: ${label}`}`, undefined, "total"));
    const call = `NYPILOT.HUDSON_QUOTE(${transitArguments(row)})`;
    const rows = Array.from({ length: spill.length }, (_, i) => i + 1);
    const columns = Array.from({ length: QUOTE_SPILL_COLUMNS }, (_, i) => i + 1);
    const block = `${cellAddress(column, top)}:${cellAddress(column + QUOTE_SPILL_COLUMNS - 1, top + spill.length - 1)}`;
    w.push({
      address: block,
      // A row past the quote's end (it has fewer lines since an input changed) shows nothing.
      formulas: rows.map((n) => columns.map((c) => `=IF(ROWS(${call})<${n},"",INDEX(${call},${n},${c}))`)),
      results: rows.map((n) => columns.map((c) => spill[n - 1]?.[c - 1] ?? "")),
      numberFormat: rows.map(() => columns.map((c) => (c === 2 ? CURRENCY_FORMAT : "General"))),
    });
    const end = `All of transit ${index + 1}'s lines are shown.`;
    const more = `More lines than shown: enter =${call} in an empty cell to see them all.`;
    w.push(formulaCell(cellAddress(column, top + spill.length), `=IF(ROWS(${call})>${spill.length},"${more}","${end}")`, end, undefined, "note"));
  });

  const writes = valuesOnly ? valuesOnlyWrites(w, quotes, itemsHeader) : w;
  const firstDate = input.transits.length > 0 ? input.transits[0].quote.date : "";
  return {
    baseName: sheetBaseName(vessel.name, firstDate),
    writes,
    columnWidths: fitColumnWidths(writes, BASE_COLUMN_WIDTHS),
    activeCell: `I${totalRow}`,
    table: { headerRow: r.transitColumns, lastColumn: TRANSIT_COLUMNS.length, lastRow: last },
    valuesOnly,
  };
}

/**
 * "Insert as values": every formula's engine value in its place; the line items as exactly the
 * quote's rows (no empty formula rows, no overflow row); inputs neither shaded nor offered as
 * drop-downs, since changing them changes nothing.
 */
function valuesOnlyWrites(writes: readonly RangeWrite[], quotes: readonly Quote[], itemsHeader: number): RangeWrite[] {
  const top = itemsHeader + 2;
  const lineItems = (write: RangeWrite) => Number(/\d+/.exec(write.address)?.[0]) >= top;
  const kept = writes
    .filter((write) => !(write.formulas && lineItems(write)) && (write.values !== undefined || write.formulas !== undefined))
    .map(({ choices: _choices, ...write }) => {
      const plain = asValues(write);
      if (plain.address === `A${itemsHeader}`) return { ...plain, values: [["Line items of each transit: item, amount, authority"]] };
      return plain.style === "input" ? { ...plain, style: undefined } : plain;
    });
  quotes.forEach((quote, index) => {
    const column = 1 + index * 4;
    const spill = quoteSpillRows(quote);
    kept.push({
      address: `${cellAddress(column, top)}:${cellAddress(column + QUOTE_SPILL_COLUMNS - 1, top + spill.length - 1)}`,
      values: spill.map((row) => Array.from({ length: QUOTE_SPILL_COLUMNS }, (_, c) => row[c] ?? "")),
      numberFormat: spill.map(() => Array.from({ length: QUOTE_SPILL_COLUMNS }, (_, c) => (c === 1 ? CURRENCY_FORMAT : "General"))),
    });
  });
  return kept;
}
