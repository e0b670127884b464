/**
 * The reconciliation model: header guessing, mapping corrections, per-row amounts and variances,
 * the summary, and the combined board rates table. Expected amounts are worked by hand from
 * § 89-a in each test (test/engine/hand.ts does the cents arithmetic).
 */
import { DEFAULT_SETTINGS, Money, PilotageInputError, resolveSettings } from "../../src/engine";
import {
  applyMappingOverrides,
  BoardRates,
  ColumnMapping,
  describeMapping,
  ExactAmount,
  findColumn,
  guessField,
  guessMapping,
  headerUnit,
  MappingError,
  Outcome,
  parseFieldName,
  parseMappingOverride,
  planTable,
  quoteRow,
  readBoardRates,
  ReconciledRow,
  reconcileRow,
  ReconcileTally,
  rowRanges,
  TablePlan,
} from "../../src/engine/reconcile";
import { halfOf, perUnitAmount, sumOf } from "./hand";

/** The boards' amounts used throughout (examples, not the boards' figures). */
const RATES: BoardRates = readBoardRates([
  { rowNumber: 1, cells: ["table", "from", "a", "b", "c"] },
  { rowNumber: 2, cells: ["fees", "2024-01-01", "300.00", "45.50", "125.00"] },
  { rowNumber: 3, cells: ["surcharge", "2020-11-20", "300.00", "360.00", "3.60"] },
]);

function plan(headers: string[], purpose: "reconcile" | "batch" = "reconcile", overrides: string[] = []): TablePlan {
  const mapping = applyMappingOverrides(guessMapping(headers), overrides.map(parseMappingOverride));
  return planTable(mapping, purpose, { settings: DEFAULT_SETTINGS, boardFees: RATES.fees, boardSurcharge: RATES.surcharge });
}

function cents(outcome: Outcome<number>): string {
  if (!outcome.ok) return outcome.error.code;
  return ExactAmount.ofCents(outcome.value).toText();
}

function exact(outcome: Outcome<ExactAmount> | undefined): string {
  if (outcome === undefined) return "missing";
  return outcome.ok ? outcome.value.toText() : outcome.error.code;
}

function amounts(row: ReconciledRow) {
  return {
    base: cents(row.computed.base),
    surcharge: cents(row.computed.surcharge),
    second_pilot: cents(row.computed.second_pilot),
    board_fees: cents(row.computed.board_fees),
    total: cents(row.computed.total),
  };
}

describe("guessing a column from its header", () => {
  test.each([
    ["Vessel", "vessel"],
    ["Ship name", "vessel"],
    ["LOA (m)", "length"],
    ["Length overall", "length"],
    ["Length ft", "length"],
    ["Beam", "breadth"],
    ["Extreme breadth (ft)", "breadth"],
    ["Depth", "depth"],
    ["Moulded depth", "depth"],
    ["Pilotage units", "units"],
    ["PU", "units"],
    ["units", "units"],
    ["Unit", "unit"],
    ["River", "section"],
    ["SECTION", "section"],
    ["Transit date", "date"],
    ["Date (YYYY-MM-DD)", "date"],
    ["Hours", "hours"],
    ["Continuous pilotage hours", "hours"],
    ["Relieved at mid-river", "relieved"],
    ["Anchored ≥ 8 h", "anchored"],
    ["Billed", "billed_total"],
    ["Invoice total", "billed_total"],
    ["Total", "billed_total"],
    ["Amount due", "billed_total"],
    ["Billed base pilotage", "billed_base"],
    ["Base pilotage", "billed_base"],
    ["Surcharge", "billed_surcharge"],
    ["Invoiced surcharge", "billed_surcharge"],
    ["Surcharge billed", "billed_surcharge"],
    ["2nd pilot", "billed_second_pilot"],
    ["Second-pilot fee", "billed_second_pilot"],
    ["Launch fee", "billed_launch"],
    ["Comms", "billed_communication"],
    ["Communication fee ($)", "billed_communication"],
    ["Mid-river launch", "billed_midriver_launch"],
    ["Midriver launch fee", "billed_midriver_launch"],
  ])("%j → %s", (header, field) => {
    expect(guessField(header)).toBe(field);
  });

  test.each(["Invoice date", "Invoice no.", "Computed total", "Variance", "Variance base pilotage", "Flag", "Note", "Agent", "", "   ", "Quote total"])(
    "%j is not an input",
    (header) => {
      expect(guessField(header)).toBeNull();
    },
  );

  test("a measurement header may name its unit", () => {
    expect(headerUnit("LOA (m)")).toBe("m");
    expect(headerUnit("Beam ft")).toBe("ft");
    expect(headerUnit("Depth [in]")).toBe("in");
    expect(headerUnit("Length")).toBeNull();
    expect(headerUnit("Billed (USD)")).toBeNull();
  });

  test("the first column for a field wins; the others are noted, not used", () => {
    const mapping = guessMapping(["Date", "Vessel", "Transit date", "Units"]);
    expect(mapping.fields).toEqual(["date", "vessel", null, "units"]);
    expect(mapping.notes).toEqual(['column C "Transit date" also looks like the transit date; column A "Date" is used.']);
  });

  test("describeMapping names each field's column", () => {
    expect(describeMapping(guessMapping(["Ship", "PU", "River", "Date", "Billed"]))).toEqual([
      'vessel ← column A "Ship"',
      'pilotage units ← column B "PU"',
      'section ← column C "River"',
      'transit date ← column D "Date"',
      'billed total ← column E "Billed"',
    ]);
  });
});

