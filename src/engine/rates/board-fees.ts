/**
 * § 89-a(4)(b)(1-a): fees whose amounts the board of commissioners of pilots sets (21 NYCRR § 55.2)
 * and reviews annually. The statute fixes who pays them, not how much (D10): amounts are the user's
 * dated data.
 */
import type { SectionNumber } from "./base-pilotage";

export type BoardFeeCode = "launch" | "communication" | "midriver_launch";

export interface BoardFeeDefinition {
  code: BoardFeeCode;
  label: string;
  citation: string;
  /** Which sections' transits pay it. */
  sections: readonly SectionNumber[];
  purpose: string;
}

const CITATION = "§ 89-a(4)(b)(1-a); amount set by the board of commissioners of pilots (21 NYCRR § 55.2)";

export const BOARD_FEES: readonly BoardFeeDefinition[] = [
  { code: "launch", label: "Launch fee", citation: CITATION, sections: [1, 2], purpose: "pilot launch and pilot station at Yonkers" },
  { code: "communication", label: "Communication fee", citation: CITATION, sections: [1, 2], purpose: "portable electronic communication and navigation equipment" },
  { code: "midriver_launch", label: "Mid-river launch fee", citation: CITATION, sections: [2], purpose: "pilot launch and pilot station at Norrie Point (Section 2 only)" },
];
