/**
 * Pilotage units from the three measurements (§ 89-a(4)(b)(2), (c), D1), with a remark on a shape
 * no hull has: an overall length less than the extreme breadth, or a depth more than the breadth
 * (and so, with the length at least the breadth, more than either). Such a vessel is computed as
 * read, with a warning naming how each figure was read: `--length "600''"` is 600 inches, 50 ft,
 * beside a breadth of 80 ft.
 */
import Decimal from "decimal.js";
import { isPilotageInputError, OrRefusal, shownInput } from "./errors";
import { MINIMUM_UNITS, unitsBelowMinimum } from "./inputs";
import { PilotageUnits } from "./units";
import { Dimension, DIMENSION_WORDS, LengthUnit } from "./messages";
import { measurementReadAs, measurementsInFeet, pilotageUnitsFromFeet } from "./measure";
import { EngineSettings } from "./settings";

/** Measured units, with the shape's warning when the figures make no hull. */
export type MeasuredUnits = Extract<PilotageUnits, { measured: true }> & { shapeWarning?: string };

const MEASUREMENTS_CITATION = "§ 89-a(4)(b)(2), (c)";

/** "the overall length, 50 ft ("600''" read as 600 inches)". */
function figure(dimension: Dimension, input: unknown, feet: Decimal, plainUnit: LengthUnit): string {
  const readAs = measurementReadAs(input, dimension, plainUnit);
  const inFeet = `${feet.toDecimalPlaces(2).toString()} ft`;
  const typed = typeof input === "number" ? String(input) : `"${shownInput(input)}"`;
  return `the ${DIMENSION_WORDS[dimension]}, ${inFeet}${readAs === null ? "" : ` (${typed} read as ${readAs})`}`;
}

/** The warning for an implausible shape, or null. */
export function shapeWarning(typed: Record<Dimension, unknown>, feet: Record<Dimension, Decimal>, plainUnit: LengthUnit): string | null {
  const shown = (dimension: Dimension) => figure(dimension, typed[dimension], feet[dimension], plainUnit);
  const remarks: string[] = [];
  if (feet.length.lt(feet.breadth)) remarks.push(`${shown("length")}, is less than ${shown("breadth")}`);
  if (feet.depth.gt(feet.breadth)) {
    const larger = feet.depth.gt(feet.length) && !feet.length.lt(feet.breadth) ? " and the overall length" : "";
    remarks.push(`${shown("depth")}, is more than ${remarks.length > 0 ? "the extreme breadth" : shown("breadth")}${larger}`);
  }
  if (remarks.length === 0) return null;
  return (
    `The vessel's shape is implausible: ${remarks.join("; ")}. The units are worked from the figures as read: ` +
    `check the measurements and their units (feet are written 600' or 600 ft, inches 6" or 6 in; ${MEASUREMENTS_CITATION}).`
  );
}

/**
 * The units of three measurements as typed (a number in `plainUnit`, or text with its unit), read
 * by measurementsInFeet (whose refusal says what to fix), refused below MINIMUM_UNITS, with the
 * shape's warning.
 */
export function measuredUnits(length: unknown, breadth: unknown, depth: unknown, settings: EngineSettings, plainUnit: LengthUnit = "ft"): OrRefusal<MeasuredUnits> {
  const feet = measurementsInFeet(length, breadth, depth, plainUnit);
  if (isPilotageInputError(feet)) return feet;
  const units = pilotageUnitsFromFeet(feet.length, feet.breadth, feet.depth, settings);
  if (units.lt(MINIMUM_UNITS)) return unitsBelowMinimum(units, "units", true);
  const warning = shapeWarning({ length, breadth, depth }, feet, plainUnit);
  return warning === null ? { measured: true, units } : { measured: true, units, shapeWarning: warning };
}
