/**
 * The board's fees, § 89-a(4)(b)(1-a):
 *
 *   "All vessels shall pay an additional launch fee and communication fee. … All vessels transiting
 *    Section 2, Upper River; Yonkers, to beyond Hyde Park through Albany or Troy shall pay a
 *    mid-river launch fee. … The launch fee, communication fee, and mid-river launch fee shall be
 *    reviewed annually by the board of commissioners of pilots …"
 *
 * The statute says who pays, not how much (D10): each fee is declared once in rates/board-fees.ts,
 * and its amount is the user's dated row. A fee not entered is "not entered", never zero.
 */
import { IsoDate, rowInForce } from "../dates";
import { BoardFeeCode, boardFeesFor } from "../rates/board-fees";
import { SectionNumber } from "../rates/base-pilotage";
import { ChargeLine, chargeLine } from "./line";

/**
 * A row of the board's fees (D10), in force from its date: each amount in whole cents (D14: rounded
 * half up when read), null when not entered.
 * `forThisTransit`: a row given for one transit (the CLI's flags), in force on its date, whose own
 * from-date is not known; the D19–D21 checks treat it as entered for that transit.
 */
export type BoardFeeRow = { from: IsoDate; forThisTransit?: boolean } & { [Code in BoardFeeCode]: number | null };

export function boardFeeRowOn(date: IsoDate, rows: readonly BoardFeeRow[]): BoardFeeRow | null {
  return rowInForce(date, rows);
}

/** D10: the sum of the board's fees a section's transit pays that the row in force enters (null: none entered). */
export function boardFeesEnteredCents(section: SectionNumber, row: BoardFeeRow | null): number {
  const fees = boardFeesFor(section);
  let cents = 0;
  if (row !== null) for (let i = 0; i < fees.length; i++) cents += row[fees[i].code] ?? 0;
  return cents;
}

/** Whether the row in force enters every fee the section pays. */
export function boardFeesAllEntered(section: SectionNumber, row: BoardFeeRow | null): boolean {
  if (row === null) return false;
  const fees = boardFeesFor(section);
  for (let i = 0; i < fees.length; i++) if (row[fees[i].code] === null) return false;
  return true;
}

/** D10: the line of each fee the section pays, from the board's row in force on the date (null: none entered). */
export function boardFeeLinesOf(section: SectionNumber, date: IsoDate, inForce: BoardFeeRow | null): ChargeLine[] {
  return boardFeesFor(section).map((fee) => {
    const cents = inForce === null ? null : inForce[fee.code];
    return chargeLine(fee.code, fee.label, cents, fee.citation, () =>
      inForce === null || cents === null
        ? `Not entered: enter the board's ${fee.label.toLowerCase()} in force on ${date} (${fee.purpose}).`
        : `Board amount in force from ${inForce.from} (${fee.purpose}).`,
    );
  });
}
