/**
 * `hudson-pilotage call` (the built CLI, run as a process): a three-transit port call with a
 * board-rates file, as JSON, as a table, from standard input, as a quote sheet (recalculated by
 * HyperFormula through the built add-in) and as a one-page PDF (read back with PDF.js); and the
 * same call through the library's quoteCall. Every amount is worked by hand from § 89-a.
 */
import fs from "node:fs";
import { spawnSync } from "node:child_process";
import ExcelJS from "exceljs";
import { quoteCall, writeQuote } from "../../src/lib";
import { hyperFormulaFromWorkbook } from "../support/hyperformula";
import { pdfPageTexts } from "../support/pdf";
import { BIN, cliFolder } from "./cli-folder";

const { inFolder, run } = cliFolder("nypilot-call-");

/*
 * The vessel: 600 ft × 80 ft × 40 ft ÷ 10,000 = 192 pilotage units (§ 89-a(4)(b)(2)).
 * Board fees from 2026-07-01: launch $310.00, communication $45.50, mid-river launch $125.25 (Section 2 only).
 * Board surcharge from 2026-10-01: over 100 units, 192 × $3.60 = $691.20 (§ 89-a(4)(b)(1-c)).
 *
 * Transit 1, inbound, Section 2, 2026-12-30, 12 hours: clause (xi). Base 192 × $21.58 = $4,143.36;
 *   12 h > 10 h: second pilot 50% × 4,143.36 = $2,071.68; surcharge $691.20; launch $310.00;
 *   communication $45.50; mid-river launch $125.25. Total 4,143.36 + 2,071.68 + 691.20 + 310.00
 *   + 45.50 + 125.25 = $7,386.99.
 * Transit 2, Section 1, 2026-12-31, 6 hours: clause (xi). Base 192 × $15.32 = $2,941.44; second
 *   pilot $0.00; surcharge $691.20; launch $310.00; communication $45.50. Total $3,988.14.
 * Transit 3, outbound, Section 2, 2027-01-02, 8 hours: clause (xii). Base 192 × $22.23 = $4,268.16;
 *   second pilot $0.00; surcharge $691.20; launch, communication, mid-river launch as above.
 *   Total 4,268.16 + 691.20 + 310.00 + 45.50 + 125.25 = $5,440.11.
 * Statutory subtotal 7,386.99 + 3,988.14 + 5,440.11 = $16,815.24; docking pilot $850.00 apart;
 * total $17,665.24.
 */
const HAND = {
  lines: [
    { base: "4143.36", surcharge: "691.20", second_pilot: "2071.68", launch: "310.00", communication: "45.50", midriver_launch: "125.25" },
    { base: "2941.44", surcharge: "691.20", second_pilot: "0.00", launch: "310.00", communication: "45.50" },
    { base: "4268.16", surcharge: "691.20", second_pilot: "0.00", launch: "310.00", communication: "45.50", midriver_launch: "125.25" },
  ],
  totals: ["7386.99", "3988.14", "5440.11"],
  statutorySubtotal: "16815.24",
  total: "17665.24",
};

const RATES_CSV = "table,from,a,b,c\nfees,2026-07-01,310.00,45.50,125.25\nsurcharge,2026-10-01,300.00,360.00,3.60\n";

function callObject(boardRates: unknown = "rates.csv") {
  return {
    vessel: { name: "MV HUDSON TRADER", imo: "9123453", length: 600, breadth: 80, depth: 40, unit: "ft" },
    transits: [
      { label: "Inbound to Albany", direction: "inbound", section: 2, date: "2026-12-30", hours: 12 },
      { label: "Shift to Kingston", section: 1, date: "2026-12-31", hours: 6 },
      { label: "Outbound", direction: "outbound", section: 2, date: "2027-01-02", hours: 8 },
    ],
    boardRates,
    otherCharges: [{ label: "Docking pilot", amount: "850.00" }],
  };
}

function writeCall(call: unknown = callObject()): void {
  fs.writeFileSync(inFolder("rates.csv"), RATES_CSV);
  fs.writeFileSync(inFolder("call.json"), JSON.stringify(call));
}

type LineJson = { code: string; amount: string | null; citation: string };
const amounts = (lines: LineJson[]) => Object.fromEntries(lines.map((line) => [line.code, line.amount]));

