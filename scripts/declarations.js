#!/usr/bin/env node
/**
 * `npm run declarations`: rewrites the passages of functions.ts and function-docs.json that are
 * made from the rates data (src/functions/declarations.ts), after a clause or a board fee is added.
 * Runs on the tsc output (dist-node), which it builds first.
 */
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
// The tsc output, even when a new clause or fee leaves type errors elsewhere (test fixtures that
// list every fee, say): tsc still writes it, and those errors are the next thing to fix.
const compiled = spawnSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(root, "tsconfig.build.json")], { stdio: "inherit" });
if (compiled.status !== 0) console.log("(type errors above: the passages are rewritten anyway; fix the errors next)");
const { DERIVED_PASSAGES, withDerivedPassages } = require("../dist-node/src/functions/declarations.js");

for (const file of new Set(DERIVED_PASSAGES.map((passage) => passage.file))) {
  const full = path.join(root, file);
  const before = fs.readFileSync(full, "utf8");
  const after = withDerivedPassages(file, before);
  if (after === before) {
    console.log(`${file}: up to date`);
  } else {
    fs.writeFileSync(full, after);
    console.log(`${file}: rewritten from the rates data`);
  }
}
