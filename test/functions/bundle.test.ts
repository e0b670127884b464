/**
 * The built dist/functions.js, loaded as Excel's JavaScript-only runtime loads it: in a vm context
 * whose only global is CustomFunctions (no DOM, no Node). Every function in dist/functions.json
 * must be associated, nothing else, and the metadata must describe functions Excel can call the
 * way the issue requires. Needs `npm run build` first.
 */
import fs from "fs";
import path from "path";
import vm from "vm";
import { FUNCTIONS_JS, loadFunctionsBundle, readFunctionsMetadata } from "../support/bundle";

const ROOT = path.resolve(__dirname, "..", "..");
const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
const metadata = readFunctionsMetadata();
const bundle = loadFunctionsBundle();

describe("dist/functions.js in a context with only CustomFunctions", () => {
  test("associates every id in functions.json, and no other", () => {
    const listed = metadata.functions.map((fn) => fn.id.toUpperCase()).sort();
    expect([...bundle.functions.keys()].sort()).toEqual(listed);
    expect(listed.length).toBeGreaterThan(0);
  });

  test("leaves no global behind but CustomFunctions", () => {
    expect(bundle.globalNames).toEqual(["CustomFunctions"]);
  });

  test("VERSION returns the package version", () => {
    expect(bundle.call("VERSION")).toBe(packageJson.version);
  });
});

describe("a host whose arrays have no `at` (ES2022; Safari before 15.4): the one-cell path reads each cell without it", () => {
  const withoutAt = loadFunctionsBundle({ source: "delete Array.prototype.at;\n" + fs.readFileSync(FUNCTIONS_JS, "utf8") });

  test("the context really lacks it, and the usual one has it", () => {
    expect(vm.runInContext("typeof [].at", withoutAt.context)).toBe("undefined");
    expect(vm.runInContext("typeof [].at", bundle.context)).toBe("function");
  });

  test.each([
    ["with at", bundle],
    ["without at", withoutAt],
  ])("%s: the same answers, worked by hand", (_host, loaded) => {
    // § 89-a(4)(b)(1)(xi), Section 2, 100 units and over: 271.43 × $21.58 = $5,857.4594 → $5,857.46;
    // 12 hours > 10: a second pilot at 50% of the base fee, $2,928.73 ((1-a)).
    expect(loaded.call("HUDSON_BASE_FEE", [[271.43]], [["Upper"]], [["2026-06-15"]])).toEqual([[5857.46]]);
    const spill = loaded.call("HUDSON_QUOTE", [[271.43]], [[2]], [[46188]], [[12]]) as unknown[][];
    expect(spill.filter((row) => typeof row[1] === "number").map((row) => row[1])).toEqual(expect.arrayContaining([5857.46, 2928.73]));
    // A text of units is the row's own #VALUE!, read from the cell itself.
    const refused = loaded.call("HUDSON_QUOTE", [["lots"]], [[2]], [[46188]]) as { code: string; message: string }[][];
    expect([refused[0][0].code, refused[0][0].message]).toEqual(["#VALUE!", expect.stringContaining('"lots"')]);
  });
});

describe("HUDSON_QUOTE through the built bundle spills D25's warning (issue 35)", () => {
  test("2026-12-31 (serial 46387), 12 hours: priced under (xi), with a warning row naming clause (xii) on 2027-01-01", () => {
    // 2026-12-31 is 46,387 days after 1899-12-30 (D15). Clause (xi) Section 1, 200 units: 200 × $15.32 = $3,064.00;
    // 12 h > 10 h: 50% = $1,532.00.
    const spill = bundle.call("HUDSON_QUOTE", [[200]], [[1]], [[46387]], [[12]]) as unknown[][];
    expect(spill.filter((row) => typeof row[1] === "number").map((row) => row[1])).toEqual(expect.arrayContaining([3064, 1532]));
    const warnings = spill.filter((row) => row[0] === "Warning").map((row) => String(row[2]));
    expect(warnings).toContain(
      "Rates change on 2027-01-01: a transit boarding that day is priced under clause (xii)'s base pilotage rates (§ 89-a(4)(b)(1)(xii)). " +
        "A transit of 12 hours that boards on 2026-12-31 after 12:00 is still under way then; the whole transit is priced at the rates in force on 2026-12-31, " +
        "the date entered, taken as the day the pilot boards (D25). If the pilot boards on 2027-01-01 or later, enter that date.",
    );
  });
});

describe("dist/functions.json", () => {
  test("ids and names are unique, upper case, and valid Excel names", () => {
    const ids = metadata.functions.map((fn) => fn.id);
    const names = metadata.functions.map((fn) => fn.name.toUpperCase());
    expect(new Set(ids.map((id) => id.toUpperCase())).size).toBe(ids.length);
    expect(new Set(names).size).toBe(names.length);
    expect(ids.filter((id) => !/^[A-Z][A-Z0-9_.]*$/.test(id))).toEqual([]);
    expect(metadata.functions.filter((fn) => !/^[A-Z][A-Z0-9_.]*$/.test(fn.name)).map((fn) => fn.name)).toEqual([]);
  });

  test("every function has a description, described parameters and a help link into help.html#ID", () => {
    for (const fn of metadata.functions) {
      expect({ id: fn.id, hasDescription: (fn.description ?? "").length > 0 }).toEqual({ id: fn.id, hasDescription: true });
      expect({ id: fn.id, helpUrl: fn.helpUrl }).toEqual({ id: fn.id, helpUrl: `https://localhost:3000/help.html#${fn.id}` });
      for (const parameter of fn.parameters) {
        expect({ id: fn.id, parameter: parameter.name, hasDescription: (parameter.description ?? "").length > 0 }).toEqual({
          id: fn.id,
          parameter: parameter.name,
          hasDescription: true,
        });
      }
    }
  });

  test("every function is synchronous and non-volatile (the date is always an argument)", () => {
    const flagged = metadata.functions.filter((fn) => fn.options?.volatile || fn.options?.stream || fn.options?.cancelable).map((fn) => fn.id);
    expect(flagged).toEqual([]);
  });

  test("optional parameters come after the required ones", () => {
    for (const fn of metadata.functions) {
      const firstOptional = fn.parameters.findIndex((p) => p.optional);
      const misplaced = firstOptional < 0 ? [] : fn.parameters.slice(firstOptional).filter((p) => !p.optional && !p.repeating);
      expect({ id: fn.id, misplaced: misplaced.map((p) => p.name) }).toEqual({ id: fn.id, misplaced: [] });
    }
  });
});
