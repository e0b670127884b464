/**
 * Which column holds which field: guessed from the headers, corrected by the user (`--map`, the
 * task pane's lists), then checked for what the purpose needs (the plan of a table).
 */
import { columnLetter, columnNumber } from "../workbook/cell-address";
import { BoardFeeRow, boardFeeRowOn, BoardSurchargeRow, boardSurchargeRowOn, clauseInForceOn, EngineSettings, isBlank, isPilotageInputError, IsoDate, LengthUnit } from "../engine";
import { DateFormat, dateOrderOf, DEFAULT_DATE_FORMAT, readTableDate } from "./dates";
import { MAP_FLAG_WORDS, MappingError, type MappingWords } from "./mapping-error";
import { BILLED_FIELDS, BilledField, FIELD_LABELS, guessField, guessHeader, headerUnit, isBilledField, mayNameBilledAmount, MEASUREMENT_FIELDS, namesIdentifiers, namesMoney, namesNotMoney, namesPartOfBill, namesPilotageAlone, namesRunningTotal, RECONCILE_FIELDS, ReconcileField } from "./fields";
import { columnValues, firstMisfit, runningTotalOf, valuesFit } from "./column-values";
import { Amount, readBilledAmount } from "./amounts";
import { isFormulaWithoutValue, shownCell } from "./cells";

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
  /**
   * Columns of amounts that may be what was billed but are not read (a total beside the charges
   * found, formulas saved without values): named in a note, and the summary never says "every
   * row matches" over them.
   */
  readonly unreadAmounts?: readonly number[];
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
  const texts = values.map((value) => (typeof value === "number" ? (Number.isInteger(value) ? String(value) : value.toFixed(2)) : shownCell(value)));
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
  const unread: number[] = [];
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
    // A workbook written by a program that never calculated: the formulas are there, their values are not.
    // Most of its cells (a stray one is its own row's "not checked", named there).
    if (values.length > 0 && values.filter(isFormulaWithoutValue).length * 2 > values.length) {
      notes.push(`${describeColumn(headers, column)} holds formulas saved without their values: open and save the workbook in Excel or LibreOffice, or export values; not used as the ${FIELD_LABELS[guess.field]}.`);
      if (isBilledField(guess.field)) unread.push(column);
      return;
    }
    let score = guess.loose ? 1 : 2;
    if (isBilledField(guess.field)) {
      const look = valueLook(values);
      if (look === "identifiers") {
        notes.push(`${describeColumn(headers, column)} holds identifiers (such as ${JSON.stringify(shownCell(values[0]))}), not amounts: not used as the ${FIELD_LABELS[guess.field]}.`);
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
  unread.push(...otherAmounts(headers, sample, fields, settled, notes));
  return { headers: [...headers], fields, notes, ambiguities, sample, settled, ...(unread.length > 0 ? { unreadAmounts: unread } : {}) };
}

/** A cell's amount, or null when it does not read as one. */
function amountIn(cell: unknown): Amount | null {
  if (isBlank(cell) || (typeof cell === "string" && cell.trim() === "")) return null;
  const read = readBilledAmount(cell, "billed_total", FIELD_LABELS.billed_total);
  return read !== null && read.ok ? read.value : null;
}

/** On how many sample rows the column's amount is at least the sum of the charge columns', of how many it could be compared on. */
function atLeastCharges(sample: readonly (readonly unknown[])[], column: number, charges: readonly number[]): { atLeast: number; compared: number } {
  let atLeast = 0;
  let compared = 0;
  for (const row of sample) {
    const amount = amountIn(row[column]);
    const parts = charges.map((charge) => amountIn(row[charge]));
    if (amount === null || parts.every((part) => part === null)) continue;
    const sum = parts.reduce<Amount>((total, part) => (part === null ? total : total.plus(part)), Amount.ofCents(0));
    compared += 1;
    const over = amount.minus(sum);
    if (!over.isNegative() || over.isZero()) atLeast += 1;
  }
  return { atLeast, compared };
}

/**
 * F14: with billed charges found and no billed total, a column no header names that holds
 * amounts may be the bill's total ("Gross", "Charges", "Sum", "Payable"). One whose amounts are at
 * least the charges' sum on most rows, and the largest such, is taken as the billed total, said;
 * any other is named with the --map that reads it, and returned: the run never says every row
 * matches over an amount it did not read.
 */
function otherAmounts(headers: readonly string[], sample: readonly (readonly unknown[])[], fields: (ReconcileField | null)[], settled: ReadonlyMap<number, ReconcileField | null>, notes: string[]): number[] {
  const charges = fields.flatMap((field, column) => (field !== null && isBilledField(field) ? [column] : []));
  if (charges.length === 0 || fields.includes("billed_total")) return [];
  const amounts = headers.flatMap((header, column) => {
    if (fields[column] !== null || settled.has(column) || guessHeader(header) !== null || !mayNameBilledAmount(header) || namesNotMoney(header)) return [];
    const values = columnValues(sample, column);
    const look = valueLook(values);
    return (look === "money" || look === "whole numbers") && valuesFit("billed_total", values) >= 0.5 ? [{ column, look, ...atLeastCharges(sample, column, charges) }] : [];
  });
  const totals = amounts.filter((amount) => amount.compared > 0 && amount.atLeast * 2 > amount.compared && !namesPartOfBill(headers[amount.column]));
  // The largest on every row it shares with the others: the others are parts of it ("Net" beside "Gross").
  const covers = (total: number, other: number) => {
    const { atLeast, compared } = atLeastCharges(sample, total, [other]);
    return atLeast === compared;
  };
  const largest = totals.filter((total) => totals.every((other) => other === total || covers(total.column, other.column)));
  const charged = charges.map((column) => describeColumn(headers, column)).join(", ");
  let taken: number | null = null;
  if (largest.length === 1) {
    const { column, atLeast, compared } = largest[0];
    taken = column;
    fields[column] = "billed_total";
    notes.push(
      `${describeColumn(headers, column)} holds amounts at least the sum of the billed charges (${charged}) on ${atLeast === compared ? "every row" : `${atLeast} of ${compared} rows`} read: taken as the billed total (${mapOption(headers, column, "ignore")} if it is not).`,
    );
  }
  const unread = amounts.filter((amount) => amount.column !== taken && (amount.look === "money" || totals.includes(amount))).map((amount) => amount.column);
  for (const column of unread) {
    notes.push(
      taken === null
        ? `${describeColumn(headers, column)} holds amounts that are not read: only the billed charges (${charged}) are compared. If it is the billed total, ${mapOption(headers, column, "billed_total")}.`
        : `${describeColumn(headers, column)} holds amounts that are not read (the billed total is ${describeColumn(headers, taken)}).`,
    );
  }
  // With a billed total read, the other amounts do not stand between the rows and a verdict.
  return taken === null ? unread : [];
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
  /**
   * Other columns of dates that could be the transit date (F15): a row they would price at other
   * rates than the date column's says so in its note.
   */
  readonly otherDateColumns?: readonly number[];
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

/**
 * F11: a unit given for the whole table never overrides, silently, the unit a measurement header
 * names ("LOA (m)" with ft): against headers that agree it is refused; where the headers disagree
 * among themselves (the refusal that asks for a unit), the unit given settles it, said in a note.
 */
function unitAgreesWithHeaders(mapping: ColumnMapping, column: Partial<Record<ReconcileField, number>>, given: LengthUnit): string | null {
  const named = MEASUREMENT_FIELDS.flatMap((field) => {
    const index = column[field] as number;
    const unit = headerUnit(mapping.headers[index] ?? "");
    return unit === null ? [] : [{ index, unit }];
  });
  const against = named.filter((header) => header.unit !== given).map((header) => `${describeColumn(mapping.headers, header.index)} in ${header.unit}`);
  if (against.length === 0) return null;
  if (new Set(named.map((header) => header.unit)).size === 1) {
    throw new MappingError((door) => `The measurement unit given is ${given}, but the headers name their own (${against.join(", ")}), which is never overridden: ${door.measurementUnit}.`);
  }
  return `The measurement headers disagree on the unit; the unit given, ${given}, is used for every measurement, also ${against.join(", ")}.`;
}

/**
 * F5: a column that names a different charge on the rows ("Base pilotage", "Surcharge", "Launch
 * fee"): the table is an invoice's charge lines, one charge a row, not one transit a row.
 */
function chargeLinesProblem(mapping: ColumnMapping): string | null {
  for (let index = 0; index < mapping.headers.length; index++) {
    if (mapping.fields[index] !== null || mapping.settled?.has(index) === true) continue;
    const values = columnValues(mapping.sample ?? [], index);
    const charges = values.flatMap((value) => {
      const field = typeof value === "string" ? guessField(value) : null;
      return field !== null && isBilledField(field) && field !== "billed_total" ? [{ text: value as string, field }] : [];
    });
    const kinds = new Set(charges.map((charge) => charge.field));
    if (kinds.size < 2 || charges.length * 2 <= values.length) continue;
    const shown = [...new Set(charges.map((charge) => JSON.stringify(charge.text.trim())))].slice(0, 3).join(", ");
    return (
      `${describeColumn(mapping.headers, index)} names a different charge on the rows (${shown}, …): each row is one charge line of an invoice, not a transit, so no row can be checked on its own. ` +
      `Put each transit on one row, its charges in columns of their own or summed in a total (a pivot table by invoice does it), then run again.`
    );
  }
  return null;
}

/** Header words of a date that is not the transit's: the invoice's, a payment's, a report's. */
const NOT_TRANSIT_DATE_WORDS = /\b(?:invoice|inv|invoiced|due|paid|payment|pay|printed|print|posted|posting|created|entered|report|statement|period|billing|billed|issued|issue|document|doc|received|approved|sent|accrued|accrual|modified|updated)\b/i;

/** What prices a transit on a date: the clause and the board's rows in force; null for a date no clause prices. */
export function ratesKey(date: IsoDate, context: TableContext): string | null {
  const clause = clauseInForceOn(date, context.settings);
  // A date no clause prices is no transit's (a number read as a date serial).
  if (isPilotageInputError(clause)) return null;
  return [clause.rates.clause, boardFeeRowOn(date, context.boardFees)?.from ?? "", boardSurchargeRowOn(date, context.boardSurcharge)?.from ?? ""].join("|");
}

/** Columns no field took whose values are dates and whose header names no other date (an invoice's, a payment's) nor money. */
function dateCandidates(mapping: ColumnMapping, dateFormat: DateFormat): number[] {
  return mapping.headers.flatMap((header, index) => {
    if (mapping.fields[index] !== null || mapping.settled?.has(index) === true || NOT_TRANSIT_DATE_WORDS.test(header) || namesMoney(header) || !mayNameBilledAmount(header)) return [];
    const values = columnValues(mapping.sample ?? [], index);
    return values.length > 0 && valuesFit("date", values, [dateFormat]) >= 0.8 ? [index] : [];
  });
}

/**
 * F15: another column of dates that could be the transit date (not headed as an invoice's or a
 * payment's) and that prices some row read at other rates than the column taken: said with the
 * --map that uses it when the column taken is headed as the transit date; refused, naming both,
 * when it is headed only "Date". Nothing when the user mapped the date.
 */
function otherDateColumn(mapping: ColumnMapping, column: Partial<Record<ReconcileField, number>>, context: TableContext, dateFormat: DateFormat): { note: string } | { refusal: string } | null {
  const taken = column.date;
  if (taken === undefined || mapping.settled?.get(taken) === "date") return null;
  const sample = mapping.sample ?? [];
  const read = (cell: unknown): IsoDate | null => {
    if (isBlank(cell) || (typeof cell === "string" && cell.trim() === "")) return null;
    const date = readTableDate(cell, dateFormat);
    return isPilotageInputError(date) ? null : date;
  };
  for (const index of dateCandidates(mapping, dateFormat)) {
    const differing = sample.find((row) => {
      const ours = read(row[taken]);
      const theirs = read(row[index]);
      if (ours === null || theirs === null) return false;
      const [oursKey, theirsKey] = [ratesKey(ours, context), ratesKey(theirs, context)];
      return oursKey !== null && theirsKey !== null && oursKey !== theirsKey;
    });
    if (differing === undefined) continue;
    const ours = describeColumn(mapping.headers, taken);
    const theirs = describeColumn(mapping.headers, index);
    const example = `${read(differing[taken])} in ${ours}, ${read(differing[index])} in ${theirs}`;
    if (guessHeader(mapping.headers[taken] ?? "")?.loose === true) {
      return { refusal: `${ours} and ${theirs} both hold dates, and they price a row at different rates (${example}): say which is the transit date with ${mapOption(mapping.headers, taken, "date")} or ${mapOption(mapping.headers, index, "date")}.` };
    }
    return { note: `${theirs} also holds dates, which price a row at other rates (${example}): ${ours} is taken as the transit date (${mapOption(mapping.headers, index, "date")} if that is the transit date).` };
  }
  return null;
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
  const chargeLines = chargeLinesProblem(mapping);
  if (chargeLines !== null) throw new MappingError(chargeLines);
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
    const formulas = mapping.headers.flatMap((_header, index) => {
      const values = columnValues(mapping.sample ?? [], index);
      return mapping.fields[index] === null && values.length > 0 && values.filter(isFormulaWithoutValue).length * 2 >= values.length ? [describeColumn(mapping.headers, index)] : [];
    });
    if (formulas.length > 0) hint += ` ${formulas.join(", ")} ${formulas.length === 1 ? "holds" : "hold"} formulas saved without their values: open and save the workbook in Excel or LibreOffice, or export values.`;
    throw new MappingError((door) => `No column found for ${missing.join("; ")}. The columns are ${columns}: ${door.mapColumns}.${hint}`);
  }
  const fromMeasurements = column.units === undefined;
  const unitNote = fromMeasurements && context.measurementUnit !== undefined && context.measurementUnit !== null ? unitAgreesWithHeaders(mapping, column, context.measurementUnit) : null;
  const measurementUnit = context.measurementUnit ?? (fromMeasurements ? measurementUnitOf(mapping, column) : null);
  const dateFormat = context.dateFormat ?? DEFAULT_DATE_FORMAT;
  const otherDates = otherDateColumn(mapping, column, context, dateFormat);
  if (otherDates !== null && "refusal" in otherDates) throw new MappingError(otherDates.refusal);
  const planNotes = [unitNote, otherDates === null ? null : otherDates.note].filter((note): note is string => note !== null);
  const planned = planNotes.length === 0 ? mapping : { ...mapping, notes: [...mapping.notes, ...planNotes] };
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
  // The user's --map of the date settles it: no row asks again.
  const otherDateColumns = column.date === undefined || mapping.settled?.get(column.date) === "date" ? [] : dateCandidates(mapping, dateFormat);
  return {
    ...context,
    purpose,
    mapping: planned,
    column,
    fromMeasurements,
    measurementUnit,
    billed: purpose === "reconcile" ? billed : [],
    dateFormat,
    missingInputs,
    assumptions,
    ...(otherDateColumns.length > 0 ? { otherDateColumns } : {}),
  };
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

/** The columns of amounts the plan does not read, described (ColumnMapping.unreadAmounts). */
export function unreadAmountColumns(plan: TablePlan): string[] {
  return (plan.mapping.unreadAmounts ?? []).map((index) => describeColumn(plan.mapping.headers, index));
}

/** One line per column no field took: `column A "Ref"`. */
export function describeUnused(mapping: ColumnMapping): string[] {
  return mapping.fields.flatMap((field, index) => (field === null ? [describeColumn(mapping.headers, index)] : []));
}
