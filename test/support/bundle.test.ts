/**
 * The bundle loader's stand-in for Excel's JavaScript-only runtime, with small scripts.
 */
import { excelError } from "./custom-functions";
import { ERROR_CODES, loadFunctionsBundle } from "./bundle";

describe("loadFunctionsBundle", () => {
  test("records both forms of CustomFunctions.associate, by upper-case id", () => {
    const bundle = loadFunctionsBundle({
      source: 'CustomFunctions.associate("one", function () { return 1; }); CustomFunctions.associate({ Two: () => 2 });',
    });
    expect([...bundle.functions.keys()]).toEqual(["ONE", "TWO"]);
    expect(bundle.call("one")).toBe(1);
    expect(bundle.call("TWO")).toBe(2);
    expect(() => bundle.call("THREE")).toThrow(/No custom function is associated with the id "THREE"/);
  });

  test("refuses an id associated twice and an association without a function", () => {
    expect(() => loadFunctionsBundle({ source: 'CustomFunctions.associate("A", () => 1); CustomFunctions.associate("a", () => 2);' })).toThrow(
      /"a" is associated twice/,
    );
    expect(() => loadFunctionsBundle({ source: 'CustomFunctions.associate("A", 1);' })).toThrow(/must be a function/);
  });

  test("offers no DOM and no Node: a script that touches them fails to load", () => {
    // (V8 gives every context a console, as Excel's runtime has one too.)
    for (const name of ["window", "document", "self", "require", "process", "module", "setTimeout", "fetch"]) {
      expect(() => loadFunctionsBundle({ source: `${name}.toString();` })).toThrow(new RegExp(`${name} is not defined`));
    }
  });

  test("reports globals a script leaves behind", () => {
    expect(loadFunctionsBundle({ source: "var leaked = 1;" }).globalNames).toEqual(["CustomFunctions", "leaked"]);
  });

  test("CustomFunctions.Error and ErrorCode match Excel's and read with the adapter tests' excelError()", () => {
    const bundle = loadFunctionsBundle({
      source: 'CustomFunctions.associate("E", () => new CustomFunctions.Error(CustomFunctions.ErrorCode.notAvailable, "No rate applies"));',
    });
    expect(bundle.CustomFunctions.ErrorCode).toEqual({
      invalidValue: "#VALUE!",
      notAvailable: "#N/A",
      divisionByZero: "#DIV/0!",
      invalidNumber: "#NUM!",
      nullReference: "#NULL!",
      invalidName: "#NAME?",
      invalidReference: "#REF!",
    });
    expect(bundle.CustomFunctions.ErrorCode).toBe(ERROR_CODES);
    expect(excelError(bundle.call("E"))).toEqual({ code: "#N/A", message: "No rate applies" });
  });

  test("CustomFunctions.Error captures a stack as deep as the script's own Error.stackTraceLimit, as Excel's does", () => {
    const bundle = loadFunctionsBundle({
      source:
        'CustomFunctions.associate("FRAMES", (limit) => { const own = Error.stackTraceLimit; Error.stackTraceLimit = limit; try { return String(new CustomFunctions.Error("#N/A", "m").stack).split("\\n").length - 1; } finally { Error.stackTraceLimit = own; } });',
    });
    // The stack's first line is the message; then one line per frame captured.
    expect(bundle.call("FRAMES", 0)).toBe(0);
    expect(bundle.call("FRAMES", 1)).toBe(1);
  });

  test("hands arrays over in the bundle's own realm, as Excel would", () => {
    const bundle = loadFunctionsBundle({ source: 'CustomFunctions.associate("LOCAL", (rows) => rows instanceof Array && rows[0] instanceof Array);' });
    expect(bundle.call("LOCAL", [[1, 2]])).toBe(true);
    expect(bundle.functions.get("LOCAL")!([[1, 2]])).toBe(false);
  });

  test("says to build first when dist/functions.js is missing", () => {
    expect(() => loadFunctionsBundle({ file: "/nonexistent/functions.js" })).toThrow(/run "npm run build"/);
  });
});
