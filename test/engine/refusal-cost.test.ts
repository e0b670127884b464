/**
 * Issue 34: a column may refuse every one of its 1,048,576 rows, so a refusal costs no more than
 * reading the cell: it captures no stack trace, and a number text too long to be any accepted
 * value is refused by its digits before it is parsed, with the same answer the parse gave.
 */
import Decimal from "decimal.js";
import { isPilotageInputError, readDecimal, refusalThrown } from "../../src/engine";

const read = (text: string) => readDecimal(text, "amount", "amount");

describe("a number text with more whole digits than 1e15's 16 is too large, unparsed", () => {
  test.each([
    ["12345678901234567", "12345678901234567"],
    ["-12345678901234567.5", "-12345678901234567.5"],
    ["401 digits", `${"9".repeat(400)}1`],
    ["+100000000000000000", "+100000000000000000"],
  ])("%s is refused as too large", (_title, text) => {
    const refused = read(text);
    expect(isPilotageInputError(refused)).toBe(true);
    // The same refusal as a value beyond 1e15 that is parsed (an exponent's size is the parse's to say).
    const parsed = read("1e16");
    expect(isPilotageInputError(parsed) && isPilotageInputError(refused) && refused.code === parsed.code).toBe(true);
    if (isPilotageInputError(refused)) expect(refused.message).toMatch(/ is too large: check the figure\.$/);
  });

  test.each([
    // 1e15 itself has 16 whole digits and is taken (the bound is "more than 1e15").
    ["1000000000000000", "1000000000000000"],
    ["$1,000,000,000,000,000", "1000000000000000"],
    // Leading zeros are no digits of the value: 0…01.5 is 1.5.
    [`-${"0".repeat(30)}1.5`, "-1.5"],
    // 17 digits and an exponent: 12345678901234567 × 10^-5, parsed.
    ["12345678901234567e-5", "123456789012.34567"],
    // Many decimals are no size: 0.(40 digits).
    [`0.${"1".repeat(40)}`, `0.${"1".repeat(40)}`],
  ])("%s is read as %s", (text, value) => {
    const read_ = read(text);
    expect(isPilotageInputError(read_)).toBe(false);
    expect((read_ as Decimal).eq(value)).toBe(true);
  });

  test("16 whole digits over 1e15 are parsed and refused as before", () => {
    expect(isPilotageInputError(read("9999999999999999"))).toBe(true);
  });
});

describe("a refusal thrown at a door is an Error without a stack trace captured", () => {
  test("instanceof Error, its name and message, a stack that is its name and message, none of its own", () => {
    let caught: unknown;
    try {
      refusalThrown(read("lots"));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    const error = caught as Error;
    expect(error.name).toBe("PilotageInputError");
    expect(error.message).toBe('The amount "lots" is not a number.');
    expect(error.stack).toBe(`PilotageInputError: ${error.message}`);
    // Error's constructor gives each error its own captured stack; a refusal is not built by it.
    expect(Object.prototype.hasOwnProperty.call(error, "stack")).toBe(false);
    expect(String(error)).toBe(`PilotageInputError: ${error.message}`);
  });
});
