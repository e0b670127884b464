/**
 * The task pane's form logic (src/taskpane/form.ts, state.ts, export-table.ts), without a DOM:
 * fields read through the engine's readers, errors named at their fields, and quotes whose amounts
 * are worked by hand here from the statute (../shared/statute/nav-law-89-a.txt):
 *   clause (xi), from 2026-01-01: Section 1 $15.32 per unit, Section 2 $21.58 per unit;
 *   clause (xii), from 2027-01-01: Section 2 $22.23 per unit;
 *   flat amounts in (xi), Section 1: up to 50 units $1070.58, more than 50 and up to 100 $1530.48.
 */
import { DEFAULT_SETTINGS, resolveSettings, refusalThrown } from "../../src/engine";
import { computePane, ids, readSettingsForm, readVessel, typedDimension, usdOfCents } from "../../src/taskpane/form";
import { neutralizeFormula, quoteTableRows, toCsv, toTsv } from "../../src/taskpane/export-table";
import {
  addFeeRow,
  addSurchargeRow,
  addTransit,
  deserializeState,
  initialState,
  PaneState,
  serializeState,
  setField,
} from "../../src/taskpane/state";

/** 600 ft 6 in × 80 ft × 40 ft ÷ 10,000 = 600.5 × 3,200 ÷ 10,000 = 1,921,600 ÷ 10,000 = 192.16 units. */
function vessel600(state: PaneState): void {
  setField(state, "vessel.name", "EVER FORWARD");
  setField(state, "vessel.length.feet", "600");
  setField(state, "vessel.length.inches", "6");
  setField(state, "vessel.breadth.feet", "80");
  setField(state, "vessel.depth.feet", "40");
}

/** The board rows the examples use (amounts are examples, not the boards' figures). */
function boardRows(state: PaneState): void {
  addFeeRow(state, { from: "2026-01-01", launch: "310.00", communication: "45.50", midriverLaunch: "125.25" });
  addSurchargeRow(state, { from: "2020-11-20", upTo50: "300.00", over50UpTo100: "360.00", perUnitOver100: "3.60" });
}

function twoTransitCall(): PaneState {
  const state = initialState();
  vessel600(state);
  boardRows(state);
  const [inbound] = state.transits;
  setField(state, `transit.${inbound.key}.date`, "2026-03-02");
  setField(state, `transit.${inbound.key}.hours`, "8");
  const outbound = addTransit(state);
  setField(state, `transit.${outbound.key}.section`, "2");
  setField(state, `transit.${outbound.key}.date`, "2027-01-15");
  setField(state, `transit.${outbound.key}.hours`, "11");
  setField(state, `transit.${outbound.key}.relievedAtMidRiver`, true);
  return state;
}

