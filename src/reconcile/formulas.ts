/**
 * The formulas of a reconciliation's added columns: computed amounts as =NYPILOT.* calls, a
 * variance per billed charge and for the row, and a flag. Shared by the CLI's .xlsx output (one
 * formula per row, referencing "E7") and the task pane's Reconcile (one formula per column per
 * chunk of rows, referencing "'Invoices'!E7:E5006" and spilling). Each formula works its amount
 * out as row.ts's reconcileRow does, so the CLI can cache reconcileRow's values.
 *
 * Every formula is written to work both ways: over single cells and, element by element, over
 * ranges of equal height (Excel's dynamic arrays). That is why the flag adds booleans up instead
 * of calling OR (status.ts), and the Section 2 test compares names one by one: OR would collapse a whole
 * range into one answer.
 *
 * Pure text: no Office, no files. Formulas are returned without the leading "=".
 */
import type Decimal from "decimal.js";
import type { Amount } from "./amounts";
import { boardFee } from "../engine";
import type { Outcome } from "./cells";
import { BILLED_CHARGE, BilledField, BOARD_FEE_CHARGES, BoardFeeChargeCode, COMPUTED_LABELS, type ComputedCode } from "./fields";
import { TablePlan } from "./mapping";
import { HOURS_CELL_BLANK, missingInputWords, scenariosOf, type ReconciledRow, type Scenario } from "./row";
import { SECOND_PILOT_RULE } from "../engine";
import { flagFormula, statusFormula } from "./status";

/** What an added column holds, for its header's number format. */
export type AddedColumnKind = "units" | "money" | "flag" | "status";

export interface AddedColumn {
  readonly header: string;
  readonly kind: AddedColumnKind;
}

/** Positions (0-based, among the added columns) of every column a reconciliation adds. */
export interface ReconcileColumnLayout {
  /** Units worked out from length × breadth × depth; null when the table gives units. */
  readonly units: number | null;
  readonly base: number;
  readonly surcharge: number;
  readonly secondPilot: number;
  readonly boardFees: number;
  readonly total: number;
  /** The computed board fee beside each billed fee column; boardColumn is its column in the fee table (the from-date is 1). */
  readonly fees: readonly { readonly code: BoardFeeChargeCode; readonly boardColumn: number; readonly column: number }[];
  /** A variance per billed charge (not the billed total: the row's variance is that one). */
  readonly variances: readonly { readonly field: BilledField; readonly column: number }[];
  readonly variance: number;
  readonly flag: number;
  /** matched / variance / not checked (status.ts). */
  readonly status: number;
  readonly columns: readonly AddedColumn[];
}

// The board fee table's columns: the from-date, then one per fee in the engine's order.
const FEE_COLUMNS: readonly { field: BilledField; code: BoardFeeChargeCode; boardColumn: number }[] = BOARD_FEE_CHARGES.map((code, index) => ({
  field: `billed_${code}` as BilledField,
  code,
  boardColumn: 2 + index,
}));

export function reconcileColumnLayout(plan: TablePlan): ReconcileColumnLayout {
  const columns: AddedColumn[] = [];
  const add = (header: string, kind: AddedColumnKind) => columns.push({ header, kind }) - 1;
  const units = plan.fromMeasurements ? add("Computed pilotage units", "units") : null;
  const money = (label: string) => add(`Computed ${label}`, "money");
  const base = money(COMPUTED_LABELS.base);
  const surcharge = money(COMPUTED_LABELS.surcharge);
  const secondPilot = money(COMPUTED_LABELS.second_pilot);
  const boardFees = money(COMPUTED_LABELS.board_fees);
  const total = money(COMPUTED_LABELS.total);
  const fees = FEE_COLUMNS.filter((fee) => plan.billed.includes(fee.field)).map((fee) => ({ code: fee.code, boardColumn: fee.boardColumn, column: money(COMPUTED_LABELS[fee.code]) }));
  const variances = plan.billed
    .filter((field) => field !== "billed_total")
    .map((field) => ({ field, column: add(`Variance ${COMPUTED_LABELS[BILLED_CHARGE[field]]}`, "money") }));
  const variance = add("Variance", "money");
  const flag = add("Flag", "flag");
  const status = add("Status", "status");
  return { units, base, surcharge, secondPilot, boardFees, total, fees, variances, variance, flag, status, columns };
}

