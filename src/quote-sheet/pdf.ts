/**
 * The printable quote of a call, as a PDF (pdf-lib, pure JavaScript, offline): the vessel and its
 * measurements, each transit's lines with amounts and clauses, the other charges apart, the total
 * (or "incomplete" and what is missing), warnings, settings, the date it was made and the version.
 * One US Letter page for up to four transits: the text is set at the largest size that fits one
 * page; a longer call runs on to more pages. Set in DejaVu Sans (./fonts.ts), so names in Greek,
 * Cyrillic or any Latin alphabet print as typed; a character the font lacks prints as "?" and is
 * named, by field, in a footnote and in the warnings returned beside the bytes (./printable.ts).
 */
import { PDFDocument, PDFFont, PDFPage, rgb } from "pdf-lib";
import packageJson from "../../package.json";
import { ChargeLine, formatUsd, OTHER_CHARGE_NOTE, SECTION_SHORT_NAMES, transitName } from "../engine";
import type { QuotedCall } from "../request/call";
import { embedFonts, Fonts, PDF_FONT_FAMILY, printableCodePoints } from "./fonts";
import { DOCKING_NOTE, QUOTE_TITLE } from "./layout";
import { printedText, UNPRINTABLE_MARK, UnprintableField, unprintableCharacters, unprintableFootnote, unprintableWarning } from "./printable";

const PAGE = { width: 612, height: 792, margin: 42 } as const;
const SIZES = [9, 8.5, 8, 7.5, 7, 6.5, 6] as const;
/** The columns of a transit's lines: item, amount (right-aligned at its end), authority. */
const COLUMNS = { item: 0, amountEnd: 250, authority: 262 } as const;

/** The PDF's bytes, and a warning for each field holding characters it prints as "?" (empty when it prints everything). */
export interface PrintedQuote {
  readonly bytes: Uint8Array;
  readonly warnings: string[];
}

type Block =
  | { kind: "text"; text: string; style: "title" | "heading" | "bold" | "plain" | "note"; indent?: number }
  | { kind: "line"; item: string; amount: string; authority: string; bold?: boolean }
  | { kind: "gap"; lines: number }
  | { kind: "rule" };

function amountOf(line: ChargeLine): string {
  return line.amountCents === null ? "not entered" : formatUsd(line.amountCents);
}

function measurementsText(call: QuotedCall): string {
  const { vessel } = call;
  const units = call.quote.transits[0].quote.units;
  const unitsText = units.measured ? `${units.units.toDecimalPlaces(2).toFixed(2)} pilotage units` : "";
  if (vessel.kind === "measured") {
    return `Length ${vessel.length}, breadth ${vessel.breadth}, depth ${vessel.depth} (${vessel.unit}): ${unitsText} (length × breadth × depth ÷ 10,000, § 89-a(4)(b)(2))`;
  }
  if (vessel.kind === "units") return `Given as ${unitsText} (§ 89-a(4)(b)(2))`;
  return "Measurements not provided: charged as 500 pilotage units, the maximum charge (§ 89-a(4)(d), D2)";
}

