import Decimal from "decimal.js";
import {
  chargeLine,
  baseFeeLine,
  baseFeeWorking,
  BaseFeeWorking,
  boardFeeLines,
  ChargeLine,
  reliefAtMidRiverCounts,
  secondPilotBasisCents,
  secondPilotLineFromCents,
  surchargeLine,
  surchargeTableOn,
} from "./charges";
import { IsoDate } from "./dates";
import { PilotageInputError } from "./errors";
import { PilotageUnits } from "./inputs";
import { moneyOfCents } from "./exact";
import { ClauseId, SectionNumber } from "./rates/base-pilotage";
import { scheduleFor } from "./schedule";
import { EngineSettings, settingsNotDefault } from "./settings";
import { TransitInput } from "./transit-reader";
import { transitWarnings } from "./transit-warnings";

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

/** The transit's base fee under the clause in force on its date (or the clause it names): the schedule and the fee, composed here only. */
export function baseFeeOn(transit: Pick<TransitInput, "units" | "section" | "date" | "clause">, settings: EngineSettings): BaseFeeWorking {
  return baseFeeWorking(transit.units, transit.section, scheduleFor(transit.date, transit.clause, settings), settings);
}

export function quoteTransit(input: TransitInput, settings: EngineSettings): Quote {
  const working = baseFeeOn(input, settings);
  const schedule = working.clause;
  // The schedule's warnings are shared; copy only when this quote adds its own.
  let warnings: readonly string[] = schedule.warnings;
  const warn = (text: string) => {
    warnings = [...warnings, text];
  };

  const base = baseFeeLine(working);
  const lines: ChargeLine[] = [base];
  if (!input.units.measured) warn(UNMEASURED_WARNING);

  let surcharge: ChargeLine;
  try {
    surcharge = surchargeLine(input.units, surchargeTableOn(input.date, input.boardSurcharge ?? [], settings));
  } catch (error) {
    if (!(error instanceof PilotageInputError) || error.code !== "NO_SURCHARGE_TABLE") throw error;
    surcharge = chargeLine("surcharge", SURCHARGE_LABEL, null, "§ 89-a(4)(b)(1-c)(iii)", () => error.message);
    warn(`Surcharge not entered: ${error.message}`);
  }
  lines.push(surcharge);

  // D11: the 50% is of base pilotage, or of base plus surcharge under the setting.
  const basisCents = secondPilotBasisCents(base.amountCents as number, surcharge.amountCents, settings.secondPilotBasis);
  const secondPilot = secondPilotLineFromCents(basisCents, {
    continuousHours: input.continuousHours ?? null,
    relievedAtMidRiver: reliefAtMidRiverCounts(input.section, input.relievedAtMidRiver ?? false),
    anchoredEightHours: input.anchoredEightHours ?? false,
  }, settings.secondPilotBasis);
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
  // D22: every line is at most a safe integer of cents (readers' MAXIMUM_AMOUNT); so is the total, or it is refused.
  if (!Number.isSafeInteger(totalCents)) {
    throw new PilotageInputError("IMPLAUSIBLE", "The quote's total is too large to be exact to the cent: check the amounts entered (D22).");
  }
  for (const warning of transitWarnings(input, settings)) warn(warning);
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

/**
 * D14 over several transits (a call's quote, a batch file): the sum of each quote's total, and of
 * the complete quotes' only, in whole cents. Add quotes one at a time, so a stream of a million
 * rows keeps no quote.
 */
export class TotalOfQuotes {
  /** Every quote's total: the lines with amounts. */
  totalCents = 0;
  /** The complete quotes' totals only. */
  completeTotalCents = 0;
  quotes = 0;
  incomplete = 0;

  add(quote: Pick<Quote, "totalCents" | "complete">): this {
    this.totalCents += quote.totalCents;
    if (quote.complete) this.completeTotalCents += quote.totalCents;
    else this.incomplete += 1;
    this.quotes += 1;
    return this;
  }

  /** True when every quote added is complete (and there is at least one). */
  get complete(): boolean {
    return this.quotes > 0 && this.incomplete === 0;
  }

  get total(): Decimal {
    return moneyOfCents(this.totalCents);
  }

  get completeTotal(): Decimal {
    return moneyOfCents(this.completeTotalCents);
  }
}

export function totalOfQuotes(quotes: Iterable<Pick<Quote, "totalCents" | "complete">>): TotalOfQuotes {
  const sum = new TotalOfQuotes();
  for (const quote of quotes) sum.add(quote);
  return sum;
}
