/**
 * Builds the Excel add-in into dist/:
 *   functions.js    the NYPILOT custom functions; loads without a DOM (no window/document/self)
 *   functions.json  their metadata, generated from the JSDoc in src/functions/functions.ts
 *   taskpane.js     the task pane
 *   taskpane.html   the shared-runtime page: office.js, then functions.js and taskpane.js
 *   taskpane.css    the task pane's stylesheet (copied from src/taskpane/styles.css)
 *   help.html       the page every @helpurl points into
 *   manifest.xml, assets/icon-*.png
 *
 * Switches (environment variable, or the same through webpack's --env):
 *   OFFICE_JS=local / --env officeJs=local
 *       serve office.js from the build (dist-local/office-js/) instead of Microsoft's CDN, for
 *       browser tests without a network (npm run build:addin:local). Writes dist-local/, so it
 *       never races with tests that read dist/.
 *   ADDIN_HOST=https://host[/path] / --env host=https://host[/path]
 *       also write manifest.prod.xml for that host and point the help links in functions.json
 *       at it (scripts/manifest-for-host.js does the same to an existing build).
 *   --env outDir=<dir>  write the build somewhere else (the tests build variants into temp dirs).
 * No eval anywhere: source maps are separate files in development and off in production.
 */
const path = require("path");
const { URL } = require("url");
const webpack = require("webpack");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const { manifestForHost, functionsJsonForHost, normalizeHost } = require("./scripts/manifest-for-host");
const { HelpPagePlugin } = require("./scripts/help-page");

const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
const OFFICE_JS_CDN_ORIGIN = new URL(OFFICE_JS_CDN).origin;
const LOCAL_OFFICE_JS_DIR = "office-js";
/** What office.js needs next to it outside Office: itself and its host/version mapping table. */
const LOCAL_OFFICE_JS_FILES = ["office.js", "o15apptofilemappingtable.js"];
const DEV_SERVER_PORT = 3000;

/** The Content-Security-Policy of taskpane.html: no inline script or style, no eval, no connection out. */
function contentSecurityPolicy(localOfficeJs) {
  const scriptSources = localOfficeJs ? "'self'" : `'self' ${OFFICE_JS_CDN_ORIGIN}`;
  return [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    "connect-src 'self'",
    // The stylesheet is a file. Styles set through the CSSOM (element.style, as office.js sets
    // most of its own) still apply; a style="" attribute does not: outside Office that is only
    // the display:none of the telemetry frame office.js puts in <head>, which is never shown.
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join("; ");
}

/**
 * Finishes functions.json after custom-functions-metadata wrote it. allowCustomDataForDataTypeAny
 * stays on (the generator sets it): with it, Excel may hand an `any` argument a cell's data type as
 * its CellValue object (a formatted number as { type: "Double", basicValue, numberFormat }, an
 * entity as { type: "Entity", text, properties }) instead of the plain value, and `any` results may
 * be such objects. The functions rely on both: src/functions/cell-values.ts gives every argument to
 * the adapters as its basic value, and returns money and dates as formatted numbers and
 * HUDSON_QUOTE_CARD as an entity where the host has them. (Errors as `any` inputs are another
 * switch, allowErrorForDataTypeAny.) And, when a production host is given,
 * points the help links at it and adds manifest.prod.xml.
 */
class AddinOutputPlugin {
  constructor(host) {
    this.host = host;
  }

  apply(compiler) {
    const { RawSource } = webpack.sources;
    compiler.hooks.thisCompilation.tap("AddinOutputPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "AddinOutputPlugin", stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const functionsJson = compilation.getAsset("functions.json");
          if (!functionsJson) {
            compilation.errors.push(new webpack.WebpackError("AddinOutputPlugin: functions.json was not generated"));
            return;
          }
          const metadata = JSON.parse(functionsJson.source.source().toString());
          metadata.allowCustomDataForDataTypeAny = true;
          let text = JSON.stringify(metadata, null, 2);
          if (this.host) {
            text = functionsJsonForHost(text, this.host);
            const manifest = compilation.getAsset("manifest.xml");
            if (!manifest) {
              compilation.errors.push(new webpack.WebpackError("AddinOutputPlugin: manifest.xml was not copied"));
              return;
            }
            compilation.emitAsset("manifest.prod.xml", new RawSource(manifestForHost(manifest.source.source().toString(), this.host)));
          }
          compilation.updateAsset("functions.json", new RawSource(text));
        },
      );
    });
  }
}

