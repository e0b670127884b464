/**
 * The task pane's "Reconcile invoices" section (Excel only): pick the invoice table, check and
 * correct the column mapping the engine guessed, run, watch the progress. The DOM is built as in
 * render.ts (no HTML parsing); the mapping and its checks come from reconcile-layout.ts, the work
 * in the workbook from the ReconcileActions the Excel platform gives.
 */
import { EngineSettings, LengthUnit } from "../engine";
import { FIELD_LABELS, HEADER_SEARCH_ROWS, RECONCILE_FIELDS, ReconcileField, TablePlan } from "../reconcile";
import { FieldError } from "./form";
import { checkMapping, guessedFields, locateTable, NewSheetReason, RangeNotUsable, ReconcileSheetPlan, SourceTable } from "./reconcile-layout";
import { el, errorElement, insertAsValuesCheck, renderErrors, selectField } from "./render";
import { BOARD_RATES_SHEET, columnLetter } from "./sheet-layout";

/** What the Excel platform does for the section. */
export interface ReconcileActions {
  /** The selected range, or the Excel table around the selection. */
  pickTable(): Promise<SourceTable>;
  /** Writes the result; reports rows done; returns what to tell the person. */
  run(plan: TablePlan, source: SourceTable, onProgress: (rowsDone: number, rowsTotal: number) => void, options: { valuesOnly: boolean }): Promise<string>;
}

const IGNORE = "";
const FIELD_OPTIONS: readonly (readonly [string, string])[] = [[IGNORE, "— ignore this column —"], ...RECONCILE_FIELDS.map((field) => [field, FIELD_LABELS[field]] as const)];

const UNIT_OPTIONS: readonly (readonly [string, string])[] = [
  ["", "As the headers say, e.g. “LOA (m)” (feet if they say nothing)"],
  ["ft", "Feet"],
  ["m", "Metres"],
  ["in", "Inches"],
];

function mappingSelectId(column: number): string {
  return `reconcile-column-${column}`;
}

function countText(n: number): string {
  return n.toLocaleString("en-US");
}

/** "Rows 5,000 of 100,000". */
export function progressText(rowsDone: number, rowsTotal: number): string {
  return `Rows ${countText(rowsDone)} of ${countText(rowsTotal)}`;
}

/** "Invoices!A1:F13: 6 columns, 12 rows under the header." */
export function describeSource(source: SourceTable): string {
  const last = `${columnLetter(source.firstColumn + source.width - 1)}${source.headerRow + source.dataRows}`;
  return `${source.sheetName}!${columnLetter(source.firstColumn)}${source.headerRow}:${last}: ${source.width} column${source.width === 1 ? "" : "s"}, ${countText(source.dataRows)} row${source.dataRows === 1 ? "" : "s"} under the header.`;
}

export function reconcileSection(): HTMLElement {
  return el(
    "section",
    { id: "reconcile", class: "card", "aria-labelledby": "reconcile-title" },
    el("h2", { id: "reconcile-title" }, "Reconcile invoices"),
    el(
      "p",
      { class: "hint" },
      "Select the invoice table (its header row and the rows under it; a title above it may come along: the header row is found, and you may choose another) or click inside an Excel table, then choose “Use selected range”. Computed columns, variances and a flag are added beside the table where those cells are empty, otherwise on a new sheet; your cells are never changed.",
    ),
    el("div", { class: "actions" }, el("button", { type: "button", class: "button secondary", "data-action": "reconcile-pick" }, "Use selected range")),
    el("p", { id: "reconcile-range", class: "hint" }),
    el("div", { id: "reconcile-header" }),
    el(
      "fieldset",
      { id: "reconcile-mapping", hidden: true },
      el("legend", {}, "What each column holds"),
      el("div", { id: "reconcile-columns" }),
      selectField({
        id: "reconcile-unit",
        label: "Unit of plain-number measurements",
        bind: "reconcile.unit",
        value: "",
        options: UNIT_OPTIONS,
        hint: "Only used when the table gives length, breadth and depth rather than pilotage units.",
      }),
    ),
    el("ul", { id: "reconcile-notes", class: "notes" }),
    errorElement("reconcile-mapping-error"),
    insertAsValuesCheck("reconcile-values", "The computed columns, variances, flag, status and summary as values, no formulas: they read the same without the add-in (to send the check to someone)."),
    el("div", { class: "actions" }, el("button", { id: "reconcile-run", type: "button", class: "button primary", "data-action": "reconcile-run", disabled: true }, "Reconcile")),
    el(
      "div",
      { id: "reconcile-progress", hidden: true },
      el("progress", { id: "reconcile-progressbar", max: 1, value: 0, "aria-labelledby": "reconcile-progress-text" }),
      el("p", { id: "reconcile-progress-text", class: "hint" }),
    ),
    el("p", { id: "reconcile-message", class: "message", role: "status", "aria-live": "polite" }),
  );
}

