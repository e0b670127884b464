/**
 * The other charges of § 89-a(4)(b)(1-a): the second pilot (D11) and the board-set launch,
 * communication and mid-river launch fees (D10).
 */
import {
  BoardFeeRow,
  boardFeeLinesOf,
  boardFeeRowOn,
  DEFAULT_SETTINGS,
  Money,
  quoteTransit,
  readBoardFeeRows,
  readBoardSurchargeRows,
  secondPilotLine,
  refusalThrown,
} from "../../src/engine";
import { halfOf, hundredths, inputErrorOf, money } from "./hand";

/** A section's fee lines on a date, from the row in force: what a quote's lines are made of. */
const boardFeeLines = (section: 1 | 2, date: string, rows: readonly BoardFeeRow[]) => boardFeeLinesOf(section, date, boardFeeRowOn(date, rows));

const noExceptions = { relievedAtMidRiver: false, anchoredEightHours: false };

describe("D11 second pilot: the regular pilotage fee plus 50% when continuous pilotage exceeds 10 hours", () => {
  // (xi) Section 2, 192.16 units: 192.16 × $21.58 = $4,146.8128 → base $4,146.81 (odd cents), in whole cents as a quote holds it.
  const base = 414681;

  test("10 h is not more than ten hours: a line of $0.00", () => {
    const line = secondPilotLine(base, { continuousHours: 10, ...noExceptions });
    expect(line).not.toBeNull();
    expect(money(line?.amount)).toBe("0.00");
    expect(line?.note).toContain("not more than 10 h");
  });

  test("10.5 h: 50% of the rounded base, half up: $4,146.81 × 0.5 = $2,073.405 → $2,073.41 (half-even would give $2,073.40)", () => {
    expect(halfOf("4146.81")).toBe("2073.41"); // the hand helper agrees
    const line = secondPilotLine(base, { continuousHours: 10.5, ...noExceptions });
    expect(line?.code).toBe("second_pilot");
    expect(money(line?.amount)).toBe("2073.41");
    expect(line?.citation).toBe("§ 89-a(4)(b)(1-a)");
    expect(line?.note).toContain("$2,073.41");
  });

  test("just over ten hours (10.01 h) already needs the second pilot; even cents halve exactly", () => {
    // (xi) Section 2, 271.43 units: $5,857.46 × 0.5 = $2,928.73
    expect(money(secondPilotLine(585746, { continuousHours: 10.01, ...noExceptions })?.amount)).toBe("2928.73");
  });

  test("relieved at the mid-river station: $0.00, with the reason", () => {
    const line = secondPilotLine(base, { continuousHours: 14, relievedAtMidRiver: true, anchoredEightHours: false });
    expect(money(line?.amount)).toBe("0.00");
    expect(line?.note).toContain("mid-river");
  });

  test("anchored at least 8 hours: $0.00, with the reason", () => {
    const line = secondPilotLine(base, { continuousHours: 18, relievedAtMidRiver: false, anchoredEightHours: true });
    expect(money(line?.amount)).toBe("0.00");
    expect(line?.note).toContain("anchors at least 8 h");
  });

  test("hours not given: no line at all", () => {
    expect(secondPilotLine(base, { continuousHours: null, relievedAtMidRiver: true, anchoredEightHours: true })).toBeNull();
  });

  test("in a quote: 50% of the base only (not the surcharge or the fees), and no line without hours", () => {
    const transit = {
      units: { measured: true as const, units: new Money("192.16") },
      section: 2 as const,
      date: "2026-06-15",
      boardSurcharge: [{ from: "2020-11-20", upTo50Units: "300.00", over50UpTo100Units: "365.00", perUnitOver100Units: "3.65" }],
      boardFees: [{ from: "2026-01-01", launch: 50_000, communication: 7500, midriver_launch: 25_000 }],
    };
    const withHours = refusalThrown(quoteTransit({ ...transit, continuousHours: 10.5 }, DEFAULT_SETTINGS));
    const byCode = Object.fromEntries(withHours.lines.map((l) => [l.code, money(l.amount)]));
    expect(byCode.base).toBe("4146.81");
    expect(byCode.second_pilot).toBe("2073.41");
    const without = refusalThrown(quoteTransit(transit, DEFAULT_SETTINGS));
    expect(without.lines.map((l) => l.code)).not.toContain("second_pilot");
    // unmeasured (D2): base 500 × $21.58 = $10,790.00, second pilot $5,395.00
    const unmeasured = refusalThrown(quoteTransit({ ...transit, units: { measured: false }, continuousHours: 12 }, DEFAULT_SETTINGS));
    expect(money(unmeasured.lines.find((l) => l.code === "second_pilot")?.amount)).toBe("5395.00");
  });
});

