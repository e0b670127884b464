/** The names src/functions imports from this path, until it takes them from the engine's index (issue 32). */
export { formatUsd as formatUsdCents, moneyOfCents, centsText as textOfCents } from "./money";
