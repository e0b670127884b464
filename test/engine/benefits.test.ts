/**
 * § 89-a(4)(b)(1-c)(iii) and (5)–(9), D9, D16–D18. Every expected amount and date is worked by hand
 * in the comments from the statute's own figures; none is computed by the engine's code or tables.
 */
import Decimal from "decimal.js";
import {
  benefitAmountReader,
  disabilityBenefit,
  disabilityBenefitCents,
  isEligibleSurvivingSpouse,
  readBenefitDate,
  readYearsOfService,
  retirementContribution,
  retirementContributionCents,
  spouseBenefit,
  spouseBenefitCents,
  spouseEligible,
  surchargeCap,
  surchargeCapCents,
  refusalThrown,
} from "../../src/engine";
import { benefitStartDate, fixedAnnualPension, lastYearCountsAsFull, readRetirementYear, resignationDeadline } from "../../src/engine/benefit-calendar";
import { readAmount } from "../../src/engine/inputs";
import { isPilotageInputError } from "../../src/engine/errors";
import { Money } from "../../src/engine/money";
import { inputErrorOf, money } from "./hand";

const d = (text: string): Decimal => new Money(text);

describe("surchargeCap: greater of 35% of Section 2 base collected and $500,000 (§ 89-a(4)(b)(1-c)(iii), D9)", () => {
  it("nothing collected: 35% × 0 = 0 < 500,000 → $500,000", () => {
    const result = refusalThrown(surchargeCap(d("0")));
    expect(money(result.cap)).toBe("500000.00");
    expect(money(result.percentOfSection2Base)).toBe("0.00");
    expect(result.branch).toBe("floor");
    expect(result.citation).toBe("§ 89-a(4)(b)(1-c)(iii)");
  });

  it("1,000,000.00 collected: 35% = 350,000.00 < 500,000 → $500,000", () => {
    const result = refusalThrown(surchargeCap(d("1000000.00")));
    expect(money(result.percentOfSection2Base)).toBe("350000.00");
    expect(money(result.cap)).toBe("500000.00");
    expect(result.branch).toBe("floor");
    expect(result.reason).toContain("less than $500,000.00");
  });

  it("1,428,571.40: 1,428,571.40 × 35 = 49,999,999.00 → ÷ 100 = 499,999.99 < 500,000 → $500,000", () => {
    const result = refusalThrown(surchargeCap(d("1428571.40")));
    expect(money(result.percentOfSection2Base)).toBe("499999.99");
    expect(money(result.cap)).toBe("500000.00");
    expect(result.branch).toBe("floor");
  });

  it("1,428,571.43: × 35 = 50,000,000.05 → 500,000.0005 → 500,000.00 to the cent, equal → $500,000 (floor)", () => {
    const result = refusalThrown(surchargeCap(d("1428571.43")));
    expect(money(result.percentOfSection2Base)).toBe("500000.00");
    expect(money(result.cap)).toBe("500000.00");
    expect(result.branch).toBe("floor");
    expect(result.reason).toContain("equal to $500,000.00");
  });

  it("1,428,571.45: × 35 = 50,000,000.75 → 500,000.0075 → 500,000.01 > 500,000 → 35% applies", () => {
    const result = refusalThrown(surchargeCap(d("1428571.45")));
    expect(money(result.cap)).toBe("500000.01");
    expect(result.branch).toBe("percentOfSection2Base");
  });

  it("3,456,789.01: × 35 = 120,987,615.35 → 1,209,876.1535 → 1,209,876.15", () => {
    const result = refusalThrown(surchargeCap(d("3456789.01")));
    expect(money(result.cap)).toBe("1209876.15");
    expect(result.branch).toBe("percentOfSection2Base");
    expect(result.reason).toContain("35% × $3,456,789.01 = $1,209,876.15");
  });

  it("a negative amount collected is refused", () => {
    const error = inputErrorOf(() => refusalThrown(surchargeCap(d("-1"))));
    expect(error.code).toBe("NOT_POSITIVE");
    expect(error.field).toBe("section2_base_collected");
  });
});

