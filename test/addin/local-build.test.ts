/**
 * One webpack build with both switches — a production host (--env host=) and office.js served
 * from the build (--env officeJs=local) — written to a temp dir, never to dist/. Then the page is
 * opened standalone in the tests' Chromium (test/support/browser.ts: the npm-pinned one, or
 * CHROMIUM_PATH): office.js must report no host, and the page must ask for nothing outside the build.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions, closeServer, serveDirectory } from "../support/browser";

const ROOT = path.resolve(__dirname, "..", "..");
const HOST = "https://addins.example.com/hudson";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { manifestForHost } = require("../../scripts/manifest-for-host.js") as { manifestForHost(xml: string, host: string): string };

const out = fs.mkdtempSync(path.join(os.tmpdir(), "nypilot-local-build-"));
let build: ReturnType<typeof spawnSync>;

beforeAll(() => {
  const webpackCli = require.resolve("webpack-cli/bin/cli.js");
  build = spawnSync(
    process.execPath,
    [webpackCli, "--mode", "production", "--env", `host=${HOST}`, "--env", "officeJs=local", "--env", `outDir=${out}`],
    { cwd: ROOT, encoding: "utf8", env: { ...process.env, ADDIN_HOST: "", OFFICE_JS: "" } },
  );
}, 120_000);

afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

test("compiles without warnings", () => {
  expect(build.stderr).toBe("");
  expect(build.status).toBe(0);
  expect(String(build.stdout)).toMatch(/compiled successfully/);
  expect(String(build.stdout)).not.toMatch(/WARNING/);
});

test("writes manifest.prod.xml for the host and points the help links there", () => {
  const manifestXml = fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
  expect(fs.readFileSync(path.join(out, "manifest.prod.xml"), "utf8")).toBe(manifestForHost(manifestXml, HOST));
  expect(fs.readFileSync(path.join(out, "manifest.xml"), "utf8")).toBe(manifestXml);
  const metadata = JSON.parse(fs.readFileSync(path.join(out, "functions.json"), "utf8")) as { functions: { id: string; helpUrl?: string }[] };
  for (const fn of metadata.functions) expect({ id: fn.id, helpUrl: fn.helpUrl }).toEqual({ id: fn.id, helpUrl: `${HOST}/help.html#${fn.id}` });
});

test("serves Microsoft's office.js from the build, unmodified, and allows no script host but itself", () => {
  for (const file of ["office.js", "o15apptofilemappingtable.js"]) {
    const copied = fs.readFileSync(path.join(out, "office-js", file));
    expect(copied.equals(fs.readFileSync(require.resolve(`@microsoft/office-js/dist/${file}`)))).toBe(true);
  }
  const html = fs.readFileSync(path.join(out, "taskpane.html"), "utf8");
  expect([...html.matchAll(/<script\b[^>]*\bsrc=([^\s>]+)/g)].map((m) => m[1].replace(/["']/g, ""))).toEqual([
    "office-js/office.js",
    "functions.js",
    "taskpane.js",
  ]);
  expect(html).not.toContain("appsforoffice.microsoft.com");
  expect(html).toMatch(/script-src 'self';/);
});

test("opened standalone in Chromium: office.js reports no host and nothing leaves the local server", async () => {
  const launchOptions = chromiumLaunchOptions();
  const { server, origin } = await serveDirectory(out);
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage();
    const requests: string[] = [];
    const pageErrors: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`${origin}/taskpane.html`);
    await page.waitForFunction(() => document.getElementById("status")?.textContent !== "Loading…");
    expect(await page.textContent("#status")).toBe("Running outside Office, as a standalone calculator.");
    expect(await page.evaluate(() => typeof (globalThis as { CustomFunctions?: unknown }).CustomFunctions)).toBe("object");
    expect(pageErrors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    expect(requests.map((url) => url.slice(origin.length))).toEqual(
      expect.arrayContaining(["/taskpane.html", "/office-js/office.js", "/functions.js", "/taskpane.js"]),
    );
  } finally {
    await browser.close();
    await closeServer(server);
  }
});
