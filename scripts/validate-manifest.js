#!/usr/bin/env node
/**
 * npm run validate [-- dist/manifest.prod.xml]: Microsoft's manifest check
 * (`office-addin-manifest validate`). It sends the manifest to a Microsoft web service, so it
 * needs a network; offline, test/addin/manifest.test.ts is the check that runs (libxml2's
 * well-formedness check as WebAssembly, and a structural walk). Usage data is switched off.
 */
"use strict";
const path = require("path");
const { spawnSync } = require("child_process");

const ROOT = path.resolve(__dirname, "..");
const manifest = process.argv[2] || "manifest.xml";
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const result = spawnSync(npx, ["office-addin-manifest", "validate", manifest], {
  cwd: ROOT,
  encoding: "utf8",
  shell: process.platform === "win32",
  env: { ...process.env, OFFICE_ADDIN_USAGE_DATA_OPT_OUT: "true" },
});
process.stdout.write(result.stdout || "");
process.stderr.write(result.stderr || "");
const output = `${result.stdout || ""}${result.stderr || ""}`;
if (/Unable to contact the manifest validation service|ENOTFOUND|ECONNREFUSED|ETIMEDOUT/.test(output)) {
  process.stderr.write(
    "\nThe validation service could not be reached: this check needs a network. Offline, run\n" +
      "  npx jest test/addin/manifest.test.ts\n",
  );
}
process.exitCode = result.status === null ? 1 : result.status;
