/**
 * Which column holds which field: guessed from the headers, corrected by the user (`--map`, the
 * task pane's lists), then checked for what the purpose needs (the plan of a table).
 */
import { columnLetter, columnNumber } from "../workbook/cell-address";
import { BoardFeeRow, BoardSurchargeRow, EngineSettings, LengthUnit } from "../engine";
import { DateFormat, dateOrderOf, DEFAULT_DATE_FORMAT } from "./dates";
import { MAP_FLAG_WORDS, MappingError, type MappingWords } from "./mapping-error";
import { BILLED_FIELDS, BilledField, FIELD_LABELS, guessField, guessHeader, headerUnit, isBilledField, MEASUREMENT_FIELDS, namesIdentifiers, namesPilotageAlone, namesRunningTotal, RECONCILE_FIELDS, ReconcileField } from "./fields";
import { columnValues, firstMisfit, runningTotalOf, valuesFit } from "./column-values";

// The error and its words live in their own small module, which the command line loads at start-up.
export { MAP_FLAG_WORDS, MappingError, type MappingWords };

/** Data rows read ahead to guess the columns from their values as well as their headers (CLI and task pane). */
export const GUESS_SAMPLE_ROWS = 50;

/** Which field each column holds (null: not used). Columns are 0-based. */
export interface ColumnMapping {
  readonly headers: readonly string[];
  readonly fields: readonly (ReconcileField | null)[];
  /** How the mapping was reached, worth telling the user: columns passed over, and why. */
  readonly notes: readonly string[];
  /** Fields two or more columns are equally likely to hold: the plan refuses them until the user says which. */
  readonly ambiguities?: readonly Ambiguity[];
  /** The first rows of the table, for guessing from the values as well as the headers. */
  readonly sample?: readonly (readonly unknown[])[];
  /** Columns the user gave a field or told to ignore (--map), which the guess leaves alone. */
  readonly settled?: ReadonlyMap<number, ReconcileField | null>;
}

export interface Ambiguity {
  readonly field: ReconcileField;
  readonly columns: readonly number[];
}

/** The letter of a column by its 0-based index in the table: "A" for 0, "AA" for 26. */
const letterOf = (index: number): string => columnLetter(index + 1);

export function describeColumn(headers: readonly string[], index: number): string {
  const header = headers[index] ?? "";
  return header.trim() === "" ? `column ${letterOf(index)}` : `column ${letterOf(index)} ${JSON.stringify(header)}`;
}

/** How a --map names a column: its header when that is unique, else its letter. */
export function mapName(headers: readonly string[], index: number): string {
  const header = (headers[index] ?? "").trim();
  const unique = header !== "" && headers.filter((other) => other.trim().toLowerCase() === header.toLowerCase()).length === 1 && !header.includes("=");
  return unique ? header : letterOf(index);
}

/** The exact option that gives a column a field: --map "Amount billed=billed_total". */
export function mapOption(headers: readonly string[], index: number, field: ReconcileField | "ignore"): string {
  return `--map "${mapName(headers, index).replace(/"/g, '\\"')}=${field}"`;
}

// ---------------------------------------------------------------------------------------------
// What a column's values look like

const MONEY_TEXT = /^\(?-?\s*(?:US\$|USD|\$)?\s*-?\d{1,3}(?:,?\d{3})*\.\d{2}\s*(?:USD)?\)?$|^\(?\s*(?:US\$|USD|\$)\s*-?[\d,]+(?:\.\d+)?\)?$/i;
const WHOLE_NUMBER_TEXT = /^\d+$/;

type ValueLook = "money" | "identifiers" | "whole numbers" | "other" | "none";

/**
 * money: amounts with cents or a currency sign; identifiers: text with letters, or whole numbers
 * with leading zeros or counting up one by one; whole numbers: whole numbers otherwise.
 */
