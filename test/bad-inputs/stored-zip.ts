/**
 * Writes a zip file whose entries are stored (not compressed), byte by byte, for hostile archives
 * no zip library makes: two entries of one name, a CRC-32 that does not match, an entry of
 * hundreds of megabytes written in chunks without ever being held whole. ZIP's APPNOTE 4.3: each
 * entry is a local header and its bytes; then one central directory header per entry; then the
 * end-of-central-directory record. No zip64: every entry and the file stay under 4 GB.
 */
import fs from "node:fs";
import zlib from "node:zlib";

export interface StoredEntry {
  readonly name: string;
  /** The entry's bytes, as chunks; called twice (once for the CRC-32, once to write). */
  readonly chunks: () => Iterable<Buffer>;
  /** The CRC-32 to declare instead of the true one (a damaged entry). */
  readonly declaredCrc?: number;
}

export function storedEntry(name: string, content: string | Buffer): StoredEntry {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return { name, chunks: () => [bytes] };
}

function header(fields: [number, 2 | 4][]): Buffer {
  const buffer = Buffer.alloc(fields.reduce((sum, [, size]) => sum + size, 0));
  let at = 0;
  for (const [value, size] of fields) {
    if (size === 2) buffer.writeUInt16LE(value, at);
    else buffer.writeUInt32LE(value >>> 0, at);
    at += size;
  }
  return buffer;
}

/** Writes the entries, in order, to `filePath`. */
export function writeStoredZip(filePath: string, entries: readonly StoredEntry[]): void {
  const fd = fs.openSync(filePath, "w");
  try {
    let offset = 0;
    const write = (buffer: Buffer) => {
      fs.writeSync(fd, buffer);
      offset += buffer.length;
    };
    const central: Buffer[] = [];
    for (const entry of entries) {
      let crc = 0;
      let size = 0;
      for (const chunk of entry.chunks()) {
        crc = zlib.crc32(chunk, crc);
        size += chunk.length;
      }
      const declaredCrc = entry.declaredCrc ?? crc;
      const name = Buffer.from(entry.name, "utf8");
      const start = offset;
      // Version 2.0, no flags, method 0 (stored), no time or date.
      write(Buffer.concat([header([[0x04034b50, 4], [20, 2], [0, 2], [0, 2], [0, 2], [0, 2], [declaredCrc, 4], [size, 4], [size, 4], [name.length, 2], [0, 2]]), name]));
      for (const chunk of entry.chunks()) write(chunk);
      central.push(
        Buffer.concat([
          header([[0x02014b50, 4], [20, 2], [20, 2], [0, 2], [0, 2], [0, 2], [0, 2], [declaredCrc, 4], [size, 4], [size, 4], [name.length, 2], [0, 2], [0, 2], [0, 2], [0, 2], [0, 4], [start, 4]]),
          name,
        ]),
      );
    }
    const directoryStart = offset;
    for (const record of central) write(record);
    const directorySize = offset - directoryStart;
    write(header([[0x06054b50, 4], [0, 2], [0, 2], [entries.length, 2], [entries.length, 2], [directorySize, 4], [directoryStart, 4], [0, 2]]));
  } finally {
    fs.closeSync(fd);
  }
}