function expectHandWorked(json: {
  transits: { label: string; clause: string; citation: string; total: string; lines: LineJson[] }[];
  statutorySubtotal: string;
  otherCharges: { label: string; amount: string; note: string }[];
  total: string;
  complete: boolean;
}): void {
  expect(json.transits.map((t) => [t.label, t.clause])).toEqual([["Inbound to Albany", "xi"], ["Shift to Kingston", "xi"], ["Outbound", "xii"]]);
  expect(json.transits.map((t) => amounts(t.lines))).toEqual(HAND.lines);
  expect(json.transits.map((t) => t.total)).toEqual(HAND.totals);
  expect(json.statutorySubtotal).toBe(HAND.statutorySubtotal);
  expect(json.otherCharges).toEqual([{ label: "Docking pilot", amount: "850.00", note: expect.stringContaining("Not set by § 89-a") }]);
  expect(json.total).toBe(HAND.total);
  expect(json.complete).toBe(true);
}

test("call --json: each transit under its own clause, the hand-worked subtotal, other charges apart, the total; exit 0", () => {
  writeCall();
  const out = run("call", "call.json", "--json");
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  expectHandWorked(JSON.parse(out.stdout));
});

test("the table on the terminal; the same call from standard input, board rates found from the working folder", () => {
  writeCall();
  const table = run("call", "call.json");
  expect(table.code).toBe(0);
  expect(table.stdout).toMatch(/Transit 3 \(Outbound\): 2027-01-02, .*§ 89-a\(4\)\(b\)\(1\)\(xii\)/);
  expect(table.stdout).toMatch(/^Statutory subtotal\s+\$16,815\.24/m);
  expect(table.stdout).toMatch(/^Docking pilot \(other charge\)\s+\$850\.00\s+not set by § 89-a/m);
  expect(table.stdout).toMatch(/^Total\s+\$17,665\.24/m);
  const piped = spawnSync(process.execPath, [BIN, "call", "-", "--json"], { cwd: inFolder(""), input: JSON.stringify(callObject()), encoding: "utf8" });
  expect(piped.status).toBe(0);
  expectHandWorked(JSON.parse(piped.stdout));
});

test("inline board tables give the same quote as the file", () => {
  const inline = {
    fees: [{ from: "2026-07-01", launch: "310.00", communication: "45.50", midriverLaunch: "125.25" }],
    surcharge: [{ from: "2026-10-01", upTo50Units: 300, over50UpTo100Units: 360, perUnitOver100Units: "3.60" }],
  };
  writeCall(callObject(inline));
  const out = run("call", "call.json", "--json");
  expect(out.code).toBe(0);
  expectHandWorked(JSON.parse(out.stdout));
});

test("without board rates: quoted but incomplete (exit 3), naming what is missing by transit", () => {
  const call: Partial<ReturnType<typeof callObject>> = callObject();
  delete call.boardRates;
  writeCall({ ...call, transits: call.transits?.slice(0, 2) });
  const out = run("call", "call.json", "--json");
  expect(out.code).toBe(3);
  const json = JSON.parse(out.stdout);
  expect(json.complete).toBe(false);
  expect(json.missing).toEqual(expect.arrayContaining(["Transit 1 (Inbound to Albany): Launch fee", "Transit 2 (Shift to Kingston): Communication fee"]));
  // Only the lines with amounts count (D14). 2026 is after the statutory surcharge periods, so the
  // surcharge is not entered either: 4,143.36 + 2,071.68 + 2,941.44 + 0.00 = $9,156.48; with the
  // docking pilot's $850.00, $10,006.48.
  expect(json.statutorySubtotal).toBe("9156.48");
  expect(json.total).toBe("10006.48");
});

