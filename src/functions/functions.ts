/**
 * The NYPILOT custom functions as Excel sees them. Each exported function carries the JSDoc that
 * custom-functions-metadata turns into dist/functions.json (ids, help, parameter types); at build
 * time the metadata plugin appends one CustomFunctions.associate(id, function) call per function.
 *
 * Each function is its JSDoc and one call of the Excel runner (excel-runner.ts) with its
 * definition (definitions.ts: its arguments as data, arguments.ts, and the engine rule it asks).
 * Ids and argument names are permanent once shipped (saved workbooks keep `=NYPILOT.<ID>(...)`):
 * never rename one; a new argument is optional and goes at the end.
 *
 * Per-vessel arguments are ranges (`any[][]`): a single value arrives as a 1×1 range, and
 * equal-sized columns give one result per row from one call.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the metadata generator allows only any/number/string/boolean */
import packageJson from "../../package.json";
import * as definitions from "./definitions";
import { runInExcel } from "./excel-runner";

/**
 * What the `CustomFunctions.associate(...)` calls the metadata plugin appends to this file reach
 * (a module-level name, so it shadows the global for them): office.js's registry, or nothing
 * where office.js did not load (taskpane.html opened as a page without its network), so that the
 * page still works as a standalone calculator instead of stopping at "CustomFunctions is not defined".
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the appended associate calls
const CustomFunctions = {
  associate(id: string, implementation: (...args: any[]) => unknown): void {
    const registry = (globalThis as { CustomFunctions?: { associate?: (id: string, implementation: (...args: any[]) => unknown) => void } }).CustomFunctions;
    registry?.associate?.(id, implementation);
  },
};

// ---------------------------------------------------------------------------------------------
// Fixed choices, as custom enums: Excel's formula AutoComplete offers their members (older Excel
// ignores them). They only suggest: the argument is still text, so every spelling the readers
// accept (1/2, "Section 1", "feet", a clause in capitals…) keeps working in saved workbooks.

/**
 * The section of the river, § 89-a(4)(b)(1). 1 and 2 are accepted too.
 * @customenum {string}
 */
enum SECTION {
  /** Section 1, Lower River: Yonkers to all ports through Hyde Park (or type 1). */
  Lower = "Lower",
  /** Section 2, Upper River: beyond Hyde Park through Albany or Troy (or type 2). */
  Upper = "Upper",
}

/**
 * The unit of plain-number measurements, § 89-a(4)(b)(2), (c).
 * @customenum {string}
 */
enum UNIT {
  /** Feet (the default). */
  ft = "ft",
  /** Metres, converted at 1 ft = 0.3048 m exactly. */
  m = "m",
  /** Inches. */
  in = "in",
}

/**
 * A vessel's status for § 89-a(1).
 * @customenum {string}
 */
enum VESSEL_STATUS {
  /** A foreign vessel. */
  foreign = "foreign",
  /** An American vessel under register. */
  registered = "registered",
  /** An American vessel not under register (enrolled, coastwise). */
  enrolled = "enrolled",
}

/**
 * A clause of § 89-a(4)(b)(1), to use its base rates instead of the date's.
 * @customenum {string}
 */
enum CLAUSE {
  /** § 89-a(4)(b)(1)(i) */
  i = "i",
  /** § 89-a(4)(b)(1)(ii) */
  ii = "ii",
  /** § 89-a(4)(b)(1)(iii) */
  iii = "iii",
  /** § 89-a(4)(b)(1)(iv) */
  iv = "iv",
  /** § 89-a(4)(b)(1)(v) */
  v = "v",
  /** § 89-a(4)(b)(1)(vi) */
  vi = "vi",
  /** § 89-a(4)(b)(1)(vii) */
  vii = "vii",
  /** § 89-a(4)(b)(1)(viii) */
  viii = "viii",
  /** § 89-a(4)(b)(1)(ix) */
  ix = "ix",
  /** § 89-a(4)(b)(1)(x) */
  x = "x",
  /** § 89-a(4)(b)(1)(xi) */
  xi = "xi",
  /** § 89-a(4)(b)(1)(xii) */
  xii = "xii",
}

