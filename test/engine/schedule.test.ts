/**
 * Which clause of § 89-a(4)(b)(1) is in force on a date (D6), with General Construction Law § 30
 * month arithmetic from the 2015 act's (assumed) effective date, the clause (vi) setting, and a
 * clause named by the user.
 */
import {
  clauseInForceOn,
  ClauseId,
  DEFAULT_SETTINGS,
  namedClause,
  parseClauseId,
  resolveSettings,
  scheduleFor,
  refusalThrown,
} from "../../src/engine";
import { inputErrorOf } from "./hand";

const clauseOn = (date: string, settings = DEFAULT_SETTINGS): ClauseId => refusalThrown(clauseInForceOn(date, settings)).rates.clause;

describe("D6 default anchor 2015-11-20: the day before and the day of every clause start", () => {
  // (i) from the act's effective date; (ii)–(v) 12, 24, 36, 48 months later (same day of the month,
  // GCL § 30): 2016-11-20, 2017-11-20, 2018-11-20, 2019-11-20. (vi): no start known, so (v) runs
  // on to (vii). (vii)–(xii): 1 January 2022 … 1 January 2027, as written.
  test.each<[string, ClauseId, string]>([
    ["2016-11-19", "i", "2016-11-20"],
    ["2017-11-19", "ii", "2017-11-20"],
    ["2018-11-19", "iii", "2018-11-20"],
    ["2019-11-19", "iv", "2019-11-20"],
    ["2021-12-31", "v", "2022-01-01"],
    ["2022-12-31", "vii", "2023-01-01"],
    ["2023-12-31", "viii", "2024-01-01"],
    ["2024-12-31", "ix", "2025-01-01"],
    ["2025-12-31", "x", "2026-01-01"],
    ["2026-12-31", "xi", "2027-01-01"],
  ])("%s → (%s); %s → the next clause", (dayBefore, clause, dayOf) => {
    expect(clauseOn(dayBefore)).toBe(clause);
    expect(clauseOn(dayOf)).not.toBe(clause);
  });

  test.each<[string, ClauseId]>([
    ["2015-11-20", "i"],
    ["2016-11-20", "ii"],
    ["2017-11-20", "iii"],
    ["2018-11-20", "iv"],
    ["2019-11-20", "v"],
    ["2022-01-01", "vii"],
    ["2023-01-01", "viii"],
    ["2024-01-01", "ix"],
    ["2025-01-01", "x"],
    ["2026-01-01", "xi"],
    ["2027-01-01", "xii"],
    ["2099-12-31", "xii"],
  ])("%s → (%s), starting that day", (date, clause) => {
    const inForce = refusalThrown(clauseInForceOn(date, DEFAULT_SETTINGS));
    expect(inForce.rates.clause).toBe(clause);
    expect(inForce.startsOn).toBe(date === "2099-12-31" ? "2027-01-01" : date);
    expect(inForce.rates.citation).toBe(`§ 89-a(4)(b)(1)(${clause})`);
  });

  test("before 2015-11-20 there is no schedule: BEFORE_FIRST_CLAUSE (#N/A) naming the date and the setting", () => {
    const error = inputErrorOf(() => refusalThrown(clauseInForceOn("2015-11-19", DEFAULT_SETTINGS)));
    expect(error.code).toBe("BEFORE_FIRST_CLAUSE");
    expect(error.kind).toBe("na");
    expect(error.message).toContain("No § 89-a base pilotage schedule is encoded for 2015-11-19");
    expect(error.message).toContain("actEffectiveDate");
    expect(inputErrorOf(() => refusalThrown(clauseInForceOn("1999-01-01", DEFAULT_SETTINGS))).code).toBe("BEFORE_FIRST_CLAUSE");
  });
});

