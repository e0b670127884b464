/**
 * The one-cell functions' own path (src/functions/pilotage.ts: quote's single-cell reading, the
 * transit readers, board tables and HUDSON_RATES tables kept from call to call): the same answers
 * and messages as the column machinery gives (HUDSON_TOTAL over the same cells), and a change of
 * settings or of a board table between calls is seen. Expected amounts are worked by hand.
 */
import fc from "fast-check";
import { excelError, installCustomFunctionsGlobal } from "../support/custom-functions";
import { pilotage } from "./nypilot";
import { BOARD_FEE_TABLE, BOARD_SURCHARGE_TABLE, one, TRANSIT } from "./transit-fixture";

installCustomFunctionsGlobal();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { setFunctionSettings } = require("../../src/functions/runtime-settings") as typeof import("../../src/functions/runtime-settings");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DEFAULT_SETTINGS, refusalThrown, resolveSettings } = require("../../src/engine") as typeof import("../../src/engine");

const first = (grid: unknown[][]) => grid[0][0];
const last = (grid: unknown[][]) => grid[grid.length - 1];
const amountOf = (spill: unknown[][], item: RegExp) => spill.find((row) => item.test(String(row[0])))?.[1];

afterEach(() => setFunctionSettings(DEFAULT_SETTINGS));

const fees = BOARD_FEE_TABLE;
const board = BOARD_SURCHARGE_TABLE;
const transit = TRANSIT;
type Transit = typeof transit;

describe("HUDSON_QUOTE's one-cell path answers as the column machinery does", () => {
  const na = new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, "no units");
  const num = new CustomFunctions.Error(CustomFunctions.ErrorCode.invalidNumber, "bad hours");
  const cases: [string, Partial<Transit>][] = [
    ["a valid transit", {}],
    ["units as text", { units: one("n/a") }],
    ["negative units", { units: one(-1) }],
    ["UNMEASURED", { units: one("unmeasured") }],
    ["a date before clause (i)", { date: one("2015-11-19") }],
    ["an Excel serial date", { date: one(46188) }],
    ["desktop's empty date cell (0)", { date: one(0) }],
    ["desktop's empty section cell (0)", { section: one(0) }],
    ["an error value in units", { units: one(na) }],
    ["error values in units and hours: the later argument's", { units: one(na), hours: one(num) }],
    ["a bad board fee table", { boardFees: [fees[0], ["2024-01-01", -310, 45.5, 125.25]] }],
    ["relieved as text", { relieved: one("perhaps") }],
  ];

  test.each(cases)("%s", (_name, change) => {
    const grids = { ...transit, ...change };
    const total = first(pilotage.total(grids));
    const spill = pilotage.quote(grids);
    if (typeof total === "number") {
      expect(last(spill)).toEqual(["Total", total, expect.stringMatching(/^§ 89-a\(4\)\(b\)\(1\)\(/)]);
    } else {
      expect(spill).toHaveLength(1);
      expect(excelError(first(spill))).toEqual(excelError(total));
      expect(excelError(first(spill))?.message).not.toBe("");
    }
  });

  test("the valid transit's total, worked by hand", () => {
    // Base (xi) S2: 271.43 × $21.58 = $5,857.4594 → $5,857.46; surcharge 271.43 × $3.60 = $977.148 → $977.15;
    // second pilot 50% × $5,857.46 = $2,928.73; fees $310.00 + $45.50 + $125.25 = $480.75. Total $10,244.09.
    expect(last(pilotage.quote(transit))).toEqual(["Total", 10244.09, "§ 89-a(4)(b)(1)(xi)"]);
  });

  test("the same call twice gives the same rows, each call its own arrays", () => {
    const a = pilotage.quote(transit);
    const b = pilotage.quote({ ...transit, boardFees: fees.map((row) => [...row]), boardSurcharge: board.map((row) => [...row]) });
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    expect(b[1]).not.toBe(a[1]);
  });
});

