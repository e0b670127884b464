// Loaded with `node -r` by file-cases.test.ts: when the process ends, however it ends, writes its
// peak resident memory (kilobytes) to the file HUDSON_PEAK_RSS_FILE names.
//
// On Linux the peak is VmHWM, the high-water mark of this program's own memory since exec. The
// kernel's ru_maxrss (process.resourceUsage().maxRSS) also keeps the high-water mark of the
// process it was forked from, so under jest it reported the test worker's size (164-197 MB for
// every case of one run, whatever the input) rather than the command's.
const fs = require("fs");

function peakKilobytes() {
  try {
    const match = /^VmHWM:\s*(\d+)\s*kB/m.exec(fs.readFileSync("/proc/self/status", "utf8"));
    if (match) return Number(match[1]);
  } catch {
    // No /proc (not Linux): the kernel's figure is the best there is.
  }
  return process.resourceUsage().maxRSS;
}

process.on("exit", () => {
  fs.writeFileSync(process.env.HUDSON_PEAK_RSS_FILE, String(peakKilobytes()));
});
