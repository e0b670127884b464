/**
 * The flagged rows under reconcile's summary: on a terminal as many as its height leaves free,
 * each line cut to its width; elsewhere twenty, whole.
 */
import { FLAGGED_SHOWN, FlaggedRow, flaggedRowsLines } from "../../src/cli/flagged-rows";
import type { TerminalIo } from "../../src/cli/progress";

const rows: FlaggedRow[] = Array.from({ length: 30 }, (_, i) => ({
  rowNumber: i + 2,
  vessel: `V${i + 1}`,
  date: "2026-03-01",
  variance: i % 2 === 0 ? "0.01" : "-12.50",
  status: "variance",
  note: "Total billed $1,716.09, computed $1,716.08: $0.01 over.",
}));

function io(size: { rows: number; columns: number } | null): TerminalIo {
  return { stdout: () => undefined, stderr: () => undefined, terminalSize: () => size };
}

test("on a terminal 24 lines high, with 15 other lines of report: the header, 5 rows and the count of the rest fill it", () => {
  const lines = flaggedRowsLines(rows, 30, 15, io({ rows: 24, columns: 60 }), false, null);
  // A blank line and the header, then 24 − 15 − 3 = 6 lines for rows: 5 rows and "… 25 more".
  expect(lines).toHaveLength(2 + 6);
  expect(lines.slice(2, 4)).toEqual(["  row 2  V1  2026-03-01   $0.01 over   Total billed $1,716.…", "  row 3  V2  2026-03-01  $12.50 under  Total billed $1,716.…"]);
  // Cut at 59 characters and an ellipsis: 60, the terminal's width.
  expect(lines.every((line) => line.length <= 60)).toBe(true);
  expect(lines[2]).toHaveLength(60);
  expect(lines.at(-1)).toBe("  … 25 more (write them all with -o, or list them with --js…");
});

test("on a terminal too short for the report, still three lines of rows", () => {
  expect(flaggedRowsLines(rows, 30, 40, io({ rows: 24, columns: 200 }), false, "out.csv").slice(2)).toEqual([
    "  row 2  V1  2026-03-01   $0.01 over   Total billed $1,716.09, computed $1,716.08: $0.01 over.",
    "  row 3  V2  2026-03-01  $12.50 under  Total billed $1,716.09, computed $1,716.08: $0.01 over.",
    "  … 28 more (all are in out.csv; list them with --json)",
  ]);
});

test("not a terminal: twenty rows in full, then the count; a row not compared says so; none flagged, no list", () => {
  const notCompared: FlaggedRow = { rowNumber: 9, vessel: null, date: null, variance: null, status: "not checked", note: "The pilotage units are not a number." };
  const lines = flaggedRowsLines([notCompared, ...rows], 31, 15, io(null), false, null);
  expect(lines).toHaveLength(2 + FLAGGED_SHOWN + 1);
  expect(lines[2]).toBe("  row 9   (no vessel)  (no date)          not compared  The pilotage units are not a number.");
  expect(lines.at(-1)).toBe("  … 11 more (write them all with -o, or list them with --json)");
  expect(flaggedRowsLines([], 0, 15, io(null), false, null)).toEqual([]);
});
