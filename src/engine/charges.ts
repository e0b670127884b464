import Decimal from "decimal.js";
import { addMonthsGcl30, IsoDate } from "./dates";
import { PilotageInputError } from "./errors";
import { PilotageUnits } from "./inputs";
import { formatUsd, Money, toCents } from "./money";
import { BoardFeeCode, BoardFeeDefinition, BOARD_FEES } from "./rates/board-fees";
import { SectionNumber, SECTION_SHORT_NAMES } from "./rates/base-pilotage";
import { BOARD_SURCHARGE_CITATION, STATUTORY_SURCHARGE_PERIODS, SurchargeBands } from "./rates/surcharge";
import { ClauseInForce } from "./schedule";
import { EngineSettings } from "./settings";

export type ChargeCode = "base" | "surcharge" | "second_pilot" | BoardFeeCode;

/** One line of a quote. `amount` is rounded to cents (D14), or null when the user has not entered it. */
export interface ChargeLine {
  code: ChargeCode;
  label: string;
  amount: Decimal | null;
  citation: string;
  note: string;
}

/** § 89-a(4)(d), D2: failure to provide the measurements subjects the vessel to the maximum charge. */
export const UNMEASURED_CITATION = "§ 89-a(4)(d)";
const MAXIMUM_CHARGE_UNITS = new Money(500);

