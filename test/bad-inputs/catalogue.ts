/**
 * The bad-input catalogue: what an accountant or a script user types wrong, and exactly what they
 * are told. Data only. catalogue.test.ts runs every case (functions through the NYPILOT
 * declarations in src/functions/functions.ts, the CLI through its main(), the task pane through its
 * form logic in src/taskpane/form.ts) and asserts the code and message, and for the task pane the
 * field marked; README.md is rendered from this list (see readme.ts) and checked against it.
 */

export type ExcelErrorCode = "#VALUE!" | "#NUM!" | "#N/A";

/**
 * One argument as Excel hands it over: a value for a single cell (null: an empty cell on Excel
 * on the web; desktop Excel passes an empty cell as 0), a 2-D array for a range, or OMITTED for an
 * optional argument left out.
 */
export const OMITTED = undefined;
export type Argument = string | number | boolean | null | undefined | (string | number | boolean | null)[][];

export interface FunctionCase {
  name: string;
  surface: "function";
  /** The NYPILOT function id, as in =NYPILOT.<id>(…). */
  function: string;
  args: Argument[];
  /** The result cell the case is about, [row, column]; [0, 0] when left out. */
  cell?: [number, number];
  code: ExcelErrorCode;
  message: string;
}

export interface CliCase {
  name: string;
  surface: "cli";
  /** The arguments after `hudson-pilotage`. */
  argv: string[];
  exitCode: 2;
  /** The one line on stderr, without its newline. */
  message: string;
}

/**
 * The task pane's fields that the cases fill in or mark: where the person sees it (card › field, as
 * render.ts labels it), the state path the field is bound to (state.ts setField), and the element id
 * the pane marks with the message (form.ts ids). The baseline call (PANE_BASELINE) uses transit key 1,
 * fee rows 2 and 3, surcharge rows 4 and 5: the keys initialState and addFeeRow/addSurchargeRow give.
 */
export const PANE_FIELDS = {
  unit: { label: "Vessel › Measurements in", path: "vessel.unit", id: "vessel-unit-metres" },
  "length-ft": { label: "Vessel › Overall length › feet", path: "vessel.length.feet", id: "length-ft" },
  "length-in": { label: "Vessel › Overall length › inches", path: "vessel.length.inches", id: "length-in" },
  "breadth-ft": { label: "Vessel › Extreme breadth › feet", path: "vessel.breadth.feet", id: "breadth-ft" },
  "depth-ft": { label: "Vessel › Depth › feet", path: "vessel.depth.feet", id: "depth-ft" },
  "length-m": { label: "Vessel › Overall length › metres", path: "vessel.length.metres", id: "length-m" },
  "breadth-m": { label: "Vessel › Extreme breadth › metres", path: "vessel.breadth.metres", id: "breadth-m" },
  "depth-m": { label: "Vessel › Depth › metres", path: "vessel.depth.metres", id: "depth-m" },
  "transit-date": { label: "Transits › Transit 1 › Date", path: "transit.1.date", id: "transit-1-date" },
  "transit-hours": { label: "Transits › Transit 1 › Expected continuous pilotage hours", path: "transit.1.hours", id: "transit-1-hours" },
  "fee-1-from": { label: "Board-set amounts › Fee row 1 › In force from", path: "fee.2.from", id: "fee-2-from" },
  "fee-1-launch": { label: "Board-set amounts › Fee row 1 › Launch fee ($)", path: "fee.2.launch", id: "fee-2-launch" },
  "fee-1-communication": { label: "Board-set amounts › Fee row 1 › Communication fee ($)", path: "fee.2.communication", id: "fee-2-communication" },
  "fee-1-midriver": { label: "Board-set amounts › Fee row 1 › Mid-river launch fee ($)", path: "fee.2.midriverLaunch", id: "fee-2-midriver" },
  "fee-2-from": { label: "Board-set amounts › Fee row 2 › In force from", path: "fee.3.from", id: "fee-3-from" },
  "fee-2-launch": { label: "Board-set amounts › Fee row 2 › Launch fee ($)", path: "fee.3.launch", id: "fee-3-launch" },
  "surcharge-1-from": { label: "Board-set amounts › Surcharge row 1 › In force from", path: "surcharge.4.from", id: "surcharge-4-from" },
  "surcharge-1-upTo50": { label: "Board-set amounts › Surcharge row 1 › 0–50 units ($)", path: "surcharge.4.upTo50", id: "surcharge-4-upTo50" },
  "surcharge-1-over50": { label: "Board-set amounts › Surcharge row 1 › 51–100 units ($)", path: "surcharge.4.over50UpTo100", id: "surcharge-4-over50" },
  "surcharge-1-perUnit": { label: "Board-set amounts › Surcharge row 1 › Per unit over 100 ($)", path: "surcharge.4.perUnitOver100", id: "surcharge-4-perUnit" },
  "surcharge-2-from": { label: "Board-set amounts › Surcharge row 2 › In force from", path: "surcharge.5.from", id: "surcharge-5-from" },
  "surcharge-2-upTo50": { label: "Board-set amounts › Surcharge row 2 › 0–50 units ($)", path: "surcharge.5.upTo50", id: "surcharge-5-upTo50" },
  "surcharge-2-over50": { label: "Board-set amounts › Surcharge row 2 › 51–100 units ($)", path: "surcharge.5.over50UpTo100", id: "surcharge-5-over50" },
  "surcharge-2-perUnit": { label: "Board-set amounts › Surcharge row 2 › Per unit over 100 ($)", path: "surcharge.5.perUnitOver100", id: "surcharge-5-perUnit" },
  "setting-units-decimals": { label: "Settings › Round pilotage units before the tables (D1)", path: "settings.unitsDecimals", id: "setting-unitsDecimals" },
  "setting-act-date": { label: "Settings › Effective date of the 2015 act (D6)", path: "settings.actEffectiveDate", id: "setting-actEffectiveDate" },
  "setting-clause-vi": { label: "Settings › Start of clause (vi) (D6)", path: "settings.clauseVIStart", id: "setting-clauseVIStart" },
  "setting-recreational": {
    label: "Settings › Board's discretion over recreational vessels (D13)",
    path: "settings.recreationalExemption",
    id: "setting-recreationalExemption",
  },
  "compliance-status": { label: "Compliance › Vessel status", path: "compliance.vesselStatus", id: "compliance-status" },
  "compliance-grt": { label: "Compliance › Gross registered tons", path: "compliance.grossTons", id: "compliance-grt" },
  "compliance-draft": { label: "Compliance › Fully loaded draft (feet)", path: "compliance.loadedDraftFt", id: "compliance-draft" },
  "compliance-recreational": { label: "Compliance › Recreational vessel (46 U.S.C. § 2101)", path: "compliance.recreational", id: "compliance-recreational" },
  "compliance-length": { label: "Compliance › Length (feet)", path: "compliance.lengthFt", id: "compliance-length" },
} as const;

