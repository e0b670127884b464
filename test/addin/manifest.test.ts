/**
 * manifest.xml, checked offline. Microsoft's validator (npm run validate) needs a network, so this
 * test checks what it can here: libxml2 (xmllint-wasm) says the XML is well-formed, and a structural walk checks
 * the rules Office enforces on an add-in-only manifest with a shared runtime and custom functions.
 * Needs `npm run build` first (URLs are matched against the files in dist/).
 */
import { spawnSync } from "child_process";
import fs from "fs";
import path from "path";
import { ancestry, child, descendants, findAll, findOne, parseXml, wellFormednessErrors, XmlElement } from "../support/xml";

const ROOT = path.resolve(__dirname, "..", "..");
const MANIFEST = path.join(ROOT, "manifest.xml");
const DIST = path.join(ROOT, "dist");
const DEV_ORIGIN = "https://localhost:3000";
const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };

const manifest = parseXml(fs.readFileSync(MANIFEST, "utf8"));
const versionOverrides = child(manifest, "VersionOverrides");
const resources = child(versionOverrides, "Resources");

type ResourceKind = "Images" | "Urls" | "ShortStrings" | "LongStrings";

function resourceTable(kind: ResourceKind): Map<string, string> {
  const table = new Map<string, string>();
  for (const entry of child(resources, kind).children) {
    const id = entry.attributes.id;
    if (table.has(id)) throw new Error(`resource id ${id} is defined twice in ${kind}`);
    table.set(id, entry.attributes.DefaultValue);
  }
  return table;
}

const TABLES: Record<ResourceKind, Map<string, string>> = {
  Images: resourceTable("Images"),
  Urls: resourceTable("Urls"),
  ShortStrings: resourceTable("ShortStrings"),
  LongStrings: resourceTable("LongStrings"),
};

/** Which resource table an element's resid must point into. */
function expectedKind(element: XmlElement): ResourceKind {
  switch (element.localName) {
    case "Image":
      return "Images";
    case "SourceLocation":
    case "Runtime":
    case "FunctionFile":
    case "LearnMoreUrl":
      return "Urls";
    case "Namespace":
    case "Label":
    case "Title":
      return "ShortStrings";
    case "Description":
      return "LongStrings";
    default:
      throw new Error(`no rule for a resid on <${element.name}> (${ancestry(element).join(" < ")})`);
  }
}

const residElements = descendants(versionOverrides).filter((e) => "resid" in e.attributes);

function resolve(element: XmlElement): string {
  const value = TABLES[expectedKind(element)].get(element.attributes.resid);
  if (value === undefined) throw new Error(`resid ${element.attributes.resid} on <${element.name}> is not defined`);
  return value;
}

function pngSize(file: string): { width: number; height: number } {
  const png = fs.readFileSync(file);
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString("ascii", 12, 16)).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The file in the repository (assets/…) that a development URL serves. */
function sourceFileFor(url: string): string {
  return path.join(ROOT, new URL(url).pathname);
}