/** How the formulas name the cells of the rows they cover. */
export interface FormulaReferences {
  /** A column of the table being checked (0-based): "E7", or "'Invoices'!E7:E5006". */
  input(column: number): string;
  /** An added column (0-based among the added columns), over the same rows. */
  output(column: number): string;
}

/** The board tables as the NYPILOT functions take them, and the fee rows the fee columns look dates up in. */
export interface BoardReferences {
  readonly fees: string;
  readonly surcharge: string;
  /** The fee table's rows in date order (from-date in its first column), or null when it has none. */
  readonly feeRows: string | null;
}

/** How the date column holds its dates: Excel date serials, YYYY-MM-DD text, or either from row to row. */
export type DateCells = "numbers" | "text" | "either";

/** An added column's content over the rows: a formula, or the constant 0 (no hours column: no second pilot). */
export type AddedCell = { readonly formula: string } | { readonly constant: 0 };

// The names readSection accepts for Section 2 (D5), as LOWER(TRIM(section)) gives them: a fee that
// Section 1 does not pay (the mid-river launch) is 0 unless the section is one of these, and a relief
// at the mid-river station counts only on a transit that reaches it (reliefAtMidRiverCounts, D21).
const SECTION_TWO_NAMES = ["2", "section 2", "upper", "upper river", "section 2, upper river"];

/** A sum that is more than 0 when the section cell names Section 2 (compared with >0, which binds after +). */
function isSectionTwo(section: string): string {
  const name = `LOWER(TRIM(${section}))`;
  return SECTION_TWO_NAMES.map((text) => `(${name}="${text}")`).join("+");
}

/**
 * D26 in a formula: a computed amount over the values a missing input could take (row.ts's
 * scenarios), the same in each or #N/A. Errors come first, in scenario order, as in row.ts.
 */
function mergedAmount(amounts: readonly string[]): string {
  const same = amounts.slice(1).map((amount) => `(${amounts[0]}=${amount})`).join("*");
  return `IF(${same},${amounts[0]},NA())`;
}

/**
 * D26 in a formula: a variance over the scenarios. The same in each, that one; over (or under) by
 * $0.01 or more in each, the smallest, which holds whatever the missing input is; else #N/A.
 * Element by element (IF and arithmetic only, no MIN or AND), so it spills over ranges.
 */
function mergedVariance(variances: readonly string[]): string {
  const [first, ...rest] = variances;
  const same = rest.map((variance) => `(${first}=${variance})`).join("*");
  const every = (test: (variance: string) => string) => variances.map((variance) => `(${test(variance)})`).join("*");
  const nearest = (closer: "<" | ">") => rest.reduce((kept, variance) => `IF(${kept}${closer}${variance},${kept},${variance})`, first);
  return `IF(${same},${first},IF(${every((v) => `${v}>=0.01`)},${nearest("<")},IF(${every((v) => `${v}<=-0.01`)},${nearest(">")},NA())))`;
}

/**
 * A scenario of the formulas: row.ts's, or (`blankHoursAs`) the hours cell as it is except that a
 * blank one counts as that many hours. Rows whose hours cell is blank are written with two: the
 * cell as it is (blank: no second pilot) and blank as more than ten hours, so a row checked both
 * ways has the same answer as reconcileRow's, and a row whose hours are later typed in has one.
 */
type FormulaScenario = Scenario & { readonly blankHoursAs?: number };

function formulaScenariosOf(plan: TablePlan, hoursCellBlank: boolean): readonly FormulaScenario[] {
  const scenarios = scenariosOf(plan);
  if (!hoursCellBlank || plan.column.hours === undefined) return scenarios;
  return scenarios.flatMap((scenario) => [scenario, { ...scenario, blankHoursAs: SECOND_PILOT_RULE.moreThanHours + 1 }]);
}

