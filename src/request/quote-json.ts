/** A quote as JSON: the object `quote --json` prints, the library's quote() returns and every door shares. Shapes; never computes. */
import { centsText, Quote } from "../engine";

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
