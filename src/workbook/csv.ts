/**
 * CSV in and out for the CLI. Generic: rows of text in, rows of values out; nothing here knows
 * what a column means.
 *
 * Reading streams through csv-parse, so memory stays flat however long the file is. Rows that
 * cannot be parsed are reported as items carrying their row number, and reading carries on.
 *
 * Writing follows RFC 4180 and neutralises formula injection in text we did not produce.
 */
import fs from "node:fs";
import { pipeline, type Readable, type Writable } from "node:stream";
import { parse, type CsvError } from "csv-parse";
import { errorText, InputFileError, systemErrorCode } from "./errors";
import { openOutput, type OutputOptions, type PendingOutput } from "./safe-output";
import { assertWritable, drained, finishedWriting } from "./stream-util";
import {
  checkedDecimalText,
  isExcelErrorValue,
  isFormulaCell,
  isNumericText,
  type ExcelErrorValue,
  type FormulaCell,
  type NumericText,
} from "./values";

// ---------------------------------------------------------------------------------------------
// Reading

/** One parsed record. `rowNumber` is 1-based and counts every record in the file, header included. */
export interface CsvRow {
  readonly rowNumber: number;
  readonly cells: string[];
}

/** A record that could not be read; the rows after it are still read. */
export interface CsvRowError {
  readonly rowNumber: number;
  /**
   * What is wrong, for a person. Parse problems also name the line where csv-parse noticed
   * them; it counts a CRLF inside a quoted field as two lines, so after such a field the line
   * can run ahead (files from Excel use a bare LF inside cells and are not affected).
   */
  readonly error: string;
}

export type CsvItem = CsvRow | CsvRowError;

export function isCsvRowError(item: CsvItem): item is CsvRowError {
  return "error" in item;
}

export interface CsvReadOptions {
  /**
   * Longest record accepted, in characters. A longer one almost always means a quote that is
   * never closed, which would otherwise swallow the rest of the file into one field in memory;
   * reading stops there with an InputFileError. Default 1,000,000.
   */
  readonly maxRecordChars?: number;
}

const DEFAULT_MAX_RECORD_CHARS = 1_000_000;

/** Where csv-parse was when it reported a problem (the CsvError carries its info counters). */
interface ParsePosition {
  /** Records parsed without error before this point (csv-parse's `records`). */
  readonly goodRecords: number;
  /** Fields already completed in the record being parsed. */
  readonly fieldIndex: number;
  /** Byte offset of the last field or record end (csv-parse's `bytes`). */
  readonly bytes: number;
  readonly line: number;
}

function positionOf(error: CsvError): ParsePosition {
  const counter = (name: string) => {
    const value = error[name];
    return typeof value === "number" ? value : -1;
  };
  return { goodRecords: counter("records"), fieldIndex: counter("index"), bytes: counter("bytes"), line: counter("lines") };
}

/**
 * Whether a second parse error belongs to the same record as the previous one. csv-parse calls
 * `on_skip` once per problem, so a record with two stray quotes reports twice, yet the record
 * count must advance only once. It gives no record-start signal for records it skips, so this
 * is worked out from its counters:
 * - a record parsed cleanly in between: different records;
 * - same field index and same byte offset: no field or record ended in between, same record;
 * - more fields completed and still on the same line: same record, since a new record always
 *   starts on a new line;
 * - otherwise a new record. The one case this gets wrong is a record with two problems and a
 *   quoted line break between them, which is then counted as two rows.
 */
function sameRecord(previous: ParsePosition, current: ParsePosition): boolean {
  if (current.goodRecords !== previous.goodRecords) return false;
  if (current.fieldIndex === previous.fieldIndex && current.bytes === previous.bytes) return true;
  return current.fieldIndex > previous.fieldIndex && current.line === previous.line;
}

