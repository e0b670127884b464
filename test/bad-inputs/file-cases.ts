/**
 * The bad-input catalogue's files: hostile or damaged input files (and output paths) for the
 * `reconcile` and `batch` commands, and exactly what a user is told. Data, plus the small
 * generators that make the files. file-cases.test.ts runs every case through the built binary
 * (bin/hudson-pilotage.js) in a fresh folder; README.md lists them (see readme.ts).
 */
import fs from "node:fs";
import path from "node:path";
import JSZip from "jszip";
import { storedEntry, writeStoredZip, type StoredEntry } from "./stored-zip";

export interface FileCase {
  name: string;
  surface: "file";
  /** What is wrong with the input, for the README. */
  input: string;
  /** Files to create in the run's folder: their bytes, text (UTF-8) or a function making either. */
  files: Record<string, string | Buffer | (() => string | Buffer | Promise<Buffer>)>;
  /** Anything else the case needs in its folder (links, folders), after the files are written. */
  setup?: (folder: string) => void;
  /** The arguments after `hudson-pilotage`; the run's working folder holds the files. */
  argv: string[];
  exitCode: 0 | 1 | 2;
  /** Standard error, line by line: exit 2 always has exactly one line. */
  stderr: string[];
  /** Lines standard output must include (empty for exit 2, whose stdout is empty). */
  stdout: string[];
  /** Names the folder must hold after the run (sorted); left out: not checked. */
  folderAfter?: string[];
  /** Lines an output file must include (a line ending in … matched by its start). */
  outputLines?: Record<string, string[]>;
  /** Standard output opened on this file instead of a pipe (/dev/full: every write fails). */
  stdoutTo?: string;
  /**
   * The figure the case must hold on any machine: its time (seconds, measured by the bench,
   * `npm run bench -- bad-inputs`) and its peak resident memory (MB, asserted by the test).
   */
  holds?: { seconds: number; megabytes: number };
}

/** The checkout: two folders up from here, or three when compiled into dist-node/ for the benchmark. */
export const ROOT = [path.resolve(__dirname, "../.."), path.resolve(__dirname, "../../..")].find((dir) => fs.existsSync(path.join(dir, "bin/hudson-pilotage.js"))) as string;
const SAMPLE_INVOICES = path.join(ROOT, "docs/sample-invoices.csv");
const SAMPLE_RATES = path.join(ROOT, "docs/sample-board-rates.csv");

/** docs/sample-invoices.csv: a header and 20 invoices; line 12 (a quote opened before MV WEST POINT and never closed) is malformed on purpose. */
function sampleLines(): string[] {
  return fs.readFileSync(SAMPLE_INVOICES, "utf8").replace(/\r?\n$/, "").split(/\r?\n/);
}

function sampleWith(edit: (lines: string[]) => void): () => string {
  return () => {
    const lines = sampleLines();
    edit(lines);
    return lines.join("\n") + "\n";
  };
}

const rates = () => fs.readFileSync(SAMPLE_RATES);
/** The sample as Excel saves "CSV" under regional settings with a decimal comma: semicolons between fields, 5305,06. */
const semicolonSample = () => sampleLines().map((line) => line.replace(/,/g, ";").replace(/(\d)\.(\d)/g, "$1,$2")).join("\r\n") + "\r\n";
const SEMICOLON_REFUSAL =
  'hudson-pilotage reconcile: "in.csv" is separated by semicolons, not commas (Excel\'s CSV under regional settings with a decimal comma, where 5.305,06 means 5305.06): run on the workbook itself (.xlsx), or save it as CSV with commas and decimal points, and run again.';
const RECONCILE = ["reconcile", "in.csv", "--board-rates", "rates.csv"];
const SAMPLE_ROW_12 = "hudson-pilotage reconcile: row 12 skipped: field 2 opens a quote that is not closed properly on its line (line 12)";

const file = (c: Omit<FileCase, "surface">): FileCase => ({ surface: "file", ...c });

