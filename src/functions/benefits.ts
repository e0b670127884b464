/**
 * The NYPILOT functions for the rest of § 89-a: who must take a pilot (1) and the pilots' benefits
 * (5)–(9). Converts cells, calls the engine, returns numbers, text, booleans or Excel dates.
 */
import {
  benefitAmountReader,
  BenefitAmount,
  benefitStartDate,
  centsNumber,
  disabilityBenefitCents,
  fixedAnnualPension,
  isoToExcelSerial,
  lastYearCountsAsFull,
  pilotRequirementAnswer,
  isEligibleSurvivingSpouse,
  isPilotageInputError,
  PilotageInputError,
  readBenefitDate,
  readFlagDefaultTrue,
  readPilotRequirementInput,
  readRetirementYear,
  readVesselStatus,
  readYearsOfService,
  resignationDeadlineOrRefusal,
  retirementContributionCents,
  spouseBenefitCents,
  surchargeCapCents,
} from "../engine";
import { Cell, Grid, isExcelError, mapRows, optionalGrid, refusingAsErrors, rememberingReader, toExcelError } from "./excel-cells";
import { ARGUMENT_REASONS } from "./messages";
import { getFunctionSettings } from "./runtime-settings";

type Result<T> = (T | CustomFunctions.Error)[][];

// Desktop Excel passes an empty cell as 0; for a date 0 can only mean blank.
function dateCell(cell: Cell, field: string, what: string) {
  if (cell === 0) throw new PilotageInputError(ARGUMENT_REASONS.benefitDateZero, { what }, field);
  return readBenefitDate(cell, field, what);
}

export function pilotRequired(status: Grid, tons: Grid, draft: Grid, bySea: Grid | null, recreational: Grid | null, length: Grid | null): Result<string> {
  const settings = getFunctionSettings();
  // The status is read first, as readPilotRequirementInput does; a column repeats a few, so each once.
  const statusOf = rememberingReader(readVesselStatus);
  return mapRows([status, tons, draft, optionalGrid(bySea), optionalGrid(recreational), optionalGrid(length)], ([s, t, d, b, r, l]) => {
    const vesselStatus = statusOf(s);
    if (isExcelError(vesselStatus)) return vesselStatus;
    return pilotRequirementAnswer(readPilotRequirementInput({ vesselStatus, grossTons: t, loadedDraftFt: d, proceedsBySea: b, recreational: r, lengthFt: l === 0 ? null : l }), settings);
  });
}

/** An amount argument, read as readBenefitAmount reads it, its refusal the row's Excel error. */
const amountArgument = (field: string, what: string) => refusingAsErrors(benefitAmountReader(field, what));

/** A column of amounts: each row's `cents` of the amount, ÷ 100: the double nearest the rounded amount (D14). */
function amountsToDollars(amounts: Grid, field: string, what: string, cents: (amount: BenefitAmount) => number): Result<number> {
  const amountOf = amountArgument(field, what);
  return mapRows([amounts], ([a]) => {
    const amount = amountOf(a);
    return isExcelError(amount) ? amount : cents(amount) / 100;
  });
}

export function surchargeCapFor(collected: Grid): Result<number> {
  return amountsToDollars(collected, "section2_base_collected", "Section 2 base pilotage collected", surchargeCapCents);
}

export function retirementContributionFor(earnings: Grid): Result<number> {
  return amountsToDollars(earnings, "earnings", "earnings", retirementContributionCents);
}

export function disabilityBenefitFor(earnings: Grid, years: Grid | null, insurance: Grid | null): Result<number> {
  const earningsOf = amountArgument("last_year_earnings", "last full calendar year's earnings");
  // A column's years and insurance are mostly one cell for every row: each value read once.
  const yearsOf = rememberingReader((y) => readYearsOfService(y === 0 ? null : y));
  const insuranceOf = rememberingReader((i) => readFlagDefaultTrue(i, "insurance_available", "insurance available"));
  return mapRows([earnings, optionalGrid(years), optionalGrid(insurance)], ([e, y, i]) => {
    // Read in this order, so a row with several bad arguments names the same one as before.
    const amount = earningsOf(e);
    if (isExcelError(amount)) return amount;
    const yearsOfService = yearsOf(y);
    if (isExcelError(yearsOfService)) return yearsOfService;
    const insuranceAvailable = insuranceOf(i);
    if (isExcelError(insuranceAvailable)) return insuranceAvailable;
    return disabilityBenefitCents(amount, yearsOfService, insuranceAvailable) / 100;
  });
}

export function lastYearCounts(lastServiceDate: Grid): Result<boolean> {
  return mapRows([lastServiceDate], ([d]) => lastYearCountsAsFull(dateCell(d, "last_service_date", "last day of service")).countsAsFull);
}

export function fixedPension(year: Grid): Result<number> {
  return mapRows([year], ([y]) => centsNumber(fixedAnnualPension(readRetirementYear(y)).amount));
}

export function benefitStart(retirementDate: Grid): Result<number> {
  return mapRows([retirementDate], ([d]) => isoToExcelSerial(benefitStartDate(dateCell(d, "retirement_date", "retirement date")).startDate));
}

export function resignationDeadlineFor(effectiveDate: Grid): Result<number> {
  return mapRows([effectiveDate], ([d]) => {
    const deadline = resignationDeadlineOrRefusal(dateCell(d, "retirement_effective_date", "retirement effective date"));
    return isPilotageInputError(deadline) ? toExcelError(deadline) : isoToExcelSerial(deadline.lastDay);
  });
}

export function spouseBenefitFor(pilotBenefit: Grid): Result<number> {
  return amountsToDollars(pilotBenefit, "pilot_annual_benefit", "pilot's annual benefit", spouseBenefitCents);
}

export function spouseEligibleFor(marriage: Grid, death: Grid): Result<boolean> {
  // Each date read once per call (a column repeats dates), its error value returned, not thrown.
  const marriageDateOf = rememberingReader((m) => dateCell(m, "marriage_date", "marriage date"));
  const deathDateOf = rememberingReader((d) => dateCell(d, "death_date", "date of death"));
  return mapRows([marriage, death], ([m, d]) => {
    const marriageDate = marriageDateOf(m);
    if (isExcelError(marriageDate)) return marriageDate;
    const deathDate = deathDateOf(d);
    if (isExcelError(deathDate)) return deathDate;
    return isEligibleSurvivingSpouse(marriageDate, deathDate);
  });
}
