/**
 * How the reader types a table's columns when it cannot be sure (red-team findings F5, F11, F13–F17):
 * an amount column beside the charges it found is read as the total or named, never dropped; a
 * column of transit dates wins over an invoice's "Date", and two dates that price a row apart are
 * said or refused; a header's unit is never overridden; charge lines, subtotals that sum the
 * units, formulas saved without values and a relief that cannot count are each named. Files of
 * our own, amounts worked by hand from § 89-a in the comments.
 */
import fs from "node:fs";
import ExcelJS from "exceljs";
import { cliFolder } from "./cli-folder";

const { inFolder, run } = cliFolder("hudson-columns-");

// Examples of the boards' amounts, not their figures: fees $300.00 launch / $45.50 communication /
// $125.00 mid-river launch from 2024, $315.00 / $47.00 / $130.00 from 2027; surcharge board $300
// (0–50 units) / $360 (51–100) / per unit over 100: $3.60 from 2020-11-20, $3.70 from 2027-01-01.
const RATES = [
  "table,from,a,b,c",
  "fees,2024-01-01,300.00,45.50,125.00",
  "fees,2027-01-01,315.00,47.00,130.00",
  "surcharge,2020-11-20,300.00,360.00,3.60",
  "surcharge,2027-01-01,310.00,370.00,3.70",
].join("\n");

// MV KINGSTON: 150 units, Section 1 (Lower), 2026-08-03, 6 h. Clause (xi): 150 × $15.32 = $2,298.00;
// surcharge over 100 units 150 × $3.60 = $540.00; no second pilot (6 h ≤ 10 h); launch $300.00 and
// communication $45.50, no mid-river launch on Section 1. Total $2,298.00 + $540.00 + $345.50 = $3,183.50.
const KINGSTON = "MV KINGSTON,150,1,2026-08-03,6";

function reconcile(csv: string, ...options: string[]) {
  fs.writeFileSync(inFolder("in.csv"), csv);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  return run("reconcile", "in.csv", "--board-rates", "rates.csv", ...options);
}

function reconcileJson(csv: string, ...options: string[]) {
  const out = reconcile(csv, "--json", ...options);
  return { ...out, json: out.stdout === "" ? null : JSON.parse(out.stdout) };
}

describe("F14: an amount column beside the billed charges is read as the total, or named", () => {
  // Launch fee billed right ($300.00), the invoice's total $4,183.50: $1,000.00 over $3,183.50.
  test.each(["Invoice Value", "Grand Total", "Gross", "Payable", "Charges", "Sum", "Value", "Fee"])("a total headed %s is read, and $1,000.00 over is flagged", (header) => {
    const out = reconcileJson([`Vessel,Units,Section,Date of transit,Hours,Launch fee,${header}`, `${KINGSTON},300.00,"4,183.50"`].join("\n"));
    expect(out.stderr).toBe("");
    expect(out.code).toBe(1);
    expect(out.json.mapping).toContainEqual({ field: "billed_total", column: "G", header });
    expect(out.json.flaggedRows).toEqual([expect.objectContaining({ vessel: "MV KINGSTON", variance: "1000.00", status: "variance" })]);
    expect(out.json.summary.allMatched).toBe(false);
  });

  test("the same column billing the law's $3,183.50 matches; a column no header names says it was taken, with the --map that undoes it", () => {
    const out = reconcile(["Vessel,Units,Section,Date of transit,Hours,Launch fee,Charges", `${KINGSTON},300.00,"3,183.50"`].join("\n"));
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Note: column G "Charges" holds amounts at least the sum of the billed charges (column F "Launch fee") on every row read: taken as the billed total (--map "Charges=ignore" if it is not).');
    expect(out.stdout).toMatch(/^Result: +every row matches § 89-a$/m);
  });

  // Surcharge billed right ($540.00); "Amount before fees" is base + surcharge, $2,298.00 + $540.00 = $2,838.00:
  // a part of the bill, never the total, and not read.
  const PART = ["Vessel,Units,Section,Date of transit,Hours,Surcharge,Amount before fees", `${KINGSTON},540.00,"2,838.00"`].join("\n");

  test("an amount column that is not the total is named with its --map, and the result never says every row matches", () => {
    const out = reconcile(PART);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('Note: column G "Amount before fees" holds amounts that are not read: only the billed charges (column F "Surcharge") are compared. If it is the billed total, --map "Amount before fees=billed_total".');
    expect(out.stdout).toMatch(/^Result: +no variance in the amounts read, but column G "Amount before fees" holds amounts that were not read \(see the Note\)$/m);
    const json = reconcileJson(PART).json;
    expect(json.summary).toMatchObject({ rowsMatched: 1, rowsFlagged: 0, allMatched: false, unreadAmountColumns: ['column G "Amount before fees"'] });
  });

  test("told to ignore it, the run matches on the surcharge alone", () => {
    const out = reconcileJson(PART, "--map", "Amount before fees=ignore");
    expect(out.code).toBe(0);
    expect(out.json.summary.allMatched).toBe(true);
    expect(out.json.summary.unreadAmountColumns).toBeUndefined();
  });
});

