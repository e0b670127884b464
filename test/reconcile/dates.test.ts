/** Which way a date column's slash dates go, from its first rows. */
import { dayFirstDate, parseDateFormat, readGivenDate, readTableDate } from "../../src/reconcile";
import { refusalThrown } from "../../src/engine";

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
    // A two-digit year says the same as a four-digit one.
    expect(dayFirstDate(["15/06/26"])).toBe("15/06/26");
  });
});

describe("two-digit years, as Excel's default US short date writes them", () => {
  test.each([
    // Excel's pivot: 00–29 → 2000–2029, 30–99 → 1930–1999.
    ["1/12/26", "MM/DD/YYYY", "2026-01-12"],
    ["01/05/27", "MM/DD/YYYY", "2027-01-05"],
    ["2-Feb-27", "MM/DD/YYYY", "2027-02-02"],
    ["Jun 15, 26", "MM/DD/YYYY", "2026-06-15"],
    ["15/06/26", "DD/MM/YYYY", "2026-06-15"],
    ["12/31/29", "MM/DD/YYYY", "2029-12-31"],
    ["01/01/30", "MM/DD/YYYY", "1930-01-01"],
    ["6.15.99", "MM/DD/YYYY", "1999-06-15"],
  ] as const)("%s read %s is %s", (text, format, iso) => {
    expect(refusalThrown(readTableDate(text, format))).toBe(iso);
  });

  test("--date-format takes the two-digit forms too", () => {
    expect(["MM/DD/YY", "M/D/YY", "DD/MM/YY", "d/m/yy", "YYYY-MM-DD"].map(parseDateFormat)).toEqual(["MM/DD/YYYY", "MM/DD/YYYY", "DD/MM/YYYY", "DD/MM/YYYY", "YYYY-MM-DD"]);
  });

  test("a date given alone (quote --date): 6/15/26 is June 15th, 2026; 3/6/26 reads as two days and is refused saying so", () => {
    expect(refusalThrown(readGivenDate("6/15/26"))).toBe("2026-06-15");
    expect(refusalThrown(readGivenDate("15/6/26"))).toBe("2026-06-15");
    expect(refusalThrown(readGivenDate("2026-06-15"))).toBe("2026-06-15");
    expect(refusalThrown(readGivenDate("6/6/26"))).toBe("2026-06-06");
    expect(() => refusalThrown(readGivenDate("3/6/26"))).toThrow('The date "3/6/26" could be month 3 day 6 or day 3 month 6: write it as YYYY-MM-DD');
  });
});
