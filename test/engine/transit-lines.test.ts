/**
 * The transit reader's per-field results, every line as an amount or a typed reason
 * (transitLines), the totals over several quotes (TotalOfQuotes) and the units type behind the
 * tier tests (ChargeUnits). Rates: § 89-a(4)(b)(1)(xi), from 2026-01-01: Section 1 $15.32 per
 * unit from 100 units, Section 2 $21.58.
 */
import {
  BoardFeeRow,
  BoardSurchargeRow,
  ChargeUnits,
  DEFAULT_SETTINGS,
  Money,
  NOTHING_REFUSED,
  quoteTransit,
  readTransit,
  readTransitCells,
  readTransitFields,
  RefusingTransitReaders,
  TRANSIT_FIELDS,
  totalOfQuotes,
  transitFieldErrors,
  transitFieldReaders,
  transitLines,
} from "../../src/engine";

const FEES: BoardFeeRow[] = [{ from: "2026-01-01", launch: new Money("310.00"), communication: new Money("45.50"), midriver_launch: new Money("125.25") }];
const SURCHARGE: BoardSurchargeRow[] = [{ from: "2025-01-01", upTo50Units: "320", over50UpTo100Units: "385", perUnitOver100Units: "3.85" }];

describe("readTransitFields", () => {
  test("every field reads on its own: two bad fields are two errors, each naming its field", () => {
    const fields = readTransitFields({ units: 192.16, section: "Middle", date: "2026-06-15", hours: "many" }, DEFAULT_SETTINGS);
    expect(fields.units.ok && fields.date.ok).toBe(true);
    expect(transitFieldErrors(fields).map(({ field, error }) => [field, error.code, error.field])).toEqual([
      ["section", "UNKNOWN_SECTION", "section"],
      ["hours", "NOT_A_NUMBER", "hours"],
    ]);
  });

  test("readTransit throws the first field's error, in field order", () => {
    expect(() => readTransit({ units: "lots", section: "Middle", date: "2026-06-15" }, DEFAULT_SETTINGS)).toThrow(/pilotage units "lots"/);
  });
});

describe("readTransitCells", () => {
  // Readers that answer a refusal (as a function cell's readers answer an error value) instead of throwing.
  const REFUSED = { refused: true } as const;
  const isRefused = (value: unknown): value is typeof REFUSED => value === REFUSED;
  const readersRefusing = (refusing: string[], read: string[]) => {
    const engineReaders = transitFieldReaders(DEFAULT_SETTINGS);
    return Object.fromEntries(
      Object.entries(engineReaders).map(([field, reader]) => [field, (input: unknown) => (read.push(field), refusing.includes(field) ? REFUSED : (reader as (cell: unknown) => unknown)(input))]),
    ) as RefusingTransitReaders<typeof REFUSED>;
  };
  const cells = { units: 192.16, section: 1, date: "2026-06-15", hours: 12 };

  test("the first field refused in the fields' order is the answer, and no later field is read", () => {
    const read: string[] = [];
    expect(readTransitCells(readersRefusing(["hours", "date"], read), isRefused, cells, {})).toBe(REFUSED);
    expect(read).toEqual(["units", "section", "date"]);
  });

  test("every field read: the transit, with the boards given", () => {
    const read: string[] = [];
    const transit = readTransitCells(readersRefusing([], read), isRefused, cells, { boardFees: FEES });
    expect(read).toEqual([...TRANSIT_FIELDS]);
    expect(transit).toMatchObject({ section: 1, date: "2026-06-15", clause: null, continuousHours: 12, relievedAtMidRiver: false, anchoredEightHours: false, boardFees: FEES });
  });

  test("readers that throw: their first error is thrown, as readTransit's", () => {
    const throwing = transitFieldReaders(DEFAULT_SETTINGS);
    expect(() => readTransitCells(throwing, NOTHING_REFUSED, { ...cells, section: "Middle", hours: "many" }, {})).toThrow(/section/i);
  });
});

