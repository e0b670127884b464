/**
 * Our own words for each NYPILOT function's help entry (function-docs.json): what it is for, a
 * worked example with the numbers shown, the errors it gives and why, and the clause it
 * implements. The build joins them with dist/functions.json (names, arguments) into help.html
 * (scripts/help-page.js), so the page can neither list a function that does not exist nor miss one;
 * tests check both ways and evaluate every example in a workbook engine.
 */
import docs from "./function-docs.json";

export interface FunctionExample {
  /** Cells laid out from A1 before the formula is evaluated (a board table, say). */
  sheet?: (string | number | boolean | null)[][];
  /** The formula as typed, with the NYPILOT. prefix. */
  formula: string;
  /** The result: a number, text, boolean, or the top-left cell of a spilled range. */
  result: string | number | boolean;
  /** The arithmetic, from the statute's numbers. */
  working: string;
}

export interface FunctionDoc {
  purpose: string;
  citation: string;
  example: FunctionExample;
  errors: { code: "#VALUE!" | "#NUM!" | "#N/A"; when: string }[];
}

export const FUNCTION_DOCS = docs as Record<string, FunctionDoc>;
