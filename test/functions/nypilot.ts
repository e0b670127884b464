/**
 * The NYPILOT functions as the tests call them: each through its declaration in
 * src/functions/functions.ts (the Excel runner and the engine behind it), with the arguments as
 * Excel passes them (a missing optional argument is null), and a CustomFunctions stand-in installed.
 */
import { installCustomFunctionsGlobal } from "../support/custom-functions";
import type { Grid, TransitGrids } from "./transit-fixture";

installCustomFunctionsGlobal();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const declared = require("../../src/functions/functions") as Record<string, (...args: unknown[]) => unknown>;

/** `=NYPILOT.<id>(…)` with these arguments: its answer (rows of cells, or a card). */
export function nypilot(id: string, ...args: unknown[]): unknown[][] {
  const fn = declared[id];
  if (typeof fn !== "function") throw new Error(`functions.ts declares no ${id}`);
  return fn(...args) as unknown[][];
}

const transitArguments = (t: TransitGrids, ...more: unknown[]) => [t.units, t.section, t.date, t.hours, t.relieved, t.anchored, t.boardFees, t.boardSurcharge, ...more];

/** The fee functions under the names the tests give them. */
export const pilotage = {
  pilotageUnits: (length: Grid, breadth: Grid, depth: Grid, unit: Grid | null) => nypilot("PILOTAGE_UNITS", length, breadth, depth, unit),
  baseFee: (units: Grid, section: Grid, date: Grid, clause: Grid | null) => nypilot("HUDSON_BASE_FEE", units, section, date, clause),
  explain: (units: Grid, section: Grid, date: Grid, clause: Grid | null) => nypilot("HUDSON_EXPLAIN", units, section, date, clause),
  surcharge: (units: Grid, date: Grid, board: Grid | null) => nypilot("HUDSON_SURCHARGE", units, date, board),
  secondPilot: (baseFee: Grid, hours: Grid, relieved: Grid | null, anchored: Grid | null, surcharge: Grid | null = null, section: Grid | null = null) =>
    nypilot("HUDSON_SECOND_PILOT", baseFee, hours, relieved, anchored, surcharge, section),
  total: (t: TransitGrids) => nypilot("HUDSON_TOTAL", ...transitArguments(t)),
  quote: (t: TransitGrids, headers: Grid | null = null) => nypilot("HUDSON_QUOTE", ...transitArguments(t, headers)),
  quoteCard: (t: TransitGrids) => nypilot("HUDSON_QUOTE_CARD", ...transitArguments(t)) as unknown,
  clause: (date: Grid) => nypilot("HUDSON_CLAUSE", date),
  rates: (date: unknown, headers: unknown = null) => nypilot("HUDSON_RATES", date, headers),
};

/** § 89-a(1) and the benefit functions under the names the tests give them. */
export const benefits = {
  pilotRequired: (status: Grid, tons: Grid, draft: Grid, bySea: Grid | null, recreational: Grid | null, length: Grid | null) =>
    nypilot("HUDSON_PILOT_REQUIRED", status, tons, draft, bySea, recreational, length),
  surchargeCapFor: (collected: Grid) => nypilot("HUDSON_SURCHARGE_CAP", collected),
  retirementContributionFor: (earnings: Grid) => nypilot("HUDSON_RETIREMENT_CONTRIBUTION", earnings),
  disabilityBenefitFor: (earnings: Grid, years: Grid | null, insurance: Grid | null) => nypilot("HUDSON_DISABILITY_BENEFIT", earnings, years, insurance),
  lastYearCounts: (date: Grid) => nypilot("HUDSON_LAST_YEAR_COUNTS", date),
  fixedPension: (year: Grid) => nypilot("HUDSON_FIXED_PENSION", year),
  benefitStart: (date: Grid) => nypilot("HUDSON_BENEFIT_START", date),
  resignationDeadlineFor: (date: Grid) => nypilot("HUDSON_RESIGNATION_DEADLINE", date),
  spouseBenefitFor: (benefit: Grid) => nypilot("HUDSON_SPOUSE_BENEFIT", benefit),
  spouseEligibleFor: (marriage: Grid, death: Grid) => nypilot("HUDSON_SPOUSE_ELIGIBLE", marriage, death),
};
