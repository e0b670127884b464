/**
 * The package as a user gets it: `npm pack` of this checkout (the build npm test made; the pack
 * itself runs with --ignore-scripts so that its prepack build cannot rewrite dist-node/ under the
 * other test files), installed into an empty folder with `npm install --prefer-offline` (the
 * dependencies come from the npm cache when it has them), then used four ways: `npx
 * hudson-pilotage quote … --json`, require(), import, and a TypeScript file type-checked under
 * --strict. Amounts are worked by hand from § 89-a.
 */
import { spawnSync, SpawnSyncOptions } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pdfPageTexts } from "../support/pdf";

const ROOT = path.resolve(__dirname, "../..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "nypilot-package-"));
const app = path.join(work, "app");
let tarball = "";
let files: string[] = [];

function sh(command: string, args: string[], options: SpawnSyncOptions = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", cwd: app, shell: process.platform === "win32", ...options, env: { ...process.env, npm_config_update_notifier: "false", ...options.env } });
  return { code: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

beforeAll(() => {
  const pack = sh(npm, ["pack", "--ignore-scripts", "--json", "--pack-destination", work], { cwd: ROOT });
  if (pack.code !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  const [packed] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(work, packed.filename);
  files = packed.files.map((file) => file.path);
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }));
  const install = sh(npm, ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball]);
  if (install.code !== 0) throw new Error(`npm install ${tarball} failed: ${install.stderr}`);
}, 300_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

// Clause (xi) (2026), Section 2 (Upper River), 271.43 units ≥ 100: 271.43 × $21.58 = $5,857.4594 → $5,857.46.
// Surcharge board 300,360,3.60: 271.43 × $3.60 = $977.148 → $977.15.
// Launch $310.00 + communication $45.50 + mid-river launch $125.25 (Section 2).
// Total 5,857.46 + 977.15 + 310.00 + 45.50 + 125.25 = $7,315.36.
const FLAGS = ["--units", "271.43", "--section", "upper", "--date", "2026-06-15", "--launch-fee", "310", "--communication-fee", "45.50", "--midriver-launch-fee", "125.25", "--board-surcharge", "300,360,3.60"];
const REQUEST = `{ units: 271.43, section: "upper", date: "2026-06-15", launchFee: 310, communicationFee: "45.50", midriverLaunchFee: 125.25, boardSurcharge: [300, 360, "3.60"] }`;
const AMOUNTS = { base: "5857.46", surcharge: "977.15", launch: "310.00", communication: "45.50", midriver_launch: "125.25" };

function amountsOf(json: { lines: { code: string; amount: string | null }[] }): Record<string, string | null> {
  return Object.fromEntries(json.lines.map((line) => [line.code, line.amount]));
}

test("the tarball holds the build, the binary and the typings, not the sources, tests or source maps", () => {
  expect(files).toEqual(
    expect.arrayContaining([
      "bin/hudson-pilotage.js",
      "dist-cli/hudson-pilotage.js",
      "dist-node/src/cli/main.js",
      "dist-node/src/lib/index.js",
      "dist-node/src/lib/index.mjs",
      "dist-node/src/lib/index.d.ts",
      "dist-node/src/lib/index.d.mts",
      "package.json",
      "README.md",
    ]),
  );
  expect(files.filter((file) => /^(src|test|bench|scripts)\//.test(file) || file.endsWith(".map") || file.startsWith("dist-node/test/"))).toEqual([]);
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  // npm pack and npm publish build first, so a tarball never lacks dist-node/.
  expect(manifest.scripts.prepack).toBe("npm run build:cli");
});

test("npx hudson-pilotage quote … --json", () => {
  const out = sh(npx, ["--no-install", "hudson-pilotage", "quote", ...FLAGS, "--json"]);
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  const json = JSON.parse(out.stdout);
  expect(amountsOf(json)).toEqual(AMOUNTS);
  expect(json.total).toBe("7315.36");
  expect(json.complete).toBe(true);
});

test('require("hudson-pilotage").quote(…) returns the object quote --json prints; bad input throws a typed error', () => {
  const script = `
    const { quote, HudsonPilotageError } = require("hudson-pilotage");
    (async () => {
      const good = await quote(${REQUEST});
      let bad;
      try { await quote({ units: "abc", section: 1, date: "2026-06-15" }); } catch (error) {
        bad = { isTyped: error instanceof HudsonPilotageError, isError: error instanceof Error, code: error.code, field: error.field, message: error.message };
      }
      let typo;
      try { await quote({ unts: 200, section: 1, date: "2026-06-15" }); } catch (error) { typo = { code: error.code, field: error.field }; }
      process.stdout.write(JSON.stringify({ good, bad, typo }));
    })();`;
  const out = sh(process.execPath, ["-e", script]);
  expect(out.stderr).toBe("");
  const { good, bad, typo } = JSON.parse(out.stdout);
  const cli = JSON.parse(sh(npx, ["--no-install", "hudson-pilotage", "quote", ...FLAGS, "--json"]).stdout);
  expect(good).toEqual(cli);
  expect(good.total).toBe("7315.36");
  expect(bad).toEqual({ isTyped: true, isError: true, code: "NOT_A_NUMBER", field: "units", message: 'The pilotage units "abc" are not a number: enter the units or UNMEASURED.' });
  expect(typo).toEqual({ code: "UNKNOWN_OPTION", field: "unts" });
});

test('import { quote, rates } from "hudson-pilotage" (ES module)', () => {
  fs.writeFileSync(
    path.join(app, "use.mjs"),
    `import { quote, rates } from "hudson-pilotage";\nconst q = await quote(${REQUEST});\nconst r = rates("2026-06-15");\nprocess.stdout.write(JSON.stringify({ total: q.total, amounts: Object.fromEntries(q.lines.map((l) => [l.code, l.amount])), clause: r.clause, citation: r.citation }));\n`,
  );
  const out = sh(process.execPath, ["use.mjs"]);
  expect(out.stderr).toBe("");
  // 2026-06-15 falls in clause (xi), 2026-01-01 … 2026-12-31.
  expect(JSON.parse(out.stdout)).toEqual({ total: "7315.36", amounts: AMOUNTS, clause: "xi", citation: "§ 89-a(4)(b)(1)(xi)" });
});

test("batch(rows) and reconcile(rows) from require() and import: rows in, the commands' JSON lines out", () => {
  fs.writeFileSync(path.join(app, "rates.csv"), "table,from,a,b,c\nfees,2026-01-01,310.00,45.50,125.25\nsurcharge,2020-11-20,300.00,360.00,3.60\n");
  // The transit above as a row: $7,315.36 computed; billed $7,315.46, $0.10 over.
  const rows = `[{ Vessel: "A", Units: 271.43, Section: "upper", Date: "2026-06-15", Hours: 8, "Invoice total": "7315.46" }, { Vessel: "B", Units: "abc", Section: 1, Date: "2026-06-15", Hours: 8, "Invoice total": 1 }]`;
  const body = `
    async function* stream() { yield* ${rows}; }
    const quoted = [];
    for await (const answer of batch(${rows}, { boardRates: "rates.csv" })) quoted.push(answer);
    const checked = [];
    for await (const answer of reconcile(stream(), { boardRates: "rates.csv" })) checked.push(answer);
    process.stdout.write(JSON.stringify({ quoted, checked }));`;
  fs.writeFileSync(path.join(app, "rows.cjs"), `const { batch, reconcile } = require("hudson-pilotage");\n(async () => {${body}\n})();\n`);
  fs.writeFileSync(path.join(app, "rows.mjs"), `import { batch, reconcile } from "hudson-pilotage";\n${body}\n`);
  const answers = ["rows.cjs", "rows.mjs"].map((file) => {
    const out = sh(process.execPath, [file]);
    expect(out.stderr).toBe("");
    return JSON.parse(out.stdout);
  });
  expect(answers[1]).toEqual(answers[0]);
  const { quoted, checked } = answers[0];
  expect(quoted.map((answer: { row: number }) => answer.row)).toEqual([1, 2]);
  // 8 h, not more than ten: a second-pilot line of $0.00.
  expect(amountsOf(quoted[0])).toEqual({ ...AMOUNTS, second_pilot: "0.00" });
  expect(quoted[0]).toMatchObject({ total: "7315.36", complete: true });
  expect(quoted[1]).toMatchObject({ row: 2, error: { code: "NOT_A_NUMBER", field: "units" } });
  expect(checked[0]).toMatchObject({ row: 1, total: "7315.36", billed: { billed_total: "7315.46" }, variance: "0.10", flag: true, status: "variance" });
  expect(checked[1]).toMatchObject({ row: 2, status: "not checked", flag: false });
});

test("the installed package prints a Greek vessel name in its PDF, from the command line and from require(), with the font from its dependencies", () => {
  const call = {
    vessel: { name: "Ακρόπολις 丸", units: 200 },
    transits: [{ section: 1, date: "2026-06-15" }],
    boardRates: { fees: [{ from: "2026-01-01", launch: "310.00", communication: "45.50", midriverLaunch: "125.25" }], surcharge: [{ from: "2020-11-20", upTo50Units: "300.00", over50UpTo100Units: "360.00", perUnitOver100Units: "3.60" }] },
  };
  fs.writeFileSync(path.join(app, "call.json"), JSON.stringify(call));
  const warning = 'vessel name: "丸" (U+4E38) cannot be printed in the PDF (not in its font, DejaVu Sans); shown as ?';
  const cli = sh(npx, ["--no-install", "hudson-pilotage", "call", "call.json", "-o", "cli.pdf", "--json"]);
  expect(cli.stderr).toBe("");
  expect(JSON.parse(cli.stdout).warnings).toContain(warning);
  const library = sh(process.execPath, ["-e", `require("hudson-pilotage").writeQuote(${JSON.stringify(call)}, "library.pdf").then((json) => process.stdout.write(JSON.stringify(json.warnings)));`]);
  expect(library.stderr).toBe("");
  expect(JSON.parse(library.stdout)).toContain(warning);
  for (const file of ["cli.pdf", "library.pdf"]) expect(pdfPageTexts(fs.readFileSync(path.join(app, file)))[0]).toContain("Vessel: Ακρόπολις ?");
});

describe("TypeScript --strict against the installed typings", () => {
  const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
  // No Node typings in scope ("types": []): the library's declarations must not need them.
  const compile = (file: string, moduleOptions: { module: string; moduleResolution: string }) => {
    const config = { compilerOptions: { strict: true, noEmit: true, types: [], lib: ["ES2020"], target: "ES2020", ...moduleOptions }, files: [file] };
    fs.writeFileSync(path.join(app, "tsconfig.json"), JSON.stringify(config));
    return sh(process.execPath, [tsc, "-p", "tsconfig.json"]);
  };

  test.each([
    // good.ts is CommonJS (require condition, index.d.ts); good.mts is an ES module (import condition, index.d.mts).
    ["good.ts", { module: "commonjs", moduleResolution: "node10" }],
    ["good.mts", { module: "nodenext", moduleResolution: "nodenext" }],
  ])("%s using quote type-checks", (file, moduleOptions) => {
    fs.writeFileSync(
      path.join(app, file),
      [
        'import { batch, quote, rates, reconcile, HudsonPilotageError, QuoteJson, QuoteRequest, RowObject } from "hudson-pilotage";',
        `const request: QuoteRequest = ${REQUEST};`,
        "export async function total(): Promise<string> {",
        "  const q: QuoteJson = await quote(request);",
        "  const first: string | null = q.lines[0].amount;",
        '  return `${q.total} ${first} ${q.complete} ${rates("2026-06-15", { at100: "flat" }).clause}`;',
        "}",
        "export async function flagged(rows: RowObject[]): Promise<number[]> {",
        "  const found: number[] = [];",
        '  for await (const answer of reconcile(rows, { boardRates: "rates.csv", map: { Charged: "billed_total" } })) if ("flag" in answer && answer.flag) found.push(answer.row);',
        "  for await (const answer of batch(rows)) if (!(\"error\" in answer)) found.push(Number(answer.total));",
        "  return found;",
        "}",
        "export function fieldOf(error: unknown): string | null {",
        "  return error instanceof HudsonPilotageError ? `${error.code}:${error.field}` : null;",
        "}",
      ].join("\n"),
    );
    const out = compile(file, moduleOptions);
    expect(out.stdout + out.stderr).toBe("");
    expect(out.code).toBe(0);
  });

  test("and a misspelt option or a wrong type fails to type-check", () => {
    fs.writeFileSync(path.join(app, "bad.ts"), 'import { quote } from "hudson-pilotage";\nvoid quote({ lenght: 600 });\nvoid quote({ units: true });\n');
    const out = compile("bad.ts", { module: "commonjs", moduleResolution: "node10" });
    expect(out.code).not.toBe(0);
    expect(out.stdout).toMatch(/bad\.ts\(2,\d+\): error TS2561: .*'lenght' does not exist in type 'QuoteRequest'/);
    expect(out.stdout).toMatch(/bad\.ts\(3,\d+\): error TS2322: Type 'true' is not assignable/);
  });
});
