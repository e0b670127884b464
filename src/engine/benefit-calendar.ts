/**
 * The pilots' benefits by the calendar: the fixed annual pensions by year of retirement,
 * § 89-a(6) (D17), and the dates of § 89-a(7): the last calendar year, the benefit payment
 * periods and the deadline to resign (D18). Figures come from rates/benefits.ts; each result
 * carries its citation and a sentence that shows the working.
 */
import Decimal from "decimal.js";
import { addDays, IsoDate, isoDateOf, partsOf } from "./dates";
import { isPilotageInputError, OrRefusal, PilotageInputError } from "./errors";
import { readDecimal } from "./inputs";
import { BENEFIT_REASONS } from "./messages";
import { centsOf, formatUsd, Money, toCents } from "./money";
import { BENEFIT_PAYMENT_PERIODS, BenefitPaymentPeriod, FIXED_PENSION_COHORTS, LAST_YEAR_FULL } from "./rates/benefits";
import { isBlank } from "./blank";

const MONTH_NAMES = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
] as const;

function checkExcelYear(date: IsoDate, field: string, what: string): OrRefusal<IsoDate> {
  const { year } = partsOf(date);
  if (year < 1900 || year > 9999) {
    return new PilotageInputError(BENEFIT_REASONS.dateOutsideExcel, { what }, field);
  }
  return date;
}

function checkRetirementYear(year: number, field = "retirement_year"): OrRefusal<number> {
  if (!Number.isFinite(year)) return new PilotageInputError(BENEFIT_REASONS.retirementYearNotFinite, {}, field);
  if (!Number.isInteger(year)) return new PilotageInputError(BENEFIT_REASONS.retirementYearNotWhole, { year }, field);
  if (year > 9999) return new PilotageInputError(BENEFIT_REASONS.retirementYearLikeDate, { year }, field);
  if (year < 1900) return new PilotageInputError(BENEFIT_REASONS.retirementYearBefore1900, { year }, field);
  return year;
}

/** The retirement year of (6): a whole year 1900–9999, as a number or text. */
export function readRetirementYear(input: unknown, field = "retirement_year"): OrRefusal<number> {
  if (typeof input === "boolean") return new PilotageInputError(BENEFIT_REASONS.retirementYearFlag, {}, field);
  if (isBlank(input)) return new PilotageInputError(BENEFIT_REASONS.retirementYearBlank, {}, field);
  const year = readDecimal(input, field, "retirement year");
  return isPilotageInputError(year) ? year : checkRetirementYear(year.toNumber(), field);
}


// ---------------------------------------------------------------------------------------------
// Last calendar year, § 89-a(7)(c), D18

export interface LastYearCounts {
  countsAsFull: boolean;
  reason: string;
  citation: typeof LAST_YEAR_FULL.citation;
}

/**
 * (7)(c), D18: "service by a pilot of more than six months of such pilot's last calendar year as an
 * active pilot shall be considered a full calendar year": 1 January to 30 June is six months, so the
 * year counts when the last day of service is after 30 June. Assumes service from 1 January of that
 * year (a pilot who started mid-year is outside this test).
 */
export function lastYearCountsAsFull(lastServiceDate: IsoDate): LastYearCounts {
  const { year } = partsOf(lastServiceDate);
  const sixMonthsEnd = isoDateOf(year, LAST_YEAR_FULL.sixMonthsEndMonth, LAST_YEAR_FULL.sixMonthsEndDay);
  const countsAsFull = lastServiceDate > sixMonthsEnd;
  return {
    countsAsFull,
    reason: countsAsFull
      ? `Last day of service ${lastServiceDate} is after ${sixMonthsEnd}: more than six months of ${year} served, so ${year} counts as a full calendar year.`
      : `Last day of service ${lastServiceDate} is not after ${sixMonthsEnd}: not more than six months of ${year} served, so ${year} does not count as a full calendar year.`,
    citation: LAST_YEAR_FULL.citation,
  };
}

// ---------------------------------------------------------------------------------------------
// Fixed annual benefits, § 89-a(6), D17

export interface FixedAnnualPension {
  amount: Decimal;
  /** The statute's words for the cohort. */
  cohort: string;
  firstYear: number | null;
  lastYear: number;
  reason: string;
  /** How the statute's words were read, where that is a judgment (D17, 2015), or null. */
  note: string | null;
  citation: string;
}

/** (6), D17: the annual retirement benefit for the pilot's retirement year; a year the text does not cover → NOT_COVERED (#N/A). */
export function fixedAnnualPension(retirementYear: number): OrRefusal<FixedAnnualPension> {
  const year = checkRetirementYear(retirementYear);
  if (isPilotageInputError(year)) return year;
  const cohort = FIXED_PENSION_COHORTS.find((c) => (c.firstYear === null || year >= c.firstYear) && year <= c.lastYear);
  if (cohort === undefined) return new PilotageInputError(BENEFIT_REASONS.notCovered, { year }, "retirement_year");
  const amount = toCents(new Money(cohort.annualAmount));
  return {
    amount,
    cohort: cohort.words,
    firstYear: cohort.firstYear,
    lastYear: cohort.lastYear,
    reason: `Retired in ${year} ("${cohort.words}"): ${formatUsd(centsOf(amount))} a year.${cohort.note === undefined ? "" : ` ${cohort.note}`}`,
    note: cohort.note ?? null,
    citation: cohort.citation,
  };
}

