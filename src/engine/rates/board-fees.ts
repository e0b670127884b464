/**
 * § 89-a(4)(b)(1-a): fees whose amounts the board of commissioners of pilots sets (21 NYCRR § 55.2)
 * and reviews annually. The statute fixes who pays them, not how much (D10): amounts are the user's
 * dated data.
 *
 * This is the one declaration of the board fees. Everything that names a fee is derived from it:
 * the quote's lines, the columns of a board fees table (in this order, after the from date), the
 * CLI's flags, the task pane's fields, the sheet layouts and the reconciliation's columns. A fourth
 * fee is one more entry here.
 */
import type { SectionNumber } from "./base-pilotage";

export interface BoardFeeDefinition<Code extends string = string> {
  code: Code;
  /** As a quote line, a form field and a sheet column show it: "Mid-river launch fee". */
  label: string;
  /** The same in a sentence: "mid-river launch fee". */
  what: string;
  /** Shorter, as a board table's column: "Mid-river launch". */
  shortLabel: string;
  citation: string;
  /** Which sections' transits pay it. */
  sections: readonly SectionNumber[];
  purpose: string;
  /** The quote command's flag, without the dashes: `--midriver-launch-fee X`. */
  cliFlag: string;
  /** The task pane's name for the field (its state key and binding). */
  formField: string;
  /** The task pane control's id part: `fee-<row>-<formId>`. */
  formId: string;
}

/** The clause that makes every transit pay the fees, Section 2 the mid-river one, and has them reviewed annually. */
export const BOARD_FEES_CLAUSE = "§ 89-a(4)(b)(1-a)";
const CITATION = `${BOARD_FEES_CLAUSE}; amount set by the board of commissioners of pilots (21 NYCRR § 55.2)`;

const DECLARED = [
  {
    code: "launch",
    label: "Launch fee",
    what: "launch fee",
    shortLabel: "Launch",
    citation: CITATION,
    sections: [1, 2],
    purpose: "pilot launch and pilot station at Yonkers",
    cliFlag: "launch-fee",
    formField: "launch",
    formId: "launch",
  },
  {
    code: "communication",
    label: "Communication fee",
    what: "communication fee",
    shortLabel: "Communication",
    citation: CITATION,
    sections: [1, 2],
    purpose: "portable electronic communication and navigation equipment",
    cliFlag: "communication-fee",
    formField: "communication",
    formId: "communication",
  },
  {
    code: "midriver_launch",
    label: "Mid-river launch fee",
    what: "mid-river launch fee",
    shortLabel: "Mid-river launch",
    citation: CITATION,
    sections: [2],
    purpose: "pilot launch and pilot station at Norrie Point (Section 2 only)",
    cliFlag: "midriver-launch-fee",
    formField: "midriverLaunch",
    formId: "midriver",
  },
] as const satisfies readonly BoardFeeDefinition[];

export type BoardFeeCode = (typeof DECLARED)[number]["code"];
/** The task pane's field names and control id parts, one per fee. */
export type BoardFeeFormField = (typeof DECLARED)[number]["formField"];
export type BoardFeeFormId = (typeof DECLARED)[number]["formId"];

export type DeclaredBoardFee = (typeof DECLARED)[number];
export const BOARD_FEES: readonly DeclaredBoardFee[] = DECLARED;

export const BOARD_FEE_CODES: readonly BoardFeeCode[] = BOARD_FEES.map((fee) => fee.code);

export function boardFee(code: BoardFeeCode): DeclaredBoardFee {
  return BOARD_FEES.find((fee) => fee.code === code) as DeclaredBoardFee;
}

/** The fees a section's transits pay, in declaration order. */
export function boardFeesFor(section: SectionNumber): readonly DeclaredBoardFee[] {
  return section === 1 ? SECTION_1_FEES : SECTION_2_FEES;
}
const paidOn = (section: SectionNumber) => BOARD_FEES.filter((fee) => (fee.sections as readonly SectionNumber[]).includes(section));
const SECTION_1_FEES = paidOn(1);
const SECTION_2_FEES = paidOn(2);

/** "launch | communication | mid-river launch": a board fees table's columns after its from date, for messages and help. */
export const BOARD_FEE_TABLE_COLUMNS = BOARD_FEES.map((fee) => fee.shortLabel.toLowerCase()).join(" | ");

/**
 * "launch, communication and mid-river launch": the fees' names in a sentence. `note` adds to a
 * fee's name, e.g. " (Section 2)" for a fee not every section pays.
 */
export function boardFeeNamesInWords(note: (fee: DeclaredBoardFee) => string = () => ""): string {
  const names = BOARD_FEES.map((fee) => fee.shortLabel.toLowerCase() + note(fee));
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** " (Section 2)" (or " (Section 2 only)" with `only`) for a fee only some sections pay, else "". */
export function sectionsNote(fee: DeclaredBoardFee, only = false): string {
  const sections: readonly SectionNumber[] = fee.sections;
  return sections.length === 1 ? ` (Section ${sections[0]}${only ? " only" : ""})` : "";
}
