import Decimal from "decimal.js";
import { isPilotageInputError, OrRefusal, PilotageInputError, shownInput } from "./errors";
import { Dimension, LengthUnit, MEASUREMENT_REASONS } from "./messages";
import { Money } from "./money";
import { hasStrayComma, ungroupThousands } from "./number-text";
import { EngineSettings } from "./settings";
import { isBlank } from "./blank";

/** A length unit for plain numbers; text may carry its own unit. */
export type { Dimension, LengthUnit };

/** D1: 1 ft = 0.3048 m exactly; inches are twelfths of a foot. */
const METRES_PER_FOOT = new Money("0.3048");
const INCHES_PER_FOOT = new Money(12);

/** Beyond these a figure is almost certainly a typing error (a length over 2,000 ft, say). */
export const PLAUSIBLE_MAXIMUM_FEET: Record<Dimension, number> = { length: 2000, breadth: 400, depth: 400 };


const NUMBER = String.raw`(\d+(?:\.\d*)?|\.\d+)`;
const FEET_WORD = String.raw`(?:ft|feet|foot|')`;
const INCH_WORD = String.raw`(?:in|inch|inches|")`;
const METRE_WORD = String.raw`(?:m|metre|metres|meter|meters)`;
const FEET_AND_INCHES = new RegExp(String.raw`^${NUMBER}\s*${FEET_WORD}\s*(?:${NUMBER}\s*${INCH_WORD}?)?$`);
const INCHES_ONLY = new RegExp(String.raw`^${NUMBER}\s*${INCH_WORD}$`);
const METRES = new RegExp(String.raw`^${NUMBER}\s*${METRE_WORD}$`);
const PLAIN = new RegExp(String.raw`^${NUMBER}$`);

export function parseLengthUnit(input: unknown): OrRefusal<LengthUnit> {
  if (input === null || input === undefined || input === "") return "ft";
  const text = shownInput(input).toLowerCase();
  if (["ft", "feet", "foot", "'"].includes(text)) return "ft";
  if (["m", "metre", "metres", "meter", "meters"].includes(text)) return "m";
  if (["in", "inch", "inches", '"'].includes(text)) return "in";
  return new PilotageInputError(MEASUREMENT_REASONS.unknownUnit, { input }, "unit");
}

function feetFrom(value: Decimal, unit: LengthUnit): Decimal {
  if (unit === "m") return value.div(METRES_PER_FOOT);
  if (unit === "in") return value.div(INCHES_PER_FOOT);
  return value;
}

/** Text such as `600' 6"`, `600 ft 6 in`, `600.5 ft`, `182.88 m`, `7206 in` or `600` (in `plainUnit`). */
function notPositive(input: unknown, dimension: Dimension, plainUnit: LengthUnit): PilotageInputError {
  return new PilotageInputError(MEASUREMENT_REASONS.notPositive, { dimension, input, plainUnit }, dimension);
}

/** How a text measurement was read: a figure in a unit, with inches after feet. */
interface TextReading {
  amount: Decimal;
  unit: LengthUnit;
  inches: Decimal | null;
}

function feetFromText(raw: string, dimension: Dimension, plainUnit: LengthUnit): OrRefusal<Decimal> {
  const read = readMeasurementText(raw, dimension, plainUnit);
  if (isPilotageInputError(read)) return read;
  return read.inches === null ? feetFrom(read.amount, read.unit) : read.amount.plus(read.inches.div(INCHES_PER_FOOT));
}

const UNIT_WORDS: Record<LengthUnit, string> = { ft: "feet", m: "metres", in: "inches" };

/**
 * How a measurement that reads was read, in words, where it was not in feet alone: "600 inches",
 * "600 ft 6 in", "182.88 metres"; null for feet (a number, 600, 600 ft or 600').
 */