/** The rows the header may be chosen among (a picked range's first rows with a row under them): value, and the row with its first cell. */
export function headerRowOptions(source: SourceTable): (readonly [string, string])[] {
  const picked = source.picked;
  if (picked === undefined) return [];
  const rows = Math.min(picked.rows.length, HEADER_SEARCH_ROWS, picked.lastRow - picked.top);
  return Array.from({ length: rows }, (_, index): readonly [string, string] => {
    const row = picked.top + index;
    const first = picked.rows[index]?.find((cell) => cell !== null && cell !== undefined && String(cell).trim() !== "");
    return [String(row), `Row ${row}${first === undefined ? " (empty)" : `: ${String(first).slice(0, 40)}`}`];
  });
}

/** The choice of the header row among the picked range's first rows, the one found selected. */
function headerRowField(source: SourceTable): HTMLElement[] {
  const options = headerRowOptions(source);
  if (options.length === 0) return [];
  return [
    selectField({
      id: "reconcile-header-row",
      label: "Header row (the row that names the columns)",
      bind: "reconcile.headerRow",
      value: String(source.headerRow),
      options,
      hint: source.headerChosen === "given" ? "As you chose." : "Found among the selection's first rows: the row whose cells name the columns best, with rows under it that read as them.",
    }),
  ];
}

function mappingFields(source: SourceTable, fields: readonly (ReconcileField | null)[]): HTMLElement[] {
  return source.headers.map((header, column) =>
    selectField({
      id: mappingSelectId(column),
      label: `${columnLetter(source.firstColumn + column)} ${header === "" ? "(no header)" : `“${header}”`}`,
      bind: `reconcile.column.${column}`,
      value: fields[column] ?? IGNORE,
      options: FIELD_OPTIONS,
    }),
  );
}

export class ReconcilePanel {
  private source: SourceTable | null = null;
  private fields: (ReconcileField | null)[] = [];
  private measurementUnit: LengthUnit | null = null;

