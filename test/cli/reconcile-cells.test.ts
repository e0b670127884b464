/**
 * Cells that say less than they seem (red-team F4, F6, F19): a blank hours cell, hours kept as
 * Excel durations or times, and a setting the workbook's formulas cannot carry. Run as the built
 * binary on files written here. Expected amounts are worked by hand from § 89-a, clause (xi) (2026),
 * with the board rows below (examples, not the boards' figures):
 *
 *   Section 2, 250 units (≥ 100): base 250 × $21.58 = $5,395.00; surcharge 250 × $3.60 = $900.00;
 *     fees $300.00 + $45.50 + $125.00 = $470.50; one pilot $6,765.50.
 *     More than ten hours: second pilot 50% × $5,395.00 = $2,697.50 ((1-a)); two pilots $9,463.00.
 *   Section 1, 120 units (≥ 100): base 120 × $15.32 = $1,838.40; surcharge 120 × $3.60 = $432.00;
 *     fees $300.00 + $45.50 = $345.50; one pilot $2,615.90. Second pilot 50% × $1,838.40 = $919.20;
 *     two pilots $3,535.10.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { formulasBesideCache, hyperFormulaFromWorkbook, readWorkbook } from "../support/hyperformula";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");
const RATES = ["table,from,a,b,c", "fees,2026-01-01,300.00,45.50,125.00", "surcharge,2020-11-20,300.00,360.00,3.60"].join("\n");

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "hudson-cells-"));
  fs.writeFileSync(path.join(folder, "rates.csv"), RATES);
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", cwd: folder });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

type JsonRow = { row: number; status: string; flag: boolean; variance: string | null; note: string; total?: string; warnings?: string[]; error?: { message: string } };

function jsonLines(text: string): JsonRow[] {
  return text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as JsonRow);
}

/** Every formula cell of a written workbook: HyperFormula's value must be the cached one. */
async function expectFormulasMatchCache(file: string): Promise<number> {
  const { formulas, mismatches } = await formulasBesideCache(file);
  expect(mismatches).toEqual([]);
  return formulas;
}

