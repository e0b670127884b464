import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { InputFileError } from "../../src/workbook/errors";
import { isCsvRowError, readCsvRows, type CsvItem, type CsvReadOptions, type CsvRow } from "../../src/workbook/csv";
import { useTempFolder } from "./temp-folder";

/** All items from CSV text, fed to the reader in the given chunks of bytes. */
async function readAll(chunks: Buffer[] | string, options?: CsvReadOptions): Promise<CsvItem[]> {
  const source = Readable.from(typeof chunks === "string" ? [Buffer.from(chunks, "utf8")] : chunks);
  const items: CsvItem[] = [];
  for await (const item of readCsvRows(source, options)) items.push(item);
  return items;
}

function rowsOf(items: CsvItem[]): CsvRow[] {
  return items.filter((item): item is CsvRow => !isCsvRowError(item));
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
      // One record over three physical lines is still one row: the next row is 4, on line 6.
      { rowNumber: 3, cells: ["Two\nLines", "a\r\nb", "-12.50"] },
      { rowNumber: 4, line: 6, cells: ["Plain", "", "0"] },
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

describe("readCsvRows: quotes as Excel reads them (only a field's first character opens a quoted value)", () => {
  test("a quote inside an unquoted field is a literal character: lengths in feet and inches, a name in quotes, coordinates", async () => {
    const text = [
      "vessel,length,note", // 1
      `MV "WEST POINT",600' 6",ok`, // 2: quotes inside, one at the end of a field
      `TUG 5" LINE,42' 0",a"b"c`, // 3
      `Modesto,37°36'37.8"N 121°2'17.9"W,x"y`, // 4: csv-spectrum's location_coordinates case, in our own words
      `"quoted, with a comma","600' 6""",""`, // 5: the same inch mark in a quoted field, doubled
    ].join("\r\n");
    expect(await readAll(text)).toEqual([
      { rowNumber: 1, cells: ["vessel", "length", "note"] },
      { rowNumber: 2, cells: ['MV "WEST POINT"', `600' 6"`, "ok"] },
      { rowNumber: 3, cells: ['TUG 5" LINE', `42' 0"`, 'a"b"c'] },
      { rowNumber: 4, cells: ["Modesto", `37°36'37.8"N 121°2'17.9"W`, 'x"y'] },
      { rowNumber: 5, cells: ["quoted, with a comma", `600' 6"`, ""] },
    ]);
  });

  test("a comma or a line break still ends an unquoted field that holds a quote", async () => {
    // x"y,z"w is two fields (LibreOffice 7.4 reads it so too), not one quoted value "y,z".
    expect(await readAll('a,b\nx"y,z"w\n5",6"\n')).toEqual([
      { rowNumber: 1, cells: ["a", "b"] },
      { rowNumber: 2, cells: ['x"y', 'z"w'] },
      { rowNumber: 3, cells: ['5"', '6"'] },
    ]);
  });

  test("white space before a quote makes it literal, as in Excel and RFC 4180 (LibreOffice skips spaces there): the field count then tells", async () => {
    expect(await readAll('a,b\n1, "x"\n2,\t"y"\n3, "p,q"\n')).toEqual([
      { rowNumber: 1, cells: ["a", "b"] },
      { rowNumber: 2, cells: ["1", ' "x"'] },
      { rowNumber: 3, cells: ["2", '\t"y"'] },
      // Excel reads ' "p' and 'q"': three fields where the header has two, reported, never a guess.
      { rowNumber: 4, error: "has 3 fields; the header has 2" },
    ]);
  });

  test("a quote opening a line and never closed costs that line only, bare quotes before and after it read as they are", async () => {
    const items = await readAll(['a,b', '6",7"', '"', 'c,d', '8" x,9'].join("\n"));
    // Line 3 is one field that opens a quote never closed: that line alone; 'c,d' and what follows are read.
    expect(items).toEqual([
      { rowNumber: 1, cells: ["a", "b"] },
      { rowNumber: 2, cells: ['6"', '7"'] },
      { rowNumber: 3, error: "field 1 opens a quote that is not closed properly on its line (line 3)" },
      { rowNumber: 4, cells: ["c", "d"] },
      { rowNumber: 5, cells: ['8" x', "9"] },
    ]);
  });

  test("the limit inherent to CSV: a stray quote closed by a bare quote right before a comma, with the field count fitting, makes one record, as Excel reads it", async () => {
    // Line 2's quote is never closed on its line; the next quote in the file is line 3's, and a
    // comma follows it, so lines 2-3 are one valid record of two fields. Line 4 is read as itself.
    expect(await readAll(['a,b', '"open,1', 'x 6",2', 'c,d'].join("\n"))).toEqual([
      { rowNumber: 1, cells: ["a", "b"] },
      { rowNumber: 2, cells: ["open,1\nx 6", "2"] },
      { rowNumber: 3, line: 4, cells: ["c", "d"] },
    ]);
  });
});

describe("readCsvRows: malformed rows are reported with their row number and the rest is read", () => {
  test("wrong field counts, stray quotes and an unclosed quote at the end", async () => {
    const text = [
      "vessel,billed", // 1
      "Alpha,100", // 2
      "Bravo,200,extra", // 3: three fields
      "Charlie", // 4: one field, filled: a line given as it is, for the caller to name or report
      '"Delta" 5,300', // 5: text after a closing quote
      '"Echo"",400', // 6: a doubled quote, then the line ends inside the quoted value: never closed on its line
      '"Fox"x",500', // 7: consecutive bad rows keep separate numbers
      "", // 8: blank
      '"Golf\nHotel",600', // 9-10 on disk, row 9
      "India,700", // row 10
      '"Juliet,800', // row 11: quote never closed before the end of the file
    ].join("\n");
    const items = await readAll(text);
    expect(rowsOf(items)).toEqual([
      { rowNumber: 1, cells: ["vessel", "billed"] },
      { rowNumber: 2, cells: ["Alpha", "100"] },
      { rowNumber: 4, cells: ["Charlie"] },
      { rowNumber: 9, cells: ["Golf\nHotel", "600"] },
      { rowNumber: 10, line: 11, cells: ["India", "700"] },
    ]);
    expect(errorsOf(items)).toEqual([
      { rowNumber: 3, error: "has 3 fields; the header has 2" },
      { rowNumber: 5, error: "field 1 has text after its closing quote; a value with quotes in it must be quoted whole, each inner quote doubled (line 5)" },
      { rowNumber: 6, error: "field 1 opens a quote that is not closed properly on its line (line 6)" },
      { rowNumber: 7, error: "field 1 has text after its closing quote; a value with quotes in it must be quoted whole, each inner quote doubled (line 7)" },
      { rowNumber: 11, line: 12, error: "field 1 opens a quote that is never closed before the end of the file (line 12)" },
    ]);
    // Items come out in file order, errors between the rows around them.
    expect(items.map((item) => item.rowNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10, 11]);
  });

  test("a closing quote followed by text costs its own line only; the lines after it keep their rows and numbers", async () => {
    const text = ["a,b", '"Kilo"x,1', "Lima,2", '"Mike",3', "November,4"].join("\n");
    const items = await readAll(text);
    expect(items).toEqual([
      { rowNumber: 1, cells: ["a", "b"] },
      { rowNumber: 2, error: "field 1 has text after its closing quote; a value with quotes in it must be quoted whole, each inner quote doubled (line 2)" },
      { rowNumber: 3, cells: ["Lima", "2"] },
      { rowNumber: 4, cells: ["Mike", "3"] },
      { rowNumber: 5, cells: ["November", "4"] },
    ]);
  });

  test("docs/sample-invoices.csv with line 3's vessel written \"MT ALBANY\" SPIRIT: line 3 alone is reported, every other row keeps its number", async () => {
    const sample = await fs.promises.readFile(path.resolve(__dirname, "../../docs/sample-invoices.csv"), "utf8");
    const lines = sample.split(/\r?\n/);
    expect(lines[2]).toContain(",MT ALBANY SPIRIT,");
    lines[2] = lines[2].replace("MT ALBANY SPIRIT", '"MT ALBANY" SPIRIT');
    const items = await readAll(lines.join("\n"));
    // 21 lines on disk: the header, then 20 invoices. Line 12 is the sample's own malformed
    // invoice (a quote opened before MV WEST POINT and never closed), so 19 are read as shipped;
    // with line 3 broken too, 18 are read and lines 3 and 12 reported.
    expect(errorsOf(items)).toEqual([
      { rowNumber: 3, error: "field 2 has text after its closing quote; a value with quotes in it must be quoted whole, each inner quote doubled (line 3)" },
      { rowNumber: 12, error: "field 2 opens a quote that is not closed properly on its line (line 12)" },
    ]);
    const rows = rowsOf(items) as { rowNumber: number; cells: string[] }[];
    expect(rows.map((row) => row.rowNumber)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    // Each row is its own line of the file, cell for cell.
    for (const row of rows) expect(row.cells.join(",")).toBe(lines[row.rowNumber - 1]);
  });

  test("a quote opened and never properly closed costs only its own line, wherever the record then fails", async () => {
    const text = [
      "a,b,c", // 1
      '1,"open,2', // 2: the quote runs on to line 3's quote, then text follows it
      '3,"x",4', // 3
      "5,6,7", // 4
      '8,"multi', // 5: a proper multi-line field, lines 5-6
      'line",9', // 6
      '10,"runs to the end,11', // 7: never closed, no quote after it
      "12,13,14", // 8
    ].join("\n");
    expect(await readAll(text)).toEqual([
      { rowNumber: 1, cells: ["a", "b", "c"] },
      { rowNumber: 2, error: "field 2 opens a quote that is not closed properly on its line (line 2)" },
      { rowNumber: 3, cells: ["3", "x", "4"] },
      { rowNumber: 4, cells: ["5", "6", "7"] },
      { rowNumber: 5, cells: ["8", "multi\nline", "9"] },
      { rowNumber: 6, line: 7, error: "field 2 opens a quote that is not closed properly on its line (line 7)" },
      { rowNumber: 7, line: 8, cells: ["12", "13", "14"] },
    ]);
  });

  test("a multi-line record with the wrong field count gives up its first line only", async () => {
    const text = ["a,b", '"one\ntwo",x,y', "c,d"].join("\n");
    expect(await readAll(text)).toEqual([
      { rowNumber: 1, cells: ["a", "b"] },
      { rowNumber: 2, error: "field 1 opens a quote that is not closed properly on its line (line 2)" },
      // 'two",x,y' on its own: three fields, the quote in the first a literal character.
      { rowNumber: 3, error: "has 3 fields; the header has 2" },
      { rowNumber: 4, cells: ["c", "d"] },
    ]);
  });

  test("identical bad rows in a row are each counted", async () => {
    const items = await readAll('a,b\n"x"y,1\n"x"y,1\n"x"y,1\n2,3\n');
    expect(items.map((item) => [item.rowNumber, isCsvRowError(item)])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, true],
      [5, false],
    ]);
  });
});

