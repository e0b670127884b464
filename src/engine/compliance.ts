/**
 * Who must take a Hudson River pilot, § 89-a(1) (D13). Plain values in, a cited answer out; the
 * readers below turn what people type (cells, flags, form fields) into those values.
 */
import Decimal from "decimal.js";
import { isPilotageInputError, OrRefusal, PilotageInputError } from "./errors";
import { NUMBER_REASONS, VESSEL_REASONS } from "./messages";
import { readDecimal, readFlag } from "./inputs";
import { isBlank } from "./blank";
import { DEFAULT_SETTINGS, EngineSettings } from "./settings";
import { Money } from "./money";

export const COMPULSORY_PILOTAGE_CITATION = "§ 89-a(1)";

/**
 * § 89-a(1): "except vessels proceeding otherwise than by sea and of less than three hundred gross
 * registered tons and having a fully loaded draft of seven feet or less": all three together.
 */
export const SMALL_VESSEL_EXCEPTION = {
  /** "of less than three hundred gross registered tons": tons < 300 */
  grossTonsBelow: "300",
  /** "having a fully loaded draft of seven feet or less": draft ≤ 7 ft */
  loadedDraftFtAtMost: "7",
  citation: COMPULSORY_PILOTAGE_CITATION,
} as const;

/**
 * § 89-a(1) says twice that the board may exempt recreational vessels (46 U.S.C. § 2101(34)) at its
 * discretion: first "of less than two hundred feet in length", then, in its last sentence, with no
 * length at all (D13). By default the discretion reaches any length, with a note from 200 ft; the
 * setting recreationalExemption "under200Ft" reads the first sentence as the limit.
 */
export const RECREATIONAL_DISCRETION = {
  /** The first sentence's "of less than two hundred feet in length": length < 200 ft */
  lengthFtBelow: "200",
  citation: COMPULSORY_PILOTAGE_CITATION,
} as const;

/** D13: said beside BOARD DISCRETION for a recreational vessel of 200 ft and over (or of a length not given). */
export const RECREATIONAL_LENGTH_NOTE =
  "One sentence of § 89-a(1) limits the board's discretion to recreational vessels \"of less than two hundred feet in length\"; " +
  "its last sentence repeats the exemption with no length limit, which is the reading used (D13; setting recreationalExemption).";

/** § 89-a(1), D12: shown beside any answer, for the task pane and help text. */
export const REFUSED_PILOT_NOTE =
  "Whenever the services of a pilot are refused, the master, owners or consignees shall pay pilotage as if one had been employed (§ 89-a(1)).";

/**
 * § 89-a(2) reaches further than (1): it licenses the pilot of "any foreign vessel or vessel from a
 * foreign port or any vessel under register". Said beside the answer for an enrolled vessel, which
 * (1) does not compel to take a pilot but which, from a foreign port, only a licensed pilot may pilot.
 */
export const FOREIGN_PORT_NOTE =
  "§ 89-a(2) makes it unlawful for anyone not licensed as a Hudson river pilot \"to pilot or offer to pilot any foreign vessel or vessel from a foreign port " +
  "or any vessel under register\": if this vessel comes from a foreign port, whoever pilots it on these waters must be a licensed Hudson River pilot (§ 89-a(2), (3)).";

/** § 89-a(2), (3), for the task pane and help text. */
export const UNLICENSED_PILOT_NOTE =
  "Piloting or offering to pilot such a vessel without a Hudson River pilot's licence is a misdemeanour (fine up to $100 or up to 60 days' imprisonment); " +
  "whoever employs an unlicensed person as pilot forfeits $100 to the board of commissioners of pilots (§ 89-a(2), (3)).";

/** Beyond these a figure is almost certainly a typing error. */
export const PLAUSIBLE_MAXIMUM_GROSS_TONS = 1_000_000;
export const PLAUSIBLE_MAXIMUM_DRAFT_FT = 100;
export const PLAUSIBLE_MAXIMUM_LENGTH_FT = 2000;

