/**
 * Base pilotage, § 89-a(4)(b)(1)(i)–(xii): every clause × section × tier (D3, D4, D2), with the
 * expected amounts worked by hand from the statute's numbers.
 */
import {
  baseFeeLine,
  baseFeeWorking,
  ClauseId,
  DEFAULT_SETTINGS,
  explainBaseFee,
  Money,
  namedClause,
  PilotageUnits,
  resolveSettings,
  SectionNumber,
  refusalThrown,
} from "../../src/engine";
import { money, perUnitAmount } from "./hand";

const measured = (units: string): PilotageUnits => ({ measured: true, units: new Money(units) });
const UNMEASURED: PilotageUnits = { measured: false };
const FLAT_AT_100 = refusalThrown(resolveSettings({ at100Units: "flatAmount" }));

/**
 * The statute's rates, transcribed from nav-law-89-a.txt: for each clause and section,
 * [ "Up to 50 pilotage units", "More than 50 and up to 100 pilotage units", per pilotage unit from 100 ].
 */
const STATUTE: Record<ClauseId, Record<SectionNumber, readonly [string, string, string]>> = {
  i: { 1: ["852.97", "1217.00", "12.17"], 2: ["1406.05", "1719.00", "17.19"] },
  ii: { 1: ["870.03", "1241.00", "12.41"], 2: ["1434.17", "1753.00", "17.53"] },
  iii: { 1: ["887.43", "1266.00", "12.66"], 2: ["1462.85", "1788.00", "17.88"] },
  iv: { 1: ["900.74", "1285.00", "12.85"], 2: ["1484.48", "1815.00", "18.15"] },
  v: { 1: ["914.25", "1307.00", "13.07"], 2: ["1507.07", "1842.00", "18.42"] },
  vi: { 1: ["932.54", "1333.14", "13.34"], 2: ["1537.22", "1878.84", "18.79"] },
  vii: { 1: ["951.20", "1359.81", "13.61"], 2: ["1567.97", "1916.42", "19.17"] },
  viii: { 1: ["979.74", "1400.60", "14.02"], 2: ["1615.01", "1973.91", "19.75"] },
  ix: { 1: ["1009.13", "1442.62", "14.44"], 2: ["1663.46", "2033.13", "20.34"] },
  x: { 1: ["1039.40", "1485.90", "14.87"], 2: ["1713.36", "2094.12", "20.95"] },
  xi: { 1: ["1070.58", "1530.48", "15.32"], 2: ["1764.76", "2156.94", "21.58"] },
  xii: { 1: ["1102.70", "1576.39", "15.78"], 2: ["1817.70", "2221.65", "22.23"] },
};

/**
 * Per-unit charges worked by hand, rate × units rounded half up to the cent:
 *   [ × 100, × 100.01, × 499.99, × 500 (also 500.01, 10,000 and unmeasured: the 500-unit maximum) ].
 * Worked examples:
 *   (i)   S1: $12.17 × 100.01 = $1,217.1217 → $1,217.12;  $12.17 × 499.99 = $6,084.8783 → $6,084.88
 *   (ii)  S2: $17.53 × 100.01 = $1,753.1753 → $1,753.18;  $17.53 × 499.99 = $8,764.8247 → $8,764.82
 *   (ix)  S2: $20.34 × 499.99 = $10,169.7966 → $10,169.80
 *   (xi)  S2: $21.58 × 100.01 = $2,158.2158 → $2,158.22;  $21.58 × 500 = $10,790.00
 *   (xii) S2: $22.23 × 499.99 = $11,114.7777 → $11,114.78
 */
const PER_UNIT: Record<ClauseId, Record<SectionNumber, readonly [string, string, string, string]>> = {
  i: { 1: ["1217.00", "1217.12", "6084.88", "6085.00"], 2: ["1719.00", "1719.17", "8594.83", "8595.00"] },
  ii: { 1: ["1241.00", "1241.12", "6204.88", "6205.00"], 2: ["1753.00", "1753.18", "8764.82", "8765.00"] },
  iii: { 1: ["1266.00", "1266.13", "6329.87", "6330.00"], 2: ["1788.00", "1788.18", "8939.82", "8940.00"] },
  iv: { 1: ["1285.00", "1285.13", "6424.87", "6425.00"], 2: ["1815.00", "1815.18", "9074.82", "9075.00"] },
  v: { 1: ["1307.00", "1307.13", "6534.87", "6535.00"], 2: ["1842.00", "1842.18", "9209.82", "9210.00"] },
  vi: { 1: ["1334.00", "1334.13", "6669.87", "6670.00"], 2: ["1879.00", "1879.19", "9394.81", "9395.00"] },
  vii: { 1: ["1361.00", "1361.14", "6804.86", "6805.00"], 2: ["1917.00", "1917.19", "9584.81", "9585.00"] },
  viii: { 1: ["1402.00", "1402.14", "7009.86", "7010.00"], 2: ["1975.00", "1975.20", "9874.80", "9875.00"] },
  ix: { 1: ["1444.00", "1444.14", "7219.86", "7220.00"], 2: ["2034.00", "2034.20", "10169.80", "10170.00"] },
  x: { 1: ["1487.00", "1487.15", "7434.85", "7435.00"], 2: ["2095.00", "2095.21", "10474.79", "10475.00"] },
  xi: { 1: ["1532.00", "1532.15", "7659.85", "7660.00"], 2: ["2158.00", "2158.22", "10789.78", "10790.00"] },
  xii: { 1: ["1578.00", "1578.16", "7889.84", "7890.00"], 2: ["2223.00", "2223.22", "11114.78", "11115.00"] },
};

