/**
 * The floor we measure against: the same tariff written the way a quick script would, in
 * floating point, with a rate lookup by date. Not exact, and not used by the product.
 *
 * Its rates are the engine's own tables (rates/), read into floats when this module loads, and the
 * bench's board rows (transits.ts), so a change of a rate cannot leave the floor behind. The
 * clauses' and the statutory surcharge's start dates are those of the default settings (clause
 * (vi)'s start unknown, so it never applies).
 */
import {
  addMonthsGcl30,
  BASE_PILOTAGE_BANDS,
  BASE_PILOTAGE_CLAUSES,
  boardFeesFor,
  clauseStartDate,
  DEFAULT_SETTINGS,
  SECOND_PILOT_RULE,
  STATUTORY_SURCHARGE_PERIODS,
  SURCHARGE_BANDS,
  type SectionNumber,
} from "../src/engine";
import { BENCH_BOARD_FEES, BENCH_BOARD_SURCHARGE, PlainTransit } from "./transits";

/** Three amounts in dollars: up to the first band, up to the second, per unit. */
type Bands = [number, number, number];
interface FloatClause { from: string; s1: Bands; s2: Bands; maximumUnits: [number, number] }

const CLAUSES: FloatClause[] = BASE_PILOTAGE_CLAUSES.flatMap((clause) => {
  const from = clauseStartDate(clause, DEFAULT_SETTINGS);
  if (from === null) return [];
  const bands = (s: SectionNumber): Bands => {
    const rates = clause.sections[s];
    return [Number(rates.upTo50Units), Number(rates.over50UpTo100Units), Number(rates.perUnitFrom100Units)];
  };
  return [{ from, s1: bands(1), s2: bands(2), maximumUnits: [clause.sections[1].maximumUnits, clause.sections[2].maximumUnits] }];
});

const SURCHARGE: { from: string; bands: Bands }[] = [
  ...STATUTORY_SURCHARGE_PERIODS.map((period) => ({ from: addMonthsGcl30(DEFAULT_SETTINGS.actEffectiveDate, period.fromMonth - 1), bands: period })),
  ...BENCH_BOARD_SURCHARGE.map((row) => ({ from: row.from, bands: row })),
].map(({ from, bands }) => ({ from, bands: [Number(bands.upTo50Units), Number(bands.over50UpTo100Units), Number(bands.perUnitOver100Units)] }));

/** Each board fee row's fees in dollars, by section: the fees that section pays. */
const FEES: { from: string; fees: Record<SectionNumber, number[]> }[] = BENCH_BOARD_FEES.map((row) => {
  const dollars = (s: SectionNumber) => boardFeesFor(s).map((fee) => (row[fee.code] ?? 0) / 100);
  return { from: row.from, fees: { 1: dollars(1), 2: dollars(2) } };
});

const BASE_FLAT_UP_TO = BASE_PILOTAGE_BANDS.flatUpTo.units;
const BASE_PER_UNIT_FROM = BASE_PILOTAGE_BANDS.perUnitFrom.units;
const SURCHARGE_FIRST_UP_TO = SURCHARGE_BANDS.firstUpTo.units;
const SURCHARGE_SECOND_UP_TO = SURCHARGE_BANDS.secondUpTo.units;
const SECOND_PILOT_SHARE = SECOND_PILOT_RULE.percent / 100;

function latest<T extends { from: string }>(rows: T[], date: string): T {
  let found = rows[0];
  for (const row of rows) if (row.from <= date) found = row;
  return found;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function naiveFloatTotal(t: PlainTransit): number {
  const units = t.unitsHundredths / 100;
  const clause = latest(CLAUSES, t.date);
  const [flat50, flat100, rate] = t.section === 1 ? clause.s1 : clause.s2;
  const maximum = clause.maximumUnits[t.section - 1];
  const base = units <= BASE_FLAT_UP_TO ? flat50 : units < BASE_PER_UNIT_FROM ? flat100 : round2(rate * Math.min(units, maximum));
  const [a, b, r] = latest(SURCHARGE, t.date).bands;
  const surcharge = units <= SURCHARGE_FIRST_UP_TO ? a : units <= SURCHARGE_SECOND_UP_TO ? b : round2(r * units);
  const secondPilot = t.hours > SECOND_PILOT_RULE.moreThanHours ? round2(base * SECOND_PILOT_SHARE) : 0;
  const fees = latest(FEES, t.date).fees[t.section];
  let total = base + surcharge + secondPilot;
  for (let i = 0; i < fees.length; i++) total += fees[i];
  return total;
}