// ---------------------------------------------------------------------------------------------
// Benefit payment periods and resignation, § 89-a(7)(a), (b), D18

function periodStartingIn(month: number): BenefitPaymentPeriod {
  const period = BENEFIT_PAYMENT_PERIODS.find((p) => p.startMonth === month);
  // Asked only of a quarter's first month: the table has a period for each, so none is a bug.
  if (period === undefined) throw new Error(`No benefit payment period starts in month ${month}.`);
  return period;
}

export interface BenefitStart {
  /** First day of the benefit payment period in which benefits commence. */
  startDate: IsoDate;
  /** "the first payments of benefits shall be made during the months of March, June, September, and December": this period's month. */
  firstPaymentYear: number;
  firstPaymentMonth: number;
  reason: string;
  citation: "§ 89-a(7)(a)";
}

/**
 * (7)(a), D18: a pilot "shall not be entitled to commence receiving benefits until the commencement
 * of the benefit payment period next following the date on which such pilot retired or became
 * eligible for disability retirement benefits"; the periods are the calendar quarters "commencing on
 * January first, April first, July first, and October first".
 *
 * Reading: "next following the date" is strictly after it. A period that commences ON the
 * retirement date does not follow that date, so retirement on 1 July (the usual effective date under
 * (7)(b)) starts benefits on 1 October; retirement on 30 June starts them on 1 July. In every case
 * the answer is the first day of the quarter after the quarter containing the date.
 */
export function benefitStartDate(retirementDate: IsoDate): OrRefusal<BenefitStart> {
  const { year, month } = partsOf(retirementDate);
  const quarterStartMonth = Math.floor((month - 1) / 3) * 3 + 1;
  const startDate = nextPeriodStart(retirementDate);
  if (isPilotageInputError(startDate)) return startDate;
  const { year: startYear, month: startMonth } = partsOf(startDate);
  const period = periodStartingIn(startMonth);
  const onQuarterStart = retirementDate === isoDateOf(year, quarterStartMonth, 1);
  return {
    startDate,
    firstPaymentYear: startYear,
    firstPaymentMonth: period.paymentMonth,
    reason:
      `Retired ${retirementDate}${onQuarterStart ? ", the first day of a period; the period commencing on that date does not follow it" : ""}: ` +
      `the benefit payment period next following commences ${startDate}; its payment is made in ${MONTH_NAMES[period.paymentMonth - 1]} ${startYear}.`,
    citation: "§ 89-a(7)(a)",
  };
}

/** The first day of the benefit payment period next following `date` (see benefitStartDate), within Excel's years. */
function nextPeriodStart(date: IsoDate): OrRefusal<IsoDate> {
  const { year, month } = partsOf(date);
  const quarterStartMonth = Math.floor((month - 1) / 3) * 3 + 1;
  const nextMonthIndex = year * 12 + (quarterStartMonth - 1) + 3;
  const startYear = Math.floor(nextMonthIndex / 12);
  const startMonth = (nextMonthIndex % 12) + 1;
  return checkExcelYear(isoDateOf(startYear, startMonth, 1), "retirement_date", "benefit start date");
}

export interface ResignationDeadline {
  /** The last day on which the written resignation may be submitted. */
  lastDay: IsoDate;
  /** The statute's "prior to" date: the day after `lastDay`. */
  submitBefore: IsoDate;
  reason: string;
  citation: "§ 89-a(7)(b)";
}

/**
 * (7)(b), D18: the written resignation must be submitted "prior to November first, if retirement is
 * to become effective on the first day of the following January; prior to February first, … April;
 * prior to May first, … July; and, prior to August first, … October". The last permitted day is
 * the day before. A date that is not 1 January, 1 April, 1 July or 1 October → NOT_QUARTER_START
 * (#VALUE!).
 */
export function resignationDeadline(retirementEffectiveDate: IsoDate): OrRefusal<ResignationDeadline> {
  const { year, month, day } = partsOf(retirementEffectiveDate);
  const period = BENEFIT_PAYMENT_PERIODS.find((p) => p.startMonth === month);
  if (period === undefined || day !== 1) {
    const next = nextPeriodStart(retirementEffectiveDate);
    if (isPilotageInputError(next)) return next;
    return new PilotageInputError(BENEFIT_REASONS.notQuarterStart, { date: retirementEffectiveDate, next }, "retirement_effective_date");
  }
  const submitYear = period.resignBeforeInPreviousYear ? year - 1 : year;
  const submitBefore = isoDateOf(submitYear, period.resignBeforeMonth, 1);
  const lastDay = checkExcelYear(addDays(submitBefore, -1), "retirement_effective_date", "resignation deadline");
  if (isPilotageInputError(lastDay)) return lastDay;
  return {
    lastDay,
    submitBefore,
    reason:
      `Retirement effective ${retirementEffectiveDate}: the written resignation must reach the Hudson River pilots executive committee ` +
      `prior to ${MONTH_NAMES[period.resignBeforeMonth - 1]} 1, ${submitYear}, so ${lastDay} is the last day.`,
    citation: "§ 89-a(7)(b)",
  };
}
