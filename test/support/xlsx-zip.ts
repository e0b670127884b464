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

/**
 * The formula cells whose cached result is empty text (`t="str"` with an empty `<v>`), as
 * "Sheet name!A45": exceljs reads such a result back as none at all, which a test must not
 * take for a formula written without its value. Sheets are named from xl/workbook.xml.
 */
export async function emptyTextResultsOf(file: string): Promise<Set<string>> {
  const zip = await JSZip.loadAsync(fs.readFileSync(file));
  const workbookXml = (await zip.file("xl/workbook.xml")?.async("string")) ?? "";
  const relsXml = (await zip.file("xl/_rels/workbook.xml.rels")?.async("string")) ?? "";
  const targets = new Map([...relsXml.matchAll(/<Relationship\b[^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map((m) => [m[1], m[2].replace(/^\/?(xl\/)?/, "")]));
  const found = new Set<string>();
  for (const sheet of workbookXml.matchAll(/<sheet\b[^>]*?name="([^"]+)"[^>]*?r:id="([^"]+)"/g)) {
    const name = sheet[1].replace(/&amp;/g, "&").replace(/&apos;/g, "'").replace(/&quot;/g, '"');
    const xml = (await zip.file(`xl/${targets.get(sheet[2])}`)?.async("string")) ?? "";
    for (const cell of xml.matchAll(/<c\b[^>]*?r="([A-Z]+\d+)"[^>]*?t="str"[^>]*>\s*<f>[^<]*<\/f>\s*(?:<v\s*\/>|<v><\/v>)\s*<\/c>/g)) found.add(`${name}!${cell[1]}`);
  }
  return found;
}
