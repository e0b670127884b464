/**
 * Cell values through the built bundle (dist/functions.js), with office-addin-mock's Office
 * answering the requirement-set check as a host with or without CustomFunctionsRuntime 1.4 (the
 * set that brought data types, formatted numbers and entities, to custom functions): money and dates come back as formatted numbers there and as plain numbers
 * elsewhere; arguments that arrive as cell value objects are read as their basic values; and
 * HUDSON_QUOTE_CARD is an entity with every line, or #N/A naming HUDSON_QUOTE. Needs `npm run build`.
 *
 * Hand-worked amounts (§ 89-a(4)(b)(1)(xi), in force from 2026-01-01, vessels of 100 units and over):
 *   Section 2: 271.43 × $21.58 = $5,857.4594 → $5,857.46.
 *   Section 1, 192.16 units: base 192.16 × $15.32 = $2,943.8912 → $2,943.89; with the example board
 *   surcharge row (per unit over 100 $3.60, (1-c)(iii)) 192.16 × 3.60 = $691.776 → $691.78; board
 *   fees launch $300.00, communication $40.00; total 2,943.89 + 691.78 + 300.00 + 40.00 = $3,975.67.
 */
import fc from "fast-check";
import { OfficeMockObject } from "office-addin-mock";
import { excelError } from "../support/custom-functions";
import { loadFunctionsBundle } from "../support/bundle";
import { plainCell } from "../../src/functions/excel-runner";
import { installCustomFunctionsGlobal } from "../support/custom-functions";

installCustomFunctionsGlobal();

/**
 * An Office whose host has the CustomFunctionsRuntime requirement sets up to 1.`minor`, and every
 * ExcelApi set (so that only the data-types set, as Microsoft names it, decides).
 */
function officeWithCustomFunctionsRuntime(minor: number) {
  return new OfficeMockObject({
    context: {
      requirements: {
        isSetSupported: (name: string, version: string) => name === "ExcelApi" || (name === "CustomFunctionsRuntime" && Number(version.split(".")[1] ?? 0) <= minor),
      },
    },
  });
}

const withCellValues = loadFunctionsBundle({ globals: { Office: officeWithCustomFunctionsRuntime(5) } });
const olderExcel = loadFunctionsBundle({ globals: { Office: officeWithCustomFunctionsRuntime(3) } });
const noOffice = loadFunctionsBundle();

const FEES = [["2025-01-01", 300, 40, 120]];
const SURCHARGE = [["2020-11-20", 300, 360, 3.6]];

describe("money and dates as formatted numbers where the host has cell values (CustomFunctionsRuntime 1.4)", () => {
  test("HUDSON_BASE_FEE: $5,857.46 as a Double formatted as currency", () => {
    expect(withCellValues.call("HUDSON_BASE_FEE", [[271.43]], [["Upper"]], [["2026-06-15"]])).toEqual([[{ type: "Double", basicValue: 5857.46, numberFormat: "$#,##0.00" }]]);
  });

  test("HUDSON_BENEFIT_START: 1 July 2026 as a Double formatted as a date", () => {
    // Retired 2026-05-15: the next benefit payment period starts 2026-07-01 (§ 89-a(7)(a)). Excel serial:
    // 2026-01-01 is 46,023 (1900 date system), plus 31+28+31+30+31+30 = 181 days → 46,204.
    expect(withCellValues.call("HUDSON_BENEFIT_START", [["2026-05-15"]])).toEqual([[{ type: "Double", basicValue: 46204, numberFormat: "yyyy-mm-dd" }]]);
  });

  test("a column keeps its errors as errors: only numbers are formatted", () => {
    const result = withCellValues.call("HUDSON_BASE_FEE", [[271.43], ["lots"]], [["Upper"]], [["2026-06-15"]]) as unknown[][];
    expect(result[0][0]).toEqual({ type: "Double", basicValue: 5857.46, numberFormat: "$#,##0.00" });
    expect(excelError(result[1][0])?.code).toBe("#VALUE!");
  });

  test.each([
    ["an Excel before CustomFunctionsRuntime 1.4", olderExcel],
    ["no Office at all (HyperFormula, the CLI's tests)", noOffice],
  ])("%s: plain numbers", (_host, bundle) => {
    expect(bundle.call("HUDSON_BASE_FEE", [[271.43]], [["Upper"]], [["2026-06-15"]])).toEqual([[5857.46]]);
    expect(bundle.call("HUDSON_BENEFIT_START", [["2026-05-15"]])).toEqual([[46204]]);
  });
});

