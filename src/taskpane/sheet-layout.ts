/**
 * The task pane's Insert quote: the pane's state and result as the shared quote sheet's input
 * (src/quote-sheet/layout.ts, the one layout `hudson-pilotage call -o quote.xlsx` writes too).
 * excel-writer.ts applies the writes through Office.js.
 */
import { typedDimension, PaneResult } from "./form";
import { PaneState } from "./state";
import { QuoteSheetInput, QuoteSheetLayout, quoteSheetLayoutOf, QuoteSheetOptions } from "../quote-sheet/layout";

export * from "../quote-sheet/layout";

export class NotReadyToInsert extends Error {}

const NOT_READY = "Complete the quote first: the fields marked in red need attention.";

/** The pane's quote as the sheet's input. Needs a quoted pane: vessel read, every transit quoted. */
export function paneSheetInput(state: PaneState, result: PaneResult): QuoteSheetInput {
  if (result.vessel.units === null || result.grandTotalCents === null) throw new NotReadyToInsert(NOT_READY);
  const quotes = result.transits.map((transit) => {
    if (transit.quote === null) throw new NotReadyToInsert(NOT_READY);
    return transit.quote;
  });
  const vessel = state.vessel;
  if (!vessel.notProvided && !result.vessel.units.measured) throw new NotReadyToInsert(NOT_READY);
  const total = result.grandTotalCents / 100;
  return {
    vessel: vessel.notProvided
      ? { kind: "unmeasured", name: vessel.name, imo: vessel.imo }
      : {
          kind: "measured",
          name: vessel.name,
          imo: vessel.imo,
          length: typedDimension(vessel.length, vessel.unit),
          breadth: typedDimension(vessel.breadth, vessel.unit),
          depth: typedDimension(vessel.depth, vessel.unit),
          unit: vessel.unit === "metres" ? "m" : "ft",
          measuredIn: vessel.unit === "metres" ? "metres (1 ft = 0.3048 m)" : "feet and inches",
        },
    transits: state.transits.map((transit, index) => ({
      label: null,
      direction: transit.direction,
      section: transit.section === "2" ? 2 : 1,
      date: transit.date,
      hours: transit.hours,
      relievedAtMidRiver: transit.relievedAtMidRiver,
      anchoredEightHours: transit.anchoredEightHours,
      quote: quotes[index],
    })),
    otherCharges: [],
    statutorySubtotal: total,
    total,
    complete: result.complete,
    settingsNotDefault: result.settingsNotDefault,
  };
}

/** The new sheet for the pane's quote; with `valuesOnly`, the engine's values in place of the formulas. */
export function quoteSheetLayout(state: PaneState, result: PaneResult, options: QuoteSheetOptions = {}): QuoteSheetLayout {
  return quoteSheetLayoutOf(paneSheetInput(state, result), options);
}