describe("F15: the transit date is a column headed as one, and two dates that price a row apart are said or refused", () => {
  // MV SAUGERTIES: 120 units, Section 2 (Upper), boarded 2026-12-29, 9 h, invoiced 2027-01-04.
  // On 2026-12-29, clause (xi): 120 × $21.58 = $2,589.60; surcharge 120 × $3.60 = $432.00; fees
  // $300.00 + $45.50 + $125.00 = $470.50. Total $3,492.10.
  // On 2027-01-04, clause (xii): 120 × $22.23 = $2,667.60; 120 × $3.70 = $444.00; $315.00 + $47.00 + $130.00
  // = $492.00. Total $3,603.60: the same bill is then $3,492.10 − $3,603.60 = $111.50 under.
  const row = 'MV SAUGERTIES,120,2,2027-01-04,2026-12-29,9,"3,492.10"';

  test("ATD over Date: the transit's date is used, and the other date is named with its --map", () => {
    const csv = ["Vessel,Units,Section,Date,ATD,Hours,Total", row].join("\n");
    const out = reconcile(csv);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('transit date ← column E "ATD"');
    expect(out.stdout).toContain('Note: column D "Date" also holds dates, which price a row at other rates (2026-12-29 in column E "ATD", 2027-01-04 in column D "Date"): column E "ATD" is taken as the transit date (--map "Date=date" if that is the transit date).');
    const other = reconcileJson(csv, "--map", "Date=date");
    expect(other.json.flaggedRows).toEqual([expect.objectContaining({ date: "2027-01-04", variance: "-111.50" })]);
    // The matched row's own note names the other date too.
    expect(reconcile(csv, "-o", "out.csv").code).toBe(0);
    expect(fs.readFileSync(inFolder("out.csv"), "utf8")).toContain('column D ""Date"" holds 2027-01-04, which other rates price; the transit date used is 2026-12-29 (column E ""ATD"").');
  });

  test("a row past the rows the columns are guessed from, whose other date prices it apart, says so in its note", () => {
    // 60 transits of MV KINGSTON ordered and invoiced the same August day ($3,183.50 each, as above), then one
    // ordered 2026-12-29 and invoiced 2027-01-04, billed at the 2027 rates: 150 × $15.78 = $2,367.00; 150 × $3.70
    // = $555.00; $315.00 + $47.00 = $362.00. Total $3,284.00, as Date (the column taken) prices it.
    const rows = Array.from({ length: 60 }, () => 'MV KINGSTON,150,1,2026-08-03,2026-08-03,6,"3,183.50"');
    const csv = ["Vessel,Units,Section,Date,Order Date,Hours,Total", ...rows, 'MV TROY,150,1,2027-01-04,2026-12-29,6,"3,284.00"'].join("\n");
    expect(reconcile(csv, "-o", "out.csv").code).toBe(0);
    expect(fs.readFileSync(inFolder("out.csv"), "utf8")).toContain('holds 2026-12-29, which other rates price; the transit date used is 2027-01-04');
  });

  test.each(["Transit", "Arrival", "Movement", "Trip Date", "Voyage Date"])("%s is the transit date over Date", (header) => {
    const out = reconcileJson([`Vessel,Units,Section,Date,${header},Hours,Total`, row].join("\n"));
    expect(out.code).toBe(0);
    expect(out.json.mapping).toContainEqual({ field: "date", column: "E", header });
  });

  test("Date beside a date column of no known meaning: refused naming both when they price a row apart; either --map settles it", () => {
    const csv = ["Vessel,Units,Section,Date,Order Date,Hours,Total", row].join("\n");
    const out = reconcileJson(csv);
    expect(out.code).toBe(2);
    expect(JSON.parse(out.stderr).error.message).toContain('column D "Date" and column E "Order Date" both hold dates, and they price a row at different rates (2027-01-04 in column D "Date", 2026-12-29 in column E "Order Date"): say which is the transit date with --map "Date=date" or --map "Order Date=date".');
    expect(reconcileJson(csv, "--map", "Order Date=date").code).toBe(0);
    expect(reconcileJson(csv, "--map", "Date=date").json.summary).toMatchObject({ rowsFlagged: 1, variance: "-111.50" });
  });

  test("two dates in the same rate period are not a question: Date is used, nothing refused", () => {
    // MV KINGSTON ordered 2026-08-03, invoiced 2026-08-05: both clause (xi) and the same board rows, $3,183.50 either way.
    const out = reconcileJson(["Vessel,Units,Section,Order Date,Hours,Date,Total", `${KINGSTON},2026-08-05,"3,183.50"`].join("\n"));
    expect(out.code).toBe(0);
  });
});

