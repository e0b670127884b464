/** Finding the header row and typing columns from header words and values together (issue 37). */
import { findTable, guessField, guessMapping, readTableDate, runningTotalOf, valuesFit } from "../../src/reconcile";

const rows = (cells: unknown[][], first = 1) => cells.map((row, index) => ({ rowNumber: first + index, cells: row }));

describe("finding the header row", () => {
  test("a report title and a period above: the row that names fields, with rows that read as them under it", () => {
    const found = findTable(
      rows([
        ["Monthly pilotage report", "", "", "", ""],
        ["Company: Acme Shipping", "Period: 2026-06", "", "", ""],
        ["Ship", "PU", "River", "Sailed", "Amount billed"],
        ["A", 40, "Lower", "2026-06-15", 1716.08],
        ["B", 40, "Lower", "2026-06-16", 1716.08],
      ]),
    );
    expect(found.best).toMatchObject({ rowNumber: 3, groupRowNumber: null, fields: ["vessel", "units", "section", "date", "billed_total"] });
    expect(found.firstDataIndex).toBe(3);
  });

  test("a row of words under which nothing reads as its fields loses to the real header", () => {
    // Row 1 names fields, but its "rows" are another header and words: the values do not bear it out.
    const found = findTable(
      rows([
        ["Units", "Date", "Total"],
        ["Vessel", "Units", "Section", "Date", "Hours", "Total"],
        ["A", 40, 1, "2026-06-15", 6, 1716.08],
      ]),
    );
    expect(found.best?.rowNumber).toBe(2);
  });

  test("group headers over merged cells are joined: Billed over Total, Computed over Total", () => {
    const found = findTable(
      rows([
        ["", "", "", "", "Billed", "", "Computed"],
        ["Vessel", "Units", "Section", "Date", "Surcharge", "Total", "Total"],
        ["A", 40, 1, "2026-06-15", 300, 1716.08, 1716.08],
      ]),
    );
    expect(found.best).toMatchObject({ rowNumber: 2, groupRowNumber: 1 });
    // The computed total is our own kind of column, never an input.
    expect(found.best?.fields).toEqual(["vessel", "units", "section", "date", "billed_surcharge", "billed_total", null]);
  });

  test("the row given is taken, even when another reads better", () => {
    const given = findTable(rows([["Vessel", "Units", "Section", "Date", "Total"], ["A", 40, 1, "2026-06-15", 1716.08]]), { headerRow: 2 });
    expect(given.best?.rowNumber).toBe(2);
  });

  test("nothing names a field: no header row", () => {
    expect(findTable(rows([["a", "b"], ["c", "d"]])).best).toBeNull();
  });
});