const CLAUSES = Object.keys(STATUTE) as ClauseId[];
const GRID: [ClauseId, SectionNumber][] = CLAUSES.flatMap((clause) => [[clause, 1], [clause, 2]] as [ClauseId, SectionNumber][]);

type Tier = "upTo50Units" | "over50UpTo100Units" | "perUnit";

/** For each test quantity: which tier D3 puts it in and which hand-worked amount applies. */
function expectedFor(clause: ClauseId, section: SectionNumber, units: string): { tier: Tier; amount: string; unitsCharged: string } {
  const [upTo50, over50] = STATUTE[clause][section];
  const [at100, at100_01, at499_99, at500] = PER_UNIT[clause][section];
  switch (units) {
    case "0.01":
    case "50":
      return { tier: "upTo50Units", amount: upTo50, unitsCharged: units };
    case "50.01":
    case "99.99":
      return { tier: "over50UpTo100Units", amount: over50, unitsCharged: units };
    case "100":
      return { tier: "perUnit", amount: at100, unitsCharged: "100" }; // D4 default: per-unit rate at exactly 100
    case "100.01":
      return { tier: "perUnit", amount: at100_01, unitsCharged: "100.01" };
    case "499.99":
      return { tier: "perUnit", amount: at499_99, unitsCharged: "499.99" };
    default:
      return { tier: "perUnit", amount: at500, unitsCharged: "500" }; // 500, 500.01, 10,000: the 500-unit maximum
  }
}

const QUANTITIES = ["0.01", "50", "50.01", "99.99", "100", "100.01", "499.99", "500", "500.01", "10000"];

describe("hand-worked per-unit amounts agree with exact integer-cents arithmetic (guards the worksheet above)", () => {
  test.each(GRID)("(%s) Section %d", (clause, section) => {
    const rate = STATUTE[clause][section][2];
    expect([perUnitAmount(rate, "100"), perUnitAmount(rate, "100.01"), perUnitAmount(rate, "499.99"), perUnitAmount(rate, "500")]).toEqual([
      ...PER_UNIT[clause][section],
    ]);
  });
});

describe.each(GRID)("clause (%s), Section %d", (clause, section) => {
  const schedule = refusalThrown(namedClause(clause, DEFAULT_SETTINGS));

  test.each(QUANTITIES)("%s units", (units) => {
    const expected = expectedFor(clause, section, units);
    const working = baseFeeWorking(measured(units), section, schedule, DEFAULT_SETTINGS);
    expect(money(working.amount)).toBe(expected.amount);
    expect(working.tier).toBe(expected.tier);
    expect(working.unitsCharged.eq(expected.unitsCharged)).toBe(true);
    expect(working.vesselUnits?.eq(units)).toBe(true);
    expect(working.cappedAtMaximum).toBe(units === "500.01" || units === "10000");
    expect(working.clause.rates.clause).toBe(clause);
  });

  test("D4 setting flatAmount: exactly 100 units pays the flat 'more than 50 and up to 100' amount", () => {
    const over50 = STATUTE[clause][section][1];
    const working = baseFeeWorking(measured("100"), section, schedule, FLAT_AT_100);
    expect(working.tier).toBe("over50UpTo100Units");
    expect(money(working.amount)).toBe(over50);
    // and only at exactly 100: 100.01 is still per unit
    expect(money(baseFeeWorking(measured("100.01"), section, schedule, FLAT_AT_100).amount)).toBe(PER_UNIT[clause][section][1]);
    expect(money(baseFeeWorking(measured("99.99"), section, schedule, FLAT_AT_100).amount)).toBe(over50);
  });

  test("D2 unmeasured: the maximum charge, i.e. the charge at 500 units", () => {
    const working = baseFeeWorking(UNMEASURED, section, schedule, DEFAULT_SETTINGS);
    expect(money(working.amount)).toBe(PER_UNIT[clause][section][3]);
    expect(working.tier).toBe("perUnit");
    expect(working.vesselUnits).toBeNull();
    expect(working.unitsCharged.eq(500)).toBe(true);
  });

  test("the line cites the clause (and § 89-a(4)(d) when unmeasured)", () => {
    const line = baseFeeLine(baseFeeWorking(measured("271.43"), section, schedule, DEFAULT_SETTINGS));
    expect(line.code).toBe("base");
    expect(line.citation).toBe(`§ 89-a(4)(b)(1)(${clause})`);
    const unmeasuredLine = baseFeeLine(baseFeeWorking(UNMEASURED, section, schedule, DEFAULT_SETTINGS));
    expect(unmeasuredLine.citation).toContain(`§ 89-a(4)(b)(1)(${clause})`);
    expect(unmeasuredLine.citation).toContain("§ 89-a(4)(d)");
  });
});