describe("correcting the mapping (--map col=field)", () => {
  const headers = ["Ship", "GT", "Pilot bill", "River", "When", "Units"];

  test("a header or a column letter, then a field; ignore unmaps", () => {
    expect(parseMappingOverride("Pilot bill=billed_total")).toEqual({ column: "Pilot bill", field: "billed_total" });
    expect(parseMappingOverride("e = date")).toEqual({ column: "e", field: "date" });
    expect(parseMappingOverride("a=b=billed-total")).toEqual({ column: "a=b", field: "billed_total" });
    expect(parseFieldName("Billed total")).toBe("billed_total");
    expect(parseFieldName("ignore")).toBeNull();
    const mapping = applyMappingOverrides(guessMapping(headers), [
      parseMappingOverride("pilot bill=billed_total"),
      parseMappingOverride("E=date"),
      parseMappingOverride("Ship=ignore"),
    ]);
    expect(mapping.fields).toEqual([null, null, "billed_total", "section", "date", "units"]);
  });

  test("giving a field to a column takes it from the column that had it", () => {
    const mapping: ColumnMapping = applyMappingOverrides(guessMapping(["Date", "Sailed", "Units", "River", "Total"]), [parseMappingOverride("Sailed=date")]);
    expect(mapping.fields).toEqual([null, "date", "units", "section", "billed_total"]);
  });

  test("mistakes are MappingErrors that say what to do", () => {
    expect(() => parseMappingOverride("billed_total")).toThrow(/must be column=field/);
    expect(() => parseFieldName("price")).toThrow(/"price" is not a field: use one of vessel, units/);
    expect(() => findColumn(headers, "Cost")).toThrow(/No column "Cost"; the columns are A "Ship", B "GT"/);
    expect(() => findColumn(["Total", "total"], "TOTAL")).toThrow(/2 columns are headed "TOTAL" \(A, B\): name the column by its letter/);
    expect(findColumn(headers, "f")).toBe(5);
    expect(() => findColumn(headers, "Z")).toThrow(MappingError);
    expect(() =>
      applyMappingOverrides(guessMapping(headers), [parseMappingOverride("A=date"), parseMappingOverride("B=date")]),
    ).toThrow(/transit date is mapped to two columns \(A and B\)/);
  });
});

describe("checking a mapping for its purpose", () => {
  test("reconcile needs units (or the three measurements), section, date and a billed amount", () => {
    expect(() => plan(["Vessel", "Units", "Section", "Date"])).toThrow(/No column found for a billed amount/);
    expect(() => plan(["Vessel", "Billed", "Date"])).toThrow(/No column found for pilotage units \(or length, breadth and depth\); section\. The columns are A "Vessel", B "Billed", C "Date"/);
    expect(() => plan(["LOA", "Beam", "Section", "Date", "Billed"])).toThrow(/No column found for depth\./);
    expect(() => plan(["Units", "LOA", "Beam", "Depth", "Section", "Date", "Billed"])).toThrow(/Both a pilotage units column and measurement columns/);
  });

  test("batch needs no billed amount, and ignores any", () => {
    const batch = plan(["Units", "Section", "Date", "Billed"], "batch");
    expect(batch.billed).toEqual([]);
  });

  test("measurement units come from the headers, and must agree", () => {
    expect(plan(["LOA (m)", "Beam (m)", "Depth (m)", "Section", "Date", "Billed"]).measurementUnit).toBe("m");
    expect(plan(["LOA", "Beam", "Depth", "Section", "Date", "Billed"]).measurementUnit).toBeNull();
    expect(() => plan(["LOA (m)", "Beam (m)", "Depth", "Section", "Date", "Billed"])).toThrow(
      /The measurement headers disagree \(overall length in m, extreme breadth in m, depth has no unit\)/,
    );
  });
});

