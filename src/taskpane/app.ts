/**
 * The task pane's controller: keeps the form's state, recomputes the quote through the engine on
 * every change, marks input errors at their fields, and runs the actions (insert into Excel,
 * copy, download, board rates, settings) through a Platform: Excel or the standalone browser page.
 */
import { DEFAULT_SETTINGS, EngineSettings, isPilotageInputError, resolveSettings } from "../engine";
import { csvFileName, quoteTableRows, toCsv, toTsv } from "./export-table";
import { computePane, FieldError, PaneResult, readSettingsForm } from "./form";
import {
  boardRowFieldsets,
  buildForm,
  Mode,
  renderErrors,
  renderOutputs,
  renderTotalBar,
  showMeasurementMode,
  tableHtml,
  totalBar,
  transitFieldsets,
} from "./render";
import { preparePrint } from "./print";
import { totalStatus } from "./total-status";
import { TablePlan } from "../reconcile";
import { SourceTable } from "./reconcile-layout";
import { ReconcilePanel, reconcileSection } from "./reconcile-panel";
import { NotReadyToInsert, QuoteSheetLayout, quoteSheetLayout, sheetBaseName } from "./sheet-layout";
import {
  addFeeRow,
  addSurchargeRow,
  addTransit,
  DEFAULT_SETTINGS_STATE,
  MAXIMUM_BOARD_ROWS,
  MAXIMUM_TRANSITS,
  PaneState,
  removeFeeRow,
  removeSurchargeRow,
  removeTransit,
  setField,
  initialState,
  FeeRowState,
  SurchargeRowState,
} from "./state";

