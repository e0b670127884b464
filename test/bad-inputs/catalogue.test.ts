/**
 * Runs every case of the bad-input catalogue and asserts the exact code and message: the NYPILOT
 * functions through their declarations (src/functions/functions.ts); the CLI through the built
 * main() (dist-node, `npm run build:cli`) in one child process, and a sample through
 * bin/hudson-pilotage.js itself to show that is what a shell sees; the task pane through its form
 * logic (src/taskpane/form.ts: readSettingsForm and computePane, which the pane renders), from a
 * complete valid call with the case's fields typed over it.
 * Also keeps README.md equal to the catalogue's rendering.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BOARD_FEES, DEFAULT_SETTINGS } from "../../src/engine";
import { computePane, FieldError, PaneResult, readSettingsForm } from "../../src/taskpane/form";
import { addFeeRow, addSurchargeRow, initialState, setField } from "../../src/taskpane/state";
import { runCliInOneProcess } from "../fuzz/cli-args";
import { excelError, installCustomFunctionsGlobal } from "../support/custom-functions";
import { Argument, CATALOGUE, CliCase, FunctionCase, PANE_BASELINE, PANE_FIELDS, PaneCase, PaneFieldName } from "./catalogue";
import { renderReadme } from "./readme";

installCustomFunctionsGlobal();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const declarations = require("../../src/functions/functions") as Record<string, (...args: unknown[]) => unknown>;

const README = path.join(__dirname, "README.md");
const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");

const functionCases = CATALOGUE.filter((c): c is FunctionCase => c.surface === "function");
const cliCases = CATALOGUE.filter((c): c is CliCase => c.surface === "cli");
const paneCases = CATALOGUE.filter((c): c is PaneCase => c.surface === "taskpane");

/**
 * The pane as the person leaves it: the baseline call (transit 1, fee rows 2 and 3, surcharge rows 4
 * and 5 by key) with the entries typed over it, read as the pane reads it: the settings form, then
 * every field through computePane. The errors are what the pane marks, field by field.
 */
function fillPane(entries: readonly (readonly [PaneFieldName, string | boolean])[]): { errors: FieldError[]; pane: PaneResult } {
  const state = initialState();
  addFeeRow(state);
  addFeeRow(state);
  addSurchargeRow(state);
  addSurchargeRow(state);
  for (const [field, value] of [...PANE_BASELINE, ...entries]) {
    if (!setField(state, PANE_FIELDS[field].path, value)) throw new Error(`the pane has no field ${PANE_FIELDS[field].path} taking ${JSON.stringify(value)}`);
  }
  const settings = readSettingsForm(state.settings);
  const pane = computePane(state, settings.settings ?? DEFAULT_SETTINGS);
  return { errors: [...settings.errors, ...pane.errors], pane };
}

/** Excel hands a per-row argument over as a range: one value is a 1×1 range. HUDSON_RATES takes `any`, so a value stays a value. */
function asExcelPasses(fnId: string, arg: Argument): unknown {
  if (arg === undefined || Array.isArray(arg) || fnId === "HUDSON_RATES") return arg;
  return [[arg]];
}

function callFunction(test: FunctionCase): unknown {
  const declared = declarations[test.function];
  if (typeof declared !== "function") throw new Error(`${test.function} is not declared in src/functions/functions.ts`);
  const result = declared(...test.args.map((arg) => asExcelPasses(test.function, arg)));
  // A scalar result (HUDSON_QUOTE_CARD) is the cell itself; a matrix is looked up at `cell`.
  if (!Array.isArray(result)) return result;
  const [row, column] = test.cell ?? [0, 0];
  return (result as unknown[][])[row][column];
}


