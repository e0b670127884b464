/**
 * The call request: one vessel and several transits, as a JSON call file, the library's
 * quoteCall(call) and the MCP tool quote_call give it. Named as quote()'s request names things:
 *
 *   { "vessel": { "name", "imo", "length", "breadth", "depth", "unit" } | { "units" } | { "unmeasured": true },
 *     "transits": [{ "label", "section", "date", "hours", "relievedMidriver", "anchored8h", "clause" }],
 *     "boardRates": "rates.csv" (relative to the call file) | { "fees": [...], "surcharge": [...] },
 *     "otherCharges": [{ "label", "amount" }], "settings": { "roundUnits", "at100", … } }
 *
 * Read here into the engine's transits; the engine composes the call (engine/call.ts).
 */
import path from "node:path";
import Decimal from "decimal.js";
import { BOARD_FEES, BoardFeeFormField, CallQuote, centsOf, CallTransit, EngineSettings, OtherCharge, quoteCall, readAmount, refusalThrown, resolveSettings, transitName } from "../engine";
import { BOARD_RATES_FORMAT, BoardRates, readBoardRates, readBoardRatesFile } from "./board-rates-file";
import { HudsonPilotageError, errorRecord } from "./errors";
import { QuoteFlagValues, transitFromFlags } from "./quote";
import { flagValues, givenText, requestText } from "./request-object";
import { SETTINGS_OPTIONS, settingsFromFlags } from "./settings-flags";

type Text = string | number;

/** The call as a script gives it (the call file's JSON): the library's quoteCall(call), the MCP tool quote_call. */
export interface CallRequest {
  vessel:
    | { name?: string; imo?: Text; length: Text; breadth: Text; depth: Text; unit?: "ft" | "m" | "in" }
    | { name?: string; imo?: Text; units: Text }
    | { name?: string; imo?: Text; unmeasured: true };
  transits: {
    label?: string;
    direction?: "inbound" | "outbound";
    section: Text;
    date: string;
    hours?: Text;
    relievedMidriver?: boolean;
    anchored8h?: boolean;
    clause?: string;
  }[];
  /** A board-rates file (CSV or .xlsx, as quote --board-rates), or the two tables inline. */
  boardRates?:
    | string
    | {
        fees?: ({ from: string } & Partial<Record<BoardFeeFormField, Text>>)[];
        surcharge?: { from: string; upTo50Units: Text; over50UpTo100Units: Text; perUnitOver100Units: Text }[];
      };
  /** Amounts § 89-a does not set (a docking pilot, detention): shown apart, never in the statutory subtotal. */
  otherCharges?: { label: string; amount: Text }[];
  /** The interpretation settings, as quote()'s: roundUnits, at100, actEffectiveDate, clauseViStart, secondPilotBasis. */
  settings?: { roundUnits?: Text; at100?: "per-unit" | "flat"; actEffectiveDate?: string; clauseViStart?: string; secondPilotBasis?: "base" | "base-plus-surcharge" };
}

/** The vessel as the call gives it: measured, as pilotage units, or unmeasured (§ 89-a(4)(d)). */
export type CallVessel =
  | { readonly kind: "measured"; readonly name: string; readonly imo: string; readonly length: string; readonly breadth: string; readonly depth: string; readonly unit: "ft" | "m" | "in" }
  | { readonly kind: "units"; readonly name: string; readonly imo: string; readonly units: string }
  | { readonly kind: "unmeasured"; readonly name: string; readonly imo: string };

/** One transit's inputs as given (text as typed), beside what the engine read. */
export interface CallTransitGiven {
  readonly label: string;
  /** False when the label is only the default "Transit N". */
  readonly labelGiven: boolean;
  /** A note for the quote (the fees do not depend on it), as the task pane's Direction. */
  readonly direction: "inbound" | "outbound" | null;
  readonly section: "1" | "2";
  readonly date: string;
  /** "" when not given. */
  readonly hours: string;
  readonly relievedMidriver: boolean;
  readonly anchored8h: boolean;
  readonly clause: string | null;
}

/** The call read and quoted: what every output (JSON, terminal, workbook, PDF) is made from. */
export interface QuotedCall {
  readonly vessel: CallVessel;
  readonly given: readonly CallTransitGiven[];
  readonly boardRates: BoardRates;
  readonly settings: EngineSettings;
  readonly quote: CallQuote;
}