describe("what is kept from call to call follows the settings and the tables", () => {
  test("a settings change between two HUDSON_QUOTE calls is seen", () => {
    expect(last(pilotage.quote(transit))[1]).toBe(10244.09);
    setFunctionSettings(refusalThrown(resolveSettings({ unitsDecimals: 0 })));
    // D1 rounding to whole units: 271.43 → 271. Base 271 × $21.58 = $5,848.18; surcharge 271 × $3.60 = $975.60;
    // second pilot 50% × $5,848.18 = $2,924.09; fees $480.75. Total 5,848.18 + 975.60 + 2,924.09 + 480.75 = $10,228.62.
    const rounded = pilotage.quote(transit);
    expect(amountOf(rounded, /^Base pilotage/)).toBe(5848.18);
    expect(last(rounded)[1]).toBe(10228.62);
    setFunctionSettings(DEFAULT_SETTINGS);
    expect(last(pilotage.quote(transit))[1]).toBe(10244.09);
  });

  test("a board table change between two HUDSON_QUOTE calls is seen, and the first table's cells again give its fees", () => {
    // Launch fee $310.00 → $400.00: the total rises by $90.00, 10,244.09 + 90.00 = $10,334.09.
    const raised = [fees[0], ["2024-01-01", 400, 45.5, 125.25]];
    expect(last(pilotage.quote(transit))[1]).toBe(10244.09);
    expect(amountOf(pilotage.quote({ ...transit, boardFees: raised }), /^Launch/)).toBe(400);
    expect(last(pilotage.quote({ ...transit, boardFees: raised }))[1]).toBe(10334.09);
    expect(last(pilotage.quote({ ...transit, boardFees: fees.map((row) => [...row]) }))[1]).toBe(10244.09);
    // A text "310" is not the number 310: a table of its own, read again (and read as $310.00).
    expect(last(pilotage.quote({ ...transit, boardFees: [fees[0], ["2024-01-01", "310", 45.5, 125.25]] }))[1]).toBe(10244.09);
    // Surcharge board rate $3.60 → $4.00: 271.43 × $4.00 = $1,085.72, so 10,244.09 − 977.15 + 1,085.72 = $10,352.66.
    expect(last(pilotage.quote({ ...transit, boardSurcharge: [["2020-11-20", 300, 360, 4]] }))[1]).toBe(10352.66);
    expect(last(pilotage.quote(transit))[1]).toBe(10244.09);
  });

  test("a table whose row grows or shrinks is read again", () => {
    const longer = [...fees, ["2026-01-01", 320, 45.5, 125.25]];
    // The 2026-01-01 row is in force on 2026-06-15: launch $320.00, total 10,244.09 + 10.00 = $10,254.09.
    expect(last(pilotage.quote({ ...transit, boardFees: longer }))[1]).toBe(10254.09);
    expect(last(pilotage.quote(transit))[1]).toBe(10244.09);
  });
});

describe("HUDSON_RATES, one cell per call", () => {
  test("a repeated date gives the same table, each call its own rows", () => {
    const a = pilotage.rates("2027-01-01");
    const b = pilotage.rates(one("2027-01-01"));
    expect(b).toEqual(a);
    expect(b[1]).not.toBe(a[1]);
    expect(a[2]).toEqual(["Section 2, Upper River", 1817.7, 2221.65, 22.23, 500, "§ 89-a(4)(b)(1)(xii)", "2027-01-01"]);
  });

  test("a date before clause (i): the same message every call, as HUDSON_CLAUSE gives", () => {
    const expected = excelError(first(pilotage.clause(one("2015-11-19"))));
    expect(expected?.code).toBe("#N/A");
    expect(excelError(first(pilotage.rates("2015-11-19")))).toEqual(expected);
    expect(excelError(first(pilotage.rates("2015-11-19")))).toEqual(expected);
    expect(excelError(first(pilotage.rates([["2026-01-01", "2026-01-02"]])))?.code).toBe("#VALUE!");
  });

  test("a settings change between calls is seen", () => {
    // Clause (i) is in force from the act's effective date (D6): 2015-11-20 by default.
    expect(pilotage.rates("2015-12-01")[1][5]).toBe("§ 89-a(4)(b)(1)(i)");
    setFunctionSettings(refusalThrown(resolveSettings({ actEffectiveDate: "2016-01-01" })));
    expect(excelError(first(pilotage.rates("2015-12-01")))?.code).toBe("#N/A");
    setFunctionSettings(DEFAULT_SETTINGS);
    expect(pilotage.rates("2015-12-01")[1][5]).toBe("§ 89-a(4)(b)(1)(i)");
  });
});

