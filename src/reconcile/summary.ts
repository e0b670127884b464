/** The summary of a reconciliation, added up as rows stream past: counts and exact sums, no rows held. */
import { ExactSum, exactText } from "./amounts";
import { ReconciledRow } from "./row";

export interface MalformedRow {
  readonly rowNumber: number;
  readonly error: string;
}

export interface ExcludedRow {
  readonly rowNumber: number;
  readonly reason: string;
}

/** Rows excluded as not transits (totals rows, page furniture, notes), as reconcile's and batch's summaries give them. */
export interface ExcludedRowsSummary {
  /** Rows that are not invoices or transits (totals rows, page furniture, notes) excluded: never flagged or quoted. */
  readonly rowsExcluded: number;
  readonly excludedRowNumbers: readonly number[];
  /** The first MALFORMED_EXAMPLES excluded rows, each with why. */
  readonly excludedRows: readonly ExcludedRow[];
}

/** Counts the rows excluded as they stream past, keeping the first MALFORMED_EXAMPLES with why. */
export class ExcludedRows {
  private readonly numbers: number[] = [];
  private readonly examples: ExcludedRow[] = [];

  add(rowNumber: number, reason: string): void {
    this.numbers.push(rowNumber);
    if (this.examples.length < MALFORMED_EXAMPLES) this.examples.push({ rowNumber, reason });
  }

  get count(): number {
    return this.numbers.length;
  }

  summary(): ExcludedRowsSummary {
    return { rowsExcluded: this.numbers.length, excludedRowNumbers: [...this.numbers], excludedRows: [...this.examples] };
  }
}

export interface ReconcileSummary extends ExcludedRowsSummary {
  /** Data rows in the input: read, plus malformed. */
  readonly rows: number;
  readonly rowsRead: number;
  /** Rows that could not be parsed and were skipped (never silently). */
  readonly malformedRows: number;
  readonly malformedRowNumbers: readonly number[];
  /** The first MALFORMED_EXAMPLES malformed rows with what was wrong. */
  readonly malformedExamples: readonly MalformedRow[];
  /* rowsExcluded (ExcludedRowsSummary): rowsRead = matched + flagged + not checked + excluded. */
  /** Rows matched or flagged (rowsMatched + rowsFlagged). */
  readonly rowsChecked: number;
  readonly rowsNotChecked: number;
  /** Rows with a transit or billed cell that could not be read (a subset of those not checked). */
  readonly rowsWithInputErrors: number;
  /** Rows with a variance (status "variance"). */
  readonly rowsFlagged: number;
  /** Rows whose every billed amount matches (status "matched"). */
  readonly rowsMatched: number;
  /** Over the rows whose variance is known (matched, and flagged with a row variance): billed and computed, as "1234.56". */
  readonly billed: string;
  readonly computed: string;
  /** The flagged rows' variances summed, exactly: over and under cancel, as they do in billed − computed. */
  readonly variance: string;
  /** Every invoice row matched: none flagged, none not checked, none malformed, and no amount column left unread. */
  readonly allMatched: boolean;
  /** Columns of amounts that may be what was billed and were not read (mapping.ts): present only when there are some. */
  readonly unreadAmountColumns?: readonly string[];
}

export const MALFORMED_EXAMPLES = 100;

/** Adds rows up as they stream past; holds no rows, only counts, sums and malformed row numbers. */
export class ReconcileTally {
  private rowsRead = 0;
  private checked = 0;
  private inputErrors = 0;
  private flagged = 0;
  private matched = 0;
  private notChecked = 0;
  private readonly variance = new ExactSum();
  private readonly excluded = new ExcludedRows();
  private readonly billed = new ExactSum();
  private readonly computed = new ExactSum();
  private readonly malformedNumbers: number[] = [];
  private readonly malformedExamples: MalformedRow[] = [];

  /** `unreadAmountColumns`: the columns of amounts the run did not read, described; none, a verdict may say every row matches. */
  constructor(private readonly unreadAmountColumns: readonly string[] = []) {}

  addRow(row: ReconciledRow): void {
    this.rowsRead += 1;
    if (row.inputError !== null) this.inputErrors += 1;
    if (row.status === "variance") this.flagged += 1;
    if (row.status === "matched") this.matched += 1;
    if (row.status === "not checked") this.notChecked += 1;
    else this.checked += 1;
    if (row.flaggedVariance !== null) this.variance.add(row.flaggedVariance);
    if (row.status !== "not checked" && row.billedAmount !== null && row.computedAmount !== null) {
      this.billed.add(row.billedAmount);
      this.computed.add(row.computedAmount);
    }
  }

  /** A row that is not an invoice (a totals row, a note): read, excluded, named with why. */
  addExcluded(rowNumber: number, reason: string): void {
    this.rowsRead += 1;
    this.excluded.add(rowNumber, reason);
  }

  addMalformed(rowNumber: number, error: string): void {
    this.malformedNumbers.push(rowNumber);
    if (this.malformedExamples.length < MALFORMED_EXAMPLES) this.malformedExamples.push({ rowNumber, error });
  }

  summary(): ReconcileSummary {
    const malformed = this.malformedNumbers.length;
    return {
      rows: this.rowsRead + malformed,
      rowsRead: this.rowsRead,
      malformedRows: malformed,
      malformedRowNumbers: [...this.malformedNumbers],
      malformedExamples: [...this.malformedExamples],
      ...this.excluded.summary(),
      rowsChecked: this.checked,
      rowsNotChecked: this.notChecked,
      rowsWithInputErrors: this.inputErrors,
      rowsFlagged: this.flagged,
      rowsMatched: this.matched,
      billed: exactText(this.billed.value),
      computed: exactText(this.computed.value),
      variance: exactText(this.variance.value),
      allMatched: this.matched === this.rowsRead - this.excluded.count && malformed === 0 && this.unreadAmountColumns.length === 0,
      ...(this.unreadAmountColumns.length > 0 ? { unreadAmountColumns: [...this.unreadAmountColumns] } : {}),
    };
  }
}

/** "7, 12–15, 30": row numbers as runs. */
export function rowRanges(rowNumbers: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < rowNumbers.length; ) {
    let j = i;
    while (j + 1 < rowNumbers.length && rowNumbers[j + 1] === rowNumbers[j] + 1) j += 1;
    parts.push(j === i ? String(rowNumbers[i]) : `${rowNumbers[i]}–${rowNumbers[j]}`);
    i = j + 1;
  }
  return parts.join(", ");
}

/** The summary's verdict in words: every row matches, or what stands in the way. */
export function resultText(summary: ReconcileSummary): string {
  if (summary.allMatched) return "every row matches § 89-a";
  const found = summary.rowsFlagged + summary.rowsNotChecked + summary.malformedRows > 0 ? "variances or rows needing attention found" : "no variance in the amounts read";
  const unread = summary.unreadAmountColumns ?? [];
  if (unread.length === 0) return found;
  return `${found}, but ${unread.join(" and ")} ${unread.length === 1 ? "holds amounts" : "hold amounts"} that were not read (see the Note)`;
}
