/**
 * Renders the bad-input catalogue as test/bad-inputs/README.md. catalogue.test.ts checks that the
 * file is exactly this rendering; `UPDATE_BAD_INPUTS_README=1 npx jest test/bad-inputs` rewrites it.
 */
import { Argument, CATALOGUE, CatalogueCase, CliCase, FunctionCase, PANE_BASELINE, PANE_FIELDS, PaneCase } from "./catalogue";
import { FILE_CASES, type FileCase } from "./file-cases";
import { type AttackMeasure, FUNCTION_ATTACKS, type FunctionAttack } from "./function-attacks";

/** Text as a formula expression: quoted, a line break as CHAR(10), a long run of one character as REPT. */
function textExpression(text: string): string {
  const parts: string[] = [];
  let literal = "";
  const flush = () => {
    if (literal !== "") parts.push(`"${literal.replace(/"/g, '""')}"`);
    literal = "";
  };
  for (const [run] of text.matchAll(/([\s\S])\1*/g)) {
    if (run[0] === "\n") {
      flush();
      parts.push(run.length === 1 ? "CHAR(10)" : `REPT(CHAR(10),${run.length})`);
    } else if (run.length >= 10) {
      flush();
      parts.push(`REPT("${run[0].replace(/"/g, '""')}",${run.length})`);
    } else {
      literal += run;
    }
  }
  flush();
  return parts.length === 0 ? '""' : parts.join("&");
}

/** A value as it would be typed in a formula: text in quotes, TRUE/FALSE, ranges as array constants. */
export function formulaValue(value: Argument): string {
  if (value === undefined) return "";
  if (value === null) return "‹empty cell›";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return String(value).replace("e+", "E+");
  if (Array.isArray(value)) return `{${value.map((row) => row.map((cell) => formulaValue(cell)).join(",")).join(";")}}`;
  return textExpression(value);
}

export function formula(test: FunctionCase): string {
  const args = [...test.args];
  while (args.length > 0 && args[args.length - 1] === undefined) args.pop();
  return `=NYPILOT.${test.function}(${args.map(formulaValue).join(", ")})`;
}

/** A command line as typed in a POSIX shell. */
export function commandLine(test: CliCase): string {
  const word = (arg: string) => {
    if (/^[\w@%+=:,./-]+$/.test(arg)) return arg;
    if (arg.includes("\n")) return `$'${arg.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n")}'`;
    return `'${arg.replace(/'/g, `'\\''`)}'`;
  };
  return ["hudson-pilotage", ...test.argv].map(word).join(" ");
}

/** What a task-pane case types, field by field: `Vessel › Depth › feet: "0"`, a tick as ticked/cleared. */
export function paneEntries(test: PaneCase): string {
  return test.entries
    .map(([field, value]) => `${PANE_FIELDS[field].label}: ${typeof value === "boolean" ? (value ? "ticked" : "cleared") : JSON.stringify(value)}`)
    .join("; ");
}

/** Text for a Markdown table cell. */
function cell(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/`/g, "\\`").replace(/\n/g, " ");
}

function code(text: string): string {
  // A code span holds its text as is, except that a pipe still ends a table cell.
  const ticks = text.includes("`") ? "``" : "`";
  return `${ticks}${text.replace(/\|/g, "\\|")}${ticks}`;
}