const CALL_KEYS = ["vessel", "transits", "boardRates", "otherCharges", "settings"];
const VESSEL_KEYS = ["name", "imo", "length", "breadth", "depth", "unit", "units", "unmeasured"];
const TRANSIT_KEYS = ["label", "direction", "section", "date", "hours", "relievedMidriver", "anchored8h", "clause"];
const OTHER_CHARGE_KEYS = ["label", "amount"];
/** The keys of an inline board fee row: its date and one per fee of BOARD_FEES. */
export const FEE_KEYS = ["from", ...BOARD_FEES.map((fee) => fee.formField)];
const SURCHARGE_KEYS = ["from", "upTo50Units", "over50UpTo100Units", "perUnitOver100Units"];
/** More transits than any port call has: past it, the call is refused before any is read. */
export const MAXIMUM_CALL_TRANSITS = 100;
export const MAXIMUM_OTHER_CHARGES = 100;

const EXAMPLE = 'e.g. {"vessel":{"units":200},"transits":[{"section":1,"date":"2026-06-15"}]}';

function usage(field: string | null, message: string, code = "USAGE"): HudsonPilotageError {
  return new HudsonPilotageError(code, field, message);
}

function objectAt(value: unknown, field: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw usage(field, `${field} must be an object (${EXAMPLE}).`);
  const unknown = Object.keys(value).find((key) => !keys.includes(key));
  if (unknown !== undefined) throw usage(`${field}.${unknown}`, `${field} has no field ${JSON.stringify(unknown)}; it takes: ${keys.join(", ")}.`, "UNKNOWN_OPTION");
  return value as Record<string, unknown>;
}

function arrayAt(value: unknown, field: string, most: number): unknown[] {
  if (!Array.isArray(value)) throw usage(field, `${field} must be a list (${EXAMPLE}).`);
  if (value.length > most) throw usage(field, `${field} has ${value.length} entries; a call takes at most ${most}.`);
  return value;
}

/** Text, or a number as its text; absent (undefined or null) as undefined. */
function textAt(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return requestText(value, field);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw usage(field, `${field} is ${value}: give a finite number.`, "NOT_FINITE");
    return String(value);
  }
  throw usage(field, `${field} takes text or a number, not ${Array.isArray(value) ? "a list" : typeof value}.`, "BAD_OPTION_VALUE");
}

/** textAt for a value that changes the price: given blank, it is refused (givenText), never read as left out. */
function givenTextAt(value: unknown, field: string): string | undefined {
  const text = textAt(value, field);
  return text === undefined ? undefined : givenText(text, field);
}

function booleanAt(value: unknown, field: string): boolean {
  if (value === undefined || value === null || value === false || value === "false") return false;
  if (value === true || value === "true") return true;
  throw usage(field, `${field} takes true or false, not ${JSON.stringify(value)}.`, "BAD_OPTION_VALUE");
}

/** An error from a reader, said again for the call: the field as the call names it, the transit named in the message. */
function inCall(error: unknown, fieldOf: (field: string | null) => string | null, prefix: string): HudsonPilotageError {
  const record = errorRecord(error);
  if (record.code === "INTERNAL") throw error;
  return new HudsonPilotageError(record.code, fieldOf(record.field), `${prefix}${record.message}`);
}

const VESSEL_FIELDS: Readonly<Record<string, string>> = { length: "length", breadth: "breadth", depth: "depth", unit: "unit", units: "units", unmeasured: "unmeasured" };
const TRANSIT_FIELDS: Readonly<Record<string, string>> = { section: "section", date: "date", hours: "hours", clause: "clause", "relieved-midriver": "relievedMidriver", "anchored-8h": "anchored8h", continuous_hours: "hours" };

function readVessel(value: unknown): CallVessel {
  const vessel = objectAt(value, "vessel", VESSEL_KEYS);
  const name = textAt(vessel.name, "vessel.name") ?? "";
  const imo = textAt(vessel.imo, "vessel.imo") ?? "";
  if (booleanAt(vessel.unmeasured, "vessel.unmeasured")) return { kind: "unmeasured", name, imo };
  const units = givenTextAt(vessel.units, "vessel.units");
  if (units !== undefined) return { kind: "units", name, imo, units };
  const [length, breadth, depth] = (["length", "breadth", "depth"] as const).map((key) => givenTextAt(vessel[key], `vessel.${key}`));
  if (length === undefined && breadth === undefined && depth === undefined) {
    throw usage("vessel", 'Give the vessel one way: "length", "breadth" and "depth", or "units", or "unmeasured": true.');
  }
  const missing = (["length", "breadth", "depth"] as const).find((_key, index) => [length, breadth, depth][index] === undefined);
  if (missing !== undefined) throw usage(`vessel.${missing}`, `Give all three of the vessel's "length", "breadth" and "depth" (${missing} is missing).`);
  const unit = givenTextAt(vessel.unit, "vessel.unit") ?? "ft";
  if (unit !== "ft" && unit !== "m" && unit !== "in") throw usage("vessel.unit", `vessel.unit is ${JSON.stringify(unit)}: give ft, m or in.`, "BAD_OPTION_VALUE");
  return { kind: "measured", name, imo, length: length as string, breadth: breadth as string, depth: depth as string, unit };
}

