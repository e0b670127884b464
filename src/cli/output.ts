/** Shapes engine answers for the terminal and for JSON; never computes. */
import { centsText, ChargeLine, formatUsd, Quote, SECTION_SHORT_NAMES } from "../engine";
import { BOARD_FEE_FLAG_TEXT } from "./board-fee-flags";

export interface QuoteJson {
  units: number;
  unmeasured: boolean;
  section: number;
  date: string;
  clause: string;
  citation: string;
  lines: { code: string; label: string; amount: string | null; citation: string; note: string }[];
  total: string;
  complete: boolean;
  warnings: string[];
  settingsNotDefault: string[];
}

export function quoteJson(quote: Quote): QuoteJson {
  return {
    // D2: an unmeasured vessel is charged as 500 units; `unmeasured` says so.
    units: quote.units.measured ? quote.units.units.toNumber() : 500,
    unmeasured: !quote.units.measured,
    section: quote.section,
    date: quote.date,
    clause: quote.clause,
    citation: quote.citation,
    lines: quote.lines.map((line) => ({
      code: line.code,
      label: line.label,
      amount: line.amountCents === null ? null : centsText(line.amountCents),
      citation: line.citation,
      note: line.note,
    })),
    total: centsText(quote.totalCents),
    complete: quote.complete,
    warnings: [...quote.warnings],
    settingsNotDefault: [...quote.settingsNotDefault],
  };
}

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
