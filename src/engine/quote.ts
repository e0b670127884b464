import Decimal from "decimal.js";
import {
  BaseFeeWorking,
  baseFeeCents,
  baseFeeLine,
  baseFeeWorking,
  BoardFeeRow,
  boardFeeCents,
  boardFeesOfSection,
  boardFeeLinesOf,
  boardFeeRowOn,
  chargedUnits,
  chargeLine,
  ChargeCode,
  ChargeLine,
  reliefAtMidRiverCounts,
  secondPilotBasisCents,
  secondPilotCents,
  secondPilotLineFromCents,
} from "./charges";
import { SURCHARGE_LABEL, surchargeCents, surchargeLineOf, SurchargeTableOn, surchargeTableOrRefusal } from "./surcharge";
import { IsoDate } from "./dates";
import { PilotageInputError } from "./errors";
import { SCHEDULE_REASONS } from "./messages";
import { PilotageUnits } from "./inputs";
import { moneyOfCents } from "./exact";
import { ClauseId, SectionNumber } from "./rates/base-pilotage";
import { BOARD_FEES, boardFeesFor } from "./rates/board-fees";
import { ClauseInForce, scheduleFor } from "./schedule";
import { EngineSettings, settingsNotDefault } from "./settings";
import { TransitInput } from "./transit-reader";
import { transitWarnings } from "./transit-warnings";
import { ChargeUnits } from "./units";

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
const NO_ROWS: readonly never[] = Object.freeze([]);

/** A field of a transit that did not read: the reader's error, kept so that each line needing the field says so. */
export class Unread {
  constructor(readonly error: PilotageInputError) {}
}

/** A transit whose fields may not all have read (transitLines): each is its value, or Unread. */
export type ComposableTransit = { [Field in keyof TransitInput]: TransitInput[Field] | Unread };

/** An error the rules raise about the input (a date before the first clause) is the line's outcome; any other is a bug, thrown. */
function inputErrorOf(error: unknown): PilotageInputError {
  if (error instanceof PilotageInputError) return error;
  throw error;
}

/** The first of the fields that did not read, in the order given. */
function firstUnread(a: unknown, b: unknown, c?: unknown, d?: unknown): PilotageInputError | null {
  if (a instanceof Unread) return a.error;
  if (b instanceof Unread) return b.error;
  if (c instanceof Unread) return c.error;
  if (d instanceof Unread) return d.error;
  return null;
}

/** § 89-a(4)(b)(1), D6: the base-rate clause in force on the date, or the one named. */
function scheduleOf(t: ComposableTransit, everyFieldRead: boolean, settings: EngineSettings): ClauseInForce | PilotageInputError {
  const unread = everyFieldRead ? null : firstUnread(t.units, t.section, t.date, t.clause);
  if (unread !== null) return unread;
  try {
    return scheduleFor(t.date as IsoDate, t.clause as ClauseId | null | undefined, settings);
  } catch (error) {
    return inputErrorOf(error);
  }
}

/** § 89-a(4)(b)(1-c), D8: the statute's table for the month, else the surcharge board's row in force (NO_SURCHARGE_TABLE: not entered). */
function surchargeTableOf(t: ComposableTransit, everyFieldRead: boolean, settings: EngineSettings): SurchargeTableOn | PilotageInputError {
  const unread = everyFieldRead ? null : firstUnread(t.units, t.date);
  if (unread !== null) return unread;
  return surchargeTableOrRefusal(t.date as IsoDate, (t.boardSurcharge as TransitInput["boardSurcharge"]) ?? NO_ROWS, settings);
}

const notEnteredSurcharge = (error: PilotageInputError) => error.code === "NO_SURCHARGE_TABLE";

/**
 * The lists of charges not entered (ComposedCharges.notEntered), one frozen list per combination,
 * by a bit per charge in the lines' order: the surcharge, the second pilot, then each board fee
 * in BOARD_FEES's order (the order boardFeesFor keeps).
 */
const NOT_ENTERED_ORDER: readonly ChargeCode[] = ["surcharge", "second_pilot", ...BOARD_FEES.map((fee) => fee.code)];
const NOT_ENTERED_BIT = Object.fromEntries(NOT_ENTERED_ORDER.map((code, index) => [code, 1 << index])) as Record<ChargeCode, number>;
const notEnteredLists = new Map<number, readonly ChargeCode[]>();
function notEnteredList(bits: number): readonly ChargeCode[] {
  let list = notEnteredLists.get(bits);
  if (list === undefined) {
    list = Object.freeze(NOT_ENTERED_ORDER.filter((code) => (bits & NOT_ENTERED_BIT[code]) !== 0));
    notEnteredLists.set(bits, list);
  }
  return list;
}