/** The quote as blocks of text, top to bottom. */
function blocks(call: QuotedCall, madeOn: Date): Block[] {
  const { vessel, quote } = call;
  const out: Block[] = [{ kind: "text", text: QUOTE_TITLE, style: "title" }, { kind: "gap", lines: 0.5 }];
  out.push({ kind: "text", text: `Vessel: ${vessel.name.trim() === "" ? "(not named)" : vessel.name.trim()}${vessel.imo.trim() === "" ? "" : `, IMO ${vessel.imo.trim()}`}`, style: "bold" });
  out.push({ kind: "text", text: measurementsText(call), style: "plain" });
  quote.transits.forEach(({ label, quote: transit }, index) => {
    out.push({ kind: "gap", lines: 0.6 });
    const direction = call.given[index].direction;
    const head = `${transitName(index, label)}: ${transit.date}, ${SECTION_SHORT_NAMES[transit.section]}${direction === null ? "" : `, ${direction}`}; schedule ${transit.citation}`;
    out.push({ kind: "text", text: head, style: "heading" });
    for (const line of transit.lines) out.push({ kind: "line", item: line.label, amount: amountOf(line), authority: line.citation });
    out.push({ kind: "line", item: transit.complete ? "Transit total" : "Transit total (incomplete)", amount: formatUsd(transit.totalCents), authority: "D14: each line rounded to the cent", bold: true });
  });
  out.push({ kind: "gap", lines: 0.6 }, { kind: "rule" });
  out.push({ kind: "line", item: quote.complete ? "Statutory subtotal" : "Statutory subtotal (incomplete)", amount: formatUsd(quote.statutorySubtotalCents), authority: "§ 89-a: the transits' totals", bold: true });
  if (quote.otherCharges.length > 0) {
    out.push({ kind: "text", text: "Other charges (not set by § 89-a)", style: "bold" });
    for (const charge of quote.otherCharges) out.push({ kind: "line", item: charge.label, amount: formatUsd(charge.amountCents), authority: "not set by § 89-a" });
    out.push({ kind: "text", text: OTHER_CHARGE_NOTE, style: "note" });
  }
  out.push({ kind: "line", item: quote.complete ? "Total" : "Total: INCOMPLETE (amounts not entered are left out)", amount: formatUsd(quote.totalCents), authority: "", bold: true });
  if (quote.missing.length > 0) {
    out.push({ kind: "gap", lines: 0.4 }, { kind: "text", text: "Incomplete: not entered", style: "bold" });
    // One line per transit: "Transit 1 (Inbound): Surcharge, Launch fee".
    quote.transits.forEach(({ label, quote: transit }, index) => {
      const lines = transit.lines.filter((line) => line.amountCents === null).map((line) => line.label);
      if (lines.length > 0) out.push({ kind: "text", text: `- ${transitName(index, label)}: ${lines.join(", ")}`, style: "plain", indent: 8 });
    });
  }
  if (quote.warnings.length > 0) {
    out.push({ kind: "gap", lines: 0.4 }, { kind: "text", text: "Warnings", style: "bold" });
    for (const warning of quote.warnings) out.push({ kind: "text", text: `- ${warning}`, style: "note", indent: 8 });
  }
  out.push({ kind: "gap", lines: 0.4 });
  const settings = quote.settingsNotDefault.length === 0 ? "the defaults (README: How we read § 89-a)" : `not the default: ${quote.settingsNotDefault.join("; ")}`;
  out.push({ kind: "text", text: `Settings: ${settings}`, style: "plain" });
  out.push({ kind: "text", text: `Note: ${DOCKING_NOTE}`, style: "note" });
  out.push({ kind: "gap", lines: 0.4 });
  out.push({ kind: "text", text: `Made ${madeOn.toISOString().slice(0, 10)} by hudson-pilotage ${packageJson.version}. Amounts exact to the cent under N.Y. Navigation Law § 89-a; the boards' amounts as entered.`, style: "note" });
  return out;
}

/** A text's width at size 1 in a face. */
type Measure = (font: PDFFont, text: string) => number;

/**
 * Widths at size 1, each word measured once per face and a line summed from its words and
 * spaces: the layout measures the same words at every size it tries, and shaping a text with the
 * font is slow. Exact, as pdf-lib sets glyphs at their advance widths and no glyph spans a space.
 */
function measurer(): Measure {
  const widths = new Map<PDFFont, Map<string, number>>();
  const wordWidth = (font: PDFFont, word: string): number => {
    let known = widths.get(font);
    if (known === undefined) widths.set(font, (known = new Map()));
    let width = known.get(word);
    if (width === undefined) known.set(word, (width = font.widthOfTextAtSize(word, 1)));
    return width;
  };
  return (font, text) => text.split(" ").reduce((sum, word, index) => sum + wordWidth(font, word) + (index > 0 ? wordWidth(font, " ") : 0), 0);
}