describe("retirementContribution: 12% of earnings (§ 89-a(5))", () => {
  it("250,000.00 × 12% = 30,000.00", () => {
    const result = refusalThrown(retirementContribution(d("250000.00")));
    expect(money(result.contribution)).toBe("30000.00");
    expect(result.rate.toString()).toBe("0.12");
    expect(result.citation).toBe("§ 89-a(5)");
  });

  it("123,456.78 × 12 = 1,481,481.36 → ÷ 100 = 14,814.8136 → 14,814.81", () => {
    expect(money(refusalThrown(retirementContribution(d("123456.78"))).contribution)).toBe("14814.81");
  });

  it("0.04 × 12% = 0.0048 → 0.00; 0.05 × 12% = 0.006 → 0.01", () => {
    expect(money(refusalThrown(retirementContribution(d("0.04"))).contribution)).toBe("0.00");
    expect(money(refusalThrown(retirementContribution(d("0.05"))).contribution)).toBe("0.01");
  });

  it("negative earnings are refused", () => {
    expect(inputErrorOf(() => refusalThrown(retirementContribution(d("-0.01")))).code).toBe("NOT_POSITIVE");
  });
});

describe("disabilityBenefit (§ 89-a(5))", () => {
  it("with insurance (the default): 50% × 200,000.00 = 100,000.00; years not needed", () => {
    const result = refusalThrown(disabilityBenefit(d("200000.00")));
    expect(money(result.benefit)).toBe("100000.00");
    expect(result.basis).toBe("insurance");
    expect(result.rate.toString()).toBe("0.5");
    expect(result.citation).toBe("§ 89-a(5)");
  });

  it("with insurance the years of service do not change the amount: 50% × 200,000.00 at 3 years = 100,000.00", () => {
    expect(money(refusalThrown(disabilityBenefit(d("200000.00"), 3, true)).benefit)).toBe("100000.00");
  });

  it("with insurance, an odd cent rounds half up: 50% × 0.01 = 0.005 → 0.01", () => {
    expect(money(refusalThrown(disabilityBenefit(d("0.01"))).benefit)).toBe("0.01");
  });

  // Without insurance: 10% + 1.6% × (years − 1), at most 50%. 10 + 1.6 × (n − 1) = 50 ⇔ n − 1 = 40 ÷ 1.6 = 25 ⇔ n = 26.
  it("1 year: 10% + 1.6% × 0 = 10% → 10% × 200,000.00 = 20,000.00", () => {
    const result = refusalThrown(disabilityBenefit(d("200000.00"), 1, false));
    expect(result.rate.toString()).toBe("0.1");
    expect(money(result.benefit)).toBe("20000.00");
    expect(result.basis).toBe("noInsurance");
    expect(result.maximumReached).toBe(false);
  });

  it("2 years: 10% + 1.6% × 1 = 11.6% → 0.116 × 200,000.00 = 23,200.00", () => {
    const result = refusalThrown(disabilityBenefit(d("200000.00"), 2, false));
    expect(result.rate.toString()).toBe("0.116");
    expect(money(result.benefit)).toBe("23200.00");
  });

  it("25 years: 10% + 1.6% × 24 = 10% + 38.4% = 48.4% → 96,800.00; maximum not reached", () => {
    const result = refusalThrown(disabilityBenefit(d("200000.00"), 25, false));
    expect(result.rate.toString()).toBe("0.484");
    expect(money(result.benefit)).toBe("96800.00");
    expect(result.maximumReached).toBe(false);
    expect(result.reason).toContain("10% + 1.6% × 24 years after the first = 48.4%");
  });

  it("26 years: 10% + 1.6% × 25 = 10% + 40% = 50%, exactly the maximum → 100,000.00", () => {
    const result = refusalThrown(disabilityBenefit(d("200000.00"), 26, false));
    expect(result.rate.toString()).toBe("0.5");
    expect(money(result.benefit)).toBe("100000.00");
    expect(result.maximumReached).toBe(true);
    expect(result.reason).not.toContain("limited to");
  });

  it("27 years: 10% + 1.6% × 26 = 51.6% > 50% → limited to 50% → 100,000.00", () => {
    const result = refusalThrown(disabilityBenefit(d("200000.00"), 27, false));
    expect(result.rate.toString()).toBe("0.5");
    expect(money(result.benefit)).toBe("100000.00");
    expect(result.maximumReached).toBe(true);
    expect(result.reason).toContain("= 51.6%, limited to the maximum 50%");
  });

  it("40 years: still 50% → 100,000.00", () => {
    expect(money(refusalThrown(disabilityBenefit(d("200000.00"), 40, false)).benefit)).toBe("100000.00");
  });

  it("25 years on 123,456.79: 123,456.79 × 484 = 59,753,086.36 → ÷ 1000 = 59,753.08636 → 59,753.09", () => {
    expect(money(refusalThrown(disabilityBenefit(d("123456.79"), 25, false)).benefit)).toBe("59753.09");
  });

  it("without insurance the years are required", () => {
    const error = inputErrorOf(() => refusalThrown(disabilityBenefit(d("200000.00"), null, false)));
    expect(error.code).toBe("BLANK");
    expect(error.field).toBe("years_of_service");
    expect(error.message).toContain("enter the whole years");
  });

  it("years must be whole, at least 1, at most 70 (checked even with insurance)", () => {
    const fraction = inputErrorOf(() => refusalThrown(disabilityBenefit(d("1000"), 2.5, false)));
    expect(fraction.code).toBe("NOT_A_NUMBER");
    expect(fraction.message).toContain("§ 89-a(7)(c)");
    expect(inputErrorOf(() => refusalThrown(disabilityBenefit(d("1000"), 2.5, true))).code).toBe("NOT_A_NUMBER");
    expect(inputErrorOf(() => refusalThrown(disabilityBenefit(d("1000"), 0, false))).code).toBe("NOT_POSITIVE");
    expect(inputErrorOf(() => refusalThrown(disabilityBenefit(d("1000"), 71, false))).code).toBe("IMPLAUSIBLE");
    // 70 years: 10% + 1.6% × 69 = 120.4% → 50% × 1,000 = 500.00
    expect(money(refusalThrown(disabilityBenefit(d("1000"), 70, false)).benefit)).toBe("500.00");
  });

  it("negative earnings are refused", () => {
    expect(inputErrorOf(() => refusalThrown(disabilityBenefit(d("-5")))).field).toBe("last_year_earnings");
  });
});