/**
 * The one composition of a transit's charges under § 89-a(4)(b), for a quote (every field read)
 * and for a row's lines one by one (transitLines). Each line is worked from the fields it needs
 * alone, in whole cents (the exact integer path, D22):
 *   base pilotage   (1)     units, section, date, clause
 *   surcharge       (1-c)   units, date, and the surcharge board's table after the sixtieth month
 *   second pilot    (1-a)   hours, section, relieved, anchored, and the base (D11: plus the surcharge)
 *   board fees      (1-a)   section, date, and the board's row in force
 *   total           D14: the sum of the rounded lines with amounts.
 * The line objects, their notes and the warnings are made when first read: a column of a million
 * totals builds none of them.
 */
export class ComposedCharges {
  readonly transitUnits: PilotageUnits | Unread;
  readonly transitSection: SectionNumber | Unread;
  readonly transitDate: IsoDate | Unread;
  /** The base-rate clause (§ 89-a(4)(b)(1)) the base fee is worked under. */
  readonly schedule: ClauseInForce | PilotageInputError;
  /** Whole cents of base pilotage (0 when the schedule is an error). */
  readonly baseCents: number;
  private readonly charged: ChargeUnits | null;
  private baseWorking: BaseFeeWorking | undefined = undefined;
  readonly surchargeTable: SurchargeTableOn | PilotageInputError;
  /** Whole cents, or null when the surcharge is not entered or cannot be worked out. */
  readonly surchargeCents: number | null;
  /** Whole cents; null: not entered (D11 with the surcharge not entered); undefined: no hours given. */
  readonly secondPilotCents: number | null | undefined | PilotageInputError;
  /** The board's fee row in force (null: none entered for the date). */
  readonly feeRow: BoardFeeRow | null | PilotageInputError;
  readonly totalCents: number;
  readonly complete: boolean;
  /** Why there is no total: the first field that did not read, else the rules' own error. */
  readonly problem: PilotageInputError | null;
  private lineList: ChargeLine[] | undefined = undefined;
  private feeLineList: readonly ChargeLine[] | undefined = undefined;
  private warningList: readonly string[] | undefined = undefined;

  /** `everyFieldRead`: the transit has no Unread field (a quote's), so no field is checked for one. */
  constructor(
    private readonly transit: ComposableTransit,
    everyFieldRead: boolean,
    readonly settings: EngineSettings,
  ) {
    this.transitUnits = transit.units;
    this.transitSection = transit.section;
    this.transitDate = transit.date;
    const charged = (this.charged = transit.units instanceof Unread ? null : chargedUnits(transit.units));
    const schedule = (this.schedule = scheduleOf(transit, everyFieldRead, settings));
    const base = (this.baseCents = schedule instanceof PilotageInputError ? 0 : baseFeeCents(charged as ChargeUnits, transit.section as SectionNumber, schedule, settings));
    const table = (this.surchargeTable = surchargeTableOf(transit, everyFieldRead, settings));
    const surcharge = (this.surchargeCents = table instanceof PilotageInputError ? null : surchargeCents(charged as ChargeUnits, table));

    // D11: the 50% is of base pilotage, or of base plus surcharge under the setting.
    const hours = transit.continuousHours ?? null;
    const relieved = transit.relievedAtMidRiver ?? false;
    const anchored = transit.anchoredEightHours ?? false;
    const basis = settings.secondPilotBasis;
    const secondPilotUnread = everyFieldRead ? null : firstUnread(hours, transit.section, relieved, anchored);
    let secondPilot: number | null | undefined | PilotageInputError;
    if (secondPilotUnread !== null) secondPilot = secondPilotUnread;
    else if (hours === null) secondPilot = undefined;
    else if (schedule instanceof PilotageInputError) secondPilot = schedule;
    // A surcharge that could not be worked out leaves the basis of basePlusSurcharge unknown.
    else if (basis === "basePlusSurcharge" && table instanceof PilotageInputError && !notEnteredSurcharge(table)) secondPilot = table;
    else {
      const basisCents = secondPilotBasisCents(base, surcharge, basis);
      secondPilot = secondPilotCents(basisCents, hours as number, reliefAtMidRiverCounts(transit.section as SectionNumber, relieved as boolean), anchored as boolean);
    }
    this.secondPilotCents = secondPilot;

    // D10: the board's fees in force on the date, on the sections that pay them.
    const feesUnread = everyFieldRead ? null : firstUnread(transit.section, transit.date);
    const feeRow = (this.feeRow = feesUnread ?? boardFeeRowOn(transit.date as IsoDate, (transit.boardFees as TransitInput["boardFees"]) ?? NO_ROWS));

    let problem = everyFieldRead ? null : (firstUnread(transit.units, transit.section, transit.date, transit.clause) ?? firstUnread(hours, relieved, anchored));
    if (problem === null && schedule instanceof PilotageInputError) problem = schedule;
    if (problem === null && table instanceof PilotageInputError && !notEnteredSurcharge(table)) problem = table;
    let totalCents = 0;
    let complete = true;
    if (problem === null) {
      totalCents = base;
      if (surcharge === null) complete = false;
      else totalCents += surcharge;
      if (secondPilot === null) complete = false;
      else if (typeof secondPilot === "number") totalCents += secondPilot;
      const fees = boardFeesOfSection(transit.section as SectionNumber, feeRow as BoardFeeRow | null);
      totalCents += fees.enteredCents;
      if (!fees.allEntered) complete = false;
      // D22: every line is at most a safe integer of cents (readers' MAXIMUM_AMOUNT); so is the total, or it is refused.
      if (!Number.isSafeInteger(totalCents)) {
        problem = new PilotageInputError(SCHEDULE_REASONS.totalTooLarge, {});
      }
    }
    this.totalCents = totalCents;
    this.complete = complete;
    this.problem = problem;
  }

