/**
 * The HyperFormula harness itself, with fixture functions (test/support/fixtures/
 * harness-functions.js) whose metadata custom-functions-metadata generates here, as the build
 * does for src/functions/functions.ts. The fixture is run through the same vm bundle loader.
 */
import fs from "fs";
import path from "path";
import ExcelJS from "exceljs";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import { FunctionsMetadata, LoadedBundle, loadFunctionsBundle } from "./bundle";
import {
  EvaluatedWorkbook,
  HarnessOptions,
  SheetContents,
  ErrorType,
  buildHyperFormula,
  excelSerial,
  hyperFormulaFromWorkbook,
  isCellError,
  readWorkbook,
  sheetsFromWorkbook,
} from "./hyperformula";

const FIXTURE = path.join(__dirname, "fixtures", "harness-functions.js");
let bundle: LoadedBundle;
let metadata: FunctionsMetadata;

beforeAll(async () => {
  const generated = await generateCustomFunctionsMetadata([FIXTURE]);
  expect(generated.errors).toEqual([]);
  metadata = JSON.parse(generated.metadataJson) as FunctionsMetadata;
  // What custom-functions-metadata-plugin appends to the functions file at build time.
  const associations = generated.associate.map((a) => `\nCustomFunctions.associate("${a.id}", ${a.functionName});`).join("");
  bundle = loadFunctionsBundle({ file: FIXTURE, source: fs.readFileSync(FIXTURE, "utf8") + associations });
});

const open: EvaluatedWorkbook[] = [];
afterEach(() => {
  while (open.length > 0) open.pop()!.destroy();
});

function build(sheets: SheetContents, options: HarnessOptions = {}): EvaluatedWorkbook {
  const evaluated = buildHyperFormula(sheets, { bundle, metadata, namespace: "FIX", ...options });
  open.push(evaluated);
  return evaluated;
}

