/**
 * The second pilot, § 89-a(4)(b)(1-a):
 *
 *   "In the event a vessel transiting the Hudson River requires a continuous pilotage of more than
 *    ten hours, two pilots shall be assigned at the beginning of such transit, and the fee shall be
 *    the regular pilotage fee plus fifty percent for the second pilot. The fee for the second pilot
 *    shall not apply when the first pilot is discharged at the mid-river pilot station and relieved
 *    at such station by a second pilot. A second pilot shall not be required when the vessel anchors
 *    for a minimum of eight hours such that the transit does not require a continuous pilotage of
 *    more than ten hours by one pilot."
 *
 * D11: the fifty percent is of the rounded base pilotage fee, or under the setting basePlusSurcharge
 * of base plus surcharge ((1-c)(iv) deems the surcharge a pilotage fee). D21: the mid-river station
 * is reached only in Section 2. The hours, percent and sections are rates/thresholds.ts's.
 */
import { OrRefusal, PilotageInputError } from "../errors";
import { SCHEDULE_REASONS } from "../messages";
import { formatUsd } from "../money";
import { SectionNumber } from "../rates/base-pilotage";
import { SECOND_PILOT_RULE } from "../rates/thresholds";
import { EngineSettings } from "../settings";
import { ChargeLine, chargeLine } from "./line";

export interface SecondPilotCircumstances {
  continuousHours: number | null;
  relievedAtMidRiver: boolean;
  anchoredEightHours: boolean;
}

/** Why a transit pays a second pilot or not, in the statute's order of conditions. */
type SecondPilotCase = "noHoursGiven" | "notMoreThanTenHours" | "relievedAtMidRiver" | "anchored" | "twoPilots";

function secondPilotCase({ continuousHours, relievedAtMidRiver, anchoredEightHours }: SecondPilotCircumstances): SecondPilotCase {
  if (continuousHours === null) return "noHoursGiven";
  if (continuousHours <= SECOND_PILOT_RULE.moreThanHours) return "notMoreThanTenHours";
  if (relievedAtMidRiver) return "relievedAtMidRiver";
  if (anchoredEightHours) return "anchored";
  return "twoPilots";
}

/**
 * The second pilot's fee in whole cents: the percentage of `basisCents` (null when the basis is
 * not entered, and then neither is this fee), 0 when one pilot suffices, undefined when no hours
 * are given.
 */
export function secondPilotCents(basisCents: number | null, circumstances: SecondPilotCircumstances): number | null | undefined {
  switch (secondPilotCase(circumstances)) {
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

/** D11: the whole cents the percentage is of; null when the basis needs the surcharge and it is not entered. */
export function secondPilotBasisCents(baseCents: number, surchargeCents: number | null, basis: EngineSettings["secondPilotBasis"]): number | null {
  if (basis === "base") return baseCents;
  return surchargeCents === null ? null : baseCents + surchargeCents;
}

/** D21: a relief at the mid-river pilot station counts only on a transit that reaches the station. */
export function reliefAtMidRiverCounts(section: SectionNumber, relievedAtMidRiver: boolean): boolean {
  return relievedAtMidRiver && SECOND_PILOT_RULE.midRiverStationSections.includes(section);
}

/** D11: the line's label and the words its note adds after the percentage. */
const SECOND_PILOT_BASES: Record<EngineSettings["secondPilotBasis"], { label: string; words: string }> = {
  base: { label: `Second pilot (${SECOND_PILOT_RULE.percent}% of base pilotage)`, words: "" },
  basePlusSurcharge: {
    label: `Second pilot (${SECOND_PILOT_RULE.percent}% of base pilotage plus surcharge)`,
    words: " of base pilotage plus surcharge (setting D11 basePlusSurcharge; (1-c)(iv) deems the surcharge a pilotage fee)",
  },
};

/** The second pilot's line (secondPilotCents on the same basis and circumstances); null when no hours were given. */
export function secondPilotLine(basisCents: number | null, circumstances: SecondPilotCircumstances, basis: EngineSettings["secondPilotBasis"] = "base"): ChargeLine | null {
  const cents = secondPilotCents(basisCents, circumstances);
  if (cents === undefined) return null;
  return chargeLine("second_pilot", SECOND_PILOT_BASES[basis].label, cents, SECOND_PILOT_RULE.citation, () => secondPilotNote(basisCents, circumstances, basis, cents));
}

function secondPilotNote(basisCents: number | null, circumstances: SecondPilotCircumstances, basis: EngineSettings["secondPilotBasis"], cents: number | null): string {
  const hours = circumstances.continuousHours;
  const { moreThanHours, percent, anchoredHours } = SECOND_PILOT_RULE;
  const { words } = SECOND_PILOT_BASES[basis];
  switch (secondPilotCase(circumstances)) {
    case "noHoursGiven":
      return "";
    case "notMoreThanTenHours":
      return `${hours} h of continuous pilotage is not more than ${moreThanHours} h: one pilot.`;
    case "relievedAtMidRiver":
      return `${hours} h, but the first pilot is relieved at the mid-river station: no second-pilot fee.`;
    case "anchored":
      return `${hours} h, but the vessel anchors at least ${anchoredHours} h, entered as leaving no pilot more than ${moreThanHours} h of continuous pilotage (the anchorage exception): no second pilot.`;
    case "twoPilots":
      return cents === null || basisCents === null
        ? `Not entered: ${hours} h > ${moreThanHours} h needs a second pilot at ${percent}%${words}, and the surcharge is not entered.`
        : `${hours} h > ${moreThanHours} h of continuous pilotage: ${percent}% × ${formatUsd(basisCents)}${words} = ${formatUsd(cents)}.`;
  }
}

/**
 * The second pilot's line on fees a user typed, in whole cents (HUDSON_SECOND_PILOT): the surcharge
 * is needed under the setting basePlusSurcharge (null: not given), and unused under the default.
 */
export function secondPilotLineOfTypedCents(
  baseCents: number,
  circumstances: SecondPilotCircumstances,
  basis: EngineSettings["secondPilotBasis"] = "base",
  surchargeCents: number | null = null,
): OrRefusal<ChargeLine | null> {
  if (basis === "basePlusSurcharge" && surchargeCents === null) return new PilotageInputError(SCHEDULE_REASONS.surchargeBlank, {}, "surcharge");
  return secondPilotLine(secondPilotBasisCents(baseCents, surchargeCents, basis), circumstances, basis);
}
