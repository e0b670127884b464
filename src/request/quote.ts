/**
 * The quote request: the `quote` command's flags (and the library's camelCase names for them),
 * checked in combination and read into a transit for the engine. Shared by the command line, the
 * library and the MCP server.
 */
import {
  BoardSurchargeRow,
  BOARD_FEES,
  DeclaredBoardFee,
  EngineSettings,
  TransitInput,
  Quote,
  quoteTransit,
  BOARD_SURCHARGE_AMOUNTS,
  readBoardSurchargeAmount,
  readTransit,
  refusalThrown,
  resolveSettings,
  UNMEASURED_WORD,
} from "../engine";
import { BOARD_FEE_OPTIONS, boardFeesFromFlags } from "./board-fee-flags";
import { BoardRates, readBoardRatesFile } from "./board-rates-file";
import { SETTINGS_OPTIONS, settingsFromFlags } from "./settings-flags";
import { UsageError } from "./usage-error";
import { readGivenDate } from "../reconcile/dates";

function boardSurchargeFromFlag(text: string, date: string): BoardSurchargeRow[] {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length !== 3) {
    throw new UsageError("--board-surcharge takes three amounts separated by commas: 0-50 amount, 51-100 amount, per unit over 100 (e.g. 300,360,3.60).");
  }
  const [upTo50, over50, perUnit] = parts.map((part, i) => refusalThrown(readBoardSurchargeAmount(part, BOARD_SURCHARGE_AMOUNTS[i])).toString());
  return [{ from: date, forThisTransit: true, upTo50Units: upTo50, over50UpTo100Units: over50, perUnitOver100Units: perUnit }];
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
  checkTransitFlags(values);
  const boardRatesPath = values["board-rates"] as string | undefined;
  if (boardRatesPath !== undefined) {
    const alsoGiven = BOARD_AMOUNT_FLAGS.find((flag) => values[flag] !== undefined);
    // Two sources for one amount would leave the reader guessing which one the quote used.
    if (alsoGiven) throw new UsageError(`Give the board amounts either in --board-rates or as flags, not both (--${alsoGiven} was also given).`, alsoGiven);
  }
  const settings = refusalThrown(resolveSettings(settingsFromFlags(values)));
  const rates = boardRatesPath === undefined ? null : await readBoardRatesFile(boardRatesPath);
  return refusalThrown(quoteTransit({ ...transitFromFlags(values, settings, rates), inputNotes: [...inputNotes, ...(rates?.notes ?? [])] }, settings));
}

/** The vessel given one way, and the flags every transit needs. */
function checkTransitFlags(values: QuoteFlagValues): void {
  const measurementFlags = [values.length, values.breadth, values.depth].filter((v) => v !== undefined).length;
  const ways = (measurementFlags > 0 ? 1 : 0) + (values.units !== undefined ? 1 : 0) + (values.unmeasured ? 1 : 0);
  if (ways !== 1) throw new UsageError("Give the vessel one way: --length, --breadth and --depth, or --units, or --unmeasured.", "units");
  if (measurementFlags > 0 && measurementFlags < 3) {
    const missing = (["length", "breadth", "depth"] as const).find((flag) => values[flag] === undefined);
    throw new UsageError("Give all three of --length, --breadth and --depth.", missing);
  }
  if (values.section === undefined) throw new UsageError("--section is required: 1 (Lower River) or 2 (Upper River).", "section");
  if (values.date === undefined) throw new UsageError("--date is required: the transit date as YYYY-MM-DD (or 6/15/2026, 6/15/26, 15-Jun-2026).", "date");
}

/** Checks the vessel and transit flags' combination and reads them; the board amounts from `rates`, or else from their flags. */
export function transitFromFlags(values: QuoteFlagValues, settings: EngineSettings, rates: BoardRates | null): TransitInput {
  const text = (flag: keyof typeof QUOTE_OPTIONS) => values[flag] as string | undefined;
  checkTransitFlags(values);
  const date = refusalThrown(readGivenDate(text("date") as string));
  const boardSurcharge = text("board-surcharge");
  return refusalThrown(readTransit(
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
  ));
}
