/**
 * Output files that are never clobbered and never seen half-written.
 *
 * Every writer goes through `openOutput`: bytes go to a fresh temporary file (opened with `wx`,
 * so it can never be someone else's file) in the same folder as the destination, and only
 * `commit()` puts the finished file under its final name:
 * - without `force`, by hard-linking the temporary file to the final name. `link` fails with
 *   EEXIST instead of replacing, so a file that appeared while we were writing is still not
 *   overwritten; and it is atomic, so the final name shows either nothing or the whole file.
 * - with `force`, by renaming over the final name, which replaces it atomically.
 * Same folder matters: rename and link only work within one file system.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import { OutputExistsError, OutputFileError, systemErrorCode } from "./errors";
import { finishedWriting } from "./stream-util";

export interface OutputOptions {
  /** Replace an existing file of the same name (the CLI's `--force`). */
  readonly force?: boolean;
}

// The errors live in errors.ts, which the command line loads at start-up without node:crypto.
export { OutputExistsError, OutputFileError };

// File systems without hard links (FAT, some network shares) answer link() with one of these.
const LINK_UNSUPPORTED = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV", "EMLINK"]);

/**
 * Throws OutputExistsError if `filePath` exists and `force` is not set, and OutputFileError if a
 * folder has that name (force or not: a folder is never replaced); lets the CLI fail before any work.
 */
export async function refuseExistingOutput(filePath: string, options: OutputOptions = {}): Promise<void> {
  let stats: fs.Stats;
  try {
    // lstat, not stat: a dangling symbolic link still occupies the name.
    stats = await fs.promises.lstat(filePath);
  } catch (error) {
    if (systemErrorCode(error) === "ENOENT") return;
    throw new OutputFileError(filePath, "check", error);
  }
  if (stats.isDirectory() || (stats.isSymbolicLink() && (await isFolder(filePath)))) {
    throw new OutputFileError(filePath, "write", Object.assign(new Error("a folder"), { code: "EISDIR" }));
  }
  if (options.force !== true) throw new OutputExistsError(filePath);
}

