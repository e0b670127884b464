/**
 * The production-host switch: scripts/manifest-for-host.js (the build's ADDIN_HOST / --env host=
 * uses the same functions; test/addin/local-build.test.ts builds with it).
 */
import { spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";
import { wellFormednessErrors } from "../support/xml";

const ROOT = path.resolve(__dirname, "..", "..");
const SCRIPT = path.join(ROOT, "scripts", "manifest-for-host.js");
const DEV = "https://localhost:3000";
const HOST = "https://addins.example.com/hudson";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const hostSwitch = require("../../scripts/manifest-for-host.js") as {
  DEV_ORIGIN: string;
  normalizeHost(host: string): string;
  manifestForHost(xml: string, host: string): string;
  functionsJsonForHost(json: string, host: string): string;
};

const manifestXml = fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8");

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nypilot-host-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});


describe("normalizeHost", () => {
  test("keeps an https origin and path, without a trailing slash", () => {
    expect(hostSwitch.normalizeHost("https://addins.example.com/hudson/")).toBe(HOST);
    expect(hostSwitch.normalizeHost("https://addins.example.com")).toBe("https://addins.example.com");
    expect(hostSwitch.normalizeHost("https://Addins.Example.com:8443/a/b")).toBe("https://addins.example.com:8443/a/b");
  });

  test("refuses what Office could not load or what would break the URLs", () => {
    expect(() => hostSwitch.normalizeHost("http://addins.example.com")).toThrow(/https/);
    expect(() => hostSwitch.normalizeHost("addins.example.com")).toThrow(/not a URL/);
    expect(() => hostSwitch.normalizeHost("https://addins.example.com/?v=2")).toThrow(/query/);
    expect(() => hostSwitch.normalizeHost("https://addins.example.com/#top")).toThrow(/fragment/);
    expect(() => hostSwitch.normalizeHost("https://user:secret@addins.example.com")).toThrow(/credentials/);
  });
});

describe("manifestForHost", () => {
  const production = hostSwitch.manifestForHost(manifestXml, HOST);

  test("moves every development URL to the host and changes nothing else", () => {
    const devUrls = count(manifestXml, DEV);
    expect(devUrls).toBeGreaterThan(10);
    expect(count(production, HOST)).toBe(devUrls);
    expect(production).not.toMatch(/localhost/i);
    expect(production.split(HOST).join(DEV)).toBe(manifestXml);
  });

  test("keeps the help link, task pane and function files on the host", () => {
    for (const file of ["taskpane.html", "functions.js", "functions.json", "help.html", "assets/icon-80.png"]) {
      expect(production).toContain(`"${HOST}/${file}"`);
    }
    expect(production).toContain(`<AppDomain>${HOST}</AppDomain>`);
  });

  test("refuses a manifest with no development URL to replace", () => {
    expect(() => hostSwitch.manifestForHost("<OfficeApp/>", HOST)).toThrow(/no https:\/\/localhost:3000/);
  });
});

describe("functionsJsonForHost", () => {
  test("points each help link at the host", () => {
    const json = JSON.stringify({ functions: [{ id: "X", helpUrl: `${DEV}/help.html#X` }, { id: "Y" }] });
    expect(JSON.parse(hostSwitch.functionsJsonForHost(json, HOST))).toEqual({
      functions: [{ id: "X", helpUrl: `${HOST}/help.html#X` }, { id: "Y" }],
    });
  });
});

describe("node scripts/manifest-for-host.js", () => {
  test("writes manifest.prod.xml and rewrites the help links of an existing build", async () => {
    const dist = tempDir();
    fs.writeFileSync(path.join(dist, "functions.json"), JSON.stringify({ functions: [{ id: "VERSION", helpUrl: `${DEV}/help.html#VERSION` }] }));
    const run = spawnSync(process.execPath, [SCRIPT, `${HOST}/`, "--dist", dist], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const written = fs.readFileSync(path.join(dist, "manifest.prod.xml"), "utf8");
    expect(written).toBe(hostSwitch.manifestForHost(manifestXml, HOST));
    expect(await wellFormednessErrors(written, "manifest.prod.xml")).toEqual([]);
    expect(JSON.parse(fs.readFileSync(path.join(dist, "functions.json"), "utf8")).functions[0].helpUrl).toBe(`${HOST}/help.html#VERSION`);
  });

  test("says what is wrong with a bad host and exits 1; without a host prints usage and exits 2", () => {
    const dist = tempDir();
    const bad = spawnSync(process.execPath, [SCRIPT, "http://addins.example.com", "--dist", dist], { encoding: "utf8" });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/must use https/);
    expect(fs.existsSync(path.join(dist, "manifest.prod.xml"))).toBe(false);
    const none = spawnSync(process.execPath, [SCRIPT], { encoding: "utf8" });
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^Usage:/);
  });
});
