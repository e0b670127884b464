/** A call file: JSON, from a path or standard input, read whole within a bound and parsed. */
import fs from "node:fs";
import { InputFileError } from "../workbook/errors";

/** Larger than any call with inline board tables; past it the file is refused before it is parsed. */
export const CALL_FILE_MAXIMUM_BYTES = 16 * 1024 * 1024;

function parsed(text: string, name: string): unknown {
  try {
    // A byte order mark is how some editors save UTF-8; JSON has none.
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new InputFileError(name, `The call ${name} is not JSON: ${(error as Error).message.split("\n")[0]}.`);
  }
}

export async function readCallFile(filePath: string): Promise<unknown> {
  let stats: fs.Stats;
  try {
    stats = await fs.promises.stat(filePath);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new InputFileError(filePath, `Cannot read the call ${JSON.stringify(filePath)}: ${code === "ENOENT" ? "no such file" : (error as Error).message}.`);
  }
  if (!stats.isFile()) throw new InputFileError(filePath, `Cannot read the call ${JSON.stringify(filePath)}: it is not a file.`);
  if (stats.size > CALL_FILE_MAXIMUM_BYTES) throw new InputFileError(filePath, `The call ${JSON.stringify(filePath)} is ${stats.size} bytes; a call file may be at most ${CALL_FILE_MAXIMUM_BYTES} (16 MB).`);
  return parsed(await fs.promises.readFile(filePath, "utf8"), JSON.stringify(filePath));
}

export async function readCallStream(stream: AsyncIterable<Uint8Array | string>): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk);
    size += bytes.length;
    if (size > CALL_FILE_MAXIMUM_BYTES) throw new InputFileError("-", `The call on standard input is more than ${CALL_FILE_MAXIMUM_BYTES} bytes (16 MB), the most a call file may be.`);
    chunks.push(bytes);
  }
  return parsed(Buffer.concat(chunks).toString("utf8"), "on standard input");
}
