/**
 * CSV in and out for the CLI. Generic: rows of text in, rows of values out; nothing here knows
 * what a column means.
 *
 * Reading streams, so memory stays flat however long the file is. Rows that cannot be parsed are
 * reported as items carrying their row number, and reading carries on at the next line: one bad
 * quote costs one line, never the lines after it. The parser is our own (RFC 4180, about 200
 * lines) because that recovery needs to restart at a line of our choosing, which csv-parse's
 * skip_records_with_error cannot do: after a bad closing quote it stays inside the quoted field.
 *
 * Writing follows RFC 4180 and neutralises formula injection in text we did not produce.
 */
import fs from "node:fs";
import { isUtf8 } from "node:buffer";
import type { Readable, Writable } from "node:stream";
import { errorText, InputFileError, systemErrorCode } from "./errors";
import { type OutputOptions } from "./safe-output";
import { TextOutput } from "./text-output";
import { isExcelErrorValue, isFormulaCell, isNumericText, numericTextOf, type ExcelErrorValue, type FormulaCell, type NumericText } from "./values";

// ---------------------------------------------------------------------------------------------
// Reading

/** One parsed record. `rowNumber` is 1-based and counts every record in the file, header included. */
export interface CsvRow {
  readonly rowNumber: number;
  /** The file's line the record starts on, where it differs from rowNumber (after a quoted line break). */
  readonly line?: number;
  readonly cells: string[];
}

/** A record that could not be read; the rows after it are still read. */
export interface CsvRowError {
  readonly rowNumber: number;
  /** The file's line the record starts on, where it differs from rowNumber (after a quoted line break). */
  readonly line?: number;
  /** What is wrong, for a person; names the physical line of the file where it differs from the row. */
  readonly error: string;
}

export type CsvItem = CsvRow | CsvRowError;

export function isCsvRowError(item: CsvItem): item is CsvRowError {
  return "error" in item;
}

export interface CsvReadOptions {
  /**
   * Longest record accepted, in characters. A longer one almost always means a quote that is
   * never closed; its first line is reported as a bad row and reading resumes on the next line,
   * so memory stays bounded by this. Default 1,000,000.
   */
  readonly maxRecordChars?: number;
  /**
   * The text's encoding when the caller knows it (--encoding). Left out, UTF-8 (or UTF-16 by its
   * byte order mark) is read, and a file whose first byte that is not ASCII is not UTF-8 either
   * is read as Windows-1252, as Excel's plain "CSV (Comma delimited)" saves it.
   */
  readonly encoding?: CsvEncoding;
  /** Told once when the text is read as Windows-1252 without being asked to. */
  readonly onEncoding?: (encoding: CsvEncoding) => void;
  /**
   * Told once when the fields are separated by tabs (Excel's "Unicode Text", a TSV), which are
   * read as such; a file separated by semicolons is refused (see sniffSeparator).
   */
  readonly onSeparator?: (separator: CsvSeparator) => void;
  /**
   * The row (1-based, as rowNumber counts) whose field count every later record must have: the
   * table's header row, under a title or a report period that may have any. Default 1;
   * Infinity reads every record whatever its count (to find the header row first).
   */
  readonly fieldCountRow?: number;
}

export type CsvEncoding = "utf-8" | "windows-1252";

const DEFAULT_MAX_RECORD_CHARS = 1_000_000;

function describeReadError(filePath: string, error: unknown): string {
  const name = JSON.stringify(filePath);
  switch (systemErrorCode(error)) {
    case "ENOENT":
      return `Cannot read ${name}: no such file`;
    case "EISDIR":
      return `Cannot read ${name}: it is a folder`;
    case "EACCES":
    case "EPERM":
      return `Cannot read ${name}: permission denied`;
    default:
      return `Cannot read ${name}: ${errorText(error)}`;
  }
}

/**
 * Reads CSV rows one at a time: from a file path or any byte stream. Handles UTF-8 (with or
 * without a byte order mark) and UTF-16 (with a byte order mark, or recognised by its zero
 * bytes); other bytes are read as Windows-1252 (see CsvReadOptions.encoding). Fields are separated
 * by commas, or by tabs where the first lines say so (Excel's "Unicode Text"; a file separated by
 * semicolons is refused: see sniffSeparator). Handles CRLF, LF and CR line ends (mixed too),
 * quoted fields with separators, quotes and line breaks, and quotes inside an unquoted field as
 * literal characters (see CsvRecordSplitter).
 *
 * Yields the header as row 1 like any other row. Every record advances `rowNumber`, so numbers
 * match the row numbers a spreadsheet shows for the same file; blank lines count but are not
 * yielded. A record that breaks the CSV rules, or whose field count differs from the header's, is
 * reported as a CsvRowError, with one exception: a line of fewer fields than the header, one of
 * them filled, with a line break after it ("Printed 12/06/26 by J. Smith", "Page 2 of 3", a title
 * repeated), is given as a row of its fields wherever it falls, for the caller to name as page
 * furniture or else to report as the malformed row it is. A malformed record never takes the lines
 * after it along: when a quoted field that runs over a line end does not make a valid record, only
 * its first line is reported and reading resumes on the next line (see CsvRecordSplitter). Leaving
 * the loop early closes the file.
 */
