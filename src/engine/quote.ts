import Decimal from "decimal.js";
import {
  baseFeeLine,
  baseFeeWorking,
  boardFeeLines,
  BoardFeeRow,
  BoardSurchargeRow,
  ChargeLine,
  secondPilotLine,
  surchargeLine,
  surchargeTableOn,
} from "./charges";
import { IsoDate, readDate } from "./dates";
import { PilotageInputError } from "./errors";
import { PilotageUnits, readFlag, readHours, readPilotageUnits, readSection } from "./inputs";
import { LengthUnit, parseLengthUnit, pilotageUnitsFromMeasurements } from "./measure";
import { Money } from "./money";
import { ClauseId, SectionNumber } from "./rates/base-pilotage";
import { parseClauseId, scheduleFor } from "./schedule";
import { EngineSettings, settingsNotDefault } from "./settings";

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
}

export interface Quote {
  units: PilotageUnits;
  section: SectionNumber;
  date: IsoDate;
  clause: ClauseId;
  citation: string;
  lines: ChargeLine[];
  /** D14: the sum of the rounded lines that have amounts. */
  total: Decimal;
  /** False when a line's amount is not entered (a board fee or the board surcharge). */
  complete: boolean;
  warnings: string[];
  /** Settings that differ from interpretations.md's defaults, so a quote says what it assumed. */
  settingsNotDefault: string[];
}

export function quoteTransit(input: TransitInput, settings: EngineSettings): Quote {
  const warnings: string[] = [];
  const schedule = scheduleFor(input.date, input.clause, settings);
  warnings.push(...schedule.warnings);

  const base = baseFeeLine(baseFeeWorking(input.units, input.section, schedule, settings));
  const lines: ChargeLine[] = [base];
  if (!input.units.measured) {
    warnings.push("Measurements not provided: the maximum pilotage charge (500 units) applies (§ 89-a(4)(d), D2).");
  }

  try {
    lines.push(surchargeLine(input.units, surchargeTableOn(input.date, input.boardSurcharge ?? [], settings)));
  } catch (error) {
    if (!(error instanceof PilotageInputError) || error.code !== "NO_SURCHARGE_TABLE") throw error;
    lines.push({ code: "surcharge", label: "Surcharge (pilots' retirement funding)", amount: null, citation: "§ 89-a(4)(b)(1-c)(iii)", note: error.message });
    warnings.push(`Surcharge not entered: ${error.message}`);
  }

  const secondPilot = secondPilotLine(base.amount as Decimal, {
    continuousHours: input.continuousHours ?? null,
    relievedAtMidRiver: input.relievedAtMidRiver ?? false,
    anchoredEightHours: input.anchoredEightHours ?? false,
  });
  if (secondPilot) lines.push(secondPilot);

  for (const fee of boardFeeLines(input.section, input.date, input.boardFees ?? [])) {
    lines.push(fee);
    if (fee.amount === null) warnings.push(`${fee.label} not entered: the total leaves it out.`);
  }

  const total = lines.reduce((sum, line) => (line.amount === null ? sum : sum.plus(line.amount)), new Money(0));
  return {
    units: input.units,
    section: input.section,
    date: input.date,
    clause: schedule.rates.clause,
    citation: schedule.rates.citation,
    lines,
    total,
    complete: lines.every((line) => line.amount !== null),
    warnings,
    settingsNotDefault: settingsNotDefault(settings),
  };
}

/** A transit as people type it (cells, flags, form fields); every value is read by the shared readers. */
export interface TypedTransit {
  /** Pilotage units or "UNMEASURED"; omit when giving the three measurements. */
  units?: unknown;
  length?: unknown;
  breadth?: unknown;
  depth?: unknown;
  /** Unit for plain-number measurements: "ft" (default), "m", "in". */
  unit?: unknown;
  section: unknown;
  date: unknown;
  clause?: unknown;
  hours?: unknown;
  relievedAtMidRiver?: unknown;
  anchoredEightHours?: unknown;
  boardFees?: readonly BoardFeeRow[];
  boardSurcharge?: readonly BoardSurchargeRow[];
}

function isGiven(value: unknown): boolean {
  return !(value === null || value === undefined || (typeof value === "string" && value.trim() === ""));
}

/** Units from either the units value or the three measurements (D1, D2). */
export function readTransitUnits(typed: Pick<TypedTransit, "units" | "length" | "breadth" | "depth" | "unit">, settings: EngineSettings): PilotageUnits {
  const measurementsGiven = [typed.length, typed.breadth, typed.depth].some(isGiven);
  if (isGiven(typed.units) && measurementsGiven) {
    throw new PilotageInputError("BAD_FLAG", "Give either the pilotage units or the three measurements, not both.", "units");
  }
  if (measurementsGiven) {
    const unit: LengthUnit = parseLengthUnit(typed.unit);
    return { measured: true, units: pilotageUnitsFromMeasurements(typed.length, typed.breadth, typed.depth, settings, unit) };
  }
  return readPilotageUnits(typed.units, settings);
}

export function readTransit(typed: TypedTransit, settings: EngineSettings): TransitInput {
  return {
    units: readTransitUnits(typed, settings),
    section: readSection(typed.section),
    date: readDate(typed.date),
    clause: isGiven(typed.clause) ? parseClauseId(typed.clause) : null,
    continuousHours: readHours(typed.hours),
    relievedAtMidRiver: readFlag(typed.relievedAtMidRiver, "relieved at mid-river"),
    anchoredEightHours: readFlag(typed.anchoredEightHours, "anchored 8 hours"),
    boardFees: typed.boardFees,
    boardSurcharge: typed.boardSurcharge,
  };
}