describe("F4: a blank hours cell is checked with one pilot and with two (D26), as a missing hours column is", () => {
  const INVOICES = [
    "Ref,Ship,Units,River,Boarded,Hours,Total",
    // 1: blank hours, billed with two pilots $9,463.00: one of the law's amounts → not checked.
    "1,Kestrel,250,Upper,2026-09-01,,9463.00",
    // 2: blank hours, billed with one pilot $6,765.50: the other → not checked.
    "2,Kestrel,250,Upper,2026-09-02,,6765.50",
    // 3: blank hours, billed $10,000.00: over either way; the least, 10,000.00 − 9,463.00 = $537.00 over, flagged.
    "3,Kestrel,250,Upper,2026-09-03,,10000.00",
    // 4: blank hours, billed $2,000.00 on Section 1: under either way; the least, 2,000.00 − 2,615.90 = −$615.90.
    "4,Heron,120,Lower,2026-09-04,  ,2000.00",
    // 5: 11 hours, billed $9,463.00: matched.
    "5,Kestrel,250,Upper,2026-09-05,11,9463.00",
    // 6: 9 hours, billed $9,463.00: one pilot $6,765.50, so $2,697.50 over.
    "6,Kestrel,250,Upper,2026-09-06,9,9463.00",
  ].join("\n");

  test("reconcile: not checked where the hours decide it, flagged where the variance holds either way; the note names the blank cell", () => {
    fs.writeFileSync(path.join(folder, "inv.csv"), INVOICES);
    const out = run("reconcile", "inv.csv", "--board-rates", "rates.csv", "-o", "-", "--format", "jsonl");
    expect(out.code).toBe(1);
    const rows = jsonLines(out.stdout);
    const byRow = (n: number) => rows.find((row) => row.row === n) as JsonRow;
    for (const n of [2, 3]) {
      expect([n, byRow(n).status, byRow(n).flag, byRow(n).variance]).toEqual([n, "not checked", false, null]);
      expect(byRow(n).note).toContain("Not checked (hours cell blank)");
      expect(byRow(n).note).toContain("$6,765.50 or $9,463.00");
    }
    expect([byRow(4).status, byRow(4).flag, byRow(4).variance]).toEqual(["variance", true, "537.00"]);
    expect(byRow(4).note).toContain("at least $537.00 over whatever the missing input (hours cell blank)");
    expect([byRow(5).status, byRow(5).variance]).toEqual(["variance", "-615.90"]);
    expect(byRow(5).note).toContain("hours cell blank");
    expect([byRow(6).status, byRow(6).variance]).toEqual(["matched", "0.00"]);
    expect([byRow(7).status, byRow(7).variance]).toEqual(["variance", "2697.50"]);
  });

  test("reconcile -o .xlsx: the blank rows' formulas check both ways, and HyperFormula recalculates exactly the cache", async () => {
    fs.writeFileSync(path.join(folder, "inv.csv"), INVOICES);
    const out = run("reconcile", "inv.csv", "--board-rates", "rates.csv", "-o", "checked.xlsx");
    expect(out.code).toBe(1);
    expect(await expectFormulasMatchCache(path.join(folder, "checked.xlsx"))).toBeGreaterThanOrEqual(6 * 8);
    const sheet = (await readWorkbook(path.join(folder, "checked.xlsx"))).getWorksheet("Reconciliation") as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const status = header.indexOf("Status");
    const statusOf = (row: number) => (sheet.getRow(row).getCell(status).result as unknown) ?? sheet.getRow(row).getCell(status).value;
    expect([2, 3, 4, 5, 6, 7].map(statusOf)).toEqual(["not checked (hours cell blank)", "not checked (hours cell blank)", "variance", "variance", "matched", "variance"]);
  });

  test("the formulas follow the cell: typing 11 hours into a blank row makes its $9,463.00 a match", async () => {
    fs.writeFileSync(path.join(folder, "inv.csv"), INVOICES);
    run("reconcile", "inv.csv", "--board-rates", "rates.csv", "-o", "checked.xlsx");
    const workbook = await readWorkbook(path.join(folder, "checked.xlsx"));
    const sheet = workbook.getWorksheet("Reconciliation") as ExcelJS.Worksheet;
    // Row 2 (blank hours, billed $9,463.00): hours typed as 11 (> 10: two pilots, $9,463.00).
    sheet.getCell("F2").value = 11;
    const evaluated = hyperFormulaFromWorkbook(workbook, { config: { useArrayArithmetic: true } });
    try {
      const header = (sheet.getRow(1).values as unknown[]).map(String);
      const letter = (name: string) => sheet.getRow(1).getCell(header.indexOf(name)).address.replace(/\d+$/, "");
      expect(evaluated.value(`'Reconciliation'!${letter("Status")}2`)).toBe("matched");
      expect(evaluated.value(`'Reconciliation'!${letter("Computed total")}2`)).toBe(9463);
    } finally {
      evaluated.destroy();
    }
  });

  test("batch: a blank hours cell's quote says the second pilot is not included, and why", () => {
    fs.writeFileSync(path.join(folder, "inv.csv"), INVOICES);
    const out = run("batch", "inv.csv", "--board-rates", "rates.csv", "-o", "-", "--format", "jsonl");
    expect(out.code).toBe(0);
    const rows = jsonLines(out.stdout);
    // Row 2, blank: one pilot's $6,765.50, with the warning; row 6, 11 hours: $9,463.00, no such warning.
    expect(rows[0].total).toBe("6765.50");
    expect(rows[0].warnings).toEqual([expect.stringMatching(/^The hours cell is blank: the second pilot .* § 89-a\(4\)\(b\)\(1-a\)\) is not included/)]);
    expect(rows[4].total).toBe("9463.00");
    expect(rows[4].warnings).toEqual([]);
  });
});

