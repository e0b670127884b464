/** File I/O for the CLI: CSV and .xlsx in and out, never overwriting, never computing fees. */
export {
  csvField,
  csvRecord,
  CsvWriter,
  isCsvRowError,
  neutraliseFormula,
  readCsvRows,
  type CsvItem,
  type CsvReadOptions,
  type CsvRow,
  type CsvRowError,
  type CsvValue,
  type CsvWriteOptions,
} from "./csv";
export { InputFileError } from "./errors";
export { JsonLinesWriter, TextOutput } from "./text-output";
export {
  openOutput,
  OutputExistsError,
  OutputFileError,
  PendingOutput,
  refuseExistingOutput,
  removeStaleTemporaryFiles,
  sameFile,
  writeOutputFile,
  type OutputOptions,
} from "./safe-output";
export {
  isExcelErrorValue,
  isFormulaCell,
  isNumericText,
  numericText,
  type ExcelErrorValue,
  type FormulaCell,
  type FormulaResult,
  type NumericText,
} from "./values";
export {
  columnLetters,
  DATE_FORMAT,
  documentDate,
  excelSerialFromDate,
  excelValue,
  fitColumns,
  headerRowOf,
  loadExcelJs,
  MONEY_FORMAT,
  readXlsxSheet,
  writeXlsxWorkbook,
  XlsxStreamWriter,
  type XlsxColumn,
  type XlsxColumnKind,
  type XlsxFormattedCell,
  type XlsxOutputCell,
  type XlsxRowHighlight,
  type XlsxSheet,
  type XlsxSheetContent,
  type XlsxSheetLayout,
} from "./xlsx";
export {
  DEFAULT_XLSX_LIMITS,
  FORMULA_WITHOUT_VALUE,
  isFormulaWithoutValue,
  isXlsxRowError,
  openXlsxSheet,
  UNSUPPORTED_CELL,
  XLSX_MAX_COLUMNS,
  XLSX_MAX_ROWS,
  type XlsxCellValue,
  type XlsxItem,
  type XlsxLimits,
  type XlsxRow,
  type XlsxRowError,
  type XlsxSheetOptions,
  type XlsxSheetReader,
} from "./xlsx-read";
export { visibleText } from "./visible-text";
export { PRINT_SETUP, type SheetTable } from "./print-setup";