function describeParseError(error: CsvError): string {
  const column = typeof error.column === "number" ? ` ${error.column + 1}` : "";
  switch (error.code) {
    case "INVALID_OPENING_QUOTE":
      return `field${column} has a quote character inside a value that does not start with a quote`;
    case "CSV_INVALID_CLOSING_QUOTE":
      // csv-parse stays inside the quoted field after this, so the lines up to the next
      // properly closing quote become part of this one record.
      return `field${column} has a closing quote that is not followed by a comma or the end of the line; the text up to the next closing quote was taken as part of this row`;
    case "CSV_QUOTE_NOT_CLOSED":
      return "a quoted field in this row is never closed before the end of the file";
    default:
      return error.message;
  }
}

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

interface PendingRowError extends CsvRowError {
  /** How many cleanly parsed records precede it; places it among the rows on output. */
  readonly goodRecordsBefore: number;
}

/**
 * Reads CSV rows one at a time: from a file path or any byte stream. Handles a UTF-8 byte
 * order mark, CRLF, LF and CR line ends (mixed too), and quoted fields with commas, quotes and
 * line breaks.
 *
 * Yields the header as row 1 like any other row. Every record advances `rowNumber`, so numbers
 * match the row numbers a spreadsheet shows for the same file; blank lines count but are not
 * yielded. A record whose field count differs from the first record's is reported as a
 * CsvRowError, as is a record csv-parse cannot parse. Missing files and runaway records throw
 * InputFileError. Leaving the loop early closes the file.
 */
export async function* readCsvRows(source: string | Readable, options: CsvReadOptions = {}): AsyncGenerator<CsvItem> {
  const sourceName = typeof source === "string" ? source : "CSV input";
  const maxRecordChars = options.maxRecordChars ?? DEFAULT_MAX_RECORD_CHARS;
  // csv-parse reads 0 as "no limit", which would give up the memory bound; refuse it.
  if (!Number.isInteger(maxRecordChars) || maxRecordChars < 1) {
    throw new RangeError(`maxRecordChars must be a positive whole number, not ${maxRecordChars}`);
  }

  // on_skip runs synchronously inside the parser, ahead of our consumption of the rows it has
  // already pushed, so errors wait here until the rows before them have been yielded.
  const pendingErrors: PendingRowError[] = [];
  let pendingHead = 0;
  let errorRecords = 0;
  let lastError: ParsePosition | undefined;

  const onSkip = (error: CsvError | undefined): undefined => {
    if (error === undefined) return undefined;
    const position = positionOf(error);
    if (error.code === "CSV_MAX_RECORD_SIZE") {
      const rowNumber = position.goodRecords + errorRecords + (lastError !== undefined && sameRecord(lastError, position) ? 0 : 1);
      // Throwing from on_skip is csv-parse's way to turn a skippable error into a fatal one.
      throw new InputFileError(
        sourceName,
        `${JSON.stringify(sourceName)} row ${rowNumber}: the record is longer than ${maxRecordChars.toLocaleString("en-US")} characters at line ${position.line}; a quoted field is probably never closed. Reading stopped.`,
        rowNumber,
      );
    }
    if (lastError !== undefined && sameRecord(lastError, position)) {
      lastError = position;
      return undefined;
    }
    lastError = position;
    errorRecords += 1;
    pendingErrors.push({
      rowNumber: position.goodRecords + errorRecords,
      error: `${describeParseError(error)} (line ${position.line})`,
      goodRecordsBefore: position.goodRecords,
    });
    return undefined;
  };

  const parser = parse({
    bom: true,
    // Explicit list so files mixing line ends still split; CRLF first so it is one break, not two.
    record_delimiter: ["\r\n", "\n", "\r"],
    // Field counts are checked below instead, so such rows get one clear message each.
    relax_column_count: true,
    skip_records_with_error: true,
    on_skip: onSkip,
    max_record_size: maxRecordChars,
  });
  const input = typeof source === "string" ? fs.createReadStream(source) : source;
  // pipeline passes a read error (e.g. a missing file) on to the parser, where the loop sees it.
  pipeline(input, parser, () => undefined);

  let goodRecords = 0;
  let errorsYielded = 0;
  let expectedFieldCount: number | undefined;

  const takeErrorsBefore = (goodRecordNumber: number): PendingRowError[] => {
    const due: PendingRowError[] = [];
    while (pendingHead < pendingErrors.length && pendingErrors[pendingHead].goodRecordsBefore < goodRecordNumber) {
      due.push(pendingErrors[pendingHead]);
      pendingHead += 1;
    }
    // Drop consumed entries now and then rather than shifting one by one.
    if (pendingHead > 1024 && pendingHead * 2 > pendingErrors.length) {
      pendingErrors.splice(0, pendingHead);
      pendingHead = 0;
    }
    return due;
  };

  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      goodRecords += 1;
      for (const error of takeErrorsBefore(goodRecords)) {
        errorsYielded += 1;
        yield { rowNumber: error.rowNumber, error: error.error };
      }
      const rowNumber = goodRecords + errorsYielded;
      // csv-parse turns an empty line into one empty field; nothing to report or yield.
      if (record.length === 1 && record[0] === "") continue;
      if (expectedFieldCount === undefined) {
        expectedFieldCount = record.length;
      } else if (record.length !== expectedFieldCount) {
        yield {
          rowNumber,
          error: `has ${record.length} ${record.length === 1 ? "field" : "fields"}; the header has ${expectedFieldCount}`,
        };
        continue;
      }
      yield { rowNumber, cells: record };
    }
    for (const error of takeErrorsBefore(Number.POSITIVE_INFINITY)) {
      yield { rowNumber: error.rowNumber, error: error.error };
    }
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    throw new InputFileError(sourceName, describeReadError(sourceName, error));
  } finally {
    // Stops reading when the caller leaves the loop early; a no-op after a normal end.
    parser.destroy();
    input.destroy();
  }
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
const FORMULA_TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r"]);
const NEEDS_QUOTES = /[",\r\n]/;

/** Prefixes `'` to text a spreadsheet would otherwise run as a formula. */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]) ? `'${text}` : text;
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
  if (isNumericText(value)) return checkedDecimalText(value.numeric);
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
 * Writes CSV records to a stream, waiting for it to drain whenever it is full, so a producer
 * that awaits each `write` never holds more than one buffer of output in memory.
 */