describe("readCsvRows: a line of one filled field, wherever it falls, is given as it is, never a broken row hidden", () => {
  const table = ["vessel,units,billed", "Alpha,40,1716.08", "Bravo,40,1716.08"];

  test("after the table and between its rows: rows of their fields (blank lines aside), in any chunks", async () => {
    const text = [table[0], table[1], "Page 1 of 2", "", table[2], "Printed 12/06/26 14:02 by J. Smith", "", "Page 2 of 2,,", "- 2 -", ""].join("\r\n");
    const want = [
      { rowNumber: 1, cells: ["vessel", "units", "billed"] },
      { rowNumber: 2, cells: ["Alpha", "40", "1716.08"] },
      { rowNumber: 3, cells: ["Page 1 of 2"] },
      { rowNumber: 5, cells: ["Bravo", "40", "1716.08"] },
      { rowNumber: 6, cells: ["Printed 12/06/26 14:02 by J. Smith"] },
      { rowNumber: 8, cells: ["Page 2 of 2", "", ""] },
      { rowNumber: 9, cells: ["- 2 -"] },
    ];
    expect(await readAll(text)).toEqual(want);
    const bytes = Buffer.from(text, "utf8");
    expect(await readAll([...bytes].map((byte) => Buffer.from([byte])))).toEqual(want);
  });

  test("each the malformed row it is: two filled fields, more fields than the header, a line the end of the file cut short", async () => {
    // An invoice cut after its vessel: two filled fields.
    expect(errorsOf(await readAll([...table, "Charlie,40", ""].join("\n")))).toEqual([{ rowNumber: 4, error: "has 2 fields; the header has 3" }]);
    // No line break after it: the end of the file may have cut a record short.
    expect(errorsOf(await readAll([...table, "Charlie"].join("\n")))).toEqual([{ rowNumber: 4, error: "has 1 field; the header has 3" }]);
    // A line with more fields than the header is never such a line.
    expect(errorsOf(await readAll([...table, "End of report,,,", ""].join("\n")))).toEqual([{ rowNumber: 4, error: "has 4 fields; the header has 3" }]);
  });

  test("any number of them, each given once, and the rows after them read", async () => {
    const notes = Array.from({ length: 25 }, (_, i) => `Note ${i + 1}`);
    const items = await readAll([...table, ...notes, "Charlie,40,1716.08", ""].join("\n"));
    expect(errorsOf(items)).toEqual([]);
    expect(rowsOf(items).map((item) => item.rowNumber)).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
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

  test("a not-UTF-8 byte (Windows-1252 é) in a file that has read as ASCII so far: the file is Windows-1252, and the caller is told", async () => {
    const bytes = Buffer.concat([Buffer.from("vessel,units\nAlpha,1\nCaf"), Buffer.from([0xe9]), Buffer.from(",2\n")]);
    const told: string[] = [];
    const rows: CsvItem[] = [];
    for await (const item of readCsvRows(Readable.from([bytes]), { onEncoding: (encoding) => told.push(encoding) })) rows.push(item);
    expect(rows).toEqual([
      { rowNumber: 1, cells: ["vessel", "units"] },
      { rowNumber: 2, cells: ["Alpha", "1"] },
      { rowNumber: 3, cells: ["Café", "2"] },
    ]);
    expect(told).toEqual(["windows-1252"]);
    // Forced (--encoding windows-1252): the same text; "€" is 0x80 in Windows-1252, not Latin-1's control character.
    const euro: CsvItem[] = [];
    for await (const item of readCsvRows(Readable.from([Buffer.from([0x61, 0x2c, 0x80, 0x0a])]), { encoding: "windows-1252" })) euro.push(item);
    expect(euro).toEqual([{ rowNumber: 1, cells: ["a", "€"] }]);
  });

  test("UTF-8 asked for (--encoding utf-8), or UTF-8 text seen before the bad byte: refused, naming the line and the way to save the file, never U+FFFD", async () => {
    const bytes = Buffer.concat([Buffer.from("vessel,units\nAlpha,1\nCaf"), Buffer.from([0xe9]), Buffer.from(",2\n")]);
    const read = async (source: Buffer, options: CsvReadOptions) => {
      for await (const item of readCsvRows(Readable.from([source]), options)) void item;
    };
    await expect(read(bytes, { encoding: "utf-8" })).rejects.toThrow(
      '"CSV input" is not UTF-8 text: line 3 has the byte 0xE9 ("é" in Windows-1252/Latin-1, as Excel\'s plain "CSV (Comma delimited)" saves it). Save the file as "CSV UTF-8 (Comma delimited)", or convert it (iconv -f windows-1252 -t utf-8), and run again.',
    );
    // "Ærø" in UTF-8 on line 2, then a lone 0xE9: a damaged UTF-8 file, not Windows-1252.
    const mixed = Buffer.concat([Buffer.from("vessel\nÆrø\nCaf"), Buffer.from([0xe9]), Buffer.from("\n")]);
    await expect(read(mixed, {})).rejects.toThrow("is not UTF-8 text: line 3 has the byte 0xE9");
    // The reader chose UTF-8 itself there, so it names the way to read a Windows-1252 file whose first
    // letters only looked like UTF-8 ("Ö…" is D6 85 in Windows-1252, a UTF-8 character too).
    const lookalike = Buffer.concat([Buffer.from("vessel\n"), Buffer.from([0xd6, 0x85]), Buffer.from("\nCaf"), Buffer.from([0xe9]), Buffer.from("\n")]);
    await expect(read(lookalike, {})).rejects.toThrow("If the whole file was saved as Windows-1252 (its earlier letters only looked like UTF-8), read it so with --encoding windows-1252.");
    await expect(read(bytes, { encoding: "utf-8" })).rejects.not.toThrow("--encoding windows-1252");
  });

  test("a file cut inside a UTF-8 character is refused when UTF-8 is asked for", async () => {
    await expect(readAll([Buffer.from([0x61, 0x0a, 0xc3])], { encoding: "utf-8" })).rejects.toThrow("is not UTF-8 text: line 2 has the byte 0xC3");
  });

  test("semicolons inside comma-separated cells are read as text, not taken for the separator", async () => {
    const text = 'vessel,notes,units\nAlpha,"a; b; c; d",1\nBeta,"e; f; g; h",2\n';
    const rows = [];
    for await (const item of readCsvRows(Readable.from([text]))) rows.push(item);
    expect(rows).toEqual([
      { rowNumber: 1, cells: ["vessel", "notes", "units"] },
      { rowNumber: 2, cells: ["Alpha", "a; b; c; d", "1"] },
      { rowNumber: 3, cells: ["Beta", "e; f; g; h", "2"] },
    ]);
  });
});

describe("readCsvRows: one sniff of the first lines decides comma, tab or semicolon", () => {
  /** Items and what the reader told of the separator. */
  async function readTold(chunks: Buffer[] | string): Promise<{ items: CsvItem[]; told: string[] }> {
    const told: string[] = [];
    const items = await readAll(chunks, { onSeparator: (separator) => told.push(separator) });
    return { items, told };
  }
  const SEMICOLONS = '"CSV input" is separated by semicolons, not commas (Excel\'s CSV under regional settings with a decimal comma, where 5.305,06 means 5305.06)';

  test("a TSV under a title line and a blank line: read by its tabs, and said; in any chunks", async () => {
    const text = "Pilotage statement June 2026\n\nRef\tVessel\tUnits\tTotal\n5501\tMV ESOPUS\t40\t1,716.08\n5502\tMT KINGSTON\t40\t1716.08\n";
    const want = [
      { rowNumber: 1, cells: ["Pilotage statement June 2026"] },
      { rowNumber: 3, cells: ["Ref", "Vessel", "Units", "Total"] },
      { rowNumber: 4, cells: ["5501", "MV ESOPUS", "40", "1,716.08"] },
      { rowNumber: 5, cells: ["5502", "MT KINGSTON", "40", "1716.08"] },
    ];
    // The title is wider than nothing and narrower than the header: row 1 alone, with fieldCountRow at the header.
    const options = { fieldCountRow: 3 };
    expect(await readAll(text, options)).toEqual(want);
    expect((await readTold(text)).told).toEqual(["\t"]);
    const bytes = Buffer.from(text, "utf8");
    expect(await readAll([...bytes].map((byte) => Buffer.from([byte])), options)).toEqual(want);
  });

  test("Excel's \"Unicode Text\" (UTF-16 little-endian with a byte order mark, CRLF) with a title: read by its tabs", async () => {
    const text = "Agent register\t\t\r\nVessel\tLOA\tAmount\r\n\"MV \"\"SAUGERTIES\"\"\"\t500\t\"2,247.50\"\r\nÆRØ\t200\t1716.08\r\n";
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    const { items, told } = await readTold([bytes]);
    expect(told).toEqual(["\t"]);
    expect(items).toEqual([
      { rowNumber: 1, cells: ["Agent register", "", ""] },
      { rowNumber: 2, cells: ["Vessel", "LOA", "Amount"] },
      { rowNumber: 3, cells: ['MV "SAUGERTIES"', "500", "2,247.50"] },
      { rowNumber: 4, cells: ["ÆRØ", "200", "1716.08"] },
    ]);
  });

  test("past more title and blank lines than the old check's 12: still tabs", async () => {
    const preamble = Array.from({ length: 14 }, (_, i) => (i % 2 === 0 ? `Report line ${i}` : ""));
    const text = [...preamble, "a\tb\tc", "1\t2\t3", "4\t5\t6", ""].join("\n");
    const { told } = await readTold(text);
    expect(told).toEqual(["\t"]);
    // The header is row 15: the reader is told so (the CLI finds it), as the titles above have other widths.
    expect((await readAll(text, { fieldCountRow: 15 })).slice(-2)).toEqual([
      { rowNumber: 16, cells: ["1", "2", "3"] },
      { rowNumber: 17, cells: ["4", "5", "6"] },
    ]);
  });

  test("a semicolon file is refused with its cause and fix: under a title line of its own, padded or not, and at the top", async () => {
    await expect(readAll("Agencia maritima, mayo 2026\r\n\r\nBuque;Eslora;Importe\r\nALFA;200;1.716,08\r\nBRAVO;500;2.247,50\r\n")).rejects.toThrow(SEMICOLONS);
    await expect(readAll("Agencia;;\r\nBuque;Eslora;Importe\r\nALFA;200;1716\r\n")).rejects.toThrow(SEMICOLONS);
    await expect(readAll("vessel;units;amount\r\nAlpha;1;5.305,06\r\nBravo;2;6.834,61\r\n")).rejects.toThrow(SEMICOLONS);
  });

  test("a comma file whose text holds tabs and semicolons, quoted or bare, and quoted commas: read by its commas, nothing said", async () => {
    const text = [
      "Statement: MV A; MV B; MV C; MV D,,,",
      "vessel,notes,units,total",
      'Alpha,pilots: a; b; c; d,40,"1,716.08"',
      'Bravo,"x\ty\tz\tw; v",40,1716.08',
      "Charlie,tab\there\tand\tthere; and; here,40,1716.08",
      'Delta,"a,b;c\td",40,1716.08',
      "",
    ].join("\n");
    const { items, told } = await readTold(text);
    expect(told).toEqual([]);
    expect(errorsOf(items)).toEqual([]);
    expect(rowsOf(items).map((item) => item.cells)).toEqual([
      ["Statement: MV A; MV B; MV C; MV D", "", "", ""],
      ["vessel", "notes", "units", "total"],
      ["Alpha", "pilots: a; b; c; d", "40", "1,716.08"],
      ["Bravo", "x\ty\tz\tw; v", "40", "1716.08"],
      ["Charlie", "tab\there\tand\tthere; and; here", "40", "1716.08"],
      ["Delta", "a,b;c\td", "40", "1716.08"],
    ]);
  });

  test("a comma row whose quoted values hold tabs and line breaks: read by its commas, though by tabs its pieces would agree", async () => {
    // Read by tabs, the row falls into three pieces of two fields each, more alike than the two comma records; but narrower.
    const text = 'col1,col2,col3,col4,col5\n,"\t\r\t\na","\t\n",,';
    const { items, told } = await readTold(text);
    expect(told).toEqual([]);
    expect(items).toEqual([
      { rowNumber: 1, cells: ["col1", "col2", "col3", "col4", "col5"] },
      { rowNumber: 2, cells: ["", "\t\r\t\na", "\t\n", "", ""] },
    ]);
  });

  test("quoted fields hold their separators and line breaks in a TSV too; a quote inside a bare field is a character", async () => {
    const text = 'vessel\tnote\tLOA\n"MV A\tB"\t"one, two\nthree"\t600\' 6"\nMV C\t"a""b"\t200\n';
    const { items, told } = await readTold(text);
    expect(told).toEqual(["\t"]);
    expect(items).toEqual([
      { rowNumber: 1, cells: ["vessel", "note", "LOA"] },
      { rowNumber: 2, cells: ["MV A\tB", "one, two\nthree", `600' 6"`] },
      { rowNumber: 3, line: 4, cells: ["MV C", 'a"b', "200"] },
    ]);
  });

  test("too little to tell (a header alone, lines that agree on no width, an empty file): commas", async () => {
    expect((await readTold("a\tb\tc\n")).told).toEqual([]);
    expect((await readTold("a\tb\n1\t2\t3\n4;5;6;7\n")).items).toEqual([
      { rowNumber: 1, cells: ["a\tb"] },
      { rowNumber: 2, cells: ["1\t2\t3"] },
      { rowNumber: 3, cells: ["4;5;6;7"] },
    ]);
    expect((await readTold("")).items).toEqual([]);
  });
});

describe("readCsvRows: UTF-16 input is decoded", () => {
  const expected = [
    { rowNumber: 1, cells: ["vessel", "units"] },
    { rowNumber: 2, cells: ["Ærø €", "192.16"] },
  ];
  const text = "vessel,units\r\nÆrø €,192.16\r\n";
  const bigEndian = (le: Buffer) => Buffer.from(le).swap16();

  test("with a byte order mark, little- and big-endian", async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    expect(await readAll([le])).toEqual(expected);
    expect(await readAll([bigEndian(le)])).toEqual(expected);
  });

  test("without one, recognised by its zero bytes, in chunks cut anywhere", async () => {
    const le = Buffer.from(text, "utf16le");
    expect(await readAll([le])).toEqual(expected);
    expect(await readAll([bigEndian(le)])).toEqual(expected);
    const cut = [le.subarray(0, 3), le.subarray(3, 17), le.subarray(17)];
    expect(await readAll(cut)).toEqual(expected);
  });
});

describe("readCsvRows: bounded memory on a runaway record", () => {
  test("a record longer than the limit costs its first line; reading goes on", async () => {
    // The reader looks at the first 512 bytes before decoding; the padding gets past them.
    const padding = "0,0\n".repeat(200);
    const text = `a,b\n${padding}"runaway quote,3\n4,5\n6,7\n`;
    const items = await readAll([Buffer.from(text.slice(0, 820)), Buffer.from(text.slice(820))], { maxRecordChars: 12 });
    expect(items.slice(200)).toEqual([
      { rowNumber: 201, cells: ["0", "0"] },
      { rowNumber: 202, error: "is longer than 12 characters; a quote is probably never closed (line 202)" },
      { rowNumber: 203, cells: ["4", "5"] },
      { rowNumber: 204, cells: ["6", "7"] },
    ]);
  });

  test("one line longer than the limit, arriving in many chunks, is skipped to its end without being held", async () => {
    const long = "x".repeat(1000);
    const chunks = ["a,b\n1,", ...Array.from({ length: 50 }, () => long), "\r", "\n2,3\n"].map((t) => Buffer.from(t));
    expect(await readAll(chunks, { maxRecordChars: 100 })).toEqual([
      { rowNumber: 1, cells: ["a", "b"] },
      { rowNumber: 2, error: "is longer than 100 characters; a quote is probably never closed (line 2)" },
      { rowNumber: 3, cells: ["2", "3"] },
    ]);
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
