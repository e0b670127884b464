// Prints the text of each page of a PDF as JSON (an array of strings, one per page), with PDF.js
// (pdfjs-dist, an ES module: jest's CommonJS tests run it as a child process, see pdf.ts).
import fs from "fs";
import process from "process";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const data = new Uint8Array(fs.readFileSync(process.argv[2]));
const pdf = await getDocument({ data, disableFontFace: true, useSystemFonts: false, isEvalSupported: false }).promise;
const pages = [];
for (let number = 1; number <= pdf.numPages; number++) {
  const page = await pdf.getPage(number);
  const content = await page.getTextContent();
  pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
}
process.stdout.write(JSON.stringify(pages));
