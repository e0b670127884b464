/**
 * The transit reader's per-field results, the totals over several quotes (TotalOfQuotes) and the
 * units arithmetic behind the tier tests (units.ts). Rates: § 89-a(4)(b)(1)(xi), from 2026-01-01: Section 1 $15.32 per
 * unit from 100 units, Section 2 $21.58.
 */
import {
  BoardFeeRow,
  BoardSurchargeRow,
  chargedUnits,
  compareUnits,
  DEFAULT_SETTINGS,
  isPilotageInputError,
  Money,
  quoteTransit,
  readTransit,
  readTransitFields,
  refusalThrown,
  totalOfQuotes,
  transitFieldErrors,
  transitOf,
  timesCents,
  timesRate,
  unitsCappedAt,
} from "../../src/engine";

const FEES: BoardFeeRow[] = [{ from: "2026-01-01", launch: 31_000, communication: 4550, midriver_launch: 12_525 }];
const SURCHARGE: BoardSurchargeRow[] = [{ from: "2025-01-01", upTo50Units: "320", over50UpTo100Units: "385", perUnitOver100Units: "3.85" }];

describe("readTransitFields", () => {
  test("every field reads on its own: two bad fields are two errors, each naming its field", () => {
    const fields = readTransitFields({ units: 192.16, section: "Middle", date: "2026-06-15", hours: "many" }, DEFAULT_SETTINGS);
    expect(isPilotageInputError(fields.units) || isPilotageInputError(fields.date)).toBe(false);
    expect(transitFieldErrors(fields).map(({ field, error }) => [field, error.code, error.field])).toEqual([
      ["section", "UNKNOWN_SECTION", "section"],
      ["hours", "NOT_A_NUMBER", "hours"],
    ]);
  });

  test("readTransit returns the first field's error, in field order", () => {
    expect(() => refusalThrown(readTransit({ units: "lots", section: "Middle", date: "2026-06-15" }, DEFAULT_SETTINGS))).toThrow(/pilotage units "lots"/);
  });
});

describe("transitOf", () => {
  const typed = { units: 192.16, section: 1, date: "2026-06-15", hours: 12 };

  test("the first field refused, in the fields' order, is the answer", () => {
    const fields = readTransitFields({ ...typed, section: "Middle", hours: "many", date: "June" }, DEFAULT_SETTINGS);
    const refusal = transitOf(fields, {});
    expect(isPilotageInputError(refusal) && [refusal.code, refusal.field]).toEqual(["UNKNOWN_SECTION", "section"]);
  });

  test("every field read: the transit, with the boards given", () => {
    const transit = transitOf(readTransitFields(typed, DEFAULT_SETTINGS), { boardFees: FEES });
    expect(transit).toMatchObject({ section: 1, date: "2026-06-15", clause: null, continuousHours: 12, relievedAtMidRiver: false, anchoredEightHours: false, boardFees: FEES });
  });
});

describe("TotalOfQuotes", () => {
  test("sums every quote and the complete ones apart", () => {
    const complete = refusalThrown(quoteTransit(refusalThrown(readTransit({ units: 200, section: 1, date: "2026-06-15", boardFees: FEES, boardSurcharge: SURCHARGE }, DEFAULT_SETTINGS)), DEFAULT_SETTINGS));
    const incomplete = refusalThrown(quoteTransit(refusalThrown(readTransit({ units: 200, section: 1, date: "2026-06-15", boardSurcharge: SURCHARGE }, DEFAULT_SETTINGS)), DEFAULT_SETTINGS));
    const sum = totalOfQuotes([complete, incomplete]);
    // $4,189.50 (above) + $3,834.00 ($3,064.00 + $770.00, the board fees not entered) = $8,023.50
    expect([sum.totalCents, sum.completeTotalCents, sum.quotes, sum.incomplete, sum.complete]).toEqual([802350, 418950, 2, 1, false]);
  });
});

describe("units arithmetic", () => {
  test("whole millionths and a Decimal of the same units answer alike", () => {
    const fast = chargedUnits({ measured: true, units: new Money("100.000001"), millionths: 100_000_001 });
    const slow = chargedUnits({ measured: true, units: new Money("100.000001"), millionths: null });
    for (const units of [fast, slow]) {
      expect([compareUnits(units, 100), compareUnits(units, 101)]).toEqual([1, -1]);
      // 100.000001 × $15.32 = $1,532.00001532 → $1,532.00
      expect(timesCents(units, 1532)).toBe(153200);
      // 100.000001 × $3.605 = $360.500003605 → $360.50
      expect(timesRate(units, "3.605")).toBe(36050);
    }
  });

  test("an unmeasured vessel is charged on the maximum (D2), and a cap cuts the units", () => {
    expect(compareUnits(chargedUnits({ measured: false }), 500)).toBe(0);
    expect(compareUnits(unitsCappedAt(chargedUnits({ measured: true, units: new Money(600) }), 500), 500)).toBe(0);
  });
});
