/**
 * The failures the fuzzers found (bench/fuzz.ts, test/fuzz/cli.test.ts) and the catalogue showed,
 * each pinned with the input that showed it; the fixes are in src/engine and src/functions.
 */
import { excelError, installCustomFunctionsGlobal } from "../support/custom-functions";
import { benefits, pilotage } from "../functions/nypilot";

installCustomFunctionsGlobal();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { main } = require("../../src/cli/main") as typeof import("../../src/cli/main");

const one = (value: unknown) => [[value]];
const column = (...values: unknown[]) => values.map((v) => [v]);
const noTransitOptions = { hours: null, relieved: null, anchored: null, boardFees: null, boardSurcharge: null };

describe("ranges that crashed the column machinery (the Excel runner)", () => {
  test("a single cell holding undefined beside a column: an error per row, not a TypeError", () => {
    // Was: TypeError "Cannot read properties of undefined (reading '0')" out of HUDSON_BASE_FEE.
    const result = pilotage.baseFee(column(200, 300), one(undefined), one("2026-06-15"), null);
    expect(result.map((row) => excelError(row[0])?.message)).toEqual([
      'The section is blank: use 1 or "Lower" (Yonkers through Hyde Park) or 2 or "Upper" (beyond Hyde Park through Albany or Troy).',
      'The section is blank: use 1 or "Lower" (Yonkers through Hyde Park) or 2 or "Upper" (beyond Hyde Park through Albany or Troy).',
    ]);
  });

  test("an empty range: one #VALUE!, not a TypeError", () => {
    expect(excelError(benefits.fixedPension([])[0][0])).toEqual({ code: "#VALUE!", message: "An argument is an empty range: give a cell or a range of cells." });
    expect(excelError(benefits.spouseEligibleFor([[41640]], [[]])[0][0])?.code).toBe("#VALUE!");
  });

  test("a ragged range: the missing cells read as blank", () => {
    const result = benefits.retirementContributionFor([[100, 200], [300]]);
    expect(result[0]).toEqual([12, 24]);
    expect(result[1][0]).toBe(36);
    expect(excelError(result[1][1])?.message).toBe("The earnings is blank: enter a number.");
  });
});

describe("HUDSON_QUOTE is one transit (pilotage.ts quote)", () => {
  test("a range of hours beside single cells is refused, not quoted from its first row", () => {
    const result = pilotage.quote({ units: one(200), section: one(2), date: one("2026-06-15"), ...noTransitOptions, hours: column(4, 14) });
    expect(result).toHaveLength(1);
    expect(excelError(result[0][0])).toEqual({
      code: "#VALUE!",
      message: "HUDSON_QUOTE quotes one transit: give single cells, or use HUDSON_TOTAL for a column of transits.",
    });
  });
});

describe("numbers typed as text (inputs.ts readDecimal)", () => {
  test("400 digits of text: #NUM! too large, not Infinity", () => {
    // Was: HUDSON_RETIREMENT_CONTRIBUTION("1000…0") = Infinity, a number Excel cannot hold.
    const digits = "1" + "0".repeat(400);
    expect(excelError(benefits.retirementContributionFor(one(digits))[0][0])).toEqual({
      code: "#NUM!",
      // The input is shown to 39 characters and an ellipsis.
      message: 'The earnings "100000000000000000000000000000000000000…" is too large: check the figure.',
    });
    expect(excelError(benefits.surchargeCapFor(one("9".repeat(400)))[0][0])?.code).toBe("#NUM!");
  });

  test("plain text and exponent text have the same limit", () => {
    expect(excelError(benefits.spouseBenefitFor(one("10000000000000000"))[0][0])?.message).toBe(excelError(benefits.spouseBenefitFor(one("1e16"))[0][0])?.message?.replace('"1e16"', '"10000000000000000"'));
    // Money amounts stop at $1,000,000,000 (D22), written either way: 50% × $1,000,000,000 = $500,000,000.00.
    expect(benefits.spouseBenefitFor(one("1000000000"))[0][0]).toBe(500_000_000);
    expect(benefits.spouseBenefitFor(one("1e9"))[0][0]).toBe(500_000_000);
    // One cent more is refused, with the same message for the digits and the exponent.
    const overByACent = excelError(benefits.spouseBenefitFor(one("1000000000.01"))[0][0]);
    expect(overByACent?.message).toMatch(/is over \$1,000,000,000, the most an amount may be \(D22\)/);
    expect(excelError(benefits.spouseBenefitFor(one("1.00000000001e9"))[0][0])?.message?.replace("1.00000000001e9", "1000000000.01")).toBe(overByACent?.message);
  });
});