/** The files section: hostile input files and output paths, run through the built binary by file-cases.test.ts. */
function fileSection(cases: readonly FileCase[]): string[] {
  const printed = (c: FileCase) => [...c.stderr, ...c.stdout.map((line) => line.trim())].join(" ⏎ ");
  return [
    "## Files",
    "",
    `${cases.length} damaged or hostile input files and output paths, each run through the built binary in a fresh folder by ` +
      "[file-cases.test.ts](file-cases.test.ts), which asserts the exit code, every line on standard error and the summary " +
      "lines shown (⏎ separates lines; a line ending in … is matched by its start). *Holds* is the figure a case must " +
      "hold: its peak resident memory, asserted by the test, and its time, measured by `BENCH_ONLY=bad-inputs npm run bench` " +
      "(every input file at most 500 MB).",
    "",
    "| Case | Command | Input | Exit | Printed | Holds |",
    "| --- | --- | --- | --- | --- | --- |",
    ...cases.map(
      (c) =>
        `| ${cell(c.name)} | ${code(["hudson-pilotage", ...c.argv].join(" "))}${c.stdoutTo === undefined ? "" : ` > ${c.stdoutTo}`} | ${cell(c.input)} | ${c.exitCode} | ${cell(printed(c))} | ${c.holds === undefined ? "" : `${c.holds.seconds} s, ${c.holds.megabytes} MB`} |`,
    ),
    "",
  ];
}

/** The absurd function calls: what a JavaScript caller passes, the answer, and the figures each must hold. */
function attackSection(attacks: readonly FunctionAttack[]): string[] {
  const holds = (a: FunctionAttack) =>
    `${a.withinValidColumn !== undefined ? `≤ ${a.withinValidColumn}× the valid column's time and ` : ""}≤ ${a.seconds} s; adds ≤ ${a.callMb} MB`;
  const figures = (m: AttackMeasure) => `${m.seconds} s; ${m.inputMb} MB with its input, peak ${m.peakMb} MB: adds ${m.callMb} MB`;
  const measured = (a: FunctionAttack) => figures(a.measured) + (a.measuredValid === undefined ? "" : `; the valid column ${figures(a.measuredValid)}`);
  return [
    "## NYPILOT functions: absurd calls",
    "",
    `${attacks.length} calls no sheet makes but a JavaScript caller can, each answered with a typed error value, fast and in ` +
      "bounded memory. [function-attacks.test.ts](function-attacks.test.ts) checks each answer (a whole column on its first " +
      "4,096 rows), then makes each whole call in a fresh process and asserts the memory it adds; `BENCH_ONLY=attacks npm run bench` " +
      "measures the same calls' time too. Memory is resident memory (Linux's VmHWM, read by " +
      "[bench/peak-memory-probe.cjs](../../bench/peak-memory-probe.cjs)). The arguments are made in one process and handed to " +
      "the one that calls, serialized, as Excel's runtime builds a call's arguments from what the host sends; after a full " +
      "collection that process holds Node, the add-in's code and the arguments (\"with its input\": about 50 MB without them), " +
      "and the peak is its most during the call. The bound is on what the call adds, the peak less what was held before it: the " +
      "arguments are the sheet's, held whatever a function does, and the goal of a function call (issue 34: under 300 MB) is what " +
      "answering costs. The valid column a column case is compared with is measured the same way (its figure in the case's row). " +
      "Every function's valid column of 1,048,576 rows (bench/function-columns.ts; `BENCH_ONLY=function-memory npm run bench`) " +
      "is held to the same 300 MB, asserted by the test in a fresh process each, above its arguments and its answer (the heap the " +
      "answer keeps once the call is over, after a full collection): the answer is the host's, handed to Excel, which holds it in " +
      "its cells whatever a function does. HUDSON_EXPLAIN's is a million texts of about 110 characters, two bytes each (≤ and ≥ " +
      "are outside Latin-1), about 320 MB however they are made; what answering costs beyond it is the function's. " +
      "A garbage-collected runtime holds more than it needs while memory is free: these figures are what Node 20 held, not a floor. " +
      "A text longer than a cell holds (32,767 " +
      "characters) and a board table of more than 1,000 rows of data are refused before anything in them is read. For a column " +
      "of different bad cells each cell's own message is its answer; the first is shown.",
    "",
    "| Case | Function | Arguments | Error | Message | Must hold | Measured |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...attacks.map((a) => `| ${cell(a.name)} | ${a.function} | ${cell(a.input)} | ${a.code} | ${cell(a.message)} | ${cell(holds(a))} | ${cell(measured(a))} |`),
    "",
  ];
}