describe("assumed start dates are reported (D6)", () => {
  test("(i)–(v) rest on the assumed anchor: startAssumed and a warning naming the start and the anchor", () => {
    const ii = refusalThrown(clauseInForceOn("2016-11-20", DEFAULT_SETTINGS));
    expect(ii.startAssumed).toBe(true);
    expect(ii.warnings).toHaveLength(1);
    expect(ii.warnings[0]).toContain("Assumed: clause (ii) in force from 2016-11-20");
    expect(ii.warnings[0]).toContain("taking 2015-11-20 as the 2015 act's effective date");
    expect(ii.warnings[0]).toContain("actEffectiveDate");
  });

  test("(vii)–(xii) start on dates the statute writes: nothing assumed, no warnings", () => {
    for (const date of ["2022-01-01", "2024-06-30", "2026-12-31", "2027-01-01"]) {
      const inForce = refusalThrown(clauseInForceOn(date, DEFAULT_SETTINGS));
      expect(inForce.startAssumed).toBe(false);
      expect(inForce.warnings).toEqual([]);
    }
  });

  test("every date under (v) by date carries the warning that clause (vi) may apply (its start is unknown); (iv)'s dates do not", () => {
    const late2021 = refusalThrown(clauseInForceOn("2021-12-31", DEFAULT_SETTINGS));
    expect(late2021.rates.clause).toBe("v");
    expect(late2021.warnings.some((w) => w.includes("Clause (vi) may apply") && w.includes("clauseVIStart"))).toBe(true);
    expect(refusalThrown(clauseInForceOn("2021-01-01", DEFAULT_SETTINGS)).warnings.some((w) => w.includes("Clause (vi) may apply"))).toBe(true);
    // Clause (v) starts 48 months after the assumed 2015-11-20: 2019-11-20. (vi) comes after (v) and
    // before (vii) (2022-01-01), on a day not known: from (v)'s first day on, (vi) may apply.
    for (const date of ["2019-11-20", "2020-06-15", "2020-12-31"]) {
      const inForce = refusalThrown(clauseInForceOn(date, DEFAULT_SETTINGS));
      expect(inForce.rates.clause).toBe("v");
      expect(inForce.warnings.some((w) => w.includes("Clause (vi) may apply"))).toBe(true);
    }
    expect(refusalThrown(clauseInForceOn("2019-11-19", DEFAULT_SETTINGS)).rates.clause).toBe("iv");
    expect(refusalThrown(clauseInForceOn("2019-11-19", DEFAULT_SETTINGS)).warnings.some((w) => w.includes("Clause (vi)"))).toBe(false);
    // With the start set, no warning: the setting decides.
    expect(refusalThrown(clauseInForceOn("2020-06-15", refusalThrown(resolveSettings({ clauseVIStart: "2021-06-01" })))).warnings.some((w) => w.includes("may apply"))).toBe(false);
  });
});

describe("the clause (vi) start setting (D6)", () => {
  const settings = refusalThrown(resolveSettings({ clauseVIStart: "2021-06-01" }));

  test("2021-05-31 → (v); 2021-06-01 → (vi), assumed from the setting; 2022-01-01 → (vii)", () => {
    expect(clauseOn("2021-05-31", settings)).toBe("v");
    const vi = refusalThrown(clauseInForceOn("2021-06-01", settings));
    expect(vi.rates.clause).toBe("vi");
    expect(vi.startsOn).toBe("2021-06-01");
    expect(vi.startAssumed).toBe(true);
    expect(vi.warnings).toEqual(["Assumed: clause (vi) in force from 2021-06-01 (setting clauseVIStart, D6)."]);
    expect(clauseOn("2021-12-31", settings)).toBe("vi");
    expect(clauseOn("2022-01-01", settings)).toBe("vii");
  });

  test("with the (vi) start known, 2021 dates under (v) no longer warn that (vi) may apply", () => {
    expect(refusalThrown(clauseInForceOn("2021-05-31", settings)).warnings.some((w) => w.includes("Clause (vi) may apply"))).toBe(false);
  });

  test("a (vi) start on or after 2022-01-01 is refused (BAD_SETTING)", () => {
    const error = inputErrorOf(() => refusalThrown(resolveSettings({ clauseVIStart: "2022-01-01" })));
    expect(error.code).toBe("BAD_SETTING");
    expect(error.message).toContain("before clause (vii)");
  });
});

