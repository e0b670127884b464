import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { InputFileError } from "../../src/workbook/errors";
import { isCsvRowError, readCsvRows, type CsvItem, type CsvReadOptions } from "../../src/workbook/csv";
import { useTempFolder } from "./temp-folder";

/** All items from CSV text, fed to the reader in the given chunks of bytes. */
async function readAll(chunks: Buffer[] | string, options?: CsvReadOptions): Promise<CsvItem[]> {
  const source = Readable.from(typeof chunks === "string" ? [Buffer.from(chunks, "utf8")] : chunks);
  const items: CsvItem[] = [];
  for await (const item of readCsvRows(source, options)) items.push(item);
  return items;
}

function rowsOf(items: CsvItem[]) {
  return items.filter((item) => !isCsvRowError(item));
}

function errorsOf(items: CsvItem[]) {
  return items.filter(isCsvRowError);
}

describe("readCsvRows: well-formed input", () => {
  const folder = useTempFolder();

  test("header is row 1; quoted commas, doubled quotes and line breaks stay inside their field", async () => {
    const text = [
      "vessel,note,billed",
      '"Sea Star, Ltd","said ""hello""",1234.56',
      '"Two\nLines","a\r\nb",-12.50',
      "Plain,,0",
    ].join("\n");
    const items = await readAll(text);
    expect(items).toEqual([
      { rowNumber: 1, cells: ["vessel", "note", "billed"] },
      { rowNumber: 2, cells: ["Sea Star, Ltd", 'said "hello"', "1234.56"] },
      // One record over two physical lines is still one row: the next row is 4.
      { rowNumber: 3, cells: ["Two\nLines", "a\r\nb", "-12.50"] },
      { rowNumber: 4, cells: ["Plain", "", "0"] },
    ]);
  });

  test("a UTF-8 byte order mark is not part of the first header", async () => {
    const items = await readAll("\uFEFFvessel,units\nNordström,192.16\n");
    expect(items).toEqual([
      { rowNumber: 1, cells: ["vessel", "units"] },
      { rowNumber: 2, cells: ["Nordström", "192.16"] },
    ]);
  });

  test("CRLF, LF, CR and a mixture of them give the same rows, with no stray carriage returns", async () => {
    const expected = [
      { rowNumber: 1, cells: ["a", "b"] },
      { rowNumber: 2, cells: ["1", "2"] },
      { rowNumber: 3, cells: ["3", "4"] },
    ];
    expect(await readAll("a,b\r\n1,2\r\n3,4\r\n")).toEqual(expected);
    expect(await readAll("a,b\n1,2\n3,4\n")).toEqual(expected);
    expect(await readAll("a,b\r1,2\r3,4\r")).toEqual(expected);
    expect(await readAll("a,b\r\n1,2\n3,4\r")).toEqual(expected);
  });

  test("blank lines are counted as rows but not yielded, so later row numbers match a spreadsheet's", async () => {
    const items = await readAll("a,b\n\n1,2\n\n\n3,4\n");
    expect(items).toEqual([
      { rowNumber: 1, cells: ["a", "b"] },
      { rowNumber: 3, cells: ["1", "2"] },
      { rowNumber: 6, cells: ["3", "4"] },
    ]);
  });

  test("reads from a file path", async () => {
    const file = path.join(folder(), "in.csv");
    await fs.promises.writeFile(file, "\uFEFFa,b\r\n1,2\r\n");
    const items: CsvItem[] = [];
    for await (const item of readCsvRows(file)) items.push(item);
    expect(items).toEqual([
      { rowNumber: 1, cells: ["a", "b"] },
      { rowNumber: 2, cells: ["1", "2"] },
    ]);
  });

  test("leaving the loop early stops reading without error", async () => {
    const file = path.join(folder(), "in.csv");
    await fs.promises.writeFile(file, "a,b\n" + "1,2\n".repeat(100_000));
    let seen = 0;
    for await (const item of readCsvRows(file)) {
      expect(isCsvRowError(item)).toBe(false);
      seen += 1;
      if (seen === 3) break;
    }
    expect(seen).toBe(3);
  });

  test("however the bytes are split into chunks (BOM, CRLF and multi-byte characters cut in half), the rows are the same", async () => {
    const text = '\uFEFFname,note\r\n"Ærø, €5","x\r\ny ""q"""\r\nZoë 🚢,plain\r\n';
    const whole = await readAll(text);
    expect(whole).toHaveLength(3);
    const bytes = Buffer.from(text, "utf8");
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), async (cuts) => {
        const edges = [0, ...cuts.sort((x, y) => x - y), bytes.length];
        const chunks = edges.slice(1).map((end, index) => bytes.subarray(edges[index], end));
        expect(await readAll(chunks)).toEqual(whole);
      }),
    );
  });
});