export async function* readCsvRows(source: string | Readable, options: CsvReadOptions = {}): AsyncGenerator<CsvItem> {
  for await (const batch of readCsvRowBatches(source, options)) yield* batch;
}

/**
 * readCsvRows a batch at a time: the rows of each chunk of the input as one array. A caller
 * going through a million rows pays the async iteration once a chunk (some hundreds of rows),
 * not once a row (issue 18).
 */
export async function* readCsvRowBatches(source: string | Readable, options: CsvReadOptions = {}): AsyncGenerator<CsvItem[]> {
  // A file stream opened by the caller (for its progress counter, say) still names its file.
  const sourceName = typeof source === "string" ? source : source instanceof fs.ReadStream ? String(source.path) : "CSV input";
  const maxRecordChars = options.maxRecordChars ?? DEFAULT_MAX_RECORD_CHARS;
  if (!Number.isInteger(maxRecordChars) || maxRecordChars < 1) {
    throw new RangeError(`maxRecordChars must be a positive whole number, not ${maxRecordChars}`);
  }
  const input = typeof source === "string" ? fs.createReadStream(source) : source;
  const decoder = new CsvTextDecoder(sourceName, options.encoding, options.onEncoding);
  // Made once the first lines have said what separates the fields (sniffSeparator).
  let splitter: CsvRecordSplitter | undefined;
  // The text read before that, in its pieces: the splitter gets them as they came (its limit on a record holds).
  let held: string[] = [];
  const split = (text: string, final: boolean): CsvItem[] => {
    if (splitter !== undefined) return splitter.push(text, final);
    held.push(text);
    const head = held.join("");
    if (!final && !enoughToSniff(head)) return [];
    const separator = sniffSeparator(head, final);
    if (separator === ";") throw semicolonRefusal(sourceName);
    if (separator !== ",") options.onSeparator?.(separator);
    const started = new CsvRecordSplitter(maxRecordChars, options.fieldCountRow, separator);
    splitter = started;
    const pieces = held;
    held = [];
    return pieces.flatMap((piece, index) => started.push(piece, final && index === pieces.length - 1));
  };
  try {
    // The stream's own iterator pulls a chunk only when the rows of the last one are consumed.
    for await (const chunk of input as AsyncIterable<Buffer | string>) {
      const items = split(decoder.decode(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk), false);
      if (items.length > 0) yield items;
    }
    const items = split(decoder.end(), true);
    if (items.length > 0) yield items;
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    throw new InputFileError(sourceName, describeReadError(sourceName, error));
  } finally {
    // Stops reading when the caller leaves the loop early; a no-op after a normal end.
    input.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// The separator

/** What separates the fields: a comma, or as Excel also saves a table, a tab ("Unicode Text") or a semicolon. */
export type CsvSeparator = "," | "\t" | ";";

const SEPARATORS: readonly CsvSeparator[] = [",", "\t", ";"];

/** Records at the top of a file looked at to decide its separator: past a title, a report period and blank lines. */
const SEPARATOR_SNIFF_RECORDS = 40;
/** Text enough to decide on, however few line breaks it holds (one very long first record, say). */
const SEPARATOR_SNIFF_CHARS = 65_536;

function enoughToSniff(text: string): boolean {
  if (text.length >= SEPARATOR_SNIFF_CHARS) return true;
  let breaks = 0;
  for (let i = 0; i < text.length && breaks < SEPARATOR_SNIFF_RECORDS; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) breaks += 1;
  }
  return breaks >= SEPARATOR_SNIFF_RECORDS;
}

/**
 * The field count of each whole record among the first SEPARATOR_SNIFF_RECORDS of `text`, split
 * by `separator` with the quoting the splitter uses (a quote opens a field only as its first
 * character; a quoted value may hold separators and line breaks; a quote never closed, or closed
 * before other text, costs the record's first line only). Blank lines are left out.
 */
function fieldCounts(text: string, separator: CsvSeparator, final: boolean): number[] {
  const sep = separator.charCodeAt(0);
  const counts: number[] = [];
  const n = text.length;
  let i = 0;
  while (i < n && counts.length < SEPARATOR_SNIFF_RECORDS) {
    let fields = 1;
    let fieldStart = true;
    let j = i;
    for (; j < n; j++) {
      const c = text.charCodeAt(j);
      if (c === LF || c === CR) break;
      if (c === sep) {
        fields += 1;
        fieldStart = true;
        continue;
      }
      if (fieldStart && c === QUOTE) {
        let close = text.indexOf('"', j + 1);
        while (close >= 0 && text.charCodeAt(close + 1) === QUOTE) close = text.indexOf('"', close + 2);
        const after = close < 0 ? -1 : close + 1 < n ? text.charCodeAt(close + 1) : sep;
        if (after !== sep && after !== LF && after !== CR) {
          // Never closed, or text after the closing quote: as the splitter does, the record's first line alone is given up.
          fields = 0;
          const end = text.slice(i).search(/[\r\n]/);
          j = end < 0 ? n : i + end;
          break;
        }
        j = close;
      }
      fieldStart = false;
    }
    if (j >= n && !final) break; // a record the text cuts off
    if (j > i && fields > 0) counts.push(fields);
    i = text.charCodeAt(j) === CR && text.charCodeAt(j + 1) === LF ? j + 2 : j + 1;
  }
  return counts;
}

/** The field count most records share (the wider on a tie), among counts of two fields or more, and how many share it. */
function commonWidth(counts: readonly number[]): { width: number; records: number } {
  const records = new Map<number, number>();
  for (const count of counts) if (count >= 2) records.set(count, (records.get(count) ?? 0) + 1);
  let best = { width: 1, records: 0 };
  for (const [width, shared] of records) if (shared > best.records || (shared === best.records && width > best.width)) best = { width, records: shared };
  return best;
}

/**
 * The separator of a table, decided on its first records: a table is the same width on every
 * line, so its separator splits the most records into the same number of fields, and into the
 * most fields. A tab or a semicolon is taken only when it does both better than commas (as many
 * records alike or more, each wider): a title or a report period above the header and blank lines
 * do not sway it, nor do separators written inside text (a comma file's "a; b" notes agree on
 * their semicolons but its header has none; a quoted line break splits a comma file's row in two
 * when read by tabs, into pieces narrower than the row). Otherwise, and in a file too short to
 * tell, commas.
 */
export function sniffSeparator(text: string, final: boolean): CsvSeparator {
  const comma = commonWidth(fieldCounts(text, ",", final));
  let chosen: CsvSeparator = ",";
  let best = comma;
  for (const separator of SEPARATORS) {
    if (separator === ",") continue;
    const other = commonWidth(fieldCounts(text, separator, final));
    if (other.records < 2 || other.records < comma.records || other.width <= comma.width) continue;
    if (chosen === "," || other.records > best.records || (other.records === best.records && other.width > best.width)) {
      chosen = separator;
      best = other;
    }
  }
  return chosen;
}

/**
 * Excel saves "CSV" with the list separator of the machine's regional settings: where the decimal
 * separator is a comma, that is a semicolon, and the amounts are written "5.305,06", which D23
 * refuses to guess. Read as commas such a file would split its numbers instead of its columns, so it
 * is refused by name, with the way to save it.
 */
function semicolonRefusal(sourceName: string): InputFileError {
  return new InputFileError(
    sourceName,
    `${JSON.stringify(sourceName)} is separated by semicolons, not commas (Excel's CSV under regional settings with a decimal comma, where 5.305,06 means 5305.06): run on the workbook itself (.xlsx), or save it as CSV with commas and decimal points, and run again.`,
    1,
  );
}

// ---------------------------------------------------------------------------------------------
// Bytes to text

/**
 * UTF-16 is recognised without a byte order mark when at least this share of the first bytes'
 * pairs has a zero byte on one side, and none on the other: text that is mostly ASCII, as a
 * header row is. UTF-8 text has zero bytes only where it holds NUL characters.
 */
const UTF16_ZERO_SHARE = 0.7;
const UTF16_MINIMUM_PAIRS = 8;
/** Bytes looked at before deciding the encoding (fewer at the end of a short file). */
const ENCODING_SNIFF_BYTES = 512;

type TextEncoding = "utf-8" | "utf-16le" | "utf-16be";

function sniffEncoding(head: Buffer): { encoding: TextEncoding; bomLength: number } {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: "utf-8", bomLength: 3 };
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return { encoding: "utf-16le", bomLength: 2 };
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return { encoding: "utf-16be", bomLength: 2 };
  let zeroEven = 0;
  let zeroOdd = 0;
  const pairs = Math.floor(head.length / 2);
  for (let i = 0; i + 1 < head.length; i += 2) {
    if (head[i] === 0) zeroEven += 1;
    if (head[i + 1] === 0) zeroOdd += 1;
  }
  // ASCII text in UTF-16LE is "A\0B\0…": zeros on the odd side only; big-endian the other way.
  if (pairs >= UTF16_MINIMUM_PAIRS && zeroOdd >= pairs * UTF16_ZERO_SHARE && zeroEven === 0) return { encoding: "utf-16le", bomLength: 0 };
  if (pairs >= UTF16_MINIMUM_PAIRS && zeroEven >= pairs * UTF16_ZERO_SHARE && zeroOdd === 0) return { encoding: "utf-16be", bomLength: 0 };
  return { encoding: "utf-8", bomLength: 0 };
}