describe("arguments that arrive as cell values (allowCustomDataForDataTypeAny) are read as their basic values", () => {
  test.each([
    ["with cell values", withCellValues, { type: "Double", basicValue: 5857.46, numberFormat: "$#,##0.00" }],
    ["without", olderExcel, 5857.46],
  ])("a formatted number of units and a string cell value of a section, %s", (_host, bundle, expected) => {
    const units = { type: "Double", basicValue: 271.43, numberFormat: "0.00" };
    const section = { type: "String", basicValue: "Upper" };
    expect(bundle.call("HUDSON_BASE_FEE", [[units]], [[section]], [["2026-06-15"]])).toEqual([[expected]]);
  });

  test("a formatted result fed back in: HUDSON_SECOND_PILOT of a formatted base fee", () => {
    // 12 h > 10 h: 50% × $5,857.46 = $2,928.73 ((1-a)).
    const base = withCellValues.call("HUDSON_BASE_FEE", [[271.43]], [["Upper"]], [["2026-06-15"]]) as unknown[][];
    expect(withCellValues.call("HUDSON_SECOND_PILOT", base, [[12]])).toEqual([[{ type: "Double", basicValue: 2928.73, numberFormat: "$#,##0.00" }]]);
  });
});

interface Entity {
  type: string;
  text: string;
  properties: Record<string, { type: string; basicValue?: unknown; elements?: { basicValue: unknown }[][] }>;
  layouts: { card: { title: string } };
}

describe("HUDSON_QUOTE_CARD", () => {
  test("an entity showing the total, its card listing every line with amount and clause, warnings and settings", () => {
    const card = withCellValues.call("HUDSON_QUOTE_CARD", [[192.16]], [[1]], [["2026-06-15"]], null, null, null, FEES, SURCHARGE) as Entity;
    expect(card.type).toBe("Entity");
    expect(card.text).toBe("$3,975.67");
    expect(card.properties.Total).toEqual({ type: "Double", basicValue: 3975.67, numberFormat: "$#,##0.00" });
    expect(card.properties.Complete).toEqual({ type: "Boolean", basicValue: true });
    const lines = (card.properties.Lines.elements ?? []).map((row) => row.map((cell) => cell.basicValue));
    expect(lines[0]).toEqual(["Item", "Amount", "Authority"]);
    expect(lines.slice(1).map((row) => row[1])).toEqual([2943.89, 691.78, 300, 40]);
    expect(lines[1][2]).toBe("§ 89-a(4)(b)(1)(xi)");
    expect(lines.every((row) => typeof row[2] === "string" && row[2] !== "")).toBe(true);
    // The fee row is from 2025-01-01; 13 months later is 2026-02-01, before the transit on 2026-06-15:
    // "reviewed annually" ((1-a), D20), so the fees may be out of date. The surcharge row from 2020-11-20
    // starts the day the statutory tables end (D19 does not check it).
    expect(card.properties.Warnings).toEqual({
      type: "String",
      basicValue:
        "The board's fees used are from 2025-01-01, more than 13 months before 2026-06-15: the launch, communication and mid-river launch fees " +
        "are reviewed annually (§ 89-a(4)(b)(1-a), D20), so the amounts may be out of date.",
    });
    expect(card.properties.Settings.basicValue).toBe("The defaults (docs/interpretations.md)");
    expect(card.layouts.card.title).toBe("Hudson River pilotage quote: $3,975.67");
  });

  test("without the board's fees: INCOMPLETE, the sum so far, and the lines not entered", () => {
    // 2,943.89 + 691.78 = $3,635.67 so far; the launch and communication fees are not entered.
    const card = withCellValues.call("HUDSON_QUOTE_CARD", [[192.16]], [[1]], [["2026-06-15"]], null, null, null, null, SURCHARGE) as Entity;
    expect(card.text).toBe("INCOMPLETE: $3,635.67 so far");
    expect(card.properties.Complete).toEqual({ type: "Boolean", basicValue: false });
    const amounts = (card.properties.Lines.elements ?? []).slice(1).map((row) => row[1].basicValue);
    expect(amounts).toEqual([2943.89, 691.78, "not entered", "not entered"]);
  });

  test("a bad input is the quote's own error", () => {
    const result = withCellValues.call("HUDSON_QUOTE_CARD", [[192.16]], [["Uper"]], [["2026-06-15"]]);
    expect(excelError(result)?.code).toBe("#VALUE!");
    expect(excelError(result)?.message).toContain('The section is "Uper"');
  });

  test.each([
    ["an Excel before CustomFunctionsRuntime 1.4", olderExcel],
    ["no Office", noOffice],
  ])("%s: #N/A naming HUDSON_QUOTE", (_host, bundle) => {
    const result = bundle.call("HUDSON_QUOTE_CARD", [[192.16]], [[1]], [["2026-06-15"]], null, null, null, FEES, SURCHARGE);
    expect(excelError(result)).toEqual({ code: "#N/A", message: expect.stringContaining("use NYPILOT.HUDSON_QUOTE with the same arguments") });
  });
});

