/**
 * The surcharge of § 89-a(4)(b)(1-c): bands (D7), the five statutory periods and the board's
 * tables after them (D8), and the unmeasured vessel (D2). Amounts worked by hand from the statute.
 */
import {
  BoardSurchargeRow,
  DEFAULT_SETTINGS,
  Money,
  PilotageUnits,
  readBoardSurchargeRows,
  readPilotageUnits,
  resolveSettings,
  surchargeLine,
  surchargeTableOn,
  refusalThrown,
} from "../../src/engine";
import { inputErrorOf, money, perUnitAmount } from "./hand";

const measured = (units: string): PilotageUnits => ({ measured: true, units: new Money(units) });
const surchargeOn = (date: string, units: PilotageUnits, rows: readonly BoardSurchargeRow[] = [], settings = DEFAULT_SETTINGS) =>
  surchargeLine(units, refusalThrown(surchargeTableOn(date, rows, settings)));

/** The five statutory tables of (1-c)(ii), transcribed: [0 to 50, 51 to 100, per unit over 100]. */
const PERIODS: { first: string; last: string; bands: [string, string, string] }[] = [
  // 1st–12th month after 2015-11-20 (assumed anchor): 2015-11-20 … 2016-11-19
  { first: "2015-11-20", last: "2016-11-19", bands: ["113.00", "138.00", "1.38"] },
  // 13th–24th month: 2016-11-20 … 2017-11-19
  { first: "2016-11-20", last: "2017-11-19", bands: ["170.00", "207.00", "2.07"] },
  // 25th–36th month: 2017-11-20 … 2018-11-19
  { first: "2017-11-20", last: "2018-11-19", bands: ["213.00", "260.00", "2.60"] },
  // 37th–48th month: 2018-11-20 … 2019-11-19
  { first: "2018-11-20", last: "2019-11-19", bands: ["250.00", "305.00", "3.05"] },
  // 49th–60th month: 2019-11-20 … 2020-11-19
  { first: "2019-11-20", last: "2020-11-19", bands: ["280.00", "341.00", "3.41"] },
];

describe("D7 bands (first period: $113.00 / $138.00 / $1.38 per unit)", () => {
  const date = "2016-01-15";
  test.each([
    ["0.01", "113.00"], // 0 to 50
    ["50", "113.00"], // 50 is in "0 to 50"
    ["50.5", "138.00"], // between 50 and 51: read as the "51 to 100" band (D7)
    ["51", "138.00"],
    ["100", "138.00"], // 100 is in "51 to 100"
    ["100.01", "138.01"], // over 100: 100.01 × $1.38 = $138.0138 → $138.01
    ["150.25", "207.35"], // 150.25 × $1.38 = $207.345 → half up $207.35
    ["500", "690.00"], // 500 × $1.38 = $690.00
  ])("%s units → $%s", (units, expected) => {
    expect(money(surchargeOn(date, measured(units)).amount)).toBe(expected);
  });

  test("the per-unit band is on every unit and has no 500-unit maximum (D7)", () => {
    // fifth period: 600 units × $3.41 = $2,046.00 (not 500 × $3.41 = $1,705.00)
    expect(money(surchargeOn("2020-06-01", measured("600")).amount)).toBe("2046.00");
    // 10,000 units × $3.41 = $34,100.00
    expect(money(surchargeOn("2020-06-01", measured("10000")).amount)).toBe("34100.00");
    // 500.01 × $3.41 = $1,705.0341 → $1,705.03
    expect(money(surchargeOn("2020-06-01", measured("500.01")).amount)).toBe("1705.03");
  });

  test("reader values go the same way: 50.5 typed as text, 100.01 typed as a number", () => {
    expect(money(surchargeOn(date, refusalThrown(readPilotageUnits("50.5", DEFAULT_SETTINGS))).amount)).toBe("138.00");
    expect(money(surchargeOn(date, refusalThrown(readPilotageUnits(100.01, DEFAULT_SETTINGS))).amount)).toBe("138.01");
    expect(money(surchargeOn(date, refusalThrown(readPilotageUnits(50, DEFAULT_SETTINGS))).amount)).toBe("113.00");
  });
});

