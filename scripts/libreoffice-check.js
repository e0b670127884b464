#!/usr/bin/env node
/**
 * The workbooks we write, opened in a real program without the add-in: LibreOffice Calc, headless.
 * Not part of `npm test` (which needs nothing but Node); CI runs it in its own step after
 * `apt-get install -y libreoffice-calc-nogui`. Needs the CLI built (`npm run build:cli`).
 *
 * For every .xlsx in docs/, the task pane's "Insert as values" quote (scripts/make-samples.ts), and
 * every .xlsx the CLI writes here (reconcile from CSV and from .xlsx, with and without board rates,
 * --values-only, batch):
 *   1. as written: LibreOffice, told never to recalculate on load, must show every cell as we
 *      cached it (so a workbook opens readable without the add-in);
 *   2. recalculated, NYPILOT.* cells replaced by their cached values: every native formula
 *      (variances, flag, status, summary) must give the value we cached;
 *   3. recalculated as it is (NYPILOT.* unknown, #NAME?): no Flag cell may turn TRUE that we did
 *      not cache TRUE, and no Flag or Status cell may be an error.
 *   4. recalculated without the add-in: every NYPILOT.* cell shows #NAME?, or its cached value where
 *      its formula takes a native branch for the row (never another value);
 *   5. the samples and a reconciliation, printed to PDF: one landscape page a sheet (one page wide).
 * Prints one line per file and pass; exits 1 on any mismatch, naming the cell.
 *
 * Warnings (pass 1) are cells LibreOffice re-evaluates on load whatever the setting, so that without
 * the add-in they show #NAME? instead of what we cached: array formulas. We write none (the quote's
 * line items are one INDEX formula per cell, src/taskpane/sheet-layout.ts), so a warning is a
 * regression. Three kinds are deliberate and counted apart, not as warnings, each because LibreOffice
 * re-evaluates the cell on load whatever the setting: a cell whose cached value is an error (a board
 * amount not entered: #N/A), shown as an error (#NAME?) — an error for an error, the row's Note says
 * why; a Status cell that depends on one, which still reads "not checked: …" (now naming the add-in
 * as the reason); and a formula whose cached value is empty text (a quote's Warning row has no
 * Amount), shown as #NAME? where the quote shows nothing.
 *
 * Usage: node scripts/libreoffice-check.js [--keep DIR]   (SOFFICE=/path/to/soffice to choose the program)
 */
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const ExcelJS = require("exceljs");
const JSZip = require("jszip");

const ROOT = path.resolve(__dirname, "..");
const BIN = path.join(ROOT, "bin", "hudson-pilotage.js");
const SOFFICE = process.env.SOFFICE || "soffice";
// Text CSV, UTF-8, raw values (not "as shown"), every sheet to its own file (LibreOffice 7.2+).
const CSV_FILTER = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1";

function fail(message) {
  console.error(`libreoffice-check: ${message}`);
  process.exit(1);
}

/** A LibreOffice profile whose OOXML recalculation on load is always (0) or never (1). */
function profile(dir, recalcMode) {
  const user = path.join(dir, "user");
  fs.mkdirSync(user, { recursive: true });
  fs.writeFileSync(
    path.join(user, "registrymodifications.xcu"),
    `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>${recalcMode}</value></prop></item>
</oor:items>
`,
  );
  return `file://${dir}`;
}

/** Every sheet of the workbook as LibreOffice shows it: { sheetName: rows of cell texts }. */
function libreOfficeSheets(file, profileUrl, outDir, sheetNames) {
  fs.mkdirSync(outDir, { recursive: true });
  const run = spawnSync(SOFFICE, [`-env:UserInstallation=${profileUrl}`, "--headless", "--norestore", "--convert-to", CSV_FILTER, "--outdir", outDir, file], {
    encoding: "utf8",
    timeout: 180_000,
  });
  if (run.status !== 0) fail(`soffice could not convert ${file}: ${run.stderr || run.error}`);
  const base = path.basename(file, ".xlsx");
  const sheets = {};
  for (const name of sheetNames) {
    const csv = path.join(outDir, sheetNames.length === 1 ? `${base}.csv` : `${base}-${name}.csv`);
    const alternative = path.join(outDir, `${base}-${name}.csv`);
    const found = fs.existsSync(csv) ? csv : alternative;
    if (!fs.existsSync(found)) fail(`soffice wrote no CSV for sheet ${JSON.stringify(name)} of ${file} (in ${outDir}: ${fs.readdirSync(outDir).join(", ")})`);
    sheets[name] = parseCsv(fs.readFileSync(found, "utf8"));
  }
  return sheets;
}

