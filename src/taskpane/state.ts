/**
 * What the task pane's form holds: the text of every field as the person typed it, plus the
 * ticks. Plain data, so it can be saved (the browser's localStorage when standalone) and read back.
 * No reading or checking happens here: that is form.ts, through the engine's shared readers.
 */
import { BoardFeeFormField, BOARD_FEES } from "../engine/rates/board-fees";

export type MeasurementUnit = "feet" | "metres";
export type Dimension = "length" | "breadth" | "depth";
export const DIMENSIONS: readonly Dimension[] = ["length", "breadth", "depth"];

/** One measurement as typed: feet and inches, or metres (whichever the unit choice shows). */
export interface DimensionInput {
  feet: string;
  inches: string;
  metres: string;
}

export interface VesselState {
  name: string;
  imo: string;
  unit: MeasurementUnit;
  /** § 89-a(4)(d), D2: the master or agent did not provide the measurements. */
  notProvided: boolean;
  length: DimensionInput;
  breadth: DimensionInput;
  depth: DimensionInput;
}

export type Direction = "inbound" | "outbound";
export type SectionChoice = "1" | "2";

export interface TransitState {
  /** Stable identity for field ids; never reused within a pane. */
  key: number;
  section: SectionChoice;
  date: string;
  direction: Direction;
  hours: string;
  relievedAtMidRiver: boolean;
  anchoredEightHours: boolean;
}

/** A dated row of the board of commissioners' fees (D10): the from date and one field per fee of BOARD_FEES. */
export type FeeRowState = { key: number; from: string } & Record<BoardFeeFormField, string>;

function blankFees(): Record<BoardFeeFormField, string> {
  return Object.fromEntries(BOARD_FEES.map((fee) => [fee.formField, ""])) as Record<BoardFeeFormField, string>;
}

/** A dated row of the surcharge board's table (D8). */
export interface SurchargeRowState {
  key: number;
  from: string;
  upTo50: string;
  over50UpTo100: string;
  perUnitOver100: string;
}

/** The interpretation settings as typed (D1, D4, D6, D11, D13); resolveSettings checks them. */
export interface SettingsState {
  /** "" = do not round; "0"…"6" decimals. */
  unitsDecimals: string;
  at100Units: "perUnitRate" | "flatAmount";
  actEffectiveDate: string;
  /** "" = unknown. */
  clauseVIStart: string;
  /** D11: "base" or "basePlusSurcharge". */
  secondPilotBasis: "base" | "basePlusSurcharge";
  /** D13: "anyLength" or "under200Ft". */
  recreationalExemption: "anyLength" | "under200Ft";
}

/** The § 89-a(1) check (D13). */
export interface ComplianceState {
  /** "" until chosen; "foreign", "registered" or "enrolled". */
  vesselStatus: string;
  grossTons: string;
  loadedDraftFt: string;
  proceedsBySea: boolean;
  recreational: boolean;
  lengthFt: string;
}

export interface PaneState {
  vessel: VesselState;
  transits: TransitState[];
  boardFees: FeeRowState[];
  boardSurcharge: SurchargeRowState[];
  settings: SettingsState;
  compliance: ComplianceState;
  nextKey: number;
}

const emptyDimension = (): DimensionInput => ({ feet: "", inches: "", metres: "" });

export const DEFAULT_SETTINGS_STATE: Readonly<SettingsState> = Object.freeze({
  unitsDecimals: "",
  at100Units: "perUnitRate",
  actEffectiveDate: "2015-11-20",
  clauseVIStart: "",
  secondPilotBasis: "base",
  recreationalExemption: "anyLength",
});

/** A new pane: an empty vessel and one inbound Lower River transit. */
export function initialState(): PaneState {
  return {
    vessel: { name: "", imo: "", unit: "feet", notProvided: false, length: emptyDimension(), breadth: emptyDimension(), depth: emptyDimension() },
    transits: [newTransit(1, "inbound")],
    boardFees: [],
    boardSurcharge: [],
    settings: { ...DEFAULT_SETTINGS_STATE },
    compliance: { vesselStatus: "", grossTons: "", loadedDraftFt: "", proceedsBySea: true, recreational: false, lengthFt: "" },
    nextKey: 2,
  };
}

export function newTransit(key: number, direction: Direction, section: SectionChoice = "1"): TransitState {
  return { key, section, date: "", direction, hours: "", relievedAtMidRiver: false, anchoredEightHours: false };
}

