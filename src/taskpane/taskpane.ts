/**
 * Task pane entry point. It shares one page and one JavaScript runtime with the custom functions
 * (the manifest's shared runtime), and also opens in a plain browser, where Office.onReady
 * resolves with host null and the page works as a standalone calculator.
 */
import { DEFAULT_SETTINGS, EngineSettings, settingsNotDefault } from "../engine";
import { Platform, settingsFrom, TaskPane } from "./app";
import {
  applySettingsToFunctions,
  BoardRatesSheetNotOurs,
  insertQuoteSheet,
  readBoardRates,
  readWorkbookSettings,
  saveBoardRates,
  saveWorkbookSettings,
  setLoadWithWorkbook,
} from "./excel-writer";
import { settingsFormOf, readSettingsForm } from "./form";
import { reconcileResultMessage } from "./reconcile-panel";
import { readPickedTable, writeReconciliation } from "./reconcile-writer";
import { BOARD_RATES_SHEET } from "./sheet-layout";
import { browserStorage, clearSavedState, copyToClipboard, downloadCsv, loadSavedState, saveState } from "./standalone";
import { initialState, PaneState } from "./state";
import { followColourScheme, followOfficeTheme } from "./theme";

/** The sentence the status line shows once office.js has reported where the page is running. */
export function describeHost(host: Office.HostType | null | undefined): string {
  if (host === Office.HostType.Excel) return "Running in Excel.";
  if (host === null || host === undefined) return "Running outside Office, as a standalone calculator.";
  return `Running in ${String(host)}, which this add-in does not support; open it in Excel.`;
}

function showStatus(text: string): void {
  const status = document.getElementById("status");
  if (status) status.textContent = text;
}

function appRoot(): HTMLElement | null {
  return document.getElementById("app");
}

function settingsWords(settings: EngineSettings): string {
  const changed = settingsNotDefault(settings);
  return changed.length === 0 ? "the defaults" : changed.join("; ");
}