/** RFC 4180: fields separated by commas, quoted with "" for a quote; records by LF or CRLF. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * The formula cells whose cached result is empty text (t="str", empty <v>), as "Sheet!A45":
 * exceljs reads that result back as none, which is not a formula written without its value.
 */
async function emptyTextResults(file) {
  const zip = await JSZip.loadAsync(fs.readFileSync(file));
  const workbookXml = (await zip.file("xl/workbook.xml")?.async("string")) ?? "";
  const relsXml = (await zip.file("xl/_rels/workbook.xml.rels")?.async("string")) ?? "";
  const targets = new Map([...relsXml.matchAll(/<Relationship\b[^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map((m) => [m[1], m[2].replace(/^\/?(xl\/)?/, "")]));
  const found = new Set();
  for (const sheet of workbookXml.matchAll(/<sheet\b[^>]*?name="([^"]+)"[^>]*?r:id="([^"]+)"/g)) {
    const name = sheet[1].replace(/&amp;/g, "&").replace(/&apos;/g, "'").replace(/&quot;/g, '"');
    const xml = (await zip.file(`xl/${targets.get(sheet[2])}`)?.async("string")) ?? "";
    for (const cell of xml.matchAll(/<c\b[^>]*?r="([A-Z]+\d+)"[^>]*?t="str"[^>]*>\s*<f>[^<]*<\/f>\s*(?:<v\s*\/>|<v><\/v>)\s*<\/c>/g)) found.add(`${name}!${cell[1]}`);
  }
  return found;
}

/** What we stored in a cell: a formula's cached result, or the value. */
function storedValue(cell, emptyTexts = new Set()) {
  if ((cell.formula || cell.sharedFormula) && cell.result === undefined && emptyTexts.has(`${cell.worksheet.name}!${cell.address}`)) return "";
  const value = cell.formula || cell.sharedFormula ? cell.result : cell.value;
  if (value && typeof value === "object" && "richText" in value) return value.richText.map((run) => run.text).join("");
  if (value && typeof value === "object" && "formula" in value) return value.result;
  return value;
}

function isoDate(date) {
  return date.toISOString().slice(0, 10);
}

/** Does LibreOffice's text show the value we stored? */
function sameShown(stored, shown) {
  if (stored === undefined || stored === null) return shown === "";
  if (stored instanceof Date) return shown === isoDate(stored) || shown.startsWith(isoDate(stored));
  if (typeof stored === "boolean") return shown === (stored ? "TRUE" : "FALSE");
  if (typeof stored === "number") {
    const number = Number(shown);
    return shown !== "" && Number.isFinite(number) && Math.abs(number - stored) <= 1e-9 * Math.max(1, Math.abs(stored));
  }
  if (typeof stored === "object" && "error" in stored) return shown === stored.error;
  return shown === String(stored);
}

function describe(value) {
  return value instanceof Date ? isoDate(value) : JSON.stringify(value);
}

const isErrorText = (text) => text.startsWith("#") || text.startsWith("Err:");

/** The cells of the sheet's array formulas (anchor and the cells they fill), by address. */
function arrayCells(sheet) {
  const cells = new Set();
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      const value = cell.value;
      if (!value || typeof value !== "object" || value.shareType !== "array" || !value.ref) return;
      const [from, to = from] = value.ref.split(":").map((address) => sheet.getCell(address));
      for (let r = Number(from.row); r <= Number(to.row); r++) for (let c = Number(from.col); c <= Number(to.col); c++) cells.add(sheet.getCell(r, c).address);
    }),
  );
  return cells;
}

/**
 * Cells of our workbook compared with LibreOffice's; `only` picks cells (default every cell).
 * LibreOffice re-evaluates some cells on load whatever the setting: array formulas and cells whose
 * cached value is an error (and what depends on them). Without the add-in such a cell shows an
 * error (#NAME?); that is counted as `reevaluated` (a warning), not a mismatch, where it keeps its
 * meaning: an error for an error, "not checked" for "not checked", or any error in an array formula.
 */
