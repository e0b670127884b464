/**
 * Two-digit years (Excel's default US short date, 6/15/26) in batch, read as Excel reads them
 * (00–29 → 20xx); reconcile and quote --date have theirs in reconcile-messy.test.ts.
 */
import fs from "node:fs";
import { cliFolder } from "./cli-folder";

const { inFolder, run } = cliFolder("hudson-two-digit-");

// Examples of the boards' amounts, not their figures.
const RATES = ["table,from,a,b,c", "fees,2024-01-01,300.00,45.50,125.00", "surcharge,2020-11-20,300.00,360.00,3.60"].join("\n");

test("batch: 6/15/26, 06/15/26 and 15-Jun-26 are June 15th, 2026, each quoted as 2026-06-15", () => {
  // 40 units, Section 1, 6 hours, 2026-06-15: clause (xi) up to 50 units $1,070.58; surcharge 0–50
  // units $300.00; fees $300.00 + $45.50 = $345.50. Total $1,716.08.
  const csv = ["Vessel,Units,Section,Date,Hours", "A,40,1,6/15/26,6", "B,40,1,06/15/26,6", "C,40,1,15-Jun-26,6"].join("\n") + "\n";
  fs.writeFileSync(inFolder("in.csv"), csv);
  fs.writeFileSync(inFolder("rates.csv"), RATES);
  const out = run("batch", "in.csv", "--board-rates", "rates.csv", "-o", "-", "--format", "jsonl");
  expect(out.code).toBe(0);
  const rows = out.stdout.trim().split("\n").map((line) => JSON.parse(line));
  expect(rows.map((row) => [row.row, row.date, row.total])).toEqual([
    [2, "2026-06-15", "1716.08"],
    [3, "2026-06-15", "1716.08"],
    [4, "2026-06-15", "1716.08"],
  ]);
});