describe("F11: a unit given never overrides a header's own", () => {
  // 152.4 m × 24.384 m × 12.192 m = 500 ft × 80 ft × 40 ft (1 ft = 0.3048 m) ÷ 10,000 = 160 units; Section 1,
  // 2026-08-03, 6 h: 160 × $15.32 = $2,451.20; surcharge 160 × $3.60 = $576.00; fees $345.50. Total $3,372.70.
  const CSV = ["Vessel,Length (m),Breadth (m),Depth (m),Section,Date of transit,Hours,Total", 'MV HYDE PARK,152.4,24.384,12.192,1,2026-08-03,6,"3,372.70"'].join("\n");

  test("the headers' metres are read, with --unit m too", () => {
    expect(reconcile(CSV).code).toBe(0);
    expect(reconcile(CSV, "--unit", "m").code).toBe(0);
  });

  test("--unit ft against headers in metres: refused, naming each header (reconcile and batch)", () => {
    const out = reconcileJson(CSV, "--unit", "ft");
    expect(out.code).toBe(2);
    expect(JSON.parse(out.stderr).error.message).toContain('The measurement unit given is ft, but the headers name their own (column B "Length (m)" in m, column C "Breadth (m)" in m, column D "Depth (m)" in m), which is never overridden');
    const batch = run("batch", "in.csv", "--board-rates", "rates.csv", "--unit", "ft", "-o", "out.csv");
    expect(batch.code).toBe(2);
    expect(batch.stderr).toContain("The measurement unit given is ft");
  });
});

describe("F5: charge lines are not transits", () => {
  // One invoice of MV KINGSTON as four lines: $2,298.00 + $540.00 + $300.00 + $45.50 = $3,183.50.
  test("a column naming a different charge on each row: refused with the cause and the fix, no row flagged", () => {
    const lines = ["Pilotage,2298.00", "Retirement surcharge,540.00", "Launch,300.00", "Communications,45.50"].map((item) => `INV-7,${KINGSTON},${item}`);
    const out = reconcileJson(["Invoice,Ship,Units,Section,Date of transit,Hours,Item,Charge", ...lines].join("\n"));
    expect(out.code).toBe(2);
    const message = JSON.parse(out.stderr).error.message;
    expect(message).toContain('column G "Item" names a different charge on the rows ("Pilotage", "Retirement surcharge", "Launch", …): each row is one charge line of an invoice, not a transit');
    expect(message).toContain("Put each transit on one row");
  });

  test("a column naming the same service on every row is no sign of charge lines", () => {
    const out = reconcileJson(["Ship,Units,Section,Date of transit,Hours,Service,Total", `${KINGSTON},Pilotage,"3,183.50"`, `MV CATSKILL,150,1,2026-08-04,6,Pilotage,"3,183.50"`].join("\n"));
    expect(out.code).toBe(0);
    expect(out.json.summary.rowsMatched).toBe(2);
  });
});

