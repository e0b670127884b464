import { addMonthsGcl30, IsoDate } from "./dates";
import { PilotageInputError, shownInput } from "./errors";
import { SCHEDULE_REASONS } from "./messages";
import { BASE_PILOTAGE_CLAUSES, BaseRateClause, ClauseId } from "./rates/base-pilotage";
import { EngineSettings } from "./settings";

/** The base-rate clause that governs a transit, with how sure we are of its start (D6). */
export interface ClauseInForce {
  rates: BaseRateClause;
  /** null when the clause was named by the user and its start date is unknown. */
  startsOn: IsoDate | null;
  /** True when the start date rests on a setting rather than the statute's own words. */
  startAssumed: boolean;
  /** Why the start is assumed, or that another clause may apply. Shared and frozen: copy to add. */
  warnings: readonly string[];
}

/** D6: the start date of a clause under the given settings, or null if unknown. */
export function clauseStartDate(clause: BaseRateClause, settings: EngineSettings): IsoDate | null {
  switch (clause.startsOn.kind) {
    case "onDate":
      return clause.startsOn.date;
    case "monthsAfterActEffectiveDate":
      return addMonthsGcl30(settings.actEffectiveDate, clause.startsOn.months);
    case "clauseVIStartSetting":
      return settings.clauseVIStart;
  }
}

function assumedStartWarning(clause: BaseRateClause, startsOn: IsoDate, settings: EngineSettings): string | null {
  switch (clause.startsOn.kind) {
    case "onDate":
      return null;
    case "monthsAfterActEffectiveDate":
      return (
        `Assumed: clause (${clause.clause}) in force from ${startsOn} (${clause.startWords}), ` +
        `taking ${settings.actEffectiveDate} as the 2015 act's effective date (setting actEffectiveDate, D6).`
      );
    case "clauseVIStartSetting":
      return `Assumed: clause (vi) in force from ${startsOn} (setting clauseVIStart, D6).`;
  }
}

/** The latest clause the statute has, for messages: "xii". */
const LAST_CLAUSE = BASE_PILOTAGE_CLAUSES[BASE_PILOTAGE_CLAUSES.length - 1].clause;

export function parseClauseId(input: unknown, field = "clause"): ClauseId {
  const text = shownInput(input ?? "").toLowerCase().replace(/^\(|\)$/g, "");
  const found = BASE_PILOTAGE_CLAUSES.find((c) => c.clause === text);
  if (!found) {
    throw new PilotageInputError(SCHEDULE_REASONS.unknownClause, { field, input, lastClause: LAST_CLAUSE }, field);
  }
  return found.clause;
}

const CLAUSE_VI_MAY_APPLY =
  "Clause (vi) may apply: it began on the thirtieth day after an act not identified here (before 2022). " +
  "If you know that date, set clauseVIStart (D6); until then clause (v) is used.";

interface DatedClause { startsOn: IsoDate; inForce: ClauseInForce; /** clause (v) with clause (vi)'s start unknown: any of its days may be (vi)'s */ inForceWithVIWarning: ClauseInForce | null }
const timelineCache = new Map<string, DatedClause[]>();

/**
 * The clauses in start order under the settings' anchors, worked out once per pair of anchors, and
 * the clause in force on each date asked about under them (a column of quotes repeats its dates,
 * and a date's lookup compares it with every later clause's start).
 */
let lastTimeline: { actEffectiveDate: IsoDate; clauseVIStart: IsoDate | null; timeline: DatedClause[]; inForceOn: Map<IsoDate, ClauseInForce> } | null = null;

/** The most dates whose clause one pair of anchors keeps (a few thousand days in practice). */
const MAXIMUM_DATES_KEPT = 20_000;

function clauseTimeline(settings: EngineSettings): { timeline: DatedClause[]; inForceOn: Map<IsoDate, ClauseInForce> } {
  if (lastTimeline !== null && lastTimeline.actEffectiveDate === settings.actEffectiveDate && lastTimeline.clauseVIStart === settings.clauseVIStart) {
    return lastTimeline;
  }
  lastTimeline = { actEffectiveDate: settings.actEffectiveDate, clauseVIStart: settings.clauseVIStart, timeline: timelineFor(settings), inForceOn: new Map() };
  return lastTimeline;
}

function timelineFor(settings: EngineSettings): DatedClause[] {
  const key = `${settings.actEffectiveDate}|${settings.clauseVIStart ?? ""}`;
  let timeline = timelineCache.get(key);
  if (!timeline) {
    timeline = [];
    for (const rates of BASE_PILOTAGE_CLAUSES) {
      const startsOn = clauseStartDate(rates, settings);
      if (startsOn === null) continue;
      const assumed = assumedStartWarning(rates, startsOn, settings);
      const warnings = Object.freeze(assumed ? [assumed] : []);
      const inForce: ClauseInForce = { rates, startsOn, startAssumed: assumed !== null, warnings };
      const inForceWithVIWarning = rates.clause === "v" && settings.clauseVIStart === null
        ? { ...inForce, warnings: Object.freeze([...warnings, CLAUSE_VI_MAY_APPLY]) }
        : null;
      timeline.push({ startsOn, inForce, inForceWithVIWarning });
    }
    // Stable: equal start dates keep statute order, and the later clause wins.
    timeline.sort((a, b) => (a.startsOn < b.startsOn ? -1 : a.startsOn > b.startsOn ? 1 : 0));
    timelineCache.set(key, timeline);
  }
  return timeline;
}

/** D6: the latest clause whose start date is on or before the transit date. */
export function clauseInForceOn(date: IsoDate, settings: EngineSettings): ClauseInForce {
  const { timeline, inForceOn } = clauseTimeline(settings);
  const known = inForceOn.get(date);
  if (known !== undefined) return known;
  for (let i = timeline.length - 1; i >= 0; i--) {
    const dated = timeline[i];
    if (dated.startsOn <= date) {
      const inForce = dated.inForceWithVIWarning ?? dated.inForce;
      if (inForceOn.size >= MAXIMUM_DATES_KEPT) inForceOn.clear();
      inForceOn.set(date, inForce);
      return inForce;
    }
  }
  throw new PilotageInputError(SCHEDULE_REASONS.beforeFirstClause, { date, actEffectiveDate: settings.actEffectiveDate }, "date");
}

/** A clause named by the user overrides the date lookup (D6). */
export function namedClause(clauseId: ClauseId, settings: EngineSettings): ClauseInForce {
  const rates = BASE_PILOTAGE_CLAUSES.find((c) => c.clause === clauseId);
  if (!rates) throw new PilotageInputError(SCHEDULE_REASONS.clauseNotInTable, { clause: clauseId }, "clause");
  const startsOn = clauseStartDate(rates, settings);
  return {
    rates,
    startsOn,
    startAssumed: rates.startsOn.kind !== "onDate",
    warnings: [`Clause (${clauseId}) was named explicitly; the transit date did not choose it.`],
  };
}

/** The schedule for a transit: the named clause if given, otherwise the one in force on the date. */
export function scheduleFor(date: IsoDate, clause: ClauseId | null | undefined, settings: EngineSettings): ClauseInForce {
  return clause ? namedClause(clause, settings) : clauseInForceOn(date, settings);
}
