/**
 * How the .xlsx reader tells a cell's number format (red-team F6): a date is moved between date
 * systems, a duration or a time shown as hours and minutes becomes the text it shows (so an hours
 * column reads 10:30 as 10½ hours, never 0.4375), a 12-hour-clock time becomes "10:30 AM" (refused
 * by an hours column), and everything else stays a number.
 */
import { Workbook } from "exceljs";
import path from "node:path";
import { isXlsxRowError, numberStyleOf, openXlsxSheet } from "../../src/workbook/xlsx-read";
import { useTempFolder } from "./temp-folder";

test.each([
  ["[h]:mm", "duration"],
  ["[h]:mm:ss", "duration"],
  ["[mm]:ss", "duration"],
  ["h:mm", "time"],
  ["hh:mm:ss", "time"],
  ["h:mm AM/PM", "clock"],
  ["[$-409]h:mm:ss AM/PM", "clock"],
  ["h:mm A/P", "clock"],
  ["m/d/yy h:mm", "date"],
  ["yyyy-mm-dd", "date"],
  ["mmm", "date"],
  ["0.00", "number"],
  ['"$"#,##0.00', "number"],
  ['0.0" hrs"', "number"],
  ["[Red]0.00", "number"],
  ["General", "number"],
] as const)("%s is a %s format", (code, style) => {
  expect(numberStyleOf(code)).toBe(style);
});

const folder = useTempFolder();

test("cells as read: durations and hours-and-minutes times as the text they show, a clock time with AM/PM, dates and numbers as numbers", async () => {
  const file = path.join(folder(), "times.xlsx");
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet("Jobs");
  sheet.addRow(["Hours", "Format"]);
  // [value in days, format]: 10.5 h; 26.5 h (a duration past a day); 10 h exactly; 10 h 0 min 1 s;
  // a typed 9:45 (h:mm); 10:30 on the clock; an h:mm time past a day (a date-time shown by its time:
  // kept a number); 2026-06-15 as a date; 10.5 as a number.
  const cells: [number, string][] = [
    [10.5 / 24, "[h]:mm"],
    [26.5 / 24, "[h]:mm"],
    [10 / 24, "[h]:mm:ss"],
    [(10 * 3600 + 1) / 86400, "[h]:mm:ss"],
    [9.75 / 24, "h:mm"],
    [10.5 / 24, "h:mm AM/PM"],
    [46188.5, "h:mm"],
    [46188, "yyyy-mm-dd"],
    [10.5, "0.00"],
  ];
  for (const [value, format] of cells) sheet.addRow([value, format]).getCell(1).numFmt = format;
  await workbook.xlsx.writeFile(file);
  const reader = await openXlsxSheet(file);
  const values: unknown[] = [];
  try {
    for await (const item of reader.rows()) if (!isXlsxRowError(item)) values.push(item.cells[0]);
  } finally {
    await reader.close();
  }
  expect(values).toEqual(["10:30", "26:30", "10:00", "10:00:01", "9:45", "10:30 AM", 46188.5, 46188, 10.5]);
});
