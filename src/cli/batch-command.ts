import { BOARD_FEES, boardFeeNamesInWords, ChargeCode, Money, Quote } from "../engine";
import { Amount, ExactSum, ExcludedRows, exactText, exactUsd, MalformedRow, quoteRow, type ExcludedRowsSummary } from "../reconcile";
import { numericText, visibleText, type XlsxColumn, type XlsxSheetLayout } from "../workbook";
import { readFlags, refuseRepeatedValues } from "./args";
import { CliIo, UsageError } from "./io";
import { SETTINGS_HELP } from "../request/settings-flags";
import {
  BOARD_RATES_HELP,
  excludedNote,
  excludedText,
  feesNotPaidHelp,
  malformedText,
  MAP_HELP,
  openTableOutputs,
  originalCells,
  OutCell,
  prepareTableJob,
  runTableRows,
  tablePlaceJson,
  streamsHelp,
  summaryHeadLines,
  summaryOutput,
  TABLE_OPTIONS,
  TABLE_READING_HELP,
  TableJob,
  TableWriter,
  wrappedText,
} from "./table-files";
import { batchRowJson, inputKeys, rowInputJson, withLine } from "../request/row-json";

export const BATCH_HELP = `Usage: hudson-pilotage batch <in.csv|in.xlsx> -o out.csv|out.xlsx [--board-rates rates.csv]
                             [--map COLUMN=FIELD ...] [--force] [options]

Quotes many transits at once under N.Y. Navigation Law § 89-a: one quote per row. Each row is a
vessel and transit (pilotage units, or length, breadth and depth; section; date; optionally
hours, relieved at mid-river, anchored 8 hours); other columns are carried through.

${wrappedText(
  `Output (-o, required): the original columns first and unchanged, then the quote: units charged, clause, base pilotage, surcharge, second pilot, ${boardFeeNamesInWords()} fees, ` +
    `total, whether it is complete, its warnings, and, for a row that cannot be quoted, why. A line that does not apply is blank (no hours given: no second-pilot line${feesNotPaidHelp()}); ` +
    'a board amount not entered reads "not entered" and the quote is incomplete (its total leaves it out). CSV is streamed (any size) with formula-like text neutralised; ' +
    ".xlsx holds the amounts as numbers. An existing output file is never replaced unless --force is given.",
)}

Options:
  -o, --output FILE        the quotes (.csv, .xlsx or .jsonl; - for standard output)
  --format csv|xlsx|jsonl  what -o writes, when its name does not say (needed for -o - as JSON Lines)
  --board-rates FILE       the boards' fees and the surcharge board's table (format below)
${TABLE_READING_HELP}
  --force                  replace an existing output file
  --json                   print the summary as JSON
  --help                   this text

${streamsHelp("batch")}
${MAP_HELP}
${BOARD_RATES_HELP}
Settings (interpretations; defaults as documented in the README):
${SETTINGS_HELP}
Exit codes: 0 every row quoted; 1 rows that could not be quoted or were skipped as malformed
(each reported); 2 bad input (the files or options; one line on stderr).
`;

const LINE_COLUMNS: readonly { code: ChargeCode; header: string }[] = [
  { code: "base", header: "Quote base pilotage" },
  { code: "surcharge", header: "Quote surcharge" },
  { code: "second_pilot", header: "Quote second pilot" },
  ...BOARD_FEES.map((fee) => ({ code: fee.code, header: `Quote ${fee.what}` })),
];

const ADDED_COLUMNS: readonly XlsxColumn[] = [
  { header: "Quote units", kind: "number", numberFormat: "0.00" },
  { header: "Quote clause", width: 14 },
  ...LINE_COLUMNS.map((line): XlsxColumn => ({ header: line.header, kind: "money" })),
  { header: "Quote total", kind: "money" },
  { header: "Quote complete", kind: "boolean" },
  { header: "Quote warnings", width: 60 },
  { header: "Quote error", width: 60 },
  { header: "Input row", kind: "number" },
];

const NOT_ENTERED = "not entered";

function quoteCells(quote: Quote): OutCell[] {
  // Six decimals, as the engine reads units (a metric vessel's units have many more).
  const units = quote.units.measured ? quote.units.units.toDecimalPlaces(6).toFixed() : "500";
  const cells: OutCell[] = [numericText(units), quote.clause];
  for (const { code } of LINE_COLUMNS) {
    const line = quote.lines.find((l) => l.code === code);
    cells.push(line === undefined ? null : line.amountCents === null ? NOT_ENTERED : numericText(exactText(Amount.ofCents(line.amountCents))));
  }
  cells.push(numericText(exactText(Amount.ofCents(quote.totalCents))), quote.complete, quote.warnings.length > 0 ? quote.warnings.join(" | ") : null, null);
  return cells;
}

interface BatchSummary extends ExcludedRowsSummary {
  rows: number;
  /** Rows read: quoted + not quoted + excluded. */
  rowsRead: number;
  malformedRows: number;
  malformedRowNumbers: number[];
  malformedExamples: MalformedRow[];
  quoted: number;
  incomplete: number;
  notQuoted: number;
  /** The sum of the complete quotes' totals. */
  totalOfCompleteQuotes: string;
  allQuoted: boolean;
}

