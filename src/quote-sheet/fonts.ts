/**
 * The faces the printable quote is set in: DejaVu Sans (Book, Bold, Oblique) from the npm package
 * dejavu-fonts-ttf, read from the installed package when a PDF is made (never from the network)
 * and embedded as subsets of the glyphs the page uses. Their licence (Bitstream Vera's, with
 * DejaVu's changes in the public domain) lets the fonts be embedded and redistributed.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

/** The family's name as the quote's notes say it. */
export const PDF_FONT_FAMILY = "DejaVu Sans";

/**
 * Each face's file, and the name it has in the PDF: a subset's name starts with a tag of six
 * capitals and "+" (PDF 32000-1, 9.6.4); fixed tags keep the PDF the same for the same quote.
 */
const FACES = {
  regular: { file: "DejaVuSans.ttf", name: "HPQREG+DejaVuSans" },
  bold: { file: "DejaVuSans-Bold.ttf", name: "HPQBLD+DejaVuSans-Bold" },
  italic: { file: "DejaVuSans-Oblique.ttf", name: "HPQOBL+DejaVuSans-Oblique" },
} as const;

export type Face = keyof typeof FACES;
export type Fonts = Readonly<Record<Face, PDFFont>>;

/** A face's file, found as Node finds a dependency from this module's folder (src/quote-sheet, dist-node/src/quote-sheet or dist-cli). */
export function fontFile(face: Face): string {
  return createRequire(path.join(__dirname, "fonts.js")).resolve(`dejavu-fonts-ttf/ttf/${FACES[face].file}`);
}

/** The three faces embedded in `document` as subsets. */
export async function embedFonts(document: PDFDocument): Promise<Fonts> {
  document.registerFontkit(fontkit);
  const [regular, bold, italic] = await Promise.all((["regular", "bold", "italic"] as const).map((face) => readFile(fontFile(face))));
  // One after another: each takes the PDF's next object numbers, so the same quote gives the same bytes.
  const embed = (face: Face, bytes: Uint8Array) => document.embedFont(bytes, { subset: true, customName: FACES[face].name });
  return { regular: await embed("regular", regular), bold: await embed("bold", bold), italic: await embed("italic", italic) };
}

/** The characters every face can draw: a text printed in any of them shows these and no other. */
export function printableCodePoints(fonts: Fonts): ReadonlySet<number> {
  const [first, ...others] = Object.values(fonts).map((font) => new Set(font.getCharacterSet()));
  return new Set([...first].filter((codePoint) => others.every((set) => set.has(codePoint))));
}
