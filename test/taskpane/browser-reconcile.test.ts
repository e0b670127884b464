/**
 * The task pane's "Reconcile invoices" end to end in the tests' Chromium, as Excel shows it: the
 * built page (local office.js build, served from 127.0.0.1 as in browser.test.ts) with its
 * office.js request answered by test/taskpane/fixtures/fake-office.js, which reports host Excel
 * and carries out Excel.run over a small in-memory workbook, logging every write. Checked in the
 * real DOM: the section is shown in Excel; "Use selected range" on a 6-column invoice table lists
 * each column with the field guessed from its header; a field chosen twice is marked at both
 * selects and Run is refused with nothing written; once corrected, Run writes the NYPILOT formulas
 * into the empty cells right of the table with calculation held in manual mode and restored, the
 * progress bar reaches its end and the message says where the columns went; with a cell right of
 * the table in use, the result goes to a new sheet and that cell is kept. No request leaves the
 * local server and the page logs no error.
 *
 * The hand-written formula. The table is Invoices!A1:F5: header row 1, four invoices in rows 2–5,
 * units in B, section in C, date in D. Beside the table the first added column is G, and its one
 * chunk (4 rows < 5,000) is a single formula in G2 over the four rows:
 *   =NYPILOT.HUDSON_BASE_FEE(B2:B5,C2:C5,D2:D5)
 * On a new sheet the same call names the table's sheet: 'Invoices'!B2:B5 and so on, from A2.
 * Seven columns are added (G:M), then a gap column N and the summary in O:P rows 1–7, so every
 * cell the run may write beside the table is in G1:P7.
 */
import fs from "fs";
import path from "path";
import { Page } from "playwright-core";
import { AddinBrowser, expectOnlyLocalRequests, expectText, JS_TYPE, startAddinBrowser } from "../support/browser";

const FAKE_OFFICE = path.join(__dirname, "fixtures", "fake-office.js");

const HEADERS = ["Vessel", "Pilotage units", "Section", "Date", "Hours", "Billed total"];
const INVOICES = [
  HEADERS,
  ["MAERSK KOWLOON", 192.16, 1, "2026-06-15", 6, 3975.67],
  ["NORDIC ORION", 322.413, 2, "2026-09-02", 12, 12044.1],
  ["ATLANTIC SUN", 88.5, 1, "2026-07-01", 4, 1800],
  ["HUDSON TRADER", 150, 2, "2026-08-10", 8, 5200],
];
const ADDED = ["Computed base pilotage", "Computed surcharge", "Computed second pilot", "Computed board fees", "Computed total", "Variance", "Flag", "Status"];
const BOARD_CREATED = " Non-zero variances and flagged rows are shaded red; the formulas recalculate when you change a cell. Created the “Board rates” sheet from the pane's board rows.";

interface Cell {
  value: unknown;
  formula?: string;
  numberFormat?: string;
}

interface LogEntry {
  kind: string;
  sync: number;
  calculationMode: string;
  sheet?: string;
  address?: string;
  value?: unknown;
  formula?: string;
  fill?: string;
  font?: string;
}

/** globalThis.fakeWorkbook of fixtures/fake-office.js. */
interface FakeWorkbook {
  addSheet(name: string): void;
  fill(sheet: string, topLeft: string, rows: unknown[][]): void;
  select(sheet: string, address: string): void;
  setCalculationMode(mode: string): void;
  cells(sheet: string): Record<string, Cell>;
  sheetNames(): string[];
  tables(): { name: string; sheet: string; address: string }[];
  calculationMode(): string;
  functionIds(): string[];
  log: LogEntry[];
}

type Call<K extends keyof FakeWorkbook> = FakeWorkbook[K] extends (...args: infer A) => infer R ? [A, R] : [[], FakeWorkbook[K]];

let session: AddinBrowser;
let page: Page;

/** Calls (or reads) the in-page fake workbook. */
async function book<K extends keyof FakeWorkbook>(name: K, ...args: Call<K>[0]): Promise<Call<K>[1]> {
  return page.evaluate(
    ([member, list]) => {
      const fake = (globalThis as unknown as { fakeWorkbook: Record<string, unknown> }).fakeWorkbook;
      const item = fake[member];
      return typeof item === "function" ? item(...list) : item;
    },
    [name, args as unknown[]] as const,
  ) as Promise<Call<K>[1]>;
}

