/**
 * reconcile(rows) with rows as a sheet reader gives them, arrays of cells with a title above the
 * header (issue 37): the header row is found, or named by headerRow. Amounts worked by hand.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HudsonPilotageError, reconcile } from "../../src/lib";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "nypilot-sheet-rows-"));
const rates = path.join(work, "rates.csv");
beforeAll(() => fs.writeFileSync(rates, "table,from,a,b,c\nfees,2026-01-01,300.00,45.50,125.00\nsurcharge,2020-11-20,300.00,360.00,3.60\n"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function all<T>(answers: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const answer of answers) out.push(answer);
  return out;
}

// Section 1, 40 units ≤ 50, 2026, clause (xi): base $1,070.58; surcharge ≤ 50 units $300.00; launch
// $300.00 + communication $45.50 (no mid-river launch on Section 1): $1,716.08. NORDIC is billed
// $1,736.08: $20.00 over.
const SHEET = [
  ["Pilots' register, March 2026"],
  [],
  ["Vessel", "PU", "Sect.", "Date", "Hrs", "Amt due"],
  ["HUDSON TRADER", 40, "Lower", "03/15/26", 6, "1,716.08"],
  ["NORDIC", 40, "Lower", "03/16/26", 6, "1,736.08"],
];

test("rows as arrays of cells: the header row is found under the title, rows keep the sheet's numbers", async () => {
  const answers = await all(reconcile(SHEET, { boardRates: rates }));
  expect(answers.map((answer) => [answer.row, (answer as { status?: string }).status, (answer as { flag?: boolean }).flag])).toEqual([
    [4, "matched", false],
    [5, "variance", true],
  ]);
  expect((answers[1] as { variance?: string }).variance).toBe("20.00");
});

test("headerRow names the header; a row that names nothing is refused by name", async () => {
  const given = await all(reconcile(SHEET, { boardRates: rates, headerRow: 3 }));
  expect(given).toHaveLength(2);
  await expect(all(reconcile(SHEET, { boardRates: rates, headerRow: 0 }))).rejects.toThrow(HudsonPilotageError);
  await expect(all(reconcile([{ Vessel: "A" }], { headerRow: 3 }))).rejects.toThrow(/headerRow applies to rows given as arrays of cells/);
});