function vesselFlags(vessel: CallVessel): QuoteFlagValues {
  if (vessel.kind === "unmeasured") return { unmeasured: true };
  if (vessel.kind === "units") return { units: vessel.units };
  return { length: vessel.length, breadth: vessel.breadth, depth: vessel.depth, unit: vessel.unit };
}

function readTransitGiven(value: unknown, index: number): CallTransitGiven {
  const field = `transits[${index}]`;
  const transit = objectAt(value, field, TRANSIT_KEYS);
  const section = textAt(transit.section, `${field}.section`);
  const date = textAt(transit.date, `${field}.date`);
  if (section === undefined) throw usage(`${field}.section`, `${field}.section is required: 1 (Lower River) or 2 (Upper River).`);
  if (date === undefined) throw usage(`${field}.date`, `${field}.date is required: the transit date as YYYY-MM-DD.`);
  const label = textAt(transit.label, `${field}.label`);
  const direction = textAt(transit.direction, `${field}.direction`)?.trim().toLowerCase();
  if (direction !== undefined && direction !== "inbound" && direction !== "outbound") {
    throw usage(`${field}.direction`, `${field}.direction is ${JSON.stringify(transit.direction)}: give inbound or outbound (or leave it out).`, "BAD_OPTION_VALUE");
  }
  return {
    label: label === undefined || label.trim() === "" ? `Transit ${index + 1}` : label.trim(),
    labelGiven: label !== undefined && label.trim() !== "",
    direction: direction ?? null,
    // The section's own reader says what is wrong with any other word; here it is only named.
    section: section as "1" | "2",
    date,
    hours: givenTextAt(transit.hours, `${field}.hours`) ?? "",
    relievedMidriver: booleanAt(transit.relievedMidriver, `${field}.relievedMidriver`),
    anchored8h: booleanAt(transit.anchored8h, `${field}.anchored8h`),
    clause: givenTextAt(transit.clause, `${field}.clause`) ?? null,
  };
}

/** Inline board tables, as the rows of the board-rates file (table, from, amounts), read by its reader. */
function inlineBoardRates(value: unknown): BoardRates {
  const tables = objectAt(value, "boardRates", ["fees", "surcharge"]);
  // The keys name the amounts, so the rows are read under the header that says their order.
  const rows: { rowNumber: number; cells: unknown[] }[] = [{ rowNumber: 0, cells: BOARD_RATES_FORMAT.split(",") }];
  arrayAt(tables.fees ?? [], "boardRates.fees", 10_000).forEach((entry, index) => {
    const row = objectAt(entry, `boardRates.fees[${index}]`, FEE_KEYS);
    rows.push({ rowNumber: rows.length, cells: ["fees", ...FEE_KEYS.map((key) => textAt(row[key], `boardRates.fees[${index}].${key}`) ?? null)] });
  });
  arrayAt(tables.surcharge ?? [], "boardRates.surcharge", 10_000).forEach((entry, index) => {
    const row = objectAt(entry, `boardRates.surcharge[${index}]`, SURCHARGE_KEYS);
    rows.push({ rowNumber: rows.length, cells: ["surcharge", ...SURCHARGE_KEYS.map((key) => textAt(row[key], `boardRates.surcharge[${index}].${key}`) ?? null)] });
  });
  try {
    return readBoardRates(rows);
  } catch (error) {
    throw inCall(error, () => "boardRates", "boardRates (inline, rows counted fees first): ");
  }
}

async function readCallBoardRates(value: unknown, baseDirectory: string): Promise<BoardRates> {
  if (value === undefined || value === null) return { fees: [], surcharge: [] };
  if (typeof value === "string") {
    const file = path.resolve(baseDirectory, requestText(value, "boardRates"));
    try {
      return await readBoardRatesFile(file);
    } catch (error) {
      throw inCall(error, () => "boardRates", "");
    }
  }
  return inlineBoardRates(value);
}

