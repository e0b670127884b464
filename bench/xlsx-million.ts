/**
 * Issue 19 item 2: reading and writing a full sheet (1,048,575 data rows under a header) of .xlsx
 * in bounded memory. Two child processes, each with the peak-memory probe (bench/peak-memory-probe.cjs, through runChild):
 *   1. write: the generated invoices (bench/reconcile.ts) written as a 1,048,576-row workbook by
 *      XlsxStreamWriter, as the CLI writes its outputs;
 *   2. reconcile: `hudson-pilotage reconcile invoices.xlsx -o checked.xlsx`, the built binary
 *      reading that workbook through xlsx-read.ts and writing the reconciled workbook.
 * Goal: each under 500 MB peak RSS. Run alone: node dist-node/bench/xlsx-million.js.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isCsvRowError, readCsvRows } from "../src/workbook/csv";
import { XlsxStreamWriter } from "../src/workbook/xlsx";
import { binary, runChild, writeInvoices } from "./reconcile";

export interface XlsxMillionResult {
  rows: number;
  writeSeconds: number;
  writePeakMb: number;
  reconcileSeconds: number;
  reconcilePeakMb: number;
  outputBytes: number;
}

const BOARD_RATES = ["table,from,a,b,c", "fees,2015-01-01,285.00,42.00,118.00", "surcharge,2020-11-20,300.00,360.00,3.60"].join("\n") + "\n";
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The invoices CSV as a workbook: numbers as numbers, the rest as text (the malformed lines left out). */
async function csvToWorkbook(csvFile: string, xlsxFile: string): Promise<number> {
  let writer: XlsxStreamWriter | undefined;
  let rows = 0;
  for await (const item of readCsvRows(csvFile)) {
    if (isCsvRowError(item)) continue;
    if (writer === undefined) {
      writer = await XlsxStreamWriter.open(xlsxFile, { name: "Invoices", columns: item.cells.map((header) => ({ header })) });
      continue;
    }
    await writer.write(item.cells.map((cell) => (PLAIN_NUMBER.test(cell) ? Number(cell) : cell)));
    rows += 1;
  }
  await writer?.close();
  return rows;
}

export async function measureXlsxMillion(rows = Number(process.env.BENCH_XLSX_ROWS ?? 1_048_575)): Promise<XlsxMillionResult> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), "hudson-xlsx-bench-"));
  try {
    // Malformed lines (one in 100,000) are dropped on the way to the workbook: generate that many more.
    const malformed = Math.floor(rows / 99_999);
    await writeInvoices(path.join(folder, "invoices.csv"), rows + malformed);
    await fs.promises.writeFile(path.join(folder, "rates.csv"), BOARD_RATES);
    const write = await runChild([__filename, "--write", "invoices.csv", "invoices.xlsx"], folder);
    if (write.code !== 0) throw new Error(`writing the workbook exited ${write.code}: ${write.stderr}`);
    const written = Number(write.stdout.trim());
    const writePeakMb = write.peakMb;
    const reconcile = await runChild([binary(), "reconcile", "invoices.xlsx", "-o", "checked.xlsx", "--board-rates", "rates.csv", "--json"], folder);
    if (reconcile.code !== 1) throw new Error(`reconcile exited ${reconcile.code}: ${reconcile.stderr.split("\n")[0]}`);
    const summary = JSON.parse(reconcile.stdout).summary as { rows: number; rowsRead: number };
    if (summary.rowsRead !== written) throw new Error(`reconcile read ${summary.rowsRead} rows of the ${written} written`);
    return {
      rows: written,
      writeSeconds: write.seconds,
      writePeakMb,
      reconcileSeconds: reconcile.seconds,
      reconcilePeakMb: reconcile.peakMb,
      outputBytes: (await fs.promises.stat(path.join(folder, "checked.xlsx"))).size,
    };
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const [flag, csvFile, xlsxFile] = process.argv.slice(2);
  if (flag === "--write") {
    csvToWorkbook(csvFile, xlsxFile).then(
      (rows) => process.stdout.write(`${rows}\n`),
      (error) => {
        console.error(error);
        process.exitCode = 1;
      },
    );
  } else {
    measureXlsxMillion().then(
      (r) =>
        console.log(
          `xlsx, ${r.rows.toLocaleString("en-US")} data rows: write ${r.writeSeconds.toFixed(1)} s, peak ${r.writePeakMb.toFixed(0)} MB; ` +
            `reconcile .xlsx → .xlsx ${r.reconcileSeconds.toFixed(1)} s, peak ${r.reconcilePeakMb.toFixed(0)} MB (output ${(r.outputBytes / 1e6).toFixed(0)} MB)`,
        ),
      (error) => {
        console.error(error);
        process.exitCode = 1;
      },
    );
  }
}
