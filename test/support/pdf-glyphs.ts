/**
 * What a PDF made with pdf-lib draws, read without any text extraction: each page's content
 * stream inflated (pdf-lib's own decoder), its `Tf` and `Tj` operators read, and every glyph
 * number looked up in the font subset embedded beside it (parsed with fontkit). A glyph is known
 * by its outline, so the test can compare what the page draws with what the original font draws
 * for a text, whatever the subset numbered it and whatever the ToUnicode map says.
 */
import fontkit, { Font } from "@pdf-lib/fontkit";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFObject, PDFRawStream, PDFRef } from "pdf-lib";

/** One string the page shows (`<…> Tj`): the face it is set in (BaseFont without its subset tag) and its glyphs. */
export interface ShownString {
  readonly face: string;
  readonly glyphIds: readonly number[];
  /** Each glyph's outline as SVG path data ("" for a space). */
  readonly outlines: readonly string[];
}

/** A stream's bytes, inflated (pdf-lib writes its streams FlateDecode). */
function streamBytes(stream: PDFObject | undefined): Buffer {
  if (!(stream instanceof PDFRawStream)) throw new Error(`Not a stream as pdf-lib writes them: ${String(stream)}`);
  return Buffer.from(decodePDFRawStream(stream).decode());
}

/** The embedded TrueType subset of a Type 0 font, parsed. */
function embeddedFont(font: PDFDict): Font {
  const descendant = font.lookup(PDFName.of("DescendantFonts"), PDFArray).lookup(0, PDFDict);
  return fontkit.create(streamBytes(descendant.lookup(PDFName.of("FontDescriptor"), PDFDict).lookup(PDFName.of("FontFile2"))));
}

/** Every string each page shows, in drawing order. */
export async function shownStrings(pdf: Uint8Array): Promise<ShownString[][]> {
  const document = await PDFDocument.load(pdf);
  const parsed = new Map<PDFRef, { face: string; font: Font }>();
  return document.getPages().map((page) => {
    const resources = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
    const shown: ShownString[] = [];
    let current: { face: string; font: Font } | null = null;
    for (const text of streams.map((stream) => streamBytes(stream).toString("latin1"))) {
      for (const [, name, hex] of text.matchAll(/\/([^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (name !== undefined) {
          const ref = resources?.get(PDFName.of(name)) as PDFRef;
          if (!parsed.has(ref)) {
            const font = document.context.lookup(ref, PDFDict);
            parsed.set(ref, { face: font.lookup(PDFName.of("BaseFont"), PDFName).decodeText().replace(/^[A-Z]{6}\+/, ""), font: embeddedFont(font) });
          }
          current = parsed.get(ref) ?? null;
          continue;
        }
        if (current === null) throw new Error("A string is shown before any font is set.");
        const glyphIds = (hex.match(/.{4}/g) ?? []).map((four) => parseInt(four, 16));
        const font: Font = current.font;
        shown.push({ face: current.face, glyphIds, outlines: glyphIds.map((id) => font.getGlyph(id).path.toSVG()) });
      }
    }
    return shown;
  });
}

/** The outlines the original font draws for `text`, laid out as pdf-lib lays it out (fontkit, default features). */
export function outlinesOf(font: Font, text: string): string[] {
  return font.layout(text).glyphs.map((glyph) => glyph.path.toSVG());
}

/** Whether `needle` occurs as a run of consecutive glyphs in one of the strings. */
export function drawsRun(strings: readonly ShownString[], face: string, needle: readonly string[]): boolean {
  const key = (outlines: readonly string[]) => outlines.map((outline) => `[${outline}]`).join("");
  const wanted = key(needle);
  return strings.some((shown) => shown.face === face && key(shown.outlines).includes(wanted));
}
