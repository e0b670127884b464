/** Issue 34: a request's text is bounded; past the bound the library refuses at once, with a stable code. */
import { compliance, HudsonPilotageError, pension, quote, rates, reconcile } from "../../src/lib";
import { REQUEST_TEXT_MAXIMUM } from "../../src/request/request-object";

const tooLong = "1".repeat(REQUEST_TEXT_MAXIMUM + 1);

test("the bound is Excel's longest cell text, 32,767 characters", () => {
  expect(REQUEST_TEXT_MAXIMUM).toBe(32_767);
});

test("a text one character past the bound is TEXT_TOO_LONG, naming the field, in every request", async () => {
  const expected = { name: "HudsonPilotageError", code: "TEXT_TOO_LONG", field: "units" };
  await expect(quote({ units: tooLong, section: 1, date: "2026-06-15" })).rejects.toMatchObject(expected);
  await expect(quote({ units: 200, section: 1, date: "2026-06-15", boardSurcharge: [tooLong, 1, 1] })).rejects.toMatchObject({ code: "TEXT_TOO_LONG", field: "boardSurcharge" });
  expect(() => rates(tooLong)).toThrow(expect.objectContaining({ code: "TEXT_TOO_LONG", field: "date" }));
  expect(() => compliance({ status: "foreign", grossTons: tooLong, draft: 9 })).toThrow(expect.objectContaining({ code: "TEXT_TOO_LONG", field: "grossTons" }));
  expect(() => pension(tooLong)).toThrow(expect.objectContaining({ code: "TEXT_TOO_LONG", field: "retired" }));
  const rows = reconcile([{ Units: 200 }], { map: { [tooLong]: "units" } });
  await expect(rows.next()).rejects.toMatchObject({ code: "TEXT_TOO_LONG", field: "map" });
});

test("a text at the bound is read as usual: here, not a number", async () => {
  const atBound = "x".repeat(REQUEST_TEXT_MAXIMUM);
  const refusal = await quote({ units: atBound, section: 1, date: "2026-06-15" }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(HudsonPilotageError);
  expect(refusal).toMatchObject({ code: "NOT_A_NUMBER", field: "units" });
});