describe("D10 board-set fees", () => {
  // Illustrative board amounts (the board sets them; these are test data, not law).
  const rows: BoardFeeRow[] = [
    { from: "2026-01-01", launch: 52_500, communication: 8000, midriver_launch: null },
    { from: "2025-01-01", launch: 50_000, communication: 7500, midriver_launch: 25_000 },
  ];

  test("Section 1 pays the launch and communication fees; Section 2 also the mid-river launch fee", () => {
    expect(boardFeeLines(1, "2025-06-01", rows).map((l) => l.code)).toEqual(["launch", "communication"]);
    expect(boardFeeLines(2, "2025-06-01", rows).map((l) => l.code)).toEqual(["launch", "communication", "midriver_launch"]);
    expect(boardFeeLines(2, "2025-06-01", rows).map((l) => money(l.amount))).toEqual(["500.00", "75.00", "250.00"]);
  });

  test("every fee line cites (1-a) and the board's rule", () => {
    for (const line of boardFeeLines(2, "2025-06-01", rows)) {
      expect(line.citation).toContain("§ 89-a(4)(b)(1-a)");
      expect(line.citation).toContain("21 NYCRR § 55.2");
      expect(line.label.length).toBeGreaterThan(0);
    }
  });

  test("the latest row on or before the date applies, whatever the order of the rows", () => {
    expect(boardFeeLines(1, "2025-12-31", rows).map((l) => money(l.amount))).toEqual(["500.00", "75.00"]);
    expect(boardFeeLines(1, "2026-01-01", rows).map((l) => money(l.amount))).toEqual(["525.00", "80.00"]);
    expect(boardFeeLines(1, "2026-01-01", rows)[0].note).toContain("2026-01-01");
  });

  test("a fee the row in force leaves blank is 'not entered' (null), never an amount carried over or invented", () => {
    const lines = boardFeeLines(2, "2026-03-01", rows);
    const midriver = lines.find((l) => l.code === "midriver_launch");
    expect(midriver?.amount).toBeNull();
    expect(midriver?.note).toContain("Not entered");
    expect(midriver?.note).toContain("2026-03-01");
  });

  test("no row on or before the date: every fee not entered", () => {
    expect(boardFeeLines(2, "2024-12-31", rows).map((l) => l.amount)).toEqual([null, null, null]);
    expect(boardFeeLines(1, "2026-06-01", []).map((l) => l.amount)).toEqual([null, null]);
  });

  test("a fee entered with fractions of a cent is rounded half up (D14) when read: $123.455 → $123.46", () => {
    const odd = refusalThrown(readBoardFeeRows([["2025-01-01", "123.455", "0.01"]]));
    expect(boardFeeLines(1, "2025-06-01", odd).map((l) => money(l.amount))).toEqual(["123.46", "0.01"]);
  });

  test("in a quote: a fee not entered leaves the total incomplete and out of the sum, with a warning", () => {
    // (xi) Section 2, 40 units: base (up to 50) $1,764.76; board surcharge 0–50 $300.00; launch $525.00;
    // communication $80.00; mid-river not entered. Total $1,764.76 + $300.00 + $525.00 + $80.00 = $2,669.76.
    const quote = refusalThrown(quoteTransit(
      {
        units: { measured: true, units: new Money("40") },
        section: 2,
        date: "2026-03-01",
        boardFees: rows,
        boardSurcharge: [{ from: "2020-11-20", upTo50Units: "300.00", over50UpTo100Units: "365.00", perUnitOver100Units: "3.65" }],
      },
      DEFAULT_SETTINGS,
    ));
    expect(quote.lines.map((l) => [l.code, money(l.amount)])).toEqual([
      ["base", "1764.76"],
      ["surcharge", "300.00"],
      ["launch", "525.00"],
      ["communication", "80.00"],
      ["midriver_launch", null],
    ]);
    expect(money(quote.total)).toBe("2669.76");
    expect(quote.complete).toBe(false);
    expect(quote.warnings).toContain("Mid-river launch fee not entered: the total leaves it out.");
  });

  test("fees read from a sheet: a blank cell is not entered; dates as Excel serials or text", () => {
    const read = refusalThrown(readBoardFeeRows([
      ["From", "Launch", "Communication", "Mid-river launch"],
      [45658, 500, "75.00", ""], // serial 45658 = 2025-01-01 (46,023 for 2026-01-01 − 365)
      ["2026-01-01", "525", 80, null],
    ]));
    expect(read.map((r) => r.from)).toEqual(["2025-01-01", "2026-01-01"]);
    expect(read.map((r) => r.midriver_launch)).toEqual([null, null]);
    expect(boardFeeLines(2, "2025-06-01", read).map((l) => money(l.amount))).toEqual(["500.00", "75.00", null]);
    const bad = inputErrorOf(() => refusalThrown(readBoardFeeRows([["2026-01-01", "-5", "80", "250"]])));
    expect(bad.code).toBe("BAD_BOARD_TABLE");
    expect(bad.message).toContain("Board fees table, row 1");
    expect(bad.message).toContain("cannot be negative");
  });

  test("two rows from one date are refused, naming both (neither may win silently)", () => {
    const twice = inputErrorOf(() =>
      refusalThrown(readBoardFeeRows([
        ["From", "Launch"],
        ["2026-01-01", 300],
        [46023, 310], // serial 46023 = 2026-01-01 again
      ])),
    );
    expect(twice.code).toBe("BAD_BOARD_TABLE");
    expect(twice.message).toBe(
      "Board fees table, row 3: this row is also from 2026-01-01, like row 2: each row applies until the next row's date, so change this date or remove one of the two rows.",
    );
    const surchargeTwice = inputErrorOf(() => refusalThrown(readBoardSurchargeRows([["2031-01-01", 300, 360, 3.6], ["2031-01-01", 300, 360, 3.7]])));
    expect(surchargeTwice.message).toMatch(/^Board surcharge table, row 2: this row is also from 2031-01-01, like row 1:/);
  });
});

