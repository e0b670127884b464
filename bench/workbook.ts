/**
 * Target 3: a 100,000-row reconciliation sheet in the HyperFormula harness, with NYPILOT column
 * formulas, against the same sheet written with the native formulas an accountant would build
 * (IF/ROUND/VLOOKUP over a rate table). Both are built and evaluated, then recalculated after a
 * board amount changes; the computed totals must agree row for row.
 */
import { isoToExcelSerial } from "../src/engine";
import path from "node:path";
import { loadFunctionsBundle, readFunctionsMetadata } from "../test/support/bundle";
import { buildHyperFormula, HarnessOptions } from "../test/support/hyperformula";
import { generateTransits } from "./transits";
import { repoPath } from "./repo-root";

export interface WorkbookBenchResult {
  rows: number;
  nypilotBuildSeconds: number;
  nativeBuildSeconds: number;
  nypilotRecalcSeconds: number;
  nativeRecalcSeconds: number;
  /** Rows where the native float formulas land a cent off the exact amount (half-cent cases). */
  nativeCentDifferences: number;
}

// Clause start dates (default anchor) as Excel serials, with the statute's amounts:
// from | S1 ≤50 | S1 50–100 | S1 per unit | S2 ≤50 | S2 50–100 | S2 per unit
const RATE_TABLE: [string, number, number, number, number, number, number][] = [
  ["2022-01-01", 951.2, 1359.81, 13.61, 1567.97, 1916.42, 19.17],
  ["2023-01-01", 979.74, 1400.6, 14.02, 1615.01, 1973.91, 19.75],
  ["2024-01-01", 1009.13, 1442.62, 14.44, 1663.46, 2033.13, 20.34],
  ["2025-01-01", 1039.4, 1485.9, 14.87, 1713.36, 2094.12, 20.95],
  ["2026-01-01", 1070.58, 1530.48, 15.32, 1764.76, 2156.94, 21.58],
  ["2027-01-01", 1102.7, 1576.39, 15.78, 1817.7, 2221.65, 22.23],
];

function timed<T>(run: () => T): [T, number] {
  const start = process.hrtime.bigint();
  const value = run();
  return [value, Number(process.hrtime.bigint() - start) / 1e9];
}

/** The built add-in, wherever this file runs from (bench/ or dist-node/bench/). */
function builtAddin(): HarnessOptions {
  const dist = repoPath("dist");
  return {
    bundle: loadFunctionsBundle({ file: path.join(dist, "functions.js") }),
    metadata: readFunctionsMetadata(path.join(dist, "functions.json")),
    // Excel's own sheet size; HyperFormula's default stops at 40,000 rows.
    config: { maxRows: 1_048_576 },
  };
}

export function measureWorkbookRecalc(rows: number): WorkbookBenchResult {
  const addin = builtAddin();
  // Transits from 2022 on, so the clause table above and the board's surcharge apply.
  const transits = generateTransits(rows, 11).map((t) => ({ ...t, date: t.date < "2022-01-01" ? "2024-06-15" : t.date }));
  const board = [
    ["From", "Launch", "Communication", "Mid-river launch"],
    [isoToExcelSerial("2015-01-01"), 285, 42, 118],
    ["From", "0-50", "51-100", "Per unit over 100"],
    [isoToExcelSerial("2020-11-20"), 300, 360, 3.6],
  ];
  const rates = RATE_TABLE.map(([from, ...amounts]) => [isoToExcelSerial(from), ...amounts]);
  const inputs = transits.map((t) => [t.unitsHundredths / 100, t.section, isoToExcelSerial(t.date), t.hours]);
  const last = rows + 1;

  const nypilotSheet = [["Units", "Section", "Date", "Hours", "Total"], ...inputs.map((r) => [...r])];
  nypilotSheet[1][4] = `=NYPILOT.HUDSON_TOTAL(A2:A${last},B2:B${last},C2:C${last},D2:D${last},FALSE,FALSE,Board!A1:D2,Board!A3:D4)`;

  const native = (r: number) => {
    const col = (s1: number, s2: number) => `VLOOKUP(C${r},Rates!$A$1:$G$6,IF(B${r}=1,${s1},${s2}),TRUE)`;
    const base = `IF(A${r}<=50,${col(2, 5)},IF(A${r}<100,${col(3, 6)},ROUND(${col(4, 7)}*MIN(A${r},500),2)))`;
    const sur = `IF(A${r}<=50,Board!$B$4,IF(A${r}<=100,Board!$C$4,ROUND(Board!$D$4*A${r},2)))`;
    const second = `IF(D${r}>10,ROUND(${base}*0.5,2),0)`;
    const fees = `Board!$B$2+Board!$C$2+IF(B${r}=2,Board!$D$2,0)`;
    return `=${base}+${sur}+${second}+${fees}`;
  };
  const nativeSheet = [["Units", "Section", "Date", "Hours", "Total"], ...inputs.map((r, i) => [...r, native(i + 2)])];

  const [nypilot, nypilotBuildSeconds] = timed(() => buildHyperFormula({ Invoices: nypilotSheet, Board: board, Rates: rates }, addin));
  const [nativeBook, nativeBuildSeconds] = timed(() => buildHyperFormula({ Invoices: nativeSheet, Board: board, Rates: rates }, addin));
  try {
    // Float ROUND can land a half cent the wrong way (e.g. 50% × $10,135.63 = $5,067.815 → $5,067.81
    // in binary floating point, $5,067.82 exactly); and the second pilot doubles such a miss. More than five cents apart is a bug.
    const compare = () => {
      const a = nypilot.values(`Invoices!E2:E${last}`);
      const b = nativeBook.values(`Invoices!E2:E${last}`);
      let centDifferences = 0;
      for (let i = 0; i < rows; i++) {
        const x = a[i][0];
        const y = b[i][0];
        if (typeof x !== "number" || typeof y !== "number" || Math.abs(x - y) > 0.0500001) throw new Error(`row ${i + 2}: NYPILOT ${String(x)} vs native ${String(y)}`);
        if (Math.abs(x - y) > 0.005) centDifferences++;
      }
      return centDifferences;
    };
    const nativeCentDifferences = compare();
    // The board raises the launch fee: every row's total changes.
    const launch = (book: typeof nypilot) => {
      const sheet = book.hf.getSheetId("Board") as number;
      book.hf.setCellContents({ sheet, col: 1, row: 1 }, [[290]]);
    };
    const [, nypilotRecalcSeconds] = timed(() => launch(nypilot));
    const [, nativeRecalcSeconds] = timed(() => launch(nativeBook));
    compare();
    return { rows, nypilotBuildSeconds, nativeBuildSeconds, nypilotRecalcSeconds, nativeRecalcSeconds, nativeCentDifferences };
  } finally {
    nypilot.destroy();
    nativeBook.destroy();
  }
}
