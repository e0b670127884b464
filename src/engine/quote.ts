/**
 * A transit's quote under § 89-a(4)(b): each charge worked by its own rule (charges/), in whole
 * cents, and the total (D14: the sum of the rounded lines that have amounts).
 *   base pilotage   (1)     units, section, date or the clause named
 *   surcharge       (1-c)   units, date, and the surcharge board's table after the sixtieth month
 *   second pilot    (1-a)   hours, section, relieved, anchored, and the base (D11: plus the surcharge)
 *   board fees      (1-a)   section, date, and the board's row in force
 * A quote's lines, notes and warnings are made when read: a column of totals needs none of them.
 */
import Decimal from "decimal.js";
import { baseFeeCents, baseFeeLine, baseFeeWorking, BaseFeeWorking } from "./charges/base-pilotage";
import { BoardFeeRow, boardFeeLinesOf, boardFeeRowOn, boardFeesAllEntered, boardFeesEnteredCents } from "./charges/board-fees";
import { ChargeCode, ChargeLine, chargeLine } from "./charges/line";
import { reliefAtMidRiverCounts, SecondPilotCircumstances, secondPilotBasisCents, secondPilotCents, secondPilotLine } from "./charges/second-pilot";
import { SURCHARGE_LABEL, surchargeCents, surchargeLineOf, SurchargeTableOn, surchargeTableOn } from "./charges/surcharge";
import { IsoDate } from "./dates";
import { isPilotageInputError, OrRefusal, PilotageInputError } from "./errors";
import { SCHEDULE_REASONS } from "./messages";
import { moneyOfCents } from "./money";
import { ClauseId, SectionNumber } from "./rates/base-pilotage";
import { boardFeesFor } from "./rates/board-fees";
import { ClauseInForce, scheduleFor } from "./schedule";
import { EngineSettings, settingsNotDefault } from "./settings";
import { TransitInput } from "./transit-reader";
import { transitWarnings } from "./transit-warnings";
import { chargedUnits, PilotageUnits } from "./units";

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
  /** The codes of the lines whose amount is not entered, in the lines' order (none: complete). */
  notEntered: readonly ChargeCode[];
  warnings: readonly string[];
  /** Settings that differ from interpretations.md's defaults, so a quote says what it assumed. */
  settingsNotDefault: readonly string[];
}

const UNMEASURED_WARNING = "Measurements not provided: the maximum pilotage charge (500 units) applies (§ 89-a(4)(d), D2).";

/** The quote of a transit, or the refusal that stops it (a date before the first clause, a total past 2^53 cents). */
export function quoteTransit(input: TransitInput, settings: EngineSettings): OrRefusal<Quote> {
  const schedule = scheduleFor(input.date, input.clause, settings);
  if (isPilotageInputError(schedule)) return schedule;
  const table = surchargeTableOn(input.date, input.boardSurcharge ?? [], settings);
  if (isPilotageInputError(table) && table.code !== "NO_SURCHARGE_TABLE") return table;
  const quote = new TransitQuote(input, settings, schedule, table);
  // D22: every line is at most a safe integer of cents (the readers' MAXIMUM_AMOUNT); so is the total, or it is refused.
  return Number.isSafeInteger(quote.totalCents) ? quote : new PilotageInputError(SCHEDULE_REASONS.totalTooLarge, {});
}

/** A transit's charges in whole cents, worked out when it is made; its lines, notes and warnings when read. */
class TransitQuote implements Quote {
  private readonly surchargeCents: number | null;
  /** Null: not entered (the surcharge it is a percentage of is not); undefined: no hours given, no line. */
  private readonly secondPilotCents: number | null | undefined;
  /** D11: what the second pilot's percentage is of (null: the surcharge it needs is not entered). */
  private readonly secondPilotBasis: number | null;
  private readonly feeRow: BoardFeeRow | null;
  readonly totalCents: number;
  readonly complete: boolean;