describe("transitLines", () => {
  test("a bad hours cell costs the second pilot and the total, not the base fee", () => {
    const fields = readTransitFields({ units: 192.16, section: 2, date: "2026-06-15", hours: "many" }, DEFAULT_SETTINGS);
    const result = transitLines(fields, { boardFees: FEES, boardSurcharge: SURCHARGE }, DEFAULT_SETTINGS);
    // 192.16 ≥ 100: 192.16 × $21.58 = $4,146.8128 → $4,146.81
    expect(result.lines.base).toMatchObject({ kind: "amount", cents: 414681 });
    // 192.16 > 100: 192.16 × $3.85 = $739.816 → $739.82
    expect(result.lines.surcharge).toMatchObject({ kind: "amount", cents: 73982 });
    expect(result.lines.second_pilot).toMatchObject({ kind: "input_error", error: { field: "hours" } });
    expect(result.lines.midriver_launch).toMatchObject({ kind: "amount", cents: 12525 });
    expect(result.total).toMatchObject({ kind: "input_error", error: { field: "hours" } });
    expect(result.quote).toBeNull();
  });

  test("a Section 1 transit: the mid-river launch fee does not apply, nor a second pilot without hours", () => {
    const fields = readTransitFields({ units: 200, section: 1, date: "2026-06-15" }, DEFAULT_SETTINGS);
    const result = transitLines(fields, { boardFees: FEES, boardSurcharge: SURCHARGE }, DEFAULT_SETTINGS);
    expect(result.lines.midriver_launch).toEqual({ kind: "not_applicable" });
    expect(result.lines.second_pilot).toEqual({ kind: "not_applicable" });
    // base 200 × $15.32 = $3,064.00; surcharge 200 × $3.85 = $770.00; launch $310.00; communication $45.50
    // total $3,064.00 + $770.00 + $310.00 + $45.50 = $4,189.50
    expect(result.total).toEqual({ kind: "amount", cents: 418950 });
  });

  test("board amounts not entered are reasons, not zeros", () => {
    const fields = readTransitFields({ units: 200, section: 1, date: "2026-06-15" }, DEFAULT_SETTINGS);
    const result = transitLines(fields, {}, DEFAULT_SETTINGS);
    expect(result.lines.launch.kind).toBe("not_entered");
    expect(result.lines.surcharge.kind).toBe("not_entered");
    expect(result.total.kind).toBe("not_entered");
  });
});

