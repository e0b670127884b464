/** Target 4: bundle sizes (gzipped) and the time to load functions.js and register every function. */
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";
import { repoPath } from "./repo-root";

const DIST = repoPath("dist");

export interface LoadResult {
  functionsGzipKb: number;
  taskpaneGzipKb: number;
  loadAndRegisterMs: number;
  registered: number;
}

function gzipKb(files: string[]): number {
  return files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length, 0) / 1024;
}

export function measureLoad(repeats = 30): LoadResult {
  const functionsJs = path.join(DIST, "functions.js");
  // The task pane's scripts: everything taskpane.html loads from the build except functions.js and office.js.
  const html = fs.readFileSync(path.join(DIST, "taskpane.html"), "utf8");
  const taskpaneScripts = [...html.matchAll(/<script[^>]*src="?([^">\s]+)"?/g)]
    .map((m) => m[1])
    .filter((src) => !/^https?:/.test(src) && !src.endsWith("functions.js") && !src.includes("office"))
    .map((src) => path.join(DIST, src));
  const source = fs.readFileSync(functionsJs, "utf8");
  const ids = (JSON.parse(fs.readFileSync(path.join(DIST, "functions.json"), "utf8")) as { functions: { id: string }[] }).functions.length;
  let registered = 0;
  const once = () => {
    const names = new Set<string>();
    const CustomFunctions = { associate: (id: string) => names.add(id), Error: class extends Error {}, ErrorCode: {} };
    // A fresh context each time, as Excel starts a runtime: parse, run, register.
    vm.runInContext(source, vm.createContext({ CustomFunctions }), { filename: functionsJs });
    registered = names.size;
  };
  once();
  const start = process.hrtime.bigint();
  for (let i = 0; i < repeats; i++) once();
  const loadAndRegisterMs = Number(process.hrtime.bigint() - start) / 1e6 / repeats;
  if (registered !== ids) throw new Error(`functions.js registered ${registered} of ${ids} functions`);
  return { functionsGzipKb: gzipKb([functionsJs]), taskpaneGzipKb: gzipKb(taskpaneScripts), loadAndRegisterMs, registered };
}
