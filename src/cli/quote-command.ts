import { parseArgs } from "node:util";
import {
  BASE_PILOTAGE_CLAUSES,
  BoardSurchargeRow,
  PilotageInputError,
  quoteTransit,
  readAmount,
  readDate,
  readTransit,
  resolveSettings,
  UNMEASURED_WORD,
} from "../engine";
import { BOARD_FEE_FLAGS_HELP, BOARD_FEE_OPTIONS, boardFeesFromFlags } from "./board-fee-flags";
import { CliIo, UsageError } from "./io";
import { quoteJson, quoteTable } from "./output";
import { SETTINGS_OPTIONS, SETTINGS_HELP, settingsFromFlags } from "./settings-flags";

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
  --date D           transit date, YYYY-MM-DD; chooses the clause in force (D6)
  --clause C         name the clause (i … ${BASE_PILOTAGE_CLAUSES[BASE_PILOTAGE_CLAUSES.length - 1].clause}) instead of looking it up by date
  --hours H          expected continuous pilotage hours; over 10 adds a second pilot at 50% of
                     base pilotage (§ 89-a(4)(b)(1-a))
  --relieved-midriver  first pilot relieved at the mid-river station (no second-pilot fee)
  --anchored-8h        vessel anchors at least 8 hours (no second pilot)

Board-set amounts (the statute does not fix them; a missing one is shown as "not entered"):
${BOARD_FEE_FLAGS_HELP}
  --board-surcharge A,B,R   surcharge board table in force on the date: 0-50 amount,
                            51-100 amount, per unit over 100 (needed after the statutory
                            surcharge periods, § 89-a(4)(b)(1-c)(iii))

Settings (interpretations; defaults as documented in the README):
${SETTINGS_HELP}
Output:
  --json       {units, unmeasured, clause, citation, lines:[{code,label,amount,citation,note}],
               total, complete, warnings}; amounts are strings with two decimals
  --help       this text

Exit codes: 0 quoted, 2 bad input (one line on stderr says what to fix).
`;

function boardSurchargeFromFlag(text: string, date: string): BoardSurchargeRow[] {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length !== 3) {
    throw new UsageError("--board-surcharge takes three amounts separated by commas: 0-50 amount, 51-100 amount, per unit over 100 (e.g. 300,360,3.60).");
  }
  const [upTo50, over50, perUnit] = parts.map((part, i) =>
    readAmount(part, "board_surcharge", ["0-50 units surcharge", "51-100 units surcharge", "per-unit surcharge over 100"][i]).toString(),
  );
  return [{ from: date, upTo50Units: upTo50, over50UpTo100Units: over50, perUnitOver100Units: perUnit }];
}

export function runQuote(args: string[], io: CliIo): number {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
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
      ...BOARD_FEE_OPTIONS,
      "board-surcharge": { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean" },
      ...SETTINGS_OPTIONS,
    },
  });
  if (values.help) {
    io.stdout(QUOTE_HELP);
    return 0;
  }
  const measurementFlags = [values.length, values.breadth, values.depth].filter((v) => v !== undefined).length;
  const ways = (measurementFlags > 0 ? 1 : 0) + (values.units !== undefined ? 1 : 0) + (values.unmeasured ? 1 : 0);
  if (ways !== 1) throw new UsageError("Give the vessel one way: --length, --breadth and --depth, or --units, or --unmeasured.");
  if (measurementFlags > 0 && measurementFlags < 3) throw new UsageError("Give all three of --length, --breadth and --depth.");
  if (values.section === undefined) throw new UsageError("--section is required: 1 (Lower River) or 2 (Upper River).");
  if (values.date === undefined) throw new UsageError("--date is required: the transit date as YYYY-MM-DD.");

  const settings = resolveSettings(settingsFromFlags(values));
  const date = readDate(values.date);
  const transit = readTransit(
    {
      units: values.unmeasured ? UNMEASURED_WORD : values.units,
      length: values.length,
      breadth: values.breadth,
      depth: values.depth,
      unit: values.unit,
      section: values.section,
      date,
      clause: values.clause,
      hours: values.hours,
      relievedAtMidRiver: values["relieved-midriver"] ?? false,
      anchoredEightHours: values["anchored-8h"] ?? false,
      boardFees: boardFeesFromFlags(values, date),
      boardSurcharge: values["board-surcharge"] === undefined ? [] : boardSurchargeFromFlag(values["board-surcharge"], date),
    },
    settings,
  );
  const quote = quoteTransit(transit, settings);
  io.stdout(values.json ? JSON.stringify(quoteJson(quote), null, 2) + "\n" : quoteTable(quote));
  return 0;
}

export { PilotageInputError };
