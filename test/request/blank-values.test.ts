/**
 * A value given blank is refused as BLANK at every door (red team F1): read as left out, a
 * script's empty `--hours "$HRS"` would drop the second pilot without a word. A 12-hour Upper
 * River transit of 192 units under clause (xi) carries 50% × 192 × $21.58 = $2,071.68 of second
 * pilot (§ 89-a(4)(b)(1-a)); given blank, nothing may be quoted at all.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { quote, quoteCall, batch, reconcile } from "../../src/lib";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");
const RATES = "table,from,a,b,c\nfees,2026-01-01,300.00,45.50,125.00\nsurcharge,2020-11-20,300.00,360.00,3.60\n";
const INVOICES = "Vessel,Units,Section,Date,Hours,Total\nA,192,2,2026-06-15,12,7376.74\n";

let work = "";
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "nypilot-blank-"));
  fs.writeFileSync(path.join(work, "rates.csv"), RATES);
  fs.writeFileSync(path.join(work, "invoices.csv"), INVOICES);
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", cwd: work });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const TRANSIT = ["--units", "192", "--section", "2", "--date", "2026-06-15"];

describe("the command line", () => {
  test.each([
    ["hours", ["quote", ...TRANSIT, "--hours", ""]],
    ["clause", ["quote", ...TRANSIT, "--clause="]],
    ["unit", ["quote", "--length", "600", "--breadth", "80", "--depth", "40", "--section", "2", "--date", "2026-06-15", "--unit", " "]],
    ["act-effective-date", ["quote", ...TRANSIT, "--act-effective-date", ""]],
    ["launch-fee", ["quote", ...TRANSIT, "--launch-fee", ""]],
    ["board-rates", ["quote", ...TRANSIT, "--board-rates", ""]],
    ["board-rates", ["reconcile", "invoices.csv", "--board-rates", ""]],
    ["unit", ["reconcile", "invoices.csv", "--board-rates", "rates.csv", "--unit", ""]],
    ["date-format", ["batch", "invoices.csv", "--board-rates", "rates.csv", "--date-format", ""]],
    ["map", ["batch", "invoices.csv", "--board-rates", "rates.csv", "--map", ""]],
  ])("--%s given blank is refused (exit 2, BLANK), never read as left out", (flag, args) => {
    const out = run(...args, "--json");
    expect(out.stdout).toBe("");
    expect(out.code).toBe(2);
    expect(JSON.parse(out.stderr)).toEqual({ error: { code: "BLANK", field: flag, message: `--${flag} is given but blank: give its value, or leave --${flag} out.` } });
  });
});

describe("the library", () => {
  const request = { units: 192, section: 2, date: "2026-06-15", boardRates: path.join(__dirname, "missing-on-purpose.csv") };
  test.each(["hours", "clause", "launchFee", "boardRates", "actEffectiveDate", "secondPilotBasis"])("quote({ %s: \"\" }) is refused as BLANK", async (key) => {
    await expect(quote({ ...request, [key]: " " })).rejects.toMatchObject({ code: "BLANK", field: key });
  });

  test("batch and reconcile options given blank are refused at the first step", async () => {
    await expect(batch([{ Units: 192 }], { unit: "" }).next()).rejects.toMatchObject({ code: "BLANK", field: "unit" });
    await expect(reconcile([{ Units: 192 }], { dateFormat: "" }).next()).rejects.toMatchObject({ code: "BLANK", field: "dateFormat" });
  });

  test("a call transit's hours or clause given blank is refused, naming the transit", async () => {
    const call = (transit: Record<string, unknown>) => ({ vessel: { units: 192 }, transits: [{ section: 2, date: "2026-06-15", ...transit }] });
    await expect(quoteCall(call({ hours: "" }))).rejects.toMatchObject({ code: "BLANK", field: "transits[0].hours" });
    await expect(quoteCall(call({ clause: "  " }))).rejects.toMatchObject({ code: "BLANK", field: "transits[0].clause" });
    await expect(quoteCall({ vessel: { units: "" }, transits: [{ section: 2, date: "2026-06-15" }] })).rejects.toMatchObject({ code: "BLANK", field: "vessel.units" });
  });

  test("the call command refuses the same file (exit 2)", () => {
    fs.writeFileSync(path.join(work, "blank.json"), JSON.stringify({ vessel: { units: 192 }, transits: [{ section: 2, date: "2026-06-15", hours: "" }], boardRates: "rates.csv" }));
    const out = run("call", "blank.json", "--json");
    expect(out.code).toBe(2);
    expect(JSON.parse(out.stderr).error).toMatchObject({ code: "BLANK", field: "transits[0].hours" });
  });
});

/**
 * Red team F2: a board fee of 0 reads the same at every door: "not entered" (D10; the board sets no
 * free launch), as in a board-rates file. Upper River, 192 units, clause (xi): base 192 × $21.58 =
 * $4,143.36, surcharge 192 × $3.60 = $691.20, communication $45.50, mid-river $125.00; the launch
 * fee not entered, so the quote is incomplete and its total is the lines entered:
 * 4,143.36 + 691.20 + 45.50 + 125.00 = $5,005.06.
 */