export type PaneFieldName = keyof typeof PANE_FIELDS;

/**
 * The call every task-pane case starts from, complete and valid: a vessel of 600 ft × 80 ft × 40 ft,
 * transit 1 in Section 1 on 2026-06-15 for 8 hours, fee row 1 and surcharge row 1 filled in, fee row 2
 * and surcharge row 2 blank (a blank row is ignored). catalogue.test.ts checks that it quotes with no error.
 */
export const PANE_BASELINE: readonly [PaneFieldName, string][] = [
  ["length-ft", "600"],
  ["breadth-ft", "80"],
  ["depth-ft", "40"],
  ["transit-date", "2026-06-15"],
  ["transit-hours", "8"],
  ["fee-1-from", "2026-01-01"],
  ["fee-1-launch", "310.00"],
  ["fee-1-communication", "45.50"],
  ["fee-1-midriver", "125.25"],
  ["surcharge-1-from", "2020-11-20"],
  ["surcharge-1-upTo50", "300.00"],
  ["surcharge-1-over50", "360.00"],
  ["surcharge-1-perUnit", "3.60"],
];

export interface PaneCase {
  name: string;
  surface: "taskpane";
  /** What the person types or ticks, in order, on top of PANE_BASELINE. */
  entries: [PaneFieldName, string | boolean][];
  /** The fields marked with the message (a measurement in feet and inches marks both). */
  marked: PaneFieldName[];
  /** The message shown at the marked fields. */
  message: string;
}

export type CatalogueCase = FunctionCase | CliCase | PaneCase;

const fn = (name: string, fnId: string, args: Argument[], code: ExcelErrorCode, message: string, cell?: [number, number]): FunctionCase => ({
  name,
  surface: "function",
  function: fnId,
  args,
  ...(cell ? { cell } : {}),
  code,
  message,
});

const cli = (name: string, argv: string[], message: string): CliCase => ({ name, surface: "cli", argv, exitCode: 2, message });

const pane = (name: string, entries: [PaneFieldName, string | boolean][], marked: PaneFieldName | PaneFieldName[], message: string): PaneCase => ({
  name,
  surface: "taskpane",
  entries,
  marked: Array.isArray(marked) ? marked : [marked],
  message,
});

const SECTION_ADVICE = 'use 1 or "Lower" (Yonkers through Hyde Park) or 2 or "Upper" (beyond Hyde Park through Albany or Troy).';
const DATE_ADVICE = "enter an Excel date or text like 2026-12-31 (YYYY-MM-DD).";
/** The command line and the task pane take dates as typed text, never Excel serials. */
const CLI_DATE_ADVICE = "enter a date as YYYY-MM-DD, e.g. 2026-12-31.";
const PANE_DATE_ADVICE = "a date like 2026-12-31 (YYYY-MM-DD).";
const MEASUREMENT_ADVICE = 'write it like 600\' 6", 600 ft 6 in, 600.5 ft, 182.88 m or 7206 in.';
const HOURS_NEGATIVE = "The continuous pilotage hours cannot be negative: enter the expected hours of continuous pilotage, 0 or more.";
const NO_SCHEDULE_2015_06_01 =
  "No § 89-a base pilotage schedule is encoded for 2015-06-01: clause (i) starts 2015-11-20 (assumed effective date of the 2015 act; setting actEffectiveDate). Check the date.";
const NO_SCHEDULE_2014 =
  "No § 89-a base pilotage schedule is encoded for 2014-06-01: clause (i) starts 2015-11-20 (assumed effective date of the 2015 act; setting actEffectiveDate). Check the date.";
const STATUS_ADVICE = 'use "foreign", "registered" (American vessel under register) or "enrolled" (American vessel not under register, coastwise).';
const NOT_SET_BY_6 = "(it names before 1980, 1981–1990, 1991–2000, 2001, 2008, 2010, and 2015)";
/** D23: what a comma that does not group thousands is told. */
const COMMA_ADVICE = "a comma only groups thousands (1,234.5); write a decimal with a point (0.5).";
const ONE_TRANSIT = "HUDSON_QUOTE quotes one transit: give single cells, or use HUDSON_TOTAL for a column of transits.";
/** A valid transit for the CLI cases that go wrong elsewhere. */
const TRANSIT = ["--units", "200", "--section", "1", "--date", "2026-06-15"];