export const FILE_CASES: FileCase[] = [
  // ---- Issue 19 item 1: one stray quote costs one line --------------------------------------
  file({
    name: "csv-text-after-closing-quote",
    input: 'docs/sample-invoices.csv with line 3\'s vessel written "MT ALBANY" SPIRIT',
    files: { "in.csv": sampleWith((lines) => (lines[2] = lines[2].replace("MT ALBANY SPIRIT", '"MT ALBANY" SPIRIT'))), "rates.csv": rates },
    argv: RECONCILE,
    exitCode: 1,
    stderr: [
      "hudson-pilotage reconcile: row 3 skipped: field 2 has text after its closing quote; a value with quotes in it must be quoted whole, each inner quote doubled (line 3)",
      SAMPLE_ROW_12,
    ],
    // As shipped the sample reads 19 rows and flags 5 (none of them row 3); the later rows keep their numbers.
    stdout: ["Rows read:     18", "Malformed:     2 (rows 3, 12), skipped", "Rows flagged:  5", expectLine("  row 16  MV NEWBURGH ")],
  }),
  file({
    name: "csv-quote-inside-a-value",
    input: 'the sample with line 3\'s vessel written MT "ALBANY" SPIRIT: a quote inside a value that does not start with one is a character, as Excel reads it',
    files: { "in.csv": sampleWith((lines) => (lines[2] = lines[2].replace("MT ALBANY SPIRIT", 'MT "ALBANY" SPIRIT'))), "rates.csv": rates },
    argv: RECONCILE,
    exitCode: 1,
    stderr: [SAMPLE_ROW_12],
    // Read as shipped: 19 rows, 5 flagged (row 3 is not one of them).
    stdout: ["Rows read:     19", "Malformed:     1 (row 12), skipped", "Rows flagged:  5"],
  }),
  file({
    name: "csv-quote-never-closed",
    input: "the sample with a quote opened before line 3's vessel and never closed",
    files: { "in.csv": sampleWith((lines) => (lines[2] = lines[2].replace("MT ALBANY SPIRIT", '"MT ALBANY SPIRIT'))), "rates.csv": rates },
    argv: RECONCILE,
    exitCode: 1,
    stderr: ["hudson-pilotage reconcile: row 3 skipped: field 2 opens a quote that is not closed properly on its line (line 3)", SAMPLE_ROW_12],
    stdout: ["Rows read:     18", "Rows flagged:  5"],
  }),

  // ---- Issue 19 item 7: encodings and blank lines -------------------------------------------
  file({
    name: "csv-latin-1",
    input: 'the sample saved in Windows-1252 (Excel\'s plain "CSV (Comma delimited)"), line 5\'s vessel "MV NORTHERN PALISADE" as "MV NORDSTRÖM"',
    files: {
      "in.csv": () => {
        const lines = sampleLines();
        lines[4] = lines[4].replace(/^([^,]*),[^,]*/, "$1,MV NORDSTRÖM");
        return Buffer.from(lines.join("\r\n") + "\r\n", "latin1");
      },
      "rates.csv": rates,
    },
    argv: RECONCILE,
    // Read as Windows-1252, said in the summary; the rows as the UTF-8 sample reads them.
    exitCode: 1,
    stderr: [SAMPLE_ROW_12],
    stdout: ['Note: "in.csv" is not UTF-8: it was read as Windows-1252 (Excel\'s plain "CSV (Comma delimited)"); give --encoding utf-8 to refuse such a file instead.', "Rows read:     19", "Rows flagged:  5"],
  }),
  file({
    name: "csv-utf-16-with-bom",
    input: "the sample saved as UTF-16 little-endian with a byte order mark: read as the same rows",
    files: { "in.csv": () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sampleLines().join("\r\n") + "\r\n", "utf16le")]), "rates.csv": rates },
    argv: RECONCILE,
    exitCode: 1,
    stderr: [SAMPLE_ROW_12],
    stdout: ["Rows read:     19", "Rows flagged:  5"],
  }),
  file({
    name: "csv-utf-16-big-endian-no-bom",
    input: "the sample saved as UTF-16 big-endian without a byte order mark: recognised by its zero bytes",
    files: { "in.csv": () => Buffer.from(sampleLines().join("\n") + "\n", "utf16le").swap16(), "rates.csv": rates },
    argv: RECONCILE,
    exitCode: 1,
    stderr: [SAMPLE_ROW_12],
    stdout: ["Rows read:     19", "Rows flagged:  5"],
  }),
  file({
    name: "csv-tab-separated",
    input: "the sample with tabs for commas (Excel's \"Unicode Text\", a TSV): read by its tabs, as the same rows, and said",
    files: { "in.csv": () => sampleLines().map((line) => line.replace(/,/g, "\t")).join("\n") + "\n", "rates.csv": rates },
    argv: RECONCILE,
    exitCode: 1,
    stderr: [SAMPLE_ROW_12],
    stdout: ['Note: "in.csv" is separated by tabs, not commas (Excel\'s "Unicode Text", or a TSV): it was read so.', "Rows read:     19", "Rows flagged:  5"],
  }),
  file({
    name: "csv-semicolon-separated",
    input: "the sample with semicolons for commas and decimal commas (Excel's CSV under settings with a decimal comma)",
    files: { "in.csv": semicolonSample, "rates.csv": rates },
    argv: RECONCILE,
    exitCode: 2,
    stderr: [SEMICOLON_REFUSAL],
    stdout: [],
  }),
  file({
    name: "csv-semicolon-separated-under-a-title",
    input: "the same under a title line and a blank line, as a report exports it",
    files: { "in.csv": () => "Pilotage invoices, June 2026\r\n\r\n" + semicolonSample(), "rates.csv": rates },
    argv: RECONCILE,
    exitCode: 2,
    stderr: [SEMICOLON_REFUSAL],
    stdout: [],
  }),
  file({
    name: "csv-million-blank-lines",
    input: "the sample's header and first invoice, 1,000,000 blank lines, then its second invoice",
    files: {
      "in.csv": () => {
        const lines = sampleLines();
        return `${lines[0]}\n${lines[1]}\n${"\n".repeat(1_000_000)}${lines[2]}\n`;
      },
      "rates.csv": rates,
    },
    argv: RECONCILE,
    exitCode: 0,
    stderr: [],
    // Blank lines are skipped (and counted for the row numbers, like a spreadsheet's rows); the
    // reader's time on them is in the benchmark.
    stdout: ["Rows:          2", "Rows read:     2", "Rows flagged:  0"],
  }),
];