/**
 * Pilotage units of a vessel: overall length × extreme breadth × depth ÷ 10,000, in feet (§ 89-a(4)(b)(2), (c)).
 * @customfunction PILOTAGE_UNITS
 * @helpurl https://localhost:3000/help.html#PILOTAGE_UNITS
 * @param {any[][]} length Overall length: feet, or text such as 600' 6", 182.88 m or 7206 in. A column gives one result per row.
 * @param {any[][]} breadth Extreme breadth, to the outside of the shell plating.
 * @param {any[][]} depth Depth amidships, top of keel plate to the uppermost continuous deck.
 * @param {UNIT[][]} [unit] Unit of plain numbers: "ft" (default), "m" or "in".
 * @returns {any[][]} Pilotage units, not rounded.
 */
export function PILOTAGE_UNITS(length: any[][], breadth: any[][], depth: any[][], unit?: UNIT[][]): any[][] {
  return runInExcel(definitions.PILOTAGE_UNITS, [length, breadth, depth, unit]);
}

/**
 * Base pilotage fee in USD under § 89-a(4)(b)(1): flat up to 50 and up to 100 units, per unit from 100 units to the 500-unit maximum. Rounded to cents.
 * @customfunction HUDSON_BASE_FEE
 * @helpurl https://localhost:3000/help.html#HUDSON_BASE_FEE
 * @param {any[][]} units Pilotage units, or the word UNMEASURED when the measurements were not provided (maximum charge, § 89-a(4)(d)).
 * @param {SECTION[][]} section 1 or "Lower" (Yonkers through Hyde Park); 2 or "Upper" (beyond Hyde Park to Albany or Troy).
 * @param {any[][]} date Transit date: an Excel date or text like 2026-12-31. Chooses the clause in force.
 * @param {CLAUSE[][]} [clause] A clause to use instead of the date's: "i" to "xii".
 * @returns {any[][]} Base pilotage in USD.
 */
export function HUDSON_BASE_FEE(units: any[][], section: SECTION[][], date: any[][], clause?: CLAUSE[][]): any[][] {
  return runInExcel(definitions.HUDSON_BASE_FEE, [units, section, date, clause]);
}

/**
 * Pilots' retirement surcharge in USD, § 89-a(4)(b)(1-c): the statutory table for the first sixty months, then the surcharge board's table.
 * @customfunction HUDSON_SURCHARGE
 * @helpurl https://localhost:3000/help.html#HUDSON_SURCHARGE
 * @param {any[][]} units Pilotage units, or UNMEASURED.
 * @param {any[][]} date Transit date: an Excel date or text like 2026-12-31.
 * @param {any[][]} [board_surcharge] The surcharge board's table: rows of from date | 0–50 amount | 51–100 amount | per unit over 100 (a header row may be present).
 * @returns {any[][]} Surcharge in USD.
 */
export function HUDSON_SURCHARGE(units: any[][], date: any[][], board_surcharge?: any[][]): any[][] {
  return runInExcel(definitions.HUDSON_SURCHARGE, [units, date, board_surcharge]);
}

/**
 * Second-pilot fee in USD: 50% of the base pilotage fee when continuous pilotage exceeds 10 hours, § 89-a(4)(b)(1-a).
 * @customfunction HUDSON_SECOND_PILOT
 * @helpurl https://localhost:3000/help.html#HUDSON_SECOND_PILOT
 * @param {any[][]} base_fee The base pilotage fee, e.g. from HUDSON_BASE_FEE.
 * @param {any[][]} hours Expected hours of continuous pilotage.
 * @param {any[][]} [relieved_at_midriver] TRUE when the first pilot is relieved at the mid-river station (no second-pilot fee). Only a Section 2 transit reaches the station: give the section so that a Section 1 relief is not used.
 * @param {any[][]} [anchored_8_hours] TRUE when the vessel anchors at least 8 hours so no pilot exceeds 10 hours.
 * @param {any[][]} [surcharge] The transit's surcharge, e.g. from HUDSON_SURCHARGE; used only under the setting "base plus surcharge" (D11).
 * @param {SECTION[][]} [section] 1/"Lower" or 2/"Upper": on Section 1 a relief at mid-river is not used (D11). Left out, a relief is taken as given.
 * @returns {any[][]} Second-pilot fee in USD (0 when none is due).
 */
