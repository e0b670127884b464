/**
 * The sample workbooks in docs/ (README "Samples"), as committed: every formula recalculated by
 * HyperFormula with the built add-in (test/support/hyperformula.ts) must give the value cached in
 * the file; the key amounts are worked by hand from § 89-a below; and regenerating them
 * (scripts/make-samples.ts, `npm run samples`) must give the same cells, so docs/ cannot go stale.
 */
import fs from "fs";
import os from "os";
import path from "path";
import ExcelJS from "exceljs";
import { documentDate } from "../../src/workbook";
import JSZip from "jszip";
import { DOCS_DIR, REPOSITORY_ROOT, SAMPLE_EPOCH_SECONDS, SAMPLE_FILES, workbookCells, workbookPrintSetup, writeSampleQuote, writeSampleReconciliation } from "../../scripts/make-samples";
import { calcPrOf, emptyTextResultsOf } from "../support/xlsx-zip";
import { definedNamesOf, DetailedCellError, EvaluatedValue, hyperFormulaFromWorkbook, readWorkbook } from "../support/hyperformula";

const QUOTE_FILE = path.join(DOCS_DIR, SAMPLE_FILES.quote);
const RECONCILIATION_FILE = path.join(DOCS_DIR, SAMPLE_FILES.reconciliation);
const INVOICES_FILE = path.join(DOCS_DIR, SAMPLE_FILES.invoices);

/** A cell's stored value as a plain value: a formula's cached result, a date as its serial. */
function stored(cell: ExcelJS.Cell): unknown {
  // cell.result, not cell.value.result: exceljs's value getter drops a cached 0 or FALSE.
  const value = cell.formula ? cell.result : cell.value;
  if (value instanceof Date) return value.getTime() / 86_400_000 + 25_569;
  return value ?? null;
}

function same(evaluated: EvaluatedValue, cached: unknown): boolean {
  if (evaluated instanceof DetailedCellError) return typeof cached === "object" && cached !== null && (cached as { error?: string }).error === evaluated.value;
  return evaluated === cached;
}

/**
 * Every formula cell, and every cell an array formula fills: HyperFormula's value must be the
 * one stored in the file. Returns how many cells were compared.
 */
async function expectFormulasMatchCache(file: string): Promise<number> {
  const workbook = await readWorkbook(file);
  const emptyTexts = await emptyTextResultsOf(file);
  // Excel evaluates SUMPRODUCT's arguments (the Summary's ISNUMBER over a column) as arrays; HyperFormula does with array arithmetic on.
  const evaluated = hyperFormulaFromWorkbook(workbook, { config: { useArrayArithmetic: true } });
  const mismatches: string[] = [];
  let compared = 0;
  const compare = (sheet: ExcelJS.Worksheet, cell: ExcelJS.Cell, label: string) => {
    compared += 1;
    const value = evaluated.value(`'${sheet.name}'!${cell.address}`);
    // A cached empty text (a line-item row the quote does not fill) exceljs reads back as null.
    const cached = stored(cell) === null && emptyTexts.has(`${sheet.name}!${cell.address}`) ? "" : stored(cell);
    if (!same(value, cached)) {
      mismatches.push(`${sheet.name}!${cell.address} ${label}: HyperFormula ${String(value)}${value instanceof DetailedCellError ? ` (${value.message})` : ""}, cached ${JSON.stringify(cached)}`);
    }
  };
  try {
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (!cell.formula) return;
          compare(sheet, cell, `=${cell.formula}`);
          const array = cell.value as { shareType?: string; ref?: string };
          if (array.shareType !== "array" || !array.ref) return;
          const [from, to] = array.ref.split(":").map((address) => sheet.getCell(address));
          for (let r = Number(from.row); r <= Number(to.row); r++) {
            for (let c = Number(from.col); c <= Number(to.col); c++) {
              if (r !== Number(from.row) || c !== Number(from.col)) compare(sheet, sheet.getCell(r, c), `in the array of ${cell.address}`);
            }
          }
        }),
      );
    }
  } finally {
    evaluated.destroy();
  }
  expect(mismatches).toEqual([]);
  return compared;
}