async function isFolder(filePath: string): Promise<boolean> {
  try {
    return (await fs.promises.stat(filePath)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Whether two paths name the same file: the same device and inode, so a hard link, a symbolic
 * link or a folder reached through one (`./link/in.csv`) is caught where comparing the path text
 * is not. False when either does not exist.
 */
export async function sameFile(first: string, second: string): Promise<boolean> {
  try {
    const [a, b] = await Promise.all([fs.promises.stat(first), fs.promises.stat(second)]);
    return a.dev === b.dev && a.ino === b.ino;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Temporary files left behind

/** `.NAME.PID-HEX.partial`: the temporary file of NAME written by process PID. */
const TEMPORARY_NAME = /^\.(.+)\.(\d+)-[0-9a-f]{12}\.partial$/;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return systemErrorCode(error) === "EPERM";
  }
}

/**
 * Removes the temporary files of `filePath` that a killed run left (SIGKILL, a power cut: no
 * chance to clean up), recognised by their name: ours, for this output, from a process that no
 * longer runs. Best effort: a file that cannot be removed is left.
 */
export async function removeStaleTemporaryFiles(filePath: string): Promise<string[]> {
  const folder = path.dirname(path.resolve(filePath));
  const base = path.basename(filePath);
  let names: string[];
  try {
    names = await fs.promises.readdir(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = TEMPORARY_NAME.exec(name);
    if (match === null || match[1] !== base) continue;
    const pid = Number(match[2]);
    if (pid === process.pid || processIsAlive(pid)) continue;
    try {
      await fs.promises.unlink(path.join(folder, name));
      removed.push(name);
    } catch {
      // Someone else's to deal with.
    }
  }
  return removed;
}

/** Temporary files being written now, removed if the process is interrupted. */
const openTemporaryFiles = new Set<string>();
let signalHandlersInstalled = false;

/**
 * On SIGINT (Ctrl-C), SIGTERM and SIGHUP, ends the process as the signal would have (exit 128 +
 * the signal's number); on that exit or any other, removes the temporary files still open.
 */
function removeTemporaryFilesOnSignals(): void {
  if (signalHandlersInstalled) return;
  signalHandlersInstalled = true;
  for (const [signal, number] of [["SIGINT", 2], ["SIGTERM", 15], ["SIGHUP", 1]] as const) {
    process.once(signal, () => process.exit(128 + number));
  }
  // Also on any other early exit (standard output failing ends the process with exit 2).
  process.once("exit", removeOpenTemporaryFiles);
}

function removeOpenTemporaryFiles(): void {
  for (const temporary of openTemporaryFiles) {
    try {
      fs.unlinkSync(temporary);
    } catch {
      // Already gone.
    }
  }
}

/**
 * A temporary file being written, to become `path` on `commit()`. Write to `stream`; end it or
 * let `commit()` end it. `discard()` removes the temporary file; calling it after a failed or
 * abandoned write leaves nothing behind.
 */
export class PendingOutput {
  readonly path: string;
  readonly tempPath: string;
  readonly stream: Writable;
  private readonly handle: FileHandle;
  private readonly force: boolean;
  private handleClosed = false;
  private settled: "open" | "committed" | "discarded" = "open";
  private streamError: unknown = undefined;

  constructor(finalPath: string, tempPath: string, handle: FileHandle, force: boolean) {
    openTemporaryFiles.add(tempPath);
    removeTemporaryFilesOnSignals();
    this.path = finalPath;
    this.tempPath = tempPath;
    this.handle = handle;
    this.force = force;
    // autoClose off: the handle must stay open after the last write so commit() can fsync it.
    // A 256 KiB buffer, four of TextOutput's 64 KiB batches: with the default 16 KiB every batch
    // filled the buffer and waited for its write to finish, so working out rows and writing them
    // never overlapped (a 200,000-row reconcile waited some 1,400 times).
    this.stream = handle.createWriteStream({ autoClose: false, highWaterMark: 256 * 1024 });
    // A write error with no listener would crash the process; keep it for commit() to report.
    this.stream.on("error", (error) => {
      this.streamError ??= error;
    });
  }

  /** Finishes the temporary file, flushes it to disk and publishes it under `path`. */
  async commit(): Promise<void> {
    if (this.settled !== "open") throw new Error(`output ${JSON.stringify(this.path)} was already ${this.settled}`);
    try {
      if (!this.stream.writableEnded) this.stream.end();
      await finishedWriting(this.stream);
      if (this.streamError !== undefined) throw this.streamError;
      // fsync before publishing: otherwise a power cut can leave the new name pointing at a
      // file whose data never reached the disk.
      await this.handle.sync();
      await this.releaseStream();
      await this.closeHandle();
      await this.publish();
      this.settled = "committed";
      openTemporaryFiles.delete(this.tempPath);
    } catch (error) {
      await this.discard();
      if (error instanceof OutputExistsError || error instanceof OutputFileError) throw error;
      throw new OutputFileError(this.path, "write", error);
    }
    await syncFolder(path.dirname(this.tempPath));
  }

  /** Abandons the output: the temporary file is removed and the final name is untouched. */
  async discard(): Promise<void> {
    if (this.settled === "committed") return;
    this.settled = "discarded";
    await this.releaseStream();
    await this.closeHandle().catch(() => undefined);
    await removeIfPresent(this.tempPath);
    openTemporaryFiles.delete(this.tempPath);
  }

  /**
   * A stream made from a FileHandle holds a reference to it until the stream closes, and
   * FileHandle.close() waits for that; with autoClose off the stream must be closed by hand.
   */
  private async releaseStream(): Promise<void> {
    if (this.stream.closed) return;
    const closed = new Promise<void>((resolve) => this.stream.once("close", () => resolve()));
    this.stream.destroy();
    await closed;
  }

  private async closeHandle(): Promise<void> {
    if (this.handleClosed) return;
    this.handleClosed = true;
    await this.handle.close();
  }

  private async publish(): Promise<void> {
    if (this.force) {
      await fs.promises.rename(this.tempPath, this.path).catch((error: unknown) => {
        throw new OutputFileError(this.path, "replace", error);
      });
      return;
    }
    try {
      await fs.promises.link(this.tempPath, this.path);
    } catch (error) {
      const code = systemErrorCode(error);
      if (code === "EEXIST") throw new OutputExistsError(this.path);
      if (code === undefined || !LINK_UNSUPPORTED.has(code)) throw new OutputFileError(this.path, "create", error);
      await this.publishWithoutLink();
      return;
    }
    // The data is published under its final name; the temporary name is just a second link.
    // Failing to remove it must not turn a finished output into a reported failure.
    await removeIfPresent(this.tempPath).catch(() => undefined);
  }

  /**
   * Without hard links: claim the final name with an empty file created exclusively (so an
   * existing file still makes us stop), then rename the finished file over our own placeholder.
   * A crash between the two steps can leave that empty placeholder, never partial content.
   */
  private async publishWithoutLink(): Promise<void> {
    let placeholder: FileHandle;
    try {
      placeholder = await fs.promises.open(this.path, "wx");
    } catch (error) {
      if (systemErrorCode(error) === "EEXIST") throw new OutputExistsError(this.path);
      throw new OutputFileError(this.path, "create", error);
    }
    await placeholder.close();
    try {
      await fs.promises.rename(this.tempPath, this.path);
    } catch (error) {
      await removeIfPresent(this.path);
      throw new OutputFileError(this.path, "create", error);
    }
  }
}

/**
 * Starts an output: refuses an existing file unless `force`, then creates the temporary file
 * next to it. The existence check is repeated, atomically, by `commit()`.
 */
export async function openOutput(filePath: string, options: OutputOptions = {}): Promise<PendingOutput> {
  const force = options.force === true;
  await refuseExistingOutput(filePath, { force });
  const folder = path.dirname(path.resolve(filePath));
  await removeStaleTemporaryFiles(filePath);
  // Dot-prefixed and tagged with the process id so a leftover from a killed run is recognisable
  // (removeStaleTemporaryFiles, on the next run to the same output).
  const tempName = `.${path.basename(filePath)}.${process.pid}-${randomBytes(6).toString("hex")}.partial`;
  const tempPath = path.join(folder, tempName);
  // Registered before the file exists: a signal that arrives as soon as it is created still removes it.
  removeTemporaryFilesOnSignals();
  openTemporaryFiles.add(tempPath);
  let handle: FileHandle;
  try {
    handle = await fs.promises.open(tempPath, "wx");
  } catch (error) {
    openTemporaryFiles.delete(tempPath);
    throw new OutputFileError(filePath, "create", error);
  }
  return new PendingOutput(filePath, tempPath, handle, force);
}

/** Writes a whole file at once through the same no-clobber, no-partial-file rules. */
export async function writeOutputFile(filePath: string, data: string | Uint8Array, options: OutputOptions = {}): Promise<void> {
  const pending = await openOutput(filePath, options);
  try {
    pending.stream.end(data);
    await pending.commit();
  } catch (error) {
    await pending.discard();
    throw error;
  }
}

async function removeIfPresent(filePath: string): Promise<void> {
  try {
    await fs.promises.unlink(filePath);
  } catch (error) {
    if (systemErrorCode(error) !== "ENOENT") throw error;
  }
}

/** Makes the new directory entry durable where the platform allows opening a folder (not Windows). */
async function syncFolder(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await fs.promises.open(folder, "r");
    await handle.sync();
  } catch {
    // Best effort only: the file itself is already complete and published.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