describe("the vessel's pilotage units (D1, D2)", () => {
  test("feet and inches: 600 ft 6 in × 80 ft × 40 ft ÷ 10,000 = 192.16", () => {
    const state = initialState();
    vessel600(state);
    const vessel = readVessel(state.vessel, DEFAULT_SETTINGS);
    expect(vessel.errors).toEqual([]);
    expect(vessel.unitsText).toBe("192.16");
    expect(vessel.working).toBe("600.50 ft × 80.00 ft × 40.00 ft ÷ 10,000");
    expect(typedDimension(state.vessel.length, "feet")).toBe("600 ft 6 in");
  });

  test("metres are converted at 1 ft = 0.3048 m and shown in feet: 182.88 m = 600 ft, 24.384 m = 80 ft, 12.192 m = 40 ft → 192.00", () => {
    const state = initialState();
    setField(state, "vessel.unit", "metres");
    setField(state, "vessel.length.metres", "182.88");
    setField(state, "vessel.breadth.metres", "24.384");
    setField(state, "vessel.depth.metres", "12.192");
    const vessel = readVessel(state.vessel, DEFAULT_SETTINGS);
    expect(vessel.feet).toEqual({ length: "600.00", breadth: "80.00", depth: "40.00" });
    expect(vessel.unitsText).toBe("192.00");
  });

  test("measurements not provided: the maximum charge, 500 units at Section 1's $15.32 (clause (xi)) = $7,660.00", () => {
    const state = initialState();
    setField(state, "vessel.notProvided", true);
    setField(state, `transit.${state.transits[0].key}.date`, "2026-06-15");
    const pane = computePane(state, DEFAULT_SETTINGS);
    expect(pane.vessel.unitsText).toMatch(/500 units.*§ 89-a\(4\)\(d\)/);
    const base = pane.transits[0].quote?.lines.find((l) => l.code === "base");
    expect(base?.amountCents).toBe(766000);
    expect(base?.citation).toContain("§ 89-a(4)(d)");
  });

  test("an error is named at the field it is about, with the engine's message", () => {
    const state = initialState();
    vessel600(state);
    setField(state, "vessel.breadth.feet", "eighty");
    setField(state, "vessel.length.inches", "13");
    const vessel = readVessel(state.vessel, DEFAULT_SETTINGS);
    expect(vessel.units).toBeNull();
    const byId = new Map(vessel.errors.map((e) => [e.id, e.message]));
    expect(byId.get(ids.dimension("breadth", "ft"))).toMatch(/extreme breadth "eighty" is not a measurement/);
    // 13 inches after feet: both the feet and the inches field are marked.
    expect(byId.get(ids.dimension("length", "ft"))).toMatch(/13 inches: inches after feet must be under 12/);
    expect(byId.get(ids.dimension("length", "in"))).toBe(byId.get(ids.dimension("length", "ft")));
    expect(byId.has(ids.dimension("depth", "ft"))).toBe(false);
  });

  test("a blank measurement is an error, never a maximum charge", () => {
    const state = initialState();
    setField(state, "vessel.length.feet", "600");
    const vessel = readVessel(state.vessel, DEFAULT_SETTINGS);
    expect(vessel.errors.map((e) => e.id)).toEqual([ids.dimension("breadth", "ft"), ids.dimension("depth", "ft")]);
    expect(vessel.errors[0].message).toMatch(/blank/);
  });
});