describe("docs/sample-quote.xlsx", () => {
  let workbook: ExcelJS.Workbook;
  let quote: ExcelJS.Worksheet;
  const at = (address: string) => stored(quote.getCell(address));

  beforeAll(async () => {
    workbook = await readWorkbook(QUOTE_FILE);
    quote = workbook.worksheets[0];
  });

  test("every formula, and every cell of each quote's line items, recalculates to its cached value", async () => {
    // VERSION, PILOTAGE_UNITS, 2 × (CLAUSE, TOTAL, the line items' 9 × 3 cells, each its own INDEX of
    // HUDSON_QUOTE (header, six lines, a warning that the fee row of 2024-01-01 is more than 13 months
    // old (D20), total), then the row that says whether the quote has more lines), SUM.
    expect(await expectFormulasMatchCache(QUOTE_FILE)).toBe(1 + 1 + 2 * (1 + 1 + 9 * 3 + 1) + 1);
  });

  test("no array formula: LibreOffice and Excel without the add-in recalculate those on opening (#NAME?); a plain formula keeps its cached value", () => {
    const arrays: string[] = [];
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row) => row.eachCell((cell) => (cell.value as { shareType?: string } | null)?.shareType === "array" && arrays.push(`${sheet.name}!${cell.address}`)));
    }
    expect(arrays).toEqual([]);
    // Row 9 of the first transit's block (A35) is its total: INDEX of the quote's row 9, column 1.
    expect(at("A35")).toBe("Total");
    expect(quote.getCell("A35").formula).toMatch(/^IF\(ROWS\(NYPILOT\.HUDSON_QUOTE\(\$B\$13,C17,.*\)\)<9,"",INDEX\(NYPILOT\.HUDSON_QUOTE\(.*\),9,1\)\)$/);
    // Below the 9 rows, the row that would say the quote has grown (an input changed) says it has not.
    expect([at("A36"), at("E36")]).toEqual(["All of transit 1's lines are shown.", "All of transit 2's lines are shown."]);
  });

  test("the task pane's layout: the quote sheet named for the vessel and first date, then the Board rates sheet", () => {
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["MV CATSKILL TRADER 2026-09-14", "Board rates"]);
    expect(quote.getCell("B13").formula).toBe("NYPILOT.PILOTAGE_UNITS(B9,B10,B11,B12)");
    expect(quote.getCell("I17").formula).toBe("NYPILOT.HUDSON_TOTAL($B$13,C17,D17,E17,F17,G17,NYPILOT_BoardFees,NYPILOT_BoardSurcharge)");
    // The two names over the Board rates sheet's blocks (the pane makes them Excel tables).
    expect(definedNamesOf(workbook)).toEqual([
      { name: "NYPILOT_BoardFees", expression: "='Board rates'!$A$5:$D$104" },
      { name: "NYPILOT_BoardSurcharge", expression: "='Board rates'!$F$5:$I$104" },
    ]);
    expect(quote.getCell("I19").formula).toBe("SUM(I17:I18)");
    const board = workbook.getWorksheet("Board rates") as ExcelJS.Worksheet;
    // 2024-01-01 is serial 45292; 2020-11-20 is serial 44155.
    expect([5, 6].map((row) => ["A", "B", "C", "D"].map((column) => stored(board.getCell(`${column}${row}`))))).toEqual([[45292, 310, 45.5, 125.25], [null, null, null, null]]);
    expect(["F5", "G5", "H5", "I5"].map((address) => stored(board.getCell(address)))).toEqual([44155, 300, 360, 3.6]);
  });

  test("the amounts, worked by hand from § 89-a", () => {
    // 590 ft 6 in = 590.5 ft. Units (§ 89-a(4)(b)(2)): 590.5 × 105 × 52 ÷ 10,000 = 62,002.5 × 52 ÷ 10,000 = 3,224,130 ÷ 10,000 = 322.413
    expect(at("B13")).toBe(322.413);
    // 14 and 18 September 2026: clause (xi), in force from 1 January 2026.
    expect(at("H17")).toBe("§ 89-a(4)(b)(1)(xi)");
    expect(at("H18")).toBe("§ 89-a(4)(b)(1)(xi)");
    // Base, Section 2 under (xi), 100 units and over (≤ 500 maximum): 322.413 × $21.58 = $6,957.67254 → $6,957.67
    expect(at("B28")).toBe(6957.67);
    expect(at("F28")).toBe(6957.67);
    // Surcharge after the sixty statutory months: the surcharge board's row of 2020-11-20, over 100 units
    // $3.60 on every unit: 322.413 × $3.60 = $1,160.6868 → $1,160.69
    expect(at("B29")).toBe(1160.69);
    // Second pilot, inbound 11.5 h > 10 h (§ 89-a(4)(b)(1-a)): 50% × $6,957.67 = $3,478.835 → $3,478.84 (half up);
    // outbound 9 h: none.
    expect(at("B30")).toBe(3478.84);
    expect(at("F30")).toBe(0);
    // Board fees, Section 2: launch $310.00 + communication $45.50 + mid-river launch $125.25 = $480.75
    expect([at("B31"), at("B32"), at("B33")]).toEqual([310, 45.5, 125.25]);
    // Inbound: 6,957.67 + 1,160.69 + 3,478.84 + 480.75 = $12,077.95; outbound: 6,957.67 + 1,160.69 + 480.75 = $8,599.11
    // Row 34 of each spilled quote is the warning: the fee row from 2024-01-01 plus 13 months is 2025-02-01,
    // before 14 and 18 September 2026 ((1-a), D20); the totals are on row 35.
    expect([at("A34"), at("E34")]).toEqual(["Warning", "Warning"]);
    expect(at("C34")).toMatch(/^The board's fees used are from 2024-01-01, more than 13 months before 2026-09-14: .*D20/);
    expect(at("G34")).toMatch(/^The board's fees used are from 2024-01-01, more than 13 months before 2026-09-18: .*D20/);
    expect([at("I17"), at("B35")]).toEqual([12077.95, 12077.95]);
    expect([at("I18"), at("F35")]).toEqual([8599.11, 8599.11]);
    // Grand total: 12,077.95 + 8,599.11 = $20,677.06, and the task pane's own total beside it agrees.
    expect(at("I19")).toBe(20677.06);
    expect(at("B22")).toBe(20677.06);
  });
});

