/**
 * Red-team F20: a JavaScript Date in the library's batch/reconcile rows is a moment, not a day
 * (D15). Each case runs the built library (dist-node, which npm test builds) in a child process
 * whose TZ is set, since a process's time zone is fixed when it starts.
 *
 * By hand, § 89-a(4)(b)(1), Section 2, 192 units, with the board rows below (examples):
 *   31 Dec 2026, clause (xi): 192 × $21.58 = $4,143.36; surcharge 192 × $3.60 = $691.20;
 *     fees $300.00 + $45.50 + $125.00 = $470.50; total $5,305.06.
 *   1 Jan 2027, clause (xii): 192 × $22.23 = $4,268.16; surcharge 192 × $3.70 = $710.40;
 *     fees $310.00 + $46.00 + $136.00 = $492.00; total $5,470.56.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const LIBRARY = path.resolve(__dirname, "../../dist-node/src/lib/index.js");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "nypilot-moments-"));
const rates = path.join(work, "rates.csv");
beforeAll(() =>
  fs.writeFileSync(
    rates,
    [
      "table,from,a,b,c",
      "fees,2026-01-01,300.00,45.50,125.00",
      "fees,2027-01-01,310.00,46.00,136.00",
      "surcharge,2026-10-01,300.00,360.00,3.60",
      "surcharge,2027-01-01,300.00,370.00,3.70",
    ].join("\n"),
  ),
);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

type Answer = { row: number; date?: string; clause?: string; total?: string; status?: string; variance?: string | null; error?: { message: string } };

/**
 * The rows (built in the child, `dates` as JavaScript expressions) through batch and reconcile under
 * TZ; the date column named (`map`), since a column of refused dates is not guessed to be dates.
 */
function runIn(timeZone: string, dates: string[], billed: string[]): { batch: Answer[]; reconcile: Answer[] } {
  const script = `
    const { batch, reconcile } = require(${JSON.stringify(LIBRARY)});
    const rows = [${dates.map((date, i) => `{ Vessel: "V${i}", Units: 192, Section: 2, Date: ${date}, Hours: 8, Total: ${JSON.stringify(billed[i])} }`).join(",")}];
    (async () => {
      const out = { batch: [], reconcile: [] };
      for await (const row of batch(rows, { boardRates: ${JSON.stringify(rates)}, map: { Date: "date" } })) out.batch.push(row);
      for await (const row of reconcile(rows, { boardRates: ${JSON.stringify(rates)}, map: { Date: "date" } })) out.reconcile.push(row);
      process.stdout.write(JSON.stringify(out));
    })();`;
  const result = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", env: { ...process.env, TZ: timeZone } });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as { batch: Answer[]; reconcile: Answer[] };
}

describe.each(["America/New_York", "Asia/Tokyo"])("TZ=%s", (timeZone) => {
  test("local midnight is that local day, on either side of 1 January: each invoice billed correctly matches", () => {
    const { batch, reconcile } = runIn(timeZone, ["new Date(2026, 11, 31)", "new Date(2027, 0, 1)"], ["5305.06", "5470.56"]);
    expect(batch.map((row) => [row.date, row.clause, row.total])).toEqual([
      ["2026-12-31", "xi", "5305.06"],
      ["2027-01-01", "xii", "5470.56"],
    ]);
    expect(reconcile.map((row) => [row.status, row.variance])).toEqual([
      ["matched", "0.00"],
      ["matched", "0.00"],
    ]);
  });

  test("midnight UTC (new Date('2027-01-01')) is that UTC day", () => {
    const { batch } = runIn(timeZone, ['new Date("2026-12-31")', 'new Date("2027-01-01T00:00:00Z")'], ["5305.06", "5470.56"]);
    expect(batch.map((row) => [row.date, row.total])).toEqual([
      ["2026-12-31", "5305.06"],
      ["2027-01-01", "5470.56"],
    ]);
  });

  test("a moment at any other time is refused for its row, naming the fix; never moved to another day", () => {
    const { batch, reconcile } = runIn(timeZone, ["new Date(2026, 11, 31, 20, 0)", "new Date(2027, 0, 1, 0, 30)", 'new Date("2026-12-31")'], ["5305.06", "5470.56", "5305.06"]);
    for (const row of [batch[0], batch[1]]) {
      expect(row.total).toBeUndefined();
      expect(row.error?.message).toMatch(/is a JavaScript Date of .*, a moment whose calendar day depends on the time zone .*: give the transit date as 'YYYY-MM-DD' text\./);
    }
    expect(reconcile.map((row) => row.status)).toEqual(["not checked", "not checked", "matched"]);
    // The row after them is read as before.
    expect(batch[2].total).toBe("5305.06");
  });
});
