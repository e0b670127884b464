#!/usr/bin/env node
/**
 * The production-host switch. manifest.xml (and every @helpurl in src/functions) names the
 * development server, https://localhost:3000. For a deployment, put the built dist/ on an https
 * host and run
 *
 *   node scripts/manifest-for-host.js https://addins.example.com/pilotage [--dist dist]
 *
 * which writes <dist>/manifest.prod.xml (every https://localhost:3000 replaced by the host) and
 * points the help links in <dist>/functions.json at the host. A build can do the same in one
 * step: ADDIN_HOST=https://addins.example.com/pilotage npm run build:addin
 * (webpack.config.js uses the functions below). Side-load or publish manifest.prod.xml.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { URL } = require("url");

/** The origin every development URL starts with. */
const DEV_ORIGIN = "https://localhost:3000";

/**
 * The host as it will be written into the manifest: an https URL, optionally with a path, without
 * a trailing slash, query or fragment. Throws with a sentence saying what is wrong.
 */
function normalizeHost(host) {
  let url;
  try {
    url = new URL(String(host));
  } catch {
    throw new Error(`"${host}" is not a URL; give the production host as https://host[/path].`);
  }
  if (url.protocol !== "https:") throw new Error(`"${host}" must use https: Office loads add-ins only over https.`);
  if (url.search || url.hash) throw new Error(`"${host}" must not have a query or a fragment.`);
  if (url.username || url.password) throw new Error(`"${host}" must not contain credentials.`);
  const pathname = url.pathname.replace(/\/+$/, "");
  return `${url.origin}${pathname}`;
}

function replaceDevOrigin(text, host, what) {
  const target = normalizeHost(host);
  if (!text.includes(DEV_ORIGIN)) throw new Error(`${what} has no ${DEV_ORIGIN} URL to replace.`);
  return text.split(DEV_ORIGIN).join(target);
}

/** The manifest's XML with every development URL moved to `host`. */
function manifestForHost(xml, host) {
  const result = replaceDevOrigin(xml, host, "The manifest");
  if (/https?:\/\/localhost[:/"]/i.test(result)) {
    throw new Error("The manifest still names localhost after the replacement; use only https://localhost:3000 in manifest.xml.");
  }
  return result;
}

/** functions.json (text) with each function's helpUrl moved from the development server to `host`. */
function functionsJsonForHost(json, host) {
  const target = normalizeHost(host);
  const metadata = JSON.parse(json);
  for (const fn of metadata.functions || []) {
    if (typeof fn.helpUrl === "string" && fn.helpUrl.startsWith(DEV_ORIGIN)) {
      fn.helpUrl = target + fn.helpUrl.slice(DEV_ORIGIN.length);
    }
  }
  return JSON.stringify(metadata, null, 2);
}

function usage() {
  return "Usage: node scripts/manifest-for-host.js https://host[/path] [--dist <dir>] [--manifest <file>]\n";
}

function main(argv) {
  const args = [...argv];
  let dist = path.join(__dirname, "..", "dist");
  let manifest = path.join(__dirname, "..", "manifest.xml");
  let host;
  while (args.length > 0) {
    const arg = args.shift();
    if (arg === "--dist") dist = args.shift();
    else if (arg === "--manifest") manifest = args.shift();
    else if (arg === "--help" || arg === "-h") {
      process.stdout.write(usage());
      return 0;
    } else if (host === undefined && !arg.startsWith("--")) host = arg;
    else {
      process.stderr.write(`manifest-for-host: unexpected argument "${arg}"\n${usage()}`);
      return 2;
    }
  }
  if (host === undefined || dist === undefined || manifest === undefined) {
    process.stderr.write(usage());
    return 2;
  }
  try {
    const out = path.join(dist, "manifest.prod.xml");
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(out, manifestForHost(fs.readFileSync(manifest, "utf8"), host));
    process.stdout.write(`wrote ${out} for ${normalizeHost(host)}\n`);
    const functionsJson = path.join(dist, "functions.json");
    if (fs.existsSync(functionsJson)) {
      fs.writeFileSync(functionsJson, functionsJsonForHost(fs.readFileSync(functionsJson, "utf8"), host));
      process.stdout.write(`pointed the help links in ${functionsJson} at ${normalizeHost(host)}\n`);
    } else {
      process.stdout.write(`no ${functionsJson} yet: build with ADDIN_HOST=${normalizeHost(host)} npm run build:addin\n`);
    }
    return 0;
  } catch (error) {
    process.stderr.write(`manifest-for-host: ${error.message}\n`);
    return 1;
  }
}

module.exports = { DEV_ORIGIN, normalizeHost, manifestForHost, functionsJsonForHost };

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