const OUT = ["reconcile", "in.csv", "--board-rates", "rates.csv", "-o"];
const sample = () => sampleLines().join("\n") + "\n";

FILE_CASES.push(
  // ---- Issue 19 item 4: terminal control bytes in cell text ---------------------------------
  file({
    name: "csv-vessel-with-terminal-escapes",
    input: "the sample with line 7's vessel (flagged) named MT RONDOUT ESC[8m (conceal) … ESC]0;title BEL",
    files: { "in.csv": sampleWith((lines) => (lines[6] = lines[6].replace("MT RONDOUT", "MT RONDOUT\u001b[8m\u001b]0;pwned\u0007"))), "rates.csv": rates },
    argv: RECONCILE,
    exitCode: 1,
    stderr: [SAMPLE_ROW_12],
    stdout: [expectLine("  row 7   MT RONDOUT\\x1B[8m\\x1B]0;pwned\\x07  2026-02-17  "), "Rows flagged:  5"],
  }),

  // ---- Issue 19 item 7: output paths ----------------------------------------------------------
  file({
    name: "output-is-a-folder",
    input: "-o names a folder (with --force): refused before any row is read",
    files: { "in.csv": sample, "rates.csv": rates },
    setup: (folder) => fs.mkdirSync(path.join(folder, "out.csv")),
    argv: [...OUT, "out.csv", "--force"],
    exitCode: 2,
    stderr: ['hudson-pilotage reconcile: Cannot write "out.csv": a folder has that name'],
    stdout: [],
  }),
  file({
    name: "output-hard-link-to-input",
    input: "-o names a hard link to the input (with --force)",
    files: { "in.csv": sample, "rates.csv": rates },
    setup: (folder) => fs.linkSync(path.join(folder, "in.csv"), path.join(folder, "out.csv")),
    argv: [...OUT, "out.csv", "--force"],
    exitCode: 2,
    stderr: ["hudson-pilotage reconcile: The output file must not be the input file: it is the same file under another name (a link)."],
    stdout: [],
    folderAfter: ["in.csv", "out.csv", "rates.csv"],
  }),
  file({
    name: "output-through-symlinked-folder",
    input: "-o link/in.csv where link is a symbolic link to the input's own folder (with --force)",
    files: { "in.csv": sample, "rates.csv": rates },
    setup: (folder) => fs.symlinkSync(".", path.join(folder, "link")),
    argv: [...OUT, "link/in.csv", "--force"],
    exitCode: 2,
    stderr: ["hudson-pilotage reconcile: The output file must not be the input file: it is the same file under another name (a link)."],
    stdout: [],
  }),
  file({
    name: "stale-partial-from-killed-run",
    input: "a temporary .out.csv.<pid>-<hex>.partial left by a run killed with SIGKILL (its process gone): removed by the next run",
    files: { "in.csv": sample, "rates.csv": rates, ".out.csv.4194000-0123456789ab.partial": "half a file", ".other.csv.4194000-0123456789ab.partial": "not ours to remove" },
    argv: [...OUT, "out.csv"],
    exitCode: 1,
    stderr: [SAMPLE_ROW_12],
    stdout: ["Output:        out.csv"],
    folderAfter: [".other.csv.4194000-0123456789ab.partial", "in.csv", "out.csv", "rates.csv"],
  }),
  file({
    name: "xlsx-output-cell-over-32767-characters",
    input: "the sample with line 3's vessel 40,000 characters long, written to -o out.xlsx (an Excel cell holds 32,767)",
    files: { "in.csv": sampleWith((lines) => (lines[2] = lines[2].replace("MT ALBANY SPIRIT", "X".repeat(40_000)))), "rates.csv": rates },
    argv: [...OUT, "out.xlsx"],
    exitCode: 1,
    stderr: [
      SAMPLE_ROW_12,
      'Note: 1 cell had more text than an Excel cell holds (32,767 characters) and was cut, ending “ … [cut: …]”: sheet "Reconciliation" cell B3. A .csv output keeps the whole text.',
    ],
    // Every other row is written and checked as before: the sample flags 5.
    stdout: ["Rows flagged:  5", "Output:        out.xlsx"],
    folderAfter: ["in.csv", "out.xlsx", "rates.csv"],
  }),
  file({
    name: "xlsx-output-more-than-16384-columns",
    input: "the sample with 16,400 more (empty) columns, written to -o out.xlsx (a sheet holds 16,384): refused before any row is read",
    files: { "in.csv": sampleWith((lines) => lines.forEach((line, i) => (lines[i] = line + ",".repeat(16_400)))), "rates.csv": rates },
    argv: [...OUT, "out.xlsx"],
    exitCode: 2,
    // 13 columns of the sample + 16,400 + the columns reconcile adds.
    stderr: [expectLine('hudson-pilotage reconcile: sheet "Reconciliation" would have 16,')],
    stdout: [],
    folderAfter: ["in.csv", "rates.csv"],
  }),
  file({
    name: "csv-150000-malformed-rows",
    input: "the sample's header, then 150,000 lines with one field too many, then its first invoice",
    files: {
      "in.csv": () => {
        const lines = sampleLines();
        return `${lines[0]}\n${`${lines[1]},extra\n`.repeat(150_000)}${lines[1]}\n`;
      },
      "rates.csv": rates,
    },
    argv: RECONCILE,
    exitCode: 1,
    stderr: [
      ...Array.from({ length: 100 }, (_, i) => `hudson-pilotage reconcile: row ${i + 2} skipped: has 14 fields; the header has 13`),
      "hudson-pilotage reconcile: 149,900 more malformed rows skipped (counted in the summary)",
    ],
    // The summary lists the first 50 rows and counts the rest.
    stdout: ["Malformed:     150,000 (rows 2–51, … and 149,950 more), skipped", "Rows read:     1"],
  }),
);

