import fs from "node:fs";
import path from "node:path";
import { Workbook, type Worksheet } from "exceljs";
import JSZip from "jszip";
import { InputFileError } from "../../src/workbook/errors";
import { OutputExistsError } from "../../src/workbook/safe-output";
import { numericText } from "../../src/workbook/values";
import {
  columnLetters,
  CutCells,
  DATE_FORMAT,
  MONEY_FORMAT,
  readXlsxSheet,
  writeXlsxWorkbook,
  type XlsxSheet,
} from "../../src/workbook/xlsx";
import { FORMULA_WITHOUT_VALUE, UNSUPPORTED_CELL } from "../../src/workbook/xlsx-read";
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
    await expect(writeXlsxWorkbook(file, [{ ...summary, columns: Array.from({ length: 16_385 }, (_, i) => ({ header: `c${i}` })), rows: [] }])).rejects.toThrow(
      'sheet "Summary" would have 16,385 columns, and Excel holds 16,384: write a .csv output instead',
    );
    await expect(writeXlsxWorkbook(file, [{ ...summary, name: "Q1/Q2" }])).rejects.toThrow("cannot be an Excel sheet name");
    await expect(writeXlsxWorkbook(file, [{ ...reconciliation, highlightRowsWhereTrue: { flagColumn: 6 } }])).rejects.toThrow(
      "flag column 6 is not one of its 6 columns",
    );
    expect(await folderEntries(folder())).toEqual([]);
  });
});

describe("text longer than a cell holds", () => {
  const folder = useTempFolder();

  test("is cut to 32,767 characters ending in a marker with the full length, each cut cell is named, and the workbook is written", async () => {
    const file = path.join(folder(), "out.xlsx");
    // 32,767 fits whole; 32,768 and a 40,000-character formula result do not; an emoji (two UTF-16 units) sits across the cut.
    const mark = " … [cut: 40,000 characters, more than a cell holds]";
    const emojiAtCut = "a".repeat(32_767 - mark.length - 1) + "😀" + "b".repeat(40_000 - 32_767 + mark.length - 1);
    expect(emojiAtCut.length).toBe(40_000);
    const cuts = await writeXlsxWorkbook(file, [
      { ...summary, rows: [["y".repeat(32_767), 1], ["x".repeat(32_768), 2], [{ formula: "=REPT(\"z\",40000)", result: "z".repeat(40_000) }, 3], [emojiAtCut, 4]] },
    ]);
    expect(cuts.count).toBe(3);
    expect(cuts.sentence()).toBe(
      '3 cells had more text than an Excel cell holds (32,767 characters) and were cut, ending “ … [cut: …]”: sheet "Summary" cell A3; sheet "Summary" cell A4; sheet "Summary" cell A5. A .csv output keeps the whole text.',
    );
    const workbook = new Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet("Summary") as Worksheet;
    const text = (address: string) => {
      const cell = sheet.getCell(address);
      return String(cell.formula ? cell.result : cell.value);
    };
    expect(text("A2")).toBe("y".repeat(32_767));
    expect([text("A3").length, text("A3").endsWith(" … [cut: 32,768 characters, more than a cell holds]")]).toEqual([32_767, true]);
    expect([text("A4").length, text("A4").endsWith(mark), sheet.getCell("A4").formula]).toEqual([32_767, true, 'REPT("z",40000)']);
    // The emoji would be split by the cut: it is left out whole, so the cell is one shorter.
    expect([text("A5").length, text("A5").endsWith(`a${mark}`)]).toEqual([32_766, true]);
    expect(sheet.getCell("B5").value).toBe(4);
  });

  test("more than 20 cut cells: the first 20 named, the rest counted", () => {
    const cuts = new CutCells();
    for (let i = 1; i <= 25; i++) cuts.add(`cell A${i}`);
    expect(cuts.sentence()).toMatch(/cell A19; cell A20 and 5 more\. A \.csv output keeps the whole text\.$/);
    expect(new CutCells().sentence()).toBe("");
  });
});

