/**
 * The surcharge, § 89-a(4)(b)(1-c):
 *
 *   "(ii) The amount of the surcharge … shall be computed as follows:
 *    PILOTAGE UNITS  SURCHARGE / 0 to 50  $113.00 / 51 to 100  $138.00 / over 100  $1.38 per pilot unit
 *    during the first twelve months after the effective date of this subparagraph." (and four more
 *    twelve-month tables), after which the surcharge is "determined quarterly by the Hudson River
 *    pilots surcharge board" ((1-c)(i), (iii)).
 *
 * D7: "51 to 100" is more than 50 up to 100; "over 100" is per unit on every unit, with no maximum.
 * D8: the statutory tables by months after the act's effective date (a setting), then the board's
 * dated rows, which are the user's data (rates/surcharge.ts).
 */
import { addMonthsGcl30, IsoDate, monthsSince, rowInForce } from "../dates";
import { OrRefusal, PilotageInputError } from "../errors";
import { SCHEDULE_REASONS } from "../messages";
import { centsOf, formatUsd, Money, wholeCentsOfText } from "../money";
import { BOARD_SURCHARGE_CITATION, STATUTORY_SURCHARGE_PERIODS, StatutorySurchargePeriod, SurchargeBands } from "../rates/surcharge";
import { SURCHARGE_BANDS, UNMEASURED_CHARGE } from "../rates/thresholds";
import { EngineSettings } from "../settings";
import { ChargeUnits, chargedUnits, compareUnits, PilotageUnits, timesCents, timesRate, unitsText, unitsWords } from "../units";
import { ChargeLine, chargeLine } from "./line";

type SurchargeBand = "first" | "second" | "perUnit";

/** D7: 0 to 50 units → the first band; 51 to 100 (more than 50 up to 100) → the second; over 100 → per unit. */
function surchargeBandOf(charged: ChargeUnits): SurchargeBand {
  if (compareUnits(charged, SURCHARGE_BANDS.firstUpTo.units) <= 0) return "first";
  if (compareUnits(charged, SURCHARGE_BANDS.secondUpTo.units) <= 0) return "second";
  return "perUnit";
}

/** The surcharge in whole cents: the band's flat amount, or over 100 units the per-unit amount on every unit. D2: an unmeasured vessel is charged at the maximum. */
export function surchargeCents(charged: ChargeUnits, table: SurchargeTableOn): number {
  const { bands } = table;
  switch (surchargeBandOf(charged)) {
    case "first":
      return wholeCentsOfText(bands.upTo50Units) ?? centsOf(new Money(bands.upTo50Units));
    case "second":
      return wholeCentsOfText(bands.over50UpTo100Units) ?? centsOf(new Money(bands.over50UpTo100Units));
    case "perUnit": {
      // A board's rate may carry more than two decimals ($3.605, say): decimal.js then multiplies it.
      const rateCents = wholeCentsOfText(bands.perUnitOver100Units);
      return rateCents === null ? timesRate(charged, bands.perUnitOver100Units) : timesCents(charged, rateCents);
    }
  }
}

/** A surcharge board table row (D8), in force from its date until the next row. */
export interface BoardSurchargeRow extends SurchargeBands {
  from: IsoDate;
  /** A row given for one transit (the CLI's flag), whose own from-date is not known (see BoardFeeRow). */
  forThisTransit?: boolean;
}

/** The table a transit's surcharge is worked from. */
export interface SurchargeTableOn {
  bands: SurchargeBands;
  citation: string;
  /** "first twelve months after the effective date (from 2015-11-20 …)" or "surcharge board table from 2021-01-01". */
  source: string;
  assumed: boolean;
}

/** The month after the last statutory table's (the sixtieth). */
const BOARD_FROM_MONTH = STATUTORY_SURCHARGE_PERIODS[STATUTORY_SURCHARGE_PERIODS.length - 1].throughMonth;

/** D8: the first day after the sixtieth month, from which the surcharge board's rows apply. */
export function boardSurchargeFrom(settings: EngineSettings): IsoDate {
  return addMonthsGcl30(settings.actEffectiveDate, BOARD_FROM_MONTH);
}