/** Length of the UTF-8 sequence a lead byte starts, or 0 for a byte that cannot start one. */
function utf8SequenceLength(byte: number): number {
  if (byte < 0x80) return 1;
  if (byte >= 0xc2 && byte <= 0xdf) return 2;
  if (byte >= 0xe0 && byte <= 0xef) return 3;
  if (byte >= 0xf0 && byte <= 0xf4) return 4;
  return 0;
}

/** Where a UTF-8 sequence cut by the chunk's end starts (the chunk's length when none is cut). */
function completeUtf8Length(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back];
    if ((byte & 0xc0) === 0x80) continue;
    const length = utf8SequenceLength(byte);
    return length > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/** Index of the first byte that is not part of valid UTF-8 (only called once validation failed). */
function firstInvalidUtf8(bytes: Buffer): number {
  const text = new TextDecoder("utf-8").decode(bytes);
  // Re-encode up to the first replacement character to find its byte offset.
  const bad = text.indexOf("\uFFFD");
  return bad < 0 ? bytes.length : Buffer.byteLength(text.slice(0, bad), "utf8");
}

/**
 * Decodes the input's bytes to text. UTF-8 is checked strictly, chunk by chunk (a character cut
 * between two chunks is carried over): a byte that is not UTF-8 stops reading with the line it is
 * on, rather than becoming U+FFFD in a vessel name. UTF-16 is decoded as such.
 */