function unitsText(units: Decimal): string {
  return units.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

// ---------------------------------------------------------------------------------------------
// Base pilotage, § 89-a(4)(b)(1)

export type BaseTier = "upTo50Units" | "over50UpTo100Units" | "perUnit";

/** The arithmetic behind a base fee, for notes and HUDSON_EXPLAIN. */
export interface BaseFeeWorking {
  section: SectionNumber;
  clause: ClauseInForce;
  tier: BaseTier;
  /** The units the table was applied to (500 for an unmeasured vessel). */
  unitsCharged: Decimal;
  /** The vessel's own units, or null when unmeasured. */
  vesselUnits: Decimal | null;
  /** Per-unit rate, when the per-unit band applies. */
  rate: Decimal | null;
  /** True when the 500-unit maximum cut the units charged. */
  cappedAtMaximum: boolean;
  amount: Decimal;
}

/**
 * D3, D4: u ≤ 50 → "up to 50" amount; 50 < u < 100 → "more than 50 and up to 100" amount;
 * u ≥ 100 → rate × min(u, 500) ("vessels of 100 pilotage units and over shall pay … per pilotage
 * unit"; "a maximum charge of up to 500 pilotage units"). At exactly 100 the flat amount is used
 * only when the D4 setting asks for it. D2: unmeasured → the charge at 500 units.
 */
export function baseFeeWorking(units: PilotageUnits, section: SectionNumber, clause: ClauseInForce, settings: EngineSettings): BaseFeeWorking {
  const table = clause.rates.sections[section];
  const unitsCharged = units.measured ? units.units : MAXIMUM_CHARGE_UNITS;
  const common = { section, clause, vesselUnits: units.measured ? units.units : null };
  if (unitsCharged.lte(50)) {
    return { ...common, tier: "upTo50Units", unitsCharged, rate: null, cappedAtMaximum: false, amount: new Money(table.upTo50Units) };
  }
  const flatAt100 = unitsCharged.eq(100) && settings.at100Units === "flatAmount";
  if (unitsCharged.lt(100) || flatAt100) {
    return { ...common, tier: "over50UpTo100Units", unitsCharged, rate: null, cappedAtMaximum: false, amount: new Money(table.over50UpTo100Units) };
  }
  const rate = new Money(table.perUnitFrom100Units);
  const cappedAtMaximum = unitsCharged.gt(table.maximumUnits);
  const billedUnits = cappedAtMaximum ? new Money(table.maximumUnits) : unitsCharged;
  return { ...common, tier: "perUnit", unitsCharged: billedUnits, rate, cappedAtMaximum, amount: toCents(rate.times(billedUnits)) };
}

/** "271.43 units ≥ 100: 271.43 × $21.58 = $5,857.46 under § 89-a(4)(b)(1)(xi)" */
export function explainBaseFee(working: BaseFeeWorking): string {
  const citation = working.clause.rates.citation;
  const section = SECTION_SHORT_NAMES[working.section];
  const who = working.vesselUnits === null
    ? `Measurements not provided (${UNMEASURED_CITATION}): charged as 500 units`
    : `${unitsText(working.vesselUnits)} units`;
  switch (working.tier) {
    case "upTo50Units":
      return `${who} ≤ 50: flat ${formatUsd(working.amount)} for ${section} under ${citation}`;
    case "over50UpTo100Units":
      return working.unitsCharged.eq(100)
        ? `${who} = 100: flat ${formatUsd(working.amount)} for ${section} (setting D4 flatAmount) under ${citation}`
        : `${who} > 50 and < 100: flat ${formatUsd(working.amount)} for ${section} under ${citation}`;
    case "perUnit": {
      const cap = working.cappedAtMaximum ? ` (maximum charge of 500 units applies)` : "";
      return `${who} ≥ 100${cap}: ${unitsText(working.unitsCharged)} × ${formatUsd(working.rate as Decimal)} = ${formatUsd(working.amount)} for ${section} under ${citation}`;
    }
  }
}

export function baseFeeLine(working: BaseFeeWorking): ChargeLine {
  const citation = working.vesselUnits === null ? `${working.clause.rates.citation}; ${UNMEASURED_CITATION}` : working.clause.rates.citation;
  return {
    code: "base",
    label: `Base pilotage, ${SECTION_SHORT_NAMES[working.section]}`,
    amount: working.amount,
    citation,
    note: explainBaseFee(working),
  };
}

// ---------------------------------------------------------------------------------------------
// Surcharge, § 89-a(4)(b)(1-c)

/** A surcharge board table row (D8), in force from its date until the next row. */
export interface BoardSurchargeRow extends SurchargeBands {
  from: IsoDate;
}

export interface SurchargeTableOn {
  bands: SurchargeBands;
  citation: string;
  /** "first twelve months (2015-11-20 to 2016-11-19)" or "surcharge board table from 2021-01-01". */
  source: string;
  assumed: boolean;
}

/** D8: the statutory table for the month after the act's effective date, else the board's row in force. */
export function surchargeTableOn(date: IsoDate, boardRows: readonly BoardSurchargeRow[], settings: EngineSettings): SurchargeTableOn {
  const anchor = settings.actEffectiveDate;
  if (date < anchor) {
    throw new PilotageInputError(
      "BEFORE_FIRST_CLAUSE",
      `No § 89-a surcharge is encoded for ${date}: subparagraph (1-c) starts ${anchor} (assumed effective date of the 2015 act; setting actEffectiveDate).`,
      "date",
    );
  }
  for (const period of STATUTORY_SURCHARGE_PERIODS) {
    const first = addMonthsGcl30(anchor, period.fromMonth - 1);
    const afterLast = addMonthsGcl30(anchor, period.throughMonth);
    if (date >= first && date < afterLast) {
      return {
        bands: period,
        citation: period.citation,
        source: `${period.periodWords} after the effective date (from ${first}, assumed from setting actEffectiveDate ${anchor})`,
        assumed: true,
      };
    }
  }
  let inForce: BoardSurchargeRow | null = null;
  for (const row of boardRows) {
    if (row.from <= date && (inForce === null || row.from >= inForce.from)) inForce = row;
  }
  if (inForce === null) {
    throw new PilotageInputError(
      "NO_SURCHARGE_TABLE",
      `No surcharge board table covers ${date}: after the sixtieth month (from ${addMonthsGcl30(anchor, 60)}) the surcharge board sets the surcharge (§ 89-a(4)(b)(1-c)(iii)). ` +
        "Enter the board's rows (from date, 0–50 amount, 51–100 amount, per unit over 100) in the Board rates sheet or with --board-surcharge.",
      "board_surcharge",
    );
  }
  return { bands: inForce, citation: BOARD_SURCHARGE_CITATION, source: `surcharge board table from ${inForce.from}`, assumed: false };
}

/**
 * D7: u ≤ 50 → first amount; 50 < u ≤ 100 → second amount; u > 100 → per-unit amount × u, with
 * no maximum. D2: an unmeasured vessel is charged as 500 units.
 */
export function surchargeLine(units: PilotageUnits, table: SurchargeTableOn): ChargeLine {
  const unitsCharged = units.measured ? units.units : MAXIMUM_CHARGE_UNITS;
  const who = units.measured ? `${unitsText(unitsCharged)} units` : `Measurements not provided (${UNMEASURED_CITATION}): charged as 500 units`;
  let amount: Decimal;
  let working: string;
  if (unitsCharged.lte(50)) {
    amount = new Money(table.bands.upTo50Units);
    working = `${who} in the 0–50 band: ${formatUsd(amount)}`;
  } else if (unitsCharged.lte(100)) {
    amount = new Money(table.bands.over50UpTo100Units);
    working = `${who} in the 51–100 band: ${formatUsd(amount)}`;
  } else {
    const rate = new Money(table.bands.perUnitOver100Units);
    amount = toCents(rate.times(unitsCharged));
    working = `${who} over 100: ${unitsText(unitsCharged)} × ${formatUsd(rate)} = ${formatUsd(amount)}`;
  }
  return {
    code: "surcharge",
    label: "Surcharge (pilots' retirement funding)",
    amount,
    citation: units.measured ? table.citation : `${table.citation}; ${UNMEASURED_CITATION}`,
    note: `${working}; ${table.source}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Second pilot, § 89-a(4)(b)(1-a)

export const SECOND_PILOT_CITATION = "§ 89-a(4)(b)(1-a)";
const SECOND_PILOT_SHARE = new Money("0.5");

export interface SecondPilotCircumstances {
  continuousHours: number | null;
  relievedAtMidRiver: boolean;
  anchoredEightHours: boolean;
}

/**
 * D11: more than ten hours of continuous pilotage → two pilots, fee = regular pilotage fee plus
 * 50% for the second pilot; not when the first pilot is relieved at the mid-river station, nor when
 * the vessel anchors at least eight hours so no pilot exceeds ten hours. The 50% is of the (rounded)
 * base pilotage fee only. Returns null when no hours were given.
 */
export function secondPilotLine(baseFee: Decimal, circumstances: SecondPilotCircumstances): ChargeLine | null {
  const { continuousHours, relievedAtMidRiver, anchoredEightHours } = circumstances;
  if (continuousHours === null) return null;
  const line = { code: "second_pilot" as const, label: "Second pilot (50% of base pilotage)", citation: SECOND_PILOT_CITATION };
  if (continuousHours <= 10) {
    return { ...line, amount: new Money(0), note: `${continuousHours} h of continuous pilotage is not more than 10 h: one pilot.` };
  }
  if (relievedAtMidRiver) {
    return { ...line, amount: new Money(0), note: `${continuousHours} h, but the first pilot is relieved at the mid-river station: no second-pilot fee.` };
  }
  if (anchoredEightHours) {
    return { ...line, amount: new Money(0), note: `${continuousHours} h, but the vessel anchors at least 8 h so no pilot exceeds 10 h: no second pilot.` };
  }
  const amount = toCents(baseFee.times(SECOND_PILOT_SHARE));
  return { ...line, amount, note: `${continuousHours} h > 10 h of continuous pilotage: 50% × ${formatUsd(baseFee)} = ${formatUsd(amount)}.` };
}

// ---------------------------------------------------------------------------------------------
// Board-set fees, § 89-a(4)(b)(1-a)

/** A row of the board's fees (D10), in force from its date; a blank amount is "not entered". */
export interface BoardFeeRow {
  from: IsoDate;
  launch: Decimal | null;
  communication: Decimal | null;
  midriver_launch: Decimal | null;
}

export function boardFeeRowOn(date: IsoDate, rows: readonly BoardFeeRow[]): BoardFeeRow | null {
  let inForce: BoardFeeRow | null = null;
  for (const row of rows) {
    if (row.from <= date && (inForce === null || row.from >= inForce.from)) inForce = row;
  }
  return inForce;
}

export function boardFeeDefinitionsFor(section: SectionNumber): BoardFeeDefinition[] {
  return BOARD_FEES.filter((fee) => fee.sections.includes(section));
}

/** D10: launch and communication on every transit; mid-river launch on Section 2 only; never invented. */
export function boardFeeLines(section: SectionNumber, date: IsoDate, rows: readonly BoardFeeRow[]): ChargeLine[] {
  const inForce = boardFeeRowOn(date, rows);
  return boardFeeDefinitionsFor(section).map((fee) => {
    const amount = inForce ? inForce[fee.code] : null;
    return {
      code: fee.code,
      label: fee.label,
      amount: amount === null ? null : toCents(amount),
      citation: fee.citation,
      note: amount === null
        ? `Not entered: enter the board's ${fee.label.toLowerCase()} in force on ${date} (${fee.purpose}).`
        : `Board amount in force from ${(inForce as BoardFeeRow).from} (${fee.purpose}).`,
    };
  });
}
