/**
 * What a quote says about its inputs beyond the charges (D19–D21, D24): an input the rules do not
 * use, a board row the statute's calendar does not expect, a figure far outside practice. Each
 * warning names its clause; the quote is computed all the same.
 */
import { BoardFeeRow, boardFeeRowOn, boardSurchargeFrom, boardSurchargeRowOn, reliefAtMidRiverCounts, withinStatutorySurcharge } from "./charges";
import { isLaterThanMonthsAfter } from "./dates";
import { formatUsd } from "./money";
import { MILLION } from "./units";
import { BOARD_FEES, BOARD_FEES_CLAUSE, boardFeeNamesInWords } from "./rates/board-fees";
import { PLAUSIBLE_MAGNITUDES } from "./rates/plausible-magnitudes";
import { rateChangeWarnings } from "./rate-changes";
import type { MeasuredUnits } from "./vessel-shape";
import { BOARD_FEE_REVIEW, SECOND_PILOT_RULE, SURCHARGE_QUARTER_DAYS } from "./rates/thresholds";
import { EngineSettings } from "./settings";
import type { TransitInput } from "./transit-reader";

function unitsWarning(input: TransitInput): string | null {
  if (!input.units.measured) return null;
  const limit = PLAUSIBLE_MAGNITUDES.units;
  const millionths = input.units.millionths;
  const over = millionths !== undefined && millionths !== null ? millionths > limit.atMost * MILLION : input.units.units.gt(limit.atMost);
  if (!over) return null;
  return `${input.units.units.toDecimalPlaces(2).toString()} pilotage units is ${limit.words}: check the figure (${limit.citation}, D24).`;
}

function hoursWarning(input: TransitInput): string | null {
  const limit = PLAUSIBLE_MAGNITUDES.hours;
  const hours = input.continuousHours;
  if (hours === null || hours === undefined || !(hours > limit.atMost)) return null;
  return `${hours} hours of continuous pilotage is ${limit.words}: check the figure (${limit.citation}, D24).`;
}

/**
 * D11: the anchorage exception holds when the anchorage leaves no pilot more than ten hours of
 * continuous pilotage. One anchorage splits the hours in two, so past twice ten hours one stretch
 * is over ten unless the vessel anchors again: the exception is applied as entered, and said.
 */
function anchorageWarning(input: TransitInput): string | null {
  const hours = input.continuousHours;
  const { moreThanHours, anchoredHours, citation } = SECOND_PILOT_RULE;
  if (!input.anchoredEightHours || hours === null || hours === undefined || !(hours > 2 * moreThanHours)) return null;
  if (reliefAtMidRiverCounts(input.section, input.relievedAtMidRiver ?? false)) return null;
  return (
    `${hours} hours of continuous pilotage with an anchorage of at least ${anchoredHours} hours: one anchorage leaves a stretch of at least ${hours / 2} hours, more than ${moreThanHours}. ` +
    `The second pilot is left out because the anchorage exception was entered (${citation}, D11): check that the vessel anchored often enough that no pilot had more than ${moreThanHours} hours of continuous pilotage.`
  );
}

/** The names of the board's fees in the D20 sentence. */
const BOARD_FEE_NAMES = boardFeeNamesInWords();

/**
 * What the board's fee row in force says about the transit: an amount entered for this transit
 * that its section does not pay (D10, D21), an amount far outside practice (D24), and a row more
 * than 13 months older than the transit (D20: the fees are reviewed annually).
 */
