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

const meantNumber = fc.oneof(
  fc.double({ min: -10, max: 1000, noNaN: true }).map(String),
  fc.integer({ min: 0, max: 600 }).map(String),
  fc.constantFrom("0", "50", "100", "500", "50000", "50001", "1e3", "1e309", "-0", "1,234.50", "$300", "10.5", "240", "240.5", ".5"),
);
const meantDate = fc.oneof(
  fc.integer({ min: 16_000, max: 22_000 }).map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10)),
  fc.constantFrom("2015-11-20", "2015-11-19", "2021-06-01", "2026-02-30", "2026/06/15", "46387", "2026-06-15T10:00", ""),
);
/** Any text or number a cell could hold, as the text a shell would pass. */
const anyText = fc.oneof(textCell, numberCell.map(String), fc.constantFrom("TRUE", "FALSE")).filter(noNul);
const text = (...meant: fc.Arbitrary<string>[]) => fc.oneof({ weight: 3, arbitrary: fc.oneof(...meant) }, { weight: 1, arbitrary: anyText });

const measurement = text(meantNumber, fc.constantFrom(`600' 6"`, "600 ft 6 in", "182.88m", "7206in", "600 ft 13 in", "2500", "abc"));
const VALUES: Record<string, fc.Arbitrary<string>> = {
  units: text(meantNumber, fc.constantFrom("UNMEASURED", "271.43")),
  length: measurement,
  breadth: measurement,
  depth: measurement,
  unit: text(fc.constantFrom("ft", "m", "in", "yd", "")),
  section: text(fc.constantFrom("1", "2", "lower", "Upper", "Section 2", "middle", "0", "")),
  date: text(meantDate),
  clause: text(fc.constantFrom("i", "v", "vi", "xi", "xii", "(xi)", "xiii", "")),
  hours: text(meantNumber),
  "launch-fee": text(meantNumber),
  "communication-fee": text(meantNumber),
  "midriver-launch-fee": text(meantNumber),
  "board-surcharge": text(
    fc.array(meantNumber, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(",")),
    fc.constantFrom("300,360,3.60", "300,360", "300,-1,3", "a,b,c", ",,"),
  ),
  "round-units": text(fc.constantFrom("0", "2", "6", "7", "-1", "off", "")),
  "at-100": text(fc.constantFrom("per-unit", "flat", "both", "")),
  "act-effective-date": text(fc.constantFrom("2015-11-20", "2016-01-01", "2014-12-31", "2017-01-01", "nope")),
  "clause-vi-start": text(fc.constantFrom("2020-01-01", "2021-06-01", "2022-01-01", "2019-01-01", "nope")),
};
const SWITCHES = ["relieved-midriver", "anchored-8h"];

/** `--flag value` or `--flag=value` (the only way to pass a value that starts with a dash, but both are tried). */
function option(flag: string): fc.Arbitrary<string[]> {
  return fc.tuple(VALUES[flag], fc.boolean()).map(([value, joined]) => (joined ? [`--${flag}=${value}`] : [`--${flag}`, value]));
}

const vessel: fc.Arbitrary<string[][]> = fc.oneof(
  { weight: 4, arbitrary: option("units").map((o) => [o]) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(option("length"), option("breadth"), option("depth"), fc.option(option("unit"), { nil: undefined }), fc.nat(5))
      // Now and then one measurement is left out.
      .map(([l, b, d, u, drop]) => [l, b, d, ...(u ? [u] : [])].filter((_, i) => i !== drop || drop > 2)),
  },
  { weight: 2, arbitrary: fc.constant<string[][]>([["--unmeasured"]]) },
  { weight: 1, arbitrary: fc.constant<string[][]>([]) },
  { weight: 1, arbitrary: option("units").map((o) => [o, ["--unmeasured"]]) },
);

const OPTIONAL = Object.keys(VALUES).filter((flag) => !["units", "length", "breadth", "depth", "unit", "section", "date"].includes(flag));
const noise = fc.constantFrom<string[]>(["--frobnicate"], ["stray"], ["-u", "1"], ["--json=yes"], ["--", "x"], ["--help"]);

/** argv after `quote`: a vessel, usually a section and a date, some options, now and then noise; --json always. */
export const quoteArgv: fc.Arbitrary<string[]> = fc
  .tuple(
    vessel,
    fc.option(option("section"), { nil: undefined, freq: 8 }),
    fc.option(option("date"), { nil: undefined, freq: 8 }),
    fc.subarray(OPTIONAL).chain((flags) => fc.tuple(...flags.map(option))),
    fc.subarray(SWITCHES).map((flags) => flags.map((flag) => [`--${flag}`])),
    fc.option(noise, { nil: undefined, freq: 6 }),
    fc.option(fc.constantFrom(...Object.keys(VALUES)), { nil: undefined, freq: 10 }),
  )
  .chain(([v, section, date, options, switches, extra, dangling]) => {
    const groups = [...v, ...(section ? [section] : []), ...(date ? [date] : []), ...options, ...switches, ...(extra ? [extra] : []), ["--json"]];
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