// ---- Issue 19 items 2 and 3: .xlsx inputs --------------------------------------------------

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const RELS = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
const TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** An inline-string or number cell. */
function cellXml(reference: string, value: string): string {
  return /^-?\d+(\.\d+)?$/.test(value) ? `<c r="${reference}"><v>${value}</v></c>` : `<c r="${reference}" t="inlineStr"><is><t>${value.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</t></is></c>`;
}

function letters(column: number): string {
  return column < 26 ? String.fromCharCode(65 + column) : `A${String.fromCharCode(65 + column - 26)}`;
}

/** The sample's header and its first `invoices` invoices as a one-sheet workbook, rows changed by `edit`, extra parts added. */
function sampleWorkbook(invoices: number, options: { extra?: Record<string, Buffer | string>; rowXml?: (rowNumber: number, cells: string[]) => string } = {}): () => Promise<Buffer> {
  return async () => {
    const lines = sampleLines().slice(0, invoices + 1);
    const rows = lines.map((line, index) => {
      const cells = line.split(",");
      return options.rowXml?.(index + 1, cells) ?? `<row r="${index + 1}">${cells.map((value, column) => cellXml(`${letters(column)}${index + 1}`, value)).join("")}</row>`;
    });
    const zip = new JSZip();
    zip.file("_rels/.rels", `<Relationships ${RELS}><Relationship Id="rId1" Type="${TYPE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
    zip.file("xl/workbook.xml", `<workbook ${NS} xmlns:r="${TYPE}"><sheets><sheet name="Invoices" sheetId="1" r:id="rId1"/></sheets></workbook>`);
    zip.file("xl/_rels/workbook.xml.rels", `<Relationships ${RELS}><Relationship Id="rId1" Type="${TYPE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`);
    zip.file("xl/worksheets/sheet1.xml", `<worksheet ${NS}><sheetData>${rows.join("")}</sheetData></worksheet>`);
    for (const [name, content] of Object.entries(options.extra ?? {})) zip.file(name, content);
    return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
  };
}

const XLSX = ["reconcile", "in.xlsx", "--board-rates", "rates.csv"];

FILE_CASES.push(
  file({
    name: "xlsx-junk-entry-never-inflated",
    input: "a workbook of the sample's first two invoices with a 32 MB junk entry (xl/media/junk.bin, 1,000-fold compressed) that no sheet uses",
    files: { "in.xlsx": sampleWorkbook(2, { extra: { "xl/media/junk.bin": Buffer.alloc(32 * 1024 * 1024) } }), "rates.csv": rates },
    argv: XLSX,
    exitCode: 0,
    stderr: [],
    stdout: ["Rows read:     2", "Rows flagged:  0"],
  }),
  file({
    name: "xlsx-zip-bomb-sheet",
    input: "a workbook whose sheet is 4 MB of one empty cell repeated (compressed about 1,000-fold)",
    files: {
      "in.xlsx": sampleWorkbook(1, { rowXml: (row, cells) => (row === 2 ? `<row r="2">${'<c r="A2" t="inlineStr"><is><t></t></is></c>'.repeat(100_000)}</row>` : `<row r="1">${cells.map((v, c) => cellXml(`${letters(c)}1`, v)).join("")}</row>`) }),
      "rates.csv": rates,
    },
    argv: XLSX,
    exitCode: 2,
    stderr: [expectLine('hudson-pilotage reconcile: Cannot read "in.xlsx" as an .xlsx workbook: its sheet "Invoices" (xl/worksheets/sheet1.xml) inflates ')],
    stdout: [],
  }),
  file({
    name: "xlsx-billed-formula-without-value",
    input: "the sample's first two invoices as a workbook, invoice 1's total a formula =SUM(G2:L2) with no value saved (never calculated)",
    files: {
      "in.xlsx": sampleWorkbook(2, {
        rowXml: (row, cells) => `<row r="${row}">${cells.map((v, c) => (row === 2 && c === 12 ? `<c r="M2"><f>SUM(G2:L2)</f></c>` : cellXml(`${letters(c)}${row}`, v))).join("")}</row>`,
      }),
      "rates.csv": rates,
    },
    argv: XLSX,
    exitCode: 1,
    stderr: [],
    // Not $0.00 billed: the row is not checked and says why, and is not flagged (no variance); the other invoice is checked.
    stdout: [
      "  row 2  MV HUDSON BAY TRADER  2026-01-08   not compared  Total not checked: The billed total cell is a formula without a value (the file was never calculated): open and save it in Excel, or enter the amount.",
      "Checked:       1 (not checked: 1, of which 1 with unreadable cells)",
      "Rows flagged:  0",
    ],
  }),
);

/** A stdout line given by its start only (the rest is the row's working, covered elsewhere). */
function expectLine(start: string): string {
  return `${start}…`;
}

// ---- Issue 34: archives that are not whole, bounds on what is held, outputs that fail ------------

/** The parts of a one-sheet workbook (stored entries), its sheet's rows given as XML. */
function storedWorkbook(sheetRows: Iterable<Buffer> | (() => Iterable<Buffer>), options: { dimension?: string; sheetCrc?: number; extra?: StoredEntry[] } = {}): StoredEntry[] {
  const rows = typeof sheetRows === "function" ? sheetRows : () => sheetRows;
  const dimension = options.dimension === undefined ? "" : `<dimension ref="${options.dimension}"/>`;
  return [
    storedEntry("_rels/.rels", `<Relationships ${RELS}><Relationship Id="rId1" Type="${TYPE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    storedEntry("xl/workbook.xml", `<workbook ${NS} xmlns:r="${TYPE}"><sheets><sheet name="Invoices" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    storedEntry("xl/_rels/workbook.xml.rels", `<Relationships ${RELS}><Relationship Id="rId1" Type="${TYPE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    {
      name: "xl/worksheets/sheet1.xml",
      chunks: () => [Buffer.from(`<worksheet ${NS}>${dimension}<sheetData>`), ...rows(), Buffer.from("</sheetData></worksheet>")],
      declaredCrc: options.sheetCrc,
    },
    ...(options.extra ?? []),
  ];
}

/** The sample's header and first `invoices` invoices as row XML. */
function sampleRowsXml(invoices: number): Buffer[] {
  return sampleLines()
    .slice(0, invoices + 1)
    .map((line, index) => Buffer.from(`<row r="${index + 1}">${line.split(",").map((value, column) => cellXml(`${letters(column)}${index + 1}`, value)).join("")}</row>`));
}

const SAMPLE_CSV_HEADER =
  "Invoice no.,Vessel,Transit date,River section,Pilotage units,Continuous hours,Billed base pilotage,Billed surcharge,Billed second pilot,Launch fee,Communication fee,Mid-river launch fee,Invoice total," +
  "Computed base pilotage,Computed surcharge,Computed second pilot,Computed board fees,Computed total,Computed launch fee,Computed communication fee,Computed mid-river launch fee," +
  "Variance base pilotage,Variance surcharge,Variance second pilot,Variance launch fee,Variance communication fee,Variance mid-river launch fee,Variance,Flag,Status,Note,Input row";

const MB = 1024 * 1024;
const xlsxIn = (entries: () => StoredEntry[]) => (folder: string) => writeStoredZip(path.join(folder, "in.xlsx"), entries());

FILE_CASES.push(
  file({
    name: "xlsx-two-entries-of-one-name",
    input: "the sample's first two invoices as a workbook holding two xl/worksheets/sheet1.xml entries (the second with other amounts)",
    files: { "rates.csv": rates },
    setup: xlsxIn(() => {
      const entries = storedWorkbook(sampleRowsXml(2));
      const sheet = entries[3];
      return [...entries, { ...sheet, chunks: () => [...sheet.chunks()].map((chunk) => Buffer.from(chunk.toString("utf8").replace(/1070\.58/g, "9999.99"))) }];
    }),
    argv: XLSX,
    exitCode: 2,
    stderr: ['hudson-pilotage reconcile: Cannot read "in.xlsx" as an .xlsx workbook: it holds two entries named "xl/worksheets/sheet1.xml", so the archive is damaged or was tampered with'],
    stdout: [],
    holds: { seconds: 1, megabytes: 150 },
  }),
  file({
    name: "xlsx-sheet-crc-mismatch",
    input: "the sample's first two invoices as a workbook whose sheet entry declares a CRC-32 its bytes do not have",
    files: { "rates.csv": rates },
    setup: xlsxIn(() => storedWorkbook(sampleRowsXml(2), { sheetCrc: 0x12345678 })),
    argv: XLSX,
    exitCode: 2,
    stderr: ['hudson-pilotage reconcile: Cannot read "in.xlsx" as an .xlsx workbook: its sheet "Invoices" (xl/worksheets/sheet1.xml) does not match its CRC-32 checksum, so the archive is damaged: save the workbook again from Excel'],
    stdout: [],
    holds: { seconds: 1, megabytes: 150 },
  }),
  file({
    name: "xlsx-300-mb-text-cell",
    input: "an uncompressed workbook: the sample's header, then one cell holding 300 MB of text (refused after its first 327,670 characters, never held whole)",
    files: { "rates.csv": rates },
    setup: xlsxIn(() =>
      storedWorkbook(function* () {
        yield* sampleRowsXml(0);
        yield Buffer.from('<row r="2"><c r="B2" t="inlineStr"><is><t>');
        const block = Buffer.alloc(MB, "x");
        for (let i = 0; i < 300; i++) yield block;
        yield Buffer.from("</t></is></c></row>");
      }),
    ),
    argv: XLSX,
    exitCode: 2,
    stderr: [
      'hudson-pilotage reconcile: Cannot read "in.xlsx" as an .xlsx workbook: its sheet "Invoices" (xl/worksheets/sheet1.xml) holds more than 327,670 characters of text in one piece, and an Excel cell holds at most 32,767 (see "Limits on .xlsx input" in the README)',
    ],
    stdout: [],
    holds: { seconds: 1, megabytes: 150 },
  }),
  file({
    name: "xlsx-text-cell-over-32767-characters",
    input: "the sample's first two invoices as a workbook, invoice 1's vessel 40,000 characters in 40 rich-text runs",
    files: { "rates.csv": rates },
    setup: xlsxIn(() => {
      const [header, first, second] = sampleRowsXml(2);
      const runs = `<r><t>${"x".repeat(1000)}</t></r>`.repeat(40);
      return storedWorkbook([header, Buffer.from(first.toString("utf8").replace(/<c r="B2" t="inlineStr"><is><t>[^<]*<\/t><\/is><\/c>/, `<c r="B2" t="inlineStr"><is>${runs}</is></c>`)), second]);
    }),
    argv: XLSX,
    exitCode: 1,
    stderr: ["hudson-pilotage reconcile: row 2 skipped: has more than 32,767 characters in cell B2, more than an Excel cell holds"],
    stdout: ["Rows read:     1", "Malformed:     1 (row 2), skipped"],
    holds: { seconds: 1, megabytes: 150 },
  }),
  file({
    name: "xlsx-dimension-claims-every-column",
    input: "the sample's first two invoices as a workbook declaring <dimension ref=\"A1:XFD1048576\">, written as CSV to standard output: as wide as its cells",
    files: { "rates.csv": rates },
    setup: xlsxIn(() => storedWorkbook(sampleRowsXml(2), { dimension: "A1:XFD1048576" })),
    argv: [...XLSX, "-o", "-"],
    exitCode: 0,
    // With -o - the summary goes to standard error.
    stderr: [
      "hudson-pilotage reconcile: in.xlsx",
      expectLine("Columns: vessel ← column B"),
      'Not used: column A "Invoice no."',
      expectLine("Note: column A"),
      expectLine("Assumed: No column for relief at mid-river or anchorage of 8 hours: assumed none (D26)"),
      "",
      "Rows:          2",
      "Rows read:     2",
      "Malformed:     none",
      "Excluded:      none",
      "Checked:       2",
      "Counts:        2 read = 2 matched + 0 flagged + 0 not checked + 0 excluded",
      expectLine("Billed:"),
      expectLine("Computed:"),
      expectLine("Variance:"),
      "Rows flagged:  0",
      "Rows matched:  2",
      "Result:        every row matches § 89-a",
      "Output:        -",
    ],
    // The header ends at the reconcile's own last column.
    stdout: [SAMPLE_CSV_HEADER],
    holds: { seconds: 1, megabytes: 150 },
  }),
  file({
    name: "xlsx-dimension-claims-every-column-to-xlsx",
    input: "the same workbook declaring A1:XFD1048576, written to -o out.xlsx",
    files: { "rates.csv": rates },
    setup: xlsxIn(() => storedWorkbook(sampleRowsXml(2), { dimension: "A1:XFD1048576" })),
    argv: [...XLSX, "-o", "out.xlsx"],
    exitCode: 0,
    stderr: [],
    stdout: ["Rows read:     2", "Output:        out.xlsx"],
    folderAfter: ["in.xlsx", "out.xlsx", "rates.csv"],
    holds: { seconds: 3, megabytes: 200 },
  }),
  file({
    name: "xlsx-output-more-than-16384-columns-json",
    input: "the sample with 16,400 more (empty) columns, written to -o out.xlsx with --json",
    files: { "in.csv": sampleWith((lines) => lines.forEach((line, i) => (lines[i] = line + ",".repeat(16_400)))), "rates.csv": rates },
    argv: [...OUT, "out.xlsx", "--json"],
    exitCode: 2,
    stderr: [expectLine('{"error":{"code":"OUTPUT_LIMIT","field":"output","message":"sheet \\"Reconciliation\\" would have 16,')],
    stdout: [],
    folderAfter: ["in.csv", "rates.csv"],
  }),
  file({
    name: "csv-300-mb-line",
    input: "the sample's header, a 300 MB line with no line break, then its first invoice",
    files: { "rates.csv": rates },
    setup: (folder) => {
      const lines = sampleLines();
      const fd = fs.openSync(path.join(folder, "in.csv"), "w");
      fs.writeSync(fd, `${lines[0]}\n`);
      const block = Buffer.alloc(MB, "x");
      for (let i = 0; i < 300; i++) fs.writeSync(fd, block);
      fs.writeSync(fd, `\n${lines[1]}\n`);
      fs.closeSync(fd);
    },
    argv: RECONCILE,
    exitCode: 1,
    stderr: ["hudson-pilotage reconcile: row 2 skipped: is longer than 1,000,000 characters; a quote is probably never closed (line 2)"],
    stdout: ["Rows read:     1", "Malformed:     1 (row 2), skipped"],
    holds: { seconds: 5, megabytes: 150 },
  }),
  file({
    name: "csv-vessel-starting-with-small-equals-sign",
    input: "the sample with line 3's vessel named ﹦cmd|' /C calc'!A0 (U+FE66, which a spreadsheet may fold to =), written to -o out.csv: the cell starts with '",
    files: { "in.csv": sampleWith((lines) => (lines[2] = lines[2].replace("MT ALBANY SPIRIT", "\ufe66cmd|' /C calc'!A0"))), "rates.csv": rates },
    argv: [...OUT, "out.csv"],
    exitCode: 1,
    stderr: [SAMPLE_ROW_12],
    stdout: ["Output:        out.csv"],
    outputLines: { "out.csv": ["HRP-26-0102,'\ufe66cmd|' /C calc'!A0,2026-01-15,…"] },
  }),
  file({
    name: "stdout-full-reconcile",
    input: "reconcile -o - with standard output on /dev/full (every write fails: the disk is full)",
    files: { "in.csv": sample, "rates.csv": rates },
    argv: [...OUT, "-"],
    stdoutTo: "/dev/full",
    exitCode: 2,
    stderr: [SAMPLE_ROW_12, "hudson-pilotage reconcile: Cannot write standard output: the disk is full; nothing written there can be trusted to be whole."],
    stdout: [],
    holds: { seconds: 1, megabytes: 150 },
  }),
  file({
    name: "stdout-full-reconcile-summary",
    input: "reconcile -o out.csv --json with standard output (the summary) on /dev/full",
    files: { "in.csv": sample, "rates.csv": rates },
    argv: [...OUT, "out.csv", "--json"],
    stdoutTo: "/dev/full",
    exitCode: 2,
    folderAfter: ["in.csv", "out.csv", "rates.csv"],
    stderr: [
      SAMPLE_ROW_12,
      '{"error":{"code":"STDOUT_WRITE","field":"output","message":"Cannot write standard output: the disk is full; nothing written there can be trusted to be whole."}}',
    ],
    stdout: [],
  }),
  file({
    name: "stdout-full-batch",
    input: "batch -o - --format jsonl with standard output on /dev/full",
    files: { "in.csv": sample },
    argv: ["batch", "in.csv", "-o", "-", "--format", "jsonl"],
    stdoutTo: "/dev/full",
    exitCode: 2,
    stderr: [SAMPLE_ROW_12.replace("reconcile", "batch"), "hudson-pilotage batch: Cannot write standard output: the disk is full; nothing written there can be trusted to be whole."],
    stdout: [],
  }),
  file({
    name: "stdout-full-quote-json",
    input: "quote --json with standard output on /dev/full",
    files: {},
    argv: ["quote", "--units", "200", "--section", "1", "--date", "2026-06-15", "--json"],
    stdoutTo: "/dev/full",
    exitCode: 2,
    stderr: ['{"error":{"code":"STDOUT_WRITE","field":"output","message":"Cannot write standard output: the disk is full; nothing written there can be trusted to be whole."}}'],
    stdout: [],
  }),
);