describe("lastYearCountsAsFull: more than six months of the last calendar year (§ 89-a(7)(c), D18)", () => {
  it.each([
    ["2024-01-01", false],
    ["2024-06-30", false], // 1 January – 30 June: six months, not more
    ["2024-07-01", true], //  six months and a day
    ["2024-12-31", true],
    ["2023-06-30", false],
    ["2023-07-01", true],
  ])("last day of service %s → %p", (date, expected) => {
    const result = lastYearCountsAsFull(date);
    expect(result.countsAsFull).toBe(expected);
    expect(result.citation).toBe("§ 89-a(7)(c)");
  });

  it("says why", () => {
    expect(lastYearCountsAsFull("2024-07-01").reason).toContain("is after 2024-06-30");
    expect(lastYearCountsAsFull("2024-06-30").reason).toContain("is not after 2024-06-30");
  });
});

describe("fixedAnnualPension by retirement year (§ 89-a(6), D17)", () => {
  it.each([
    [1900, "34995.00"], // "before nineteen eighty": thirty-four thousand nine hundred ninety-five
    [1979, "34995.00"],
    [1981, "39995.00"], // "from nineteen eighty-one through nineteen ninety": thirty-nine thousand nine hundred ninety-five
    [1990, "39995.00"],
    [1991, "44994.00"], // "nineteen hundred ninety-one through two thousand": forty-four thousand nine hundred ninety-four
    [2000, "44994.00"],
    [2001, "58492.00"], // "in two thousand one": fifty-eight thousand four hundred ninety-two
    [2008, "59992.00"], // "in two thousand eight": fifty-nine thousand nine hundred ninety-two
    [2010, "49993.00"], // "in two thousand ten": forty-nine thousand nine hundred ninety-three
    // "an active Hudson River pilot who retires before two thousand sixteen": eighty-four thousand six
    // hundred, for a pilot active when the 2015 act took effect, so 2015 only (D17).
    [2015, "84600.00"],
  ])("%p → %p", (year, amount) => {
    const result = refusalThrown(fixedAnnualPension(year));
    expect(money(result.amount)).toBe(amount);
    expect(result.citation).toBe("§ 89-a(6)");
  });

  it("names the cohort's words", () => {
    expect(refusalThrown(fixedAnnualPension(1979)).cohort).toBe("retired before nineteen eighty");
    expect(refusalThrown(fixedAnnualPension(1979)).firstYear).toBeNull();
    expect(refusalThrown(fixedAnnualPension(1979)).note).toBeNull();
    expect(refusalThrown(fixedAnnualPension(2015)).reason).toContain("$84,600.00 a year");
  });

  it("2015 carries the note on how \"retires\" is read (D17)", () => {
    const result = refusalThrown(fixedAnnualPension(2015));
    expect(result.note).toContain('says "retires", not "retired"');
    expect(result.note).toContain("2011–2014 are not set");
    expect(result.reason).toContain(result.note as string);
  });

  it.each([1980, 2002, 2005, 2007, 2009, 2011, 2012, 2013, 2014, 2016, 2030])("%p is not set by the subdivision: NOT_COVERED (#N/A)", (year) => {
    const error = inputErrorOf(() => refusalThrown(fixedAnnualPension(year)));
    expect(error.code).toBe("NOT_COVERED");
    expect(error.kind).toBe("na");
    expect(error.field).toBe("retirement_year");
    expect(error.message).toContain(`Retirement in ${year} is not set by § 89-a(6)`);
  });

  it("explains each kind of gap", () => {
    expect(inputErrorOf(() => refusalThrown(fixedAnnualPension(1980))).message).toContain('"from nineteen eighty-one"');
    expect(inputErrorOf(() => refusalThrown(fixedAnnualPension(2009))).message).toContain("it names amounts only for before 1980, 1981–1990, 1991–2000, 2001, 2008, 2010, and 2015");
    expect(inputErrorOf(() => refusalThrown(fixedAnnualPension(2013))).message).toContain("read as one active when the 2015 act took effect (D17)");
    expect(inputErrorOf(() => refusalThrown(fixedAnnualPension(2016))).message).toContain("retires before two thousand sixteen");
  });

  it("a fraction, a date serial or a year before 1900 is refused", () => {
    expect(inputErrorOf(() => refusalThrown(fixedAnnualPension(2010.5))).code).toBe("NOT_A_NUMBER");
    const serial = inputErrorOf(() => refusalThrown(fixedAnnualPension(43831)));
    expect(serial.code).toBe("DATE_OUT_OF_RANGE");
    expect(serial.message).toContain("=YEAR(date)");
    expect(inputErrorOf(() => refusalThrown(fixedAnnualPension(1899))).code).toBe("DATE_OUT_OF_RANGE");
  });
});

