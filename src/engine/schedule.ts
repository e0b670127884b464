import { addMonthsGcl30, IsoDate, monthsSince } from "./dates";
import { OrRefusal, PilotageInputError, shownInput } from "./errors";
import { SCHEDULE_REASONS } from "./messages";
import { BASE_PILOTAGE_CLAUSES, BaseRateClause, ClauseId, ClauseStart } from "./rates/base-pilotage";
import { EngineSettings } from "./settings";

/** The base-rate clause that governs a transit, with how sure we are of its start (D6). */
export interface ClauseInForce {
  rates: BaseRateClause;
  /** null when the clause was named by the user and its start date is unknown. */
  startsOn: IsoDate | null;
  /** True when the start date rests on a setting rather than the statute's own words. */
  startAssumed: boolean;
  /** Why the start is assumed, or that another clause may apply. */
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

/** The latest clause the statute has, for messages and help: "xii". */
export const LAST_CLAUSE = BASE_PILOTAGE_CLAUSES[BASE_PILOTAGE_CLAUSES.length - 1].clause;

export function parseClauseId(input: unknown, field = "clause"): OrRefusal<ClauseId> {
  const text = shownInput(input ?? "").toLowerCase().replace(/^\(|\)$/g, "");
  const found = BASE_PILOTAGE_CLAUSES.find((c) => c.clause === text);
  return found ? found.clause : new PilotageInputError(SCHEDULE_REASONS.unknownClause, { field, input, lastClause: LAST_CLAUSE }, field);
}

const CLAUSE_VI_MAY_APPLY =
  "Clause (vi) may apply: it began on the thirtieth day after an act not identified here (before 2022). " +
  "If you know that date, set clauseVIStart (D6); until then clause (v) is used.";

/**
 * D6: the latest clause whose start date is on or before the transit date. The clauses start in
 * the statute's order (resolveSettings keeps clause (vi)'s start between (v)'s and (vii)'s), so the
 * first from the end that has started is the one in force; of two starting the same day, the later.
 */
export function clauseInForceOn(date: IsoDate, settings: EngineSettings): OrRefusal<ClauseInForce> {
  const months = monthsSince(settings.actEffectiveDate, date);
  for (let i = BASE_PILOTAGE_CLAUSES.length - 1; i >= 0; i--) {
    const rates = BASE_PILOTAGE_CLAUSES[i];
    if (hasStarted(rates.startsOn, date, months, settings)) return new ClauseStartedOn(rates, settings);
  }
  return new PilotageInputError(SCHEDULE_REASONS.beforeFirstClause, { date, actEffectiveDate: settings.actEffectiveDate }, "date");
}

/**
 * D6, D25: the clause in force on `day` when it had not started on `dayBefore` (the day before), so
 * starts that day; null when the clause in force is the day before's, or none is.
 */
export function clauseStartingOn(day: IsoDate, dayBefore: IsoDate, settings: EngineSettings): BaseRateClause | null {
  const months = monthsSince(settings.actEffectiveDate, day);
  const monthsBefore = monthsSince(settings.actEffectiveDate, dayBefore);
  for (let i = BASE_PILOTAGE_CLAUSES.length - 1; i >= 0; i--) {
    const rates = BASE_PILOTAGE_CLAUSES[i];
    if (hasStarted(rates.startsOn, day, months, settings)) return hasStarted(rates.startsOn, dayBefore, monthsBefore, settings) ? null : rates;
  }
  return null;
}

/** Whether a clause has started by the date, `monthsSinceAct` the whole months from the act's effective date to it. */
function hasStarted(start: ClauseStart, date: IsoDate, monthsSinceAct: number, settings: EngineSettings): boolean {
  switch (start.kind) {
    case "onDate":
      return start.date <= date;
    case "monthsAfterActEffectiveDate":
      return monthsSinceAct >= start.months;
    case "clauseVIStartSetting":
      return settings.clauseVIStart !== null && settings.clauseVIStart <= date;
  }
}

/** A clause in force; its start and warnings are worded when read. */
class ClauseStartedOn implements ClauseInForce {
  readonly startAssumed: boolean;

  constructor(
    readonly rates: BaseRateClause,
    private readonly settings: EngineSettings,
  ) {
    this.startAssumed = rates.startsOn.kind !== "onDate";
  }

  get startsOn(): IsoDate {
    return clauseStartDate(this.rates, this.settings) as IsoDate;
  }

  get warnings(): readonly string[] {
    const { rates, settings } = this;
    const assumed = assumedStartWarning(rates, this.startsOn, settings);
    const warnings = assumed === null ? [] : [assumed];
    if (rates.clause === "v" && settings.clauseVIStart === null) warnings.push(CLAUSE_VI_MAY_APPLY);
    return warnings;
  }
}

/** A clause named by the user overrides the date lookup (D6). */
export function namedClause(clauseId: ClauseId, settings: EngineSettings): OrRefusal<ClauseInForce> {
  const rates = BASE_PILOTAGE_CLAUSES.find((c) => c.clause === clauseId);
  if (!rates) return new PilotageInputError(SCHEDULE_REASONS.clauseNotInTable, { clause: clauseId }, "clause");
  const startsOn = clauseStartDate(rates, settings);
  return {
    rates,
    startsOn,
    startAssumed: rates.startsOn.kind !== "onDate",
    warnings: [`Clause (${clauseId}) was named explicitly; the transit date did not choose it.`],
  };
}

/** The schedule for a transit: the named clause if given, otherwise the one in force on the date. */
export function scheduleFor(date: IsoDate, clause: ClauseId | null | undefined, settings: EngineSettings): OrRefusal<ClauseInForce> {
  return clause ? namedClause(clause, settings) : clauseInForceOn(date, settings);
}
