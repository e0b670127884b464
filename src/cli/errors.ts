/**
 * One description of every error the command line and the library report: a stable `code` a
 * script can branch on, the `field` it is about (a flag name without dashes, an engine input such
 * as "length", or null), and the one-line `message` that says what to fix. `--json` prints it as
 * {"error":{…}}; the library throws it as a HudsonPilotageError.
 */
import { PilotageInputError, typedInputWords } from "../engine";
import { MappingError } from "../reconcile/mapping-error";
import { InputFileError, OutputExistsError, OutputFileError, OutputLimitError } from "../workbook/errors";
import { StandardOutputError, UsageError } from "./io";

export interface ErrorRecord {
  readonly code: string;
  readonly field: string | null;
  readonly message: string;
}

/** How the engine's date messages read on the command line, where a date is typed as text. */
export const CLI_DATE_ADVICE = "a date as YYYY-MM-DD, e.g. 2026-12-31";

/** The command line's words for every input error: dates typed as text, and no empty cells. */
export const CLI_WORDS = typedInputWords(CLI_DATE_ADVICE);

/** node:util parseArgs's error codes, as this program names them. */
const ARGUMENT_CODES: Readonly<Record<string, string>> = {
  ERR_PARSE_ARGS_UNKNOWN_OPTION: "UNKNOWN_OPTION",
  ERR_PARSE_ARGS_INVALID_OPTION_VALUE: "BAD_OPTION_VALUE",
  ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL: "UNEXPECTED_ARGUMENT",
};

function nodeCode(error: unknown): string | undefined {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : undefined;
}

export function errorRecord(error: unknown): ErrorRecord {
  if (error instanceof PilotageInputError) {
    return { code: error.code, field: error.field ?? null, message: error.messageIn(CLI_WORDS) };
  }
  if (error instanceof UsageError) return { code: "USAGE", field: error.field, message: error.message };
  if (error instanceof MappingError) return { code: "MAPPING", field: "map", message: error.message };
  if (error instanceof InputFileError) return { code: "INPUT_FILE", field: "input", message: error.message };
  if (error instanceof OutputExistsError) return { code: "OUTPUT_EXISTS", field: "output", message: error.message };
  if (error instanceof OutputFileError) return { code: "OUTPUT_FILE", field: "output", message: error.message };
  if (error instanceof OutputLimitError) return { code: "OUTPUT_LIMIT", field: "output", message: error.message };
  if (error instanceof StandardOutputError) return { code: "STDOUT_WRITE", field: "output", message: error.message };
  const code = nodeCode(error);
  if (error instanceof Error && code !== undefined && code.startsWith("ERR_PARSE_ARGS")) {
    // parseArgs names the option in quotes: "Unknown option '--lenght'", "Option '--units <value>' argument missing".
    const option = /'--?([\w-]+)/.exec(error.message);
    const message = `${error.message.replace(/\s*\n\s*/g, " ").trim()} (see --help)`;
    return { code: ARGUMENT_CODES[code] ?? "BAD_ARGUMENT", field: option ? option[1] : null, message };
  }
  // Anything else is this program's fault or the system's, not the input's: still one line.
  return { code: "INTERNAL", field: null, message: error instanceof Error ? error.message.split("\n")[0] : String(error) };
}

/** The --json form of an error: one line, for stderr. */
export function errorJsonLine(error: unknown): string {
  return JSON.stringify({ error: errorRecord(error) }) + "\n";
}
