/**
 * "Print or save as PDF": the quote as a document for a ship's owner (a proforma disbursement
 * account), laid out for one page for a two-transit call. It is a section of the page that only
 * print media shows (styles.css), rebuilt from the pane's state and result before printing, so the
 * printed amounts are the ones on screen: the engine's, with their clauses.
 */
import packageJson from "../../package.json";
import { BOARD_FEES } from "../engine/rates/board-fees";
import { DOCKING_NOTE, QUOTE_TITLE } from "./export-table";
import { amountText, DIMENSION_NAMES, PaneResult, typedDimension, usdOfCents } from "./form";
import { el } from "./render";
import { DIMENSIONS, PaneState } from "./state";
import { totalSentence, totalStatus } from "./total-status";

export const PRINT_ROOT_ID = "print-quote";

export interface PrintMeta {
  /** The quote date, YYYY-MM-DD. */
  quoteDate: string;
  version: string;
}

/** Today in the person's time zone, YYYY-MM-DD. */
export function localIsoDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function printMeta(now = new Date()): PrintMeta {
  return { quoteDate: localIsoDate(now), version: packageJson.version };
}

function particulars(state: PaneState, result: PaneResult): HTMLElement {
  const v = state.vessel;
  const rows: [string, string][] = [["Vessel", v.name.trim() === "" ? "(not named)" : v.name.trim()]];
  if (v.imo.trim() !== "") rows.push(["IMO number", v.imo.trim()]);
  if (v.notProvided) rows.push(["Measurements", "Not provided by the master or agent: the maximum charge applies (§ 89-a(4)(d))"]);
  else {
    for (const dimension of DIMENSIONS) {
      const typed = typedDimension(v[dimension], v.unit);
      const feet = result.vessel.feet[dimension];
      const shown = v.unit === "metres" ? `${typed} m${feet ? ` (${feet} ft)` : ""}` : /ft/.test(typed) ? typed : `${typed} ft`;
      rows.push([DIMENSION_NAMES[dimension], typed === "" ? "not entered" : shown]);
    }
  }
  rows.push(["Pilotage units", `${result.vessel.unitsText}${result.vessel.working ? ` = ${result.vessel.working} (§ 89-a(4)(b)(2))` : ""}`]);
  return el("table", { class: "print-particulars" }, el("tbody", {}, ...rows.map(([name, value]) => el("tr", {}, el("th", { scope: "row" }, name), el("td", {}, value)))));
}

function transitBlock(transit: PaneResult["transits"][number]): HTMLElement {
  const quote = transit.quote;
  if (!quote) return el("section", { class: "print-transit" }, el("h3", {}, transit.heading), el("p", { class: "print-blocked" }, `Not quoted: ${transit.blocked ?? "incomplete"}`));
  return el(
    "section",
    { class: "print-transit" },
    el("h3", {}, transit.heading),
    el(
      "table",
      { class: "print-lines" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Item"), el("th", { scope: "col" }, "Authority"), el("th", { scope: "col", class: "num" }, "Amount"))),
      el(
        "tbody",
        {},
        ...quote.lines.map((line) => el("tr", { class: line.amountCents === null ? "missing" : undefined }, el("td", {}, line.label), el("td", {}, line.citation), el("td", { class: "num" }, amountText(line.amount)))),
      ),
      el(
        "tfoot",
        {},
        el(
          "tr",
          {},
          el("th", { scope: "row", colspan: 2 }, quote.complete ? `Transit ${transit.number} subtotal (base rates ${quote.citation})` : `Transit ${transit.number} subtotal, INCOMPLETE (base rates ${quote.citation})`),
          el("td", { class: "num" }, usdOfCents(quote.totalCents)),
        ),
      ),
    ),
    quote.warnings.length > 0 ? el("ul", { class: "print-warnings" }, ...quote.warnings.map((warning) => el("li", {}, `Warning: ${warning}`))) : null,
  );
}

/** The printed quote: particulars, each transit's lines, the total, warnings, settings and assumptions, date and version. */
export function printQuoteElement(state: PaneState, result: PaneResult, meta: PrintMeta): HTMLElement {
  const status = totalStatus(result);
  const settings = result.settingsNotDefault.length === 0 ? ["The readings of § 89-a's open points are the defaults (docs/interpretations.md)."] : result.settingsNotDefault.map((s) => `Setting not the default: ${s}`);
  return el(
    "article",
    { id: PRINT_ROOT_ID, class: "print-quote", "aria-hidden": "true" },
    el("header", {}, el("h1", {}, QUOTE_TITLE), el("p", { class: "print-meta" }, `Quote date ${meta.quoteDate} · hudson-pilotage ${meta.version}`)),
    el("h2", {}, "Vessel particulars"),
    particulars(state, result),
    el("h2", {}, "Charges"),
    ...result.transits.map((transit) => transitBlock(transit)),
    el("p", { class: "print-total", "data-state": status.state }, totalSentence(status)),
    el("h2", {}, "Settings and assumptions"),
    el(
      "ul",
      { class: "print-notes" },
      ...settings.map((text) => el("li", {}, text)),
      el("li", {}, "Each charge is rounded to the cent and the total is the sum of the rounded charges (D14)."),
      el("li", {}, `Board-set amounts (${BOARD_FEES.map((fee) => fee.shortLabel.toLowerCase()).join(", ")} fees and the surcharge board's surcharge) are those entered in the pane, by their dates in force.`),
      el("li", {}, DOCKING_NOTE),
    ),
  );
}

/** Puts a fresh printed quote into the page (replacing the last one). */
export function preparePrint(doc: Document, state: PaneState, result: PaneResult, meta: PrintMeta = printMeta()): HTMLElement {
  const element = printQuoteElement(state, result, meta);
  const existing = doc.getElementById(PRINT_ROOT_ID);
  if (existing) existing.replaceWith(element);
  else doc.body.append(element);
  return element;
}
