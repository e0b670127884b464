/**
 * Reconciliation and batch quoting over tables of transits: which column holds what (guessed from
 * the headers, corrected by the user), and for each row the law's amounts beside the billed ones.
 *
 * Pure, like the rest of the engine: header texts and cell values in (CSV text, or the plain values
 * a workbook holds), plain values out. No Office, no files, no console. The CLI's `reconcile` and
 * `batch` commands use it, and the task pane's Reconcile will.
 *
 * Each computed amount is worked out the way the NYPILOT formula that a workbook puts in its place
 * works it out, error values included, so a workbook's cached values are what Excel recalculates:
 *   base          NYPILOT.HUDSON_BASE_FEE(units, section, date)
 *   surcharge     NYPILOT.HUDSON_SURCHARGE(units, date, board_surcharge)
 *   second_pilot  IF(TRIM(hours)="", 0, NYPILOT.HUDSON_SECOND_PILOT(base, hours, relieved, anchored))
 *   total         NYPILOT.HUDSON_TOTAL(units, section, date, hours, relieved, anchored, board_fees, board_surcharge)
 *   board_fees    ROUND(total − base − surcharge − second_pilot, 2)
 *   launch, …     the board's fee in force on the date (not entered → #N/A; mid-river: Section 2 only),
 *                 or the base fee's error when the row's units, section or date cannot be read
 * Variances are billed − computed, exact; a row is flagged when a variance is $0.01 or more either
 * way, or when a billed column cannot be compared (an amount not entered, an unreadable cell).
 */
import Decimal from "decimal.js";
import {
  baseFeeWorking,
  BoardFeeRow,
  boardFeeLines,
  BoardSurchargeRow,
  ChargeCode,
  ChargeLine,
  secondPilotLineFromCents,
  surchargeLine,
  surchargeTableOn,
} from "./charges";
import { readBoardFeeRows, readBoardSurchargeRows } from "./board-tables";
import { IsoDate, readDate } from "./dates";
import { isPilotageInputError, PilotageInputError, shownInput } from "./errors";
import { centsOfDecimal, moneyOfCents } from "./exact";
import { PilotageUnits, readDecimal, readFlag, readHours, readPilotageUnits, readSection } from "./inputs";
import { LengthUnit, parseLengthUnit, pilotageUnitsFromMeasurements } from "./measure";
import { Money } from "./money";
import { Quote, quoteTransit } from "./quote";
import { SectionNumber } from "./rates/base-pilotage";
import { scheduleFor } from "./schedule";
import { EngineSettings } from "./settings";

// ---------------------------------------------------------------------------------------------
// Fields

export const TRANSIT_FIELDS = ["vessel", "units", "length", "breadth", "depth", "unit", "section", "date", "hours", "relieved", "anchored"] as const;
export const BILLED_FIELDS = [
  "billed_base",
  "billed_surcharge",
  "billed_second_pilot",
  "billed_launch",
  "billed_communication",
  "billed_midriver_launch",
  "billed_total",
] as const;

export type TransitField = (typeof TRANSIT_FIELDS)[number];
export type BilledField = (typeof BILLED_FIELDS)[number];
export type ReconcileField = TransitField | BilledField;

export const RECONCILE_FIELDS: readonly ReconcileField[] = [...TRANSIT_FIELDS, ...BILLED_FIELDS];

/** What a row's computed amounts are called: the quote's line codes, the board fees together, the total. */
export type ComputedCode = ChargeCode | "board_fees" | "total";

export type BoardFeeChargeCode = "launch" | "communication" | "midriver_launch";

/** The computed amount each billed column is compared with. */
export const BILLED_CHARGE: Readonly<Record<BilledField, ComputedCode>> = {
  billed_base: "base",
  billed_surcharge: "surcharge",
  billed_second_pilot: "second_pilot",
  billed_launch: "launch",
  billed_communication: "communication",
  billed_midriver_launch: "midriver_launch",
  billed_total: "total",
};

export const FIELD_LABELS: Readonly<Record<ReconcileField, string>> = {
  vessel: "vessel",
  units: "pilotage units",
  length: "overall length",
  breadth: "extreme breadth",
  depth: "depth",
  unit: "measurement unit",
  section: "section",
  date: "transit date",
  hours: "continuous pilotage hours",
  relieved: "relieved at mid-river",
  anchored: "anchored 8 hours",
  billed_base: "billed base pilotage",
  billed_surcharge: "billed surcharge",
  billed_second_pilot: "billed second pilot",
  billed_launch: "billed launch fee",
  billed_communication: "billed communication fee",
  billed_midriver_launch: "billed mid-river launch fee",
  billed_total: "billed total",
};

export const COMPUTED_LABELS: Readonly<Record<ComputedCode, string>> = {
  base: "base pilotage",
  surcharge: "surcharge",
  second_pilot: "second pilot",
  launch: "launch fee",
  communication: "communication fee",
  midriver_launch: "mid-river launch fee",
  board_fees: "board fees",
  total: "total",
};

const MEASUREMENT_FIELDS = ["length", "breadth", "depth"] as const;

/** A mapping problem: a required column missing, a field named twice, a column that does not exist. */
export class MappingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MappingError";
  }
}

// ---------------------------------------------------------------------------------------------
// Guessing from headers

// Header texts reduced to lower-case letters and digits ("Mid-river launch" → "midriverlaunch").
const TRANSIT_SYNONYMS: Readonly<Record<TransitField, readonly string[]>> = {
  vessel: ["vessel", "vesselname", "ship", "shipname", "name", "vesselorship", "shiporvessel"],
  units: ["units", "pilotageunits", "pilotageunit", "pilotunits", "pu", "pus", "numberofunits", "noofunits", "unitspilotage"],
  length: ["length", "loa", "lengthoverall", "overalllength", "lengthoa", "len"],
  breadth: ["breadth", "beam", "extremebreadth", "breadthextreme", "extremebeam", "width", "mouldedbreadth", "moldedbreadth"],
  depth: ["depth", "mouldeddepth", "moldeddepth", "depthmoulded", "depthmolded"],
  unit: ["unit", "measurementunit", "measurementunits", "lengthunit", "uom", "unitofmeasure", "unitofmeasurement"],
  section: ["section", "riversection", "river", "pilotagesection", "sectionofriver", "sect"],
  date: ["date", "transitdate", "dateoftransit", "sailingdate", "servicedate", "pilotagedate", "jobdate", "movementdate"],
  hours: ["hours", "hrs", "continuoushours", "pilotagehours", "continuouspilotagehours", "hoursofpilotage", "hoursofcontinuouspilotage", "expectedhours"],
  relieved: ["relieved", "relievedatmidriver", "relievedmidriver", "midriverrelief", "relievedatmidriverstation", "relievedmidriverstation"],
  anchored: ["anchored", "anchored8hours", "anchored8h", "anchored8hrs", "anchoredeighthours", "anchoredatleast8hours", "anchored8hoursormore", "anchor8h"],
};

