#!/usr/bin/env node
/**
 * `npm run declarations`: rewrites the passages of functions.ts and function-docs.json that are
 * made from the rates data (src/functions/declarations.ts), after a clause or a board fee is added.
 * Runs on the tsc output (dist-node), which the npm script builds first.
 */
const fs = require("node:fs");
const path = require("node:path");
const { DERIVED_PASSAGES, withDerivedPassages } = require("../dist-node/src/functions/declarations.js");

const root = path.resolve(__dirname, "..");
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
