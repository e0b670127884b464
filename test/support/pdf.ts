/** The text of a PDF's pages, read by PDF.js in a child process (pdf-text.mjs: PDF.js is an ES module). */
import { spawnSync } from "child_process";
import fs from "fs";
import os from "os";
import path from "path";

export function pdfPageTexts(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nypilot-pdf-"));
  try {
    const file = path.join(dir, "quote.pdf");
    fs.writeFileSync(file, pdf);
    const run = spawnSync(process.execPath, [path.join(__dirname, "pdf-text.mjs"), file], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(`PDF.js could not read the PDF:\n${run.stderr}`);
    return JSON.parse(run.stdout) as string[];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
