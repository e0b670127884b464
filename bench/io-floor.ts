/**
 * The I/O floor of a reconcile, run as its own process by bench/reconcile-floor.ts:
 *   node dist-node/bench/io-floor.js <in.csv> <out.csv> <columns>
 * reads the CSV with csv-parse and writes every record back with `columns` fields (its own
 * fields, repeated to fill the width, quoted where needed, CRLF), as one stream pipeline: the
 * plain way to use csv-parse. No pilotage is computed: this is what any program that reads and
 * writes such a file must pay.
 */
import { parse } from "csv-parse";
import fs from "node:fs";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

const NEEDS_QUOTES = /[",\r\n]/;

function field(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function copyWithWidth(inputPath: string, outputPath: string, columns: number): Promise<number> {
  let records = 0;
  const widen = new Transform({
    writableObjectMode: true,
    transform(record: string[], _encoding, done) {
      const fields: string[] = new Array(columns);
      for (let column = 0; column < columns; column++) fields[column] = field(record[column % record.length]);
      records += 1;
      done(null, fields.join(",") + "\r\n");
    },
  });
  await pipeline(fs.createReadStream(inputPath), parse({ bom: true, relax_column_count: true }), widen, fs.createWriteStream(outputPath));
  return records;
}

if (require.main === module) {
  const [inputPath, outputPath, columns] = process.argv.slice(2);
  copyWithWidth(inputPath, outputPath, Number(columns)).then(
    (records) => process.stdout.write(`${records}\n`),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
