#!/usr/bin/env node
"use strict";
// Built by `npm run build` (tsc, then webpack.cli.config.js → dist-cli/: one file per command);
// an installed package ships the build.
const fs = require("fs");
const path = require("path");
const MAIN = path.join(__dirname, "..", "dist-cli", "hudson-pilotage.js");
if (!fs.existsSync(MAIN)) {
  process.stderr.write("hudson-pilotage: the command line is not built yet: run `npm run build:cli` (or `npm start`, or `npm test`) in this checkout first.\n");
  process.exit(2);
}
require(MAIN).runFromProcess();
