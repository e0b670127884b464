/**
 * The task pane's form, read through the engine: every field goes through the engine's shared
 * readers (measurements, sections, dates, hours, flags, board tables, settings, § 89-a(1) inputs)
 * and every amount comes from quoteTransit. This module only converts and collects: it never
 * computes a fee, and it builds no DOM. An input error names the form field it is about, from
 * PilotageInputError.field, so the pane can show it at that field.
 */
import Decimal from "decimal.js";
import {
  BoardFeeFormId,
  BOARD_FEES,
  BoardFeeRow,
  BoardSurchargeRow,
  EngineSettings,
  centsOf,
  formatUsd,
  isPilotageInputError,
  measurementInFeet,
  PilotageInputError,
  PilotageUnits,
  pilotRequirement,
  PilotRequirement,
  Quote,
  quoteTransit,
  totalOfQuotes,
  readAmount,
  readBoardFeeRows,
  readBoardSurchargeRows,
  readDate,
  readPilotRequirementInput,
  readTransitFields,
  TransitField,
  transitFieldErrors,
  transitOf,
  readTransitUnits,
  resolveSettings,
  SECTION_SHORT_NAMES,
  settingsNotDefault,
  UNMEASURED_WORD,
  typedInputWords,
} from "../engine";
import { fullYear, readGivenDate } from "../reconcile/dates";
import { ComplianceState, Dimension, DimensionInput, DIMENSIONS, FeeRowState, PaneState, SettingsState, SurchargeRowState, TransitState, VesselState } from "./state";

// ---------------------------------------------------------------------------------------------
// Field ids: one per control, shared by the renderer (element ids) and the error mapping.

export type TransitProp = "section" | "date" | "direction" | "hours" | "relieved" | "anchored";
export type FeeProp = "from" | BoardFeeFormId;
export type SurchargeProp = "from" | "upTo50" | "over50" | "perUnit";
export type ComplianceProp = "status" | "grt" | "draft" | "bySea" | "recreational" | "length";
export type SettingProp = keyof EngineSettings;
export type DimensionPart = "ft" | "in" | "m";

export const ids = {
  vesselName: "vessel-name",
  vesselImo: "vessel-imo",
  unitFeet: "vessel-unit-feet",
  unitMetres: "vessel-unit-metres",
  notProvided: "vessel-not-provided",
  dimension: (dimension: Dimension, part: DimensionPart) => `${dimension}-${part}`,
  transit: (key: number, prop: TransitProp) => `transit-${key}-${prop}`,
  fee: (key: number, prop: FeeProp) => `fee-${key}-${prop}`,
  surcharge: (key: number, prop: SurchargeProp) => `surcharge-${key}-${prop}`,
  setting: (prop: SettingProp) => `setting-${prop}`,
  compliance: (prop: ComplianceProp) => `compliance-${prop}`,
};

/** How the engine's date messages read in the pane, where a date is typed (or picked) in a field, never an Excel serial. */
export const PANE_DATE_ADVICE = "a date like 2026-12-31 (YYYY-MM-DD)";

/** The pane's words for an engine error: a date advised as typed in a field, and no note on empty Excel cells. */
const PANE_WORDS = typedInputWords(PANE_DATE_ADVICE);

/** An engine error's message as the pane shows it beside a field. */
function paneMessage(error: PilotageInputError): string {
  return error.messageIn(PANE_WORDS);
}

export interface FieldError {
  /** The id of the control the message is about. */
  id: string;
  message: string;
}

// ---------------------------------------------------------------------------------------------
// Settings (D1, D4, D6, D11, D13)

export interface SettingsResult {
  settings: EngineSettings | null;
  errors: FieldError[];
}

/** The settings form checked by resolveSettings; an error names its field. */
export function readSettingsForm(form: SettingsState): SettingsResult {
  const settings = resolveSettings({
    unitsDecimals: form.unitsDecimals.trim() === "" ? null : form.unitsDecimals.trim(),
    at100Units: form.at100Units,
    actEffectiveDate: form.actEffectiveDate.trim(),
    clauseVIStart: form.clauseVIStart.trim() === "" ? null : form.clauseVIStart.trim(),
    secondPilotBasis: form.secondPilotBasis,
    recreationalExemption: form.recreationalExemption,
  });
  if (!isPilotageInputError(settings)) return { settings, errors: [] };
  return { settings: null, errors: [{ id: ids.setting(settingOfField(settings.field)), message: paneMessage(settings) }] };
}

