/**
 * Excel's cell values (data types) at the edge of the functions, and only where the host has them
 * (ExcelApi 1.16: formatted numbers and entities): money returned as a number formatted as
 * currency, dates as a number formatted as a date (both still plain numbers to SUM and arithmetic),
 * HUDSON_QUOTE_CARD's quote as an entity. Elsewhere the same results as plain numbers.
 *
 * functions.json sets allowCustomDataForDataTypeAny (webpack.config.js), so an `any` argument's
 * cells may also arrive as cell value objects (a formatted number, an entity): excel-cells.ts's
 * `plainCell` reads their basic values where the cells are read. Formats and converts only: every
 * amount is the adapters'.
 */
import { formatUsdCents } from "../engine/exact";
import type { Quote } from "../engine/quote";
import { isExcelError } from "./excel-cells";
import { NOT_ENTERED, QuoteRowVisitor, visitQuoteRows } from "./quote-spill";

/** The requirement set that brought formatted number and entity cell values to custom functions. */
export const CELL_VALUES_REQUIREMENT = { set: "ExcelApi", version: "1.16" } as const;

export const MONEY_FORMAT = "$#,##0.00";
export const DATE_FORMAT = "yyyy-mm-dd";

interface OfficeRequirements {
  context?: { requirements?: { isSetSupported?: (name: string, version: string) => boolean } };
}

/**
 * The host's answer, by the requirements object that gave it: a column of one-cell formulas asks
 * once per cell, and the host's requirements do not change while the same object stands for them.
 */
let lastAnswer: { requirements: unknown; supported: boolean } = { requirements: undefined, supported: false };

/** Whether this host returns cell values from custom functions; false outside Office and on older hosts. */
export function hostHasCellValues(): boolean {
  try {
    const requirements = (globalThis as { Office?: OfficeRequirements }).Office?.context?.requirements;
    if (requirements === undefined || requirements === null) return false;
    if (requirements !== lastAnswer.requirements) {
      lastAnswer = { requirements, supported: requirements.isSetSupported?.(CELL_VALUES_REQUIREMENT.set, CELL_VALUES_REQUIREMENT.version) === true };
    }
    return lastAnswer.supported;
  } catch {
    return false;
  }
}

export interface DoubleCellValue {
  type: "Double";
  basicValue: number;
  numberFormat: string;
}

/** Every number of the result formatted with `numberFormat` where the host has cell values; errors and text unchanged. */
export function withNumberFormat<T>(result: T[][], numberFormat: string): (T | DoubleCellValue)[][] {
  if (!hostHasCellValues()) return result;
  return result.map((row) => row.map((cell) => (typeof cell === "number" ? { type: "Double" as const, basicValue: cell, numberFormat } : cell)));
}

const moneyValue = (basicValue: number): DoubleCellValue => ({ type: "Double", basicValue, numberFormat: MONEY_FORMAT });
const plainNumber = (amount: number) => amount;

/**
 * How this host is given an amount, as asMoney formats it: a number formatted as currency where
 * the host has cell values, else the number. For a result made cell by cell (HUDSON_QUOTE's spill)
 * in one pass, instead of copied again by asMoney.
 */
export function moneyCells(): (amount: number) => number | DoubleCellValue {
  return hostHasCellValues() ? moneyValue : plainNumber;
}

export const asMoney = <T>(result: T[][]) => withNumberFormat(result, MONEY_FORMAT);
export const asDate = <T>(result: T[][]) => withNumberFormat(result, DATE_FORMAT);

// ---------------------------------------------------------------------------------------------
// HUDSON_QUOTE_CARD: HUDSON_QUOTE's rows as one entity value

type CellValue =
  | DoubleCellValue
  | { type: "String"; basicValue: string }
  | { type: "Boolean"; basicValue: boolean }
  | { type: "Array"; elements: CellValue[][] };

export interface QuoteEntity {
  type: "Entity";
  text: string;
  properties: Record<string, CellValue>;
  layouts: { card: { title: string; sections: { layout: "List" | "Table"; title?: string; properties: string[]; collapsed?: boolean }[] } };
}

const text = (basicValue: string): CellValue => ({ type: "String", basicValue });
const money: (basicValue: number) => CellValue = moneyValue;
/** The spill's amounts are whole cents ÷ 100: × 100, rounded, gives back those cents exactly. */
const usd = (amount: number) => formatUsdCents(Math.round(amount * 100));