function compare(workbook, shownSheets, emptyTexts, only = () => true) {
  const mismatches = [];
  const reevaluated = [];
  const errorsKept = [];
  let compared = 0;
  for (const sheet of workbook.worksheets) {
    const shown = shownSheets[sheet.name] || [];
    const inArray = arrayCells(sheet);
    sheet.eachRow((row, rowNumber) =>
      row.eachCell((cell, columnNumber) => {
        if (!only(sheet, cell)) return;
        const stored = storedValue(cell, emptyTexts);
        if ((cell.formula || cell.sharedFormula) && stored === undefined) {
          mismatches.push(`${sheet.name}!${cell.address}: a formula without a cached value`);
          return;
        }
        const text = (shown[rowNumber - 1] || [])[columnNumber - 1] ?? "";
        compared++;
        if (sameShown(stored, text)) return;
        const storedError = stored !== null && typeof stored === "object" && "error" in stored;
        const notChecked = typeof stored === "string" && stored.startsWith("not checked") && text.startsWith("not checked");
        const line = `${sheet.name}!${cell.address}: LibreOffice shows ${JSON.stringify(text)}, we stored ${describe(stored)}`;
        if (isErrorText(text) && inArray.has(cell.address)) {
          reevaluated.push(line);
          return;
        }
        // Deliberate (see the header): an error stays an error; a row not checked stays "not checked".
        if ((isErrorText(text) && (storedError || stored === "")) || notChecked) {
          errorsKept.push(line);
          return;
        }
        mismatches.push(`${sheet.name}!${cell.address}${cell.formula ? ` =${cell.formula.slice(0, 80)}` : ""}: LibreOffice shows ${JSON.stringify(text)}, we stored ${describe(stored)}`);
      }),
    );
  }
  return { compared, mismatches, reevaluated, errorsKept };
}

/** The workbooks whose print is checked page by page: the samples, and a reconciliation the CLI writes. */
const printChecked = (file) => path.dirname(file) === path.join(ROOT, "docs") || path.basename(file) === "reconcile-sample.xlsx";

const usesAddIn = (cell) => typeof cell.formula === "string" && /NYPILOT\./i.test(cell.formula);

/** A copy of the workbook with every NYPILOT.* formula replaced by its cached value: what the add-in would give. */
async function withAddInValues(file, copy) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  let replaced = 0;
  for (const sheet of workbook.worksheets) {
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (!usesAddIn(cell)) return;
        const value = storedValue(cell);
        cell.value = value === undefined ? null : value;
        replaced++;
      }),
    );
  }
  await workbook.xlsx.writeFile(copy);
  return replaced;
}