export class CsvWriter {
  private readonly sink: Writable;
  private readonly output: PendingOutput | undefined;
  private readonly lineEnd: string;
  private pendingByteOrderMark: boolean;
  private closed = false;
  private rows = 0;

  private constructor(sink: Writable, output: PendingOutput | undefined, options: CsvWriteOptions) {
    this.sink = sink;
    this.output = output;
    this.lineEnd = options.lineEnd ?? "\r\n";
    this.pendingByteOrderMark = options.byteOrderMark ?? true;
  }

  /**
   * A writer to a new file: refuses an existing file unless `force`, and publishes the file
   * only on `close()` (see safe-output), so an interrupted run leaves no partial CSV behind.
   */
  static async toFile(filePath: string, options: CsvWriteOptions & OutputOptions = {}): Promise<CsvWriter> {
    const output = await openOutput(filePath, options);
    return new CsvWriter(output.stream, output, options);
  }

  /** A writer to a stream the caller owns; `close()` ends it. */
  static toStream(stream: Writable, options: CsvWriteOptions = {}): CsvWriter {
    return new CsvWriter(stream, undefined, options);
  }

  /** Records written so far. */
  get rowsWritten(): number {
    return this.rows;
  }

  async write(row: readonly CsvValue[]): Promise<void> {
    if (this.closed) throw new Error("CSV writer is already closed");
    assertWritable(this.sink);
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
    if (!this.sink.write(text)) await drained(this.sink);
  }

  /** Ends the output; for a file, publishes it under its final name. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.pendingByteOrderMark) {
      // An empty table still gets its BOM so that an empty file is recognisably UTF-8 CSV.
      this.sink.write("\uFEFF");
      this.pendingByteOrderMark = false;
    }
    if (this.output !== undefined) {
      await this.output.commit();
      return;
    }
    this.sink.end();
    await finishedWriting(this.sink);
  }

  /** Gives up: for a file, removes the partial output; the final name is never touched. */
  async abort(): Promise<void> {
    this.closed = true;
    if (this.output !== undefined) {
      await this.output.discard();
    } else {
      this.sink.destroy();
    }
  }
}
