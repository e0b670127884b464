/**
 * Excel's cell values (data types) at the edge of the functions, and only where the host has them
 * (CustomFunctionsRuntime 1.4, the requirement set that brought data types to custom functions):
 * money returned as a number formatted as currency, dates as a number formatted as a date (both
 * still plain numbers to SUM and arithmetic), HUDSON_QUOTE_CARD's quote as an entity. Elsewhere the
 * same results as plain numbers. Formats and converts only: every amount is the engine's.
 */
import { formatUsd, type Quote } from "../engine";
import { NOT_ENTERED, QuoteRowVisitor, visitQuoteRows } from "./quote-spill";

/** The requirement set that brought formatted number and entity cell values to custom functions, as Microsoft names it. */
export const CELL_VALUES_REQUIREMENT = { set: "CustomFunctionsRuntime", version: "1.4" } as const;

export const MONEY_FORMAT = "$#,##0.00";
export const DATE_FORMAT = "yyyy-mm-dd";

interface OfficeRequirements {
  context?: { requirements?: { isSetSupported?: (name: string, version: string) => boolean } };
}

/** Whether this host returns cell values from custom functions; false outside Office and on older hosts. */
export function hostHasCellValues(): boolean {
  try {
    const requirements = (globalThis as { Office?: OfficeRequirements }).Office?.context?.requirements;
    return requirements?.isSetSupported?.(CELL_VALUES_REQUIREMENT.set, CELL_VALUES_REQUIREMENT.version) === true;
  } catch {
    return false;
  }
}

export interface DoubleCellValue {
  type: "Double";
  basicValue: number;
  numberFormat: string;
}

/** Text shown after the amount by its number format (Excel's literal text, in double quotes). */
function formatWithNote(note: string): string {
  return `${MONEY_FORMAT}" (${note.replace(/"/g, "'")})"`;
}

/**
 * An amount as its cell: formatted as currency where the host has cell values, with `note` shown
 * after it (the value stays the number, for SUM and arithmetic); else the number.
 */
export function moneyCell(amount: number, cellValues: boolean, note?: string): number | DoubleCellValue {
  if (!cellValues) return amount;
  return { type: "Double", basicValue: amount, numberFormat: note === undefined ? MONEY_FORMAT : formatWithNote(note) };
}

/** An Excel date serial as its cell: formatted as a date where the host has cell values. */
export function dateCell(serial: number, cellValues: boolean): number | DoubleCellValue {
  return cellValues ? { type: "Double", basicValue: serial, numberFormat: DATE_FORMAT } : serial;
}

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
const money = (basicValue: number): CellValue => ({ type: "Double", basicValue, numberFormat: MONEY_FORMAT });
/** The card's amounts are whole cents ÷ 100: × 100, rounded, gives back those cents exactly. */
const usd = (amount: number) => formatUsd(Math.round(amount * 100));

/** A cell the same on every card that has it: frozen, so cards share it. */
const sharedCell = (cell: CellValue): CellValue => Object.freeze(cell);
const LINES_HEADER: readonly CellValue[] = Object.freeze([text("Item"), text("Amount"), text("Authority")].map(sharedCell));
const NOT_ENTERED_CELL = sharedCell(text(NOT_ENTERED));
const COMPLETE_CELL = sharedCell({ type: "Boolean", basicValue: true });
const INCOMPLETE_CELL = sharedCell({ type: "Boolean", basicValue: false });
const NO_WARNINGS_CELL = sharedCell(text("None"));
const DEFAULT_SETTINGS_CELL = sharedCell(text("The defaults (docs/interpretations.md)"));

/** The card's rows, read from the quote in the spill's order (visitQuoteRows); warnings and settings one per line of text. */
class CardRows implements QuoteRowVisitor {
  readonly lineCells: CellValue[][] = [LINES_HEADER as CellValue[]];
  /** Null while there is none. */
  warnings: string | null = null;
  settings: string | null = null;
  totalAmount = 0;
  complete = true;
  baseRates = "";

  line(label: string, amount: number | null, citation: string): void {
    this.lineCells.push([text(label), amount === null ? NOT_ENTERED_CELL : money(amount), text(citation)]);
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

/** The card's sections: the same for every quote. */
const CARD_SECTIONS: QuoteEntity["layouts"]["card"]["sections"] = [
  { layout: "List", properties: ["Total", "Complete", "Base rates"] },
  { layout: "List", title: "Charges", properties: ["Lines"] },
  { layout: "List", title: "Warnings and settings", properties: ["Warnings", "Settings"] },
];

export const QUOTE_CARD_UNSUPPORTED =
  "This Excel cannot show a quote as a card (entity values need CustomFunctionsRuntime 1.4, Microsoft 365): use NYPILOT.HUDSON_QUOTE with the same arguments for the quote as rows.";

/**
 * The card of HUDSON_QUOTE's rows (Item | Amount | Authority lines; warnings; settings; the total):
 * shown in its cell as the total ("INCOMPLETE …" when a board amount is not entered), and on its
 * card every line with amount and clause, warnings, settings.
 */
export function quoteCard(quote: Quote): QuoteEntity {
  const rows = new CardRows();
  visitQuoteRows(quote, rows);
  const shown = rows.complete ? usd(rows.totalAmount) : `INCOMPLETE: ${usd(rows.totalAmount)} so far`;
  return {
    type: "Entity",
    text: shown,
    properties: {
      Total: money(rows.totalAmount),
      Complete: rows.complete ? COMPLETE_CELL : INCOMPLETE_CELL,
      "Base rates": text(rows.baseRates),
      Lines: { type: "Array", elements: rows.lineCells },
      Warnings: rows.warnings === null ? NO_WARNINGS_CELL : text(rows.warnings),
      Settings: rows.settings === null ? DEFAULT_SETTINGS_CELL : text(rows.settings),
    },
    layouts: {
      card: {
        title: `Hudson River pilotage quote: ${shown}`,
        sections: CARD_SECTIONS,
      },
    },
  };
}