describe("a two-transit call", () => {
  test("inbound Lower River in 2026 and outbound Upper River in 2027, relieved mid-river: hand-worked subtotals and total", () => {
    const pane = computePane(twoTransitCall(), DEFAULT_SETTINGS);
    expect(pane.errors).toEqual([]);
    const [inbound, outbound] = pane.transits;
    const cents = (transit: typeof inbound) => Object.fromEntries((transit.quote?.lines ?? []).map((l) => [l.code, l.amountCents]));
    // Transit 1, Section 1, clause (xi): 192.16 × $15.32 = 2,943.8912 → $2,943.89
    //   surcharge, board row from 2020-11-20: 192.16 × $3.60 = 691.776 → $691.78
    //   8 h is not more than 10 h: second pilot $0.00; launch $310.00; communication $45.50
    //   subtotal 2,943.89 + 691.78 + 0 + 310.00 + 45.50 = $3,991.17
    expect(cents(inbound)).toEqual({ base: 294389, surcharge: 69178, second_pilot: 0, launch: 31000, communication: 4550 });
    expect(inbound.quote?.totalCents).toBe(399117);
    expect(inbound.quote?.citation).toBe("§ 89-a(4)(b)(1)(xi)");
    // Transit 2, Section 2, clause (xii): 192.16 × $22.23 = 4,271.7168 → $4,271.72
    //   surcharge $691.78; 11 h but relieved at the mid-river station: second pilot $0.00
    //   launch $310.00, communication $45.50, mid-river launch $125.25
    //   subtotal 4,271.72 + 691.78 + 0 + 310.00 + 45.50 + 125.25 = $5,444.25
    expect(cents(outbound)).toEqual({ base: 427172, surcharge: 69178, second_pilot: 0, launch: 31000, communication: 4550, midriver_launch: 12525 });
    expect(outbound.quote?.totalCents).toBe(544425);
    // Grand total 3,991.17 + 5,444.25 = $9,435.42
    expect(pane.grandTotalCents).toBe(943542);
    expect(usdOfCents(pane.grandTotalCents as number)).toBe("$9,435.42");
    expect(pane.complete).toBe(true);
    expect(pane.transits.map((t) => t.heading)).toEqual([
      "Transit 1: inbound, Section 1, Lower River, 2026-03-02",
      "Transit 2: outbound, Section 2, Upper River, 2027-01-15",
    ]);
  });

  test("a board fee not entered leaves the total incomplete, and a warning says so", () => {
    const state = twoTransitCall();
    state.boardFees = [];
    const pane = computePane(state, DEFAULT_SETTINGS);
    expect(pane.complete).toBe(false);
    // Without the fees: 2,943.89 + 691.78 + 0 = 3,635.67 and 4,271.72 + 691.78 + 0 = 4,963.50; sum $8,599.17.
    expect(pane.grandTotalCents).toBe(859917);
    expect(pane.transits[0].quote?.warnings).toContain("Launch fee not entered: the total leaves it out.");
  });

  test("relieved at mid-river on a Section 1 transit: not used, the second pilot charged, and the transit's warning says why (D21)", () => {
    const state = twoTransitCall();
    const [inbound] = state.transits;
    setField(state, `transit.${inbound.key}.hours`, "12");
    setField(state, `transit.${inbound.key}.relievedAtMidRiver`, true);
    const pane = computePane(state, DEFAULT_SETTINGS);
    // Inbound, Section 1, 2026-03-02, clause (xi): base 192.16 × $15.32 = $2,943.89; 12 h > 10 h and Section 1 never
    // reaches the mid-river station: 50% × $2,943.89 = $1,471.945 → $1,471.95.
    expect(pane.transits[0].quote?.lines.find((line) => line.code === "second_pilot")?.amountCents).toBe(147195);
    expect(pane.transits[0].quote?.warnings).toContain(
      "Relieved at the mid-river station is not used: a Section 1 transit (Yonkers through Hyde Park) does not reach the mid-river pilot station at Norrie Point, which serves Section 2 (§ 89-a(4)(b)(1-a), D21).",
    );
    // The outbound Section 2 transit's relief is the statute's own exception: no second pilot, no such warning.
    expect(pane.transits[1].quote?.lines.find((line) => line.code === "second_pilot")?.amountCents).toBe(0);
    expect(pane.transits[1].quote?.warnings.filter((w) => w.includes("D21"))).toEqual([]);
  });

  test("a transit's own error is named at its field, and the grand total waits for it", () => {
    const state = twoTransitCall();
    const second = state.transits[1].key;
    setField(state, `transit.${second}.hours`, "ten");
    setField(state, `transit.${state.transits[0].key}.date`, "2015-01-01");
    const pane = computePane(state, DEFAULT_SETTINGS);
    expect(pane.grandTotalCents).toBeNull();
    const byId = new Map(pane.errors.map((e) => [e.id, e.message]));
    expect(byId.get(ids.transit(second, "hours"))).toMatch(/continuous pilotage hours "ten" is not a number/);
    expect(byId.get(ids.transit(state.transits[0].key, "date"))).toMatch(/No § 89-a base pilotage schedule is encoded for 2015-01-01/);
  });

  test("a transit's fields are all checked, even while the vessel is not yet measured", () => {
    const state = initialState();
    const key = state.transits[0].key;
    setField(state, `transit.${key}.hours`, "-3");
    const pane = computePane(state, DEFAULT_SETTINGS);
    const transitErrors = pane.transits[0].errors;
    expect(transitErrors.map((e) => e.id)).toEqual([ids.transit(key, "date"), ids.transit(key, "hours")]);
    expect(transitErrors[0].message).toMatch(/date is blank/);
    expect(transitErrors[1].message).toMatch(/cannot be negative/);
    expect(pane.transits[0].quote).toBeNull();
  });

  test("board cells are checked one by one, each error at its cell; a blank row is ignored", () => {
    const state = twoTransitCall();
    const bad = addFeeRow(state, { from: "", launch: "lots", communication: "", midriverLaunch: "" });
    addFeeRow(state);
    const badSurcharge = addSurchargeRow(state, { from: "2030-01-01", upTo50: "300", over50UpTo100: "", perUnitOver100: "3.6" });
    const pane = computePane(state, DEFAULT_SETTINGS);
    expect(pane.errors.map((e) => e.id).sort()).toEqual(
      [ids.fee(bad.key, "from"), ids.fee(bad.key, "launch"), ids.surcharge(badSurcharge.key, "over50")].sort(),
    );
    expect(pane.grandTotalCents).toBeNull();
    expect(pane.transits[0].blocked).toMatch(/board-set amounts/);
  });

  test("the dated board rows: each applies from its date until the next", () => {
    const state = twoTransitCall();
    // A later fee row from 2027-01-01 raises the launch fee for the 2027 transit only.
    addFeeRow(state, { from: "2027-01-01", launch: "320.00", communication: "45.50", midriverLaunch: "125.25" });
    const pane = computePane(state, DEFAULT_SETTINGS);
    const launch = (i: number) => pane.transits[i].quote?.lines.find((l) => l.code === "launch")?.amountCents;
    expect([launch(0), launch(1)]).toEqual([31000, 32000]);
  });
});

