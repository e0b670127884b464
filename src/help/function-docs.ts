/**
 * Our own words for each NYPILOT function's help entry: what it is for, a worked example with the
 * numbers shown, the errors it gives and why, and the clause it implements. The help page joins this
 * with dist/functions.json (names, arguments), so it can neither list a function that does not exist
 * nor miss one: a test checks both ways, and evaluates every example in a workbook engine.
 */
export interface FunctionExample {
  /** Cells laid out from A1 before the formula is evaluated (a board table, say). */
  sheet?: (string | number | boolean | null)[][];
  /** The formula as typed, with the NYPILOT. prefix. */
  formula: string;
  /** The result: a number, text, boolean, or the top-left cell of a spilled range. */
  result: string | number | boolean;
  /** The arithmetic, from the statute's numbers. */
  working: string;
}

export interface FunctionDoc {
  purpose: string;
  citation: string;
  example: FunctionExample;
  errors: { code: "#VALUE!" | "#NUM!" | "#N/A"; when: string }[];
}

const BOARD_FEES = [
  ["From", "Launch", "Communication", "Mid-river launch"],
  ["2024-01-01", 310, 45.5, 125.25],
];
const BOARD_SURCHARGE = [
  ["From", "0-50", "51-100", "Per unit over 100"],
  ["2020-11-20", 300, 360, 3.6],
];

const UNITS_ERRORS: FunctionDoc["errors"] = [
  { code: "#VALUE!", when: "units are blank, text other than UNMEASURED, or TRUE/FALSE; a section other than 1/2/Lower/Upper; a date that is not a date" },
  { code: "#NUM!", when: "units of zero or less, or implausibly large; a date that does not exist, or Excel's serial 60 (29 February 1900)" },
  { code: "#N/A", when: "no schedule is encoded for the date (before 20 November 2015, the assumed start of clause (i))" },
];