export function HUDSON_SECOND_PILOT(
  base_fee: any[][],
  hours: any[][],
  relieved_at_midriver?: any[][],
  anchored_8_hours?: any[][],
  surcharge?: any[][],
  section?: SECTION[][],
): any[][] {
  return runInExcel(definitions.HUDSON_SECOND_PILOT, [base_fee, hours, relieved_at_midriver, anchored_8_hours, surcharge, section]);
}

/**
 * Total for a transit in USD: base pilotage, surcharge, second pilot and the board's fees, each rounded to cents. #N/A names anything not entered.
 * @customfunction HUDSON_TOTAL
 * @helpurl https://localhost:3000/help.html#HUDSON_TOTAL
 * @param {any[][]} units Pilotage units, or UNMEASURED.
 * @param {SECTION[][]} section 1/"Lower" or 2/"Upper".
 * @param {any[][]} date Transit date: an Excel date or text like 2026-12-31.
 * @param {any[][]} [hours] Expected hours of continuous pilotage (over 10 adds a second pilot).
 * @param {any[][]} [relieved_at_midriver] TRUE when the first pilot is relieved at the mid-river station.
 * @param {any[][]} [anchored_8_hours] TRUE when the vessel anchors at least 8 hours.
 * @param {any[][]} [board_fees] The board's fees: rows of from date | launch | communication | mid-river launch.
 * @param {any[][]} [board_surcharge] The surcharge board's table: rows of from date | 0–50 | 51–100 | per unit over 100.
 * @returns {any[][]} Total in USD.
 */
export function HUDSON_TOTAL(
  units: any[][],
  section: SECTION[][],
  date: any[][],
  hours?: any[][],
  relieved_at_midriver?: any[][],
  anchored_8_hours?: any[][],
  board_fees?: any[][],
  board_surcharge?: any[][],
): any[][] {
  return runInExcel(definitions.HUDSON_TOTAL, [units, section, date, hours, relieved_at_midriver, anchored_8_hours, board_fees, board_surcharge]);
}

/**
 * A quote for one transit, spilled as rows: Item | Amount | Authority, one row per charge, warnings, and the total.
 * @customfunction HUDSON_QUOTE
 * @helpurl https://localhost:3000/help.html#HUDSON_QUOTE
 * @param {any[][]} units Pilotage units, or UNMEASURED.
 * @param {SECTION[][]} section 1/"Lower" or 2/"Upper".
 * @param {any[][]} date Transit date: an Excel date or text like 2026-12-31.
 * @param {any[][]} [hours] Expected hours of continuous pilotage.
 * @param {any[][]} [relieved_at_midriver] TRUE when the first pilot is relieved at the mid-river station.
 * @param {any[][]} [anchored_8_hours] TRUE when the vessel anchors at least 8 hours.
 * @param {any[][]} [board_fees] The board's fees: rows of from date | launch | communication | mid-river launch.
 * @param {any[][]} [board_surcharge] The surcharge board's table: rows of from date | 0–50 | 51–100 | per unit over 100.
 * @param {any[][]} [headers] 1 (default): a header row; 0: none, so that quotes stack with VSTACK.
 * @returns {any[][]} The quote's rows.
 */
export function HUDSON_QUOTE(
  units: any[][],
  section: SECTION[][],
  date: any[][],
  hours?: any[][],
  relieved_at_midriver?: any[][],
  anchored_8_hours?: any[][],
  board_fees?: any[][],
  board_surcharge?: any[][],
  headers?: any[][],
): any[][] {
  return runInExcel(definitions.HUDSON_QUOTE, [units, section, date, hours, relieved_at_midriver, anchored_8_hours, board_fees, board_surcharge, headers]);
}