describe("benefitStartDate: the benefit payment period next following the retirement (§ 89-a(7)(a), D18)", () => {
  it.each([
    // retirement date, period start, payment year, payment month ("March, June, September, and December")
    ["2026-01-01", "2026-04-01", 2026, 6], // 1 January is a period's first day: the period next following is April's
    ["2026-03-31", "2026-04-01", 2026, 6],
    ["2026-04-01", "2026-07-01", 2026, 9],
    ["2026-06-30", "2026-07-01", 2026, 9],
    ["2026-07-01", "2026-10-01", 2026, 12], // retirement ON 1 July: 1 July does not follow 1 July → 1 October
    ["2026-09-30", "2026-10-01", 2026, 12],
    ["2026-10-01", "2027-01-01", 2027, 3],
    ["2026-12-31", "2027-01-01", 2027, 3],
    ["2024-02-29", "2024-04-01", 2024, 6],
  ])("retired %s → benefits from %s, paid in %p-%p", (retired, start, paymentYear, paymentMonth) => {
    const result = refusalThrown(benefitStartDate(retired));
    expect(result.startDate).toBe(start);
    expect(result.firstPaymentYear).toBe(paymentYear);
    expect(result.firstPaymentMonth).toBe(paymentMonth);
    expect(result.citation).toBe("§ 89-a(7)(a)");
  });

  it("says so when the retirement date is itself a period's first day", () => {
    expect(refusalThrown(benefitStartDate("2026-07-01")).reason).toContain("the period commencing on that date does not follow it");
    expect(refusalThrown(benefitStartDate("2026-07-01")).reason).toContain("commences 2026-10-01; its payment is made in December 2026");
  });

  it("a start after Excel's last date is refused", () => {
    expect(inputErrorOf(() => refusalThrown(benefitStartDate("9999-12-31"))).code).toBe("DATE_OUT_OF_RANGE");
  });
});