describe("GCL § 30 month arithmetic on other anchors (D6)", () => {
  test("anchor 29 February 2016: 12 months later is 28 February 2017 (no 29th); 48 months later is 29 February 2020", () => {
    // 2016-02-29 + 12 → 2017-02-28; + 24 → 2018-02-28; + 36 → 2019-02-28; + 48 → 2020-02-29 (a leap year again).
    const leap = refusalThrown(resolveSettings({ actEffectiveDate: "2016-02-29" }));
    expect(inputErrorOf(() => refusalThrown(clauseInForceOn("2016-02-28", leap))).code).toBe("BEFORE_FIRST_CLAUSE");
    expect(clauseOn("2016-02-29", leap)).toBe("i");
    expect(clauseOn("2017-02-27", leap)).toBe("i");
    expect(clauseOn("2017-02-28", leap)).toBe("ii");
    expect(clauseOn("2018-02-27", leap)).toBe("ii");
    expect(clauseOn("2018-02-28", leap)).toBe("iii");
    expect(clauseOn("2019-02-27", leap)).toBe("iii");
    expect(clauseOn("2019-02-28", leap)).toBe("iv");
    expect(clauseOn("2020-02-28", leap)).toBe("iv");
    expect(clauseOn("2020-02-29", leap)).toBe("v");
    expect(refusalThrown(clauseInForceOn("2017-02-28", leap)).warnings[0]).toContain("taking 2016-02-29 as the 2015 act's effective date");
  });

  test("anchor 31 January 2016: whole years keep the 31st", () => {
    const jan31 = refusalThrown(resolveSettings({ actEffectiveDate: "2016-01-31" }));
    expect(clauseOn("2017-01-30", jan31)).toBe("i");
    expect(clauseOn("2017-01-31", jan31)).toBe("ii");
    expect(clauseOn("2020-01-30", jan31)).toBe("iv");
    expect(clauseOn("2020-01-31", jan31)).toBe("v");
  });

  test("the anchor must fall in 2015 or 2016 (BAD_SETTING); a malformed anchor is a date error", () => {
    expect(inputErrorOf(() => refusalThrown(resolveSettings({ actEffectiveDate: "2014-12-31" }))).code).toBe("BAD_SETTING");
    expect(inputErrorOf(() => refusalThrown(resolveSettings({ actEffectiveDate: "2017-01-01" }))).code).toBe("BAD_SETTING");
    const malformed = inputErrorOf(() => refusalThrown(resolveSettings({ actEffectiveDate: "20 Nov 2015" })));
    expect(malformed.code).toBe("BAD_DATE");
    expect(malformed.message).toContain("2015 act effective date");
  });
});

describe("a clause named by the user overrides the date (D6)", () => {
  test("namedClause: the clause, its citation and a warning that the date did not choose it", () => {
    const xi = refusalThrown(namedClause("xi", DEFAULT_SETTINGS));
    expect(xi.rates.clause).toBe("xi");
    expect(xi.rates.citation).toBe("§ 89-a(4)(b)(1)(xi)");
    expect(xi.startsOn).toBe("2026-01-01");
    expect(xi.startAssumed).toBe(false);
    expect(xi.warnings).toEqual(["Clause (xi) was named explicitly; the transit date did not choose it."]);
    expect(refusalThrown(namedClause("iii", DEFAULT_SETTINGS)).startsOn).toBe("2017-11-20");
    expect(refusalThrown(namedClause("iii", DEFAULT_SETTINGS)).startAssumed).toBe(true);
    expect(refusalThrown(namedClause("vi", DEFAULT_SETTINGS)).startsOn).toBeNull();
  });

  test("scheduleFor: a named clause wins over the date; without one the date decides", () => {
    expect(refusalThrown(scheduleFor("2016-06-01", "xi", DEFAULT_SETTINGS)).rates.clause).toBe("xi");
    expect(refusalThrown(scheduleFor("2016-06-01", null, DEFAULT_SETTINGS)).rates.clause).toBe("i");
    expect(refusalThrown(scheduleFor("2026-12-31", undefined, DEFAULT_SETTINGS)).rates.clause).toBe("xi");
  });

  test("parseClauseId reads i … xii in any case, with or without brackets; anything else is UNKNOWN_CLAUSE", () => {
    expect(refusalThrown(parseClauseId("xi"))).toBe("xi");
    expect(refusalThrown(parseClauseId(" (XII) "))).toBe("xii");
    expect(refusalThrown(parseClauseId("Vi"))).toBe("vi");
    const error = inputErrorOf(() => refusalThrown(parseClauseId("xiii")));
    expect(error.code).toBe("UNKNOWN_CLAUSE");
    expect(error.kind).toBe("value");
    expect(error.message).toContain("use i, ii, … xii");
    expect(inputErrorOf(() => refusalThrown(parseClauseId(11))).code).toBe("UNKNOWN_CLAUSE");
  });
});
