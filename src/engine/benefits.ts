/**
 * The pilots' benefits of § 89-a(5), (8) and (9) and the cap on the surcharge that funds them,
 * § 89-a(4)(b)(1-c)(iii) (D9, D16, D18); those fixed by the calendar, (6) and (7), are in
 * benefit-calendar.ts. Figures come from rates/benefits.ts; each result carries
 * its citation and a sentence that shows the working. Money is rounded to the cent, half up (D14).
 */
import Decimal from "decimal.js";
import { addMonthsGcl30, IsoDate, readDate } from "./dates";
import { isPilotageInputError, OrRefusal, PilotageInputError } from "./errors";
import { readDecimal } from "./inputs";
import { BENEFIT_REASONS, NUMBER_REASONS } from "./messages";
import { centsOf, formatUsd, Money, toCents } from "./money";
import { millionthsOfDecimal } from "./units";
import {
  DISABILITY_BENEFIT,
  RETIREMENT_CONTRIBUTION,
  SPOUSE_BENEFIT,
  SPOUSE_ELIGIBILITY_CITATION,
  SPOUSE_MARRIAGE_MONTHS,
  SURCHARGE_CAP,
} from "./rates/benefits";
import { isBlank } from "./blank";

/** More years of service than a pilot's career can hold. */
export const PLAUSIBLE_MAXIMUM_YEARS_OF_SERVICE = 70;

function percentText(rate: Decimal): string {
  return `${rate.times(100).toString()}%`;
}

/** An amount given as a Decimal (the library's callers pass any), refused where not finite or negative. */
function checkAmount(amount: Decimal, field: string, what: string): OrRefusal<Decimal> {
  if (!amount.isFinite()) return new PilotageInputError(NUMBER_REASONS.notFinite, { what }, field);
  if (amount.isNegative()) return new PilotageInputError(NUMBER_REASONS.negativeAmount, { what }, field);
  return amount;
}

// ---------------------------------------------------------------------------------------------
// Surcharge cap, § 89-a(4)(b)(1-c)(iii), D9

export interface SurchargeCap {
  /** The most the surcharge board's surcharge may raise in the calendar year, to the cent. */
  cap: Decimal;
  /** 35% of the Section 2 base pilotage collected, to the cent. */
  percentOfSection2Base: Decimal;
  /** Which side of "the greater of" gave the cap; "floor" also when the two are equal. */
  branch: "percentOfSection2Base" | "floor";
  reason: string;
  citation: typeof SURCHARGE_CAP.citation;
}

/**
 * (1-c)(iii): the surcharge "shall not exceed the greater of thirty-five percent of the sum of the
 * base pilotage charges collected … for Section 2, Upper River … or five hundred thousand dollars,
 * in any calendar year". An annual aggregate check (D9). The 35% is rounded to the cent first (D14),
 * then compared with $500,000.
 */
export function surchargeCap(section2BaseCollected: Decimal): OrRefusal<SurchargeCap> {
  const collected = checkAmount(section2BaseCollected, "section2_base_collected", "Section 2 base pilotage collected");
  if (isPilotageInputError(collected)) return collected;
  const share = new Money(SURCHARGE_CAP.shareOfSection2Base);
  const floor = new Money(SURCHARGE_CAP.floorAmount);
  const percent = toCents(collected.times(share));
  const working = `${percentText(share)} × ${formatUsd(centsOf(collected))} = ${formatUsd(centsOf(percent))}`;
  if (percent.gt(floor)) {
    return {
      cap: percent,
      percentOfSection2Base: percent,
      branch: "percentOfSection2Base",
      reason: `${working}, more than ${formatUsd(centsOf(floor))}: the calendar year's surcharge may not exceed ${formatUsd(centsOf(percent))}.`,
      citation: SURCHARGE_CAP.citation,
    };
  }
  return {
    cap: toCents(floor),
    percentOfSection2Base: percent,
    branch: "floor",
    reason: `${working}, ${percent.eq(floor) ? "equal to" : "less than"} ${formatUsd(centsOf(floor))}: the calendar year's surcharge may not exceed ${formatUsd(centsOf(floor))}.`,
    citation: SURCHARGE_CAP.citation,
  };
}