describe("transitLines and quoteTransit are one composition", () => {
  test("a date before clause (i): base and surcharge carry the date's error, the board's fees still read, and so does the total", () => {
    const fields = readTransitFields({ units: 200, section: 2, date: "2015-06-01", hours: 12 }, DEFAULT_SETTINGS);
    const fees: BoardFeeRow[] = [{ from: "2015-01-01", launch: new Money("285.00"), communication: new Money("42.00"), midriver_launch: new Money("118.00") }];
    const result = transitLines(fields, { boardFees: fees, boardSurcharge: SURCHARGE }, DEFAULT_SETTINGS);
    expect(result.lines.base).toMatchObject({ kind: "input_error", error: { code: "BEFORE_FIRST_CLAUSE", field: "date" } });
    expect(result.lines.surcharge).toMatchObject({ kind: "input_error", error: { code: "BEFORE_FIRST_CLAUSE", field: "date" } });
    // 12 h > 10 h needs a second pilot, but its 50% is of a base that cannot be worked out.
    expect(result.lines.second_pilot).toMatchObject({ kind: "input_error", error: { code: "BEFORE_FIRST_CLAUSE" } });
    // The board's row from 2015-01-01: launch $285.00, mid-river launch $118.00 (Section 2).
    expect(result.lines.launch).toMatchObject({ kind: "amount", cents: 28500 });
    expect(result.lines.midriver_launch).toMatchObject({ kind: "amount", cents: 11800 });
    expect(result.total).toMatchObject({ kind: "input_error", error: { code: "BEFORE_FIRST_CLAUSE" } });
    expect(result.quote).toBeNull();
    expect(() => quoteTransit(readTransit({ units: 200, section: 2, date: "2015-06-01", boardFees: fees }, DEFAULT_SETTINGS), DEFAULT_SETTINGS)).toThrow(/No § 89-a base pilotage schedule/);
  });

  test("every field read: the lines are the quote's, a second pilot at 50% of the base", () => {
    const fields = readTransitFields({ units: 192.16, section: 2, date: "2026-06-15", hours: 12 }, DEFAULT_SETTINGS);
    const result = transitLines(fields, { boardFees: FEES, boardSurcharge: SURCHARGE }, DEFAULT_SETTINGS);
    // base 192.16 × $21.58 = $4,146.81 (above); second pilot 50% × $4,146.81 = $2,073.405 → $2,073.41
    expect(result.lines.second_pilot).toMatchObject({ kind: "amount", cents: 207341 });
    // $4,146.81 + $739.82 + $2,073.41 + $310.00 + $45.50 + $125.25 = $7,440.79
    expect(result.total).toEqual({ kind: "amount", cents: 744079 });
    expect(result.quote?.totalCents).toBe(744079);
    expect(result.quote?.lines.map((line) => line.code)).toEqual(["base", "surcharge", "second_pilot", "launch", "communication", "midriver_launch"]);
  });

  test("the surcharge board's table not entered: the surcharge line is not entered, with the reason, and the total says what is missing", () => {
    const fields = readTransitFields({ units: 200, section: 1, date: "2026-06-15" }, DEFAULT_SETTINGS);
    const result = transitLines(fields, { boardFees: FEES }, DEFAULT_SETTINGS);
    expect(result.lines.surcharge).toMatchObject({ kind: "not_entered", error: { code: "NO_SURCHARGE_TABLE" }, line: { amountCents: null } });
    expect(result.total).toMatchObject({ kind: "not_entered", missing: [{ code: "surcharge" }] });
    // base 200 × $15.32 = $3,064.00; launch $310.00; communication $45.50: $3,419.50 without the surcharge
    expect(result.quote?.totalCents).toBe(341950);
    expect(result.quote?.complete).toBe(false);
  });
});

describe("TotalOfQuotes", () => {
  test("sums every quote and the complete ones apart", () => {
    const complete = quoteTransit(readTransit({ units: 200, section: 1, date: "2026-06-15", boardFees: FEES, boardSurcharge: SURCHARGE }, DEFAULT_SETTINGS), DEFAULT_SETTINGS);
    const incomplete = quoteTransit(readTransit({ units: 200, section: 1, date: "2026-06-15", boardSurcharge: SURCHARGE }, DEFAULT_SETTINGS), DEFAULT_SETTINGS);
    const sum = totalOfQuotes([complete, incomplete]);
    // $4,189.50 (above) + $3,834.00 ($3,064.00 + $770.00, the board fees not entered) = $8,023.50
    expect([sum.totalCents, sum.completeTotalCents, sum.quotes, sum.incomplete, sum.complete]).toEqual([802350, 418950, 2, 1, false]);
  });
});

describe("ChargeUnits", () => {
  test("the exact and the decimal.js holdings of the same units answer alike", () => {
    const fast = ChargeUnits.of({ measured: true, units: new Money("100.000001"), millionths: 100_000_001 }, 500);
    const slow = ChargeUnits.of({ measured: true, units: new Money("100.000001"), millionths: null }, 500);
    for (const units of [fast, slow]) {
      expect([units.atMost(100), units.lessThan(100), units.equals(100), units.moreThan(100)]).toEqual([false, false, false, true]);
      // 100.000001 × $15.32 = $1,532.00001532 → $1,532.00
      expect(units.timesCents(1532)).toBe(153200);
      // 100.000001 × $3.605 = $360.500003605 → $360.50
      expect(units.timesRate("3.605")).toBe(36050);
    }
  });

  test("an unmeasured vessel is charged on the maximum, and a cap cuts the units", () => {
    expect(ChargeUnits.of({ measured: false }, 500).equals(500)).toBe(true);
    expect(ChargeUnits.whole(600).cappedAt(500).equals(500)).toBe(true);
  });
});
