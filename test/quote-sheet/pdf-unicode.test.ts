/**
 * The printable quote prints what the user typed: names in Greek, Cyrillic, Polish, Turkish,
 * Vietnamese and Spanish are drawn with the embedded font's own glyphs for them (read back from
 * the content stream and the embedded subset, src: test/support/pdf-glyphs.ts) and carry their
 * text for copying and search (the ToUnicode map, read by PDF.js). A character outside the font
 * is drawn as "?", never as a missing-glyph box, and named by its field in the warnings and in a
 * footnote on the page.
 */
import fs from "node:fs";
import fontkit, { Font } from "@pdf-lib/fontkit";
import { fontFile } from "../../src/quote-sheet/fonts";
import { quotePdf } from "../../src/quote-sheet/pdf";
import { printedText, unprintableCharacters, unprintableFootnote, unprintableWarning } from "../../src/quote-sheet/printable";
import { CallRequest, quoteCallRequest } from "../../src/request/call";
import { drawsRun, outlinesOf, shownStrings } from "../support/pdf-glyphs";
import { pdfPageTexts } from "../support/pdf";

const MADE_ON = new Date("2026-12-07T00:00:00Z");
const BOARD_RATES = {
  fees: [{ from: "2026-07-01", launch: "310.00", communication: "45.50", midriverLaunch: "125.25" }],
  surcharge: [{ from: "2026-10-01", upTo50Units: "300.00", over50UpTo100Units: "360.00", perUnitOver100Units: "3.60" }],
};

const original: Record<"DejaVuSans" | "DejaVuSans-Bold" | "DejaVuSans-Oblique", Font> = {
  DejaVuSans: fontkit.create(fs.readFileSync(fontFile("regular"))),
  "DejaVuSans-Bold": fontkit.create(fs.readFileSync(fontFile("bold"))),
  "DejaVuSans-Oblique": fontkit.create(fs.readFileSync(fontFile("italic"))),
};

function callWith(names: { vessel: string; labels: [string, string, string]; otherCharges: string[] }): CallRequest {
  return {
    vessel: { name: names.vessel, imo: "9123453", length: 600, breadth: 80, depth: 40, unit: "ft" },
    transits: [
      { label: names.labels[0], section: 2, date: "2026-12-30", hours: 12 },
      { label: names.labels[1], section: 1, date: "2026-12-31", hours: 6 },
      { label: names.labels[2], section: 2, date: "2027-01-02", hours: 8 },
    ],
    boardRates: BOARD_RATES,
    otherCharges: names.otherCharges.map((label) => ({ label, amount: "100.00" })),
  } as CallRequest;
}

async function printed(call: CallRequest) {
  return quotePdf(await quoteCallRequest(call, process.cwd()), MADE_ON);
}

// One script a field, each drawn in the face its field is printed in.
const GREEK = "Ακρόπολις";
const CYRILLIC = "Москва–Нева";
const POLISH = "Łódź Żółć";
const TURKISH = "İstanbul Iğdır Şişli";
const VIETNAMESE = "Hoa tiêu Việt Nam: Đường sông";
const SPANISH = "Ñúñez";

describe("names in other alphabets print as typed", () => {
  let pdf: { bytes: Uint8Array; warnings: string[] };
  beforeAll(async () => {
    // "Café" typed decomposed (e + U+0301 combining acute), as some keyboards and files give it.
    pdf = await printed(callWith({ vessel: GREEK, labels: [CYRILLIC, POLISH, TURKISH], otherCharges: [VIETNAMESE, SPANISH, "Cafe\u0301 launch"] }));
  });

  test("every name is drawn with the font's own glyphs for its letters, in the face of its field", async () => {
    const [page, ...more] = await shownStrings(pdf.bytes);
    expect(more).toHaveLength(0);
    // The vessel's line and the transits' headings are bold; the other charges' lines regular.
    expect(drawsRun(page, "DejaVuSans-Bold", outlinesOf(original["DejaVuSans-Bold"], `Vessel: ${GREEK}, IMO 9123453`))).toBe(true);
    for (const [index, label] of [CYRILLIC, POLISH, TURKISH].entries()) {
      expect(drawsRun(page, "DejaVuSans-Bold", outlinesOf(original["DejaVuSans-Bold"], `Transit ${index + 1} (${label})`))).toBe(true);
    }
    for (const label of [VIETNAMESE, SPANISH, "Café launch"]) expect(drawsRun(page, "DejaVuSans", outlinesOf(original.DejaVuSans, label))).toBe(true);
  });

  test("a run of other letters is not found: the comparison can fail", async () => {
    const [page] = await shownStrings(pdf.bytes);
    expect(drawsRun(page, "DejaVuSans-Bold", outlinesOf(original["DejaVuSans-Bold"], "Ακροπολις"))).toBe(false);
    expect(drawsRun(page, "DejaVuSans", outlinesOf(original.DejaVuSans, "Lodz"))).toBe(false);
    expect(drawsRun(page, "DejaVuSans-Bold", outlinesOf(original["DejaVuSans-Bold"], "Istanbul"))).toBe(false);
  });

  test("no glyph is the font's missing-glyph box (glyph 0), and nothing is named as unprintable", async () => {
    const [page] = await shownStrings(pdf.bytes);
    expect(page.length).toBeGreaterThan(40);
    for (const shown of page) expect(shown.glyphIds).not.toContain(0);
    expect(pdf.warnings).toEqual([]);
    expect(pdfPageTexts(Buffer.from(pdf.bytes))[0]).not.toContain("printed as ?");
  });

  test("the text copied from the page (its ToUnicode map, read by PDF.js) is the text typed, composed", () => {
    const text = pdfPageTexts(Buffer.from(pdf.bytes))[0].replace(/\s+/g, " ");
    for (const name of [GREEK, CYRILLIC, POLISH, TURKISH, VIETNAMESE, SPANISH, "Café launch"]) expect(text).toContain(name);
  });

  test("the same quote on the same date is the same bytes", async () => {
    const again = await printed(callWith({ vessel: GREEK, labels: [CYRILLIC, POLISH, TURKISH], otherCharges: [VIETNAMESE, SPANISH, "Cafe\u0301 launch"] }));
    expect(Buffer.from(again.bytes).equals(Buffer.from(pdf.bytes))).toBe(true);
  });
});