describe("D8 the five statutory periods, each on its first and last day", () => {
  describe.each(PERIODS.map((p, i) => [i + 1, p] as const))("period %d", (_n, period) => {
    const [upTo50, over50, rate] = period.bands;
    test.each([period.first, period.last])("%s", (date) => {
      const table = refusalThrown(surchargeTableOn(date, [], DEFAULT_SETTINGS));
      expect(table.citation).toBe("§ 89-a(4)(b)(1-c)(ii)");
      expect(table.assumed).toBe(true);
      expect(table.source).toContain("assumed");
      expect(money(surchargeLine(measured("40"), table).amount)).toBe(upTo50);
      expect(money(surchargeLine(measured("75"), table).amount)).toBe(over50);
      // 200 units × the period's rate, worked in integer cents (e.g. 200 × $2.07 = $414.00)
      expect(money(surchargeLine(measured("200"), table).amount)).toBe(perUnitAmount(rate, "200"));
      // unmeasured: charged as 500 units (D2), e.g. 500 × $3.41 = $1,705.00
      expect(money(surchargeLine({ measured: false }, table).amount)).toBe(perUnitAmount(rate, "500"));
    });
  });

  test("worked per-unit amounts for the periods: 200 × $1.38 = $276.00 … 200 × $3.41 = $682.00", () => {
    expect(["2016-01-01", "2017-01-01", "2018-01-01", "2019-01-01", "2020-01-01"].map((d) => money(surchargeOn(d, measured("200")).amount))).toEqual([
      "276.00",
      "414.00",
      "520.00",
      "610.00",
      "682.00",
    ]);
  });

  test("the day after the fifth period (2020-11-20) needs the board's table: NO_SURCHARGE_TABLE, #N/A, saying what to enter and naming no one adapter's input", () => {
    const error = inputErrorOf(() => refusalThrown(surchargeTableOn("2020-11-20", [], DEFAULT_SETTINGS)));
    expect(error.code).toBe("NO_SURCHARGE_TABLE");
    expect(error.kind).toBe("na");
    expect(error.message).toContain("No surcharge board table covers 2020-11-20");
    expect(error.message).toContain("from 2020-11-20");
    expect(error.message).toContain("Enter the board's table in force on that date: from date, 0–50 units, 51–100 units, per unit over 100.");
    // Where to enter it is each adapter's advice: the CLI names its flag, the task pane has its rows.
    expect(error.message).not.toMatch(/--board-surcharge|Board rates sheet|board_surcharge/);
  });

  test("before the effective date there is no surcharge: BEFORE_FIRST_CLAUSE", () => {
    expect(inputErrorOf(() => refusalThrown(surchargeTableOn("2015-11-19", [], DEFAULT_SETTINGS))).code).toBe("BEFORE_FIRST_CLAUSE");
  });

  test("another anchor moves the periods (GCL § 30): from 29 February 2016, period 2 starts 2017-02-28 and the window ends 2021-02-27", () => {
    // 2016-02-29 + 12 months = 2017-02-28; + 60 months = 2021-02-28 (2021 is not a leap year), so the last statutory day is 2021-02-27.
    const leap = refusalThrown(resolveSettings({ actEffectiveDate: "2016-02-29" }));
    expect(money(surchargeOn("2016-02-29", measured("40"), [], leap).amount)).toBe("113.00");
    expect(money(surchargeOn("2017-02-27", measured("40"), [], leap).amount)).toBe("113.00");
    expect(money(surchargeOn("2017-02-28", measured("40"), [], leap).amount)).toBe("170.00");
    expect(money(surchargeOn("2021-02-27", measured("40"), [], leap).amount)).toBe("280.00");
    expect(inputErrorOf(() => refusalThrown(surchargeTableOn("2021-02-28", [], leap))).code).toBe("NO_SURCHARGE_TABLE");
    expect(inputErrorOf(() => refusalThrown(surchargeTableOn("2016-02-28", [], leap))).code).toBe("BEFORE_FIRST_CLAUSE");
    expect(refusalThrown(surchargeTableOn("2017-02-28", [], leap)).source).toContain("2016-02-29");
  });
});

