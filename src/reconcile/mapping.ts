/**
 * Which column holds which field: guessed from the headers, corrected by the user (`--map`, the
 * task pane's lists), then checked for what the purpose needs (the plan of a table).
 */
import { BoardFeeRow, BoardSurchargeRow, EngineSettings, LengthUnit } from "../engine";
import { BILLED_FIELDS, BilledField, FIELD_LABELS, guessField, headerUnit, MEASUREMENT_FIELDS, RECONCILE_FIELDS, ReconcileField } from "./fields";

/** A mapping problem: a required column missing, a field named twice, a column that does not exist. */
export class MappingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MappingError";
  }
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