const CHARGE_SYNONYMS: Readonly<Record<Exclude<BilledField, "billed_total">, readonly string[]>> = {
  billed_base: ["base", "basepilotage", "basefee", "basepilotagefee", "basecharge", "pilotage", "pilotagefee", "pilotagecharge"],
  billed_surcharge: ["surcharge", "retirementsurcharge", "pilotsurcharge", "surchargefee"],
  billed_second_pilot: ["secondpilot", "2ndpilot", "secondpilotfee", "2ndpilotfee", "secondpilotcharge"],
  billed_launch: ["launch", "launchfee", "pilotlaunch", "launchcharge"],
  billed_communication: ["communication", "communications", "communicationfee", "communicationsfee", "comms", "commfee", "communicationcharge"],
  billed_midriver_launch: ["midriverlaunch", "midriverlaunchfee", "midriver", "midriverfee", "norriepoint", "norriepointlaunch"],
};

const TOTAL_SYNONYMS = new Set([
  "total", "amount", "totalamount", "invoicetotal", "invoiceamount", "totalbilled", "billedtotal", "amountbilled", "billedamount",
  "amountinvoiced", "invoicedamount", "totaldue", "amountdue", "totalcharged",
]);

/** First words that make a column a bill: "Billed surcharge", "Invoiced total", "Invoice amount". */
const BILLED_WORDS = new Set(["billed", "invoiced", "invoice", "inv", "charged"]);
/** First words of columns that are never inputs: our own output ("Computed total", "Variance", "Flag"), notes. */
const IGNORED_FIRST_WORDS = new Set([
  "computed", "calculated", "calc", "variance", "flag", "flagged", "expected", "difference", "diff", "law", "statutory", "quote", "quoted", "note", "notes",
]);

const UNIT_WORDS: Readonly<Record<string, LengthUnit>> = {
  ft: "ft", feet: "ft", foot: "ft", m: "m", metre: "m", metres: "m", meter: "m", meters: "m", mtr: "m", in: "in", inch: "in", inches: "in",
};

const SYNONYM_FIELD = new Map<string, ReconcileField>();
for (const [field, keys] of Object.entries(TRANSIT_SYNONYMS)) for (const key of keys) SYNONYM_FIELD.set(key, field as TransitField);
for (const [field, keys] of Object.entries(CHARGE_SYNONYMS)) for (const key of keys) SYNONYM_FIELD.set(key, field as BilledField);
for (const key of TOTAL_SYNONYMS) SYNONYM_FIELD.set(key, "billed_total");

interface HeaderWords {
  words: string[];
  /** Text in brackets: "LOA (m)" → ["m"]. */
  bracketed: string[];
}

function headerWords(header: string): HeaderWords {
  const lower = header.normalize("NFKC").toLowerCase();
  const bracketed: string[] = [];
  const rest = lower.replace(/[([]([^)\]]*)[)\]]/g, (_whole, inside: string) => {
    bracketed.push(inside.trim());
    return " ";
  });
  const words = rest.replace(/&/g, " and ").split(/[^a-z0-9]+/).filter((word) => word.length > 0);
  return { words, bracketed };
}

function chargeOrTotal(words: readonly string[]): BilledField | null {
  const key = words.join("");
  if (key === "" || TOTAL_SYNONYMS.has(key)) return "billed_total";
  const field = SYNONYM_FIELD.get(key);
  return field !== undefined && (BILLED_FIELDS as readonly string[]).includes(field) ? (field as BilledField) : null;
}

/** A measurement column's unit from its header: "LOA (m)", "Beam ft", "Depth [in]". */
export function headerUnit(header: string): LengthUnit | null {
  const { words, bracketed } = headerWords(header);
  for (const inside of bracketed) {
    const unit = UNIT_WORDS[inside.replace(/[^a-z]/g, "")];
    if (unit !== undefined) return unit;
  }
  const last = words[words.length - 1];
  return words.length > 1 && last !== undefined && UNIT_WORDS[last] !== undefined ? UNIT_WORDS[last] : null;
}

/** The field a header names, or null. Case, spacing, punctuation and bracketed notes do not matter. */
export function guessField(header: string): ReconcileField | null {
  const { words } = headerWords(header);
  if (words.length === 0 || IGNORED_FIRST_WORDS.has(words[0])) return null;
  if (BILLED_WORDS.has(words[0])) return chargeOrTotal(words.slice(1));
  if (words.length > 1 && BILLED_WORDS.has(words[words.length - 1])) return chargeOrTotal(words.slice(0, -1));
  const direct = SYNONYM_FIELD.get(words.join(""));
  if (direct !== undefined) return direct;
  // "Length ft", "LOA m": a measurement with its unit as the last word.
  if (words.length > 1 && UNIT_WORDS[words[words.length - 1]] !== undefined) {
    const field = SYNONYM_FIELD.get(words.slice(0, -1).join(""));
    if (field === "length" || field === "breadth" || field === "depth") return field;
  }
  return null;
}

/** Which field each column holds (null: not used). Columns are 0-based. */
export interface ColumnMapping {
  readonly headers: readonly string[];
  readonly fields: readonly (ReconcileField | null)[];
  /** Columns that also looked like a field already taken, and anything else worth telling the user. */
  readonly notes: readonly string[];
}

