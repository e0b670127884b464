import { forTypedInput, PilotageInputError, SHOWN_INPUT_MAXIMUM } from "../engine";
import { runBatch } from "./batch-command";
import { CliIo, UsageError } from "./io";
import { TerminalIo } from "./progress";
import { QUOTE_HELP, runQuote } from "./quote-command";
import { runRates } from "./rates-command";
import { runReconcile } from "./reconcile-command";

type Command = (args: string[], io: CliIo) => number | Promise<number>;

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  quote: { run: runQuote, summary: "quote one transit, with every line's clause of § 89-a" },
  rates: { run: runRates, summary: "print the schedule in force on a date, with citations" },
  reconcile: { run: runReconcile, summary: "check invoices row by row (CSV or .xlsx): computed amounts, variances, flags" },
  batch: { run: runBatch, summary: "quote many transits at once: one quote per row (CSV or .xlsx)" },
};

function mainHelp(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `Usage: hudson-pilotage <command> [options]

Hudson River pilotage under N.Y. Navigation Law § 89-a, exact to the cent.

Commands:
${lines.join("\n")}

Run "hudson-pilotage <command> --help" for a command's options.
`;
}

/** Exit codes: 0 done, 1 (reconcile, batch) variances found or rows needing attention, 2 bad input. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    io.stdout(mainHelp());
    return command === undefined ? 2 : 0;
  }
  const entry = COMMANDS[command];
  if (!entry) {
    io.stderr(`hudson-pilotage: unknown command ${quotedWord(command)}; commands: ${Object.keys(COMMANDS).join(", ")} (see --help)\n`);
    return 2;
  }
  try {
    return await entry.run(rest, io);
  } catch (error) {
    io.stderr(`hudson-pilotage ${command}: ${oneLineReason(error)}\n`);
    return 2;
  }
}

/** How the engine's date messages read on the command line, where a date is typed as text. */
export const CLI_DATE_ADVICE = "a date as YYYY-MM-DD, e.g. 2026-12-31";

/**
 * A word the user typed, quoted for the one-line error: line breaks, tabs and other control
 * characters escaped as JSON escapes them (so the message stays on one line and shows what was
 * typed), and cut to SHOWN_INPUT_MAXIMUM characters.
 */
export function quotedWord(word: string): string {
  const cut = word.length > SHOWN_INPUT_MAXIMUM ? `${word.slice(0, SHOWN_INPUT_MAXIMUM - 1)}…` : word;
  // JSON.stringify leaves U+2028/U+2029 (line and paragraph separators) and U+0085 (next line) as they are.
  return JSON.stringify(cut).replace(/[\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function oneLineReason(error: unknown): string {
  if (error instanceof PilotageInputError) return forTypedInput(error, CLI_DATE_ADVICE).message;
  if (error instanceof UsageError) return error.message;
  // node:util parseArgs errors name the flag; keep them to one line.
  if (error instanceof Error && "code" in error && String((error as { code: unknown }).code).startsWith("ERR_PARSE_ARGS")) {
    return `${error.message.replace(/\s*\n\s*/g, " ").trim()} (see --help)`;
  }
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}

export function runFromProcess(): void {
  const io: TerminalIo = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), stderrIsTTY: process.stderr.isTTY === true };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`hudson-pilotage: ${oneLineReason(error)}\n`);
      process.exitCode = 2;
    },
  );
}

export { QUOTE_HELP };