/** The pages LibreOffice prints the workbook on (every sheet, its own print setup), as { width, height } in points. */
async function printedPages(file, profileUrl, outDir) {
  fs.mkdirSync(outDir, { recursive: true });
  const run = spawnSync(SOFFICE, [`-env:UserInstallation=${profileUrl}`, "--headless", "--norestore", "--convert-to", "pdf", "--outdir", outDir, file], { encoding: "utf8", timeout: 180_000 });
  const pdfFile = path.join(outDir, `${path.basename(file, ".xlsx")}.pdf`);
  if (run.status !== 0 || !fs.existsSync(pdfFile)) fail(`soffice could not print ${file} to PDF: ${run.stderr || run.error}`);
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await getDocument({ data: new Uint8Array(fs.readFileSync(pdfFile)), disableFontFace: true, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const [x0, y0, x1, y1] = (await pdf.getPage(number)).view;
    pages.push({ width: x1 - x0, height: y1 - y0 });
  }
  return pages;
}

/** The columns headed "Flag" and "Status" of a sheet (header in row 1). */
function headedColumns(sheet, header) {
  const columns = [];
  sheet.getRow(1).eachCell((cell, column) => {
    if (cell.value === header) columns.push(column);
  });
  return columns;
}

function cliOutputs(work) {
  if (!fs.existsSync(path.join(ROOT, "dist-node"))) fail("the CLI is not built: run `npm run build:cli` first");
  const docs = (name) => path.join(ROOT, "docs", name);
  const fixtures = (name) => path.join(ROOT, "test", "fixtures", "invoices", name);
  const out = (name) => path.join(work, name);
  const runs = [
    ["reconcile", docs("sample-invoices.csv"), "--board-rates", docs("sample-board-rates.csv"), "-o", out("reconcile-sample.xlsx")],
    ["reconcile", docs("sample-invoices.csv"), "-o", out("reconcile-no-board-rates.xlsx")],
    ["reconcile", docs("sample-invoices.csv"), "--board-rates", docs("sample-board-rates.csv"), "--values-only", "-o", out("reconcile-values-only.xlsx")],
    ["batch", docs("sample-invoices.csv"), "--board-rates", docs("sample-board-rates.csv"), "-o", out("batch-sample.xlsx")],
  ];
  if (fs.existsSync(fixtures("README.md"))) {
    for (const name of fs.readdirSync(fixtures("."))) {
      if (!/\.(csv|xlsx)$/.test(name) || /rates/.test(name)) continue;
      const extra = /day-first/.test(name) ? ["--date-format", "DD/MM/YYYY"] : [];
      runs.push(["reconcile", fixtures(name), "--board-rates", fixtures("board-rates.csv"), ...extra, "-o", out(`reconcile-${path.basename(name).replace(/\.\w+$/, "")}.xlsx`)]);
    }
  }
  // The task pane's "Insert as values" quote sheet, as scripts/make-samples.ts lays it out.
  const valuesQuote = out("quote-values-only.xlsx");
  const made = spawnSync(process.execPath, ["-e", `require(${JSON.stringify(path.join(ROOT, "dist-node", "scripts", "make-samples.js"))}).writeSampleQuote(${JSON.stringify(valuesQuote)}, { valuesOnly: true }).catch((e) => { console.error(e); process.exit(1); })`], { encoding: "utf8" });
  if (made.status !== 0) fail(`the values-only quote could not be written: ${made.stderr.trim()}`);
  const files = [valuesQuote];
  for (const args of runs) {
    const run = spawnSync(process.execPath, [BIN, ...args, "--force"], { encoding: "utf8", cwd: work });
    // 0 all matched, 1 variances or rows not checked: both write the file; 2 and 3 are failures here.
    if (run.status !== 0 && run.status !== 1) fail(`hudson-pilotage ${args.join(" ")} exited ${run.status}: ${run.stderr.trim()}`);
    files.push(args[args.indexOf("-o") + 1]);
  }
  return files;
}

async function main() {
  const keepAt = process.argv.indexOf("--keep");
  const work = keepAt > 0 ? path.resolve(process.argv[keepAt + 1]) : fs.mkdtempSync(path.join(os.tmpdir(), "libreoffice-check-"));
  fs.mkdirSync(work, { recursive: true });
  const version = spawnSync(SOFFICE, ["--version"], { encoding: "utf8" });
  if (version.status !== 0) fail(`LibreOffice (${SOFFICE}) is not installed: apt-get install -y libreoffice-calc-nogui`);
  console.log(`libreoffice-check: ${version.stdout.trim()}`);
  const never = profile(path.join(work, "profile-never"), 1);
  const always = profile(path.join(work, "profile-always"), 0);
  const files = [
    ...fs.readdirSync(path.join(ROOT, "docs")).filter((name) => name.endsWith(".xlsx")).map((name) => path.join(ROOT, "docs", name)),
    ...cliOutputs(work),
  ];
  let failures = 0;
  let warnings = 0;
  let kept = 0;
  const report = (file, pass, result) => {
    const name = path.relative(ROOT, file).startsWith("..") ? path.basename(file) : path.relative(ROOT, file);
    const again = result.reevaluated ?? [];
    const errors = result.errorsKept ?? [];
    console.log(
      `${result.mismatches.length === 0 ? "ok  " : "FAIL"} ${name} — ${pass}: ${result.compared} cells${result.mismatches.length ? `, ${result.mismatches.length} differ` : ""}` +
        (again.length ? `; WARNING ${again.length} array-formula cells re-evaluated by LibreOffice on load, shown without the add-in as errors` : "") +
        (errors.length ? `; ${errors.length} cells with a cached error or empty text (and the Status beside them) re-evaluated on load, deliberately: still an error, still "not checked"` : ""),
    );
    for (const line of result.mismatches.slice(0, 20)) console.log(`       ${line}`);
    if (result.mismatches.length > 20) console.log(`       … and ${result.mismatches.length - 20} more`);
    for (const line of again.slice(0, 3)) console.log(`       warning: ${line}`);
    warnings += again.length;
    kept += errors.length;
    failures += result.mismatches.length;
  };
  for (const [index, file] of files.entries()) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const names = workbook.worksheets.map((sheet) => sheet.name);
    const scratch = path.join(work, `file-${index}`);

    // 1. As written, not recalculated.
    const emptyTexts = await emptyTextResults(file);
    report(file, "as written", compare(workbook, libreOfficeSheets(file, never, path.join(scratch, "as-written"), names), emptyTexts));

    // 2. Recalculated with the add-in's values in place of the NYPILOT cells.
    const copy = path.join(scratch, path.basename(file));
    const replaced = await withAddInValues(file, copy);
    const recalculated = libreOfficeSheets(copy, always, path.join(scratch, "recalculated"), names);
    report(file, `recalculated, ${replaced} NYPILOT cells as values`, compare(workbook, recalculated, emptyTexts, (sheet, cell) => Boolean(cell.formula) && !usesAddIn(cell)));

    // 3. Recalculated without the add-in: never a new flag, never an error in Flag or Status.
    const without = libreOfficeSheets(file, always, path.join(scratch, "without-add-in"), names);
    const mismatches = [];
    let compared = 0;
    for (const sheet of workbook.worksheets) {
      const rows = without[sheet.name] || [];
      for (const [header, column] of [...headedColumns(sheet, "Flag").map((c) => ["Flag", c]), ...headedColumns(sheet, "Status").map((c) => ["Status", c])]) {
        for (let row = 2; row <= sheet.rowCount; row++) {
          const cell = sheet.getRow(row).getCell(column);
          if (!cell.formula) continue;
          compared++;
          const text = (rows[row - 1] || [])[column - 1] ?? "";
          const cachedTrue = storedValue(cell) === true;
          if (isErrorText(text)) mismatches.push(`${sheet.name}!${cell.address} (${header}): ${text} without the add-in`);
          else if (header === "Flag" && text === "TRUE" && !cachedTrue) mismatches.push(`${sheet.name}!${cell.address}: flagged TRUE without the add-in, cached ${describe(storedValue(cell))}`);
        }
      }
    }
    report(file, "recalculated without the add-in (Flag, Status)", { compared, mismatches });

    // 4. Forced to recalculate without the add-in, every NYPILOT.* cell shows #NAME? (the README's
    // sentence on opening without the add-in), or, when its formula takes a native branch for the
    // row (a blank hours cell: no second pilot, 0), the value we cached: never another value.
    const nameErrors = [];
    let nypilotCells = 0;
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row, rowNumber) =>
        row.eachCell((cell, columnNumber) => {
          if (!usesAddIn(cell)) return;
          nypilotCells++;
          const text = ((without[sheet.name] || [])[rowNumber - 1] || [])[columnNumber - 1] ?? "";
          if (text !== "#NAME?" && !sameShown(storedValue(cell), text)) nameErrors.push(`${sheet.name}!${cell.address}: shows ${JSON.stringify(text)} recalculated without the add-in: neither #NAME? nor the cached ${describe(storedValue(cell))}`);
        }),
      );
    }
    report(file, "recalculated without the add-in (every NYPILOT cell #NAME? or its cached value)", { compared: nypilotCells, mismatches: nameErrors });

    // 5. Printed (the samples and a reconciliation the CLI writes): each sheet on one landscape page,
    // as wide as the paper (these are short: one page tall too).
    if (printChecked(file)) {
      const pages = await printedPages(file, never, path.join(scratch, "pdf"));
      const problems = [];
      if (pages.length !== names.length) problems.push(`${pages.length} pages for ${names.length} sheets (${names.join(", ")}): a sheet printed wider or longer than one page`);
      for (const [index, page] of pages.entries()) if (!(page.width > page.height)) problems.push(`page ${index + 1} is portrait (${page.width} × ${page.height} pt)`);
      report(file, "printed to PDF (landscape, one page a sheet)", { compared: pages.length, mismatches: problems });
    }
  }
  if (keepAt < 0) fs.rmSync(work, { recursive: true, force: true });
  console.log(
    `libreoffice-check: ${files.length} workbooks, ${failures === 0 ? "every cell as cached" : `${failures} cells differ`}` +
      `; ${warnings} warnings (array formulas LibreOffice re-evaluates on load)` +
      (kept ? `; ${kept} cells with a cached error or empty text and their Status re-evaluated on load, deliberately still errors and "not checked" (see the header)` : ""),
  );
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((error) => fail(error && error.stack ? error.stack : String(error)));
