import fs from "node:fs";
import path from "node:path";
import { Workbook, type Worksheet } from "exceljs";
import { InputFileError } from "../../src/workbook/errors";
import { OutputExistsError } from "../../src/workbook/safe-output";
import { numericText } from "../../src/workbook/values";
import {
  columnLetters,
  DATE_FORMAT,
  MONEY_FORMAT,
  plainCellValue,
  readXlsxSheet,
  UNSUPPORTED_CELL,
  writeXlsxWorkbook,
  type XlsxSheet,
} from "../../src/workbook/xlsx";
import { folderEntries, useTempFolder } from "./temp-folder";

// Excel's 1900 date system counts days from 1899-12-30 (day 0), which absorbs Lotus's phantom
// 1900-02-29. 2026-12-31 is therefore (2026-12-31 − 1899-12-30) in days.
const MS_PER_DAY = 24 * 60 * 60 * 1000;
const SERIAL_2026_12_31 = (Date.UTC(2026, 11, 31) - Date.UTC(1899, 11, 30)) / MS_PER_DAY;

/** Opens a written file with exceljs itself, to look at what our reader does not return. */
async function openWithExcelJs(file: string): Promise<Workbook> {
  const workbook = new Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

function sheetNamed(workbook: Workbook, name: string): Worksheet {
  const sheet = workbook.getWorksheet(name);
  if (sheet === undefined) throw new Error(`no sheet ${name}`);
  return sheet;
}

/** exceljs keeps conditional formats on the sheet without declaring them in its types. */
function conditionalFormatsOf(sheet: Worksheet) {
  return (sheet as unknown as { conditionalFormattings: { ref: string; rules: { type: string; formulae: string[]; style: unknown }[] }[] })
    .conditionalFormattings;
}

const reconciliation: XlsxSheet = {
  name: "Reconciliation",
  columns: [
    { header: "Vessel", width: 24 },
    { header: "Date", kind: "date" },
    { header: "Billed", kind: "money" },
    { header: "Computed", kind: "money" },
    { header: "Variance", kind: "money" },
    { header: "Flag", kind: "boolean" },
  ],
  highlightRowsWhereTrue: { flagColumn: 5 },
  rows: [
    [
      "Sea Star, Ltd",
      SERIAL_2026_12_31,
      1234.56,
      { formula: "NYPILOT.HUDSON_TOTAL(A2,B2,C2)", result: 1234.56 },
      { formula: "=C2-D2", result: 0 },
      { formula: "ABS(E2)>0.005", result: false },
    ],
    [
      "=HYPERLINK(\"http://evil\",\"click\")",
      new Date(Date.UTC(2026, 11, 31)),
      1222.06,
      { formula: "NYPILOT.HUDSON_TOTAL(A3,B3,C3)", result: 1234.56 },
      { formula: "C3-D3", result: numericText("-12.50") },
      { formula: "ABS(E3)>0.005", result: true },
    ],
    ["Unmeasured", "2026-12-31", null, { formula: "NYPILOT.HUDSON_TOTAL(A4,B4,C4)", result: { error: "#VALUE!" } }, undefined, true],
  ],
};

const summary: XlsxSheet = {
  name: "Summary",
  columns: [{ header: "Item" }, { header: "Value", kind: "number" }],
  rows: [
    ["Rows", 3],
    ["Billed", { value: 2456.62, numberFormat: MONEY_FORMAT }],
    ["Rows flagged", 2],
  ],
};

describe("writeXlsxWorkbook → readXlsxSheet", () => {
  const folder = useTempFolder();

  test("values, formulas with their cached results, and dates as 1900-system serials come back", async () => {
    const file = path.join(folder(), "recon.xlsx");
    await writeXlsxWorkbook(file, [reconciliation, summary]);
    const content = await readXlsxSheet(file);
    expect(SERIAL_2026_12_31).toBe(46387);
    expect(content.sheetName).toBe("Reconciliation");
    expect(content.header).toEqual(["Vessel", "Date", "Billed", "Computed", "Variance", "Flag"]);
    expect(content.dataRows).toEqual([
      {
        rowNumber: 2,
        cells: ["Sea Star, Ltd", 46387, 1234.56, 1234.56, 0, false],
        formulas: [null, null, null, "NYPILOT.HUDSON_TOTAL(A2,B2,C2)", "C2-D2", "ABS(E2)>0.005"],
      },
      {
        rowNumber: 3,
        // Text that looks like a formula is stored as text: it reads back as text, not a formula.
        cells: ['=HYPERLINK("http://evil","click")', 46387, 1222.06, 1234.56, -12.5, true],
        formulas: [null, null, null, "NYPILOT.HUDSON_TOTAL(A3,B3,C3)", "C3-D3", "ABS(E3)>0.005"],
      },
      {
        rowNumber: 4,
        cells: ["Unmeasured", "2026-12-31", null, { error: "#VALUE!" }, null, true],
        formulas: [null, null, null, "NYPILOT.HUDSON_TOTAL(A4,B4,C4)", null, null],
      },
    ]);
  });

  test("a named sheet is found ignoring case; formats per cell apply", async () => {
    const file = path.join(folder(), "recon.xlsx");
    await writeXlsxWorkbook(file, [reconciliation, summary]);
    const content = await readXlsxSheet(file, { sheet: "summary" });
    expect(content.sheetName).toBe("Summary");
    expect(content.dataRows.map((row) => row.cells)).toEqual([
      ["Rows", 3],
      ["Billed", 2456.62],
      ["Rows flagged", 2],
    ]);
    const sheet = sheetNamed(await openWithExcelJs(file), "Summary");
    expect(sheet.getCell("B3").numFmt).toBe(MONEY_FORMAT);
    expect(sheet.getCell("B2").numFmt).toBeUndefined();
  });

  test("money and date columns carry their number formats; the header is styled and frozen; widths are set", async () => {
    const file = path.join(folder(), "recon.xlsx");
    await writeXlsxWorkbook(file, [reconciliation]);
    const sheet = sheetNamed(await openWithExcelJs(file), "Reconciliation");
    for (const address of ["C2", "D2", "E2", "C3", "D3", "E3", "D4"]) expect(sheet.getCell(address).numFmt).toBe(MONEY_FORMAT);
    for (const address of ["B2", "B3"]) expect(sheet.getCell(address).numFmt).toBe(DATE_FORMAT);
    // The header keeps its own look, not the money format of the column below it.
    expect(sheet.getCell("C1").numFmt).toBeUndefined();
    expect(sheet.getCell("A1").font?.bold).toBe(true);
    expect(sheet.getCell("A1").fill).toEqual({ type: "pattern", pattern: "solid", fgColor: { argb: "FFD9E1F2" } });
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(24);
    expect(sheet.getColumn(3).width).toBe(14);
    // Formats reach the file: Excel shows the serial as a date.
    expect(sheet.getCell("B2").value).toEqual(new Date(Date.UTC(2026, 11, 31)));
  });

  test("flagged rows are filled by a conditional format on the flag column", async () => {
    const file = path.join(folder(), "recon.xlsx");
    await writeXlsxWorkbook(file, [reconciliation]);
    const formats = conditionalFormatsOf(sheetNamed(await openWithExcelJs(file), "Reconciliation"));
    expect(formats).toHaveLength(1);
    expect(formats[0].ref).toBe("A2:F4");
    expect(formats[0].rules[0]).toMatchObject({
      type: "expression",
      formulae: ["$F2=TRUE"],
      style: { fill: { type: "pattern", pattern: "solid", bgColor: { argb: "FFFFC7CE" } }, font: { color: { argb: "FF9C0006" } } },
    });
  });

  test("a header-only sheet gets no conditional format (it would cover no rows)", async () => {
    const file = path.join(folder(), "empty.xlsx");
    await writeXlsxWorkbook(file, [{ ...reconciliation, rows: [] }]);
    const content = await readXlsxSheet(file);
    expect(content.header).toHaveLength(6);
    expect(content.dataRows).toEqual([]);
    expect(conditionalFormatsOf(sheetNamed(await openWithExcelJs(file), "Reconciliation"))).toEqual([]);
  });
});

describe("writeXlsxWorkbook: refusals", () => {
  const folder = useTempFolder();

  test("an existing file is refused and left byte-identical; force replaces it", async () => {
    const file = path.join(folder(), "out.xlsx");
    await fs.promises.writeFile(file, "not ours");
    await expect(writeXlsxWorkbook(file, [summary])).rejects.toThrow(OutputExistsError);
    expect(await fs.promises.readFile(file, "utf8")).toBe("not ours");
    await writeXlsxWorkbook(file, [summary], { force: true });
    expect((await readXlsxSheet(file)).sheetName).toBe("Summary");
    expect(await folderEntries(folder())).toEqual(["out.xlsx"]);
  });

  test("bad rows and layouts are refused before anything is published", async () => {
    const file = path.join(folder(), "out.xlsx");
    const tooWide: XlsxSheet = { ...summary, rows: [["a", 1, "extra"]] };
    await expect(writeXlsxWorkbook(file, [tooWide])).rejects.toThrow('sheet "Summary" row 2: 3 cells for 2 columns');
    await expect(writeXlsxWorkbook(file, [{ ...summary, rows: [["a", Number.NaN]] }])).rejects.toThrow(
      'sheet "Summary" cell B2: NaN is not a finite number',
    );
    await expect(writeXlsxWorkbook(file, [{ ...summary, rows: [["a", { numeric: "=1" }]] }])).rejects.toThrow(TypeError);
    await expect(writeXlsxWorkbook(file, [{ ...summary, rows: [["x".repeat(32_768)]] }])).rejects.toThrow("Excel's limit of 32767");
    await expect(writeXlsxWorkbook(file, [{ ...summary, name: "Q1/Q2" }])).rejects.toThrow("cannot be an Excel sheet name");
    await expect(writeXlsxWorkbook(file, [{ ...reconciliation, highlightRowsWhereTrue: { flagColumn: 6 } }])).rejects.toThrow(
      "flag column 6 is not one of its 6 columns",
    );
    expect(await folderEntries(folder())).toEqual([]);
  });
});

describe("readXlsxSheet: cell values from other tools", () => {
  const folder = useTempFolder();

  test("rich text, hyperlinks, errors, formulas without a cache, shared formulas and times", async () => {
    const workbook = new Workbook();
    const sheet = workbook.addWorksheet("Invoices");
    sheet.addRow(["Vessel", "Link", "Error", "Uncalculated", "Total", "Arrived"]);
    sheet.addRow([
      { richText: [{ text: "Sea " }, { text: "Star", font: { bold: true } }] },
      { text: "invoice 7", hyperlink: "https://example.com/7" },
      { error: "#N/A" },
      { formula: "1+1" },
      { formula: "A2*2", result: 10 },
      new Date(Date.UTC(2026, 11, 31, 18, 0, 0)),
    ]);
    sheet.addRow([null, null, null, null, { sharedFormula: "E2", result: 12 }, null]);
    sheet.getCell("F2").numFmt = "yyyy-mm-dd hh:mm";
    const file = path.join(folder(), "in.xlsx");
    await workbook.xlsx.writeFile(file);

    const content = await readXlsxSheet(file);
    expect(content.dataRows).toEqual([
      {
        rowNumber: 2,
        cells: ["Sea Star", "invoice 7", { error: "#N/A" }, null, 10, SERIAL_2026_12_31 + 0.75],
        formulas: [null, null, null, "1+1", "A2*2", null],
      },
      {
        rowNumber: 3,
        cells: [null, null, null, null, 12, null],
        // A shared-formula clone reads back as its own formula, references moved down a row.
        formulas: [null, null, null, null, "A3*2", null],
      },
    ]);
  });

  test("dates in a 1904-system workbook come out as 1900-system serials", async () => {
    const workbook = new Workbook();
    workbook.properties.date1904 = true;
    const sheet = workbook.addWorksheet("Dates");
    sheet.addRow(["Date"]);
    sheet.addRow([new Date(Date.UTC(2026, 11, 31))]);
    sheet.getCell("A2").numFmt = DATE_FORMAT;
    const file = path.join(folder(), "mac.xlsx");
    await workbook.xlsx.writeFile(file);
    // In the file the 1904 serial is 1,462 days less.
    const reopened = await openWithExcelJs(file);
    expect(reopened.properties.date1904).toBe(true);
    expect((await readXlsxSheet(file)).dataRows[0].cells).toEqual([46387]);
  });

  test("empty rows are left out, short rows are padded to the header, the row numbers are Excel's", async () => {
    const workbook = new Workbook();
    const sheet = workbook.addWorksheet("Sparse");
    sheet.getRow(1).values = ["a", "b", "c"];
    sheet.getRow(2).values = ["x"];
    sheet.getRow(5).values = [null, null, "z", "beyond"];
    const file = path.join(folder(), "sparse.xlsx");
    await workbook.xlsx.writeFile(file);
    const content = await readXlsxSheet(file);
    expect(content.header).toEqual(["a", "b", "c"]);
    expect(content.dataRows).toEqual([
      { rowNumber: 2, cells: ["x", null, null] },
      { rowNumber: 5, cells: [null, null, "z", "beyond"] },
    ]);
  });

  test("an unknown kind of cell value is marked, not turned into a blank", () => {
    expect(plainCellValue({ checkbox: true } as never)).toBe(UNSUPPORTED_CELL);
  });
});

describe("readXlsxSheet: unreadable input throws InputFileError", () => {
  const folder = useTempFolder();

  test("a missing file, a file that is not a workbook, a missing sheet", async () => {
    const missing = path.join(folder(), "missing.xlsx");
    await expect(readXlsxSheet(missing)).rejects.toThrow(InputFileError);
    await expect(readXlsxSheet(missing)).rejects.toThrow(`Cannot read ${JSON.stringify(missing)}: no such file`);

    const notWorkbook = path.join(folder(), "actually.csv.xlsx");
    await fs.promises.writeFile(notWorkbook, "vessel,billed\nSea Star,1\n");
    await expect(readXlsxSheet(notWorkbook)).rejects.toThrow(`Cannot read ${JSON.stringify(notWorkbook)} as an .xlsx workbook`);

    const file = path.join(folder(), "recon.xlsx");
    await writeXlsxWorkbook(file, [reconciliation, summary]);
    await expect(readXlsxSheet(file, { sheet: "Totals" })).rejects.toThrow(
      `${JSON.stringify(file)} has no sheet named "Totals"; its sheets are "Reconciliation", "Summary"`,
    );
  });
});

describe("columnLetters", () => {
  test.each([
    [1, "A"],
    [26, "Z"],
    [27, "AA"],
    [52, "AZ"],
    [53, "BA"],
    [702, "ZZ"],
    [703, "AAA"],
    [16_384, "XFD"],
  ])("column %i is %s", (column, letters) => {
    expect(columnLetters(column)).toBe(letters);
  });
});