  /**
   * The codes of the lines whose amount is not entered (null), in the lines' order, from what the
   * lines are made of, with no line made: a column of totals without the board's tables says what
   * is missing in every row.
   */
  get notEntered(): readonly ChargeCode[] {
    let bits = 0;
    const table = this.surchargeTable;
    if (table instanceof PilotageInputError && notEnteredSurcharge(table)) bits |= NOT_ENTERED_BIT.surcharge;
    if (this.secondPilotCents === null) bits |= NOT_ENTERED_BIT.second_pilot;
    const feeRow = this.feeRow;
    if (!(feeRow instanceof PilotageInputError)) {
      const cents = feeRow === null ? null : boardFeeCents(feeRow);
      for (const fee of boardFeesFor(this.transitSection as SectionNumber)) if (cents === null || cents[fee.code] === null) bits |= NOT_ENTERED_BIT[fee.code];
    }
    return notEnteredList(bits);
  }

  /** § 89-a(4)(b)(1): the arithmetic behind the base fee (baseFeeCents), made when first read. */
  get base(): BaseFeeWorking | PilotageInputError {
    const schedule = this.schedule;
    if (schedule instanceof PilotageInputError) return schedule;
    return (this.baseWorking ??= baseFeeWorking(this.transitUnits as PilotageUnits, this.transitSection as SectionNumber, schedule, this.settings, this.charged as ChargeUnits));
  }

  /** § 89-a(4)(b)(1): the base line, when the base could be worked out. */
  baseLine(): ChargeLine | null {
    return this.base instanceof PilotageInputError ? null : baseFeeLine(this.base);
  }

  /** (1-c): the surcharge line, with a null amount when not entered; null when it cannot be worked out. */
  surchargeLine(): ChargeLine | null {
    const table = this.surchargeTable;
    if (table instanceof PilotageInputError) {
      return notEnteredSurcharge(table) ? chargeLine("surcharge", SURCHARGE_LABEL, null, "§ 89-a(4)(b)(1-c)(iii)", () => table.message) : null;
    }
    const units = this.transitUnits as PilotageUnits;
    return surchargeLineOf(units, chargedUnits(units), table, this.surchargeCents as number);
  }

  /** (1-a): the second pilot's line; null when no hours were given or it cannot be worked out. */
  secondPilotLine(): ChargeLine | null {
    if (typeof this.secondPilotCents !== "number" && this.secondPilotCents !== null) return null;
    const section = this.transitSection as SectionNumber;
    const basis = this.settings.secondPilotBasis;
    return secondPilotLineFromCents(secondPilotBasisCents(this.baseCents, this.surchargeCents, basis), {
      continuousHours: this.transit.continuousHours as number,
      relievedAtMidRiver: reliefAtMidRiverCounts(section, (this.transit.relievedAtMidRiver as boolean | undefined) ?? false),
      anchoredEightHours: (this.transit.anchoredEightHours as boolean | undefined) ?? false,
    }, basis);
  }

  /** (1-a): the lines of the fees the transit's section pays; null when the section or date did not read. */
  boardFeeLines(): readonly ChargeLine[] | null {
    if (this.feeRow instanceof PilotageInputError) return null;
    return (this.feeLineList ??= boardFeeLinesOf(this.transitSection as SectionNumber, this.transitDate as IsoDate, this.feeRow));
  }

