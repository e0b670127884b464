/**
 * The built command line run as a process in a fresh folder per test (not in test/support: that
 * folder is compiled with the CLI for the benchmarks, without jest): the folder is made before
 * each test and removed after it. For test files that run `bin/hudson-pilotage.js` on files.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isCsvRowError, readCsvRows } from "../../src/workbook/csv";

export const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");

export interface CliFolder {
  /** A file's path in the current test's folder. */
  inFolder(name: string): string;
  /** Runs the CLI with the folder as its working directory. */
  run(...args: string[]): { code: number | null; stdout: string; stderr: string };
}

/** Registers beforeEach/afterEach for a folder named `prefix…` under the system's temporary folder. */
export function cliFolder(prefix: string): CliFolder {
  let folder = "";
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => {
    fs.rmSync(folder, { recursive: true, force: true });
  });
  return {
    inFolder: (name) => path.join(folder, name),
    run(...args) {
      const result = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", cwd: folder });
      return { code: result.status, stdout: result.stdout, stderr: result.stderr };
    },
  };
}

/** A CSV the CLI wrote, as rows of cells; a row that cannot be read fails the test. */
export async function csvRows(file: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const item of readCsvRows(file)) {
    if (isCsvRowError(item)) throw new Error(`row ${item.rowNumber}: ${item.error}`);
    rows.push(item.cells);
  }
  return rows;
}
