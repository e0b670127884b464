// Loaded with `node -r` by file-cases.test.ts: when the process ends, however it ends, writes its
// peak resident memory (kilobytes) to the file HUDSON_PEAK_RSS_FILE names.
const fs = require("fs");

process.on("exit", () => {
  fs.writeFileSync(process.env.HUDSON_PEAK_RSS_FILE, String(process.resourceUsage().maxRSS));
});