describe("docs/sample-reconciliation.xlsx", () => {
  let workbook: ExcelJS.Workbook;
  let sheet: ExcelJS.Worksheet;
  let headers: string[];
  /** The output row of an invoice (the malformed input row is skipped, so rows shift after it). */
  const rowOf = (invoice: string): ExcelJS.Row => {
    for (let r = 2; r <= sheet.rowCount; r++) if (sheet.getRow(r).getCell(1).value === invoice) return sheet.getRow(r);
    throw new Error(`no row for ${invoice}`);
  };
  const value = (invoice: string, header: string) => {
    const column = headers.indexOf(header);
    if (column < 0) throw new Error(`no column ${header}`);
    return stored(rowOf(invoice).getCell(column + 1));
  };

  beforeAll(async () => {
    workbook = await readWorkbook(RECONCILIATION_FILE);
    sheet = workbook.getWorksheet("Reconciliation") as ExcelJS.Worksheet;
    headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  });

  test("every formula recalculates to its cached value", async () => {
    expect(await expectFormulasMatchCache(RECONCILIATION_FILE)).toBeGreaterThan(19 * 10);
  });

  test("the overbilled and underbilled invoices are flagged with the hand-worked variances; the others match", () => {
    // HRP-26-0103, 188.40 units, Lower, 2026-01-22: under (xi) 188.40 × $15.32 = $2,886.288 → $2,886.29; billed at
    // the 2025 rate of (x), 188.40 × $14.87 = $2,801.508 → $2,801.51: $84.78 under.
    expect([value("HRP-26-0103", "Computed base pilotage"), value("HRP-26-0103", "Variance base pilotage"), value("HRP-26-0103", "Variance")]).toEqual([2886.29, -84.78, -84.78]);
    // HRP-26-0106, 620 units, Upper: the 500-unit maximum, 500 × $21.58 = $10,790.00 (billed 620 × $21.58 = $13,379.60,
    // $2,589.60 over); second pilot 50% × $10,790.00 = $5,395.00 (billed $6,689.80, $1,294.80 over); the surcharge has
    // no maximum, 620 × $3.60 = $2,232.00, billed right. Total over: 2,589.60 + 1,294.80 = $3,884.40.
    expect(["Computed base pilotage", "Computed second pilot", "Computed surcharge", "Variance"].map((h) => value("HRP-26-0106", h))).toEqual([10790, 5395, 2232, 3884.4]);
    // HRP-26-0107, 10 hours: not more than ten, so no second pilot; billed 50% × (275.50 × $21.58 = $5,945.29) = $2,972.65 over.
    expect([value("HRP-26-0107", "Computed second pilot"), value("HRP-26-0107", "Variance")]).toEqual([0, 2972.65]);
    // HRP-26-0109, Lower River: the mid-river launch fee is for Section 2 only: $125.25 over.
    expect([value("HRP-26-0109", "Computed mid-river launch fee"), value("HRP-26-0109", "Variance")]).toEqual([0, 125.25]);
    // HRP-26-0114, 268.80 units: the surcharge over 100 units is on every unit, 268.80 × $3.60 = $967.68; billed on
    // the units over 100 only, 168.80 × $3.60 = $607.68: $360.00 under.
    expect([value("HRP-26-0114", "Computed surcharge"), value("HRP-26-0114", "Variance")]).toEqual([967.68, -360]);

    const flagged = ["HRP-26-0103", "HRP-26-0106", "HRP-26-0107", "HRP-26-0109", "HRP-26-0114"];
    const invoices: string[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) invoices.push(String(sheet.getRow(r).getCell(1).value));
    expect(invoices).toHaveLength(19);
    for (const invoice of invoices) expect([invoice, value(invoice, "Flag")]).toEqual([invoice, flagged.includes(invoice)]);

    // A matching row: HRP-26-0102, 312.75 units, Upper, 11 h: 312.75 × $21.58 = $6,749.145 → $6,749.15; surcharge
    // 312.75 × $3.60 = $1,125.90; second pilot 50% × $6,749.15 = $3,374.575 → $3,374.58; fees $480.75;
    // total 6,749.15 + 1,125.90 + 3,374.58 + 480.75 = $11,730.38.
    expect(["Computed base pilotage", "Computed surcharge", "Computed second pilot", "Computed total", "Variance"].map((h) => value("HRP-26-0102", h))).toEqual([
      6749.15, 1125.9, 3374.58, 11730.38, 0,
    ]);
    // HRP-26-0113, exactly 100 units (D4: the per-unit rate): 100 × $21.58 = $2,158.00; surcharge band 51–100: $360.00.
    expect([value("HRP-26-0113", "Computed base pilotage"), value("HRP-26-0113", "Computed surcharge")]).toEqual([2158, 360]);
  });

  test("the summary: the malformed row skipped and counted, the totals over the rows checked", () => {
    const summary = workbook.getWorksheet("Summary") as ExcelJS.Worksheet;
    const items = new Map<string, unknown>();
    summary.eachRow((row, n) => n > 1 && items.set(String(row.getCell(1).value), stored(row.getCell(2))));
    // The CSV: a header, 19 invoices and one row with a stray quote (line 12).
    expect([items.get("Rows"), items.get("Rows read"), items.get("Malformed rows (skipped)"), items.get("Malformed row numbers"), items.get("Rows flagged"), items.get("Rows matched")]).toEqual([
      20, 19, 1, "1 (row 12)", 5, 14,
    ]);
    // Billed: the "Invoice total" column of the 19 readable rows, summed here in cents from the committed CSV.
    const lines = fs.readFileSync(INVOICES_FILE, "utf8").trim().split(/\r?\n/).slice(1);
    const readable = lines.filter((line) => !line.includes('"'));
    expect(readable).toHaveLength(19);
    const billedCents = readable.reduce((sum, line) => sum + Math.round(Number(line.split(",").at(-1)) * 100), 0);
    expect(items.get("Billed (rows matched or flagged)")).toBe(billedCents / 100);
    // Variance = −84.78 + 3,884.40 + 2,972.65 + 125.25 − 360.00 = $6,537.52; computed = billed − variance.
    expect(items.get("Variance (the flagged rows' variances)")).toBe(6537.52);
    expect(items.get("Computed (rows matched or flagged)")).toBe((billedCents - 653752) / 100);
  });
});

