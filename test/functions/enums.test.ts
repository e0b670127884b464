/**
 * Fixed-choice arguments as custom enums (issue 16): dist/functions.json declares SECTION, UNIT,
 * VESSEL_STATUS and CLAUSE with at least two members each, the arguments point at them, the help
 * page lists each argument's choices, and the built bundle still takes the free-text spellings that
 * saved workbooks hold (an enum only suggests; the argument stays text). Needs `npm run build`.
 */
import fs from "fs";
import path from "path";
import { DIST_DIR, loadFunctionsBundle, readFunctionsMetadata } from "../support/bundle";

interface EnumMetadata {
  id: string;
  type: string;
  values: { name: string; stringValue?: string; tooltip?: string }[];
}

const metadata = readFunctionsMetadata() as ReturnType<typeof readFunctionsMetadata> & { enums?: EnumMetadata[] };
const enums = metadata.enums ?? [];
const bundle = loadFunctionsBundle();

function enumOf(functionId: string, parameter: string): string | undefined {
  const fn = metadata.functions.find((f) => f.id === functionId);
  return (fn?.parameters.find((p) => p.name === parameter) as { customEnumId?: string } | undefined)?.customEnumId;
}

describe("custom enums in dist/functions.json", () => {
  test.each([
    ["SECTION", ["Lower", "Upper"]],
    ["UNIT", ["ft", "m", "in"]],
    ["VESSEL_STATUS", ["foreign", "registered", "enrolled"]],
    ["CLAUSE", ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"]],
  ])("%s offers %j, each with a tooltip", (id, values) => {
    const declared = enums.find((e) => e.id === id);
    expect(declared?.type).toBe("string");
    expect(declared?.values.map((v) => v.stringValue)).toEqual(values);
    expect(declared?.values.length).toBeGreaterThanOrEqual(2);
    expect(declared?.values.filter((v) => (v.tooltip ?? "") === "")).toEqual([]);
  });

  test("the fixed-choice arguments of every function point at their enum, as columns (matrix)", () => {
    const uses: [string, string, string][] = [
      ["PILOTAGE_UNITS", "unit", "UNIT"],
      ["HUDSON_BASE_FEE", "section", "SECTION"],
      ["HUDSON_BASE_FEE", "clause", "CLAUSE"],
      ["HUDSON_TOTAL", "section", "SECTION"],
      ["HUDSON_QUOTE", "section", "SECTION"],
      ["HUDSON_EXPLAIN", "section", "SECTION"],
      ["HUDSON_EXPLAIN", "clause", "CLAUSE"],
      ["HUDSON_PILOT_REQUIRED", "vessel_status", "VESSEL_STATUS"],
    ];
    expect(uses.map(([fn, parameter]) => enumOf(fn, parameter))).toEqual(uses.map(([, , id]) => id));
    for (const [fn, parameter] of uses) {
      const declared = metadata.functions.find((f) => f.id === fn)?.parameters.find((p) => p.name === parameter);
      expect({ fn, parameter, dimensionality: declared?.dimensionality }).toEqual({ fn, parameter, dimensionality: "matrix" });
    }
  });

  test("help.html lists each argument's choices", () => {
    const help = fs.readFileSync(path.join(DIST_DIR, "help.html"), "utf8");
    // The built page is minified: attributes may lose their quotes.
    const at = (id: string) => help.search(new RegExp(`id="?${id}"?[ >]`));
    const section = help.slice(at("HUDSON_BASE_FEE"), at("HUDSON_SURCHARGE"));
    expect(section.length).toBeGreaterThan(100);
    expect(section).toContain("<code>Lower</code>: Section 1, Lower River");
    expect(section).toContain("<code>xii</code>");
    expect(help).toContain("BYROW");
    expect(help).toContain("=MAP(B2:B1001, C2:C1001, D2:D1001, LAMBDA(u, s, d,");
  });
});

describe("the free-text spellings still work through the built bundle (an enum argument arrives as text)", () => {
  // Clause (xi), Section 2: 271.43 units × $21.58 = $5,857.4594 → $5,857.46 (§ 89-a(4)(b)(1)(xi)).
  test.each([["Upper"], ["2"], ["Section 2"], ["upper river"]])("section %j gives the Section 2 fee", (section) => {
    expect(bundle.call("HUDSON_BASE_FEE", [[271.43]], [[section]], [["2026-06-15"]])).toEqual([[5857.46]]);
  });

  // 600 ft × 80 ft × 40 ft ÷ 10,000 = 192 pilotage units (§ 89-a(4)(b)(2)).
  test.each([["ft"], ["feet"], ["FT"]])("unit %j reads plain numbers as feet", (unit) => {
    expect(bundle.call("PILOTAGE_UNITS", [[600]], [[80]], [[40]], [[unit]])).toEqual([[192]]);
  });

  // A clause typed in capitals, as before the enum existed, is the enum's member: (xi), Section 2, $5,857.46 as above.
  test("clause \"XI\" in capitals is the enum's \"xi\"", () => {
    expect(bundle.call("HUDSON_BASE_FEE", [[271.43]], [["Upper"]], [["2026-06-15"]], [["XI"]])).toEqual(bundle.call("HUDSON_BASE_FEE", [[271.43]], [["Upper"]], [["2026-06-15"]], [["xi"]]));
    expect(bundle.call("HUDSON_BASE_FEE", [[271.43]], [["Upper"]], [["2026-06-15"]], [["xi"]])).toEqual([[5857.46]]);
  });

  test("vessel status: the enum's \"foreign\" and the old capitalised \"Foreign\"", () => {
    // A foreign vessel of 300 GRT drawing 8 ft: both thresholds met, a pilot is REQUIRED (§ 89-a(1)).
    expect(bundle.call("HUDSON_PILOT_REQUIRED", [["foreign"]], [[300]], [[8]])).toEqual([["REQUIRED"]]);
    expect(bundle.call("HUDSON_PILOT_REQUIRED", [["Foreign"]], [[300]], [[8]])).toEqual([["REQUIRED"]]);
  });
});