function valueLook(values: readonly unknown[]): ValueLook {
  if (values.length === 0) return "none";
  const texts = values.map((value) => (typeof value === "number" ? (Number.isInteger(value) ? String(value) : value.toFixed(2)) : String(value).trim()));
  if (texts.some((text) => MONEY_TEXT.test(text))) return "money";
  if (texts.some((text) => /[A-Za-z]/.test(text.replace(/US\$|USD/gi, "")))) return "identifiers";
  if (texts.every((text) => WHOLE_NUMBER_TEXT.test(text))) {
    const numbers = texts.map(Number);
    const counting = numbers.length > 1 && numbers.every((n, i) => i === 0 || n === numbers[i - 1] + 1);
    return counting || texts.some((text) => /^0\d/.test(text)) ? "identifiers" : "whole numbers";
  }
  return "other";
}

// ---------------------------------------------------------------------------------------------
// The guess

/** Fields whose wrong column would price or compare the wrong figures: a tie on one is refused, never broken silently. */
const DECISIVE = new Set<ReconcileField>(["units", "length", "breadth", "depth", "unit", "section", "date", "hours", "relieved", "anchored", ...BILLED_FIELDS]);

interface Candidate {
  readonly column: number;
  readonly field: ReconcileField;
  /** Higher wins: 2 a specific header, 1 a loose one; amounts-looking values add, whole numbers take away. */
  readonly score: number;
  /** Words of the header the guess passed over ("Tug" of "Tug hrs"). */
  readonly passedOver?: readonly string[];
}

