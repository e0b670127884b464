import path from "node:path";
import { callJson } from "../request/call-json";
import { FEE_KEYS, QuotedCall, quoteCallRequest } from "../request/call";
import { readCallFile, readCallStream } from "../request/call-file";
import { readFlags } from "./args";
import { CliIo, UsageError } from "./io";
import { callTable } from "./output";
import { INCOMPLETE_QUOTE_EXIT } from "./quote-command";

export const CALL_HELP = `Usage: hudson-pilotage call CALL.json [--json] [-o quote.xlsx | -o quote.pdf [--force]]

Quotes a port call: one vessel and several transits, each on its own date under its own clause of
N.Y. Navigation Law § 89-a, with the other charges you add kept apart from the statutory subtotal.
CALL.json ("-" for standard input):

  {
    "vessel": { "name": "MV HUDSON TRADER", "imo": "9123453", "length": 600, "breadth": 80, "depth": 40, "unit": "ft" },
    "transits": [
      { "label": "Inbound to Albany", "section": 2, "date": "2026-12-30", "hours": 12 },
      { "label": "Shift", "section": 1, "date": "2026-12-31", "hours": 6 },
      { "label": "Outbound", "section": 2, "date": "2027-01-02", "hours": 8 }
    ],
    "boardRates": "rates.csv",
    "otherCharges": [{ "label": "Docking pilot", "amount": "850.00" }],
    "settings": {}
  }

  vessel        name, imo, and length, breadth, depth (unit ft, m or in; text such as 600'6" too),
                or "units", or "unmeasured": true (§ 89-a(4)(d))
  transits      label, section (1 or 2), date (YYYY-MM-DD), hours, relievedMidriver, anchored8h,
                clause (as quote's flags, in camelCase)
  boardRates    the board-rates file (as quote --board-rates; a path relative to the call file),
                or the tables inline: {"fees":[{${FEE_KEYS.map((key) => `"${key}"`).join(",")}}],
                "surcharge":[{"from","upTo50Units","over50UpTo100Units","perUnitOver100Units"}]}
  otherCharges  amounts § 89-a does not set (a docking pilot, detention): shown apart, never in
                the statutory subtotal
  settings      roundUnits, at100, actEffectiveDate, clauseViStart, secondPilotBasis (see quote --help)

Output:
  --json        {vessel, transits:[{label, …quote --json}], statutorySubtotal, otherCharges,
                otherChargesTotal, total, complete, missing, warnings, settingsNotDefault}
  -o FILE       quote.xlsx: the quote sheet the task pane's Insert quote writes, with live
                =NYPILOT.* formulas and their values cached, and the Board rates sheet;
                quote.pdf: the printable quote (one page for up to four transits); a
                character its font lacks prints as ? and is named in the warnings.
                An existing file is kept unless --force is given.
  --help        this text

Exit codes: 0 quoted, complete; 3 quoted, but incomplete (an amount not entered); 2 refused (one
line on stderr says what to fix; with --json, {"error":{"code","field","message"}}).
`;

export const CALL_OPTIONS = {
  json: { type: "boolean" },
  output: { type: "string", short: "o" },
  force: { type: "boolean" },
  help: { type: "boolean" },
} as const;

/** Reads the call file ("-": standard input) and quotes it; a boardRates path is found from the call file's folder. */
export async function quotedCallFromFile(callPath: string, io: Pick<CliIo, "stdin">): Promise<QuotedCall> {
  if (callPath === "-") {
    if (io.stdin === undefined) throw new UsageError('The call "-" is standard input, and there is none here: give a file name.', "input");
    return quoteCallRequest(await readCallStream(io.stdin), process.cwd());
  }
  return quoteCallRequest(await readCallFile(callPath), path.dirname(path.resolve(callPath)));
}

export async function runCall(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = readFlags({ args, strict: true, allowPositionals: true, options: CALL_OPTIONS });
  if (values.help) {
    io.stdout(CALL_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? "Give the call file: CALL.json, or - for standard input." : `Give one call file, not ${positionals.length}.`, "input");
  const outputPath = values.output ?? null;
  if (outputPath !== null) {
    const { checkQuoteOutput } = await import("../quote-sheet/files");
    await checkQuoteOutput(outputPath, { force: values.force === true });
  }
  let call = await quotedCallFromFile(positionals[0], io);
  if (outputPath !== null) {
    const { writeQuoteFile } = await import("../quote-sheet/files");
    call = await writeQuoteFile(call, outputPath, { force: values.force === true });
  }
  io.stdout(values.json ? JSON.stringify(callJson(call), null, 2) + "\n" : callTable(call));
  return call.quote.complete ? 0 : INCOMPLETE_QUOTE_EXIT;
}