/**
 * A quote for one transit as a card in one cell: the cell shows the total (INCOMPLETE when a board amount is not entered); its card lists every charge with amount and clause, the warnings and the settings. #N/A on an Excel without cards: use HUDSON_QUOTE.
 * @customfunction HUDSON_QUOTE_CARD
 * @helpurl https://localhost:3000/help.html#HUDSON_QUOTE_CARD
 * @param {any[][]} units Pilotage units, or UNMEASURED.
 * @param {SECTION[][]} section 1/"Lower" or 2/"Upper".
 * @param {any[][]} date Transit date: an Excel date or text like 2026-12-31.
 * @param {any[][]} [hours] Expected hours of continuous pilotage.
 * @param {any[][]} [relieved_at_midriver] TRUE when the first pilot is relieved at the mid-river station.
 * @param {any[][]} [anchored_8_hours] TRUE when the vessel anchors at least 8 hours.
 * @param {any[][]} [board_fees] The board's fees: rows of from date | launch | communication | mid-river launch.
 * @param {any[][]} [board_surcharge] The surcharge board's table: rows of from date | 0–50 | 51–100 | per unit over 100.
 * @returns {any} The quote as a card.
 */
export function HUDSON_QUOTE_CARD(
  units: any[][],
  section: SECTION[][],
  date: any[][],
  hours?: any[][],
  relieved_at_midriver?: any[][],
  anchored_8_hours?: any[][],
  board_fees?: any[][],
  board_surcharge?: any[][],
): any {
  return runInExcel(definitions.HUDSON_QUOTE_CARD, [units, section, date, hours, relieved_at_midriver, anchored_8_hours, board_fees, board_surcharge]);
}

/**
 * The clause of § 89-a(4)(b)(1) whose base rates are in force on a date, e.g. § 89-a(4)(b)(1)(xi).
 * @customfunction HUDSON_CLAUSE
 * @helpurl https://localhost:3000/help.html#HUDSON_CLAUSE
 * @param {any[][]} date An Excel date or text like 2026-12-31.
 * @returns {any[][]} The citation of the clause in force.
 */
export function HUDSON_CLAUSE(date: any[][]): any[][] {
  return runInExcel(definitions.HUDSON_CLAUSE, [date]);
}

/**
 * The base-rate schedule in force on a date for both sections, spilled: flat amounts, rate per unit, maximum units, clause, in force from.
 * @customfunction HUDSON_RATES
 * @helpurl https://localhost:3000/help.html#HUDSON_RATES
 * @param {any} date An Excel date or text like 2026-12-31.
 * @param {any} [headers] 1 (default): a header row; 0: none, so that schedules stack with VSTACK.
 * @returns {any[][]} The schedule, with a header row unless headers is 0.
 */
export function HUDSON_RATES(date: any, headers?: any): any[][] {
  return runInExcel(definitions.HUDSON_RATES, [date, headers]);
}

/**
 * One sentence showing how the base pilotage fee is worked out, and the clause it comes from.
 * @customfunction HUDSON_EXPLAIN
 * @helpurl https://localhost:3000/help.html#HUDSON_EXPLAIN
 * @param {any[][]} units Pilotage units, or UNMEASURED.
 * @param {SECTION[][]} section 1/"Lower" or 2/"Upper".
 * @param {any[][]} date Transit date: an Excel date or text like 2026-12-31.
 * @param {CLAUSE[][]} [clause] A clause to use instead of the date's: "i" to "xii".
 * @returns {any[][]} The working, e.g. 271.43 units ≥ 100: 271.43 × $21.58 = $5,857.46 …
 */
export function HUDSON_EXPLAIN(units: any[][], section: SECTION[][], date: any[][], clause?: CLAUSE[][]): any[][] {
  return runInExcel(definitions.HUDSON_EXPLAIN, [units, section, date, clause]);
}