function batchText(job: TableJob, summary: BatchSummary): string {
  const count = (n: number) => n.toLocaleString("en-US");
  const lines = summaryHeadLines("batch", job);
  lines.push(
    "",
    `Rows:          ${count(summary.rows)}`,
    `Rows read:     ${count(summary.rowsRead)}`,
    `Malformed:     ${malformedText(summary.malformedRows, summary.malformedRowNumbers)}${summary.malformedRows > 0 ? ", skipped" : ""}`,
    `Excluded:      ${excludedText(summary)}`,
    `Quoted:        ${count(summary.quoted)}${summary.incomplete > 0 ? ` (${count(summary.incomplete)} incomplete: a board amount not entered)` : ""}`,
    `Not quoted:    ${count(summary.notQuoted)}${summary.notQuoted > 0 ? " (see the Quote error column)" : ""}`,
    `Counts:        ${count(summary.rowsRead)} read = ${count(summary.quoted)} quoted + ${count(summary.notQuoted)} not quoted + ${count(summary.rowsExcluded)} excluded`,
    `Total of the complete quotes: ${exactUsd(Amount.of(new Money(summary.totalOfCompleteQuotes)))}`,
    `Output:        ${job.outputPath}`,
  );
  // Cell text (headers, vessel names, notes) is shown with its control characters escaped.
  return lines.map(visibleText).join("\n") + "\n";
}

export async function runBatch(args: string[], io: CliIo): Promise<number> {
  const flags = readFlags({ args, strict: true, allowPositionals: true, options: TABLE_OPTIONS });
  refuseRepeatedValues(TABLE_OPTIONS, flags);
  const { values, positionals } = flags;
  if (values.help) {
    io.stdout(BATCH_HELP);
    return 0;
  }
  if (values.output === undefined) throw new UsageError("-o is required: the output for the quotes (.csv, .xlsx or .jsonl; - for standard output).", "output");
  const job = await prepareTableJob(values, positionals, "batch", io);
  const { input, plan } = job;
  const outputKind = job.outputKind ?? "csv";
  const original = input.header.map((header, index): XlsxColumn => (index === plan.column.date ? { header, kind: "date" } : { header }));
  const layout: XlsxSheetLayout = { name: "Quotes", columns: [...original, ...ADDED_COLUMNS] };
  const cellOptions = { inputKind: input.kind, outputKind: outputKind === "jsonl" ? "csv" : outputKind, dateColumn: plan.column.date, dateFormat: plan.dateFormat } as const;
  const outputs = await openTableOutputs(job, outputKind, () => layout, io);
  const keys = inputKeys(input.header);
  const excluded = new ExcludedRows();
  const malformedRowNumbers: number[] = [];
  const malformedExamples: MalformedRow[] = [];
  let rowsRead = 0;
  let quoted = 0;
  let incomplete = 0;
  const total = new ExactSum();
  await runTableRows("batch", job, outputs, io, {
    malformed(item) {
      malformedRowNumbers.push(item.rowNumber);
      if (malformedExamples.length < 100) malformedExamples.push(item);
    },
    async excluded(item, reason) {
      rowsRead += 1;
      excluded.add(item.rowNumber, reason);
      if (outputs.table === null) return;
      const cells: OutCell[] = [...new Array<OutCell>(ADDED_COLUMNS.length - 2).fill(null), excludedNote(reason)];
      await outputs.table.write([...originalCells(item, input.width, cellOptions), ...cells, item.rowNumber], item.rowNumber);
    },
    async row(item) {
      rowsRead += 1;
      const result = quoteRow(item.cells, plan);
      if (result.quote !== null) {
        quoted += 1;
        if (result.quote.complete) total.add(Amount.ofCents(result.quote.totalCents));
        else incomplete += 1;
      }
      if (outputs.jsonLines !== null) return outputs.jsonLines.write(withLine(batchRowJson(item.rowNumber, rowInputJson(keys, item.cells), result), item, input.kind));
      const cells: OutCell[] =
        result.quote !== null ? quoteCells(result.quote) : [...new Array<OutCell>(ADDED_COLUMNS.length - 2).fill(null), visibleText((result.error as { message: string }).message)];
      await (outputs.table as TableWriter).write([...originalCells(item, input.width, cellOptions), ...cells, item.rowNumber], item.rowNumber);
    },
  });
  const summary: BatchSummary = {
    rows: rowsRead + malformedRowNumbers.length,
    rowsRead,
    malformedRows: malformedRowNumbers.length,
    malformedRowNumbers,
    malformedExamples,
    ...excluded.summary(),
    quoted,
    incomplete,
    notQuoted: rowsRead - quoted - excluded.count,
    totalOfCompleteQuotes: exactText(total.value),
    allQuoted: quoted === rowsRead - excluded.count && malformedRowNumbers.length === 0,
  };
  const report = summaryOutput(job, io);
  if (values.json) {
    report(JSON.stringify({ input: input.path, output: job.outputPath, boardRates: job.boardRatesPath, table: tablePlaceJson(input.place), notes: [...input.readingNotes, ...job.mapping.notes], summary }, null, 2) + "\n");
  } else {
    report(batchText(job, summary));
  }
  return summary.allQuoted ? 0 : 1;
}