// ---------------------------------------------------------------------------------------------
// Retirement contribution and disability benefit, § 89-a(5)

export interface RetirementContribution {
  contribution: Decimal;
  rate: Decimal;
  reason: string;
  citation: typeof RETIREMENT_CONTRIBUTION.citation;
}

/**
 * (5): for a pilot "who entered service after two thousand five", the surcharge funds "a
 * contribution of an amount equivalent to twelve percent of the earnings from service as an active
 * Hudson River pilot", transferred by the agent to the pilot's retirement account.
 */
export function retirementContribution(earnings: Decimal): OrRefusal<RetirementContribution> {
  const amount = checkAmount(earnings, "earnings", "earnings");
  if (isPilotageInputError(amount)) return amount;
  const rate = new Money(RETIREMENT_CONTRIBUTION.rate);
  const contribution = toCents(amount.times(rate));
  return {
    contribution,
    rate,
    reason: `${percentText(rate)} × ${formatUsd(centsOf(amount))} earnings = ${formatUsd(centsOf(contribution))}, to the retirement account of a pilot who entered service after 2005.`,
    citation: RETIREMENT_CONTRIBUTION.citation,
  };
}

export interface DisabilityBenefit {
  /** Yearly benefit, a single life annuity until the age of sixty, to the cent. */
  benefit: Decimal;
  /** The share of the last full calendar year's earnings. */
  rate: Decimal;
  basis: "insurance" | "noInsurance";
  /** Without insurance: true once 10% + 1.6% × (years − 1) reaches the 50% maximum (from 26 years). */
  maximumReached: boolean;
  reason: string;
  citation: typeof DISABILITY_BENEFIT.citation;
}

function checkYearsOfService(years: number, field = "years_of_service"): OrRefusal<number> {
  if (!Number.isFinite(years)) return new PilotageInputError(BENEFIT_REASONS.yearsNotFinite, {}, field);
  if (!Number.isInteger(years)) return new PilotageInputError(BENEFIT_REASONS.yearsNotWhole, { years }, field);
  if (years < 1) return new PilotageInputError(BENEFIT_REASONS.yearsUnderOne, {}, field);
  if (years > PLAUSIBLE_MAXIMUM_YEARS_OF_SERVICE) return new PilotageInputError(BENEFIT_REASONS.yearsImplausible, { years }, field);
  return years;
}

/**
 * (5), D16. With disability insurance: "a disability benefit computed as a single life annuity,
 * equal to fifty percent of … such pilot's earnings … during the last full calendar year of service
 * … prior to disability, until the age of sixty". Where "such disability insurance is unavailable":
 * "the sum of ten percent of … the earnings … during the last full calendar year of service … and one
 * and six-tenths percent for each year of service after the first year to a maximum of fifty
 * percent": 10% + 1.6% × (years − 1), at most 50% — 48.4% at 25 years, 50% from 26 years on.
 * Years of service are whole calendar years ((7)(c) says when the last one counts as full);
 * fractions are refused, not rounded. Years are not needed with insurance, but are checked if given.
 */
export function disabilityBenefit(lastYearEarnings: Decimal, yearsOfService: number | null = null, insuranceAvailable = true): OrRefusal<DisabilityBenefit> {
  const earnings = checkAmount(lastYearEarnings, "last_year_earnings", "last full calendar year's earnings");
  if (isPilotageInputError(earnings)) return earnings;
  const disability = disabilityRate(yearsOfService, insuranceAvailable);
  if (isPilotageInputError(disability)) return disability;
  const { rate, basis, maximumReached, rateWorking } = disability;
  const benefit = toCents(earnings.times(rate));
  const earned = `${percentText(rate)} × ${formatUsd(centsOf(earnings))} (last full calendar year's earnings) = ${formatUsd(centsOf(benefit))} a year until age 60.`;
  return {
    benefit,
    rate,
    basis,
    maximumReached,
    reason: basis === "insurance" ? `Disability insurance: ${earned}` : `No disability insurance: ${rateWorking}; ${earned}`,
    citation: DISABILITY_BENEFIT.citation,
  };
}

