/**
 * Reading one worksheet of an .xlsx file as a stream of rows, in bounded memory whatever the file
 * holds.
 *
 * An .xlsx is a zip of XML parts. We read the zip's central directory (yauzl), which names every
 * entry with its sizes, and open only the parts one sheet needs: the package and workbook
 * relationships, workbook.xml, the shared strings, the styles when the workbook counts dates from
 * 1904, and the sheet itself. Every other entry (pictures, pivot caches, a junk entry of any size)
 * is never inflated. Before inflating a part its declared sizes are checked against the limits;
 * yauzl then holds the inflated bytes to the declared size, so a part cannot inflate past what it
 * declares, and the CRC-32 of every part read is checked against its entry, so a damaged archive is
 * refused rather than read as if whole. The sheet is parsed as it inflates (saxes, the XML parser exceljs uses too), and rows
 * are handed out one at a time: memory is the shared strings plus a chunk of rows, not the sheet.
 */
import fs from "node:fs";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import type { CsvRowError } from "./csv";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import yauzl from "yauzl";
import { columnLetter } from "./cell-address";
import { errorText, InputFileError, systemErrorCode } from "./errors";
import type { ExcelErrorValue } from "./values";

/** A cell as read: number (dates as serials), text, boolean, empty (null) or an Excel error. */
export type XlsxCellValue = number | string | boolean | null | ExcelErrorValue;

export interface XlsxRow {
  /** The row number Excel shows. */
  readonly rowNumber: number;
  /** Column A first; as many cells as the sheet is wide, empty cells as null. */
  readonly cells: XlsxCellValue[];
  /**
   * Present when the row has formulas: per column, the formula as the file writes it (no leading
   * "="), else null. The cells of a shared formula after its first carry the first cell's text,
   * untranslated: enough to tell a formula is there, and to see a formula that is a constant.
   */
  readonly formulas?: (string | null)[];
}

/** A row that cannot be read as it stands; the rows after it still are. The CSV reader's shape, so callers treat both alike. */
export type XlsxRowError = CsvRowError;

export type XlsxItem = XlsxRow | XlsxRowError;

export function isXlsxRowError(item: XlsxItem): item is XlsxRowError {
  return "error" in item;
}

/** Marker for a cell value kind this reader does not know; never silently turned into a blank. */
export const UNSUPPORTED_CELL: ExcelErrorValue = Object.freeze({ error: "#UNSUPPORTED!" });

/**
 * A formula cell the file gives no value for (written by a program that never calculated): not a
 * blank and not zero. Shown as this code wherever a value would be.
 */
export const FORMULA_WITHOUT_VALUE: ExcelErrorValue = Object.freeze({ error: "#NOVALUE!" });

export function isFormulaWithoutValue(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as ExcelErrorValue).error === FORMULA_WITHOUT_VALUE.error;
}

