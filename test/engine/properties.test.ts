/**
 * Properties (fast-check) of base pilotage and of quotes, over generated transits and inputs.
 */
import fc from "fast-check";
import {
  baseFeeWorking,
  BoardFeeRow,
  BoardSurchargeRow,
  ClauseId,
  EngineSettings,
  Money,
  namedClause,
  PilotageInputError,
  PilotageUnits,
  Quote,
  quoteTransit,
  readTransit,
  resolveSettings,
  SectionNumber,
  refusalThrown,
} from "../../src/engine";
import { centsText, hundredths, money } from "./hand";

const CLAUSE_IDS: ClauseId[] = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"];
const clauseArb = fc.constantFrom(...CLAUSE_IDS);
const sectionArb = fc.constantFrom<SectionNumber>(1, 2);
const policyArb = fc.constantFrom<EngineSettings["at100Units"]>("perUnitRate", "flatAmount");
/** Units with up to four decimals, 0.0001 … 20,000 (so both sides of 50, 100 and 500 get hit). */
const unitsArb = fc.oneof(
  fc.integer({ min: 1, max: 200_000_000 }).map((n) => new Money(n).div(10_000)),
  fc.constantFrom("0.01", "50", "50.01", "99.99", "100", "100.01", "499.99", "500", "500.01").map((u) => new Money(u)),
);

const measured = (units: Money): PilotageUnits => ({ measured: true, units });
const baseCents = (units: PilotageUnits, section: SectionNumber, clause: ClauseId, settings: EngineSettings): bigint =>
  hundredths(baseFeeWorking(units, section, refusalThrown(namedClause(clause, settings)), settings).amount.toFixed(2));