describe("readXlsxSheet: cell values from other tools", () => {
  const folder = useTempFolder();

  test("rich text, hyperlinks, errors, formulas without a value, shared formulas and times", async () => {
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
        // A formula the file gives no value for is marked as such: not a blank, not 0.
        cells: ["Sea Star", "invoice 7", { error: "#N/A" }, FORMULA_WITHOUT_VALUE, 10, SERIAL_2026_12_31 + 0.75],
        formulas: [null, null, null, "1+1", "A2*2", null],
      },
      {
        rowNumber: 3,
        cells: [null, null, null, null, 12, null],
        // A shared formula's later cells carry its first cell's text as written (we never copy formulas out).
        formulas: [null, null, null, null, "A2*2", null],
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

  test("empty rows are left out, rows are as wide as the sheet's dimension, the row numbers are Excel's", async () => {
    const workbook = new Workbook();
    const sheet = workbook.addWorksheet("Sparse");
    sheet.getRow(1).values = ["a", "b", "c"];
    sheet.getRow(2).values = ["x"];
    sheet.getRow(5).values = [null, null, "z", "beyond"];
    const file = path.join(folder(), "sparse.xlsx");
    await workbook.xlsx.writeFile(file);
    const content = await readXlsxSheet(file);
    // The sheet declares A1:D5, so the header has an unnamed fourth column.
    expect(content.header).toEqual(["a", "b", "c", ""]);
    expect(content.dataRows).toEqual([
      { rowNumber: 2, cells: ["x", null, null, null] },
      { rowNumber: 5, cells: [null, null, "z", "beyond"] },
    ]);
  });

  test("an unknown kind of cell value is marked, not turned into a blank", async () => {
    const file = path.join(folder(), "odd.xlsx");
    await writeZip(file, minimalWorkbook('<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row><row r="2"><c r="A2" t="x"><v>1</v></c></row>'));
    expect((await readXlsxSheet(file)).dataRows).toEqual([{ rowNumber: 2, cells: [UNSUPPORTED_CELL] }]);
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

// ---------------------------------------------------------------------------------------------
// Hand-made packages: what other programs (and attackers) write.

/** The parts of a one-sheet workbook around the given sheetData content, plus any extra parts. */
function minimalWorkbook(sheetData: string, extra: Record<string, string | Buffer> = {}, sheetPrefix = ""): Record<string, string | Buffer> {
  return {
    "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    "_rels/.rels":
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    "xl/workbook.xml":
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Invoices" sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/_rels/workbook.xml.rels":
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    "xl/worksheets/sheet1.xml": `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${sheetPrefix}<sheetData>${sheetData}</sheetData></worksheet>`,
    ...extra,
  };
}

async function writeZip(file: string, parts: Record<string, string | Buffer>): Promise<void> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(parts)) zip.file(name, content);
  await fs.promises.writeFile(file, await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" }));
}

describe("openXlsxSheet: bounded reading", () => {
  const folder = useTempFolder();

  test("an entry no sheet needs is never inflated, however large it declares itself", async () => {
    const file = path.join(folder(), "junk.xlsx");
    // 64 MB of zeros deflate to about 64 KB (a 1,000-fold ratio): as a part we read it would be refused.
    await writeZip(file, minimalWorkbook('<row r="1"><c r="A1" t="inlineStr"><is><t>vessel</t></is></c></row>', { "xl/media/junk.bin": Buffer.alloc(64 * 1024 * 1024) }));
    const content = await readXlsxSheet(file);
    expect(content.header).toEqual(["vessel"]);
  });

  test("a sheet that inflates more than the ratio allows is refused before it is read, naming the bound", async () => {
    const file = path.join(folder(), "bomb.xlsx");
    // 2 MB of the same empty cell compresses far beyond 250-fold.
    const cells = '<c r="A2" t="inlineStr"><is><t></t></is></c>'.repeat(50_000);
    await writeZip(file, minimalWorkbook(`<row r="1"><c r="A1" t="inlineStr"><is><t>vessel</t></is></c></row><row r="2">${cells}</row>`));
    await expect(readXlsxSheet(file)).rejects.toThrow(InputFileError);
    await expect(readXlsxSheet(file)).rejects.toThrow(/its sheet "Invoices" \(xl\/worksheets\/sheet1.xml\) inflates [\d,]+-fold, more than the 250-fold a workbook does: it looks like a zip bomb/);
  });

  test("shared strings and a sheet larger than their limits are refused, naming the limit and the README section", async () => {
    const file = path.join(folder(), "big.xlsx");
    const strings = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${"<si><t>MV HUDSON BAY TRADER</t></si>".repeat(1000)}</sst>`;
    const parts = minimalWorkbook('<row r="1"><c r="A1" t="s"><v>0</v></c></row>', { "xl/sharedStrings.xml": strings });
    parts["xl/_rels/workbook.xml.rels"] = (parts["xl/_rels/workbook.xml.rels"] as string).replace(
      "</Relationships>",
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    );
    await writeZip(file, parts);
    expect((await readXlsxSheet(file)).header).toEqual(["MV HUDSON BAY TRADER"]);
    await expect(readXlsxSheet(file, { limits: { maxSharedStringsBytes: 10_000 } })).rejects.toThrow(
      /its shared strings \(xl\/sharedStrings.xml\) inflates to 0 MB, more than the 0 MB read \(see "Limits on .xlsx input" in the README\)/,
    );
    await expect(readXlsxSheet(file, { limits: { maxSheetBytes: 10 } })).rejects.toThrow(/its sheet "Invoices" \(xl\/worksheets\/sheet1.xml\) inflates to/);
    await expect(readXlsxSheet(file, { limits: { maxEntries: 3 } })).rejects.toThrow(/it has \d+ parts, more than the 3 read/);
  });

  test("a DOCTYPE (entity expansion) is refused; escapes _xHHHH_ are decoded; a namespace prefix is read", async () => {
    const doctype = path.join(folder(), "doctype.xlsx");
    const parts = minimalWorkbook('<row r="1"><c r="A1" t="inlineStr"><is><t>&lol;</t></is></c></row>');
    parts["xl/worksheets/sheet1.xml"] = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY lol "lol">]>${(parts["xl/worksheets/sheet1.xml"] as string).replace('<?xml version="1.0"?>', "")}`;
    await writeZip(doctype, parts);
    await expect(readXlsxSheet(doctype)).rejects.toThrow("declares a DOCTYPE, which no workbook part has");

    const prefixed = path.join(folder(), "prefixed.xlsx");
    const xml = '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Vessel_x000D_Name_x005F_x</x:t></x:is></x:c></x:row><x:row r="2"><x:c r="A2"><x:v>12.5</x:v></x:c></x:row>';
    const prefixedParts = minimalWorkbook("");
    prefixedParts["xl/worksheets/sheet1.xml"] = `<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>${xml}</x:sheetData></x:worksheet>`;
    await writeZip(prefixed, prefixedParts);
    const content = await readXlsxSheet(prefixed);
    expect(content.header).toEqual(["Vessel\rName_x"]);
    expect(content.dataRows).toEqual([{ rowNumber: 2, cells: [12.5] }]);
  });

  test("a value right of the declared dimension, a row past 1,048,576 and a column past XFD cost their rows only", async () => {
    const file = path.join(folder(), "wide.xlsx");
    const rows = [
      '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="B1" t="inlineStr"><is><t>b</t></is></c></row>',
      '<row r="2"><c r="A2"><v>1</v></c><c r="C2"><v>3</v></c></row>',
      '<row r="3"><c r="A3"><v>4</v></c><c r="XFE3"><v>5</v></c></row>',
      '<row r="4"><c r="A4"><v>6</v></c></row>',
      '<row r="1048577"><c r="A1048577"><v>7</v></c></row>',
    ].join("");
    await writeZip(file, minimalWorkbook(rows, {}, '<dimension ref="A1:B4"/>'));
    const content = await readXlsxSheet(file);
    expect(content.dataRows).toEqual([{ rowNumber: 4, cells: [6, null] }]);
    expect(content.rowErrors).toEqual([
      { rowNumber: 2, error: "has a value in column C, beyond the 2 columns the sheet declares (its dimension)" },
      { rowNumber: 3, error: "has a cell beyond Excel's last column (XFD)" },
      { rowNumber: 1_048_577, error: "is beyond Excel's last row (1,048,576)" },
    ]);
  });

  test("a declared dimension wider than the cells is not the width: the widest row is (issue 34)", async () => {
    const file = path.join(folder(), "claims.xlsx");
    const rows = [
      '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="B1" t="inlineStr"><is><t>b</t></is></c></row>',
      '<row r="2"><c r="A2"><v>1</v></c></row>',
      // The widest row: a value in D, beyond the header.
      '<row r="3"><c r="D3"><v>4</v></c></row>',
    ].join("");
    await writeZip(file, minimalWorkbook(rows, {}, '<dimension ref="A1:XFD1048576"/>'));
    const content = await readXlsxSheet(file);
    expect(content.header).toEqual(["a", "b", "", ""]);
    expect(content.dataRows).toEqual([
      { rowNumber: 2, cells: [1, null, null, null] },
      { rowNumber: 3, cells: [null, null, null, 4] },
    ]);
  });

  test("a cell over 32,767 characters costs its row; a header cell over it refuses the sheet (issue 34)", async () => {
    const long = "x".repeat(32_768);
    const file = path.join(folder(), "long.xlsx");
    const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row>';
    await writeZip(file, minimalWorkbook(`${header}<row r="2"><c r="A2" t="inlineStr"><is><t>${long}</t></is></c></row><row r="3"><c r="A3"><v>3</v></c></row>`));
    const content = await readXlsxSheet(file);
    expect(content.dataRows).toEqual([{ rowNumber: 3, cells: [3] }]);
    expect(content.rowErrors).toEqual([{ rowNumber: 2, error: "has more than 32,767 characters in cell A2, more than an Excel cell holds" }]);
    // Exactly 32,767 is what a cell holds.
    await writeZip(file, minimalWorkbook(`${header}<row r="2"><c r="A2" t="inlineStr"><is><t>${long.slice(1)}</t></is></c></row>`));
    expect((await readXlsxSheet(file)).dataRows).toEqual([{ rowNumber: 2, cells: [long.slice(1)] }]);
    await writeZip(file, minimalWorkbook(`<row r="1"><c r="A1" t="inlineStr"><is><t>${long}</t></is></c></row>`));
    await expect(readXlsxSheet(file)).rejects.toThrow("its header row (row 1 of sheet \"Invoices\") has more than 32,767 characters in cell A1, more than an Excel cell holds");
  });

  test("a file that is a zip but not a workbook says so", async () => {
    const file = path.join(folder(), "photos.xlsx");
    await writeZip(file, { "a.txt": "hello" });
    await expect(readXlsxSheet(file)).rejects.toThrow(`Cannot read ${JSON.stringify(file)} as an .xlsx workbook: it has no package relationships (_rels/.rels): it is a zip file but not a workbook`);
  });
});
