/**
 * hudson-pilotage as a library, for scripts and agents: the command line's commands as functions.
 * A request carries the command's flags, named in camelCase (`--launch-fee` → `launchFee`,
 * `--anchored-8h` → `anchored8h`), each taking the text its flag takes; numbers are read as their
 * text and booleans stand for the on/off flags. The answers are the objects the commands print
 * under --json. Bad input throws a HudsonPilotageError with the same `code`, `field` and `message`
 * as `--json` prints. An adapter: it converts requests and errors, and the engine does the law.
 */
import { errorRecord } from "../cli/errors";
import { QuoteJson, quoteJson } from "../cli/output";
import { QUOTE_OPTIONS, quoteFromFlags } from "../cli/quote-command";
import { RatesJson, ratesOn } from "../cli/rates-command";
import { SETTINGS_OPTIONS } from "../cli/settings-flags";

export type { QuoteJson, RatesJson };

/** "launch-fee" → "launchFee", "anchored-8h" → "anchored8h", "clause-vi-start" → "clauseViStart". */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

function camelCase(flag: string): string {
  return flag.replace(/[-_]([a-z0-9])/g, (_, next: string) => next.toUpperCase());
}

type OptionTable = Readonly<Record<string, { readonly type: "string" | "boolean" }>>;

/** What a request may give for a flag: its text, a number for a number, true/false for an on/off flag. */
type RequestOf<Options extends OptionTable> = {
  [Flag in keyof Options & string as CamelCase<Flag>]?: Options[Flag]["type"] extends "boolean" ? boolean | "true" | "false" | null : string | number | null;
};

/** quote(request): the `quote` flags in camelCase; `boardSurcharge` may also be [a, b, r]. */
export type QuoteRequest = Omit<RequestOf<typeof QUOTE_OPTIONS>, "boardSurcharge"> & {
  boardSurcharge?: string | readonly [string | number, string | number, string | number] | null;
};

/** The interpretation settings, as rates(date, settings) takes them (the same as in a QuoteRequest). */
export type SettingsRequest = RequestOf<typeof SETTINGS_OPTIONS>;

/** Bad input, as the command line reports it under --json: a stable code, the request field, what to fix. */
export class HudsonPilotageError extends Error {
  constructor(
    /** e.g. "NOT_A_NUMBER", "BAD_DATE", "USAGE", "UNKNOWN_OPTION" (README: "Library"). */
    readonly code: string,
    /** The request field the message is about, in camelCase where it is one (e.g. "launchFee"), else the engine's name, or null. */
    readonly field: string | null,
    message: string,
  ) {
    super(message);
    this.name = "HudsonPilotageError";
  }
}

function libraryError(error: unknown, fieldNames: ReadonlySet<string>): HudsonPilotageError {
  if (error instanceof HudsonPilotageError) return error;
  const record = errorRecord(error);
  const field = record.field === null ? null : fieldNames.has(camelCase(record.field)) ? camelCase(record.field) : record.field;
  return new HudsonPilotageError(record.code, field, record.message);
}

/** The request as the flags' parsed values: text for text flags, true for on/off flags that are on. */
function flagValues(request: object, options: OptionTable, what: string): Record<string, string | boolean> {
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    throw new HudsonPilotageError("USAGE", null, `${what} takes an object of options, e.g. { units: 200, section: 1, date: "2026-06-15" }.`);
  }
  const flagOf = new Map(Object.keys(options).map((flag) => [camelCase(flag), flag]));
  const values: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(request)) {
    const flag = flagOf.get(key);
    if (flag === undefined) {
      throw new HudsonPilotageError("UNKNOWN_OPTION", key, `Unknown option ${JSON.stringify(key)}; ${what} takes: ${[...flagOf.keys()].join(", ")}.`);
    }
    if (value === undefined || value === null) continue;
    if (options[flag].type === "boolean") {
      if (value === true || value === "true") values[flag] = true;
      else if (value !== false && value !== "false") throw new HudsonPilotageError("BAD_OPTION_VALUE", key, `${key} takes true or false, not ${JSON.stringify(value)}.`);
    } else if (typeof value === "string") {
      values[flag] = value;
    } else if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new HudsonPilotageError("NOT_FINITE", key, `${key} is ${value}: give a finite number.`);
      values[flag] = String(value);
    } else if (Array.isArray(value) && flag === "board-surcharge") {
      values[flag] = value.map((part) => String(part)).join(",");
    } else {
      throw new HudsonPilotageError("BAD_OPTION_VALUE", key, `${key} takes text or a number, not ${Array.isArray(value) ? "an array" : typeof value}.`);
    }
  }
  return values;
}

const QUOTE_FIELDS = new Set(Object.keys(QUOTE_OPTIONS).map(camelCase));
const RATES_FIELDS = new Set(["date", ...Object.keys(SETTINGS_OPTIONS).map(camelCase)]);

/**
 * One transit's quote, the object `hudson-pilotage quote --json` prints: every line with its amount
 * (two-decimal text, or null when not entered) and clause, the total, and `complete`.
 */
export async function quote(request: QuoteRequest): Promise<QuoteJson> {
  try {
    return quoteJson(await quoteFromFlags(flagValues(request, QUOTE_OPTIONS, "quote")));
  } catch (error) {
    throw libraryError(error, QUOTE_FIELDS);
  }
}

/** The schedule in force on a date (YYYY-MM-DD), the object `hudson-pilotage rates --json` prints. */
export function rates(date: string, settings: SettingsRequest = {}): RatesJson {
  try {
    if (typeof date !== "string") throw new HudsonPilotageError("BAD_DATE", "date", "rates(date) takes the date as text, YYYY-MM-DD, e.g. 2026-12-31.");
    const values = { ...flagValues(settings, SETTINGS_OPTIONS, "rates"), date };
    // As printed: JSON has no Decimal or undefined, so the object is the one `rates --json` writes.
    return JSON.parse(JSON.stringify(ratesOn(values).json)) as RatesJson;
  } catch (error) {
    throw libraryError(error, RATES_FIELDS);
  }
}
