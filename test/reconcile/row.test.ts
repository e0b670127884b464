/**
 * Each row beside the engine's quote: amounts, variances, flags and notes. Expected amounts are
 * worked by hand from § 89-a in each test (test/engine/hand.ts does the cents arithmetic).
 */
import { resolveSettings, refusalThrown } from "../../src/engine";
import { billedRead, exactText, guessMapping, planTable, quoteRow, readBilledCells, reconcileRow, TotalsRows } from "../../src/reconcile";
import { halfOf, perUnitAmount, sumOf } from "../engine/hand";
import { amounts, cents, exact, plan } from "./support";

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
    expect(row.billedAmount && exactText(row.billedAmount)).toBe("7392.50");
    expect(row.computedAmount && exactText(row.computedAmount)).toBe("7382.50");
    expect(row.checked).toBe(true);
    expect(row.flagged).toBe(true);
    // D26: the table has no relief or anchorage column, and this row pays a second pilot: the assumption is in its note.
    expect(row.note).toBe("Launch fee billed $310.00, computed $300.00: $10.00 over. Assumed no relief at mid-river and no anchorage of 8 hours (the table has no column for them).");
  });

  test("status: a variance wins over a charge that cannot be compared; a match is matched, flag FALSE", () => {
    // The amounts of the test above: base $4,146.81, second pilot $2,073.41, launch billed $310.00
    // against the board's $300.00 ($10.00 over); the billed surcharge "n/a" cannot be compared.
    const row = reconcileRow(["Alpha", "192.16", "Upper", "2026-06-15", "12", "4146.81", "n/a", "2073.41", "310.00", "45.50", "125.00"], charges);
    expect(row.checked).toBe(false);
    expect([row.status, row.statusText, row.flag, row.flagged]).toEqual(["variance", "variance", true, true]);
    expect(row.note).toBe('Surcharge not checked: The billed surcharge "n/a" is not a number. Launch fee billed $310.00, computed $300.00: $10.00 over. Assumed no relief at mid-river and no anchorage of 8 hours (the table has no column for them).');
    // Everything billed as the law has it: $691.78 surcharge, $300.00 launch.
    const matched = reconcileRow(["Alpha", "192.16", "Upper", "2026-06-15", "12", "4146.81", "691.78", "2073.41", "300", "45.50", "125.00"], charges);
    expect([matched.status, matched.statusText, matched.flag, matched.flagged, matched.note]).toEqual(["matched", "matched", false, false, ""]);
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
    ["1716.09", "0.01", true],
    ["1716.07", "-0.01", true],
    // Excel's accounting dash is a typed $0.00 (never "not entered", D27): 0.00 − 1,716.08.
    ["-", "-1716.08", true],
    ["$ -", "-1716.08", true],
  ])("billed %j → variance %s, flagged %s", (billed, variance, flagged) => {
    const row = reconcileRow(["Beta", "40", "1", "2026-03-01", "", "", "", billed], totals);
    expect(exact(row.variance)).toBe(variance);
    expect(row.flagged).toBe(flagged);
    expect(row.checked).toBe(true);
  });

  test("D27: a blank billed total with no charge columns is nothing billed: not checked, never a variance of the whole total", () => {
    const row = reconcileRow(["Beta", "40", "1", "2026-03-01", "", "", "", ""], totals);
    expect([row.status, row.statusText, row.flag, row.flagged, row.checked]).toEqual(["not checked", "not checked: nothing billed", "not computed", false, false]);
    expect([exact(row.variance), exact(row.billed.billed_total), row.billedAmount, row.flaggedVariance, row.inputError]).toEqual(["#N/A", "#N/A", null, null, null]);
    expect(row.note).toBe("No billed total on this row (the cell is blank): nothing billed, not checked.");
    // The law's amounts are still worked out: 40 units, Section 1, 2026-03-01, $1,716.08 (above).
    expect(cents(row.computed.total)).toBe("1716.08");
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
    // Not checked, never flagged: a flag is a variance only.
    expect(row.flagged).toBe(false);
    expect(row.status).toBe("not checked");
    expect(row.flag).toBe("not computed");
    expect(row.statusText).toBe("not checked: an amount is not available (#N/A), see Note");
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
    expect(row.flagged).toBe(false);
    expect(row.status).toBe("not checked");
    expect(row.statusText).toBe("not checked: not computed (an input cannot be read, or the NYPILOT add-in is not loaded), see Note");
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
    const flat = planTable(mapping, "reconcile", { settings: refusalThrown(resolveSettings({ at100Units: "flatAmount" })), boardFees: [], boardSurcharge: [] });
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

describe("D26: a line that depends on a missing input is not checked, never zero", () => {
  // 192.16 units, Section 2, 2026-06-15 (clause (xi)): base 192.16 × $21.58 = $4,146.8128 → $4,146.81;
  // surcharge 192.16 × $3.60 = $691.776 → $691.78; fees $300.00 + $45.50 + $125.00 = $470.50;
  // one pilot: $4,146.81 + $691.78 + $470.50 = $5,309.09; a second pilot (more than 10 h): 50% × $4,146.81
  // = $2,073.405 → $2,073.41, so $7,382.50.
  const noHours = plan(["Vessel", "Units", "Section", "Date", "Invoice total"]);

  test("a correct invoice with a second pilot is not checked (no hours column), never flagged $2,073.41 over", () => {
    const row = reconcileRow(["Alpha", "192.16", "2", "2026-06-15", "7382.50"], noHours);
    expect([row.status, row.statusText, row.flagged]).toEqual(["not checked", "not checked (no hours column)", false]);
    expect(cents(row.computed.second_pilot)).toBe("#N/A");
    expect(cents(row.computed.base)).toBe("4146.81");
    expect(row.note).toContain("Not checked (no hours column)");
    expect(row.note).toContain("$5,309.09 or $7,382.50");
  });

  test("an invoice under-billed against both answers is flagged by the variance that holds whatever the hours", () => {
    // $5,029.09 is $280.00 under one pilot's $5,309.09 and $2,353.41 under two pilots' $7,382.50: at least $280.00 under.
    const row = reconcileRow(["Alpha", "192.16", "2", "2026-06-15", "5029.09"], noHours);
    expect([row.status, exact(row.variance)]).toEqual(["variance", "-280.00"]);
    expect(row.note).toContain("at least $280.00 under whatever the missing input (no hours column)");
    expect(row.flaggedVariance && exactText(row.flaggedVariance)).toBe("-280.00");
  });

  test("an invoice over both answers is flagged by the smaller variance", () => {
    // $7,392.50 − $7,382.50 = $10.00 over even with a second pilot.
    const row = reconcileRow(["Alpha", "192.16", "2", "2026-06-15", "7392.50"], noHours);
    expect([row.status, exact(row.variance)]).toEqual(["variance", "10.00"]);
  });

  test("without a section column, a line that differs between the sections is not checked", () => {
    const noSection = plan(["Vessel", "Units", "Date", "Hours", "Invoice total"]);
    // Section 1: 192.16 × $15.32 = $2,943.8912 → $2,943.89, fees $345.50, one pilot (6 h): $2,943.89 + $691.78 + $345.50 = $3,981.17.
    // Section 2 (above): $5,309.09. Billed $5,309.09 is one of them: not checked; surcharge does not depend on the section.
    const row = reconcileRow(["Alpha", "192.16", "2026-06-15", "6", "5309.09"], noSection);
    expect([row.status, row.statusText]).toEqual(["not checked", "not checked (no section column)"]);
    expect(cents(row.computed.surcharge)).toBe("691.78");
    expect(row.note).toContain("$3,981.17 or $5,309.09");
  });

  test("with hours but no relief or anchorage column, a variance equal to the second pilot says a relief or an anchorage would explain it", () => {
    const hours = plan(["Vessel", "Units", "Section", "Date", "Hours", "Invoice total"]);
    // 12 h: two pilots $7,382.50; billed one pilot's $5,309.09: $2,073.41 under, the second pilot's fee.
    const row = reconcileRow(["Alpha", "192.16", "2", "2026-06-15", "12", "5309.09"], hours);
    expect([row.status, exact(row.variance)]).toEqual(["variance", "-2073.41"]);
    expect(row.note).toContain("Assumed no relief at mid-river and no anchorage of 8 hours");
    expect(row.note).toContain("The variance is the second pilot's $2,073.41: a relief at mid-river or an anchorage of 8 hours would explain it.");
    expect(hours.assumptions.join(" ")).toContain("No column for relief at mid-river or anchorage of 8 hours: assumed none (D26)");
  });

  test("a credit in parentheses with no particulars is not checked", () => {
    const row = reconcileRow(["", "", "", "", "(1,716.08)"], noHours);
    expect([row.status, row.statusText, row.flagged]).toEqual(["not checked", "not checked (a credit with no particulars)", false]);
    expect(row.note).toBe("A credit of $1,716.08 with no transit particulars: not checked (it refers to an invoice it does not name).");
  });
});

describe("D25 in a row's note: a transit that may run into a change of rates says which date it was checked at", () => {
  const charges = plan(["Vessel", "Units", "Section", "Date", "Hours", "Base", "Surcharge", "2nd pilot", "Launch", "Communication"]);

  test("2026-12-31, 12 hours, billed as the law has it at (xi): matched, and the note names (xii) on 2027-01-01", () => {
    // 200 units, Section 1, clause (xi): 200 × $15.32 = $3,064.00; 12 h > 10 h: 50% = $1,532.00;
    // surcharge 200 × $3.60 = $720.00; launch $300.00, communication $45.50.
    const base = perUnitAmount("15.32", "200");
    const secondPilot = halfOf(base);
    expect([base, secondPilot, perUnitAmount("3.60", "200")]).toEqual(["3064.00", "1532.00", "720.00"]);
    const row = reconcileRow(["Gamma", "200", "Lower", "2026-12-31", "12", base, "720.00", secondPilot, "300.00", "45.50"], charges);
    expect(row.status).toBe("matched");
    expect(row.note).toBe(
      "Rates change on 2027-01-01: a transit boarding that day is priced under clause (xii)'s base pilotage rates (§ 89-a(4)(b)(1)(xii)). " +
        "A transit of 12 hours that boards on 2026-12-31 after 12:00 is still under way then; the whole transit is priced at the rates in force on 2026-12-31, " +
        "the date entered, taken as the day the pilot boards (D25). If the pilot boards on 2027-01-01 or later, enter that date.",
    );
  });

  test("billed at (xii)'s rate: the variance, then the same warning; a day that is not the eve of a change has no such note", () => {
    // (xii) Section 1: 200 × $15.78 = $3,156.00, $92.00 over (xi)'s $3,064.00.
    const row = reconcileRow(["Gamma", "200", "Lower", "2026-12-31", "12", perUnitAmount("15.78", "200"), "720.00", "1532.00", "300.00", "45.50"], charges);
    expect(row.status).toBe("variance");
    expect(row.note).toMatch(/^Base pilotage billed \$3,156\.00, computed \$3,064\.00: \$92\.00 over\. Assumed no relief at mid-river and no anchorage of 8 hours \(the table has no column for them\)\. Rates change on 2027-01-01: /);
    const ordinary = reconcileRow(["Gamma", "200", "Lower", "2026-12-30", "12", "3064.00", "720.00", "1532.00", "300.00", "45.50"], charges);
    expect(ordinary.note).toBe("");
  });
});

describe("D27: a blank billed cell is not a billed $0.00", () => {
  const both = plan(["Vessel", "Units", "Section", "Date", "Hours", "Base", "Surcharge", "2nd pilot", "Launch", "Communication", "Mid-river launch", "Invoice total"]);
  // 40 units, Section 1, 2026-03-01, clause (xi): up to 50 units $1,070.58; board surcharge 0–50 units
  // $300.00; board fees launch $300.00 + communication $45.50 (no mid-river launch on Section 1), no hours:
  // no second pilot → total 1,070.58 + 300.00 + 345.50 = $1,716.08.
  const beta = (billed: string[]) => ["Beta", "40", "Lower", "2026-03-01", "", ...billed];

  test("a blank total beside billed charges: the total not checked, named; the row checked on its charges", () => {
    const matched = reconcileRow(beta(["1070.58", "300.00", "", "300.00", "45.50", "", ""]), both);
    expect([matched.status, matched.statusText, matched.flag]).toEqual(["matched", "matched", false]);
    // The charges summed, 1,070.58 + 300.00 + 0 + 300.00 + 45.50 + 0 = 1,716.08, against theirs: $0.00.
    expect([exact(matched.variance), matched.billedAmount && exactText(matched.billedAmount), matched.computedAmount && exactText(matched.computedAmount)]).toEqual(["0.00", "1716.08", "1716.08"]);
    expect([exact(matched.billed.billed_total), exact(matched.variances.billed_total)]).toEqual(["#N/A", "#N/A"]);
    expect(matched.note).toBe("No billed total on this row (the cell is blank): checked on the billed charges.");
    // The launch fee billed $310.00 against the board's $300.00: $10.00 over, the charges' sum too (1,726.08 − 1,716.08).
    const over = reconcileRow(beta(["1070.58", "300.00", "", "310.00", "45.50", "", ""]), both);
    expect([over.status, exact(over.variance), exact(over.variances.billed_launch), over.flaggedVariance && exactText(over.flaggedVariance)]).toEqual(["variance", "10.00", "10.00", "10.00"]);
    expect(over.note).toBe("No billed total on this row (the cell is blank): checked on the billed charges. Launch fee billed $310.00, computed $300.00: $10.00 over.");
  });

  test("every billed cell blank: not checked: nothing billed, never a variance, never excluded", () => {
    const row = reconcileRow(beta(["", "", "", "", "", "", " "]), both);
    expect([row.status, row.statusText, row.flag, row.flagged, exact(row.variance), row.flaggedVariance]).toEqual(["not checked", "not checked: nothing billed", "not computed", false, "#N/A", null]);
    expect(Object.values(row.variances).map((variance) => exact(variance))).toEqual(Array(7).fill("#N/A"));
    expect(row.note).toBe("Nothing billed on this row (every billed cell is blank): not checked.");
    expect(new TotalsRows(both).check(beta(["", "", "", "", "", "", ""]))).toBeNull();
  });

  test("a blank second pilot beside a billed base fee is the second pilot not billed: $0.00, an under-billing, named as blank", () => {
    // 192.16 units, Section 2, 2026-06-15, 12 hours: base 192.16 × $21.58 = $4,146.8128 → $4,146.81; surcharge
    // 192.16 × $3.60 = $691.776 → $691.78; second pilot 50% × 4,146.81 = $2,073.405 → $2,073.41 (12 h > 10 h);
    // fees 300.00 + 45.50 + 125.00 = $470.50; total 4,146.81 + 691.78 + 2,073.41 + 470.50 = $7,382.50.
    const base = perUnitAmount("21.58", "192.16");
    const secondPilot = halfOf(base);
    expect([base, secondPilot]).toEqual(["4146.81", "2073.41"]);
    const billedTotal = sumOf([base, "691.78", "470.50"]); // 4,146.81 + 691.78 + 470.50 = $5,309.09, no second pilot
    const row = reconcileRow(["Alpha", "192.16", "Upper", "2026-06-15", "12", base, "691.78", "", "300.00", "45.50", "125.00", billedTotal], both);
    expect(exact(row.variances.billed_second_pilot)).toBe("-2073.41");
    // The total: 5,309.09 − 7,382.50 = −2,073.41.
    expect([row.status, exact(row.variance), exact(row.variances.billed_base)]).toEqual(["variance", "-2073.41", "0.00"]);
    expect(row.note).toBe(
      "Second pilot billed $0.00 (blank, read as not billed), computed $2,073.41: $2,073.41 under. Total billed $5,309.09, computed $7,382.50: $2,073.41 under. Assumed no relief at mid-river and no anchorage of 8 hours (the table has no column for them). The variance is the second pilot's $2,073.41: a relief at mid-river or an anchorage of 8 hours would explain it.",
    );
  });

  test("the row's billed cells are read once and handed to the totals check and the reconciliation alike", () => {
    const cells = beta(["1070.58", "300.00", "", "300.00", "45.50", "", ""]);
    const billed = readBilledCells(cells, both);
    // Blank: the second pilot, the mid-river launch fee and the total.
    expect([billed.blankCount, both.billed.filter((field) => billedRead(billed, both, field) === null)]).toEqual([3, ["billed_second_pilot", "billed_midriver_launch", "billed_total"]]);
    expect(new TotalsRows(both).check(cells, billed)).toBeNull();
    expect(reconcileRow(cells, both, billed)).toEqual(reconcileRow(cells, both));
  });
});
