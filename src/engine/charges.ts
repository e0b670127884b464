/** The charges of a transit under § 89-a(4)(b), one file each, and the line they make. */
export * from "./charges/line";
export * from "./charges/base-pilotage";
export * from "./charges/surcharge";
export * from "./charges/second-pilot";
export * from "./charges/board-fees";