function readOtherCharges(value: unknown): OtherCharge[] {
  if (value === undefined || value === null) return [];
  return arrayAt(value, "otherCharges", MAXIMUM_OTHER_CHARGES).map((entry, index) => {
    const field = `otherCharges[${index}]`;
    const charge = objectAt(entry, field, OTHER_CHARGE_KEYS);
    const label = textAt(charge.label, `${field}.label`);
    if (label === undefined || label.trim() === "") throw usage(`${field}.label`, `${field} needs a label saying what it is (a docking pilot, detention, …).`);
    const amountText = textAt(charge.amount, `${field}.amount`);
    if (amountText === undefined) throw usage(`${field}.amount`, `${field}.amount is required: dollars and cents, e.g. "850.00".`);
    let amount: Decimal;
    try {
      amount = refusalThrown(readAmount(amountText, "amount", `amount of ${JSON.stringify(label.trim())}`));
    } catch (error) {
      throw inCall(error, () => `${field}.amount`, "");
    }
    if (amount.decimalPlaces() > 2) throw usage(`${field}.amount`, `${field}.amount ${amountText} has more than two decimals: enter dollars and cents.`, "BAD_OPTION_VALUE");
    return { label: label.trim(), amountCents: centsOf(amount) };
  });
}

function readCallSettings(value: unknown): EngineSettings {
  if (value === undefined || value === null) return refusalThrown(resolveSettings({}));
  try {
    return refusalThrown(resolveSettings(settingsFromFlags(flagValues(objectAt(value, "settings", Object.keys(SETTINGS_OPTIONS).map(camelOf)), SETTINGS_OPTIONS, "settings"))));
  } catch (error) {
    throw inCall(error, (field) => (field === null ? "settings" : `settings.${camelOf(field)}`), "");
  }
}

function camelOf(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, next: string) => next.toUpperCase());
}

/**
 * Reads a call (the parsed JSON object) and quotes it. `baseDirectory`: where a boardRates path
 * is found (the call file's folder; the working folder for a call given on standard input or by the library).
 */
export async function quoteCallRequest(call: unknown, baseDirectory: string): Promise<QuotedCall> {
  const request = objectAt(call, "call", CALL_KEYS);
  if (request.vessel === undefined) throw usage("vessel", `The call needs its "vessel" (${EXAMPLE}).`);
  const vessel = readVessel(request.vessel);
  if (request.transits === undefined) throw usage("transits", `The call needs its "transits", one or more (${EXAMPLE}).`);
  const transitsGiven = arrayAt(request.transits, "transits", MAXIMUM_CALL_TRANSITS).map(readTransitGiven);
  if (transitsGiven.length === 0) throw usage("transits", `The call has no transits: give one or more (${EXAMPLE}).`);
  const otherCharges = readOtherCharges(request.otherCharges);
  const settings = readCallSettings(request.settings);
  const boardRates = await readCallBoardRates(request.boardRates, baseDirectory);
  const transits: CallTransit[] = transitsGiven.map((given, index) => {
    const flags: QuoteFlagValues = {
      ...vesselFlags(vessel),
      section: given.section,
      date: given.date,
      ...(given.hours === "" ? {} : { hours: given.hours }),
      ...(given.clause === null ? {} : { clause: given.clause }),
      "relieved-midriver": given.relievedMidriver,
      "anchored-8h": given.anchored8h,
    };
    try {
      // The board rates' note (a file read by position) is said once, with the first transit.
      return { label: given.label, transit: { ...transitFromFlags(flags, settings, boardRates), inputNotes: index === 0 ? (boardRates.notes ?? []) : [] } };
    } catch (error) {
      const fieldOf = (field: string | null) =>
        field === null ? `transits[${index}]` : VESSEL_FIELDS[field] !== undefined ? `vessel.${VESSEL_FIELDS[field]}` : `transits[${index}].${TRANSIT_FIELDS[field] ?? field}`;
      throw inCall(error, fieldOf, `${transitName(index, given.label)}: `);
    }
  });
  const quote = quoteCall(transits, otherCharges, settings);
  if ("error" in quote) throw inCall(quote.error, (field) => `transits[${quote.index}]${field === null ? "" : `.${TRANSIT_FIELDS[field] ?? field}`}`, `${transitName(quote.index, quote.label)}: `);
  return { vessel, given: transitsGiven, boardRates, settings, quote };
}
