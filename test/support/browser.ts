/**
 * What the task pane's browser tests share: the add-in built with the local office.js into a temp
 * dir, a static server for it on 127.0.0.1, and a Chromium (playwright-core) launched headless with
 * no background networking, so that every request the page makes can be checked to stay on the
 * local server.
 *
 * Which Chromium: CHROMIUM_PATH when set; else, on Linux x64, the one pinned in devDependencies
 * (@sparticuz/chromium ships the binary and the NSS libraries it links inside the npm package, so
 * `npm ci` alone brings the same browser to every machine); elsewhere a system Chromium or Chrome.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import http from "http";
import os from "os";
import path from "path";
import { AddressInfo } from "net";
import { BrowserContext, chromium, LaunchOptions, Page } from "playwright-core";

export const ROOT = path.resolve(__dirname, "..", "..");

/** A Chromium binary to launch, the environment it needs, and where it came from (for messages). */
export interface ChromiumBinary {
  readonly executablePath: string;
  readonly env: Record<string, string>;
  readonly source: string;
}

const NPM_CHROMIUM = path.join(ROOT, "node_modules", "@sparticuz", "chromium");
const SYSTEM_CHROMIUMS: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable", "/snap/bin/chromium"],
  darwin: ["/Applications/Chromium.app/Contents/MacOS/Chromium", "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"],
  win32: [
    path.join(process.env.PROGRAMFILES ?? "C:\\Program Files", "Google", "Chrome", "Application", "chrome.exe"),
    path.join(process.env["PROGRAMFILES(X86)"] ?? "C:\\Program Files (x86)", "Google", "Chrome", "Application", "chrome.exe"),
  ],
};

/**
 * Unpacks the npm package's brotli archives once per package version into node_modules/.cache.
 * The package itself unpacks into os.tmpdir(), shared by every checkout and every jest worker on
 * the machine and reused whatever version wrote it; so it runs in a child with TMPDIR pointing to a
 * fresh staging dir, which is then renamed into place in one step (a worker that loses the race
 * uses the winner's copy).
 */
function unpackNpmChromium(): ChromiumBinary {
  const version = (JSON.parse(fs.readFileSync(path.join(NPM_CHROMIUM, "package.json"), "utf8")) as { version: string }).version;
  const cacheRoot = path.join(ROOT, "node_modules", ".cache", "hudson-pilotage-chromium");
  const target = path.join(cacheRoot, version);
  const binary: ChromiumBinary = {
    executablePath: path.join(target, "chromium"),
    // The binary links NSS, NSPR and expat; the package's Amazon Linux copies (al2023.tar.br) serve
    // on any glibc Linux, so the tests do not depend on the system having them.
    env: { LD_LIBRARY_PATH: [path.join(target, "al2023", "lib"), process.env.LD_LIBRARY_PATH].filter(Boolean).join(":") },
    source: `@sparticuz/chromium ${version} (npm devDependency)`,
  };
  if (fs.existsSync(binary.executablePath)) return binary;
  fs.mkdirSync(cacheRoot, { recursive: true });
  const staging = fs.mkdtempSync(path.join(cacheRoot, `.${version}-`));
  const script = [
    "import chromium, { inflate } from '@sparticuz/chromium';",
    "import { join } from 'node:path';",
    "await chromium.executablePath();",
    `await inflate(join(${JSON.stringify(path.join(NPM_CHROMIUM, "bin"))}, 'al2023.tar.br'));`,
  ].join("\n");
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8", env: { ...process.env, TMPDIR: staging } });
  if (run.status !== 0 || !fs.existsSync(path.join(staging, "chromium"))) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`could not unpack ${binary.source}: ${run.stderr || run.error?.message}. Run npm ci, or set CHROMIUM_PATH to a Chromium binary.`);
  }
  try {
    fs.renameSync(staging, target);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(binary.executablePath)) throw error;
  }
  return binary;
}

/** Which Chromium to use on this platform with these environment variables (see the header comment). */
export function chooseChromium(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, arch: string = process.arch): ChromiumBinary {
  const override = env.CHROMIUM_PATH;
  if (override) {
    if (!fs.existsSync(override)) throw new Error(`CHROMIUM_PATH=${override}: no such file. Unset it to use the npm-pinned Chromium.`);
    return { executablePath: override, env: {}, source: "CHROMIUM_PATH" };
  }
  if (platform === "linux" && arch === "x64" && fs.existsSync(NPM_CHROMIUM)) return unpackNpmChromium();
  const candidates = SYSTEM_CHROMIUMS[platform] ?? [];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      `no Chromium for ${platform}-${arch}: the npm-pinned one runs on Linux x64 only, and none of ${candidates.join(", ") || "(no known paths)"} exists. Install Chromium or Chrome, or set CHROMIUM_PATH.`,
    );
  }
  return { executablePath: found, env: {}, source: `system (${found})` };
}

let chosen: ChromiumBinary | undefined;

/** The Chromium the browser tests launch, chosen once per test file. */
export function chromiumBinary(): ChromiumBinary {
  return (chosen ??= chooseChromium());
}

/** Launch options for that Chromium: headless, no sandbox (CI runs as root), its libraries found. */
export function chromiumLaunchOptions(): LaunchOptions {
  const binary = chromiumBinary();
  return {
    executablePath: binary.executablePath,
    headless: true,
    env: { ...process.env, ...binary.env } as Record<string, string>,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  };
}

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
  chromiumBinary(); // fail before the build when there is no browser to test with
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
    ...chromiumLaunchOptions(),
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