/**
 * "foreign" — a foreign vessel; "registered" — an American vessel under register; "enrolled" — an
 * American vessel not under register (enrolled, coastwise), which § 89-a(1) does not name (D13).
 */
export type VesselStatus = "foreign" | "registered" | "enrolled";
export type PilotRequirementAnswer = "REQUIRED" | "NOT REQUIRED" | "BOARD DISCRETION";

/**
 * A measurement as read: a number from a cell as it is, or a Decimal from text. A finite number is
 * compared with the statute's whole-number limits exactly as its Decimal would be (the double and
 * the integer compare as the decimals they stand for) and shown with the same text (the shortest
 * text of a double is what decimal.js reads and gives back), so a column of numbers makes no Decimal.
 */
export type Measurement = Decimal | number;

const isFiniteMeasurement = (m: Measurement): boolean => (typeof m === "number" ? Number.isFinite(m) : m.isFinite());
const isLess = (m: Measurement, limit: string | number): boolean => (typeof m === "number" ? m < Number(limit) : m.lt(limit));
const isAtMost = (m: Measurement, limit: string | number): boolean => (typeof m === "number" ? m <= Number(limit) : m.lte(limit));
/** The Decimal of a measurement, for an error's parameters. */
const decimalOf = (m: Measurement): Decimal => (typeof m === "number" ? new Money(m) : m);

export interface PilotRequirementInput {
  vesselStatus: VesselStatus;
  grossTons: Measurement;
  loadedDraftFt: Measurement;
  /**
   * Default true: the small-vessel exception applies only to "vessels proceeding otherwise than by
   * sea", so it is never assumed; the user must say the vessel does not proceed by sea.
   */
  proceedsBySea?: boolean;
  /** Default false: a recreational vessel (46 U.S.C. § 2101(34)) only when the user says so. */
  recreational?: boolean;
  /** Used only for a recreational vessel: the note from 200 ft, and needed under the under200Ft setting (D13). */
  lengthFt?: Measurement | null;
}

/** The small-vessel exception of § 89-a(1), condition by condition. */
export interface SmallVesselException {
  applies: boolean;
  otherwiseThanBySea: boolean;
  under300GrossTons: boolean;
  loadedDraftAtMost7Ft: boolean;
}

export interface PilotRequirement {
  answer: PilotRequirementAnswer;
  reason: string;
  citation: typeof COMPULSORY_PILOTAGE_CITATION;
  /** null for an enrolled vessel, which the subdivision does not reach at all. */
  smallVesselException: SmallVesselException | null;
  /** A remark on the answer (D13's two sentences; for an enrolled vessel, § 89-a(2)'s "vessel from a foreign port"), or null. Also the end of `reason`. */
  note: string | null;
}

const VESSEL_STATUS_WORDS: Record<VesselStatus, readonly string[]> = {
  foreign: ["foreign", "foreign vessel", "foreign flag", "foreign flagged", "foreign registered"],
  registered: ["registered", "register", "under register", "american under register", "american registered", "us registered", "u.s. registered", "registry"],
  enrolled: ["enrolled", "enrollment", "enrolment", "coastwise", "american enrolled", "us enrolled", "u.s. enrolled", "not under register", "american not under register"],
};

const STATUS_SUBJECT_WORDS: Record<Exclude<VesselStatus, "enrolled">, string> = {
  foreign: "A foreign vessel",
  registered: "An American vessel under register",
};

