/**
 * The one reader of a transit as people type it (cells, flags, form fields, CSV cells). Each field
 * reads to its value or to a typed error naming the field, so a door can show every error at once
 * (the task pane, a reconciliation row) or stop at the first (a function cell, the CLI).
 */
import { isBlank } from "./blank";
import { BoardFeeRow, BoardSurchargeRow } from "./charges";
import { IsoDate, readDate } from "./dates";
import { PilotageInputError } from "./errors";
import { TRANSIT_REASONS } from "./messages";
import { readFlag, readHours, readPilotageUnits, readSection } from "./inputs";
import { PilotageUnits } from "./units";
import { LengthUnit, parseLengthUnit } from "./measure";
import { measuredUnits } from "./vessel-shape";
import { ClauseId, SectionNumber } from "./rates/base-pilotage";
import { parseClauseId } from "./schedule";
import { EngineSettings } from "./settings";

/** One transit of the Hudson, in engine values. */
export interface TransitInput {
  units: PilotageUnits;
  section: SectionNumber;
  date: IsoDate;
  /** D6: a clause named by the user overrides the date lookup. */
  clause?: ClauseId | null;
  continuousHours?: number | null;
  relievedAtMidRiver?: boolean;
  anchoredEightHours?: boolean;
  boardFees?: readonly BoardFeeRow[];
  boardSurcharge?: readonly BoardSurchargeRow[];
  /** What the door noticed about how the transit was given (a repeated flag, D21), for the warnings. */
  inputNotes?: readonly string[];
}

/** The board's tables a transit is quoted with. */
export interface TransitBoards {
  boardFees?: readonly BoardFeeRow[];
  boardSurcharge?: readonly BoardSurchargeRow[];
}

/** One row of cells, as a column of transits gives them; a field without a column is undefined. */
export interface TransitCells {
  units: unknown;
  section: unknown;
  date: unknown;
  clause?: unknown;
  hours?: unknown;
  relievedAtMidRiver?: unknown;
  anchoredEightHours?: unknown;
}

/** A transit as people type it: the units, or the three measurements, and the other cells. */
export interface TypedTransit extends TransitBoards, Omit<TransitCells, "units"> {
  /** Pilotage units or "UNMEASURED"; omit when giving the three measurements. */
  units?: unknown;
  length?: unknown;
  breadth?: unknown;
  depth?: unknown;
  /** Unit for plain-number measurements: "ft" (default), "m", "in". */
  unit?: unknown;
}

/** The fields of a transit, in the order their errors are reported. */
export const TRANSIT_FIELDS = ["units", "section", "date", "clause", "hours", "relievedAtMidRiver", "anchoredEightHours"] as const;
export type TransitField = (typeof TRANSIT_FIELDS)[number];

export interface TransitFieldValues {
  units: PilotageUnits;
  section: SectionNumber;
  date: IsoDate;
  clause: ClauseId | null;
  hours: number | null;
  relievedAtMidRiver: boolean;
  anchoredEightHours: boolean;
}

/** A field's value, or the typed error that says what to fix in it. */
export type FieldResult<T> = { ok: true; value: T } | { ok: false; error: PilotageInputError };

export type TransitFields = { [Field in TransitField]: FieldResult<TransitFieldValues[Field]> };

/**
 * How each field reads one typed value. A door whose values come from cells may wrap a reader
 * (Excel's 0 for an empty date cell, say) and still call the engine's underneath.
 */
export type TransitFieldReaders = { [Field in TransitField]: (input: unknown) => TransitFieldValues[Field] };

/** The engine's readers; `flagNames` names the two options as the door shows them ("relieved_at_midriver"). */
export function transitFieldReaders(
  settings: EngineSettings,
  flagNames: { relievedAtMidRiver: string; anchoredEightHours: string } = { relievedAtMidRiver: "relieved at mid-river", anchoredEightHours: "anchored 8 hours" },
): TransitFieldReaders {
  return {
    units: (input) => readPilotageUnits(input, settings),
    section: (input) => readSection(input),
    date: (input) => readDate(input),
    clause: (input) => (isBlank(input) ? null : parseClauseId(input)),
    hours: (input) => readHours(input),
    relievedAtMidRiver: (input) => readFlag(input, flagNames.relievedAtMidRiver),
    anchoredEightHours: (input) => readFlag(input, flagNames.anchoredEightHours),
  };
}

function fieldResult<T>(read: () => T): FieldResult<T> {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    if (error instanceof PilotageInputError) return { ok: false, error };
    throw error;
  }
}

