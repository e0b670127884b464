/**
 * A port call (src/engine/call.ts): every transit quoted under its own clause, the statutory
 * subtotal, other charges apart, the total. Amounts worked by hand from § 89-a's numbers.
 */
import { DEFAULT_SETTINGS, OTHER_CHARGE_NOTE, quoteCall, readBoardFeeRows, readBoardSurchargeRows, readTransit, refusalThrown } from "../../src/engine";
import { perUnitAmount, halfOf, hundredths, sumOf } from "./hand";

/** "17665.24" → 1766524: an amount worked by hand, in the engine's whole cents. */
const cents = (amount: string) => Number(hundredths(amount));

// 600 ft × 80 ft × 40 ft ÷ 10,000 = 192 pilotage units (§ 89-a(4)(b)(2)).
// Board fees from 2026-07-01: launch $310.00, communication $45.50, mid-river launch $125.25 (Section 2 only).
// Board surcharge from 2026-10-01: 192 units is over 100, so 192 × $3.60 (§ 89-a(4)(b)(1-c)).
const boardFees = refusalThrown(readBoardFeeRows([["2026-07-01", "310.00", "45.50", "125.25"]]));
const boardSurcharge = refusalThrown(readBoardSurchargeRows([["2026-10-01", "300.00", "360.00", "3.60"]]));
const transit = (section: number, date: string, hours: number) =>
  refusalThrown(readTransit({ length: 600, breadth: 80, depth: 40, section, date, hours, boardFees, boardSurcharge }, DEFAULT_SETTINGS));

const surcharge = perUnitAmount("3.60", "192"); // 691.20
// Inbound, Section 2, 2026-12-30: clause (xi), $21.58 × 192 = 4,143.36; 12 hours > 10: second pilot 50% = 2,071.68.
const inbound = sumOf([perUnitAmount("21.58", "192"), halfOf(perUnitAmount("21.58", "192")), surcharge, "310.00", "45.50", "125.25"]);
// Section 1, 2026-12-31: clause (xi), $15.32 × 192 = 2,941.44; no mid-river launch on Section 1.
const shift = sumOf([perUnitAmount("15.32", "192"), surcharge, "310.00", "45.50"]);
// Outbound, Section 2, 2027-01-02: clause (xii), $22.23 × 192 = 4,268.16; 8 hours, no second pilot.
const outbound = sumOf([perUnitAmount("22.23", "192"), surcharge, "310.00", "45.50", "125.25"]);

test("each transit under its own clause; the subtotal is theirs; other charges only join the total", () => {
  expect([inbound, shift, outbound]).toEqual(["7386.99", "3988.14", "5440.11"]);
  const call = quoteCall(
    [
      { label: "Inbound to Albany", transit: transit(2, "2026-12-30", 12) },
      { label: "Transit 2", transit: transit(1, "2026-12-31", 6) },
      { label: "Outbound", transit: transit(2, "2027-01-02", 8) },
    ],
    [{ label: "Docking pilot", amountCents: 85000 }],
    DEFAULT_SETTINGS,
  );
  if ("error" in call) throw call.error;
  expect(call.transits.map(({ quote }) => quote.citation)).toEqual(["§ 89-a(4)(b)(1)(xi)", "§ 89-a(4)(b)(1)(xi)", "§ 89-a(4)(b)(1)(xii)"]);
  expect(call.transits.map(({ quote }) => quote.totalCents)).toEqual([inbound, shift, outbound].map(cents));
  expect(call.statutorySubtotalCents).toBe(cents(sumOf([inbound, shift, outbound]))); // 16,815.24
  expect(call.otherCharges).toEqual([{ label: "Docking pilot", amountCents: 85000, note: OTHER_CHARGE_NOTE }]);
  expect(call.totalCents).toBe(cents(sumOf([inbound, shift, outbound, "850.00"]))); // 17,665.24
  expect(call.complete).toBe(true);
  expect(call.missing).toEqual([]);
  expect(call.settingsNotDefault).toEqual([]);
});

test("an amount not entered makes the call incomplete and is named by its transit; warnings carry their transit's name", () => {
  const noFees = refusalThrown(readTransit({ units: 192, section: 2, date: "2026-12-30", boardSurcharge }, DEFAULT_SETTINGS));
  const call = quoteCall([{ label: "Inbound", transit: noFees }], [], DEFAULT_SETTINGS);
  if ("error" in call) throw call.error;
  expect(call.complete).toBe(false);
  expect(call.missing.length).toBeGreaterThan(0);
  expect(call.missing.every((line) => line.startsWith("Transit 1 (Inbound): "))).toBe(true);
  expect(call.warnings.every((line) => line.startsWith("Transit 1 (Inbound): "))).toBe(true);
  // Only the lines with amounts: base 4,143.36 + surcharge 691.20 (D14).
  expect(call.totalCents).toBe(cents(sumOf([perUnitAmount("21.58", "192"), surcharge])));
});

test("a transit the rules refuse is returned with its place, not thrown", () => {
  // 2000 is before any schedule § 89-a sets (clause (i) is the first).
  const tooEarly = refusalThrown(readTransit({ units: 192, section: 1, date: "2000-01-02" }, DEFAULT_SETTINGS));
  const call = quoteCall([{ label: "In", transit: transit(1, "2026-12-31", 0) }, { label: "Out", transit: tooEarly }], [], DEFAULT_SETTINGS);
  expect(call).toMatchObject({ index: 1, label: "Out" });
  expect("error" in call && call.error.field).toBe("date");
});
