/**
 * Random `hudson-pilotage quote` command lines and the property every run must have:
 * exit 0 (complete) or 3 (incomplete) with a well-formed --json quote on stdout and nothing on
 * stderr, or exit 2 with nothing on stdout and exactly one line on stderr that is a message, not a
 * crash: under --json (given before any "--") that line is {"error":{"code","field","message"}}.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import fc from "fast-check";
import { numberCell, textCell } from "../../bench/fuzz";

/** A process argument: any text but NUL, which no operating system passes. */
const noNul = (text: string) => !text.includes("\u0000");

// Most command lines are ones a user means (a vessel, a section, a date, some board amounts), so
// that most runs reach a computed quote, complete (exit 0) or not (exit 3); now and then a value
// is corrupted, a required flag left out, or a stray word added, so refusals (exit 2) are met too.

/** A valid value for a flag 39 times in 40, a corrupted one once. */
const mostly = (valid: fc.Arbitrary<string>, corrupt: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 39, arbitrary: valid }, { weight: 1, arbitrary: corrupt });

/** Any text or number a cell could hold, as the text a shell would pass. */
const anyText = fc.oneof(textCell, numberCell.map(String), fc.constantFrom("TRUE", "FALSE")).filter(noNul);
const corrupted = (...near: string[]) => fc.oneof(anyText, fc.constantFrom(...near));

const twoDecimals = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((cents) => (cents / 100).toFixed(2));
const amount = mostly(fc.oneof(twoDecimals(1, 1000), fc.integer({ min: 1, max: 1000 }).map(String)), corrupted("-1", "abc", "1e309", "1,234.50", "$300", ""));
const badNumbers = ["0", "-0", "-5", "1e309", "abc", "50000", "50001", "1,234.50", ".", ""];
const validDate = fc.integer({ min: 16_800, max: 21_900 }).map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10)); // 2016-01-01 … 2029-12-17
const measurement = (min: number, max: number) =>
  mostly(
    fc.oneof({ weight: 4, arbitrary: twoDecimals(min, max) }, { weight: 1, arbitrary: fc.integer({ min, max }).map((feet) => `${feet}' 6"`) }),
    corrupted(...badNumbers, "600 ft 13 in", "abc"),
  );

const VALUES: Record<string, fc.Arbitrary<string>> = {
  units: mostly(fc.oneof({ weight: 6, arbitrary: twoDecimals(1, 600) }, { weight: 1, arbitrary: fc.constantFrom("UNMEASURED", "50", "100", "500") }), corrupted(...badNumbers)),
  length: measurement(100, 1000),
  breadth: measurement(20, 150),
  depth: measurement(10, 80),
  unit: mostly(fc.constantFrom("ft", "m", "in"), corrupted("yd", "")),
  section: mostly(fc.constantFrom("1", "2", "lower", "Upper", "Section 2"), corrupted("middle", "0", "3", "")),
  date: mostly(validDate, corrupted("2026-02-30", "2026/06/15", "46387", "2026-06-15T10:00", "1999-01-01", "")),
  clause: mostly(fc.constantFrom("xi", "xii", "(xi)"), corrupted("i", "xiii", "")),
  hours: mostly(fc.oneof(twoDecimals(0, 24), fc.constantFrom("10", "10.5", "12")), corrupted(...badNumbers, "-1")),
  "launch-fee": amount,
  "communication-fee": amount,
  "midriver-launch-fee": amount,
  "board-surcharge": mostly(
    fc.tuple(twoDecimals(1, 500), twoDecimals(1, 500), twoDecimals(0, 10)).map((parts) => parts.join(",")),
    fc.oneof(anyText, fc.array(anyText, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(",")), fc.constantFrom("300,360", "300,-1,3", "a,b,c", ",,")),
  ),
  "round-units": mostly(fc.constantFrom("0", "2", "6"), corrupted("7", "-1", "off", "")),
  "at-100": mostly(fc.constantFrom("per-unit", "flat"), corrupted("both", "")),
  "act-effective-date": mostly(fc.constantFrom("2015-11-20", "2016-01-01"), corrupted("2014-12-31", "2017-01-01", "nope")),
  "clause-vi-start": mostly(fc.constantFrom("2021-06-01", "2021-01-01"), corrupted("2019-01-01", "2022-01-01", "nope")),
};
const BOARD_AMOUNTS = ["launch-fee", "communication-fee", "midriver-launch-fee", "board-surcharge"];
const SETTINGS = ["round-units", "at-100", "act-effective-date", "clause-vi-start"];
const SWITCHES = ["relieved-midriver", "anchored-8h"];

