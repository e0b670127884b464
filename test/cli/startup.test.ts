/**
 * What the built command line loads (issue 18): `quote` starts without the file readers and
 * writers (exceljs, the .xlsx reader's unzip and XML parser, the CSV reader, the safe output's
 * random names) and without standard input's streams. The process is run with `--require` of a
 * probe that, on exit, writes the Node built-ins it loaded and the files it required; `reconcile`
 * on a CSV shows the probe sees those modules when a command does load them.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");

let folder = "";
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "hudson-startup-"));
  fs.writeFileSync(
    path.join(folder, "probe.js"),
    'process.on("exit", () => require("fs").writeFileSync(process.env.HUDSON_LOAD_PROBE_OUT, JSON.stringify({ builtins: process.moduleLoadList.filter((m) => m.startsWith("NativeModule ")).map((m) => m.slice(13)), files: Object.keys(require.cache) })));\n',
  );
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

function loadedBy(...args: string[]): { code: number | null; stderr: string; builtins: string[]; files: string[] } {
  const out = path.join(folder, "loaded.json");
  const result = spawnSync(process.execPath, ["--require", path.join(folder, "probe.js"), BIN, ...args], {
    cwd: folder,
    encoding: "utf8",
    env: { ...process.env, HUDSON_LOAD_PROBE_OUT: out },
  });
  const loaded = JSON.parse(fs.readFileSync(out, "utf8")) as { builtins: string[]; files: string[] };
  return { code: result.status, stderr: result.stderr, ...loaded };
}

/** Built-ins that only the file commands use: unzip (.xlsx), random temporary names, stdin's readline. */
const FILE_BUILTINS = ["zlib", "crypto", "internal/readline/interface", "internal/fs/promises"];

test("quote loads no file reader or writer, no exceljs and no stdin stream", () => {
  // Clause (xi), Section 1: 100 units × $15.32 = $1,532.00 (no board amounts entered: incomplete, exit 3).
  const run = loadedBy("quote", "--units", "100", "--section", "lower", "--date", "2026-06-15", "--json");
  expect(run.stderr).toBe("");
  expect(run.code).toBe(3);
  expect(run.builtins.filter((name) => FILE_BUILTINS.includes(name))).toEqual([]);
  expect(run.files.filter((file) => /node_modules|exceljs|csv-parse/.test(file))).toEqual([]);
});

test("reconcile of a CSV does load the safe output's crypto and the stream modules: the probe sees them", () => {
  fs.writeFileSync(path.join(folder, "invoices.csv"), "Vessel,Pilotage units,River,Transit date,Invoice total\nA,100,Lower,2026-06-15,1532.00\n");
  const run = loadedBy("reconcile", "invoices.csv", "-o", "checked.csv", "--json");
  expect(run.stderr).toBe("");
  expect(run.builtins).toEqual(expect.arrayContaining(["crypto", "stream"]));
});
