#!/usr/bin/env node
"use strict";
// Built by `npm run build` (tsc → dist-node/).
require("../dist-node/src/cli/main.js").runFromProcess();