describe("F17: a subtotal that sums the units and hours is a totals row", () => {
  // Two invoices of $3,183.50 (MV KINGSTON, and MV CATSKILL the next day at the same rates): subtotal
  // 150 + 150 = 300 units, 6 + 6 = 12 h, $3,183.50 × 2 = $6,367.00; the grand total the same.
  test("Subtotal and Grand total rows with units and hours summed: excluded and named, the invoices matched", () => {
    const out = reconcileJson(
      ["Ref,Ship,Units,Section,Date of transit,Hours,Total", `1,${KINGSTON},"3,183.50"`, '2,MV CATSKILL,150,1,2026-08-04,6,"3,183.50"', ',Subtotal,300,,,12,"6,367.00"', 'Grand total:,,300,,,12,"6,367.00"'].join("\n"),
    );
    expect(out.code).toBe(0);
    expect(out.json.summary).toMatchObject({ rowsMatched: 2, rowsExcluded: 2, excludedRowNumbers: [4, 5], allMatched: true });
  });

  test("a vessel whose name starts with Total, with units but no date, is still an invoice (not checked)", () => {
    const out = reconcileJson(["Ref,Ship,Units,Section,Date of transit,Hours,Total", `1,${KINGSTON},"3,183.50"`, '2,TOTAL ENERGIES,150,,,6,"3,183.50"'].join("\n"));
    expect(out.code).toBe(1);
    expect(out.json.summary).toMatchObject({ rowsMatched: 1, rowsExcluded: 0, rowsNotChecked: 1 });
  });
});

describe("F13: formulas saved without their values are named as such", () => {
  test("a Total of formulas never calculated: the note says how to get the values, and the result does not say every row matches", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Invoices");
    sheet.addRow(["Invoice", "Ship", "Units", "Section", "Date of transit", "Hours", "Surcharge", "Launch", "Communication", "Total"]);
    // MV KINGSTON's charges billed right ($540.00, $300.00, $45.50); the Total a formula with no value saved.
    sheet.addRow(["INV-8", "MV KINGSTON", 150, 1, "2026-08-03", 6, 540, 300, 45.5, { formula: "SUM(G2:I2)" }]);
    await workbook.xlsx.writeFile(inFolder("in.xlsx"));
    fs.writeFileSync(inFolder("rates.csv"), RATES);
    const text = run("reconcile", "in.xlsx", "--board-rates", "rates.csv");
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('Note: column J "Total" holds formulas saved without their values: open and save the workbook in Excel or LibreOffice, or export values; not used as the billed total.');
    expect(text.stdout).not.toContain("[object Object]");
    const json = JSON.parse(run("reconcile", "in.xlsx", "--board-rates", "rates.csv", "--json").stdout);
    expect(json.summary).toMatchObject({ rowsMatched: 1, allMatched: false, unreadAmountColumns: ['column J "Total"'] });
  });
});

describe("F16: a relief that a Section 1 transit cannot use is named in the row's note", () => {
  // MV KINGSTON with 11 h and "relieved" entered: Section 1 never reaches the mid-river station, so the
  // second pilot stays: 50% × $2,298.00 = $1,149.00 (11 h > 10 h). Total $3,183.50 + $1,149.00 = $4,332.50;
  // billed $3,183.50 (as if relieved): $1,149.00 under.
  test("terminal, --json and the .csv's Note all say the relief is not used (D21)", async () => {
    const csv = ["Ship,Units,Section,Date of transit,Hours,Relieved,Total", 'MV KINGSTON,150,1,2026-08-03,11,yes,"3,183.50"'].join("\n");
    const out = reconcileJson(csv);
    expect(out.code).toBe(1);
    expect(out.json.flaggedRows[0]).toMatchObject({ variance: "-1149.00" });
    expect(out.json.flaggedRows[0].note).toContain("Relieved at the mid-river station is not used: a Section 1 transit");
    expect(reconcile(csv, "-o", "out.csv").code).toBe(1);
    expect(fs.readFileSync(inFolder("out.csv"), "utf8")).toContain("(§ 89-a(4)(b)(1-a), D21)");
  });
});