describe("D8 the surcharge board's tables after the sixtieth month", () => {
  // Illustrative board rows (the board sets them; these are test data, not law).
  const rows: BoardSurchargeRow[] = [
    { from: "2023-01-01", upTo50Units: "330.00", over50UpTo100Units: "400.00", perUnitOver100Units: "4.00" },
    { from: "2020-11-20", upTo50Units: "300.00", over50UpTo100Units: "365.00", perUnitOver100Units: "3.65" },
    { from: "2021-01-01", upTo50Units: "310.00", over50UpTo100Units: "377.00", perUnitOver100Units: "3.77" },
  ];

  test("the latest row on or before the date applies, whatever the order of the rows", () => {
    expect(money(surchargeOn("2020-11-20", measured("40"), rows).amount)).toBe("300.00");
    expect(money(surchargeOn("2020-12-31", measured("75"), rows).amount)).toBe("365.00");
    expect(money(surchargeOn("2021-01-01", measured("40"), rows).amount)).toBe("310.00");
    expect(money(surchargeOn("2022-12-31", measured("75"), rows).amount)).toBe("377.00");
    expect(money(surchargeOn("2023-01-01", measured("40"), rows).amount)).toBe("330.00");
    // 150.5 × $3.77 = $567.385 → half up $567.39
    expect(money(surchargeOn("2021-06-01", measured("150.5"), rows).amount)).toBe("567.39");
    // 600 × $4.00 = $2,400.00: no 500-unit maximum on the board's table either
    expect(money(surchargeOn("2026-12-31", measured("600"), rows).amount)).toBe("2400.00");
  });

  test("a board row's citation and source; not assumed", () => {
    const table = refusalThrown(surchargeTableOn("2021-06-01", rows, DEFAULT_SETTINGS));
    expect(table.citation).toBe("§ 89-a(4)(b)(1-b), (1-c)(i), (iii) (set quarterly by the surcharge board)");
    expect(table.source).toBe("surcharge board table from 2021-01-01");
    expect(table.assumed).toBe(false);
  });

  test("board rows never displace the statutory table inside the sixty months", () => {
    const early: BoardSurchargeRow[] = [{ from: "2019-01-01", upTo50Units: "999.00", over50UpTo100Units: "999.00", perUnitOver100Units: "9.99" }];
    expect(money(surchargeOn("2020-11-19", measured("40"), early).amount)).toBe("280.00");
    // …but the same row, in force since 2019, covers 2020-11-20 onwards
    expect(money(surchargeOn("2020-11-20", measured("40"), early).amount)).toBe("999.00");
  });

  test("rows all after the date leave it uncovered: NO_SURCHARGE_TABLE", () => {
    const later: BoardSurchargeRow[] = [{ from: "2021-01-01", upTo50Units: "310.00", over50UpTo100Units: "377.00", perUnitOver100Units: "3.77" }];
    expect(inputErrorOf(() => refusalThrown(surchargeTableOn("2020-12-31", later, DEFAULT_SETTINGS))).code).toBe("NO_SURCHARGE_TABLE");
  });

  test("unmeasured under a board table: 500 × $3.77 = $1,885.00, citing § 89-a(4)(d)", () => {
    const line = surchargeOn("2021-06-01", { measured: false }, rows);
    expect(money(line.amount)).toBe("1885.00");
    expect(line.citation).toContain("§ 89-a(4)(d)");
    expect(line.note).toContain("Measurements not provided");
  });

  test("rows read from a sheet (title row, Excel serial dates, text amounts) give the same charges", () => {
    const read = refusalThrown(readBoardSurchargeRows([
      ["From", "0-50", "51-100", "Per unit over 100"],
      [44197, "310", "377.00", "$3.77"], // serial 44197 = 2021-01-01: 46,023 (2026-01-01) − 365 (2025) − 366 (2024) − 365 (2023) − 365 (2022) − 365 (2021) = 44,197
      [null, null, null, null],
      ["2023-01-01", 330, 400, 4],
    ]));
    expect(read.map((r) => r.from)).toEqual(["2021-01-01", "2023-01-01"]);
    expect(money(surchargeOn("2021-06-01", measured("150.5"), read).amount)).toBe("567.39");
    expect(money(surchargeOn("2023-06-01", measured("40"), read).amount)).toBe("330.00");
  });
});

describe("D14: a surcharge line is rounded to the cent even when the board's amount has more decimals", () => {
  const rows: BoardSurchargeRow[] = [{ from: "2020-11-20", upTo50Units: "112.345", over50UpTo100Units: "138.004", perUnitOver100Units: "3.605" }];

  test("flat bands: $112.345 → $112.35, $138.004 → $138.00", () => {
    expect(money(surchargeOn("2021-03-01", measured("40"), rows).amount)).toBe("112.35");
    expect(money(surchargeOn("2021-03-01", measured("75"), rows).amount)).toBe("138.00");
  });

  test("per unit: 200 × $3.605 = $721.00; 150.5 × $3.605 = $542.5525 → $542.55", () => {
    expect(money(surchargeOn("2021-03-01", measured("200"), rows).amount)).toBe("721.00");
    expect(money(surchargeOn("2021-03-01", measured("150.5"), rows).amount)).toBe("542.55");
  });
});

describe("the surcharge line's note shows the working", () => {
  test("per unit: '200.00 units over 100: 200.00 × $2.60 = $520.00' and the period", () => {
    const line = surchargeOn("2018-01-01", measured("200"));
    expect(line.code).toBe("surcharge");
    expect(line.note).toContain("200.00 × $2.60 = $520.00");
    expect(line.note).toContain("twenty-fifth to thirty-sixth month");
  });

  test("flat bands name the band", () => {
    expect(surchargeOn("2018-01-01", measured("40")).note).toContain("0–50 band: $213.00");
    expect(surchargeOn("2018-01-01", measured("75")).note).toContain("51–100 band: $260.00");
  });
});
