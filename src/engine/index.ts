/** The § 89-a rules engine: plain values in, plain values or typed errors out. No Office, DOM or files. */
export * from "./errors";
export * from "./money";
export * from "./dates";
export * from "./settings";
export * from "./rates/base-pilotage";
export * from "./rates/surcharge";
export * from "./rates/board-fees";
export * from "./schedule";
export * from "./measure";
export * from "./inputs";
export * from "./charges";
export * from "./board-tables";
export * from "./quote";
export * from "./compliance";
export * from "./benefits";
export * from "./rates/benefits";
