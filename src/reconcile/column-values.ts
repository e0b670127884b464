/**
 * Does a column's values read as the field its header names? Hours are small non-negative
 * numbers, a section is 1, 2, Lower or Upper, a date reads as a date, a flag as yes or no, an
 * amount as money; a running total grows row by row by another column's amount. Used to type a
 * column from its header and its values together, and to find the table's header row.
 */
import { isBlank, isPilotageInputError, parseLengthUnit, readFlag, readHours, readSection } from "../engine";
import { readBilledAmount } from "./amounts";
import { DateFormat, readTableDate } from "./dates";
import { isBilledField, ReconcileField } from "./fields";

/** The non-blank cells of a column among the sample rows. */
export function columnValues(sample: readonly (readonly unknown[])[], column: number): unknown[] {
  return sample.map((row) => row[column]).filter((cell) => !isBlank(cell) && !(typeof cell === "string" && cell.trim() === ""));
}

/** Does the engine's reader take the cell: no refusal returned (nor thrown). */
function succeeds(read: () => unknown): boolean {
  try {
    return !isPilotageInputError(read());
  } catch {
    return false;
  }
}

const MEASUREMENT_TEXT = /^\s*\d[\d,]*(?:\.\d+)?\s*(?:'|ft|feet|m|metres?|meters?|in|")?(?:\s*\d+(?:\.\d+)?\s*(?:"|in|''))?\s*$/i;
const PLAIN_NUMBER = /^\s*\d[\d,]*(?:\.\d+)?\s*$/;

function positiveNumber(cell: unknown): boolean {
  if (typeof cell === "number") return Number.isFinite(cell) && cell > 0;
  return typeof cell === "string" && PLAIN_NUMBER.test(cell) && Number(cell.replace(/,/g, "")) > 0;
}

/** Does one non-blank cell read as the field? */
function cellFits(field: ReconcileField, cell: unknown, dateFormats: readonly DateFormat[]): boolean {
  switch (field) {
    case "vessel":
      return typeof cell === "string" && /[A-Za-z]/.test(cell);
    case "units":
      return positiveNumber(cell) || (typeof cell === "string" && cell.trim().toUpperCase() === "UNMEASURED");
    case "length":
    case "breadth":
    case "depth":
      return positiveNumber(cell) || (typeof cell === "string" && MEASUREMENT_TEXT.test(cell));
    case "unit":
      return succeeds(() => parseLengthUnit(cell));
    case "section":
      return succeeds(() => readSection(cell));
    case "date":
      return dateFormats.some((format) => succeeds(() => readTableDate(cell, format)));
    case "hours":
      // Hours are small: a whole day at most is a pilotage, more is a count, a sum or an identifier.
      return succeeds(() => {
        const hours = readHours(typeof cell === "string" && PLAIN_NUMBER.test(cell) ? Number(cell) : cell);
        if (hours === null || isPilotageInputError(hours) || hours > 48) throw new RangeError("not hours");
      });
    case "relieved":
    case "anchored":
      return succeeds(() => readFlag(cell, field));
    default:
      return isBilledField(field) && readBilledAmount(cell, field, field)?.ok === true;
  }
}

/** The share (0–1) of a column's non-blank sample values that read as the field; 1 for a column with none. */
export function valuesFit(field: ReconcileField, values: readonly unknown[], dateFormats: readonly DateFormat[] = ["MM/DD/YYYY", "DD/MM/YYYY"]): number {
  if (values.length === 0) return 1;
  return values.filter((cell) => cellFits(field, cell, dateFormats)).length / values.length;
}

/** The first sample value that does not read as the field, for a note. */
export function firstMisfit(field: ReconcileField, values: readonly unknown[]): unknown {
  return values.find((cell) => !cellFits(field, cell, ["MM/DD/YYYY", "DD/MM/YYYY"]));
}

function amountOf(cell: unknown): number | null {
  const read = readBilledAmount(cell, "amount", "amount");
  return read?.ok === true ? read.value.decimal.toNumber() : null;
}

/**
 * Is the column a running total: from row to row it grows by exactly another column's amount on
 * the later row (at least three rows, every step)? The column it adds up, or null.
 */
export function runningTotalOf(sample: readonly (readonly unknown[])[], column: number): number | null {
  const rows = sample.filter((row) => amountOf(row[column]) !== null);
  if (rows.length < 3) return null;
  const width = Math.max(...rows.map((row) => row.length));
  for (let other = 0; other < width; other++) {
    if (other === column) continue;
    let steps = 0;
    for (let index = 1; index < rows.length; index++) {
      const step = (amountOf(rows[index][column]) as number) - (amountOf(rows[index - 1][column]) as number);
      const added = amountOf(rows[index][other]);
      if (added === null || added <= 0 || Math.abs(step - added) > 0.005) {
        steps = -1;
        break;
      }
      steps += 1;
    }
    if (steps >= 2) return other;
  }
  return null;
}