test("refusals: exit 2 with one line; under --json the code and the call's own field", () => {
  writeCall({ ...callObject(), transits: [{ section: 2, date: "2026-02-30" }] });
  const text = run("call", "call.json");
  expect(text.code).toBe(2);
  expect(text.stdout).toBe("");
  expect(text.stderr.trim().split("\n")).toHaveLength(1);
  expect(text.stderr).toMatch(/^hudson-pilotage call: Transit 1: /);
  const json = run("call", "call.json", "--json");
  expect(json.code).toBe(2);
  expect(JSON.parse(json.stderr)).toEqual({ error: { code: "IMPOSSIBLE_DATE", field: "transits[0].date", message: expect.stringMatching(/^Transit 1: /) } });
  fs.writeFileSync(inFolder("call.json"), "{ not json");
  expect(JSON.parse(run("call", "call.json", "--json").stderr).error.code).toBe("INPUT_FILE");
  writeCall({ ...callObject(), vessel: { units: 200, colour: "red" } });
  expect(JSON.parse(run("call", "call.json", "--json").stderr).error).toMatchObject({ code: "UNKNOWN_OPTION", field: "vessel.colour" });
  writeCall({ ...callObject(), otherCharges: [{ label: "Detention", amount: "-10" }] });
  expect(JSON.parse(run("call", "call.json", "--json").stderr).error).toMatchObject({ code: "NOT_POSITIVE", field: "otherCharges[0].amount" });
});

test("-o quote.xlsx: the quote sheet recalculates (HyperFormula, the built add-in) to its cached values; an existing file is kept", async () => {
  writeCall();
  const out = run("call", "call.json", "-o", "quote.xlsx");
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(inFolder("quote.xlsx"));
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["MV HUDSON TRADER 2026-12-30", "Board rates"]);
  const sheet = workbook.worksheets[0];
  // The transits' totals (I17:I19), the statutory subtotal (I20), the docking pilot (I22) and the grand total (I23).
  expect(["I17", "I18", "I19", "I20", "I22", "I23"].map((address) => sheet.getCell(address).result ?? sheet.getCell(address).value)).toEqual([7386.99, 3988.14, 5440.11, 16815.24, 850, 17665.24]);
  expect(sheet.getCell("I23").formula).toBe("I20+SUM(I22:I22)");
  expect(sheet.getCell("H19").result).toBe("§ 89-a(4)(b)(1)(xii)");
  const evaluated = hyperFormulaFromWorkbook(workbook);
  try {
    let formulas = 0;
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (!cell.formula) return;
        formulas += 1;
        // exceljs reads a cached empty text (a warning row's Amount) back as undefined.
        expect([cell.address, evaluated.value(`'${sheet.name}'!${cell.address}`)]).toEqual([cell.address, cell.result ?? ""]);
      }),
    );
    // Version, units, 3 × (clause, total), subtotal, grand total, and each transit's line items.
    expect(formulas).toBeGreaterThan(10);
  } finally {
    evaluated.destroy();
  }
  const again = run("call", "call.json", "-o", "quote.xlsx", "--json");
  expect(again.code).toBe(2);
  expect(JSON.parse(again.stderr).error.code).toBe("OUTPUT_EXISTS");
  expect(run("call", "call.json", "-o", "quote.xlsx", "--force").code).toBe(0);
});

test("-o quote.xlsx refuses what the live formulas would recalculate differently: a named clause, a setting not the default", () => {
  writeCall({ ...callObject(), settings: { secondPilotBasis: "base-plus-surcharge" } });
  const settings = run("call", "call.json", "-o", "quote.xlsx", "--json");
  expect(settings.code).toBe(2);
  expect(JSON.parse(settings.stderr).error).toMatchObject({ code: "USAGE", field: "settings" });
  expect(fs.existsSync(inFolder("quote.xlsx"))).toBe(false);
});

test("-o quote.pdf: one page carrying every line's amount and clause, the subtotal, the other charge and the total", () => {
  writeCall();
  const out = run("call", "call.json", "-o", "quote.pdf");
  expect(out.code).toBe(0);
  const pages = pdfPageTexts(fs.readFileSync(inFolder("quote.pdf")));
  expect(pages).toHaveLength(1);
  const text = pages[0].replace(/\s+/g, " ");
  for (const amount of ["$4,143.36", "$2,071.68", "$691.20", "$310.00", "$45.50", "$125.25", "$2,941.44", "$4,268.16"]) expect(text).toContain(amount);
  for (const total of ["$7,386.99", "$3,988.14", "$5,440.11", "$16,815.24", "$850.00", "$17,665.24"]) expect(text).toContain(total);
  for (const clause of ["§ 89-a(4)(b)(1)(xi)", "§ 89-a(4)(b)(1)(xii)", "§ 89-a(4)(b)(1-a)", "§ 89-a(4)(b)(1-b), (1-c)(i), (iii)"]) expect(text).toContain(clause);
  expect(text).toContain("Other charges (not set by § 89-a)");
  expect(text).toMatch(/Made \d{4}-\d{2}-\d{2} by hudson-pilotage \d+\.\d+\.\d+/);
});

