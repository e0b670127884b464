/**
 * § 89-a(4)(b)(1-c)(iii) and (5)–(9): the figures the statute fixes for the pilots' benefits and
 * for the cap on the surcharge that funds them (D9, D16–D18). Rates are decimal fractions as text
 * ("0.12" = twelve percent), amounts are dollars as text, each with the words it comes from.
 */

/** (1-c)(iii), D9: the board's surcharge may not exceed, in any calendar year, the greater of these. */
export const SURCHARGE_CAP = {
  /** "thirty-five percent of the sum of the base pilotage charges collected … for Section 2, Upper River" */
  shareOfSection2Base: "0.35",
  /** "or five hundred thousand dollars, in any calendar year" */
  floorAmount: "500000.00",
  citation: "§ 89-a(4)(b)(1-c)(iii)",
} as const;

/** (5): "a contribution of an amount equivalent to twelve percent of the earnings" (pilots who entered service after 2005). */
export const RETIREMENT_CONTRIBUTION = {
  rate: "0.12",
  citation: "§ 89-a(5)",
} as const;

/** (5): the disability benefit, with disability insurance and, "in the event such disability insurance is unavailable", without it. */
export const DISABILITY_BENEFIT = {
  /** "equal to fifty percent of the amount which is equal to such pilot's earnings … during the last full calendar year of service" */
  insuredRate: "0.50",
  /** "the sum of ten percent of the amount which is equal to the earnings …" */
  uninsuredBaseRate: "0.10",
  /** "… and one and six-tenths percent for each year of service after the first year" */
  uninsuredRatePerYearAfterFirst: "0.016",
  /** "… to a maximum of fifty percent" */
  uninsuredMaximumRate: "0.50",
  citation: "§ 89-a(5)",
} as const;

/** (8)(a), (b): the surviving spouse's yearly benefit is "fifty percent of the amount" of the pilot's benefit. */
export const SPOUSE_BENEFIT = {
  rate: "0.50",
  citation: "§ 89-a(8)",
} as const;

/** (9): an eligible surviving spouse was "married at least one year prior to the date of death" (months counted per GCL § 30). */
export const SPOUSE_MARRIAGE_MONTHS = 12;
export const SPOUSE_ELIGIBILITY_CITATION = "§ 89-a(9)";

/**
 * (7)(c), D18: "service … of more than six months of such pilot's last calendar year as an active
 * pilot shall be considered a full calendar year": a last day of service after 30 June.
 */
export const LAST_YEAR_FULL = {
  /** Month and day of the last day that is not yet "more than six months" (1 January to 30 June). */
  sixMonthsEndMonth: 6,
  sixMonthsEndDay: 30,
  citation: "§ 89-a(7)(c)",
} as const;

/** One retirement cohort of (6), D17. `firstYear` null = no earlier limit ("before nineteen eighty"). */
export interface FixedPensionCohort {
  firstYear: number | null;
  lastYear: number;
  /** Annual retirement benefit, dollars. */
  annualAmount: string;
  /** The statute's words for the cohort. */
  words: string;
  citation: string;
  /** How the words are read, where that is a judgment (D17). */
  note?: string;
}

const SUBDIVISION_6 = "§ 89-a(6)";

/**
 * (6), D17. The text names no amount for 1980 ("before nineteen eighty" / "from nineteen
 * eighty-one"), 2002–2007, 2009, 2011–2014 or 2016 on. Its last item, unlike every other, says
 * "retires", not "retired": "an active Hudson River pilot who retires before two thousand sixteen"
 * is a pilot still active when the 2015 act took effect, so it sets 2015 only.
 */
export const FIXED_PENSION_COHORTS: readonly FixedPensionCohort[] = [
  { firstYear: null, lastYear: 1979, annualAmount: "34995.00", words: "retired before nineteen eighty", citation: SUBDIVISION_6 },
  { firstYear: 1981, lastYear: 1990, annualAmount: "39995.00", words: "retired from nineteen eighty-one through nineteen ninety", citation: SUBDIVISION_6 },
  { firstYear: 1991, lastYear: 2000, annualAmount: "44994.00", words: "retired from nineteen hundred ninety-one through two thousand", citation: SUBDIVISION_6 },
  { firstYear: 2001, lastYear: 2001, annualAmount: "58492.00", words: "retired in two thousand one", citation: SUBDIVISION_6 },
  { firstYear: 2008, lastYear: 2008, annualAmount: "59992.00", words: "retired in two thousand eight", citation: SUBDIVISION_6 },
  { firstYear: 2010, lastYear: 2010, annualAmount: "49993.00", words: "retired in two thousand ten", citation: SUBDIVISION_6 },
  {
    firstYear: 2015,
    lastYear: 2015,
    annualAmount: "84600.00",
    words: "an active Hudson River pilot who retires before two thousand sixteen",
    citation: SUBDIVISION_6,
    note:
      'Read as a pilot still active when the 2015 act took effect: unlike every other item, (6) says "retires", not "retired", ' +
      "so it sets 2015 only; 2011–2014 are not set (D17).",
  },
];

/**
 * (7)(a), (b), D18: the benefit payment periods are the calendar quarters; the first payments are
 * made in each quarter's last month; a written resignation must be submitted before the first day
 * of the month named for retirement effective on the quarter's first day.
 */
export interface BenefitPaymentPeriod {
  /** Month (1–12) in which the period commences, on its first day. */
  startMonth: number;
  /** "the first payments of benefits shall be made during the months of March, June, September, and December" */
  paymentMonth: number;
  /** Resignation "prior to" the first day of this month … */
  resignBeforeMonth: number;
  /** … of the year before the retirement (true only for 1 January: "prior to November first"). */
  resignBeforeInPreviousYear: boolean;
  citation: string;
}

export const BENEFIT_PAYMENT_PERIODS: readonly BenefitPaymentPeriod[] = [
  { startMonth: 1, paymentMonth: 3, resignBeforeMonth: 11, resignBeforeInPreviousYear: true, citation: "§ 89-a(7)(a), (b)" },
  { startMonth: 4, paymentMonth: 6, resignBeforeMonth: 2, resignBeforeInPreviousYear: false, citation: "§ 89-a(7)(a), (b)" },
  { startMonth: 7, paymentMonth: 9, resignBeforeMonth: 5, resignBeforeInPreviousYear: false, citation: "§ 89-a(7)(a), (b)" },
  { startMonth: 10, paymentMonth: 12, resignBeforeMonth: 8, resignBeforeInPreviousYear: false, citation: "§ 89-a(7)(a), (b)" },
];