export const CATALOGUE: CatalogueCase[] = [
  // ---- PILOTAGE_UNITS -------------------------------------------------------------------------
  fn("units-length-empty-cell", "PILOTAGE_UNITS", [null, 80, 40], "#VALUE!", "The overall length is blank: enter it in feet (or text such as 182.88 m)."),
  fn("units-breadth-empty-desktop", "PILOTAGE_UNITS", [600, 0, 40], "#VALUE!", "The extreme breadth is blank: enter it in feet (or text such as 182.88 m)."),
  fn("units-thirteen-inches", "PILOTAGE_UNITS", ["600 ft 13 in", 80, 40], "#VALUE!", 'The overall length "600 ft 13 in" has 13 inches: inches after feet must be under 12.'),
  fn(
    "units-length-in-words",
    "PILOTAGE_UNITS",
    ["six hundred", 80, 40],
    "#VALUE!",
    'The overall length "six hundred" is not a measurement: write it like 600\' 6", 600 ft 6 in, 600.5 ft, 182.88 m or 7206 in.',
  ),
  fn("units-length-true", "PILOTAGE_UNITS", [true, 80, 40], "#VALUE!", 'The overall length must be a number or text such as 600\' 6".'),
  fn("units-length-over-2000-ft", "PILOTAGE_UNITS", ["762 m", 80, 40], "#NUM!", "The overall length \"762 m\" (2,500 ft) is over 2,000 ft: check the figure and its unit."),
  fn("units-negative-depth", "PILOTAGE_UNITS", [600, 80, -40], "#NUM!", "The depth must be more than zero, not -40: enter it in feet (or text such as 182.88 m)."),
  fn("units-unknown-unit", "PILOTAGE_UNITS", [600, 80, 40, "yd"], "#VALUE!", 'The unit "yd" is not known: use "ft", "m" or "in".'),
  fn(
    "units-ranges-of-different-sizes",
    "PILOTAGE_UNITS",
    [[[600], [500], [400]], [[80], [70]], 40],
    "#VALUE!",
    "The ranges have different sizes (3×1 and 2×1): give ranges of the same size, or single values.",
  ),

  // ---- HUDSON_BASE_FEE ------------------------------------------------------------------------
  fn(
    "base-units-empty-cell",
    "HUDSON_BASE_FEE",
    [null, 1, "2026-06-15"],
    "#VALUE!",
    "The pilotage units are blank: enter the units, or the word UNMEASURED if the master or agent did not provide the measurements (§ 89-a(4)(d)).",
  ),
  fn("base-units-in-words", "HUDSON_BASE_FEE", ["two hundred", 1, "2026-06-15"], "#VALUE!", 'The pilotage units "two hundred" are not a number: enter the units or UNMEASURED.'),
  fn("base-units-leading-zero-comma", "HUDSON_BASE_FEE", ["0,500", 1, "2026-06-15"], "#VALUE!", `The pilotage units "0,500" are not a number: ${COMMA_ADVICE}`),
  fn("base-units-true", "HUDSON_BASE_FEE", [true, 1, "2026-06-15"], "#VALUE!", "The pilotage units must be a number or UNMEASURED, not TRUE/FALSE."),
  fn("base-units-zero-desktop-empty", "HUDSON_BASE_FEE", [0, 1, "2026-06-15"], "#NUM!", "The pilotage units must be more than zero (an empty cell reads as 0): enter the units."),
  fn("base-units-over-50000", "HUDSON_BASE_FEE", [60000, 1, "2026-06-15"], "#NUM!", "60000 pilotage units is more than any vessel has (over 50,000): check the figure."),
  fn("base-units-1e309-text", "HUDSON_BASE_FEE", ["1e309", 1, "2026-06-15"], "#NUM!", 'The pilotage units "1e309" is too large: check the figure.'),
  fn("base-section-middle", "HUDSON_BASE_FEE", [200, "Middle", "2026-06-15"], "#VALUE!", `The section is "Middle": ${SECTION_ADVICE}`),
  fn("base-section-zero-desktop-empty", "HUDSON_BASE_FEE", [200, 0, "2026-06-15"], "#VALUE!", 'section is blank (0): enter 1 or "Lower", 2 or "Upper".'),
  fn("base-date-serial-60", "HUDSON_BASE_FEE", [200, 1, 60], "#NUM!", "The date is Excel's serial 60, 29 February 1900, a day that never existed: enter a real date."),
  fn("base-date-before-clause-i", "HUDSON_BASE_FEE", [200, 1, "2014-06-01"], "#N/A", NO_SCHEDULE_2014),
  fn("base-date-february-30", "HUDSON_BASE_FEE", [200, 1, "2026-02-30"], "#NUM!", "The date 2026-02-30 does not exist in the calendar (or is before 1900): check the year, month and day."),
  fn("base-date-day-month-year", "HUDSON_BASE_FEE", [200, 1, "15/06/2026"], "#VALUE!", `The date "15/06/2026" is not a date: ${DATE_ADVICE}`),
  fn("base-date-empty-cell", "HUDSON_BASE_FEE", [200, 1, null], "#VALUE!", "date is blank: enter the transit date, an Excel date or text like 2026-12-31."),
  fn("base-date-zero-desktop-empty", "HUDSON_BASE_FEE", [200, 1, 0], "#VALUE!", "date is blank (0): enter the transit date, an Excel date or text like 2026-12-31."),
  fn("base-date-past-9999", "HUDSON_BASE_FEE", [200, 1, 3000000], "#NUM!", "The date 3000000 is outside Excel's dates (1 to 2958465): enter a date such as 2026-12-31."),
  fn("base-date-true", "HUDSON_BASE_FEE", [200, 1, true], "#VALUE!", "The date must be an Excel date or text like 2026-12-31."),
  fn(
    "base-date-on-two-lines",
    "HUDSON_BASE_FEE",
    [200, 1, "2026\n06-15"],
    "#VALUE!",
    `The date "2026 06-15" is not a date: ${DATE_ADVICE}`,
  ),
  fn(
    "base-clause-xiii",
    "HUDSON_BASE_FEE",
    [200, 1, "2026-06-15", "xiii"],
    "#VALUE!",
    'The clause "xiii" is not a clause of § 89-a(4)(b)(1): use i, ii, … xii, or leave it empty to look it up by date.',
  ),
  fn("base-bad-row-in-column", "HUDSON_BASE_FEE", [[[200], ["abc"], [300]], 1, "2026-06-15"], "#VALUE!", 'The pilotage units "abc" are not a number: enter the units or UNMEASURED.', [1, 0]),

  // ---- HUDSON_EXPLAIN, HUDSON_CLAUSE, HUDSON_RATES --------------------------------------------
  fn("explain-section-3", "HUDSON_EXPLAIN", [200, "3", "2026-06-15"], "#VALUE!", `The section is "3": ${SECTION_ADVICE}`),
  fn(
    "clause-day-before-the-act",
    "HUDSON_CLAUSE",
    ["2015-11-19"],
    "#N/A",
    "No § 89-a base pilotage schedule is encoded for 2015-11-19: clause (i) starts 2015-11-20 (assumed effective date of the 2015 act; setting actEffectiveDate). Check the date.",
  ),
  fn("rates-range-of-dates", "HUDSON_RATES", [[["2026-06-15", "2027-01-01"]]], "#VALUE!", "This argument takes a single cell, not a range."),
  fn("rates-empty-cell", "HUDSON_RATES", [null], "#VALUE!", "date is blank: enter the transit date, an Excel date or text like 2026-12-31."),

  // ---- HUDSON_SURCHARGE -----------------------------------------------------------------------
  fn(
    "surcharge-no-board-table",
    "HUDSON_SURCHARGE",
    [200, "2026-06-15"],
    "#N/A",
    "No surcharge board table covers 2026-06-15: from 2020-11-20 the surcharge board sets the surcharge (§ 89-a(4)(b)(1-c)(iii)). Enter the board's table in force on that date: from date, 0–50 units, 51–100 units, per unit over 100.",
  ),
  fn(
    "surcharge-before-the-act",
    "HUDSON_SURCHARGE",
    [200, "2015-06-01"],
    "#N/A",
    "No § 89-a surcharge is encoded for 2015-06-01: subparagraph (1-c) starts 2015-11-20 (assumed effective date of the 2015 act; setting actEffectiveDate). Check the date, or change that setting if the act took effect earlier.",
  ),
  fn(
    "surcharge-board-negative-amount",
    "HUDSON_SURCHARGE",
    [200, "2026-06-15", [["From", "0-50", "51-100", "Per unit"], ["2026-01-01", 300, -360, 3.6]]],
    "#VALUE!",
    "Board surcharge table, row 2: The 51–100 units surcharge cannot be negative: enter the amount in dollars, 0 or more.",
  ),
  fn(
    "surcharge-board-three-columns",
    "HUDSON_SURCHARGE",
    [200, "2026-06-15", [["2026-01-01", 300, 360]]],
    "#VALUE!",
    "Board surcharge table, row 1: needs 4 columns: from date, 0–50 amount, 51–100 amount, per unit over 100.",
  ),
  fn(
    "surcharge-board-date-in-words",
    "HUDSON_SURCHARGE",
    [200, "2026-06-15", [["2026-01-01", 300, 360, 3.6], ["Jan 2027", 310, 370, 3.7]]],
    "#VALUE!",
    `Board surcharge table, row 2: The from date "Jan 2027" is not a date: ${DATE_ADVICE}`,
  ),

  // ---- HUDSON_SECOND_PILOT --------------------------------------------------------------------
  fn(
    "second-base-fee-zero",
    "HUDSON_SECOND_PILOT",
    [0, 12],
    "#NUM!",
    "The base pilotage fee must be more than zero (an empty cell reads as 0): enter the transit's base fee, e.g. =NYPILOT.HUDSON_BASE_FEE(...).",
  ),
  fn("second-base-fee-empty-cell", "HUDSON_SECOND_PILOT", [null, 12], "#VALUE!", "base_fee is blank: enter the base pilotage fee (e.g. =NYPILOT.HUDSON_BASE_FEE(...))."),
  fn("second-base-fee-negative", "HUDSON_SECOND_PILOT", [-5, 12], "#NUM!", "The base pilotage fee cannot be negative: enter the amount in dollars, 0 or more."),
  fn("second-base-fee-1e300", "HUDSON_SECOND_PILOT", [1e300, 12], "#NUM!", "The base pilotage fee 1e+300 is over $1,000,000,000, the most an amount may be (D22): check the figure."),
  fn("second-hours-empty-cell", "HUDSON_SECOND_PILOT", [4316, null], "#VALUE!", "hours is blank: enter the expected hours of continuous pilotage."),
  fn("second-hours-negative", "HUDSON_SECOND_PILOT", [4316, -1], "#NUM!", HOURS_NEGATIVE),
  fn("second-hours-over-ten-days", "HUDSON_SECOND_PILOT", [4316, 300], "#NUM!", "300 hours of continuous pilotage is more than ten days: check the figure."),
  fn("second-hours-in-words", "HUDSON_SECOND_PILOT", [4316, "twelve"], "#VALUE!", 'The continuous pilotage hours "twelve" is not a number.'),
  fn("second-relieved-maybe", "HUDSON_SECOND_PILOT", [4316, 12, "maybe"], "#VALUE!", "The relieved_at_midriver option must be TRUE or FALSE (yes/no)."),

  // ---- HUDSON_TOTAL, HUDSON_QUOTE -------------------------------------------------------------
  fn(
    "total-board-amounts-not-entered",
    "HUDSON_TOTAL",
    [200, 2, "2026-06-15"],
    "#N/A",
    "Not entered for 2026-06-15: surcharge, launch fee, communication fee, mid-river launch fee. Give board_fees (from date | launch | communication | mid-river launch) and, after the statutory surcharge periods, board_surcharge.",
  ),
  fn(
    "total-board-fee-in-words",
    "HUDSON_TOTAL",
    [200, 2, "2026-06-15", OMITTED, OMITTED, OMITTED, [["2026-01-01", "three hundred", 45, 125]]],
    "#VALUE!",
    'Board fees table, row 1: The launch fee "three hundred" is not a number.',
  ),
  fn(
    "total-board-fee-rows-same-date",
    "HUDSON_TOTAL",
    [200, 2, "2026-06-15", OMITTED, OMITTED, OMITTED, [["2026-01-01", 300, 45, 125], ["2026-01-01", 310, 45, 125]]],
    "#VALUE!",
    "Board fees table, row 2: this row is also from 2026-01-01, like row 1: each row applies until the next row's date, so change this date or remove one of the two rows.",
  ),
  fn(
    "surcharge-board-rows-same-date",
    "HUDSON_SURCHARGE",
    [200, "2031-06-15", [["2031-01-01", 300, 360, 3.6], ["2031-01-01", 300, 360, 3.7]]],
    "#VALUE!",
    "Board surcharge table, row 2: this row is also from 2031-01-01, like row 1: each row applies until the next row's date, so change this date or remove one of the two rows.",
  ),
  fn("total-anchored-2", "HUDSON_TOTAL", [200, 2, "2026-06-15", 12, false, 2], "#VALUE!", "The anchored_8_hours option must be TRUE or FALSE (yes/no)."),
  fn("quote-column-of-units", "HUDSON_QUOTE", [[[200], [300]], 2, "2026-06-15"], "#VALUE!", ONE_TRANSIT),
  fn("quote-range-of-hours", "HUDSON_QUOTE", [200, 2, "2026-06-15", [[4], [14]]], "#VALUE!", ONE_TRANSIT),
  fn(
    "quote-card-without-entities",
    "HUDSON_QUOTE_CARD",
    [192.16, 1, "2026-06-15"],
    "#N/A",
    "This Excel cannot show a quote as a card (entity values need CustomFunctionsRuntime 1.4, Microsoft 365): use NYPILOT.HUDSON_QUOTE with the same arguments for the quote as rows.",
  ),

  // ---- HUDSON_PILOT_REQUIRED ------------------------------------------------------------------
  fn("required-status-yacht", "HUDSON_PILOT_REQUIRED", ["yacht", 150, 5], "#VALUE!", `The vessel status is "yacht": ${STATUS_ADVICE}`),
  fn("required-status-empty-cell", "HUDSON_PILOT_REQUIRED", [null, 150, 5], "#VALUE!", `The vessel status is blank: ${STATUS_ADVICE}`),
  fn("required-tons-negative", "HUDSON_PILOT_REQUIRED", ["foreign", -1, 5], "#NUM!", "The gross registered tons must be more than zero (an empty cell reads as 0): enter the vessel's GRT."),
  fn("required-tons-zero", "HUDSON_PILOT_REQUIRED", ["foreign", 0, 5], "#NUM!", "The gross registered tons must be more than zero (an empty cell reads as 0): enter the vessel's GRT."),
  fn("required-tons-over-a-million", "HUDSON_PILOT_REQUIRED", ["foreign", 2000000, 5], "#NUM!", "2000000 gross registered tons is more than any vessel has: check the figure."),
  fn(
    "required-draft-zero-desktop-empty",
    "HUDSON_PILOT_REQUIRED",
    ["foreign", 150, 0],
    "#NUM!",
    "The fully loaded draft must be more than zero feet (an empty cell reads as 0): enter it in feet.",
  ),
  fn("required-length-leading-zero-comma", "HUDSON_PILOT_REQUIRED", ["foreign", 150, 5, OMITTED, true, "0,150"], "#VALUE!", `The length (feet) "0,150" is not a number: ${COMMA_ADVICE}`),
  fn("required-length-over-2000-ft", "HUDSON_PILOT_REQUIRED", ["foreign", 150, 5, OMITTED, true, 2500], "#NUM!", "A length of 2500 ft is over 2,000 ft: check the figure and that it is in feet."),
  fn(
    "required-by-sea-zero",
    "HUDSON_PILOT_REQUIRED",
    ["foreign", 150, 5, 0],
    "#VALUE!",
    'The proceeds by sea option is 0, which is also how Excel passes an empty cell: enter FALSE (or "no") to say no, or leave it out for TRUE.',
  ),

  // ---- Benefits -------------------------------------------------------------------------------
  fn("cap-collected-in-words", "HUDSON_SURCHARGE_CAP", ["lots"], "#VALUE!", 'The Section 2 base pilotage collected "lots" is not a number.'),
  fn("cap-collected-empty-cell", "HUDSON_SURCHARGE_CAP", [null], "#VALUE!", "The Section 2 base pilotage collected is blank: enter a number."),
  fn("contribution-negative-earnings", "HUDSON_RETIREMENT_CONTRIBUTION", [-100], "#NUM!", "The earnings cannot be negative: enter the amount in dollars, 0 or more."),
  fn("contribution-400-digits", "HUDSON_RETIREMENT_CONTRIBUTION", ["1" + "0".repeat(400)], "#NUM!", 'The earnings "100000000000000000000000000000000000000…" is too large: check the figure.'),
  fn(
    "disability-no-insurance-no-years",
    "HUDSON_DISABILITY_BENEFIT",
    [90000, OMITTED, false],
    "#VALUE!",
    "The years of service is 0 or blank (an empty cell reads as 0): without disability insurance the benefit is 10% plus 1.6% for each year of service after the first (§ 89-a(5)); enter the whole years, 1 or more.",
  ),
  fn(
    "disability-half-year",
    "HUDSON_DISABILITY_BENEFIT",
    [90000, 2.5, false],
    "#VALUE!",
    "The years of service must be a whole number of calendar years, not 2.5: count the last calendar year as a full year when more than six months of it were served (§ 89-a(7)(c)), otherwise leave it out.",
  ),
  fn(
    "disability-insurance-zero",
    "HUDSON_DISABILITY_BENEFIT",
    [90000, 10, 0],
    "#VALUE!",
    'The insurance available option is 0, which is also how Excel passes an empty cell: enter FALSE (or "no") to say no, or leave it out for TRUE.',
  ),
  fn("disability-80-years", "HUDSON_DISABILITY_BENEFIT", [90000, 80, false], "#NUM!", "80 years of service is more than a pilot's career: check the figure."),
  fn("disability-negative-years", "HUDSON_DISABILITY_BENEFIT", [90000, -1, false], "#NUM!", "The years of service must be at least 1 (the formula counts each year after the first)."),
  fn("last-year-empty-cell", "HUDSON_LAST_YEAR_COUNTS", [null], "#VALUE!", "The last day of service is blank: enter an Excel date or text like 2026-07-01."),
  fn("last-year-zero-desktop-empty", "HUDSON_LAST_YEAR_COUNTS", [0], "#VALUE!", "The last day of service is blank (0): enter an Excel date or text like 2026-07-01."),
  fn(
    "pension-1980",
    "HUDSON_FIXED_PENSION",
    [1980],
    "#N/A",
    `Retirement in 1980 is not set by § 89-a(6): the text goes from "before nineteen eighty" to "from nineteen eighty-one" ${NOT_SET_BY_6}.`,
  ),
  fn(
    "pension-2013",
    "HUDSON_FIXED_PENSION",
    [2013],
    "#N/A",
    'Retirement in 2013 is not set by § 89-a(6): it names before 1980, 1981–1990, 1991–2000, 2001, 2008, 2010, and 2015; "an active … pilot who retires before two thousand sixteen" is read as one active when the 2015 act took effect (D17).',
  ),
  fn(
    "pension-2020",
    "HUDSON_FIXED_PENSION",
    [2020],
    "#N/A",
    `Retirement in 2020 is not set by § 89-a(6): its last amount is for "an active Hudson River pilot who retires before two thousand sixteen" ${NOT_SET_BY_6}.`,
  ),
  fn("pension-date-serial", "HUDSON_FIXED_PENSION", [40000], "#NUM!", "The retirement year 40000 looks like a date, not a year: enter the year such as 2010 (=YEAR(date) gives it from a date)."),
  fn("pension-half-year", "HUDSON_FIXED_PENSION", [2010.5], "#VALUE!", "The retirement year must be a whole year such as 2010, not 2010.5."),
  fn("pension-1850", "HUDSON_FIXED_PENSION", [1850], "#NUM!", "The retirement year 1850 is before 1900: enter the year such as 2010."),
  fn("benefit-start-month-without-zero", "HUDSON_BENEFIT_START", ["2026-7-1"], "#VALUE!", `The retirement date "2026-7-1" is not a date: ${DATE_ADVICE}`),
  fn("benefit-start-after-9999", "HUDSON_BENEFIT_START", ["9999-12-31"], "#NUM!", "The benefit start date falls outside Excel's dates (1900 to 9999): check the date entered."),
  fn(
    "resignation-mid-month",
    "HUDSON_RESIGNATION_DEADLINE",
    ["2026-07-15"],
    "#VALUE!",
    "Retirement under § 89-a(7)(b) becomes effective on 1 January, 1 April, 1 July or 1 October; 2026-07-15 is not one of them: enter such a date (for example 2026-10-01).",
  ),
  fn("spouse-benefit-dollar-sign", "HUDSON_SPOUSE_BENEFIT", ["$"], "#VALUE!", 'The pilot\'s annual benefit "$" is not a number.'),
  fn("spouse-married-after-death", "HUDSON_SPOUSE_ELIGIBLE", ["2026-05-01", "2026-01-01"], "#NUM!", "The marriage date 2026-05-01 is after the date of death 2026-01-01: check the two dates."),
  fn("spouse-death-zero-desktop-empty", "HUDSON_SPOUSE_ELIGIBLE", ["2020-05-01", 0], "#VALUE!", "The date of death is blank (0): enter an Excel date or text like 2026-07-01."),

  // ---- CLI: hudson-pilotage quote -------------------------------------------------------------
  cli("cli-no-vessel", ["quote", "--section", "1", "--date", "2026-06-15"], "hudson-pilotage quote: Give the vessel one way: --length, --breadth and --depth, or --units, or --unmeasured."),
  cli(
    "cli-units-and-unmeasured",
    ["quote", "--units", "200", "--unmeasured", "--section", "1", "--date", "2026-06-15"],
    "hudson-pilotage quote: Give the vessel one way: --length, --breadth and --depth, or --units, or --unmeasured.",
  ),
  cli("cli-two-measurements", ["quote", "--length", "600", "--breadth", "80", "--section", "1", "--date", "2026-06-15"], "hudson-pilotage quote: Give all three of --length, --breadth and --depth."),
  cli("cli-no-section", ["quote", "--units", "200", "--date", "2026-06-15"], "hudson-pilotage quote: --section is required: 1 (Lower River) or 2 (Upper River)."),
  cli("cli-no-date", ["quote", "--units", "200", "--section", "1"], "hudson-pilotage quote: --date is required: the transit date as YYYY-MM-DD (or 6/15/2026, 6/15/26, 15-Jun-2026)."),
  cli("cli-date-slashes", ["quote", "--units", "200", "--section", "1", "--date", "2026/06/15"], `hudson-pilotage quote: The date "2026/06/15" is not a date: ${CLI_DATE_ADVICE}`),
  cli(
    "cli-date-february-30",
    ["quote", "--units", "200", "--section", "1", "--date", "2026-02-30"],
    "hudson-pilotage quote: The date 2026-02-30 does not exist in the calendar (or is before 1900): check the year, month and day.",
  ),
  cli(
    "cli-date-before-clause-i",
    ["quote", "--units", "200", "--section", "1", "--date", "2014-06-01"],
    `hudson-pilotage quote: ${NO_SCHEDULE_2014}`,
  ),
  cli("cli-date-excel-serial", ["quote", "--units", "200", "--section", "1", "--date", "46188"], `hudson-pilotage quote: The date "46188" is not a date: ${CLI_DATE_ADVICE}`),
  cli("cli-date-empty", ["quote", "--units", "200", "--section", "1", "--date="], "hudson-pilotage quote: --date is given but blank: give its value, or leave --date out."),
  cli("cli-date-on-two-lines", ["quote", "--units", "200", "--section", "1", "--date", "2026\n06-15"], `hudson-pilotage quote: The date "2026 06-15" is not a date: ${CLI_DATE_ADVICE}`),
  cli("cli-section-middle", ["quote", "--units", "200", "--section", "middle", "--date", "2026-06-15"], `hudson-pilotage quote: The section is "middle": ${SECTION_ADVICE}`),
  cli("cli-units-in-words", ["quote", "--units", "abc", "--section", "1", "--date", "2026-06-15"], 'hudson-pilotage quote: The pilotage units "abc" are not a number: enter the units or UNMEASURED.'),
  cli(
    "cli-units-zero",
    ["quote", "--units", "0", "--section", "1", "--date", "2026-06-15"],
    "hudson-pilotage quote: The pilotage units must be more than zero: enter the units.",
  ),
  cli(
    "cli-units-empty",
    ["quote", "--units=", "--section", "1", "--date", "2026-06-15"],
    "hudson-pilotage quote: --units is given but blank: give its value, or leave --units out.",
  ),
  cli(
    "cli-units-negative-without-equals",
    ["quote", "--units", "-5", "--section", "1", "--date", "2026-06-15"],
    "hudson-pilotage quote: The pilotage units must be more than zero: enter the units.",
  ),
  cli("cli-units-minus-one", ["quote", "--units", "-1", "--section", "1", "--date", "2026-06-15"], "hudson-pilotage quote: The pilotage units must be more than zero: enter the units."),
  cli("cli-units-leading-zero-comma", ["quote", "--units", "0,500", "--section", "1", "--date", "2026-06-15"], `hudson-pilotage quote: The pilotage units "0,500" are not a number: ${COMMA_ADVICE}`),
  cli("cli-launch-fee-over-the-bound", ["quote", ...TRANSIT, "--launch-fee", "90071992547409.93"], "hudson-pilotage quote: The launch fee 90071992547409.93 is over $1,000,000,000, the most an amount may be (D22): check the figure."),
  cli("cli-launch-fee-decimal-comma", ["quote", ...TRANSIT, "--launch-fee", "310,5"], `hudson-pilotage quote: The launch fee "310,5" is not a number: ${COMMA_ADVICE}`),
  cli("cli-launch-fee-negative-without-equals", ["quote", ...TRANSIT, "--launch-fee", "-10"], "hudson-pilotage quote: The launch fee cannot be negative: enter the amount in dollars, 0 or more."),
  cli("cli-second-pilot-basis-half", ["quote", ...TRANSIT, "--second-pilot-basis", "half"], 'hudson-pilotage quote: --second-pilot-basis takes "base" or "base-plus-surcharge".'),
  cli(
    "cli-recreational-exemption-short",
    ["compliance", "--status", "registered", "--gross-tons", "500", "--draft", "9", "--recreational", "--length", "250", "--recreational-exemption", "short"],
    'hudson-pilotage compliance: --recreational-exemption takes "any-length" or "under-200-ft".',
  ),
  cli(
    "cli-compliance-recreational-without-length-under-200-ft",
    ["compliance", "--status", "registered", "--gross-tons", "500", "--draft", "9", "--recreational", "--recreational-exemption", "under-200-ft"],
    "hudson-pilotage compliance: The vessel is recreational but its length is blank: enter the length in feet (the board may exempt recreational vessels of less than 200 feet, § 89-a(1)).",
  ),
  cli("cli-compliance-status-unknown", ["compliance", "--status", "cruise", "--gross-tons", "500", "--draft", "9"], 'hudson-pilotage compliance: The vessel status is "cruise": use "foreign", "registered" (American vessel under register) or "enrolled" (American vessel not under register, coastwise).'),
  cli("cli-pension-half-year", ["pension", "--retired", "2010.5"], "hudson-pilotage pension: The retirement year must be a whole year such as 2010, not 2010.5."),
  cli(
    "cli-thirteen-inches",
    ["quote", "--length", "600 ft 13 in", "--breadth", "80", "--depth", "40", "--section", "1", "--date", "2026-06-15"],
    'hudson-pilotage quote: The overall length "600 ft 13 in" has 13 inches: inches after feet must be under 12.',
  ),
  cli(
    "cli-unit-yards",
    ["quote", "--length", "600", "--breadth", "80", "--depth", "40", "--unit", "yd", "--section", "1", "--date", "2026-06-15"],
    'hudson-pilotage quote: The unit "yd" is not known: use "ft", "m" or "in".',
  ),
  cli(
    "cli-breadth-over-400-ft",
    ["quote", "--length", "600", "--breadth", "500", "--depth", "40", "--section", "1", "--date", "2026-06-15"],
    "hudson-pilotage quote: The extreme breadth of 500 ft is over 400 ft: check the figure and its unit.",
  ),
  cli(
    "cli-length-just-over-2000-ft",
    ["quote", "--length", "609.601 m", "--breadth", "80", "--depth", "40", "--section", "1", "--date", "2026-06-15"],
    'hudson-pilotage quote: The overall length "609.601 m" (2,000.003 ft) is over 2,000 ft: check the figure and its unit.',
  ),
  cli(
    "cli-units-1e-400",
    ["quote", "--units", "1e-400", "--section", "1", "--date", "2026-06-15"],
    "hudson-pilotage quote: 1e-400 pilotage units, less than 0.000001, the fewest accepted: no vessel measures so little (1 ft × 1 ft × 1 ft is 0.0001 units): check the figure.",
  ),
  cli(
    "cli-clause-xiii",
    ["quote", ...TRANSIT, "--clause", "xiii"],
    'hudson-pilotage quote: The clause "xiii" is not a clause of § 89-a(4)(b)(1): use i, ii, … xii, or leave it empty to look it up by date.',
  ),
  cli("cli-hours-negative", ["quote", ...TRANSIT, "--hours=-3"], `hudson-pilotage quote: ${HOURS_NEGATIVE}`),
  cli("cli-hours-over-ten-days", ["quote", ...TRANSIT, "--hours", "300"], "hudson-pilotage quote: 300 hours of continuous pilotage is more than ten days: check the figure."),
  cli("cli-launch-fee-negative", ["quote", ...TRANSIT, "--launch-fee=-10"], "hudson-pilotage quote: The launch fee cannot be negative: enter the amount in dollars, 0 or more."),
  cli("cli-launch-fee-in-words", ["quote", ...TRANSIT, "--launch-fee", "free"], 'hudson-pilotage quote: The launch fee "free" is not a number.'),
  cli(
    "cli-board-surcharge-two-amounts",
    ["quote", ...TRANSIT, "--board-surcharge", "300,360"],
    "hudson-pilotage quote: --board-surcharge takes three amounts separated by commas: 0-50 amount, 51-100 amount, per unit over 100 (e.g. 300,360,3.60).",
  ),
  cli("cli-board-surcharge-in-words", ["quote", ...TRANSIT, "--board-surcharge", "300,abc,3.60"], 'hudson-pilotage quote: The 51–100 units surcharge "abc" is not a number.'),
  cli("cli-at-100-sometimes", ["quote", ...TRANSIT, "--at-100", "sometimes"], 'hudson-pilotage quote: --at-100 takes "per-unit" or "flat".'),
  cli("cli-round-units-9", ["quote", ...TRANSIT, "--round-units", "9"], "hudson-pilotage quote: Units rounding (D1) must be a whole number of decimals from 0 to 6, or off."),
  cli("cli-act-effective-date-2014", ["quote", ...TRANSIT, "--act-effective-date", "2014-01-01"], "hudson-pilotage quote: The 2015 act's effective date (D6) must fall in 2015 or 2016."),
  cli(
    "cli-act-effective-date-in-words",
    ["quote", ...TRANSIT, "--act-effective-date", "Nov 2015"],
    `hudson-pilotage quote: The 2015 act effective date "Nov 2015" is not a date: ${CLI_DATE_ADVICE}`,
  ),
  cli("cli-clause-vi-start-2023", ["quote", ...TRANSIT, "--clause-vi-start", "2023-01-01"], "hudson-pilotage quote: Clause (vi) started before clause (vii) (2022-01-01): enter an earlier date."),
  cli("cli-clause-vi-start-2019", ["quote", ...TRANSIT, "--clause-vi-start", "2019-06-01"], "hudson-pilotage quote: Clause (vi) started after clause (v) (2019-11-20): enter a later date."),
  cli("cli-unknown-option", ["quote", ...TRANSIT, "--vessel", "Maersk"], "hudson-pilotage quote: Unknown option '--vessel' (see --help)"),
  cli(
    "cli-positional-argument",
    ["quote", "200", "--section", "1", "--date", "2026-06-15"],
    "hudson-pilotage quote: Unexpected argument '200'. This command does not take positional arguments (see --help)",
  ),
  cli("cli-value-missing", ["quote", "--section", "1", "--date", "2026-06-15", "--units"], "hudson-pilotage quote: Option '--units <value>' argument missing (see --help)"),

  // ---- CLI: the command ----------------------------------------------------------------------
  cli(
    "cli-unknown-command-on-two-lines",
    ["quo\nte", ...TRANSIT],
    'hudson-pilotage: unknown command "quo\\nte"; commands: quote, call, rates, reconcile, batch, compliance, mcp, pension (see --help)',
  ),

  // ---- CLI: hudson-pilotage rates -------------------------------------------------------------
  cli("cli-rates-no-date", ["rates"], "hudson-pilotage rates: --date is required: the date as YYYY-MM-DD."),
  cli(
    "cli-rates-before-clause-i",
    ["rates", "--date", "2015-01-01"],
    "hudson-pilotage rates: No § 89-a base pilotage schedule is encoded for 2015-01-01: clause (i) starts 2015-11-20 (assumed effective date of the 2015 act; setting actEffectiveDate). Check the date.",
  ),
  cli("cli-rates-date-in-words", ["rates", "--date", "tomorrow"], `hudson-pilotage rates: The date "tomorrow" is not a date: ${CLI_DATE_ADVICE}`),

  // ---- Task pane: vessel --------------------------------------------------------------------
  pane("pane-breadth-in-words", [["breadth-ft", "abc"]], "breadth-ft", `The extreme breadth "abc" is not a measurement: ${MEASUREMENT_ADVICE}`),
  pane("pane-length-negative", [["length-ft", "-600"]], "length-ft", "The overall length must be more than zero, not -600: enter it in feet (or text such as 182.88 m)."),
  pane("pane-depth-zero", [["depth-ft", "0"]], "depth-ft", "The depth must be more than zero, not 0: enter it in feet (or text such as 182.88 m)."),
  pane("pane-length-blank", [["length-ft", ""]], "length-ft", "The overall length is blank: enter it in feet (or text such as 182.88 m)."),
  pane(
    "pane-thirteen-inches",
    [["length-in", "13"]],
    ["length-ft", "length-in"],
    'The overall length "600 ft 13 in" has 13 inches: inches after feet must be under 12.',
  ),
  pane("pane-inches-in-words", [["length-in", "six"]], ["length-ft", "length-in"], `The overall length "600 ft six in" is not a measurement: ${MEASUREMENT_ADVICE}`),
  pane("pane-breadth-over-400-ft", [["breadth-ft", "500"]], "breadth-ft", "The extreme breadth of 500 ft is over 400 ft: check the figure and its unit."),
  // The largest measurements the pane takes give 2,000 × 400 × 400 ÷ 10,000 = 32,000 units, under the
  // 50,000-unit limit: a vessel "too large" is caught at the measurement that is.
  pane("pane-depth-over-400-ft", [["depth-ft", "999"]], "depth-ft", "The depth of 999 ft is over 400 ft: check the figure and its unit."),
  pane(
    "pane-metres-depth-blank",
    [["unit", "metres"], ["length-m", "182.88"], ["breadth-m", "24.384"]],
    "depth-m",
    "The depth is blank: enter it in metres (or text such as 600 ft).",
  ),

  pane(
    "pane-metres-breadth-negative",
    [["unit", "metres"], ["length-m", "182.88"], ["breadth-m", "-24.384"], ["depth-m", "12.192"]],
    "breadth-m",
    "The extreme breadth must be more than zero, not -24.384: enter it in metres (or text such as 600 ft).",
  ),

  // ---- Task pane: transit -------------------------------------------------------------------
  pane("pane-date-blank", [["transit-date", ""]], "transit-date", `The date is blank: enter the transit date, ${PANE_DATE_ADVICE}`),
  pane("pane-date-before-the-act", [["transit-date", "2015-06-01"]], "transit-date", NO_SCHEDULE_2015_06_01),
  // 15/06/2026 is read day first, as quote --date reads it (there is no month 15); 03/06/2026 reads two ways.
  pane("pane-date-reads-two-ways", [["transit-date", "03/06/2026"]], "transit-date", `The date "03/06/2026" is not a date: enter ${PANE_DATE_ADVICE}`),
  pane("pane-date-excel-serial", [["transit-date", "46188"]], "transit-date", `The date "46188" is not a date: enter ${PANE_DATE_ADVICE}`),
  pane(
    "pane-date-february-30",
    [["transit-date", "2026-02-30"]],
    "transit-date",
    "The date 2026-02-30 does not exist in the calendar (or is before 1900): check the year, month and day.",
  ),
  pane("pane-hours-negative", [["transit-hours", "-3"]], "transit-hours", HOURS_NEGATIVE),
  pane("pane-hours-in-words", [["transit-hours", "ten"]], "transit-hours", 'The continuous pilotage hours "ten" is not a number.'),
  pane("pane-hours-decimal-comma", [["transit-hours", "10,5"]], "transit-hours", `The continuous pilotage hours "10,5" is not a number: ${COMMA_ADVICE}`),
  pane("pane-hours-over-ten-days", [["transit-hours", "300"]], "transit-hours", "300 hours of continuous pilotage is more than ten days: check the figure."),

  // ---- Task pane: board-set amounts ---------------------------------------------------------
  pane("pane-fee-date-in-words", [["fee-1-from", "Jan 2026"]], "fee-1-from", `The from date "Jan 2026" is not a date: enter ${PANE_DATE_ADVICE}`),
  pane("pane-fee-negative", [["fee-1-launch", "-10"]], "fee-1-launch", "The launch fee cannot be negative: enter the amount in dollars, 0 or more."),
  pane(
    "pane-fee-row-without-date",
    [["fee-2-launch", "320.00"]],
    "fee-2-from",
    `The from date is blank: enter ${PANE_DATE_ADVICE}`,
  ),
  pane(
    "pane-fee-rows-same-date",
    [["fee-2-from", "2026-01-01"], ["fee-2-launch", "320.00"]],
    "fee-2-from",
    "Fee row 2 is also from 2026-01-01, like fee row 1: each row applies until the next row's date, so change this date or remove one of the two rows.",
  ),
  pane(
    "pane-surcharge-rows-same-date",
    [["surcharge-2-from", "2020-11-20"], ["surcharge-2-upTo50", "310"], ["surcharge-2-over50", "370"], ["surcharge-2-perUnit", "3.70"]],
    "surcharge-2-from",
    "Surcharge row 2 is also from 2020-11-20, like surcharge row 1: each row applies until the next row's date, so change this date or remove one of the two rows.",
  ),
  pane("pane-surcharge-amount-blank", [["surcharge-1-perUnit", ""]], "surcharge-1-perUnit", "The per-unit surcharge over 100 units is blank: enter a number."),
  pane("pane-surcharge-amount-1e20", [["surcharge-1-perUnit", "1e20"]], "surcharge-1-perUnit", 'The per-unit surcharge over 100 units "1e20" is too large: check the figure.'),

  // ---- Task pane: settings and the § 89-a(1) check ------------------------------------------
  pane("pane-setting-units-decimals-7", [["setting-units-decimals", "7"]], "setting-units-decimals", "Units rounding (D1) must be a whole number of decimals from 0 to 6, or off."),
  pane("pane-setting-act-date-2017", [["setting-act-date", "2017-01-01"]], "setting-act-date", "The 2015 act's effective date (D6) must fall in 2015 or 2016."),
  pane("pane-setting-clause-vi-in-words", [["setting-clause-vi", "June 2021"]], "setting-clause-vi", `The clause (vi) start date "June 2021" is not a date: enter ${PANE_DATE_ADVICE}`),
  pane(
    "pane-compliance-tons-negative",
    [["compliance-status", "foreign"], ["compliance-grt", "-1"], ["compliance-draft", "7"]],
    "compliance-grt",
    "The gross registered tons must be more than zero: enter the vessel's GRT.",
  ),
  pane(
    "pane-compliance-draft-zero",
    [["compliance-status", "enrolled"], ["compliance-grt", "100"], ["compliance-draft", "0"]],
    "compliance-draft",
    "The fully loaded draft must be more than zero feet: enter it in feet.",
  ),
  pane(
    "pane-compliance-status-blank",
    [["compliance-grt", "100"], ["compliance-draft", "7"]],
    "compliance-status",
    `The vessel status is blank: ${STATUS_ADVICE}`,
  ),
  pane(
    "pane-compliance-recreational-without-length-under-200-ft-setting",
    [["setting-recreational", "under200Ft"], ["compliance-status", "registered"], ["compliance-grt", "500"], ["compliance-draft", "9"], ["compliance-recreational", true]],
    "compliance-length",
    "The vessel is recreational but its length is blank: enter the length in feet (the board may exempt recreational vessels of less than 200 feet, § 89-a(1)).",
  ),
];