/** The board surcharge row in force on a date (the latest from-date on or before it), or null. */
export function boardSurchargeRowOn(date: IsoDate, rows: readonly BoardSurchargeRow[]): BoardSurchargeRow | null {
  return rowInForce(date, rows);
}

/**
 * D8: the statutory table for the month after the act's effective date, else the board's row in
 * force; refused before the act, and after the sixtieth month with no board row entered.
 */
export function surchargeTableOn(date: IsoDate, boardRows: readonly BoardSurchargeRow[], settings: EngineSettings): OrRefusal<SurchargeTableOn> {
  const anchor = settings.actEffectiveDate;
  if (date < anchor) return new PilotageInputError(SCHEDULE_REASONS.beforeSurcharge, { date, actEffectiveDate: anchor }, "date");
  const months = monthsSince(anchor, date);
  for (let i = 0; i < STATUTORY_SURCHARGE_PERIODS.length; i++) {
    if (months < STATUTORY_SURCHARGE_PERIODS[i].throughMonth) return new StatutoryTable(STATUTORY_SURCHARGE_PERIODS[i], anchor);
  }
  const row = rowInForce(date, boardRows);
  if (row === null) return new PilotageInputError(SCHEDULE_REASONS.noSurchargeTable, { date, boardFrom: boardSurchargeFrom(settings) }, "board_surcharge");
  return new BoardTable(row);
}

/** D8: a statutory table, from the month its period starts after the act's effective date (`anchor`); its source is worded when read. */
class StatutoryTable implements SurchargeTableOn {
  readonly assumed = true;
  readonly citation: string;

  constructor(
    readonly bands: StatutorySurchargePeriod,
    private readonly anchor: IsoDate,
  ) {
    this.citation = bands.citation;
  }

  get source(): string {
    const { bands, anchor } = this;
    return `${bands.periodWords} after the effective date (from ${addMonthsGcl30(anchor, bands.fromMonth - 1)}, assumed from setting actEffectiveDate ${anchor})`;
  }
}

/** D8: the surcharge board's row in force. */
class BoardTable implements SurchargeTableOn {
  readonly assumed = false;
  readonly citation = BOARD_SURCHARGE_CITATION;

  constructor(readonly bands: BoardSurchargeRow) {}

  get source(): string {
    return `surcharge board table from ${this.bands.from}`;
  }
}

export const SURCHARGE_LABEL = "Surcharge (pilots' retirement funding)";

/** "$2.60", or "$3.605" for a board rate with more decimals. */
function rateText(rate: string): string {
  const amount = new Money(rate);
  return `$${amount.toFixed(Math.max(2, amount.decimalPlaces()))}`;
}

/** The surcharge line of `amountCents` (surchargeCents on the same units and table). */
export function surchargeLineOf(units: PilotageUnits, table: SurchargeTableOn, amountCents: number): ChargeLine {
  const citation = units.measured ? table.citation : `${table.citation}; ${UNMEASURED_CHARGE.citation}`;
  return chargeLine("surcharge", SURCHARGE_LABEL, amountCents, citation, () => `${unitsWords(units)} ${surchargeWorking(chargedUnits(units), table, amountCents)}; ${table.source}`);
}

function surchargeWorking(charged: ChargeUnits, table: SurchargeTableOn, amountCents: number): string {
  const { firstUpTo, secondUpTo } = SURCHARGE_BANDS;
  const amount = formatUsd(amountCents);
  switch (surchargeBandOf(charged)) {
    case "first":
      return `in the 0–${firstUpTo.units} band: ${amount}`;
    case "second":
      return `in the ${firstUpTo.units + 1}–${secondUpTo.units} band: ${amount}`;
    case "perUnit":
      return `over ${secondUpTo.units}: ${unitsText(charged)} × ${rateText(table.bands.perUnitOver100Units)} = ${amount}`;
  }
}

/** The surcharge line of a vessel's units under a table. */
export function surchargeLine(units: PilotageUnits, table: SurchargeTableOn): ChargeLine {
  return surchargeLineOf(units, table, surchargeCents(chargedUnits(units), table));
}
