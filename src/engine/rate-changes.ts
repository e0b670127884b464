/**
 * D25: a transit is priced whole at the rates in force on the date entered, read as the day the
 * pilot boards. § 89-a prices a transit by the rates "applicable" without saying at which moment,
 * so a transit that may still be under way when a change of rates takes effect says so, naming the
 * change, the day it takes effect and the date used.
 *
 * The boarding time is not known, so "may still be under way" is worked from the hours alone: a
 * transit of H hours boarding at any time of its day reaches the next midnight if it boards later
 * than 24 − H o'clock, and the k-th midnight if it boards later than 24k − H (H > 24(k − 1)). A
 * transit that anchors (D11) lasts at least its hours and eight hours at anchor. With no hours
 * entered the length of the transit is unknown: the next day's changes are named.
 */
import { BoardFeeRow, boardFeeRowOn, BoardSurchargeRow, surchargeTableOn } from "./charges";
import { daysInMonth, IsoDate, isoDateOf, partsOf } from "./dates";
import { isPilotageInputError, PilotageInputError } from "./errors";
import { BOARD_FEES_CLAUSE } from "./rates/board-fees";
import { StatutorySurchargePeriod } from "./rates/surcharge";
import { SECOND_PILOT_RULE, SURCHARGE_QUARTER_DAYS } from "./rates/thresholds";
import { clauseInForceOn } from "./schedule";
import { EngineSettings } from "./settings";

/** What of a transit the warning needs: its date, whether it names its clause, its hours and the board's rows. */
export interface TransitTiming {
  date: IsoDate;
  clause?: string | null;
  continuousHours?: number | null;
  anchoredEightHours?: boolean;
  boardFees?: readonly BoardFeeRow[];
  boardSurcharge?: readonly BoardSurchargeRow[];
}

const HOURS_PER_DAY = 24;
const NO_ROWS: readonly never[] = Object.freeze([]);

/** The least the transit lasts, in hours, or null when no hours were entered. */
function leastHours(transit: TransitTiming): number | null {
  const hours = transit.continuousHours;
  if (hours === null || hours === undefined) return null;
  return transit.anchoredEightHours ? hours + SECOND_PILOT_RULE.anchoredHours : hours;
}

/** The day after a date (null after 9999-12-31, Excel's last date). */
function nextDay(date: IsoDate): IsoDate | null {
  const { year, month, day } = partsOf(date);
  if (day < daysInMonth(year, month)) return isoDateOf(year, month, day + 1);
  if (month < 12) return isoDateOf(year, month + 1, 1);
  // 9999-12-31, Excel's last date (D15): no later day has rates.
  return year < LAST_YEAR ? isoDateOf(year + 1, 1, 1) : null;
}

/** The last year a date may have (Excel's 9999-12-31, D15): "YYYY-MM-DD" text compares in date order only up to it. */
const LAST_YEAR = 9999;

/**
 * The changes of rates that take effect on `day`, the day after `before`, in the order of a quote's
 * lines: a clause or a board row in force on `day` that starts that day, a surcharge table other than the day before's.
 */