/** The tons, or why they are refused (a refusal given is passed on: the reader's). */
function checkGrossTons(tons: OrRefusal<Measurement>, field: string): OrRefusal<Measurement> {
  if (isPilotageInputError(tons)) return tons;
  if (!isFiniteMeasurement(tons)) return new PilotageInputError(VESSEL_REASONS.grossTonsNotFinite, {}, field);
  // No vessel measures 0 GRT; in desktop Excel an empty cell reads as 0, which would pass the
  // "less than three hundred" test silently.
  if (isAtMost(tons, 0)) return new PilotageInputError(VESSEL_REASONS.grossTonsNotPositive, {}, field);
  if (!isAtMost(tons, PLAUSIBLE_MAXIMUM_GROSS_TONS)) return new PilotageInputError(VESSEL_REASONS.grossTonsImplausible, { tons: decimalOf(tons) }, field);
  return tons;
}

function checkPositiveFeet(feet: OrRefusal<Measurement>, field: string, what: string, maximum: number): OrRefusal<Measurement> {
  if (isPilotageInputError(feet)) return feet;
  if (!isFiniteMeasurement(feet)) return new PilotageInputError(NUMBER_REASONS.notFinite, { what }, field);
  if (isAtMost(feet, 0)) return new PilotageInputError(VESSEL_REASONS.feetNotPositive, { what }, field);
  if (!isAtMost(feet, maximum)) return new PilotageInputError(VESSEL_REASONS.feetImplausible, { what, feet: decimalOf(feet), maximum }, field);
  return feet;
}

function conditionsNotMet(exception: SmallVesselException, tons: Measurement, draft: Measurement): string {
  const failing: string[] = [];
  if (!exception.otherwiseThanBySea) failing.push("it proceeds by sea");
  if (!exception.under300GrossTons) failing.push(`${tons} GRT is not less than 300`);
  if (!exception.loadedDraftAtMost7Ft) failing.push(`its fully loaded draft of ${draft} ft is more than 7 ft`);
  return failing.join("; ");
}

/**
 * § 89-a(1), D13. "Every foreign vessel and every American vessel under register, except vessels
 * proceeding otherwise than by sea and of less than three hundred gross registered tons and having a
 * fully loaded draft of seven feet or less, … shall take a Hudson river pilot". The exception needs
 * all three conditions. "Recreational vessels … may be exempted … at the discretion of the board of
 * commissioners of pilots": BOARD DISCRETION, not yes or no, at any length unless the setting reads
 * the first sentence's "less than two hundred feet" as the limit (D13); a recreational vessel that
 * meets the statutory exception is NOT REQUIRED without the board. An American vessel not under
 * register (enrolled) is not named: NOT REQUIRED.
 */
export function pilotRequirement(input: PilotRequirementInput, settings: Pick<EngineSettings, "recreationalExemption"> = DEFAULT_SETTINGS): OrRefusal<PilotRequirement> {
  const decided = pilotRequirementCase(input, settings);
  if (isPilotageInputError(decided)) return decided;
  return { answer: decided.answer, reason: decided.words(), citation: COMPULSORY_PILOTAGE_CITATION, smallVesselException: decided.smallVesselException, note: decided.note };
}

/** pilotRequirement(input, settings).answer, with its checks, without wording the reason (a column of answers reads none). */
export function pilotRequirementAnswer(input: PilotRequirementInput, settings: Pick<EngineSettings, "recreationalExemption"> = DEFAULT_SETTINGS): OrRefusal<PilotRequirementAnswer> {
  const decided = pilotRequirementCase(input, settings);
  return isPilotageInputError(decided) ? decided : decided.answer;
}

/** The case of § 89-a(1) a vessel is in, as pilotRequirement returns it, its reason worded by `words` when asked. */
type PilotRequirementCase = Omit<PilotRequirement, "reason" | "citation"> & { words: () => string };

