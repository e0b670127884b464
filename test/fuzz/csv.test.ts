/**
 * The CSV reader fuzz of bench/fuzz-csv.ts (which `npm run fuzz` runs at length) with a bounded
 * number of runs, and checks that the checker notices a lost row.
 */
import fc from "fast-check";
import { checkCsvCase, csvFuzzCase, expectedItems, type CsvFuzzCase } from "../../bench/fuzz-csv";

const RUNS = Number(process.env.FUZZ_CSV_RUNS ?? 2000);
/** A fixed sample in `npm test`, so a failure meets again on the next run; FUZZ_SEED=N tries another (`npm run fuzz` explores widely). */
const DEFAULT_SEED = 601761423;
const SEED = process.env.FUZZ_SEED === undefined || process.env.FUZZ_SEED === "" ? DEFAULT_SEED : Number(process.env.FUZZ_SEED);

test(`${RUNS} random CSV files (quotes, line breaks, control characters, encodings, chunks): no row lost, every bad line reported once`, async () => {
  await fc.assert(
    fc.asyncProperty(csvFuzzCase, async (test) => {
      const problem = await checkCsvCase(test);
      if (problem !== null) throw new Error(problem);
    }),
    { numRuns: RUNS, seed: SEED },
  );
});

test("the model: a multi-line value advances the line but not the row; the checker catches a row read wrongly", async () => {
  const test: CsvFuzzCase = {
    header: ["a", "b"],
    lines: [
      { kind: "good", values: ["x\ny", "1"], quoteAll: [false, false] },
      { kind: "bad", text: '"p"q,2', quoting: true },
    ],
    lineEnd: "\n",
    finalLineEnd: true,
    encoding: "utf-8",
    cuts: [],
  };
  expect(expectedItems(test)).toEqual({
    text: 'a,b\n"x\ny",1\n"p"q,2\n',
    items: [
      { rowNumber: 1, cells: ["a", "b"] },
      { rowNumber: 2, cells: ["x\ny", "1"] },
      { rowNumber: 3, line: 4, quoting: true },
    ],
  });
  expect(await checkCsvCase(test)).toBeNull();
  // A line the model calls malformed that the reader reads: the checker must say so.
  const lying = { ...test, lines: [test.lines[0], { kind: "bad" as const, text: "p,2", quoting: true }] };
  expect(await checkCsvCase(lying)).toMatch(/malformed row 3 read as/);
});

test("the model: a value holding a quote is written bare unless it must be quoted, and quoted after a quote never closed", async () => {
  const test: CsvFuzzCase = {
    header: ["a", "b"],
    lines: [
      { kind: "good", values: [`600' 6"`, '"x"'], quoteAll: [false, false] },
      { kind: "bad", text: '"p,2', quoting: true, unclosed: true },
      { kind: "good", values: [`5"`, "3"], quoteAll: [false, false] },
    ],
    lineEnd: "\n",
    finalLineEnd: true,
    encoding: "utf-8",
    cuts: [],
  };
  // After the stray quote of line 3, 5" is written quoted: bare, its quote would close the stray one validly.
  expect(expectedItems(test).text).toBe(`a,b\n600' 6","""x"""\n"p,2\n"5""",3\n`);
  expect(await checkCsvCase(test)).toBeNull();
});

test("the model: short lines of one filled field are given as rows wherever they fall; cut by the end of the file, or with two fields filled, malformed", async () => {
  const lines: CsvFuzzCase = {
    header: ["a", "b", "c"],
    lines: [
      { kind: "good", values: ["1", "2", "3"], quoteAll: [false, false, false] },
      { kind: "bad", text: "Printed by Z", quoting: false, fields: ["Printed by Z"] },
      { kind: "blank" },
      { kind: "bad", text: ",page 7", quoting: false, fields: ["", "page 7"] },
    ],
    lineEnd: "\r\n",
    finalLineEnd: true,
    encoding: "utf-8",
    cuts: [],
  };
  expect(expectedItems(lines).items).toEqual([
    { rowNumber: 1, cells: ["a", "b", "c"] },
    { rowNumber: 2, cells: ["1", "2", "3"] },
    { rowNumber: 3, cells: ["Printed by Z"] },
    { rowNumber: 5, cells: ["", "page 7"] },
  ]);
  expect(await checkCsvCase(lines)).toBeNull();
  // Without a line break at the end, the last line may be a record cut short: malformed; the one before is still a line of one field.
  const cut = { ...lines, finalLineEnd: false };
  expect(expectedItems(cut).items.slice(2)).toEqual([
    { rowNumber: 3, cells: ["Printed by Z"] },
    { rowNumber: 5, line: 5, quoting: false },
  ]);
  expect(await checkCsvCase(cut)).toBeNull();
  // A good line after them changes nothing (a page line between invoices); a number alone is given too, for the caller to report.
  const followed = { ...lines, lines: [...lines.lines, { kind: "good" as const, values: ["4", "5", "6"], quoteAll: [false, false, false] }] };
  expect(expectedItems(followed).items.filter((item) => "quoting" in item)).toEqual([]);
  expect(await checkCsvCase(followed)).toBeNull();
  const number = { ...lines, lines: [lines.lines[0], { kind: "bad" as const, text: "20", quoting: false, fields: ["20"] }] };
  expect(expectedItems(number).items[2]).toEqual({ rowNumber: 3, cells: ["20"] });
  expect(await checkCsvCase(number)).toBeNull();
  // Two filled fields: malformed wherever it falls.
  const two = { ...lines, lines: [lines.lines[0], { kind: "bad" as const, text: "x,y", quoting: false, fields: ["x", "y"] }, lines.lines[0]] };
  expect(expectedItems(two).items[2]).toEqual({ rowNumber: 3, line: 3, quoting: false });
  expect(await checkCsvCase(two)).toBeNull();
});

test("the model: a comma file read as tabs is caught", async () => {
  // Not a case the generator makes (a one-column file's values hold no tab): the reader reads it by its tabs, and the checker says so.
  const tabs: CsvFuzzCase = {
    header: ["a"],
    lines: [
      { kind: "good", values: ["x\ty\tz"], quoteAll: [false] },
      { kind: "good", values: ["p\tq\tr"], quoteAll: [false] },
    ],
    lineEnd: "\n",
    finalLineEnd: true,
    encoding: "utf-8",
    cuts: [],
  };
  expect(await checkCsvCase(tabs)).toBe('read as separated by "\\t"');
});