class CsvTextDecoder {
  private encoding: TextEncoding | undefined;
  private head: Buffer = Buffer.alloc(0);
  private carry: Buffer = Buffer.alloc(0);
  private utf16: TextDecoder | undefined;
  /** Line feeds in the UTF-8 bytes decoded so far: the line of a bad byte, for the message. */
  private lineFeeds = 0;
  /** Windows-1252 text (asked for, or found: see CsvReadOptions.encoding). */
  private legacy: TextDecoder | undefined;
  /** A byte that is not ASCII has been read as UTF-8: a bad byte after it is refused, not taken for Windows-1252. */
  private sawUtf8 = false;
  private sawBom = false;

  constructor(
    private readonly sourceName: string,
    private readonly forced?: CsvEncoding,
    private readonly onEncoding?: (encoding: CsvEncoding) => void,
  ) {}

  decode(chunk: Buffer): string {
    if (this.encoding === undefined) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < ENCODING_SNIFF_BYTES) return "";
      return this.start();
    }
    return this.decodeBytes(chunk);
  }

  end(): string {
    let text = this.encoding === undefined ? this.start() : "";
    if (this.legacy !== undefined) {
      text += this.legacy.decode();
    } else if (this.utf16 !== undefined) {
      text += this.decodeUtf16(undefined);
    } else if (this.carry.length > 0) {
      if (!this.canFallBack()) this.refuseUtf8(this.carry, 0);
      text += this.fallBack(this.carry, false);
    }
    return text;
  }

  /** Not UTF-8, and nothing read so far says it was: Windows-1252, unless UTF-8 was asked for. */
  private canFallBack(): boolean {
    return this.forced === undefined && !this.sawUtf8 && !this.sawBom;
  }

  private fallBack(bytes: Buffer, stream = true): string {
    const legacy = new TextDecoder("windows-1252");
    this.legacy = legacy;
    this.carry = Buffer.alloc(0);
    this.onEncoding?.("windows-1252");
    return legacy.decode(bytes, { stream });
  }

  private start(): string {
    const { encoding, bomLength } = sniffEncoding(this.head);
    this.encoding = encoding;
    this.sawBom = bomLength > 0;
    if (this.forced === "windows-1252") {
      this.legacy = new TextDecoder("windows-1252");
      const all = this.head;
      this.head = Buffer.alloc(0);
      return this.legacy.decode(all, { stream: true });
    }
    if (encoding !== "utf-8") this.utf16 = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
    const rest = this.head.subarray(bomLength);
    this.head = Buffer.alloc(0);
    return this.decodeBytes(rest);
  }

  private decodeBytes(chunk: Buffer): string {
    if (this.legacy !== undefined) return this.legacy.decode(chunk, { stream: true });
    if (this.utf16 !== undefined) return this.decodeUtf16(chunk);
    const bytes = this.carry.length === 0 ? chunk : Buffer.concat([this.carry, chunk]);
    const complete = completeUtf8Length(bytes);
    const whole = bytes.subarray(0, complete);
    this.carry = Buffer.from(bytes.subarray(complete));
    if (!isUtf8(whole)) {
      const bad = firstInvalidUtf8(whole);
      // UTF-8 text before the bad byte (in this chunk or an earlier one): a damaged UTF-8 file, not Windows-1252.
      if (!this.canFallBack() || whole.subarray(0, bad).some((byte) => byte >= 0x80)) this.refuseUtf8(whole, bad);
      return this.fallBack(bytes);
    }
    if (!this.sawUtf8 && whole.some((byte) => byte >= 0x80)) this.sawUtf8 = true;
    for (let at = whole.indexOf(0x0a); at >= 0; at = whole.indexOf(0x0a, at + 1)) this.lineFeeds += 1;
    return whole.toString("utf8");
  }

  private decodeUtf16(chunk: Buffer | undefined): string {
    try {
      return chunk === undefined ? this.utf16!.decode() : this.utf16!.decode(chunk, { stream: true });
    } catch {
      throw new InputFileError(this.sourceName, `${JSON.stringify(this.sourceName)} starts as UTF-16 text but holds bytes that are not UTF-16: save it as "CSV UTF-8 (Comma delimited)" and run again.`);
    }
  }

  private refuseUtf8(bytes: Buffer, offset: number): never {
    let line = this.lineFeeds + 1;
    for (let at = bytes.indexOf(0x0a); at >= 0 && at < offset; at = bytes.indexOf(0x0a, at + 1)) line += 1;
    const byte = bytes[offset];
    const asWindows = new TextDecoder("windows-1252").decode(Uint8Array.of(byte));
    throw new InputFileError(
      this.sourceName,
      `${JSON.stringify(this.sourceName)} is not UTF-8 text: line ${line} has the byte 0x${byte.toString(16).toUpperCase().padStart(2, "0")} ` +
        `(${JSON.stringify(asWindows)} in Windows-1252/Latin-1, as Excel's plain "CSV (Comma delimited)" saves it). ` +
        `Save the file as "CSV UTF-8 (Comma delimited)", or convert it (iconv -f windows-1252 -t utf-8), and run again.` +
        // Said only where the reader chose UTF-8 itself: its earlier bytes read as UTF-8, so it will not guess the file is two encodings at once.
        (this.forced === undefined ? ` If the whole file was saved as Windows-1252 (its earlier letters only looked like UTF-8), read it so with --encoding windows-1252.` : ""),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Text to records

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** Not enough text yet to finish the record (only ever returned before the end of the input). */
const NEED_MORE = null;

type Parsed =
  | { readonly kind: "record"; readonly fields: string[]; readonly end: number; readonly lineBreaks: number }
  | { readonly kind: "blank"; readonly end: number }
  /** `quoting`: a broken quote, whose message always names the line; a wrong field count names it where it differs from the row. */
  | { readonly kind: "bad"; readonly problem: string; readonly quoting: boolean; readonly end: number }
  | typeof NEED_MORE;

/** Index just past the line break at or after `from`; the text's end at the end of input; NEED_MORE if the line goes on. */
function lineEnd(text: string, from: number, final: boolean): number | typeof NEED_MORE {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF) return i + 1;
    if (c === CR) {
      if (i + 1 >= text.length) return final ? i + 1 : NEED_MORE;
      return text.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
    }
  }
  return final ? text.length : NEED_MORE;
}