/** Splits text into lines no wider than `width` at `size`, at spaces (a word longer than a line is cut). */
function wrapped(text: string, font: PDFFont, measure: Measure, size: number, width: number): string[] {
  const fits = (line: string) => measure(font, line) * size <= width;
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/)) {
    const candidate = current === "" ? word : `${current} ${word}`;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current !== "") lines.push(current);
    // Cut by characters, never inside one (a character outside the BMP is two UTF-16 units).
    let characters = [...word];
    while (characters.length > 1 && !fits(characters.join(""))) {
      let cut = characters.length - 1;
      while (cut > 1 && !fits(characters.slice(0, cut).join(""))) cut--;
      lines.push(characters.slice(0, cut).join(""));
      characters = characters.slice(cut);
    }
    current = characters.join("");
  }
  if (current !== "") lines.push(current);
  return lines;
}

interface Placed {
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly font: PDFFont;
  readonly size: number;
}

/** Lays the blocks out at `size`; the pages they take and every piece of text's place. */
function layout(content: readonly Block[], fonts: Fonts, measure: Measure, size: number): { pages: number; placed: Placed[]; rules: { page: number; y: number }[] } {
  const width = PAGE.width - 2 * PAGE.margin;
  const leading = size * 1.35;
  const placed: Placed[] = [];
  const rules: { page: number; y: number }[] = [];
  let page = 0;
  let y = PAGE.height - PAGE.margin;
  const room = (height: number) => {
    if (y - height < PAGE.margin) {
      page += 1;
      y = PAGE.height - PAGE.margin;
    }
  };
  for (const block of content) {
    if (block.kind === "gap") {
      y -= leading * block.lines;
      continue;
    }
    if (block.kind === "rule") {
      room(leading * 0.5);
      rules.push({ page, y: y + leading * 0.3 });
      continue;
    }
    if (block.kind === "text") {
      const font = block.style === "title" || block.style === "heading" || block.style === "bold" ? fonts.bold : block.style === "note" ? fonts.italic : fonts.regular;
      const textSize = block.style === "title" ? size * 1.5 : block.style === "note" ? size * 0.9 : size;
      const indent = block.indent ?? 0;
      for (const line of wrapped(block.text, font, measure, textSize, width - indent)) {
        room(textSize * 1.35);
        y -= textSize * 1.35;
        placed.push({ page, x: PAGE.margin + indent, y, text: line, font, size: textSize });
      }
      continue;
    }
    const font = block.bold ? fonts.bold : fonts.regular;
    const itemWidth = COLUMNS.amountEnd - 60 - COLUMNS.item;
    const items = wrapped(block.item, font, measure, size, itemWidth);
    const authorities = wrapped(block.authority, fonts.regular, measure, size, width - COLUMNS.authority);
    const rows = Math.max(items.length, authorities.length, 1);
    room(leading * rows);
    for (let row = 0; row < rows; row++) {
      y -= leading;
      if (items[row] !== undefined) placed.push({ page, x: PAGE.margin + 8 + COLUMNS.item, y, text: items[row], font, size });
      if (row === 0) {
        placed.push({ page, x: PAGE.margin + COLUMNS.amountEnd - measure(font, block.amount) * size, y, text: block.amount, font, size });
      }
      if (authorities[row] !== undefined) placed.push({ page, x: PAGE.margin + COLUMNS.authority, y, text: authorities[row], font: fonts.regular, size });
    }
  }
  return { pages: page + 1, placed, rules };
}

/** The texts the call's user typed, each with the name the warnings give its field. */
function typedFields(call: QuotedCall): { field: string; text: string }[] {
  return [
    { field: "vessel name", text: call.vessel.name },
    { field: "vessel IMO", text: call.vessel.imo },
    ...call.given.map((transit, index) => ({ field: `Transit ${index + 1} label`, text: transit.labelGiven ? transit.label : "" })),
    ...call.quote.otherCharges.map((charge, index) => ({ field: `other charge ${index + 1} label`, text: charge.label })),
  ];
}