describe("settings (D1, D4, D6, D11, D13)", () => {
  test("each bad setting is named at its field", () => {
    const base = initialState().settings;
    const cases: [Partial<typeof base>, string][] = [
      [{ unitsDecimals: "7" }, ids.setting("unitsDecimals")],
      [{ actEffectiveDate: "2017-01-01" }, ids.setting("actEffectiveDate")],
      [{ clauseVIStart: "2022-06-01" }, ids.setting("clauseVIStart")],
      [{ clauseVIStart: "June 2021" }, ids.setting("clauseVIStart")],
      [{ secondPilotBasis: "half" as never }, ids.setting("secondPilotBasis")],
      [{ recreationalExemption: "short" as never }, ids.setting("recreationalExemption")],
    ];
    for (const [change, id] of cases) {
      const result = readSettingsForm({ ...base, ...change });
      expect({ change, settings: result.settings, ids: result.errors.map((e) => e.id) }).toEqual({ change, settings: null, ids: [id] });
    }
    expect(readSettingsForm(base).settings).toEqual(DEFAULT_SETTINGS);
  });

  test("D4 flat amount at exactly 100 units: $1,530.48 instead of 100 × $15.32 = $1,532.00; the quote names the setting", () => {
    const state = initialState();
    // 250 ft × 40 ft × 100 ft ÷ 10,000 = 1,000,000 ÷ 10,000 = 100 units exactly.
    setField(state, "vessel.length.feet", "250");
    setField(state, "vessel.breadth.feet", "40");
    setField(state, "vessel.depth.feet", "100");
    setField(state, `transit.${state.transits[0].key}.date`, "2026-06-15");
    const base = (settings: typeof DEFAULT_SETTINGS) => computePane(state, settings).transits[0].quote?.lines.find((l) => l.code === "base")?.amountCents;
    expect(base(DEFAULT_SETTINGS)).toBe(153200);
    const flat = refusalThrown(resolveSettings({ at100Units: "flatAmount" }));
    expect(base(flat)).toBe(153048);
    expect(computePane(state, flat).settingsNotDefault).toEqual(["D4 charge at exactly 100 units: flatAmount"]);
    expect(computePane(state, DEFAULT_SETTINGS).settingsNotDefault).toEqual([]);
  });
});

describe("the § 89-a(1) compliance check (D13)", () => {
  const check = (change: Partial<PaneState["compliance"]>) => {
    const state = initialState();
    Object.assign(state.compliance, change);
    return computePane(state, DEFAULT_SETTINGS).compliance;
  };

  test("nothing entered: no answer and no errors", () => {
    expect(check({})).toEqual({ started: false, answer: null, errors: [] });
  });

  test("a foreign vessel of 299 GRT with a 7 ft draft: excepted only when it proceeds otherwise than by sea", () => {
    expect(check({ vesselStatus: "foreign", grossTons: "299", loadedDraftFt: "7", proceedsBySea: false }).answer?.answer).toBe("NOT REQUIRED");
    expect(check({ vesselStatus: "foreign", grossTons: "299", loadedDraftFt: "7", proceedsBySea: true }).answer?.answer).toBe("REQUIRED");
    expect(check({ vesselStatus: "foreign", grossTons: "300", loadedDraftFt: "7", proceedsBySea: false }).answer?.answer).toBe("REQUIRED");
  });

  test("a recreational vessel is for the board's discretion at any length; from 200 ft the pane shows the note on the under-200-ft sentence", () => {
    expect(check({ vesselStatus: "registered", grossTons: "500", loadedDraftFt: "9", recreational: true, lengthFt: "199" }).answer?.note).toBeNull();
    const long = check({ vesselStatus: "registered", grossTons: "500", loadedDraftFt: "9", recreational: true, lengthFt: "240" }).answer;
    expect(long?.answer).toBe("BOARD DISCRETION");
    expect(long?.reason).toContain('"of less than two hundred feet in length"');
    expect(check({ vesselStatus: "registered", grossTons: "500", loadedDraftFt: "9", recreational: true }).answer?.answer).toBe("BOARD DISCRETION");
  });

  test("under the setting under200Ft, 200 ft is REQUIRED and the length is asked for at the length field", () => {
    const under200 = refusalThrown(resolveSettings({ recreationalExemption: "under200Ft" }));
    const state = initialState();
    Object.assign(state.compliance, { vesselStatus: "registered", grossTons: "500", loadedDraftFt: "9", recreational: true, lengthFt: "200" });
    expect(computePane(state, under200).compliance.answer?.answer).toBe("REQUIRED");
    state.compliance.lengthFt = "";
    expect(computePane(state, under200).compliance.errors.map((e) => e.id)).toEqual([ids.compliance("length")]);
  });

  test("bad numbers are named at their fields", () => {
    expect(check({ vesselStatus: "foreign", grossTons: "heavy", loadedDraftFt: "7" }).errors.map((e) => e.id)).toEqual([ids.compliance("grt")]);
    expect(check({ vesselStatus: "", grossTons: "100", loadedDraftFt: "7" }).errors.map((e) => e.id)).toEqual([ids.compliance("status")]);
    expect(check({ vesselStatus: "enrolled", grossTons: "100", loadedDraftFt: "0" }).errors.map((e) => e.id)).toEqual([ids.compliance("draft")]);
  });
});

