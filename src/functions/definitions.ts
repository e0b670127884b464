/**
 * What each NYPILOT function takes (its arguments, as data: arguments.ts) and which engine rule it
 * asks, host-neutral: the rule gets the arguments' read values, one row at a time, and gives the
 * answer as the engine has it (whole cents, an ISO date, text, a quote) or a refusal. functions.ts
 * declares each to Excel and hands it to the Excel runner (excel-runner.ts), which reads the cells,
 * broadcasts a column and shapes the answer as Excel wants it.
 */
import {
  BaseFeeWorking,
  baseFeeWorking,
  namedClause,
  benefitStartDate,
  BoardFeeRow,
  BoardSurchargeRow,
  clauseInForceOn,
  disabilityBenefitCents,
  EngineSettings,
  explainBaseFee,
  fixedAnnualPension,
  isEligibleSurvivingSpouse,
  isPilotageInputError,
  OrRefusal,
  lastYearCountsAsFull,
  PilotageInputError,
  pilotageUnitsNumber,
  pilotRequirementAnswer,
  Quote,
  quoteTransit,
  reliefAtMidRiverCounts,
  resignationDeadline,
  retirementContributionCents,
  SECTION_SHORT_NAMES,
  SectionNumber,
  secondPilotLineOfTypedCents,
  spouseBenefitCents,
  surchargeCapCents,
  surchargeLine,
  surchargeTableOn,
  toCents,
  type Reason,
} from "../engine";
import * as args from "./arguments";
import { ArgumentDefinition, optional } from "./arguments";
import { ARGUMENT_REASONS } from "./messages";

/**
 * How the answer of one row is given: `cents`, whole cents of money (or `{ cents, note }`, a note
 * the host may show beside the amount); `date`, an ISO date; `value`, text, a number or TRUE/FALSE;
 * `quoteRows`, a quote spilled as rows; `rows`, a table spilled as rows; `quoteCard`, a quote as
 * one card. The last three answer one transit (or one date) per call.
 */
export type AnswerKind = "cents" | "date" | "value" | "quoteRows" | "rows" | "quoteCard";

export interface MoneyWithNote {
  cents: number;
  note: string;
}
export interface QuoteRowsAnswer {
  quote: Quote;
  headers: boolean;
}
export interface RowsAnswer {
  header: readonly string[];
  rows: unknown[][];
  headers: boolean;
}

type ValuesOf<A extends readonly ArgumentDefinition[]> = { [K in keyof A]: A[K] extends ArgumentDefinition<infer T> ? T : never };

export interface FunctionDefinition<A extends readonly ArgumentDefinition[] = readonly ArgumentDefinition[]> {
  arguments: A;
  answer: AnswerKind;
  /** The rule over one row's read values: the answer, or the refusal (returned) that is the row's error. */
  rule: (values: ValuesOf<A>, settings: EngineSettings) => unknown;
  /** For a function of one transit: the refusal when a per-row argument is a range of several cells. */
  oneRow?: Reason<Record<string, never>>;
}

function define<const A extends readonly ArgumentDefinition[]>(definition: FunctionDefinition<A>): FunctionDefinition {
  return definition as unknown as FunctionDefinition;
}

// ---- A transit -----------------------------------------------------------------------------------

/** The transit arguments HUDSON_TOTAL, HUDSON_QUOTE and HUDSON_QUOTE_CARD share, in their order. */
const TRANSIT = [
  args.UNITS,
  args.SECTION,
  args.DATE,
  optional(args.HOURS),
  optional(args.RELIEVED),
  optional(args.ANCHORED),
  args.BOARD_FEES,
  args.BOARD_SURCHARGE,
] as const;

type TransitValues = ValuesOf<typeof TRANSIT>;

/** The engine's quote of one row of TRANSIT's values (D6: no clause argument, the date's clause). */
function quoteOfTransit([units, section, date, continuousHours, relievedAtMidRiver, anchoredEightHours, boardFees, boardSurcharge]: TransitValues, settings: EngineSettings) {
  return quoteTransit(
    { units, section, date, continuousHours, relievedAtMidRiver, anchoredEightHours, boardFees: boardFees as BoardFeeRow[], boardSurcharge: boardSurcharge as BoardSurchargeRow[] },
    settings,
  );
}

const baseFeeArguments = [args.UNITS, args.SECTION, args.DATE_IN_FORCE, args.CLAUSE] as const;

