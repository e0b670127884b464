import Decimal from "decimal.js";
import { IsoDate } from "./dates";
import { PilotageInputError } from "./errors";
import { SCHEDULE_REASONS } from "./messages";
import { centsOfDecimal, centsOfText, formatUsdCents, memoizedForFrozen, moneyOfCents, textOfCents } from "./exact";
import { PilotageUnits } from "./inputs";
import { formatUsd, toCents } from "./money";
import { BoardFeeCode, BOARD_FEES, boardFeesFor } from "./rates/board-fees";
import { BASE_PILOTAGE_CLAUSES, SectionNumber, SectionRates, SECTION_SHORT_NAMES } from "./rates/base-pilotage";
import { BASE_PILOTAGE_BANDS, SECOND_PILOT_RULE, UNMEASURED_CHARGE } from "./rates/thresholds";
import { ClauseInForce } from "./schedule";
import { ChargeUnits } from "./units";
import { EngineSettings } from "./settings";

export type ChargeCode = "base" | "surcharge" | "second_pilot" | BoardFeeCode;

/**
 * One line of a quote. `amount` is rounded to cents (D14), or null when the user has not entered
 * it; `amountCents` is the same amount in whole cents. `amount` and `note` are made on first use,
 * so a column of 100,000 totals does not build 600,000 Decimals and sentences it never shows.
 */
export interface ChargeLine {
  code: ChargeCode;
  label: string;
  amount: Decimal | null;
  amountCents: number | null;
  citation: string;
  note: string;
}

/** A class rather than an object literal with getters: V8 keeps its instances small and fast. */
class LazyChargeLine implements ChargeLine {
  private noteText: string | undefined;

  constructor(
    readonly code: ChargeCode,
    readonly label: string,
    readonly amountCents: number | null,
    readonly citation: string,
    private readonly explain: () => string,
  ) {}

  get amount(): Decimal | null {
    return this.amountCents === null ? null : moneyOfCents(this.amountCents);
  }

  get note(): string {
    return (this.noteText ??= this.explain());
  }

  toJSON() {
    return { code: this.code, label: this.label, amount: this.amount, amountCents: this.amountCents, citation: this.citation, note: this.note };
  }
}

/** A charge's name in a sentence ("surcharge", a board fee's `what`), as a message lists what is not entered. */
export function chargeInWords(code: ChargeCode): string {
  return CHARGE_WORDS[code];
}
const CHARGE_WORDS: Record<ChargeCode, string> = {
  base: "base pilotage",
  surcharge: "surcharge",
  second_pilot: "second pilot",
  ...(Object.fromEntries(BOARD_FEES.map((fee) => [fee.code, fee.what])) as Record<BoardFeeCode, string>),
};

export function chargeLine(code: ChargeCode, label: string, amountCents: number | null, citation: string, note: () => string): ChargeLine {
  return new LazyChargeLine(code, label, amountCents, citation, note);
}

/** § 89-a(4)(d), D2: failure to provide the measurements subjects the vessel to the maximum charge. */
export const UNMEASURED_CITATION = UNMEASURED_CHARGE.citation;

/** The units every charge of a transit is worked on: its own, or the maximum charge's for a vessel not measured (D2). */
export function chargedUnits(units: PilotageUnits): ChargeUnits {
  return ChargeUnits.of(units, UNMEASURED_CHARGE.units);
}

