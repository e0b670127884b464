/**
 * Red team F8, F9: one reader for a date given on its own, at every door (quote and rates --date, a
 * call's transit, the library, MCP through it). D15: a local date and time is its date; a zoned
 * time is refused unless midnight; a date that reads two ways is refused with the fix.
 */
import { quote, quoteCall, rates } from "../../src/lib";
import { readGivenDate } from "../../src/reconcile/dates";

test.each([
  ["27-01-16", "2027-01-16"],
  ["27.01.16", "2027-01-16"],
  ["15-06-26", "2015-06-26"],
])("%s reads year first as %s as well as year last: refused, saying write YYYY-MM-DD", (text, yearFirst) => {
  expect(readGivenDate(text)).toMatchObject({ code: "BAD_DATE", message: `The date "${text}" could be year first, ${yearFirst}, or have its year last: write it as YYYY-MM-DD.` });
});

test.each([
  ["6/15/26", "2026-06-15"],
  // With slashes a two-digit year is last, as Excel's US and UK short dates write it (D15), as a table's dates are read.
  ["16/01/27", "2027-01-16"],
  ["15/06/26", "2026-06-15"],
  ["06-15-26", "2026-06-15"], // year first would be month 15: one reading only
  ["15/06/2026", "2026-06-15"], // four-digit year: day first is the only reading (no month 15)
  ["2026-11-03 06:40", "2026-11-03"],
  ["2026-11-03T06:40", "2026-11-03"],
  ["2026-11-03T00:00:00Z", "2026-11-03"],
])("%s is %s", (text, iso) => {
  expect(readGivenDate(text)).toBe(iso);
});

test("a time with a zone is refused unless midnight, naming the date to give", () => {
  expect(readGivenDate("2026-11-03T06:40Z")).toMatchObject({ code: "BAD_DATE", message: expect.stringContaining("has a time of day: a transit is charged by its date (D15), so give the date alone, e.g. 2026-11-03") });
});

test("every door reads a date the same way", async () => {
  // rates: 6/15/26 is 2026-06-15, clause (xi) (2026-01-01 … 2026-12-31).
  expect(rates("6/15/26").clause).toBe("xi");
  expect(() => rates("27-01-16")).toThrow(expect.objectContaining({ code: "BAD_DATE", field: "date" }));
  // quote: a local date-time is its date; 200 units Section 1 under (xi): 200 × $15.32 = $3,064.00.
  const quoted = await quote({ units: 200, section: 1, date: "2026-11-03 06:40" });
  expect(quoted.lines.find((line) => line.code === "base")?.amount).toBe("3064.00");
  await expect(quote({ units: 200, section: 1, date: "27-01-16" })).rejects.toMatchObject({ code: "BAD_DATE", field: "date" });
  await expect(quoteCall({ vessel: { units: 200 }, transits: [{ section: 1, date: "27-01-16" }] })).rejects.toMatchObject({ code: "BAD_DATE", field: "transits[0].date" });
});