describe("plainCell: a cell value object read as its basic value, any other cell as it is", () => {
  test.each([
    ["a formatted number", { type: "Double", basicValue: 271.43, numberFormat: "0.00" }, 271.43],
    ["a string cell value", { type: "String", basicValue: "Upper" }, "Upper"],
    ["a Boolean cell value", { type: "Boolean", basicValue: false }, false],
    ["an entity without a basic value (blank, as before)", { type: "Entity", text: "MT ALBANY", properties: {} , basicValue: undefined }, null],
    ["a number", 271.43, 271.43],
    ["text", "Upper", "Upper"],
    ["blank", null, null],
    ["an object that is not a cell value (no basic value)", { type: "Double" }, { type: "Double" }],
    ["a list", [1], [1]],
  ])("%s", (_what, cell, plain) => {
    expect(plainCell(cell)).toEqual(plain);
  });

  test("an error value is kept as it is", () => {
    const error = new CustomFunctions.Error(CustomFunctions.ErrorCode.invalidValue, "upstream");
    expect(plainCell(error)).toBe(error);
  });
});

describe("a board table of cell values through the bundle: read as its basic values, then compared as such", () => {
  // The same card from plain board tables and from tables of formatted numbers and string dates, in
  // both orders: the kept table is compared by basic value, never by the objects Excel passed.
  const asCellValues = (table: unknown[][]) =>
    table.map((row) => row.map((cell) => (typeof cell === "number" ? { type: "Double", basicValue: cell, numberFormat: "$#,##0.00" } : { type: "String", basicValue: cell })));
  const card = (fees: unknown[][], surcharge: unknown[][]) =>
    (withCellValues.call("HUDSON_QUOTE_CARD", [[192.16]], [[1]], [["2026-06-15"]], null, null, null, fees, surcharge) as Entity).text;

  test("$3,975.67 each time, and a changed amount in a table of cell values is read anew", () => {
    expect(card(FEES, SURCHARGE)).toBe("$3,975.67");
    expect(card(asCellValues(FEES), asCellValues(SURCHARGE))).toBe("$3,975.67");
    expect(card(asCellValues(FEES), asCellValues(SURCHARGE))).toBe("$3,975.67");
    // Launch $310 instead of $300: $3,975.67 + $10.00 = $3,985.67.
    expect(card(asCellValues([["2025-01-01", 310, 40, 120]]), asCellValues(SURCHARGE))).toBe("$3,985.67");
    expect(card(FEES, SURCHARGE)).toBe("$3,975.67");
  });
});

describe("HUDSON_QUOTE_CARD, made from the quote, holds HUDSON_QUOTE's rows", () => {
  // The card read back off HUDSON_QUOTE's spill, row by row, as it was made before: every charge
  // line, the warnings and settings rows joined, the total row.
  const cardOfSpill = (spill: unknown[][]) => {
    const basic = (cell: unknown) => (typeof cell === "object" && cell !== null && "basicValue" in cell ? (cell as { basicValue: unknown }).basicValue : cell);
    const rows = spill.slice(1, -1);
    const total = spill[spill.length - 1];
    return {
      lines: [["Item", "Amount", "Authority"], ...rows.filter((row) => row[0] !== "Warning" && row[0] !== "Setting").map((row) => row.map(basic))],
      warnings: rows.filter((row) => row[0] === "Warning").map((row) => row[2]).join("\n") || "None",
      settings: rows.filter((row) => row[0] === "Setting").map((row) => row[2]).join("\n") || "The defaults (docs/interpretations.md)",
      total: [basic(total[1]), total[0] === "Total", total[2]],
    };
  };
  const fees = [["From", "Launch", "Communication", "Mid-river launch"], ["2015-01-01", 285, 42, 118], ["2024-01-01", 310, 45.5, null]];
  const surcharge = [["2020-11-20", 300, 360, 3.6]];

  test("any transit, with or without board tables, complete or not", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<unknown>(271.43, 50, 120.5, "UNMEASURED", 60000, "n/a"),
        fc.constantFrom<unknown>("Upper", "Lower"),
        fc.constantFrom<unknown>("2026-06-15", "2019-12-01", "2024-03-01", "2014-01-01"),
        fc.constantFrom<unknown>(null, 12, 9, 40),
        fc.constantFrom<unknown>(null, true, false),
        fc.boolean(),
        fc.boolean(),
        (units, section, date, hours, relieved, withFees, withSurcharge) => {
          const args = [[[units]], [[section]], [[date]], [[hours]], [[relieved]], null, withFees ? fees : null, withSurcharge ? surcharge : null];
          const spill = withCellValues.call("HUDSON_QUOTE", ...args) as unknown[][];
          const card = withCellValues.call("HUDSON_QUOTE_CARD", ...args) as Entity;
          if (spill.length === 1) {
            expect(excelError(card)).toEqual(excelError(spill[0][0]));
            return;
          }
          const expected = cardOfSpill(spill);
          expect((card.properties.Lines.elements ?? []).map((row) => row.map((cell) => cell.basicValue))).toEqual(expected.lines);
          expect(card.properties.Warnings.basicValue).toBe(expected.warnings);
          expect(card.properties.Settings.basicValue).toBe(expected.settings);
          expect([card.properties.Total.basicValue, card.properties.Complete.basicValue, card.properties["Base rates"].basicValue]).toEqual(expected.total);
        },
      ),
      { numRuns: 150 },
    );
  });
});
