/**
 * How a table's rows are to be read (the settings, the measurement unit, the date order, the
 * column corrections) and the plan for every row, from a request's flags: shared by `batch`,
 * `reconcile` and the library's batch(rows) and reconcile(rows).
 */
import { EngineSettings, LengthUnit, parseLengthUnit, refusalThrown, resolveSettings } from "../engine";
import {
  applyMappingOverrides,
  ColumnMapping,
  dateOrderProblem,
  DATE_FORMATS,
  DateFormat,
  DEFAULT_DATE_FORMAT,
  guessMapping,
  MappingOverride,
  parseDateFormat,
  parseMappingOverride,
  planTable,
  TablePlan,
  TablePurpose,
} from "../reconcile";
import { BoardRates, readBoardRatesFile } from "./board-rates-file";
import { SETTINGS_OPTIONS, settingsFromFlags } from "./settings-flags";
import { UsageError } from "./usage-error";

/** The flags that say how rows are read, taken by the commands and by the library's rows requests. */
export const TABLE_READING_OPTIONS = {
  "board-rates": { type: "string" },
  unit: { type: "string" },
  "date-format": { type: "string" },
  ...SETTINGS_OPTIONS,
} as const;

/** The flags as parsed, with --map's corrections ("column=field"). */
export type TableReadingValues = Record<string, unknown> & { unit?: string; "date-format"?: string; map?: string[] };

/** How the rows are to be read, from the flags: the settings, the measurement unit, the date order, the --map corrections. */
export interface TableReading {
  readonly settings: EngineSettings;
  readonly measurementUnit: LengthUnit | null;
  readonly dateFormat: DateFormat;
  /** Whether --date-format was given (then slash dates are read so, even where the rows look day-first). */
  readonly dateFormatGiven: boolean;
  readonly overrides: readonly MappingOverride[];
}

export function tableReading(values: TableReadingValues): TableReading {
  const settings = refusalThrown(resolveSettings(settingsFromFlags(values)));
  let measurementUnit: LengthUnit | null = null;
  if (values.unit !== undefined) measurementUnit = refusalThrown(parseLengthUnit(values.unit));
  let dateFormat: DateFormat = DEFAULT_DATE_FORMAT;
  if (values["date-format"] !== undefined) {
    const parsed = parseDateFormat(values["date-format"]);
    if (parsed === null) throw new UsageError(`--date-format ${JSON.stringify(values["date-format"])} is not one of ${DATE_FORMATS.join(", ")}.`, "date-format");
    dateFormat = parsed;
  }
  return { settings, measurementUnit, dateFormat, dateFormatGiven: values["date-format"] !== undefined, overrides: (values.map ?? []).map(parseMappingOverride) };
}

/** --board-rates: the file's two tables, or none. */
export async function boardRatesOf(boardRatesPath: string | null): Promise<BoardRates> {
  return boardRatesPath === null ? { fees: [], surcharge: [] } : readBoardRatesFile(boardRatesPath);
}

/** The columns' meanings (guessed from the header and the first rows' values, then --map) and the plan for every row. */
export function planTableReading(
  header: readonly string[],
  sample: readonly (readonly unknown[])[],
  reading: TableReading,
  rates: BoardRates,
  purpose: TablePurpose,
): { mapping: ColumnMapping; plan: TablePlan } {
  const mapping = applyMappingOverrides(guessMapping(header, sample), reading.overrides);
  const { settings, measurementUnit, dateFormat } = reading;
  const plan = planTable(mapping, purpose, { settings, boardFees: rates.fees, boardSurcharge: rates.surcharge, measurementUnit, dateFormat });
  // A date format given is the user's word; without one, a day-first file is refused before any row is read.
  const dateProblem = reading.dateFormatGiven ? null : dateOrderProblem(plan, sample);
  if (dateProblem !== null) throw new UsageError(dateProblem, "date-format");
  // The plan's mapping: planTable may add a note (another column of dates it did not take).
  return { mapping: plan.mapping, plan };
}
