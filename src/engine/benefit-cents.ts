/**
 * The benefits of benefits.ts in whole cents, for columns of amounts (the Excel functions): the
 * same rules, with no decimal.js for a plain number of dollars and cents.
 */
import Decimal from "decimal.js";
import { disabilityBenefit, disabilityRate, exactMillionths, retirementContribution, spouseBenefit, surchargeCap } from "./benefits";
import { isPilotageInputError, OrRefusal } from "./errors";
import { columnAmountReader, readAmount, wholeCentsOfNumber } from "./inputs";
import { centsOf, Money, moneyOfCents, toCents } from "./money";
import { RETIREMENT_CONTRIBUTION, SPOUSE_BENEFIT, SURCHARGE_CAP } from "./rates/benefits";
import { centsFromMillionthsOfCent } from "./units";

/** An amount read from a plain number of dollars and cents: its whole cents, exactly. */
export interface AmountInCents {
  readonly cents: number;
}

/** An amount as the column functions read it: whole cents where that is exact, a Decimal otherwise. */
export type BenefitAmount = Decimal | AmountInCents;

/**
 * A reader of one argument's amounts (which may be a column): each read as readAmount reads it (the
 * same rules and messages), as whole cents when it is a number of 0 to MAXIMUM_AMOUNT dollars with
 * at most two decimals. Such a number is the double nearest cents ÷ 100, and its shortest text
 * (what decimal.js reads) is that decimal: below 10^9 doubles are far closer together than 0.01,
 * so no shorter text names the same double. A negative number (-0 too, as decimal.js reads it) is
 * refused with one refusal for the argument (columnAmountReader).
 */
export function benefitAmountReader(field: string, what: string): (input: unknown) => OrRefusal<BenefitAmount> {
  return columnAmountReader<BenefitAmount>(
    field,
    what,
    (input) => {
      const cents = wholeCentsOfNumber(input);
      return cents === null ? null : { cents };
    },
    (input) => readAmount(input, field, what),
  );
}

/**
 * `rate` of an amount in whole cents, rounded half up (D14): cents × millionths is a whole number
 * of millionths of a cent, exact while below 2^53 (amounts up to about $180,000,000 at 50%);
 * beyond that, and for a Decimal amount, `decimal` works it out.
 */
function shareInCents(amount: BenefitAmount, rateMillionths: number, decimal: (amount: Decimal) => OrRefusal<Decimal>): OrRefusal<number> {
  if ("cents" in amount) {
    const millionthsOfCent = amount.cents * rateMillionths;
    if (millionthsOfCent <= Number.MAX_SAFE_INTEGER) return centsFromMillionthsOfCent(millionthsOfCent);
  }
  const share = decimal("cents" in amount ? moneyOfCents(amount.cents) : amount);
  return isPilotageInputError(share) ? share : centsOf(share);
}

/** A field of a rule's answer, or the rule's refusal. */
function fieldOf<T, K extends keyof T>(answer: OrRefusal<T>, key: K): OrRefusal<T[K]> {
  return isPilotageInputError(answer) ? answer : answer[key];
}


const RETIREMENT_CONTRIBUTION_MILLIONTHS = exactMillionths(new Money(RETIREMENT_CONTRIBUTION.rate));
const SPOUSE_BENEFIT_MILLIONTHS = exactMillionths(new Money(SPOUSE_BENEFIT.rate));
const SURCHARGE_CAP_SHARE_MILLIONTHS = exactMillionths(new Money(SURCHARGE_CAP.shareOfSection2Base));
const SURCHARGE_CAP_FLOOR_CENTS = centsOf(new Money(SURCHARGE_CAP.floorAmount));

/** retirementContribution(earnings).contribution, in whole cents. */
export function retirementContributionCents(earnings: BenefitAmount): OrRefusal<number> {
  return shareInCents(earnings, RETIREMENT_CONTRIBUTION_MILLIONTHS, (d) => fieldOf(retirementContribution(d), "contribution"));
}

/** spouseBenefit(pilotAnnualBenefit).benefit, in whole cents. */
export function spouseBenefitCents(pilotAnnualBenefit: BenefitAmount): OrRefusal<number> {
  return shareInCents(pilotAnnualBenefit, SPOUSE_BENEFIT_MILLIONTHS, (d) => fieldOf(spouseBenefit(d), "benefit"));
}

/** surchargeCap(section2BaseCollected).cap, in whole cents: the 35% to the cent, or $500,000 when that is more. */
export function surchargeCapCents(section2BaseCollected: BenefitAmount): OrRefusal<number> {
  if (!("cents" in section2BaseCollected)) {
    const cap = fieldOf(surchargeCap(section2BaseCollected), "cap");
    return isPilotageInputError(cap) ? cap : centsOf(cap);
  }
  const percent = shareInCents(section2BaseCollected, SURCHARGE_CAP_SHARE_MILLIONTHS, (d) => fieldOf(surchargeCap(d), "percentOfSection2Base"));
  if (isPilotageInputError(percent)) return percent;
  return percent > SURCHARGE_CAP_FLOOR_CENTS ? percent : SURCHARGE_CAP_FLOOR_CENTS;
}

/** disabilityBenefit(lastYearEarnings, yearsOfService, insuranceAvailable).benefit, in whole cents, with its checks. */
export function disabilityBenefitCents(lastYearEarnings: BenefitAmount, yearsOfService: number | null = null, insuranceAvailable = true): OrRefusal<number> {
  if (!("cents" in lastYearEarnings)) {
    const benefit = fieldOf(disabilityBenefit(lastYearEarnings, yearsOfService, insuranceAvailable), "benefit");
    return isPilotageInputError(benefit) ? benefit : centsOf(benefit);
  }
  const disability = disabilityRate(yearsOfService, insuranceAvailable);
  if (isPilotageInputError(disability)) return disability;
  const { rate, rateMillionths } = disability;
  return shareInCents(lastYearEarnings, rateMillionths, (d) => toCents(d.times(rate)));
}

