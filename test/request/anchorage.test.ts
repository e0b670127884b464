/**
 * Red team F12: § 89-a(4)(b)(1-a): "A second pilot shall not be required when the vessel anchors for
 * a minimum of eight hours such that the transit does not require a continuous pilotage of more than
 * ten hours by one pilot." The exception is applied as entered (D11); past 20 hours one anchorage
 * leaves a stretch over 10 hours, so the quote warns. Upper River, 192 units, clause (xi): base
 * 192 × $21.58 = $4,143.36; the second pilot it leaves out would be 50% × $4,143.36 = $2,071.68.
 */
import { quote } from "../../src/lib";

const request = { units: 192, section: 2, date: "2026-06-15", anchored8h: true };
const secondPilot = (json: { lines: { code: string; amount: string | null; note: string }[] }) => json.lines.find((line) => line.code === "second_pilot");

test("30 hours with one anchorage: no second pilot as entered, the note says it is the anchorage exception, and a warning says one anchorage cannot cover it", async () => {
  const json = await quote({ ...request, hours: 30 });
  expect(secondPilot(json)).toMatchObject({ amount: "0.00", note: "30 h, but the vessel anchors at least 8 h, entered as leaving no pilot more than 10 h of continuous pilotage (the anchorage exception): no second pilot." });
  // 30 ÷ 2 = 15 hours at least in one of the two stretches.
  expect(json.warnings).toContainEqual(expect.stringMatching(/^30 hours of continuous pilotage with an anchorage of at least 8 hours: one anchorage leaves a stretch of at least 15 hours, more than 10\. .*\(§ 89-a\(4\)\(b\)\(1-a\), D11\)/));
});

test("20 hours with an anchorage can be two stretches of 10: no warning; relieved at mid-river on Section 2: the relief decides, no warning", async () => {
  expect((await quote({ ...request, hours: 20 })).warnings.filter((warning) => warning.includes("anchorage"))).toEqual([]);
  expect((await quote({ ...request, hours: 30, relievedMidriver: true })).warnings.filter((warning) => warning.includes("anchorage"))).toEqual([]);
});
