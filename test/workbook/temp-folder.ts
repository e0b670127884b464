/** A fresh folder per test under the system temp dir, removed afterwards. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function useTempFolder(): () => string {
  let folder: string | undefined;
  beforeEach(async () => {
    folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), "hudson-workbook-"));
  });
  afterEach(async () => {
    if (folder !== undefined) await fs.promises.rm(folder, { recursive: true, force: true });
    folder = undefined;
  });
  return () => {
    if (folder === undefined) throw new Error("temp folder used outside a test");
    return folder;
  };
}

/** Names in the folder, sorted: shows at a glance whether a temporary file was left behind. */
export async function folderEntries(folder: string): Promise<string[]> {
  return (await fs.promises.readdir(folder)).sort();
}
