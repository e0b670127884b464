/**
 * The passages of functions.ts and function-docs.json that Excel's metadata generator and the help
 * page read as literal text are the rates data's (src/functions/declarations.ts): a clause or a
 * board fee added to the data and not carried there fails here, naming `npm run declarations`.
 */
import fs from "fs";
import path from "path";
import { DERIVED_PASSAGES, derivedPassageCounts, withDerivedPassages } from "../../src/functions/declarations";

const ROOT = path.resolve(__dirname, "../..");
const FILES = [...new Set(DERIVED_PASSAGES.map((passage) => passage.file))];
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

describe("passages made from the rates data", () => {
  test.each(FILES)("%s says what the data says (else: npm run declarations)", (file) => {
    const source = read(file);
    const current = withDerivedPassages(file, source) === source;
    expect({ file, current, fix: current ? "" : "run npm run declarations" }).toEqual({ file, current: true, fix: "" });
  });

  test("every passage is found where it is expected, as often as the functions that have it", () => {
    // CLAUSE once; the clause argument in HUDSON_BASE_FEE and HUDSON_EXPLAIN; board_fees in
    // HUDSON_TOTAL, HUDSON_QUOTE and HUDSON_QUOTE_CARD; HUDSON_BASE_FEE's citation once.
    const counts = FILES.flatMap((file) => derivedPassageCounts(file, read(file)).map(({ count }) => count));
    expect(counts).toEqual([1, 2, 3, 1]);
  });

  test("the statute's twelve clauses, (i) to (xii), are the CLAUSE enum's members, each with its citation", () => {
    const source = read("src/functions/functions.ts");
    const members = [...(source.match(/enum CLAUSE \{([^}]*)\}/)?.[1] ?? "").matchAll(/\/\*\* (§ [^*]+) \*\/\s+(\w+) = "(\w+)"/g)].map((m) => [m[1], m[2], m[3]]);
    const numerals = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"];
    expect(members).toEqual(numerals.map((n) => [`§ 89-a(4)(b)(1)(${n})`, n, n]));
  });

  test("a clause missing from the enum, or a stale range, is rewritten from the data; other text is kept", () => {
    const stale = [
      "/** before */",
      "enum CLAUSE {",
      '  /** § 89-a(4)(b)(1)(i) */',
      '  i = "i",',
      "}",
      ' * @param {CLAUSE[][]} [clause] A clause to use instead of the date\'s: "i" to "xi".',
      " * @param {any[][]} [board_fees] The board's fees: rows of from date | launch.",
      "/** after */",
    ].join("\n");
    const rewritten = withDerivedPassages("src/functions/functions.ts", stale);
    expect(rewritten.startsWith("/** before */\nenum CLAUSE {\n")).toBe(true);
    expect(rewritten.endsWith("/** after */")).toBe(true);
    expect(rewritten).toContain('  /** § 89-a(4)(b)(1)(xii) */\n  xii = "xii",\n}');
    expect(rewritten).toContain('"i" to "xii".');
    expect(rewritten).toContain("rows of from date | launch | communication | mid-river launch.");
    expect(withDerivedPassages("src/functions/functions.ts", rewritten)).toBe(rewritten);
  });
});