/**
 * One entry per added column, in layout order. `hoursCellBlank`: the rows covered have a blank
 * hours cell in a table that has the column, checked both ways as with no column (D26).
 */
export function reconcileFormulas(
  plan: TablePlan,
  layout: ReconcileColumnLayout,
  refs: FormulaReferences,
  board: BoardReferences,
  dates: DateCells,
  hoursCellBlank = false,
): AddedCell[] {
  const c = plan.column;
  const input = (column: number | undefined) => (column === undefined ? "" : refs.input(column));
  const units = layout.units !== null ? refs.output(layout.units) : input(c.units);
  const date = input(c.date);
  const relieved = input(c.relieved);
  const anchored = input(c.anchored);
  const out: AddedCell[] = [];

  if (layout.units !== null) {
    let unitArgument = "";
    const unitCell = input(c.unit);
    const defaultUnit = plan.measurementUnit;
    if (unitCell !== "" && defaultUnit !== null) unitArgument = `,IF(TRIM(${unitCell})="","${defaultUnit}",${unitCell})`;
    else if (unitCell !== "") unitArgument = `,${unitCell}`;
    else if (defaultUnit !== null) unitArgument = `,"${defaultUnit}"`;
    out.push({ formula: `NYPILOT.PILOTAGE_UNITS(${input(c.length)},${input(c.breadth)},${input(c.depth)}${unitArgument})` });
  }

  // Each computed amount in each scenario (D26: the values a missing section or hours could
  // take; one scenario, the table's own cells, when nothing is missing). An amount that is the
  // same formula in every scenario is its column, and the formulas after it refer to the column;
  // one that is not is worked out inline in each scenario, its column holding them merged.
  const scenarios = formulaScenariosOf(plan, hoursCellBlank);
  const sectionIn = (scenario: FormulaScenario) => (scenario.section === undefined ? input(c.section) : String(scenario.section));
  const hoursIn = (scenario: FormulaScenario) => {
    if (scenario.blankHoursAs !== undefined) return `IF(TRIM(${input(c.hours)})="",${scenario.blankHoursAs},${input(c.hours)})`;
    return scenario.hours === undefined ? input(c.hours) : scenario.hours === null ? "" : String(scenario.hours);
  };
  const columnCells: Partial<Record<ComputedCode, AddedCell>> = {};
  const amountsOf = (code: ComputedCode, column: number, formulaIn: (scenario: FormulaScenario, index: number) => string): string[] => {
    const formulas = scenarios.map(formulaIn);
    if (formulas.every((formula) => formula === formulas[0])) {
      columnCells[code] = { formula: formulas[0] };
      return formulas.map(() => refs.output(column));
    }
    columnCells[code] = { formula: mergedAmount(formulas) };
    return formulas;
  };
  const base = amountsOf("base", layout.base, (scenario) => `NYPILOT.HUDSON_BASE_FEE(${units},${sectionIn(scenario)},${date})`);
  const surcharge = amountsOf("surcharge", layout.surcharge, () => `NYPILOT.HUDSON_SURCHARGE(${units},${date},${board.surcharge})`);
  const secondPilot = amountsOf("second_pilot", layout.secondPilot, (scenario, index) => {
    const hours = hoursIn(scenario);
    if (hours === "") return "0";
    // The relief is passed only where the transit reaches the mid-river station (Section 2), as the engine reads it.
    const section = sectionIn(scenario);
    const relief = relieved === "" ? "" : `IF(${isSectionTwo(section)}>0,${relieved},FALSE)`;
    const options = anchored !== "" ? `,${relief},${anchored}` : relief !== "" ? `,${relief}` : "";
    const call = `NYPILOT.HUDSON_SECOND_PILOT(${base[index]},${hours}${options})`;
    return scenario.hours === undefined && scenario.blankHoursAs === undefined ? `IF(TRIM(${hours})="",0,${call})` : call;
  });
  const total = amountsOf(
    "total",
    layout.total,
    (scenario) => `NYPILOT.HUDSON_TOTAL(${units},${sectionIn(scenario)},${date},${hoursIn(scenario)},${relieved},${anchored},${board.fees},${board.surcharge})`,
  );
  const boardFees = amountsOf("board_fees", layout.boardFees, (_, index) => `ROUND(${total[index]}-${base[index]}-${surcharge[index]}-${secondPilot[index]},2)`);
  const fees = layout.fees.map((fee) =>
    amountsOf(fee.code, fee.column, (scenario, index) => {
      // The board's fee in force on the date (VLOOKUP on the sorted from-dates); a blank amount is not entered.
      const fromText = `DATE(VALUE(LEFT(TRIM(${date}),4)),VALUE(MID(TRIM(${date}),6,2)),VALUE(RIGHT(TRIM(${date}),2)))`;
      const when = dates === "numbers" ? date : dates === "text" ? fromText : `IF(ISNUMBER(${date}),${date},${fromText})`;
      const lookup = `VLOOKUP(${when},${board.feeRows},${fee.boardColumn},TRUE)`;
      let amount = board.feeRows === null ? "NA()" : `IF(${lookup}=0,NA(),${lookup})`;
      if (!boardFee(fee.code).sections.some((section) => section === 1)) amount = `IF(${isSectionTwo(sectionIn(scenario))}>0,${amount},0)`;
      return `IF(ISERROR(${base[index]}),${base[index]},${amount})`;
    }),
  );
  // No hours column and nothing else missing cannot happen (hours missing is a scenario), but a
  // second pilot of 0 in every row is written as a constant, not a formula per row.
  const constantZero = (cell: AddedCell | undefined): AddedCell => (cell !== undefined && "formula" in cell && cell.formula === "0" ? { constant: 0 } : (cell as AddedCell));
  out.push(columnCells.base as AddedCell, columnCells.surcharge as AddedCell, constantZero(columnCells.second_pilot), columnCells.board_fees as AddedCell, columnCells.total as AddedCell);
  for (const fee of layout.fees) out.push(columnCells[fee.code] as AddedCell);

  const amountsByCode = (code: ComputedCode): string[] => {
    if (code === "base") return base;
    if (code === "surcharge") return surcharge;
    if (code === "second_pilot") return secondPilot;
    if (code === "board_fees") return boardFees;
    if (code === "total") return total;
    return fees[layout.fees.findIndex((fee) => fee.code === code)];
  };
  // A variance in each scenario, one formula when they are the same, merged when not (D26).
  const variance = (formulaIn: (index: number) => string): string => {
    const formulas = scenarios.map((_, index) => formulaIn(index));
    return formulas.every((formula) => formula === formulas[0]) ? formulas[0] : mergedVariance(formulas);
  };
  // D27: a row whose every billed cell is blank bills nothing: its variances are #N/A, its status says so.
  const nothingBilled = nothingBilledTest(plan.billed.map((field) => input(c[field])));
  const varianceRefs: string[] = [];
  for (const { field, column } of layout.variances) {
    const computed = amountsByCode(BILLED_CHARGE[field]);
    out.push({ formula: `IF(${nothingBilled},NA(),${variance((index) => `ROUND(${input(c[field])}-${computed[index]},6)`)})` });
    varianceRefs.push(refs.output(column));
  }
  // Six decimals: removes binary noise (1234.56 − 1234.55) and keeps a billed fraction of a cent.
  // The billed total's variance; on a row whose billed total is blank (D27), the billed charges'.
  const charges = plan.billed.filter((field) => field !== "billed_total");
  const chargesVariance = () =>
    variance((index) => `ROUND((${charges.map((field) => input(c[field])).join("+")})-(${charges.map((field) => amountsByCode(BILLED_CHARGE[field])[index]).join("+")}),6)`);
  const totalVariance = () => variance((index) => `ROUND(${input(c.billed_total)}-${total[index]},6)`);
  let rowVariance: string;
  if (c.billed_total === undefined) rowVariance = `IF(${nothingBilled},NA(),${chargesVariance()})`;
  else if (charges.length === 0) rowVariance = `IF(${nothingBilled},NA(),${totalVariance()})`;
  else rowVariance = `IF(${nothingBilled},NA(),IF(${blankCellTest(input(c.billed_total))},${chargesVariance()},${totalVariance()}))`;
  out.push({ formula: rowVariance });
  // A variance of $0.01 or more either way flags the row; one that cannot be worked out (an error,
  // such as every NYPILOT cell in a program without the add-in) is "not computed", never a flag.
  const allVariances = [refs.output(layout.variance), ...varianceRefs];
  out.push({ formula: flagFormula(allVariances) });
  const missing = [plan.missingInputs.length > 0 ? missingInputWords(plan) : "", hoursCellBlank && c.hours !== undefined ? HOURS_CELL_BLANK : ""].filter((words) => words !== "").join(", ");
  out.push({ formula: statusFormula(refs.output(layout.flag), allVariances, nothingBilled, missing === "" ? undefined : missing) });
  return out;
}