describe("state: bindings and saving", () => {
  test("setField accepts only the state's own paths and value types", () => {
    const state = initialState();
    const key = state.transits[0].key;
    expect(setField(state, "vessel.name", "A")).toBe(true);
    expect(setField(state, `transit.${key}.section`, "2")).toBe(true);
    expect(setField(state, `transit.${key}.section`, "3")).toBe(false);
    expect(setField(state, `transit.${key}.relievedAtMidRiver`, "yes")).toBe(false);
    expect(setField(state, "transit.999.date", "2026-01-01")).toBe(false);
    expect(setField(state, "vessel.__proto__", "x")).toBe(false);
    expect(setField(state, "settings.at100Units", "half")).toBe(false);
    expect(setField(state, "settings.secondPilotBasis", "surcharge")).toBe(false);
    expect(setField(state, "settings.secondPilotBasis", "basePlusSurcharge")).toBe(true);
    expect(setField(state, "settings.recreationalExemption", "under200Ft")).toBe(true);
    expect(state.transits[0].section).toBe("2");
  });

  test("a saved pane comes back; a damaged or foreign entry is ignored", () => {
    const state = twoTransitCall();
    const restored = deserializeState(serializeState(state));
    expect(restored?.transits.map((t) => [t.section, t.date, t.hours, t.relievedAtMidRiver])).toEqual([
      ["1", "2026-03-02", "8", false],
      ["2", "2027-01-15", "11", true],
    ]);
    expect(restored && computePane(restored, DEFAULT_SETTINGS).grandTotalCents).toBe(943542);
    expect(deserializeState("{not json")).toBeNull();
    expect(deserializeState(JSON.stringify({ version: 99, state: {} }))).toBeNull();
    const odd = deserializeState(JSON.stringify({ version: 1, state: { vessel: { name: 5, unit: "cubits" }, transits: "many" } }));
    expect(odd?.vessel.name).toBe("");
    expect(odd?.vessel.unit).toBe("feet");
    expect(odd?.transits.length).toBe(1);
  });
});

describe("the quote as a table (copy, CSV)", () => {
  test("rows carry the lines, authorities, subtotals and the grand total", () => {
    const state = twoTransitCall();
    const rows = quoteTableRows(state, computePane(state, DEFAULT_SETTINGS), "plain") as string[][];
    expect(rows[1]).toEqual(["Vessel", "EVER FORWARD"]);
    expect(rows).toContainEqual(["Transit 1 subtotal", "3991.17", "§ 89-a(4)(b)(1)(xi)", ""]);
    expect(rows).toContainEqual(["Grand total", "9435.42", "", ""]);
    expect(rows.find((r) => r[0] === "Note")?.[2]).toBe("§ 89-a(4)(b)(3)");
    const display = quoteTableRows(state, computePane(state, DEFAULT_SETTINGS), "display") as string[][];
    expect(display).toContainEqual(["Grand total", "$9,435.42", "", ""]);
  });

  test("no table until every transit is quoted", () => {
    const state = initialState();
    expect(quoteTableRows(state, computePane(state, DEFAULT_SETTINGS), "plain")).toBeNull();
  });

  test("CSV quotes what needs quoting and never lets a cell run as a formula", () => {
    expect(toCsv([["a,b", 'say "hi"', "=HYPERLINK(\"x\")", "-1+2", "@SUM(A1)", "plain"]])).toBe(
      '"a,b","say ""hi""","\'=HYPERLINK(""x"")",\'-1+2,\'@SUM(A1),plain\r\n',
    );
    expect(neutralizeFormula("+cmd")).toBe("'+cmd");
    expect(toTsv([["a\tb", "c\nd"]])).toBe("a b\tc d\n");
  });
});

