/**
 * What the printable quote can show of a text, and the words that name what it cannot. A
 * character prints when every face of the PDF's font has it; any other prints as "?" and is named
 * by the field it was typed in: in the command line's warnings (with the character itself) and on
 * the page, in a footnote (by code point, which any font can show).
 */

/** The mark a character the PDF cannot print is shown as. */
export const UNPRINTABLE_MARK = "?";

/**
 * Scripts written right to left. The PDF sets each line left to right and does not join letters,
 * so such text would come out reversed and broken: named as unprintable instead.
 */
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
/** Characters with no mark of their own (joiners, variation selectors, direction marks): left out, as a screen shows nothing for them. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
/** Line and tab breaks: a line of the PDF is one line, so these are spaces. */
const BREAK = /[\t\n\r\v\f\u0085\u2028\u2029]/u;
/** Past this many distinct characters, a field's note counts the rest instead of listing them. */
const LISTED_AT_MOST = 12;

/** How one character prints: itself, its decomposed letters (when only those are in the font), or null. */
function printedCharacter(character: string, printable: ReadonlySet<number>): string | null {
  if (BREAK.test(character)) return " ";
  if (INVISIBLE.test(character)) return "";
  if (RIGHT_TO_LEFT.test(character)) return null;
  for (const form of [character, character.normalize("NFD")]) {
    if ([...form].every((part) => printable.has(part.codePointAt(0) as number))) return form;
  }
  return null;
}

/** The text as the PDF prints it (composed as NFC): each character the font lacks as "?". */
export function printedText(text: string, printable: ReadonlySet<number>): string {
  let shown = "";
  for (const character of text.normalize("NFC")) shown += printedCharacter(character, printable) ?? UNPRINTABLE_MARK;
  return shown;
}

/** The distinct characters of the text that print as "?", in the order they first appear. */
export function unprintableCharacters(text: string, printable: ReadonlySet<number>): string[] {
  const found = new Set<string>();
  for (const character of text.normalize("NFC")) if (printedCharacter(character, printable) === null) found.add(character);
  return [...found];
}

/** A field holding characters the PDF prints as "?". */
export interface UnprintableField {
  /** As a person names it: "vessel name", "Transit 2 label", "other text". */
  readonly field: string;
  readonly characters: readonly string[];
}

function codePointName(character: string): string {
  return `U+${(character.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, "0")}`;
}

function listed(characters: readonly string[], name: (character: string) => string): string {
  const shown = characters.slice(0, LISTED_AT_MOST).map(name).join(", ");
  return characters.length > LISTED_AT_MOST ? `${shown} and ${characters.length - LISTED_AT_MOST} more` : shown;
}

/** The field's characters by why they cannot print: those the font lacks, then right-to-left ones. */
function byReason(characters: readonly string[], fontFamily: string, page: "the PDF" | "this PDF"): { characters: string[]; reason: string }[] {
  const groups = [
    { characters: characters.filter((character) => !RIGHT_TO_LEFT.test(character)), reason: `not in ${page === "the PDF" ? "its" : "this PDF's"} font, ${fontFamily}` },
    { characters: characters.filter((character) => RIGHT_TO_LEFT.test(character)), reason: `right-to-left text, which ${page === "the PDF" ? "it" : "this PDF"} does not set` },
  ];
  return groups.filter((group) => group.characters.length > 0);
}

/**
 * The warning the command line, the library and the MCP tool give, e.g.
 * `vessel name: "丸" (U+4E38) cannot be printed in the PDF (not in its font, DejaVu Sans); shown as ?`.
 */
export function unprintableWarning({ field, characters }: UnprintableField, fontFamily: string): string {
  const named = (character: string) => `${JSON.stringify(character)} (${codePointName(character)})`;
  const said = byReason(characters, fontFamily, "the PDF")
    .map((group, index) => `${index === 0 ? "" : ", nor can "}${listed(group.characters, named)}${index === 0 ? " cannot be printed in the PDF" : ""} (${group.reason})`)
    .join("");
  return `${field}: ${said}; ${characters.length === 1 ? "shown" : "each shown"} as ${UNPRINTABLE_MARK}`;
}

/** The footnote's line for a field, by code point only: the characters themselves are what the page cannot show. */
export function unprintableFootnote({ field, characters }: UnprintableField, fontFamily: string): string {
  return `${field}: ${byReason(characters, fontFamily, "this PDF").map((group) => `${listed(group.characters, codePointName)} (${group.reason})`).join("; ")}`;
}