export interface DisabilityRate {
  rate: Decimal;
  /** The rate in millionths, for the whole-cents path. */
  rateMillionths: number;
  basis: DisabilityBenefit["basis"];
  maximumReached: boolean;
  /** Without insurance, how the rate was worked out ("10% + 1.6% × 11 years after the first = 27.6%"). */
  rateWorking: string;
}

const INSURED_RATE = new Money(DISABILITY_BENEFIT.insuredRate);
const UNINSURED_BASE_RATE = new Money(DISABILITY_BENEFIT.uninsuredBaseRate);
const UNINSURED_RATE_PER_YEAR = new Money(DISABILITY_BENEFIT.uninsuredRatePerYearAfterFirst);
const UNINSURED_MAXIMUM_RATE = new Money(DISABILITY_BENEFIT.uninsuredMaximumRate);

/** A rate as a whole number of millionths; every rate of rates/benefits.ts has at most six decimals. */
export function exactMillionths(rate: Decimal): number {
  const millionths = millionthsOfDecimal(rate);
  // Only ever asked of the rate tables' figures: a seventh decimal there is a bug in the table.
  if (millionths === null || !Number.isInteger(millionths)) throw new Error(`The rate ${rate.toString()} has more than six decimals.`);
  return millionths;
}

/** The share of the earnings (5) gives, with the checks on the years of service; see disabilityBenefit. */
export function disabilityRate(yearsOfService: number | null, insuranceAvailable: boolean): OrRefusal<DisabilityRate> {
  const years = yearsOfService === null ? null : checkYearsOfService(yearsOfService);
  if (isPilotageInputError(years)) return years;
  if (!insuranceAvailable && years === null) {
    return new PilotageInputError(BENEFIT_REASONS.yearsBlankWithoutInsurance, {}, "years_of_service");
  }
  if (insuranceAvailable || years === null) {
    return { rate: INSURED_RATE, rateMillionths: exactMillionths(INSURED_RATE), basis: "insurance", maximumReached: false, rateWorking: "" };
  }
  const formulaRate = UNINSURED_BASE_RATE.plus(UNINSURED_RATE_PER_YEAR.times(years - 1));
  const maximumReached = formulaRate.gte(UNINSURED_MAXIMUM_RATE);
  const rate = maximumReached ? UNINSURED_MAXIMUM_RATE : formulaRate;
  const rateWorking =
    `${percentText(UNINSURED_BASE_RATE)} + ${percentText(UNINSURED_RATE_PER_YEAR)} × ${years - 1} year${years - 1 === 1 ? "" : "s"} after the first = ${percentText(formulaRate)}` +
    (formulaRate.gt(UNINSURED_MAXIMUM_RATE) ? `, limited to the maximum ${percentText(UNINSURED_MAXIMUM_RATE)}` : "");
  return { rate, rateMillionths: exactMillionths(rate), basis: "noInsurance", maximumReached, rateWorking };
}

// ---------------------------------------------------------------------------------------------
// Surviving spouse, § 89-a(8), (9)

export interface SpouseBenefit {
  benefit: Decimal;
  rate: Decimal;
  reason: string;
  citation: typeof SPOUSE_BENEFIT.citation;
}

/**
 * (8)(a): the spouse of a pilot who dies in active service receives "fifty percent of the amount
 * which such deceased pilot would have received … had retirement immediately preceded the date of
 * death"; (8)(b): the spouse of a retired pilot receives the pilot's full benefit for the rest of
 * the benefit payment period in which death occurred, "and thereafter fifty percent of the amount
 * received by the deceased pilot on the date of death". This is that fifty percent.
 */