describe("base pilotage", () => {
  test("for a fixed clause and section the base fee never decreases as units grow (either D4 policy)", () => {
    fc.assert(
      fc.property(clauseArb, sectionArb, policyArb, unitsArb, unitsArb, (clause, section, policy, a, b) => {
        const settings = refusalThrown(resolveSettings({ at100Units: policy }));
        const [low, high] = a.lte(b) ? [a, b] : [b, a];
        expect(baseCents(measured(low), section, clause, settings) <= baseCents(measured(high), section, clause, settings)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test("fee(u) = fee(500) for every u ≥ 500, and the unmeasured fee is fee(500)", () => {
    fc.assert(
      fc.property(clauseArb, sectionArb, fc.integer({ min: 5_000_000, max: 500_000_000 }), (clause, section, n) => {
        const settings = refusalThrown(resolveSettings());
        const at500 = baseCents(measured(new Money(500)), section, clause, settings);
        expect(baseCents(measured(new Money(n).div(10_000)), section, clause, settings)).toBe(at500);
        expect(baseCents({ measured: false }, section, clause, settings)).toBe(at500);
      }),
      { numRuns: 1000 },
    );
  });

  test("the base fee is always a whole number of cents", () => {
    fc.assert(
      fc.property(clauseArb, sectionArb, policyArb, unitsArb, (clause, section, policy, units) => {
        const settings = refusalThrown(resolveSettings({ at100Units: policy }));
        const amount = baseFeeWorking(measured(units), section, refusalThrown(namedClause(clause, settings)), settings).amount;
        expect(amount.decimalPlaces()).toBeLessThanOrEqual(2);
        expect(amount.gt(0)).toBe(true);
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Quotes over generated transits

/** A calendar date from 2015-11-20 to 2030-12-31, built with the JS Date API (not the engine's). */
const dateArb = fc.integer({ min: 0, max: 5520 }).map((days) => new Date(Date.UTC(2015, 10, 20) + days * 86_400_000).toISOString().slice(0, 10));
const centsAmountArb = fc.integer({ min: 0, max: 500_000 }).map((c) => centsText(BigInt(c)));
const boardSurchargeArb: fc.Arbitrary<BoardSurchargeRow[]> = fc.array(
  fc.record({ from: dateArb, upTo50Units: centsAmountArb, over50UpTo100Units: centsAmountArb, perUnitOver100Units: centsAmountArb }),
  { maxLength: 3 },
);
const optionalFee = fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null });
const boardFeesArb: fc.Arbitrary<BoardFeeRow[]> = fc.array(
  fc.record({ from: dateArb, launch: optionalFee, communication: optionalFee, midriver_launch: optionalFee }),
  { maxLength: 3 },
);
const settingsArb = fc.record({
  unitsDecimals: fc.constantFrom(null, 0, 2),
  at100Units: policyArb,
  clauseVIStart: fc.constantFrom(null, "2021-06-01"),
});
const transitArb = fc.record({
  units: fc.oneof({ weight: 5, arbitrary: unitsArb.map((u) => measured(u)) }, { weight: 1, arbitrary: fc.constant<PilotageUnits>({ measured: false }) }),
  section: sectionArb,
  date: dateArb,
  clause: fc.option(clauseArb, { nil: null }),
  continuousHours: fc.option(fc.integer({ min: 0, max: 480 }).map((h) => h / 2), { nil: null }),
  relievedAtMidRiver: fc.boolean(),
  anchoredEightHours: fc.boolean(),
  boardFees: boardFeesArb,
  boardSurcharge: boardSurchargeArb,
});

function checkQuote(quote: Quote): void {
  // total = sum of the rounded lines that have amounts (D14), worked in integer cents here
  const entered = quote.lines.filter((l) => l.amount !== null).map((l) => money(l.amount) as string);
  expect(money(quote.total)).toBe(centsText(entered.reduce((sum, a) => sum + hundredths(a), 0n)));
  expect(quote.total.isFinite()).toBe(true);
  // every line carries a citation of § 89-a, a label and a note
  for (const line of quote.lines) {
    expect(line.citation).toMatch(/§ 89-a\(/);
    expect(line.label.trim()).not.toBe("");
    expect(line.note.trim()).not.toBe("");
    if (line.amount !== null) {
      expect(line.amount.isFinite()).toBe(true);
      expect(line.amount.decimalPlaces()).toBeLessThanOrEqual(2);
      expect(line.amount.isNegative()).toBe(false);
    }
  }
  expect(quote.complete).toBe(quote.lines.every((l) => l.amount !== null));
  expect(quote.citation).toBe(`§ 89-a(4)(b)(1)(${quote.clause})`);
}

describe("quotes", () => {
  test("total = sum of the rounded lines; every line cited; lines in order; complete iff every amount entered", () => {
    fc.assert(
      fc.property(transitArb, settingsArb, (transit, partialSettings) => {
        const settings = refusalThrown(resolveSettings(partialSettings));
        const quote = refusalThrown(quoteTransit(transit, settings));
        checkQuote(quote);
        const codes = quote.lines.map((l) => l.code);
        const fees = transit.section === 1 ? ["launch", "communication"] : ["launch", "communication", "midriver_launch"];
        expect(codes).toEqual(["base", "surcharge", ...(transit.continuousHours === null ? [] : ["second_pilot"]), ...fees]);
        // D11: the second pilot is 50% of the rounded base, half up, or nothing
        const second = quote.lines.find((l) => l.code === "second_pilot");
        if (second) {
          const base = hundredths(money(quote.lines[0].amount) as string);
          // (1-a): the relief at the mid-river station (Norrie Point) counts only on a Section 2 transit, which reaches it (D21).
          const relievedAtStation = transit.relievedAtMidRiver && transit.section === 2;
          const exceeds = transit.continuousHours !== null && transit.continuousHours > 10 && !relievedAtStation && !transit.anchoredEightHours;
          expect(hundredths(money(second.amount) as string)).toBe(exceeds ? (base * 5n + 5n) / 10n : 0n);
        }
        if (transit.clause) expect(quote.clause).toBe(transit.clause);
      }),
      { numRuns: 1000 },
    );
  });

  test("notEntered lists the codes of the lines with no amount, in the lines' order, under either D11 basis", () => {
    fc.assert(
      fc.property(transitArb, settingsArb, fc.constantFrom<EngineSettings["secondPilotBasis"]>("base", "basePlusSurcharge"), (transit, partialSettings, secondPilotBasis) => {
        const settings = refusalThrown(resolveSettings({ ...partialSettings, secondPilotBasis }));
        const quote = refusalThrown(quoteTransit(transit, settings));
        expect(quote.notEntered).toEqual(quote.lines.filter((l) => l.amountCents === null).map((l) => l.code));
        expect(quote.complete).toBe(quote.notEntered.length === 0);
      }),
      { numRuns: 1000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Anything typed: a quote or a PilotageInputError, never another exception, never NaN

/** What a cell, a flag or a form field can hold: numbers of every kind, text, booleans, blanks, dates. */
const cellArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0, 60, 46387, 2958465, 2958466, 1e308, 5e-324),
  fc.integer({ min: -100, max: 60_000 }),
  fc.string(),
  fc.constantFrom(
    "",
    "  ",
    "UNMEASURED",
    "unmeasured",
    "Lower",
    "upper river",
    "Section 2",
    "2026-12-31",
    "2015-11-19",
    "2026-02-30",
    "xi",
    "(vi)",
    "xiii",
    `600' 6"`,
    "182.88 m",
    "7206 in",
    "10.5",
    "1e400",
    "-5",
    "$1,234.50",
    "yes",
    "x",
    "NaN",
    "Infinity",
  ),
  fc.boolean(),
  fc.constantFrom(null, undefined),
  fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)) }),
  fc.array(fc.integer(), { maxLength: 2 }),
);

/** Mostly a plausible value for the field, sometimes anything at all. */
const field = (plausible: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => fc.oneof({ weight: 12, arbitrary: plausible }, { weight: 1, arbitrary: cellArb });
const blank = fc.constantFrom(null, undefined, "");
const byUnits = fc.record({
  units: field(fc.oneof(fc.double({ min: 0.01, max: 20_000, noNaN: true }), fc.constant("UNMEASURED"), fc.constant("271.43"))),
  length: field(blank),
  breadth: field(blank),
  depth: field(blank),
});
const byMeasurements = fc.record({
  units: field(blank),
  length: field(fc.oneof(fc.double({ min: 1, max: 1200, noNaN: true }), fc.constant(`600' 6"`), fc.constant("182.88 m"))),
  breadth: field(fc.oneof(fc.double({ min: 1, max: 200, noNaN: true }), fc.constant("80 ft"))),
  depth: field(fc.oneof(fc.double({ min: 1, max: 100, noNaN: true }), fc.constant("480 in"))),
  unit: field(fc.constantFrom(undefined, "ft", "m", "in")),
});
const typedTransitArb = fc
  .tuple(
    fc.oneof(byUnits, byMeasurements),
    fc.record({
      section: field(fc.constantFrom(1, 2, "Lower", "Upper", "section 2")),
      date: field(fc.oneof(dateArb, fc.integer({ min: 42328, max: 47848 }))),
      clause: field(fc.oneof(blank, clauseArb)),
      hours: field(fc.oneof(blank, fc.double({ min: 0, max: 30, noNaN: true }), fc.constant("10.5"))),
      relievedAtMidRiver: field(fc.oneof(blank, fc.boolean(), fc.constantFrom("yes", "no"))),
      anchoredEightHours: field(fc.oneof(blank, fc.boolean())),
    }),
  )
  .map(([units, rest]) => ({ ...units, ...rest }));

describe("any input", () => {
  test("readTransit + quoteTransit either quote (with no NaN) or throw a PilotageInputError", () => {
    let quoted = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        typedTransitArb,
        fc.record({ unitsDecimals: cellArb, at100Units: cellArb, actEffectiveDate: cellArb, clauseVIStart: cellArb }, { requiredKeys: [] }),
        fc.boolean(),
        (typed, partialSettings, useSettings) => {
          let quote: Quote;
          try {
            const settings = refusalThrown(resolveSettings(useSettings ? partialSettings : {}));
            quote = refusalThrown(quoteTransit(refusalThrown(readTransit(typed, settings)), settings));
          } catch (error) {
            expect(error).toBeInstanceOf(PilotageInputError);
            const typedError = error as PilotageInputError;
            expect(["value", "num", "na"]).toContain(typedError.kind);
            expect(typedError.message.length).toBeGreaterThan(10);
            refused += 1;
            return;
          }
          checkQuote(quote);
          expect(quote.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          quoted += 1;
        },
      ),
      { numRuns: 3000 },
    );
    // the generator reaches both outcomes
    expect(quoted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  test("plausible typed transits mostly succeed (the generator is not only producing errors)", () => {
    let quoted = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom("1", "2", "Lower", "Upper"),
        dateArb,
        (hundredthsOfUnits, section, date) => {
          const quote = refusalThrown(quoteTransit(refusalThrown(readTransit({ units: hundredthsOfUnits / 100, section, date }, refusalThrown(resolveSettings()))), refusalThrown(resolveSettings())));
          checkQuote(quote);
          quoted += 1;
        },
      ),
      { numRuns: 500 },
    );
    expect(quoted).toBe(500);
  });
});
