/**
 * Writes the sample workbooks in docs/ (npm run samples):
 *   sample-quote.xlsx           the quote sheet and Board rates sheet exactly as the task pane's
 *                               "Insert quote" lays them out (src/taskpane/sheet-layout.ts), for a
 *                               two-transit Upper River call, with every formula's value cached
 *                               (the values the layout carries beside its formulas, from the engine);
 *   sample-reconciliation.xlsx  `hudson-pilotage reconcile docs/sample-invoices.csv
 *                               --board-rates docs/sample-board-rates.csv -o …`, run in-process.
 * The cached values come from the engine (the task pane's own quote), never from a spreadsheet
 * engine; test/docs/samples.test.ts recalculates every formula with HyperFormula and the built
 * add-in and compares. Output is deterministic: fixed core-property dates, and a file whose cell
 * contents have not changed is left as it is (the zip's own timestamps would differ).
 *
 * Run from the repository root (the reconciliation's Summary sheet records the paths as given,
 * relative; SOURCE_DATE_EPOCH makes the run reproducible, so no full path of this machine).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_SETTINGS } from "../src/engine";
import { main as cliMain } from "../src/cli/main";
import { loadExcelJs } from "../src/workbook";
import { computePane } from "../src/taskpane/form";
import { quoteSheetLayout } from "../src/taskpane/sheet-layout";
import { quoteWorkbook } from "../src/quote-sheet/workbook";
import { initialState, PaneState } from "../src/taskpane/state";

/** 2026-01-01T00:00:00Z, the samples' created and modified date (seconds since 1970). */
export const SAMPLE_EPOCH_SECONDS = 1_767_225_600;
const SAMPLE_DATE = new Date(SAMPLE_EPOCH_SECONDS * 1000);

export const SAMPLE_FILES = {
  quote: "sample-quote.xlsx",
  reconciliation: "sample-reconciliation.xlsx",
  invoices: "sample-invoices.csv",
  boardRates: "sample-board-rates.csv",
} as const;

/** The repository root: the folder above scripts/ (ts-jest) or above dist-node/scripts/ (compiled). */
export const REPOSITORY_ROOT = ((): string => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "tsconfig.build.json")) && fs.existsSync(path.join(dir, "docs"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`make-samples: no repository root above ${__dirname}`);
  }
})();
export const DOCS_DIR = path.join(REPOSITORY_ROOT, "docs");

// ---------------------------------------------------------------------------------------------
// The sample quote: what a ship agent types into the task pane

/**
 * MV CATSKILL TRADER, 590 ft 6 in × 105 ft × 52 ft, up to Albany (Section 2, Upper River) on
 * 14 September 2026 with 11½ hours of continuous pilotage, and back down on 18 September with 9;
 * the boards' amounts are the README's examples (not the boards' figures).
 */
export function sampleQuoteState(): PaneState {
  const state = initialState();
  state.vessel = {
    name: "MV CATSKILL TRADER",
    imo: "9123453",
    unit: "feet",
    notProvided: false,
    length: { feet: "590", inches: "6", metres: "" },
    breadth: { feet: "105", inches: "", metres: "" },
    depth: { feet: "52", inches: "", metres: "" },
  };
  state.transits = [
    { key: 1, section: "2", date: "2026-09-14", direction: "inbound", hours: "11.5", relievedAtMidRiver: false, anchoredEightHours: false },
    { key: 2, section: "2", date: "2026-09-18", direction: "outbound", hours: "9", relievedAtMidRiver: false, anchoredEightHours: false },
  ];
  state.boardFees = [{ key: 3, from: "2024-01-01", launch: "310.00", communication: "45.50", midriverLaunch: "125.25" }];
  state.boardSurcharge = [{ key: 4, from: "2020-11-20", upTo50: "300.00", over50UpTo100: "360.00", perUnitOver100: "3.60" }];
  state.nextKey = 5;
  return state;
}

/**
 * Writes the sample quote workbook: the quote sheet first, then Board rates, as the task pane
 * leaves them; with `valuesOnly`, the quote sheet alone as "Insert as values" writes it
 * (scripts/libreoffice-check.js opens both).
 */
export async function writeSampleQuote(filePath: string, options: { valuesOnly?: boolean } = {}): Promise<void> {
  const state = sampleQuoteState();
  const result = computePane(state, { ...DEFAULT_SETTINGS });
  if (result.errors.length > 0) throw new Error(`make-samples: the sample quote does not read: ${JSON.stringify(result.errors)}`);
  const layout = quoteSheetLayout(state, result, { valuesOnly: options.valuesOnly === true });
  const workbook = quoteWorkbook(layout, { fees: state.boardFees, surcharge: state.boardSurcharge }, { madeOn: SAMPLE_DATE, madeBy: "scripts/make-samples.ts" });
  await fs.promises.writeFile(filePath, new Uint8Array(await workbook.xlsx.writeBuffer()));
}

