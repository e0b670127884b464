import { readFlags } from "./args";
import { CliIo } from "./io";
import { packageVersion } from "./main";

export const MCP_HELP = `Usage: hudson-pilotage mcp

A Model Context Protocol server on standard input and output, for software agents. Start it in the
folder whose files it may read and write: every path a tool takes (a board-rates file, an invoice
file, an output) must be inside that folder, and an output file is never overwritten.

Tools: quote_transit (the quote request), quote_call (a port call; optional output .xlsx or .pdf),
rates (a date), reconcile_file (an invoice file and board rates: the summary and flagged rows),
pilot_required (the compliance request). Resources: the text of § 89-a and our interpretations.
A refusal is a tool error carrying {"error":{"code","field","message"}}, as --json prints it.

Client configuration (e.g. an "mcpServers" entry):
  { "command": "npx", "args": ["hudson-pilotage", "mcp"], "cwd": "/path/to/quotes" }
`;

export async function runMcp(args: string[], io: CliIo): Promise<number> {
  const { values } = readFlags({ args, strict: true, allowPositionals: false, options: { help: { type: "boolean" } } });
  if (values.help) {
    io.stdout(MCP_HELP);
    return 0;
  }
  const { serveOnStdio } = await import("../mcp/server");
  // Serves until the client closes standard input; nothing else may write to standard output.
  await serveOnStdio(packageVersion());
  return 0;
}
