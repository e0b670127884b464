import fs from "node:fs";
import path from "node:path";
import { Workbook } from "exceljs";
import { OutputExistsError } from "../../src/workbook/safe-output";
import { numericText } from "../../src/workbook/values";
import { MONEY_FORMAT, readXlsxSheet, writeXlsxWorkbook, XlsxStreamWriter, type XlsxOutputCell, type XlsxSheetLayout } from "../../src/workbook/xlsx";
import { calcPrOf } from "../support/xlsx-zip";
import { folderEntries, useTempFolder } from "./temp-folder";

const layout: XlsxSheetLayout = {
  name: "Reconciliation",
  columns: [
    { header: "Vessel" },
    { header: "Billed", kind: "money" },
    { header: "Computed", kind: "money" },
    { header: "Variance", kind: "money" },
    { header: "Flag", kind: "boolean" },
  ],
  highlightRowsWhereTrue: { flagColumn: 4 },
};

/**
 * Row i (0-based) sits on sheet row i + 2. Every seventh row is billed $12.50 under the computed
 * $1,234.56, so its variance is −12.50 and its flag TRUE; the others match exactly.
 */
function reconciliationRow(i: number): XlsxOutputCell[] {
  const sheetRow = i + 2;
  const flagged = i % 7 === 0;
  return [
    `Vessel ${i}`,
    flagged ? 1222.06 : 1234.56,
    { formula: `NYPILOT.HUDSON_TOTAL(A${sheetRow})`, result: 1234.56 },
    { formula: `B${sheetRow}-C${sheetRow}`, result: flagged ? numericText("-12.50") : 0 },
    { formula: `ABS(D${sheetRow})>0.005`, result: flagged },
  ];
}

describe("XlsxStreamWriter", () => {
  const folder = useTempFolder();

  test("100,000 rows with formulas and cached values read back exactly", async () => {
    const rowCount = 100_000;
    const file = path.join(folder(), "big.xlsx");
    const writer = await XlsxStreamWriter.open(file, layout);
    for (let i = 0; i < rowCount; i += 1) await writer.write(reconciliationRow(i));
    expect(writer.rowsWritten).toBe(rowCount);
    // Nothing under the final name while writing.
    await expect(fs.promises.access(file)).rejects.toThrow();
    await writer.close();
    expect(await folderEntries(folder())).toEqual(["big.xlsx"]);

    const content = await readXlsxSheet(file);
    expect(content.header).toEqual(["Vessel", "Billed", "Computed", "Variance", "Flag"]);
    expect(content.dataRows).toHaveLength(rowCount);
    expect(content.dataRows[0]).toEqual({
      rowNumber: 2,
      cells: ["Vessel 0", 1222.06, 1234.56, -12.5, true],
      formulas: [null, null, "NYPILOT.HUDSON_TOTAL(A2)", "B2-C2", "ABS(D2)>0.005"],
    });
    expect(content.dataRows[1]).toEqual({
      rowNumber: 3,
      cells: ["Vessel 1", 1234.56, 1234.56, 0, false],
      formulas: [null, null, "NYPILOT.HUDSON_TOTAL(A3)", "B3-C3", "ABS(D3)>0.005"],
    });
    expect(content.dataRows[rowCount - 1]).toEqual({
      rowNumber: rowCount + 1,
      cells: [`Vessel ${rowCount - 1}`, 1234.56, 1234.56, 0, false],
      formulas: [null, null, `NYPILOT.HUDSON_TOTAL(A${rowCount + 1})`, `B${rowCount + 1}-C${rowCount + 1}`, `ABS(D${rowCount + 1})>0.005`],
    });
    // Rows 0, 7, …, 99,995 are flagged: ⌊99,999 / 7⌋ + 1 = 14,286 of them.
    const flagged = content.dataRows.filter((row) => row.cells[4] === true).length;
    expect(flagged).toBe(14_286);
  }, 240_000); // ≈ 40 s alone; over the 60 s default on a loaded 2-core machine (fresh-machine-test, twice)

  test("layout of a streamed sheet: frozen styled header, money format, highlight to the last row, a second sheet", async () => {
    const rowCount = 30;
    const file = path.join(folder(), "small.xlsx");
    const writer = await XlsxStreamWriter.open(file, layout);
    for (let i = 0; i < rowCount; i += 1) await writer.write(reconciliationRow(i));
    writer.startSheet({ name: "Summary", columns: [{ header: "Item" }, { header: "Value", kind: "number" }] });
    // Rows 0, 7, 14, 21 and 28 are flagged.
    await writer.write(["Rows flagged", 5]);
    expect(writer.rowsWritten).toBe(1);
    await writer.close();

    const workbook = new Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getCell("A1").font?.bold).toBe(true);
    expect(sheet.getCell(`D${rowCount + 1}`).numFmt).toBe(MONEY_FORMAT);
    expect(sheet.getCell(`E${rowCount + 1}`).numFmt).toBeUndefined();
    const formats = (sheet as unknown as { conditionalFormattings: { ref: string; rules: { formulae: string[] }[] }[] }).conditionalFormattings;
    expect(formats.map((format) => [format.ref, format.rules[0].formulae])).toEqual([[`A2:E${rowCount + 1}`, ["$E2=TRUE"]]]);

    const summary = await readXlsxSheet(file, { sheet: "Summary" });
    expect(summary.dataRows).toEqual([{ rowNumber: 2, cells: ["Rows flagged", 5] }]);
  });

  test("an existing file is refused before anything is written; force replaces it", async () => {
    const file = path.join(folder(), "out.xlsx");
    await fs.promises.writeFile(file, "not ours");
    await expect(XlsxStreamWriter.open(file, layout)).rejects.toThrow(OutputExistsError);
    expect(await fs.promises.readFile(file, "utf8")).toBe("not ours");

    const writer = await XlsxStreamWriter.open(file, layout, { force: true });
    await writer.write(reconciliationRow(1));
    await writer.close();
    expect((await readXlsxSheet(file)).dataRows).toHaveLength(1);
    expect(await folderEntries(folder())).toEqual(["out.xlsx"]);
  });

  test("abort leaves no file; a bad row is refused without writing it", async () => {
    const file = path.join(folder(), "out.xlsx");
    const writer = await XlsxStreamWriter.open(file, layout);
    await writer.write(reconciliationRow(0));
    await expect(writer.write(["too", 1, 2, 3, true, "many"])).rejects.toThrow("6 cells for 5 columns");
    expect(writer.rowsWritten).toBe(1);
    await writer.abort();
    expect(await folderEntries(folder())).toEqual([]);
    await expect(writer.write(reconciliationRow(1))).rejects.toThrow("already closed");
  });
});

describe("the calculation engine id in the files we write", () => {
  const folder = useTempFolder();

  // Excel 2019 / Microsoft 365 write calcId 191029. A file with a lower id (exceljs writes 171027,
  // Excel 2016's) is recalculated in full when it opens, which without the add-in turns every
  // NYPILOT formula's cached value into #NAME?.
  test("both writers stamp calcId 191029 and ask for no full calculation on load", async () => {
    const streamed = path.join(folder(), "streamed.xlsx");
    const writer = await XlsxStreamWriter.open(streamed, layout);
    await writer.write(reconciliationRow(0));
    await writer.close();
    const whole = path.join(folder(), "whole.xlsx");
    await writeXlsxWorkbook(whole, [{ ...layout, rows: [reconciliationRow(0)] }]);
    for (const file of [streamed, whole]) expect(await calcPrOf(file)).toBe('<calcPr calcId="191029"/>');
  });
});