describe("D4 at exactly 100 units where flat and per-unit differ (from clause (vi) on)", () => {
  test("(vi) Section 1: $1,333.14 flat vs 100 × $13.34 = $1,334.00 per unit; the default is per unit", () => {
    const vi = refusalThrown(namedClause("vi", DEFAULT_SETTINGS));
    expect(money(baseFeeWorking(measured("100"), 1, vi, DEFAULT_SETTINGS).amount)).toBe("1334.00");
    expect(money(baseFeeWorking(measured("100"), 1, vi, FLAT_AT_100).amount)).toBe("1333.14");
  });

  test("(xi) Section 2: $2,156.94 flat vs 100 × $21.58 = $2,158.00", () => {
    const xi = refusalThrown(namedClause("xi", DEFAULT_SETTINGS));
    expect(money(baseFeeWorking(measured("100"), 2, xi, DEFAULT_SETTINGS).amount)).toBe("2158.00");
    expect(money(baseFeeWorking(measured("100"), 2, xi, FLAT_AT_100).amount)).toBe("2156.94");
  });

  test("units are not rounded before the tables (D1 default): 99.999 is still 'more than 50 and up to 100'", () => {
    // (xi) Section 1: 99.999 < 100 → flat $1,530.48, not 100 × $15.32 = $1,532.00
    const xi = refusalThrown(namedClause("xi", DEFAULT_SETTINGS));
    expect(money(baseFeeWorking(measured("99.999"), 1, xi, DEFAULT_SETTINGS).amount)).toBe("1530.48");
    // 50.0001 > 50 → the "more than 50" band: $1,530.48, not the up-to-50 $1,070.58
    expect(money(baseFeeWorking(measured("50.0001"), 1, xi, DEFAULT_SETTINGS).amount)).toBe("1530.48");
  });

  test("a per-unit amount with more than two decimals of units is rounded once, half up", () => {
    // (xi) Section 2: 271.435 × $21.58 = $5,857.5673 → $5,857.57
    const xi = refusalThrown(namedClause("xi", DEFAULT_SETTINGS));
    expect(money(baseFeeWorking(measured("271.435"), 2, xi, DEFAULT_SETTINGS).amount)).toBe("5857.57");
    // (i) Section 1: 100.005 × $12.17 = $1,217.06085 → $1,217.06
    expect(money(baseFeeWorking(measured("100.005"), 1, refusalThrown(namedClause("i", DEFAULT_SETTINGS)), DEFAULT_SETTINGS).amount)).toBe("1217.06");
    // (viii) Section 1: 150.25 × $14.02 = $2,106.505 → half up $2,106.51 (half-even would give $2,106.50)
    expect(money(baseFeeWorking(measured("150.25"), 1, refusalThrown(namedClause("viii", DEFAULT_SETTINGS)), DEFAULT_SETTINGS).amount)).toBe("2106.51");
  });
});

describe("explainBaseFee shows the arithmetic and the clause", () => {
  const xi = refusalThrown(namedClause("xi", DEFAULT_SETTINGS));

  test("per unit: 271.43 × $21.58 = $5,857.46 (271.43 × 21.58 = 5,857.4594)", () => {
    const text = explainBaseFee(baseFeeWorking(measured("271.43"), 2, xi, DEFAULT_SETTINGS));
    expect(text).toBe("271.43 units ≥ 100: 271.43 × $21.58 = $5,857.46 for Section 2, Upper River under § 89-a(4)(b)(1)(xi)");
  });

  test("flat bands, the maximum and unmeasured", () => {
    expect(explainBaseFee(baseFeeWorking(measured("40"), 1, xi, DEFAULT_SETTINGS))).toBe(
      "40.00 units ≤ 50: flat $1,070.58 for Section 1, Lower River under § 89-a(4)(b)(1)(xi)",
    );
    expect(explainBaseFee(baseFeeWorking(measured("75"), 1, xi, DEFAULT_SETTINGS))).toBe(
      "75.00 units > 50 and < 100: flat $1,530.48 for Section 1, Lower River under § 89-a(4)(b)(1)(xi)",
    );
    expect(explainBaseFee(baseFeeWorking(measured("100"), 1, xi, FLAT_AT_100))).toContain("(setting D4 flatAmount)");
    // 600 units → 500 × $15.32 = $7,660.00
    expect(explainBaseFee(baseFeeWorking(measured("600"), 1, xi, DEFAULT_SETTINGS))).toBe(
      "600.00 units ≥ 100 (maximum charge of 500 units applies): 500.00 × $15.32 = $7,660.00 for Section 1, Lower River under § 89-a(4)(b)(1)(xi)",
    );
    const unmeasured = explainBaseFee(baseFeeWorking(UNMEASURED, 1, xi, DEFAULT_SETTINGS));
    expect(unmeasured).toContain("Measurements not provided (§ 89-a(4)(d))");
    expect(unmeasured).toContain("$7,660.00");
  });
});