export const FUNCTION_DOCS: Record<string, FunctionDoc> = {
  VERSION: {
    purpose: "Shows which release of the add-in computed the workbook, to note beside a reconciliation.",
    citation: "—",
    example: { formula: "=NYPILOT.VERSION()", result: "0.1.0", working: "The version in package.json." },
    errors: [],
  },
  PILOTAGE_UNITS: {
    purpose: "Works out a vessel's pilotage units from its three measurements. Accepts feet, feet and inches, metres or inches.",
    citation: "§ 89-a(4)(b)(2), (c)",
    example: { formula: `=NYPILOT.PILOTAGE_UNITS("600 ft 6 in", 80, 40)`, result: 192.16, working: "600.5 ft × 80 ft × 40 ft ÷ 10,000 = 1,921,600 ÷ 10,000 = 192.16 units" },
    errors: [
      { code: "#VALUE!", when: "a measurement is blank or not a measurement (write 600' 6\", 600 ft 6 in, 182.88 m or 7206 in)" },
      { code: "#NUM!", when: "a measurement is zero or less, or implausible (a length over 2,000 ft)" },
    ],
  },
  HUDSON_BASE_FEE: {
    purpose: "Base pilotage for one transit or a whole column of transits, from the clause in force on the date.",
    citation: "§ 89-a(4)(b)(1)(i)–(xii)",
    example: { formula: `=NYPILOT.HUDSON_BASE_FEE(271.43, "Upper", "2026-06-15")`, result: 5857.46, working: "Clause (xi), Section 2: 271.43 × $21.58 = $5,857.4594 → $5,857.46" },
    errors: UNITS_ERRORS,
  },
  HUDSON_SURCHARGE: {
    purpose: "The pilots' retirement surcharge: the statutory table in the first sixty months, then the surcharge board's table you give.",
    citation: "§ 89-a(4)(b)(1-c)",
    example: {
      sheet: BOARD_SURCHARGE,
      formula: `=NYPILOT.HUDSON_SURCHARGE(271.43, "2026-06-15", A1:D2)`,
      result: 977.15,
      working: "Board row from 2020-11-20, over 100 units: 271.43 × $3.60 = $977.148 → $977.15",
    },
    errors: [...UNITS_ERRORS.slice(0, 2), { code: "#N/A", when: "the date is after the statutory periods and no board row covers it: enter the board's table" }],
  },
  HUDSON_SECOND_PILOT: {
    purpose: "The fee for a second pilot when continuous pilotage exceeds ten hours: 50% of the base pilotage fee.",
    citation: "§ 89-a(4)(b)(1-a)",
    example: { formula: "=NYPILOT.HUDSON_SECOND_PILOT(4146.81, 12)", result: 2073.41, working: "12 h > 10 h: 50% × $4,146.81 = $2,073.405 → $2,073.41 (half up)" },
    errors: [{ code: "#VALUE!", when: "the base fee or the hours are blank or not numbers; a flag that is not TRUE/FALSE" }, { code: "#NUM!", when: "negative hours or fee" }],
  },
  HUDSON_TOTAL: {
    purpose: "The total for a transit: base pilotage, surcharge, second pilot and the board's fees, each line rounded to the cent.",
    citation: "§ 89-a(4)(b)(1), (1-a), (1-c)",
    example: {
      sheet: [...BOARD_FEES, ...BOARD_SURCHARGE],
      formula: `=NYPILOT.HUDSON_TOTAL(271.43, "Upper", "2026-06-15", 12, FALSE, FALSE, A1:D2, A3:D4)`,
      result: 10244.09,
      working:
        "Base 271.43 × $21.58 = $5,857.46; surcharge 271.43 × $3.60 = $977.15; second pilot 50% × $5,857.46 = $2,928.73; " +
        "launch $310.00 + communication $45.50 + mid-river launch $125.25; total $10,244.09",
    },
    errors: [...UNITS_ERRORS.slice(0, 2), { code: "#N/A", when: "a board fee or the board's surcharge is not entered: the message names what is missing" }],
  },
  HUDSON_QUOTE: {
    purpose: "Spills a full quote for one transit: a header row, one row per charge with its authority, warnings, and the total.",
    citation: "§ 89-a(4)(b)(1), (1-a), (1-c)",
    example: {
      sheet: [...BOARD_FEES, ...BOARD_SURCHARGE],
      formula: `=NYPILOT.HUDSON_QUOTE(271.43, "Upper", "2026-06-15", 12, FALSE, FALSE, A1:D2, A3:D4)`,
      result: "Item",
      working: "Rows: Item | Amount | Authority; Base pilotage 5,857.46 § 89-a(4)(b)(1)(xi); …; Total 10,244.09",
    },
    errors: [...UNITS_ERRORS, { code: "#VALUE!", when: "ranges were given: HUDSON_QUOTE quotes one transit" }],
  },
  HUDSON_CLAUSE: {
    purpose: "The clause whose base rates are in force on a date.",
    citation: "§ 89-a(4)(b)(1)",
    example: { formula: `=NYPILOT.HUDSON_CLAUSE("2027-01-01")`, result: "§ 89-a(4)(b)(1)(xii)", working: "Clause (xii) is effective January first, two thousand twenty-seven." },
    errors: [UNITS_ERRORS[0], UNITS_ERRORS[1], UNITS_ERRORS[2]],
  },
  HUDSON_RATES: {
    purpose: "Spills the base-rate schedule in force on a date for both sections.",
    citation: "§ 89-a(4)(b)(1)",
    example: { formula: `=NYPILOT.HUDSON_RATES("2027-01-01")`, result: "Section", working: "Clause (xii): Section 1 $1,102.70 / $1,576.39 / $15.78 per unit; Section 2 $1,817.70 / $2,221.65 / $22.23 per unit; maximum 500 units." },
    errors: [UNITS_ERRORS[0], UNITS_ERRORS[1], UNITS_ERRORS[2]],
  },
  HUDSON_EXPLAIN: {
    purpose: "One sentence showing how the base pilotage fee is worked out, and the clause it comes from.",
    citation: "§ 89-a(4)(b)(1)",
    example: {
      formula: `=NYPILOT.HUDSON_EXPLAIN(271.43, 2, "2026-06-15")`,
      result: "271.43 units ≥ 100: 271.43 × $21.58 = $5,857.46 for Section 2, Upper River under § 89-a(4)(b)(1)(xi)",
      working: "Clause (xi), Section 2 per-unit rate $21.58.",
    },
    errors: UNITS_ERRORS,
  },
  HUDSON_PILOT_REQUIRED: {
    purpose: "Whether a vessel must take a Hudson River pilot. A refused pilot is still paid as if employed (§ 89-a(1)); piloting by an unlicensed person is a misdemeanour (§ 89-a(2)–(3)).",
    citation: "§ 89-a(1)",
    example: { formula: `=NYPILOT.HUDSON_PILOT_REQUIRED("registered", 299, 7, FALSE)`, result: "NOT REQUIRED", working: "Proceeds otherwise than by sea, 299 GRT < 300, loaded draft 7 ft ≤ 7 ft: all three conditions of the exception hold." },
    errors: [{ code: "#VALUE!", when: "an unknown vessel status (use foreign, registered or enrolled), or a recreational vessel without a length" }, { code: "#NUM!", when: "negative tons or draft" }],
  },
  HUDSON_SURCHARGE_CAP: {
    purpose: "The annual cap on the surcharge board's surcharge.",
    citation: "§ 89-a(4)(b)(1-c)(iii)",
    example: { formula: "=NYPILOT.HUDSON_SURCHARGE_CAP(2000000)", result: 700000, working: "35% × $2,000,000 = $700,000, greater than $500,000" },
    errors: [{ code: "#VALUE!", when: "the amount is blank or not a number" }, { code: "#NUM!", when: "a negative amount" }],
  },
  HUDSON_RETIREMENT_CONTRIBUTION: {
    purpose: "The retirement-program contribution for a pilot who entered service after 2005.",
    citation: "§ 89-a(5)",
    example: { formula: "=NYPILOT.HUDSON_RETIREMENT_CONTRIBUTION(187654.32)", result: 22518.52, working: "12% × $187,654.32 = $22,518.5184 → $22,518.52" },
    errors: [{ code: "#VALUE!", when: "earnings blank or not a number" }, { code: "#NUM!", when: "negative earnings" }],
  },
  HUDSON_DISABILITY_BENEFIT: {
    purpose: "The yearly disability benefit, with or without disability insurance.",
    citation: "§ 89-a(5)",
    example: { formula: "=NYPILOT.HUDSON_DISABILITY_BENEFIT(200000, 11, FALSE)", result: 52000, working: "No insurance: 10% + 1.6% × (11 − 1) = 26%; 26% × $200,000 = $52,000" },
    errors: [{ code: "#VALUE!", when: "earnings not a number; years of service not a whole number, or missing when insurance is unavailable" }, { code: "#NUM!", when: "negative earnings" }],
  },
  HUDSON_LAST_YEAR_COUNTS: {
    purpose: "Whether the last calendar year of service counts as a full year (more than six months served).",
    citation: "§ 89-a(7)(c)",
    example: { formula: `=NYPILOT.HUDSON_LAST_YEAR_COUNTS("2026-07-01")`, result: true, working: "Service through 1 July is more than six months of 2026." },
    errors: [{ code: "#VALUE!", when: "the date is blank or not a date" }, { code: "#NUM!", when: "a date that does not exist" }],
  },
  HUDSON_FIXED_PENSION: {
    purpose: "The fixed annual retirement benefit that subdivision 6 sets for a retirement year.",
    citation: "§ 89-a(6)",
    example: { formula: "=NYPILOT.HUDSON_FIXED_PENSION(2010)", result: 49993, working: "Retired in two thousand ten: forty-nine thousand nine hundred ninety-three dollars." },
    errors: [{ code: "#VALUE!", when: "not a whole year" }, { code: "#N/A", when: "a year subdivision 6 does not set (1980, 2002–2007, 2009, 2016 on)" }],
  },
  HUDSON_BENEFIT_START: {
    purpose: "The first day of the benefit payment period (calendar quarter) next following the retirement date. Format the cell as a date.",
    citation: "§ 89-a(7)(a)",
    example: { formula: `=NYPILOT.HUDSON_BENEFIT_START("2026-05-15")`, result: 46204, working: "Retired 15 May 2026 → the quarter starting 1 July 2026 (Excel date 46204)." },
    errors: [{ code: "#VALUE!", when: "the date is blank or not a date" }, { code: "#NUM!", when: "a date that does not exist" }],
  },
  HUDSON_RESIGNATION_DEADLINE: {
    purpose: "The last day to submit the written resignation for a retirement on a quarter's first day. Format the cell as a date.",
    citation: "§ 89-a(7)(b)",
    example: { formula: `=NYPILOT.HUDSON_RESIGNATION_DEADLINE("2026-07-01")`, result: 46142, working: "Retirement 1 July 2026: submit before 1 May, so by 30 April 2026 (Excel date 46142)." },
    errors: [{ code: "#VALUE!", when: "the date is not 1 January, 1 April, 1 July or 1 October" }],
  },
  HUDSON_SPOUSE_BENEFIT: {
    purpose: "The yearly benefit of an eligible surviving spouse.",
    citation: "§ 89-a(8)",
    example: { formula: "=NYPILOT.HUDSON_SPOUSE_BENEFIT(84600)", result: 42300, working: "50% × $84,600 = $42,300" },
    errors: [{ code: "#VALUE!", when: "the benefit is blank or not a number" }, { code: "#NUM!", when: "a negative amount" }],
  },
  HUDSON_SPOUSE_ELIGIBLE: {
    purpose: "Whether a surviving spouse was married to the pilot at least one year before the pilot's death.",
    citation: "§ 89-a(9)",
    example: { formula: `=NYPILOT.HUDSON_SPOUSE_ELIGIBLE("2020-03-01", "2021-03-01")`, result: true, working: "One year after 1 March 2020 is 1 March 2021, on or before the death." },
    errors: [{ code: "#VALUE!", when: "a date is blank or not a date" }, { code: "#NUM!", when: "the marriage is after the death" }],
  },
};