export function measurementReadAs(input: unknown, dimension: Dimension, plainUnit: LengthUnit = "ft"): string | null {
  if (typeof input === "number") return plainUnit === "ft" ? null : `${input} ${UNIT_WORDS[plainUnit]}`;
  const read = readMeasurementText(shownInput(input), dimension, plainUnit);
  // Asked only of a measurement measurementInFeet has read: a refusal here is a bug.
  if (isPilotageInputError(read)) throw read;
  if (read.inches !== null) return `${read.amount.toString()} ft ${read.inches.toString()} in`;
  return read.unit === "ft" ? null : `${read.amount.toString()} ${UNIT_WORDS[read.unit]}`;
}

function readMeasurementText(raw: string, dimension: Dimension, plainUnit: LengthUnit): OrRefusal<TextReading> {
  const text = ungroupThousands(raw
    .trim()
    .toLowerCase()
    .replace(/[′’‘`]/g, "'")
    .replace(/[″“”]|''/g, '"'))
    .replace(/\b(ft|in|m)\.(?=\s|\d|$)/g, "$1");
  let match = PLAIN.exec(text);
  if (match) return { amount: new Money(match[1]), unit: plainUnit, inches: null };
  match = FEET_AND_INCHES.exec(text);
  if (match) {
    if (match[2] === undefined) return { amount: new Money(match[1]), unit: "ft", inches: null };
    const inches = new Money(match[2]);
    if (inches.gte(INCHES_PER_FOOT)) {
      return new PilotageInputError(MEASUREMENT_REASONS.inchesOver12, { dimension, input: raw, inches }, dimension);
    }
    return { amount: new Money(match[1]), unit: "ft", inches };
  }
  match = INCHES_ONLY.exec(text);
  if (match) return { amount: new Money(match[1]), unit: "in", inches: null };
  match = METRES.exec(text);
  if (match) return { amount: new Money(match[1]), unit: "m", inches: null };
  // A minus sign before a measurement: say what is wrong with it, not how measurements are written.
  if (/^[-−–]\s*\.?\d/.test(text)) return notPositive(raw, dimension, plainUnit);
  if (hasStrayComma(text)) return new PilotageInputError(MEASUREMENT_REASONS.strayComma, { dimension, input: raw }, dimension);
  return new PilotageInputError(MEASUREMENT_REASONS.notAMeasurement, { dimension, input: raw }, dimension);
}

/** One of the three measurements of § 89-a(4)(b)(2), (c), in feet. */
export function measurementInFeet(input: unknown, dimension: Dimension, plainUnit: LengthUnit = "ft"): OrRefusal<Decimal> {
  let feet: Decimal;
  if (isBlank(input)) {
    return new PilotageInputError(MEASUREMENT_REASONS.blank, { dimension, plainUnit }, dimension);
  } else if (typeof input === "number") {
    if (!Number.isFinite(input)) return new PilotageInputError(MEASUREMENT_REASONS.notFinite, { dimension }, dimension);
    // The refusal below, before any Decimal is made (a unit's conversion keeps the sign; -0 is not more than zero).
    if (input <= 0) return notPositive(input, dimension, plainUnit);
    feet = feetFrom(new Money(input), plainUnit);
  } else if (typeof input === "string") {
    const read = feetFromText(input, dimension, plainUnit);
    if (isPilotageInputError(read)) return read;
    feet = read;
  } else {
    return new PilotageInputError(MEASUREMENT_REASONS.notNumberOrText, { dimension }, dimension);
  }
  if (feet.lte(0)) return notPositive(input, dimension, plainUnit);
  if (feet.gt(PLAUSIBLE_MAXIMUM_FEET[dimension])) {
    return new PilotageInputError(MEASUREMENT_REASONS.implausible, { dimension, input, feet, maximum: PLAUSIBLE_MAXIMUM_FEET[dimension], plainUnit }, dimension);
  }
  return feet;
}

/**
 * § 89-a(4)(b)(2): overall length × extreme breadth × depth to the uppermost continuous deck
 * ÷ 10,000. Not rounded unless the D1 setting asks for it.
 */
export function pilotageUnitsFromFeet(lengthFt: Decimal, breadthFt: Decimal, depthFt: Decimal, settings: EngineSettings): Decimal {
  const units = lengthFt.times(breadthFt).times(depthFt).div(10_000);
  return settings.unitsDecimals === null ? units : units.toDecimalPlaces(settings.unitsDecimals, Decimal.ROUND_HALF_UP);
}

/** The three measurements as typed, in feet, or the first refusal (length, breadth, depth). */
export function measurementsInFeet(length: unknown, breadth: unknown, depth: unknown, plainUnit: LengthUnit = "ft"): OrRefusal<Record<Dimension, Decimal>> {
  const lengthFt = measurementInFeet(length, "length", plainUnit);
  if (isPilotageInputError(lengthFt)) return lengthFt;
  const breadthFt = measurementInFeet(breadth, "breadth", plainUnit);
  if (isPilotageInputError(breadthFt)) return breadthFt;
  const depthFt = measurementInFeet(depth, "depth", plainUnit);
  if (isPilotageInputError(depthFt)) return depthFt;
  return { length: lengthFt, breadth: breadthFt, depth: depthFt };
}

/** The units of three measurements as typed, or the first refusal (length, breadth, depth). */
export function pilotageUnitsFromMeasurements(
  length: unknown,
  breadth: unknown,
  depth: unknown,
  settings: EngineSettings,
  plainUnit: LengthUnit = "ft",
): OrRefusal<Decimal> {
  const feet = measurementsInFeet(length, breadth, depth, plainUnit);
  return isPilotageInputError(feet) ? feet : pilotageUnitsFromFeet(feet.length, feet.breadth, feet.depth, settings);
}

/**
 * Plain feet (isPlainFeet) typed as a number of at most two decimals, as whole hundredths (null
 * otherwise): two-decimal numbers are 0.01 apart and doubles up to 2,000 far closer, so the
 * hundredths that read back as the number are the decimal it stands for.
 */
function plainHundredthsOfFeet(input: number): number | null {
  const hundredths = Math.round(input * 100);
  return hundredths / 100 === input ? hundredths : null;
}

/** A plain number of feet: more than zero, within the plausible maximum (what measurementInFeet accepts as it is, in feet). */
function isPlainFeet(input: unknown, dimension: Dimension): input is number {
  return typeof input === "number" && input > 0 && input <= PLAUSIBLE_MAXIMUM_FEET[dimension];
}

/**
 * The units of three plain numbers of feet of at most two decimals each (the usual cells), with
 * no Decimal made (D1 not rounding); null for anything else. They multiply as whole hundredths, an
 * exact integer (at most 2,000 × 400 × 400 × 10^6 < 2^53) divided once, so correctly rounded.
 */
function unitsNumberOfPlainMeasurements(length: unknown, breadth: unknown, depth: unknown, settings: EngineSettings, plainUnit: LengthUnit): number | null {
  if (plainUnit !== "ft" || settings.unitsDecimals !== null || !isPlainFeet(length, "length") || !isPlainFeet(breadth, "breadth") || !isPlainFeet(depth, "depth")) {
    return null;
  }
  const l = plainHundredthsOfFeet(length);
  const b = plainHundredthsOfFeet(breadth);
  const d = plainHundredthsOfFeet(depth);
  if (l === null || b === null || d === null) return null;
  // (l/100 × b/100 × d/100) ÷ 10,000 = l × b × d ÷ 10^10.
  return (l * b * d) / 1e10;
}

/**
 * pilotageUnitsFromMeasurements as the number a cell shows: the double nearest the exact units,
 * or the first refusal (length, breadth, depth). Plain feet of two decimals with no Decimal made;
 * anything else (text, metres, more decimals, D1 rounding) through pilotageUnitsFromMeasurements.
 */
export function pilotageUnitsNumber(
  length: unknown,
  breadth: unknown,
  depth: unknown,
  settings: EngineSettings,
  plainUnit: LengthUnit = "ft",
): OrRefusal<number> {
  const plain = unitsNumberOfPlainMeasurements(length, breadth, depth, settings, plainUnit);
  if (plain !== null) return plain;
  const units = pilotageUnitsFromMeasurements(length, breadth, depth, settings, plainUnit);
  return isPilotageInputError(units) ? units : units.toNumber();
}
