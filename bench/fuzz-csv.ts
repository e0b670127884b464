/**
 * Fuzzing of the CSV reader (src/workbook/csv.ts): random files of good and malformed lines,
 * with quotes, commas, line breaks and control characters inside values, in UTF-8 (with or
 * without a byte order mark), UTF-16 (either byte order, with one) or Latin-1, cut into random
 * chunks. The property: no row is lost. Every good record comes out whole, under its own row
 * number; every malformed line is reported once, under its row number, naming its physical line;
 * nothing else comes out; bytes that are not UTF-8 are refused, never read as U+FFFD.
 *
 * Good values holding a quote are written quoted (inner quotes doubled) or, when they hold no
 * comma or line break and do not start with a quote, bare (`600' 6"`), which Excel and the reader
 * take as literal characters. Malformed lines are of the kinds people make: a wrong number of
 * fields, text after a closing quote, a quote opened and never closed. One limit, inherent to CSV
 * (see CsvRecordSplitter in csv.ts): after a quote that is never closed, the next quote closes it,
 * and when a comma or a line break follows that quote (a quoted value starting with one, a bare
 * value ending in a quote) the lines between may make one valid record. So good values here never
 * start (after any quotes of their own) with a comma or a line break, nor do the stray quotes, and
 * after a stray quote every value holding a quote is written quoted, never bare.
 */
import { isUtf8 } from "node:buffer";
import { Readable } from "node:stream";
import fc from "fast-check";
import { isCsvRowError, readCsvRows, type CsvItem } from "../src/workbook/csv";

type LineEnd = "\n" | "\r\n" | "\r";
type Encoding = "utf-8" | "utf-8-bom" | "utf-16le-bom" | "utf-16be-bom" | "latin-1";

type Line =
  | { kind: "good"; values: string[]; quoteAll: boolean[] }
  | { kind: "blank" }
  | {
      kind: "bad";
      text: string;
      /** the reader names the line whatever the row */ quoting: boolean;
      /** a quote opened and never closed */ unclosed?: boolean;
      /** a line of plain fields (the wrong number of them) */ fields?: string[];
    };

export interface CsvFuzzCase {
  header: string[];
  lines: Line[];
  lineEnd: LineEnd;
  finalLineEnd: boolean;
  encoding: Encoding;
  /** Where the bytes are cut into chunks, as fractions of their length. */
  cuts: number[];
}

const ALPHABET = ["a", "Z", "7", " ", ",", '"', "\n", "\r", "\t", "é", "Ö", "€", "🚢", "\u0000", "\u001b", "[", "8", "m", "\u007f", "\u0085", "\u2028", "\u200b", "\ufeff", "=", "+", "-", "@"];
const anyValue = fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 12 });
/** A good value: anything, but (see the file comment) not starting with a comma or a line break. */
const goodValue = anyValue.filter((v) => !/^"*[,\r\n]/.test(v));
/** Text with no quote and no line break (what surrounds a stray quote on one line). */
const plainValue = fc.string({ unit: fc.constantFrom("a", "Z", "7", " ", "é", "\u001b", "\u0000", "€"), maxLength: 6 });

/**
 * A value as a CSV writer writes it: quoted (inner quotes doubled) when asked, or when it must be:
 * it holds a comma or a line break, or starts with a quote. Else bare, any quote in it literal.
 */
export function encodeValue(value: string, quote: boolean): string {
  return quote || /[,\r\n]/.test(value) || value.startsWith('"') ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A one-column file's values hold no tab: a column of values that agree on their tabs is a table
 * separated by tabs (sniffSeparator in csv.ts; csv-read.test.ts has such files). With two columns
 * or more, the header and every good line agree on their commas, which no tabs in the values outvote.
 */
function goodLine(width: number): fc.Arbitrary<Line> {
  const value = width === 1 ? goodValue.filter((v) => !v.includes("\t")) : goodValue;
  return fc
    .tuple(fc.array(value, { minLength: width, maxLength: width }), fc.array(fc.boolean(), { minLength: width, maxLength: width }))
    // One empty value alone is a blank line, quoted or not.
    .filter(([values]) => !(values.length === 1 && values[0] === ""))
    .map(([values, quoteAll]): Line => ({ kind: "good", values, quoteAll }));
}

function badLine(width: number): fc.Arbitrary<Line> {
  const fields = (count: number) => fc.array(plainValue.filter((v) => !v.includes(",")), { minLength: count, maxLength: count });
  const wrongCount = fc
    .oneof(fields(width + 1), width > 1 ? fields(width - 1) : fields(width + 2))
    // One empty field alone is a blank line, not a bad row.
    .filter((values) => !(values.length === 1 && values[0] === ""))
    .map((values): Line => ({ kind: "bad", text: values.join(","), quoting: false, fields: values }));
  const withStray = (make: (a: string, b: string) => string, unclosed: boolean) =>
    fc
      .tuple(fields(width), fc.integer({ min: 0, max: width - 1 }), plainValue, plainValue)
      .map(([values, at, a, b]): Line => {
        const copy = [...values];
        copy[at] = make(a.replace(/,/g, ""), b.replace(/,/g, "") || "x");
        return { kind: "bad", text: copy.join(","), quoting: true, unclosed };
      });
  return fc.oneof(
    wrongCount,
    withStray((a, b) => `"${a}"${b}`, false), // text after a closing quote
    // A quote opened and never closed, before text: a quote right before a comma or a line end
    // would be a valid closing quote for an earlier stray one (the same limit as for good values).
    withStray((a) => `"${a || "x"}`, true),
  );
}

export const csvFuzzCase: fc.Arbitrary<CsvFuzzCase> = fc.integer({ min: 1, max: 5 }).chain((width) =>
  fc.record({
    header: fc.constant(Array.from({ length: width }, (_, i) => `col${i + 1}`)),
    lines: fc.array(fc.oneof({ weight: 5, arbitrary: goodLine(width) }, { weight: 2, arbitrary: badLine(width) }, { weight: 1, arbitrary: fc.constant<Line>({ kind: "blank" }) }), { maxLength: 25 }),
    lineEnd: fc.constantFrom<LineEnd>("\n", "\r\n", "\r"),
    finalLineEnd: fc.boolean(),
    encoding: fc.constantFrom<Encoding>("utf-8", "utf-8", "utf-8-bom", "utf-16le-bom", "utf-16be-bom", "latin-1"),
    cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }),
  }),
);

