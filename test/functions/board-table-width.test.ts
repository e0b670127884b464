/**
 * Red team F7: the functions' board tables are read by position, so a table wider than its layout
 * is refused (#VALUE!, naming the layout) rather than a column dropped or read for another; and a 0
 * in the surcharge board's table (desktop Excel's empty cell) is refused as a blank is, never a
 * $0.00 surcharge. With the right table, 192 units on 2026-06-15: 192 × $3.60 = $691.20
 * (§ 89-a(4)(b)(1-c)(iii), D8).
 */
import { excelError } from "../support/custom-functions";
import { pilotage } from "./nypilot";

const one = (value: unknown) => [[value]];
const SURCHARGE = [["From", "0–50 units", "51–100 units", "Per unit over 100"], ["2020-11-20", 300, 360, 3.6]];

test("the surcharge table as laid out: 192 × $3.60 = $691.20", () => {
  expect(pilotage.surcharge(one(192), one("2026-06-15"), SURCHARGE)[0][0]).toBe(691.2);
});

test("a fifth column, in the titles or the rows, is refused naming the four columns", () => {
  const wider = [["From", "0-50", "51-100", "Note", "Per unit"], ["2020-11-20", 300, 360, 0, 3.6]];
  const error = excelError(pilotage.surcharge(one(192), one("2026-06-15"), wider)[0][0]);
  expect(error?.code).toBe("#VALUE!");
  expect(error?.message).toMatch(/row 1: it has something in column 5, past its 4 columns \(from date, 0–50 amount, 51–100 amount, per unit over 100\)/);
  const feesWider = [["2026-01-01", 300, 45.5, 999, 125]];
  const total = pilotage.total({ units: one(192), section: one(2), date: one("2026-06-15"), hours: one(12), relieved: null, anchored: null, boardFees: feesWider, boardSurcharge: SURCHARGE });
  expect(excelError(total[0][0])?.message).toMatch(/Board fees table, row 1: it has something in column 5, past its 4 columns \(from date, launch fee, communication fee, mid-river launch fee\)/);
});

test("a wider range whose extra columns are empty (0 on the desktop) is read as laid out", () => {
  const padded = [["2020-11-20", 300, 360, 3.6, 0, null]];
  expect(pilotage.surcharge(one(192), one("2026-06-15"), padded)[0][0]).toBe(691.2);
});

test("a 0 surcharge amount is refused as an empty cell, never a $0.00 surcharge", () => {
  const error = excelError(pilotage.surcharge(one(192), one("2026-06-15"), [["2020-11-20", 300, 360, 0]])[0][0]);
  expect(error?.message).toMatch(/per-unit surcharge over 100 units is 0 .*: enter the surcharge board's amount/);
});
