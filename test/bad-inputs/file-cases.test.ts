/**
 * Runs every file case of the bad-input catalogue (file-cases.ts) through the built binary, in a
 * fresh folder holding the case's files, and asserts the exit code, standard error line by line,
 * the summary lines and, where given, what the folder holds afterwards.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FILE_CASES, type FileCase } from "./file-cases";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");
const PEAK_RSS = path.resolve(__dirname, "peak-rss.cjs");

async function runCase(test: FileCase) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "hudson-bad-file-"));
  try {
    for (const [name, content] of Object.entries(test.files)) {
      fs.writeFileSync(path.join(folder, name), typeof content === "function" ? await content() : content);
    }
    test.setup?.(folder);
    // Outside the folder, so that folderAfter sees only what the command left.
    const peakFile = path.join(os.tmpdir(), `${path.basename(folder)}.peak-rss`);
    const stdout = test.stdoutTo === undefined ? "pipe" : fs.openSync(test.stdoutTo, "w");
    try {
      const run = spawnSync(process.execPath, ["-r", PEAK_RSS, BIN, ...test.argv], {
        cwd: folder,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        stdio: ["ignore", stdout, "pipe"],
        env: { ...process.env, HUDSON_PEAK_RSS_FILE: peakFile },
      });
      const peakMegabytes = Number(fs.readFileSync(peakFile, "utf8")) / 1024;
      const outputs = Object.fromEntries(Object.keys(test.outputLines ?? {}).map((name) => [name, fs.readFileSync(path.join(folder, name), "utf8").split(/\r?\n/)]));
      return { code: run.status, stdout: run.stdout ?? "", stderr: run.stderr, after: fs.readdirSync(folder).sort(), peakMegabytes, outputs };
    } finally {
      if (typeof stdout === "number") fs.closeSync(stdout);
      fs.rmSync(peakFile, { force: true });
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

test("each file case has a unique kebab-case name", () => {
  const names = FILE_CASES.map((c) => c.name);
  expect(new Set(names).size).toBe(names.length);
  for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
});

/** Lines match exactly, or by their start where the expected line ends in "…". */
function matches(line: string, wanted: string): boolean {
  return wanted.endsWith("…") ? line.startsWith(wanted.slice(0, -1)) : line === wanted;
}

jest.setTimeout(120_000);

test.each(FILE_CASES.map((c) => [c.name, c] as const))("%s", async (_name, test) => {
  const run = await runCase(test);
  const stderr = run.stderr === "" ? [] : run.stderr.replace(/\n$/, "").split("\n");
  expect({ code: run.code, stderr: stderr.map((line, i) => (test.stderr[i] !== undefined && matches(line, test.stderr[i]) ? test.stderr[i] : line)) }).toEqual({
    code: test.exitCode,
    stderr: test.stderr,
  });
  if (test.exitCode === 2) expect(run.stdout).toBe("");
  const lines = run.stdout.split("\n");
  for (const wanted of test.stdout) {
    const found = lines.some((line) => matches(line, wanted));
    expect({ wanted, found }).toEqual({ wanted, found: true });
  }
  if (test.folderAfter !== undefined) expect(run.after).toEqual(test.folderAfter);
  for (const [name, wantedLines] of Object.entries(test.outputLines ?? {})) {
    for (const wanted of wantedLines) expect({ name, wanted, found: run.outputs[name].some((line) => matches(line, wanted)) }).toEqual({ name, wanted, found: true });
  }
  // Peak resident memory of the whole process (Node itself is about 50 MB).
  if (test.holds !== undefined) expect(Math.round(run.peakMegabytes)).toBeLessThanOrEqual(test.holds.megabytes);
});