/** `--flag value` or `--flag=value` (the only way to pass a value that starts with a dash, but both are tried). */
function option(flag: string): fc.Arbitrary<string[]> {
  return fc.tuple(VALUES[flag], fc.boolean()).map(([value, joined]) => (joined ? [`--${flag}=${value}`] : [`--${flag}`, value]));
}

/** Present with the given odds (out of `of`). */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, odds: number, of: number) =>
  fc.oneof({ weight: odds, arbitrary: arbitrary.map((value): T | undefined => value) }, { weight: of - odds, arbitrary: fc.constant(undefined) });

const vessel: fc.Arbitrary<string[][]> = fc.oneof(
  { weight: 20, arbitrary: option("units").map((o) => [o]) },
  {
    weight: 12,
    arbitrary: fc
      .tuple(option("length"), option("breadth"), option("depth"), sometimes(option("unit"), 1, 3), fc.nat(30))
      // Now and then (3 in 31) one measurement is left out.
      .map(([l, b, d, u, drop]) => [l, b, d, ...(u ? [u] : [])].filter((_, i) => i !== drop || drop > 2)),
  },
  { weight: 4, arbitrary: fc.constant<string[][]>([["--unmeasured"]]) },
  // Now and then no vessel, or two.
  { weight: 1, arbitrary: fc.oneof(fc.constant<string[][]>([]), option("units").map((o) => [o, ["--unmeasured"]])) },
);

/** The boards' amounts: all of them half the time (a complete quote, exit 0), else any of them (often incomplete, exit 3). */
const boardAmounts: fc.Arbitrary<string[][]> = fc.oneof(
  fc.tuple(...BOARD_AMOUNTS.map(option)),
  fc.subarray(BOARD_AMOUNTS).chain((flags) => fc.tuple(...flags.map(option))),
);

const noise = fc.constantFrom<string[]>(["--frobnicate"], ["stray"], ["-u", "1"], ["--json=yes"], ["--", "x"], ["--help"]);

/**
 * argv after `quote`: a vessel, a section and a date (each left out 1 time in 40), the boards'
 * amounts, now and then hours, a clause, settings and switches, 1 line in 25 with noise and 1 in 40
 * ending in a flag without its value; --json always.
 */
export const quoteArgv: fc.Arbitrary<string[]> = fc
  .tuple(
    vessel,
    sometimes(option("section"), 39, 40),
    sometimes(option("date"), 39, 40),
    boardAmounts,
    sometimes(option("hours"), 1, 3),
    sometimes(option("clause"), 1, 10),
    fc.subarray(SETTINGS, { maxLength: 2 }).chain((flags) => fc.tuple(...flags.map(option))),
    fc.subarray(SWITCHES).map((flags) => flags.map((flag) => [`--${flag}`])),
    sometimes(noise, 1, 25),
    sometimes(fc.constantFrom(...Object.keys(VALUES)), 1, 40),
  )
  .chain(([v, section, date, board, hours, clause, settings, switches, extra, dangling]) => {
    const present = <T>(item: T | undefined): T[] => (item === undefined ? [] : [item]);
    const groups = [...v, ...present(section), ...present(date), ...board, ...present(hours), ...present(clause), ...settings, ...switches, ...present(extra), ["--json"]];
    return fc.shuffledSubarray(groups, { minLength: groups.length }).map((shuffled) => [
      ...shuffled.flat(),
      // A flag with its value missing, last on the line.
      ...(dangling ? [`--${dangling}`] : []),
    ]);
  });

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const CRASH = /Cannot read propert|is not a function|is not defined|is not iterable|Maximum call stack|\bat .+:\d+:\d+|\[object Object\]/;

function cents(amount: string): number {
  const [whole, fraction] = amount.split(".");
  return Number(whole) * 100 + Number(fraction);
}

/** Whether the command line asks for --json: the flag before any "--" (after it, words are arguments). */
export function asksForJson(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  return (end < 0 ? argv : argv.slice(0, end)).includes("--json");
}