describe("the catalogue", () => {
  test("at least 50 cases, each with a unique kebab-case name", () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(50);
    const names = CATALOGUE.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  test("covers every NYPILOT function that takes input, every error code, and the CLI", () => {
    const declared = Object.entries(declarations)
      .filter(([id, value]) => typeof value === "function" && /^[A-Z_]+$/.test(id) && value.length > 0)
      .map(([id]) => id)
      .sort();
    expect([...new Set(functionCases.map((c) => c.function))].sort()).toEqual(declared);
    expect(new Set(functionCases.map((c) => c.code))).toEqual(new Set(["#VALUE!", "#NUM!", "#N/A"]));
    expect(cliCases.length).toBeGreaterThanOrEqual(20);
    expect(paneCases.length).toBeGreaterThanOrEqual(15);
  });

  test("every message is one line that fits Excel's 255 characters", () => {
    for (const c of CATALOGUE) {
      expect(c.message).not.toMatch(/[\r\n]/);
      if (c.surface === "function") expect(c.message.length).toBeLessThanOrEqual(255);
    }
  });
});

describe("NYPILOT functions", () => {
  test.each(functionCases.map((c) => [c.name, c] as const))("%s", (_name, test) => {
    expect(excelError(callFunction(test))).toEqual({ code: test.code, message: test.message });
  });
});

describe("hudson-pilotage", () => {
  // One child process runs every case through the built CLI's main().
  let runs: Map<string, { code: number | null; stdout: string; stderr: string }>;
  beforeAll(() => {
    const results = runCliInOneProcess(cliCases.map((c) => c.argv));
    runs = new Map(cliCases.map((c, i) => [c.name, results[i]]));
  });

  test.each(cliCases.map((c) => [c.name, c] as const))("%s", (_name, test) => {
    expect(runs.get(test.name)).toEqual({ code: test.exitCode, stdout: "", stderr: `${test.message}\n` });
  });

  test("the built binary prints the same (a sample of the cases)", () => {
    const sample = ["cli-no-vessel", "cli-date-on-two-lines", "cli-units-negative-without-equals", "cli-rates-date-in-words"].map((name) => {
      const found = cliCases.find((c) => c.name === name);
      if (!found) throw new Error(`no CLI case ${name}`);
      return found;
    });
    for (const test of sample) {
      const run = spawnSync(process.execPath, [BIN, ...test.argv], { encoding: "utf8" });
      expect({ name: test.name, code: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ name: test.name, code: test.exitCode, stdout: "", stderr: `${test.message}\n` });
    }
  });
});

describe("the task pane", () => {
  test("the baseline call quotes, complete, with no field marked", () => {
    const { errors, pane } = fillPane([]);
    expect(errors).toEqual([]);
    expect(pane.complete).toBe(true);
    // 192.00 units: base 192 × $15.32 = $2,941.44; surcharge 192 × $3.60 = $691.20; 8 h: no second pilot;
    // launch $310.00 + communication $45.50 = $3,988.14 (the mid-river launch is an Upper River fee).
    expect(pane.grandTotalCents).toBe(398814);
  });

  test("each field's label is the pane's own (render.ts)", () => {
    const render = fs.readFileSync(path.resolve(__dirname, "../../src/taskpane/render.ts"), "utf8");
    const form = fs.readFileSync(path.resolve(__dirname, "../../src/taskpane/form.ts"), "utf8");
    for (const field of Object.values(PANE_FIELDS)) {
      const parts = field.label.split(" › ");
      // A card's title may go on ("Settings: how § 89-a is read"); rows and transits are numbered in their legends;
      // a board fee's field is labelled from its declaration, `${fee.label} ($)` in render.ts.
      const feeField = (text: string) => render.includes("`${fee.label} ($)`") && BOARD_FEES.some((fee) => `${fee.label} ($)` === text);
      const shown = (text: string) => render.includes(`"${text}`) || form.includes(`"${text}"`) || feeField(text) || /^(Fee|Surcharge) row \d+$|^Transit \d+$/.test(text);
      expect({ label: field.label, missing: parts.filter((part) => !shown(part)) }).toEqual({ label: field.label, missing: [] });
    }
  });

  test("the section is a choice of two, so it cannot be typed wrong", () => {
    const state = initialState();
    for (const typed of ["3", "Middle", ""]) expect(setField(state, "transit.1.section", typed)).toBe(false);
  });

  test.each(paneCases.map((c) => [c.name, c] as const))("%s", (_name, test) => {
    expect(fillPane(test.entries).errors).toEqual(test.marked.map((field) => ({ id: PANE_FIELDS[field].id, message: test.message })));
  });
});

describe("README.md", () => {
  const rendered = renderReadme();
  if (process.env.UPDATE_BAD_INPUTS_README === "1") fs.writeFileSync(README, rendered);
  const written = fs.existsSync(README) ? fs.readFileSync(README, "utf8") : "";

  test("lists every case by name", () => {
    const missing = CATALOGUE.map((c) => c.name).filter((name) => !written.includes(`| ${name} |`));
    expect(missing).toEqual([]);
  });

  test("is the catalogue's current rendering (UPDATE_BAD_INPUTS_README=1 npx jest test/bad-inputs rewrites it)", () => {
    expect(written).toBe(rendered);
  });
});