/** Bounds on what reading one sheet may cost. Past any of them the file is refused, naming the bound. */
export interface XlsxLimits {
  /** Entries in the zip's directory. */
  readonly maxEntries: number;
  /** Inflated size of a small part held whole (relationships, workbook.xml, styles). */
  readonly maxSmallPartBytes: number;
  /** Inflated size of the shared strings, which are held in memory while the sheet is read. */
  readonly maxSharedStringsBytes: number;
  /** Inflated size of the sheet, which is streamed: a bound on time, not memory. */
  readonly maxSheetBytes: number;
  /** Inflated ÷ compressed size of any part read, above 1 MiB inflated: a zip bomb's signature. */
  readonly maxInflationRatio: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_XLSX_LIMITS: XlsxLimits = Object.freeze({
  maxEntries: 10_000,
  maxSmallPartBytes: 16 * MIB,
  maxSharedStringsBytes: 256 * MIB,
  maxSheetBytes: 8 * 1024 * MIB,
  // Sheet XML from Excel and from our writer inflates 5-40×; deflate cannot exceed about 1,032×.
  maxInflationRatio: 250,
});

/** Excel's grid. */
export const XLSX_MAX_ROWS = 1_048_576;
export const XLSX_MAX_COLUMNS = 16_384;
/** Excel's longest cell text, in characters (UTF-16 code units, as Excel counts them). */
export const XLSX_MAX_CELL_TEXT = 32_767;
/**
 * The most characters of XML a part may hold between two tags. A cell's text can be longer as XML
 * than as text (a character written as &#x10FFFF; is ten), never more than ten times: past this,
 * the text is refused before the XML parser holds any more of it.
 */
const MAX_CHARACTERS_BETWEEN_TAGS = 10 * XLSX_MAX_CELL_TEXT;

export interface XlsxSheetOptions {
  /** Sheet to read, matched like Excel does (ignoring case); default the first worksheet tab. */
  readonly sheet?: string;
  readonly limits?: Partial<XlsxLimits>;
}

/** An open sheet: its name and header, then its rows on demand. */
export interface XlsxSheetReader {
  readonly sheetName: string;
  /** Row 1 as text; [] when row 1 is empty. */
  readonly header: string[];
  /**
   * Columns of the table: the header's, or, when the sheet's declared dimension is wider, the
   * widest row the sheet really has (the dimension is a claim, never trusted for the width). A
   * later cell beyond it makes its row an XlsxRowError rather than a silently dropped value.
   */
  readonly width: number;
  /** Rows 2 onwards that hold anything, in order; wholly empty rows are left out. Once only. */
  rows(): AsyncGenerator<XlsxItem>;
  /** How far reading has got, 0–1 (compressed bytes of the sheet consumed). */
  progress(): number;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// The zip

interface ZipEntries {
  readonly zip: yauzl.ZipFile;
  readonly entries: Map<string, yauzl.Entry>;
}

function refuse(filePath: string, reason: string): never {
  throw new InputFileError(filePath, `Cannot read ${JSON.stringify(filePath)} as an .xlsx workbook: ${reason}`);
}

async function openZip(filePath: string, limits: XlsxLimits): Promise<ZipEntries> {
  const name = JSON.stringify(filePath);
  try {
    const stats = await fs.promises.stat(filePath);
    if (!stats.isFile()) throw new InputFileError(filePath, `Cannot read ${name}: it is not a file`);
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const reason = systemErrorCode(error) === "ENOENT" ? "no such file" : errorText(error);
    throw new InputFileError(filePath, `Cannot read ${name}: ${reason}`);
  }
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true }, (error, opened) => {
      if (error || !opened) reject(new InputFileError(filePath, `Cannot read ${name} as an .xlsx workbook: it is not a zip file (${errorText(error)})`));
      else resolve(opened);
    });
  });
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    refuse(filePath, `it has ${zip.entryCount.toLocaleString("en-US")} parts, more than the ${limits.maxEntries.toLocaleString("en-US")} read`);
  }
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      // Part names are case-insensitive in a package (ECMA-376 Part 2, 9.1.1.1).
      const part = entry.fileName.toLowerCase();
      if (entries.has(part)) {
        // Programs disagree on which of two same-named entries counts: no reading is safe.
        zip.close();
        reject(new InputFileError(filePath, `Cannot read ${name} as an .xlsx workbook: it holds two entries named ${JSON.stringify(entry.fileName)}, so the archive is damaged or was tampered with`));
        return;
      }
      entries.set(part, entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve());
    zip.on("error", (error: unknown) => reject(new InputFileError(filePath, `Cannot read ${name} as an .xlsx workbook: ${errorText(error)}`)));
    zip.readEntry();
  });
  return { zip, entries };
}