test("the library: quoteCall gives the CLI's object; writeQuote writes by extension and never overwrites", async () => {
  writeCall();
  const cli = JSON.parse(run("call", "call.json", "--json").stdout);
  const here = process.cwd();
  process.chdir(inFolder(""));
  try {
    const library = await quoteCall(callObject() as Parameters<typeof quoteCall>[0]);
    expect(library).toEqual(cli);
    await writeQuote(callObject() as Parameters<typeof quoteCall>[0], "quote.pdf");
    expect(fs.readFileSync(inFolder("quote.pdf")).subarray(0, 5).toString()).toBe("%PDF-");
    await expect(writeQuote(callObject() as Parameters<typeof quoteCall>[0], "quote.pdf")).rejects.toMatchObject({ name: "HudsonPilotageError", code: "OUTPUT_EXISTS" });
    await expect(writeQuote(callObject() as Parameters<typeof quoteCall>[0], "quote.docx")).rejects.toMatchObject({ code: "USAGE", field: "output" });
  } finally {
    process.chdir(here);
  }
});

test("-o quote.pdf: four incomplete transits, with every warning and what is missing, still fit one page", () => {
  const call: Partial<ReturnType<typeof callObject>> = callObject();
  delete call.boardRates;
  writeCall({ ...call, transits: [...(call.transits ?? []), { label: "Back again", section: 2, date: "2027-01-05", hours: 14 }] });
  const out = run("call", "call.json", "-o", "quote.pdf", "--json");
  expect(out.code).toBe(3);
  const json = JSON.parse(out.stdout) as { warnings: string[] };
  const pages = pdfPageTexts(fs.readFileSync(inFolder("quote.pdf")));
  expect(pages).toHaveLength(1);
  const text = pages[0].replace(/\s+/g, " ");
  expect(text).toContain("Total: INCOMPLETE");
  expect(text).toContain("Incomplete: not entered");
  // Every warning's opening words, as the PDF wraps them.
  for (const warning of json.warnings) expect(text).toContain(warning.slice(0, 40));
});

test("-o quote.pdf: a vessel named in Greek prints; a character outside the PDF's font is a warning naming its field, in the table, --json and the library", async () => {
  const call = { ...callObject(), vessel: { ...callObject().vessel, name: "Ακρόπολις 丸" } };
  writeCall(call);
  const warning = 'vessel name: "丸" (U+4E38) cannot be printed in the PDF (not in its font, DejaVu Sans); shown as ?';
  const json = run("call", "call.json", "-o", "quote.pdf", "--json");
  expect(json.code).toBe(0);
  const answer = JSON.parse(json.stdout) as { vessel: { name: string }; warnings: string[] };
  expect(answer.vessel.name).toBe("Ακρόπολις 丸");
  expect(answer.warnings).toContain(warning);
  expectHandWorked(JSON.parse(json.stdout));
  const text = pdfPageTexts(fs.readFileSync(inFolder("quote.pdf")))[0].replace(/\s+/g, " ");
  expect(text).toContain("Vessel: Ακρόπολις ?, IMO 9123453");
  expect(text).toContain("- vessel name: U+4E38 (not in this PDF's font, DejaVu Sans)");
  const table = run("call", "call.json", "-o", "quote.pdf", "--force");
  expect(table.code).toBe(0);
  expect(table.stdout).toContain(`Warnings:`);
  expect(table.stdout).toContain(`  - ${warning}`);
  // The quote sheet keeps every character (Excel's own fonts show it): no such warning.
  const sheet = JSON.parse(run("call", "call.json", "-o", "quote.xlsx", "--json").stdout) as { warnings: string[] };
  expect(sheet.warnings.some((text) => text.includes("cannot be printed"))).toBe(false);
  const here = process.cwd();
  process.chdir(inFolder(""));
  try {
    const library = await writeQuote(call as Parameters<typeof quoteCall>[0], "library.pdf");
    expect(library.warnings).toContain(warning);
  } finally {
    process.chdir(here);
  }
});