describe("resignationDeadline: written resignation prior to 1 Nov / 1 Feb / 1 May / 1 Aug (§ 89-a(7)(b), D18)", () => {
  it.each([
    // effective date, "prior to" date, last permitted day (the day before)
    ["2027-01-01", "2026-11-01", "2026-10-31"], // "prior to November first … the following January"
    ["2026-04-01", "2026-02-01", "2026-01-31"], // "prior to February first … April"
    ["2026-07-01", "2026-05-01", "2026-04-30"], // "prior to May first … July"
    ["2026-10-01", "2026-08-01", "2026-07-31"], // "prior to August first … October"
    ["2024-04-01", "2024-02-01", "2024-01-31"],
  ])("retirement effective %s → submit before %s, last day %s", (effective, before, last) => {
    const result = refusalThrown(resignationDeadline(effective));
    expect(result.submitBefore).toBe(before);
    expect(result.lastDay).toBe(last);
    expect(result.citation).toBe("§ 89-a(7)(b)");
  });

  it.each([
    ["2026-07-02", "2026-10-01"],
    ["2026-06-30", "2026-07-01"],
    ["2026-02-01", "2026-04-01"],
    ["2026-12-31", "2027-01-01"],
  ])("%s is not a quarter's first day: NOT_QUARTER_START (#VALUE!) suggesting %s", (date, suggestion) => {
    const error = inputErrorOf(() => refusalThrown(resignationDeadline(date)));
    expect(error.code).toBe("NOT_QUARTER_START");
    expect(error.kind).toBe("value");
    expect(error.field).toBe("retirement_effective_date");
    expect(error.message).toContain(`for example ${suggestion}`);
  });

  it("a deadline before Excel's first date is refused", () => {
    expect(inputErrorOf(() => refusalThrown(resignationDeadline("1900-01-01"))).code).toBe("DATE_OUT_OF_RANGE");
  });
});

describe("spouseBenefit: 50% of the pilot's benefit (§ 89-a(8))", () => {
  it.each([
    ["84600.00", "42300.00"], // 84,600 ÷ 2
    ["49993.00", "24996.50"], // 49,993 ÷ 2
    ["34995.01", "17497.51"], // 34,995.01 ÷ 2 = 17,497.505 → half up → 17,497.51
    ["0.00", "0.00"],
  ])("50%% × %s = %s", (pilot, spouse) => {
    const result = refusalThrown(spouseBenefit(d(pilot)));
    expect(money(result.benefit)).toBe(spouse);
    expect(result.citation).toBe("§ 89-a(8)");
  });

  it("a negative benefit is refused", () => {
    expect(inputErrorOf(() => refusalThrown(spouseBenefit(d("-1")))).code).toBe("NOT_POSITIVE");
  });
});