/** D27: a billed cell left blank (TRIM gives ""), as a formula; a typed 0 or a cell holding an error is not blank. */
export function blankCellTest(ref: string): string {
  return `IFERROR(TRIM(${ref})="",FALSE)`;
}

/** D27: every one of the billed cells blank: their texts joined are blank (& works element by element over ranges, AND would not). */
function nothingBilledTest(billedRefs: readonly string[]): string {
  return blankCellTest(billedRefs.join("&"));
}

/**
 * What rows' variances compare, as one factor a summary's SUMPRODUCT multiplies and adds up over
 * ranges: `term` of the billed total, or, without a total column or on a row whose billed total is
 * blank (`billedTotal`, its range: D27), the billed charges' terms summed. Element by element, no IF.
 */
export function comparedTerms(plan: TablePlan, term: (field: BilledField) => string, billedTotal: string): string {
  const charges = plan.billed.filter((field) => field !== "billed_total");
  const chargesSum = charges.length === 1 ? term(charges[0]) : `(${charges.map(term).join("+")})`;
  if (plan.column.billed_total === undefined) return chargesSum;
  if (charges.length === 0) return term("billed_total");
  const blank = blankCellTest(billedTotal);
  return `(${blank}*${chargesSum}+(1-${blank})*${term("billed_total")})`;
}