describe("D10 a fee the row leaves blank names the transit's own date; an entered fee names the row's", () => {
  const row = (midriver: string | null): BoardFeeRow => ({
    from: "2025-01-01",
    launch: 50_000,
    communication: 7500,
    midriver_launch: midriver === null ? null : Number(hundredths(midriver)),
  });

  test("a fee the row leaves blank is not entered on each transit's own date", () => {
    const fees = row(null);
    // Section 2 pays the mid-river launch fee (D10), which this row does not enter.
    expect(boardFeeLines(2, "2025-06-01", [fees])[2].note).toContain("in force on 2025-06-01");
    expect(boardFeeLines(2, "2026-03-01", [fees])[2].note).toContain("in force on 2026-03-01");
    // Section 1 does not pay it: every fee of its section is entered, and the row's date is named.
    expect(boardFeeLines(1, "2026-03-01", [fees]).map((l) => l.note)).toEqual([
      expect.stringContaining("Board amount in force from 2025-01-01"),
      expect.stringContaining("Board amount in force from 2025-01-01"),
    ]);
    // 500.00 + 75.00 + 250.00 in cents, as entered.
    expect(boardFeeLines(2, "2027-03-01", [row("250.00")]).map((l) => l.amountCents)).toEqual([50000, 7500, 25000]);
  });
});
