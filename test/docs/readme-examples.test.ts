/**
 * Every fenced example of README.md, run as written, in document order, in one folder where
 * `hudson-pilotage` is installed (node_modules/hudson-pilotage is this checkout, built by npm test).
 *
 * What a block is, by the HTML comment on the line before its fence (invisible on GitHub), else by
 * its language:
 *   <!-- example: not run (why) -->         skipped; the reason is required
 *   <!-- example: file NAME -->             written as NAME in the folder before anything runs
 *   <!-- example: file NAME = repo/path -->  the repository's file copied as NAME; the block must show
 *                                           it (byte order mark and CRLF aside)
 *   <!-- example: output -->                what the runnable block before it prints on stdout
 *                                           (its last command's), compared line by line
 *   ```sh    each command (a `\` continues a line) run by /bin/sh; its exit code must be the one its
 *            comment names (`# … exit 3 …`), else 0. A pipeline stage whose program is not installed
 *            (jq) is left off with the stages after it, and what comes before it must still exit 0.
 *   ```js    a CommonJS file run by node (an ES module, .mjs, when it has an `import` statement)
 *   ```ts    type-checked and compiled with tsc under --strict, then run by node
 *   ```json  must parse
 * Any other block without a marker fails the test: an example nobody checks is the kind that rots.
 * Input files the README names without showing (invoices.csv, rates.csv, …) come from UNSHOWN_FILES.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const README = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");

/** The files the README's commands name but do not show, as the repository holds them. */
const UNSHOWN_FILES: Readonly<Record<string, string>> = {
  "invoices.csv": "docs/sample-invoices.csv",
  "rates.csv": "docs/sample-board-rates.csv",
  "board-rates.csv": "test/fixtures/invoices/board-rates.csv",
  "calls.csv": "test/docs/readme-files/calls.csv",
};

export interface Block {
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  /** The marker's text after "example:", or null. */
  marker: string | null;
  body: string;
}

/** The fenced blocks of a Markdown text (fences may be indented under a list item). */
export function fencedBlocks(markdown: string): Block[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(```+)\s*([\w-]*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, language] = open;
    let end = i + 1;
    while (end < lines.length && lines[end].trim() !== fence) end++;
    let previous = i - 1;
    while (previous >= 0 && lines[previous].trim() === "") previous--;
    const marker = previous >= 0 ? /^\s*<!--\s*example:\s*(.*?)\s*-->\s*$/.exec(lines[previous]) : null;
    const body = lines
      .slice(i + 1, end)
      .map((text) => (text.startsWith(indent) ? text.slice(indent.length) : text.trimStart()))
      .join("\n");
    blocks.push({ line: i + 1, language, marker: marker ? marker[1] : null, body });
    i = end;
  }
  return blocks;
}

/** A shell line split at its unquoted `#` comment and unquoted `|` stages. */
function shellParts(line: string): { stages: string[]; comment: string } {
  const stages: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote !== null) {
      if (ch === "\\" && quote === '"') {
        current += ch + (line[i + 1] ?? "");
        i++;
        continue;
      }
      if (ch === quote) quote = null;
      current += ch;
    } else if (ch === "\\") {
      current += ch + (line[i + 1] ?? "");
      i++;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      current += ch;
    } else if (ch === "#" && (i === 0 || /\s/.test(line[i - 1]))) {
      stages.push(current.trim());
      return { stages: stages.filter((stage) => stage !== ""), comment: line.slice(i + 1).trim() };
    } else if (ch === "|") {
      stages.push(current.trim());
      current = "";
    } else current += ch;
  }
  stages.push(current.trim());
  return { stages: stages.filter((stage) => stage !== ""), comment: "" };
}

export interface Command {
  stages: string[];
  expectedCode: number;
}

/** A `sh` block's commands: continuation lines joined, comment-only lines skipped. */
export function shellCommands(body: string): Command[] {
  const logical: string[] = [];
  let pending = "";
  for (const text of body.split("\n")) {
    if (text.trimEnd().endsWith("\\")) {
      pending += text.trimEnd().slice(0, -1) + " ";
      continue;
    }
    logical.push(pending + text);
    pending = "";
  }
  return logical
    .filter((text) => text.trim() !== "" && !text.trim().startsWith("#"))
    .map((text) => {
      const { stages, comment } = shellParts(text);
      const code = /\bexit (\d+)\b/.exec(comment);
      return { stages, expectedCode: code ? Number(code[1]) : 0 };
    });
}

const installed = new Map<string, boolean>();
function isInstalled(program: string): boolean {
  if (!installed.has(program)) installed.set(program, spawnSync("/bin/sh", ["-c", `command -v ${program}`], { encoding: "utf8" }).status === 0);
  return installed.get(program) as boolean;
}

/** Same text, line ends and trailing blanks aside. */
const normalised = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .trim();

const blocks = fencedBlocks(README);
let folder = "";

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: folder, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false", NO_COLOR: "1" }, timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "readme-examples-"));
  fs.writeFileSync(path.join(folder, "package.json"), JSON.stringify({ name: "readme-examples", version: "1.0.0", private: true }));
  // The package as npm installs it: the checkout under node_modules, its binary under .bin.
  fs.mkdirSync(path.join(folder, "node_modules", ".bin"), { recursive: true });
  fs.symlinkSync(ROOT, path.join(folder, "node_modules", "hudson-pilotage"), "dir");
  fs.symlinkSync(path.join("..", "hudson-pilotage", "bin", "hudson-pilotage.js"), path.join(folder, "node_modules", ".bin", "hudson-pilotage"));
  for (const [name, source] of Object.entries(UNSHOWN_FILES)) fs.copyFileSync(path.join(ROOT, source), path.join(folder, name));
  for (const block of blocks) {
    const file = /^file\s+(\S+)(?:\s*=\s*(\S+))?$/.exec(block.marker ?? "");
    if (!file) continue;
    if (file[2]) fs.copyFileSync(path.join(ROOT, file[2]), path.join(folder, file[1]));
    else fs.writeFileSync(path.join(folder, file[1]), block.body + "\n");
  }
});

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