describe("messages stay whole and on one line (errors.ts shownInput, charges.ts)", () => {
  test("a long input is shortened in the message, so the advice after it is not cut off", () => {
    const message = excelError(pilotage.baseFee(one(200), one(1), one("2026-06-15".repeat(30)), null)[0][0])?.message ?? "";
    expect(message.length).toBeLessThan(255);
    expect(message).toBe('The date "2026-06-152026-06-152026-06-152026-06-1…" is not a date: enter an Excel date or text like 2026-12-31 (YYYY-MM-DD).');
  });

  test("an input with line breaks is shown on one line", () => {
    expect(excelError(benefits.spouseBenefitFor(one("12\n000"))[0][0])?.message).toBe(`The pilot's annual benefit "12 000" is not a number.`);
  });

  test("the surcharge board message fits in 255 characters, advice included", () => {
    // Was 290 characters: Excel showed it cut after "in the Board rates s…".
    const message = excelError(pilotage.surcharge(one(200), one("2026-06-15"), null)[0][0])?.message ?? "";
    expect(message.length).toBeLessThanOrEqual(255);
    expect(message).toBe(
      "No surcharge board table covers 2026-06-15: from 2020-11-20 the surcharge board sets the surcharge (§ 89-a(4)(b)(1-c)(iii)). " +
        "Enter the board's table in force on that date: from date, 0–50 units, 51–100 units, per unit over 100.",
    );
  });

  test("the CLI's one line on stderr stays one line when a flag holds a line break", async () => {
    let stderr = "";
    const code = await main(["quote", "--units", "200", "--section", "1", "--date", "2026\n06-15"], { stdout: () => undefined, stderr: (t) => void (stderr += t) });
    expect(code).toBe(2);
    expect(stderr).toBe('hudson-pilotage quote: The date "2026 06-15" is not a date: enter a date as YYYY-MM-DD, e.g. 2026-12-31.\n');
  });

  test("the CLI's unknown command is quoted on one line, escaped, whatever was typed", async () => {
    const stderrOf = async (command: string) => {
      let stderr = "";
      const code = await main([command], { stdout: () => undefined, stderr: (t) => void (stderr += t) });
      expect(code).toBe(2);
      return stderr;
    };
    const commands = "commands: quote, call, rates, reconcile, batch, compliance, mcp, pension (see --help)\n";
    expect(await stderrOf("quo\r\nte\t")).toBe(`hudson-pilotage: unknown command "quo\\r\\nte\\t"; ${commands}`);
    expect(await stderrOf("a\u2028b\u0085c\u001bd")).toBe(`hudson-pilotage: unknown command "a\\u2028b\\u0085c\\u001bd"; ${commands}`);
    expect(await stderrOf("x".repeat(100))).toBe(`hudson-pilotage: unknown command "${"x".repeat(39)}…"; ${commands}`);
  });
});

describe("settings (settings.ts resolveSettings)", () => {
  test('--round-units off, as the help and the refusal message put it, means no rounding', async () => {
    // Was refused with "… from 0 to 6, or off." for the very word "off".
    let stdout = "";
    const code = await main(["quote", "--units", "192.155", "--section", "1", "--date", "2026-06-15", "--round-units", "off", "--json"], {
      stdout: (t) => void (stdout += t),
      stderr: () => undefined,
    });
    expect(code).toBe(3); // quoted; incomplete without the board amounts (exit 3)
    expect(JSON.parse(stdout).units).toBe(192.155);
  });
});