/** D6: the base fee's working under the clause named, or else the one in force on the date (or that date's refusal). */
function baseFeeWorkingOf([units, section, dated, clause]: ValuesOf<typeof baseFeeArguments>, settings: EngineSettings): OrRefusal<BaseFeeWorking> {
  const inForce = clause === null ? dated.inForce : namedClause(clause, settings);
  return inForce instanceof PilotageInputError ? inForce : baseFeeWorking(units, section, inForce, settings);
}

export const PILOTAGE_UNITS = define({
  arguments: [args.measurement("length"), args.measurement("breadth"), args.measurement("depth"), args.UNIT],
  answer: "value",
  // The unit is read (and refused) before the rule reads the measurements with it.
  rule: ([length, breadth, depth, unit], settings) => pilotageUnitsNumber(length, breadth, depth, settings, unit),
});

export const HUDSON_BASE_FEE = define({
  arguments: baseFeeArguments,
  answer: "cents",
  rule: (values, settings) => {
    const working = baseFeeWorkingOf(values, settings);
    return working instanceof PilotageInputError ? working : working.amountCents;
  },
});

export const HUDSON_EXPLAIN = define({
  arguments: baseFeeArguments,
  answer: "value",
  rule: (values, settings) => {
    const working = baseFeeWorkingOf(values, settings);
    return working instanceof PilotageInputError ? working : explainBaseFee(working);
  },
});

export const HUDSON_SURCHARGE = define({
  arguments: [args.UNITS, args.DATE, args.BOARD_SURCHARGE],
  answer: "cents",
  rule: ([units, date, boardSurcharge], settings) => {
    const table = surchargeTableOn(date, boardSurcharge as BoardSurchargeRow[], settings);
    return isPilotageInputError(table) ? table : surchargeLine(units, table).amountCents;
  },
});

/** D11, D21: what the cell says when a relief at mid-river is given for a Section 1 transit, which never reaches the station. */
const SECTION_1_RELIEF_NOTE = "relief at mid-river not used: Section 1 does not reach the station (D11)";

export const HUDSON_SECOND_PILOT = define({
  arguments: [
    args.BASE_FEE,
    { ...args.HOURS, blank: ARGUMENT_REASONS.hoursBlank },
    optional(args.RELIEVED),
    optional(args.ANCHORED),
    args.SURCHARGE_AMOUNT,
    optional<SectionNumber | null>({ ...args.SECTION, zero: "blank" }, null),
  ],
  answer: "cents",
  rule: ([baseCents, continuousHours, relieved, anchoredEightHours, surchargeCents, section], settings): OrRefusal<MoneyWithNote | number> => {
    // Without a section the relief is taken as given (a Section 2 transit's); with one, only where the transit reaches the station.
    const relievedAtMidRiver = section === null ? relieved : reliefAtMidRiverCounts(section, relieved);
    const basis = settings.secondPilotBasis;
    const line = secondPilotLineOfTypedCents(baseCents, { continuousHours, relievedAtMidRiver, anchoredEightHours }, basis, basis === "base" ? null : surchargeCents);
    if (isPilotageInputError(line)) return line;
    const cents = line?.amountCents ?? 0;
    return relieved && !relievedAtMidRiver ? { cents, note: SECTION_1_RELIEF_NOTE } : cents;
  },
});

export const HUDSON_TOTAL = define({
  arguments: TRANSIT,
  answer: "cents",
  rule: (values, settings) => {
    const quote = quoteOfTransit(values, settings);
    if (quote instanceof PilotageInputError || quote.complete) return quote instanceof PilotageInputError ? quote : quote.totalCents;
    return new PilotageInputError(ARGUMENT_REASONS.totalNotEntered, { date: quote.date, notEntered: quote.notEntered });
  },
});

export const HUDSON_QUOTE = define({
  arguments: [...TRANSIT, args.HEADERS] as const,
  answer: "quoteRows",
  oneRow: ARGUMENT_REASONS.quoteOneTransit,
  rule: (values, settings): OrRefusal<QuoteRowsAnswer> => {
    const quote = quoteOfTransit(values.slice(0, TRANSIT.length) as unknown as TransitValues, settings);
    return quote instanceof PilotageInputError ? quote : { quote, headers: values[TRANSIT.length] };
  },
});

export const HUDSON_QUOTE_CARD = define({
  arguments: TRANSIT,
  answer: "quoteCard",
  oneRow: ARGUMENT_REASONS.quoteOneTransit,
  rule: quoteOfTransit,
});

export const HUDSON_CLAUSE = define({
  arguments: [args.DATE_IN_FORCE],
  answer: "value",
  rule: ([{ inForce }]) => (inForce instanceof PilotageInputError ? inForce : inForce.rates.citation),
});