  constructor(
    private readonly input: TransitInput,
    private readonly settings: EngineSettings,
    private readonly schedule: ClauseInForce,
    private readonly surchargeTable: OrRefusal<SurchargeTableOn>,
  ) {
    const charged = chargedUnits(input.units);
    const baseCents = baseFeeCents(charged, input.section, schedule, settings);
    const surcharge = (this.surchargeCents = isPilotageInputError(surchargeTable) ? null : surchargeCents(charged, surchargeTable));
    this.secondPilotBasis = secondPilotBasisCents(baseCents, surcharge, settings.secondPilotBasis);
    const secondPilot = (this.secondPilotCents = secondPilotCents(this.secondPilotBasis, this.circumstances));
    const feeRow = (this.feeRow = boardFeeRowOn(input.date, input.boardFees ?? []));
    this.totalCents = baseCents + (surcharge ?? 0) + (secondPilot ?? 0) + boardFeesEnteredCents(input.section, feeRow);
    this.complete = surcharge !== null && secondPilot !== null && boardFeesAllEntered(input.section, feeRow);
  }

  /** (1-a), D21: the hours and what may spare the second pilot. */
  private get circumstances(): SecondPilotCircumstances {
    const { input } = this;
    return {
      continuousHours: input.continuousHours ?? null,
      relievedAtMidRiver: reliefAtMidRiverCounts(input.section, input.relievedAtMidRiver ?? false),
      anchoredEightHours: input.anchoredEightHours ?? false,
    };
  }

  get units(): PilotageUnits {
    return this.input.units;
  }

  get section(): SectionNumber {
    return this.input.section;
  }

  get date(): IsoDate {
    return this.input.date;
  }

  get clause(): ClauseId {
    return this.schedule.rates.clause;
  }

  get citation(): string {
    return this.schedule.rates.citation;
  }

  get total(): Decimal {
    return moneyOfCents(this.totalCents);
  }

  get settingsNotDefault(): readonly string[] {
    return settingsNotDefault(this.settings);
  }

  /** § 89-a(4)(b)(1): the arithmetic behind the base line. */
  get base(): BaseFeeWorking {
    return baseFeeWorking(this.input.units, this.input.section, this.schedule, this.settings);
  }

  get lines(): ChargeLine[] {
    const { input, settings, surchargeTable: table } = this;
    const lines = [baseFeeLine(this.base)];
    lines.push(
      isPilotageInputError(table)
        ? chargeLine("surcharge", SURCHARGE_LABEL, null, "§ 89-a(4)(b)(1-c)(iii)", () => table.message)
        : surchargeLineOf(input.units, table, this.surchargeCents as number),
    );
    const secondPilot = secondPilotLine(this.secondPilotBasis, this.circumstances, settings.secondPilotBasis);
    if (secondPilot !== null) lines.push(secondPilot);
    lines.push(...boardFeeLinesOf(input.section, input.date, this.feeRow));
    return lines;
  }

  /** The lines' codes whose amount is null, in the lines' order, from the amounts alone (no line made). */
  get notEntered(): readonly ChargeCode[] {
    const codes: ChargeCode[] = [];
    if (this.surchargeCents === null) codes.push("surcharge");
    if (this.secondPilotCents === null) codes.push("second_pilot");
    for (const fee of boardFeesFor(this.input.section)) if (this.feeRow === null || this.feeRow[fee.code] === null) codes.push(fee.code);
    return codes;
  }

  /** The schedule's warnings, what is not entered, then what the inputs call for (transit-warnings.ts). */
  get warnings(): readonly string[] {
    const warnings = [...this.schedule.warnings];
    if (!this.input.units.measured) warnings.push(UNMEASURED_WARNING);
    if (isPilotageInputError(this.surchargeTable)) warnings.push(`Surcharge not entered: ${this.surchargeTable.message}`);
    for (const fee of boardFeesFor(this.input.section)) {
      if (this.feeRow === null || this.feeRow[fee.code] === null) warnings.push(`${fee.label} not entered: the total leaves it out.`);
    }
    return transitWarnings(this.input, this.settings, this.feeRow, warnings);
  }

  toJSON() {
    const { units, section, date, clause, citation, lines, totalCents, complete, warnings } = this;
    return { units, section, date, clause, citation, lines, totalCents, complete, warnings, settingsNotDefault: this.settingsNotDefault };
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