function countLineBreaks(text: string, from: number, to: number): number {
  let breaks = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) breaks += 1;
  }
  return breaks;
}

/**
 * Splits text into CSV records (RFC 4180), one record at a time, with recovery: a record is
 * either valid or costs exactly one physical line.
 *
 * Quotes, as Excel reads them: a field is quoted only when a quote is its very first character
 * (RFC 4180 and Excel; LibreOffice also skips spaces before it, so ` "a,b"` is one field there
 * and two here, which the field count then reports). A quote anywhere else in an unquoted field is
 * a literal character (`600' 6"`, `MV "WEST POINT"`). A quoted field is malformed when its closing
 * quote is followed by anything but a comma or a line end (`"MT ALBANY" SPIRIT`: Excel reads
 * MT ALBANY SPIRIT, LibreOffice the text with its quotes, so no reading is sure), or when it is
 * never closed.
 *
 * A quoted field may hold line breaks, so a quote opened on line N and closed properly on line
 * M makes one record of lines N–M. If instead the record turns out invalid (text after a closing
 * quote, a quote never closed, the wrong number of fields, longer than the limit), the stray
 * quote most likely sits on line N: line N alone is reported and parsing starts again at line
 * N+1 as if nothing had been opened. Re-reading is cheap: the lines between N and the place the
 * record failed held no quote character (else the quoted field would have ended there), so each
 * of them is a plain one-line record. One limit, inherent to CSV: if the first quote after a
 * stray one is directly followed by a comma or a line end (a later quoted value starting with a
 * comma, or a bare value ending in a quote, `6"`), the stray quote closes there validly, and when
 * the field count then happens to fit, the lines between make one record, as Excel reads them too.
 */
