#!/usr/bin/env node
/**
 * npm start: build the add-in (development mode, separate source maps, no eval) and serve it at
 * https://localhost:3000 with the certificates of office-addin-dev-certs, rebuilding on change.
 * Then it says how to side-load manifest.xml on this machine:
 *   - Windows/macOS with desktop Excel: `npx office-addin-debugging start manifest.xml desktop`
 *     (run for you with `npm start -- --sideload`; office-addin-debugging is deliberately not a
 *     dependency: its install builds native modules that fail here, and it cannot side-load on Linux);
 *   - elsewhere (Linux): Excel on the web's "Upload My Add-in", or a shared-folder catalog.
 * Office add-in tools get OFFICE_ADDIN_USAGE_DATA_OPT_OUT=true (no usage data).
 *
 * Environment: OFFICE_JS=local serves office.js from the build (no CDN), as in webpack.config.js.
 */
"use strict";
process.env.OFFICE_ADDIN_USAGE_DATA_OPT_OUT = "true";

const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn } = require("child_process");
const { setImmediate } = require("timers");

const ROOT = path.resolve(__dirname, "..");
const ORIGIN = "https://localhost:3000";
const CERT_DIR = path.join(os.homedir(), ".office-addin-dev-certs");
const CERT_FILES = { ca: "ca.crt", cert: "localhost.crt", key: "localhost.key" };

function readCertificateFiles() {
  const options = {};
  for (const [name, file] of Object.entries(CERT_FILES)) options[name] = fs.readFileSync(path.join(CERT_DIR, file));
  return options;
}

/**
 * TLS options for the dev server. office-addin-dev-certs generates a CA and a localhost
 * certificate offline, then tries to make the system trust the CA; that step needs
 * administrator rights (sudo on Linux) and may fail. The server still starts with the generated
 * files; the warning says how to trust them.
 */
async function httpsOptions(log) {
  const devCerts = require("office-addin-dev-certs");
  try {
    return await devCerts.getHttpsServerOptions();
  } catch (error) {
    const missing = Object.values(CERT_FILES).filter((file) => !fs.existsSync(path.join(CERT_DIR, file)));
    if (missing.length > 0) {
      throw new Error(`office-addin-dev-certs could not create the certificates; missing ${missing.join(", ")} in ${CERT_DIR}.`, { cause: error });
    }
    log(
      [
        `Note: the development CA could not be trusted automatically (${firstLine(error.message)}).`,
        `  Serving with the certificates in ${CERT_DIR}. Until ${path.join(CERT_DIR, "ca.crt")} is trusted,`,
        `  open ${ORIGIN}/taskpane.html once in your browser and accept the certificate, or trust the CA:`,
        "  Linux (Debian/Ubuntu): sudo cp ~/.office-addin-dev-certs/ca.crt /usr/local/share/ca-certificates/office-addin-dev-ca.crt && sudo update-ca-certificates",
        "  Windows/macOS: npx office-addin-dev-certs install (as an administrator)",
      ].join("\n"),
    );
    return readCertificateFiles();
  }
}

function firstLine(text) {
  return String(text).trim().split("\n")[0];
}

/** What to print once the server answers: the URLs and how to side-load on `platform`. */
function sideloadInstructions(platform, manifestPath = "manifest.xml") {
  const urls = [
    `Hudson River pilotage add-in: serving ${ORIGIN}`,
    `  task pane + shared runtime  ${ORIGIN}/taskpane.html`,
    `  custom functions            ${ORIGIN}/functions.js, ${ORIGIN}/functions.json`,
    `  help                        ${ORIGIN}/help.html`,
    `  manifest (development URLs) ${manifestPath}`,
    "",
  ];
  const web = [
    "Excel on the web: open a workbook, then Home > Add-ins > More Add-ins (older menus: Insert > Add-ins)",
    `  > My Add-ins > Upload My Add-in, and choose ${manifestPath}. Your browser must trust ${ORIGIN}.`,
  ];
  if (platform === "win32" || platform === "darwin") {
    return [
      ...urls,
      "Side-load into desktop Excel (office-addin-debugging is fetched by npx, not a dependency):",
      `  npx office-addin-debugging start ${manifestPath} desktop   (or: npm start -- --sideload)`,
      `  npx office-addin-debugging stop ${manifestPath}            to remove it again`,
      platform === "darwin"
        ? `  or by hand: copy ${manifestPath} to ~/Library/Containers/com.microsoft.Excel/Data/Documents/wef/ and restart Excel.`
        : "  or by hand: a shared-folder catalog (see below).",
      ...(platform === "win32" ? sharedFolderSteps(manifestPath) : []),
      ...web,
    ].join("\n");
  }
  return [
    ...urls,
    `There is no desktop Excel on ${platform}; side-load the add-in elsewhere:`,
    ...web,
    "Desktop Excel on Windows, from this server:",
    ...sharedFolderSteps(manifestPath),
  ].join("\n");
}

function sharedFolderSteps(manifestPath) {
  return [
    `  1. Put ${manifestPath} in a folder shared on the network (e.g. \\\\machine\\addins).`,
    "  2. Excel > File > Options > Trust Center > Trust Center Settings > Trusted Add-in Catalogs:",
    "     add the share's path, tick Show in Menu, OK, restart Excel.",
    "  3. Home > Add-ins > More Add-ins > Shared Folder (older: Insert > My Add-ins > Shared Folder).",
  ];
}

function runSideload(log) {
  const npx = process.platform === "win32" ? "npx.cmd" : "npx";
  log("Side-loading with: npx office-addin-debugging start manifest.xml desktop --dev-server-port 3000");
  const child = spawn(npx, ["--yes", "office-addin-debugging", "start", "manifest.xml", "desktop", "--dev-server-port", "3000"], {
    cwd: ROOT,
    stdio: "inherit",
    shell: process.platform === "win32",
    env: process.env,
  });
  child.on("exit", (code) => {
    if (code !== 0) log(`office-addin-debugging exited with code ${code}; side-load by hand as described above.`);
  });
}

async function main(argv) {
  const log = (text) => process.stdout.write(`${text}\n`);
  const wantsSideload = argv.includes("--sideload");
  const webpack = require("webpack");
  const WebpackDevServer = require("webpack-dev-server");
  const makeConfig = require(path.join(ROOT, "webpack.config.js"));

  const tls = await httpsOptions(log);
  const config = makeConfig({ WEBPACK_SERVE: true }, { mode: "development" });
  const compiler = webpack(config);
  let announced = false;
  compiler.hooks.done.tap("npm start", (stats) => {
    if (stats.hasErrors()) {
      log(stats.toString({ all: false, errors: true, colors: process.stdout.isTTY }));
      return;
    }
    if (announced) return;
    announced = true;
    // After the dev server's own build report, so that the steps are the last thing on screen.
    setImmediate(() => {
      log(`\n${sideloadInstructions(process.platform)}\nPress Ctrl+C to stop the server.`);
      if (wantsSideload) {
        if (process.platform === "win32" || process.platform === "darwin") runSideload(log);
        else log("--sideload: there is no desktop Excel on this system; use the steps above.");
      }
    });
  });
  const server = new WebpackDevServer({ ...config.devServer, server: { type: "https", options: tls } }, compiler);
  const stop = async () => {
    await server.stop();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  await server.start();
}

module.exports = { sideloadInstructions, httpsOptions };

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`npm start: ${error.message}${error.cause ? `\n  cause: ${firstLine(error.cause.message)}` : ""}\n`);
    process.exitCode = 1;
  });
}