test("the README has examples, each of a kind this test runs or marked with why not", () => {
  const unknown = blocks.filter((block) => {
    const marker = block.marker ?? "";
    if (/^not run \(.+\)$/.test(marker) || /^file \S+/.test(marker) || marker === "output") return false;
    return block.marker !== null || !["sh", "js", "ts", "json"].includes(block.language);
  });
  expect(unknown.map((block) => `README.md:${block.line} \`\`\`${block.language} ${block.marker ?? "(no marker)"}`)).toEqual([]);
  expect(blocks.filter((block) => block.language === "sh" && block.marker === null).length).toBeGreaterThanOrEqual(3);
  expect(blocks.filter((block) => block.marker === "output").length).toBeGreaterThanOrEqual(3);
});

/** Each runnable block with the output blocks that follow it. */
const runnable: { block: Block; outputs: Block[] }[] = [];
for (const block of blocks) {
  if (block.marker === "output") {
    const last = runnable.at(-1);
    if (last === undefined) throw new Error(`README.md:${block.line}: an output with no example before it`);
    last.outputs.push(block);
  } else if (block.marker === null && ["sh", "js", "ts"].includes(block.language)) runnable.push({ block, outputs: [] });
}

describe.each(runnable.map((entry) => [`README.md:${entry.block.line} \`\`\`${entry.block.language}`, entry] as const))("%s", (_name, { block, outputs }) => {
  test("runs as written, with the exit codes and the output the README shows", () => {
    let stdout = "";
    if (block.language === "sh") {
      const commands = shellCommands(block.body);
      expect(commands.length).toBeGreaterThan(0);
      for (const command of commands) {
        const missing = command.stages.findIndex((stage) => !isInstalled(stage.split(/\s+/)[0]));
        const stages = missing < 0 ? command.stages : command.stages.slice(0, missing);
        expect(stages.join(" | ")).toMatch(/hudson-pilotage/);
        const result = run("/bin/sh", ["-c", stages.join(" | ")]);
        const expectedCode = missing < 0 ? command.expectedCode : 0;
        expect({ command: stages.join(" | "), code: result.code, stderr: result.code === expectedCode ? "" : result.stderr }).toEqual({ command: stages.join(" | "), code: expectedCode, stderr: "" });
        stdout = result.stdout;
      }
    } else if (block.language === "js") {
      const file = `example-${block.line}.${/^import\s/m.test(block.body) ? "mjs" : "cjs"}`;
      fs.writeFileSync(path.join(folder, file), block.body + "\n");
      const result = run(process.execPath, [file]);
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
      stdout = result.stdout;
    } else {
      const name = `example-${block.line}`;
      fs.writeFileSync(path.join(folder, `${name}.ts`), block.body + "\n");
      const config = {
        compilerOptions: { strict: true, module: "commonjs", moduleResolution: "node10", target: "ES2022", lib: ["ES2022"], types: ["node"], typeRoots: [path.join(ROOT, "node_modules", "@types")], outDir: "out" },
        files: [`${name}.ts`],
      };
      fs.writeFileSync(path.join(folder, `tsconfig.${name}.json`), JSON.stringify(config));
      const compiled = run(process.execPath, [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", `tsconfig.${name}.json`]);
      expect({ code: compiled.code, output: compiled.stdout + compiled.stderr }).toEqual({ code: 0, output: "" });
      const result = run(process.execPath, [path.join("out", `${name}.js`)]);
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
      stdout = result.stdout;
    }
    for (const output of outputs) expect(normalised(stdout)).toBe(normalised(output.body));
  }, 120_000);
});

for (const block of blocks) {
  const shown = /^file \S+\s*=\s*(\S+)$/.exec(block.marker ?? "");
  if (shown) {
    test(`README.md:${block.line} shows ${shown[1]} as it is`, () => {
      expect(normalised(block.body)).toBe(normalised(fs.readFileSync(path.join(ROOT, shown[1]), "utf8")));
    });
  }
  if (block.language === "json") {
    test(`README.md:${block.line}: the JSON parses`, () => {
      expect(() => JSON.parse(block.body)).not.toThrow();
    });
  }
}

describe("the harness itself", () => {
  test("reads a command's exit code from its comment, joins continued lines, cuts pipelines and comments outside quotes", () => {
    expect(shellCommands('npx a "x # y" \\\n  --b 1   # exit 3: incomplete\n# a comment\nnpx c | jq -c \'select(.flag)\'')).toEqual([
      { stages: ['npx a "x # y"    --b 1'], expectedCode: 3 },
      { stages: ["npx c", "jq -c 'select(.flag)'"], expectedCode: 0 },
    ]);
  });

  test("finds indented fences and the marker on the line before", () => {
    expect(fencedBlocks("- item\n\n  <!-- example: output -->\n  ```text\n  a\n    b\n  ```\n```sh\nnpx x\n```\n")).toEqual([
      { line: 4, language: "text", marker: "output", body: "a\n  b" },
      { line: 8, language: "sh", marker: null, body: "npx x" },
    ]);
  });
});