describe("readCsvRows: malformed rows are reported with their row number and the rest is read", () => {
  test("wrong field counts, stray quotes and an unclosed quote at the end", async () => {
    const text = [
      "vessel,billed", // 1
      "Alpha,100", // 2
      "Bravo,200,extra", // 3: three fields
      "Charlie", // 4: one field
      'Delta 5" chain,300', // 5: quote inside an unquoted value
      'Echo 1" and 2" pipe,400', // 6: two stray quotes, still one bad row
      'Fox 3",500', // 7: consecutive bad rows keep separate numbers
      "", // 8: blank
      '"Golf\nHotel",600', // 9-10 on disk, row 9
      "India,700", // row 10
      '"Juliet,800', // row 11: quote never closed before the end of the file
    ].join("\n");
    const items = await readAll(text);
    expect(rowsOf(items)).toEqual([
      { rowNumber: 1, cells: ["vessel", "billed"] },
      { rowNumber: 2, cells: ["Alpha", "100"] },
      { rowNumber: 9, cells: ["Golf\nHotel", "600"] },
      { rowNumber: 10, cells: ["India", "700"] },
    ]);
    expect(errorsOf(items)).toEqual([
      { rowNumber: 3, error: "has 3 fields; the header has 2" },
      { rowNumber: 4, error: "has 1 field; the header has 2" },
      { rowNumber: 5, error: "field 1 has a quote character inside a value that does not start with a quote (line 5)" },
      { rowNumber: 6, error: "field 1 has a quote character inside a value that does not start with a quote (line 6)" },
      { rowNumber: 7, error: "field 1 has a quote character inside a value that does not start with a quote (line 7)" },
      { rowNumber: 11, error: "a quoted field in this row is never closed before the end of the file (line 12)" },
    ]);
    // Items come out in file order, errors between the rows around them.
    expect(items.map((item) => item.rowNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10, 11]);
  });

  test("a closing quote followed by text: csv-parse stays in the quoted field, so the row absorbs lines up to the next closing quote", async () => {
    const text = ["a,b", '"Kilo"x,1', "Lima,2", '"Mike",3', "November,4"].join("\n");
    const items = await readAll(text);
    expect(items).toEqual([
      { rowNumber: 1, cells: ["a", "b"] },
      {
        rowNumber: 2,
        error:
          "field 1 has a closing quote that is not followed by a comma or the end of the line; the text up to the next closing quote was taken as part of this row (line 2)",
      },
      // "Lima,2" and the opening quote of "Mike" were swallowed into row 2; reading resumes after.
      { rowNumber: 3, cells: ["November", "4"] },
    ]);
  });

  test("identical bad rows in a row are each counted", async () => {
    const items = await readAll('a,b\nx"y,1\nx"y,1\nx"y,1\n2,3\n');
    expect(items.map((item) => [item.rowNumber, isCsvRowError(item)])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, true],
      [5, false],
    ]);
  });
});

describe("readCsvRows: unreadable input throws InputFileError", () => {
  const folder = useTempFolder();

  test("a missing file names the file", async () => {
    const missing = path.join(folder(), "nope.csv");
    const read = async () => {
      for await (const item of readCsvRows(missing)) void item;
    };
    await expect(read()).rejects.toThrow(InputFileError);
    await expect(read()).rejects.toThrow(`Cannot read ${JSON.stringify(missing)}: no such file`);
  });

  test("a record longer than the limit stops reading, naming the row and the line", async () => {
    const text = 'a,b\n1,2\n"runaway quote,3\n4,5\n6,7\n';
    const read = () => readAll(text, { maxRecordChars: 12 });
    await expect(read()).rejects.toThrow(InputFileError);
    await expect(read()).rejects.toThrow(
      '"CSV input" row 3: the record is longer than 12 characters at line 3; a quoted field is probably never closed. Reading stopped.',
    );
  });
});

describe("readCsvRows: streams with bounded memory", () => {
  const rowsPerChunk = 1_000;
  const chunkCount = 1_000;

  function rowText(i: number): string {
    return `"Vessel ${i}, Ltd",${200 + (i % 50)}.5,32.25,12,lower,2026-06-15,${1000 + (i % 97)}.25\n`;
  }

  /** A 1,000,000-row CSV made on demand, counting how many chunks the reader has pulled. */
  function lazyCsv() {
    const progress = { chunksPulled: 0 };
    function* generate() {
      yield "vessel,length,breadth,depth,section,date,billed\n";
      for (let chunk = 0; chunk < chunkCount; chunk += 1) {
        progress.chunksPulled += 1;
        let text = "";
        for (let i = chunk * rowsPerChunk; i < (chunk + 1) * rowsPerChunk; i += 1) text += rowText(i);
        yield text;
      }
    }
    return { source: Readable.from(generate()), progress };
  }

  test("the reader pulls input only as fast as rows are consumed", async () => {
    const { source, progress } = lazyCsv();
    const rows = readCsvRows(source);
    const first = await rows.next();
    expect(first.value).toEqual({ rowNumber: 1, cells: ["vessel", "length", "breadth", "depth", "section", "date", "billed"] });
    // Give the streams every chance to run ahead while the consumer is paused.
    for (let tick = 0; tick < 50; tick += 1) await new Promise<void>((resolve) => setImmediate(resolve));
    // Stream buffers allow a few dozen chunks ahead, never the file: memory is bounded by
    // buffer sizes, not by the 1,000,000 rows (a million-row run is in the benchmark).
    expect(progress.chunksPulled).toBeLessThan(40);
    await rows.return(undefined);
  });

  test("100,000 rows come through complete and numbered", async () => {
    const { source } = lazyCsv();
    const rowLimit = 100_000;
    let count = 0;
    let last: CsvItem | undefined;
    for await (const item of readCsvRows(source)) {
      count += 1;
      last = item;
      if (count === rowLimit + 1) break;
    }
    expect(last).toEqual({
      rowNumber: rowLimit + 1,
      cells: [`Vessel ${rowLimit - 1}, Ltd`, "249.5", "32.25", "12", "lower", "2026-06-15", `${1000 + ((rowLimit - 1) % 97)}.25`],
    });
  });
});