export function unitsText(units: Decimal): string {
  return units.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** "192.16 units", or the maximum charge for a vessel not measured (D2). */
export function unitsWords(units: PilotageUnits): string {
  return units.measured ? `${unitsText(units.units)} units` : `Measurements not provided (${UNMEASURED_CITATION}): charged as ${UNMEASURED_CHARGE.units} units`;
}

/** The statute's amounts in cents, derived once from the data rows. */
interface SectionCents { upTo50: number; over50UpTo100: number; perUnit: number; maximumUnits: number }
function sectionCentsOf(rates: SectionRates): SectionCents {
  return {
    upTo50: centsOfText(rates.upTo50Units),
    over50UpTo100: centsOfText(rates.over50UpTo100Units),
    perUnit: centsOfText(rates.perUnitFrom100Units),
    maximumUnits: rates.maximumUnits,
  };
}

/** The statute's rows, converted once at load; any other rates object is converted when asked. */
const STATUTE_SECTION_CENTS = new Map<SectionRates, SectionCents>(
  BASE_PILOTAGE_CLAUSES.flatMap((clause) => [1, 2].map((section) => {
    const rates = clause.sections[section as SectionNumber];
    return [rates, sectionCentsOf(rates)] as [SectionRates, SectionCents];
  })),
);

function sectionCents(rates: SectionRates): SectionCents {
  return STATUTE_SECTION_CENTS.get(rates) ?? sectionCentsOf(rates);
}

/** The latest dated row on or before the date. */
export function rowInForce<T extends { from: IsoDate }>(date: IsoDate, rows: readonly T[]): T | null {
  let inForce: T | null = null;
  for (const row of rows) {
    if (row.from <= date && (inForce === null || row.from >= inForce.from)) inForce = row;
  }
  return inForce;
}

// ---------------------------------------------------------------------------------------------
// Base pilotage, § 89-a(4)(b)(1)

export type BaseTier = "upTo50Units" | "over50UpTo100Units" | "perUnit";

/** The arithmetic behind a base fee, for notes and HUDSON_EXPLAIN. */
export interface BaseFeeWorking {
  section: SectionNumber;
  clause: ClauseInForce;
  tier: BaseTier;
  /** The units the table was applied to (500 for an unmeasured vessel, at most the 500 maximum). */
  unitsCharged: Decimal;
  /** The vessel's own units, or null when unmeasured. */
  vesselUnits: Decimal | null;
  /** Per-unit rate, when the per-unit band applies. */
  rate: Decimal | null;
  /** True when the 500-unit maximum cut the units charged. */
  cappedAtMaximum: boolean;
  /** D2: measurements not provided. */
  unmeasured: boolean;
  amount: Decimal;
  amountCents: number;
  /** The figures as the explanation shows them: units to hundredths ("271.43"), money as "$5,857.46". */
  shown(): BaseFeeFiguresShown;
  /** The explanation (explainBaseFee). */
  explanation(): string;
}

export interface BaseFeeFiguresShown {
  unitsCharged: string;
  vesselUnits: string | null;
  rate: string | null;
  amount: string;
  /** Whether the units charged are exactly the per-unit band's threshold (D4). */
  atPerUnitThreshold: boolean;
}

/**
 * unitsText of units held as exact millionths, with no Decimal: half up to hundredths. The
 * quotient of (millionths + 5,000) ÷ 10,000 is at least 10^-4 from the next integer when not one,
 * and doubles below 10^8 are far closer together, so its floor is exact.
 */
function unitsTextOfMillionths(millionths: number): string {
  return textOfCents(Math.floor((millionths + 5_000) / 10_000));
}

function chargeUnitsText(units: ChargeUnits): string {
  return units.millionths !== null ? unitsTextOfMillionths(units.millionths) : unitsText(units.decimal);
}

/**
 * The words of a base fee's explanation that depend only on the clause and the section (the bands, the rate, the section's name, the citation), put together once: a
 * column repeats a few schedules, and each row joins its own figures to these. `measured` words
 * follow the vessel's units; `unmeasured` ones are the whole sentence before the figures.
 */
interface ExplanationWords {
  readonly citation: string;
  readonly section: SectionNumber;
  /** The section's per-unit rate, and " × $21.58 = ", between the units charged and the amount. */
  readonly perUnitCents: number;
  readonly timesRate: string;
  /** " for Section 2, Upper River under § 89-a(4)(b)(1)(xi)", and D4's variant. */
  readonly forSection: string;
  readonly forSectionD4: string;
  readonly measured: TierWords;
  readonly unmeasured: TierWords;
}

/** What comes before a base fee's figures, by the band that applies (baseTierOf). */
interface TierWords {
  readonly upTo50: string;
  readonly over50: string;
  readonly atPerUnitThreshold: string;
  readonly perUnit: string;
  readonly perUnitCapped: string;
}

function explanationWordsOf(clause: ClauseInForce, section: SectionNumber): ExplanationWords {
  const { citation } = clause.rates;
  const sectionName = SECTION_SHORT_NAMES[section];
  const { flatUpTo, perUnitFrom } = BASE_PILOTAGE_BANDS;
  const cap = ` (maximum charge of ${clause.rates.sections[section].maximumUnits} units applies)`;
  // "271.43 units ≥ 100: …", or for a vessel not measured (D2) the maximum charge's words.
  const tierWords = (who: string): TierWords => ({
    upTo50: `${who} ≤ ${flatUpTo.units}: flat `,
    over50: `${who} > ${flatUpTo.units} and < ${perUnitFrom.units}: flat `,
    atPerUnitThreshold: `${who} = ${perUnitFrom.units}: flat `,
    perUnit: `${who} ≥ ${perUnitFrom.units}: `,
    perUnitCapped: `${who} ≥ ${perUnitFrom.units}${cap}: `,
  });
  const perUnitCents = sectionCents(clause.rates.sections[section]).perUnit;
  return {
    citation,
    section,
    perUnitCents,
    timesRate: timesRateWords(perUnitCents),
    forSection: ` for ${sectionName} under ${citation}`,
    forSectionD4: ` for ${sectionName} (setting D4 flatAmount) under ${citation}`,
    measured: tierWords(" units"),
    unmeasured: tierWords(`Measurements not provided (${UNMEASURED_CITATION}): charged as ${UNMEASURED_CHARGE.units} units`),
  };
}

function timesRateWords(rateCents: number): string {
  return ` × ${formatUsdCents(rateCents)} = `;
}

/** The explanation words made so far, by the section's rates (frozen rows): a column's few schedules. */
const EXPLANATION_WORDS = new WeakMap<SectionRates, ExplanationWords>();

function explanationWords(clause: ClauseInForce, section: SectionNumber): ExplanationWords {
  const rates = clause.rates.sections[section];
  let words = EXPLANATION_WORDS.get(rates);
  if (words === undefined || words.citation !== clause.rates.citation || words.section !== section) {
    words = explanationWordsOf(clause, section);
    // Rates that may still change are worded every time.
    if (Object.isFrozen(rates)) EXPLANATION_WORDS.set(rates, words);
  }
  return words;
}

class LazyBaseFeeWorking implements BaseFeeWorking {
  readonly unmeasured: boolean;

  constructor(
    private readonly units: PilotageUnits,
    readonly section: SectionNumber,
    readonly clause: ClauseInForce,
    readonly tier: BaseTier,
    readonly amountCents: number,
    private readonly charged: ChargeUnits,
    private readonly rateCents: number | null,
    readonly cappedAtMaximum: boolean,
  ) {
    this.unmeasured = !units.measured;
  }

  get unitsCharged(): Decimal {
    return this.charged.decimal;
  }

  get vesselUnits(): Decimal | null {
    return this.units.measured ? this.units.units : null;
  }

  get rate(): Decimal | null {
    return this.rateCents === null ? null : moneyOfCents(this.rateCents);
  }

  get amount(): Decimal {
    return moneyOfCents(this.amountCents);
  }

  private vesselUnitsText(): string | null {
    const units = this.units;
    if (!units.measured) return null;
    const millionths = units.millionths;
    return millionths !== undefined && millionths !== null ? unitsTextOfMillionths(millionths) : unitsText(units.units);
  }

  shown(): BaseFeeFiguresShown {
    return {
      unitsCharged: chargeUnitsText(this.charged),
      vesselUnits: this.vesselUnitsText(),
      rate: this.rateCents === null ? null : formatUsdCents(this.rateCents),
      amount: formatUsdCents(this.amountCents),
      atPerUnitThreshold: this.charged.equals(BASE_PILOTAGE_BANDS.perUnitFrom.units),
    };
  }

  /**
   * "271.43 units ≥ 100: 271.43 × $21.58 = $5,857.46 for Section 2, Upper River under § 89-a(4)(b)(1)(xi)":
   * the row's figures (shown()'s) joined to the words of its clause and section (explanationWords).
   */
  explanation(): string {
    const words = explanationWords(this.clause, this.section);
    const vesselUnits = this.vesselUnitsText();
    const before = vesselUnits === null ? "" : vesselUnits;
    const tiers = vesselUnits === null ? words.unmeasured : words.measured;
    const amount = formatUsdCents(this.amountCents);
    switch (this.tier) {
      case "upTo50Units":
        return before + tiers.upTo50 + amount + words.forSection;
      case "over50UpTo100Units":
        return this.charged.equals(BASE_PILOTAGE_BANDS.perUnitFrom.units)
          ? before + tiers.atPerUnitThreshold + amount + words.forSectionD4
          : before + tiers.over50 + amount + words.forSection;
      case "perUnit": {
        // The vessel's own units, not capped, are the units charged: their text is the same.
        const unitsCharged = (this.charged as unknown) === this.units && vesselUnits !== null ? vesselUnits : chargeUnitsText(this.charged);
        const rateCents = this.rateCents as number;
        const timesRate = rateCents === words.perUnitCents ? words.timesRate : timesRateWords(rateCents);
        return before + (this.cappedAtMaximum ? tiers.perUnitCapped : tiers.perUnit) + unitsCharged + timesRate + amount + words.forSection;
      }
    }
  }
}

/**
 * § 89-a(4)(b)(1), D3, D4: up to 50 units → the first amount; more than 50 and less than 100 →
 * the second; 100 units and over → the rate per unit. At exactly 100 the second amount applies
 * only when the D4 setting asks for it.
 */
function baseTierOf(charged: ChargeUnits, settings: EngineSettings): BaseTier {
  const bands = BASE_PILOTAGE_BANDS;
  if (charged.atMost(bands.flatUpTo.units)) return "upTo50Units";
  const atThreshold = charged.equals(bands.perUnitFrom.units);
  if (charged.lessThan(bands.secondFlatBelow.units) || (atThreshold && settings.at100Units === "flatAmount")) return "over50UpTo100Units";
  return "perUnit";
}

/**
 * § 89-a(4)(b)(1): the base fee in whole cents, the per-unit rate on at most the clause's maximum
 * (500) units. D2: an unmeasured vessel is charged at the maximum (`charged` is then 500 units).
 */
export function baseFeeCents(charged: ChargeUnits, section: SectionNumber, clause: ClauseInForce, settings: EngineSettings): number {
  const table = sectionCents(clause.rates.sections[section]);
  switch (baseTierOf(charged, settings)) {
    case "upTo50Units":
      return table.upTo50;
    case "over50UpTo100Units":
      return table.over50UpTo100;
    case "perUnit":
      return charged.cappedAt(table.maximumUnits).timesCents(table.perUnit);
  }
}

/** The arithmetic of the base fee (baseFeeCents), for notes and HUDSON_EXPLAIN. */
export function baseFeeWorking(
  units: PilotageUnits,
  section: SectionNumber,
  clause: ClauseInForce,
  settings: EngineSettings,
  charged: ChargeUnits = chargedUnits(units),
): BaseFeeWorking {
  const table = sectionCents(clause.rates.sections[section]);
  const tier = baseTierOf(charged, settings);
  const amountCents = baseFeeCents(charged, section, clause, settings);
  if (tier !== "perUnit") return new LazyBaseFeeWorking(units, section, clause, tier, amountCents, charged, null, false);
  const onUnits = charged.cappedAt(table.maximumUnits);
  return new LazyBaseFeeWorking(units, section, clause, tier, amountCents, onUnits, table.perUnit, onUnits !== charged);
}

/** "271.43 units ≥ 100: 271.43 × $21.58 = $5,857.46 for Section 2, Upper River under § 89-a(4)(b)(1)(xi)" */
export function explainBaseFee(working: BaseFeeWorking): string {
  return working.explanation();
}

/** The base line's label per section, worded once (a column of quotes shares them). */
const BASE_LINE_LABELS = Object.fromEntries(Object.entries(SECTION_SHORT_NAMES).map(([section, name]) => [section, `Base pilotage, ${name}`])) as Record<SectionNumber, string>;

export function baseFeeLine(working: BaseFeeWorking): ChargeLine {
  const citation = working.unmeasured ? `${working.clause.rates.citation}; ${UNMEASURED_CITATION}` : working.clause.rates.citation;
  return chargeLine("base", BASE_LINE_LABELS[working.section], working.amountCents, citation, () => explainBaseFee(working));
}

// ---------------------------------------------------------------------------------------------
// Second pilot, § 89-a(4)(b)(1-a)

export const SECOND_PILOT_CITATION = SECOND_PILOT_RULE.citation;
/** D11: what the second pilot's percentage is of, as the line's label says it and its note explains it. */
const SECOND_PILOT_BASES: Record<EngineSettings["secondPilotBasis"], { label: string; words: string }> = {
  base: { label: `Second pilot (${SECOND_PILOT_RULE.percent}% of base pilotage)`, words: "" },
  basePlusSurcharge: {
    label: `Second pilot (${SECOND_PILOT_RULE.percent}% of base pilotage plus surcharge)`,
    words: " of base pilotage plus surcharge (setting D11 basePlusSurcharge; (1-c)(iv) deems the surcharge a pilotage fee)",
  },
};

/**
 * D11: the whole cents the second pilot's percentage is of: the rounded base fee, or under the
 * setting basePlusSurcharge the rounded base plus the rounded surcharge (null when the surcharge
 * is not entered, so the second pilot's line is not entered either).
 */
export function secondPilotBasisCents(baseCents: number, surchargeAmountCents: number | null, basis: EngineSettings["secondPilotBasis"]): number | null {
  if (basis === "base") return baseCents;
  return surchargeAmountCents === null ? null : baseCents + surchargeAmountCents;
}

/** (1-a), D21: a relief at the mid-river pilot station counts only on a transit that reaches the station. */
export function reliefAtMidRiverCounts(section: SectionNumber, relievedAtMidRiver: boolean): boolean {
  return relievedAtMidRiver && SECOND_PILOT_RULE.midRiverStationSections.includes(section);
}

export interface SecondPilotCircumstances {
  continuousHours: number | null;
  relievedAtMidRiver: boolean;
  anchoredEightHours: boolean;
}

/** Why a transit pays a second pilot or not (D11), in the statute's order of conditions. */
type SecondPilotCase = "noHoursGiven" | "notMoreThanTenHours" | "relievedAtMidRiver" | "anchored" | "twoPilots";

/**
 * D11, § 89-a(4)(b)(1-a): more than ten hours of continuous pilotage → two pilots, fee = regular
 * pilotage fee plus 50% for the second pilot; not when the first pilot is relieved at the
 * mid-river station, nor when the vessel anchors at least eight hours so no pilot exceeds ten hours.
 */
function secondPilotCase(continuousHours: number | null, relievedAtMidRiver: boolean, anchoredEightHours: boolean): SecondPilotCase {
  if (continuousHours === null) return "noHoursGiven";
  if (continuousHours <= SECOND_PILOT_RULE.moreThanHours) return "notMoreThanTenHours";
  if (relievedAtMidRiver) return "relievedAtMidRiver";
  if (anchoredEightHours) return "anchored";
  return "twoPilots";
}

/**
 * D11: the second pilot's fee in whole cents: the percentage of `basisCents` (the rounded base
 * fee, or under the setting basePlusSurcharge base plus surcharge; null when the surcharge is not
 * entered, and then so is this fee), 0 when one pilot suffices, undefined when no hours are given.
 */
export function secondPilotCents(basisCents: number | null, continuousHours: number | null, relievedAtMidRiver: boolean, anchoredEightHours: boolean): number | null | undefined {
  switch (secondPilotCase(continuousHours, relievedAtMidRiver, anchoredEightHours)) {
    case "noHoursGiven":
      return undefined;
    case "twoPilots":
      return basisCents === null ? null : percentOfCents(basisCents, SECOND_PILOT_RULE.percent);
    default:
      return 0;
  }
}

/**
 * A percentage of whole cents, half up, in integers that stay exact at every amount accepted (D22):
 * (dollars × percent) + (the cents' part × percent + 50) ÷ 100, so no product passes 2^53.
 */
function percentOfCents(cents: number, percent: number): number {
  const dollars = Math.floor(cents / 100);
  return dollars * percent + Math.floor(((cents - dollars * 100) * percent + 50) / 100);
}

/** The second pilot's line (secondPilotCents on the same circumstances), its note made when read; null when no hours were given. */
export function secondPilotLineFromCents(
  basisCents: number | null,
  circumstances: SecondPilotCircumstances,
  basis: EngineSettings["secondPilotBasis"] = "base",
): ChargeLine | null {
  const { continuousHours, relievedAtMidRiver, anchoredEightHours } = circumstances;
  const cents = secondPilotCents(basisCents, continuousHours, relievedAtMidRiver, anchoredEightHours);
  if (cents === undefined) return null;
  const { label } = SECOND_PILOT_BASES[basis];
  return chargeLine("second_pilot", label, cents, SECOND_PILOT_CITATION, () => secondPilotNote(basisCents, circumstances, basis, cents));
}

function secondPilotNote(basisCents: number | null, circumstances: SecondPilotCircumstances, basis: EngineSettings["secondPilotBasis"], cents: number | null): string {
  const { continuousHours, relievedAtMidRiver, anchoredEightHours } = circumstances;
  const { moreThanHours, percent, anchoredHours } = SECOND_PILOT_RULE;
  const { words } = SECOND_PILOT_BASES[basis];
  switch (secondPilotCase(continuousHours, relievedAtMidRiver, anchoredEightHours)) {
    case "noHoursGiven":
      return "";
    case "notMoreThanTenHours":
      return `${continuousHours} h of continuous pilotage is not more than ${moreThanHours} h: one pilot.`;
    case "relievedAtMidRiver":
      return `${continuousHours} h, but the first pilot is relieved at the mid-river station: no second-pilot fee.`;
    case "anchored":
      return `${continuousHours} h, but the vessel anchors at least ${anchoredHours} h so no pilot exceeds ${moreThanHours} h: no second pilot.`;
    case "twoPilots":
      return cents === null || basisCents === null
        ? `Not entered: ${continuousHours} h > ${moreThanHours} h needs a second pilot at ${percent}%${words}, and the surcharge is not entered.`
        : `${continuousHours} h > ${moreThanHours} h of continuous pilotage: ${percent}% × ${formatUsd(moneyOfCents(basisCents))}${words} = ${formatUsd(moneyOfCents(cents))}.`;
  }
}

/** Whole cents of an amount a user typed (HUDSON_SECOND_PILOT), which may carry fractions of a cent. */
function typedCents(amount: Decimal, field: string, what: string): number {
  const cents = centsOfDecimal(toCents(amount));
  if (cents === null) {
    throw new PilotageInputError(SCHEDULE_REASONS.typedAmountTooLarge, { what, amount }, field);
  }
  return cents;
}

/**
 * The same for fees typed by a user (HUDSON_SECOND_PILOT). Under the setting basePlusSurcharge the
 * surcharge is needed; under the default it is not used.
 */
export function secondPilotLine(
  baseFee: Decimal,
  circumstances: SecondPilotCircumstances,
  basis: EngineSettings["secondPilotBasis"] = "base",
  surcharge: Decimal | null = null,
): ChargeLine | null {
  const baseCents = typedCents(baseFee, "base_fee", "base pilotage fee");
  return secondPilotLineOfTypedCents(baseCents, circumstances, basis, basis === "base" || surcharge === null ? null : typedCents(surcharge, "surcharge", "surcharge"));
}

/** secondPilotLine on typed amounts already in whole cents (readBaseFeeCents, readAmountCents); a null surcharge is not given. */
export function secondPilotLineOfTypedCents(
  baseCents: number,
  circumstances: SecondPilotCircumstances,
  basis: EngineSettings["secondPilotBasis"] = "base",
  surchargeCents: number | null = null,
): ChargeLine | null {
  if (basis === "base") return secondPilotLineFromCents(baseCents, circumstances, basis);
  if (surchargeCents === null) {
    throw new PilotageInputError(SCHEDULE_REASONS.surchargeBlank, {}, "surcharge");
  }
  return secondPilotLineFromCents(secondPilotBasisCents(baseCents, surchargeCents, basis), circumstances, basis);
}

// ---------------------------------------------------------------------------------------------
// Board-set fees, § 89-a(4)(b)(1-a)

/** A row of the board's fees (D10), in force from its date; a blank amount is "not entered". */
/**
 * `forThisTransit`: a row given for one transit (the CLI's flags), in force on its date, whose own
 * from-date is not known; the D19–D21 checks treat it as entered for that transit.
 */
export type BoardFeeRow = { from: IsoDate; forThisTransit?: boolean } & { [Code in BoardFeeCode]: Decimal | null };

export function boardFeeRowOn(date: IsoDate, rows: readonly BoardFeeRow[]): BoardFeeRow | null {
  return rowInForce(date, rows);
}

/** The row's amounts in whole cents (D14), worked out once per frozen row. */
export const boardFeeCents = memoizedForFrozen((row: BoardFeeRow): Record<BoardFeeCode, number | null> => {
  const cents = {} as Record<BoardFeeCode, number | null>;
  for (const { code } of BOARD_FEES) {
    const amount = row[code];
    cents[code] = amount === null ? null : toCents(amount).times(100).toNumber();
  }
  return cents;
});

/** The fees a section pays from one row: the sum of those entered, and whether every one is. */
export interface SectionFeeCents { enteredCents: number; allEntered: boolean }

const sectionFeeCents = memoizedForFrozen((row: BoardFeeRow): Record<SectionNumber, SectionFeeCents> => {
  const cents = boardFeeCents(row);
  const ofSection = (section: SectionNumber): SectionFeeCents => {
    let enteredCents = 0;
    let allEntered = true;
    for (const fee of boardFeesFor(section)) {
      const amount = cents[fee.code];
      if (amount === null) allEntered = false;
      else enteredCents += amount;
    }
    return { enteredCents, allEntered };
  };
  return { 1: ofSection(1), 2: ofSection(2) };
});

/** D10: the board's fees a section's transit pays under a row (null: no row in force, none entered). */
export function boardFeesOfSection(section: SectionNumber, row: BoardFeeRow | null): SectionFeeCents {
  return row === null ? NO_FEES_ENTERED : sectionFeeCents(row)[section];
}
const NO_FEES_ENTERED: SectionFeeCents = Object.freeze({ enteredCents: 0, allEntered: false });

/** D10: each board fee on the sections its declaration names; never invented. */
export function boardFeeLines(section: SectionNumber, date: IsoDate, rows: readonly BoardFeeRow[]): readonly ChargeLine[] {
  return boardFeeLinesOf(section, date, rowInForce(date, rows));
}

/**
 * D10: the lines of the fees the section pays, from the board's row in force (null: none entered).
 * The lines of a row that enters every fee the section pays say nothing of the transit's date, so
 * a frozen row's (the board tables' readers freeze theirs) are made once per section and shared by
 * every quote on it; a fee not entered names the date, so such lines are made for each transit.
 */
export function boardFeeLinesOf(section: SectionNumber, date: IsoDate, inForce: BoardFeeRow | null): readonly ChargeLine[] {
  // A row not frozen (the CLI's flags: one transit's) is read for its transit alone.
  const shared = inForce !== null && Object.isFrozen(inForce) ? feeLinesOfRow(inForce)[section] : null;
  return shared ?? feeLinesOf(section, date, inForce);
}

/** A row's lines for each section, frozen; null for a section one of whose fees the row does not enter. */
const feeLinesOfRow = memoizedForFrozen((row: BoardFeeRow): Record<SectionNumber, readonly ChargeLine[] | null> => {
  const cents = boardFeeCents(row);
  const lines = (section: SectionNumber) =>
    // The date goes only into a fee not entered's note: with every fee entered, no date is read.
    boardFeesFor(section).every((fee) => cents[fee.code] !== null) ? Object.freeze(feeLinesOf(section, row.from, row)) : null;
  return { 1: lines(1), 2: lines(2) };
});

function feeLinesOf(section: SectionNumber, date: IsoDate, inForce: BoardFeeRow | null): ChargeLine[] {
  const cents = inForce === null ? null : boardFeeCents(inForce);
  return boardFeesFor(section).map((fee) => {
    const amount = cents === null ? null : cents[fee.code];
    return chargeLine(fee.code, fee.label, amount, fee.citation, () =>
      amount === null
        ? `Not entered: enter the board's ${fee.label.toLowerCase()} in force on ${date} (${fee.purpose}).`
        : `Board amount in force from ${(inForce as BoardFeeRow).from} (${fee.purpose}).`,
    );
  });
}