/** How one door writes a row's values: an amount in cents, an exact amount (units, variances), each or its error. */
export interface AddedValueWriters<T> {
  readonly amount: (outcome: Outcome<number>) => T;
  readonly exact: (outcome: Outcome<Amount>) => T;
  /** The computed units (null: the row gives none). */
  readonly units: (outcome: Outcome<Decimal | null>) => T;
}

/**
 * The values of a row's added columns, in the layout's order: what the formulas give, as
 * reconcileRow worked them out. The CLI caches them beside its formulas (or writes them alone,
 * --values-only, and in its .csv); the task pane writes them for "Insert as values".
 */
export function addedColumnValues<T>(layout: ReconcileColumnLayout, reconciled: ReconciledRow, write: AddedValueWriters<T>): (T | boolean | string)[] {
  const values: (T | boolean | string)[] = [];
  const computed = reconciled.computed;
  if (layout.units !== null) values.push(write.units(reconciled.units));
  values.push(write.amount(computed.base), write.amount(computed.surcharge), write.amount(computed.second_pilot), write.amount(computed.board_fees), write.amount(computed.total));
  for (const fee of layout.fees) values.push(write.amount(computed[fee.code]));
  for (const { field } of layout.variances) values.push(write.exact(reconciled.variances[field] as Outcome<Amount>));
  values.push(write.exact(reconciled.variance), reconciled.flag, reconciled.statusText);
  return values;
}
