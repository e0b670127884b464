import {
  BASE_PILOTAGE_CLAUSES,
  shownInput,
  BoardSurchargeRow,
  BOARD_FEES,
  DeclaredBoardFee,
  PilotageInputError,
  Quote,
  quoteTransit,
  readAmount,
  readTransit,
  resolveSettings,
  UNMEASURED_WORD,
} from "../engine";
import { readFlags } from "./args";
import { BOARD_FEE_FLAGS_HELP, BOARD_FEE_OPTIONS, boardFeesFromFlags } from "./board-fee-flags";
import { CliIo, UsageError } from "./io";
import { quoteJson, quoteTable } from "./output";
import { SETTINGS_OPTIONS, SETTINGS_HELP, settingsFromFlags } from "./settings-flags";
import { readBoardRatesFile } from "./board-rates-file";
import { readGivenDate } from "../reconcile/dates";

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
  --clause C         name the clause (i … ${BASE_PILOTAGE_CLAUSES[BASE_PILOTAGE_CLAUSES.length - 1].clause}) instead of looking it up by date
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

function boardSurchargeFromFlag(text: string, date: string): BoardSurchargeRow[] {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length !== 3) {
    throw new UsageError("--board-surcharge takes three amounts separated by commas: 0-50 amount, 51-100 amount, per unit over 100 (e.g. 300,360,3.60).");
  }
  const [upTo50, over50, perUnit] = parts.map((part, i) =>
    readAmount(part, "board_surcharge", ["0-50 units surcharge", "51-100 units surcharge", "per-unit surcharge over 100"][i]).toString(),
  );
  return [{ from: date, forThisTransit: true, upTo50Units: upTo50, over50UpTo100Units: over50, perUnitOver100Units: perUnit }];
}

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

/** The quote command's flags; the library's quote(request) takes the same names in camelCase. */
export const QUOTE_OPTIONS = {
  length: { type: "string" },
  breadth: { type: "string" },
  depth: { type: "string" },
  unit: { type: "string" },
  units: { type: "string" },
  unmeasured: { type: "boolean" },
  section: { type: "string" },
  date: { type: "string" },
  clause: { type: "string" },
  hours: { type: "string" },
  "relieved-midriver": { type: "boolean" },
  "anchored-8h": { type: "boolean" },
  // The fee flags' names as literal types (from the declaration), so the library's request type lists them.
  ...(BOARD_FEE_OPTIONS as Readonly<Record<DeclaredBoardFee["cliFlag"], { readonly type: "string" }>>),
  "board-surcharge": { type: "string" },
  "board-rates": { type: "string" },
  ...SETTINGS_OPTIONS,
} as const;

/** The quote flags as parsed: strings, and true for the boolean flags given. */
export type QuoteFlagValues = Partial<Record<keyof typeof QUOTE_OPTIONS, string | boolean>>;

/** The flags that a --board-rates file replaces. */
const BOARD_AMOUNT_FLAGS = [...BOARD_FEES.map((fee) => fee.cliFlag), "board-surcharge"] as const;

/**
 * Checks the flags' combination, reads them and quotes; shared by the command and the library.
 * `inputNotes`: what the command noticed about its command line (a repeated flag, D21).
 */
export async function quoteFromFlags(values: QuoteFlagValues, inputNotes: readonly string[] = []): Promise<Quote> {
  const text = (flag: keyof typeof QUOTE_OPTIONS) => values[flag] as string | undefined;
  const measurementFlags = [values.length, values.breadth, values.depth].filter((v) => v !== undefined).length;
  const ways = (measurementFlags > 0 ? 1 : 0) + (values.units !== undefined ? 1 : 0) + (values.unmeasured ? 1 : 0);
  if (ways !== 1) throw new UsageError("Give the vessel one way: --length, --breadth and --depth, or --units, or --unmeasured.", "units");
  if (measurementFlags > 0 && measurementFlags < 3) {
    const missing = (["length", "breadth", "depth"] as const).find((flag) => values[flag] === undefined);
    throw new UsageError("Give all three of --length, --breadth and --depth.", missing);
  }
  if (values.section === undefined) throw new UsageError("--section is required: 1 (Lower River) or 2 (Upper River).", "section");
  if (values.date === undefined) throw new UsageError("--date is required: the transit date as YYYY-MM-DD (or 6/15/2026, 6/15/26, 15-Jun-2026).", "date");
  const boardRatesPath = text("board-rates");
  if (boardRatesPath !== undefined) {
    const alsoGiven = BOARD_AMOUNT_FLAGS.find((flag) => values[flag] !== undefined);
    // Two sources for one amount would leave the reader guessing which one the quote used.
    if (alsoGiven) throw new UsageError(`Give the board amounts either in --board-rates or as flags, not both (--${alsoGiven} was also given).`, alsoGiven);
  }

  const settings = resolveSettings(settingsFromFlags(values));
  const date = readGivenDate(text("date") as string);
  const rates = boardRatesPath === undefined ? null : await readBoardRatesFile(boardRatesPath);
  const boardSurcharge = text("board-surcharge");
  const transit = readTransit(
    {
      units: values.unmeasured ? UNMEASURED_WORD : text("units"),
      length: text("length"),
      breadth: text("breadth"),
      depth: text("depth"),
      unit: text("unit"),
      section: text("section"),
      date,
      clause: text("clause"),
      hours: text("hours"),
      relievedAtMidRiver: values["relieved-midriver"] === true,
      anchoredEightHours: values["anchored-8h"] === true,
      boardFees: rates ? rates.fees : boardFeesFromFlags(values, date),
      boardSurcharge: rates ? rates.surcharge : boardSurcharge === undefined ? [] : boardSurchargeFromFlag(boardSurcharge, date),
    },
    settings,
  );
  return quoteTransit({ ...transit, inputNotes }, settings);
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
