/**
 * The task pane's DOM. Elements are made with createElement, attributes with setAttribute and
 * text with text nodes / textContent: nothing a person types is ever parsed as HTML, and no
 * inline script or handler is ever written. Events are wired in app.ts by delegation.
 */
import { BOARD_FEES, boardFeeNamesInWords, Quote, SECTION_SHORT_NAMES, sectionsNote, REFUSED_PILOT_NOTE, SECTION_NAMES, UNLICENSED_PILOT_NOTE } from "../engine";
import { DOCKING_NOTE } from "./export-table";
import { amountText, ComplianceResult, DIMENSION_NAMES, FieldError, ids, PaneResult, usdOfCents } from "./form";
import { DIMENSIONS, FeeRowState, PaneState, SurchargeRowState, TransitState } from "./state";
import { neededText, TotalStatus, totalSentence, totalStatus } from "./total-status";

type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | boolean | number | undefined>;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    // Handlers are attached with addEventListener only; an on* attribute would be inline script.
    if (/^on/i.test(name)) throw new Error(`refusing inline handler attribute ${name}`);
    element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return element;
}

function byId<T extends HTMLElement = HTMLElement>(root: ParentNode, id: string): T | null {
  return (root as Element).querySelector?.(`#${CSS.escape(id)}`) as T | null;
}

// ---------------------------------------------------------------------------------------------
// Fields: a label for every control, a hint and an error message referenced by aria-describedby.

interface FieldOptions {
  id: string;
  /** The label's text; `hiddenPrefix` is read by screen readers only (e.g. "Overall length, "). */
  label: string;
  hiddenPrefix?: string;
  bind: string;
  hint?: string;
  /** The id of the element that shows this control's errors (shared by a group); default `${id}-error`. */
  errorTarget?: string;
}

function labelFor(options: FieldOptions): HTMLLabelElement {
  return el("label", { for: options.id }, options.hiddenPrefix ? el("span", { class: "visually-hidden" }, options.hiddenPrefix) : null, options.label);
}

export function errorElement(id: string): HTMLParagraphElement {
  return el("p", { id, class: "error", hidden: true });
}

function describedBy(options: FieldOptions): string {
  return [options.hint ? `${options.id}-hint` : undefined, options.errorTarget ?? `${options.id}-error`].filter(Boolean).join(" ");
}

function fieldParts(options: FieldOptions): Child[] {
  return [options.hint ? el("p", { id: `${options.id}-hint`, class: "hint" }, options.hint) : null, options.errorTarget ? null : errorElement(`${options.id}-error`)];
}

interface TextOptions extends FieldOptions {
  value: string;
  type?: "text" | "date";
  inputmode?: "decimal" | "numeric" | "text";
  maxlength?: number;
  className?: string;
}

export function textField(options: TextOptions): HTMLDivElement {
  const input = el("input", {
    id: options.id,
    type: options.type ?? "text",
    inputmode: options.inputmode,
    maxlength: options.maxlength,
    autocomplete: "off",
    spellcheck: "false",
    "data-bind": options.bind,
    "data-error": options.errorTarget ?? `${options.id}-error`,
    "aria-describedby": describedBy(options),
  });
  input.value = options.value;
  return el("div", { class: `field${options.className ? ` ${options.className}` : ""}` }, labelFor(options), input, ...fieldParts(options));
}

interface SelectOptions extends FieldOptions {
  value: string;
  options: readonly (readonly [string, string])[];
}

export function selectField(options: SelectOptions): HTMLDivElement {
  const select = el(
    "select",
    { id: options.id, "data-bind": options.bind, "data-error": options.errorTarget ?? `${options.id}-error`, "aria-describedby": describedBy(options) },
    ...options.options.map(([value, text]) => el("option", { value }, text)),
  );
  select.value = options.value;
  return el("div", { class: "field" }, labelFor(options), select, ...fieldParts(options));
}

interface CheckOptions extends FieldOptions {
  checked: boolean;
}

