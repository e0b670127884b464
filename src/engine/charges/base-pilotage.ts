/**
 * Base pilotage, § 89-a(4)(b)(1), each clause's amounts from rates/base-pilotage.ts:
 *
 *   "All vessels of 100 pilotage units and over shall pay $12.17 per pilotage unit for Section 1,
 *    Lower River … Up to 50 pilotage units … $852.97 / More than 50 and up to 100 pilotage units
 *    … $1217.00 … A maximum charge of up to 500 pilotage units shall be applicable."
 *
 * and § 89-a(4)(d): "Failure to provide the measurements so required shall subject vessel to the
 * maximum pilotage charge." (D2: charged as 500 units.) D3, D4: exactly 100 units pays the
 * per-unit rate unless the setting asks for the flat amount.
 */
import Decimal from "decimal.js";
import { centsOfText, formatUsd, moneyOfCents } from "../money";
import { BASE_PILOTAGE_CLAUSES, SectionNumber, SectionRates, SECTION_SHORT_NAMES } from "../rates/base-pilotage";
import { BASE_PILOTAGE_BANDS, UNMEASURED_CHARGE } from "../rates/thresholds";
import { ClauseInForce } from "../schedule";
import { EngineSettings } from "../settings";
import { ChargeUnits, chargedUnits, compareUnits, PilotageUnits, timesCents, unitsCappedAt, unitsText } from "../units";
import { ChargeLine, chargeLine } from "./line";

export type BaseTier = "upTo50Units" | "over50UpTo100Units" | "perUnit";

/** D3, D4: which of the clause's three amounts applies. */
function baseTierOf(charged: ChargeUnits, settings: EngineSettings): BaseTier {
  const { flatUpTo, secondFlatBelow, perUnitFrom } = BASE_PILOTAGE_BANDS;
  if (compareUnits(charged, flatUpTo.units) <= 0) return "upTo50Units";
  if (compareUnits(charged, secondFlatBelow.units) < 0) return "over50UpTo100Units";
  if (compareUnits(charged, perUnitFrom.units) === 0 && settings.at100Units === "flatAmount") return "over50UpTo100Units";
  return "perUnit";
}

/** The base fee in whole cents: a flat amount, or the per-unit rate on at most the clause's maximum units. */
export function baseFeeCents(charged: ChargeUnits, section: SectionNumber, clause: ClauseInForce, settings: EngineSettings): number {
  const cents = sectionCents(clause.rates.sections[section]);
  switch (baseTierOf(charged, settings)) {
    case "upTo50Units":
      return cents.upTo50;
    case "over50UpTo100Units":
      return cents.over50UpTo100;
    case "perUnit":
      return timesCents(unitsCappedAt(charged, cents.maximumUnits), cents.perUnit);
  }
}

/** A section's amounts in cents. */
interface SectionCents { upTo50: number; over50UpTo100: number; perUnit: number; maximumUnits: number }

function sectionCentsOf(rates: SectionRates): SectionCents {
  return {
    upTo50: centsOfText(rates.upTo50Units),
    over50UpTo100: centsOfText(rates.over50UpTo100Units),
    perUnit: centsOfText(rates.perUnitFrom100Units),
    maximumUnits: rates.maximumUnits,
  };
}

/** The statute's rows in cents, derived when the module loads. */
const STATUTE_SECTION_CENTS = new Map<SectionRates, SectionCents>(
  BASE_PILOTAGE_CLAUSES.flatMap((clause) => [clause.sections[1], clause.sections[2]].map((rates): [SectionRates, SectionCents] => [rates, sectionCentsOf(rates)])),
);

/** A clause's amounts in cents: the statute's from the table, any other rates (a test's) converted here. */
function sectionCents(rates: SectionRates): SectionCents {
  return STATUTE_SECTION_CENTS.get(rates) ?? sectionCentsOf(rates);
}

/** The arithmetic behind a base fee, for its note and HUDSON_EXPLAIN. */
export interface BaseFeeWorking {
  section: SectionNumber;
  clause: ClauseInForce;
  tier: BaseTier;
  /** D2: measurements not provided. */
  readonly unmeasured: boolean;
  /** True when the maximum (500 units) cut the units charged. */
  readonly cappedAtMaximum: boolean;
  amountCents: number;
  /** The units the table was applied to (500 for an unmeasured vessel, at most the maximum). */
  readonly unitsCharged: Decimal;
  /** The vessel's own units, or null when unmeasured. */
  readonly vesselUnits: Decimal | null;
  /** The per-unit rate, when the per-unit band applies. */
  readonly rate: Decimal | null;
  readonly amount: Decimal;
  /** The figures as the explanation shows them: units to hundredths ("271.43"), money as "$5,857.46". */
  shown(): BaseFeeFiguresShown;
}

