/** The quote command's board fee flags, one per fee of BOARD_FEES (`--<cliFlag> X`). */
import { BoardFeeCode, BoardFeeRow, BOARD_FEES, readBoardFeeCents, refusalThrown } from "../engine";

export const BOARD_FEE_OPTIONS: Readonly<Record<string, { type: "string" }>> = Object.fromEntries(BOARD_FEES.map((fee) => [fee.cliFlag, { type: "string" as const }]));

/** `--<cliFlag> X` for a fee's code. */
export const BOARD_FEE_FLAG_TEXT: Readonly<Record<BoardFeeCode, string>> = Object.fromEntries(BOARD_FEES.map((fee) => [fee.code, `--${fee.cliFlag} X`])) as Record<BoardFeeCode, string>;

/** The help line listing every fee's flag. */
export const BOARD_FEE_FLAGS_HELP = `  ${BOARD_FEES.map((fee) => BOARD_FEE_FLAG_TEXT[fee.code]).join("  ")}     (§ 89-a(4)(b)(1-a))`;

/** One board fee row in force on the quote's date, from the flags given; a fee not given, or 0, is "not entered" (D10, as in a table). */
export function boardFeesFromFlags(values: Readonly<Record<string, unknown>>, date: string): BoardFeeRow[] {
  const row = { from: date, forThisTransit: true } as BoardFeeRow;
  for (const fee of BOARD_FEES) row[fee.code] = values[fee.cliFlag] === undefined ? null : refusalThrown(readBoardFeeCents(values[fee.cliFlag], fee.cliFlag, fee.what));
  return [row];
}
