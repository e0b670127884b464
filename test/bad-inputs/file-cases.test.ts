/**
 * Runs every file case of the bad-input catalogue (file-cases.ts) through the built binary, in a
 * fresh folder holding the case's files, and asserts the exit code, standard error line by line,
 * the summary lines and, where given, what the folder and the output files hold afterwards and
 * that the peak resident memory stays within the figure the case states (its time is the bench's).
 */
import { FILE_CASES } from "./file-cases";
import { runFileCase } from "./run-file-case";

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
  const run = await runFileCase(test);
  const stderr = run.stderr === "" ? [] : run.stderr.replace(/\n$/, "").split("\n");
  expect({ code: run.code, stderr: stderr.map((line, i) => (test.stderr[i] !== undefined && matches(line, test.stderr[i]) ? test.stderr[i] : line)) }).toEqual({
    code: test.exitCode,
    stderr: test.stderr,
  });
  if (test.exitCode === 2) expect(run.stdout).toBe("");
  // CSV output ends its lines in CRLF.
  const lines = run.stdout.split(/\r?\n/);
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
