/**
 * `hudson-pilotage mcp`: a Model Context Protocol server on standard input and output (the
 * official SDK), for software agents that build quote sheets. Its tools are the library's
 * functions and the CLI's reconcile, each with a schema and a description; files are read and
 * written only inside the folder the server was started in, and an output is never overwritten.
 * A refusal is a tool error carrying the same {code, field, message} as `--json`.
 * An adapter: it converts requests, paths and errors; the engine does the law.
 */
import fs from "node:fs";
import path from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { compliance, CallRequest, ComplianceRequest, HudsonPilotageError, quote, quoteCall, QuoteRequest, rates, SettingsRequest, writeQuote } from "../lib";
import { LAST_CLAUSE } from "../engine";
import { FEE_KEYS } from "../request/call";
import { errorRecord, ErrorRecord } from "../request/errors";
import { COMPLIANCE_OPTIONS } from "../request/compliance";
import { QUOTE_OPTIONS } from "../request/quote";
import { SETTINGS_OPTIONS } from "../request/settings-flags";
import { camelCase } from "../request/request-object";

/** The documents an agent may read: the statute as enacted, and how we read its open points. */
export const RESOURCES = [
  { name: "statute", uri: "hudson-pilotage://statute/nav-law-89-a", file: "docs/nav-law-89-a.txt", mimeType: "text/plain", description: "N.Y. Navigation Law § 89-a (Hudson River pilotage; rates), the text the rules engine implements, clause by clause." },
  { name: "interpretations", uri: "hudson-pilotage://interpretations", file: "docs/interpretations.md", mimeType: "text/markdown", description: "Our readings D1… of the points § 89-a leaves open, each with its default and the setting that changes it; cited in quotes and warnings." },
] as const;

/** The package's root folder: the nearest folder above this file holding package.json (src/mcp, dist-node/src/mcp or dist-cli). */
function packageRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json")) && fs.existsSync(path.join(dir, "docs"))) return dir;
    if (path.dirname(dir) === dir) throw new Error("The package's docs/ folder is missing: reinstall hudson-pilotage.");
  }
}

/** A request refused by this server itself, said as the library says its own. */
function refused(code: string, field: string, message: string): HudsonPilotageError {
  return new HudsonPilotageError(code, field, message);
}

/**
 * `name` inside `root` (after links are followed, so a link cannot lead out). For an input the file
 * must exist; for an output it must not (never overwritten), and its folder must be inside.
 */
export function pathInside(root: string, name: unknown, field: string, role: "input" | "output"): string {
  if (typeof name !== "string" || name.trim() === "") throw refused("USAGE", field, `${field} takes a file path, relative to the server's folder ${root}.`);
  const resolved = path.resolve(root, name);
  const outside = (candidate: string) => {
    const relative = path.relative(root, candidate);
    return relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  };
  const real = (candidate: string) => {
    try {
      return fs.realpathSync(candidate);
    } catch {
      return null;
    }
  };
  const shown = JSON.stringify(name);
  if (role === "input") {
    const target = real(resolved);
    if (outside(resolved) || (target !== null && outside(target))) throw refused("OUTSIDE_FOLDER", field, `${field} ${shown} is outside the folder the server was started in (${root}): give a file inside it.`);
    if (target === null) throw refused("INPUT_FILE", field, `${field} ${shown}: no such file in ${root}.`);
    return target;
  }
  const folder = real(path.dirname(resolved));
  if (outside(resolved) || (folder !== null && outside(folder))) throw refused("OUTSIDE_FOLDER", field, `${field} ${shown} is outside the folder the server was started in (${root}): write inside it.`);
  if (folder === null) throw refused("OUTPUT_FILE", field, `${field} ${shown}: its folder does not exist in ${root}.`);
  let exists = true;
  try {
    fs.lstatSync(resolved);
  } catch {
    exists = false;
  }
  if (exists) throw refused("OUTPUT_EXISTS", field, `${field} ${shown} exists, and this server never overwrites a file: give a new name.`);
  return path.join(folder, path.basename(resolved));
}

type ToolResult = { content: { type: "text"; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

function answer(value: object): ToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }], structuredContent: value as Record<string, unknown> };
}