describe("D25 in the task pane: a transit on the eve of a change of rates", () => {
  test("2026-12-31, 12 hours: the transit's warnings name clause (xii) on 2027-01-01 and the date used", () => {
    const state = twoTransitCall();
    const [inbound] = state.transits;
    setField(state, `transit.${inbound.key}.date`, "2026-12-31");
    setField(state, `transit.${inbound.key}.hours`, "12");
    const pane = computePane(state, DEFAULT_SETTINGS);
    const quote = pane.transits[0].quote;
    // Priced at 2026-12-31: clause (xi), Section 1, 192.16 × $15.32 = $2,943.8912 → $2,943.89.
    expect(quote?.clause).toBe("xi");
    expect(quote?.lines.find((line) => line.code === "base")?.amountCents).toBe(294389);
    expect(quote?.warnings).toContain(
      "Rates change on 2027-01-01: a transit boarding that day is priced under clause (xii)'s base pilotage rates (§ 89-a(4)(b)(1)(xii)). " +
        "A transit of 12 hours that boards on 2026-12-31 after 12:00 is still under way then; the whole transit is priced at the rates in force on 2026-12-31, " +
        "the date entered, taken as the day the pilot boards (D25). If the pilot boards on 2027-01-01 or later, enter that date.",
    );
    // The outbound transit (2027-01-15) is on no eve of a change.
    expect(pane.transits[1].quote?.warnings.filter((w) => w.includes("D25"))).toEqual([]);
  });

  test(`a length typed 600'' is 600 inches: the pane's quotes say the shape is implausible`, () => {
    const state = twoTransitCall();
    setField(state, "vessel.length.feet", "600''");
    setField(state, "vessel.length.inches", "");
    const pane = computePane(state, DEFAULT_SETTINGS);
    expect(pane.transits[0].quote?.warnings.some((w) => w.startsWith("The vessel's shape is implausible: the overall length, 50 ft"))).toBe(true);
  });
});

describe("two-digit years in the transit date, as Excel reads them (00–29 → 20xx)", () => {
  /*
   * 200 ft × 50 ft × 40 ft ÷ 10,000 = 40 units, Section 1, 2026-06-15, 6 hours (one pilot): clause
   * (xi) up to 50 units $1,070.58; surcharge 0–50 units $300.00; fees $300.00 + $45.50 (no mid-river
   * launch on Section 1) = $345.50. Total $1,070.58 + $300.00 + $345.50 = $1,716.08.
   */
  function paneFor(date: string) {
    const state = initialState();
    setField(state, "vessel.length.feet", "200");
    setField(state, "vessel.breadth.feet", "50");
    setField(state, "vessel.depth.feet", "40");
    addFeeRow(state, { from: "2024-01-01", launch: "300.00", communication: "45.50", midriverLaunch: "125.00" });
    addSurchargeRow(state, { from: "2020-11-20", upTo50: "300.00", over50UpTo100: "360.00", perUnitOver100: "3.60" });
    const [transit] = state.transits;
    setField(state, `transit.${transit.key}.date`, date);
    setField(state, `transit.${transit.key}.hours`, "6");
    return computePane(state, DEFAULT_SETTINGS);
  }

  test.each(["2026-06-15", "0026-06-15", "6/15/26", "06/15/26", "15-Jun-26"])("%s is June 15th, 2026: $1,716.08, the heading names the date used", (date) => {
    const pane = paneFor(date);
    expect(pane.errors).toEqual([]);
    expect(pane.grandTotalCents).toBe(171608);
    expect(pane.transits[0].heading).toMatch(/, 2026-06-15$/);
  });

  test("a date that reads two ways (3/6/26) or not at all is marked, never guessed", () => {
    for (const date of ["3/6/26", "6/31/26"]) {
      const pane = paneFor(date);
      expect(pane.grandTotalCents).toBeNull();
      expect(pane.errors.map((error) => error.id)).toEqual(["transit-1-date"]);
    }
  });
});
