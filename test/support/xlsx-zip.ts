/** Looking inside a written .xlsx (a zip of XML parts) at what exceljs does not read back. */
import fs from "node:fs";
import JSZip from "jszip";

/** The workbook's calculation properties element, e.g. `<calcPr calcId="191029"/>`. */
export async function calcPrOf(file: string): Promise<string> {
  const zip = await JSZip.loadAsync(fs.readFileSync(file));
  const workbookXml = await zip.file("xl/workbook.xml")?.async("string");
  if (workbookXml === undefined) throw new Error(`${file} has no xl/workbook.xml`);
  return /<calcPr[^>]*\/>/.exec(workbookXml)?.[0] ?? "(no calcPr)";
}
