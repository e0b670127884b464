/**
 * The library's streaming batch(rows) and reconcile(rows), called directly (src/lib): rows are
 * objects of cells by header, from an array or an async iterable; each answer is the object the
 * command writes as a JSON line. Amounts are worked by hand from § 89-a.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { batch, HudsonPilotageError, reconcile, RowObject } from "../../src/lib";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "nypilot-rows-"));
const rates = path.join(work, "rates.csv");
beforeAll(() => fs.writeFileSync(rates, "table,from,a,b,c\nfees,2026-01-01,300.00,45.50,125.00\nsurcharge,2020-11-20,300.00,360.00,3.60\n"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function all<T>(answers: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const answer of answers) out.push(answer);
  return out;
}

async function* streamed(rows: readonly RowObject[]): AsyncGenerator<RowObject> {
  for (const row of rows) {
    await new Promise((resolve) => setImmediate(resolve));
    yield row;
  }
}

type Line = { code: string; amount: string | null };
const amounts = (answer: unknown) => Object.fromEntries(((answer as { lines: Line[] }).lines ?? []).map((line) => [line.code, line.amount]));

// By hand, clause (xi) (2026), board rows above:
//   Section 1, 40 units ≤ 50: base $1,070.58; surcharge ≤ 50 units $300.00; launch $300.00 + communication $45.50: $1,716.08.
//   Section 2, 200 units: base 200 × $21.58 = $4,316.00; surcharge 200 × $3.60 = $720.00; launch $300.00 +
//   communication $45.50 + mid-river launch $125.00: $5,506.50.
const ROWS: RowObject[] = [
  { Vessel: "A", Units: 40, Section: 1, Date: "2026-03-01", Hours: 6, "Invoice total": "1716.09" },
  { Vessel: "B", Units: "abc", Section: 1, Date: "2026-03-01", Hours: 6, "Invoice total": 1716.08 },
  { Vessel: "D", Units: 200, Section: "Upper", Date: "2026-06-15", Hours: 6, "Invoice total": 5506.5 },
];

describe("batch(rows)", () => {
  test("an array: one answer per row, in order, numbered from 1, with the quote and the cells as given", async () => {
    const answers = await all(batch(ROWS, { boardRates: rates }));
    expect(answers.map((answer) => answer.row)).toEqual([1, 2, 3]);
    expect(answers[0]).toMatchObject({ input: ROWS[0], total: "1716.08", complete: true, clause: "xi", section: 1 });
    // 6 h: a second-pilot line of $0.00 (not more than 10 hours).
    expect(amounts(answers[0])).toEqual({ base: "1070.58", surcharge: "300.00", second_pilot: "0.00", launch: "300.00", communication: "45.50" });
    expect(answers[1]).toEqual({ row: 2, input: ROWS[1], error: { code: "NOT_A_NUMBER", field: "units", message: 'The pilotage units "abc" are not a number: enter the units or UNMEASURED.' } });
    expect(answers[2]).toMatchObject({ total: "5506.50", complete: true, section: 2 });
    expect(amounts(answers[2])).toEqual({ base: "4316.00", surcharge: "720.00", second_pilot: "0.00", launch: "300.00", communication: "45.50", midriver_launch: "125.00" });
  });

  test("an async iterable gives the same answers; without board rates the quotes are incomplete", async () => {
    expect(await all(batch(streamed(ROWS), { boardRates: rates }))).toEqual(await all(batch(ROWS, { boardRates: rates })));
    const [first] = await all(batch(ROWS.slice(0, 1)));
    // Without the boards' amounts: base $1,070.58 only (surcharge after 2020-11-19 and the board fees not entered).
    expect(first).toMatchObject({ total: "1070.58", complete: false });
  });

  test("a row with a column the first row has not, or not an object, is an error row; the others are answered", async () => {
    const answers = await all(batch([ROWS[0], { ...ROWS[0], Agent: "X" }, ["A", 40] as unknown as RowObject, ROWS[2]], { boardRates: rates }));
    expect(answers.map((answer) => ("error" in answer ? answer.error.code : answer.total))).toEqual(["1716.08", "UNKNOWN_COLUMN", "BAD_ROW", "5506.50"]);
    expect(answers[1]).toMatchObject({ row: 2, error: { field: "Agent" } });
  });

  test("no rows: no answers", async () => {
    expect(await all(batch([]))).toEqual([]);
  });
});

describe("reconcile(rows)", () => {
  test("billed, variance, flag and status beside each row's quote", async () => {
    const answers = await all(reconcile(streamed(ROWS), { boardRates: rates }));
    expect(answers[0]).toMatchObject({ row: 1, total: "1716.08", billed: { billed_total: "1716.09" }, variance: "0.01", flag: true, status: "variance" });
    expect(answers[1]).toMatchObject({ row: 2, error: { code: "NOT_A_NUMBER", field: "units" }, billed: { billed_total: "1716.08" }, variance: null, flag: false, status: "not checked" });
    // 5,506.50 billed − 5,506.50 computed.
    expect(answers[2]).toMatchObject({ row: 3, total: "5506.50", billed: { billed_total: "5506.50" }, variance: "0.00", flag: false, status: "matched", note: "" });
  });

  test("map corrects a column's meaning, as --map does", async () => {
    // "Charged" is no header reconcile knows: mapped to the billed total, row A is a cent over again.
    const rows = [{ Vessel: "A", Units: 40, Section: 1, Date: "2026-03-01", Hours: 6, Charged: "1716.09" }];
    const [answer] = await all(reconcile(rows, { boardRates: rates, map: { Charged: "billed_total" } }));
    expect(answer).toMatchObject({ billed: { billed_total: "1716.09" }, variance: "0.01", status: "variance" });
  });

  test("D27: a blank billed total is checked on the charges, all blank is nothing billed, a blank charge beside billed ones is $0.00", async () => {
    // Section 1, 40 units, 2026-03-01: base $1,070.58, surcharge $300.00, launch $300.00, communication $45.50: $1,716.08 (above).
    const row = (vessel: string, base: string, launch: string, total: string | null) => ({ Vessel: vessel, Units: 40, Section: 1, Date: "2026-03-01", Hours: 6, Base: base, Surcharge: base === "" ? "" : "300.00", Launch: launch, Communication: base === "" ? "" : "45.50", "Invoice total": total });
    const answers = await all(
      reconcile(
        [
          row("A", "1070.58", "300.00", ""), // total blank: 1,716.08 − 1,716.08 on the charges
          row("B", "", "", null), // nothing billed
          row("C", "1070.58", "", "1716.08"), // launch blank beside billed amounts: 0.00 − 300.00; the total matches
        ],
        { boardRates: rates },
      ),
    );
    expect(answers[0]).toMatchObject({ billed: { billed_total: null, billed_launch: "300.00" }, variances: { billed_total: null }, variance: "0.00", flag: false, status: "matched", note: "No billed total on this row (the cell is blank): checked on the billed charges." });
    expect(answers[1]).toMatchObject({ billed: { billed_total: null, billed_base: null }, variance: null, flag: false, status: "not checked", note: "Nothing billed on this row (every billed cell is blank): not checked." });
    expect(answers[2]).toMatchObject({ billed: { billed_launch: "0.00", billed_total: "1716.08" }, variances: { billed_launch: "-300.00", billed_total: "0.00" }, variance: "0.00", flag: true, status: "variance" });
    expect((answers[2] as { note: string }).note).toBe("Launch fee billed $0.00 (blank, read as not billed), computed $300.00: $300.00 under.");
  });

  test("bad options reject with a HudsonPilotageError naming the request field", async () => {
    await expect(all(reconcile(ROWS, { boardRate: rates } as never))).rejects.toMatchObject({ name: "HudsonPilotageError", code: "UNKNOWN_OPTION", field: "boardRate" });
    await expect(all(reconcile(ROWS, { dateFormat: "YY/MM/DD" }))).rejects.toMatchObject({ code: "USAGE", field: "dateFormat" });
    await expect(all(reconcile(ROWS, { boardRates: path.join(work, "missing.csv") }))).rejects.toBeInstanceOf(HudsonPilotageError);
    await expect(all(reconcile([{ Vessel: "A" }]))).rejects.toMatchObject({ code: "MAPPING", field: "map" });
  });
});

// Rows as a sheet reader gives them (issue 37): arrays of cells with a title above the header.
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

test("rows as arrays of cells, printed over two pages: the page lines and the repeated header are excluded, a row with a blank cell is not", async () => {
  // An early page break: the date column's first values below the header are mostly page furniture, yet it is the date.
  const printed = [
    ...SHEET.slice(0, 4),
    ["Page 1 of 2"],
    ["Pilots' register, March 2026"],
    SHEET[2],
    ["NORDIC", "", "Lower", "03/16/26", 6, "1,716.08"],
    ["- 2 -"],
  ];
  const answers = await all(reconcile(printed, { boardRates: rates }));
  const shown = answers.map((answer) => [answer.row, (answer as { status?: string }).status ?? (answer as { excluded?: string }).excluded]);
  expect(shown).toEqual([
    [4, "matched"],
    [5, 'a page line ("Page 1 of 2"), not an invoice'],
    [6, `a note ("Pilots' register, March 2026"), not an invoice`],
    [7, "a repeated header row (a page break in a printout), not an invoice"],
    [8, "not checked"],
    [9, 'a page line ("- 2 -"), not an invoice'],
  ]);
});

test("headerRow names the header; a row that names nothing is refused by name", async () => {
  const given = await all(reconcile(SHEET, { boardRates: rates, headerRow: 3 }));
  expect(given).toHaveLength(2);
  await expect(all(reconcile(SHEET, { boardRates: rates, headerRow: 0 }))).rejects.toThrow(HudsonPilotageError);
  await expect(all(reconcile([{ Vessel: "A" }], { headerRow: 3 }))).rejects.toThrow(/headerRow applies to rows given as arrays of cells/);
});