describe("reconciling a row (clause (xi), 2026; board fees $300.00 / $45.50 / $125.00; board surcharge $300 / $360 / $3.60)", () => {
  const charges = plan(["Vessel", "Units", "Section", "Date", "Hours", "Base", "Surcharge", "2nd pilot", "Launch", "Communication", "Mid-river launch"]);

  test("per-charge billing: one charge $10.00 over is flagged with its own variance and the row's", () => {
    // 192.16 units, Section 2, 2026-06-15 → clause (xi), $21.58 per unit.
    const base = perUnitAmount("21.58", "192.16"); // 2158 × 19216 = 41,468,128 → $4,146.8128 → $4,146.81
    const surcharge = perUnitAmount("3.60", "192.16"); // 360 × 19216 = 6,917,760 → $691.776 → $691.78
    const secondPilot = halfOf(base); // 12 h > 10 h: 50% × $4,146.81 = $2,073.405 → $2,073.41
    const fees = sumOf(["300.00", "45.50", "125.00"]); // Section 2: launch + communication + mid-river launch
    expect([base, surcharge, secondPilot, fees]).toEqual(["4146.81", "691.78", "2073.41", "470.50"]);
    const row = reconcileRow(["Alpha", "192.16", "Upper", "2026-06-15", "12", base, surcharge, secondPilot, "310.00", "45.50", "125.00"], charges);
    expect(amounts(row)).toEqual({ base, surcharge, second_pilot: secondPilot, board_fees: fees, total: sumOf([base, surcharge, secondPilot, fees]) });
    expect(cents(row.computed.total)).toBe("7382.50");
    expect(exact(row.variances.billed_base)).toBe("0.00");
    expect(exact(row.variances.billed_launch)).toBe("10.00");
    expect(exact(row.variances.billed_midriver_launch)).toBe("0.00");
    // No billed total: the row's variance is the billed charges against theirs, 7,392.50 − 7,382.50.
    expect(exact(row.variance)).toBe("10.00");
    expect(row.billedAmount?.toText()).toBe("7392.50");
    expect(row.computedAmount?.toText()).toBe("7382.50");
    expect(row.checked).toBe(true);
    expect(row.flagged).toBe(true);
    expect(row.note).toBe("Launch fee billed $310.00, computed $300.00: $10.00 over.");
  });

  test("Section 1: no mid-river launch fee, so a blank billed one matches; no hours, no second pilot", () => {
    // 40 units ≤ 50, Section 1: flat $1,070.58; surcharge 0–50 band $300.00; fees $300.00 + $45.50.
    const row = reconcileRow(["Beta", "40", "Lower", "2026-03-01", "", "1070.58", "300", "", "300", "45.5", ""], charges);
    expect(amounts(row)).toEqual({ base: "1070.58", surcharge: "300.00", second_pilot: "0.00", board_fees: "345.50", total: "1716.08" });
    expect(cents(row.computed.midriver_launch)).toBe("0.00");
    expect(exact(row.variances.billed_midriver_launch)).toBe("0.00");
    expect(exact(row.variance)).toBe("0.00");
    expect(row.flagged).toBe(false);
    expect(row.note).toBe("");
  });

  const totals = plan(["Vessel", "Units", "Section", "Date", "Hours", "Relieved", "Anchored", "Invoice total"]);

  test.each([
    // 40 units, Section 1, 2026: $1,070.58 + $300.00 + $300.00 + $45.50 = $1,716.08
    ["1716.08", "0.00", false],
    ["$1,716.08", "0.00", false],
    [1716.08, "0.00", false],
    // Half a cent is not a variance: a variance is a difference of $0.01 or more.
    ["1716.085", "0.005", false],
    ["1716.075", "-0.005", false],
    ["1716.09", "0.01", true],
    ["1716.07", "-0.01", true],
    // A blank billed total is $0.00.
    ["", "-1716.08", true],
  ])("billed %j → variance %s, flagged %s", (billed, variance, flagged) => {
    const row = reconcileRow(["Beta", "40", "1", "2026-03-01", "", "", "", billed], totals);
    expect(exact(row.variance)).toBe(variance);
    expect(row.flagged).toBe(flagged);
    expect(row.checked).toBe(true);
  });

  test("relieved at mid-river or anchored 8 hours: no second pilot (D11)", () => {
    // 271.43 units, Section 2: 271.43 × $21.58 = $5,857.4594 → $5,857.46; surcharge 271.43 × $3.60 = $977.148 → $977.15.
    const base = perUnitAmount("21.58", "271.43");
    const surcharge = perUnitAmount("3.60", "271.43");
    expect([base, surcharge]).toEqual(["5857.46", "977.15"]);
    const total = sumOf([base, surcharge, "300.00", "45.50", "125.00"]); // $7,305.11
    for (const [relieved, anchored] of [["yes", ""], ["", "TRUE"]]) {
      const row = reconcileRow(["Gamma", 271.43, 2, "2026-09-30", 14, relieved, anchored, total], totals);
      expect(cents(row.computed.second_pilot)).toBe("0.00");
      expect(row.flagged).toBe(false);
    }
    const twoPilots = reconcileRow(["Gamma", 271.43, 2, "2026-09-30", 14, "no", "no", total], totals);
    // 14 h, neither: 50% × $5,857.46 = $2,928.73
    expect(cents(twoPilots.computed.second_pilot)).toBe(halfOf(base));
    expect(exact(twoPilots.variance)).toBe("-2928.73");
    expect(twoPilots.note).toBe("Total billed $7,305.11, computed $10,233.84: $2,928.73 under.");
  });

  test("measurements not provided (D2): the charge at 500 units", () => {
    // Section 2: 500 × $21.58 = $10,790.00; surcharge 500 × $3.60 = $1,800.00; fees $470.50.
    const row = reconcileRow(["Delta", "unmeasured", "Upper", "2026-12-31", "", "", "", "13060.50"], totals);
    expect(amounts(row)).toEqual({ base: "10790.00", surcharge: "1800.00", second_pilot: "0.00", board_fees: "470.50", total: "13060.50" });
    expect(row.flagged).toBe(false);
  });

  test("a statutory surcharge period; board fees not yet in force make the total not entered", () => {
    // 2020-03-02: clause (v) (from 2019-11-20, assumed anchor 2015-11-20), Section 1, 120 units:
    // 120 × $13.07 = $1,568.40; surcharge, 49th–60th month: 120 × $3.41 = $409.20. The board fee
    // rows start 2024-01-01, so no fee is in force: the total is #N/A and a billed total cannot be checked.
    const row = reconcileRow(["Echo", "120", "1", "2020-03-02", "", "", "", "2000"], totals);
    expect(cents(row.computed.base)).toBe(perUnitAmount("13.07", "120"));
    expect(cents(row.computed.surcharge)).toBe(perUnitAmount("3.41", "120"));
    expect(cents(row.computed.total)).toBe("#N/A");
    expect(cents(row.computed.board_fees)).toBe("#N/A");
    expect(row.checked).toBe(false);
    expect(row.flagged).toBe(true);
    expect(row.inputError).toBeNull();
    expect(row.note).toMatch(/^Total not checked: Not entered for 2020-03-02: launch fee, communication fee\./);
    // Billing the base only, the same row is checked: $1,568.40 billed matches.
    const baseOnly = reconcileRow(["Echo", "120", "1", "2020-03-02", "1568.40"], plan(["Vessel", "Units", "Section", "Date", "Base"]));
    expect(baseOnly.flagged).toBe(false);
    expect(exact(baseOnly.variance)).toBe("0.00");
  });

  test("unreadable cells become the error values the NYPILOT formulas show, column by column", () => {
    // Section "3": base and total #VALUE!; the surcharge needs only units and date, so it is computed:
    // 120 units over 100 → 120 × $3.60 = $432.00. With 12 hours the second pilot carries the base's error.
    const row = reconcileRow(["Foxtrot", "120", "3", "2026-01-02", "12", "", "", "100"], totals);
    expect(amounts(row)).toEqual({ base: "#VALUE!", surcharge: "432.00", second_pilot: "#VALUE!", board_fees: "#VALUE!", total: "#VALUE!" });
    expect(row.inputError?.message).toMatch(/The section is "3"/);
    expect(row.checked).toBe(false);
    expect(row.flagged).toBe(true);
    // A date before clause (i): #N/A, nothing applies.
    const early = reconcileRow(["Golf", "120", "1", "2015-11-19", "", "", "", "100"], totals);
    expect(amounts(early).base).toBe("#N/A");
    expect(early.note).toMatch(/No § 89-a base pilotage schedule is encoded for 2015-11-19/);
    // An unreadable billed amount: the computed amounts stand, the variance is #VALUE!.
    const billed = reconcileRow(["Hotel", "40", "1", "2026-03-01", "", "", "", "twelve"], totals);
    expect(amounts(billed).total).toBe("1716.08");
    expect(exact(billed.variance)).toBe("#VALUE!");
    expect(billed.note).toBe('Total not checked: The billed total "twelve" is not a number.');
    // An error value read from a workbook cell is passed on.
    const held = reconcileRow(["India", { error: "#REF!" }, "1", "2026-03-01", "", "", "", "100"], totals);
    expect(amounts(held).base).toBe("#REF!");
  });

  test("units from the three measurements, in the headers' unit", () => {
    // 600' 6" × 80 × 40 ÷ 10,000 = 192.16 units; in metres 183.0324 × 24.384 × 12.192 (÷ 0.3048 each) is the same.
    const feet = plan(["LOA", "Beam", "Depth", "Section", "Date", "Billed"]);
    const inFeet = reconcileRow([`600' 6"`, "80", "40", "2", "2026-06-15", "5308.09"], feet);
    // 4,146.81 + 691.78 + 470.50 = 5,309.09: billed $1.00 under.
    expect(inFeet.units.ok && inFeet.units.value?.toString()).toBe("192.16");
    expect(exact(inFeet.variance)).toBe("-1.00");
    const metres = plan(["LOA (m)", "Beam (m)", "Depth (m)", "Section", "Date", "Billed"]);
    const inMetres = reconcileRow(["183.0324", "24.384", "12.192", "2", "2026-06-15", "5309.09"], metres);
    expect(inMetres.units.ok && inMetres.units.value?.toString()).toBe("192.16");
    expect(inMetres.flagged).toBe(false);
  });

  test("settings apply: D4 flat amount at exactly 100 units", () => {
    // 100 units, Section 1, 2026: per-unit 100 × $15.32 = $1,532.00 by default; flat $1,530.48 with at100Units flatAmount.
    const mapping = guessMapping(["Units", "Section", "Date", "Base"]);
    const flat = planTable(mapping, "reconcile", { settings: resolveSettings({ at100Units: "flatAmount" }), boardFees: [], boardSurcharge: [] });
    expect(cents(reconcileRow(["100", "1", "2026-05-05", "1530.48"], flat).computed.base)).toBe("1530.48");
    expect(cents(reconcileRow(["100", "1", "2026-05-05", "1530.48"], plan(["Units", "Section", "Date", "Base"])).computed.base)).toBe("1532.00");
  });
});