/** Checks a part's declared sizes against the limits before anything is inflated. */
function checkSizes(filePath: string, part: string, entry: yauzl.Entry, maxBytes: number, limits: XlsxLimits, what: string): void {
  const inflated = entry.uncompressedSize;
  if (inflated > maxBytes) {
    refuse(filePath, `its ${what} (${part}) inflates to ${megabytes(inflated)}, more than the ${megabytes(maxBytes)} read (see "Limits on .xlsx input" in the README)`);
  }
  if (inflated > MIB && entry.compressedSize > 0 && inflated / entry.compressedSize > limits.maxInflationRatio) {
    const ratio = Math.round(inflated / entry.compressedSize);
    refuse(filePath, `its ${what} (${part}) inflates ${ratio.toLocaleString("en-US")}-fold, more than the ${limits.maxInflationRatio}-fold a workbook does: it looks like a zip bomb`);
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / MIB).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(error ?? new Error("no stream"));
      else resolve(stream);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// XML

/** An element's name without its namespace prefix ("x:row" → "row"). */
function localName(tag: { name: string }): string {
  const colon = tag.name.indexOf(":");
  return colon < 0 ? tag.name : tag.name.slice(colon + 1);
}

function attribute(tag: SaxesTagPlain, wanted: string): string | undefined {
  const direct = tag.attributes[wanted];
  if (direct !== undefined) return direct;
  // Rarely prefixed (r:id is): look for the local name.
  for (const key in tag.attributes) {
    const value = tag.attributes[key];
    const colon = key.indexOf(":");
    if ((colon < 0 ? key : key.slice(colon + 1)) === wanted) return value;
  }
  return undefined;
}

/** OOXML writes characters XML cannot hold as _xHHHH_ (ECMA-376 Part 1, 22.9.2.19); _x005F_ escapes an underscore. */
function decodeEscapes(text: string): string {
  return text.includes("_x") ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

interface XmlHandlers {
  open?(tag: SaxesTagPlain, name: string): void;
  close?(name: string): void;
  text?(text: string): void;
}

function xmlParser(filePath: string, part: string, handlers: XmlHandlers): SaxesParser {
  const parser = new SaxesParser({ position: false });
  parser.on("doctype", () => refuse(filePath, `${part} declares a DOCTYPE, which no workbook part has`));
  parser.on("error", (error) => refuse(filePath, `${part} is not well-formed XML (${error.message})`));
  if (handlers.open) {
    const open = handlers.open;
    parser.on("opentag", (tag) => open(tag as SaxesTagPlain, localName(tag)));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on("closetag", (tag) => close(localName(tag)));
  }
  if (handlers.text) {
    const text = handlers.text;
    parser.on("text", text);
    parser.on("cdata", text);
  }
  return parser;
}

/** Node has CRC-32 built in from 20.15; the table form is for earlier 20.x. */
const crc32: (data: Uint8Array, value: number) => number = typeof zlib.crc32 === "function" ? zlib.crc32 : tableCrc32;

let crcTable: Uint32Array | undefined;

function tableCrc32(data: Uint8Array, value: number): number {
  if (crcTable === undefined) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = ~value;
  for (let i = 0; i < data.length; i++) crc = crcTable[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** A part being read: what a refusal names, and the entry whose CRC-32 its bytes must match. */
interface PartSource {
  readonly filePath: string;
  readonly part: string;
  readonly what: string;
  readonly entry: yauzl.Entry;
}

/**
 * Inflates a part and feeds it to the parser chunk by chunk, yielding each chunk's size. Stops
 * with a refusal at a run of text longer than any cell holds (before the parser has held it), and
 * at the end when the bytes do not match the entry's CRC-32.
 */
async function* parsePart(stream: Readable, parser: SaxesParser, source: PartSource): AsyncGenerator<number> {
  const decoder = new TextDecoder("utf-8");
  let crc = 0;
  let sinceTag = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    crc = crc32(chunk, crc);
    const text = decoder.decode(chunk, { stream: true });
    // A run inside one chunk is no longer than the chunk; one across chunks is counted here.
    const first = text.indexOf("<");
    const run = sinceTag + (first < 0 ? text.length : first);
    sinceTag = first < 0 ? run : text.length - 1 - text.lastIndexOf("<");
    if (run > MAX_CHARACTERS_BETWEEN_TAGS) {
      refuse(
        source.filePath,
        `its ${source.what} (${source.part}) holds more than ${MAX_CHARACTERS_BETWEEN_TAGS.toLocaleString("en-US")} characters of text in one piece, and an Excel cell holds at most ${XLSX_MAX_CELL_TEXT.toLocaleString("en-US")} (see "Limits on .xlsx input" in the README)`,
      );
    }
    parser.write(text);
    yield chunk.length;
  }
  if (crc !== source.entry.crc32) {
    refuse(source.filePath, `its ${source.what} (${source.part}) does not match its CRC-32 checksum, so the archive is damaged: save the workbook again from Excel`);
  }
  parser.write(decoder.decode());
  parser.close();
}

async function readPart(filePath: string, source: ZipEntries, part: string, maxBytes: number, limits: XlsxLimits, what: string, handlers: XmlHandlers): Promise<void> {
  const entry = source.entries.get(part.toLowerCase());
  if (entry === undefined) refuse(filePath, `its ${what} (${part}) is missing`);
  checkSizes(filePath, part, entry, maxBytes, limits, what);
  const stream = await openEntry(source.zip, entry);
  try {
    for await (const consumed of parsePart(stream, xmlParser(filePath, part, handlers), { filePath, part, what, entry })) void consumed;
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    refuse(filePath, `${part} cannot be read (${errorText(error)})`);
  } finally {
    stream.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// The workbook's structure

interface Relationship {
  readonly type: string;
  readonly target: string;
}

/** A relationships part: id → type and the target as a part name (no leading "/"). */
async function readRelationships(filePath: string, source: ZipEntries, part: string, limits: XlsxLimits): Promise<Map<string, Relationship>> {
  const relationships = new Map<string, Relationship>();
  const folder = part.replace(/_rels\/[^/]*$/, "");
  await readPart(filePath, source, part, limits.maxSmallPartBytes, limits, "relationships", {
    open(tag, name) {
      if (name !== "Relationship") return;
      const id = attribute(tag, "Id");
      const target = attribute(tag, "Target");
      if (id === undefined || target === undefined || attribute(tag, "TargetMode") === "External") return;
      relationships.set(id, { type: attribute(tag, "Type") ?? "", target: resolvePartName(folder, target) });
    },
  });
  return relationships;
}

/** A relationship target relative to its source's folder, as a part name. */
function resolvePartName(folder: string, target: string): string {
  const parts = (target.startsWith("/") ? target.slice(1) : folder + target).split("/");
  const resolved: string[] = [];
  for (const piece of parts) {
    if (piece === "..") resolved.pop();
    else if (piece !== "." && piece !== "") resolved.push(piece);
  }
  return resolved.join("/");
}

const isType = (relationship: Relationship, kind: string) => relationship.type.endsWith(`/${kind}`);

interface WorkbookStructure {
  readonly sheets: { name: string; part: string }[];
  readonly sharedStrings: string | undefined;
  readonly styles: string | undefined;
  readonly date1904: boolean;
}

async function readStructure(filePath: string, source: ZipEntries, limits: XlsxLimits): Promise<WorkbookStructure> {
  if (!source.entries.has("_rels/.rels")) refuse(filePath, "it has no package relationships (_rels/.rels): it is a zip file but not a workbook");
  const packageRels = await readRelationships(filePath, source, "_rels/.rels", limits);
  const main = [...packageRels.values()].find((relationship) => isType(relationship, "officeDocument"));
  if (main === undefined) refuse(filePath, "it names no main document: it is not an .xlsx workbook");
  const folder = main.target.includes("/") ? main.target.slice(0, main.target.lastIndexOf("/") + 1) : "";
  const workbookRels = await readRelationships(filePath, source, `${folder}_rels/${main.target.slice(folder.length)}.rels`, limits);
  const declared: { name: string; id: string }[] = [];
  let date1904 = false;
  await readPart(filePath, source, main.target, limits.maxSmallPartBytes, limits, "workbook part", {
    open(tag, name) {
      if (name === "sheet") {
        const id = attribute(tag, "id");
        const sheetName = attribute(tag, "name");
        if (id !== undefined && sheetName !== undefined) declared.push({ name: sheetName, id });
      } else if (name === "workbookPr") {
        const value = attribute(tag, "date1904");
        date1904 = value === "1" || value === "true";
      }
    },
  });
  const sheets: { name: string; part: string }[] = [];
  for (const sheet of declared) {
    const relationship = workbookRels.get(sheet.id);
    // Chart sheets and dialog sheets hold no cells.
    if (relationship !== undefined && isType(relationship, "worksheet")) sheets.push({ name: sheet.name, part: relationship.target });
  }
  const byType = (kind: string) => [...workbookRels.values()].find((relationship) => isType(relationship, kind))?.target;
  return { sheets, sharedStrings: byType("sharedStrings"), styles: byType("styles"), date1904 };
}

async function readSharedStrings(filePath: string, source: ZipEntries, part: string, limits: XlsxLimits): Promise<string[]> {
  const strings: string[] = [];
  let current: string[] | null = null;
  let currentLength = 0;
  let inText = false;
  // Phonetic runs (rPh) are reading aids for East Asian text, not part of the value.
  let phoneticDepth = 0;
  await readPart(filePath, source, part, limits.maxSharedStringsBytes, limits, "shared strings", {
    open(_tag, name) {
      if (name === "si") {
        current = [];
        currentLength = 0;
      } else if (name === "rPh") phoneticDepth += 1;
      else if (name === "t" && phoneticDepth === 0) inText = current !== null;
    },
    close(name) {
      if (name === "si" && current !== null) {
        strings.push(decodeEscapes(current.join("")));
        current = null;
      } else if (name === "rPh") phoneticDepth -= 1;
      else if (name === "t") inText = false;
    },
    text(text) {
      // Text past a cell's limit is not kept: one character over is enough for the row that uses it to be refused.
      if (!inText || current === null || currentLength > XLSX_MAX_CELL_TEXT) return;
      current.push(text.length + currentLength > XLSX_MAX_CELL_TEXT ? text.slice(0, XLSX_MAX_CELL_TEXT + 1 - currentLength) : text);
      currentLength += text.length;
    },
  });
  return strings;
}

// Built-in number formats (ECMA-376 Part 1, 18.8.30): dates and date-times (27-36 and 50-58 in East
// Asian locales), times of day on a 12-hour clock (18, 19), times shown as hours and minutes (20, 21,
// 45, 47), and the elapsed-time duration [h]:mm:ss (46).
const BUILT_IN_STYLES = new Map<number, NumberStyle>([
  ...[14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58].map((id): [number, NumberStyle] => [id, "date"]),
  [18, "clock"],
  [19, "clock"],
  [20, "time"],
  [21, "time"],
  [45, "time"],
  [47, "time"],
  [46, "duration"],
]);

/**
 * How a cell's number format shows its number: a date (or date-time: a y or d), a duration (an
 * elapsed [h], [m] or [s]), a time on a 12-hour clock (AM/PM), a time shown as hours and minutes
 * (h, s, and m as minutes, no day), or a number. A lone m (mmm) is a month.
 */
export type NumberStyle = "date" | "duration" | "clock" | "time" | "number";

export function numberStyleOf(code: string): NumberStyle {
  const unquoted = code.replace(/"[^"]*"|\\./g, "");
  const elapsed = /\[(h+|m+|s+)\]/i.test(unquoted);
  const bare = unquoted.replace(/\[[^\]]*\]/g, "");
  if (/[yd]/i.test(bare)) return "date";
  if (elapsed) return "duration";
  if (/[hs]/i.test(bare)) return /AM\/PM|A\/P/i.test(bare) ? "clock" : "time";
  return /m/i.test(bare) && !/^[#0.,%\s]*$/.test(bare) ? "date" : "number";
}

/** For each cell style index, how its number format shows a number (dates, durations and times of day). */
async function readNumberStyles(filePath: string, source: ZipEntries, part: string, limits: XlsxLimits): Promise<NumberStyle[]> {
  const customStyles = new Map<number, NumberStyle>();
  const styles: NumberStyle[] = [];
  let inCellXfs = false;
  await readPart(filePath, source, part, limits.maxSmallPartBytes, limits, "styles", {
    open(tag, name) {
      if (name === "numFmt") customStyles.set(Number(attribute(tag, "numFmtId")), numberStyleOf(attribute(tag, "formatCode") ?? ""));
      else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) {
        const id = Number(attribute(tag, "numFmtId") ?? 0);
        styles.push(customStyles.get(id) ?? BUILT_IN_STYLES.get(id) ?? "number");
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
  });
  return styles;
}

const SECONDS_PER_DAY = 86_400;

/**
 * A number formatted as a length of time, as the cell shows it: 0.4375 as [h]:mm is "10:30"
 * (hours and minutes, seconds when there are any; Excel keeps them to the second), so an hours
 * column reads the hours shown, never a fraction of a day. A time of day on a 12-hour clock is
 * "10:30 PM", which no hours column reads as a length. Null where the number shows something
 * else: a negative, or a time of day past the first day (h:mm hides the days).
 */
function timeShown(days: number, style: NumberStyle): string | null {
  if (days < 0 || (style !== "duration" && days >= 1)) return null;
  const seconds = Math.round(days * SECONDS_PER_DAY);
  const [h, m, sec] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  if (style === "clock") return `${((h + 11) % 12) + 1}:${two(m)}${sec === 0 ? "" : `:${two(sec)}`} ${h < 12 ? "AM" : "PM"}`;
  return `${h}:${two(m)}${sec === 0 ? "" : `:${two(sec)}`}`;
}

// ---------------------------------------------------------------------------------------------
// The sheet

/** "C" → 3, "XFD" → 16384; 0 when not letters. */
function columnNumber(letters: string): number {
  let number = 0;
  for (let i = 0; i < letters.length; i++) {
    const code = letters.charCodeAt(i) | 0x20;
    if (code < 0x61 || code > 0x7a) return 0;
    number = number * 26 + (code - 0x60);
  }
  return number;
}

const CELL_REFERENCE = /^\$?([A-Za-z]{1,3})\$?(\d+)$/;

/** Days from 1900's day 0 to 1904's day 0, by Excel's count (which includes 1900-02-29). */
const DAYS_1900_TO_1904 = 1462;
const MS_PER_DAY = 86_400_000;
const SERIAL_OF_UNIX_EPOCH = 25_569;

/** An ISO 8601 date cell (t="d") as a 1900-system serial; null when it is not a date. */
function isoDateSerial(text: string): number | null {
  const ms = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(text) || !text.includes("T") ? text : `${text}Z`);
  return Number.isFinite(ms) ? ms / MS_PER_DAY + SERIAL_OF_UNIX_EPOCH : null;
}

interface CellInProgress {
  column: number;
  type: string;
  style: number;
  value: string[];
  inline: string[];
  formula: string | null;
  hasFormula: boolean;
  sharedIndex: string | undefined;
  /** Characters of text, value and formula so far; past XLSX_MAX_CELL_TEXT the rest is not kept. */
  textLength: number;
}

/**
 * Parses sheet XML into rows. Fed chunk by chunk; completed rows wait in `ready` for the reader
 * to take them, so they never pile up beyond one chunk's worth.
 */
class SheetParser {
  readonly ready: XlsxItem[] = [];
  /** Row 1, when seen. */
  header: XlsxCellValue[] | null = null;
  /** Why row 1 cannot be read, if it cannot. */
  headerProblem: string | null = null;
  /** Columns in the sheet's <dimension>, if it declares one. */
  declaredWidth = 0;
  width = 0;
  private rowNumber = 0;
  private cells: XlsxCellValue[] = [];
  private formulas: (string | null)[] | null = null;
  private rowProblem: string | null = null;
  private cell: CellInProgress | null = null;
  private nextColumn = 1;
  private textTarget: "value" | "inline" | "formula" | null = null;
  private phoneticDepth = 0;
  private readonly sharedFormulas = new Map<string, string>();
  readonly parser: SaxesParser;

  constructor(
    filePath: string,
    part: string,
    private readonly sharedStrings: readonly string[],
    private readonly numberStyles: readonly NumberStyle[] | null,
    /** A 1904-system workbook: its dates are moved onto the 1900 count. */
    private readonly date1904: boolean,
  ) {
    this.parser = xmlParser(filePath, part, { open: (tag, name) => this.open(tag, name), close: (name) => this.close(name), text: (text) => this.text(text) });
  }

  private open(tag: SaxesTagPlain, name: string): void {
    switch (name) {
      case "dimension": {
        const last = (attribute(tag, "ref") ?? "").split(":").pop() ?? "";
        const match = CELL_REFERENCE.exec(last);
        if (match) this.declaredWidth = Math.min(columnNumber(match[1]), XLSX_MAX_COLUMNS);
        return;
      }
      case "row": {
        const declared = Number(attribute(tag, "r"));
        this.rowNumber = Number.isInteger(declared) && declared > 0 ? declared : this.rowNumber + 1;
        this.cells = [];
        this.formulas = null;
        this.rowProblem = this.rowNumber > XLSX_MAX_ROWS ? `is beyond Excel's last row (${XLSX_MAX_ROWS.toLocaleString("en-US")})` : null;
        this.nextColumn = 1;
        return;
      }
      case "c": {
        const reference = attribute(tag, "r");
        const match = reference === undefined ? null : CELL_REFERENCE.exec(reference);
        const column = match ? columnNumber(match[1]) : this.nextColumn;
        this.nextColumn = column + 1;
        this.cell = { column, type: attribute(tag, "t") ?? "n", style: Number(attribute(tag, "s") ?? 0), value: [], inline: [], formula: null, hasFormula: false, sharedIndex: undefined, textLength: 0 };
        return;
      }
      case "v":
        if (this.cell) this.textTarget = "value";
        return;
      case "f":
        if (this.cell) {
          this.cell.hasFormula = true;
          this.cell.formula = "";
          this.cell.sharedIndex = attribute(tag, "t") === "shared" ? attribute(tag, "si") : undefined;
          this.textTarget = "formula";
        }
        return;
      case "rPh":
        this.phoneticDepth += 1;
        return;
      case "t":
        if (this.cell && this.phoneticDepth === 0) this.textTarget = "inline";
        return;
    }
  }

  private text(text: string): void {
    const cell = this.cell;
    if (cell === null || this.textTarget === null) return;
    cell.textLength += text.length;
    if (cell.textLength > XLSX_MAX_CELL_TEXT) return;
    if (this.textTarget === "value") cell.value.push(text);
    else if (this.textTarget === "inline") cell.inline.push(text);
    else cell.formula += text;
  }

  private close(name: string): void {
    switch (name) {
      case "v":
      case "t":
        this.textTarget = null;
        return;
      case "f": {
        const cell = this.cell;
        this.textTarget = null;
        if (cell && cell.sharedIndex !== undefined) {
          // The first cell of a shared formula holds its text; the others only its index.
          if (cell.formula !== "" && cell.formula !== null) this.sharedFormulas.set(cell.sharedIndex, cell.formula);
          else cell.formula = this.sharedFormulas.get(cell.sharedIndex) ?? "";
        }
        return;
      }
      case "rPh":
        this.phoneticDepth -= 1;
        return;
      case "c":
        this.finishCell();
        return;
      case "row":
        this.finishRow();
        return;
    }
  }

  private finishCell(): void {
    const cell = this.cell;
    this.cell = null;
    if (cell === null) return;
    if (cell.column < 1 || cell.column > XLSX_MAX_COLUMNS) {
      this.rowProblem ??= `has a cell beyond Excel's last column (XFD)`;
      return;
    }
    const value = cell.textLength > XLSX_MAX_CELL_TEXT ? null : this.cellValue(cell);
    if (cell.textLength > XLSX_MAX_CELL_TEXT || (typeof value === "string" && value.length > XLSX_MAX_CELL_TEXT)) {
      this.rowProblem ??= `has more than ${XLSX_MAX_CELL_TEXT.toLocaleString("en-US")} characters in cell ${columnLetter(cell.column)}${this.rowNumber}, more than an Excel cell holds`;
      return;
    }
    if (value === null && !cell.hasFormula) return;
    while (this.cells.length < cell.column - 1) this.cells.push(null);
    this.cells[cell.column - 1] = value;
    if (cell.hasFormula) {
      this.formulas ??= [];
      while (this.formulas.length < cell.column - 1) this.formulas.push(null);
      this.formulas[cell.column - 1] = cell.formula ?? "";
    }
  }

  private cellValue(cell: CellInProgress): XlsxCellValue {
    const text = cell.value.length === 1 ? cell.value[0] : cell.value.join("");
    const hasValue = cell.value.length > 0;
    switch (cell.type) {
      case "s": {
        if (!hasValue) return cell.hasFormula ? FORMULA_WITHOUT_VALUE : null;
        const index = Number(text);
        return Number.isInteger(index) && index >= 0 && index < this.sharedStrings.length ? this.sharedStrings[index] : UNSUPPORTED_CELL;
      }
      case "inlineStr":
        return decodeEscapes(cell.inline.join(""));
      case "str":
        return hasValue ? decodeEscapes(text) : cell.hasFormula ? FORMULA_WITHOUT_VALUE : "";
      case "b":
        if (!hasValue) return cell.hasFormula ? FORMULA_WITHOUT_VALUE : null;
        return text === "1" || text === "true" ? true : text === "0" || text === "false" ? false : UNSUPPORTED_CELL;
      case "e":
        return hasValue ? { error: text.trim() } : cell.hasFormula ? FORMULA_WITHOUT_VALUE : null;
      case "d": {
        if (!hasValue) return cell.hasFormula ? FORMULA_WITHOUT_VALUE : null;
        return isoDateSerial(text.trim()) ?? UNSUPPORTED_CELL;
      }
      case "n": {
        if (!hasValue || text.trim() === "") return cell.hasFormula ? FORMULA_WITHOUT_VALUE : null;
        const number = Number(text);
        if (!Number.isFinite(number)) return UNSUPPORTED_CELL;
        const style = this.numberStyles?.[cell.style] ?? "number";
        // A 1904-system workbook counts dates from 1904-01-01: moved onto the 1900 count so the same day always has the same number.
        if (style === "date") return this.date1904 ? number + DAYS_1900_TO_1904 : number;
        if (style === "number") return number;
        // A time of day past the first day is a date-time shown by its time: a date, as above.
        return timeShown(number, style) ?? (this.date1904 && style !== "duration" ? number + DAYS_1900_TO_1904 : number);
      }
      default:
        return UNSUPPORTED_CELL;
    }
  }

  private finishRow(): void {
    const rowNumber = this.rowNumber;
    if (rowNumber === 1) {
      this.header = this.cells;
      this.headerProblem = this.rowProblem;
      return;
    }
    if (this.rowProblem !== null) {
      this.ready.push({ rowNumber, error: this.rowProblem });
      return;
    }
    const cells = this.cells;
    if (!cells.some((value) => value !== null) && this.formulas === null) return;
    if (cells.length > this.width && this.width > 0) {
      const column = cells.findIndex((value, index) => index >= this.width && value !== null);
      if (column >= 0) {
        this.ready.push({ rowNumber, error: `has a value in column ${columnLetter(column + 1)}, beyond the ${this.width} columns the sheet declares (its dimension)` });
        return;
      }
      cells.length = this.width;
    }
    while (cells.length < this.width) cells.push(null);
    const formulas = this.formulas;
    // Until the header is read the width is not known (0): openXlsxSheet fits those rows.
    if (formulas !== null && this.width > 0) {
      while (formulas.length < this.width) formulas.push(null);
      formulas.length = this.width;
    }
    this.ready.push(formulas === null ? { rowNumber, cells } : { rowNumber, cells, formulas });
  }
}

function headerText(value: XlsxCellValue): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "object") return value.error;
  return String(value);
}

/** The names of a workbook's worksheets, in tab order (chart and dialog sheets left out). */
export async function xlsxSheetNames(filePath: string, options: { limits?: Partial<XlsxLimits> } = {}): Promise<string[]> {
  const limits: XlsxLimits = { ...DEFAULT_XLSX_LIMITS, ...options.limits };
  const source = await openZip(filePath, limits);
  try {
    return (await readStructure(filePath, source, limits)).sheets.map((sheet) => sheet.name);
  } finally {
    source.zip.close();
  }
}

/**
 * Opens one worksheet for reading: checks the limits, reads the workbook's structure and shared
 * strings, and parses the sheet up to the end of row 1 (the header). Throws InputFileError for a
 * file that is not a workbook, lacks the sheet, or is past a limit.
 */
export async function openXlsxSheet(filePath: string, options: XlsxSheetOptions = {}): Promise<XlsxSheetReader> {
  const limits: XlsxLimits = { ...DEFAULT_XLSX_LIMITS, ...options.limits };
  const source = await openZip(filePath, limits);
  let stream: Readable | undefined;
  try {
    const structure = await readStructure(filePath, source, limits);
    const sheet = pickSheet(filePath, structure.sheets, options.sheet);
    const entry = source.entries.get(sheet.part.toLowerCase());
    if (entry === undefined) refuse(filePath, `its sheet ${JSON.stringify(sheet.name)} (${sheet.part}) is missing`);
    checkSizes(filePath, sheet.part, entry, limits.maxSheetBytes, limits, `sheet ${JSON.stringify(sheet.name)}`);
    const strings = structure.sharedStrings !== undefined && source.entries.has(structure.sharedStrings.toLowerCase())
      ? await readSharedStrings(filePath, source, structure.sharedStrings, limits)
      : [];
    const numberStyles = structure.styles !== undefined && source.entries.has(structure.styles.toLowerCase())
      ? await readNumberStyles(filePath, source, structure.styles, limits)
      : null;
    const what = `sheet ${JSON.stringify(sheet.name)}`;
    const sheetSource: PartSource = { filePath, part: sheet.part, what, entry };
    stream = await openEntry(source.zip, entry);
    const parser = new SheetParser(filePath, sheet.part, strings, numberStyles, structure.date1904);
    const chunks = parsePart(stream, parser.parser, sheetSource);
    let consumed = 0;
    const pull = async (): Promise<boolean> => {
      try {
        const next = await chunks.next();
        if (next.done) return false;
        consumed += next.value;
        return true;
      } catch (error) {
        if (error instanceof InputFileError) throw error;
        refuse(filePath, `its sheet ${JSON.stringify(sheet.name)} cannot be read (${errorText(error)})`);
      }
    };
    // Read up to the header: row 1, or the first row after it (row 1 left out means an empty header).
    let more = true;
    while (more && parser.header === null && parser.ready.length === 0) more = await pull();
    if (parser.headerProblem !== null) refuse(filePath, `its header row (row 1 of ${what}) ${parser.headerProblem}`);
    const header = (parser.header ?? []).map(headerText);
    // Row 1 may be a title over the table (one cell or two): with no dimension declared, the table's width is its widest row's.
    const titleOnly = parser.declaredWidth === 0 && header.filter((text) => text.trim() !== "").length < 3;
    const width = parser.declaredWidth > header.length || titleOnly ? Math.max(header.length, await widestRow(source, sheetSource, strings)) : header.length;
    parser.width = width;
    while (header.length < width) header.push("");
    // Rows parsed along with the header were finished before the width was known.
    const early = parser.ready.splice(0).map((item) => (isXlsxRowError(item) ? item : fitted(item, width)));
    const opened = stream;
    let started = false;
    return {
      sheetName: sheet.name,
      header,
      width,
      async *rows() {
        if (started) throw new Error("the rows of an xlsx sheet can be read once");
        started = true;
        try {
          yield* early;
          while (more) {
            more = await pull();
            while (parser.ready.length > 0) {
              // Taken in order, a chunk's worth at a time.
              const batch = parser.ready.splice(0);
              yield* batch;
            }
          }
        } finally {
          opened.destroy();
          source.zip.close();
        }
      },
      progress: () => (entry.compressedSize === 0 ? 1 : Math.min(1, consumed / entry.uncompressedSize)),
      close: async () => {
        opened.destroy();
        source.zip.close();
      },
    };
  } catch (error) {
    stream?.destroy();
    source.zip.close();
    throw error;
  }
}

/**
 * The widest row the sheet has, in columns up to its last value or formula: one more pass over
 * the sheet, made only when its declared dimension is wider than its header, so that a sheet
 * declaring A1:XFD1048576 over three rows comes out as wide as those rows.
 */
async function widestRow(source: ZipEntries, sheet: PartSource, strings: readonly string[]): Promise<number> {
  const stream = await openEntry(source.zip, sheet.entry);
  const parser = new SheetParser(sheet.filePath, sheet.part, strings, null, false);
  // A row's cells end at its last value or formula (finishCell never pads past them).
  let widest = 0;
  try {
    for await (const consumed of parsePart(stream, parser.parser, sheet)) {
      void consumed;
      for (const item of parser.ready.splice(0)) if (!isXlsxRowError(item)) widest = Math.max(widest, item.cells.length);
    }
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    refuse(sheet.filePath, `its ${sheet.what} cannot be read (${errorText(error)})`);
  } finally {
    stream.destroy();
  }
  return Math.max(widest, parser.header?.length ?? 0);
}

function fitted(row: XlsxRow, width: number): XlsxItem {
  const beyond = row.cells.findIndex((value, index) => index >= width && value !== null);
  if (beyond >= 0) return { rowNumber: row.rowNumber, error: `has a value in column ${columnLetter(beyond + 1)}, beyond the ${width} columns the sheet declares (its dimension)` };
  const cells = row.cells.slice(0, width);
  while (cells.length < width) cells.push(null);
  if (row.formulas === undefined) return { rowNumber: row.rowNumber, cells };
  const formulas = row.formulas.slice(0, width);
  while (formulas.length < width) formulas.push(null);
  return { rowNumber: row.rowNumber, cells, formulas };
}

function pickSheet(filePath: string, sheets: readonly { name: string; part: string }[], wanted: string | undefined): { name: string; part: string } {
  if (sheets.length === 0) throw new InputFileError(filePath, `${JSON.stringify(filePath)} has no worksheets`);
  if (wanted === undefined) return sheets[0];
  const found = sheets.find((sheet) => sheet.name.toLowerCase() === wanted.toLowerCase());
  if (found === undefined) {
    const names = sheets.map((sheet) => JSON.stringify(sheet.name)).join(", ");
    throw new InputFileError(filePath, `${JSON.stringify(filePath)} has no sheet named ${JSON.stringify(wanted)}; its sheets are ${names}`);
  }
  return found;
}