export function spouseBenefit(pilotAnnualBenefit: Decimal): OrRefusal<SpouseBenefit> {
  const amount = checkAmount(pilotAnnualBenefit, "pilot_annual_benefit", "pilot's annual benefit");
  if (isPilotageInputError(amount)) return amount;
  const rate = new Money(SPOUSE_BENEFIT.rate);
  const benefit = toCents(amount.times(rate));
  return {
    benefit,
    rate,
    reason:
      `${percentText(rate)} × ${formatUsd(centsOf(amount))} = ${formatUsd(centsOf(benefit))} a year (after a retired pilot's death, ` +
      "the full benefit is paid for the rest of that benefit payment period first).",
    citation: SPOUSE_BENEFIT.citation,
  };
}

export interface SpouseEligibility {
  eligible: boolean;
  /** One year after the marriage, counted as GCL § 30 counts months (29 February → 28 February). */
  oneYearAfterMarriage: IsoDate;
  reason: string;
  citation: typeof SPOUSE_ELIGIBILITY_CITATION;
}

/**
 * (9): an "eligible surviving spouse" is "a spouse of a deceased pilot married at least one year
 * prior to the date of death": eligible when the day one year after the marriage (12 months, GCL
 * § 30: the same day, or the month's last day where it does not exist) is on or before the death.
 */
export function spouseEligible(marriageDate: IsoDate, deathDate: IsoDate): OrRefusal<SpouseEligibility> {
  const decided = spouseEligibility(marriageDate, deathDate);
  if (isPilotageInputError(decided)) return decided;
  const { eligible, oneYearAfterMarriage } = decided;
  return {
    eligible,
    oneYearAfterMarriage,
    reason: eligible
      ? `Married ${marriageDate}; one year later is ${oneYearAfterMarriage}, on or before the death on ${deathDate}: married at least one year, an eligible surviving spouse.`
      : `Married ${marriageDate}; one year later is ${oneYearAfterMarriage}, after the death on ${deathDate}: not married at least one year, not an eligible surviving spouse.`,
    citation: SPOUSE_ELIGIBILITY_CITATION,
  };
}

/** spouseEligible(marriageDate, deathDate).eligible, with its check, without wording the reason (a column reads none). */
export function isEligibleSurvivingSpouse(marriageDate: IsoDate, deathDate: IsoDate): OrRefusal<boolean> {
  const decided = spouseEligibility(marriageDate, deathDate);
  return isPilotageInputError(decided) ? decided : decided.eligible;
}

/** (9), as spouseEligible decides it. */
function spouseEligibility(marriageDate: IsoDate, deathDate: IsoDate): OrRefusal<Pick<SpouseEligibility, "eligible" | "oneYearAfterMarriage">> {
  if (marriageDate > deathDate) {
    return new PilotageInputError(BENEFIT_REASONS.marriageAfterDeath, { marriageDate, deathDate }, "marriage_date");
  }
  const oneYearAfterMarriage = addMonthsGcl30(marriageDate, SPOUSE_MARRIAGE_MONTHS);
  return { eligible: oneYearAfterMarriage <= deathDate, oneYearAfterMarriage };
}

// ---------------------------------------------------------------------------------------------
// Readers


/** Whole years of service ≥ 1; blank → null (not needed where disability insurance is available). */
export function readYearsOfService(input: unknown, field = "years_of_service"): OrRefusal<number | null> {
  if (isBlank(input)) return null;
  if (typeof input === "boolean") return new PilotageInputError(BENEFIT_REASONS.yearsFlag, {}, field);
  const years = readDecimal(input, field, "years of service");
  return isPilotageInputError(years) ? years : checkYearsOfService(years.toNumber(), field);
}

/**
 * A date for the benefit rules (retirement, last service, marriage, death): an Excel serial or ISO
 * text, read by the shared date reader, with the message naming this date and `field` the argument.
 */
export function readBenefitDate(input: unknown, field: string, what: string): OrRefusal<IsoDate> {
  if (isBlank(input)) return new PilotageInputError(BENEFIT_REASONS.dateBlank, { what }, field);
  const date = readDate(input, what);
  return isPilotageInputError(date) ? date.withField(field) : date;
}
