/**
 * The built dist/functions.js, loaded as Excel's JavaScript-only runtime loads it: in a vm context
 * whose only global is CustomFunctions (no DOM, no Node). Every function in dist/functions.json
 * must be associated, nothing else, and the metadata must describe functions Excel can call the
 * way the issue requires. Needs `npm run build` first.
 */
import fs from "fs";
import path from "path";
import { loadFunctionsBundle, readFunctionsMetadata } from "../support/bundle";

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