describe("spouseEligible: married at least one year before the death (§ 89-a(9), GCL § 30)", () => {
  it.each([
    // marriage, death, one year after marriage, eligible
    ["2020-05-10", "2021-05-10", "2021-05-10", true], // exactly one year
    ["2020-05-10", "2021-05-09", "2021-05-10", false], // a day short
    ["2016-02-29", "2017-02-28", "2017-02-28", true], // 29 Feb + 12 months: no 29 Feb 2017 → last day of February
    ["2016-02-29", "2017-02-27", "2017-02-28", false],
    ["2016-02-29", "2017-03-01", "2017-02-28", true],
    ["2019-02-28", "2020-02-28", "2020-02-28", true], // into a leap year: same day, 28 February
    ["2019-02-28", "2020-02-27", "2020-02-28", false],
    ["2023-03-01", "2024-02-29", "2024-03-01", false], // 29 Feb 2024 is before 1 March 2024
    ["2023-03-01", "2024-03-01", "2024-03-01", true],
    ["2020-05-10", "2020-05-10", "2021-05-10", false], // married on the day of death
  ])("married %s, died %s (one year on %s) → %p", (marriage, death, oneYear, eligible) => {
    const result = refusalThrown(spouseEligible(marriage, death));
    expect(result.oneYearAfterMarriage).toBe(oneYear);
    expect(result.eligible).toBe(eligible);
    expect(result.citation).toBe("§ 89-a(9)");
  });

  it("a marriage after the death is an input error", () => {
    const error = inputErrorOf(() => refusalThrown(spouseEligible("2021-01-02", "2021-01-01")));
    expect(error.code).toBe("IMPLAUSIBLE");
    expect(error.field).toBe("marriage_date");
    expect(error.message).toContain("check the two dates");
  });
});

describe("isEligibleSurvivingSpouse: spouseEligible's answer alone, for columns", () => {
  it("the same answer, or the same refusal, as spouseEligible for each pair of dates", () => {
    // Around one year (12 months, GCL § 30) after the marriage, 29 February, and a marriage after the death.
    const pairs: [string, string][] = [
      ["2020-03-01", "2021-03-01"], // one year later is 2021-03-01: on the death, eligible
      ["2020-03-02", "2021-03-01"], // one year later is 2021-03-02: after it, not eligible
      ["2020-02-29", "2021-02-28"], // no 29 February 2021: one year later is 2021-02-28, eligible
      ["2020-02-29", "2021-02-27"],
      ["2021-05-01", "2021-04-30"], // married after the death: refused
      ["2021-05-01", "2021-05-01"],
    ];
    for (const [marriage, death] of pairs) {
      const decided = (run: () => boolean) => {
        try {
          return run();
        } catch (error) {
          return inputErrorOf(() => {
            throw error;
          }).message;
        }
      };
      expect(decided(() => refusalThrown(isEligibleSurvivingSpouse(marriage, death)))).toEqual(decided(() => refusalThrown(spouseEligible(marriage, death)).eligible));
    }
    expect(refusalThrown(isEligibleSurvivingSpouse("2020-03-01", "2021-03-01"))).toBe(true);
    expect(refusalThrown(isEligibleSurvivingSpouse("2020-03-02", "2021-03-01"))).toBe(false);
    expect(refusalThrown(isEligibleSurvivingSpouse("2020-02-29", "2021-02-28"))).toBe(true);
  });
});

