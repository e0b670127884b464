/**
 * The printable quote of a call, as a PDF (pdf-lib, pure JavaScript, offline): the vessel and its
 * measurements, each transit's lines with amounts and clauses, the other charges apart, the total
 * (or "incomplete" and what is missing), warnings, settings, the date it was made and the version.
 * One US Letter page for up to four transits: the text is set at the largest size that fits one
 * page; a longer call runs on to more pages.
 */
import { PDFDocument, PDFFont, PDFPage, rgb, StandardFonts } from "pdf-lib";
import packageJson from "../../package.json";
import { ChargeLine, formatUsd, OTHER_CHARGE_NOTE, SECTION_SHORT_NAMES, transitName } from "../engine";
import type { QuotedCall } from "../request/call";
import { DOCKING_NOTE, QUOTE_TITLE } from "./layout";

const PAGE = { width: 612, height: 792, margin: 42 } as const;
const SIZES = [9, 8.5, 8, 7.5, 7, 6.5, 6] as const;
/** The columns of a transit's lines: item, amount (right-aligned at its end), authority. */
const COLUMNS = { item: 0, amountEnd: 250, authority: 262 } as const;

/** The few characters our texts use that the standard fonts' WinAnsi encoding lacks, in words it has. */
const OUTSIDE_WIN_ANSI: Readonly<Record<string, string>> = { "≥": ">=", "≤": "<=", "−": "-", "→": "->", "≠": "!=", "\u00A0": " " };
const WIN_ANSI_EXTRA = new Set([..."€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"]);

/** Text the standard fonts can show: our own symbols spelled out, any other character outside WinAnsi shown as "?". */
export function pdfText(text: string): string {
  let shown = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (OUTSIDE_WIN_ANSI[ch] !== undefined) shown += OUTSIDE_WIN_ANSI[ch];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) shown += ch;
    else if (ch === "\t" || ch === "\n" || ch === "\r") shown += " ";
    else shown += "?";
  }
  return shown;
}

interface Fonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly italic: PDFFont;
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

/** Splits text into lines no wider than `width` at `size`, at spaces (a word longer than a line is cut). */
function wrapped(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/)) {
    const candidate = current === "" ? word : `${current} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current !== "") lines.push(current);
    current = word;
    while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
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
function layout(content: readonly Block[], fonts: Fonts, size: number): { pages: number; placed: Placed[]; rules: { page: number; y: number }[] } {
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
      for (const line of wrapped(pdfText(block.text), font, textSize, width - indent)) {
        room(textSize * 1.35);
        y -= textSize * 1.35;
        placed.push({ page, x: PAGE.margin + indent, y, text: line, font, size: textSize });
      }
      continue;
    }
    const font = block.bold ? fonts.bold : fonts.regular;
    const itemWidth = COLUMNS.amountEnd - 60 - COLUMNS.item;
    const items = wrapped(pdfText(block.item), font, size, itemWidth);
    const authorities = wrapped(pdfText(block.authority), fonts.regular, size, width - COLUMNS.authority);
    const rows = Math.max(items.length, authorities.length, 1);
    room(leading * rows);
    for (let row = 0; row < rows; row++) {
      y -= leading;
      if (items[row] !== undefined) placed.push({ page, x: PAGE.margin + 8 + COLUMNS.item, y, text: items[row], font, size });
      if (row === 0) {
        const amount = pdfText(block.amount);
        placed.push({ page, x: PAGE.margin + COLUMNS.amountEnd - font.widthOfTextAtSize(amount, size), y, text: amount, font, size });
      }
      if (authorities[row] !== undefined) placed.push({ page, x: PAGE.margin + COLUMNS.authority, y, text: authorities[row], font: fonts.regular, size });
    }
  }
  return { pages: page + 1, placed, rules };
}

/** The PDF's bytes. Deterministic for a given call and date (the document's dates are `madeOn`). */
export async function quotePdf(call: QuotedCall, madeOn: Date): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
    italic: await document.embedFont(StandardFonts.HelveticaOblique),
  };
  const content = blocks(call, madeOn);
  // The largest size that fits one page; a call too long for one page at the smallest runs on.
  let chosen = layout(content, fonts, SIZES[SIZES.length - 1]);
  for (const size of SIZES) {
    const attempt = layout(content, fonts, size);
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
  document.setTitle(pdfText(`${QUOTE_TITLE}: ${call.vessel.name.trim() === "" ? "a call" : call.vessel.name.trim()}`));
  document.setProducer(`hudson-pilotage ${packageJson.version}`);
  document.setCreator(`hudson-pilotage ${packageJson.version}`);
  document.setCreationDate(madeOn);
  document.setModificationDate(madeOn);
  return document.save();
}
