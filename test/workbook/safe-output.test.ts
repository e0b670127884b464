import fs from "node:fs";
import path from "node:path";
import {
  openOutput,
  OutputExistsError,
  OutputFileError,
  refuseExistingOutput,
  writeOutputFile,
} from "../../src/workbook/safe-output";
import { folderEntries, useTempFolder } from "./temp-folder";

async function snapshot(file: string) {
  const stats = await fs.promises.stat(file);
  return { bytes: await fs.promises.readFile(file), modified: stats.mtimeMs, inode: stats.ino };
}

describe("safe output: an existing file is never overwritten without force", () => {
  const folder = useTempFolder();

  test("opening refuses with a one-line message naming the file and --force; the file is untouched", async () => {
    const file = path.join(folder(), "report.xlsx");
    await fs.promises.writeFile(file, Buffer.from([0, 1, 2, 3, 254, 255]));
    const before = await snapshot(file);
    const error = await openOutput(file).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof OutputExistsError)) throw new Error(`expected OutputExistsError, got ${String(error)}`);
    expect(error.message).toBe(`Output file ${JSON.stringify(file)} already exists; use --force to replace it.`);
    expect(error.message).not.toContain("\n");
    expect(error.path).toBe(file);
    expect(await snapshot(file)).toEqual(before);
    expect(await folderEntries(folder())).toEqual(["report.xlsx"]);
  });

  test("a file that appears while we write is still not overwritten, and our temporary file goes", async () => {
    const file = path.join(folder(), "out.csv");
    const pending = await openOutput(file);
    pending.stream.write("ours\n");
    await fs.promises.writeFile(file, "theirs\n");
    const before = await snapshot(file);
    await expect(pending.commit()).rejects.toThrow(OutputExistsError);
    expect(await snapshot(file)).toEqual(before);
    expect(await folderEntries(folder())).toEqual(["out.csv"]);
  });

  test("a dangling symbolic link also counts as an existing file", async () => {
    const link = path.join(folder(), "out.csv");
    await fs.promises.symlink(path.join(folder(), "nowhere"), link);
    await expect(refuseExistingOutput(link)).rejects.toThrow(OutputExistsError);
    await expect(writeOutputFile(link, "data")).rejects.toThrow(OutputExistsError);
    expect(await fs.promises.readlink(link)).toBe(path.join(folder(), "nowhere"));
  });

  test("refuseExistingOutput lets a free name through, and everything through with force", async () => {
    const file = path.join(folder(), "free.csv");
    await expect(refuseExistingOutput(file)).resolves.toBeUndefined();
    await fs.promises.writeFile(file, "x");
    await expect(refuseExistingOutput(file, { force: true })).resolves.toBeUndefined();
  });
});

describe("safe output: writing and publishing", () => {
  const folder = useTempFolder();

  test("the final name does not exist until commit; the temporary file sits next to it", async () => {
    const file = path.join(folder(), "out.csv");
    const pending = await openOutput(file);
    expect(path.dirname(pending.tempPath)).toBe(path.dirname(path.resolve(file)));
    pending.stream.write("half of it");
    await expect(fs.promises.access(file)).rejects.toThrow();
    pending.stream.end(" and the rest\n");
    await pending.commit();
    expect(await fs.promises.readFile(file, "utf8")).toBe("half of it and the rest\n");
    expect(await folderEntries(folder())).toEqual(["out.csv"]);
  });

  test("force replaces an existing file in one step", async () => {
    const file = path.join(folder(), "out.csv");
    await fs.promises.writeFile(file, "old contents that are longer than the new\n");
    await writeOutputFile(file, "new\n", { force: true });
    expect(await fs.promises.readFile(file, "utf8")).toBe("new\n");
    expect(await folderEntries(folder())).toEqual(["out.csv"]);
  });

  test("discard removes the temporary file and leaves an existing file alone", async () => {
    const file = path.join(folder(), "out.csv");
    await fs.promises.writeFile(file, "keep me\n");
    const pending = await openOutput(file, { force: true });
    pending.stream.write("never published");
    await pending.discard();
    expect(await fs.promises.readFile(file, "utf8")).toBe("keep me\n");
    expect(await folderEntries(folder())).toEqual(["out.csv"]);
    await expect(pending.commit()).rejects.toThrow("already discarded");
  });

  test("a stream failure makes commit reject and removes the temporary file", async () => {
    const file = path.join(folder(), "out.csv");
    const pending = await openOutput(file);
    pending.stream.destroy(new Error("device unplugged"));
    await expect(pending.commit()).rejects.toThrow(OutputFileError);
    expect(await folderEntries(folder())).toEqual([]);
  });

  test("a missing folder is reported plainly, naming the output file", async () => {
    const file = path.join(folder(), "no-such-folder", "out.csv");
    await expect(openOutput(file)).rejects.toThrow(`Cannot create ${JSON.stringify(file)}: its folder does not exist`);
  });

  test("force onto a folder fails and leaves no temporary file", async () => {
    const target = path.join(folder(), "a-folder");
    await fs.promises.mkdir(target);
    await expect(writeOutputFile(target, "data", { force: true })).rejects.toThrow(OutputFileError);
    expect(await folderEntries(folder())).toEqual(["a-folder"]);
  });
});

describe("safe output on a file system without hard links", () => {
  const folder = useTempFolder();
  const noLinks = () =>
    jest.spyOn(fs.promises, "link").mockRejectedValue(Object.assign(new Error("operation not permitted"), { code: "EPERM" }));

  afterEach(() => {
    jest.restoreAllMocks();
  });

  test("the file is still published complete", async () => {
    const linkSpy = noLinks();
    const file = path.join(folder(), "out.csv");
    await writeOutputFile(file, "complete\n");
    expect(linkSpy).toHaveBeenCalled();
    expect(await fs.promises.readFile(file, "utf8")).toBe("complete\n");
    expect(await folderEntries(folder())).toEqual(["out.csv"]);
  });

  test("a file that appeared meanwhile is still refused and kept", async () => {
    noLinks();
    const file = path.join(folder(), "out.csv");
    const pending = await openOutput(file);
    pending.stream.end("ours\n");
    await fs.promises.writeFile(file, "theirs\n");
    await expect(pending.commit()).rejects.toThrow(OutputExistsError);
    expect(await fs.promises.readFile(file, "utf8")).toBe("theirs\n");
    expect(await folderEntries(folder())).toEqual(["out.csv"]);
  });
});
