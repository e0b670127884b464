/**
 * What the task pane's browser tests share: the add-in built with the local office.js into a temp
 * dir, a static server for it on 127.0.0.1, and Debian's Chromium (playwright-core,
 * /usr/bin/chromium; CI installs it) launched headless with no background networking, so that
 * every request the page makes can be checked to stay on the local server.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import http from "http";
import os from "os";
import path from "path";
import { AddressInfo } from "net";
import { BrowserContext, chromium, Page } from "playwright-core";

export const ROOT = path.resolve(__dirname, "..", "..");
export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".png": "image/png",
  ".xml": "application/xml",
};
export const JS_TYPE = TYPES[".js"];

/** The local-office.js build (npm run build:addin:local) into `out`, so no other test's files are touched. */
function buildLocalAddin(out: string): void {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`);
  const build = spawnSync(process.execPath, [require.resolve("webpack-cli/bin/cli.js"), "--mode", "production", "--env", "officeJs=local", "--env", `outDir=${out}`], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ADDIN_HOST: "", OFFICE_JS: "" },
  });
  if (build.status !== 0) throw new Error(`webpack failed:\n${build.stdout}\n${build.stderr}`);
}

/** Serves the files under `root` (and the test-only scripts of `extra`, by path) from 127.0.0.1. */
/** Serves a folder on 127.0.0.1 (and `extra` scripts at their paths), nothing outside it. */
export async function serveDirectory(root: string, extra: Record<string, string> = {}): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer((request, response) => {
    const script = extra[request.url ?? ""];
    if (script !== undefined) {
      response.writeHead(200, { "Content-Type": JS_TYPE }).end(script);
      return;
    }
    const file = path.join(root, decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname));
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export function closeServer(server: http.Server | undefined): Promise<unknown> {
  return new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
}

/** Headless Chromium with a fresh profile, 320 px wide (the narrowest task pane). */
function launchChromium(profile: string, options: { downloadsPath?: string } = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    viewport: { width: 320, height: 900 },
    acceptDownloads: options.downloadsPath !== undefined,
    downloadsPath: options.downloadsPath,
  });
}

/** Whether a request the page made went to the local server (or is one of its blobs). */
function isLocalRequest(origin: string, url: string): boolean {
  return url.startsWith(`${origin}/`) || url.startsWith(`blob:${origin}/`);
}

/** Waits (up to 15 s, for a loaded CI machine) for the element's text to be exactly `text`, then checks it. */
export async function expectText(page: Page, selector: string, text: string): Promise<void> {
  await page
    .waitForFunction(([s, t]) => document.querySelector(s)?.textContent === t, [selector, text] as const, { timeout: 15_000 })
    .catch(() => undefined);
  expect(await page.textContent(selector)).toBe(text);
}

/** A built add-in served locally and a Chromium page on it, with every request and error the page made. */
export interface AddinBrowser {
  readonly origin: string;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every URL requested, in order. */
  readonly requests: string[];
  /** Uncaught exceptions, and messages logged to the console as errors. */
  readonly pageErrors: string[];
  readonly consoleErrors: string[];
  close(): Promise<void>;
}

/**
 * Builds the add-in into a new temp dir, serves it (with the test-only scripts of `extraScripts`),
 * and opens Chromium on a fresh profile there; close() removes all of it.
 */
export async function startAddinBrowser(options: { extraScripts?: Record<string, string>; downloads?: boolean } = {}): Promise<AddinBrowser> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "nypilot-taskpane-"));
  let server: http.Server | undefined;
  let context: BrowserContext | undefined;
  const close = async () => {
    await context?.close();
    await closeServer(server);
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    const out = path.join(work, "build");
    buildLocalAddin(out);
    const served = await serveDirectory(out, options.extraScripts);
    server = served.server;
    context = await launchChromium(path.join(work, "profile"), options.downloads ? { downloadsPath: path.join(work, "downloads") } : {});
    const requests: string[] = [];
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    context.on("request", (request) => requests.push(request.url()));
    const page = context.pages()[0] ?? (await context.newPage());
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (entry) => {
      if (entry.type() === "error") consoleErrors.push(entry.text());
    });
    return { origin: served.origin, context, page, requests, pageErrors, consoleErrors, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** No request left the local server, and the page's own files were all loaded from it. */
export function expectOnlyLocalRequests(session: AddinBrowser): void {
  const { origin, requests } = session;
  expect(requests.filter((url) => !isLocalRequest(origin, url))).toEqual([]);
  expect(requests.map((url) => url.replace(origin, ""))).toEqual(expect.arrayContaining(["/taskpane.html", "/office-js/office.js", "/functions.js", "/taskpane.js", "/taskpane.css"]));
}