class CsvRecordSplitter {
  private buffer = "";
  /** Physical line (1-based) where `buffer` starts. */
  private line = 1;
  private rowNumber = 0;
  private expectedFields: number | undefined;
  /** Inside a line longer than the record limit: drop text up to its line break. */
  private skippingLine = false;
  /** The last text ended in a CR that ended a line: an LF starting the next text belongs to it. */
  private dropLeadingLF = false;
  /** The separator's character code. */
  private readonly separator: number;

  constructor(
    private readonly maxRecordChars: number,
    private readonly fieldCountRow = 1,
    separator: CsvSeparator = ",",
  ) {
    this.separator = separator.charCodeAt(0);
  }

  /** Items completed by this text (all remaining ones when `final`). */
  push(text: string, final: boolean): CsvItem[] {
    const items: CsvItem[] = [];
    if (this.dropLeadingLF && text.length > 0) {
      this.dropLeadingLF = false;
      if (text.charCodeAt(0) === LF) text = text.slice(1);
    }
    if (this.skippingLine) text = this.skipRestOfLine(text);
    this.buffer = this.buffer.length === 0 ? text : this.buffer + text;
    const buffer = this.buffer;
    let at = 0;
    while (at < buffer.length && !this.skippingLine) {
      const parsed = this.parseRecord(buffer, at, final);
      if (parsed === NEED_MORE) {
        if (buffer.length - at <= this.maxRecordChars) break;
        // Too long to be a record: report its first line and go on after it.
        const end = lineEnd(buffer, at, final);
        this.rowNumber += 1;
        items.push(this.bad(`is longer than ${this.maxRecordChars.toLocaleString("en-US")} characters; a quote is probably never closed`, true));
        if (end === NEED_MORE) {
          // The line goes on past what is buffered (or ends in a CR whose LF may follow).
          if (buffer.charCodeAt(buffer.length - 1) === CR) {
            this.dropLeadingLF = true;
            this.line += 1;
          } else {
            this.skippingLine = true;
          }
          at = buffer.length;
          break;
        }
        this.line += 1;
        at = end;
        continue;
      }
      this.rowNumber += 1;
      if (parsed.kind === "blank") {
        this.line += 1;
      } else if (parsed.kind === "bad") {
        items.push(this.bad(parsed.problem, parsed.quoting));
        this.line += 1;
      } else {
        items.push(this.record(parsed.fields));
        this.line += parsed.lineBreaks;
      }
      at = parsed.end;
    }
    this.buffer = at >= buffer.length ? "" : buffer.slice(at);
    return items;
  }

