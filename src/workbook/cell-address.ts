/** Spreadsheet column letters, for every door that names a cell (task pane ranges, xlsx files, messages). */

/** "A" for 1, "Z" for 26, "AA" for 27. */
export function columnLetter(columnNumber: number): string {
  let letters = "";
  for (let rest = columnNumber; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** 1 for "A", 27 for "AA" (any case). */
export function columnNumber(letters: string): number {
  return [...letters.toUpperCase()].reduce((n, ch) => n * 26 + (ch.charCodeAt(0) - 64), 0);
}