module.exports = (env = {}, argv = {}) => {
  const mode = argv.mode === "development" ? "development" : "production";
  const localOfficeJs = (env.officeJs || process.env.OFFICE_JS) === "local";
  const hostSetting = env.host || process.env.ADDIN_HOST;
  const host = hostSetting ? normalizeHost(hostSetting) : undefined;
  const outputPath = path.resolve(__dirname, env.outDir || (localOfficeJs ? "dist-local" : "dist"));
  const officeJsUrl = localOfficeJs ? `${LOCAL_OFFICE_JS_DIR}/office.js` : OFFICE_JS_CDN;

  const copies = [
    { from: "manifest.xml", to: "manifest.xml" },
    { from: "assets/*.png", to: "assets/[name][ext]" },
    // The task pane's stylesheet, linked from taskpane.html (a file, so the CSP needs no inline style).
    { from: "src/taskpane/styles.css", to: "taskpane.css" },
  ];
  if (localOfficeJs) {
    for (const file of LOCAL_OFFICE_JS_FILES) {
      copies.push({
        from: require.resolve(`@microsoft/office-js/dist/${file}`),
        to: `${LOCAL_OFFICE_JS_DIR}/${file}`,
        // Microsoft's file as published: keep it out of Terser.
        info: { minimized: true },
      });
    }
  }

  return {
    mode,
    context: __dirname,
    target: ["web", "es2020"],
    devtool: mode === "development" ? "source-map" : false,
    entry: {
      functions: "./src/functions/functions.ts",
      taskpane: "./src/taskpane/taskpane.ts",
    },
    output: {
      path: outputPath,
      filename: "[name].js",
      // A fixed public path: "auto" would read document.currentScript / self.location at load.
      publicPath: "",
      // Excel's JavaScript-only runtime and a Node vm context have globalThis but no window/self.
      globalObject: "globalThis",
      clean: true,
    },
    resolve: { extensions: [".ts", ".js"] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          use: {
            loader: "ts-loader",
            options: { configFile: path.resolve(__dirname, "tsconfig.addin.json"), onlyCompileBundledFiles: true },
          },
        },
      ],
    },
    plugins: [
      new CustomFunctionsMetadataPlugin({ output: "functions.json", input: "./src/functions/functions.ts" }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        chunks: ["functions", "taskpane"],
        chunksSortMode: "manual",
        inject: "head",
        scriptLoading: "defer",
        templateParameters: { officeJsUrl, contentSecurityPolicy: contentSecurityPolicy(localOfficeJs) },
      }),
      new HelpPagePlugin(),
      new CopyWebpackPlugin({ patterns: copies }),
      new AddinOutputPlugin(host),
    ],
    optimization: {
      // webpack's default (two passes) without reduce_funcs, with which Terser turns a function used
      // once into a function expression where it is used: one made at every call of the function around
      // it (a HUDSON_QUOTE_CARD call ran about 1,000 more instructions under callgrind, 6%). 0.5 KB larger.
      minimizeOptions: { javascript: { compress: { passes: 2, reduce_funcs: false } } },
    },
    performance: { maxAssetSize: 400000, maxEntrypointSize: 400000 },
    devServer: {
      port: DEV_SERVER_PORT,
      host: "localhost",
      static: false,
      hot: false,
      liveReload: false,
      // The live-reload client would need a websocket and inline code, which the CSP forbids.
      client: false,
      headers: { "Cache-Control": "no-store" },
      devMiddleware: { writeToDisk: true },
    },
  };
};

module.exports.OFFICE_JS_CDN = OFFICE_JS_CDN;
module.exports.LOCAL_OFFICE_JS_DIR = LOCAL_OFFICE_JS_DIR;
module.exports.DEV_SERVER_PORT = DEV_SERVER_PORT;
module.exports.contentSecurityPolicy = contentSecurityPolicy;
