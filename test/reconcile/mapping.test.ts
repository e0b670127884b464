/** Correcting a guessed mapping (--map) and checking it for its purpose. */
import { applyMappingOverrides, ColumnMapping, findColumn, guessMapping, MappingError, parseFieldName, parseMappingOverride } from "../../src/reconcile";
import { plan } from "./support";

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
  test("reconcile needs units (or the three measurements), date and a billed amount; a missing section or hours column is checked both ways (D26)", () => {
    expect(() => plan(["Vessel", "Units", "Section", "Date"])).toThrow(/No column found for a billed amount/);
    expect(() => plan(["Vessel", "Billed", "Date"])).toThrow(/No column found for pilotage units \(or length, breadth and depth\)\. The columns are A "Vessel", B "Billed", C "Date"/);
    expect(plan(["Vessel", "Units", "Date", "Billed"]).missingInputs).toEqual(["section", "hours"]);
    expect(plan(["Vessel", "Units", "Section", "Date", "Hours", "Billed"]).missingInputs).toEqual([]);
    // Batch quotes need the section; without hours a batch row is quoted with one pilot, as a blank hours cell is.
    expect(() => plan(["Vessel", "Units", "Date"], "batch")).toThrow(/No column found for section/);
    expect(() => plan(["LOA", "Beam", "Section", "Date", "Billed"])).toThrow(/No column found for depth\./);
    expect(() => plan(["Units", "LOA", "Beam", "Depth", "Section", "Date", "Billed"])).toThrow(/Both a pilotage units column and measurement columns/);
  });

  test("batch needs no billed amount, and ignores any", () => {
    const batch = plan(["Units", "Section", "Date", "Billed"], "batch");
    expect(batch.billed).toEqual([]);
  });

  test("measurement units come from the headers: a unit stated in one header only is the unit, two different ones disagree", () => {
    expect(plan(["LOA (m)", "Beam (m)", "Depth (m)", "Section", "Date", "Billed"]).measurementUnit).toBe("m");
    expect(plan(["LOA", "Beam", "Depth", "Section", "Date", "Billed"]).measurementUnit).toBeNull();
    expect(plan(["LOA (ft)", "Beam", "Depth", "Section", "Date", "Billed"]).measurementUnit).toBe("ft");
    expect(plan(["LOA (m)", "Beam (m)", "Depth", "Section", "Date", "Billed"]).measurementUnit).toBe("m");
    expect(() => plan(["LOA (m)", "Beam (ft)", "Depth", "Section", "Date", "Billed"])).toThrow(
      /The measurement headers disagree \(overall length in m, extreme breadth in ft, depth has no unit\)/,
    );
  });
});
