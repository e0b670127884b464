/**
 * One row of a table of transits: its inputs read as a NYPILOT formula reads its cells, the
 * engine's quote, and (for a reconciliation) the billed amounts beside the quote's lines.
 *
 * Each computed amount is what the formula a workbook puts in its place shows (src/reconcile/
 * formulas.ts), error values included, so a workbook's cached values are what Excel recalculates:
 *   base          NYPILOT.HUDSON_BASE_FEE(units, section, date)
 *   surcharge     NYPILOT.HUDSON_SURCHARGE(units, date, board_surcharge)
 *   second_pilot  IF(TRIM(hours)="", 0, NYPILOT.HUDSON_SECOND_PILOT(base, hours, IF(section is 2, relieved, FALSE), anchored))
 *   total         NYPILOT.HUDSON_TOTAL(units, section, date, hours, relieved, anchored, board_fees, board_surcharge)
 *   board_fees    ROUND(total − base − surcharge − second_pilot, 2)
 *   launch, …     the board's fee in force on the date (not entered → #N/A; mid-river: Section 2 only),
 *                 or the base fee's error when the row's units, section or date cannot be read
 * Every amount is a line of the engine's quote (quoteTransit); nothing here prices a charge. A
 * row whose hours cannot be read is quoted without them for the lines that do not need them, and
 * the surcharge of a row whose section cannot be read is the engine's surcharge line alone (the
 * formula that shows it reads no section).
 * Variances are billed − computed, exact; a row is flagged when a variance is $0.01 or more either
 * way; a billed column that cannot be compared (an amount not entered, an unreadable cell) makes
 * the row "not checked" unless another column shows a variance (status.ts).
 */
import Decimal from "decimal.js";
import {
  ChargeCode,
  ChargeLine,
  IsoDate,
  isBlank,
  isPilotageInputError,
  parseLengthUnit,
  PilotageUnits,
  measuredUnits,
  Quote,
  quoteTransit,
  rateChangeWarnings,
  readFlag,
  readHours,
  readPilotageUnits,
  readSection,
  SectionNumber,
  surchargeLine,
  SECOND_PILOT_RULE,
  surchargeTableOn,
  TransitInput,
  formatUsd,
} from "../engine";
import { Amount, ExactSum, exactUsd, isVariance, ZERO } from "./amounts";
import { BilledCells, billedRead, billedTotalBlank, billsNothing, chargesOf, comparedFieldsOf, readBilledCells } from "./billed";
import { CellError, failed, firstError, heldError, heldErrorOutcome, notEnteredError, ok, Outcome, outcomeOf, readCell } from "./cells";
import { BILLED_CHARGE, BilledField, BOARD_FEE_CHARGES, BoardFeeChargeCode, COMPUTED_LABELS, ComputedCode, ReconcileField } from "./fields";
import { readTableDate } from "./dates";
import { TablePlan } from "./mapping";
import { withoutParticulars } from "./totals";
import { FlagValue, flagValue, NOT_CHECKED, RowStatus, StatusText, statusText } from "./status";

// Plain decimal text with at most six decimals is exactly the number it parses to (the engine's
// integer fast path then applies, as for a number typed in a cell).
const PLAIN_NUMBER_TEXT = /^\d{1,9}(\.\d{1,6})?$/;

function numberIfPlain(cell: unknown): unknown {
  if (typeof cell === "string") {
    const text = cell.trim();
    if (PLAIN_NUMBER_TEXT.test(text)) return Number(text);
  }
  return cell;
}

interface RowInputs {
  units: Outcome<PilotageUnits>;
  section: Outcome<SectionNumber>;
  date: Outcome<IsoDate>;
  hours: Outcome<number | null>;
  /** The hours cell is blank (or there is no hours column): no second pilot, as IF(TRIM(hours)="",0,…). */
  hoursBlank: boolean;
  relieved: Outcome<boolean>;
  anchored: Outcome<boolean>;
}

function cellOf(cells: readonly unknown[], plan: TablePlan, field: ReconcileField): unknown {
  const index = plan.column[field];
  return index === undefined ? null : (cells[index] ?? null);
}

const NOT_GIVEN: Outcome<boolean> = ok(false);

