import fs from "node:fs";
import path from "node:path";
import { readFlags } from "./args";
import { CliIo, UsageError } from "./io";
import { packageVersion } from "./main";

export const MCP_HELP = `Usage: hudson-pilotage mcp [--root DIR]

A Model Context Protocol server on standard input and output, for software agents. It reads and
writes files only inside one folder: DIR, or the folder it was started in. Every path a tool takes
(a board-rates file, an invoice file, an output) must be inside that folder, and an output file is
never overwritten.

Tools: quote_transit (the quote request), quote_call (a port call; optional output .xlsx or .pdf),
rates (a date), reconcile_file (an invoice file and board rates: the summary and flagged rows),
pilot_required (the compliance request). Resources: the text of § 89-a and our interpretations.
A refusal is a tool error carrying {"error":{"code","field","message"}}, as --json prints it.

Client configuration (e.g. an "mcpServers" entry):
  { "command": "npx", "args": ["hudson-pilotage", "mcp", "--root", "/path/to/quotes"] }
`;

export async function runMcp(args: string[], io: CliIo): Promise<number> {
  const { values } = readFlags({ args, strict: true, allowPositionals: false, options: { root: { type: "string" }, help: { type: "boolean" } } });
  if (values.help) {
    io.stdout(MCP_HELP);
    return 0;
  }
  const root = path.resolve(values.root ?? ".");
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) throw new UsageError(`--root ${JSON.stringify(values.root)} is not a folder.`, "root");
  const { serveOnStdio } = await import("../mcp/server");
  // Serves until the client closes standard input; nothing else may write to standard output.
  await serveOnStdio(packageVersion(), root);
  return 0;
}