  private skipRestOfLine(text: string): string {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== LF && c !== CR) continue;
      this.skippingLine = false;
      this.line += 1;
      if (c === CR && i + 1 >= text.length) this.dropLeadingLF = true;
      return text.slice(c === CR && text.charCodeAt(i + 1) === LF ? i + 2 : i + 1);
    }
    return "";
  }

  private record(fields: string[]): CsvRow {
    if (this.rowNumber >= this.fieldCountRow) this.expectedFields ??= fields.length;
    return this.line === this.rowNumber ? { rowNumber: this.rowNumber, cells: fields } : { rowNumber: this.rowNumber, line: this.line, cells: fields };
  }

  private bad(problem: string, quoting: boolean): CsvRowError {
    if (this.line === this.rowNumber) return { rowNumber: this.rowNumber, error: quoting ? `${problem} (line ${this.line})` : problem };
    return { rowNumber: this.rowNumber, line: this.line, error: `${problem} (line ${this.line})` };
  }

  /** One record from `start`; see the class comment for what happens to an invalid one. */
  private parseRecord(text: string, start: number, final: boolean): Parsed {
    const n = text.length;
    if (start < n) {
      const first = text.charCodeAt(start);
      if (first === LF) return { kind: "blank", end: start + 1 };
      if (first === CR) {
        if (start + 1 >= n && !final) return NEED_MORE;
        return { kind: "blank", end: text.charCodeAt(start + 1) === LF ? start + 2 : start + 1 };
      }
    }
    const separator = this.separator;
    const fields: string[] = [];
    /** Field (1-based) whose quoted value runs over a line end, if any. */
    let multiLineField = 0;
    const fail = (problem: string, at: number): Parsed => (multiLineField > 0 ? firstLineOnly(text, start, final, multiLineField) : badLine(text, at, final, problem));
    let i = start;
    for (;;) {
      const fieldNumber = fields.length + 1;
      let next: number;
      if (i < n && text.charCodeAt(i) === QUOTE) {
        let value = "";
        let from = i + 1;
        let close: number;
        for (;;) {
          close = text.indexOf('"', from);
          if (close < 0) {
            if (!final) return NEED_MORE;
            if (!multiLineField && /[\r\n]/.test(text.slice(i + 1))) multiLineField = fieldNumber;
            return fail(`field ${fieldNumber} opens a quote that is never closed before the end of the file`, i);
          }
          if (close + 1 >= n && !final) return NEED_MORE;
          if (text.charCodeAt(close + 1) !== QUOTE) break;
          value += text.slice(from, close + 1);
          from = close + 2;
        }
        value += text.slice(from, close);
        if (!multiLineField && (value.includes("\n") || value.includes("\r"))) multiLineField = fieldNumber;
        fields.push(value);
        next = close + 1;
        if (next < n) {
          const c = text.charCodeAt(next);
          if (c !== separator && c !== LF && c !== CR) {
            return fail(`field ${fieldNumber} has text after its closing quote; a value with quotes in it must be quoted whole, each inner quote doubled`, next);
          }
        }
      } else {
        // Unquoted: a quote in it is a character like any other (a length written 600' 6"), as
        // Excel reads it; only a quote as the field's first character opens a quoted value.
        let j = i;
        for (; j < n; j++) {
          const c = text.charCodeAt(j);
          if (c === separator || c === LF || c === CR) break;
        }
        if (j >= n && !final) return NEED_MORE;
        fields.push(text.slice(i, j));
        next = j;
      }
      if (next >= n) {
        return this.checked(fields, n, text, start, multiLineField, final);
      }
      const c = text.charCodeAt(next);
      if (c === separator) {
        i = next + 1;
        continue;
      }
      // A line break ends the record.
      if (c === CR && next + 1 >= n && !final) return NEED_MORE;
      const end = c === CR && text.charCodeAt(next + 1) === LF ? next + 2 : next + 1;
      return this.checked(fields, end, text, start, multiLineField, final);
    }
  }

  private checked(fields: string[], end: number, text: string, start: number, multiLineField: number, final: boolean): Parsed {
    const expected = this.expectedFields;
    const blank = fields.length === 1 && fields[0] === "";
    if (blank || expected === undefined || fields.length === expected) {
      if (blank) return { kind: "blank", end };
      const lineBreaks = multiLineField > 0 ? countLineBreaks(text, start, end) : end > start && isLineBreak(text.charCodeAt(end - 1)) ? 1 : 0;
      return { kind: "record", fields, end, lineBreaks };
    }
    if (multiLineField > 0) return firstLineOnly(text, start, final, multiLineField);
    // A line of one filled field (a page line, a note, a title repeated), wherever it falls: given as
    // it is, for the caller to name or to report. A record the end of the file cut short has no
    // line break after it: never such a line.
    if (fields.length < expected && isOneFieldLine(fields) && isLineBreak(text.charCodeAt(end - 1))) {
      return { kind: "record", fields, end, lineBreaks: 1 };
    }
    const problem = `has ${fields.length} ${fields.length === 1 ? "field" : "fields"}; the header has ${expected}`;
    return { kind: "bad", problem, quoting: false, end };
  }
}

/** One field holds something, every other is white space. */
function isOneFieldLine(fields: readonly string[]): boolean {
  let filled = 0;
  for (const field of fields) if (field.trim() !== "" && ++filled > 1) return false;
  return filled === 1;
}

/** A bad record on one line: reported, and parsing goes on after that line. */
function badLine(text: string, at: number, final: boolean, problem: string): Parsed {
  const end = lineEnd(text, at, final);
  return end === NEED_MORE ? NEED_MORE : { kind: "bad", problem, quoting: true, end };
}

/** A quote opened on the record's first line did not make a valid record: only that line is given up (see CsvRecordSplitter). */
function firstLineOnly(text: string, start: number, final: boolean, field: number): Parsed {
  return badLine(text, start, final, `field ${field} opens a quote that is not closed properly on its line`);
}