/** What differs between Excel and the standalone page. */
export interface Platform {
  mode: Mode;
  /** Called after every change of the form (standalone: saves it in the browser). */
  stateChanged(state: PaneState): void;
  /** Saves and applies new settings; returns what to tell the person. */
  saveSettings(settings: EngineSettings, state: PaneState): Promise<string>;
  copy(text: string, html: string): Promise<void>;
  download?(fileName: string, csv: string): void;
  /** Standalone: forgets what the pane saved in this browser; false when the browser refused. */
  clearSaved?(): boolean;
  insertQuote?(layout: QuoteSheetLayout, fees: readonly FeeRowState[], surcharge: readonly SurchargeRowState[]): Promise<string>;
  saveBoardRates?(fees: readonly FeeRowState[], surcharge: readonly SurchargeRowState[]): Promise<string>;
  /** The rows on the Board rates sheet, or a message when there are none to read. */
  reloadBoardRates?(): Promise<{ fees: Omit<FeeRowState, "key">[]; surcharge: Omit<SurchargeRowState, "key">[] } | string>;
  /** Reconcile a table of invoices in the workbook (Excel only; the standalone page has no workbook). */
  reconcile?: {
    pickTable(): Promise<SourceTable>;
    /**
     * Saves the board rows to the Board rates sheet, then writes the result; returns what to tell
     * the person. valuesOnly ("Insert as values"): the plan carries the pane's board tables and the
     * values are written instead of formulas (the Board rates sheet is then not needed).
     */
    run(
      plan: TablePlan,
      source: SourceTable,
      board: { fees: readonly FeeRowState[]; surcharge: readonly SurchargeRowState[] },
      onProgress: (rowsDone: number, rowsTotal: number) => void,
      options: { valuesOnly: boolean },
    ): Promise<string>;
  };
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export class TaskPane {
  private form: HTMLFormElement;
  /** The running total, pinned above the form (styles.css) so it stays in view wherever the pane is scrolled. */
  private readonly bar = totalBar();
  private result: PaneResult;
  private readonly touched = new Set<string>();
  private showAllErrors = false;
  private busy = false;

  constructor(
    private readonly root: HTMLElement,
    private state: PaneState,
    private settings: EngineSettings,
    private readonly platform: Platform,
  ) {
    this.form = this.newForm(state);
    root.replaceChildren(this.bar, this.form);
    this.result = computePane(state, settings);
    this.refresh(false);
    // Ctrl+P prints the same document as the button.
    globalThis.addEventListener?.("beforeprint", () => preparePrint(document, this.state, this.result));
    const reconcile = platform.reconcile;
    if (reconcile) {
      const section = reconcileSection();
      root.append(section);
      new ReconcilePanel(
        section,
        {
          pickTable: () => reconcile.pickTable(),
          // Values are worked out here, by the reconciliation layer, from the board amounts the pane read.
          run: (plan, source, onProgress, options) =>
            reconcile.run(
              options.valuesOnly ? { ...plan, boardFees: this.result.board.fees, boardSurcharge: this.result.board.surcharge } : plan,
              source,
              { fees: this.state.boardFees, surcharge: this.state.boardSurcharge },
              onProgress,
              options,
            ),
        },
        () => this.settings,
        () => (this.result.board.errors.length > 0 ? "Correct the board-set amounts marked in red (Board rates) first: the formulas read them from the Board rates sheet." : null),
        (task) => this.exclusive(task),
      );
    }
  }

  private newForm(state: PaneState): HTMLFormElement {
    const form = buildForm(state, this.platform.mode);
    form.addEventListener("input", (event) => this.onEdit(event));
    form.addEventListener("change", (event) => this.onEdit(event));
    form.addEventListener("click", (event) => this.onClick(event));
    form.addEventListener("submit", (event) => event.preventDefault());
    showMeasurementMode(form, state);
    return form;
  }

  private refresh(notify = true): void {
    this.result = computePane(this.state, this.settings);
    renderOutputs(this.form, this.state, this.result);
    renderTotalBar(this.bar, totalStatus(this.result));
    const settingsErrors = readSettingsForm(this.state.settings).errors;
    const errors: FieldError[] = [...this.result.errors, ...settingsErrors];
    renderErrors(this.form, errors, (id) => this.showAllErrors || this.touched.has(id));
    if (notify) this.platform.stateChanged(this.state);
  }

  private onEdit(event: Event): void {
    const control = event.target;
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) return;
    const path = control.dataset.bind;
    if (!path) return;
    if (control instanceof HTMLInputElement && control.type === "radio" && !control.checked) return;
    const value = control instanceof HTMLInputElement && control.type === "checkbox" ? control.checked : control.value;
    if (!setField(this.state, path, value)) return;
    this.touched.add(control.id);
    if (path === "vessel.unit" || path === "vessel.notProvided") showMeasurementMode(this.form, this.state);
    this.refresh();
  }

  private onClick(event: Event): void {
    const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button[data-action]") : null;
    if (!target) return;
    const [action, key] = (target.dataset.action ?? "").split(":");
    void this.run(action, key === undefined ? NaN : Number(key));
  }

  private async run(action: string, key: number): Promise<void> {
    switch (action) {
      case "add-transit":
        return this.addTransit();
      case "remove-transit":
        removeTransit(this.state, key);
        this.rebuildTransits();
        this.focus("add-transit");
        return;
      case "add-fee":
        if (this.state.boardFees.length >= MAXIMUM_BOARD_ROWS) return this.say(`At most ${MAXIMUM_BOARD_ROWS} fee rows.`);
        this.focus(`fee-${addFeeRow(this.state).key}-from`, () => this.rebuildBoard());
        return;
      case "add-surcharge":
        if (this.state.boardSurcharge.length >= MAXIMUM_BOARD_ROWS) return this.say(`At most ${MAXIMUM_BOARD_ROWS} surcharge rows.`);
        this.focus(`surcharge-${addSurchargeRow(this.state).key}-from`, () => this.rebuildBoard());
        return;
      case "remove-fee":
        removeFeeRow(this.state, key);
        this.rebuildBoard();
        this.focus("add-fee");
        return;
      case "remove-surcharge":
        removeSurchargeRow(this.state, key);
        this.rebuildBoard();
        this.focus("add-surcharge");
        return;
      case "copy":
        return this.exclusive(() => this.copy());
      case "download":
        return this.exclusive(async () => this.download());
      case "insert":
        return this.exclusive(() => this.insert());
      case "print":
        preparePrint(document, this.state, this.result);
        this.say("Opening the print dialog: choose a printer, or “Save as PDF”.");
        globalThis.print?.();
        return;
      case "clear-saved":
        return this.clearSaved();
      case "save-board":
        return this.exclusive(() => this.saveBoard());
      case "reload-board":
        return this.exclusive(() => this.reloadBoard());
      case "save-settings":
        return this.exclusive(() => this.saveSettings());
      case "reset-settings":
        this.state.settings = { ...DEFAULT_SETTINGS_STATE };
        this.rebuildSettingsFields();
        return this.exclusive(() => this.saveSettings());
      default:
        return;
    }
  }

