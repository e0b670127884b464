/**
 * The floor we measure against: the same tariff written the way a quick script would, in
 * floating point, with a rate lookup by date. Not exact, and not used by the product.
 */
import { PlainTransit } from "./transits";

interface FloatClause { from: string; s1: [number, number, number]; s2: [number, number, number] }

// Start dates with the default anchor 2015-11-20 (clause (vi) start unknown).
const CLAUSES: FloatClause[] = [
  { from: "2015-11-20", s1: [852.97, 1217.0, 12.17], s2: [1406.05, 1719.0, 17.19] },
  { from: "2016-11-20", s1: [870.03, 1241.0, 12.41], s2: [1434.17, 1753.0, 17.53] },
  { from: "2017-11-20", s1: [887.43, 1266.0, 12.66], s2: [1462.85, 1788.0, 17.88] },
  { from: "2018-11-20", s1: [900.74, 1285.0, 12.85], s2: [1484.48, 1815.0, 18.15] },
  { from: "2019-11-20", s1: [914.25, 1307.0, 13.07], s2: [1507.07, 1842.0, 18.42] },
  { from: "2022-01-01", s1: [951.2, 1359.81, 13.61], s2: [1567.97, 1916.42, 19.17] },
  { from: "2023-01-01", s1: [979.74, 1400.6, 14.02], s2: [1615.01, 1973.91, 19.75] },
  { from: "2024-01-01", s1: [1009.13, 1442.62, 14.44], s2: [1663.46, 2033.13, 20.34] },
  { from: "2025-01-01", s1: [1039.4, 1485.9, 14.87], s2: [1713.36, 2094.12, 20.95] },
  { from: "2026-01-01", s1: [1070.58, 1530.48, 15.32], s2: [1764.76, 2156.94, 21.58] },
  { from: "2027-01-01", s1: [1102.7, 1576.39, 15.78], s2: [1817.7, 2221.65, 22.23] },
];
const SURCHARGE: { from: string; bands: [number, number, number] }[] = [
  { from: "2015-11-20", bands: [113, 138, 1.38] },
  { from: "2016-11-20", bands: [170, 207, 2.07] },
  { from: "2017-11-20", bands: [213, 260, 2.6] },
  { from: "2018-11-20", bands: [250, 305, 3.05] },
  { from: "2019-11-20", bands: [280, 341, 3.41] },
  { from: "2020-11-20", bands: [300, 360, 3.6] },
  { from: "2025-01-01", bands: [320, 385, 3.85] },
];
const FEES: { from: string; fees: [number, number, number] }[] = [
  { from: "2015-01-01", fees: [285, 42, 118] },
  { from: "2024-01-01", fees: [310, 45.5, 125.25] },
];

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
  const base = units <= 50 ? flat50 : units < 100 ? flat100 : round2(rate * Math.min(units, 500));
  const [a, b, r] = latest(SURCHARGE, t.date).bands;
  const surcharge = units <= 50 ? a : units <= 100 ? b : round2(r * units);
  const secondPilot = t.hours > 10 ? round2(base * 0.5) : 0;
  const [launch, communication, midriver] = latest(FEES, t.date).fees;
  return base + surcharge + secondPilot + launch + communication + (t.section === 2 ? midriver : 0);
}
