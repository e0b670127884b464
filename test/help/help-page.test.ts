/** help.html: generated from functions.json and our help text, one entry per function, no more. */
import fs from "fs";
import path from "path";
import { readFunctionsMetadata } from "../support/bundle";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { renderHelpPage } = require("../../scripts/help-page.js") as {
  renderHelpPage: (metadata: unknown, docs?: Record<string, unknown>) => string;
};

const built = fs.readFileSync(path.resolve(__dirname, "../../dist/help.html"), "utf8");
const metadata = readFunctionsMetadata();

describe("help.html", () => {
  test("has an anchor for every function's @helpurl, and no section for anything else", () => {
    const anchors = [...built.matchAll(/<section[^>]*\bid="?([A-Z_]+)"?/g)].map((m) => m[1]).sort();
    expect(anchors).toEqual(metadata.functions.map((f) => f.id).sort());
    for (const fn of metadata.functions) expect(fn.helpUrl).toMatch(new RegExp(`help\\.html#${fn.id}$`));
  });

  test("each entry shows the signature, arguments, a worked example, errors and the clause", () => {
    const html = renderHelpPage(metadata);
    const total = html.slice(html.indexOf('id="HUDSON_TOTAL"'), html.indexOf('id="HUDSON_QUOTE"'));
    expect(total).toContain("NYPILOT.HUDSON_TOTAL(units, section, date, [hours], [relieved_at_midriver], [anchored_8_hours], [board_fees], [board_surcharge])");
    expect(total).toContain("<code>board_fees</code> (optional)");
    expect(total).toContain("returns <strong>10244.09</strong>");
    expect(total).toContain("Authority: § 89-a(4)(b)(1), (1-a), (1-c)");
    expect(total).toContain("<code>#N/A</code>");
  });

  test("a function without help, or help without a function, fails the build", () => {
    const docs = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../src/help/function-docs.json"), "utf8"));
    delete docs.HUDSON_CLAUSE;
    expect(() => renderHelpPage(metadata, docs)).toThrow(/functions without help: \[HUDSON_CLAUSE\]/);
    const extra = { ...JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../src/help/function-docs.json"), "utf8")), HUDSON_NOTHING: {} };
    expect(() => renderHelpPage(metadata, extra)).toThrow(/help for no function: \[HUDSON_NOTHING\]/);
  });

  test("text is escaped and the page runs no script", () => {
    const html = renderHelpPage(metadata);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("script-src 'none'");
    // The example formula's quotes are escaped, not raw HTML.
    expect(html).toContain("=NYPILOT.HUDSON_BASE_FEE(271.43, &quot;Upper&quot;, &quot;2026-06-15&quot;)");
  });
});

describe("README", () => {
  const readme = fs.readFileSync(path.resolve(__dirname, "../../README.md"), "utf8");

  test("lists every function with its example", () => {
    const docs = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../src/help/function-docs.json"), "utf8")) as Record<string, { example: { formula: string } }>;
    for (const fn of metadata.functions) {
      expect(readme).toContain(`NYPILOT.${fn.name}(`);
      expect(readme).toContain(docs[fn.id].example.formula);
    }
  });

  test("shows the test command and the two quick-start commands", () => {
    const quickStart = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("## Worked example"));
    const commands = quickStart.match(/```sh\n([\s\S]*?)```/)?.[1].trim().split("\n") ?? [];
    expect(commands).toHaveLength(2);
    expect(commands[1]).toBe("npm test");
  });
});