/** The workbook as the person left it: the invoice table selected, and `extra` cells typed. */
async function openWithInvoices(extra: Record<string, unknown> = {}): Promise<void> {
  await page.goto(`${session.origin}/taskpane.html`);
  await expectText(page, "#status", "Running in Excel.");
  await page.waitForSelector("#reconcile");
  await book("addSheet", "Invoices");
  await book("fill", "Invoices", "A1", INVOICES);
  for (const [address, value] of Object.entries(extra)) await book("fill", "Invoices", address, [[value]]);
  await book("setCalculationMode", "AutomaticExceptTables");
  await book("select", "Invoices", "A1:F5");
}

const columnSelect = (label: string) => page.getByLabel(label, { exact: true });
const message = () => page.textContent("#reconcile-message");

/** The text of the elements a control's aria-describedby names. */
async function describedText(label: string): Promise<string> {
  const ids = (await columnSelect(label).getAttribute("aria-describedby")) ?? "";
  return page.evaluate((list) => list.split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "), ids);
}

/** Whether every cell of a write's address ("G2:N2", "P1") lies in the block G1:Q7 right of the table. */
function inBesideRegion(address: string): boolean {
  return address.split(":").every((cell) => /^[G-Q][1-7]$/.test(cell));
}

beforeAll(async () => {
  session = await startAddinBrowser();
  page = session.page;
  // The build's office.js, on the page's own origin, answered by the fake (so the CSP's script-src 'self' admits it).
  const fakeOffice = fs.readFileSync(FAKE_OFFICE, "utf8");
  await page.route(`${session.origin}/office-js/office.js`, (route) => route.fulfill({ status: 200, contentType: JS_TYPE, body: fakeOffice }));
}, 240_000);

afterAll(async () => {
  await session?.close();
});

describe("Reconcile invoices in the task pane, in Chromium with office.js reporting Excel", () => {
  test("in Excel the Reconcile section is shown, and opening the pane writes nothing", async () => {
    await openWithInvoices();
    expect(await page.getByRole("region", { name: "Reconcile invoices" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Use selected range" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Reconcile", exact: true }).isDisabled()).toBe(true);
    expect(await page.locator("#reconcile-mapping").isHidden()).toBe(true);
    // The custom functions registered against the same office.js.
    expect(await book("functionIds")).toContain("HUDSON_BASE_FEE");
    expect(await book("log")).toEqual([]);
  });

  test("“Use selected range” describes the table and lists each column with the field guessed from its header", async () => {
    await page.getByRole("button", { name: "Use selected range" }).click();
    await expectText(page, "#reconcile-range", "Invoices!A1:F5: 6 columns, 4 rows under the header.");
    expect(await page.locator("#reconcile-mapping").isVisible()).toBe(true);
    expect(await page.locator("#reconcile-columns select").count()).toBe(6);
    const guessed: [string, string, string][] = [
      ["A “Vessel”", "vessel", "vessel"],
      ["B “Pilotage units”", "units", "pilotage units"],
      ["C “Section”", "section", "section"],
      ["D “Date”", "date", "transit date"],
      ["E “Hours”", "hours", "continuous pilotage hours"],
      ["F “Billed total”", "billed_total", "billed total"],
    ];
    for (const [label, value, shown] of guessed) {
      const select = columnSelect(label);
      expect({ label, value: await select.inputValue(), shown: await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent) }).toEqual({ label, value, shown });
      expect(await select.getAttribute("aria-invalid")).toBeNull();
    }
    expect(await message()).toBe("Check what each column holds (guessed from the headers), correct any that are wrong, then choose “Reconcile”.");
    expect(await page.getByRole("button", { name: "Reconcile", exact: true }).isEnabled()).toBe(true);
    expect(await book("log")).toEqual([]);
  });

  test("a field chosen for two columns marks both, says what to fix, and Run is refused with nothing written", async () => {
    await columnSelect("E “Hours”").selectOption({ label: "pilotage units" });
    const problem = "The pilotage units is mapped to two columns (B and E).";
    for (const label of ["B “Pilotage units”", "E “Hours”"]) {
      expect({ label, invalid: await columnSelect(label).getAttribute("aria-invalid") }).toEqual({ label, invalid: "true" });
      expect(await describedText(label)).toContain(problem);
    }
    for (const label of ["A “Vessel”", "C “Section”", "D “Date”", "F “Billed total”"]) expect({ label, invalid: await columnSelect(label).getAttribute("aria-invalid") }).toEqual({ label, invalid: null });
    expect(await page.locator("#reconcile-mapping-error").isVisible()).toBe(true);
    expect(await page.textContent("#reconcile-mapping-error")).toBe(problem);

    await page.getByRole("button", { name: "Reconcile", exact: true }).click();
    await expectText(page, "#reconcile-message", "Correct the column mapping first: the problem is shown above the Reconcile button.");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("reconcile-column-1");
    expect(await page.locator("#reconcile-progress").isHidden()).toBe(true);
    await page.waitForTimeout(200);
    expect(await book("log")).toEqual([]);
    expect(await book("sheetNames")).toEqual(["Invoices"]);
  });

  test("corrected, Run writes the NYPILOT formulas right of the table with calculation held, shows the progress and says where", async () => {
    await columnSelect("E “Hours”").selectOption({ label: "continuous pilotage hours" });
    for (const label of ["B “Pilotage units”", "E “Hours”"]) expect(await columnSelect(label).getAttribute("aria-invalid")).toBeNull();
    expect(await page.locator("#reconcile-mapping-error").isHidden()).toBe(true);
    const before = await book("cells", "Invoices");
    expect(Object.keys(before)).toHaveLength(30);

    // Every text the progress line shows, as it changes (the same text set again is not a change).
    await page.evaluate(() => {
      const seen: string[] = [];
      (globalThis as unknown as { progressSeen: string[] }).progressSeen = seen;
      const text = document.getElementById("reconcile-progress-text") as HTMLElement;
      new MutationObserver(() => {
        if (seen[seen.length - 1] !== text.textContent) seen.push(text.textContent ?? "");
      }).observe(text, { childList: true, characterData: true, subtree: true });
    });
    await page.getByRole("button", { name: "Reconcile", exact: true }).click();
    await expectText(
      page,
      "#reconcile-message",
      `Added the computed columns, variances, flag and status beside the table (G1:N5) for 4 rows, with a summary to their right.${BOARD_CREATED}`,
    );

    const log = await book("log");
    const onTable = log.filter((entry) => entry.sheet === "Invoices");
    const formulaWrites = onTable.filter((entry) => entry.kind === "formulas");
    // The chunk: one formula per added column in row 2 (it spills down the four rows), the first worked out above.
    expect(formulaWrites[0]?.address).toBe("G2:N2");
    const top = (formulaWrites[0]?.value as string[][])[0];
    expect(top[0]).toBe("=NYPILOT.HUDSON_BASE_FEE(B2:B5,C2:C5,D2:D5)");
    expect([top[1], top[4]].map((formula) => formula.slice(0, 16))).toEqual(["=NYPILOT.HUDSON_", "=NYPILOT.HUDSON_"]);
    const cells = await book("cells", "Invoices");
    expect(cells.G2?.formula).toBe("=NYPILOT.HUDSON_BASE_FEE(B2:B5,C2:C5,D2:D5)");
    expect(["G1", "H1", "I1", "J1", "K1", "L1", "M1", "N1"].map((address) => cells[address]?.value)).toEqual(ADDED);
    // Only empty cells right of the table were written; the table itself is as it was.
    expect(onTable.filter((entry) => !inBesideRegion(entry.address ?? ""))).toEqual([]);
    for (const [address, cell] of Object.entries(before)) expect({ address, cell: cells[address] }).toEqual({ address, cell });
    expect(onTable.find((entry) => entry.kind === "conditionalFormat" && entry.address === "L2:L5")).toMatchObject({ formula: "=AND(ISNUMBER(L2),ABS(L2)>=0.01)", fill: "#FFC7CE" });

    // Calculation: manual for every write to the table's sheet, then the person's mode again.
    expect(log.filter((entry) => entry.kind === "calculationMode").map((entry) => entry.value)).toEqual(["Manual", "AutomaticExceptTables"]);
    expect(onTable.length).toBeGreaterThan(10);
    expect(onTable.filter((entry) => entry.calculationMode !== "Manual")).toEqual([]);
    expect(await book("calculationMode")).toBe("AutomaticExceptTables");
    // The board tables the formulas name, made over the Board rates sheet's two blocks.
    expect(top[4]).toMatch(/,NYPILOT_BoardFees,NYPILOT_BoardSurcharge\)$/);
    expect(await book("tables")).toEqual([
      { name: "NYPILOT_BoardFees", sheet: "Board rates", address: "A4:D104" },
      { name: "NYPILOT_BoardSurcharge", sheet: "Board rates", address: "F4:I104" },
    ]);

    // The progress bar reached its end: 4 of 4 rows.
    expect(await page.locator("#reconcile-progress").isVisible()).toBe(true);
    expect(await page.evaluate(() => {
      const bar = document.getElementById("reconcile-progressbar") as HTMLProgressElement;
      return { value: bar.value, max: bar.max, position: bar.position };
    })).toEqual({ value: 4, max: 4, position: 1 });
    expect(await page.textContent("#reconcile-progress-text")).toBe("Rows 4 of 4");
    expect(await page.evaluate(() => (globalThis as unknown as { progressSeen: string[] }).progressSeen)).toEqual(["Rows 0 of 4", "Rows 4 of 4"]);
    expect(await book("sheetNames")).toEqual(["Invoices", "Board rates"]);
  });

  test("with a value already right of the table, the result goes to a new sheet and that cell is unchanged", async () => {
    await openWithInvoices({ I3: "checked by AB" });
    const before = await book("cells", "Invoices");
    expect(before.I3).toEqual({ value: "checked by AB" });
    await page.getByRole("button", { name: "Use selected range" }).click();
    await expectText(page, "#reconcile-range", "Invoices!A1:F5: 6 columns, 4 rows under the header.");
    await page.getByRole("button", { name: "Reconcile", exact: true }).click();
    await expectText(
      page,
      "#reconcile-message",
      `Some cells beside the table are not empty, so the result is on the new sheet “Reconciliation Invoices” (A1:H5, 4 rows, with a summary to the right); your table is unchanged.${BOARD_CREATED}`,
    );
    expect(await book("cells", "Invoices")).toEqual(before);
    const log = await book("log");
    expect(log.filter((entry) => entry.sheet === "Invoices")).toEqual([]);
    expect(await book("sheetNames")).toEqual(["Invoices", "Board rates", "Reconciliation Invoices"]);
    const result = await book("cells", "Reconciliation Invoices");
    expect(result.A2?.formula).toBe("=NYPILOT.HUDSON_BASE_FEE('Invoices'!B2:B5,'Invoices'!C2:C5,'Invoices'!D2:D5)");
    expect(log.filter((entry) => entry.sheet === "Reconciliation Invoices" && entry.kind !== "addSheet" && entry.calculationMode !== "Manual").map((entry) => entry.kind)).toEqual(["activate"]);
    expect(await book("calculationMode")).toBe("AutomaticExceptTables");
  });

  test("“Insert as values” is a labelled checkbox in the quote and Reconcile sections; checked, Reconcile writes values and no formula", async () => {
    await openWithInvoices();
    for (const section of ["#quote", "#reconcile"]) {
      const box = page.locator(section).getByRole("checkbox", { name: "Insert as values" });
      expect({ section, visible: await box.isVisible(), checked: await box.isChecked() }).toEqual({ section, visible: true, checked: false });
      expect(await page.locator(section).locator(`#${await box.getAttribute("aria-describedby")}`).textContent()).toMatch(/no formulas/);
    }
    await page.getByRole("button", { name: "Use selected range" }).click();
    await expectText(page, "#reconcile-range", "Invoices!A1:F5: 6 columns, 4 rows under the header.");
    await page.locator("#reconcile").getByRole("checkbox", { name: "Insert as values" }).check();
    await page.getByRole("button", { name: "Reconcile", exact: true }).click();
    await expectText(
      page,
      "#reconcile-message",
      "Added as values (no formulas) the computed columns, variances, flag and status beside the table (G1:N5) for 4 rows, with a summary to their right. Non-zero variances and flagged rows are shaded red; the values are as computed now and do not change when you edit a cell.",
    );
    const log = await book("log");
    expect(log.filter((entry) => entry.kind === "formulas")).toEqual([]);
    // No Board rates sheet: values read nothing from it.
    expect(await book("sheetNames")).toEqual(["Invoices"]);
    const cells = await book("cells", "Invoices");
    // MAERSK KOWLOON, 192.16 units, Lower River, 2026-06-15 (clause (xi)): 192.16 × $15.32 = 2,943.8912 → $2,943.89.
    expect([cells.G1?.value, cells.G2?.value, cells.G2?.formula]).toEqual(["Computed base pilotage", 2943.89, undefined]);
    expect(Object.values(cells).filter((cell) => cell.formula !== undefined)).toEqual([]);
  });

  test("“Insert as values” checked, Insert quote adds a sheet of the engine's amounts, no formula, and no Board rates sheet", async () => {
    await page.goto(`${session.origin}/taskpane.html`);
    await expectText(page, "#status", "Running in Excel.");
    await page.getByLabel("Vessel name").fill("EVER FORWARD");
    await page.getByLabel("Overall length, feet").fill("600");
    await page.getByLabel("Overall length, inches").fill("6");
    await page.getByLabel("Extreme breadth, feet").fill("80");
    await page.getByLabel("Depth, feet").fill("40");
    const transit = page.getByRole("group", { name: "Transit 1", exact: true });
    await transit.getByLabel("Section").selectOption("1");
    await transit.getByLabel("Date").fill("2026-06-15");
    await page.locator("#quote").getByRole("checkbox", { name: "Insert as values" }).check();
    await page.getByRole("button", { name: "Insert quote" }).click();
    await expectText(page, "#message", "Inserted the quote as values (no formulas: it reads the same without the add-in) on the new sheet “EVER FORWARD 2026-06-15”.");
    expect(await book("sheetNames")).toEqual(["EVER FORWARD 2026-06-15"]);
    expect((await book("log")).filter((entry) => entry.kind === "formulas")).toEqual([]);
    const cells = await book("cells", "EVER FORWARD 2026-06-15");
    expect(Object.entries(cells).filter(([, cell]) => cell.formula !== undefined)).toEqual([]);
    // 600.5 × 80 × 40 ÷ 10,000 = 192.16 units; Lower River under (xi): 192.16 × $15.32 = 2,943.8912 → $2,943.89
    // (one transit: total row 18, settings rows 20–22, the line items' heading 24, title 25, header 26, base line 27).
    expect([cells.B13?.value, cells.A26?.value, cells.A27?.value, cells.B27?.value]).toEqual([192.16, "Item", "Base pilotage, Section 1, Lower River", 2943.89]);
    const print = (await book("log")).filter((entry) => entry.kind === "print").map((entry) => [(entry as unknown as { property: string }).property, entry.value]);
    expect(print).toEqual([
      ["freezeAt", "A1:A16"],
      ["orientation", "Landscape"],
      ["zoom", { horizontalFitToPages: 1, verticalFitToPages: 0 }],
      ["printTitleRows", "$16:$16"],
      ["autoFilter", "A16:J17"],
    ]);
  });

  test("no request left the local server, the office.js request got the fake, and the page logged no error", async () => {
    expectOnlyLocalRequests(session);
    expect(await page.evaluate(() => typeof (globalThis as unknown as { fakeWorkbook?: unknown }).fakeWorkbook)).toBe("object");
    expect(session.pageErrors).toEqual([]);
    expect(session.consoleErrors).toEqual([]);
  });
});
