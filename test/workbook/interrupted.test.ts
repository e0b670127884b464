/**
 * An output interrupted by a signal leaves nothing behind (issue 19 item 7): the built binary
 * reconciles a large CSV to -o out.csv; once its temporary file exists it gets SIGINT or SIGTERM,
 * and must exit as the signal says (128 + its number) with neither out.csv nor the .partial left.
 * Also: neutralisation of full-width formula triggers and invisible leading characters, and the
 * visible-safe form of control characters.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { csvField } from "../../src/workbook/csv";
import { visibleText } from "../../src/workbook/visible-text";
import { useTempFolder } from "./temp-folder";

const BIN = path.resolve(__dirname, "../../bin/hudson-pilotage.js");

describe("signals", () => {
  const folder = useTempFolder();

  test.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("%s while writing: exit %i, no output and no temporary file left", async (signal, code) => {
    const dir = folder();
    const rows = ["Units,Section,Date,Base"];
    for (let i = 0; i < 400_000; i++) rows.push(`40,1,2026-03-01,1070.58`);
    fs.writeFileSync(path.join(dir, "in.csv"), rows.join("\n") + "\n");
    const child = spawn(process.execPath, [BIN, "reconcile", "in.csv", "-o", "out.csv"], { cwd: dir, stdio: "ignore" });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (status) => resolve(status)));
    // Wait for the temporary file, then interrupt.
    for (let tries = 0; tries < 2000 && !fs.readdirSync(dir).some((name) => name.endsWith(".partial")); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(fs.readdirSync(dir).some((name) => name.endsWith(".partial"))).toBe(true);
    child.kill(signal);
    expect(await exited).toBe(code);
    expect(fs.readdirSync(dir).sort()).toEqual(["in.csv"]);
  }, 120_000);
});

describe("CSV output neutralises what a spreadsheet would run", () => {
  test.each(["＝HYPERLINK(\"x\")", "＋1", "－1", "＠SUM(A1)", "\u00a0=1+1", "\n=1+1", "\u0000=1+1"])("%j gets the ' prefix", (text) => {
    const field = csvField(text);
    expect(field.replace(/^"/, "").startsWith("'")).toBe(true);
  });
});

describe("visibleText", () => {
  test("control characters, separators and bidirectional controls are shown escaped; other text unchanged", () => {
    expect(visibleText("MT\u001b[8m X\u0007\u0000\u009b\u202e\u2028\t\n\r")).toBe("MT\\x1B[8m X\\x07\\x00\\x9B\\u202E\\u2028\\t\\n\\r");
    expect(visibleText("Nordström 🚢 ＝ \\ plain")).toBe("Nordström 🚢 ＝ \\ plain");
  });
});
