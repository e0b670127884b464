import { parseArgs, ParseArgsConfig } from "node:util";
import { givenText } from "../request/request-object";
import { UsageError } from "../request/usage-error";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** "-1", "-0.5", "-.5": a negative number, which is a flag's value, not a flag. */
const NEGATIVE_NUMBER = /^-(\d|\.\d)/;

/**
 * `--units -1` as `--units=-1`: node:util's parser takes a value that starts with a dash for a
 * flag and calls the command line ambiguous, where the reader of the value would say what is
 * wrong with it ("must be more than zero").
 */
function negativeValuesJoined(args: readonly string[], options: Options): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const name = arg.startsWith("--") && !arg.includes("=") ? arg.slice(2) : null;
    const next = args[i + 1];
    if (name !== null && options[name]?.type === "string" && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

/**
 * parseArgs, with negative numbers read as values, a flag given blank refused, and the flags
 * given more than once (whose last value is the one used) counted, so that the command can say so (D21).
 */
export function readFlags<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> & { repeated: ReadonlyMap<string, number>; given: ReadonlyMap<string, readonly string[]> } {
  const options: Options = config.options ?? {};
  const parsed = parseArgs({ ...config, args: negativeValuesJoined(config.args ?? [], options), tokens: true });
  const times = new Map<string, number>();
  const given = new Map<string, string[]>();
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== "option") continue;
    times.set(token.name, (times.get(token.name) ?? 0) + 1);
    if (typeof token.value !== "string") continue;
    // `--hours ""` (a script's empty variable) is refused: read as left out, it would drop an input without a word.
    givenText(token.value, token.name, `--${token.name}`);
    given.set(token.name, [...(given.get(token.name) ?? []), token.value]);
  }
  const repeated = new Map([...times].filter(([, count]) => count > 1));
  return { ...(parsed as ReturnType<typeof parseArgs<T>>), repeated, given };
}

/**
 * For a command that reads one file, one unit, one date order: an option taking one value given
 * more than once is refused, naming the values (last-wins would drop one without a word, D21).
 * A repeated on/off flag says the same thing twice, and a multiple option (--map) is its own reader's.
 */
export function refuseRepeatedValues(options: Options, flags: Pick<ReturnType<typeof readFlags>, "repeated" | "given">): void {
  for (const [flag, times] of flags.repeated) {
    const option = options[flag];
    if (option === undefined || option.type !== "string" || option.multiple) continue;
    const values = (flags.given.get(flag) ?? []).map((value) => JSON.stringify(value));
    throw new UsageError(`--${flag} was given ${times} times (${values.join(", ")}): give it once.`, flag);
  }
}