function boardFeeWarnings(input: TransitInput, row: BoardFeeRow | null, warnings: string[]): void {
  if (row === null) return;
  const limit = PLAUSIBLE_MAGNITUDES.boardFee;
  for (const fee of BOARD_FEES) {
    const amount = row[fee.code];
    if (amount === null) continue;
    if (!(fee.sections as readonly number[]).includes(input.section)) {
      if (row.forThisTransit) {
        warnings.push(
          `The ${fee.what} entered (${formatUsd(amount)}) is not charged: a Section ${input.section} transit does not pay it, only Section ${fee.sections.join(", ")} transits do (${BOARD_FEES_CLAUSE}, D10, D21).`,
        );
      }
    } else if (amount > limit.atMost * 100) {
      warnings.push(`The ${fee.what} of ${formatUsd(amount)} is ${limit.words}: check the figure (${limit.citation}, D24).`);
    }
  }
  if (isLaterThanMonthsAfter(input.date, row.from, BOARD_FEE_REVIEW.months)) {
    warnings.push(
      `The board's fees used are from ${row.from}, more than ${BOARD_FEE_REVIEW.months} months before ${input.date}: ` +
        `the ${BOARD_FEE_NAMES} fees are reviewed annually (${BOARD_FEE_REVIEW.citation}, D20), so the amounts may be out of date.`,
    );
  }
}

/** What the board surcharge row in force says about the transit (D19, D21). */
function boardSurchargeWarning(input: TransitInput, settings: EngineSettings): string | null {
  const row = boardSurchargeRowOn(input.date, input.boardSurcharge ?? []);
  if (row === null) return null;
  // D21: inside the statutory tables the board's row is not used.
  if (withinStatutorySurcharge(input.date, settings)) {
    const boardFrom = boardSurchargeFrom(settings);
    return (
      `The board surcharge entered (row from ${row.from}) is not used: on ${input.date} the statute's own surcharge table applies (§ 89-a(4)(b)(1-c)(ii)); ` +
      `the surcharge board sets the surcharge only from ${boardFrom}, after the sixtieth month (§ 89-a(4)(b)(1-c)(iii), D21).`
    );
  }
  // D19: the board's surcharge takes effect on a quarter's first day. Not checked: a row given for this
  // transit (no date of its own), and a row from the day the statutory tables end (the board's first
  // surcharge follows the sixtieth month without a gap, (1-c)(iii)).
  if (row.forThisTransit || SURCHARGE_QUARTER_DAYS.monthDays.includes(row.from.slice(5)) || row.from === boardSurchargeFrom(settings)) return null;
  return (
    `The board surcharge row from ${row.from} does not start on 1 January, 1 April, 1 July or 1 October, the days on which the surcharge board's ` +
    `surcharge takes effect (${SURCHARGE_QUARTER_DAYS.citation}, D19): check the row's date.`
  );
}

/** D21: a relief at mid-river entered for a transit that never reaches the mid-river station, which the rules do not use. */
export function reliefNotUsedWarning(section: TransitInput["section"], relievedAtMidRiver: boolean): string | null {
  if (!relievedAtMidRiver || reliefAtMidRiverCounts(section, true)) return null;
  return (
    `Relieved at the mid-river station is not used: a Section ${section} transit (Yonkers through Hyde Park) does not reach the mid-river pilot station ` +
    `at Norrie Point, which serves Section 2 (${SECOND_PILOT_RULE.citation}, D21).`
  );
}

/**
 * Every warning about the transit's inputs, in the order of the quote's lines. `feeRow`: the
 * board's fee row in force on the date when the caller has it already (a quote has).
 */
export function transitWarnings(input: TransitInput, settings: EngineSettings, feeRow: BoardFeeRow | null = boardFeeRowOn(input.date, input.boardFees ?? []), warnings: string[] = []): string[] {
  // D25: a change of rates the transit may still be under way for.
  rateChangeWarnings(input, settings, warnings);
  const shape = input.units.measured ? (input.units as MeasuredUnits).shapeWarning : undefined;
  if (shape !== undefined) warnings.push(shape);
  const units = unitsWarning(input);
  if (units !== null) warnings.push(units);
  const surcharge = boardSurchargeWarning(input, settings);
  if (surcharge !== null) warnings.push(surcharge);
  const hours = hoursWarning(input);
  if (hours !== null) warnings.push(hours);
  const anchorage = anchorageWarning(input);
  if (anchorage !== null) warnings.push(anchorage);
  const relief = reliefNotUsedWarning(input.section, input.relievedAtMidRiver === true);
  if (relief !== null) warnings.push(relief);
  boardFeeWarnings(input, feeRow, warnings);
  if (input.inputNotes !== undefined) for (const note of input.inputNotes) warnings.push(note);
  return warnings;
}