/** "A" for 0, "AA" for 26. */
export function columnName(index: number): string {
  let letters = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

function describeColumn(headers: readonly string[], index: number): string {
  const header = headers[index] ?? "";
  return header.trim() === "" ? `column ${columnName(index)}` : `column ${columnName(index)} ${JSON.stringify(header)}`;
}

/** Guesses every column from its header; the first column for a field wins and the others are noted. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const fields: (ReconcileField | null)[] = [];
  const notes: string[] = [];
  const taken = new Map<ReconcileField, number>();
  headers.forEach((header, index) => {
    const field = guessField(header);
    if (field !== null && taken.has(field)) {
      notes.push(`${describeColumn(headers, index)} also looks like the ${FIELD_LABELS[field]}; ${describeColumn(headers, taken.get(field) as number)} is used.`);
      fields.push(null);
      return;
    }
    if (field !== null) taken.set(field, index);
    fields.push(field);
  });
  return { headers: [...headers], fields, notes };
}

export interface MappingOverride {
  /** A header (any case) or a column letter. */
  readonly column: string;
  /** null: do not use the column. */
  readonly field: ReconcileField | null;
}

const FIELD_NAME_HELP = `${RECONCILE_FIELDS.join(", ")} or ignore`;

/** "billed_total", "billed-total", "Billed total"; "ignore" (or "none", "-") for no field. */
export function parseFieldName(text: string): ReconcileField | null {
  const key = text.trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (key === "ignore" || key === "none" || key === "_" || key === "") return null;
  const found = RECONCILE_FIELDS.find((field) => field === key);
  if (found === undefined) throw new MappingError(`"${text.trim()}" is not a field: use one of ${FIELD_NAME_HELP}.`);
  return found;
}

/** "column=field", split at the last "=" so a header may itself contain one. */
export function parseMappingOverride(text: string): MappingOverride {
  const at = text.lastIndexOf("=");
  if (at <= 0) throw new MappingError(`Mapping "${text}" must be column=field (e.g. "Invoice amount=billed_total" or C=units).`);
  return { column: text.slice(0, at).trim(), field: parseFieldName(text.slice(at + 1)) };
}

/** The column a user means: a header (ignoring case and surrounding spaces), else a column letter. */
export function findColumn(headers: readonly string[], column: string): number {
  const wanted = column.trim().toLowerCase();
  const matches = headers.flatMap((header, index) => (header.trim().toLowerCase() === wanted ? [index] : []));
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    throw new MappingError(`${matches.length} columns are headed "${column.trim()}" (${matches.map(columnName).join(", ")}): name the column by its letter.`);
  }
  if (/^[a-z]{1,3}$/.test(wanted)) {
    let index = 0;
    for (const letter of wanted) index = index * 26 + (letter.charCodeAt(0) - 96);
    if (index - 1 < headers.length) return index - 1;
  }
  const shown = headers.map((header, index) => `${columnName(index)} ${JSON.stringify(header)}`).join(", ");
  throw new MappingError(`No column "${column.trim()}"; the columns are ${shown}.`);
}

/** Applies the user's corrections: the named column takes the field, and any other column loses it. */
export function applyMappingOverrides(mapping: ColumnMapping, overrides: readonly MappingOverride[]): ColumnMapping {
  const fields = [...mapping.fields];
  const overridden = new Set<number>();
  for (const override of overrides) {
    const index = findColumn(mapping.headers, override.column);
    if (override.field !== null) {
      const other = fields.findIndex((field, i) => field === override.field && i !== index);
      if (other >= 0) {
        if (overridden.has(other)) {
          throw new MappingError(`The ${FIELD_LABELS[override.field]} is mapped to two columns (${columnName(other)} and ${columnName(index)}).`);
        }
        fields[other] = null;
      }
    }
    fields[index] = override.field;
    overridden.add(index);
  }
  return { headers: mapping.headers, fields, notes: mapping.notes };
}

/** One line per mapped field: `pilotage units ← column C "Units"`. */
export function describeMapping(mapping: ColumnMapping): string[] {
  return RECONCILE_FIELDS.flatMap((field) => {
    const index = mapping.fields.indexOf(field);
    return index < 0 ? [] : [`${FIELD_LABELS[field]} ← ${describeColumn(mapping.headers, index)}`];
  });
}

// ---------------------------------------------------------------------------------------------
// The plan for a table: mapping checked, board tables and settings attached

export type TablePurpose = "reconcile" | "batch";

export interface TableContext {
  readonly settings: EngineSettings;
  readonly boardFees: readonly BoardFeeRow[];
  readonly boardSurcharge: readonly BoardSurchargeRow[];
  /** Unit of plain-number measurements; overrides units written in the headers ("LOA (m)"). */
  readonly measurementUnit?: LengthUnit | null;
}

export interface TablePlan extends TableContext {
  readonly purpose: TablePurpose;
  readonly mapping: ColumnMapping;
  /** 0-based column of each mapped field. */
  readonly column: Readonly<Partial<Record<ReconcileField, number>>>;
  /** True when units come from length × breadth × depth rather than a units column. */
  readonly fromMeasurements: boolean;
  /** Unit of plain-number measurements when a row's unit cell is blank or there is no unit column. */
  readonly measurementUnit: LengthUnit | null;
  /** The billed columns, in BILLED_FIELDS order (charges first, total last). */
  readonly billed: readonly BilledField[];
}

function measurementUnitOf(mapping: ColumnMapping, column: Partial<Record<ReconcileField, number>>): LengthUnit | null {
  const hints = MEASUREMENT_FIELDS.map((field) => ({ field, unit: headerUnit(mapping.headers[column[field] as number] ?? "") }));
  const units = new Set(hints.map((hint) => hint.unit));
  if (units.size === 1) return hints[0].unit;
  const described = hints.map((hint) => `${FIELD_LABELS[hint.field]} ${hint.unit === null ? "has no unit" : `in ${hint.unit}`}`).join(", ");
  throw new MappingError(`The measurement headers disagree (${described}): set the measurement unit, or rename the headers.`);
}