/**
 * Whether a vessel must take a Hudson River pilot under § 89-a(1): REQUIRED, NOT REQUIRED or BOARD DISCRETION.
 * @customfunction HUDSON_PILOT_REQUIRED
 * @helpurl https://localhost:3000/help.html#HUDSON_PILOT_REQUIRED
 * @param {VESSEL_STATUS[][]} vessel_status "foreign", "registered" (American under register) or "enrolled" (American not under register).
 * @param {any[][]} gross_tons Gross registered tons.
 * @param {any[][]} loaded_draft_ft Fully loaded draft in feet.
 * @param {any[][]} [proceeds_by_sea] FALSE when the vessel proceeds otherwise than by sea (default TRUE).
 * @param {any[][]} [recreational] TRUE for a recreational vessel (46 U.S.C. § 2101).
 * @param {any[][]} [length_ft] Length in feet; needed for a recreational vessel.
 * @returns {any[][]} REQUIRED, NOT REQUIRED or BOARD DISCRETION.
 */
export function HUDSON_PILOT_REQUIRED(
  vessel_status: VESSEL_STATUS[][],
  gross_tons: any[][],
  loaded_draft_ft: any[][],
  proceeds_by_sea?: any[][],
  recreational?: any[][],
  length_ft?: any[][],
): any[][] {
  return runInExcel(definitions.HUDSON_PILOT_REQUIRED, [vessel_status, gross_tons, loaded_draft_ft, proceeds_by_sea, recreational, length_ft]);
}

/**
 * Annual cap on the board's surcharge: the greater of 35% of the Section 2 base pilotage collected in the calendar year and $500,000, § 89-a(4)(b)(1-c)(iii).
 * @customfunction HUDSON_SURCHARGE_CAP
 * @helpurl https://localhost:3000/help.html#HUDSON_SURCHARGE_CAP
 * @param {any[][]} section2_base_collected Section 2 base pilotage collected in the calendar year, USD.
 * @returns {any[][]} The cap in USD.
 */
export function HUDSON_SURCHARGE_CAP(section2_base_collected: any[][]): any[][] {
  return runInExcel(definitions.HUDSON_SURCHARGE_CAP, [section2_base_collected]);
}

/**
 * Retirement-program contribution: 12% of earnings from service as an active pilot, § 89-a(5).
 * @customfunction HUDSON_RETIREMENT_CONTRIBUTION
 * @helpurl https://localhost:3000/help.html#HUDSON_RETIREMENT_CONTRIBUTION
 * @param {any[][]} earnings Earnings from service as an active Hudson River pilot, USD.
 * @returns {any[][]} The contribution in USD.
 */
export function HUDSON_RETIREMENT_CONTRIBUTION(earnings: any[][]): any[][] {
  return runInExcel(definitions.HUDSON_RETIREMENT_CONTRIBUTION, [earnings]);
}

/**
 * Yearly disability benefit, § 89-a(5): 50% of the last full calendar year's earnings with insurance; without it 10% plus 1.6% per year of service after the first, at most 50%.
 * @customfunction HUDSON_DISABILITY_BENEFIT
 * @helpurl https://localhost:3000/help.html#HUDSON_DISABILITY_BENEFIT
 * @param {any[][]} last_year_earnings Earnings in the last full calendar year of service before disability, USD.
 * @param {any[][]} [years_of_service] Whole years of service; needed when insurance is unavailable.
 * @param {any[][]} [insurance_available] FALSE when disability insurance is unavailable (default TRUE).
 * @returns {any[][]} The yearly benefit in USD.
 */
export function HUDSON_DISABILITY_BENEFIT(last_year_earnings: any[][], years_of_service?: any[][], insurance_available?: any[][]): any[][] {
  return runInExcel(definitions.HUDSON_DISABILITY_BENEFIT, [last_year_earnings, years_of_service, insurance_available]);
}

/**
 * TRUE when more than six months of the last calendar year were served, so it counts as a full year, § 89-a(7)(c).
 * @customfunction HUDSON_LAST_YEAR_COUNTS
 * @helpurl https://localhost:3000/help.html#HUDSON_LAST_YEAR_COUNTS
 * @param {any[][]} last_service_date The last day of service: an Excel date or text like 2026-07-01.
 * @returns {any[][]} TRUE or FALSE.
 */