export interface BaseFeeFiguresShown {
  unitsCharged: string;
  vesselUnits: string | null;
  rate: string | null;
  amount: string;
  /** Whether the units charged are exactly the per-unit band's threshold (D4). */
  atPerUnitThreshold: boolean;
}

/** The working of baseFeeCents on the same units, section, clause and settings. */
export function baseFeeWorking(units: PilotageUnits, section: SectionNumber, clause: ClauseInForce, settings: EngineSettings): BaseFeeWorking {
  const charged = chargedUnits(units);
  const tier = baseTierOf(charged, settings);
  const amountCents = baseFeeCents(charged, section, clause, settings);
  const onUnits = tier === "perUnit" ? unitsCappedAt(charged, clause.rates.sections[section].maximumUnits) : charged;
  const rateCents = tier === "perUnit" ? sectionCents(clause.rates.sections[section]).perUnit : null;
  return new Working(units, charged, onUnits, rateCents, section, clause, tier, amountCents);
}

/** baseFeeWorking's answer: the figures as worked, each Decimal and text made when read. */
class Working implements BaseFeeWorking {
  constructor(
    private readonly units: PilotageUnits,
    private readonly charged: ChargeUnits,
    /** The units the amount is of: the charged units, or the maximum when it cut them. */
    private readonly onUnits: ChargeUnits,
    private readonly rateCents: number | null,
    readonly section: SectionNumber,
    readonly clause: ClauseInForce,
    readonly tier: BaseTier,
    readonly amountCents: number,
  ) {}

  get unmeasured(): boolean {
    return !this.units.measured;
  }

  get cappedAtMaximum(): boolean {
    return this.onUnits !== this.charged;
  }

  get unitsCharged(): Decimal {
    return this.onUnits.decimal;
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

  shown(): BaseFeeFiguresShown {
    const { onUnits, rateCents } = this;
    return {
      unitsCharged: unitsText(onUnits),
      vesselUnits: this.units.measured ? unitsText(this.charged) : null,
      rate: rateCents === null ? null : formatUsd(rateCents),
      amount: formatUsd(this.amountCents),
      atPerUnitThreshold: compareUnits(onUnits, BASE_PILOTAGE_BANDS.perUnitFrom.units) === 0,
    };
  }
}

/**
 * A text joined from its pieces in one piece. A template literal's text is a rope that keeps each
 * piece (and a node for each join) for as long as the text lives, about twice its size: a
 * column of a million explanations held that twice over.
 */
const joined = (...pieces: (string | number | null)[]): string => pieces.join("");

/** "271.43 units ≥ 100: 271.43 × $21.58 = $5,857.46 for Section 2, Upper River under § 89-a(4)(b)(1)(xi)" */
export function explainBaseFee(working: BaseFeeWorking): string {
  const { unitsCharged, vesselUnits, rate, amount, atPerUnitThreshold } = working.shown();
  const who = vesselUnits === null ? `Measurements not provided (${UNMEASURED_CHARGE.citation}): charged as ${UNMEASURED_CHARGE.units} units` : joined(vesselUnits, " units");
  const section = SECTION_SHORT_NAMES[working.section];
  const { citation } = working.clause.rates;
  const maximum = working.clause.rates.sections[working.section].maximumUnits;
  const { flatUpTo, perUnitFrom } = BASE_PILOTAGE_BANDS;
  switch (working.tier) {
    case "upTo50Units":
      return joined(who, " ≤ ", flatUpTo.units, ": flat ", amount, " for ", section, " under ", citation);
    case "over50UpTo100Units":
      return atPerUnitThreshold
        ? joined(who, " = ", perUnitFrom.units, ": flat ", amount, " for ", section, " (setting D4 flatAmount) under ", citation)
        : joined(who, " > ", flatUpTo.units, " and < ", perUnitFrom.units, ": flat ", amount, " for ", section, " under ", citation);
    case "perUnit":
      return working.cappedAtMaximum
        ? joined(who, " ≥ ", perUnitFrom.units, " (maximum charge of ", maximum, " units applies): ", unitsCharged, " × ", rate, " = ", amount, " for ", section, " under ", citation)
        : joined(who, " ≥ ", perUnitFrom.units, ": ", unitsCharged, " × ", rate, " = ", amount, " for ", section, " under ", citation);
  }
}

export function baseFeeLine(working: BaseFeeWorking): ChargeLine {
  const { citation } = working.clause.rates;
  return chargeLine(
    "base",
    `Base pilotage, ${SECTION_SHORT_NAMES[working.section]}`,
    working.amountCents,
    working.unmeasured ? `${citation}; ${UNMEASURED_CHARGE.citation}` : citation,
    () => explainBaseFee(working),
  );
}