function toolError(error: unknown): ToolResult {
  const record: ErrorRecord = errorRecord(error);
  return { content: [{ type: "text", text: JSON.stringify({ error: record }) }], structuredContent: { error: record }, isError: true };
}

async function answered(work: () => Promise<object> | object): Promise<ToolResult> {
  try {
    return answer(await work());
  } catch (error) {
    return toolError(error);
  }
}

const text = z.union([z.string(), z.number()]);
const onOff = z.union([z.boolean(), z.enum(["true", "false"])]);

/** Each option of a command as a schema field: text or a number, or an on/off flag. */
function optionsShape(options: Readonly<Record<string, { readonly type: "string" | "boolean" }>>, describe: Readonly<Record<string, string>>): Record<string, z.ZodTypeAny> {
  return Object.fromEntries(
    Object.entries(options).map(([flag, option]) => {
      const field = camelCase(flag);
      const schema = (option.type === "boolean" ? onOff : text).optional();
      return [field, describe[field] === undefined ? schema : schema.describe(describe[field])];
    }),
  );
}

const QUOTE_WORDS: Readonly<Record<string, string>> = {
  length: "Overall length (feet by default; text such as 600'6\", 182.88m works). With breadth and depth, or give units, or unmeasured.",
  breadth: "Extreme breadth.",
  depth: "Depth to the uppermost continuous deck.",
  unit: "Unit of plain-number measurements: ft (default), m or in.",
  units: "Pilotage units (length × breadth × depth ÷ 10,000), instead of the measurements.",
  unmeasured: "true when the measurements are not provided: the maximum charge (500 units, § 89-a(4)(d)).",
  section: "1 (Lower River: Yonkers through Hyde Park) or 2 (Upper River: beyond Hyde Park through Albany or Troy). Required.",
  date: "Transit date, YYYY-MM-DD: chooses the clause in force. Required.",
  clause: `Name the clause (i … ${LAST_CLAUSE}) instead of looking it up by date.`,
  hours: "Expected continuous pilotage hours: over 10 adds a second pilot at 50% of base pilotage.",
  relievedMidriver: "First pilot relieved at the mid-river station (Section 2): no second-pilot fee.",
  anchored8h: "The vessel anchors at least 8 hours: no second pilot.",
  boardSurcharge: "The surcharge board's table in force: 0-50 amount, 51-100 amount, per unit over 100, as 'A,B,R'.",
  boardRates: "A board-rates file (CSV or .xlsx) inside the server's folder, instead of the fee and surcharge amounts.",
};

const SETTINGS_WORDS = "Interpretation settings (defaults in the interpretations resource): roundUnits, at100 (per-unit|flat), actEffectiveDate, clauseViStart, secondPilotBasis (base|base-plus-surcharge).";

// Typed as any schema: the SDK infers a tool's argument type from its schema, and inferring this one costs the type checker minutes.
const CALL_SCHEMA: z.ZodTypeAny = z
  .object({
    vessel: z
      .object({ name: z.string().optional(), imo: text.optional(), length: text.optional(), breadth: text.optional(), depth: text.optional(), unit: z.enum(["ft", "m", "in"]).optional(), units: text.optional(), unmeasured: z.boolean().optional() })
      .describe("The vessel: name, imo, and length, breadth, depth (+ unit), or units, or unmeasured: true."),
    transits: z
      .array(
        z.object({
          label: z.string().optional().describe("Your name for the transit, e.g. 'Inbound to Albany'."),
          direction: z.enum(["inbound", "outbound"]).optional(),
          section: text.describe("1 (Lower River) or 2 (Upper River)."),
          date: z.string().describe("YYYY-MM-DD: chooses the clause in force."),
          hours: text.optional().describe("Continuous pilotage hours: over 10 adds a second pilot."),
          relievedMidriver: z.boolean().optional(),
          anchored8h: z.boolean().optional(),
          clause: z.string().optional().describe("Name the clause instead of looking it up by date (not for .xlsx output)."),
        }),
      )
      .describe("Each transit of the call, in order."),
    boardRates: z
      .union([z.string(), z.object({ fees: z.array(z.record(text)).optional(), surcharge: z.array(z.record(text)).optional() })])
      .optional()
      .describe(`A board-rates file inside the server's folder, or the tables inline: {fees:[{${FEE_KEYS.join(",")}}], surcharge:[{from,upTo50Units,over50UpTo100Units,perUnitOver100Units}]}. Without them, board amounts are 'not entered' and the quote incomplete.`),
    otherCharges: z.array(z.object({ label: z.string(), amount: text })).optional().describe("Amounts § 89-a does not set (docking pilot, detention): shown apart, never in the statutory subtotal."),
    settings: z.record(text).optional().describe(SETTINGS_WORDS),
  })
  .describe("The port call, as a call file holds it (hudson-pilotage call --help).");

