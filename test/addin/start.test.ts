/**
 * npm start / npm stop (scripts/start.js, scripts/stop.js) without starting webpack: the port is
 * read from PORT and anything else refused; the certificate step and the upload menu path that
 * npm start prints are the README's, word for word; npm stop stops the process npm start noted in
 * its pid file, and only that one.
 */
import { spawn, spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";

const ROOT = path.resolve(__dirname, "..", "..");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const start = require("../../scripts/start.js") as {
  sideloadInstructions(platform: string, manifestPath?: string, origin?: string): string;
  certificateStep(origin: string, sudo?: boolean): string[];
  hasSudo(env: Record<string, string | undefined>): boolean;
  UPLOAD_MENU_PATH: string;
  portFrom(env: Record<string, string | undefined>): number;
  PID_FILE: string;
};
const README = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");

test("PORT chooses the port (default 3000); a PORT that is not one is refused with an example", () => {
  expect(start.portFrom({})).toBe(3000);
  expect(start.portFrom({ PORT: "3100" })).toBe(3100);
  for (const bad of ["0", "65536", "31OO", "-1", "3100.5"]) expect(() => start.portFrom({ PORT: bad })).toThrow(`PORT=${JSON.stringify(bad)} is not a port: give a whole number from 1 to 65535, e.g. PORT=3100 npm start.`);
});

test("the certificate step and the upload menu path are printed as the README states them", () => {
  const printed = start.sideloadInstructions("linux");
  const step = start.certificateStep("https://localhost:3000", true);
  // README: the step inside a code block, indented two spaces under its list item.
  expect(README).toContain(step.map((line) => `  ${line}`).join("\n"));
  expect(printed).toContain(start.certificateStep("https://localhost:3000").join("\n"));
  expect(README).toContain(start.UPLOAD_MENU_PATH);
  expect(printed).toContain(start.UPLOAD_MENU_PATH);
  // The old, different wording is gone from the README.
  expect(README).not.toContain("Insert → Add-ins → *Upload My Add-in*");
});

test("a machine without sudo is told the step without it, as the README says", () => {
  const withoutSudo = start.certificateStep("https://localhost:3000", false);
  expect(withoutSudo.join("\n")).not.toMatch(/sudo/);
  expect(withoutSudo[2]).toBe("  Linux (Debian/Ubuntu), as root: cp ~/.office-addin-dev-certs/ca.crt /usr/local/share/ca-certificates/office-addin-dev-ca.crt && update-ca-certificates");
  expect(README).toContain(withoutSudo[2].trim());
  // Found on PATH or not: an empty PATH has none; a folder holding an executable "sudo" has one.
  expect(start.hasSudo({ PATH: "" })).toBe(false);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "sudo-"));
  fs.writeFileSync(path.join(folder, "sudo"), "#!/bin/sh\n", { mode: 0o755 });
  expect(start.hasSudo({ PATH: folder })).toBe(true);
  fs.rmSync(folder, { recursive: true, force: true });
});

test("another port: every printed URL names it", () => {
  const printed = start.sideloadInstructions("linux", "manifest.port-3100.xml", "https://localhost:3100");
  expect(printed).toContain("serving https://localhost:3100");
  expect(printed).toContain("open https://localhost:3100/taskpane.html once");
  expect(printed).not.toContain("localhost:3000");
});

describe("npm stop", () => {
  // The test stands in for npm start by noting a process of its own in the pid file; the real file
  // is moved aside and put back so that a developer's running server is not touched.
  const aside = `${start.PID_FILE}.test-${process.pid}`;
  beforeAll(() => {
    if (fs.existsSync(start.PID_FILE)) fs.renameSync(start.PID_FILE, aside);
  });
  afterAll(() => {
    fs.rmSync(start.PID_FILE, { force: true });
    if (fs.existsSync(aside)) fs.renameSync(aside, start.PID_FILE);
  });

  test("with nothing started, says so and exits 0", () => {
    const out = spawnSync(process.execPath, [path.join(ROOT, "scripts", "stop.js")], { encoding: "utf8" });
    expect({ code: out.status, stdout: out.stdout, stderr: out.stderr }).toEqual({ code: 0, stdout: "npm stop: nothing started by npm start is running in this checkout.\n", stderr: "" });
  });

  test("stops the process in the pid file and removes the file", async () => {
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_, signal) => resolve(signal)));
    fs.writeFileSync(start.PID_FILE, `${child.pid}\n`);
    // Run asynchronously, so that this process reaps the stopped child (a zombie still answers kill 0).
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const stop = spawn(process.execPath, [path.join(ROOT, "scripts", "stop.js")]);
      let stdout = "";
      let stderr = "";
      stop.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      stop.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      stop.on("close", (code) => resolve({ code, stdout, stderr }));
    });
    expect(out.stderr).toBe("");
    expect(out.stdout).toBe(`npm stop: stopped npm start (process ${child.pid}).\n`);
    expect(out.code).toBe(0);
    expect(await exited).toBe("SIGTERM");
    expect(fs.existsSync(start.PID_FILE)).toBe(false);
  });

  test("package.json runs these scripts", () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect({ start: scripts.start, stop: scripts.stop }).toEqual({ start: "node scripts/start.js", stop: "node scripts/stop.js" });
  });
});
