/**
 * Whole workbooks through the built add-in: sheets written with exceljs, read back, and evaluated
 * by HyperFormula with every NYPILOT function registered from dist/functions.json (see
 * test/support/hyperformula.ts). Expected amounts are worked by hand from § 89-a.
 */
import ExcelJS from "exceljs";
import fs from "fs";
import path from "path";
import { FUNCTION_DOCS } from "../../src/help/function-docs";
import { readFunctionsMetadata } from "../support/bundle";
import { buildHyperFormula, hyperFormulaFromWorkbook, readWorkbook } from "../support/hyperformula";

const packageJson = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../package.json"), "utf8")) as { version: string };

async function roundTrip(workbook: ExcelJS.Workbook) {
  return hyperFormulaFromWorkbook(await readWorkbook(Buffer.from(await workbook.xlsx.writeBuffer())));
}

describe("help examples", () => {
  test("every function in functions.json has a help entry, and every entry a function", () => {
    const ids = readFunctionsMetadata().functions.map((f) => f.id).sort();
    expect(Object.keys(FUNCTION_DOCS).sort()).toEqual(ids);
  });

  test.each(Object.entries(FUNCTION_DOCS))("%s: the example evaluates to the documented result", (id, doc) => {
    const rows = doc.example.sheet ?? [];
    const formulaRow = rows.length + 2;
    const sheet = [...rows.map((r) => [...r]), [], [doc.example.formula]];
    const evaluated = buildHyperFormula({ Example: sheet });
    try {
      const value = evaluated.value(`Example!A${formulaRow}`);
      if (id === "HUDSON_QUOTE_CARD") {
        // HyperFormula, like an Excel without data types, has no entity values: the documented #N/A naming HUDSON_QUOTE
        // (the card's own contents are checked in cell-values.test.ts, with office-addin-mock's Office).
        expect(value).toMatchObject({ value: "#N/A", message: expect.stringContaining("use NYPILOT.HUDSON_QUOTE with the same arguments") });
        return;
      }
      const expected = id === "VERSION" ? packageJson.version : doc.example.result;
      expect(value).toEqual(expected);
    } finally {
      evaluated.destroy();
    }
  });
});

