/**
 * The parts of functions.ts (and of the help page's words) that Excel's metadata generator must
 * read as literal source, made from the data they describe: the CLAUSE enum's members and the
 * clause range in help from BASE_PILOTAGE_CLAUSES (§ 89-a(4)(b)(1)), the board fees table's columns
 * from BOARD_FEES (§ 89-a(4)(b)(1-a)). A clause or a board fee added to the data reaches them with
 * `npm run declarations`; test/functions/declarations.test.ts fails until it has.
 */
import { BASE_PILOTAGE_CLAUSES, BOARD_FEE_TABLE_COLUMNS, LAST_CLAUSE } from "../engine";

/** One derived passage: where it is, how to find it, and what it must say. */
export interface DerivedPassage {
  /** The file, from the repository's root. */
  file: string;
  what: string;
  /** Matches the whole passage, in every place it appears (global). */
  pattern: RegExp;
  text: string;
}

const FIRST_CLAUSE = BASE_PILOTAGE_CLAUSES[0].clause;

const clauseMembers = BASE_PILOTAGE_CLAUSES.map((c) => `  /** ${c.citation} */\n  ${c.clause} = "${c.clause}",`).join("\n");

export const DERIVED_PASSAGES: readonly DerivedPassage[] = [
  {
    file: "src/functions/functions.ts",
    what: "the CLAUSE enum's members, one per clause of BASE_PILOTAGE_CLAUSES",
    pattern: /enum CLAUSE \{\n[^}]*\n\}/g,
    text: `enum CLAUSE {\n${clauseMembers}\n}`,
  },
  {
    file: "src/functions/functions.ts",
    what: "the clause argument's range of clauses",
    pattern: /A clause to use instead of the date's: "[^"]*" to "[^"]*"\./g,
    text: `A clause to use instead of the date's: "${FIRST_CLAUSE}" to "${LAST_CLAUSE}".`,
  },
  {
    file: "src/functions/functions.ts",
    what: "the board_fees argument's columns, one per fee of BOARD_FEES",
    pattern: /The board's fees: rows of from date \| [^.\n]*\./g,
    text: `The board's fees: rows of from date | ${BOARD_FEE_TABLE_COLUMNS}.`,
  },
  {
    file: "src/help/function-docs.json",
    what: "HUDSON_BASE_FEE's citation: the first to the last clause",
    pattern: /"citation": "§ 89-a\(4\)\(b\)\(1\)\([ivxlc]+\)–\([ivxlc]+\)"/g,
    text: `"citation": "§ 89-a(4)(b)(1)(${FIRST_CLAUSE})–(${LAST_CLAUSE})"`,
  },
];

/** The file's text with every derived passage in it made from the data; unchanged when it is current. */
export function withDerivedPassages(file: string, source: string): string {
  return DERIVED_PASSAGES.filter((passage) => passage.file === file).reduce((text, passage) => text.replace(passage.pattern, () => passage.text), source);
}

/** How many times each derived passage of the file appears in it (a passage not found at all is a pattern gone stale). */
export function derivedPassageCounts(file: string, source: string): { what: string; count: number }[] {
  return DERIVED_PASSAGES.filter((passage) => passage.file === file).map((passage) => ({ what: passage.what, count: source.match(passage.pattern)?.length ?? 0 }));
}