/** A cell the same on every card that has it (frozen: cards share it, none made per card). */
const sharedCell = (cell: CellValue): CellValue => Object.freeze(cell) as CellValue;
/** The card's header row and sections, the same on every card. */
const LINES_HEADER: CellValue[] = Object.freeze([text("Item"), text("Amount"), text("Authority")].map(sharedCell)) as CellValue[];
const CARD_SECTIONS: QuoteEntity["layouts"]["card"]["sections"] = Object.freeze([
  Object.freeze({ layout: "List" as const, properties: Object.freeze(["Total", "Complete", "Base rates"]) as string[] }),
  Object.freeze({ layout: "List" as const, title: "Charges", properties: Object.freeze(["Lines"]) as string[] }),
  Object.freeze({ layout: "List" as const, title: "Warnings and settings", properties: Object.freeze(["Warnings", "Settings"]) as string[] }),
]) as QuoteEntity["layouts"]["card"]["sections"];
const NOT_ENTERED_CELL = sharedCell(text(NOT_ENTERED));
const COMPLETE_CELLS = { true: sharedCell({ type: "Boolean", basicValue: true }), false: sharedCell({ type: "Boolean", basicValue: false }) };
const NO_WARNINGS_CELL = sharedCell(text("None"));
const DEFAULT_SETTINGS_CELL = sharedCell(text("The defaults (docs/interpretations.md)"));

/**
 * The card's rows read from the quote (visitQuoteRows: the spill's order), one object per card:
 * charge lines as Item | Amount | Authority cells, warnings and settings one per line of text.
 */
class CardRows implements QuoteRowVisitor {
  readonly lineCells: CellValue[][];
  private lineCount = 1;
  /** One per line of text; null when there is none. */
  warnings: string | null = null;
  settings: string | null = null;
  totalAmount = 0;
  complete = true;
  baseRates = "";

  constructor(lineCount: number) {
    // Sized once: the header and one row per charge line.
    this.lineCells = new Array(lineCount + 1);
    this.lineCells[0] = LINES_HEADER;
  }

  line(label: string, amount: number | null, citation: string): void {
    this.lineCells[this.lineCount++] = [text(label), amount === null ? NOT_ENTERED_CELL : money(amount), text(citation)];
  }

  warning(warning: string): void {
    this.warnings = this.warnings === null ? warning : `${this.warnings}\n${warning}`;
  }

  setting(setting: string): void {
    this.settings = this.settings === null ? setting : `${this.settings}\n${setting}`;
  }

  total(complete: boolean, amount: number, citation: string): void {
    this.complete = complete;
    this.totalAmount = amount;
    this.baseRates = citation;
  }
}

export const QUOTE_CARD_UNSUPPORTED =
  "This Excel cannot show a quote as a card (entity values need ExcelApi 1.16, Microsoft 365): use NYPILOT.HUDSON_QUOTE with the same arguments for the quote as rows.";

function notAvailable(message: string): CustomFunctions.Error {
  return new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, message);
}

/**
 * The card of HUDSON_QUOTE's rows (visitQuoteRows: Item | Amount | Authority lines; warnings;
 * settings; the total), made from the quote without the spill: shown in its cell as the total ("INCOMPLETE …" when a board
 * amount is not entered), and on its card every line with amount and clause, warnings, settings.
 * An error from the quote passes through; a host without entities gets #N/A naming HUDSON_QUOTE.
 * (`quoteOf` and its `grids` apart: no closure per call, and the quote is worked out only on a host with cards.)
 */
export function quoteCard<Grids>(quoteOf: (grids: Grids) => Quote | CustomFunctions.Error, grids: Grids): QuoteEntity | CustomFunctions.Error {
  // Before the quote is worked out: on such a host it would be thrown away.
  if (!hostHasCellValues()) return notAvailable(QUOTE_CARD_UNSUPPORTED);
  const quote = quoteOf(grids);
  if (isExcelError(quote)) return quote;
  const rows = new CardRows(quote.lines.length);
  visitQuoteRows(quote, rows);
  const shown = rows.complete ? usd(rows.totalAmount) : `INCOMPLETE: ${usd(rows.totalAmount)} so far`;
  return {
    type: "Entity",
    text: shown,
    properties: {
      Total: money(rows.totalAmount),
      Complete: rows.complete ? COMPLETE_CELLS.true : COMPLETE_CELLS.false,
      "Base rates": text(rows.baseRates),
      Lines: { type: "Array", elements: rows.lineCells },
      Warnings: rows.warnings === null ? NO_WARNINGS_CELL : text(rows.warnings),
      Settings: rows.settings === null ? DEFAULT_SETTINGS_CELL : text(rows.settings),
    },
    layouts: { card: { title: `Hudson River pilotage quote: ${shown}`, sections: CARD_SECTIONS } },
  };
}