describe("a board fee of 0 is not entered, at every door", () => {
  const request = { units: 192, section: 2, date: "2026-06-15", communicationFee: "45.50", midriverLaunchFee: 125, boardSurcharge: [300, 360, "3.60"] as const };
  const launchOf = (json: { lines: { code: string; amount: string | null }[] }) => json.lines.find((line) => line.code === "launch")?.amount;

  test.each([0, "0", "0.00", "$0.00"])("quote({ launchFee: %j })", async (launchFee) => {
    const json = await quote({ ...request, launchFee });
    expect(launchOf(json)).toBeNull();
    expect(json.complete).toBe(false);
    expect(json.total).toBe("5005.06");
  });

  test("--launch-fee 0 and a board-rates file's 0 give the same quote (exit 3, incomplete)", () => {
    fs.writeFileSync(path.join(work, "rates0.csv"), "table,from,a,b,c\nfees,2026-01-01,0,45.50,125.00\nsurcharge,2020-11-20,300.00,360.00,3.60\n");
    const flags = run("quote", ...TRANSIT, "--launch-fee", "0", "--communication-fee", "45.50", "--midriver-launch-fee", "125", "--board-surcharge", "300,360,3.60", "--json");
    const file = run("quote", ...TRANSIT, "--board-rates", "rates0.csv", "--json");
    for (const out of [flags, file]) {
      expect(out.code).toBe(3);
      expect(launchOf(JSON.parse(out.stdout))).toBeNull();
      expect(JSON.parse(out.stdout).total).toBe("5005.06");
    }
  });

  test("a 0 in --board-surcharge is refused, as a 0 in the surcharge board's table (F7)", () => {
    const out = run("quote", ...TRANSIT, "--board-surcharge", "300,360,0", "--json");
    expect(out.code).toBe(2);
    expect(JSON.parse(out.stderr).error.message).toMatch(/^The per-unit surcharge over 100 units is 0: enter the surcharge board's amount/);
  });
});

test("an other charge's amount is refused in plain words (red team F22: not \"The the amount of …\")", async () => {
  const call = (amount: string) => ({ vessel: { units: 192 }, transits: [{ section: 2, date: "2026-06-15" }], otherCharges: [{ label: "Docking", amount }] });
  for (const amount of ["-850.00", "TBD", ""]) {
    const refusal = await quoteCall(call(amount)).catch((error: { message: string }) => error);
    expect((refusal as { message: string }).message).toMatch(/^The amount of "Docking" /);
  }
});

/** Red team F18: reconcile and batch read one file, one unit, one date order; an option given twice is refused, never last-wins. */
describe("an option given twice to reconcile or batch", () => {
  test.each([
    ["board-rates", ["reconcile", "invoices.csv", "--board-rates", "nosuch.csv", "--board-rates", "rates.csv"], '--board-rates was given 2 times ("nosuch.csv", "rates.csv"): give it once.'],
    ["unit", ["batch", "invoices.csv", "--board-rates", "rates.csv", "--unit", "m", "--unit", "ft"], '--unit was given 2 times ("m", "ft"): give it once.'],
    ["date-format", ["reconcile", "invoices.csv", "--board-rates", "rates.csv", "--date-format", "DD/MM/YYYY", "--date-format", "MM/DD/YYYY"], '--date-format was given 2 times ("DD/MM/YYYY", "MM/DD/YYYY"): give it once.'],
  ])("--%s is refused, naming both values", (flag, args, message) => {
    const out = run(...args, "--json");
    expect(out.code).toBe(2);
    expect(JSON.parse(out.stderr).error).toMatchObject({ field: flag, message });
  });

  test("--map of one column twice is refused, naming both; two columns are fine", () => {
    const twice = run("reconcile", "invoices.csv", "--board-rates", "rates.csv", "--map", "Total=billed_total", "--map", "total=ignore");
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('Column F is mapped twice ("Total" as billed total, "total" as ignore): map it once.');
    // 12 h Upper River, 192 units, clause (xi): 4,143.36 + 691.20 + 2,071.68 (second pilot) + 300.00 + 45.50 + 125.00 = $7,376.74, as billed.
    const two = run("reconcile", "invoices.csv", "--board-rates", "rates.csv", "--map", "Total=billed_total", "--map", "Vessel=vessel");
    expect(two.stderr).toBe("");
    expect(two.code).toBe(0);
  });
});