function readUnits(cells: readonly unknown[], plan: TablePlan): Outcome<PilotageUnits> {
  if (!plan.fromMeasurements) return readCell(numberIfPlain(cellOf(cells, plan, "units")), "pilotage units", (cell) => readPilotageUnits(cell, plan.settings));
  // As NYPILOT.PILOTAGE_UNITS(length, breadth, depth, unit) reads them, then the units it gives.
  const length = cellOf(cells, plan, "length");
  const breadth = cellOf(cells, plan, "breadth");
  const depth = cellOf(cells, plan, "depth");
  const unitCell = cellOf(cells, plan, "unit");
  for (const [cell, what] of [[length, "overall length"], [breadth, "extreme breadth"], [depth, "depth"], [unitCell, "unit"]] as const) {
    const held = heldError(cell);
    if (held !== null) return heldErrorOutcome(held, what);
  }
  const unit = isBlank(unitCell) ? (plan.measurementUnit ?? "ft") : parseLengthUnit(unitCell);
  return outcomeOf(isPilotageInputError(unit) ? unit : measuredUnits(length, breadth, depth, plan.settings, unit));
}

function readInputs(cells: readonly unknown[], plan: TablePlan): RowInputs {
  const hoursCell = cellOf(cells, plan, "hours");
  const hoursBlank = plan.column.hours === undefined || (isBlank(hoursCell) && heldError(hoursCell) === null);
  return {
    units: readUnits(cells, plan),
    section: readCell(cellOf(cells, plan, "section"), "section", (cell) => readSection(cell)),
    date: readCell(cellOf(cells, plan, "date"), "date", (cell) => readTableDate(cell, plan.dateFormat)),
    hours: hoursBlank ? ok(null) : readCell(numberIfPlain(hoursCell), "hours", (cell) => readHours(cell)),
    hoursBlank,
    relieved: plan.column.relieved === undefined ? NOT_GIVEN : readCell(cellOf(cells, plan, "relieved"), "relieved", (cell) => readFlag(cell, "relieved at mid-river")),
    anchored: plan.column.anchored === undefined ? NOT_GIVEN : readCell(cellOf(cells, plan, "anchored"), "anchored", (cell) => readFlag(cell, "anchored 8 hours")),
  };
}

function valueOf<T>(outcome: Outcome<T>): T {
  return (outcome as { value: T }).value;
}

/** The engine's quote of the row; `withSecondPilot` false leaves the hours out (for the lines that do not read them). */
function quoteOf(inputs: RowInputs, plan: TablePlan, withSecondPilot: boolean): Outcome<Quote> {
  const transit: TransitInput = {
    units: valueOf(inputs.units),
    section: valueOf(inputs.section),
    date: valueOf(inputs.date),
    continuousHours: withSecondPilot ? valueOf(inputs.hours) : null,
    relievedAtMidRiver: withSecondPilot && valueOf(inputs.relieved),
    anchoredEightHours: withSecondPilot && valueOf(inputs.anchored),
    boardFees: plan.boardFees,
    boardSurcharge: plan.boardSurcharge,
  };
  return outcomeOf(quoteTransit(transit, plan.settings));
}

type LinesByCode = Partial<Record<ChargeCode, ChargeLine>>;

/** The quote's lines by their code, found in one pass (a row asks for most of them). */
function linesOf(quote: Quote): LinesByCode {
  const lines: LinesByCode = {};
  for (const line of quote.lines) lines[line.code] = line;
  return lines;
}

/** What a total is missing: "launch fee, communication fee". */
function missingItems(quote: Quote): string {
  return quote.lines.filter((line) => line.amountCents === null).map((line) => line.label.replace(/ \(.*\)$/, "").toLowerCase()).join(", ");
}

function notEntered(what: string, date: IsoDate): CellError {
  return notEnteredError(`Not entered for ${date}: ${what}. Enter the board's amounts (board fees; after the statutory surcharge periods, the surcharge board's table).`);
}

interface Charges {
  computed: Record<ComputedCode, Outcome<number>>;
  quote: Quote | null;
}