/** What is wrong with the message of a refused run (stderr of an exit 2), or null. */
function refusalProblem(stderr: string, json: boolean): string | null {
  if (!stderr.endsWith("\n") || /[\r\n]/.test(stderr.slice(0, -1))) return `stderr is not exactly one line: ${JSON.stringify(stderr)}`;
  let message: string;
  if (json) {
    let parsed: { error?: { code?: unknown; field?: unknown; message?: unknown } };
    try {
      parsed = JSON.parse(stderr);
    } catch {
      return `under --json, stderr is not JSON: ${JSON.stringify(stderr)}`;
    }
    const error = parsed.error;
    if (typeof error !== "object" || error === null || Object.keys(parsed).length !== 1) return `under --json, stderr is not {"error":{…}}: ${JSON.stringify(stderr)}`;
    if (typeof error.code !== "string" || !/^[A-Z][A-Z0-9_]*$/.test(error.code)) return `error code ${JSON.stringify(error.code)}`;
    if (error.field !== null && typeof error.field !== "string") return `error field ${JSON.stringify(error.field)}`;
    if (typeof error.message !== "string" || error.message.trim() === "") return "an empty error message";
    if (error.code === "INTERNAL") return `an internal error, not a message about the input: ${JSON.stringify(stderr)}`;
    message = error.message;
  } else {
    if (!stderr.startsWith("hudson-pilotage quote: ")) return `stderr does not name the command: ${JSON.stringify(stderr)}`;
    if (stderr.trim() === "hudson-pilotage quote:") return "an empty error message";
    message = stderr;
  }
  if (CRASH.test(message)) return `a crash, not a message: ${JSON.stringify(stderr)}`;
  return null;
}

/** What is wrong with one run of `hudson-pilotage quote …` (argv: the words after the program), or null. */
export function cliRunProblem(run: CliRun, argv: readonly string[] = ["--json"]): string | null {
  if (run.code === 0 || run.code === 3) {
    if (run.stderr !== "") return `exit ${run.code} with stderr ${JSON.stringify(run.stderr)}`;
    if (run.stdout.startsWith("Usage: hudson-pilotage quote")) return run.code === 0 ? null : "--help with exit 3";
    let json: { lines?: { amount: string | null; citation: string }[]; total?: string; complete?: boolean };
    try {
      json = JSON.parse(run.stdout);
    } catch {
      return `exit ${run.code} but stdout is not JSON: ${run.stdout.slice(0, 200)}`;
    }
    if (!Array.isArray(json.lines) || json.lines.length === 0) return "a quote without lines";
    if (typeof json.total !== "string" || !/^\d+\.\d{2}$/.test(json.total)) return `total ${JSON.stringify(json.total)}`;
    let sum = 0;
    for (const line of json.lines) {
      if (line.amount !== null && !(typeof line.amount === "string" && /^\d+\.\d{2}$/.test(line.amount))) return `line amount ${JSON.stringify(line.amount)}`;
      if (!/^§ 89-a\(/.test(line.citation)) return `line citation ${JSON.stringify(line.citation)}`;
      if (line.amount !== null) sum += cents(line.amount);
    }
    if (sum !== cents(json.total)) return `the lines add up to ${sum} cents, the total is ${json.total}`;
    if (json.complete !== json.lines.every((line) => line.amount !== null)) return `complete is ${json.complete} with these lines`;
    if ((run.code === 0) !== json.complete) return `exit ${run.code} for a quote with complete ${json.complete} (0 is complete, 3 incomplete)`;
    return null;
  }
  if (run.code === 2) {
    if (run.stdout !== "") return `exit 2 with stdout ${JSON.stringify(run.stdout.slice(0, 200))}`;
    return refusalProblem(run.stderr, asksForJson(argv));
  }
  return `exit code ${run.code}; stderr ${JSON.stringify(run.stderr.slice(0, 300))}`;
}

/** The built CLI's main(), as bin/hudson-pilotage.js runs it. */
export const BUILT_MAIN = path.resolve(__dirname, "../../dist-node/src/cli/main.js");

/**
 * Runs many command lines through the built CLI's main() in one child process, with its streams
 * captured: what the binary does, without a process start per line (≈ 0.3 s each here). It runs in
 * Node's own realm, not jest's, so node's errors are the Errors the CLI expects.
 */
export function runCliInOneProcess(argvs: readonly string[][]): CliRun[] {
  const script = `
    const { main } = require(${JSON.stringify(BUILT_MAIN)});
    const argvs = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
    (async () => {
      const runs = [];
      for (const argv of argvs) {
        let stdout = "";
        let stderr = "";
        const code = await main(argv, { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; } });
        runs.push({ code, stdout, stderr });
      }
      process.stdout.write(JSON.stringify(runs));
    })();`;
  const child = spawnSync(process.execPath, ["-e", script], { input: JSON.stringify(argvs), encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (child.status !== 0) throw new Error(`the CLI runner failed (exit ${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout) as CliRun[];
}
