#!/usr/bin/env node
/**
 * npm start: build the command line (npm run build:cli), then build the add-in (development mode,
 * separate source maps, no eval) and serve it at https://localhost:3000 (PORT=3100 npm start for
 * another port) with the certificates of office-addin-dev-certs, rebuilding on change. `npm stop`
 * stops it (scripts/stop.js, through the pid file this writes). Then it says how to side-load
 * manifest.xml on this machine:
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
const { spawn, spawnSync } = require("child_process");
const { setImmediate } = require("timers");

const ROOT = path.resolve(__dirname, "..");
/** The port every URL in manifest.xml names; another PORT gets its own copy of the manifest. */
const MANIFEST_PORT = 3000;
/** Where `npm start` notes its process id, for `npm stop`. */
const PID_FILE = path.join(ROOT, ".npm-start.pid");
const CERT_DIR = path.join(os.homedir(), ".office-addin-dev-certs");

/** PORT from the environment (default 3000); anything but a whole number from 1 to 65535 is refused. */
function portFrom(env) {
  const text = env.PORT === undefined || env.PORT === "" ? String(MANIFEST_PORT) : env.PORT.trim();
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new Error(`PORT=${JSON.stringify(env.PORT)} is not a port: give a whole number from 1 to 65535, e.g. PORT=3100 npm start.`);
  return port;
}

const originOf = (port) => `https://localhost:${port}`;

/**
 * The two steps people need and the README states in the same words (test/addin/start.test.ts
 * checks): trusting the self-signed development certificate, and the menu path that uploads a
 * manifest to Excel on the web.
 */
function certificateStep(origin, sudo = hasSudo()) {
  const trust = "cp ~/.office-addin-dev-certs/ca.crt /usr/local/share/ca-certificates/office-addin-dev-ca.crt && update-ca-certificates";
  return [
    `Trust the development certificate (self-signed, made by office-addin-dev-certs in ~/.office-addin-dev-certs):`,
    `  open ${origin}/taskpane.html once in your browser and accept the certificate, or trust the CA:`,
    // A machine without sudo (a container running as root) gets the step it can run.
    sudo ? `  Linux (Debian/Ubuntu): sudo ${trust.replace("&& ", "&& sudo ")}` : `  Linux (Debian/Ubuntu), as root: ${trust}`,
    "  Windows/macOS: npx office-addin-dev-certs install (as an administrator)",
  ];
}

/** Is there a sudo on PATH to print in the certificate step? */
function hasSudo(env = process.env) {
  return (env.PATH || "").split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir || ".", "sudo"), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const UPLOAD_MENU_PATH = "Home > Add-ins > More Add-ins > My Add-ins > Upload My Add-in (older menus: Insert > Add-ins > My Add-ins > Upload My Add-in)";
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
async function httpsOptions(log, origin = originOf(MANIFEST_PORT)) {
  const devCerts = require("office-addin-dev-certs");
  try {
    return await devCerts.getHttpsServerOptions();
  } catch (error) {
    const missing = Object.values(CERT_FILES).filter((file) => !fs.existsSync(path.join(CERT_DIR, file)));
    if (missing.length > 0) {
      throw new Error(`office-addin-dev-certs could not create the certificates; missing ${missing.join(", ")} in ${CERT_DIR}.`, { cause: error });
    }
    log([`Note: the development CA could not be trusted automatically (${firstLine(error.message)}); serving with the certificates in ${CERT_DIR}.`, ...certificateStep(origin)].join("\n"));
    return readCertificateFiles();
  }
}

function firstLine(text) {
  return String(text).trim().split("\n")[0];
}