function computeCharges(inputs: RowInputs, plan: TablePlan): Charges {
  const baseError = firstError(inputs.units, inputs.section, inputs.date);
  const rowError = baseError ?? firstError(inputs.hours, inputs.relieved, inputs.anchored);
  // One quote in the common case; a row with unreadable hours or flags is quoted without them.
  const quoted: Outcome<Quote> = rowError === null ? quoteOf(inputs, plan, true) : failed(rowError);
  const priced: Outcome<Quote> = quoted.ok || baseError !== null || rowError === null ? quoted : quoteOf(inputs, plan, false);

  const pricedLines = priced.ok ? linesOf(priced.value) : null;
  const quotedLines = !quoted.ok ? null : quoted === priced ? pricedLines : linesOf(quoted.value);

  const base: Outcome<number> = priced.ok ? ok((pricedLines as LinesByCode).base?.amountCents as number) : priced;

  let surcharge: Outcome<number>;
  const surchargeError = firstError(inputs.units, inputs.date);
  if (surchargeError !== null) surcharge = failed(surchargeError);
  else if (priced.ok) {
    const line = (pricedLines as LinesByCode).surcharge as ChargeLine;
    surcharge = line.amountCents === null ? failed(notEnteredError(line.note)) : ok(line.amountCents);
  } else {
    const table = surchargeTableOn(valueOf(inputs.date), plan.boardSurcharge, plan.settings);
    surcharge = outcomeOf(isPilotageInputError(table) ? table : (surchargeLine(valueOf(inputs.units), table).amountCents as number));
  }

  let secondPilot: Outcome<number>;
  if (inputs.hoursBlank) secondPilot = ok(0);
  else if (!base.ok) secondPilot = base;
  else if (!quoted.ok) secondPilot = quoted;
  else secondPilot = ok((quotedLines as LinesByCode).second_pilot?.amountCents ?? 0);

  let total: Outcome<number>;
  if (!quoted.ok) total = quoted;
  else if (!quoted.value.complete) total = failed(notEntered(missingItems(quoted.value), quoted.value.date));
  else total = ok(quoted.value.totalCents);

  let boardFees: Outcome<number> = total;
  if (total.ok && quotedLines !== null) {
    let cents = 0;
    for (const code of BOARD_FEE_CHARGES) cents += quotedLines[code]?.amountCents ?? 0;
    boardFees = ok(cents);
  }

  // Each board fee: the quote's line (none on Section 1 for the mid-river launch: 0), or the base's error.
  const fees = {} as Record<BoardFeeChargeCode, Outcome<number>>;
  for (const code of BOARD_FEE_CHARGES) {
    if (!priced.ok) {
      fees[code] = priced;
      continue;
    }
    const line = (pricedLines as LinesByCode)[code];
    fees[code] = line === undefined ? ok(0) : line.amountCents === null ? failed(notEntered(COMPUTED_LABELS[code], priced.value.date)) : ok(line.amountCents);
  }
  return { computed: { base, surcharge, second_pilot: secondPilot, ...fees, board_fees: boardFees, total }, quote: quoted.ok ? quoted.value : null };
}

// ---------------------------------------------------------------------------------------------
// Reconciling a row

export interface ReconciledRow {
  /** The units worked out from the row's measurements, for a computed units column; null when the table gives units. */
  readonly units: Outcome<Decimal | null>;
  /** Computed amounts in cents, or the error value the formula shows. */
  readonly computed: Readonly<Record<ComputedCode, Outcome<number>>>;
  /** The billed columns as read: a blank charge beside billed amounts is $0.00; a blank total, or every cell blank, is not checked (D27). */
  readonly billed: Readonly<Partial<Record<BilledField, Outcome<Amount>>>>;
  /** billed − computed for each billed column: positive when the invoice is higher than the law. */
  readonly variances: Readonly<Partial<Record<BilledField, Outcome<Amount>>>>;
  /** The row's variance: billed total − computed total, or, without a billed total, the billed charges summed against theirs. */
  readonly variance: Outcome<Amount>;
  /** What the row's variance compares, when it could be compared. */
  readonly billedAmount: Amount | null;
  readonly computedAmount: Amount | null;
  /** Every billed column could be compared. */
  readonly checked: boolean;
  /** A variance of $0.01 or more (and only that: a row that could not be compared is "not checked"). */
  readonly flagged: boolean;
  /** A flagged row's variance, as the summary adds it up; null when the row is not flagged. */
  readonly flaggedVariance: Amount | null;
  /** matched, variance or not checked (status.ts). */
  readonly status: RowStatus;
  /** The Status column: "matched", "variance", or "not checked: …" with the kind of reason. */
  readonly statusText: StatusText;
  /** The Flag column: TRUE for a variance, FALSE for a match, "not computed" for a row not checked. */
  readonly flag: FlagValue;
  /** The first input of the row (transit or billed) that could not be read, if any. */
  readonly inputError: CellError | null;
  /** What differs, why a billed amount could not be compared, and a change of rates the transit may run into (D25), in words; "" when none. */
  readonly note: string;
  readonly quote: Quote | null;
}