function guessWith(headers: readonly string[], sample: readonly (readonly unknown[])[], settled: ReadonlyMap<number, ReconcileField | null>): ColumnMapping {
  const fields: (ReconcileField | null)[] = headers.map((_header, index) => (settled.has(index) ? (settled.get(index) as ReconcileField | null) : null));
  const notes: string[] = [];
  const ambiguities: Ambiguity[] = [];
  const settledFields = new Set([...settled.values()].filter((field): field is ReconcileField => field !== null));
  const candidates: Candidate[] = [];
  headers.forEach((header, column) => {
    if (settled.has(column)) return;
    const guess = guessHeader(header);
    if (guess === null) {
      // A column that would have been an amount but for its identifier or running-total header, said once.
      const unguarded = guessField(header.replace(/#/g, " "));
      if (namesIdentifiers(header) && /billed|invoice|amount|total/i.test(header) && unguarded === null) {
        notes.push(`${describeColumn(headers, column)} names identifiers, so it is never taken as an amount.`);
      } else if (namesRunningTotal(header) && /total|amount|amt|balance/i.test(header)) {
        notes.push(`${describeColumn(headers, column)} is a running total or a balance: never taken as a billed amount.`);
      }
      return;
    }
    if (settledFields.has(guess.field)) return;
    const values = columnValues(sample, column);
    let score = guess.loose ? 1 : 2;
    if (isBilledField(guess.field)) {
      const look = valueLook(values);
      if (look === "identifiers") {
        notes.push(`${describeColumn(headers, column)} holds identifiers (such as ${JSON.stringify(String(values[0]))}), not amounts: not used as the ${FIELD_LABELS[guess.field]}.`);
        return;
      }
      const added = runningTotalOf(sample, column);
      if (added !== null) {
        notes.push(`${describeColumn(headers, column)} is a running total (each row adds ${describeColumn(headers, added)}): not used as the ${FIELD_LABELS[guess.field]}.`);
        return;
      }
      if (look === "money") score += 0.5;
      if (look === "whole numbers") score -= 0.5;
    }
    // A header is a claim its values must bear out: most of them read as the field, or the column is not used.
    if (valuesFit(guess.field, values) < 0.5) {
      notes.push(
        `${describeColumn(headers, column)} is headed like the ${FIELD_LABELS[guess.field]}, but its values do not read as one (such as ${JSON.stringify(String(firstMisfit(guess.field, values)))}): not used (${mapOption(headers, column, guess.field)} uses it).`,
      );
      return;
    }
    candidates.push({ column, field: guess.field, score, passedOver: guess.passedOver });
  });
  const byField = new Map<ReconcileField, Candidate[]>();
  for (const candidate of candidates) byField.set(candidate.field, [...(byField.get(candidate.field) ?? []), candidate]);
  for (const [field, list] of byField) {
    const best = Math.max(...list.map((candidate) => candidate.score));
    const top = list.filter((candidate) => candidate.score === best);
    const chosen = top[0];
    fields[chosen.column] = field;
    if (chosen.passedOver !== undefined && top.length === 1) {
      notes.push(`${describeColumn(headers, chosen.column)} is taken as the ${FIELD_LABELS[field]} from its last words (not from "${chosen.passedOver.join(" ")}"): ${mapOption(headers, chosen.column, "ignore")} if it is not.`);
    }
    if (top.length > 1 && DECISIVE.has(field)) {
      ambiguities.push({ field, columns: top.map((candidate) => candidate.column) });
      continue;
    }
    for (const other of list) {
      if (other === chosen) continue;
      notes.push(`${describeColumn(headers, other.column)} also looks like the ${FIELD_LABELS[field]}; ${describeColumn(headers, chosen.column)} is used.`);
    }
  }
  // "Pilotage" beside no other charge and no total is the whole pilotage bill (a voyage-cost sheet), said.
  const billedColumns = fields.flatMap((field, column) => (field !== null && isBilledField(field) ? [column] : []));
  if (billedColumns.length === 1 && fields[billedColumns[0]] === "billed_base" && !settled.has(billedColumns[0]) && namesPilotageAlone(headers[billedColumns[0]])) {
    const column = billedColumns[0];
    fields[column] = "billed_total";
    notes.push(`${describeColumn(headers, column)} is the only amount column: taken as the billed total, the whole pilotage bill (${mapOption(headers, column, "billed_base")} if it is the base pilotage alone).`);
  }
  return { headers: [...headers], fields, notes, ambiguities, sample, settled };
}

/**
 * Guesses every column from its header and, given the table's first rows, from its values: a
 * specific header wins over a loose one ("Amount billed" over "Total"), a column of identifiers is
 * never an amount, and where two columns are equally likely to hold a field that prices or compares
 * anything, the tie is recorded (planTable refuses it, naming the --map that settles it). For a
 * field that only labels a row (the vessel) the first column wins and the others are noted.
 */
export function guessMapping(headers: readonly string[], sample: readonly (readonly unknown[])[] = []): ColumnMapping {
  return guessWith(headers, sample, new Map());
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
    throw new MappingError(`${matches.length} columns are headed "${column.trim()}" (${matches.map(letterOf).join(", ")}): name the column by its letter.`);
  }
  if (/^[a-z]{1,3}$/.test(wanted)) {
    const index = columnNumber(wanted) - 1;
    if (index < headers.length) return index;
  }
  const shown = headers.map((header, index) => `${letterOf(index)} ${JSON.stringify(header)}`).join(", ");
  throw new MappingError(`No column "${column.trim()}"; the columns are ${shown}.`);
}

/**
 * Applies the user's corrections: the named column takes the field (or is ignored), and every
 * other column is guessed again without it, so `--map COL=ignore` lets the next-best column in.
 */
export function applyMappingOverrides(mapping: ColumnMapping, overrides: readonly MappingOverride[]): ColumnMapping {
  if (overrides.length === 0) return mapping;
  const settled = new Map(mapping.settled ?? []);
  const given = new Map<number, MappingOverride>();
  for (const override of overrides) {
    const index = findColumn(mapping.headers, override.column);
    // One column mapped twice would keep only the last: refused, naming both (D21).
    const earlier = given.get(index);
    if (earlier !== undefined) {
      const as = (field: MappingOverride["field"]) => (field === null ? "ignore" : FIELD_LABELS[field]);
      throw new MappingError(`Column ${letterOf(index)} is mapped twice ("${earlier.column}" as ${as(earlier.field)}, "${override.column}" as ${as(override.field)}): map it once.`);
    }
    given.set(index, override);
    if (override.field !== null) {
      for (const [other, field] of settled) {
        if (field === override.field && other !== index) {
          throw new MappingError(`The ${FIELD_LABELS[override.field]} is mapped to two columns (${letterOf(other)} and ${letterOf(index)}).`);
        }
      }
    }
    settled.set(index, override.field);
  }
  return guessWith(mapping.headers, mapping.sample ?? [], settled);
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
  /** How slash dates are read; default month first (MM/DD/YYYY). */
  readonly dateFormat?: DateFormat;
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
  readonly dateFormat: DateFormat;
  /**
   * D26: inputs of a reconciliation the table has no column for, each checked under every value
   * it could take (row.ts): a line that depends on one is not checked, never priced as if zero.
   */
  readonly missingInputs: readonly MissingInput[];
  /** What the run assumes for want of a column (D26: no relief, no anchorage), said once in the summary. */
  readonly assumptions: readonly string[];
}

export type MissingInput = "hours" | "section";

function measurementUnitOf(mapping: ColumnMapping, column: Partial<Record<ReconcileField, number>>): LengthUnit | null {
  const hints = MEASUREMENT_FIELDS.map((field) => ({ field, unit: headerUnit(mapping.headers[column[field] as number] ?? "") }));
  // A unit stated in some headers and none in the others ("LOA (ft)", "Beam", "Depth"): the one stated.
  const units = new Set(hints.flatMap((hint) => (hint.unit === null ? [] : [hint.unit])));
  if (units.size === 0) return null;
  if (units.size === 1) return [...units][0];
  const described = hints.map((hint) => `${FIELD_LABELS[hint.field]} ${hint.unit === null ? "has no unit" : `in ${hint.unit}`}`).join(", ");
  throw new MappingError((door) => `The measurement headers disagree (${described}): ${door.measurementUnit}.`);
}

/** Checks that the mapping has what the purpose needs; throws MappingError naming what is missing. */
export function planTable(mapping: ColumnMapping, purpose: TablePurpose, context: TableContext): TablePlan {
  const column: Partial<Record<ReconcileField, number>> = {};
  mapping.fields.forEach((field, index) => {
    if (field === null) return;
    if (column[field] !== undefined) throw new MappingError(`The ${FIELD_LABELS[field]} is mapped to two columns (${letterOf(column[field] as number)} and ${letterOf(index)}).`);
    column[field] = index;
  });
  const needed = (field: ReconcileField) => purpose === "reconcile" || !isBilledField(field);
  for (const { field, columns } of mapping.ambiguities ?? []) {
    if (!needed(field)) continue;
    const named = columns.map((index) => describeColumn(mapping.headers, index)).join(" and ");
    const options = columns.map((index) => mapOption(mapping.headers, index, field)).join(" or ");
    throw new MappingError(`${named} are equally likely to be the ${FIELD_LABELS[field]}: say which with ${options}.`);
  }
  const missing: string[] = [];
  const measurements = MEASUREMENT_FIELDS.filter((field) => column[field] !== undefined);
  if (column.units !== undefined && measurements.length > 0) {
    throw new MappingError(
      `Both a pilotage units column and measurement columns are mapped (${[column.units, ...measurements.map((f) => column[f] as number)].map(letterOf).join(", ")}): use one or the other (map the others to ignore).`,
    );
  }
  if (column.units === undefined && measurements.length < 3) {
    missing.push(measurements.length === 0 ? "pilotage units (or length, breadth and depth)" : MEASUREMENT_FIELDS.filter((f) => column[f] === undefined).map((f) => FIELD_LABELS[f]).join(" and "));
  }
  // A reconciliation without a section column checks each row under both sections (D26).
  if (column.section === undefined && purpose !== "reconcile") missing.push(FIELD_LABELS.section);
  if (column.date === undefined) missing.push(FIELD_LABELS.date);
  const billed = BILLED_FIELDS.filter((field) => column[field] !== undefined);
  if (purpose === "reconcile" && billed.length === 0) missing.push("a billed amount (billed total, or billed base pilotage, surcharge, …)");
  if (missing.length > 0) {
    const columns = mapping.headers.map((header, index) => `${letterOf(index)} ${JSON.stringify(header)}`).join(", ");
    // Columns of amounts that no field took: the likely billed amount, with the option that says so.
    let hint = "";
    if (purpose === "reconcile" && billed.length === 0) {
      const amounts = mapping.headers.flatMap((_header, index) => (mapping.fields[index] === null && valueLook(columnValues(mapping.sample ?? [], index)) === "money" ? [index] : []));
      if (amounts.length > 0) hint = ` Columns holding amounts: ${amounts.map((index) => `${describeColumn(mapping.headers, index)} (${mapOption(mapping.headers, index, "billed_total")})`).join(", ")}.`;
    }
    throw new MappingError((door) => `No column found for ${missing.join("; ")}. The columns are ${columns}: ${door.mapColumns}.${hint}`);
  }
  const fromMeasurements = column.units === undefined;
  const measurementUnit = context.measurementUnit ?? (fromMeasurements ? measurementUnitOf(mapping, column) : null);
  const dateFormat = context.dateFormat ?? DEFAULT_DATE_FORMAT;
  const missingInputs: MissingInput[] = [];
  const assumptions: string[] = [];
  if (purpose === "reconcile") {
    if (column.section === undefined) missingInputs.push("section");
    if (column.hours === undefined) missingInputs.push("hours");
    for (const input of missingInputs) {
      assumptions.push(`No ${input} column: a line whose amount depends on the ${input === "hours" ? "hours (the second pilot, and the total)" : "section"} is not checked, never priced as if zero; a row is flagged only on a variance that holds whatever the ${input} (D26).`);
    }
    const unknown = [column.relieved === undefined ? "relief at mid-river" : null, column.anchored === undefined ? "anchorage of 8 hours" : null].filter((what) => what !== null);
    if (unknown.length > 0) {
      assumptions.push(`No column for ${unknown.join(" or ")}: assumed none (D26); a variance equal to the second pilot's fee says that one would explain it.`);
    }
  }
  return { ...context, purpose, mapping, column, fromMeasurements, measurementUnit, billed: purpose === "reconcile" ? billed : [], dateFormat, missingInputs, assumptions };
}

/**
 * Why the date column cannot be read month first, the default: its first rows write dates day
 * first (read month first, its 03/06/2026 would be March 6th, silently); null when nothing says so.
 */
export function dateOrderProblem(plan: TablePlan, sample: readonly (readonly unknown[])[]): string | null {
  const column = plan.column.date;
  if (column === undefined || plan.dateFormat !== DEFAULT_DATE_FORMAT) return null;
  const order = dateOrderOf(sample.map((cells) => cells[column]));
  const where = describeColumn(plan.mapping.headers, column);
  if (order.monthFirst === null && order.dayFirst !== null) {
    return `The dates in ${where} are written day first ("${order.dayFirst}" has no month ${order.dayFirst.split(/[/.-]/)[0]}): give --date-format DD/MM/YYYY (or --date-format MM/DD/YYYY if they are month first).`;
  }
  // Every slash date could be read either way (03/06/2026): which day each is cannot be known from the file.
  if (order.monthFirst === null && order.either !== null) {
    return `The dates in ${where} could be month first or day first ("${order.either}" is one day or another): say which with --date-format MM/DD/YYYY or --date-format DD/MM/YYYY.`;
  }
  return null;
}

/** One line per column no field took: `column A "Ref"`. */
export function describeUnused(mapping: ColumnMapping): string[] {
  return mapping.fields.flatMap((field, index) => (field === null ? [describeColumn(mapping.headers, index)] : []));
}
