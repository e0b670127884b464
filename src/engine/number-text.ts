/**
 * How numbers typed as text are read, shared by every reader (plain numbers and measurements):
 * a comma groups thousands only where it really does (D23), never as a guess.
 */

/**
 * "45,125" → "45125", "1,234,567.5" → "1234567.5": commas removed where they group thousands (a
 * first group of 1–3 digits not starting with 0, then groups of exactly three). Any other comma is
 * left in place, so the text does not read as a number: "0,500" (a leading zero is no thousands
 * group; in much of Europe it means 0.5), "1,23", "12,3456".
 */
export function ungroupThousands(text: string): string {
  if (!text.includes(",")) return text;
  return text.replace(/(?<![\d,.])([1-9]\d{0,2})((?:,\d{3})+)(?![\d,])/g, (_, first: string, groups: string) => first + groups.replace(/,/g, ""));
}

/** Said after "is not a number" when a comma is what stopped the reading. */
export const COMMA_ADVICE = "a comma only groups thousands (1,234.5); write a decimal with a point (0.5)";

/** True when the text still has a comma once thousands are ungrouped. */
export function hasStrayComma(text: string): boolean {
  return ungroupThousands(text).includes(",");
}
