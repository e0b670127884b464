/**
 * The one reader of a transit as people type it (cells, flags, form fields, CSV cells). Each field
 * reads to its value or to a typed error naming the field, so a door can show every error at once
 * (the task pane, a reconciliation row) or stop at the first (a function cell, the CLI).
 */
import { isBlank } from "./blank";
import { BoardFeeRow, BoardSurchargeRow } from "./charges";
import { IsoDate, readDate } from "./dates";
import { isPilotageInputError, OrRefusal, PilotageInputError } from "./errors";
import { TRANSIT_REASONS } from "./messages";
import { readFlag, readHours, readPilotageUnits, readSection } from "./inputs";
import { PilotageUnits } from "./units";
import { parseLengthUnit } from "./measure";
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

export type TransitFields = { [Field in TransitField]: OrRefusal<TransitFieldValues[Field]> };

/**
 * How each field reads one typed value. A door whose values come from cells may wrap a reader
 * (Excel's 0 for an empty date cell, say) and still call the engine's underneath.
 */
export type TransitFieldReaders = { [Field in TransitField]: (input: unknown) => OrRefusal<TransitFieldValues[Field]> };

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

/** Units from either the units value or the three measurements (D1, D2). */
export function readTransitUnits(typed: Pick<TypedTransit, "units" | "length" | "breadth" | "depth" | "unit">, settings: EngineSettings): OrRefusal<PilotageUnits> {
  const measurementsGiven = [typed.length, typed.breadth, typed.depth].some((value) => !isBlank(value));
  // Beside measurements, a units cell of 0 is desktop Excel's empty cell.
  if (!isBlank(typed.units) && measurementsGiven && typed.units !== 0) {
    return new PilotageInputError(TRANSIT_REASONS.unitsAndMeasurements, {}, "units");
  }
  if (measurementsGiven) {
    const unit = parseLengthUnit(typed.unit);
    if (isPilotageInputError(unit)) return unit;
    return measuredUnits(typed.length, typed.breadth, typed.depth, settings, unit);
  }
  return readPilotageUnits(typed.units, settings);
}

/** Every field read on its own: one field's error never hides another's. */
export function readTransitFields(typed: TypedTransit, settings: EngineSettings, readers: TransitFieldReaders = transitFieldReaders(settings)): TransitFields {
  return {
    units: readTransitUnits(typed, settings),
    section: readers.section(typed.section),
    date: readers.date(typed.date),
    clause: readers.clause(typed.clause),
    hours: readers.hours(typed.hours),
    relievedAtMidRiver: readers.relievedAtMidRiver(typed.relievedAtMidRiver),
    anchoredEightHours: readers.anchoredEightHours(typed.anchoredEightHours),
  };
}

/** The fields' errors, in TRANSIT_FIELDS order. */
export function transitFieldErrors(fields: TransitFields): { field: TransitField; error: PilotageInputError }[] {
  const errors: { field: TransitField; error: PilotageInputError }[] = [];
  for (const field of TRANSIT_FIELDS) {
    const result = fields[field];
    if (isPilotageInputError(result)) errors.push({ field, error: result });
  }
  return errors;
}

/** The transit, or the first field's error (TRANSIT_FIELDS order). */
export function transitOf(fields: TransitFields, boards: TransitBoards): OrRefusal<TransitInput> {
  const { units, section, date, clause, hours, relievedAtMidRiver, anchoredEightHours } = fields;
  if (isPilotageInputError(units)) return units;
  if (isPilotageInputError(section)) return section;
  if (isPilotageInputError(date)) return date;
  if (isPilotageInputError(clause)) return clause;
  if (isPilotageInputError(hours)) return hours;
  if (isPilotageInputError(relievedAtMidRiver)) return relievedAtMidRiver;
  if (isPilotageInputError(anchoredEightHours)) return anchoredEightHours;
  return {
    units,
    section,
    date,
    clause,
    continuousHours: hours,
    relievedAtMidRiver,
    anchoredEightHours,
    boardFees: boards.boardFees,
    boardSurcharge: boards.boardSurcharge,
  };
}

export function readTransit(typed: TypedTransit, settings: EngineSettings): OrRefusal<TransitInput> {
  return transitOf(readTransitFields(typed, settings), typed);
}
