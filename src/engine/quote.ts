import Decimal from "decimal.js";
import {
  chargeLine,
  baseFeeLine,
  baseFeeWorking,
  boardFeeLines,
  BoardFeeRow,
  BoardSurchargeRow,
  ChargeLine,
  secondPilotLineFromCents,
  surchargeLine,
  surchargeTableOn,
} from "./charges";
import { IsoDate, readDate } from "./dates";
import { PilotageInputError } from "./errors";
import { PilotageUnits, readFlag, readHours, readPilotageUnits, readSection } from "./inputs";
import { LengthUnit, parseLengthUnit, pilotageUnitsFromMeasurements } from "./measure";
import { moneyOfCents } from "./exact";
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
  totalCents: number;
  /** False when a line's amount is not entered (a board fee or the board surcharge). */
  complete: boolean;
  warnings: readonly string[];
  /** Settings that differ from interpretations.md's defaults, so a quote says what it assumed. */
  settingsNotDefault: readonly string[];
}

const SURCHARGE_LABEL = "Surcharge (pilots' retirement funding)";
const UNMEASURED_WARNING = "Measurements not provided: the maximum pilotage charge (500 units) applies (§ 89-a(4)(d), D2).";

export function quoteTransit(input: TransitInput, settings: EngineSettings): Quote {
  const schedule = scheduleFor(input.date, input.clause, settings);
  // The schedule's warnings are shared; copy only when this quote adds its own.
  let warnings: readonly string[] = schedule.warnings;
  const warn = (text: string) => {
    warnings = [...warnings, text];
  };

  const base = baseFeeLine(baseFeeWorking(input.units, input.section, schedule, settings));
  const lines: ChargeLine[] = [base];
  if (!input.units.measured) warn(UNMEASURED_WARNING);

  try {
    lines.push(surchargeLine(input.units, surchargeTableOn(input.date, input.boardSurcharge ?? [], settings)));
  } catch (error) {
    if (!(error instanceof PilotageInputError) || error.code !== "NO_SURCHARGE_TABLE") throw error;
    lines.push(chargeLine("surcharge", SURCHARGE_LABEL, null, "§ 89-a(4)(b)(1-c)(iii)", () => error.message));
    warn(`Surcharge not entered: ${error.message}`);
  }

  const secondPilot = secondPilotLineFromCents(base.amountCents as number, {
    continuousHours: input.continuousHours ?? null,
    relievedAtMidRiver: input.relievedAtMidRiver ?? false,
    anchoredEightHours: input.anchoredEightHours ?? false,
  });
  if (secondPilot) lines.push(secondPilot);

  let totalCents = 0;
  let complete = true;
  for (const fee of boardFeeLines(input.section, input.date, input.boardFees ?? [])) {
    lines.push(fee);
    if (fee.amountCents === null) warn(`${fee.label} not entered: the total leaves it out.`);
  }
  for (const line of lines) {
    if (line.amountCents === null) complete = false;
    else totalCents += line.amountCents;
  }
  return new TransitQuote(input, schedule.rates.clause, schedule.rates.citation, lines, totalCents, complete, warnings, settingsNotDefault(settings));
}

class TransitQuote implements Quote {
  readonly units: PilotageUnits;
  readonly section: SectionNumber;
  readonly date: IsoDate;

  constructor(
    input: TransitInput,
    readonly clause: ClauseId,
    readonly citation: string,
    readonly lines: ChargeLine[],
    readonly totalCents: number,
    readonly complete: boolean,
    readonly warnings: readonly string[],
    readonly settingsNotDefault: readonly string[],
  ) {
    this.units = input.units;
    this.section = input.section;
    this.date = input.date;
  }

  get total(): Decimal {
    return moneyOfCents(this.totalCents);
  }
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
  // Beside measurements, a units cell of 0 is desktop Excel's empty cell.
  if (isGiven(typed.units) && measurementsGiven && typed.units !== 0) {
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