export function checkField(options: CheckOptions): HTMLDivElement {
  const input = el("input", {
    id: options.id,
    type: "checkbox",
    "data-bind": options.bind,
    "data-error": options.errorTarget ?? `${options.id}-error`,
    "aria-describedby": describedBy(options),
  });
  input.checked = options.checked;
  return el("div", { class: "check" }, input, labelFor(options), ...fieldParts(options));
}

function radio(name: string, id: string, value: string, label: string, bind: string, checked: boolean): HTMLDivElement {
  const input = el("input", { id, type: "radio", name, value, "data-bind": bind });
  input.checked = checked;
  return el("div", { class: "check" }, input, el("label", { for: id }, label));
}

/**
 * "Insert as values": the quote's or the check's amounts written as values, no formula (for
 * someone without the add-in). Not part of the form's state: it is read when the button runs.
 */
export function insertAsValuesCheck(id: string, hint: string): HTMLDivElement {
  const input = el("input", { id, type: "checkbox", "aria-describedby": `${id}-hint` });
  return el("div", { class: "check" }, input, el("label", { for: id }, "Insert as values"), el("p", { id: `${id}-hint`, class: "hint" }, hint));
}

function button(text: string, action: string, attributes: Attributes = {}): HTMLButtonElement {
  return el("button", { type: "button", "data-action": action, class: "button", ...attributes }, text);
}

function section(id: string, title: string, ...children: Child[]): HTMLElement {
  return el("section", { id, class: "card", "aria-labelledby": `${id}-title` }, el("h2", { id: `${id}-title` }, title), ...children);
}

function collapsible(id: string, title: string, open: boolean, ...children: Child[]): HTMLElement {
  return el("section", { id, class: "card" }, el("details", { open }, el("summary", {}, el("h2", { id: `${id}-title` }, title)), ...children));
}

// ---------------------------------------------------------------------------------------------
// The form

export type Mode = "excel" | "standalone";

const SECTION_OPTIONS = [
  ["1", "Section 1, Lower River"],
  ["2", "Section 2, Upper River"],
] as const;

