/**
 * The bad-input catalogue's files: hostile or damaged input files (and output paths) for the
 * `reconcile` and `batch` commands, and exactly what a user is told. Data, plus the small
 * generators that make the files. file-cases.test.ts runs every case through the built binary
 * (bin/hudson-pilotage.js) in a fresh folder; README.md lists them (see readme.ts).
 */
import fs from "node:fs";
import path from "node:path";

export interface FileCase {
  name: string;
  surface: "file";
  /** What is wrong with the input, for the README. */
  input: string;
  /** Files to create in the run's folder: their bytes, text (UTF-8) or a function making either. */
  files: Record<string, string | Buffer | (() => string | Buffer)>;
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
}

const SAMPLE_INVOICES = path.resolve(__dirname, "../../docs/sample-invoices.csv");
const SAMPLE_RATES = path.resolve(__dirname, "../../docs/sample-board-rates.csv");

/** docs/sample-invoices.csv: a header and 20 invoices; line 12 (MV "WEST POINT") is malformed on purpose. */
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
const RECONCILE = ["reconcile", "in.csv", "--board-rates", "rates.csv"];
const SAMPLE_ROW_12 = 'hudson-pilotage reconcile: row 12 skipped: field 2 has a quote character inside a value that does not start with a quote (line 12)';

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
    stdout: ["Rows read:     18", "Malformed:     2 (rows 3, 12), skipped", "Rows flagged:  5", expectLine("  row 16 (MV NEWBURGH): ")],
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
    exitCode: 2,
    stderr: [
      'hudson-pilotage reconcile: "in.csv" is not UTF-8 text: line 5 has the byte 0xD6 ("Ö" in Windows-1252/Latin-1, as Excel\'s plain "CSV (Comma delimited)" saves it). Save the file as "CSV UTF-8 (Comma delimited)", or convert it (iconv -f windows-1252 -t utf-8), and run again.',
    ],
    stdout: [],
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
    input: "the sample with tabs for commas (Excel's \"Unicode Text\")",
    files: { "in.csv": () => sampleLines().map((line) => line.replace(/,/g, "\t")).join("\n") + "\n", "rates.csv": rates },
    argv: RECONCILE,
    exitCode: 2,
    stderr: ['hudson-pilotage reconcile: "in.csv" is separated by tabs, not commas (Excel\'s "Unicode Text"): save it as "CSV UTF-8 (Comma delimited)" and run again.'],
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

/** A stdout line given by its start only (the rest is the row's working, covered elsewhere). */
function expectLine(start: string): string {
  return `${start}…`;
}
