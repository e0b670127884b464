/**
 * The surcharge, § 89-a(4)(b)(1-c): the statutory table of the month after the act's effective
 * date, then the surcharge board's dated rows (D8), banded by units (D7).
 */
import { addMonthsGcl30, IsoDate } from "./dates";
import { PilotageInputError } from "./errors";
import { SCHEDULE_REASONS } from "./messages";
import { centsOfText, memoizedForFrozen, moneyOfCents } from "./exact";
import { PilotageUnits } from "./inputs";
import { formatUsd, Money, toCents } from "./money";
import { BOARD_SURCHARGE_CITATION, STATUTORY_SURCHARGE_PERIODS, SurchargeBands } from "./rates/surcharge";
import { SURCHARGE_BANDS } from "./rates/thresholds";
import { ChargeUnits } from "./units";
import { EngineSettings } from "./settings";
import { ChargeLine, chargeLine, chargedUnits, rowInForce, UNMEASURED_CITATION, unitsText, unitsWords } from "./charges";

/** A surcharge board table row (D8), in force from its date until the next row. */
export interface BoardSurchargeRow extends SurchargeBands {
  from: IsoDate;
  /** A row given for one transit (the CLI's flag), whose own from-date is not known (see BoardFeeRow). */
  forThisTransit?: boolean;
}

export interface SurchargeTableOn {
  bands: SurchargeBands;
  /** The bands in whole cents, worked out once with the table (null: an amount with more than two decimals). */
  cents: BandCents;
  citation: string;
  /** "first twelve months after the effective date (from 2015-11-20 …)" or "surcharge board table from 2021-01-01". */
  source: string;
  assumed: boolean;
}

export interface BandCents { upTo50: number | null; over50UpTo100: number | null; perUnit: number | null }
/** Board amounts may carry more than two decimals (a per-unit rate of $3.605, say): those take decimal.js. */
function bandCentsOf(bands: SurchargeBands): BandCents {
  const exact = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text) ? centsOfText(text) : null);
  return { upTo50: exact(bands.upTo50Units), over50UpTo100: exact(bands.over50UpTo100Units), perUnit: exact(bands.perUnitOver100Units) };
}

interface StatutoryPeriodOn { first: IsoDate; afterLast: IsoDate; table: SurchargeTableOn }
const statutoryPeriodsCache = new Map<IsoDate, StatutoryPeriodOn[]>();

/** D8: the five periods' dates under an anchor, worked out once per anchor. */
let lastPeriods: { anchor: IsoDate; periods: StatutoryPeriodOn[] } | null = null;

function statutoryPeriodsFrom(anchor: IsoDate): StatutoryPeriodOn[] {
  if (lastPeriods !== null && lastPeriods.anchor === anchor) return lastPeriods.periods;
  let periods = statutoryPeriodsCache.get(anchor);
  if (!periods) {
    periods = STATUTORY_SURCHARGE_PERIODS.map((period) => {
      const first = addMonthsGcl30(anchor, period.fromMonth - 1);
      return {
        first,
        afterLast: addMonthsGcl30(anchor, period.throughMonth),
        table: {
          bands: period,
          cents: bandCentsOf(period),
          citation: period.citation,
          source: `${period.periodWords} after the effective date (from ${first}, assumed from setting actEffectiveDate ${anchor})`,
          assumed: true,
        },
      };
    });
    statutoryPeriodsCache.set(anchor, periods);
  }
  lastPeriods = { anchor, periods };
  return periods;
}


const boardSurchargeTable = memoizedForFrozen(
  (row: BoardSurchargeRow): SurchargeTableOn => ({ bands: row, cents: bandCentsOf(row), citation: BOARD_SURCHARGE_CITATION, source: `surcharge board table from ${row.from}`, assumed: false }),
);

/** D8: the first day after the sixtieth month, from which the surcharge board's rows apply. */
export function boardSurchargeFrom(settings: EngineSettings): IsoDate {
  const periods = statutoryPeriodsFrom(settings.actEffectiveDate);
  return periods[periods.length - 1].afterLast;
}

/** The board surcharge row in force on a date (the latest from-date on or before it), or null. */
export function boardSurchargeRowOn(date: IsoDate, rows: readonly BoardSurchargeRow[]): BoardSurchargeRow | null {
  return rowInForce(date, rows);
}

/** D8: the statutory table for the month after the act's effective date, else the board's row in force. */
export function surchargeTableOn(date: IsoDate, boardRows: readonly BoardSurchargeRow[], settings: EngineSettings): SurchargeTableOn {
  const table = surchargeTableOrRefusal(date, boardRows, settings);
  if (table instanceof PilotageInputError) throw table;
  return table;
}

/**
 * surchargeTableOn with its refusal (a date before the act, no board row entered) returned, not
 * thrown: a column of transits without the board's table would otherwise throw once per row.
 */
