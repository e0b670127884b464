#!/usr/bin/env node
/**
 * npm stop: stops the development server that `npm start` started in this checkout, by the process
 * id it noted in .npm-start.pid (SIGTERM: the server closes and removes the file). Nothing else is
 * touched; with nothing running it says so and exits 0.
 */
"use strict";
const fs = require("fs");
const { setTimeout } = require("timers");
const { PID_FILE, readRunningPid } = require("./start.js");

const pid = readRunningPid();
if (pid === null) {
  process.stdout.write("npm stop: nothing started by npm start is running in this checkout.\n");
} else {
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + 10_000;
  const waitForExit = () => {
    if (readRunningPid() === null) {
      fs.rmSync(PID_FILE, { force: true });
      process.stdout.write(`npm stop: stopped npm start (process ${pid}).\n`);
    } else if (Date.now() > deadline) {
      process.stderr.write(`npm stop: process ${pid} did not stop within 10 s.\n`);
      process.exitCode = 1;
    } else {
      setTimeout(waitForExit, 100);
    }
  };
  waitForExit();
}