describe("manifest.xml", () => {
  test("is well-formed XML (libxml2's xmllint --noout, as WebAssembly)", async () => {
    expect(await wellFormednessErrors(fs.readFileSync(MANIFEST, "utf8"), "manifest.xml")).toEqual([]);
  });

  test("the well-formedness check can fail: a tag closed out of order and an undefined entity are named with their line", async () => {
    expect(await wellFormednessErrors("<a>\n<b></a>", "broken.xml")).toEqual(expect.arrayContaining([expect.stringMatching(/^broken\.xml:2: parser error : Opening and ending tag mismatch: b line 2 and a/)]));
    expect(await wellFormednessErrors("<a>&nope;</a>", "entity.xml")).toEqual(expect.arrayContaining([expect.stringMatching(/Entity 'nope' not defined/)]));
  });

  test("is an add-in-only task-pane manifest for Excel, base elements in schema order", () => {
    expect(manifest.localName).toBe("OfficeApp");
    expect(manifest.attributes.xmlns).toBe("http://schemas.microsoft.com/office/appforoffice/1.1");
    expect(manifest.attributes["xsi:type"]).toBe("TaskPaneApp");
    expect(manifest.children.map((e) => e.localName)).toEqual([
      "Id",
      "Version",
      "ProviderName",
      "DefaultLocale",
      "DisplayName",
      "Description",
      "IconUrl",
      "HighResolutionIconUrl",
      "SupportUrl",
      "AppDomains",
      "Hosts",
      "Requirements",
      "DefaultSettings",
      "Permissions",
      "VersionOverrides",
    ]);
    expect(child(manifest, "Hosts").children.map((h) => h.attributes.Name)).toEqual(["Workbook"]);
    expect(child(manifest, "Permissions").text).toBe("ReadWriteDocument");
    // Task-pane add-ins support VersionOverrides 1.0 only (1.1 is Outlook's).
    expect(versionOverrides.attributes.xmlns).toBe("http://schemas.microsoft.com/office/taskpaneappversionoverrides");
    expect(versionOverrides.attributes["xsi:type"]).toBe("VersionOverridesV1_0");
    const hosts = child(versionOverrides, "Hosts").children;
    expect(hosts.map((h) => h.attributes["xsi:type"])).toEqual(["Workbook"]);
  });

  test("Id is a GUID and Version is package.json's version", () => {
    expect(child(manifest, "Id").text).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    expect(child(manifest, "Version").text).toBe(`${packageJson.version}.0`);
  });

  test("every resid resolves to a resource of the right kind, and every resource is used", () => {
    expect(residElements.length).toBeGreaterThan(0);
    const used = new Set<string>();
    for (const element of residElements) {
      const kind = expectedKind(element);
      expect({ resid: element.attributes.resid, kind, defined: TABLES[kind].has(element.attributes.resid) }).toEqual({
        resid: element.attributes.resid,
        kind,
        defined: true,
      });
      used.add(`${kind}:${element.attributes.resid}`);
    }
    const defined = Object.entries(TABLES).flatMap(([kind, table]) => [...table.keys()].map((id) => `${kind}:${id}`));
    expect(defined.filter((id) => !used.has(id))).toEqual([]);
  });

  test("ids and resids have at most 32 characters; strings fit Office's limits", () => {
    const ids = descendants(manifest).flatMap((e) => [e.attributes.id, e.attributes.resid].filter((v): v is string => v !== undefined));
    expect(ids.filter((id) => id.length > 32)).toEqual([]);
    expect(ids.filter((id) => !/^[A-Za-z][A-Za-z0-9._-]*$/.test(id))).toEqual([]);
    expect([...TABLES.ShortStrings.values()].filter((s) => s.length === 0 || s.length > 125)).toEqual([]);
    expect([...TABLES.LongStrings.values()].filter((s) => s.length === 0 || s.length > 250)).toEqual([]);
    expect(child(manifest, "DisplayName").attributes.DefaultValue.length).toBeLessThanOrEqual(125);
    expect(child(manifest, "Description").attributes.DefaultValue.length).toBeLessThanOrEqual(250);
  });

  test("requires the shared runtime and the CustomFunctionsRuntime that CustomFunctions.Error needs", () => {
    const sets = new Map(findAll(child(manifest, "Requirements"), "Set").map((s) => [s.attributes.Name, s.attributes.MinVersion]));
    expect(sets.get("SharedRuntime")).toBe("1.1");
    // CustomFunctions.Error is in 1.2; @types/custom-functions-runtime dates its ErrorCode values to 1.3.
    expect(sets.get("CustomFunctionsRuntime")).toBe("1.3");
  });

  test("one shared runtime: Runtime, Page, FunctionFile and the task pane button load the same page", () => {
    const runtimes = findAll(versionOverrides, "Runtime");
    expect(runtimes).toHaveLength(1);
    const [runtime] = runtimes;
    expect(runtime.attributes.lifetime).toBe("long");
    const page = child(findOne(versionOverrides, "Page"), "SourceLocation");
    const functionFile = findOne(versionOverrides, "FunctionFile");
    const taskpaneAction = findAll(versionOverrides, "Action").find((a) => a.attributes["xsi:type"] === "ShowTaskpane");
    expect(taskpaneAction).toBeDefined();
    const shared = [runtime, page, functionFile, child(taskpaneAction!, "SourceLocation")].map((e) => e.attributes.resid);
    expect(new Set(shared).size).toBe(1);
    expect(TABLES.Urls.get(shared[0])).toBe(`${DEV_ORIGIN}/taskpane.html`);
    expect(child(findOne(manifest, "DefaultSettings"), "SourceLocation").attributes.DefaultValue).toBe(`${DEV_ORIGIN}/taskpane.html`);
  });

  test("custom functions: namespace NYPILOT, script functions.js, metadata functions.json", () => {
    const extension = findAll(versionOverrides, "ExtensionPoint").filter((e) => e.attributes["xsi:type"] === "CustomFunctions");
    expect(extension).toHaveLength(1);
    expect(ancestry(extension[0]).slice(1, 3)).toEqual(["AllFormFactors", "Host"]);
    expect(resolve(child(extension[0], "Namespace"))).toBe("NYPILOT");
    expect(resolve(child(child(extension[0], "Script"), "SourceLocation"))).toBe(`${DEV_ORIGIN}/functions.js`);
    expect(resolve(child(child(extension[0], "Metadata"), "SourceLocation"))).toBe(`${DEV_ORIGIN}/functions.json`);
  });

  test("a button in a group on the Home tab opens the task pane", () => {
    const surface = findAll(versionOverrides, "ExtensionPoint").filter((e) => e.attributes["xsi:type"] === "PrimaryCommandSurface");
    expect(surface).toHaveLength(1);
    const tab = child(surface[0], "OfficeTab");
    expect(tab.attributes.id).toBe("TabHome");
    const buttons = findAll(tab, "Control").filter((c) => c.attributes["xsi:type"] === "Button");
    expect(buttons).toHaveLength(1);
    expect(child(buttons[0], "Action").attributes["xsi:type"]).toBe("ShowTaskpane");
    expect(resolve(child(buttons[0], "Label")).length).toBeGreaterThan(0);
    expect(resolve(child(child(buttons[0], "Supertip"), "Description")).length).toBeGreaterThan(0);
  });

  test("every URL is https on the development server and names a file the build emits", () => {
    const urls = [
      ...["IconUrl", "HighResolutionIconUrl", "SupportUrl"].map((name) => child(manifest, name).attributes.DefaultValue),
      child(child(manifest, "DefaultSettings"), "SourceLocation").attributes.DefaultValue,
      ...TABLES.Images.values(),
      ...TABLES.Urls.values(),
    ];
    // Every attribute or text that is a web address, except XML namespace names.
    const everyHttpValue = descendants(manifest).flatMap((e) =>
      [...Object.entries(e.attributes).filter(([name]) => name !== "xmlns" && !name.startsWith("xmlns:")).map(([, v]) => v), e.text].filter((v) =>
        /^https?:/i.test(v),
      ),
    );
    expect(everyHttpValue.length).toBeGreaterThan(10);
    expect(everyHttpValue.filter((v) => !v.startsWith("https://"))).toEqual([]);
    expect(findAll(manifest, "AppDomain").map((d) => d.text)).toEqual([DEV_ORIGIN]);
    for (const url of urls) {
      expect(url.startsWith(`${DEV_ORIGIN}/`)).toBe(true);
      const file = path.join(DIST, new URL(url).pathname);
      expect({ url, emitted: fs.existsSync(file) }).toEqual({ url, emitted: true });
    }
  });

  test("icons are PNGs of the sizes the manifest declares", () => {
    const declared: { url: string; size: number }[] = [
      { url: child(manifest, "IconUrl").attributes.DefaultValue, size: 32 },
      { url: child(manifest, "HighResolutionIconUrl").attributes.DefaultValue, size: 64 },
      ...findAll(versionOverrides, "Image")
        .filter((image) => image.attributes.size !== undefined)
        .map((image) => ({ url: resolve(image), size: Number(image.attributes.size) })),
    ];
    expect(new Set(declared.map((d) => d.size))).toEqual(new Set([16, 32, 64, 80]));
    for (const { url, size } of declared) {
      expect({ url, ...pngSize(sourceFileFor(url)) }).toEqual({ url, width: size, height: size });
      expect(fs.readFileSync(path.join(DIST, new URL(url).pathname))).toEqual(fs.readFileSync(sourceFileFor(url)));
    }
  });

  test("the committed icons are what scripts/make-icons.js draws", () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, "scripts", "make-icons.js"), "--check"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
