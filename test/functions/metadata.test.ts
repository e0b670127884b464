/**
 * The functions' metadata as Excel stores it in saved workbooks: ids, parameter names and order,
 * optional flags, dimensionality. A rename or reorder breaks users' formulas, so the generated
 * dist/functions.json must match this checked-in expectation exactly. Change the expectation only
 * when adding a function (never renaming one).
 */
import fs from "fs";
import path from "path";

interface Signature {
  id: string;
  name: string;
  parameters: { name: string; type: string; dimensionality: string; optional: boolean }[];
  result: { dimensionality: string };
}

const expected: Signature[] = JSON.parse(fs.readFileSync(path.join(__dirname, "functions.expected.json"), "utf8"));
const generated = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../dist/functions.json"), "utf8"));

function signatures(metadata: { functions: { id: string; name: string; parameters?: Record<string, unknown>[]; result?: { dimensionality?: string } }[] }): Signature[] {
  return metadata.functions.map((f) => ({
    id: f.id,
    name: f.name,
    parameters: (f.parameters ?? []).map((p) => ({
      name: String(p.name),
      type: String(p.type),
      dimensionality: String(p.dimensionality ?? "scalar"),
      optional: Boolean(p.optional),
    })),
    result: { dimensionality: f.result?.dimensionality ?? "scalar" },
  }));
}

describe("functions.json", () => {
  test("matches the checked-in signatures (ids, parameter names, order, optional, dimensionality)", () => {
    expect(signatures(generated)).toEqual(expected);
  });

  test("the issue's function list is all there", () => {
    const ids = expected.map((s) => s.id);
    for (const id of ["PILOTAGE_UNITS", "HUDSON_BASE_FEE", "HUDSON_SURCHARGE", "HUDSON_SECOND_PILOT", "HUDSON_TOTAL", "HUDSON_QUOTE", "HUDSON_CLAUSE", "HUDSON_RATES", "HUDSON_EXPLAIN",
      "HUDSON_PILOT_REQUIRED", "HUDSON_SURCHARGE_CAP", "HUDSON_RETIREMENT_CONTRIBUTION", "HUDSON_DISABILITY_BENEFIT", "HUDSON_LAST_YEAR_COUNTS", "HUDSON_FIXED_PENSION",
      "HUDSON_BENEFIT_START", "HUDSON_RESIGNATION_DEADLINE", "HUDSON_SPOUSE_BENEFIT", "HUDSON_SPOUSE_ELIGIBLE"]) {
      expect(ids).toContain(id);
    }
  });

  test("HUDSON_TOTAL's arguments are in the documented order", () => {
    const total = expected.find((s) => s.id === "HUDSON_TOTAL");
    expect(total?.parameters.map((p) => `${p.name}${p.optional ? "?" : ""}`)).toEqual([
      "units", "section", "date", "hours?", "relieved_at_midriver?", "anchored_8_hours?", "board_fees?", "board_surcharge?",
    ]);
  });
});

describe("each function's definition (src/functions/definitions.ts)", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const definitions = require("../../src/functions/definitions") as Record<string, { arguments?: { name: string; optional: boolean }[] }>;

  test.each(expected.filter((s) => s.parameters.length > 0).map((s) => [s.id, s] as const))(
    "%s: its arguments are the JSDoc's, by name, order and optional (the names its messages use)",
    (id, signature) => {
      const declared = definitions[id]?.arguments ?? [];
      expect(declared.map((a) => `${a.name}${a.optional ? "?" : ""}`)).toEqual(signature.parameters.map((p) => `${p.name}${p.optional ? "?" : ""}`));
    },
  );
});
