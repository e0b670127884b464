import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { SHOWN_INPUT_MAXIMUM } from "../engine";
import { describeSystemError, systemErrorCode } from "../workbook/errors";
import { errorJsonLine, errorRecord } from "./errors";
import { CliIo, StandardOutputError } from "./io";
import type { TerminalIo } from "./progress";

type Command = (args: string[], io: CliIo) => number | Promise<number>;

// Each command's module is loaded when that command runs, so `quote` starts without the file
// readers and writers (csv-parse, streams, crypto) that only reconcile and batch use.
const COMMANDS: Record<string, { run: Command; summary: string }> = {
  quote: { run: async (args, io) => (await import("./quote-command")).runQuote(args, io), summary: "quote one transit, with every line's clause of § 89-a" },
  rates: { run: async (args, io) => (await import("./rates-command")).runRates(args, io), summary: "print the schedule in force on a date, with citations" },
  reconcile: {
    run: async (args, io) => (await import("./reconcile-command")).runReconcile(args, io),
    summary: "check invoices row by row (CSV or .xlsx): computed amounts, variances, flags",
  },
  batch: { run: async (args, io) => (await import("./batch-command")).runBatch(args, io), summary: "quote many transits at once: one quote per row (CSV or .xlsx)" },
  compliance: { run: async (args, io) => (await import("./compliance-command")).runCompliance(args, io), summary: "must the vessel take a Hudson River pilot? (§ 89-a(1), D13)" },
  pension: { run: async (args, io) => (await import("./pension-command")).runPension(args, io), summary: "the fixed annual retirement benefit for a retirement year (§ 89-a(6), D17)" },
};

function mainHelp(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(11)} ${c.summary}`);
  return `Usage: hudson-pilotage <command> [options]

Hudson River pilotage under N.Y. Navigation Law § 89-a, exact to the cent.

Commands:
${lines.join("\n")}

Run "hudson-pilotage <command> --help" for a command's options.
hudson-pilotage --version (or -v) prints the version.

Exit codes: 0 done; 1 (reconcile, batch) variances found or rows needing attention;
2 bad input (one line on stderr says what to fix; under --json, {"error":{"code","field","message"}});
3 (quote) quoted, but incomplete: an amount is not entered.
`;
}

/** The package's version, from the nearest package.json above this file (src/cli or dist-node/src/cli). */
export function packageVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
    if (path.dirname(dir) === dir) return "unknown";
  }
}

/** Exit codes: see mainHelp. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    io.stdout(mainHelp());
    return command === undefined ? 2 : 0;
  }
  if (command === "--version" || command === "-v") {
    io.stdout(`${packageVersion()}\n`);
    return 0;
  }
  const json = asksForJson(rest);
  const entry = COMMANDS[command];
  if (!entry) {
    const message = `unknown command ${quotedWord(command)}; commands: ${Object.keys(COMMANDS).join(", ")} (see --help)`;
    io.stderr(json ? JSON.stringify({ error: { code: "UNKNOWN_COMMAND", field: "command", message } }) + "\n" : `hudson-pilotage: ${message}\n`);
    return 2;
  }
  try {
    return await entry.run(rest, io);
  } catch (error) {
    io.stderr(errorLine(command, json, error));
    return 2;
  }
}

/** --json anywhere before a "--" asks for errors as JSON too, even when the command line itself is wrong. */
function asksForJson(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end < 0 ? args : args.slice(0, end)).includes("--json");
}

/** The one line an error ends a command with: JSON under --json. */
function errorLine(command: string, json: boolean, error: unknown): string {
  return json ? errorJsonLine(error) : `hudson-pilotage ${command}: ${errorRecord(error).message}\n`;
}

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

export function runFromProcess(): void {
  const io: TerminalIo = {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    // Looked at only when a command asks: Node makes process.stdin and process.stderr on first use,
    // and making stdin loads its file-stream and readline modules, which `quote` never needs (issue 18).
    get stderrIsTTY() {
      return process.stderr.isTTY === true;
    },
    terminalSize(stream) {
      const tty = stream === "stdout" ? process.stdout : process.stderr;
      return tty.isTTY === true && tty.rows > 0 && tty.columns > 0 ? { rows: tty.rows, columns: tty.columns } : null;
    },
    get stdin() {
      return process.stdin;
    },
    stdoutReady: () => (process.stdout.writableNeedDrain ? once(process.stdout, "drain").then(() => undefined) : Promise.resolve()),
  };
  const argv = process.argv.slice(2);
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    // A reader that stops early (`… -o - | head`) closes the pipe: stop quietly, as a shell tool does.
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    // Any other failure (a full disk behind `> file`) loses output: exit 2, never 1 ("variances found").
    const [command = "", ...rest] = argv;
    try {
      process.stderr.write(errorLine(command, asksForJson(rest), new StandardOutputError(describeSystemError(error), systemErrorCode(error))));
    } catch {
      // Standard error is gone too: the exit code is all that is left to say it.
    }
    process.exit(2);
  });
  main(argv, io).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`hudson-pilotage: ${errorRecord(error).message}\n`);
      process.exitCode = 2;
    },
  );
}