/** Adds a transit after the last one; a call's second transit is usually the way out. */
export function addTransit(state: PaneState): TransitState {
  const last = state.transits[state.transits.length - 1];
  const transit = newTransit(state.nextKey++, last && last.direction === "inbound" ? "outbound" : "inbound", last ? last.section : "1");
  state.transits.push(transit);
  return transit;
}

export function removeTransit(state: PaneState, key: number): void {
  state.transits = state.transits.filter((t) => t.key !== key);
}

export function addFeeRow(state: PaneState, row: Partial<Omit<FeeRowState, "key">> = {}): FeeRowState {
  const added: FeeRowState = { key: state.nextKey++, from: "", ...blankFees(), ...row };
  state.boardFees.push(added);
  return added;
}

export function addSurchargeRow(state: PaneState, row: Partial<Omit<SurchargeRowState, "key">> = {}): SurchargeRowState {
  const added: SurchargeRowState = { key: state.nextKey++, from: "", upTo50: "", over50UpTo100: "", perUnitOver100: "", ...row };
  state.boardSurcharge.push(added);
  return added;
}

export function removeFeeRow(state: PaneState, key: number): void {
  state.boardFees = state.boardFees.filter((r) => r.key !== key);
}

export function removeSurchargeRow(state: PaneState, key: number): void {
  state.boardSurcharge = state.boardSurcharge.filter((r) => r.key !== key);
}

// ---------------------------------------------------------------------------------------------
// Saving and restoring (standalone: localStorage). Whatever was stored, only well-typed fields
// come back; anything else falls back to the initial value, so a damaged entry cannot break the pane.

export const STORAGE_VERSION = 1;