/** "Yonkers to all ports through Hyde Park": the ports a section covers (D5). */
export function sectionPorts(section: string): string {
  return SECTION_NAMES[section === "2" ? 2 : 1].replace(/^[^(]*\(|\)$/g, "");
}

function dimensionFieldset(state: PaneState, dimension: (typeof DIMENSIONS)[number]): HTMLFieldSetElement {
  const name = DIMENSION_NAMES[dimension];
  const input = state.vessel[dimension];
  const errorId = `${dimension}-error`;
  const prefix = `${name}, `;
  return el(
    "fieldset",
    { class: "dimension", id: `${dimension}-group` },
    el("legend", {}, name),
    el(
      "div",
      { class: "pair", "data-unit": "feet" },
      textField({ id: ids.dimension(dimension, "ft"), label: "feet", hiddenPrefix: prefix, bind: `vessel.${dimension}.feet`, value: input.feet, inputmode: "decimal", maxlength: 20, errorTarget: errorId }),
      textField({ id: ids.dimension(dimension, "in"), label: "inches", hiddenPrefix: prefix, bind: `vessel.${dimension}.inches`, value: input.inches, inputmode: "decimal", maxlength: 10, errorTarget: errorId }),
    ),
    el(
      "div",
      { class: "pair", "data-unit": "metres" },
      textField({ id: ids.dimension(dimension, "m"), label: "metres", hiddenPrefix: prefix, bind: `vessel.${dimension}.metres`, value: input.metres, inputmode: "decimal", maxlength: 20, errorTarget: errorId }),
      el("p", { class: "converted", id: `${dimension}-feet`, "aria-live": "polite" }),
    ),
    errorElement(errorId),
  );
}

/** Standalone, where the data is typed: what is kept on this machine, and the way to remove it. */
function storageNotice(): HTMLElement {
  return el(
    "div",
    { class: "note storage-note", id: "storage-note" },
    el("p", {}, "What you type here is saved in this browser, on this machine only, so that it is still here next time; it is never sent anywhere."),
    button("Clear saved data", "clear-saved", { id: "clear-saved", class: "button secondary" }),
    el("p", { id: "storage-message", class: "message", role: "status", "aria-live": "polite" }),
  );
}

function vesselSection(state: PaneState, mode: Mode): HTMLElement {
  const v = state.vessel;
  return section(
    "vessel",
    "Vessel",
    mode === "standalone" ? storageNotice() : null,
    textField({ id: ids.vesselName, label: "Vessel name", bind: "vessel.name", value: v.name, maxlength: 100 }),
    textField({ id: ids.vesselImo, label: "IMO number (optional)", bind: "vessel.imo", value: v.imo, inputmode: "numeric", maxlength: 20 }),
    el(
      "fieldset",
      { class: "choice" },
      el("legend", {}, "Measurements in"),
      radio("vessel-unit", ids.unitFeet, "feet", "Feet and inches", "vessel.unit", v.unit === "feet"),
      radio("vessel-unit", ids.unitMetres, "metres", "Metres (shown in feet)", "vessel.unit", v.unit === "metres"),
    ),
    checkField({
      id: ids.notProvided,
      label: "Measurements not provided by the master or agent",
      bind: "vessel.notProvided",
      checked: v.notProvided,
      hint: "The vessel then pays the maximum pilotage charge, as at 500 units (§ 89-a(4)(d)).",
    }),
    el("div", { id: "measurements" }, ...DIMENSIONS.map((d) => dimensionFieldset(state, d))),
    el(
      "div",
      { class: "units-box" },
      el("span", { id: "units-label" }, "Pilotage units"),
      el("output", { id: "units-output", "aria-labelledby": "units-label", "aria-live": "polite" }, "—"),
      el("p", { id: "units-working", class: "hint" }),
    ),
  );
}

function complianceSection(state: PaneState): HTMLElement {
  const c = state.compliance;
  return collapsible(
    "compliance",
    "Compliance: must the vessel take a pilot?",
    c.vesselStatus !== "",
    el("p", { class: "hint" }, "North of the Yonkers–Alpine line and south of the Troy dam (§ 89-a(1))."),
    selectField({
      id: ids.compliance("status"),
      label: "Vessel status",
      bind: "compliance.vesselStatus",
      value: c.vesselStatus,
      options: [
        ["", "Choose…"],
        ["foreign", "Foreign vessel"],
        ["registered", "American vessel under register"],
        ["enrolled", "American vessel not under register (enrolled, coastwise)"],
      ],
    }),
    textField({ id: ids.compliance("grt"), label: "Gross registered tons", bind: "compliance.grossTons", value: c.grossTons, inputmode: "decimal", maxlength: 20 }),
    textField({ id: ids.compliance("draft"), label: "Fully loaded draft (feet)", bind: "compliance.loadedDraftFt", value: c.loadedDraftFt, inputmode: "decimal", maxlength: 20 }),
    checkField({ id: ids.compliance("bySea"), label: "Proceeds by sea", bind: "compliance.proceedsBySea", checked: c.proceedsBySea, hint: "Clear this only for a vessel proceeding otherwise than by sea." }),
    checkField({ id: ids.compliance("recreational"), label: "Recreational vessel (46 U.S.C. § 2101)", bind: "compliance.recreational", checked: c.recreational }),
    textField({ id: ids.compliance("length"), label: "Length (feet)", bind: "compliance.lengthFt", value: c.lengthFt, inputmode: "decimal", maxlength: 20, hint: "Needed for a recreational vessel." }),
    el("div", { id: "compliance-result", "aria-live": "polite" }),
    el("ul", { class: "notes" }, el("li", {}, REFUSED_PILOT_NOTE), el("li", {}, UNLICENSED_PILOT_NOTE)),
  );
}

export function transitFieldset(transit: TransitState, number: number, removable: boolean): HTMLFieldSetElement {
  const key = transit.key;
  return el(
    "fieldset",
    { class: "transit", "data-key": key, id: `transit-${key}` },
    el("legend", {}, `Transit ${number}`),
    el(
      "div",
      { class: "grid" },
      selectField({
        id: ids.transit(key, "direction"),
        label: "Direction",
        bind: `transit.${key}.direction`,
        value: transit.direction,
        options: [
          ["inbound", "Inbound"],
          ["outbound", "Outbound"],
        ],
      }),
      textField({ id: ids.transit(key, "date"), label: "Date", type: "date", bind: `transit.${key}.date`, value: transit.date }),
    ),
    selectField({ id: ids.transit(key, "section"), label: "Section", bind: `transit.${key}.section`, value: transit.section, options: SECTION_OPTIONS, hint: sectionPorts(transit.section) }),
    textField({
      id: ids.transit(key, "hours"),
      label: "Expected continuous pilotage hours",
      bind: `transit.${key}.hours`,
      value: transit.hours,
      inputmode: "decimal",
      maxlength: 10,
      hint: "More than 10 hours: a second pilot, 50% of the base fee (§ 89-a(4)(b)(1-a)).",
    }),
    checkField({ id: ids.transit(key, "relieved"), label: "First pilot relieved at the mid-river station", bind: `transit.${key}.relievedAtMidRiver`, checked: transit.relievedAtMidRiver }),
    checkField({ id: ids.transit(key, "anchored"), label: "Anchors 8 hours or more", bind: `transit.${key}.anchoredEightHours`, checked: transit.anchoredEightHours }),
    removable ? button(`Remove transit ${number}`, `remove-transit:${key}`, { class: "button subtle" }) : null,
  );
}

function transitsSection(state: PaneState): HTMLElement {
  return section(
    "transits",
    "Transits",
    el("div", { id: "transit-list" }, ...transitFieldsets(state)),
    button("Add transit", "add-transit", { id: "add-transit" }),
    el("p", { class: "note", id: "docking-note" }, DOCKING_NOTE),
  );
}

export function transitFieldsets(state: PaneState): HTMLFieldSetElement[] {
  return state.transits.map((t, i) => transitFieldset(t, i + 1, state.transits.length > 1));
}

export function feeRowFieldset(row: FeeRowState, number: number): HTMLFieldSetElement {
  const key = row.key;
  return el(
    "fieldset",
    { class: "board-row", id: `fee-${key}` },
    el("legend", {}, `Fee row ${number}`),
    el(
      "div",
      { class: "grid" },
      textField({ id: ids.fee(key, "from"), label: "In force from", type: "date", bind: `fee.${key}.from`, value: row.from }),
      ...BOARD_FEES.map((fee) =>
        textField({ id: ids.fee(key, fee.formId), label: `${fee.label} ($)`, bind: `fee.${key}.${fee.formField}`, value: row[fee.formField], inputmode: "decimal", maxlength: 20 }),
      ),
    ),
    button(`Remove fee row ${number}`, `remove-fee:${key}`, { class: "button subtle" }),
  );
}

export function surchargeRowFieldset(row: SurchargeRowState, number: number): HTMLFieldSetElement {
  const key = row.key;
  return el(
    "fieldset",
    { class: "board-row", id: `surcharge-${key}` },
    el("legend", {}, `Surcharge row ${number}`),
    el(
      "div",
      { class: "grid" },
      textField({ id: ids.surcharge(key, "from"), label: "In force from", type: "date", bind: `surcharge.${key}.from`, value: row.from }),
      textField({ id: ids.surcharge(key, "upTo50"), label: "0–50 units ($)", bind: `surcharge.${key}.upTo50`, value: row.upTo50, inputmode: "decimal", maxlength: 20 }),
      textField({ id: ids.surcharge(key, "over50"), label: "51–100 units ($)", bind: `surcharge.${key}.over50UpTo100`, value: row.over50UpTo100, inputmode: "decimal", maxlength: 20 }),
      textField({ id: ids.surcharge(key, "perUnit"), label: "Per unit over 100 ($)", bind: `surcharge.${key}.perUnitOver100`, value: row.perUnitOver100, inputmode: "decimal", maxlength: 20 }),
    ),
    button(`Remove surcharge row ${number}`, `remove-surcharge:${key}`, { class: "button subtle" }),
  );
}

export function boardRowFieldsets(state: PaneState): { fees: HTMLFieldSetElement[]; surcharge: HTMLFieldSetElement[] } {
  return {
    fees: state.boardFees.map((row, i) => feeRowFieldset(row, i + 1)),
    surcharge: state.boardSurcharge.map((row, i) => surchargeRowFieldset(row, i + 1)),
  };
}

/** The board fees' heading and the note on fees only some sections pay, from BOARD_FEES. */
const BOARD_FEE_NAMES = `${boardFeeNamesInWords()} fees`;
const SECTION_2_ONLY_FEES = BOARD_FEES.filter((fee) => sectionsNote(fee) !== "")
  .map((fee) => `The ${fee.what} is paid on ${SECTION_SHORT_NAMES[fee.sections[0]]} transits only. `)
  .join("");

function boardSection(state: PaneState, mode: Mode): HTMLElement {
  const rows = boardRowFieldsets(state);
  return collapsible(
    "board",
    "Board-set amounts",
    true,
    el(
      "p",
      { class: "hint" },
      mode === "excel"
        ? "The boards set these amounts; § 89-a does not. Each row applies from its date until the next row. They are kept on the workbook's “Board rates” sheet, which the quote formulas read."
        : "The boards set these amounts; § 89-a does not. Each row applies from its date until the next row. They are kept in this browser.",
    ),
    el("h3", {}, `Board of commissioners of pilots: ${BOARD_FEE_NAMES} (§ 89-a(4)(b)(1-a))`),
    el("p", { class: "hint" }, `${SECTION_2_ONLY_FEES}A fee left blank is “not entered” and leaves the total incomplete.`),
    el("div", { id: "fee-rows" }, ...rows.fees),
    button("Add fee row", "add-fee", { id: "add-fee", class: "button secondary" }),
    el("h3", {}, "Surcharge board: the surcharge after the sixtieth month (§ 89-a(4)(b)(1-c)(iii))"),
    el("div", { id: "surcharge-rows" }, ...rows.surcharge),
    button("Add surcharge row", "add-surcharge", { id: "add-surcharge", class: "button secondary" }),
    mode === "excel"
      ? el(
          "div",
          { class: "actions" },
          button("Save to the Board rates sheet", "save-board", { class: "button secondary" }),
          button("Reload from the sheet", "reload-board", { class: "button secondary" }),
        )
      : null,
  );
}

function quoteSection(mode: Mode): HTMLElement {
  return section(
    "quote",
    "Quote",
    el("p", { id: "quote-vessel", class: "quote-vessel" }),
    el("div", { id: "quote-output" }),
    el(
      "div",
      { class: "grand-total", id: "grand-total-box" },
      el("span", { id: "grand-total-label" }, "Grand total"),
      el("output", { id: "grand-total", "aria-labelledby": "grand-total-label", "aria-live": "polite" }, "—"),
    ),
    el("p", { id: "grand-total-note", class: "hint" }),
    el("ul", { id: "quote-settings", class: "notes" }),
    el(
      "div",
      { class: "actions" },
      mode === "excel" ? insertAsValuesCheck("insert-values", "A new sheet of the amounts alone, no formulas: it reads the same without the add-in (to send the quote to someone).") : null,
      mode === "excel" ? button("Insert quote", "insert", { class: "button primary" }) : null,
      button("Copy as table", "copy", { class: `button ${mode === "excel" ? "secondary" : "primary"}` }),
      mode === "standalone" ? button("Download CSV", "download", { class: "button secondary" }) : null,
      button("Print or save as PDF", "print", { class: "button secondary" }),
    ),
    el("p", { id: "message", class: "message", role: "status", "aria-live": "polite" }),
  );
}

function settingsSection(state: PaneState, mode: Mode): HTMLElement {
  const s = state.settings;
  return collapsible(
    "settings",
    "Settings: how § 89-a is read",
    false,
    el(
      "p",
      { class: "hint" },
      mode === "excel"
        ? "Saved with this workbook and applied to the NYPILOT functions (the workbook then recalculates in full). Every quote names the settings that differ from the defaults."
        : "Saved in this browser. Every quote names the settings that differ from the defaults.",
    ),
    selectField({
      id: ids.setting("unitsDecimals"),
      label: "Round pilotage units before the tables (D1)",
      bind: "settings.unitsDecimals",
      value: s.unitsDecimals,
      options: [["", "Do not round (default)"], ...[0, 1, 2, 3, 4, 5, 6].map((n) => [String(n), `To ${n} decimal${n === 1 ? "" : "s"}`] as const)],
    }),
    selectField({
      id: ids.setting("at100Units"),
      label: "At exactly 100 units (D4)",
      bind: "settings.at100Units",
      value: s.at100Units,
      options: [
        ["perUnitRate", "The per-unit rate (default)"],
        ["flatAmount", "The flat “more than 50 and up to 100” amount"],
      ],
    }),
    textField({
      id: ids.setting("actEffectiveDate"),
      label: "Effective date of the 2015 act (D6)",
      type: "date",
      bind: "settings.actEffectiveDate",
      value: s.actEffectiveDate,
      hint: "Assumed 2015-11-20. It dates clauses (i)–(v) and the statutory surcharge periods.",
    }),
    textField({
      id: ids.setting("clauseVIStart"),
      label: "Start of clause (vi) (D6)",
      type: "date",
      bind: "settings.clauseVIStart",
      value: s.clauseVIStart,
      hint: "Blank: not known, so clause (v) stays in force until clause (vii) (2022-01-01).",
    }),
    selectField({
      id: ids.setting("secondPilotBasis"),
      label: "Second pilot: 50% of (D11)",
      bind: "settings.secondPilotBasis",
      value: s.secondPilotBasis,
      options: [
        ["base", "The base pilotage fee (default)"],
        ["basePlusSurcharge", "Base pilotage plus the surcharge ((1-c)(iv) deems it a pilotage fee)"],
      ],
    }),
    selectField({
      id: ids.setting("recreationalExemption"),
      label: "Board's discretion over recreational vessels (D13)",
      bind: "settings.recreationalExemption",
      value: s.recreationalExemption,
      options: [
        ["anyLength", "Any length: the last sentence of § 89-a(1) (default)"],
        ["under200Ft", "Under 200 ft only: the earlier sentence of § 89-a(1)"],
      ],
    }),
    el("div", { class: "actions" }, button("Save settings", "save-settings", { class: "button secondary" }), button("Reset to defaults", "reset-settings", { class: "button subtle" })),
    el("p", { id: "settings-message", class: "message", role: "status", "aria-live": "polite" }),
  );
}

export function buildForm(state: PaneState, mode: Mode): HTMLFormElement {
  return el(
    "form",
    { id: "quote-form", novalidate: true, "aria-label": "Hudson River pilotage quote" },
    vesselSection(state, mode),
    complianceSection(state),
    transitsSection(state),
    boardSection(state, mode),
    quoteSection(mode),
    settingsSection(state, mode),
  );
}

// ---------------------------------------------------------------------------------------------
// Outputs

/** Shows the unit the vessel is measured in and hides the other (hidden inputs leave the tab order). */
export function showMeasurementMode(root: ParentNode, state: PaneState): void {
  const measurements = byId(root, "measurements");
  if (measurements) measurements.hidden = state.vessel.notProvided;
  for (const pair of Array.from(root.querySelectorAll<HTMLElement>("[data-unit]"))) pair.hidden = pair.dataset.unit !== state.vessel.unit;
}

function quoteLinesTable(quote: Quote, number: number): HTMLTableElement {
  return el(
    "table",
    { class: "lines" },
    el("caption", { class: "visually-hidden" }, `Charges for transit ${number}`),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Item and authority"), el("th", { scope: "col", class: "num" }, "Amount"))),
    el(
      "tbody",
      {},
      ...quote.lines.map((line) =>
        el(
          "tr",
          { class: line.amountCents === null ? "missing" : undefined },
          el("th", { scope: "row" }, el("span", { class: "item" }, line.label), el("span", { class: "cite" }, line.citation), el("span", { class: "line-note" }, line.note)),
          el("td", { class: "num" }, amountText(line.amount)),
        ),
      ),
    ),
    el(
      "tfoot",
      {},
      el(
        "tr",
        {},
        el("th", { scope: "row" }, quote.complete ? `Transit ${number} subtotal` : `Transit ${number} subtotal (incomplete)`),
        el("td", { class: "num", id: `subtotal-${number}` }, usdOfCents(quote.totalCents)),
      ),
    ),
  );
}

export function renderOutputs(root: ParentNode, state: PaneState, result: PaneResult): void {
  const units = byId(root, "units-output");
  if (units) units.textContent = result.vessel.unitsText;
  const working = byId(root, "units-working");
  if (working) working.textContent = result.vessel.working ? `${result.vessel.working} (§ 89-a(4)(b)(2))` : "";
  for (const dimension of DIMENSIONS) {
    const converted = byId(root, `${dimension}-feet`);
    const feet = result.vessel.feet[dimension];
    if (converted) converted.textContent = state.vessel.unit === "metres" && feet ? `= ${feet} ft` : "";
  }
  for (const transit of state.transits) {
    const hint = byId(root, `${ids.transit(transit.key, "section")}-hint`);
    if (hint) hint.textContent = sectionPorts(transit.section);
  }

  const vesselLine = byId(root, "quote-vessel");
  if (vesselLine) {
    const name = state.vessel.name.trim();
    const imo = state.vessel.imo.trim();
    vesselLine.textContent = name === "" ? "Vessel not named" : `Vessel: ${name}${imo === "" ? "" : ` (IMO ${imo})`}`;
  }

  const output = byId(root, "quote-output");
  if (output) {
    output.replaceChildren(
      ...result.transits.map((transit) =>
        el(
          "section",
          { class: "transit-quote", "aria-labelledby": `quote-transit-${transit.key}` },
          el("h3", { id: `quote-transit-${transit.key}` }, transit.heading),
          transit.quote ? el("p", { class: "cite" }, `Base rates: ${transit.quote.citation}`) : null,
          transit.quote ? quoteLinesTable(transit.quote, transit.number) : el("p", { class: "blocked" }, transit.blocked ?? ""),
          transit.quote && transit.quote.warnings.length > 0 ? el("ul", { class: "warnings" }, ...transit.quote.warnings.map((w) => el("li", {}, w))) : null,
        ),
      ),
    );
  }

  const status = totalStatus(result);
  const total = byId(root, "grand-total");
  if (total) total.textContent = status.amount ?? "—";
  const box = byId(root, "grand-total-box");
  if (box) box.dataset.state = status.state;
  const label = byId(root, "grand-total-label");
  if (label) label.textContent = status.state === "complete" ? "Grand total" : "INCOMPLETE total";
  const note = byId(root, "grand-total-note");
  if (note) {
    note.textContent =
      status.state === "none"
        ? neededText(status)
        : status.state === "complete"
          ? `Sum of ${result.transits.length} transit subtotal${result.transits.length === 1 ? "" : "s"}; each charge is rounded to the cent (D14).`
          : `Incomplete: the total leaves out ${status.missing.join("; ")}. Enter the board-set amounts (Board-set amounts) for the final total.`;
  }
  const settingsList = byId(root, "quote-settings");
  if (settingsList) settingsList.replaceChildren(...result.settingsNotDefault.map((s) => el("li", {}, `Setting not the default: ${s}`)));

  renderCompliance(root, result.compliance);
}

function renderCompliance(root: ParentNode, compliance: ComplianceResult): void {
  const box = byId(root, "compliance-result");
  if (!box) return;
  if (!compliance.answer) {
    box.replaceChildren();
    return;
  }
  const answer = compliance.answer;
  const tone = answer.answer === "REQUIRED" ? "required" : answer.answer === "NOT REQUIRED" ? "not-required" : "discretion";
  box.replaceChildren(
    el("p", { class: `answer ${tone}` }, `Pilot: ${answer.answer}`),
    el("p", {}, answer.reason),
    el("p", { class: "cite" }, answer.citation),
  );
}

/**
 * Marks the fields with errors: aria-invalid on the control, the message in the element its
 * aria-describedby names. Only fields the person has used are marked, unless `all`.
 */
export function renderErrors(root: ParentNode, errors: readonly FieldError[], shown: (id: string) => boolean): void {
  const messages = new Map<string, string>();
  for (const error of errors) if (!messages.has(error.id)) messages.set(error.id, error.message);
  const errorTexts = new Map<string, string>();
  for (const control of Array.from(root.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-bind][id]"))) {
    const message = messages.get(control.id);
    const visible = message !== undefined && shown(control.id);
    if (visible) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
    const target = control.dataset.error;
    if (target && visible && !errorTexts.has(target)) errorTexts.set(target, message as string);
  }
  for (const element of Array.from(root.querySelectorAll<HTMLElement>(".error[id]"))) {
    const text = errorTexts.get(element.id) ?? "";
    element.textContent = text;
    element.hidden = text === "";
  }
}

/** An HTML table of the rows, for the clipboard: built as DOM and serialized, so every cell is escaped. */
export function tableHtml(rows: readonly (readonly string[])[]): string {
  const width = Math.max(1, ...rows.map((row) => row.length));
  const table = el(
    "table",
    { border: "1", cellpadding: "4", cellspacing: "0" },
    el(
      "tbody",
      {},
      ...rows.map((row) => el("tr", {}, ...Array.from({ length: row.length === 1 ? 1 : width }, (_, i) => el("td", row.length === 1 ? { colspan: width } : {}, row[i] ?? "")))),
    ),
  );
  return table.outerHTML;
}

// ---------------------------------------------------------------------------------------------
// The running total, pinned to the top of the pane while the form scrolls under it

export function totalBar(): HTMLElement {
  return el(
    "div",
    { id: "total-bar", class: "total-bar", role: "region", "aria-label": "Running total", "data-state": "none" },
    el("div", { class: "total-bar-main" }, el("span", { id: "total-bar-label" }, "Grand total"), el("span", { id: "total-bar-amount" }, "—")),
    el("p", { id: "total-bar-missing", class: "total-bar-missing" }),
  );
}

export function renderTotalBar(bar: HTMLElement, status: TotalStatus): void {
  bar.dataset.state = status.state;
  bar.title = totalSentence(status);
  const label = byId(bar, "total-bar-label");
  if (label) label.textContent = status.state === "complete" ? "Grand total" : "INCOMPLETE";
  const amount = byId(bar, "total-bar-amount");
  if (amount) amount.textContent = status.state === "none" ? "no total yet" : status.state === "incomplete" ? `${status.amount} so far` : (status.amount ?? "");
  const missing = byId(bar, "total-bar-missing");
  if (missing) {
    // The incomplete total lists what it leaves out; no total yet says what to fix or enter.
    const needed = status.state === "incomplete" ? `Missing: ${status.missing.join("; ")}` : status.state === "none" ? neededText(status) : "";
    missing.textContent = needed;
    missing.hidden = needed === "";
  }
}