function pilotRequirementCase(input: PilotRequirementInput, settings: Pick<EngineSettings, "recreationalExemption">): OrRefusal<PilotRequirementCase> {
  const tons = checkGrossTons(input.grossTons, "gross_tons");
  if (isPilotageInputError(tons)) return tons;
  const draft = checkPositiveFeet(input.loadedDraftFt, "loaded_draft_ft", "fully loaded draft", PLAUSIBLE_MAXIMUM_DRAFT_FT);
  if (isPilotageInputError(draft)) return draft;
  const proceedsBySea = input.proceedsBySea ?? true;
  const recreational = input.recreational ?? false;
  const length = input.lengthFt === undefined || input.lengthFt === null
    ? null
    : checkPositiveFeet(input.lengthFt, "length_ft", "length", PLAUSIBLE_MAXIMUM_LENGTH_FT);
  if (isPilotageInputError(length)) return length;

  if (input.vesselStatus === "enrolled") {
    return {
      answer: "NOT REQUIRED",
      words: () =>
        "An American vessel not under register (enrolled) is not among the vessels that must take a Hudson River pilot: " +
        `§ 89-a(1) names every foreign vessel and every American vessel under register. ${FOREIGN_PORT_NOTE}`,
      smallVesselException: null,
      note: FOREIGN_PORT_NOTE,
    };
  }

  const subject = STATUS_SUBJECT_WORDS[input.vesselStatus];
  const exception: SmallVesselException = {
    otherwiseThanBySea: !proceedsBySea,
    under300GrossTons: isLess(tons, SMALL_VESSEL_EXCEPTION.grossTonsBelow),
    loadedDraftAtMost7Ft: isAtMost(draft, SMALL_VESSEL_EXCEPTION.loadedDraftFtAtMost),
    applies: false,
  };
  exception.applies = exception.otherwiseThanBySea && exception.under300GrossTons && exception.loadedDraftAtMost7Ft;

  if (exception.applies) {
    return {
      answer: "NOT REQUIRED",
      words: () =>
        `${subject} proceeding otherwise than by sea, of ${tons} GRT (less than 300) and with a fully loaded draft of ` +
        `${draft} ft (7 ft or less) is excepted from compulsory Hudson River pilotage.`,
      smallVesselException: exception,
      note: null,
    };
  }

  const required = () => `${subject} must take a licensed Hudson River pilot north of the Yonkers–Alpine line and south of the Troy dam`;
  const exceptionWords = () => `the small-vessel exception does not apply: ${conditionsNotMet(exception, tons, draft)}`;

  if (recreational) {
    const underLimit = length !== null && isLess(length, RECREATIONAL_DISCRETION.lengthFtBelow);
    if (settings.recreationalExemption === "under200Ft") {
      if (length === null) {
        return new PilotageInputError(VESSEL_REASONS.recreationalLengthBlank, {}, "length_ft");
      }
      if (!underLimit) {
        return {
          answer: "REQUIRED",
          words: () =>
            `${required()}; a recreational vessel of ${length} ft is not less than 200 ft, so the board's discretion ` +
            `does not reach it (D13, setting recreationalExemption under200Ft); ${exceptionWords()}.`,
          smallVesselException: exception,
          note: null,
        };
      }
    }
    const size = () => (length === null ? "of a length not given" : underLimit ? `of ${length} ft, less than 200 ft` : `of ${length} ft`);
    const note = underLimit ? null : RECREATIONAL_LENGTH_NOTE;
    return {
      answer: "BOARD DISCRETION",
      words: () =>
        `A recreational vessel (46 U.S.C. § 2101(34)) ${size()}: the board of commissioners of pilots may ` +
        `exempt it at its discretion; unless the board does, ${required().charAt(0).toLowerCase()}${required().slice(1)} (${exceptionWords()}).` +
        (note === null ? "" : ` ${note}`),
      smallVesselException: exception,
      note,
    };
  }

  return { answer: "REQUIRED", words: () => `${required()}; ${exceptionWords()}.`, smallVesselException: exception, note: null };
}

// ---------------------------------------------------------------------------------------------
// Readers

