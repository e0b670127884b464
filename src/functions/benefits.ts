/**
 * The NYPILOT functions for the rest of § 89-a: who must take a pilot (1) and the pilots' benefits
 * (5)–(9). Converts cells, calls the engine, returns numbers, text, booleans or Excel dates.
 */
import {
  benefitStartDate,
  centsNumber,
  disabilityBenefitCents,
  fixedAnnualPension,
  isoToExcelSerial,
  lastYearCountsAsFull,
  pilotRequirement,
  PilotageInputError,
  readBenefitAmount,
  readBenefitDate,
  readFlagDefaultTrue,
  readPilotRequirementInput,
  readRetirementYear,
  readVesselStatus,
  readYearsOfService,
  resignationDeadline,
  retirementContributionCents,
  spouseBenefitCents,
  spouseEligible,
  surchargeCapCents,
} from "../engine";
import { Cell, Grid, isExcelError, mapRows, optionalGrid, rememberingReader } from "./excel-cells";
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
    return pilotRequirement(readPilotRequirementInput({ vesselStatus, grossTons: t, loadedDraftFt: d, proceedsBySea: b, recreational: r, lengthFt: l === 0 ? null : l }), settings).answer;
  });
}

// Amounts come back as whole cents ÷ 100: the double nearest the rounded amount (D14).
export function surchargeCapFor(collected: Grid): Result<number> {
  return mapRows([collected], ([c]) => surchargeCapCents(readBenefitAmount(c, "section2_base_collected", "Section 2 base pilotage collected")) / 100);
}

export function retirementContributionFor(earnings: Grid): Result<number> {
  return mapRows([earnings], ([e]) => retirementContributionCents(readBenefitAmount(e, "earnings", "earnings")) / 100);
}

export function disabilityBenefitFor(earnings: Grid, years: Grid | null, insurance: Grid | null): Result<number> {
  return mapRows([earnings, optionalGrid(years), optionalGrid(insurance)], ([e, y, i]) =>
    disabilityBenefitCents(
      readBenefitAmount(e, "last_year_earnings", "last full calendar year's earnings"),
      readYearsOfService(y === 0 ? null : y),
      readFlagDefaultTrue(i, "insurance_available", "insurance available"),
    ) / 100,
  );
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
  return mapRows([effectiveDate], ([d]) =>
    isoToExcelSerial(resignationDeadline(dateCell(d, "retirement_effective_date", "retirement effective date")).lastDay),
  );
}

export function spouseBenefitFor(pilotBenefit: Grid): Result<number> {
  return mapRows([pilotBenefit], ([b]) => spouseBenefitCents(readBenefitAmount(b, "pilot_annual_benefit", "pilot's annual benefit")) / 100);
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
    return spouseEligible(marriageDate, deathDate).eligible;
  });
}
