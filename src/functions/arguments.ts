/**
 * The NYPILOT functions' arguments as data: what each one is called in messages, how it meets the
 * rows of a call, how one cell is read (an engine reader), and what a blank or desktop Excel's 0
 * means for it. Host-neutral: a spreadsheet runner (excel-runner.ts) applies these rules; another
 * host's runner would apply the same ones to its own cells.
 */
import {
  ClauseId,
  ClauseInForce,
  clauseInForceOn,
  IsoDate,
  isPilotageInputError,
  EngineSettings,
  OrRefusal,
  parseClauseId,
  parseLengthUnit,
  PilotageInputError,
  readAmountCents,
  baseFeeCentsReader,
  benefitAmountReader,
  BenefitAmount,
  readBenefitDate,
  readBoardFeeRows,
  readBoardSurchargeRows,
  readDate,
  readFlag,
  readFlagDefaultTrue,
  readGrossTons,
  readHours,
  readLengthFt,
  readLoadedDraftFt,
  readPilotageUnits,
  readRetirementYear,
  readSection,
  readVesselStatus,
  readYearsOfService,
  type Reason,
} from "../engine";
import { ARGUMENT_REASONS, benefitDateZero } from "./messages";

/**
 * How an argument meets the rows of a call: `perRow`, one cell per row (a single cell is the same
 * for every row, a column gives one row each); `table`, a whole range read once for the call (the
 * board's dated rows); `single`, one cell only, a range refused.
 */
export type ArgumentShape = "perRow" | "table" | "single";

/**
 * What desktop Excel's empty cell, which arrives as the number 0, means for the argument:
 * `number`, the number 0 (the reader says what 0 means); `blank`, an empty cell; or refused with
 * this reason, where 0 can only be an empty cell and a blank is not allowed.
 */
export type ZeroRule = "number" | "blank" | Reason<{ argument: string }>;

export interface ArgumentDefinition<T = unknown> {
  /** The name in the formula's help and in messages; permanent once shipped. */
  name: string;
  shape: ArgumentShape;
  /** Reads one plain cell (a table: its rows) to the value the rule takes, or returns the refusal. */
  read: (input: unknown, settings: EngineSettings) => OrRefusal<T>;
  /** A blank cell (or the argument left out): refused with this reason, else given to `read` (which says what blank means). */
  blank?: Reason<{ argument: string }>;
  zero: ZeroRule;
  /** May be left out; then, and for a blank cell, the rule gets `default` when one is given. */
  optional: boolean;
  default?: T;
  /**
   * A column of it repeats a few values (dates, sections, choices, flags), so a runner reads each
   * distinct cell once per call; amounts and units, mostly all different, are read row by row.
   */
  repeats?: boolean;
}

/** A per-row argument, read by `read`; a blank and 0 are `read`'s to judge unless the options say otherwise. */
function perRow<T>(name: string, read: (input: unknown, settings: EngineSettings) => OrRefusal<T>, options: Partial<ArgumentDefinition<T>> = {}): ArgumentDefinition<T> {
  return { name, shape: "perRow", read, zero: "number", optional: false, ...options };
}

/** A per-row argument whose column repeats a few values. */
function repeating<T>(name: string, read: (input: unknown, settings: EngineSettings) => OrRefusal<T>, options: Partial<ArgumentDefinition<T>> = {}): ArgumentDefinition<T> {
  return perRow(name, read, { repeats: true, ...options });
}

/** The same argument, optional (after the required ones). */
export function optional<T>(argument: ArgumentDefinition<T>, defaultValue?: T): ArgumentDefinition<T> {
  return { ...argument, optional: true, ...(defaultValue === undefined ? {} : { default: defaultValue }) };
}

// ---- A transit ---------------------------------------------------------------------------------

export const UNITS = perRow("units", (input, settings) => readPilotageUnits(input, settings));
export const SECTION = repeating("section", (input) => readSection(input), { zero: ARGUMENT_REASONS.sectionZero });
/** A transit date: a date cell of 0 can only be an empty cell. */
export const transitDate = (name: string) => repeating(name, (input) => readDate(input), { blank: ARGUMENT_REASONS.transitDateBlank, zero: ARGUMENT_REASONS.transitDateZero });
export const DATE = transitDate("date");

/** A transit date with the clause in force on it (D6), or the refusal of a date before clause (i), kept as a value: a named clause may stand instead. */
export interface DateInForce {
  date: IsoDate;
  inForce: OrRefusal<ClauseInForce>;
}
export const DATE_IN_FORCE = repeating<DateInForce>(
  "date",
  (input, settings) => {
    const date = readDate(input);
    return isPilotageInputError(date) ? date : { date, inForce: clauseInForceOn(date, settings) };
  },
  { blank: ARGUMENT_REASONS.transitDateBlank, zero: ARGUMENT_REASONS.transitDateZero },
);