const NO_UNITS: Outcome<Decimal | null> = ok(null);

/** A blank billed charge beside billed amounts: not billed (D27). */
const ZERO_BILLED: Outcome<Amount> = ok(ZERO);

function differenceOf(billed: Outcome<Amount>, computed: Outcome<Amount>): Outcome<Amount> {
  if (!billed.ok) return billed;
  if (!computed.ok) return computed;
  return ok(billed.value.minus(computed.value));
}

function sumOf(outcomes: readonly Outcome<Amount>[]): Outcome<Amount> {
  const sum = new ExactSum();
  for (const outcome of outcomes) {
    if (!outcome.ok) return outcome;
    sum.add(outcome.value);
  }
  return ok(sum.value);
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A billed amount in a note: a blank charge says it was blank and read as not billed (D27). */
function billedWords(amount: Amount, blank: boolean): string {
  return blank ? `${exactUsd(amount)} (blank, read as not billed)` : exactUsd(amount);
}

function noteFor(plan: TablePlan, fields: readonly BilledField[], billedCells: BilledCells, row: Pick<ReconciledRow, "billed" | "variances" | "computed">): string {
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const field of fields) {
    const variance = row.variances[field] as Outcome<Amount>;
    const label = COMPUTED_LABELS[BILLED_CHARGE[field]];
    if (!variance.ok) {
      if (!seen.has(variance.error.message)) parts.push(`${capitalised(label)} not checked: ${variance.error.message}`);
      seen.add(variance.error.message);
      continue;
    }
    if (!isVariance(variance.value)) continue;
    const billed = billedWords(valueOf(row.billed[field] as Outcome<Amount>), billedRead(billedCells, plan, field) === null);
    const computedOutcome = row.computed[BILLED_CHARGE[field]];
    if (!computedOutcome.ok) {
      // D26: the law's amount depends on a missing input, and the variance holds whatever it is.
      parts.push(
        `${capitalised(label)} billed ${billed}: at least ${exactUsd(variance.value.abs())} ${variance.value.isNegative() ? "under" : "over"} whatever the missing input (${missingInputWords(plan)}).`,
      );
      continue;
    }
    const computed = computedOutcome.value;
    parts.push(`${capitalised(label)} billed ${billed}, computed ${exactUsd(Amount.ofCents(computed))}: ${exactUsd(variance.value.abs())} ${variance.value.isNegative() ? "under" : "over"}.`);
  }
  return parts.join(" ");
}

/** D27: why a row's billed total, or the whole row, is not checked for want of a billed amount. */
export const NOT_BILLED = {
  /** The billed total's cell is blank on a row that bills charges: the charges are checked. */
  noTotal: "No billed total on this row (the cell is blank): checked on the billed charges.",
  /** A table whose only billed column is the total, blank on this row. */
  noTotalAtAll: "No billed total on this row (the cell is blank): nothing billed, not checked.",
  /** Every billed cell of the row blank. */
  nothingBilled: "Nothing billed on this row (every billed cell is blank): not checked.",
} as const;

const NO_TOTAL: CellError = { code: "#N/A", message: NOT_BILLED.noTotal };
const NO_TOTAL_AT_ALL: CellError = { code: "#N/A", message: NOT_BILLED.noTotalAtAll };
const NOTHING_BILLED: CellError = { code: "#N/A", message: NOT_BILLED.nothingBilled };

/** The first billed cell that cannot be read. */
function billedReadError(billedCells: BilledCells): CellError | null {
  for (const read of billedCells.reads) if (read !== null && !read.ok) return read.error;
  return null;
}

/**
 * D26: the values an input the table has no column for could take. With no hours column a
 * transit may or may not run more than ten hours (one pilot or two); with no section column it
 * may be either section. A row is checked against every combination: an amount that differs
 * between them is not checked, and a variance counts only when every combination has one of the
 * same sign (the smallest is the one that holds whatever the missing input is).
 */
export interface Scenario {
  readonly section?: SectionNumber;
  readonly hours?: number | null;
}

