/**
 * Runs one file case of the bad-input catalogue (file-cases.ts) through the built binary, in a
 * fresh folder holding the case's files, and gives back what it printed, its exit code, what the
 * folder held afterwards, its peak resident memory and its time. Used by file-cases.test.ts (which
 * asserts) and by the benchmark's bad-inputs section (which times); no jest here.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { childPeakMemory } from "../../bench/peak-memory";
import { ROOT, type FileCase } from "./file-cases";

const BIN = path.join(ROOT, "bin/hudson-pilotage.js");

export interface FileCaseRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The folder's names after the run, sorted. */
  after: string[];
  /** The lines of each output file the case names in outputLines. */
  outputs: Record<string, string[]>;
  peakMegabytes: number;
  seconds: number;
}

export async function runFileCase(test: FileCase): Promise<FileCaseRun> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "hudson-bad-file-"));
  // Outside the folder, so that `after` sees only what the command left.
  const peakFile = `${folder}.peak-memory`;
  const peak = childPeakMemory(peakFile);
  let stdout: "pipe" | number = "pipe";
  try {
    for (const [name, content] of Object.entries(test.files)) {
      fs.writeFileSync(path.join(folder, name), typeof content === "function" ? await content() : content);
    }
    test.setup?.(folder);
    if (test.stdoutTo !== undefined) stdout = fs.openSync(test.stdoutTo, "w");
    const start = process.hrtime.bigint();
    const run = spawnSync(process.execPath, [...peak.nodeArgs, BIN, ...test.argv], {
      cwd: folder,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", stdout, "pipe"],
      env: peak.env,
    });
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const peakMegabytes = peak.peakMb();
    const outputs = Object.fromEntries(Object.keys(test.outputLines ?? {}).map((name) => [name, fs.readFileSync(path.join(folder, name), "utf8").split(/\r?\n/)]));
    return { code: run.status, stdout: run.stdout ?? "", stderr: run.stderr, after: fs.readdirSync(folder).sort(), outputs, peakMegabytes, seconds };
  } finally {
    if (typeof stdout === "number") fs.closeSync(stdout);
    fs.rmSync(peakFile, { force: true });
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
