/**
 * Issue 35: HUDSON_SECOND_PILOT's sixth argument, the section. A relief at the mid-river station is
 * used only on a transit that reaches it (Section 2, D11), so the separate functions add up to
 * HUDSON_TOTAL on every transit, and the cell says when a Section 1 relief was not used.
 */
import fc from "fast-check";
import { excelError } from "../support/custom-functions";
import { nypilot, pilotage } from "./nypilot";
import { BOARD_FEE_TABLE, BOARD_SURCHARGE_TABLE, one } from "./transit-fixture";

const first = (grid: unknown[][]) => grid[0][0];
const cents = (dollars: unknown) => Math.round((dollars as number) * 100);

describe("the section decides whether a relief at mid-river is used", () => {
  test("the issue's example: =NYPILOT.HUDSON_SECOND_PILOT(1838.40, 12, TRUE, , , 1) answers 919.20", () => {
    // Section 1 never reaches the mid-river station, so the relief is not used: 12 h > 10 h,
    // 50% × $1,838.40 = $919.20.
    expect(first(pilotage.secondPilot(one(1838.4), one(12), one(true), null, null, one(1)))).toBe(919.2);
    // Section 2 reaches it: relieved there, no second pilot.
    expect(first(pilotage.secondPilot(one(1838.4), one(12), one(true), null, null, one("Upper")))).toBe(0);
    // Without a section, as before: the relief is taken as given.
    expect(first(pilotage.secondPilot(one(1838.4), one(12), one(true), null, null, null))).toBe(0);
    // An empty section cell on the desktop (0) is no section.
    expect(first(pilotage.secondPilot(one(1838.4), one(12), one(true), null, null, one(0)))).toBe(0);
  });

  test("a section that is not one is refused, naming it", () => {
    expect(excelError(first(pilotage.secondPilot(one(1838.4), one(12), one(true), null, null, one("Middle"))))).toEqual({
      code: "#VALUE!",
      message: 'The section is "Middle": use 1 or "Lower" (Yonkers through Hyde Park) or 2 or "Upper" (beyond Hyde Park through Albany or Troy).',
    });
  });

  test("where Excel has data types, the amount's cell says why the relief was not used", () => {
    const office = globalThis as { Office?: unknown };
    office.Office = { context: { requirements: { isSetSupported: (name: string, version: string) => name === "CustomFunctionsRuntime" && version === "1.4" } } };
    try {
      const cell = first(pilotage.secondPilot(one(1838.4), one(12), one(true), null, null, one(1))) as { basicValue: number; numberFormat: string };
      // The value stays the number for SUM and arithmetic; the format shows the note after it.
      expect(cell.basicValue).toBe(919.2);
      expect(cell.numberFormat).toBe('$#,##0.00" (relief at mid-river not used: Section 1 does not reach the station (D11))"');
      // No note where the relief counts.
      expect(first(pilotage.secondPilot(one(1838.4), one(12), one(true), null, null, one(2)))).toEqual({ type: "Double", basicValue: 0, numberFormat: "$#,##0.00" });
    } finally {
      delete office.Office;
    }
  });
});

describe("HUDSON_BASE_FEE + HUDSON_SURCHARGE + HUDSON_SECOND_PILOT(…, section) + fees = HUDSON_TOTAL", () => {
  // The board's fees in force from 2024-01-01 (BOARD_FEE_TABLE): launch $310.00 and communication
  // $45.50 on every transit, the mid-river launch $125.25 on Section 2 only (§ 89-a(4)(b)(1-a), D10):
  // Section 1 $355.50, Section 2 $480.75.
  const FEES_CENTS = { 1: 31_000 + 4_550, 2: 31_000 + 4_550 + 12_525 } as const;

  test("for every section, hours, relief and anchorage", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 1, max: 5_000_000 }).map((hundredths) => hundredths / 100), fc.constant("UNMEASURED")),
        fc.constantFrom(1, 2),
        fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 2400 }).map((tenths) => tenths / 10)),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom("2026-06-15", "2027-03-01", "2025-12-31"),
        (units, section, hours, relieved, anchored, date) => {
          const base = first(pilotage.baseFee(one(units), one(section), one(date), null));
          const surcharge = first(pilotage.surcharge(one(units), one(date), BOARD_SURCHARGE_TABLE));
          const second = hours === null ? 0 : first(pilotage.secondPilot(one(base), one(hours), one(relieved), one(anchored), null, one(section)));
          const total = first(
            nypilot("HUDSON_TOTAL", one(units), one(section), one(date), one(hours), one(relieved), one(anchored), BOARD_FEE_TABLE, BOARD_SURCHARGE_TABLE),
          );
          expect(cents(base) + cents(surcharge) + cents(second) + FEES_CENTS[section]).toBe(cents(total));
        },
      ),
      { numRuns: 400, seed: 35 },
    );
  });
});