describe("quoting a row (batch)", () => {
  const batch = plan(["Vessel", "Units", "Section", "Date", "Hours"], "batch");

  test("a quote for a good row, the first unreadable input for a bad one", () => {
    const good = quoteRow(["Alpha", "192.16", "Upper", "2026-06-15", "12"], batch);
    expect(good.error).toBeNull();
    expect(good.quote?.totalCents).toBe(738250);
    const bad = quoteRow(["Bravo", "192.16", "Upper", "2026-02-30", "twelve"], batch);
    expect(bad.quote).toBeNull();
    expect(bad.error?.message).toMatch(/2026-02-30 does not exist/);
  });
});

describe("the summary", () => {
  test("counts, exact sums over the rows checked, malformed rows by number", () => {
    const totals = plan(["Units", "Section", "Date", "Billed"]);
    const tally = new ReconcileTally();
    // 40 units S1 2026: $1,716.08 (see above); 120 units S1 2026: 120 × $15.32 = $1,838.40, surcharge 120 × $3.60 = $432.00, fees $345.50 → $2,615.90.
    tally.addRow(reconcileRow(["40", "1", "2026-03-01", "1716.08"], totals));
    tally.addRow(reconcileRow(["120", "1", "2026-03-01", "2625.90"], totals));
    tally.addRow(reconcileRow(["120", "1", "2026-03-01", "2615.895"], totals));
    tally.addRow(reconcileRow(["abc", "1", "2026-03-01", "99"], totals));
    tally.addMalformed(7, "has 3 fields; the header has 4");
    tally.addMalformed(8, "has 5 fields; the header has 4");
    const summary = tally.summary();
    expect(summary).toEqual({
      rows: 6,
      rowsRead: 4,
      malformedRows: 2,
      malformedRowNumbers: [7, 8],
      malformedExamples: [
        { rowNumber: 7, error: "has 3 fields; the header has 4" },
        { rowNumber: 8, error: "has 5 fields; the header has 4" },
      ],
      rowsChecked: 3,
      rowsNotChecked: 1,
      rowsWithInputErrors: 1,
      rowsFlagged: 2,
      rowsMatched: 2,
      // 1,716.08 + 2,625.90 + 2,615.895 = 6,957.875; 1,716.08 + 2,615.90 × 2 = 6,947.88
      billed: "6957.875",
      computed: "6947.88",
      variance: "9.995",
      allMatched: false,
    });
  });

  test("nothing flagged and nothing malformed is all matched", () => {
    const tally = new ReconcileTally();
    tally.addRow(reconcileRow(["40", "1", "2026-03-01", "1716.08"], plan(["Units", "Section", "Date", "Billed"])));
    expect(tally.summary().allMatched).toBe(true);
  });

  test("row numbers shown as runs", () => {
    expect(rowRanges([7, 12, 13, 14, 15, 30])).toBe("7, 12–15, 30");
    expect(rowRanges([])).toBe("");
  });
});