/** resolveSettings names a setting by its key, or (for a date it could not read) by what the date is. */
function settingOfField(field: string | undefined): SettingProp {
  if (field === "unitsDecimals" || field === "at100Units" || field === "actEffectiveDate" || field === "clauseVIStart" || field === "secondPilotBasis" || field === "recreationalExemption") return field;
  if (field && field.includes("(vi)")) return "clauseVIStart";
  return "actEffectiveDate";
}

/** The form's fields for settings already resolved (to show the settings a workbook saved). */
export function settingsFormOf(settings: EngineSettings): SettingsState {
  return {
    unitsDecimals: settings.unitsDecimals === null ? "" : String(settings.unitsDecimals),
    at100Units: settings.at100Units,
    actEffectiveDate: settings.actEffectiveDate,
    clauseVIStart: settings.clauseVIStart ?? "",
    secondPilotBasis: settings.secondPilotBasis,
    recreationalExemption: settings.recreationalExemption,
  };
}

// ---------------------------------------------------------------------------------------------
// Vessel (D1, D2)

export const DIMENSION_NAMES: Record<Dimension, string> = { length: "Overall length", breadth: "Extreme breadth", depth: "Depth" };

/** A measurement as the engine reads it: text such as `600 ft 6 in`, or metres with unit "m". */
export function typedDimension(input: DimensionInput, unit: VesselState["unit"]): string {
  if (unit === "metres") return input.metres.trim();
  const feet = input.feet.trim();
  const inches = input.inches.trim();
  return inches === "" || feet === "" ? feet : `${feet} ft ${inches} in`;
}

/** The engine's unit for plain numbers. */
export function plainUnitOf(unit: VesselState["unit"]): "ft" | "m" {
  return unit === "metres" ? "m" : "ft";
}

export interface VesselResult {
  /** Null until the measurements read (or "not provided" is ticked). */
  units: PilotageUnits | null;
  /** What the pane shows as the units: "192.16", or the maximum-charge note. */
  unitsText: string;
  /** "600.50 ft × 80.00 ft × 40.00 ft ÷ 10,000" once all three read. */
  working: string | null;
  /** Each measurement converted to feet, to two decimals (shown under metric entries). */
  feet: Partial<Record<Dimension, string>>;
  errors: FieldError[];
  /** The measurements as the engine's readers take them, for every transit. */
  typed: { units: string } | { length: string; breadth: string; depth: string; unit: "ft" | "m" };
}

function dimensionFieldIds(dimension: Dimension, vessel: VesselState): string[] {
  if (vessel.unit === "metres") return [ids.dimension(dimension, "m")];
  const input = vessel[dimension];
  return input.inches.trim() !== "" && input.feet.trim() !== "" ? [ids.dimension(dimension, "ft"), ids.dimension(dimension, "in")] : [ids.dimension(dimension, "ft")];
}

