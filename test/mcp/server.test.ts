/**
 * `hudson-pilotage mcp` (the built CLI) through the official SDK's own client over stdio: the
 * tools and their schemas, the three-transit call (amounts worked by hand in
 * test/cli/call.test.ts) with a .pdf written inside the folder, refusals as tool errors with the
 * --json record (a path outside the folder, an existing output, bad input), and the resources.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");
const RATES_CSV = "table,from,a,b,c\nfees,2026-07-01,310.00,45.50,125.25\nsurcharge,2026-10-01,300.00,360.00,3.60\n";
const CALL = {
  vessel: { name: "MV HUDSON TRADER", imo: "9123453", length: 600, breadth: 80, depth: 40, unit: "ft" },
  transits: [
    { label: "Inbound to Albany", direction: "inbound", section: 2, date: "2026-12-30", hours: 12 },
    { label: "Shift to Kingston", section: 1, date: "2026-12-31", hours: 6 },
    { label: "Outbound", direction: "outbound", section: 2, date: "2027-01-02", hours: 8 },
  ],
  boardRates: "rates.csv",
  otherCharges: [{ label: "Docking pilot", amount: "850.00" }],
};

let work = "";
let folder = "";
let client: Client;

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };

async function callTool(name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "nypilot-mcp-"));
  folder = path.join(work, "quotes");
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, "rates.csv"), RATES_CSV);
  fs.writeFileSync(path.join(work, "outside.csv"), RATES_CSV);
  client = new Client({ name: "hudson-pilotage-test", version: "1.0.0" });
  // Started in another folder, serving `folder` (--root), as an MCP client's configuration starts it.
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", "--root", folder], cwd: work, stderr: "pipe" }));
}, 60_000);

afterAll(async () => {
  await client?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

test("lists the five tools, each with a description and a JSON schema of its arguments", async () => {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(["pilot_required", "quote_call", "quote_transit", "rates", "reconcile_file"]);
  for (const tool of tools) {
    expect((tool.description ?? "").length).toBeGreaterThan(80);
    expect(tool.inputSchema.type).toBe("object");
  }
  const quoteCall = tools.find((tool) => tool.name === "quote_call");
  expect(Object.keys(quoteCall?.inputSchema.properties ?? {})).toEqual(["call", "output"]);
  const quoteTransit = tools.find((tool) => tool.name === "quote_transit");
  expect(Object.keys(quoteTransit?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(["units", "section", "date", "hours", "boardRates"]));
});

test("quote_call: the hand-worked call, and its .pdf written inside the folder", async () => {
  const answer = await callTool("quote_call", { call: CALL, output: "quote.pdf" });
  expect(answer.isError).toBeFalsy();
  const json = answer.structuredContent as { transits: { clause: string; total: string }[]; statutorySubtotal: string; total: string; output: string };
  // 7,386.99 + 3,988.14 + 5,440.11 = 16,815.24; + 850.00 docking pilot = 17,665.24.
  expect(json.transits.map((t) => [t.clause, t.total])).toEqual([["xi", "7386.99"], ["xi", "3988.14"], ["xii", "5440.11"]]);
  expect(json.statutorySubtotal).toBe("16815.24");
  expect(json.total).toBe("17665.24");
  expect(json.output).toBe("quote.pdf");
  expect(fs.readFileSync(path.join(folder, "quote.pdf")).subarray(0, 5).toString()).toBe("%PDF-");
  expect(JSON.parse(answer.content[0].text)).toEqual(json);
});

test("quote_call with a .pdf: a character outside the PDF's font is named by field in the answer's warnings", async () => {
  const answer = await callTool("quote_call", { call: { ...CALL, vessel: { ...CALL.vessel, name: "Ακρόπολις 丸" } }, output: "named.pdf" });
  expect(answer.isError).toBeFalsy();
  const json = answer.structuredContent as { warnings: string[] };
  expect(json.warnings).toContain('vessel name: "丸" (U+4E38) cannot be printed in the PDF (not in its font, DejaVu Sans); shown as ?');
  expect(json.warnings.filter((warning) => warning.includes("cannot be printed"))).toHaveLength(1);
});

test("refusals are tool errors with the --json record: an existing output, a path outside the folder, bad input", async () => {
  const existing = await callTool("quote_call", { call: CALL, output: "quote.pdf" });
  expect(existing.isError).toBe(true);
  expect(existing.structuredContent).toEqual({ error: { code: "OUTPUT_EXISTS", field: "output", message: expect.stringContaining("never overwrites") } });
  const escape = await callTool("quote_call", { call: CALL, output: "../escape.xlsx" });
  expect(escape.structuredContent).toMatchObject({ error: { code: "OUTSIDE_FOLDER", field: "output" } });
  expect(fs.existsSync(path.join(work, "escape.xlsx"))).toBe(false);
  const rates = await callTool("quote_call", { call: { ...CALL, boardRates: "../outside.csv" } });
  expect(rates.structuredContent).toMatchObject({ error: { code: "OUTSIDE_FOLDER", field: "boardRates" } });
  const absolute = await callTool("reconcile_file", { path: path.join(work, "outside.csv") });
  expect(absolute.structuredContent).toMatchObject({ error: { code: "OUTSIDE_FOLDER", field: "path" } });
  const badDate = await callTool("quote_transit", { units: 200, section: 1, date: "2026-13-01" });
  expect(badDate.isError).toBe(true);
  expect(JSON.parse(badDate.content[0].text).error).toMatchObject({ field: "date" });
});

test("quote_transit, rates and pilot_required answer as the library does", async () => {
  // Clause (xi), Section 1, 200 units: 200 × $15.32 = $3,064.00.
  const quote = (await callTool("quote_transit", { units: 200, section: 1, date: "2026-06-15", boardRates: "rates.csv" })).structuredContent as { lines: { code: string; amount: string }[] };
  expect(quote.lines.find((line) => line.code === "base")?.amount).toBe("3064.00");
  const rates = (await callTool("rates", { date: "2027-01-02" })).structuredContent as { clause: string };
  expect(rates.clause).toBe("xii");
  const required = (await callTool("pilot_required", { status: "foreign", grossTons: 5000, draft: 20 })).structuredContent as { answer: string };
  expect(required.answer).toBe("REQUIRED");
});

test("reconcile_file: the summary and the flagged rows of an invoice file inside the folder", async () => {
  const docs = path.resolve(__dirname, "../../docs");
  fs.copyFileSync(path.join(docs, "sample-invoices.csv"), path.join(folder, "invoices.csv"));
  fs.copyFileSync(path.join(docs, "sample-board-rates.csv"), path.join(folder, "board-rates.csv"));
  const answer = await callTool("reconcile_file", { path: "invoices.csv", boardRates: "board-rates.csv" });
  expect(answer.isError).toBeFalsy();
  const json = answer.structuredContent as { summary: { rowsChecked: number; rowsFlagged: number }; flaggedRows: unknown[] };
  expect(json.summary.rowsChecked).toBeGreaterThan(0);
  expect(json.flaggedRows).toHaveLength(json.summary.rowsFlagged);
});

test("resources: the statute's text and our interpretations", async () => {
  const { resources } = await client.listResources();
  expect(resources.map((resource) => resource.uri).sort()).toEqual(["hudson-pilotage://interpretations", "hudson-pilotage://statute/nav-law-89-a"]);
  const statute = await client.readResource({ uri: "hudson-pilotage://statute/nav-law-89-a" });
  expect(String((statute.contents[0] as { text: string }).text)).toContain("Effective January first, two thousand twenty-seven");
  const readings = await client.readResource({ uri: "hudson-pilotage://interpretations" });
  expect(String((readings.contents[0] as { text: string }).text)).toContain("D1");
});