describe("arguments arrive as Excel passes them", () => {
  const sheets: SheetContents = {
    S: [
      [null, "=FIX.DESCRIBE(A1)"],
      [null, "=FIX.DESCRIBE(A1,,A1)"],
      [null, '=FIX.DESCRIBE(1,"x",TRUE)'],
      ["=1/0", "=FIX.DESCRIBE(A4,NA())"],
    ],
  };

  test("missing and empty arguments are null; an empty cell is null on the web", () => {
    const web = build(sheets);
    expect(web.value("B1")).toBe("null, null, null");
    expect(web.value("B2")).toBe("null, null, null");
    expect(web.value("B3")).toBe("number 1, string x, boolean true");
  });

  test("an empty cell is 0 on the desktop; missing arguments stay null", () => {
    const desktop = build(sheets, { blankCells: "desktop" });
    expect(desktop.value("B1")).toBe("number 0, null, null");
    expect(desktop.value("B2")).toBe("number 0, null, number 0");
  });

  test("error values arrive as CustomFunctions.Error objects with their codes", () => {
    expect(build(sheets).value("B4")).toMatch(/^error #DIV\/0!.*, error #N\/A.*, null$/);
  });

  test("ranges arrive as rows of cells, made of the bundle's own arrays; a single value as [[value]]", () => {
    const evaluated = build({ S: [[1, 2, 3, "=FIX.SHAPE(A1:C2)"], [4, 5, 6, "=FIX.SHAPE(7)"]] });
    expect(evaluated.value("D1")).toBe("2 x 3");
    expect(evaluated.value("D2")).toBe("1 x 1");
  });

  test("repeating parameters gather every argument; typed parameters are coerced like Excel's", () => {
    const evaluated = build({ S: [["=FIX.TOTAL(1,2,3)", '=FIX.TOTAL("4",TRUE)', '=FIX.TOTAL("four")', "=FIX.TOTAL(1/0)", "=FIX.TOTAL()"]] });
    expect(evaluated.value("A1")).toBe(6);
    expect(evaluated.value("B1")).toBe(5);
    expect(isCellError(evaluated.value("C1"), ErrorType.VALUE, /^harness: "four" is not a number/)).toBe(true);
    // A typed parameter given an error: Excel does not call the function, the error is the result.
    expect(isCellError(evaluated.value("D1"), ErrorType.DIV_BY_ZERO)).toBe(true);
    expect(isCellError(evaluated.value("E1"), ErrorType.NA, /takes 1 argument/)).toBe(true);
  });

  test("a range given to a single-value parameter is #VALUE!", () => {
    const evaluated = build({ S: [[1, "=FIX.TOTAL(A1:A2)"], [2]] });
    expect(isCellError(evaluated.value("B1"), ErrorType.VALUE, /2×1 range was given to the single-value parameter "values"/)).toBe(true);
  });
});

describe("results come back as Excel shows them", () => {
  test("a matrix result spills; one bad cell is an error in that cell only", () => {
    const web = build({ S: [[1, "=FIX.ADD_ONE(A1:A4)"], ["x"], [null], [3]] });
    const [first, second, third, fourth] = web.values("B1:B4").map((row) => row[0]);
    expect(first).toBe(2);
    expect(isCellError(second, ErrorType.VALUE, "Not a number: x")).toBe(true);
    expect(isCellError(third, ErrorType.VALUE, "Not a number: null")).toBe(true);
    expect(fourth).toBe(4);
    const desktop = build({ S: [[1, "=FIX.ADD_ONE(A1:A4)"], ["x"], [null], [3]] }, { blankCells: "desktop" });
    expect(desktop.value("B3")).toBe(1);
  });

  test("error codes are kept; the message only for #VALUE! and #N/A, as in Excel", () => {
    const evaluated = build({ S: [['=FIX.FAIL("value")', '=FIX.FAIL("na")', '=FIX.FAIL("num")', '=FIX.FAIL("throw")', '=FIX.FAIL("null")', "=FIX.COUNT_TO(0)"]] });
    expect(isCellError(evaluated.value("A1"), ErrorType.VALUE, "Wrong kind of input")).toBe(true);
    expect(isCellError(evaluated.value("B1"), ErrorType.NA, "Nothing applies")).toBe(true);
    expect(isCellError(evaluated.value("C1"), ErrorType.NUM, "")).toBe(true);
    expect(isCellError(evaluated.value("D1"), ErrorType.VALUE, 'harness: FIX.FAIL threw "boom"; Excel shows #VALUE!')).toBe(true);
    expect(isCellError(evaluated.value("E1"), ErrorType.VALUE, /^harness: FIX.FAIL returned null/)).toBe(true);
    expect(isCellError(evaluated.value("F1"), ErrorType.NUM)).toBe(true);
  });

  test("spill sizes settle even when one spilled result feeds another function", () => {
    const evaluated = build({ S: [[3, "=FIX.COUNT_TO(A1)", "=FIX.COUNT_TO(B3)", "=SUM(C1:C3)", "=ROWS(FIX.COUNT_TO(A1))"]] });
    expect(evaluated.values("B1:C3")).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(evaluated.value("D1")).toBe(6);
    expect(evaluated.value("E1")).toBe(3);
    expect(evaluated.passes).toBeGreaterThanOrEqual(2);
  });

  test("a spill blocked by a value is #SPILL!, as in Excel", () => {
    const evaluated = build({ S: [["=FIX.COUNT_TO(3)"], ["in the way"]] });
    expect(isCellError(evaluated.value("A1"), ErrorType.SPILL)).toBe(true);
  });

  test("an edit that makes a result grow gives #SPILL!, never a cut-off result", () => {
    const evaluated = build({ S: [[2, "=FIX.COUNT_TO(A1)"]] });
    expect(evaluated.values("B1:B2")).toEqual([[1], [2]]);
    evaluated.hf.setCellContents({ sheet: 0, row: 0, col: 0 }, 4);
    expect(isCellError(evaluated.value("B1"), ErrorType.SPILL, /^harness: FIX.COUNT_TO returned 4×1 where 2×1 was reserved/)).toBe(true);
    evaluated.hf.setCellContents({ sheet: 0, row: 0, col: 0 }, 1);
    expect(evaluated.values("B1:B2")).toEqual([[1], [null]]);
  });

  test("a function that functions.json lists but the bundle lacks is reported", () => {
    const extra: FunctionsMetadata = { functions: [...metadata.functions, { id: "MISSING", name: "MISSING", parameters: [], result: {} }] };
    expect(() => buildHyperFormula({ S: [] }, { bundle, metadata: extra, namespace: "FIX" })).toThrow(/lists MISSING, but the bundle did not associate it/);
  });
});

describe("workbooks built with exceljs", () => {
  test("dates become Excel serial numbers", () => {
    expect(excelSerial(new Date(Date.UTC(1900, 2, 1)))).toBe(61);
    expect(excelSerial(new Date(Date.UTC(2026, 11, 31)))).toBe(46387);
  });

  test("values, shared and array formulas are read as Excel would evaluate them", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Quote's sheet");
    sheet.getCell("A1").value = "12";
    sheet.getCell("A2").value = new Date(Date.UTC(2026, 11, 31));
    sheet.getCell("A3").value = { error: "#N/A" };
    sheet.getCell("A4").value = { richText: [{ text: "ab" }, { text: "c" }] };
    sheet.fillFormula("B1:B4", "FIX.DESCRIBE(A1)");
    // An array formula as Excel saves a spill: the anchor holds the formula, the rest cached values.
    sheet.getCell("C1").value = { formula: "FIX.COUNT_TO(3)", shareType: "array", ref: "C1:C3", result: 1 } as ExcelJS.CellFormulaValue;
    sheet.getCell("C2").value = 2;
    sheet.getCell("C3").value = 3;
    sheet.mergeCells("D1:E1");
    sheet.getCell("D1").value = 7;

    const reread = await readWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(sheetsFromWorkbook(reread)["Quote's sheet"][0]).toEqual(["'12", '=FIX.DESCRIBE(A1)', "=FIX.COUNT_TO(3)", 7]);
    const evaluated = hyperFormulaFromWorkbook(reread, { bundle, metadata, namespace: "FIX" });
    open.push(evaluated);
    expect(evaluated.values("'Quote''s sheet'!B1:B4")).toEqual([["string 12, null, null"], ["number 46387, null, null"], [expect.stringMatching(/^error #N\/A/)], ["string abc, null, null"]]);
    expect(evaluated.values("'Quote''s sheet'!C1:C3")).toEqual([[1], [2], [3]]);
    expect(evaluated.value("'Quote''s sheet'!D1")).toBe(7);
  });
});