export function HUDSON_LAST_YEAR_COUNTS(last_service_date: any[][]): any[][] {
  return runInExcel(definitions.HUDSON_LAST_YEAR_COUNTS, [last_service_date]);
}

/**
 * The fixed annual retirement benefit that § 89-a(6) sets for a retirement year; #N/A for a year it does not set.
 * @customfunction HUDSON_FIXED_PENSION
 * @helpurl https://localhost:3000/help.html#HUDSON_FIXED_PENSION
 * @param {any[][]} retirement_year The year of retirement, e.g. 2010.
 * @returns {any[][]} The annual benefit in USD.
 */
export function HUDSON_FIXED_PENSION(retirement_year: any[][]): any[][] {
  return runInExcel(definitions.HUDSON_FIXED_PENSION, [retirement_year]);
}

/**
 * First day of the benefit payment period (calendar quarter) next following the retirement date, § 89-a(7)(a). Format the cell as a date.
 * @customfunction HUDSON_BENEFIT_START
 * @helpurl https://localhost:3000/help.html#HUDSON_BENEFIT_START
 * @param {any[][]} retirement_date The retirement date: an Excel date or text like 2026-07-01.
 * @returns {any[][]} An Excel date.
 */
export function HUDSON_BENEFIT_START(retirement_date: any[][]): any[][] {
  return runInExcel(definitions.HUDSON_BENEFIT_START, [retirement_date]);
}

/**
 * Last day on which the written resignation may be submitted for a retirement on a quarter's first day, § 89-a(7)(b). Format the cell as a date.
 * @customfunction HUDSON_RESIGNATION_DEADLINE
 * @helpurl https://localhost:3000/help.html#HUDSON_RESIGNATION_DEADLINE
 * @param {any[][]} retirement_effective_date 1 January, 1 April, 1 July or 1 October of a year.
 * @returns {any[][]} An Excel date.
 */
export function HUDSON_RESIGNATION_DEADLINE(retirement_effective_date: any[][]): any[][] {
  return runInExcel(definitions.HUDSON_RESIGNATION_DEADLINE, [retirement_effective_date]);
}

/**
 * Yearly benefit of an eligible surviving spouse: 50% of the pilot's benefit, § 89-a(8).
 * @customfunction HUDSON_SPOUSE_BENEFIT
 * @helpurl https://localhost:3000/help.html#HUDSON_SPOUSE_BENEFIT
 * @param {any[][]} pilot_annual_benefit The pilot's annual benefit, USD.
 * @returns {any[][]} The spouse's yearly benefit in USD.
 */
export function HUDSON_SPOUSE_BENEFIT(pilot_annual_benefit: any[][]): any[][] {
  return runInExcel(definitions.HUDSON_SPOUSE_BENEFIT, [pilot_annual_benefit]);
}

/**
 * TRUE when the spouse was married to the pilot at least one year before the pilot's death, § 89-a(9).
 * @customfunction HUDSON_SPOUSE_ELIGIBLE
 * @helpurl https://localhost:3000/help.html#HUDSON_SPOUSE_ELIGIBLE
 * @param {any[][]} marriage_date Date of the marriage: an Excel date or text like 2020-03-01.
 * @param {any[][]} death_date Date of the pilot's death.
 * @returns {any[][]} TRUE or FALSE.
 */
export function HUDSON_SPOUSE_ELIGIBLE(marriage_date: any[][], death_date: any[][]): any[][] {
  return runInExcel(definitions.HUDSON_SPOUSE_ELIGIBLE, [marriage_date, death_date]);
}

/**
 * The version of the Hudson River pilotage add-in that is computing this workbook, such as 0.1.0. Note it beside a reconciliation so that others can tell which release of the rules produced the amounts.
 * @customfunction VERSION
 * @helpurl https://localhost:3000/help.html#VERSION
 * @returns The add-in's version number, as text.
 */
export function version(): string {
  return packageJson.version;
}