/** Checks that the mapping has what the purpose needs; throws MappingError naming what is missing. */
export function planTable(mapping: ColumnMapping, purpose: TablePurpose, context: TableContext): TablePlan {
  const column: Partial<Record<ReconcileField, number>> = {};
  mapping.fields.forEach((field, index) => {
    if (field === null) return;
    if (column[field] !== undefined) throw new MappingError(`The ${FIELD_LABELS[field]} is mapped to two columns (${columnName(column[field] as number)} and ${columnName(index)}).`);
    column[field] = index;
  });
  const missing: string[] = [];
  const measurements = MEASUREMENT_FIELDS.filter((field) => column[field] !== undefined);
  if (column.units !== undefined && measurements.length > 0) {
    throw new MappingError(
      `Both a pilotage units column and measurement columns are mapped (${[column.units, ...measurements.map((f) => column[f] as number)].map(columnName).join(", ")}): use one or the other (map the others to ignore).`,
    );
  }
  if (column.units === undefined && measurements.length < 3) {
    missing.push(measurements.length === 0 ? "pilotage units (or length, breadth and depth)" : MEASUREMENT_FIELDS.filter((f) => column[f] === undefined).map((f) => FIELD_LABELS[f]).join(" and "));
  }
  if (column.section === undefined) missing.push(FIELD_LABELS.section);
  if (column.date === undefined) missing.push(FIELD_LABELS.date);
  const billed = BILLED_FIELDS.filter((field) => column[field] !== undefined);
  if (purpose === "reconcile" && billed.length === 0) missing.push("a billed amount (billed total, or billed base pilotage, surcharge, …)");
  if (missing.length > 0) {
    const columns = mapping.headers.map((header, index) => `${columnName(index)} ${JSON.stringify(header)}`).join(", ");
    throw new MappingError(`No column found for ${missing.join("; ")}. The columns are ${columns}: map them as column=field.`);
  }
  const fromMeasurements = column.units === undefined;
  const measurementUnit = context.measurementUnit ?? (fromMeasurements ? measurementUnitOf(mapping, column) : null);
  return { ...context, purpose, mapping, column, fromMeasurements, measurementUnit, billed: purpose === "reconcile" ? billed : [] };
}

// ---------------------------------------------------------------------------------------------
// Exact amounts

/**
 * An exact amount of dollars: whole cents (a safe integer) in the common case, a Decimal when the
 * amount has more than two decimals (a billed 1,234.565) or is too large for exact cents.
 */
export class ExactAmount {
  private constructor(
    /** Whole cents, or null when `big` holds the amount. */
    private readonly cents: number | null,
    private readonly big: Decimal | null,
  ) {}

  static readonly ZERO = new ExactAmount(0, null);

  static ofCents(cents: number): ExactAmount {
    if (!Number.isSafeInteger(cents)) return new ExactAmount(null, new Money(cents).div(100));
    return new ExactAmount(cents, null);
  }

  static ofDecimal(amount: Decimal): ExactAmount {
    const cents = centsOfDecimal(amount);
    return cents !== null && Number.isSafeInteger(cents) ? new ExactAmount(cents, null) : new ExactAmount(null, amount);
  }

  /** A number typed in a cell stands for its shortest decimal text (1234.56, not 1234.5599999…). */
  static ofNumber(value: number): ExactAmount {
    const cents = Math.round(value * 100);
    if (Number.isSafeInteger(cents) && cents / 100 === value) return new ExactAmount(cents, null);
    return ExactAmount.ofDecimal(new Money(value));
  }

  /** Whole cents, if the amount is a whole number of cents. */
  get wholeCents(): number | null {
    return this.cents;
  }

  toDecimal(): Decimal {
    return this.big ?? moneyOfCents(this.cents as number);
  }

  plus(other: ExactAmount): ExactAmount {
    if (this.cents !== null && other.cents !== null) {
      const sum = this.cents + other.cents;
      if (Number.isSafeInteger(sum)) return new ExactAmount(sum, null);
    }
    return ExactAmount.ofDecimal(this.toDecimal().plus(other.toDecimal()));
  }

  minus(other: ExactAmount): ExactAmount {
    if (this.cents !== null && other.cents !== null) {
      const difference = this.cents - other.cents;
      if (Number.isSafeInteger(difference)) return new ExactAmount(difference, null);
    }
    return ExactAmount.ofDecimal(this.toDecimal().minus(other.toDecimal()));
  }

  /** A variance is any difference of $0.01 or more, either way. */
  get isVariance(): boolean {
    return this.cents !== null ? this.cents !== 0 : (this.big as Decimal).abs().gte("0.01");
  }

  get isNegative(): boolean {
    return this.cents !== null ? this.cents < 0 : (this.big as Decimal).isNegative();
  }

  abs(): ExactAmount {
    return this.isNegative ? ExactAmount.ZERO.minus(this) : this;
  }

  /** "-12.50", "1234.565": at least two decimals, every digit kept, no exponent. */
  toText(): string {
    if (this.cents !== null) {
      const magnitude = Math.abs(this.cents);
      const whole = Math.floor(magnitude / 100);
      const rest = magnitude - whole * 100;
      return `${this.cents < 0 ? "-" : ""}${whole}.${rest < 10 ? "0" : ""}${rest}`;
    }
    const big = this.big as Decimal;
    return big.decimalPlaces() < 2 ? big.toFixed(2) : big.toFixed();
  }

  /** The double nearest the amount, for a spreadsheet cell. */
  toNumber(): number {
    return this.cents !== null ? this.cents / 100 : Number(this.toText());
  }