/** What to print once the server answers: the URLs, the certificate step and how to side-load on `platform`. */
function sideloadInstructions(platform, manifestPath = "manifest.xml", origin = originOf(MANIFEST_PORT)) {
  const urls = [
    `Hudson River pilotage add-in: serving ${origin}`,
    `  task pane + shared runtime  ${origin}/taskpane.html`,
    `  custom functions            ${origin}/functions.js, ${origin}/functions.json`,
    `  help                        ${origin}/help.html`,
    `  manifest (development URLs) ${manifestPath}`,
    "",
    ...certificateStep(origin),
    "",
  ];
  const web = ["Excel on the web: open a workbook, then", `  ${UPLOAD_MENU_PATH},`, `  and choose ${manifestPath}.`];
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

function runSideload(log, manifestPath, port) {
  const npx = process.platform === "win32" ? "npx.cmd" : "npx";
  log(`Side-loading with: npx office-addin-debugging start ${manifestPath} desktop --dev-server-port ${port}`);
  const child = spawn(npx, ["--yes", "office-addin-debugging", "start", manifestPath, "desktop", "--dev-server-port", String(port)], {
    cwd: ROOT,
    stdio: "inherit",
    shell: process.platform === "win32",
    env: process.env,
  });
  child.on("exit", (code) => {
    if (code !== 0) log(`office-addin-debugging exited with code ${code}; side-load by hand as described above.`);
  });
}

/** manifest.xml for the port served: itself on 3000, else a copy (manifest.port-N.xml, not committed) naming that port. */
function manifestForPort(port) {
  if (port === MANIFEST_PORT) return "manifest.xml";
  const file = `manifest.port-${port}.xml`;
  const xml = fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
  fs.writeFileSync(path.join(ROOT, file), xml.split(originOf(MANIFEST_PORT)).join(originOf(port)));
  return file;
}

/** The command line's build (tsc), so that npx hudson-pilotage works while the server runs. */
function buildCli(log) {
  log("npm start: building the command line (npm run build:cli) …");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const build = spawnSync(npm, ["run", "--silent", "build:cli"], { cwd: ROOT, stdio: "inherit", shell: process.platform === "win32" });
  if (build.status !== 0) throw new Error("npm run build:cli failed (see above); the add-in was not started.");
}

/** Notes this process in PID_FILE for `npm stop`, refusing to start twice. */
function claimPidFile() {
  const running = readRunningPid();
  if (running !== null) throw new Error(`npm start is already running (process ${running}); run npm stop first.`);
  fs.writeFileSync(PID_FILE, `${process.pid}\n`);
  process.once("exit", () => {
    if (readRunningPid() === process.pid) fs.rmSync(PID_FILE, { force: true });
  });
}

/** The process id in PID_FILE if that process is still running, else null (a stale file is removed). */
function readRunningPid() {
  let pid;
  try {
    pid = Number(fs.readFileSync(PID_FILE, "utf8").trim());
  } catch {
    return null;
  }
  try {
    if (Number.isInteger(pid) && pid > 0) {
      process.kill(pid, 0);
      return pid;
    }
  } catch {
    // not running
  }
  fs.rmSync(PID_FILE, { force: true });
  return null;
}

async function main(argv) {
  const log = (text) => process.stdout.write(`${text}\n`);
  const wantsSideload = argv.includes("--sideload");
  const port = portFrom(process.env);
  const origin = originOf(port);
  claimPidFile();
  buildCli(log);
  const manifestPath = manifestForPort(port);
  const webpack = require("webpack");
  const WebpackDevServer = require("webpack-dev-server");
  const makeConfig = require(path.join(ROOT, "webpack.config.js"));

  const tls = await httpsOptions(log, origin);
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
      log(`\n${sideloadInstructions(process.platform, manifestPath, origin)}\nPress Ctrl+C (or run npm stop) to stop the server.`);
      if (wantsSideload) {
        if (process.platform === "win32" || process.platform === "darwin") runSideload(log, manifestPath, port);
        else log("--sideload: there is no desktop Excel on this system; use the steps above.");
      }
    });
  });
  const server = new WebpackDevServer({ ...config.devServer, port, server: { type: "https", options: tls } }, compiler);
  const stop = async () => {
    await server.stop();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  await server.start();
}

module.exports = { sideloadInstructions, httpsOptions, certificateStep, hasSudo, UPLOAD_MENU_PATH, portFrom, PID_FILE, readRunningPid };

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`npm start: ${error.message}${error.cause ? `\n  cause: ${firstLine(error.cause.message)}` : ""}\n`);
    process.exitCode = 1;
  });
}