describe("a cell that did not read is kept, per settings, and answers as when first read", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const engine = require("../../src/engine") as typeof import("../../src/engine");
  // Cells as a sheet has them, good and bad, for every per-transit argument (no 0, blank date or
  // error values, whose readings are the adapter's own: the engine's readers below are the reference).
  const units = fc.constantFrom<unknown>(271.43, 50, "UNMEASURED", "n/a", null, "", -1, true, 1e9, "1,0", 0, -0);
  const section = fc.constantFrom<unknown>("Upper", "Lower", 1, 2, 3, "middle", null, false);
  const date = fc.constantFrom<unknown>("2026-06-15", 46188, "2015-11-19", "June", 1e7, -5, "2019-02-29");
  // 0 and -0 one after the other: a reader that answers the cell it read last must not take one for the other.
  const hours = fc.constantFrom<unknown>(null, 12, 9.5, -2, "long", true, 1e9, 0, -0);
  const flag = fc.constantFrom<unknown>(null, true, false, "perhaps", 2);
  const row = fc.record({ units, section, date, hours, relieved: flag, anchored: flag });
  type Row = { units: unknown; section: unknown; date: unknown; hours: unknown; relieved: unknown; anchored: unknown };
  const grids = (r: Row) => ({ ...transit, units: one(r.units), section: one(r.section), date: one(r.date), hours: one(r.hours), relieved: one(r.relieved), anchored: one(r.anchored) });
  // The general path: the engine's transit reader, stopping at the first field's error, then the quote.
  const byEngine = (r: Row) => {
    const settings = engine.DEFAULT_SETTINGS;
    const readers = engine.transitFieldReaders(settings, { relievedAtMidRiver: "relieved_at_midriver", anchoredEightHours: "anchored_8_hours" });
    const boards = { boardFees: engine.refusalThrown(engine.readBoardFeeRows(fees)), boardSurcharge: engine.refusalThrown(engine.readBoardSurchargeRows(board)) };
    try {
      const typed = { units: r.units, section: r.section, date: r.date, hours: r.hours, relievedAtMidRiver: r.relieved, anchoredEightHours: r.anchored };
      const transit = engine.refusalThrown(engine.transitOf(engine.readTransitFields(typed, settings, readers), boards));
      return { total: engine.refusalThrown(engine.quoteTransit(transit, settings)).totalCents / 100 };
    } catch (error) {
      return { message: (error as Error).message };
    }
  };
  const answerOf = (spill: unknown[][]) => {
    const error = excelError(first(spill));
    return error === null ? { total: last(spill)[1] } : { message: error.message };
  };

  test("any row, read once or again after other rows, answers as the engine's reader and quote do", () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 12 }), (rows) => {
        // A new settings object: readers (and what they keep) of its own, starting empty.
        setFunctionSettings(refusalThrown(resolveSettings({})));
        for (const r of [...rows, ...rows.slice().reverse()]) expect(answerOf(pilotage.quote(grids(r)))).toEqual(byEngine(r));
      }),
      { numRuns: 200 },
    );
  });

  test("a failure kept under one settings object is not another's: the same cell is read again under new settings", () => {
    // 271.43 rounds to 271 units under unitsDecimals 0; "n/a" fails under both, with the same message.
    setFunctionSettings(refusalThrown(resolveSettings({})));
    const failed = excelError(first(pilotage.quote({ ...transit, units: one("n/a") })));
    setFunctionSettings(refusalThrown(resolveSettings({ unitsDecimals: 0 })));
    expect(excelError(first(pilotage.quote({ ...transit, units: one("n/a") })))).toEqual(failed);
    expect(last(pilotage.quote(transit))[0]).toBe("Total");
  });
});