// Each tool's arguments, typed as a plain shape so that the SDK's inference stays shallow.
const QUOTE_SHAPE: z.ZodRawShape = optionsShape(QUOTE_OPTIONS, QUOTE_WORDS);
const QUOTE_CALL_SHAPE: z.ZodRawShape = { call: CALL_SCHEMA, output: z.string().optional().describe("A new file inside the server's folder, ending .xlsx or .pdf.") };
const RATES_SHAPE: z.ZodRawShape = { date: z.string().describe("YYYY-MM-DD."), settings: z.object(optionsShape(SETTINGS_OPTIONS, {})).optional().describe(SETTINGS_WORDS) };
const RECONCILE_SHAPE: z.ZodRawShape = {
  path: z.string().describe("The invoice file (.csv or .xlsx), inside the server's folder."),
  boardRates: z.string().optional().describe("The board-rates file (CSV or .xlsx), inside the server's folder."),
  map: z.record(z.string()).optional().describe('Column corrections: { "Charged": "billed_total", "Notes": "ignore" }.'),
  dateFormat: z.string().optional().describe("The date order of slash dates: MM/DD/YYYY (default) or DD/MM/YYYY."),
  unit: z.string().optional().describe("Unit of plain-number measurements: ft, m or in."),
  sheet: z.string().optional().describe("The sheet of an .xlsx (default: the one whose table reads best)."),
  headerRow: z.number().int().optional().describe("The row that names the columns, 1 for the first (default: found among the first 30 rows)."),
};
const COMPLIANCE_SHAPE: z.ZodRawShape = optionsShape(COMPLIANCE_OPTIONS, {
  status: "foreign; registered (American, under register); enrolled (American, not under register, coastwise). Required.",
  grossTons: "Gross registered tons. Required.",
  draft: "Fully loaded draft in feet. Required.",
  notBySea: "true when the vessel proceeds otherwise than by sea.",
  recreational: "true for a recreational vessel (46 U.S.C. § 2101).",
  length: "Length in feet.",
});

interface ToolConfig {
  readonly title: string;
  readonly description: string;
  readonly inputSchema: z.ZodRawShape;
  readonly annotations: { readonly readOnlyHint?: boolean; readonly destructiveHint?: boolean; readonly openWorldHint?: boolean };
}
type ToolArguments = Record<string, unknown>;

/**
 * server.registerTool with the arguments as a plain record: the SDK's generic signature infers
 * each tool's argument type through zod, deeper than the type checker goes; the schema still
 * checks the arguments at run time, and our request readers check them again.
 */
function addTool(server: McpServer, name: string, config: ToolConfig, handler: (args: ToolArguments) => Promise<ToolResult>): void {
  const register = server.registerTool as unknown as (this: McpServer, name: string, config: ToolConfig, handler: (args: ToolArguments) => Promise<ToolResult>) => unknown;
  register.call(server, name, config, handler);
}