export function surchargeTableOrRefusal(date: IsoDate, boardRows: readonly BoardSurchargeRow[], settings: EngineSettings): SurchargeTableOn | PilotageInputError {
  const anchor = settings.actEffectiveDate;
  if (date < anchor) return new PilotageInputError(SCHEDULE_REASONS.beforeSurcharge, { date, actEffectiveDate: anchor }, "date");
  const periods = statutoryPeriodsFrom(anchor);
  const boardFrom = boardSurchargeFrom(settings);
  if (date < boardFrom) {
    for (const period of periods) if (date < period.afterLast) return period.table;
  }
  const inForce = rowInForce(date, boardRows);
  if (inForce === null) return noSurchargeTableOn(date, boardFrom);
  return boardSurchargeTable(inForce);
}

/**
 * The refusal of a date after the statutory periods with no board row in force, one per date and
 * first day of the board's rows (a column of transits without the board's table repeats its
 * dates). A refusal is never changed once made, so sharing one is safe; emptied when it grows large.
 */
const noSurchargeTableRefusals = new Map<IsoDate, PilotageInputError<{ date: string; boardFrom: string }>>();
const MAXIMUM_REFUSALS_KEPT = 20_000;
function noSurchargeTableOn(date: IsoDate, boardFrom: IsoDate): PilotageInputError {
  let refusal = noSurchargeTableRefusals.get(date);
  if (refusal === undefined || refusal.params.boardFrom !== boardFrom) {
    if (noSurchargeTableRefusals.size >= MAXIMUM_REFUSALS_KEPT) noSurchargeTableRefusals.clear();
    refusal = new PilotageInputError(SCHEDULE_REASONS.noSurchargeTable, { date, boardFrom }, "board_surcharge");
    noSurchargeTableRefusals.set(date, refusal);
  }
  return refusal;
}


export const SURCHARGE_LABEL = "Surcharge (pilots' retirement funding)";

/** "$2.60", or "$3.605" for a board rate with more decimals. */
function rateText(rate: string): string {
  const amount = new Money(rate);
  return `$${amount.toFixed(Math.max(2, amount.decimalPlaces()))}`;
}

type SurchargeBand = "first" | "second" | "perUnit";

/** § 89-a(4)(b)(1-c), D7: 0 to 50 units → the first band; 51 to 100 (more than 50 up to 100) → the second; over 100 → per unit. */
function surchargeBandOf(charged: ChargeUnits): SurchargeBand {
  const { firstUpTo, secondUpTo } = SURCHARGE_BANDS;
  if (charged.atMost(firstUpTo.units)) return "first";
  if (charged.atMost(secondUpTo.units)) return "second";
  return "perUnit";
}

/**
 * § 89-a(4)(b)(1-c), D7: the band's flat amount, or over 100 units the per-unit amount on every
 * unit, with no maximum; in whole cents. D2: an unmeasured vessel is charged at the maximum.
 */
export function surchargeCents(charged: ChargeUnits, table: SurchargeTableOn): number {
  const cents = table.cents;
  switch (surchargeBandOf(charged)) {
    case "first":
      return cents.upTo50 ?? flatCentsOf(table.bands.upTo50Units);
    case "second":
      return cents.over50UpTo100 ?? flatCentsOf(table.bands.over50UpTo100Units);
    case "perUnit":
      return cents.perUnit !== null ? charged.timesCents(cents.perUnit) : charged.timesRate(table.bands.perUnitOver100Units);
  }
}

/** A board amount with more than two decimals, rounded to cents (D14) in decimal.js. */
function flatCentsOf(text: string): number {
  return toCents(new Money(text)).times(100).toNumber();
}

/** The surcharge line of `amountCents` (surchargeCents on the same units and table), its note made when read. */
export function surchargeLineOf(units: PilotageUnits, charged: ChargeUnits, table: SurchargeTableOn, amountCents: number): ChargeLine {
  const citation = units.measured ? table.citation : `${table.citation}; ${UNMEASURED_CITATION}`;
  return chargeLine("surcharge", SURCHARGE_LABEL, amountCents, citation, () => `${unitsWords(units)} ${surchargeWorking(charged, table, amountCents)}; ${table.source}`);
}

function surchargeWorking(charged: ChargeUnits, table: SurchargeTableOn, amountCents: number): string {
  const { firstUpTo, secondUpTo } = SURCHARGE_BANDS;
  const amount = formatUsd(moneyOfCents(amountCents));
  switch (surchargeBandOf(charged)) {
    case "first":
      return `in the 0–${firstUpTo.units} band: ${amount}`;
    case "second":
      return `in the ${firstUpTo.units + 1}–${secondUpTo.units} band: ${amount}`;
    case "perUnit":
      return `over ${secondUpTo.units}: ${unitsText(charged.decimal)} × ${rateText(table.bands.perUnitOver100Units)} = ${amount}`;
  }
}

/** § 89-a(4)(b)(1-c): the surcharge of a vessel's units under a table. */
export function surchargeLine(units: PilotageUnits, table: SurchargeTableOn): ChargeLine {
  const charged = chargedUnits(units);
  return surchargeLineOf(units, charged, table, surchargeCents(charged, table));
}