function changesOn(before: IsoDate, day: IsoDate, transit: TransitTiming, settings: EngineSettings): string[] {
  const changes: string[] = [];
  // § 89-a(4)(b)(1), D6: a clause named by the user is not chosen by the date, so no date changes it.
  if (!transit.clause) {
    const inForce = clauseInForceOn(day, settings);
    if (!isPilotageInputError(inForce) && inForce.startsOn === day) {
      const assumed = inForce.startAssumed ? `, its start ${inForce.rates.clause === "vi" ? "from setting clauseVIStart" : "assumed from setting actEffectiveDate"}, D6` : "";
      changes.push(`clause (${inForce.rates.clause})'s base pilotage rates (${inForce.rates.citation}${assumed})`);
    }
  }
  // § 89-a(4)(b)(1-c), D8: the statute's table of the month, then the surcharge board's rows.
  const rows = transit.boardSurcharge ?? NO_ROWS;
  const surchargeBefore = surchargeTableOn(before, rows, settings);
  const surchargeOn = surchargeTableOn(day, rows, settings);
  const sameSurcharge =
    surchargeBefore instanceof PilotageInputError || surchargeOn instanceof PilotageInputError
      ? surchargeBefore instanceof PilotageInputError && surchargeOn instanceof PilotageInputError
      : surchargeBefore.bands === surchargeOn.bands;
  if (!sameSurcharge) {
    if (surchargeOn instanceof PilotageInputError) changes.push("the surcharge board's surcharge, not entered (§ 89-a(4)(b)(1-c)(iii), D8)");
    else if ("periodWords" in surchargeOn.bands) {
      changes.push(`the statute's surcharge for the ${(surchargeOn.bands as StatutorySurchargePeriod).periodWords} (${surchargeOn.citation}, its start assumed from setting actEffectiveDate, D8)`);
    } else changes.push(`the ${surchargeOn.source} (${SURCHARGE_QUARTER_DAYS.citation}, (1-c)(iii))`);
  }
  // § 89-a(4)(b)(1-a), D10: the board's fee row in force.
  const fees = transit.boardFees ?? NO_ROWS;
  const feeRow = boardFeeRowOn(day, fees);
  if (feeRow !== null && feeRow.from === day) changes.push(`the board's fees from ${feeRow.from} (${BOARD_FEES_CLAUSE}, D10)`);
  return changes;
}

function listed(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "12:00": the time of day `hours` after midnight, rounded up to the minute (a boarding later than it is still under way). */
function timeOfDay(hours: number): string {
  const minutes = Math.ceil(hours * 60 - 1e-9);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

function stillUnderWay(transit: TransitTiming, least: number | null, daysAfter: number): string {
  const boards = `boards on ${transit.date}`;
  if (least === null) return `No continuous pilotage hours were entered: a transit that ${boards} late in the day may still be under way then`;
  const length =
    transit.anchoredEightHours && transit.continuousHours !== null && transit.continuousHours !== undefined
      ? `${transit.continuousHours} hours' pilotage and at least ${SECOND_PILOT_RULE.anchoredHours} at anchor`
      : `${least} hours`;
  const latest = HOURS_PER_DAY * daysAfter - least;
  return latest <= 0 ? `A transit of ${length} that ${boards} is still under way then, whatever the time it boards` : `A transit of ${length} that ${boards} after ${timeOfDay(latest)} is still under way then`;
}

/**
 * D25's warnings for a transit: one for each day, after the date entered and within the transit's
 * reach, on which a rate it is priced at changes. Added to `warnings`, which is returned.
 */
export function rateChangeWarnings(transit: TransitTiming, settings: EngineSettings, warnings: string[] = []): string[] {
  const least = leastHours(transit);
  if (least !== null && !(least > 0)) return warnings;
  // The last midnight the transit can pass: the k-th, for H > 24(k − 1).
  const reach = least === null ? 1 : Math.ceil(least / HOURS_PER_DAY);
  // The date entered has a clause, from the act's effective date on (D6; a quote's does; a door
  // without a quote, a reconciliation's row, may not).
  if (transit.date < settings.actEffectiveDate) return warnings;
  let before = transit.date;
  for (let k = 1; k <= reach; k++) {
    const day = nextDay(before);
    if (day === null) break;
    const changes = changesOn(before, day, transit, settings);
    before = day;
    if (changes.length === 0) continue;
    warnings.push(
      `Rates change on ${day}: a transit boarding that day is priced under ${listed(changes)}. ` +
        `${stillUnderWay(transit, least, k)}; the whole transit is priced at the rates in force on ${transit.date}, the date entered, ` +
        `taken as the day the pilot boards (D25). If the pilot boards on ${day} or later, enter that date.`,
    );
  }
  return warnings;
}