describe("exact amounts", () => {
  test("cents when possible, Decimal beyond; text keeps every digit", () => {
    expect(ExactAmount.ofNumber(1234.56).wholeCents).toBe(123456);
    expect(ExactAmount.ofNumber(0.1 + 0.2).toText()).toBe("0.30000000000000004");
    expect(ExactAmount.ofDecimal(new Money("1716.085")).minus(ExactAmount.ofCents(171608)).toText()).toBe("0.005");
    expect(ExactAmount.ofCents(-5).toText()).toBe("-0.05");
    expect(ExactAmount.ofCents(-123456789).toUsd()).toBe("-$1,234,567.89");
    expect(ExactAmount.ofDecimal(new Money("-1234.565")).toUsd()).toBe("-$1,234.565");
    expect(ExactAmount.ofDecimal(new Money("0.0099")).isVariance).toBe(false);
    expect(ExactAmount.ofDecimal(new Money("-0.01")).isVariance).toBe(true);
    expect(ExactAmount.ofCents(Number.MAX_SAFE_INTEGER).plus(ExactAmount.ofCents(2)).toText()).toBe("90071992547409.93");
  });
});

describe("the combined board rates table", () => {
  test("header optional, any order, sorted by date; blank and 0 fees not entered", () => {
    const rates = readBoardRates([
      { rowNumber: 1, cells: ["surcharge", "2021-01-01", "310", "370", "3.605"] },
      { rowNumber: 2, cells: ["Fees", "2025-01-01", "310.00", "", "0"] },
      { rowNumber: 3, cells: ["", "", "", "", ""] },
      { rowNumber: 4, cells: ["fees", "2024-01-01", "300.00", "45.50", "125.00"] },
    ]);
    expect(rates.fees.map((row) => [row.from, row.launch?.toString() ?? null, row.communication?.toString() ?? null, row.midriver_launch?.toString() ?? null])).toEqual([
      ["2024-01-01", "300", "45.5", "125"],
      ["2025-01-01", "310", null, null],
    ]);
    expect(rates.surcharge).toEqual([{ from: "2021-01-01", upTo50Units: "310", over50UpTo100Units: "370", perUnitOver100Units: "3.605" }]);
  });

  test.each([
    [[["fee", "2024-01-01", "300", "45.50", "125"], ["fees", "2024-01-01", "310", "", ""]], /Board rates row 2: a second fees row from 2024-01-01 \(also row 1\)/],
    [[["launch", "2024-01-01", "300", "", ""]], /row 1: the table is "launch": use fees or surcharge/],
    [[["fees", "1/1/2024", "300", "", ""]], /row 1: The from date "1\/1\/2024" is not a date/],
    [[["fees", "2024-01-01", "300.005", "", ""]], /row 1: the fee 300.005 has more than two decimals/],
    [[["surcharge", "2024-01-01", "300", "", "3.60"]], /row 1: The 51–100 units surcharge is blank/],
    [[["fees", "2024-01-01", "-5", "", ""]], /row 1: The launch fee cannot be negative/],
  ])("%j is refused: %s", (rows, message) => {
    const call = () => readBoardRates(rows.map((cells, index) => ({ rowNumber: index + 1, cells })));
    expect(call).toThrow(PilotageInputError);
    expect(call).toThrow(message);
  });
});