describe("readers for the benefit functions", () => {
  it("readYearsOfService: whole numbers from cells; blank → none", () => {
    expect(refusalThrown(readYearsOfService(25))).toBe(25);
    expect(refusalThrown(readYearsOfService("26"))).toBe(26);
    expect(refusalThrown(readYearsOfService("26.0"))).toBe(26);
    expect(refusalThrown(readYearsOfService(null))).toBeNull();
    expect(refusalThrown(readYearsOfService(""))).toBeNull();
    expect(inputErrorOf(() => refusalThrown(readYearsOfService(25.5))).code).toBe("NOT_A_NUMBER");
    expect(inputErrorOf(() => refusalThrown(readYearsOfService(true))).code).toBe("NOT_A_NUMBER");
    expect(inputErrorOf(() => refusalThrown(readYearsOfService("many"))).code).toBe("NOT_A_NUMBER");
    expect(inputErrorOf(() => refusalThrown(readYearsOfService(0))).code).toBe("NOT_POSITIVE");
  });

  it("readRetirementYear: a year as a number or text", () => {
    expect(refusalThrown(readRetirementYear(2010))).toBe(2010);
    expect(refusalThrown(readRetirementYear(" 1979 "))).toBe(1979);
    expect(inputErrorOf(() => refusalThrown(readRetirementYear(""))).code).toBe("BLANK");
    expect(inputErrorOf(() => refusalThrown(readRetirementYear(true))).code).toBe("NOT_A_NUMBER");
    expect(inputErrorOf(() => refusalThrown(readRetirementYear(46204))).code).toBe("DATE_OUT_OF_RANGE");
  });

  it("readBenefitDate: Excel serials and ISO text; messages name the date, `field` the argument", () => {
    // 2026-01-01 is serial 46023 (2025-01-01 = 45658, + 365); + 181 days (31+28+31+30+31+30) → 2026-07-01 = 46204
    expect(refusalThrown(readBenefitDate(46204, "retirement_date", "retirement date"))).toBe("2026-07-01");
    expect(refusalThrown(readBenefitDate("2016-02-29", "marriage_date", "marriage date"))).toBe("2016-02-29");
    const blank = inputErrorOf(() => refusalThrown(readBenefitDate(null, "retirement_date", "retirement date")));
    expect(blank.code).toBe("BLANK");
    expect(blank.field).toBe("retirement_date");
    expect(blank.message).toContain("The retirement date is blank");
    const impossible = inputErrorOf(() => refusalThrown(readBenefitDate("2017-02-29", "death_date", "date of death")));
    expect(impossible.code).toBe("IMPOSSIBLE_DATE");
    expect(impossible.field).toBe("death_date");
    expect(impossible.message).toContain("date of death");
  });
});

