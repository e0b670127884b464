/**
 * The repository's root, found from this file's own place: from the sources (bench/, under ts-node
 * or jest) or from the build (dist-node/bench/), wherever the copy of the repository lives and
 * whatever the working directory. The root is the nearer of the two that holds the bench's own
 * probe script (dist-node/ holds no bench/ scripts of that kind).
 */
import fs from "node:fs";
import path from "node:path";

function repoRoot(): string {
  const candidates = [path.resolve(__dirname, ".."), path.resolve(__dirname, "../..")];
  const root = candidates.find((dir) => fs.existsSync(path.join(dir, "bench", "peak-memory-probe.cjs")));
  if (root === undefined) throw new Error(`bench: no repository root above ${__dirname} (looked for bench/peak-memory-probe.cjs in ${candidates.join(" and ")})`);
  return root;
}

export const REPO_ROOT = repoRoot();

/** A path inside the repository: repoPath("dist", "functions.js"). */
export const repoPath = (...parts: string[]): string => path.join(REPO_ROOT, ...parts);