describe("F6: hours kept as durations or times", () => {
  /** A dispatch sheet: hours as Excel keeps typed times, with the number format each shows. */
  async function writeDurations(file: string) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Jobs");
    sheet.addRow(["Job", "Ship", "Units", "River", "Boarded", "Pilot hours", "Total"]);
    const date = (iso: string) => new Date(`${iso}T00:00:00Z`);
    const rows: [string, number, number, string, number][] = [
      // [h]:mm 10:15 = 10.25 h > 10: two pilots, $9,463.00 billed: matched.
      ["[h]:mm", 10.25 / 24, 250, "2026-09-01", 9463],
      // [h]:mm 9:45 = 9.75 h: one pilot, $6,765.50 billed: matched.
      ["[h]:mm", 9.75 / 24, 250, "2026-09-02", 6765.5],
      // [h]:mm 26:30 = 26.5 h (a duration past a day), Section 1 120 units, two pilots $3,535.10 billed: matched.
      ["[h]:mm", 26.5 / 24, 120, "2026-09-03", 3535.1],
      // h:mm, as Excel formats a typed 10:30: 10.5 h, but billed with one pilot $6,765.50: $2,697.50 under.
      ["h:mm", 10.5 / 24, 250, "2026-09-04", 6765.5],
      // [h]:mm:ss 10:00:00 is not more than ten hours: one pilot, $6,765.50 billed: matched.
      ["[h]:mm:ss", 10 / 24, 250, "2026-09-05", 6765.5],
      // h:mm AM/PM: a time of day, refused by name, never 0.4375 hours.
      ["h:mm AM/PM", 10.5 / 24, 250, "2026-09-06", 9463],
    ];
    rows.forEach(([format, hours, units, iso, total], index) => {
      const row = sheet.addRow([`J${index + 1}`, "Kestrel", units, units === 120 ? "Lower" : "Upper", date(iso), hours, total]);
      row.getCell(6).numFmt = format;
      row.getCell(5).numFmt = "yyyy-mm-dd";
    });
    await workbook.xlsx.writeFile(file);
  }

  test("reconcile .xlsx: a duration or an hours-and-minutes time is hours; a time of day is refused by name", async () => {
    await writeDurations(path.join(folder, "jobs.xlsx"));
    const out = run("reconcile", "jobs.xlsx", "--board-rates", "rates.csv", "-o", "-", "--format", "jsonl");
    expect(out.code).toBe(1);
    const rows = jsonLines(out.stdout);
    expect(rows.map((row) => [row.row, row.status, row.variance])).toEqual([
      [2, "matched", "0.00"],
      [3, "matched", "0.00"],
      [4, "matched", "0.00"],
      [5, "variance", "-2697.50"],
      [6, "matched", "0.00"],
      [7, "not checked", null],
    ]);
    expect(rows[5].note).toContain('"10:30 AM" is a time of day, not a length of time');
  });

  test("batch .xlsx: the same hours price the second pilot", async () => {
    await writeDurations(path.join(folder, "jobs.xlsx"));
    const out = run("batch", "jobs.xlsx", "--board-rates", "rates.csv", "-o", "-", "--format", "jsonl");
    const rows = jsonLines(out.stdout);
    expect(rows.slice(0, 5).map((row) => row.total)).toEqual(["9463.00", "6765.50", "3535.10", "9463.00", "6765.50"]);
    expect(rows[5].error?.message).toContain("is a time of day");
  });

  test('a CSV\'s "10:30" in an hours column is 10 hours 30 minutes; "10:30 PM" is refused', () => {
    fs.writeFileSync(
      path.join(folder, "inv.csv"),
      [
        "Ship,Units,River,Boarded,Hours,Total",
        // 10:01 > 10 h: two pilots, $9,463.00: matched.
        "Kestrel,250,Upper,2026-09-01,10:01,9463.00",
        // 9:59 < 10 h: one pilot; billed $9,463.00 is $2,697.50 over.
        "Kestrel,250,Upper,2026-09-02,9:59,9463.00",
        // 10:00:01 > 10 h: two pilots: matched.
        "Kestrel,250,Upper,2026-09-03,10:00:01,9463.00",
        "Kestrel,250,Upper,2026-09-04,10:30 PM,9463.00",
      ].join("\n"),
    );
    const rows = jsonLines(run("reconcile", "inv.csv", "--board-rates", "rates.csv", "-o", "-", "--format", "jsonl").stdout);
    expect(rows.map((row) => [row.status, row.variance])).toEqual([
      ["matched", "0.00"],
      ["variance", "2697.50"],
      ["matched", "0.00"],
      ["not checked", null],
    ]);
    expect(rows[3].note).toContain('"10:30 PM" is a time of day');
  });
});

describe("F19: a setting the workbook's formulas cannot carry", () => {
  // 99.6 units, Section 2: default 99.6 (> 50, < 100) → $2,156.94 flat; rounded to 100 units (D1, --round-units 0)
  // → 100 × $21.58 = $2,158.00 (D4, per unit at exactly 100). Surcharge at 100 units $360.00 either way; fees $470.50.
  const INVOICE = ["Ship,Units,River,Boarded,Hours,Total", "Kestrel,99.6,Upper,2026-09-01,8,2988.50"].join("\n");

  test("reconcile --round-units 0 -o .xlsx is refused as call -o .xlsx refuses it, naming --values-only; nothing is written", () => {
    fs.writeFileSync(path.join(folder, "inv.csv"), INVOICE);
    const out = run("reconcile", "inv.csv", "--board-rates", "rates.csv", "--round-units", "0", "-o", "checked.xlsx");
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/The settings differ from the defaults \(D1 .*: 0\): the workbook's NYPILOT formulas use the add-in's settings, so they would recalculate to other amounts: add --values-only/);
    expect(fs.existsSync(path.join(folder, "checked.xlsx"))).toBe(false);
  });

  test("with --values-only (or a .csv) the setting is used: $2,158.00 + $360.00 + $470.50 = $2,988.50 matches", () => {
    fs.writeFileSync(path.join(folder, "inv.csv"), INVOICE);
    expect(run("reconcile", "inv.csv", "--board-rates", "rates.csv", "--round-units", "0", "-o", "checked.xlsx", "--values-only").code).toBe(0);
    expect(run("reconcile", "inv.csv", "--board-rates", "rates.csv", "--round-units", "0", "-o", "checked.csv").code).toBe(0);
    // At the defaults the same bill is $1.06 over: $2,156.94 + $360.00 + $470.50 = $2,987.44.
    const rows = jsonLines(run("reconcile", "inv.csv", "--board-rates", "rates.csv", "-o", "-", "--format", "jsonl").stdout);
    expect(rows[0].variance).toBe("1.06");
  });
});