function twoDecimals(value: Decimal): string {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

export function readVessel(vessel: VesselState, settings: EngineSettings): VesselResult {
  if (vessel.notProvided) {
    const unmeasured = readTransitUnits({ units: UNMEASURED_WORD }, settings);
    // The word UNMEASURED always reads: a refusal here is a bug.
    if (isPilotageInputError(unmeasured)) throw unmeasured;
    return {
      units: unmeasured,
      unitsText: "Not provided: charged as 500 units, the maximum (§ 89-a(4)(d))",
      working: null,
      feet: {},
      errors: [],
      typed: { units: UNMEASURED_WORD },
    };
  }
  const unit = plainUnitOf(vessel.unit);
  const typed = { length: typedDimension(vessel.length, vessel.unit), breadth: typedDimension(vessel.breadth, vessel.unit), depth: typedDimension(vessel.depth, vessel.unit), unit };
  const errors: FieldError[] = [];
  const feet: Partial<Record<Dimension, Decimal>> = {};
  for (const dimension of DIMENSIONS) {
    const read = measurementInFeet(typed[dimension], dimension, unit);
    if (!isPilotageInputError(read)) feet[dimension] = read;
    else for (const id of dimensionFieldIds(dimension, vessel)) errors.push({ id, message: paneMessage(read) });
  }
  const feetText: Partial<Record<Dimension, string>> = {};
  for (const dimension of DIMENSIONS) {
    const value = feet[dimension];
    if (value) feetText[dimension] = twoDecimals(value);
  }
  if (errors.length > 0) return { units: null, unitsText: "—", working: null, feet: feetText, errors, typed };
  const units = readTransitUnits(typed, settings);
  if (isPilotageInputError(units)) {
    // Each measurement reads, but together they make less than the fewest units accepted: marked on all three.
    const message = paneMessage(units);
    const marked = DIMENSIONS.flatMap((dimension) => dimensionFieldIds(dimension, vessel).map((id) => ({ id, message })));
    return { units: null, unitsText: "—", working: null, feet: feetText, errors: marked, typed };
  }
  // Measurements given are read as measurements: unmeasured here is a bug.
  if (!units.measured) throw new Error("measured vessel read as unmeasured");
  return {
    units,
    unitsText: twoDecimals(units.units),
    working: `${feetText.length} ft × ${feetText.breadth} ft × ${feetText.depth} ft ÷ 10,000`,
    feet: feetText,
    errors: [],
    typed,
  };
}

// ---------------------------------------------------------------------------------------------
// Board-set amounts (D8, D10)

const FEE_HEADER = ["From", ...BOARD_FEES.map((fee) => fee.label)];
const SURCHARGE_HEADER = ["From", "0–50 units", "51–100 units", "Per unit over 100"];

export interface BoardResult {
  fees: BoardFeeRow[];
  surcharge: BoardSurchargeRow[];
  errors: FieldError[];
}

function isBlankText(text: string): boolean {
  return text.trim() === "";
}

function checkCell(errors: FieldError[], id: string, read: unknown): void {
  if (isPilotageInputError(read)) errors.push({ id, message: paneMessage(read) });
}

/**
 * Each row applies from its date until the next, so two rows from the same date would leave one
 * of them silently unused: the later row's date is marked. `number` is the row's place in the
 * pane (its legend, "Fee row 2"); rows whose date does not read are checked elsewhere.
 */
function checkDistinctDates(errors: FieldError[], rows: readonly { key: number; from: string; number: number }[], what: "Fee row" | "Surcharge row", idOf: (key: number) => string): void {
  const seen = new Map<string, number>();
  for (const row of rows) {
    const date = readDate(row.from, "from date");
    if (isPilotageInputError(date)) continue;
    const earlier = seen.get(date);
    if (earlier === undefined) seen.set(date, row.number);
    else errors.push({ id: idOf(row.key), message: `${what} ${row.number} is also from ${date}, like ${what.toLowerCase()} ${earlier}: each row applies until the next row's date, so change this date or remove one of the two rows.` });
  }
}

export function feeRowIsBlank(row: FeeRowState): boolean {
  return isBlankText(row.from) && BOARD_FEES.every((fee) => isBlankText(row[fee.formField]));
}

export function surchargeRowIsBlank(row: SurchargeRowState): boolean {
  return [row.from, row.upTo50, row.over50UpTo100, row.perUnitOver100].every(isBlankText);
}

/** The board rows read cell by cell (so each message sits at its field), then as tables. */
export function readBoard(fees: readonly FeeRowState[], surcharge: readonly SurchargeRowState[]): BoardResult {
  const errors: FieldError[] = [];
  const feeRows = fees.filter((row) => !feeRowIsBlank(row));
  checkDistinctDates(errors, fees.map((row, i) => ({ key: row.key, from: row.from, number: i + 1 })).filter((_, i) => !feeRowIsBlank(fees[i])), "Fee row", (key) => ids.fee(key, "from"));
  for (const row of feeRows) {
    checkCell(errors, ids.fee(row.key, "from"), readDate(row.from, "from date"));
    for (const fee of BOARD_FEES) {
      const value = row[fee.formField];
      if (!isBlankText(value)) checkCell(errors, ids.fee(row.key, fee.formId), readAmount(value, "board_fees", fee.what));
    }
  }
  const surchargeRows = surcharge.filter((row) => !surchargeRowIsBlank(row));
  checkDistinctDates(
    errors,
    surcharge.map((row, i) => ({ key: row.key, from: row.from, number: i + 1 })).filter((_, i) => !surchargeRowIsBlank(surcharge[i])),
    "Surcharge row",
    (key) => ids.surcharge(key, "from"),
  );
  for (const row of surchargeRows) {
    checkCell(errors, ids.surcharge(row.key, "from"), readDate(row.from, "from date"));
    const amounts: [SurchargeProp, string, string][] = [
      ["upTo50", row.upTo50, "0–50 units surcharge"],
      ["over50", row.over50UpTo100, "51–100 units surcharge"],
      ["perUnit", row.perUnitOver100, "per-unit surcharge over 100 units"],
    ];
    for (const [prop, value, what] of amounts) checkCell(errors, ids.surcharge(row.key, prop), readAmount(value, "board_surcharge", what));
  }
  if (errors.length > 0) return { fees: [], surcharge: [], errors };
  // The readers skip a first row of titles; giving them ours means a typed row is never taken for one.
  const feeTable = readBoardFeeRows([FEE_HEADER, ...feeRows.map((r) => [r.from, ...BOARD_FEES.map((fee) => r[fee.formField])])]);
  const surchargeTable = readBoardSurchargeRows([SURCHARGE_HEADER, ...surchargeRows.map((r) => [r.from, r.upTo50, r.over50UpTo100, r.perUnitOver100])]);
  // Every cell and every row's date was checked above by the same readers: a refusal here is a bug.
  if (isPilotageInputError(feeTable)) throw feeTable;
  if (isPilotageInputError(surchargeTable)) throw surchargeTable;
  return { fees: feeTable, surcharge: surchargeTable, errors };
}

// ---------------------------------------------------------------------------------------------
// Transits and the quote

export interface TransitResult {
  key: number;
  /** 1-based position in the call. */
  number: number;
  heading: string;
  quote: Quote | null;
  errors: FieldError[];
  /** Why there is no quote yet, in words, when there is none. */
  blocked: string | null;
}

/** The pane's control for each field of the transit reader; the units are the vessel's, marked there. */
const TRANSIT_PROPS: Partial<Record<TransitField, TransitProp>> = {
  section: "section",
  date: "date",
  hours: "hours",
  relievedAtMidRiver: "relieved",
  anchoredEightHours: "anchored",
};

export function transitHeading(transit: TransitState, number: number): string {
  const direction = transit.direction === "inbound" ? "inbound" : "outbound";
  const section = SECTION_SHORT_NAMES[transit.section === "2" ? 2 : 1];
  const date = transit.date.trim() === "" ? "date not entered" : typedTransitDate(transit.date).trim();
  return `Transit ${number}: ${direction}, ${section}, ${date}`;
}

/**
 * The transit date as the person gave it. The date picker gives YYYY-MM-DD, and a year typed
 * there with two digits (26) arrives as 0026; a field without a picker gives the text as typed
 * (6/15/26). Both read as quote --date reads a date, a two-digit year by Excel's pivot (00–29 →
 * 20xx, 30–99 → 19xx). Anything else is left for the engine's reader to name.
 */
export function typedTransitDate(text: string): string {
  const trimmed = text.trim();
  const picked = /^00(\d\d)-(\d\d)-(\d\d)$/.exec(trimmed);
  if (picked !== null) return `${fullYear(picked[1])}-${picked[2]}-${picked[3]}`;
  if (trimmed === "" || /^\d{4}-/.test(trimmed)) return text;
  const date = readGivenDate(trimmed);
  return isPilotageInputError(date) ? text : date;
}

function quoteOne(transit: TransitState, number: number, vessel: VesselResult, board: BoardResult, settings: EngineSettings): TransitResult {
  const heading = transitHeading(transit, number);
  const result = (quote: Quote | null, errors: FieldError[], blocked: string | null): TransitResult => ({ key: transit.key, number, heading, quote, errors, blocked });
  // Every field of the transit read on its own, so every error shows at once (and while the vessel
  // is still being entered).
  const fields = readTransitFields(
    {
      ...(vessel.units === null ? { units: UNMEASURED_WORD } : vessel.typed),
      section: transit.section,
      date: typedTransitDate(transit.date),
      hours: transit.hours,
      relievedAtMidRiver: transit.relievedAtMidRiver,
      anchoredEightHours: transit.anchoredEightHours,
    },
    settings,
  );
  const marked = transitFieldErrors(fields).filter(({ field }) => field === "section" || field === "date" || field === "hours");
  const errors = marked.map(({ field, error }) => ({ id: ids.transit(transit.key, TRANSIT_PROPS[field] as TransitProp), message: paneMessage(error) }));
  if (errors.length > 0) return result(null, errors, errors[0].message);
  if (vessel.units === null) return result(null, [], VESSEL_FIRST);
  const input = transitOf(fields, { boardFees: board.fees, boardSurcharge: board.surcharge });
  if (!isPilotageInputError(input) && board.errors.length > 0) return result(null, [], "Correct the board-set amounts marked in Board rates.");
  const quote = isPilotageInputError(input) ? input : quoteTransit(input, settings);
  if (!isPilotageInputError(quote)) return result(quote, [], null);
  // A field's own error, or the quote's about a field (a date before the first clause, say).
  const failed = transitFieldErrors(fields)[0];
  const field = failed !== undefined && failed.error === quote ? failed.field : (quote.field as TransitField | undefined);
  const prop = field !== undefined ? TRANSIT_PROPS[field] : undefined;
  const message = paneMessage(quote);
  if (prop) return result(null, [{ id: ids.transit(transit.key, prop), message }], message);
  return result(null, [], message);
}

const VESSEL_FIRST = "Enter the vessel's measurements, or tick “Measurements not provided”.";

export interface PaneResult {
  vessel: VesselResult;
  board: BoardResult;
  transits: TransitResult[];
  /** Sum of the transits' totals (each already the sum of its rounded lines, D14); null until every transit is quoted. */
  grandTotalCents: number | null;
  /** False when a board amount is not entered for some transit. */
  complete: boolean;
  settingsNotDefault: readonly string[];
  compliance: ComplianceResult;
  /** Every field error, for marking the fields. */
  errors: FieldError[];
}

export function computePane(state: PaneState, settings: EngineSettings): PaneResult {
  const vessel = readVessel(state.vessel, settings);
  const board = readBoard(state.boardFees, state.boardSurcharge);
  const transits = state.transits.map((transit, index) => quoteOne(transit, index + 1, vessel, board, settings));
  const quoted = transits.every((t) => t.quote !== null) && transits.length > 0;
  const sum = quoted ? totalOfQuotes(transits.map((t) => t.quote as Quote)) : null;
  const grandTotalCents = sum === null ? null : sum.totalCents;
  const complete = sum !== null && sum.complete;
  const compliance = checkCompliance(state.compliance, settings);
  return {
    vessel,
    board,
    transits,
    grandTotalCents,
    complete,
    settingsNotDefault: settingsNotDefault(settings),
    compliance,
    errors: [...vessel.errors, ...board.errors, ...transits.flatMap((t) => t.errors), ...compliance.errors],
  };
}

/** "$1,234.56" from whole cents. */
export function usdOfCents(cents: number): string {
  return formatUsd(cents);
}

/** "$1,234.56", or "not entered" for a board amount the user has not given. */
export function amountText(amount: Decimal | null): string {
  return amount === null ? "not entered" : formatUsd(centsOf(amount));
}

// ---------------------------------------------------------------------------------------------
// Who must take a pilot, § 89-a(1) (D13)

export interface ComplianceResult {
  /** False while nothing has been entered: no answer and no errors yet. */
  started: boolean;
  answer: PilotRequirement | null;
  errors: FieldError[];
}

const COMPLIANCE_FIELDS: Record<string, ComplianceProp> = {
  vessel_status: "status",
  gross_tons: "grt",
  loaded_draft_ft: "draft",
  proceeds_by_sea: "bySea",
  recreational: "recreational",
  length_ft: "length",
};

export function checkCompliance(form: ComplianceState, settings: EngineSettings): ComplianceResult {
  const started = form.vesselStatus !== "" || !isBlankText(form.grossTons) || !isBlankText(form.loadedDraftFt);
  if (!started) return { started, answer: null, errors: [] };
  const input = readPilotRequirementInput({
    vesselStatus: form.vesselStatus,
    grossTons: form.grossTons,
    loadedDraftFt: form.loadedDraftFt,
    proceedsBySea: form.proceedsBySea,
    recreational: form.recreational,
    lengthFt: form.lengthFt,
  });
  const answer = isPilotageInputError(input) ? input : pilotRequirement(input, settings);
  if (!isPilotageInputError(answer)) return { started, answer, errors: [] };
  const prop = (answer.field !== undefined && COMPLIANCE_FIELDS[answer.field]) || "status";
  return { started, answer: null, errors: [{ id: ids.compliance(prop), message: paneMessage(answer) }] };
}
