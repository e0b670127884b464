/** Which way a date column's slash dates go, from its first rows. */
import { dayFirstDate } from "../../src/reconcile";

describe("dayFirstDate", () => {
  test("a date with no such month read month first, and none that must be month first: day first", () => {
    expect(dayFirstDate(["03/07/2026", "15/06/2026", "01/02/2026"])).toBe("15/06/2026");
    expect(dayFirstDate(["15.06.2026"])).toBe("15.06.2026");
  });

  test("nothing that must be day first, or evidence both ways, or no slash dates: no verdict", () => {
    // 03/07/2026 reads both ways; 06/15/2026 can only be month first.
    expect(dayFirstDate(["03/07/2026", "06/15/2026"])).toBeNull();
    expect(dayFirstDate(["15/06/2026", "06/15/2026"])).toBeNull();
    expect(dayFirstDate(["2026-06-15", "2026/06/15", 46188, null, "Jun 15, 2026"])).toBeNull();
    // A two-digit year is not read as a date at all (refused row by row), so it says nothing here.
    expect(dayFirstDate(["15/06/26"])).toBeNull();
  });
});