async function startInExcel(root: HTMLElement): Promise<void> {
  const state = initialState();
  const notes: string[] = [];
  const { settings, problem } = settingsFrom(readWorkbookSettings());
  if (problem) notes.push(problem);
  state.settings = settingsFormOf(settings);
  const platform: Platform = {
    mode: "excel",
    stateChanged: () => undefined,
    async saveSettings(newSettings) {
      await saveWorkbookSettings(newSettings);
      await applySettingsToFunctions(newSettings);
      await setLoadWithWorkbook(settingsNotDefault(newSettings).length > 0).catch(() => undefined);
      return `Saved with this workbook (${settingsWords(newSettings)}); the workbook recalculated in full.`;
    },
    copy: copyToClipboard,
    async insertQuote(layout, fees, surcharge) {
      const { sheetName, boardRates } = await insertQuoteSheet(layout, fees, surcharge);
      if (layout.valuesOnly) return `Inserted the quote as values (no formulas: it reads the same without the add-in) on the new sheet “${sheetName}”.`;
      return `Inserted the quote as the new sheet “${sheetName}”${boardRates === "created" ? `, and created the “${BOARD_RATES_SHEET}” sheet` : ""}.`;
    },
    async saveBoardRates(fees, surcharge) {
      const outcome = await saveBoardRates(fees, surcharge);
      return outcome === "created" ? `Created the “${BOARD_RATES_SHEET}” sheet with these rows.` : `Updated the tables on the “${BOARD_RATES_SHEET}” sheet.`;
    },
    reconcile: {
      pickTable: readPickedTable,
      async run(plan, source, board, onProgress, options) {
        // Values need no Board rates sheet: nothing reads it.
        const boardRates = options.valuesOnly ? "not needed" : await saveBoardRates(board.fees, board.surcharge);
        const { sheetPlan } = await writeReconciliation(plan, source, { onProgress, valuesOnly: options.valuesOnly });
        return reconcileResultMessage(sheetPlan, boardRates);
      },
    },
    async reloadBoardRates() {
      const read = await readBoardRates();
      if (read.status === "missing") return `There is no “${BOARD_RATES_SHEET}” sheet yet: “Save” or “Insert quote” creates it.`;
      if (read.status === "not ours") return new BoardRatesSheetNotOurs().message;
      if (read.status === "too long") return read.message;
      return { fees: read.fees, surcharge: read.surcharge };
    },
  };
  const pane = new TaskPane(root, state, settings, platform);
  try {
    const read = await readBoardRates();
    if (read.status === "ours") pane.replaceBoardRows(read);
    else if (read.status === "not ours") notes.push(new BoardRatesSheetNotOurs().message);
    else if (read.status === "too long") notes.push(read.message);
  } catch (error) {
    notes.push(`The Board rates sheet could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  // The functions start with the defaults; a workbook saved with other settings gets them now.
  if (settingsNotDefault(settings).length > 0) {
    try {
      await applySettingsToFunctions(settings);
    } catch (error) {
      notes.push(`The saved settings could not be applied to the functions: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (notes.length > 0) {
    const message = document.getElementById("message");
    if (message) message.textContent = notes.join(" ");
  }
}

function startStandalone(root: HTMLElement): void {
  const storage = browserStorage();
  const state: PaneState = loadSavedState(storage) ?? initialState();
  const settings = readSettingsForm(state.settings).settings ?? DEFAULT_SETTINGS;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const platform: Platform = {
    mode: "standalone",
    stateChanged(changed) {
      if (saveTimer !== undefined) clearTimeout(saveTimer);
      saveTimer = setTimeout(() => saveState(storage, changed), 150);
    },
    async saveSettings(newSettings, current) {
      return saveState(storage, current) ? `Saved in this browser (${settingsWords(newSettings)}).` : `Applied (${settingsWords(newSettings)}), but this browser would not store them.`;
    },
    copy: copyToClipboard,
    download: downloadCsv,
    clearSaved() {
      if (saveTimer !== undefined) clearTimeout(saveTimer);
      saveTimer = undefined;
      return clearSavedState(storage);
    },
  };
  new TaskPane(root, state, settings, platform);
}

/**
 * How long office.js may take to report its host before the pane works standalone: office.js can
 * load and then fail to fetch its follow-up scripts (a firewall, a proxy), and then never reports.
 */
export const OFFICE_READY_TIMEOUT_MS = 4000;

let started: "excel" | "standalone" | null = null;

function start(host: Office.HostType | null | undefined): void {
  const root = appRoot();
  if (!root) return;
  if (host === Office.HostType.Excel) {
    started = "excel";
    followOfficeTheme(Office.context?.officeTheme);
    void startInExcel(root).catch((error: unknown) => showStatus(`The task pane could not start: ${error instanceof Error ? error.message : String(error)}`));
  } else {
    startStandaloneOnce(root);
  }
}

function startStandaloneOnce(root: HTMLElement): void {
  if (started !== null) return;
  started = "standalone";
  followColourScheme();
  startStandalone(root);
}

if (typeof Office !== "undefined") {
  const fallback = setTimeout(() => {
    if (started !== null) return;
    showStatus("office.js did not finish loading within 4 seconds (a firewall or proxy may block its scripts); working as a standalone calculator.");
    const root = appRoot();
    if (root) startStandaloneOnce(root);
  }, OFFICE_READY_TIMEOUT_MS);
  Office.onReady((info) => {
    clearTimeout(fallback);
    // Answered after the fallback: Excel still takes over (it replaces the standalone form); anything else stays as it is.
    if (started === "standalone" && info.host !== Office.HostType.Excel) return;
    showStatus(describeHost(info.host));
    start(info.host);
  });
} else {
  showStatus("office.js did not load; working as a standalone calculator.");
  const root = appRoot();
  if (root) startStandaloneOnce(root);
}
