import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import fc from "fast-check";
import { csvField, csvRecord, CsvWriter, isCsvRowError, readCsvRows, type CsvItem } from "../../src/workbook/csv";
import { OutputExistsError } from "../../src/workbook/safe-output";
import { numericText } from "../../src/workbook/values";
import { folderEntries, useTempFolder } from "./temp-folder";

describe("csvField: RFC 4180 quoting", () => {
  test.each([
    ["plain", "plain"],
    ["", ""],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["crlf\r\ninside", '"crlf\r\ninside"'],
    [" padded ", " padded "],
    ["Zoë 🚢", "Zoë 🚢"],
  ])("%j is written as %j", (text, expected) => {
    expect(csvField(text)).toBe(expected);
  });

  test("empty values and booleans", () => {
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(true)).toBe("TRUE");
    expect(csvField(false)).toBe("FALSE");
  });
});

describe("csvField: formula injection", () => {
  test.each([
    ["=", "=1+1", "'=1+1"],
    ["+", "+1 555 0100", "'+1 555 0100"],
    ["-", "-12.5", "'-12.5"],
    ["@", "@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["tab", "\t=cmd", "'\t=cmd"],
    // A carriage return also needs the field quoted.
    ["carriage return", "\r=cmd", '"\'\r=cmd"'],
    // Compatibility forms a spreadsheet may fold to the sign (issue 34).
    ["small equals sign U+FE66", "\ufe66cmd|' /C calc'!A0", "'\ufe66cmd|' /C calc'!A0"],
    ["small plus sign U+FE62", "\ufe621", "'\ufe621"],
    ["small hyphen-minus U+FE63", "\ufe631", "'\ufe631"],
    ["small commercial at U+FE6B", "\ufe6bSUM(A1)", "'\ufe6bSUM(A1)"],
    ["full-width equals sign U+FF1D", "\uff1d1+1", "'\uff1d1+1"],
    ["full-width plus sign U+FF0B", "\uff0b1", "'\uff0b1"],
    ["full-width hyphen-minus U+FF0D", "\uff0d1", "'\uff0d1"],
    ["full-width commercial at U+FF20", "\uff20SUM(A1)", "'\uff20SUM(A1)"],
    ["superscript equals sign U+207C", "\u207c1", "'\u207c1"],
    ["subscript plus sign U+208A", "\u208a1", "'\u208a1"],
    ["two consecutive equals signs U+2A75", "\u2a751", "'\u2a751"],
  ])("user text starting with %s gets a leading quote: %j → %j", (_name, text, expected) => {
    expect(csvField(text)).toBe(expected);
  });

  test("a neutralised field that also needs quoting is quoted around the prefix", () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  test("text with a trigger character later on is left alone", () => {
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField("x-1")).toBe("x-1");
    expect(csvField(" =1")).toBe(" =1");
    // Signs that fold to no formula sign: the minus sign U+2212, the small colon, a dash.
    expect(csvField("\u22125")).toBe("\u22125");
    expect(csvField("\ufe55x")).toBe("\ufe55x");
    expect(csvField("\u2013 x")).toBe("\u2013 x");
  });

  test("numbers we produce stay numeric, negative ones included", () => {
    expect(csvField(-12.5)).toBe("-12.5");
    expect(csvField(1234.56)).toBe("1234.56");
    expect(csvField(-0)).toBe("0");
    expect(csvField(0)).toBe("0");
    // A NumericText made by hand, not by numericText, is still checked before it is written unneutralised.
    expect(() => csvField({ numeric: "=1+1" })).toThrow(TypeError);
    expect(csvField({ numeric: "-12.50" })).toBe("-12.50");
    expect(csvField(numericText("-12.50"))).toBe("-12.50");
    expect(csvField({ numeric: "1234.50" })).toBe("1234.50");
    expect(csvRecord(["Sea Star", -12.5, numericText("-12.50"), "-12.50"])).toBe("Sea Star,-12.5,-12.50,'-12.50");
  });

  test("a numeric marker must be a plain decimal, so it cannot smuggle a formula past the guard", () => {
    for (const text of ["=1+1", "+12", "-", "", " 1", "1e5", "12.", ".5", "1,000.00", "-12.50 ", "--1"]) {
      expect(() => numericText(text)).toThrow(TypeError);
      expect(() => csvField({ numeric: text })).toThrow(TypeError);
    }
  });

  test("non-finite numbers are refused rather than written as text", () => {
    expect(() => csvField(Number.NaN)).toThrow(TypeError);
    expect(() => csvField(Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });

  test("a formula cell is written as its cached result; an error value as its code", () => {
    expect(csvField({ formula: "NYPILOT.HUDSON_TOTAL(A2,B2,C2)", result: 1234.56 })).toBe("1234.56");
    expect(csvField({ formula: "B2-C2", result: numericText("-12.50") })).toBe("-12.50");
    expect(csvField({ formula: "B2-C2" })).toBe("");
    expect(csvField({ error: "#N/A" })).toBe("#N/A");
  });
});

/** Our reading of the injection rule, written independently of the implementation. */
function expectedAfterWriting(text: string): string {
  // The triggers: = + - @, tab, CR, LF, NUL, no-break space, and the characters Unicode folds
  // (NFKC) to a text starting with = + - @: full-width ＝＋－＠, small ﹦﹢﹣﹫, superscript ⁺⁼,
  // subscript ₊₌, ⩵ ⩶ (== and ===) and the Hebrew alternative plus sign ﬩ (listed from UnicodeData).
  // eslint-disable-next-line no-control-regex
  return /^[=+\-@\t\r\n\u0000\u00a0\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b\u207a\u207c\u208a\u208c\u2a75\u2a76\ufb29]/.test(text) ? `'${text}` : text;
}

async function readFileItems(file: string): Promise<CsvItem[]> {
  const items: CsvItem[] = [];
  for await (const item of readCsvRows(file)) items.push(item);
  return items;
}

describe("CSV round trip: what we write reads back", () => {
  const folder = useTempFolder();

  // Single code points from the whole of Unicode, weighted towards the characters CSV cares about.
  const csvCharacter = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(",", '"', "\n", "\r", "\r\n", "=", "+", "-", "@", "\t", "'", " ", "\uFEFF", "\uFE66", "\uFF1D", "\uFE63") },
    { weight: 3, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  );
  const cellText = fc.string({ unit: csvCharacter, maxLength: 12 });

  test("arbitrary text survives write → read (neutralised where it starts like a formula)", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 5 }).chain((width) => fc.array(fc.array(cellText, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 8 })),
        fc.boolean(),
        fc.constantFrom<"\r\n" | "\n">("\r\n", "\n"),
        async (table, byteOrderMark, lineEnd) => {
          run += 1;
          const file = path.join(folder(), `round-trip-${run}.csv`);
          const writer = await CsvWriter.toFile(file, { byteOrderMark, lineEnd });
          for (const row of table) await writer.write(row);
          await writer.close();
          const items = await readFileItems(file);
          // A row after cells holding line breaks starts further down the file: its line is given (CRLF, CR and LF each end one line).
          let line = 1;
          const expected = table.map((row, index) => {
            const item = line === index + 1 ? { rowNumber: index + 1, cells: row.map(expectedAfterWriting) } : { rowNumber: index + 1, line, cells: row.map(expectedAfterWriting) };
            line += 1 + row.reduce((breaks, text) => breaks + (text.match(/\r\n|\r|\n/g) ?? []).length, 0);
            return item;
          });
          expect(items).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  test("numbers, decimal text and booleans come back as the text of the value", async () => {
    const file = path.join(folder(), "numbers.csv");
    const writer = await CsvWriter.toFile(file);
    await writer.write(["vessel", "variance", "exact", "flag"]);
    await writer.write(["Sea Star", -12.5, numericText("-12.50"), true]);
    await writer.close();
    expect(await readFileItems(file)).toEqual([
      { rowNumber: 1, cells: ["vessel", "variance", "exact", "flag"] },
      { rowNumber: 2, cells: ["Sea Star", "-12.5", "-12.50", "TRUE"] },
    ]);
  });

  test("text starting with U+FEFF in a file without a BOM is quoted, so readers keep it", async () => {
    const file = path.join(folder(), "zwnbsp.csv");
    const writer = await CsvWriter.toFile(file, { byteOrderMark: false, lineEnd: "\n" });
    await writer.write(["\uFEFFodd", "b"]);
    await writer.write(["\uFEFFodd", "b"]);
    await writer.close();
    expect(await fs.promises.readFile(file, "utf8")).toBe('"\uFEFFodd",b\n\uFEFFodd,b\n');
    expect(await readFileItems(file)).toEqual([
      { rowNumber: 1, cells: ["\uFEFFodd", "b"] },
      { rowNumber: 2, cells: ["\uFEFFodd", "b"] },
    ]);
  });

  test("the file is UTF-8 with a BOM and CRLF line ends by default", async () => {
    const file = path.join(folder(), "bytes.csv");
    const writer = await CsvWriter.toFile(file);
    await writer.write(["a", "b"]);
    await writer.write(["Ærø", "1"]);
    await writer.close();
    expect(await fs.promises.readFile(file)).toEqual(Buffer.from("\uFEFFa,b\r\nÆrø,1\r\n", "utf8"));
    expect(writer.rowsWritten).toBe(2);
  });
});

describe("CsvWriter: backpressure", () => {
  /** A sink that takes a while per chunk and keeps everything it was given. */
  function slowSink(highWaterMark: number) {
    const received: string[] = [];
    const sink = new Writable({
      highWaterMark,
      write(chunk: Buffer, _encoding, callback) {
        received.push(chunk.toString("utf8"));
        setImmediate(callback);
      },
    });
    return { sink, received };
  }

  test("write() waits for the stream to drain, so buffered output never exceeds the stream's limit", async () => {
    const { sink, received } = slowSink(64);
    let drains = 0;
    sink.on("drain", () => {
      drains += 1;
    });
    const writer = CsvWriter.toStream(sink, { byteOrderMark: false });
    const rows = Array.from({ length: 200 }, (_, i) => [`vessel ${i}`, i * 1.5, "note, with comma"]);
    for (const row of rows) {
      await writer.write(row);
      expect(sink.writableLength).toBeLessThanOrEqual(64);
    }
    await writer.close();
    expect(drains).toBeGreaterThan(0);
    expect(received.join("")).toBe(rows.map((row) => `${csvRecord(row)}\r\n`).join(""));
  });

  test("a failing stream makes write() reject instead of hanging", async () => {
    const sink = new Writable({
      highWaterMark: 8,
      write(_chunk, _encoding, callback) {
        setImmediate(() => callback(new Error("disk full")));
      },
    });
    const writer = CsvWriter.toStream(sink);
    const writeMany = async () => {
      for (let i = 0; i < 100; i += 1) await writer.write(["row", i]);
    };
    await expect(writeMany()).rejects.toThrow("disk full");
  });

  test("writing after close is refused", async () => {
    const { sink } = slowSink(1024);
    const writer = CsvWriter.toStream(sink);
    await writer.close();
    await expect(writer.write(["late"])).rejects.toThrow("already closed");
  });
});

describe("CsvWriter.toFile: never overwrites, never leaves partial files", () => {
  const folder = useTempFolder();

  test("an existing file is refused and stays byte-identical", async () => {
    const file = path.join(folder(), "out.csv");
    await fs.promises.writeFile(file, "precious,data\r\n");
    await expect(CsvWriter.toFile(file)).rejects.toThrow(OutputExistsError);
    await expect(CsvWriter.toFile(file)).rejects.toThrow("use --force to replace it");
    expect(await fs.promises.readFile(file, "utf8")).toBe("precious,data\r\n");
    expect(await folderEntries(folder())).toEqual(["out.csv"]);
  });

  test("with force the file is replaced", async () => {
    const file = path.join(folder(), "out.csv");
    await fs.promises.writeFile(file, "old\r\n");
    const writer = await CsvWriter.toFile(file, { force: true, byteOrderMark: false });
    await writer.write(["new"]);
    await writer.close();
    expect(await fs.promises.readFile(file, "utf8")).toBe("new\r\n");
    expect(await folderEntries(folder())).toEqual(["out.csv"]);
  });

  test("nothing appears under the final name until close(); abort() leaves nothing at all", async () => {
    const file = path.join(folder(), "out.csv");
    const kept = await CsvWriter.toFile(file);
    await kept.write(["a", "b"]);
    await expect(fs.promises.access(file)).rejects.toThrow();
    await kept.close();
    expect(await folderEntries(folder())).toEqual(["out.csv"]);

    const other = path.join(folder(), "abandoned.csv");
    const abandoned = await CsvWriter.toFile(other);
    await abandoned.write(["x"]);
    await abandoned.abort();
    expect(await folderEntries(folder())).toEqual(["out.csv"]);
  });

  test("rows read back have no errors", async () => {
    const file = path.join(folder(), "out.csv");
    const writer = await CsvWriter.toFile(file);
    await writer.write(["a", "b"]);
    await writer.write(["1", "2"]);
    await writer.close();
    const items = await readFileItems(file);
    expect(items.some(isCsvRowError)).toBe(false);
  });
});