function blockTexts(block: Block): string[] {
  if (block.kind === "text") return [block.text];
  if (block.kind === "line") return [block.item, block.amount, block.authority];
  return [];
}

/** The fields whose characters print as "?": each typed field by name, then any other text on the page (a character named once). */
function unprintableFields(call: QuotedCall, content: readonly Block[], printable: ReadonlySet<number>): UnprintableField[] {
  const named = new Set<string>();
  const fields: UnprintableField[] = [];
  for (const { field, text } of typedFields(call)) {
    const characters = unprintableCharacters(text, printable);
    characters.forEach((character) => named.add(character));
    if (characters.length > 0) fields.push({ field, characters });
  }
  const others = [...new Set(content.flatMap(blockTexts).flatMap((text) => unprintableCharacters(text, printable)))].filter((character) => !named.has(character));
  if (others.length > 0) fields.push({ field: "other text", characters: others });
  return fields;
}

/** The footnote naming what prints as "?", at the foot of the quote. */
function footnote(fields: readonly UnprintableField[]): Block[] {
  if (fields.length === 0) return [];
  return [
    { kind: "gap", lines: 0.4 },
    { kind: "text", text: `Characters printed as ${UNPRINTABLE_MARK}: this PDF cannot show them`, style: "bold" },
    ...fields.map((field): Block => ({ kind: "text", text: `- ${unprintableFootnote(field, PDF_FONT_FAMILY)}`, style: "note", indent: 8 })),
  ];
}

/** The blocks with every text as the fonts print it. */
function printedBlocks(content: readonly Block[], printable: ReadonlySet<number>): Block[] {
  return content.map((block) => {
    if (block.kind === "text") return { ...block, text: printedText(block.text, printable) };
    if (block.kind === "line") return { ...block, item: printedText(block.item, printable), amount: printedText(block.amount, printable), authority: printedText(block.authority, printable) };
    return block;
  });
}

/** The PDF's bytes and what it could not print. Deterministic for a given call and date (the document's dates are `madeOn`). */
export async function quotePdf(call: QuotedCall, madeOn: Date): Promise<PrintedQuote> {
  const document = await PDFDocument.create();
  const fonts = await embedFonts(document);
  const printable = printableCodePoints(fonts);
  const quoted = blocks(call, madeOn);
  const unprintable = unprintableFields(call, quoted, printable);
  const content = printedBlocks([...quoted, ...footnote(unprintable)], printable);
  // The largest size that fits one page; a call too long for one page at the smallest runs on.
  const measure = measurer();
  let chosen = layout(content, fonts, measure, SIZES[SIZES.length - 1]);
  for (const size of SIZES) {
    const attempt = layout(content, fonts, measure, size);
    if (attempt.pages === 1) {
      chosen = attempt;
      break;
    }
  }
  const pages: PDFPage[] = Array.from({ length: chosen.pages }, () => document.addPage([PAGE.width, PAGE.height]));
  for (const piece of chosen.placed) pages[piece.page].drawText(piece.text, { x: piece.x, y: piece.y, size: piece.size, font: piece.font, color: rgb(0, 0, 0) });
  for (const rule of chosen.rules) {
    pages[rule.page].drawLine({ start: { x: PAGE.margin, y: rule.y }, end: { x: PAGE.width - PAGE.margin, y: rule.y }, thickness: 0.5, color: rgb(0.4, 0.4, 0.4) });
  }
  // The title is metadata (UTF-16 text, drawn by no font): the vessel's name as typed.
  document.setTitle(`${QUOTE_TITLE}: ${call.vessel.name.trim() === "" ? "a call" : call.vessel.name.trim()}`);
  document.setProducer(`hudson-pilotage ${packageJson.version}`);
  document.setCreator(`hudson-pilotage ${packageJson.version}`);
  document.setCreationDate(madeOn);
  document.setModificationDate(madeOn);
  return { bytes: await document.save(), warnings: unprintable.map((field) => unprintableWarning(field, PDF_FONT_FAMILY)) };
}