type ExpectedItem = { rowNumber: number; cells: string[] } | { rowNumber: number; line: number; quoting: boolean };

/** The file's text, and the items the reader must give for it. */
export function expectedItems(test: CsvFuzzCase): { text: string; items: ExpectedItem[] } {
  const { lineEnd } = test;
  const parts = [test.header.join(",")];
  const items: ExpectedItem[] = [{ rowNumber: 1, cells: test.header }];
  let line = 2;
  let row = 2;
  let afterStray = false;
  for (const entry of test.lines) {
    if (entry.kind === "blank") {
      parts.push("");
      line += 1;
    } else if (entry.kind === "bad") {
      parts.push(entry.text);
      items.push({ rowNumber: row, line, quoting: entry.quoting });
      afterStray ||= entry.unclosed === true;
      line += 1;
    } else {
      const text = entry.values.map((value, i) => encodeValue(value, entry.quoteAll[i] || (afterStray && value.includes('"')))).join(",");
      parts.push(text);
      items.push({ rowNumber: row, cells: entry.values });
      // Line breaks inside quoted values are lines of the file too (CRLF being one).
      line += 1 + (text.match(/\r\n|\r|\n/g)?.length ?? 0);
    }
    row += 1;
  }
  let text = parts.join(lineEnd);
  if (test.finalLineEnd) text += lineEnd;
  return { text, items: withOneFieldLines(test, items) };
}

/** One value not white space, the others white space (csv.ts: isOneFieldLine). */
function isOneFieldLine(values: readonly string[]): boolean {
  return values.filter((value) => value.trim() !== "").length === 1;
}

/**
 * A line of fewer fields than the header, one of them filled, with a line break after it (a page
 * line, a note, a title repeated): the reader gives it as a row of its fields wherever it falls,
 * for the caller to name or report (csv.ts: readCsvRows).
 */
function withOneFieldLines(test: CsvFuzzCase, items: ExpectedItem[]): ExpectedItem[] {
  const lines = test.lines.filter((line) => line.kind !== "blank");
  const lineBreakAfter = (index: number) => index < lines.length - 1 || test.finalLineEnd || test.lines[test.lines.length - 1].kind === "blank";
  // items[0] is the header; items[k + 1] is lines[k] (blank lines give no item).
  return items.map((item, i) => {
    const line = lines[i - 1];
    if (i === 0 || line.kind !== "bad" || line.fields === undefined) return item;
    return line.fields.length < test.header.length && isOneFieldLine(line.fields) && lineBreakAfter(i - 1) ? { rowNumber: item.rowNumber, cells: line.fields } : item;
  });
}

function encode(text: string, encoding: Encoding): Buffer {
  switch (encoding) {
    case "utf-8":
      return Buffer.from(text, "utf8");
    case "utf-8-bom":
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
    case "utf-16le-bom":
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    case "utf-16be-bom":
      return Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]);
    case "latin-1":
      return Buffer.from(text, "latin1");
  }
}