function isLineBreak(c: number): boolean {
  return c === LF || c === CR;
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * A cell on its way out. Strings are user text and get neutralised; numbers and NumericText are
 * values we produced and are written as they are. A formula cell (the xlsx row shape) is written
 * as its cached result, since a CSV has no formulas; an error value as its code, e.g. "#N/A".
 */
export type CsvValue = string | number | boolean | null | undefined | NumericText | ExcelErrorValue | FormulaCell;

// A spreadsheet treats text starting with these as a formula (OWASP "CSV injection").
const FORMULA_SIGNS = new Set(["=", "+", "-", "@"]);
// Some spreadsheets skip a leading no-break space, tab, line break or NUL before looking for one.
const SKIPPED_BEFORE_A_FORMULA = new Set(["\t", "\r", "\n", "\u0000", "\u00a0"]);

/**
 * Whether text starts like a formula: with a sign, a character skipped before one, or a
 * compatibility form of a sign, which a spreadsheet may fold to the sign itself (NFKC): the
 * full-width ＝ ＋ － ＠ (Excel with an East Asian input method reads ＝ as =), the small ﹦ ﹢ ﹣ ﹫,
 * the superscript and subscript ⁺ ⁼ ₊ ₌, and every other character that folds to one.
 */
function startsLikeFormula(text: string): boolean {
  const first = text[0];
  if (FORMULA_SIGNS.has(first) || SKIPPED_BEFORE_A_FORMULA.has(first)) return true;
  return first.charCodeAt(0) >= 0x80 && FORMULA_SIGNS.has(first.normalize("NFKC")[0]);
}
const NEEDS_QUOTES = /[",\r\n]/;

/** Prefixes `'` to text a spreadsheet would otherwise run as a formula. */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && startsLikeFormula(text) ? `'${text}` : text;
}

/** RFC 4180: quote a field holding a comma, quote or line break, doubling its quotes. */
function quoteField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new TypeError(`cannot write ${value} to a CSV cell: not a finite number`);
  // String(-0) is "0" already; shortest round-trip form otherwise, which spreadsheets read as numbers.
  return String(value);
}

/** One CSV field, quoted and neutralised as needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return quoteField(neutraliseFormula(value));
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (isNumericText(value)) return numericTextOf(value);
  if (isFormulaCell(value)) return csvField(value.result);
  // Real error codes start with "#"; neutralised all the same since the text comes from outside.
  if (isExcelErrorValue(value)) return quoteField(neutraliseFormula(value.error));
  throw new TypeError(`cannot write ${JSON.stringify(value)} to a CSV cell`);
}

/** One CSV record without its line end. */
export function csvRecord(row: readonly CsvValue[]): string {
  return row.map(csvField).join(",");
}

export interface CsvWriteOptions {
  /**
   * Start with a UTF-8 byte order mark. Default true: Excel opens a CSV without one in the
   * legacy code page, which garbles any non-ASCII vessel or agent name.
   */
  readonly byteOrderMark?: boolean;
  /** Record separator; RFC 4180 says CRLF (the default). */
  readonly lineEnd?: "\r\n" | "\n";
}

/**
 * Writes CSV records to a file or a stream, waiting for it to drain whenever it is full (TextOutput),
 * so a producer that awaits each `write` never holds more than one buffer of output in memory.
 */
export class CsvWriter {
  private readonly lineEnd: string;
  private pendingByteOrderMark: boolean;
  private closed = false;
  private rows = 0;

  private constructor(
    private readonly output: TextOutput,
    options: CsvWriteOptions,
  ) {
    this.lineEnd = options.lineEnd ?? "\r\n";
    this.pendingByteOrderMark = options.byteOrderMark ?? true;
  }

  /**
   * A writer to a new file: refuses an existing file unless `force`, and publishes the file
   * only on `close()` (see safe-output), so an interrupted run leaves no partial CSV behind.
   */
  static async toFile(filePath: string, options: CsvWriteOptions & OutputOptions = {}): Promise<CsvWriter> {
    return new CsvWriter(await TextOutput.toFile(filePath, options), options);
  }

  /** A writer to a stream the caller owns; `close()` ends it. */
  static toStream(stream: Writable, options: CsvWriteOptions = {}): CsvWriter {
    return new CsvWriter(TextOutput.toStream(stream), options);
  }

  /** Records written so far. */
  get rowsWritten(): number {
    return this.rows;
  }

  /** Buffers the record; the promise waits while the output is full (TextOutput). Not an async function: most records only buffer, and a million records would make a million promises more. */
  write(row: readonly CsvValue[]): Promise<void> {
    try {
      return this.output.write(this.recordText(row));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private recordText(row: readonly CsvValue[]): string {
    if (this.closed) throw new Error("CSV writer is already closed");
    const fields = row.map(csvField);
    if (this.rows === 0 && !this.pendingByteOrderMark && fields.length > 0 && fields[0].startsWith("\uFEFF")) {
      // Unquoted at the very start of a file, U+FEFF would be taken for a byte order mark and
      // dropped by readers; quoted, it stays data. (An unquoted field holds no quote to double.)
      fields[0] = `"${fields[0]}"`;
    }
    let text = fields.join(",") + this.lineEnd;
    if (this.pendingByteOrderMark) {
      text = `\uFEFF${text}`;
      this.pendingByteOrderMark = false;
    }
    this.rows += 1;
    return text;
  }

  /** Ends the output; for a file, publishes it under its final name. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.pendingByteOrderMark) {
      // An empty table still gets its BOM so that an empty file is recognisably UTF-8 CSV.
      await this.output.write("\uFEFF");
      this.pendingByteOrderMark = false;
    }
    await this.output.close();
  }

  /** Gives up: for a file, removes the partial output; the final name is never touched. */
  async abort(): Promise<void> {
    this.closed = true;
    await this.output.abort();
  }
}