describe("regenerating the samples", () => {
  let folder: string;
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "samples-test-"));
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  test("the quote workbook: the same cells and print setup as the committed one", async () => {
    const file = path.join(folder, SAMPLE_FILES.quote);
    await writeSampleQuote(file);
    expect(await workbookCells(file)).toEqual(await workbookCells(QUOTE_FILE));
    expect(await workbookPrintSetup(file)).toEqual(await workbookPrintSetup(QUOTE_FILE));
  });

  test("the reconciliation workbook: the same cells as the committed one", async () => {
    const file = path.join(folder, SAMPLE_FILES.reconciliation);
    const run = await writeSampleReconciliation(file);
    // 1: variances found, as the sample intends.
    expect(run.code).toBe(1);
    expect(await workbookCells(file)).toEqual(await workbookCells(RECONCILIATION_FILE));
    expect(await workbookPrintSetup(file)).toEqual(await workbookPrintSetup(RECONCILIATION_FILE));
    // Made here, in a temporary folder: still no path of this machine in it.
    expect(await absolutePathsIn(file, [folder])).toEqual([]);
  });

  test("fixed core-property dates, so regeneration does not change them", async () => {
    for (const file of [QUOTE_FILE, RECONCILIATION_FILE]) {
      const workbook = await readWorkbook(file);
      expect([workbook.created, workbook.modified]).toEqual([new Date(SAMPLE_EPOCH_SECONDS * 1000), new Date(SAMPLE_EPOCH_SECONDS * 1000)]);
    }
    // 1,767,225,600 s = 20,454 days × 86,400 s: 2026-01-01 (the reproducible-builds SOURCE_DATE_EPOCH).
    expect(documentDate({ SOURCE_DATE_EPOCH: "1767225600" }).toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(() => documentDate({ SOURCE_DATE_EPOCH: "yesterday" })).toThrow(/SOURCE_DATE_EPOCH/);
    expect(Math.abs(documentDate({}).getTime() - Date.now())).toBeLessThan(60_000);
  });

  test("the committed files carry today's Excel calculation engine id, so Excel keeps the cached values on open", async () => {
    // 191029 = Excel 2019 / Microsoft 365; a lower id makes Excel recalculate everything on open,
    // and without the add-in every NYPILOT cell would then read #NAME?.
    for (const file of [QUOTE_FILE, RECONCILIATION_FILE]) expect(await calcPrOf(file)).toBe('<calcPr calcId="191029"/>');
  });
});