export function scenariosOf(plan: TablePlan): readonly Scenario[] {
  let scenarios: Scenario[] = [{}];
  if (plan.missingInputs.includes("section")) scenarios = scenarios.flatMap((scenario) => [1, 2].map((section) => ({ ...scenario, section: section as SectionNumber })));
  if (plan.missingInputs.includes("hours")) scenarios = scenarios.flatMap((scenario) => [null, SECOND_PILOT_RULE.moreThanHours + 1].map((hours) => ({ ...scenario, hours })));
  return scenarios;
}

function inputsIn(inputs: RowInputs, scenario: Scenario): RowInputs {
  if (scenario.section === undefined && scenario.hours === undefined) return inputs;
  return {
    ...inputs,
    ...(scenario.section === undefined ? {} : { section: ok(scenario.section) }),
    ...(scenario.hours === undefined ? {} : { hours: ok(scenario.hours), hoursBlank: scenario.hours === null }),
  };
}

/** "no hours column", "no section column": what a line not checked under D26 is missing. */
export function missingInputWords(plan: TablePlan): string {
  return plan.missingInputs.map((field) => `no ${field} column`).join(", ");
}

/** The error of an amount that depends on an input the table does not give (D26). */
function dependsError(plan: TablePlan, detail: string): CellError {
  return { code: "#N/A", message: `Not checked (${missingInputWords(plan)}): ${detail}`, missing: missingInputWords(plan) };
}

/** One computed amount over the scenarios: the same in each, or not checked (D26). */
function mergedComputed(plan: TablePlan, outcomes: readonly Outcome<number>[], label: string): Outcome<number> {
  const first = outcomes[0];
  if (outcomes.length === 1 || !first.ok) return first;
  for (const outcome of outcomes) {
    if (!outcome.ok) return outcome;
    if (outcome.value !== first.value) {
      const values = [...new Set(outcomes.map((o) => formatUsd((o as { value: number }).value)))];
      return failed(dependsError(plan, `the ${label} is ${values.join(" or ")} depending on it.`));
    }
  }
  return first;
}

/** A billed amount against the scenarios' computed amounts: the variance that holds in every one, or not checked. */
function mergedVariance(plan: TablePlan, billed: Outcome<Amount>, computed: readonly Outcome<Amount>[], label: string): Outcome<Amount> {
  if (!billed.ok) return billed;
  const differences = computed.map((amount) => differenceOf(billed, amount));
  const failedOne = differences.find((difference) => !difference.ok);
  if (failedOne !== undefined) return failedOne;
  const values = differences.map((difference) => valueOf(difference));
  if (values.length === 1 || values.every((value) => value.eq(values[0]))) return differences[0];
  const allOver = values.every((value) => isVariance(value) && !value.isNegative());
  const allUnder = values.every((value) => isVariance(value) && value.isNegative());
  if (allOver || allUnder) {
    // The variance that holds whatever the missing input is: the smallest.
    return ok(values.reduce((least, value) => (value.abs().decimal.lt(least.abs().decimal) ? value : least)));
  }
  const amounts = [...new Set(computed.map((amount) => exactUsd(valueOf(amount))))];
  return failed(dependsError(plan, `the ${label} billed ${exactUsd(billed.value)} is one of the amounts the law gives (${amounts.join(" or ")}) or between them.`));
}

function centsAmount(outcome: Outcome<number>): Outcome<Amount> {
  return outcome.ok ? ok(Amount.ofCents(outcome.value)) : outcome;
}

/**
 * The law's amounts for one row beside the billed ones. Never throws for bad cells: they become
 * error values. `billedCells`: the row's billed cells as the totals-row check read them.
 */
