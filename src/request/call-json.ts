/** A quoted call as JSON: the object `call --json` prints, quoteCall(call) returns and the MCP tool answers. Shapes; never computes. */
import { centsText } from "../engine";
import { QuotedCall } from "./call";
import { QuoteJson, quoteJson } from "./quote-json";

export interface CallJson {
  vessel: { name: string; imo: string; length: string | null; breadth: string | null; depth: string | null; unit: string | null; units: number; unmeasured: boolean };
  /** Each transit as `quote --json` prints it, after its label. */
  transits: ({ label: string } & QuoteJson)[];
  /** The transits' totals: the pilotage § 89-a sets. */
  statutorySubtotal: string;
  /** Amounts the user entered that § 89-a does not set, each with its note; never in the statutory subtotal. */
  otherCharges: { label: string; amount: string; note: string }[];
  otherChargesTotal: string;
  /** statutorySubtotal + otherChargesTotal. */
  total: string;
  complete: boolean;
  /** Each amount not entered, by transit ("Transit 1 (Inbound): Launch fee"); empty when complete. */
  missing: string[];
  warnings: string[];
  settingsNotDefault: string[];
}

export function callJson(call: QuotedCall): CallJson {
  const { vessel, quote } = call;
  const first = quote.transits[0].quote;
  return {
    vessel: {
      name: vessel.name,
      imo: vessel.imo,
      length: vessel.kind === "measured" ? vessel.length : null,
      breadth: vessel.kind === "measured" ? vessel.breadth : null,
      depth: vessel.kind === "measured" ? vessel.depth : null,
      unit: vessel.kind === "measured" ? vessel.unit : null,
      // D2: an unmeasured vessel is charged as 500 units, as in quote --json.
      units: quoteJson(first).units,
      unmeasured: vessel.kind === "unmeasured",
    },
    transits: quote.transits.map(({ label, quote: transit }) => ({ label, ...quoteJson(transit) })),
    statutorySubtotal: centsText(quote.statutorySubtotalCents),
    otherCharges: quote.otherCharges.map((charge) => ({ label: charge.label, amount: centsText(charge.amountCents), note: charge.note })),
    otherChargesTotal: centsText(quote.otherChargesTotalCents),
    total: centsText(quote.totalCents),
    complete: quote.complete,
    missing: [...quote.missing],
    warnings: [...quote.warnings],
    settingsNotDefault: [...quote.settingsNotDefault],
  };
}