  private async exclusive(task: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await task();
    } catch (error) {
      this.say(errorMessage(error));
    } finally {
      this.busy = false;
    }
  }

  private say(text: string, target = "message"): void {
    const element = this.form.querySelector<HTMLElement>(`#${target}`);
    if (element) element.textContent = text;
  }

  private focus(id: string, before?: () => void): void {
    before?.();
    this.form.querySelector<HTMLElement>(`#${CSS.escape(id)}`)?.focus();
  }

  /** Standalone: forgets the saved form and starts afresh (the defaults, no board rows). */
  private clearSaved(): void {
    if (!this.platform.clearSaved) return;
    const cleared = this.platform.clearSaved();
    this.state = initialState();
    this.settings = DEFAULT_SETTINGS;
    this.touched.clear();
    this.showAllErrors = false;
    const form = this.newForm(this.state);
    this.form.replaceWith(form);
    this.form = form;
    this.refresh(false);
    this.say(
      cleared ? "Cleared: nothing from this pane is saved in this browser now. What you type next is saved again." : "This browser would not clear its storage; the form is reset.",
      "storage-message",
    );
    this.form.querySelector<HTMLElement>("#clear-saved")?.focus();
  }

  private addTransit(): void {
    if (this.state.transits.length >= MAXIMUM_TRANSITS) return this.say(`At most ${MAXIMUM_TRANSITS} transits in one quote.`);
    const transit = addTransit(this.state);
    this.rebuildTransits();
    this.focus(`transit-${transit.key}-direction`);
  }

  private rebuildTransits(): void {
    this.form.querySelector("#transit-list")?.replaceChildren(...transitFieldsets(this.state));
    this.refresh();
  }

  private rebuildBoard(): void {
    const rows = boardRowFieldsets(this.state);
    this.form.querySelector("#fee-rows")?.replaceChildren(...rows.fees);
    this.form.querySelector("#surcharge-rows")?.replaceChildren(...rows.surcharge);
    this.refresh();
  }

  private rebuildSettingsFields(): void {
    const values: Record<string, string> = { ...this.state.settings };
    for (const [prop, value] of Object.entries(values)) {
      const control = this.form.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-bind="settings.${prop}"]`);
      if (control) control.value = value;
    }
    this.refresh();
  }

  /** Shows every error and moves the focus to the first marked field. */
  private revealErrors(): void {
    this.showAllErrors = true;
    this.refresh(false);
    this.form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  private tableRows(style: "display" | "plain"): string[][] | null {
    const rows = quoteTableRows(this.state, this.result, style);
    if (!rows) {
      this.revealErrors();
      this.say(this.firstBlockedReason());
    }
    return rows;
  }

  private firstBlockedReason(): string {
    if (this.result.vessel.units === null) return "Complete the vessel's measurements first (or tick “Measurements not provided”).";
    const blocked = this.result.transits.find((t) => t.quote === null);
    return blocked ? `${blocked.heading}: ${blocked.blocked ?? "not quoted yet."}` : "Complete the fields marked in red first.";
  }

  private async copy(): Promise<void> {
    const rows = this.tableRows("display");
    if (!rows) return;
    await this.platform.copy(toTsv(rows), tableHtml(rows));
    this.say("Copied the quote as a table: paste it into an e-mail or a sheet.");
  }

  private download(): void {
    const rows = this.tableRows("plain");
    if (!rows || !this.platform.download) return;
    const first = this.state.transits[0]?.date.trim() ?? "";
    const fileName = csvFileName(sheetBaseName(this.state.vessel.name, first));
    this.platform.download(fileName, toCsv(rows));
    this.say(`Downloaded ${fileName}.`);
  }

  private async insert(): Promise<void> {
    if (!this.platform.insertQuote) return;
    if (this.result.board.errors.length > 0) {
      this.revealErrors();
      return this.say("Correct the board-set amounts marked in red first: they are written to the Board rates sheet.");
    }
    let layout: QuoteSheetLayout;
    const valuesOnly = this.form.querySelector<HTMLInputElement>("#insert-values")?.checked === true;
    try {
      layout = quoteSheetLayout(this.state, this.result, { valuesOnly });
    } catch (error) {
      if (!(error instanceof NotReadyToInsert)) throw error;
      this.revealErrors();
      return this.say(this.firstBlockedReason());
    }
    this.say(valuesOnly ? "Inserting the quote as values…" : "Inserting the quote…");
    this.say(await this.platform.insertQuote(layout, this.state.boardFees, this.state.boardSurcharge));
  }

  private async saveBoard(): Promise<void> {
    if (!this.platform.saveBoardRates) return;
    if (this.result.board.errors.length > 0) {
      this.revealErrors();
      return this.say("Correct the board-set amounts marked in red first.");
    }
    this.say(await this.platform.saveBoardRates(this.state.boardFees, this.state.boardSurcharge));
  }

  private async reloadBoard(): Promise<void> {
    if (!this.platform.reloadBoardRates) return;
    const rows = await this.platform.reloadBoardRates();
    if (typeof rows === "string") return this.say(rows);
    this.replaceBoardRows(rows);
    this.say(`Read ${rows.fees.length} fee row${rows.fees.length === 1 ? "" : "s"} and ${rows.surcharge.length} surcharge row${rows.surcharge.length === 1 ? "" : "s"} from the Board rates sheet.`);
  }

  /** Replaces the pane's board rows (e.g. with the Board rates sheet's). */
  replaceBoardRows(rows: { fees: Omit<FeeRowState, "key">[]; surcharge: Omit<SurchargeRowState, "key">[] }): void {
    this.state.boardFees = [];
    this.state.boardSurcharge = [];
    for (const row of rows.fees.slice(0, MAXIMUM_BOARD_ROWS)) addFeeRow(this.state, row);
    for (const row of rows.surcharge.slice(0, MAXIMUM_BOARD_ROWS)) addSurchargeRow(this.state, row);
    this.rebuildBoard();
  }

  private async saveSettings(): Promise<void> {
    const checked = readSettingsForm(this.state.settings);
    if (!checked.settings) {
      for (const error of checked.errors) this.touched.add(error.id);
      this.refresh(false);
      this.form.querySelector<HTMLElement>('#settings [aria-invalid="true"]')?.focus();
      return this.say(checked.errors[0]?.message ?? "Check the settings.", "settings-message");
    }
    this.settings = checked.settings;
    this.refresh();
    this.say("Saving…", "settings-message");
    this.say(await this.platform.saveSettings(checked.settings, this.state), "settings-message");
  }
}

/** Settings from a saved object (a workbook's or the browser's); the defaults and a message if they do not read. */
export function settingsFrom(saved: Record<string, unknown> | null): { settings: EngineSettings; problem: string | null } {
  if (!saved) return { settings: DEFAULT_SETTINGS, problem: null };
  const settings = resolveSettings(saved);
  if (!isPilotageInputError(settings)) return { settings, problem: null };
  return { settings: DEFAULT_SETTINGS, problem: `The saved settings were not used: ${settings.message}` };
}