// ---------------------------------------------------------------------------------------------
// The sample reconciliation: our own CLI, in-process

/** The CLI arguments that make the sample reconciliation, with paths relative to the repository root. */
export function reconcileArguments(outputPath: string): string[] {
  const relative = (name: string) => path.relative(process.cwd(), path.join(DOCS_DIR, name)).split(path.sep).join("/");
  return ["reconcile", relative(SAMPLE_FILES.invoices), "--board-rates", relative(SAMPLE_FILES.boardRates), "-o", outputPath, "--force"];
}

/** Runs `hudson-pilotage reconcile` on the sample invoices; returns its exit code and summary. */
export async function writeSampleReconciliation(outputPath: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const previous = process.env.SOURCE_DATE_EPOCH;
  process.env.SOURCE_DATE_EPOCH = String(SAMPLE_EPOCH_SECONDS);
  try {
    const code = await cliMain(reconcileArguments(outputPath), { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
    // 1 is expected: the sample invoices have variances. 2 is a bad input.
    if (code === 2) throw new Error(`make-samples: reconcile failed: ${stderr.trim()}`);
    return { code, stdout, stderr };
  } finally {
    if (previous === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = previous;
  }
}

// ---------------------------------------------------------------------------------------------
// Comparing workbooks by content

/** Every non-empty cell of every sheet: value (or formula and cached result) and number format. */
export async function workbookCells(filePath: string): Promise<Record<string, Record<string, unknown>>> {
  const workbook = new (loadExcelJs().Workbook)();
  await workbook.xlsx.readFile(filePath);
  const sheets: Record<string, Record<string, unknown>> = {};
  for (const sheet of workbook.worksheets) {
    const cells: Record<string, unknown> = {};
    sheet.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        // cell.result, not cell.value.result: exceljs's value getter drops a cached 0 or FALSE.
        const content = cell.formula ? { formula: cell.formula, result: cell.result ?? null } : { value: cell.value };
        cells[cell.address] = { ...content, numFmt: cell.numFmt ?? null };
      }),
    );
    sheets[sheet.name] = cells;
  }
  return sheets;
}

/** Every sheet's print and view setup, column widths and hidden (detail) columns: what a print of it depends on. */
export async function workbookPrintSetup(filePath: string): Promise<Record<string, unknown>> {
  const workbook = new (loadExcelJs().Workbook)();
  await workbook.xlsx.readFile(filePath);
  const sheets: Record<string, unknown> = {};
  for (const sheet of workbook.worksheets) {
    const { orientation, fitToPage, fitToWidth, fitToHeight, printTitlesRow } = sheet.pageSetup;
    const columns = (sheet.columns ?? []).map((column) => ({ width: column.width ?? null, hidden: column.hidden === true, outlineLevel: column.outlineLevel ?? 0 }));
    sheets[sheet.name] = { orientation, fitToPage, fitToWidth, fitToHeight, printTitlesRow, views: sheet.views, autoFilter: sheet.autoFilter ?? null, columns };
  }
  return sheets;
}

async function sameCells(a: string, b: string): Promise<boolean> {
  if (!fs.existsSync(a) || !fs.existsSync(b)) return false;
  // The print setup too: a sample whose cells are the same but prints differently is rewritten.
  return JSON.stringify([await workbookCells(a), await workbookPrintSetup(a)]) === JSON.stringify([await workbookCells(b), await workbookPrintSetup(b)]);
}

/**
 * Writes both workbooks into `outDir` (docs/ by default). With `keepUnchanged`, a file whose
 * cells are the same as the one already there is left untouched.
 */
export async function makeSamples(outDir: string = DOCS_DIR, keepUnchanged = true): Promise<string[]> {
  const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), "hudson-samples-"));
  const written: string[] = [];
  try {
    const quote = path.join(scratch, SAMPLE_FILES.quote);
    const reconciliation = path.join(scratch, SAMPLE_FILES.reconciliation);
    await writeSampleQuote(quote);
    await writeSampleReconciliation(reconciliation);
    for (const file of [quote, reconciliation]) {
      const target = path.join(outDir, path.basename(file));
      if (keepUnchanged && (await sameCells(file, target))) continue;
      await fs.promises.copyFile(file, target);
      written.push(target);
    }
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
  return written;
}

if (require.main === module) {
  makeSamples().then(
    (written) => {
      const shown = (file: string) => path.relative(process.cwd(), file);
      process.stdout.write(written.length === 0 ? "docs/ samples unchanged\n" : `wrote ${written.map(shown).join(", ")}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
