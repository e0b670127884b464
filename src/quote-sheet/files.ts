/**
 * A quoted call written to a file, by its extension: .xlsx (the quote sheet and Board rates
 * sheet, ./workbook.ts) or .pdf (the printable quote, ./pdf.ts). Never overwrites without
 * `force`, never leaves a partial file (src/workbook/safe-output.ts).
 */
import path from "node:path";
import { BOARD_FEES, BoardSurchargeRow, BoardFeeRow, centsText } from "../engine";
import type { QuotedCall } from "../request/call";
import { UsageError } from "../request/usage-error";
import { documentDate } from "../workbook/xlsx";
import { refuseExistingOutput, writeOutputFile } from "../workbook/safe-output";
import { FeeRowText, QuoteSheetInput, quoteSheetLayoutOf, SurchargeRowText } from "./layout";

export type QuoteFileKind = "xlsx" | "pdf";

export interface QuoteFileOptions {
  /** Replace an existing file (the CLI's --force). */
  readonly force?: boolean;
}

/** The output's kind from its name: .xlsx or .pdf, anything else refused. */
export function quoteFileKind(filePath: string): QuoteFileKind {
  const extension = path.extname(filePath).toLowerCase();
  if (extension === ".xlsx") return "xlsx";
  if (extension === ".pdf") return "pdf";
  throw new UsageError(`The quote is written as .xlsx (the quote sheet) or .pdf (the printable quote), not ${JSON.stringify(path.basename(filePath))}.`, "output");
}

/** Before any work: the name's kind, and an existing file refused (again, atomically, when written). */
export async function checkQuoteOutput(filePath: string, options: QuoteFileOptions = {}): Promise<QuoteFileKind> {
  if (filePath === "-") throw new UsageError("The quote is written to a file: give -o quote.xlsx or -o quote.pdf (standard output takes the table or --json).", "output");
  const kind = quoteFileKind(filePath);
  await refuseExistingOutput(filePath, { force: options.force === true });
  return kind;
}

/** The call as the quote sheet's input: the inputs as given, the engine's quotes and sums. */
export function callSheetInput(call: QuotedCall): QuoteSheetInput {
  const { vessel, quote, given } = call;
  return {
    vessel:
      vessel.kind === "measured"
        ? { ...vessel, measuredIn: { ft: "feet and inches", m: "metres (1 ft = 0.3048 m)", in: "inches" }[vessel.unit] }
        : vessel,
    transits: quote.transits.map(({ quote: transit }, index) => ({
      label: given[index].labelGiven ? given[index].label : null,
      direction: given[index].direction,
      section: transit.section,
      date: transit.date,
      hours: given[index].hours,
      relievedAtMidRiver: given[index].relievedMidriver,
      anchoredEightHours: given[index].anchored8h,
      quote: transit,
    })),
    // Dollars for the sheet's cells: whole cents ÷ 100 is the two-decimal number Excel stores.
    otherCharges: quote.otherCharges.map((charge) => ({ label: charge.label, amount: charge.amountCents / 100 })),
    statutorySubtotal: quote.statutorySubtotalCents / 100,
    total: quote.totalCents / 100,
    complete: quote.complete,
    settingsNotDefault: quote.settingsNotDefault,
  };
}

/** A fee in whole cents as the sheet's dollars ("310.00"); "" when not entered. */
function feeText(cents: number | null): string {
  return cents === null ? "" : centsText(cents);
}

/** The call's board tables as the Board rates sheet's rows. */
export function boardRowsText(fees: readonly BoardFeeRow[], surcharge: readonly BoardSurchargeRow[]): { fees: FeeRowText[]; surcharge: SurchargeRowText[] } {
  return {
    fees: fees.map((row) => ({ from: row.from, ...(Object.fromEntries(BOARD_FEES.map((fee) => [fee.formField, feeText(row[fee.code])])) as Omit<FeeRowText, "from">) })),
    surcharge: surcharge.map((row) => ({ from: row.from, upTo50: row.upTo50Units, over50UpTo100: row.over50UpTo100Units, perUnitOver100: row.perUnitOver100Units })),
  };
}

/**
 * What the workbook's live formulas cannot say as the call does: they find the clause by date and
 * use the add-in's settings, so a named clause or a setting not the default would recalculate to
 * another amount than the one cached. Refused rather than written silently different.
 */
function refuseWhatFormulasCannotSay(call: QuotedCall): void {
  const named = call.given.findIndex((transit) => transit.clause !== null);
  if (named >= 0) {
    throw new UsageError(`transits[${named}] names its clause: the quote sheet's formulas find the clause by the date, so leave out "clause" for a workbook (the .pdf and --json keep it).`, `transits[${named}].clause`);
  }
  if (call.quote.settingsNotDefault.length > 0) {
    throw new UsageError(
      `The call's settings differ from the defaults (${call.quote.settingsNotDefault.join("; ")}): the quote sheet's formulas use the add-in's settings, so write a .pdf, or set these in the task pane and insert the quote there.`,
      "settings",
    );
  }
}

/** A quote file's bytes, with a warning for each field it cannot show as typed (the PDF's characters outside its font; none for .xlsx). */
export async function quoteFileBytes(call: QuotedCall, kind: QuoteFileKind, madeOn: Date): Promise<{ bytes: Uint8Array; warnings: string[] }> {
  if (kind === "pdf") {
    const { quotePdf } = await import("./pdf");
    return quotePdf(call, madeOn);
  }
  refuseWhatFormulasCannotSay(call);
  const { quoteWorkbook } = await import("./workbook");
  const layout = quoteSheetLayoutOf(callSheetInput(call));
  const workbook = quoteWorkbook(layout, boardRowsText(call.boardRates.fees, call.boardRates.surcharge), { madeOn, madeBy: "hudson-pilotage call" });
  return { bytes: new Uint8Array(await workbook.xlsx.writeBuffer()), warnings: [] };
}

/**
 * Writes the call's quote to `filePath` (.xlsx or .pdf). Answers the call as written: its
 * warnings followed by the file's own, so that what the file could not show is said wherever the
 * quote's warnings are.
 */
export async function writeQuoteFile(call: QuotedCall, filePath: string, options: QuoteFileOptions = {}): Promise<QuotedCall> {
  const kind = quoteFileKind(filePath);
  const { bytes, warnings } = await quoteFileBytes(call, kind, documentDate());
  await writeOutputFile(filePath, bytes, { force: options.force === true });
  return warnings.length === 0 ? call : { ...call, quote: { ...call.quote, warnings: [...call.quote.warnings, ...warnings] } };
}