export function reconcileRow(cells: readonly unknown[], plan: TablePlan, billedCells: BilledCells = readBilledCells(cells, plan)): ReconciledRow {
  const inputs = readInputs(cells, plan);
  const scenarios = scenariosOf(plan);
  const charges = scenarios.map((scenario) => computeCharges(inputsIn(inputs, scenario), plan));
  const codes = Object.keys(charges[0].computed) as ComputedCode[];
  const computed = {} as Record<ComputedCode, Outcome<number>>;
  for (const code of codes) computed[code] = mergedComputed(plan, charges.map((charge) => charge.computed[code]), COMPUTED_LABELS[code]);
  const quote = charges.length === 1 ? charges[0].quote : null;

  // D27: nothing billed, no total to check, or a blank charge beside billed amounts ($0.00).
  const nothingBilled = billsNothing(billedCells);
  const nothingBilledError = plan.billed.length === 1 && plan.column.billed_total !== undefined ? NO_TOTAL_AT_ALL : NOTHING_BILLED;
  const totalBlank = billedTotalBlank(billedCells, plan);
  const checkedFields = totalBlank ? chargesOf(plan) : plan.billed;
  const billed: Partial<Record<BilledField, Outcome<Amount>>> = {};
  const variances: Partial<Record<BilledField, Outcome<Amount>>> = {};
  let allCompared = true;
  let anyVariance = false;
  for (let index = 0; index < plan.billed.length; index++) {
    const field = plan.billed[index];
    if (nothingBilled || (totalBlank && field === "billed_total")) {
      billed[field] = variances[field] = failed(nothingBilled ? nothingBilledError : NO_TOTAL);
      continue;
    }
    const amount = billedCells.reads[index] ?? ZERO_BILLED;
    const code = BILLED_CHARGE[field];
    const variance = mergedVariance(plan, amount, charges.map((charge) => centsAmount(charge.computed[code])), COMPUTED_LABELS[code]);
    billed[field] = amount;
    variances[field] = variance;
    if (!variance.ok) allCompared = false;
    else if (isVariance(variance.value)) anyVariance = true;
  }

  // The row's variance, as the workbook's formula works it: ROUND(billed total − total, 6), or
  // ROUND((b1 + b2 + …) − (c1 + c2 + …), 6) over the billed charges (no total column, or a blank total).
  let variance: Outcome<Amount>;
  const comparedFields = comparedFieldsOf(plan, billedCells);
  const billedSum = nothingBilled ? failed<Amount>(nothingBilledError) : sumOf(comparedFields.map((field) => billed[field] as Outcome<Amount>));
  if (nothingBilled) variance = billedSum;
  else if (comparedFields.length === 1) variance = variances[comparedFields[0]] as Outcome<Amount>;
  else {
    const computedSums = charges.map((charge) => sumOf(comparedFields.map((field) => centsAmount(charge.computed[BILLED_CHARGE[field]]))));
    variance = mergedVariance(plan, billedSum, computedSums, "sum of the billed charges");
  }
  let billedAmount: Amount | null = null;
  let computedAmount: Amount | null = null;
  if (variance.ok && billedSum.ok) {
    billedAmount = billedSum.value;
    computedAmount = billedSum.value.minus(variance.value);
  }
  if (!variance.ok) allCompared = false;
  else if (isVariance(variance.value)) anyVariance = true;
  // A credit (a negative amount, "(1,234.56)") on a row with no particulars cannot be checked: it refers to another invoice.
  const credit = withoutParticulars(cells, plan) ? checkedFields.map((field) => billed[field] as Outcome<Amount>).find((amount) => amount.ok && amount.value.isNegative() && !amount.value.isZero()) : undefined;
  if (credit !== undefined) anyVariance = false;
  const status: RowStatus = anyVariance ? "variance" : allCompared && credit === undefined ? "matched" : "not checked";
  const comparisonErrors = [variance, ...checkedFields.map((field) => variances[field] as Outcome<Amount>)].flatMap((outcome) => (outcome.ok ? [] : [outcome.error]));
  if (credit !== undefined) comparisonErrors.unshift({ code: "#N/A", message: "", missing: "a credit with no particulars" });

  const inputError =
    firstError(inputs.units, plan.missingInputs.includes("section") ? ok(1) : inputs.section, inputs.date, inputs.hours, inputs.relieved, inputs.anchored) ??
    billedReadError(billedCells);
  // Said once in the summary; in a row's note where it bears on a row needing attention.
  const assumptions = anyVariance ? assumptionNotes(plan, charges, variance) : [];
  const note = nothingBilled
    ? nothingBilledError.message
    : credit !== undefined
      ? `A credit of ${exactUsd(valueOf(credit).abs())} with no transit particulars: not checked (it refers to an invoice it does not name).`
      : status === "matched"
        ? totalBlank
          ? NOT_BILLED.noTotal
          : ""
        : `${totalBlank ? `${NOT_BILLED.noTotal} ` : ""}${noteFor(plan, checkedFields, billedCells, { billed, variances, computed })}`.trim();
  return {
    // Only rows priced from their measurements carry units worth a column (and a Decimal each).
    units: !plan.fromMeasurements ? NO_UNITS : !inputs.units.ok ? inputs.units : ok(inputs.units.value.measured ? inputs.units.value.units : null),
    computed,
    billed,
    variances,
    variance,
    billedAmount,
    computedAmount,
    checked: allCompared,
    flagged: anyVariance,
    flaggedVariance: anyVariance ? flaggedVarianceOf(variance, checkedFields.map((field) => variances[field] as Outcome<Amount>)) : null,
    status,
    statusText: nothingBilled ? NOT_CHECKED.nothingBilled : statusText(status, comparisonErrors),
    flag: flagValue(status),
    inputError,
    note: withRateChanges([note, ...assumptions].filter((part) => part !== "").join(" "), inputs, plan),
    quote,
  };
}