/** Every part of the zip that names one of `paths` (or the repository's folder, or the home folder). */
async function absolutePathsIn(file: string, paths: readonly string[] = []): Promise<string[]> {
  const zip = await JSZip.loadAsync(fs.readFileSync(file));
  const found: string[] = [];
  for (const [name, entry] of Object.entries(zip.files)) {
    if (entry.dir) continue;
    const text = await entry.async("string");
    for (const where of [REPOSITORY_ROOT, os.homedir(), os.tmpdir(), ...paths]) if (text.includes(where)) found.push(`${name}: ${where}`);
  }
  return found;
}

describe("the samples print as the product prints (landscape, one page wide, the header row on each page)", () => {
  test.each([
    [SAMPLE_FILES.quote, "MV CATSKILL TRADER 2026-09-14", 16],
    [SAMPLE_FILES.reconciliation, "Reconciliation", 1],
    [SAMPLE_FILES.reconciliation, "Summary", 1],
    [SAMPLE_FILES.reconciliation, "Board rates", 4],
  ])("%s, sheet %s: header row %i", async (file, sheetName, headerRow) => {
    const setup = (await workbookPrintSetup(path.join(DOCS_DIR, file)))[sheetName] as Record<string, unknown>;
    expect(setup).toMatchObject({ orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: `${headerRow}:${headerRow}` });
    // Frozen at the header row and the first column, with an autofilter starting on the header row.
    expect((setup.views as { state: string; xSplit: number; ySplit: number }[])[0]).toMatchObject({ state: "frozen", xSplit: 1, ySplit: headerRow });
    expect(String(setup.autoFilter)).toMatch(new RegExp(`^A${headerRow}:`));
  });

  test("the reconciliation shows and prints the columns a reader needs; the details are grouped and collapsed", async () => {
    const workbook = await readWorkbook(RECONCILIATION_FILE);
    const sheet = workbook.getWorksheet("Reconciliation") as ExcelJS.Worksheet;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const shown = headers.filter((_header, index) => sheet.getColumn(index + 1).hidden !== true);
    expect(shown).toEqual(["Invoice no.", "Vessel", "Transit date", "Invoice total", "Computed total", "Variance", "Flag", "Note"]);
    const detail = headers.filter((_header, index) => sheet.getColumn(index + 1).hidden === true);
    // The invoice's own measurements and billed charges, each computed charge and its variance, the status and input row.
    expect(detail).toEqual(expect.arrayContaining(["River section", "Pilotage units", "Billed surcharge", "Computed base pilotage", "Variance surcharge", "Status", "Input row"]));
    expect(shown.length + detail.length).toBe(headers.length);
    for (const name of detail) expect([name, sheet.getColumn(headers.indexOf(name) + 1).outlineLevel]).toEqual([name, 1]);
  });

  test("no absolute path of the machine that made them, in any part of either file", async () => {
    for (const file of [QUOTE_FILE, RECONCILIATION_FILE]) expect(await absolutePathsIn(file)).toEqual([]);
    const summary = (await readWorkbook(RECONCILIATION_FILE)).getWorksheet("Summary") as ExcelJS.Worksheet;
    const items: string[] = [];
    summary.eachRow((row) => items.push(String(row.getCell(1).value)));
    expect(items).toEqual(expect.arrayContaining(["Input", "Board rates"]));
    expect(items.filter((item) => /full path/.test(item))).toEqual([]);
  });
});
