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