/** "foreign", "registered" (American under register) or "enrolled" (American not under register), and a few synonyms, any case. */
export function readVesselStatus(input: unknown, field = "vessel_status"): OrRefusal<VesselStatus> {
  // A status already read (the engine's own word) is itself.
  if (input === "foreign" || input === "registered" || input === "enrolled") return input;
  if (typeof input === "string") {
    const text = input.trim().toLowerCase().replace(/[-_]/g, " ").replace(/\s+/g, " ");
    for (const status of Object.keys(VESSEL_STATUS_WORDS) as VesselStatus[]) {
      if (VESSEL_STATUS_WORDS[status].includes(text)) return status;
    }
  }
  return new PilotageInputError(isBlank(input) ? VESSEL_REASONS.statusBlank : VESSEL_REASONS.status, { input }, field);
}

/** A measurement typed as a number or numeric text: a finite number as it is (see Measurement), anything else read by readDecimal. */
function readMeasurement(input: unknown, field: string, what: string): OrRefusal<Measurement> {
  return typeof input === "number" && Number.isFinite(input) ? input : readDecimal(input, field, what);
}

export function readGrossTons(input: unknown, field = "gross_tons"): OrRefusal<Measurement> {
  return checkGrossTons(readMeasurement(input, field, "gross registered tons"), field);
}

export function readLoadedDraftFt(input: unknown, field = "loaded_draft_ft"): OrRefusal<Measurement> {
  return checkPositiveFeet(readMeasurement(input, field, "fully loaded draft (feet)"), field, "fully loaded draft", PLAUSIBLE_MAXIMUM_DRAFT_FT);
}

/** The vessel's length in feet; blank → null (needed only for a recreational vessel). */
export function readLengthFt(input: unknown, field = "length_ft"): OrRefusal<Measurement | null> {
  if (isBlank(input)) return null;
  return checkPositiveFeet(readMeasurement(input, field, "length (feet)"), field, "length", PLAUSIBLE_MAXIMUM_LENGTH_FT);
}

/**
 * A yes/no option whose default is TRUE (proceeds by sea, insurance available): blank → TRUE.
 * The number 0 is refused, because Excel on the desktop passes an empty cell as 0 and a silent
 * FALSE here would open an exception or change a benefit; FALSE (or "no") must be typed.
 */
export function readFlagDefaultTrue(input: unknown, field: string, what: string): OrRefusal<boolean> {
  if (isBlank(input)) return true;
  if (input === 0) {
    return new PilotageInputError(NUMBER_REASONS.flagZero, { what }, field);
  }
  return readFlag(input, field);
}

/** The cells of HUDSON_PILOT_REQUIRED, or a form's fields, as typed. */
export interface TypedPilotRequirement {
  vesselStatus: unknown;
  grossTons: unknown;
  loadedDraftFt: unknown;
  proceedsBySea?: unknown;
  recreational?: unknown;
  lengthFt?: unknown;
}

/** Reads every value with the shared readers, or the first refusal; defaults: proceeds by sea TRUE, recreational FALSE, length none. */
export function readPilotRequirementInput(typed: TypedPilotRequirement): OrRefusal<PilotRequirementInput> {
  const vesselStatus = readVesselStatus(typed.vesselStatus);
  if (isPilotageInputError(vesselStatus)) return vesselStatus;
  const grossTons = readGrossTons(typed.grossTons);
  if (isPilotageInputError(grossTons)) return grossTons;
  const loadedDraftFt = readLoadedDraftFt(typed.loadedDraftFt);
  if (isPilotageInputError(loadedDraftFt)) return loadedDraftFt;
  const proceedsBySea = readFlagDefaultTrue(typed.proceedsBySea, "proceeds_by_sea", "proceeds by sea");
  if (isPilotageInputError(proceedsBySea)) return proceedsBySea;
  const recreational = readFlag(typed.recreational, "recreational");
  if (isPilotageInputError(recreational)) return recreational;
  const lengthFt = readLengthFt(typed.lengthFt);
  if (isPilotageInputError(lengthFt)) return lengthFt;
  return { vesselStatus, grossTons, loadedDraftFt, proceedsBySea, recreational, lengthFt };
}