  /** "$1,234.56", or "$1,234.565" when the amount has more decimals. */
  toUsd(): string {
    const text = this.abs().toText();
    const [whole, fraction] = text.split(".");
    return `${this.isNegative ? "-" : ""}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a row

/** An error value as a spreadsheet shows it, with the reason. */
export interface CellError {
  /** "#VALUE!", "#NUM!", "#N/A", or an error value read from the input itself (e.g. "#DIV/0!"). */
  readonly code: string;
  readonly message: string;
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: CellError };

const ERROR_CODE_OF_KIND = { value: "#VALUE!", num: "#NUM!", na: "#N/A" } as const;

function ok<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

function failed<T>(error: CellError): Outcome<T> {
  return { ok: false, error };
}

function cellErrorOf(error: PilotageInputError): CellError {
  return { code: ERROR_CODE_OF_KIND[error.kind], message: error.message };
}

/** An error value held by the input cell itself, as workbook readers give it: `{ error: "#N/A" }`. */
function heldError(cell: unknown): string | null {
  if (typeof cell === "object" && cell !== null && typeof (cell as { error?: unknown }).error === "string") return (cell as { error: string }).error;
  return null;
}

/** Runs an engine reader; its PilotageInputError becomes the error value the same NYPILOT formula shows. */
function attempt<T>(read: () => T): Outcome<T> {
  try {
    return ok(read());
  } catch (error) {
    if (isPilotageInputError(error)) return failed(cellErrorOf(error));
    throw error;
  }
}

function readCell<T>(cell: unknown, what: string, read: (cell: unknown) => T): Outcome<T> {
  const held = heldError(cell);
  if (held !== null) return failed({ code: held, message: `The ${what} cell holds the error ${held}.` });
  return attempt(() => read(cell));
}

function isBlankCell(cell: unknown): boolean {
  return cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");
}

// Plain decimal text with at most six decimals is exactly the number it parses to (the engine's
// integer fast path then applies, as for a number typed in a cell).
const PLAIN_NUMBER_TEXT = /^\d{1,9}(\.\d{1,6})?$/;

function numberIfPlain(cell: unknown): unknown {
  if (typeof cell === "string") {
    const text = cell.trim();
    if (PLAIN_NUMBER_TEXT.test(text)) return Number(text);
  }
  return cell;
}

function firstError(...outcomes: Outcome<unknown>[]): CellError | null {
  for (const outcome of outcomes) if (!outcome.ok) return outcome.error;
  return null;
}

interface RowInputs {
  units: Outcome<PilotageUnits>;
  section: Outcome<SectionNumber>;
  date: Outcome<IsoDate>;
  hours: Outcome<number | null>;
  /** The hours cell is blank (or there is no hours column): no second pilot, as IF(TRIM(hours)="",0,…). */
  hoursBlank: boolean;
  relieved: Outcome<boolean>;
  anchored: Outcome<boolean>;
}

function cellOf(cells: readonly unknown[], plan: TablePlan, field: ReconcileField): unknown {
  const index = plan.column[field];
  return index === undefined ? null : (cells[index] ?? null);
}

const NOT_GIVEN: Outcome<boolean> = ok(false);

function readUnits(cells: readonly unknown[], plan: TablePlan): Outcome<PilotageUnits> {
  if (!plan.fromMeasurements) return readCell(numberIfPlain(cellOf(cells, plan, "units")), "pilotage units", (cell) => readPilotageUnits(cell, plan.settings));
  // As NYPILOT.PILOTAGE_UNITS(length, breadth, depth, unit) reads them, then the units it gives.
  const length = cellOf(cells, plan, "length");
  const breadth = cellOf(cells, plan, "breadth");
  const depth = cellOf(cells, plan, "depth");
  const unitCell = cellOf(cells, plan, "unit");
  for (const [cell, what] of [[length, "overall length"], [breadth, "extreme breadth"], [depth, "depth"], [unitCell, "unit"]] as const) {
    const held = heldError(cell);
    if (held !== null) return failed({ code: held, message: `The ${what} cell holds the error ${held}.` });
  }
  return attempt(() => {
    const unit = isBlankCell(unitCell) ? (plan.measurementUnit ?? "ft") : parseLengthUnit(unitCell);
    return { measured: true, units: pilotageUnitsFromMeasurements(length, breadth, depth, plan.settings, unit) };
  });
}

function readInputs(cells: readonly unknown[], plan: TablePlan): RowInputs {
  const hoursCell = cellOf(cells, plan, "hours");
  const hoursBlank = plan.column.hours === undefined || (isBlankCell(hoursCell) && heldError(hoursCell) === null);
  return {
    units: readUnits(cells, plan),
    section: readCell(cellOf(cells, plan, "section"), "section", (cell) => readSection(cell)),
    date: readCell(cellOf(cells, plan, "date"), "date", (cell) => readDate(cell)),
    hours: hoursBlank ? ok(null) : readCell(numberIfPlain(hoursCell), "hours", (cell) => readHours(cell)),
    hoursBlank,
    relieved: plan.column.relieved === undefined ? NOT_GIVEN : readCell(cellOf(cells, plan, "relieved"), "relieved", (cell) => readFlag(cell, "relieved at mid-river")),
    anchored: plan.column.anchored === undefined ? NOT_GIVEN : readCell(cellOf(cells, plan, "anchored"), "anchored", (cell) => readFlag(cell, "anchored 8 hours")),
  };
}

function quoteOf(inputs: RowInputs, plan: TablePlan): Outcome<Quote> {
  const error = firstError(inputs.units, inputs.section, inputs.date, inputs.hours, inputs.relieved, inputs.anchored);
  if (error !== null) return failed(error);
  return attempt(() =>
    quoteTransit(
      {
        units: (inputs.units as { value: PilotageUnits }).value,
        section: (inputs.section as { value: SectionNumber }).value,
        date: (inputs.date as { value: IsoDate }).value,
        continuousHours: (inputs.hours as { value: number | null }).value,
        relievedAtMidRiver: (inputs.relieved as { value: boolean }).value,
        anchoredEightHours: (inputs.anchored as { value: boolean }).value,
        boardFees: plan.boardFees,
        boardSurcharge: plan.boardSurcharge,
      },
      plan.settings,
    ),
  );
}

/** What a total is missing: "launch fee, communication fee". */
function missingItems(quote: Quote): string {
  return quote.lines.filter((line) => line.amountCents === null).map((line) => line.label.replace(/ \(.*\)$/, "").toLowerCase()).join(", ");
}

function notEntered(what: string, date: IsoDate): CellError {
  return { code: "#N/A", message: `Not entered for ${date}: ${what}. Enter the board's amounts (board fees; after the statutory surcharge periods, the surcharge board's table).` };
}

function lineCents(lines: readonly ChargeLine[], code: ChargeCode): number | null | undefined {
  for (const line of lines) if (line.code === code) return line.amountCents;
  return undefined;
}

const BOARD_FEE_CODES: readonly BoardFeeChargeCode[] = ["launch", "communication", "midriver_launch"];

function computeCharges(inputs: RowInputs, plan: TablePlan): { computed: Record<ComputedCode, Outcome<number>>; quote: Quote | null } {
  const { units, section, date } = inputs;
  const baseError = firstError(units, section, date);
  const base: Outcome<number> = baseError !== null
    ? failed(baseError)
    : attempt(() => baseFeeWorking((units as { value: PilotageUnits }).value, (section as { value: SectionNumber }).value, scheduleFor((date as { value: IsoDate }).value, null, plan.settings), plan.settings).amountCents);

  const surchargeError = firstError(units, date);
  const surcharge: Outcome<number> = surchargeError !== null
    ? failed(surchargeError)
    : attempt(() => surchargeLine((units as { value: PilotageUnits }).value, surchargeTableOn((date as { value: IsoDate }).value, plan.boardSurcharge, plan.settings)).amountCents as number);

  let secondPilot: Outcome<number>;
  if (inputs.hoursBlank) secondPilot = ok(0);
  else if (!base.ok) secondPilot = base;
  else {
    const error = firstError(inputs.hours, inputs.relieved, inputs.anchored);
    secondPilot = error !== null
      ? failed(error)
      : ok(
          secondPilotLineFromCents(base.value, {
            continuousHours: (inputs.hours as { value: number | null }).value,
            relievedAtMidRiver: (inputs.relieved as { value: boolean }).value,
            anchoredEightHours: (inputs.anchored as { value: boolean }).value,
          })?.amountCents ?? 0,
        );
  }

  const quoted = quoteOf(inputs, plan);
  const quote = quoted.ok ? quoted.value : null;
  let total: Outcome<number>;
  if (!quoted.ok) total = quoted;
  else if (!quoted.value.complete) total = failed(notEntered(missingItems(quoted.value), quoted.value.date));
  else total = ok(quoted.value.totalCents);

  let boardFees: Outcome<number> = total;
  if (total.ok && quote !== null) {
    let cents = 0;
    for (const code of BOARD_FEE_CODES) cents += lineCents(quote.lines, code) ?? 0;
    boardFees = ok(cents);
  }

  // Each board fee: from the quote when there is one, else from the board's rows (the base fee's
  // error stands for a row whose units, section or date cannot be read).
  const fees = {} as Record<BoardFeeChargeCode, Outcome<number>>;
  const feeLines = quote !== null
    ? quote.lines
    : base.ok
      ? boardFeeLines((section as { value: SectionNumber }).value, (date as { value: IsoDate }).value, plan.boardFees)
      : null;
  for (const code of BOARD_FEE_CODES) {
    if (feeLines === null) {
      fees[code] = base;
      continue;
    }
    const cents = lineCents(feeLines, code);
    const label = COMPUTED_LABELS[code];
    fees[code] = cents === undefined ? ok(0) : cents === null ? failed(notEntered(label, (date as { value: IsoDate }).value)) : ok(cents);
  }
  return {
    computed: { base, surcharge, second_pilot: secondPilot, ...fees, board_fees: boardFees, total },
    quote,
  };
}

// Billed amounts as written on invoices: "1234.56", "1,234.56", "$1,234.56", numbers; blank = $0.00.
const PLAIN_CENTS_TEXT = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;

function readBilled(cell: unknown, field: BilledField): Outcome<ExactAmount> {
  const what = FIELD_LABELS[field];
  const held = heldError(cell);
  if (held !== null) return failed({ code: held, message: `The ${what} cell holds the error ${held}.` });
  if (isBlankCell(cell)) return ok(ExactAmount.ZERO);
  if (typeof cell === "number" && Number.isFinite(cell)) return ok(ExactAmount.ofNumber(cell));
  if (typeof cell === "string") {
    const match = PLAIN_CENTS_TEXT.exec(cell.trim());
    if (match) {
      const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
      return ok(ExactAmount.ofCents(match[1] === "-" ? -cents : cents));
    }
  }
  return attempt(() => ExactAmount.ofDecimal(readDecimal(cell, field, what)));
}

// ---------------------------------------------------------------------------------------------
// Reconciling a row

export interface ReconciledRow {
  /** The units worked out from the row's measurements, for a computed units column; null when the table gives units. */
  readonly units: Outcome<Decimal | null>;
  /** Computed amounts in cents, or the error value the formula shows. */
  readonly computed: Readonly<Record<ComputedCode, Outcome<number>>>;
  /** The billed columns as read (blank = $0.00). */
  readonly billed: Readonly<Partial<Record<BilledField, Outcome<ExactAmount>>>>;
  /** billed − computed for each billed column: positive when the invoice is higher than the law. */
  readonly variances: Readonly<Partial<Record<BilledField, Outcome<ExactAmount>>>>;
  /** The row's variance: billed total − computed total, or, without a billed total, the billed charges summed against theirs. */
  readonly variance: Outcome<ExactAmount>;
  /** What the row's variance compares, when it could be compared. */
  readonly billedAmount: ExactAmount | null;
  readonly computedAmount: ExactAmount | null;
  /** Every billed column could be compared. */
  readonly checked: boolean;
  /** A variance of $0.01 or more, or a billed column that could not be compared. */
  readonly flagged: boolean;
  /** The first input of the row (transit or billed) that could not be read, if any. */
  readonly inputError: CellError | null;
  /** Why the row is flagged, in words; "" when it matches. */
  readonly note: string;
  readonly quote: Quote | null;
}

const NO_UNITS: Outcome<Decimal | null> = ok(null);

function differenceOf(billed: Outcome<ExactAmount>, computed: Outcome<number>): Outcome<ExactAmount> {
  if (!billed.ok) return billed;
  if (!computed.ok) return computed;
  return ok(billed.value.minus(ExactAmount.ofCents(computed.value)));
}

function sumOf(outcomes: readonly Outcome<ExactAmount>[]): Outcome<ExactAmount> {
  let sum = ExactAmount.ZERO;
  for (const outcome of outcomes) {
    if (!outcome.ok) return outcome;
    sum = sum.plus(outcome.value);
  }
  return ok(sum);
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function noteFor(plan: TablePlan, row: Pick<ReconciledRow, "billed" | "variances" | "computed">): string {
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const field of plan.billed) {
    const variance = row.variances[field] as Outcome<ExactAmount>;
    const label = COMPUTED_LABELS[BILLED_CHARGE[field]];
    if (!variance.ok) {
      if (!seen.has(variance.error.message)) parts.push(`${capitalised(label)} not checked: ${variance.error.message}`);
      seen.add(variance.error.message);
      continue;
    }
    if (!variance.value.isVariance) continue;
    const billed = (row.billed[field] as { value: ExactAmount }).value;
    const computed = (row.computed[BILLED_CHARGE[field]] as { value: number }).value;
    parts.push(
      `${capitalised(label)} billed ${billed.toUsd()}, computed ${ExactAmount.ofCents(computed).toUsd()}: ${variance.value.abs().toUsd()} ${variance.value.isNegative ? "under" : "over"}.`,
    );
  }
  return parts.join(" ");
}

/** The law's amounts for one row beside the billed ones. Never throws for bad cells: they become error values. */
export function reconcileRow(cells: readonly unknown[], plan: TablePlan): ReconciledRow {
  const inputs = readInputs(cells, plan);
  const { computed, quote } = computeCharges(inputs, plan);
  const billed: Partial<Record<BilledField, Outcome<ExactAmount>>> = {};
  const variances: Partial<Record<BilledField, Outcome<ExactAmount>>> = {};
  let allCompared = true;
  let anyVariance = false;
  for (const field of plan.billed) {
    const amount = readBilled(cellOf(cells, plan, field), field);
    const variance = differenceOf(amount, computed[BILLED_CHARGE[field]]);
    billed[field] = amount;
    variances[field] = variance;
    if (!variance.ok) allCompared = false;
    else if (variance.value.isVariance) anyVariance = true;
  }

  // The row's variance, as the workbook's formula works it: ROUND(billed total − total, 6), or
  // ROUND((b1 + b2 + …) − (c1 + c2 + …), 6) over the billed charges.
  let variance: Outcome<ExactAmount>;
  let billedAmount: ExactAmount | null = null;
  let computedAmount: ExactAmount | null = null;
  if (plan.column.billed_total !== undefined) {
    variance = variances.billed_total as Outcome<ExactAmount>;
    if (variance.ok) {
      billedAmount = (billed.billed_total as { value: ExactAmount }).value;
      computedAmount = ExactAmount.ofCents((computed.total as { value: number }).value);
    }
  } else {
    const billedSum = sumOf(plan.billed.map((field) => billed[field] as Outcome<ExactAmount>));
    const computedSum = sumOf(plan.billed.map((field) => {
      const amount = computed[BILLED_CHARGE[field]];
      return amount.ok ? ok(ExactAmount.ofCents(amount.value)) : amount;
    }));
    variance = !billedSum.ok ? billedSum : !computedSum.ok ? computedSum : ok(billedSum.value.minus(computedSum.value));
    if (variance.ok) {
      billedAmount = (billedSum as { value: ExactAmount }).value;
      computedAmount = (computedSum as { value: ExactAmount }).value;
    }
  }
  if (!variance.ok) allCompared = false;
  else if (variance.value.isVariance) anyVariance = true;

  const inputError =
    firstError(inputs.units, inputs.section, inputs.date, inputs.hours, inputs.relieved, inputs.anchored) ??
    firstError(...plan.billed.map((field) => billed[field] as Outcome<ExactAmount>));
  const flagged = !allCompared || anyVariance;
  return {
    // Only rows priced from their measurements carry units worth a column (and a Decimal each).
    units: !plan.fromMeasurements ? NO_UNITS : !inputs.units.ok ? inputs.units : ok(inputs.units.value.measured ? inputs.units.value.units : null),
    computed,
    billed,
    variances,
    variance,
    billedAmount,
    computedAmount,
    checked: allCompared,
    flagged,
    inputError,
    note: flagged ? noteFor(plan, { billed, variances, computed }) : "",
    quote,
  };
}

// ---------------------------------------------------------------------------------------------
// Batch: one quote per row

export interface QuotedRow {
  readonly quote: Quote | null;
  /** Why the row could not be quoted: its first unreadable input, in the order a quote reads them. */
  readonly error: CellError | null;
}

export function quoteRow(cells: readonly unknown[], plan: TablePlan): QuotedRow {
  const quoted = quoteOf(readInputs(cells, plan), plan);
  return quoted.ok ? { quote: quoted.value, error: null } : { quote: null, error: quoted.error };
}

// ---------------------------------------------------------------------------------------------
// Summary

export interface MalformedRow {
  readonly rowNumber: number;
  readonly error: string;
}

export interface ReconcileSummary {
  /** Data rows in the input: read, plus malformed. */
  readonly rows: number;
  readonly rowsRead: number;
  /** Rows that could not be parsed and were skipped (never silently). */
  readonly malformedRows: number;
  readonly malformedRowNumbers: readonly number[];
  /** The first MALFORMED_EXAMPLES malformed rows with what was wrong. */
  readonly malformedExamples: readonly MalformedRow[];
  /** Rows whose every billed column could be compared. */
  readonly rowsChecked: number;
  readonly rowsNotChecked: number;
  /** Rows with a transit or billed cell that could not be read (a subset of those not checked). */
  readonly rowsWithInputErrors: number;
  readonly rowsFlagged: number;
  readonly rowsMatched: number;
  /** Over the rows checked: billed, computed and billed − computed, exact, as "1234.56". */
  readonly billed: string;
  readonly computed: string;
  readonly variance: string;
  /** No row flagged and no row malformed. */
  readonly allMatched: boolean;
}

export const MALFORMED_EXAMPLES = 100;

/** Adds rows up as they stream past; holds no rows, only counts, sums and malformed row numbers. */
export class ReconcileTally {
  private rowsRead = 0;
  private checked = 0;
  private inputErrors = 0;
  private flagged = 0;
  private billed = ExactAmount.ZERO;
  private computed = ExactAmount.ZERO;
  private readonly malformedNumbers: number[] = [];
  private readonly malformedExamples: MalformedRow[] = [];

  addRow(row: ReconciledRow): void {
    this.rowsRead += 1;
    if (row.checked) this.checked += 1;
    if (row.inputError !== null) this.inputErrors += 1;
    if (row.flagged) this.flagged += 1;
    if (row.checked && row.billedAmount !== null && row.computedAmount !== null) {
      this.billed = this.billed.plus(row.billedAmount);
      this.computed = this.computed.plus(row.computedAmount);
    }
  }

  addMalformed(rowNumber: number, error: string): void {
    this.malformedNumbers.push(rowNumber);
    if (this.malformedExamples.length < MALFORMED_EXAMPLES) this.malformedExamples.push({ rowNumber, error });
  }

  summary(): ReconcileSummary {
    const malformed = this.malformedNumbers.length;
    return {
      rows: this.rowsRead + malformed,
      rowsRead: this.rowsRead,
      malformedRows: malformed,
      malformedRowNumbers: [...this.malformedNumbers],
      malformedExamples: [...this.malformedExamples],
      rowsChecked: this.checked,
      rowsNotChecked: this.rowsRead - this.checked,
      rowsWithInputErrors: this.inputErrors,
      rowsFlagged: this.flagged,
      rowsMatched: this.rowsRead - this.flagged,
      billed: this.billed.toText(),
      computed: this.computed.toText(),
      variance: this.billed.minus(this.computed).toText(),
      allMatched: this.flagged === 0 && malformed === 0,
    };
  }
}

/** "7, 12–15, 30": row numbers as runs. */
export function rowRanges(rowNumbers: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < rowNumbers.length; ) {
    let j = i;
    while (j + 1 < rowNumbers.length && rowNumbers[j + 1] === rowNumbers[j] + 1) j += 1;
    parts.push(j === i ? String(rowNumbers[i]) : `${rowNumbers[i]}–${rowNumbers[j]}`);
    i = j + 1;
  }
  return parts.join(", ");
}

// ---------------------------------------------------------------------------------------------
// The boards' amounts as one table

/**
 * Both board tables in one, as a CSV file or a range holds them:
 *
 *   table,from,a,b,c
 *   fees,2024-01-01,310.00,45.50,125.25        a launch, b communication, c mid-river launch
 *   surcharge,2020-11-20,300.00,360.00,3.60    a 0–50 units, b 51–100 units, c per unit over 100
 *
 * The header row is optional; blank rows are skipped. A blank (or 0) fee is "not entered" (D10);
 * fees are dollars and cents; every surcharge amount is required. Rows may come in any order;
 * each applies from its date until the next row of its table.
 */
export interface BoardRates {
  readonly fees: readonly BoardFeeRow[];
  readonly surcharge: readonly BoardSurchargeRow[];
}

export const BOARD_RATES_FORMAT = "table,from,a,b,c";

const FEE_TABLE_NAMES = new Set(["fees", "fee", "board fees", "board fee"]);
const SURCHARGE_TABLE_NAMES = new Set(["surcharge", "board surcharge", "surcharges"]);

function boardRatesError(rowNumber: number, message: string): PilotageInputError {
  return new PilotageInputError("BAD_BOARD_TABLE", `Board rates row ${rowNumber}: ${message}`, "board_rates");
}

export function readBoardRates(rows: readonly { readonly rowNumber: number; readonly cells: readonly unknown[] }[]): BoardRates {
  const fees: { row: BoardFeeRow; rowNumber: number }[] = [];
  const surcharge: { row: BoardSurchargeRow; rowNumber: number }[] = [];
  rows.forEach(({ rowNumber, cells }, index) => {
    if (cells.every(isBlankCell)) return;
    const table = shownInput(cells[0] ?? "").toLowerCase().replace(/\s+/g, " ");
    if (index === 0 && table === "table") return;
    const isFees = FEE_TABLE_NAMES.has(table);
    if (!isFees && !SURCHARGE_TABLE_NAMES.has(table)) {
      throw boardRatesError(rowNumber, `the table is "${shownInput(cells[0] ?? "")}": use fees or surcharge (columns ${BOARD_RATES_FORMAT}).`);
    }
    const [, from, a, b, c] = cells;
    try {
      readDate(from, "from date");
    } catch (error) {
      if (isPilotageInputError(error)) throw boardRatesError(rowNumber, error.message);
      throw error;
    }
    try {
      if (isFees) {
        // As in a Board rates sheet, a fee of 0 is "not entered" (D10): the board sets no free launch.
        const amounts = [a, b, c].map((amount) => {
          if (isBlankCell(amount)) return null;
          const value = readDecimal(amount, "board_fees", "fee");
          if (value.decimalPlaces() > 2) {
            throw new PilotageInputError("BAD_BOARD_TABLE", `the fee ${shownInput(amount)} has more than two decimals: enter dollars and cents.`, "board_fees");
          }
          return value.isZero() ? null : amount;
        });
        fees.push({ row: readBoardFeeRows([[from, ...amounts]])[0], rowNumber });
      } else {
        surcharge.push({ row: readBoardSurchargeRows([[from, a, b, c]])[0], rowNumber });
      }
    } catch (error) {
      // The single-row readers number their row 1; the file's row number is the useful one.
      if (isPilotageInputError(error)) throw boardRatesError(rowNumber, error.message.replace(/^Board (fees|surcharge) table, row 1: /, ""));
      throw error;
    }
  });
  const sorted = <T extends { from: IsoDate }>(entries: { row: T; rowNumber: number }[], name: string): T[] => {
    entries.sort((x, y) => (x.row.from < y.row.from ? -1 : x.row.from > y.row.from ? 1 : 0));
    for (let i = 1; i < entries.length; i++) {
      if (entries[i].row.from === entries[i - 1].row.from) {
        throw boardRatesError(entries[i].rowNumber, `a second ${name} row from ${entries[i].row.from} (also row ${entries[i - 1].rowNumber}): keep one row per date.`);
      }
    }
    return entries.map((entry) => entry.row);
  };
  return { fees: sorted(fees, "fees"), surcharge: sorted(surcharge, "surcharge") };
}
