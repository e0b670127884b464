/**
 * The Excel runner (src/functions/excel-runner.ts) as every function meets it: each argument shape
 * a JavaScript caller can pass is a typed error value, never a throw (issue 34); the bounds on text
 * and board tables are refused before anything is read; HUDSON_QUOTE and HUDSON_RATES spill with or
 * without their header row (issue 36). Speed and memory of the large cases are the bench's
 * (bench/function-attacks.ts), not asserted here.
 */
import { excelError } from "../support/custom-functions";
import { nypilot, pilotage } from "./nypilot";
import { BOARD_FEE_TABLE, BOARD_SURCHARGE_TABLE, one, TRANSIT } from "./transit-fixture";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const declared = require("../../src/functions/functions") as Record<string, (...args: unknown[]) => unknown>;

const first = (answer: unknown) => (Array.isArray(answer) ? (answer as unknown[][])[0][0] : answer);

/** Every NYPILOT function that takes input, with the number of arguments it declares. */
const FUNCTIONS = Object.entries(declared).filter(([id, fn]) => /^[A-Z_]+$/.test(id) && typeof fn === "function" && fn.length > 0);

describe("every function answers every shape a caller can pass with a value, never a throw", () => {
  const shapes: [string, unknown][] = [
    ["undefined", undefined],
    ["null", null],
    ["NaN", NaN],
    ["Infinity", Infinity],
    ["-Infinity", -Infinity],
    ["-0", -0],
    ["an object", { a: 1 }],
    ["a function", () => 1],
    ["a symbol", Symbol("s")],
    ["a bigint", BigInt(7)],
    ["a plain number, not a range", 200],
    ["an empty range", []],
    ["a range with an empty row", [[]]],
    ["a row that is not a list", [5, "x"]],
    ["a ragged range", [[1, 2], [3]]],
    ["a range of objects", [[{}], [[1]]]],
    ["a text longer than a cell holds", [["9".repeat(40_000)]]],
  ];

  test.each(FUNCTIONS.flatMap(([id, fn]) => shapes.map(([shape, value]) => [id, shape, fn.length, value] as const)))("%s given %s in every argument", (id, _shape, count, value) => {
    const answer = declared[id](...Array.from({ length: count }, () => value));
    const cells = Array.isArray(answer) ? (answer as unknown[][]).flat() : [answer];
    for (const cell of cells) {
      const error = excelError(cell);
      if (error !== null) {
        expect(error.code).toMatch(/^#(VALUE!|NUM!|N\/A)$/);
        expect(error.message).not.toMatch(/^Unexpected problem/);
      } else {
        // A value only where the shape reads as a valid input (HUDSON_PILOT_REQUIRED's defaults, say): never NaN or Infinity.
        if (typeof cell === "number") expect(Number.isFinite(cell)).toBe(true);
      }
    }
  });

  test("HUDSON_BASE_FEE(undefined, …) is the units' blank error, not a TypeError", () => {
    expect(excelError(first(nypilot("HUDSON_BASE_FEE", undefined, one(1), one("2026-06-15"))))).toEqual({
      code: "#VALUE!",
      message: "The pilotage units are blank: enter the units, or the word UNMEASURED if the master or agent did not provide the measurements (§ 89-a(4)(d)).",
    });
  });
});

describe("bounds, refused before anything is read", () => {
  test("a text longer than Excel's 32,767 characters names the argument and its length", () => {
    expect(excelError(first(pilotage.baseFee(one("1".repeat(100_000)), one(1), one("2026-06-15"), null)))).toEqual({
      code: "#VALUE!",
      message: "units is text of 100,000 characters, more than a cell holds (32,767): check the argument.",
    });
  });

  test("a board table of more than 1,000 rows of data names the bound; blank rows do not count", () => {
    const rows = Array.from({ length: 1_001 }, (_, i) => [`${2030 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}-01`, 310, 45.5, 125.25]);
    expect(excelError(first(pilotage.total({ ...TRANSIT, boardFees: rows })))).toEqual({
      code: "#VALUE!",
      message: "board_fees has more than 1,000 rows of data, the most a board table may hold: give the range of the board's rows only.",
    });
    // A whole-column reference: the board's row, then blank rows (null on the web, 0 on the desktop).
    const wholeColumn = [...BOARD_FEE_TABLE, ...Array.from({ length: 5_000 }, (_, i) => (i % 2 === 0 ? [null, null, null, null] : [0, 0, 0, 0]))];
    // 10,244.09 as worked in pilotage.test.ts (271.43 units, Section 2, 2026-06-15, 12 h, these fees).
    expect(first(pilotage.total({ ...TRANSIT, boardFees: wholeColumn }))).toBe(10244.09);
  });

  test("a board table that is not a range is refused, naming it", () => {
    expect(excelError(first(pilotage.total({ ...TRANSIT, boardFees: "2024-01-01" as unknown as unknown[][] })))).toEqual({
      code: "#VALUE!",
      message: "board_fees must be a range of rows (from date | amounts …), not a single value.",
    });
  });
});

describe("a column: one bad row costs that row only, and equal rows answer alike", () => {
  test("HUDSON_BASE_FEE over a column mixing good and bad cells", () => {
    // (xi) Section 1: 200 × $15.32 = $3,064.00
    const answer = pilotage.baseFee([[200], ["abc"], [NaN], [200], [null], ["abc"], [{}]], one(1), one("2026-06-15"), null);
    expect(answer.map((row) => excelError(row[0])?.code ?? row[0])).toEqual([3064, "#VALUE!", "#NUM!", 3064, "#VALUE!", "#VALUE!", "#VALUE!"]);
    // The repeated bad cell's error value is the same value, made once.
    expect(answer[5][0]).toBe(answer[1][0]);
  });
});

describe("headers (issue 36): 1, the default, a header row; 0 none, so spills stack with VSTACK", () => {
  test("HUDSON_QUOTE", () => {
    const withHeader = pilotage.quote(TRANSIT);
    const withoutHeader = pilotage.quote(TRANSIT, one(0));
    expect(withHeader[0]).toEqual(["Item", "Amount", "Authority"]);
    expect(pilotage.quote(TRANSIT, one(1))).toEqual(withHeader);
    expect(withoutHeader).toEqual(withHeader.slice(1));
    // 271.43 × $21.58 = $5,857.4594 → $5,857.46 (§ 89-a(4)(b)(1)(xi), Section 2)
    expect(withoutHeader[0]).toEqual(["Base pilotage, Section 2, Upper River", 5857.46, "§ 89-a(4)(b)(1)(xi)"]);
    expect(excelError(first(pilotage.quote(TRANSIT, one(2))))).toEqual({
      code: "#VALUE!",
      message: "headers must be 1 (a header row, the default) or 0 (no header row, to stack quotes with VSTACK).",
    });
  });

  test("HUDSON_RATES", () => {
    const withHeader = pilotage.rates("2027-01-01");
    expect(withHeader[0][0]).toBe("Section");
    expect(pilotage.rates("2027-01-01", 0)).toEqual(withHeader.slice(1));
    // Clause (xii), Section 1: $1,102.70 up to 50 units.
    expect(pilotage.rates("2027-01-01", false)[0].slice(0, 2)).toEqual(["Section 1, Lower River", 1102.7]);
  });

  test("the surcharge table argument beside it is still read once per call", () => {
    expect(pilotage.quote({ ...TRANSIT, boardSurcharge: BOARD_SURCHARGE_TABLE }, one(0)).at(-1)?.[1]).toBe(10244.09);
  });
});

test("src/functions imports the engine through its index only", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const fs = require("node:fs") as typeof import("node:fs");
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const path = require("node:path") as typeof import("node:path");
  const folder = path.resolve(__dirname, "../../src/functions");
  const pastTheIndex = fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".ts"))
    .flatMap((file) => [...fs.readFileSync(path.join(folder, file), "utf8").matchAll(/from "(\.\.\/engine\/[^"]+)"/g)].map((m) => `${file}: ${m[1]}`));
  expect(pastTheIndex).toEqual([]);
});
