/**
 * Task pane entry point. It shares one page and one JavaScript runtime with the custom functions
 * (the manifest's shared runtime), and also opens in a plain browser, where Office.onReady
 * resolves with host null and the page works as a standalone calculator.
 */

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

if (typeof Office !== "undefined") {
  Office.onReady((info) => showStatus(describeHost(info.host)));
} else {
  showStatus("office.js did not load; working as a standalone calculator.");
}
