/**
 * A request given as an object (by the library, the MCP server, any later door): the commands'
 * flags named in camelCase, each taking the text its flag takes, read into the flags' values; and
 * the error every such door reports, with the same `code`, `field` and `message` as `--json`.
 */
import { errorRecord, HudsonPilotageError } from "./errors";

export { HudsonPilotageError };

/**
 * The longest text any request field may hold. A date, a number, a path or a vessel's name is far
 * shorter; past it, the request is refused at once, before anything reads the text.
 */
export const REQUEST_TEXT_MAXIMUM = 32_767;

/** "launch-fee" → "launchFee", "anchored-8h" → "anchored8h", "clause-vi-start" → "clauseViStart". */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

export function camelCase(flag: string): string {
  return flag.replace(/[-_]([a-z0-9])/g, (_, next: string) => next.toUpperCase());
}

export type OptionTable = Readonly<Record<string, { readonly type: "string" | "boolean" }>>;

/** What a request may give for a flag: its text, a number for a number, true/false for an on/off flag. */
export type RequestOf<Options extends OptionTable> = {
  [Flag in keyof Options & string as CamelCase<Flag>]?: Options[Flag]["type"] extends "boolean" ? boolean | "true" | "false" | null : string | number | null;
};

export function libraryError(error: unknown, fieldNames: ReadonlySet<string>): HudsonPilotageError {
  if (error instanceof HudsonPilotageError) return error;
  const record = errorRecord(error);
  const field = record.field === null ? null : fieldNames.has(camelCase(record.field)) ? camelCase(record.field) : record.field;
  return new HudsonPilotageError(record.code, field, record.message);
}

/**
 * A value given blank ("" or spaces) for an option whose absence has a meaning of its own (no
 * hours: no second pilot; no clause: the date's): refused, never read as left out, so a script's
 * empty variable cannot drop an input without a word. `shown` is the option as the door names it.
 */
export function givenText(text: string, field: string, shown: string = field): string {
  if (text.trim() === "") throw new HudsonPilotageError("BLANK", field, `${shown} is given but blank: give its value, or leave ${shown} out.`);
  return requestText(text, field);
}

/** The text as given, or TEXT_TOO_LONG at once when it is longer than REQUEST_TEXT_MAXIMUM. */
export function requestText(text: string, field: string): string {
  if (text.length > REQUEST_TEXT_MAXIMUM) {
    throw new HudsonPilotageError("TEXT_TOO_LONG", field, `${field} is ${text.length.toLocaleString("en-US")} characters long; a request's text may be at most ${REQUEST_TEXT_MAXIMUM.toLocaleString("en-US")}.`);
  }
  return text;
}

/** The request as the flags' parsed values: text for text flags, true for on/off flags that are on. */
export function flagValues(request: object, options: OptionTable, what: string): Record<string, string | boolean> {
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
      values[flag] = givenText(value, key);
    } else if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new HudsonPilotageError("NOT_FINITE", key, `${key} is ${value}: give a finite number.`);
      values[flag] = String(value);
    } else if (Array.isArray(value) && flag === "board-surcharge") {
      values[flag] = requestText(value.map((part) => String(part)).join(","), key);
    } else {
      throw new HudsonPilotageError("BAD_OPTION_VALUE", key, `${key} takes text or a number, not ${Array.isArray(value) ? "an array" : typeof value}.`);
    }
  }
  return values;
}