  constructor(
    private readonly section: HTMLElement,
    private readonly actions: ReconcileActions,
    private readonly settings: () => EngineSettings,
    /** Checks the pane's board rows before a run (they go to the Board rates sheet the formulas read); a message when they cannot. */
    private readonly boardProblem: () => string | null,
    /** The pane's one-action-at-a-time runner: no Reconcile while a quote is inserted, nor two at once. */
    private readonly exclusive: (task: () => Promise<void>) => Promise<void>,
  ) {
    section.addEventListener("click", (event) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button[data-action]") : null;
      if (target?.dataset.action === "reconcile-pick") void this.exclusive(() => this.reported(() => this.pick()));
      if (target?.dataset.action === "reconcile-run") void this.exclusive(() => this.reported(() => this.run()));
    });
    section.addEventListener("change", (event) => this.onChange(event));
  }

  private element<T extends HTMLElement>(id: string): T {
    return this.section.querySelector(`#${id}`) as T;
  }

  private say(text: string): void {
    this.element("reconcile-message").textContent = text;
  }

  /** Errors of this section are told here, not in the quote's message line. */
  private async reported(task: () => Promise<void>): Promise<void> {
    try {
      await task();
    } catch (error) {
      this.say(error instanceof Error ? error.message : String(error));
    }
  }

  private async pick(): Promise<void> {
    this.say("Reading the selection…");
    this.show(await this.actions.pickTable());
  }

  /** Shows a table picked (or located again under another header row): its place, its header row, its columns as guessed. */
  private show(source: SourceTable): void {
    const guessed = guessedFields(source.headers, source.sample);
    this.source = source;
    this.element("reconcile-header").replaceChildren(...headerRowField(source));
    this.fields = guessed.fields;
    this.element("reconcile-range").textContent = describeSource(source);
    this.element("reconcile-columns").replaceChildren(...mappingFields(source, this.fields));
    this.element("reconcile-mapping").hidden = false;
    this.element("reconcile-notes").replaceChildren(...guessed.notes.map((note) => el("li", {}, note)));
    this.element<HTMLButtonElement>("reconcile-run").disabled = false;
    this.say("Check what each column holds (guessed from the headers), correct any that are wrong, then choose “Reconcile”.");
    this.check();
  }

  private onChange(event: Event): void {
    const control = event.target;
    if (!(control instanceof HTMLSelectElement)) return;
    if (control.dataset.bind === "reconcile.headerRow" && this.source !== null) {
      try {
        this.show(locateTable(this.source, [], Number(control.value)));
      } catch (error) {
        if (!(error instanceof RangeNotUsable)) throw error;
        this.say(error.message);
      }
      return;
    }
    if (control.dataset.bind === "reconcile.unit") {
      this.measurementUnit = control.value === "" ? null : (control.value as LengthUnit);
      this.check();
      return;
    }
    const match = /^reconcile\.column\.(\d+)$/.exec(control.dataset.bind ?? "");
    if (!match) return;
    this.fields[Number(match[1])] = control.value === IGNORE ? null : (control.value as ReconcileField);
    this.check();
  }

  /** Marks the columns the mapping's problem is about; returns the plan when there is none. */
  private check(): TablePlan | null {
    if (!this.source) return null;
    const checked = checkMapping(this.source.headers, this.fields, this.settings(), this.measurementUnit);
    const errors: FieldError[] = checked.ok ? [] : checked.columns.map((column) => ({ id: mappingSelectId(column), message: checked.message }));
    renderErrors(this.element("reconcile-mapping"), errors, () => true);
    const summary = this.element("reconcile-mapping-error");
    const text = checked.ok ? "" : checked.message;
    summary.textContent = text;
    summary.hidden = text === "";
    return checked.ok ? checked.plan : null;
  }

  private async run(): Promise<void> {
    const source = this.source;
    if (!source) return this.say("First select the invoice table and choose “Use selected range”.");
    const plan = this.check();
    if (!plan) {
      this.section.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return this.say("Correct the column mapping first: the problem is shown above the Reconcile button.");
    }
    const board = this.boardProblem();
    if (board) return this.say(board);
    const progress = this.element("reconcile-progress");
    const bar = this.element<HTMLProgressElement>("reconcile-progressbar");
    const text = this.element("reconcile-progress-text");
    const show = (done: number, total: number) => {
      bar.max = Math.max(1, total);
      bar.value = done;
      text.textContent = progressText(done, total);
    };
    show(0, source.dataRows);
    progress.hidden = false;
    const valuesOnly = this.element<HTMLInputElement>("reconcile-values").checked;
    this.say(valuesOnly ? "Writing the values…" : "Writing the formulas…");
    try {
      this.say(await this.actions.run(plan, source, show, { valuesOnly }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.say(`Reconcile stopped: ${reason} Your own cells were not changed. Fix that and choose “Reconcile” again; columns already written make the next run use a new sheet, so delete them first to keep the result beside the table.`);
    }
  }
}

const NEW_SHEET_WHY: Readonly<Record<NewSheetReason, string>> = {
  occupied: "Some cells beside the table are not empty",
  "no room": "The sheet ends beside the table",
  "excel table": "The range is an Excel table, which cannot hold spilling formulas",
};

/** What the person is told after a run: where the result is, and why there. */
export function reconcileResultMessage(sheetPlan: ReconcileSheetPlan, boardRates: "created" | "updated" | "not needed"): string {
  const rows = `${countText(sheetPlan.dataRows)} row${sheetPlan.dataRows === 1 ? "" : "s"}`;
  const placement = sheetPlan.placement;
  const why = placement.kind === "beside" ? "" : NEW_SHEET_WHY[placement.reason];
  const where =
    placement.kind === "beside"
      ? `Added the computed columns, variances, flag and status beside the table (${sheetPlan.columnsAddress}) for ${rows}, with a summary to their right.`
      : `${why}, so the result is on the new sheet “${sheetPlan.targetSheet}” (${sheetPlan.columnsAddress}, ${rows}, with a summary to the right); your table is unchanged.`;
  const board = boardRates === "created" ? ` Created the “${BOARD_RATES_SHEET}” sheet from the pane's board rows.` : "";
  if (sheetPlan.valuesOnly) {
    const reason = sheetPlan.formulasTooLong ? " Values, not formulas: with no section column, and no hours column or a blank hours cell to check both ways, each check's formula would be longer than Excel takes." : "";
    return `${where.replace("Added the computed columns", "Added as values (no formulas) the computed columns")}${reason} Non-zero variances and flagged rows are shaded red; the values are as computed now and do not change when you edit a cell.`;
  }
  return `${where} Non-zero variances and flagged rows are shaded red; the formulas recalculate when you change a cell.${board}`;
}