describe("whole cents for columns: benefitAmountReader and the …Cents functions", () => {
  it("a plain number of dollars and cents reads as its whole cents; anything else as a Decimal", () => {
    expect(refusalThrown(benefitAmountReader("earnings", "earnings")(1234.56))).toEqual({ cents: 123456 });
    expect(refusalThrown(benefitAmountReader("earnings", "earnings")(0))).toEqual({ cents: 0 });
    expect(refusalThrown(benefitAmountReader("earnings", "earnings")(1_000_000_000))).toEqual({ cents: 100_000_000_000 });
    // 0.1 + 0.2 is 0.30000000000000004, not 0.30: read by decimal.js with all its digits.
    expect((refusalThrown(benefitAmountReader("earnings", "earnings")(0.1 + 0.2)) as Decimal).toString()).toBe("0.30000000000000004");
    expect((refusalThrown(benefitAmountReader("earnings", "earnings")("1,234.56")) as Decimal).toString()).toBe("1234.56");
  });

  it("refuses what readAmount refuses, with its messages: -0, a negative amount, more than $1,000,000,000", () => {
    expect(inputErrorOf(() => refusalThrown(benefitAmountReader("earnings", "earnings")(-0))).message).toBe("The earnings cannot be negative: enter the amount in dollars, 0 or more.");
    expect(inputErrorOf(() => refusalThrown(benefitAmountReader("earnings", "earnings")(-5))).code).toBe("NOT_POSITIVE");
    expect(inputErrorOf(() => refusalThrown(benefitAmountReader("earnings", "earnings")(1_000_000_000.01))).code).toBe("IMPLAUSIBLE");
  });

  it("benefitAmountReader refuses what readAmount refuses (same code, field and message), and with one refusal for every negative number", () => {
    const read = benefitAmountReader("earnings", "earnings");
    const inputs: unknown[] = [-0, -5, -0.01, -1e300, Number.MIN_VALUE * -1, -Infinity, Infinity, NaN, 1_000_000_000.01, 1e300, "-5", "abc", "", null, true, 5, "12.50"];
    for (const input of inputs) {
      let thrown: unknown = null;
      let amount: Decimal | null = null;
      try {
        amount = refusalThrown(readAmount(input, "earnings", "earnings"));
      } catch (error) {
        thrown = error;
      }
      const answer = read(input);
      if (thrown === null) {
        expect(isPilotageInputError(answer)).toBe(false);
        const cents = "cents" in (answer as object) ? (answer as { cents: number }).cents : null;
        // Whole cents, or the Decimal readAmount gives: the same amount either way.
        expect(cents === null ? (answer as Decimal).toString() : new Money(cents).div(100).toString()).toBe((amount as Decimal).toString());
      } else {
        expect(isPilotageInputError(answer)).toBe(true);
        const refusal = inputErrorOf(() => {
          throw answer;
        });
        const expected = inputErrorOf(() => {
          throw thrown;
        });
        expect([refusal.code, refusal.field, refusal.message]).toEqual([expected.code, expected.field, expected.message]);
      }
    }
    // -5 and -0.01: the same refusal, made once.
    expect(read(-5)).toBe(read(-0.01));
    expect(read(-0)).toBe(read(-1e300));
  });

  it("12% of 1,234.56 = 148.1472 → 148.15; of 0.04 = 0.0048 → 0.00; of 0.05 = 0.006 → 0.01", () => {
    expect(refusalThrown(retirementContributionCents({ cents: 123456 }))).toBe(14815);
    expect(refusalThrown(retirementContributionCents({ cents: 4 }))).toBe(0);
    expect(refusalThrown(retirementContributionCents({ cents: 5 }))).toBe(1);
  });

  it("50% of 0.01 = 0.005 → 0.01 (half up); of 999,999,999.99 = 499,999,999.995 → 500,000,000.00 (past 2^53 millionths of a cent: decimal.js)", () => {
    expect(refusalThrown(spouseBenefitCents({ cents: 1 }))).toBe(1);
    // 99,999,999,999 cents × 500,000 millionths = 4.99…e16 > 2^53 ≈ 9.007e15.
    expect(refusalThrown(spouseBenefitCents({ cents: 99_999_999_999 }))).toBe(50_000_000_000);
    expect(refusalThrown(spouseBenefitCents(d("999999999.99")))).toBe(50_000_000_000);
  });

  it("surcharge cap: 35% of 2,000,000.00 = 700,000.00; of 1,000,000.00 = 350,000.00 < 500,000.00 → 500,000.00", () => {
    expect(refusalThrown(surchargeCapCents({ cents: 200_000_000 }))).toBe(70_000_000);
    expect(refusalThrown(surchargeCapCents({ cents: 100_000_000 }))).toBe(50_000_000);
    // 35% × 1,428,571.43 = 500,000.0005 → 500,000.00: equal to the floor, which is the cap.
    expect(refusalThrown(surchargeCapCents({ cents: 142_857_143 }))).toBe(50_000_000);
    // 35% × 1,428,571.45 = 500,000.0075 → 500,000.01, more than the floor.
    expect(refusalThrown(surchargeCapCents({ cents: 142_857_145 }))).toBe(50_000_001);
  });

  it("disability without insurance, 12 years: 10% + 1.6% × 11 = 27.6% × 123,456.78 = 34,074.07128 → 34,074.07; blank years refused as before", () => {
    expect(refusalThrown(disabilityBenefitCents({ cents: 12_345_678 }, 12, false))).toBe(3_407_407);
    expect(refusalThrown(disabilityBenefitCents({ cents: 12_345_678 }))).toBe(6_172_839);
    expect(inputErrorOf(() => refusalThrown(disabilityBenefitCents({ cents: 100 }, null, false))).code).toBe("BLANK");
    expect(inputErrorOf(() => refusalThrown(disabilityBenefitCents({ cents: 100 }, 1.5, false))).code).toBe("NOT_A_NUMBER");
  });
});