/** A flagged row's variance for the summary: the row's, or where it has none, its charges' variances that are such. */
function flaggedVarianceOf(variance: Outcome<Amount>, charges: readonly Outcome<Amount>[]): Amount {
  if (variance.ok) return variance.value;
  const sum = new ExactSum();
  for (const outcome of charges) if (outcome.ok && isVariance(outcome.value)) sum.add(outcome.value);
  return sum.value;
}

/**
 * D26: relief and anchorage, when the table has no column for them, are assumed not to happen;
 * a row that pays a second pilot says so, and a row under-billed by exactly the second pilot says
 * that a relief or an anchorage would explain it.
 */
function assumptionNotes(plan: TablePlan, charges: readonly Charges[], variance: Outcome<Amount>): string[] {
  const noRelief = plan.column.relieved === undefined;
  const noAnchorage = plan.column.anchored === undefined;
  if (!noRelief && !noAnchorage) return [];
  const secondPilots = charges.flatMap((charge) => (charge.computed.second_pilot.ok && charge.computed.second_pilot.value > 0 ? [charge.computed.second_pilot.value] : []));
  if (secondPilots.length === 0) return [];
  const assumed = noRelief && noAnchorage ? "no relief at mid-river and no anchorage of 8 hours" : noRelief ? "no relief at mid-river" : "no anchorage of 8 hours";
  const notes = [`Assumed ${assumed} (the table has no column for ${noRelief && noAnchorage ? "them" : "it"}).`];
  if (variance.ok && variance.value.cents !== null && secondPilots.some((cents) => cents === -(variance.value.cents as number))) {
    notes.push(`The variance is the second pilot's ${formatUsd(secondPilots[0])}: ${noRelief && noAnchorage ? "a relief at mid-river or an anchorage of 8 hours" : noRelief ? "a relief at mid-river" : "an anchorage of 8 hours"} would explain it.`);
  }
  return notes;
}

/**
 * D25: a row whose transit may still be under way when a rate changes says which date it was
 * checked at, whatever its status (an invoice priced at the later rates would differ by the change).
 * Not for a row whose units, section, date or hours cannot be read: nothing was priced at a date.
 */
function withRateChanges(note: string, inputs: RowInputs, plan: TablePlan): string {
  if (firstError(inputs.units, inputs.section, inputs.date, inputs.hours, inputs.anchored) !== null) return note;
  const timing = {
    date: valueOf(inputs.date),
    continuousHours: valueOf(inputs.hours),
    anchoredEightHours: valueOf(inputs.anchored),
    boardFees: plan.boardFees,
    boardSurcharge: plan.boardSurcharge,
  };
  const warnings = rateChangeWarnings(timing, plan.settings);
  if (warnings.length === 0) return note;
  return note === "" ? warnings.join(" ") : `${note} ${warnings.join(" ")}`;
}

// ---------------------------------------------------------------------------------------------
// Batch: one quote per row

export interface QuotedRow {
  readonly quote: Quote | null;
  /** Why the row could not be quoted: its first unreadable input, in the order a quote reads them. */
  readonly error: CellError | null;
}

export function quoteRow(cells: readonly unknown[], plan: TablePlan): QuotedRow {
  const inputs = readInputs(cells, plan);
  const error = firstError(inputs.units, inputs.section, inputs.date, inputs.hours, inputs.relieved, inputs.anchored);
  const quoted = error === null ? quoteOf(inputs, plan, true) : failed<Quote>(error);
  return quoted.ok ? { quote: quoted.value, error: null } : { quote: null, error: quoted.error };
}