describe("a quote sheet", () => {
  test("inputs in labelled cells, board rates on their own sheet, formulas referencing both", async () => {
    const workbook = new ExcelJS.Workbook();
    const board = workbook.addWorksheet("Board rates");
    board.addRows([
      ["Board fees: from", "Launch", "Communication", "Mid-river launch"],
      ["2024-01-01", 310, 45.5, 125.25],
      [],
      ["Surcharge board: from", "0-50", "51-100", "Per unit over 100"],
      ["2020-11-20", 300, 360, 3.6],
    ]);
    const quote = workbook.addWorksheet("Quote");
    quote.addRows([
      ["Overall length", `600' 6"`],
      ["Extreme breadth", 80],
      ["Depth", 40],
      ["Section", "Upper"],
      ["Transit date", new Date(Date.UTC(2026, 5, 15))],
      ["Continuous pilotage hours", 12],
    ]);
    const formulas: [string, string][] = [
      ["B8", "NYPILOT.PILOTAGE_UNITS(B1,B2,B3)"],
      ["B9", "NYPILOT.HUDSON_BASE_FEE(B8,B4,B5)"],
      ["B10", "NYPILOT.HUDSON_SURCHARGE(B8,B5,'Board rates'!A4:D5)"],
      ["B11", "NYPILOT.HUDSON_SECOND_PILOT(B9,B6)"],
      ["B12", "NYPILOT.HUDSON_TOTAL(B8,B4,B5,B6,FALSE,FALSE,'Board rates'!A1:D2,'Board rates'!A4:D5)"],
      ["C9", "NYPILOT.HUDSON_CLAUSE(B5)"],
      ["A14", "NYPILOT.HUDSON_QUOTE(B8,B4,B5,B6,FALSE,FALSE,'Board rates'!A1:D2,'Board rates'!A4:D5)"],
    ];
    for (const [cell, formula] of formulas) quote.getCell(cell).value = { formula };
    const evaluated = await roundTrip(workbook);
    try {
      // 600' 6" = 600.5 ft: 600.5 × 80 × 40 ÷ 10,000 = 192.16 units
      expect(evaluated.value("Quote!B8")).toBeCloseTo(192.16, 10);
      // Clause (xi) (2026), Section 2: 192.16 × $21.58 = $4,146.8128 → $4,146.81
      expect(evaluated.value("Quote!B9")).toBe(4146.81);
      expect(evaluated.value("Quote!C9")).toBe("§ 89-a(4)(b)(1)(xi)");
      // Board surcharge: 192.16 × $3.60 = $691.776 → $691.78
      expect(evaluated.value("Quote!B10")).toBe(691.78);
      // 12 h > 10 h: 50% × $4,146.81 = $2,073.405 → $2,073.41
      expect(evaluated.value("Quote!B11")).toBe(2073.41);
      // 4,146.81 + 691.78 + 2,073.41 + (310.00 + 45.50 + 125.25) = $7,392.75
      expect(evaluated.value("Quote!B12")).toBe(7392.75);
      // The spilled quote: header, six lines, a warning, total. The fee row is from 2024-01-01; 13 months
      // later is 2025-02-01, before the transit on 2026-06-15, so the fees may be out of date ((1-a), D20).
      expect(evaluated.values("Quote!A14:C14")).toEqual([["Item", "Amount", "Authority"]]);
      expect(evaluated.value("Quote!B15")).toBe(4146.81);
      expect(evaluated.value("Quote!C15")).toBe("§ 89-a(4)(b)(1)(xi)");
      expect(evaluated.value("Quote!A21")).toBe("Warning");
      expect(evaluated.value("Quote!C21")).toMatch(/^The board's fees used are from 2024-01-01, more than 13 months before 2026-06-15: .*\(§ 89-a\(4\)\(b\)\(1-a\), D20\)/);
      expect(evaluated.values("Quote!A22:B22")).toEqual([["Total", 7392.75]]);
    } finally {
      evaluated.destroy();
    }
  });
});

describe("a 1,000-row reconciliation sheet", () => {
  const ROWS = 1000;

  test("one column formula per computed column, variances flagged where the invoice differs", async () => {
    const workbook = new ExcelJS.Workbook();
    const board = workbook.addWorksheet("Board rates");
    board.addRows([
      ["From", "Launch", "Communication", "Mid-river launch"],
      ["2024-01-01", 310, 45.5, 125.25],
      ["From", "0-50", "51-100", "Per unit over 100"],
      ["2020-11-20", 300, 360, 3.6],
    ]);
    const sheet = workbook.addWorksheet("Invoices");
    sheet.addRow(["Vessel", "Units", "Section", "Date", "Hours", "Billed", "Computed", "Variance", "Flag"]);
    const expectedCents: number[] = [];
    for (let i = 0; i < ROWS; i++) {
      const units = 100 + i; // whole units 100 … 1,099
      const hours = i % 2 === 0 ? 8 : 12;
      // Clause (xi), Section 1: $15.32 per unit up to the 500-unit maximum → 1,532 cents × min(units, 500)
      const baseCents = 1532 * Math.min(units, 500);
      // Board surcharge over 100 units: $3.60 per unit on every unit (no maximum); at exactly 100, the 51–100 band: $360.00
      const surchargeCents = units > 100 ? 360 * units : 36000;
      // Second pilot when hours > 10: 50% of the base (base cents are even, so exact)
      const secondPilotCents = hours > 10 ? baseCents / 2 : 0;
      // Section 1 board fees: launch $310.00 + communication $45.50
      const total = baseCents + surchargeCents + secondPilotCents + 31000 + 4550;
      expectedCents.push(total);
      // Every hundredth invoice is $10.00 too high.
      const billedCents = i % 100 === 99 ? total + 1000 : total;
      sheet.addRow([`Vessel ${i + 1}`, units, "Lower", "2026-06-15", hours, billedCents / 100]);
    }
    const last = ROWS + 1;
    sheet.getCell("G2").value = {
      formula: `NYPILOT.HUDSON_TOTAL(B2:B${last},C2:C${last},D2:D${last},E2:E${last},FALSE,FALSE,'Board rates'!A1:D2,'Board rates'!A3:D4)`,
    };
    for (let row = 2; row <= last; row++) {
      sheet.getCell(`H${row}`).value = { formula: `ROUND(F${row}-G${row},2)` };
      sheet.getCell(`I${row}`).value = { formula: `ABS(H${row})>=0.01` };
    }
    sheet.getCell("K1").value = { formula: `COUNTIF(I2:I${last},TRUE)` };
    sheet.getCell("K2").value = { formula: `SUM(H2:H${last})` };

    const evaluated = await roundTrip(workbook);
    try {
      const computed = evaluated.values(`Invoices!G2:G${last}`).map((r) => r[0]);
      expect(computed).toEqual(expectedCents.map((c) => c / 100));
      expect(evaluated.value("Invoices!K1")).toBe(10);
      expect(evaluated.value("Invoices!K2")).toBeCloseTo(100, 8);
      // Row r holds i = r − 2: row 101 is i = 99, the first invoice $10.00 too high; row 100 matches.
      expect(evaluated.value("Invoices!I101")).toBe(true);
      expect(evaluated.value("Invoices!I100")).toBe(false);
      // One call for the whole column, not a thousand.
      expect(evaluated.calls.get("HUDSON_TOTAL")).toBeLessThanOrEqual(3);
    } finally {
      evaluated.destroy();
    }
  });
});