/** The server, its tools and resources, for the folder `root` (every path is inside it). */
export function pilotageServer(root: string, version: string): McpServer {
  const server = new McpServer({ name: "hudson-pilotage", version });
  const boardRatesInside = <T extends object>(request: T): T =>
    "boardRates" in request && typeof request.boardRates === "string" ? { ...request, boardRates: pathInside(root, request.boardRates, "boardRates", "input") } : request;

  addTool(
    server,
    "quote_transit",
    {
      title: "Quote one Hudson River transit",
      description:
        "Prices one transit under N.Y. Navigation Law § 89-a: every line (base pilotage, surcharge, second pilot, board fees) with its amount as two-decimal text (null when a board amount is not entered) and the clause it comes from, the total, complete (false when an amount is not entered) and warnings. Give the vessel one way (length+breadth+depth, units, or unmeasured), section and date.",
      inputSchema: QUOTE_SHAPE,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (request) => answered(() => quote(boardRatesInside(request) as QuoteRequest)),
  );

  addTool(
    server,
    "quote_call",
    {
      title: "Quote a port call (several transits)",
      description:
        "Quotes a port call: one vessel, several transits (each on its own date under its own clause), the statutory subtotal, other charges kept apart, the total, complete, missing amounts by transit and warnings. With `output` ending .xlsx (the quote sheet with live =NYPILOT formulas and the Board rates sheet) or .pdf (one printable page for up to four transits), also writes that file inside the server's folder; an existing file is never overwritten. A character the PDF's font lacks prints there as ? and is named, with its field, in warnings.",
      inputSchema: QUOTE_CALL_SHAPE,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    ({ call, output }) =>
      answered(async () => {
        const request = boardRatesInside(call as object) as CallRequest;
        if (output !== undefined && typeof output !== "string") throw refused("USAGE", "output", "output takes a file name ending .xlsx or .pdf.");
        if (output === undefined) return quoteCall(request);
        const file = pathInside(root, output, "output", "output");
        const json = await writeQuote(request, file);
        return { ...json, output: path.relative(root, file) };
      }),
  );

  addTool(
    server,
    "rates",
    {
      title: "The § 89-a schedule in force on a date",
      description: "The base pilotage schedule in force on a date for both sections (with its clause and citation), the surcharge that applies (a statutory table, or the surcharge board's) and the board fees.",
      inputSchema: RATES_SHAPE,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ date, settings }) => answered(() => rates(date as string, (settings ?? {}) as SettingsRequest)),
  );

  addTool(
    server,
    "reconcile_file",
    {
      title: "Check an invoice file against § 89-a",
      description:
        "Reconciles a CSV or .xlsx of pilotage invoices (inside the server's folder) row by row: each row's computed amounts beside the billed ones. Answers the summary (rows checked, billed, computed, variance, rows flagged) and the flagged rows with why. The table is found (its sheet and header row; sheet and headerRow say where) and its columns typed from their headers and values; map corrects them.",
      inputSchema: RECONCILE_SHAPE,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (request) =>
      answered(async () => {
        const args = ["reconcile", pathInside(root, request.path, "path", "input"), "--json"];
        if (request.boardRates !== undefined) args.push("--board-rates", pathInside(root, request.boardRates, "boardRates", "input"));
        for (const [column, field] of Object.entries((request.map ?? {}) as Record<string, string>)) args.push("--map", `${column}=${field}`);
        if (request.dateFormat !== undefined) args.push("--date-format", String(request.dateFormat));
        if (request.unit !== undefined) args.push("--unit", String(request.unit));
        if (request.sheet !== undefined) args.push("--sheet", String(request.sheet));
        if (request.headerRow !== undefined) args.push("--header-row", String(request.headerRow));
        const { main } = await import("../cli/main");
        let stdout = "";
        let stderr = "";
        const code = await main(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
        if (code === 2) {
          const { error } = JSON.parse(stderr.trim().split("\n").pop() as string) as { error: ErrorRecord };
          throw new HudsonPilotageError(error.code, error.field, error.message);
        }
        return JSON.parse(stdout) as object;
      }),
  );

  addTool(
    server,
    "pilot_required",
    {
      title: "Must the vessel take a Hudson River pilot?",
      description: "§ 89-a(1), D13: REQUIRED, NOT REQUIRED or BOARD DISCRETION, with the reason and the clause, from the vessel's status (foreign, registered or enrolled), gross tons and loaded draft.",
      inputSchema: COMPLIANCE_SHAPE,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (request) => answered(() => compliance(request as ComplianceRequest)),
  );

  const docs = packageRoot();
  for (const resource of RESOURCES) {
    server.registerResource(resource.name, resource.uri, { mimeType: resource.mimeType, description: resource.description }, async (uri) => ({
      contents: [{ uri: uri.href, mimeType: resource.mimeType, text: await fs.promises.readFile(path.join(docs, resource.file), "utf8") }],
    }));
  }
  return server;
}

/** Serves on standard input and output until the client closes them; every path inside `folder`. */
export async function serveOnStdio(version: string, folder: string): Promise<void> {
  const root = fs.realpathSync(folder);
  const server = pilotageServer(root, version);
  await server.connect(new StdioServerTransport());
}
