/**
 * Outside Office: the form kept in the browser's localStorage, the quote downloaded as CSV, and
 * the clipboard. No network: the download is a blob made in the page.
 */
import { deserializeState, PaneState, serializeState } from "./state";

export const STORAGE_KEY = "hudson-pilotage.taskpane";

/** localStorage, or null where the browser refuses it (private modes, blocked storage). */
export function browserStorage(): Storage | null {
  try {
    const storage = globalThis.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}

export function loadSavedState(storage: Storage | null): PaneState | null {
  if (!storage) return null;
  try {
    return deserializeState(storage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

/** False when the browser would not store it (full, or refused). */
export function saveState(storage: Storage | null, state: PaneState): boolean {
  if (!storage) return false;
  try {
    storage.setItem(STORAGE_KEY, serializeState(state));
    return true;
  } catch {
    return false;
  }
}

/** Removes what the pane saved; false when the browser refused. */
export function clearSavedState(storage: Storage | null): boolean {
  if (!storage) return true;
  try {
    storage.removeItem(STORAGE_KEY);
    return storage.getItem(STORAGE_KEY) === null;
  } catch {
    return false;
  }
}

/** Starts a download of the text as a UTF-8 CSV file (with a byte-order mark, for Excel). */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(["\ufeff", csv], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Puts the quote on the clipboard as a table (HTML, for e-mail) and as tab-separated text.
 * Falls back to plain text, then to the old copy command, where a host's frame limits the
 * Clipboard API (some Office hosts do).
 */
export async function copyToClipboard(text: string, html: string): Promise<void> {
  const clipboard = navigator.clipboard;
  if (clipboard && typeof ClipboardItem !== "undefined" && typeof clipboard.write === "function") {
    try {
      await clipboard.write([
        new ClipboardItem({
          "text/plain": new Blob([text], { type: "text/plain" }),
          "text/html": new Blob([html], { type: "text/html" }),
        }),
      ]);
      return;
    } catch {
      // fall through
    }
  }
  if (clipboard && typeof clipboard.writeText === "function") {
    try {
      await clipboard.writeText(text);
      return;
    } catch {
      // fall through
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "offscreen";
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("The browser did not allow copying to the clipboard.");
}