  /** Every line, in the quote's order (only when the base could be worked out). */
  get lines(): ChargeLine[] {
    if (this.lineList === undefined) {
      const lines: ChargeLine[] = [];
      const base = this.baseLine();
      if (base !== null) lines.push(base);
      const surcharge = this.surchargeLine();
      if (surcharge !== null) lines.push(surcharge);
      const secondPilot = this.secondPilotLine();
      if (secondPilot !== null) lines.push(secondPilot);
      const feeLines = this.boardFeeLines();
      // Indexed: a frozen row's lines are a shared frozen list (boardFeeLinesOf), where for…of made an iterator result per line.
      if (feeLines !== null) for (let i = 0; i < feeLines.length; i++) lines.push(feeLines[i]);
      this.lineList = lines;
    }
    return this.lineList;
  }

  /** The schedule's warnings, what is not entered, then what the inputs call for (transit-warnings.ts). */
  get warnings(): readonly string[] {
    if (this.warningList === undefined) {
      const base = this.base as BaseFeeWorking;
      // The schedule's warnings (a shared list) first, then this quote's own after them.
      const shared = base.clause.warnings;
      // Copied by index: slice() of a frozen list takes V8's slow path (a thousand instructions a quote).
      const all: string[] = [];
      for (let i = 0; i < shared.length; i++) all.push(shared[i]);
      if (base.unmeasured) all.push(UNMEASURED_WARNING);
      const table = this.surchargeTable;
      if (table instanceof PilotageInputError) all.push(`Surcharge not entered: ${table.message}`);
      const feeLines = this.boardFeeLines();
      if (feeLines !== null) for (let i = 0; i < feeLines.length; i++) if (feeLines[i].amountCents === null) all.push(`${feeLines[i].label} not entered: the total leaves it out.`);
      transitWarnings(this.transit as TransitInput, this.settings, this.feeRow as BoardFeeRow | null, all);
      // Always the quote's own list, even with no warning of its own: a reader of the warnings
      // (a card, a spill) then meets one kind of list, not sometimes the schedule's frozen one.
      this.warningList = all;
    }
    return this.warningList;
  }
}

/** A quote: the composition of a transit whose every field read and whose charges could all be worked out. */
class TransitQuote extends ComposedCharges implements Quote {
  get units(): PilotageUnits {
    return this.transitUnits as PilotageUnits;
  }

  get section(): SectionNumber {
    return this.transitSection as SectionNumber;
  }

  get date(): IsoDate {
    return this.transitDate as IsoDate;
  }

  get clause(): ClauseId {
    return (this.schedule as ClauseInForce).rates.clause;
  }

  get citation(): string {
    return (this.schedule as ClauseInForce).rates.citation;
  }

  get total(): Decimal {
    return moneyOfCents(this.totalCents);
  }

  get settingsNotDefault(): readonly string[] {
    return settingsNotDefault(this.settings);
  }

  toJSON() {
    const { units, section, date, clause, citation, lines, totalCents, complete, warnings } = this;
    return { units, section, date, clause, citation, lines, totalCents, complete, warnings, settingsNotDefault: this.settingsNotDefault };
  }
}

/** The transit's base fee under the clause in force on its date (or the clause it names). */
export function baseFeeOn(transit: Pick<TransitInput, "units" | "section" | "date" | "clause">, settings: EngineSettings): BaseFeeWorking {
  return baseFeeWorking(transit.units, transit.section, scheduleFor(transit.date, transit.clause, settings), settings);
}

/** The composition of a transit's charges; `quote` is it as a quote, when every field read and every charge could be worked out. */
export function composeCharges(transit: ComposableTransit, settings: EngineSettings): { charges: ComposedCharges; quote: Quote | null } {
  const charges = new TransitQuote(transit, false, settings);
  return { charges, quote: charges.problem === null ? charges : null };
}

/** The quote of a transit, or the first error that stops it (a date before the first clause, a total past 2^53 cents). */
export function quoteTransit(input: TransitInput, settings: EngineSettings): Quote {
  const quote = quoteOrRefusal(input, settings);
  if (quote instanceof PilotageInputError) throw quote;
  return quote;
}

/** quoteTransit with the error that stops it returned, not thrown: for a column of transits, where a throw costs more than the row's work. */
export function quoteOrRefusal(input: TransitInput, settings: EngineSettings): Quote | PilotageInputError {
  const quote = new TransitQuote(input, true, settings);
  return quote.problem ?? quote;
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