describe("typing a column from its header words and its values", () => {
  test.each([
    ["Hrs.", "hours"],
    ["Pilot hrs", "hours"],
    ["Amt due", "billed_total"],
    ["Sec.", "section"],
    ["Surch.", "billed_surcharge"],
    ["Surcharge amount", "billed_surcharge"],
    ["Mld depth (ft)", "depth"],
    ["Depth mld", "depth"],
    ["L.O.A.", "length"],
    ["Vessel LOA", "length"],
    ["Launch charges", "billed_launch"],
    ["Comm. fee", "billed_communication"],
    ["Norrie Pt relief", "relieved"],
    ["Relief at Norrie Point", "relieved"],
    ["Anchorage", "anchored"],
    ["Norrie Pt launch", "billed_midriver_launch"],
    ["Upper/Lower", "section"],
    ["Pilot on board", "date"],
    ["2nd Plt", "billed_second_pilot"],
    ["Mid-Rvr Lnch", "billed_midriver_launch"],
    ["L (ft)", "length"],
    ["Time (hrs)", "hours"],
    ["Add'l Pilot", "billed_second_pilot"],
    ["B (m)", "breadth"],
  ])("%j → %s", (header, field) => {
    expect(guessField(header)).toBe(field);
  });

  test.each(["IMO No.", "GRT", "DWT", "Units No.", "Running total", "Cum. amount", "Balance", "Accrued total", "Invoice date"])("%j is never an input", (header) => {
    expect(guessField(header)).toBeNull();
  });

  test("hours are small non-negative numbers; a section 1, 2, Lower or Upper", () => {
    expect(valuesFit("hours", [6, "12", 0, 10.5])).toBe(1);
    expect(valuesFit("hours", [9321483, 45000])).toBe(0);
    expect(valuesFit("section", [1, "2", "Lower", "upper", "Sect. 2", "Sec 1"])).toBe(1);
    expect(valuesFit("section", ["North", "South"])).toBe(0);
  });

  test("a column headed like a field whose values do not bear it out is not used, and the note says so by name", () => {
    const mapping = guessMapping(["Vessel", "Units", "Section", "Date", "Hours", "Total"], [["A", 40, "Lower", "2026-06-15", "day shift", 1716.08], ["B", 40, "Lower", "2026-06-16", "night shift", 1716.08]]);
    expect(mapping.fields[4]).toBeNull();
    expect(mapping.notes).toContain('column E "Hours" is headed like the continuous pilotage hours, but its values do not read as one (such as "day shift"): not used (--map "Hours=hours" uses it).');
  });

  test("a running total grows by another column's amount each row, and is never the billed amount", () => {
    const sample = [
      ["A", 1716.08, 1716.08],
      ["B", 1716.08, 3432.16],
      ["C", 1726.08, 5158.24],
    ];
    expect(runningTotalOf(sample, 2)).toBe(1);
    expect(runningTotalOf(sample, 1)).toBeNull();
    const mapping = guessMapping(["Vessel", "Invoice amount", "Total"], sample);
    expect(mapping.fields).toEqual(["vessel", "billed_total", null]);
    expect(mapping.notes).toContain('column C "Total" is a running total (each row adds column B "Invoice amount"): not used as the billed total.');
  });

  test("a last-words guess is said: Tug hrs taken for the hours", () => {
    const mapping = guessMapping(["Vessel", "Units", "Tug hrs"], [["A", 40, 3]]);
    expect(mapping.fields[2]).toBe("hours");
    expect(mapping.notes).toContain('column C "Tug hrs" is taken as the continuous pilotage hours from its last words (not from "tug"): --map "Tug hrs=ignore" if it is not.');
  });
});

test("a local date and time is charged by its date (D15); one with a time zone, past midnight, is refused", () => {
  expect(readTableDate("2026-11-03 06:40")).toBe("2026-11-03");
  expect(readTableDate("2026-11-03T23:59:59")).toBe("2026-11-03");
  expect(String(readTableDate("2026-11-03T23:30:00Z"))).toMatch(/has a time of day/);
  expect(readTableDate("2026-11-03T00:00:00Z")).toBe("2026-11-03");
});

test("a single letter is a measurement only with its unit beside it", () => {
  expect(guessField("L")).toBeNull();
  expect(guessField("D")).toBeNull();
});

test("Pilotage beside other charges is the base; alone, the whole bill, said by name", () => {
  const sample = [["A", 40, 1, "2026-06-15", 1716.08, 50]];
  const alone = guessMapping(["Vessel", "Units", "Section", "Date", "Pilotage (USD)", "Agency fee (USD)"], sample);
  expect(alone.fields[4]).toBe("billed_total");
  expect(alone.notes).toContain('column E "Pilotage (USD)" is the only amount column: taken as the billed total, the whole pilotage bill (--map "Pilotage (USD)=billed_base" if it is the base pilotage alone).');
  expect(guessMapping(["Vessel", "Units", "Section", "Date", "Pilotage", "Surcharge"], [["A", 40, 1, "2026-06-15", 1070.58, 300]]).fields.slice(4)).toEqual(["billed_base", "billed_surcharge"]);
});
