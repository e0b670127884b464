/**
 * The built functions in a workbook: an exceljs workbook with NYPILOT formulas, saved and read
 * back, evaluated by HyperFormula through test/support/hyperformula.ts (every function from
 * dist/functions.json, running dist/functions.js). Needs `npm run build` first.
 */
import fs from "fs";
import path from "path";
import ExcelJS from "exceljs";
import { ErrorType, buildHyperFormula, hyperFormulaFromWorkbook, isCellError, readWorkbook } from "../support/hyperformula";
import { readFunctionsMetadata } from "../support/bundle";

const ROOT = path.resolve(__dirname, "..", "..");
const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };

test("every function in functions.json can be called as NYPILOT.<ID>", () => {
  const sheet = buildHyperFormula({ Sheet1: [] });
  try {
    const registered = new Set(sheet.hf.getRegisteredFunctionNames());
    const missing = readFunctionsMetadata()
      .functions.map((fn) => `NYPILOT.${fn.id}`)
      .filter((name) => !registered.has(name));
    expect(missing).toEqual([]);
  } finally {
    sheet.destroy();
  }
});

test("NYPILOT.VERSION in a workbook written and read back with exceljs", async () => {
  const workbook = new ExcelJS.Workbook();
  const checks = workbook.addWorksheet("Checks");
  checks.getCell("A1").value = "Add-in version";
  checks.getCell("B1").value = { formula: "NYPILOT.VERSION()" };
  checks.getCell("B2").value = { formula: "LEN(NYPILOT.VERSION())" };
  checks.getCell("B3").value = { formula: `NYPILOT.VERSION()="${packageJson.version}"` };
  checks.getCell("B4").value = { formula: "nypilot.version()" };
  checks.getCell("B5").value = { formula: "NYPILOT.VERSION(1)" };
  const summary = workbook.addWorksheet("Summary sheet");
  summary.getCell("A1").value = { formula: "Checks!B1&\" (\"&Checks!A1&\")\"" };

  const reread = await readWorkbook(Buffer.from(await workbook.xlsx.writeBuffer()));
  const evaluated = hyperFormulaFromWorkbook(reread);
  try {
    expect(evaluated.value("Checks!B1")).toBe(packageJson.version);
    expect(evaluated.value("Checks!B2")).toBe(packageJson.version.length);
    expect(evaluated.value("Checks!B3")).toBe(true);
    expect(evaluated.value("Checks!B4")).toBe(packageJson.version);
    // Excel refuses to enter a call with too many arguments; the harness gives #N/A saying so.
    expect(isCellError(evaluated.value("Checks!B5"), ErrorType.NA, /takes 0 argument/)).toBe(true);
    expect(evaluated.value("'Summary sheet'!A1")).toBe(`${packageJson.version} (Add-in version)`);
    expect(evaluated.calls.get("VERSION")).toBe(4); // B5 never reaches the function
  } finally {
    evaluated.destroy();
  }
});

/**
 * Issue 36: Excel's BYROW and MAP may take a NYPILOT function as their LAMBDA. HyperFormula (3.5)
 * has neither LAMBDA nor BYROW/MAP, and the task pane's fake Excel evaluates no formulas, so neither
 * can run such a formula. What the LAMBDA does is call the function once per row with that row's
 * single cells, and take one value back: that call shape is evaluated here, row by row beside the
 * one formula over whole columns, as `=MAP(B2:B4, C2:C4, D2:D4, LAMBDA(u, s, d, NYPILOT.HUDSON_BASE_FEE(u, s, d)))`
 * would call it.
 */
test("the per-row calls a BYROW/MAP LAMBDA makes give one value each, the column formula's, row by row", () => {
  const rows: (string | number | null)[][] = [
    ["units", "section", "date", "per row (the LAMBDA's call)", "column formula"],
    [271.43, "Upper", "2026-06-15", "=NYPILOT.HUDSON_BASE_FEE(A2, B2, C2)", "=NYPILOT.HUDSON_BASE_FEE(A2:A4, B2:B4, C2:C4)"],
    [40, 1, "2027-01-01", "=NYPILOT.HUDSON_BASE_FEE(A3, B3, C3)", null],
    ["n/a", 2, "2026-06-15", "=NYPILOT.HUDSON_BASE_FEE(A4, B4, C4)", null],
  ];
  const sheet = buildHyperFormula({ Sheet1: rows });
  try {
    // (xi) Section 2: 271.43 × $21.58 = $5,857.4594 → $5,857.46; (xii) Section 1, 40 units ≤ 50: $1,102.70.
    expect([sheet.value("Sheet1!D2"), sheet.value("Sheet1!D3")]).toEqual([5857.46, 1102.7]);
    expect([sheet.value("Sheet1!E2"), sheet.value("Sheet1!E3")]).toEqual([5857.46, 1102.7]);
    // A bad row is its own error in both shapes.
    expect(isCellError(sheet.value("Sheet1!D4"), ErrorType.VALUE, /"n\/a" are not a number/)).toBe(true);
    expect(isCellError(sheet.value("Sheet1!E4"), ErrorType.VALUE, /"n\/a" are not a number/)).toBe(true);
    // Three per-row calls and one column call.
    expect(sheet.calls.get("HUDSON_BASE_FEE")).toBe(4);
  } finally {
    sheet.destroy();
  }
});
