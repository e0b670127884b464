/**
 * The print setup of every sheet the product writes (issue 14): landscape, one page wide and as
 * many pages down as it takes, the header row repeated on each page, an autofilter on the header,
 * and on screen the header row and the first column frozen. One declaration: the CLI's exceljs
 * writer (xlsx.ts) and the task pane's Office.js writer (src/taskpane/excel-writer.ts) both apply
 * it. Pure data: no exceljs, no Office.
 */

export const PRINT_SETUP = {
  orientation: "landscape",
  /** Pages across: every column on one page width. */
  pagesWide: 1,
  /** Pages down: 0, as many as the rows take (OOXML fitToHeight 0). */
  pagesTall: 0,
  /** Columns frozen on screen left of the data: the first (an invoice's or a transit's name). */
  frozenColumns: 1,
} as const;

/** Where one sheet's table is: its header row (repeated on each page, frozen) and its extent for the autofilter. */
export interface SheetTable {
  /** 1-based row of the header. */
  readonly headerRow: number;
  /** 1-based last column and last row of the table (the autofilter's extent). */
  readonly lastColumn: number;
  readonly lastRow: number;
}
