import { LAST_CLAUSE, shownInput, BOARD_FEES, PilotageInputError } from "../engine";
import { QUOTE_OPTIONS, quoteFromFlags } from "../request/quote";
import { quoteJson } from "../request/quote-json";
import { BOARD_FEE_FLAGS_HELP } from "../request/board-fee-flags";
import { SETTINGS_HELP } from "../request/settings-flags";
import { readFlags } from "./args";
import { CliIo } from "./io";
import { quoteTable } from "./output";

export const QUOTE_HELP = `Usage: hudson-pilotage quote (--length L --breadth B --depth D | --units U | --unmeasured)
                             --section S --date YYYY-MM-DD [options]

Quotes one transit of the Hudson River under N.Y. Navigation Law § 89-a.

Vessel (one of):
  --length L --breadth B --depth D   overall length, extreme breadth, depth to the uppermost
                                     continuous deck (§ 89-a(4)(b)(2), (c)); feet by default, or
                                     text such as 600'6"  "600 ft 6 in"  600.5ft  182.88m  7206in
  --unit ft|m|in                     unit of plain-number measurements (default ft)
  --units U                          pilotage units (length × breadth × depth ÷ 10,000)
  --unmeasured                       measurements not provided: maximum charge (§ 89-a(4)(d))

Transit:
  --section S        1 | Lower (Yonkers to all ports through Hyde Park)
                     2 | Upper (beyond Hyde Park through Albany or Troy)
  --date D           transit date, YYYY-MM-DD (or 6/15/2026, 6/15/26, 15-Jun-26; one that reads
                     as two days, 3/6/26, is refused); chooses the clause in force (D6)
  --clause C         name the clause (i … ${LAST_CLAUSE}) instead of looking it up by date
  --hours H          expected continuous pilotage hours; over 10 adds a second pilot at 50% of
                     base pilotage (§ 89-a(4)(b)(1-a))
  --relieved-midriver  first pilot relieved at the mid-river station (Section 2 only: no second-pilot fee)
  --anchored-8h        vessel anchors at least 8 hours (no second pilot)

Board-set amounts (the statute does not fix them; a missing one is shown as "not entered"):
${BOARD_FEE_FLAGS_HELP}
  --board-surcharge A,B,R   surcharge board table in force on the date: 0-50 amount,
                            51-100 amount, per unit over 100 (needed after the statutory
                            surcharge periods, § 89-a(4)(b)(1-c)(iii))
  --board-rates FILE        the boards' dated tables (CSV or .xlsx), as batch and reconcile read it
                            (see hudson-pilotage batch --help); instead of the flags above

Settings (interpretations; defaults as documented in the README):
${SETTINGS_HELP}
Output:
  --json       {units, unmeasured, clause, citation, lines:[{code,label,amount,citation,note}],
               total, complete, warnings}; amounts are strings with two decimals
  --help       this text

Exit codes: 0 quoted, complete; 3 quoted, but incomplete (an amount not entered: "complete":
false in --json); 2 bad input (one line on stderr says what to fix; with --json, one line
{"error":{"code":…,"field":…,"message":…}}).
`;

/** The exit code of a quote with an amount not entered, so a script can tell it from a complete one. */
export const INCOMPLETE_QUOTE_EXIT = 3;

/** The clause (or decision) each quote flag feeds, named when a flag is repeated (D21). */
const FLAG_AUTHORITY: Readonly<Record<string, string>> = {
  length: "§ 89-a(4)(b)(2)",
  breadth: "§ 89-a(4)(b)(2)",
  depth: "§ 89-a(4)(b)(2)",
  unit: "§ 89-a(4)(b)(2), (c)",
  units: "§ 89-a(4)(b)(2)",
  section: "§ 89-a(4)(b)(1)",
  date: "§ 89-a(4)(b)(1), D6",
  clause: "§ 89-a(4)(b)(1), D6",
  hours: "§ 89-a(4)(b)(1-a)",
  ...Object.fromEntries(BOARD_FEES.map((fee) => [fee.cliFlag, "§ 89-a(4)(b)(1-a)"])),
  "board-surcharge": "§ 89-a(4)(b)(1-c)",
  "round-units": "D1",
  "at-100": "D4",
  "act-effective-date": "D6",
  "clause-vi-start": "D6",
  "second-pilot-basis": "D11",
};

/** "--units was given 2 times: the last, 300, is used (§ 89-a(4)(b)(2), D21)." for each repeated flag that takes a value. */
function repeatedFlagNotes(repeated: ReadonlyMap<string, number>, values: Readonly<Record<string, unknown>>): string[] {
  return [...repeated]
    .filter(([flag]) => typeof values[flag] === "string")
    .map(([flag, times]) => `--${flag} was given ${times} times: the last, "${shownInput(values[flag])}", is used${FLAG_AUTHORITY[flag] ? ` (${FLAG_AUTHORITY[flag]}, D21)` : " (D21)"}.`);
}

export async function runQuote(args: string[], io: CliIo): Promise<number> {
  const { values, repeated } = readFlags({
    args,
    strict: true,
    allowPositionals: false,
    options: { ...QUOTE_OPTIONS, json: { type: "boolean" }, help: { type: "boolean" } },
  });
  if (values.help) {
    io.stdout(QUOTE_HELP);
    return 0;
  }
  const quote = await quoteFromFlags(values, repeatedFlagNotes(repeated, values));
  io.stdout(values.json ? JSON.stringify(quoteJson(quote), null, 2) + "\n" : quoteTable(quote));
  return quote.complete ? 0 : INCOMPLETE_QUOTE_EXIT;
}

export { PilotageInputError };
