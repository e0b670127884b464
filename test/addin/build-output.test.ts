/**
 * What `npm run build` puts in dist/ for Office: the shared-runtime page with Microsoft's CDN
 * office.js and a strict Content-Security-Policy, bundles without eval, and the files the
 * manifest names. Needs `npm run build` first.
 */
import fs from "fs";
import path from "path";

const ROOT = path.resolve(__dirname, "..", "..");
const DIST = path.join(ROOT, "dist");
const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";

function read(file: string): string {
  return fs.readFileSync(path.join(DIST, file), "utf8");
}

/** The <script> tags of an HTML page: src (if any) and the text between the tags. */
function scripts(html: string): { src?: string; body: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((match) => {
    const src = /\bsrc=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(match[1]);
    return { src: src ? (src[1] ?? src[2] ?? src[3]) : undefined, body: match[2] };
  });
}

/** The Content-Security-Policy meta tag's directives, by name. */
function contentSecurityPolicy(html: string): Map<string, string[]> {
  const meta = /<meta\s+http-equiv=["']?Content-Security-Policy["']?\s+content="([^"]*)"/i.exec(html);
  if (!meta) throw new Error("no Content-Security-Policy meta tag");
  return new Map(
    meta[1]
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0] !== "")
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe("dist/taskpane.html (production build)", () => {
  const html = read("taskpane.html");

  test("loads Microsoft's CDN office.js first, then functions.js and taskpane.js (shared runtime)", () => {
    expect(scripts(html).map((s) => s.src)).toEqual([OFFICE_JS_CDN, "functions.js", "taskpane.js"]);
  });

  test("has no inline script and no inline event handlers", () => {
    expect(scripts(html).filter((s) => s.src === undefined || s.body.trim() !== "")).toEqual([]);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  test("its Content-Security-Policy allows scripts from itself and the office.js host only, styles from itself only, no eval, no connections out", () => {
    const csp = contentSecurityPolicy(html);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'", "https://appsforoffice.microsoft.com"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    const everySource = [...csp.values()].flat();
    expect(everySource).not.toContain("'unsafe-eval'");
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    // No inline style either (issue 34): the stylesheet is a file.
    expect(csp.get("style-src")).toEqual(["'self'"]);
  });
});

describe("dist bundles and metadata", () => {
  test("no bundle uses eval or the Function constructor, and none carries an eval source map", () => {
    for (const file of ["functions.js", "taskpane.js"]) {
      const code = read(file);
      expect({ file, eval: /\beval\s*\(/.test(code), functionConstructor: /\bnew\s+Function\s*\(|\bFunction\s*\(\s*["'`]/.test(code) }).toEqual({
        file,
        eval: false,
        functionConstructor: false,
      });
      expect(code).not.toContain("sourceURL=webpack://");
    }
  });

  test("development builds use separate source maps, never eval-based ones", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const makeConfig = require("../../webpack.config.js") as (env: object, argv: object) => { devtool: string | false };
    for (const mode of ["development", "production"]) {
      const devtool = makeConfig({}, { mode }).devtool;
      expect({ mode, devtool: String(devtool), eval: String(devtool).includes("eval") }).toEqual({ mode, devtool: String(devtool), eval: false });
    }
  });

  test("functions.json lets the functions take and return cell values (formatted numbers, the quote card's entity)", () => {
    const metadata = JSON.parse(read("functions.json")) as { allowCustomDataForDataTypeAny?: boolean; functions: unknown[] };
    expect(metadata.allowCustomDataForDataTypeAny).toBe(true);
    expect(metadata.functions.length).toBeGreaterThan(0);
  });

  test("the manifest and the icons are copied unchanged; help.html is there with its own CSP", () => {
    expect(read("manifest.xml")).toBe(fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8"));
    for (const icon of fs.readdirSync(path.join(ROOT, "assets"))) {
      expect(fs.readFileSync(path.join(DIST, "assets", icon))).toEqual(fs.readFileSync(path.join(ROOT, "assets", icon)));
    }
    const help = read("help.html");
    expect(scripts(help).filter((s) => s.src === undefined)).toEqual([]);
    // help.html is static: it runs no script at all.
    expect(contentSecurityPolicy(help).get("script-src")).toEqual(["'none'"]);
  });

  test("the production build holds no development-only files", () => {
    const files = fs.readdirSync(DIST);
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
    expect(files).not.toContain("office-js");
  });
});