export const RATES_HEADER = ["Section", "Up to 50 units", "More than 50 up to 100 units", "Per unit, 100 units and over", "Maximum units", "Clause", "In force from"] as const;

export const HUDSON_RATES = define({
  arguments: [args.RATES_DATE, args.RATES_HEADERS],
  answer: "rows",
  rule: ([date, headers], settings): OrRefusal<RowsAnswer> => {
    const inForce = clauseInForceOn(date, settings);
    if (isPilotageInputError(inForce)) return inForce;
    const rows = ([1, 2] as const).map((section) => {
      const rates = inForce.rates.sections[section];
      return [
        SECTION_SHORT_NAMES[section],
        Number(rates.upTo50Units),
        Number(rates.over50UpTo100Units),
        Number(rates.perUnitFrom100Units),
        rates.maximumUnits,
        inForce.rates.citation,
        inForce.startsOn ?? "unknown",
      ];
    });
    return { header: RATES_HEADER, rows, headers };
  },
});

// ---- § 89-a(1) and the pilots' benefits ----------------------------------------------------------

export const HUDSON_PILOT_REQUIRED = define({
  arguments: [args.VESSEL_STATUS, args.GROSS_TONS, args.LOADED_DRAFT, args.PROCEEDS_BY_SEA, args.RECREATIONAL, args.LENGTH_FT],
  answer: "value",
  rule: ([vesselStatus, grossTons, loadedDraftFt, proceedsBySea, recreational, lengthFt], settings) =>
    pilotRequirementAnswer({ vesselStatus, grossTons, loadedDraftFt, proceedsBySea, recreational, lengthFt }, settings),
});

export const HUDSON_SURCHARGE_CAP = define({
  arguments: [args.amount("section2_base_collected", "Section 2 base pilotage collected")],
  answer: "cents",
  rule: ([collected]) => surchargeCapCents(collected),
});

export const HUDSON_RETIREMENT_CONTRIBUTION = define({
  arguments: [args.amount("earnings", "earnings")],
  answer: "cents",
  rule: ([earnings]) => retirementContributionCents(earnings),
});

export const HUDSON_DISABILITY_BENEFIT = define({
  arguments: [args.amount("last_year_earnings", "last full calendar year's earnings"), args.YEARS_OF_SERVICE, args.INSURANCE_AVAILABLE],
  answer: "cents",
  rule: ([earnings, years, insuranceAvailable]) => {
    // Desktop Excel sends an empty cell as 0, so a missing year count may have been typed as 0.
    if (!insuranceAvailable && years === null) return new PilotageInputError(ARGUMENT_REASONS.yearsZeroOrBlank, {}, "years_of_service");
    return disabilityBenefitCents(earnings, years, insuranceAvailable);
  },
});

export const HUDSON_LAST_YEAR_COUNTS = define({
  arguments: [args.benefitDate("last_service_date", "last day of service")],
  answer: "value",
  rule: ([lastServiceDate]) => lastYearCountsAsFull(lastServiceDate).countsAsFull,
});

export const HUDSON_FIXED_PENSION = define({
  arguments: [args.RETIREMENT_YEAR],
  answer: "cents",
  rule: ([year]) => {
    const pension = fixedAnnualPension(year);
    return isPilotageInputError(pension) ? pension : toCents(pension.amount).times(100).toNumber();
  },
});

export const HUDSON_BENEFIT_START = define({
  arguments: [args.benefitDate("retirement_date", "retirement date")],
  answer: "date",
  rule: ([retirementDate]) => {
    const start = benefitStartDate(retirementDate);
    return isPilotageInputError(start) ? start : start.startDate;
  },
});

export const HUDSON_RESIGNATION_DEADLINE = define({
  arguments: [args.benefitDate("retirement_effective_date", "retirement effective date")],
  answer: "date",
  rule: ([effectiveDate]) => {
    const deadline = resignationDeadline(effectiveDate);
    return deadline instanceof PilotageInputError ? deadline : deadline.lastDay;
  },
});

export const HUDSON_SPOUSE_BENEFIT = define({
  arguments: [args.amount("pilot_annual_benefit", "pilot's annual benefit")],
  answer: "cents",
  rule: ([pilotBenefit]) => spouseBenefitCents(pilotBenefit),
});

export const HUDSON_SPOUSE_ELIGIBLE = define({
  arguments: [args.benefitDate("marriage_date", "marriage date"), args.benefitDate("death_date", "date of death")],
  answer: "value",
  rule: ([marriageDate, deathDate]) => isEligibleSurvivingSpouse(marriageDate, deathDate),
});
