/**
 * A/B measurement on a loaded machine: the two sides run alternately (A B A B …) in the same
 * process, so both see the same background load, and each side's median is reported. Ratios
 * from one such run are the only figures worth comparing; absolute times drift with the load.
 */

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface Alternated {
  /** Median of side A's runs. */
  a: number;
  /** Median of side B's runs. */
  b: number;
  aRuns: number[];
  bRuns: number[];
}

/** Runs `a` then `b`, `runs` times each, alternating; each call returns its own measured figure. */
export async function alternate(runs: number, a: () => number | Promise<number>, b: () => number | Promise<number>): Promise<Alternated> {
  const aRuns: number[] = [];
  const bRuns: number[] = [];
  for (let run = 0; run < runs; run++) {
    aRuns.push(await a());
    bRuns.push(await b());
  }
  return { a: median(aRuns), b: median(bRuns), aRuns, bRuns };
}

/** Runs listed for the record: "0.512, 0.498, 0.530". */
export function listedRuns(values: readonly number[], digits = 3): string {
  return values.map((v) => v.toFixed(digits)).join(", ");
}
