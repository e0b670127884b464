/** Guessing a column's field from its header. */
import { describeMapping, guessField, guessMapping, headerUnit } from "../../src/reconcile";

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

  test("a specific header wins over a loose one; the others are noted, not used", () => {
    const mapping = guessMapping(["Date", "Vessel", "Transit date", "Units"]);
    expect(mapping.fields).toEqual([null, "vessel", "date", "units"]);
    expect(mapping.notes).toEqual(['column A "Date" also looks like the transit date; column C "Transit date" is used.']);
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

describe("headers of totals and transit dates (red-team F14, F15)", () => {
  test.each([
    ["Invoice Value", "billed_total"],
    ["Grand Total", "billed_total"],
    ["Gross", "billed_total"],
    ["Amount payable", "billed_total"],
    ["Transit", "date"],
    ["ATD", "date"],
    ["Arrival", "date"],
    ["Movement", "date"],
    ["Trip Date", "date"],
    ["Voyage Date", "date"],
    ["Pilot On", "date"],
  ])("%s is the %s", (header, field) => {
    expect(guessField(header)).toBe(field);
  });

  test.each(["Total excl. surcharge", "Net (before fees)", "Amount less launch", "Invoice Date", "Order Date"])("%s names no field", (header) => {
    expect(guessField(header)).toBeNull();
  });

  test("a column of amounts no header names, at least the charges' sum, is the billed total; a part of the bill is named, not read", () => {
    // Launch $300.00 and surcharge $540.00 billed; "Sum" $3,183.50 ≥ $840.00 on both rows; "Subtotal excl. fees" $2,838.00 too, but a part.
    const sample = [
      ["A", "300.00", "540.00", "2,838.00", "3,183.50"],
      ["B", "300.00", "540.00", "2,838.00", "4,183.50"],
    ];
    const mapping = guessMapping(["Vessel", "Launch", "Surcharge", "Subtotal excl. fees", "Sum"], sample);
    expect(mapping.fields).toEqual(["vessel", "billed_launch", "billed_surcharge", null, "billed_total"]);
    expect(mapping.unreadAmounts).toBeUndefined();
    const withoutSum = guessMapping(["Vessel", "Launch", "Surcharge", "Subtotal excl. fees"], sample);
    expect(withoutSum.unreadAmounts).toEqual([3]);
    expect(withoutSum.notes).toContain('column D "Subtotal excl. fees" holds amounts that are not read: only the billed charges (column B "Launch", column C "Surcharge") are compared. If it is the billed total, --map "Subtotal excl. fees=billed_total".');
  });

  test("a workbook's date serials and other numbers above the charges are never taken as the billed total", () => {
    // 46237 is 2026-08-03 as an Excel serial; 2026 a year: both exceed the $300.00 launch fee billed.
    const sample = [["A", 46237, 2026, 46237, "300.00"]];
    const mapping = guessMapping(["Vessel", "Invoice date", "Year", "Transit date", "Launch"], sample);
    expect(mapping.fields).toEqual(["vessel", null, null, "date", "billed_launch"]);
    expect(mapping.unreadAmounts).toBeUndefined();
  });
});