/** Whether the bytes hold a UTF-8 character of more than one byte before their first byte that UTF-8 cannot read. */
function readsAsUtf8BeforeItsFirstBadByte(bytes: Buffer): boolean {
  if (isUtf8(bytes)) return false;
  // The longest prefix that is UTF-8 ends at or before the first bad byte (every longer one holds it).
  // Only reached for a refused Latin-1 case, so the quadratic scan stays small.
  let valid = 0;
  for (let end = 1; end < bytes.length; end++) if (isUtf8(bytes.subarray(0, end))) valid = end;
  return bytes.subarray(0, valid).some((byte) => byte >= 0x80);
}

/** The problem with the reader's answer for this case, or null when it holds. */
export async function checkCsvCase(test: CsvFuzzCase): Promise<string | null> {
  const { text, items: expected } = expectedItems(test);
  // Characters Latin-1 cannot hold would be written as "?" by any program: not a Latin-1 file.
  if (test.encoding === "latin-1" && [...text].some((c) => c.codePointAt(0)! > 0xff)) return null;
  const bytes = encode(text, test.encoding);
  const edges = [...new Set([0, ...test.cuts.map((f) => Math.floor(f * bytes.length)), bytes.length])].sort((a, b) => a - b);
  const chunks = edges.slice(1).map((end, i) => bytes.subarray(edges[i], end)).filter((chunk) => chunk.length > 0);
  const got: CsvItem[] = [];
  const separators: string[] = [];
  try {
    for await (const item of readCsvRows(Readable.from(chunks), { onSeparator: (separator) => separators.push(separator) })) got.push(item);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Latin-1 bytes that read as UTF-8 before a byte that cannot: the reader will not take the file
    // for two encodings at once, so it refuses, naming the byte and the way to read it as Windows-1252.
    if (test.encoding === "latin-1" && readsAsUtf8BeforeItsFirstBadByte(bytes) && / has the byte 0x[0-9A-F]{2} .*--encoding windows-1252/.test(message)) return null;
    return `threw ${message}`;
  }
  // Every case is separated by commas, whatever tabs its values hold.
  if (separators.length > 0) return `read as separated by ${JSON.stringify(separators[0])}`;
  // Bytes that are not UTF-8 are read as Windows-1252 (issue 37), which is Latin-1 but for 0x80–0x9F.
  // Latin-1 bytes can also happen to be valid UTF-8 ("Ö" then U+0085 is D6 85, which is "օ" in UTF-8):
  // no reader can tell such a file from UTF-8, so it is read as UTF-8. Either way, where the two
  // readings differ only the rows' shape is checked.
  const utf8 = isUtf8(bytes);
  const readsOtherwise = (code: number) => (utf8 ? code > 0x7f : code >= 0x80 && code <= 0x9f);
  const shapeOnly = test.encoding === "latin-1" && [...text].some((c) => readsOtherwise(c.codePointAt(0)!));
  // Latin-1 of plain ASCII is UTF-8 too, and reads the same.
  if (got.length !== expected.length) return `${got.length} items for ${expected.length} (${JSON.stringify(got.map((g) => g.rowNumber))})`;
  for (let i = 0; i < got.length; i++) {
    const want = expected[i];
    const item = got[i];
    if (item.rowNumber !== want.rowNumber) return `item ${i} is row ${item.rowNumber}, not ${want.rowNumber}`;
    if ("cells" in want) {
      if (isCsvRowError(item)) return `row ${want.rowNumber} reported as malformed: ${item.error}`;
      if (!shapeOnly && JSON.stringify(item.cells) !== JSON.stringify(want.cells)) return `row ${want.rowNumber} reads ${JSON.stringify(item.cells)}, not ${JSON.stringify(want.cells)}`;
    } else {
      if (!isCsvRowError(item)) return `malformed row ${want.rowNumber} read as ${JSON.stringify(item.cells)}`;
      const named = item.error.endsWith(` (line ${want.line})`);
      if ((want.quoting || want.line !== want.rowNumber) !== named) return `row ${want.rowNumber}'s message "${item.error}" does not name line ${want.line} as it should`;
    }
  }
  return null;
}

export interface CsvFuzzReport {
  cases: number;
  failures: number;
  seconds: number;
  examples: { problem: string; input: string }[];
}

export async function runCsvFuzz(cases: number, seed: number): Promise<CsvFuzzReport> {
  let failures = 0;
  const examples: CsvFuzzReport["examples"] = [];
  const start = process.hrtime.bigint();
  await fc.assert(
    fc.asyncProperty(csvFuzzCase, async (test) => {
      const problem = await checkCsvCase(test);
      if (problem !== null) {
        failures++;
        if (examples.length < 5) examples.push({ problem, input: JSON.stringify(test) });
      }
    }),
    { numRuns: cases, seed },
  );
  return { cases, failures, seconds: Number(process.hrtime.bigint() - start) / 1e9, examples };
}
