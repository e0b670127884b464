/** Shapes engine answers for the terminal; never computes. */
import { ChargeLine, formatUsd, Quote, SECTION_SHORT_NAMES, transitName } from "../engine";
import type { QuotedCall } from "../request/call";
import { BOARD_FEE_FLAG_TEXT } from "../request/board-fee-flags";

/** The quote flag for each board-set line, for the advice under a quote with an amount not entered. */
const FLAG_OF_LINE: Readonly<Record<string, string>> = {
  surcharge: "--board-surcharge A,B,R",
  ...BOARD_FEE_FLAG_TEXT,
};

/** The command line's own advice on the amounts a quote has not got (the engine's notes do not name flags). */
export function missingAmountsAdvice(quote: Quote): string | null {
  const flags = quote.lines.filter((line) => line.amountCents === null && FLAG_OF_LINE[line.code] !== undefined).map((line) => FLAG_OF_LINE[line.code]);
  return flags.length === 0 ? null : `To enter the amounts not entered: ${flags.join(" ")} (see hudson-pilotage quote --help).`;
}

function amountText(line: ChargeLine): string {
  return line.amountCents === null ? "not entered" : formatUsd(line.amountCents);
}

/** A readable table: item, amount, authority, with the working under each line. */
export function quoteTable(quote: Quote): string {
  const unitsText = quote.units.measured
    ? quote.units.units.toDecimalPlaces(2).toFixed(2)
    : "not provided (charged as 500, § 89-a(4)(d))";
  const rows = quote.lines.map((line) => [line.label, amountText(line), line.citation]);
  rows.push([quote.complete ? "Total" : "Total (incomplete: see warnings)", formatUsd(quote.totalCents), ""]);
  const itemWidth = Math.max(4, ...rows.map((r) => r[0].length));
  const amountWidth = Math.max(6, ...rows.map((r) => r[1].length));
  const format = (r: string[]) => `${r[0].padEnd(itemWidth)}  ${r[1].padStart(amountWidth)}  ${r[2]}`.trimEnd();
  const out: string[] = [
    `Hudson River pilotage quote, ${quote.date}, ${SECTION_SHORT_NAMES[quote.section]}`,
    `Pilotage units: ${unitsText}   Schedule: ${quote.citation}`,
    "",
    format(["Item", "Amount", "Authority"]),
  ];
  quote.lines.forEach((line, index) => {
    out.push(format(rows[index]));
    out.push(`    ${line.note}`);
  });
  out.push(format(rows[rows.length - 1]));
  if (quote.warnings.length > 0) {
    out.push("", "Warnings:");
    for (const warning of quote.warnings) out.push(`  - ${warning}`);
  }
  const advice = missingAmountsAdvice(quote);
  if (advice !== null) out.push("", advice);
  if (quote.settingsNotDefault.length > 0) {
    out.push("", "Settings that differ from the defaults:");
    for (const setting of quote.settingsNotDefault) out.push(`  - ${setting}`);
  }
  return out.join("\n") + "\n";
}

/** A call as a readable table: the vessel, each transit's lines under its clause, the subtotal, the other charges apart, the total. */
export function callTable(call: QuotedCall): string {
  const { vessel, quote } = call;
  const first = quote.transits[0].quote;
  const measurements =
    vessel.kind === "measured"
      ? `${vessel.length} × ${vessel.breadth} × ${vessel.depth} ${vessel.unit}, ${first.units.measured ? first.units.units.toDecimalPlaces(2).toFixed(2) : ""} pilotage units`
      : vessel.kind === "units"
        ? `${first.units.measured ? first.units.units.toDecimalPlaces(2).toFixed(2) : vessel.units} pilotage units`
        : "measurements not provided (charged as 500 units, § 89-a(4)(d))";
  const rows: string[][] = [];
  const heads: { at: number; text: string }[] = [];
  quote.transits.forEach(({ label, quote: transit }, index) => {
    heads.push({ at: rows.length, text: `${transitName(index, label)}: ${transit.date}, ${SECTION_SHORT_NAMES[transit.section]}, ${transit.citation}` });
    for (const line of transit.lines) rows.push([`  ${line.label}`, amountText(line), line.citation]);
    rows.push([transit.complete ? "  Transit total" : "  Transit total (incomplete)", formatUsd(transit.totalCents), ""]);
  });
  const sums: string[][] = [[quote.complete ? "Statutory subtotal" : "Statutory subtotal (incomplete)", formatUsd(quote.statutorySubtotalCents), "§ 89-a"]];
  for (const charge of quote.otherCharges) sums.push([`${charge.label} (other charge)`, formatUsd(charge.amountCents), "not set by § 89-a"]);
  sums.push([quote.complete ? "Total" : "Total (incomplete: see below)", formatUsd(quote.totalCents), ""]);
  const all = [...rows, ...sums];
  const itemWidth = Math.max(4, ...all.map((r) => r[0].length));
  const amountWidth = Math.max(6, ...all.map((r) => r[1].length));
  const format = (r: string[]) => `${r[0].padEnd(itemWidth)}  ${r[1].padStart(amountWidth)}  ${r[2]}`.trimEnd();
  const out = [`Hudson River pilotage quote for a call: ${vessel.name === "" ? "vessel not named" : vessel.name}${vessel.imo === "" ? "" : ` (IMO ${vessel.imo})`}`, `Vessel: ${measurements}`, "", format(["Item", "Amount", "Authority"])];
  rows.forEach((row, index) => {
    const head = heads.find((h) => h.at === index);
    if (head !== undefined) out.push(head.text);
    out.push(format(row));
  });
  out.push("", ...sums.map(format));
  if (quote.otherCharges.length > 0) out.push(`  Other charges are not set by § 89-a: entered by the user, outside the statutory subtotal.`);
  if (quote.missing.length > 0) {
    out.push("", "Not entered (the total leaves these out):");
    for (const line of quote.missing) out.push(`  - ${line}`);
  }
  if (quote.warnings.length > 0) {
    out.push("", "Warnings:");
    for (const warning of quote.warnings) out.push(`  - ${warning}`);
  }
  if (quote.settingsNotDefault.length > 0) {
    out.push("", "Settings that differ from the defaults:");
    for (const setting of quote.settingsNotDefault) out.push(`  - ${setting}`);
  }
  return out.join("\n") + "\n";
}
