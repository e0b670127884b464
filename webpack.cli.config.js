/**
 * Builds the command line into dist-cli/, which bin/hudson-pilotage.js runs:
 *   hudson-pilotage.js  main.ts and what every command shares
 *   <id>.js             one chunk per command (and shared pieces), loaded when that command runs
 * One file per command instead of ~50 modules resolved and read one by one: start-up is most of
 * a `quote`'s time (issue 18). exceljs, pdf-lib (with fontkit) and the MCP SDK stay runtime dependencies,
 * required only when a command needs them. No eval, no source maps. Minified, with function and class names
 * kept so that a stack trace still names its functions: V8 parses every byte of a file it loads,
 * and the smaller files take about a tenth off a `quote`'s instructions (callgrind, issue 18).
 */
const path = require("path");

module.exports = () => ({
  mode: "production",
  context: __dirname,
  target: "node20",
  devtool: false,
  entry: { "hudson-pilotage": "./src/cli/main.ts" },
  output: {
    path: path.resolve(__dirname, "dist-cli"),
    filename: "[name].js",
    chunkFilename: "[id].js",
    library: { type: "commonjs2" },
    clean: true,
  },
  resolve: { extensions: [".ts", ".js"] },
  module: {
    // createRequire(...).resolve finds the PDF's font files in node_modules when the PDF is made
    // (src/quote-sheet/fonts.ts): a path to read, not a module to bundle.
    parser: { javascript: { createRequire: false } },
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        use: {
          loader: "ts-loader",
          // Type-checking is tsc's job (npm run build:cli runs it first); ES modules so that
          // webpack splits at each command's import() and drops what no command uses.
          options: { configFile: path.resolve(__dirname, "tsconfig.build.json"), transpileOnly: true, compilerOptions: { module: "es2020", sourceMap: false } },
        },
      },
    ],
  },
  // Runtime dependencies required from node_modules when a command needs them: exceljs (.xlsx),
  // pdf-lib and @pdf-lib/fontkit (call -o quote.pdf; its fonts are read from dejavu-fonts-ttf), the MCP SDK and zod (mcp).
  externals: [({ request }, callback) => (/^(exceljs|pdf-lib|@pdf-lib\/fontkit|@modelcontextprotocol\/sdk|zod)(\/|$)/.test(request) ? callback(null, `commonjs ${request}`) : callback())],
  optimization: { minimize: true, minimizeOptions: { javascript: { compress: { passes: 2 }, keep_classnames: true, keep_fnames: true } } },
  performance: { hints: false },
});