/** Units from either the units value or the three measurements (D1, D2). */
export function readTransitUnits(typed: Pick<TypedTransit, "units" | "length" | "breadth" | "depth" | "unit">, settings: EngineSettings): PilotageUnits {
  const measurementsGiven = [typed.length, typed.breadth, typed.depth].some((value) => !isBlank(value));
  // Beside measurements, a units cell of 0 is desktop Excel's empty cell.
  if (!isBlank(typed.units) && measurementsGiven && typed.units !== 0) {
    throw new PilotageInputError(TRANSIT_REASONS.unitsAndMeasurements, {}, "units");
  }
  if (measurementsGiven) {
    const unit: LengthUnit = parseLengthUnit(typed.unit);
    return measuredUnits(typed.length, typed.breadth, typed.depth, settings, unit);
  }
  return readPilotageUnits(typed.units, settings);
}

/** Every field read on its own: one field's error never hides another's. */
export function readTransitFields(typed: TypedTransit, settings: EngineSettings, readers: TransitFieldReaders = transitFieldReaders(settings)): TransitFields {
  return {
    units: fieldResult(() => readTransitUnits(typed, settings)),
    section: fieldResult(() => readers.section(typed.section)),
    date: fieldResult(() => readers.date(typed.date)),
    clause: fieldResult(() => readers.clause(typed.clause)),
    hours: fieldResult(() => readers.hours(typed.hours)),
    relievedAtMidRiver: fieldResult(() => readers.relievedAtMidRiver(typed.relievedAtMidRiver)),
    anchoredEightHours: fieldResult(() => readers.anchoredEightHours(typed.anchoredEightHours)),
  };
}

/** The fields' errors, in TRANSIT_FIELDS order. */
export function transitFieldErrors(fields: TransitFields): { field: TransitField; error: PilotageInputError }[] {
  const errors: { field: TransitField; error: PilotageInputError }[] = [];
  for (const field of TRANSIT_FIELDS) {
    const result = fields[field];
    if (!result.ok) errors.push({ field, error: result.error });
  }
  return errors;
}

/** The transit, or the first field's error thrown. */
export function transitOf(fields: TransitFields, boards: TransitBoards): TransitInput {
  const errors = transitFieldErrors(fields);
  if (errors.length > 0) throw errors[0].error;
  const value = <F extends TransitField>(field: F) => (fields[field] as { value: TransitFieldValues[F] }).value;
  return {
    units: value("units"),
    section: value("section"),
    date: value("date"),
    clause: value("clause"),
    continuousHours: value("hours"),
    relievedAtMidRiver: value("relievedAtMidRiver"),
    anchoredEightHours: value("anchoredEightHours"),
    boardFees: boards.boardFees,
    boardSurcharge: boards.boardSurcharge,
  };
}

export function readTransit(typed: TypedTransit, settings: EngineSettings): TransitInput {
  return transitOf(readTransitFields(typed, settings), typed);
}

/** Readers that may answer a refusal (`R`: a function cell's error value, say) instead of throwing one. */
export type RefusingTransitReaders<R> = { [Field in TransitField]: (input: unknown) => TransitFieldValues[Field] | R };

/** For readers that throw their errors: nothing they answer is a refusal. */
export const NOTHING_REFUSED = (_value: unknown): _value is never => false;

/**
 * The same readers over one row of a column, in TRANSIT_FIELDS order, stopping at the first field
 * that does not read: its thrown error, or the refusal a reader answers (`isRefusal`), returned.
 * A column of 100,000 transits builds no per-field results.
 */
export function readTransitCells<R>(readers: RefusingTransitReaders<R>, isRefusal: (value: unknown) => value is R, cells: TransitCells, boards: TransitBoards): TransitInput | R {
  const units = readers.units(cells.units);
  if (isRefusal(units)) return units;
  const section = readers.section(cells.section);
  if (isRefusal(section)) return section;
  const date = readers.date(cells.date);
  if (isRefusal(date)) return date;
  const clause = readers.clause(cells.clause);
  if (isRefusal(clause)) return clause;
  const continuousHours = readers.hours(cells.hours);
  if (isRefusal(continuousHours)) return continuousHours;
  const relievedAtMidRiver = readers.relievedAtMidRiver(cells.relievedAtMidRiver);
  if (isRefusal(relievedAtMidRiver)) return relievedAtMidRiver;
  const anchoredEightHours = readers.anchoredEightHours(cells.anchoredEightHours);
  if (isRefusal(anchoredEightHours)) return anchoredEightHours;
  return { units, section, date, clause, continuousHours, relievedAtMidRiver, anchoredEightHours, boardFees: boards.boardFees, boardSurcharge: boards.boardSurcharge } as TransitInput;
}