export function renderReadme(catalogue: readonly CatalogueCase[] = CATALOGUE): string {
  const functions = catalogue.filter((c): c is FunctionCase => c.surface === "function");
  const commands = catalogue.filter((c): c is CliCase => c.surface === "cli");
  const panes = catalogue.filter((c): c is PaneCase => c.surface === "taskpane");
  const names = new Set(functions.map((c) => c.function));
  const out = [
    "# Bad-input catalogue",
    "",
    `What a user sees when an input is wrong: ${catalogue.length} named cases, ${functions.length} for the NYPILOT functions ` +
      `(${names.size} functions), ${commands.length} for the \`hudson-pilotage\` command line and ${panes.length} for the task pane. ` +
      "The cases live in [catalogue.ts](catalogue.ts); [catalogue.test.ts](catalogue.test.ts) runs each one and asserts the exact " +
      "error code, exit code or marked field and the exact message, and checks that this page is the catalogue's current rendering " +
      "(regenerate it with `UPDATE_BAD_INPUTS_README=1 npx jest test/bad-inputs`).",
    "",
    "A message names the input that is wrong and, in most cases, what to enter instead. Inputs are quoted back on one " +
      "line and to at most 40 characters, so that a message fits Excel's 255-character limit with its advice.",
    "",
    "## NYPILOT functions",
    "",
    "Arguments are shown as typed in a formula: `‹empty cell›` is a reference to an empty cell as Excel on the web passes " +
      "it (desktop Excel passes an empty cell as `0`, which has its own cases), `{…}` is a range (`,` between columns, `;` " +
      "between rows), and an optional argument left out is left empty. The error is that of the result cell named, or the " +
      "first one. Codes: `#VALUE!` the wrong kind of input, `#NUM!` a number out of range, `#N/A` nothing applies or an " +
      "amount is missing.",
    "",
    "> Excel shows a custom function's message (in the cell's error menu) for `#VALUE!` and `#N/A` only; for `#NUM!` it shows " +
      "the code alone. The `#NUM!` messages below are what the add-in returns, and what the task pane, help page and tests see.",
    "",
    "| Case | Formula | Error | Message |",
    "| --- | --- | --- | --- |",
    ...functions.map((c) => `| ${cell(c.name)} | ${code(formula(c))}${c.cell ? ` (cell ${c.cell[0] + 1},${c.cell[1] + 1})` : ""} | ${c.code} | ${cell(c.message)} |`),
    "",
    "## Command line",
    "",
    "Each command exits with code 2 and writes exactly one line to standard error (shown here), and nothing to standard output.",
    "",
    "| Case | Command | Exit | Standard error |",
    "| --- | --- | --- | --- |",
    ...commands.map((c) => `| ${cell(c.name)} | ${code(commandLine(c))} | ${c.exitCode} | ${cell(c.message)} |`),
    "",
    "## Task pane",
    "",
    "Each case starts from a complete call that quotes without an error (" +
      PANE_BASELINE.map(([field, value]) => `${PANE_FIELDS[field].label.split(" › ").slice(1).join(" › ")} ${value}`).join(", ") +
      "; fee row 2 and surcharge row 2 blank, which the pane ignores), types the entries shown, and reads the pane as it " +
      "does while you type (src/taskpane/form.ts). The message is shown under the field marked; while a transit's own field " +
      "is marked, its quote shows the same message in place of the amounts. The section is a choice of two, so it cannot be " +
      "entered wrong; the largest measurements the pane takes give 32,000 units, under the 50,000-unit limit, so a vessel " +
      "too large is caught at the measurement that is.",
    "",
    "| Case | Entered | Field marked | Message |",
    "| --- | --- | --- | --- |",
    ...panes.map((c) => `| ${cell(c.name)} | ${cell(paneEntries(c))} | ${cell(c.marked.map((field) => PANE_FIELDS[field].label).join("; "))} | ${cell(c.message)} |`),
    "",
    ...fileSection(FILE_CASES),
    ...attackSection(FUNCTION_ATTACKS),
  ];
  return out.join("\n");
}
