/**
 * Peak memory of a process, for the bench and the tests: the one declaration is peak-memory-probe.cjs
 * (plain JavaScript, so that a child can load it with `node -r`); this gives it types and a path
 * that holds from the sources and from the build (dist-node/bench/).
 */
import fs from "node:fs";
import { repoPath } from "./repo-root";

/** The file to load with `node -r` in a child whose peak is wanted (see childPeakMemory). */
export const PEAK_MEMORY_PROBE = repoPath("bench", "peak-memory-probe.cjs");

interface PeakMemoryProbe {
  peakKilobytes(): number;
  residentKilobytes(): number;
  resetPeak(): boolean;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const probe = require(PEAK_MEMORY_PROBE) as PeakMemoryProbe;

const megabytes = (kilobytes: number) => kilobytes / 1024;

/** The most resident memory this process has held (since it started, or since resetPeakMemory), in MB. */
export const peakMemoryMb = (): number => megabytes(probe.peakKilobytes());
/** The resident memory this process holds now, in MB. */
export const residentMemoryMb = (): number => megabytes(probe.residentKilobytes());
/** Starts the peak again from what is resident now; false where it cannot (the peak then counts from the start). */
export const resetPeakMemory = (): boolean => probe.resetPeak();

/**
 * For a child whose peak is wanted: the arguments to put before its script, the environment to
 * give it, and `peakMb()` to read the figure once it has ended.
 */
export function childPeakMemory(file: string): { nodeArgs: string[]; env: NodeJS.ProcessEnv; peakMb: () => number } {
  return {
    nodeArgs: ["--require", PEAK_MEMORY_PROBE],
    env: { ...process.env, HUDSON_PEAK_MEMORY_FILE: file },
    peakMb: () => megabytes(Number(fs.readFileSync(file, "utf8"))),
  };
}
