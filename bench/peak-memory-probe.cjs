// The one declaration of "peak memory of this process", for the bench and the tests. Plain
// JavaScript so that a child process can load it with `node -r` from the sources or the build;
// bench/peak-memory.ts gives it types for TypeScript.
//
// On Linux the peak is VmHWM in /proc/self/status: the high-water mark of this program's own
// resident memory since exec (or since resetPeak). The kernel's ru_maxrss
// (process.resourceUsage().maxRSS) also keeps the high-water mark of the process it was forked
// from, so under jest or the bench it reported the parent's size rather than the child's.
const fs = require("fs");

/** A "Name:   123 kB" line of /proc/self/status, in kilobytes; null without /proc (not Linux). */
function statusKilobytes(name) {
  try {
    const match = new RegExp(`^${name}:\\s*(\\d+)\\s*kB`, "m").exec(fs.readFileSync("/proc/self/status", "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** The most resident memory this process has held, in kilobytes (without /proc, the kernel's ru_maxrss: the best there is). */
function peakKilobytes() {
  return statusKilobytes("VmHWM") ?? process.resourceUsage().maxRSS;
}

/** The resident memory this process holds now, in kilobytes. */
function residentKilobytes() {
  return statusKilobytes("VmRSS") ?? Math.round(process.memoryUsage().rss / 1024);
}

/** Starts the peak again from what is resident now (Linux's clear_refs 5); false where that cannot be done, the peak then still counts from the start. */
function resetPeak() {
  try {
    fs.writeFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
}

module.exports = { peakKilobytes, residentKilobytes, resetPeak };

// Loaded with `node -r` by a parent that names a file: the peak is written there when the process ends, however it ends.
const file = process.env.HUDSON_PEAK_MEMORY_FILE;
if (file) {
  delete process.env.HUDSON_PEAK_MEMORY_FILE; // a grandchild writes no figure over this process's
  process.on("exit", () => fs.writeFileSync(file, String(peakKilobytes())));
}