describe("characters outside the font are named, never printed wrong without a word", () => {
  let pdf: { bytes: Uint8Array; warnings: string[] };
  beforeAll(async () => {
    pdf = await printed(callWith({ vessel: "Maru 丸 🚢", labels: ["Inbound", "שלום", "Outbound"], otherCharges: ["Docking pilot"] }));
  });

  test("the warnings name each field and its characters, with why", () => {
    expect(pdf.warnings).toEqual([
      'vessel name: "丸" (U+4E38), "🚢" (U+1F6A2) cannot be printed in the PDF (not in its font, DejaVu Sans); each shown as ?',
      'Transit 2 label: "ש" (U+05E9), "ל" (U+05DC), "ו" (U+05D5), "ם" (U+05DD) cannot be printed in the PDF (right-to-left text, which it does not set); each shown as ?',
    ]);
  });

  test("the page draws ? in their place, never glyph 0", async () => {
    const [page] = await shownStrings(pdf.bytes);
    expect(drawsRun(page, "DejaVuSans-Bold", outlinesOf(original["DejaVuSans-Bold"], "Vessel: Maru ? ?, IMO 9123453"))).toBe(true);
    expect(drawsRun(page, "DejaVuSans-Bold", outlinesOf(original["DejaVuSans-Bold"], "Transit 2 (????)"))).toBe(true);
    for (const shown of page) expect(shown.glyphIds).not.toContain(0);
  });

  test("a footnote on the page names them by field and code point", () => {
    const text = pdfPageTexts(Buffer.from(pdf.bytes))[0].replace(/\s+/g, " ");
    expect(text).toContain("Characters printed as ?: this PDF cannot show them");
    expect(text).toContain("- vessel name: U+4E38, U+1F6A2 (not in this PDF's font, DejaVu Sans)");
    expect(text).toContain("- Transit 2 label: U+05E9, U+05DC, U+05D5, U+05DD (right-to-left text, which this PDF does not set)");
  });
});

describe("printedText and the notes (a font of a few letters)", () => {
  const printable = new Set([..."abcdeé?⚓ "].map((character) => character.codePointAt(0) as number));

  test("a character in the font prints as itself; any other as ?", () => {
    expect(printedText("abc丸d", printable)).toBe("abc?d");
    expect(unprintableCharacters("a丸b丸x丸", printable)).toEqual(["丸", "x"]);
  });

  test("decomposed letters print composed; breaks as spaces; joiners and variation selectors leave no mark", () => {
    expect(printedText("e\u0301", printable)).toBe("é");
    expect(printedText("a\tb\nc", printable)).toBe("a b c");
    expect(printedText("⚓\uFE0F\u200Da", printable)).toBe("⚓a");
    expect(unprintableCharacters("⚓\uFE0F\u200D", printable)).toEqual([]);
  });

  test("a control character is named, not dropped", () => {
    expect(printedText("a\u0007b", printable)).toBe("a?b");
    expect(unprintableCharacters("a\u0007b", printable)).toEqual(["\u0007"]);
  });

  test("right-to-left letters are named even where the font has them", () => {
    const withHebrew = new Set([...printable, "ש".codePointAt(0) as number]);
    expect(printedText("aש", withHebrew)).toBe("a?");
  });

  test("a long list names twelve characters and counts the rest", () => {
    const characters = [..."一二三四五六七八九十百千万"];
    expect(unprintableWarning({ field: "other charge 1 label", characters }, "F")).toBe(
      'other charge 1 label: "一" (U+4E00), "二" (U+4E8C), "三" (U+4E09), "四" (U+56DB), "五" (U+4E94), "六" (U+516D), "七" (U+4E03), "八" (U+516B), "九" (U+4E5D), "十" (U+5341), "百" (U+767E), "千" (U+5343) and 1 more cannot be printed in the PDF (not in its font, F); each shown as ?',
    );
    expect(unprintableFootnote({ field: "x", characters: ["丸"] }, "F")).toBe("x: U+4E38 (not in this PDF's font, F)");
  });
});