function text(value: unknown, fallback = ""): string {
  return typeof value === "string" ? value.slice(0, 500) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function list(value: unknown, maximum: number): Record<string, unknown>[] {
  return Array.isArray(value) ? value.slice(0, maximum).map(record) : [];
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function dimensionFrom(value: unknown): DimensionInput {
  const r = record(value);
  return { feet: text(r.feet), inches: text(r.inches), metres: text(r.metres) };
}

/** The most transits and board rows a pane keeps (the Board rates sheet holds 100 rows a table). */
export const MAXIMUM_TRANSITS = 20;
export const MAXIMUM_BOARD_ROWS = 100;

export function serializeState(state: PaneState): string {
  return JSON.stringify({ version: STORAGE_VERSION, state });
}

/** The state saved by serializeState, or null when there is none or it is not ours. */
export function deserializeState(saved: string | null): PaneState | null {
  if (saved === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(saved);
  } catch {
    return null;
  }
  const outer = record(parsed);
  if (outer.version !== STORAGE_VERSION) return null;
  const s = record(outer.state);
  const fresh = initialState();
  let key = 1;
  const v = record(s.vessel);
  const vessel: VesselState = {
    name: text(v.name),
    imo: text(v.imo),
    unit: oneOf(v.unit, ["feet", "metres"] as const, "feet"),
    notProvided: flag(v.notProvided, false),
    length: dimensionFrom(v.length),
    breadth: dimensionFrom(v.breadth),
    depth: dimensionFrom(v.depth),
  };
  const transits = list(s.transits, MAXIMUM_TRANSITS).map((t) => ({
    key: key++,
    section: oneOf(t.section, ["1", "2"] as const, "1"),
    date: text(t.date),
    direction: oneOf(t.direction, ["inbound", "outbound"] as const, "inbound"),
    hours: text(t.hours),
    relievedAtMidRiver: flag(t.relievedAtMidRiver, false),
    anchoredEightHours: flag(t.anchoredEightHours, false),
  }));
  const boardFees = list(s.boardFees, MAXIMUM_BOARD_ROWS).map((r): FeeRowState => {
    const row: FeeRowState = { key: key++, from: text(r.from), ...blankFees() };
    for (const fee of BOARD_FEES) row[fee.formField] = text(r[fee.formField]);
    return row;
  });
  const boardSurcharge = list(s.boardSurcharge, MAXIMUM_BOARD_ROWS).map((r) => ({
    key: key++,
    from: text(r.from),
    upTo50: text(r.upTo50),
    over50UpTo100: text(r.over50UpTo100),
    perUnitOver100: text(r.perUnitOver100),
  }));
  const st = record(s.settings);
  const settings: SettingsState = {
    unitsDecimals: text(st.unitsDecimals),
    at100Units: oneOf(st.at100Units, ["perUnitRate", "flatAmount"] as const, "perUnitRate"),
    actEffectiveDate: text(st.actEffectiveDate, DEFAULT_SETTINGS_STATE.actEffectiveDate),
    clauseVIStart: text(st.clauseVIStart),
    secondPilotBasis: oneOf(st.secondPilotBasis, ["base", "basePlusSurcharge"] as const, "base"),
    recreationalExemption: oneOf(st.recreationalExemption, ["anyLength", "under200Ft"] as const, "anyLength"),
  };
  const c = record(s.compliance);
  const compliance: ComplianceState = {
    vesselStatus: oneOf(c.vesselStatus, ["", "foreign", "registered", "enrolled"] as const, ""),
    grossTons: text(c.grossTons),
    loadedDraftFt: text(c.loadedDraftFt),
    proceedsBySea: flag(c.proceedsBySea, true),
    recreational: flag(c.recreational, false),
    lengthFt: text(c.lengthFt),
  };
  return {
    vessel,
    transits: transits.length > 0 ? transits : fresh.transits.map((t) => ({ ...t, key: key++ })),
    boardFees,
    boardSurcharge,
    settings,
    compliance,
    nextKey: key,
  };
}

// ---------------------------------------------------------------------------------------------
// Field bindings: every control names the state it edits with a path such as "vessel.name",
// "vessel.length.feet", "transit.3.date", "fee.7.<a board fee's formField>" or "settings.clauseVIStart".

type Row<T> = T & { key: number };

function rowOf<T extends { key: number }>(rows: T[], key: string): T | undefined {
  return rows.find((row) => String(row.key) === key);
}

function assignText<T extends object>(target: Row<T> | T | undefined, prop: string, value: string | boolean, allowed: readonly string[]): boolean {
  if (!target || !allowed.includes(prop)) return false;
  const record = target as unknown as Record<string, unknown>;
  if (typeof record[prop] !== typeof value) return false;
  record[prop] = value;
  return true;
}

const VESSEL_TEXT = ["name", "imo"];
const DIMENSION_PARTS = ["feet", "inches", "metres"];
const TRANSIT_PROPS = ["section", "date", "direction", "hours", "relievedAtMidRiver", "anchoredEightHours"];
const FEE_PROPS = ["from", ...BOARD_FEES.map((fee) => fee.formField)];
const SURCHARGE_PROPS = ["from", "upTo50", "over50UpTo100", "perUnitOver100"];
const SETTINGS_PROPS = ["unitsDecimals", "at100Units", "actEffectiveDate", "clauseVIStart", "secondPilotBasis", "recreationalExemption"];
/** The values each choice setting's select offers; anything else is not a value the state takes. */
const SETTING_VALUES: Record<string, readonly string[]> = {
  at100Units: ["perUnitRate", "flatAmount"],
  secondPilotBasis: ["base", "basePlusSurcharge"],
  recreationalExemption: ["anyLength", "under200Ft"],
};
const COMPLIANCE_PROPS = ["vesselStatus", "grossTons", "loadedDraftFt", "proceedsBySea", "recreational", "lengthFt"];

/** Sets the field a control is bound to; false when the path or the value's type is not one the state has. */
export function setField(state: PaneState, path: string, value: string | boolean): boolean {
  const [head, second, third] = path.split(".");
  switch (head) {
    case "vessel":
      if (second === "unit") {
        if (value !== "feet" && value !== "metres") return false;
        state.vessel.unit = value;
        return true;
      }
      if (second === "notProvided") return assignText(state.vessel, second, value, ["notProvided"]);
      if ((DIMENSIONS as readonly string[]).includes(second)) return assignText(state.vessel[second as Dimension], third, value, DIMENSION_PARTS);
      return assignText(state.vessel, second, value, VESSEL_TEXT);
    case "transit": {
      const transit = rowOf(state.transits, second);
      if (third === "section" && value !== "1" && value !== "2") return false;
      if (third === "direction" && value !== "inbound" && value !== "outbound") return false;
      return assignText(transit, third, value, TRANSIT_PROPS);
    }
    case "fee":
      return assignText(rowOf(state.boardFees, second), third, value, FEE_PROPS);
    case "surcharge":
      return assignText(rowOf(state.boardSurcharge, second), third, value, SURCHARGE_PROPS);
    case "settings":
      if (second in SETTING_VALUES && !SETTING_VALUES[second].includes(String(value))) return false;
      return assignText(state.settings, second, value, SETTINGS_PROPS);
    case "compliance":
      return assignText(state.compliance, second, value, COMPLIANCE_PROPS);
    default:
      return false;
  }
}
