/**
 * D24: figures that are possible but far outside practice. A quote with one of them is computed,
 * with a warning; figures no vessel can have are refused by the readers (inputs.ts).
 */
export const PLAUSIBLE_MAGNITUDES = Object.freeze({
  /** The largest vessels on the river measure about 3,000 pilotage units (§ 89-a(4)(b)(2)). */
  units: { atMost: 3000, citation: "§ 89-a(4)(b)(2)", words: "more than the largest vessels have (about 3,000)" },
  /** Yonkers to Troy is well under a day's pilotage (§ 89-a(4)(b)(1-a)). */
  hours: { atMost: 48, citation: "§ 89-a(4)(b)(1-a)", words: "more than two days" },
  /** Board fees run to hundreds of dollars (§ 89-a(4)(b)(1-a)). */
  boardFee: { atMost: 10000, citation: "§ 89-a(4)(b)(1-a)", words: "more than $10,000" },
});