/** D6: a clause named instead of the date's; blank (or 0) looks it up by date. */
export const CLAUSE = optional(repeating<ClauseId | null>("clause", (input) => parseClauseId(input), { zero: "blank" }), null);
/** Hours repeat, but a number of hours reads at once, sooner than it is looked up: read row by row (a refused text is still remembered). */
export const HOURS = perRow("hours", (input) => readHours(input));
export const RELIEVED = repeating("relieved_at_midriver", (input) => readFlag(input, "relieved_at_midriver"));
export const ANCHORED = repeating("anchored_8_hours", (input) => readFlag(input, "anchored_8_hours"));
/** The engine's column reader: a negative fee's refusal is one for the argument. */
const baseFeeCents = baseFeeCentsReader("base_fee");
export const BASE_FEE = perRow<number>("base_fee", (input) => baseFeeCents(input), { blank: ARGUMENT_REASONS.baseFeeBlank });
/** D11: the surcharge counts only under the setting basePlusSurcharge; there an empty cell (0 on the desktop) is not given. */
export const SURCHARGE_AMOUNT = optional(perRow<number | null>("surcharge", (input) => readAmountCents(input, "surcharge", "surcharge"), { zero: "blank" }), null);

// ---- Measurements ------------------------------------------------------------------------------

/** A measurement cell, read with its unit by the rule (pilotageUnitsFromMeasurements); 0 is an empty cell. */
export const measurement = (name: string) => perRow(name, (input) => input, { zero: "blank" });
export const UNIT = optional(repeating("unit", (input) => parseLengthUnit(input), { zero: "blank" }));

// ---- The board's tables --------------------------------------------------------------------------

/** The most rows of data a board table may hold (blank rows not counted): the board changes its amounts a few times a year. */
export const MAXIMUM_BOARD_TABLE_ROWS = 1_000;

function table<T>(name: string, read: (rows: readonly (readonly unknown[])[]) => OrRefusal<T>): ArgumentDefinition<T> {
  return { name, shape: "table", read: (rows) => read(rows as readonly (readonly unknown[])[]), zero: "number", optional: true, default: [] as unknown as T };
}

export const BOARD_FEES = table("board_fees", readBoardFeeRows);
export const BOARD_SURCHARGE = table("board_surcharge", readBoardSurchargeRows);

// ---- How a spill is laid out ---------------------------------------------------------------------

/** 1 (the default): a header row; 0: none, so that spills stack (VSTACK). */
function readHeaders(input: unknown): OrRefusal<boolean> {
  if (input === 1 || input === true) return true;
  if (input === 0 || input === false) return false;
  return new PilotageInputError(ARGUMENT_REASONS.headers, {});
}
export const HEADERS = optional(repeating("headers", readHeaders, { default: true }));
/** HUDSON_RATES's date: one cell. */
export const RATES_DATE: ArgumentDefinition<string> = { ...DATE, shape: "single" };
export const RATES_HEADERS: ArgumentDefinition<boolean> = { ...HEADERS, shape: "single" };

// ---- § 89-a(1) -----------------------------------------------------------------------------------

export const VESSEL_STATUS = repeating("vessel_status", (input) => readVesselStatus(input));
export const GROSS_TONS = perRow("gross_tons", (input) => readGrossTons(input));
export const LOADED_DRAFT = perRow("loaded_draft_ft", (input) => readLoadedDraftFt(input));
/** Refuses 0, which may be an empty cell: FALSE must be typed. */
export const PROCEEDS_BY_SEA = optional(repeating("proceeds_by_sea", (input) => readFlagDefaultTrue(input, "proceeds_by_sea", "proceeds by sea")));
export const RECREATIONAL = optional(repeating("recreational", (input) => readFlag(input, "recreational")));
export const LENGTH_FT = optional(perRow("length_ft", (input) => readLengthFt(input), { zero: "blank" }));

// ---- The pilots' benefits, (5)–(9) ---------------------------------------------------------------

/** An amount, by the engine's column reader: a negative amount's refusal is one for the argument. */
export const amount = (name: string, what: string) => {
  const read = benefitAmountReader(name, what);
  return perRow<BenefitAmount>(name, (input) => read(input));
};
/** Whole years; 0 (desktop Excel's empty cell) is blank. */
export const YEARS_OF_SERVICE = optional(repeating("years_of_service", (input) => readYearsOfService(input), { zero: "blank" }));
export const INSURANCE_AVAILABLE = optional(repeating("insurance_available", (input) => readFlagDefaultTrue(input, "insurance_available", "insurance available")));
/** A benefit date: 0 can only be an empty cell. */
export const benefitDate = (name: string, what: string) =>
  repeating(name, (input) => readBenefitDate(input, name, what), { zero: benefitDateZero(what) });
export const RETIREMENT_YEAR = repeating("retirement_year", (input) => readRetirementYear(input));
