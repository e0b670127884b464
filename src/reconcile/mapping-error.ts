/**
 * A mapping problem and how each door words its fix. Apart from mapping.ts so that the command
 * line's error reporting (loaded by every command) does not load the reconciliation layer.
 */

/**
 * How a door says to correct a mapping, where that depends on the door: the command line's --map
 * (these words, the message's default) or the task pane's lists (reconcile-layout.ts).
 */
export interface MappingWords {
  /** After "The columns are …: ". */
  mapColumns: string;
  /** After "The measurement headers disagree (…): ". */
  measurementUnit: string;
}

export const MAP_FLAG_WORDS: MappingWords = {
  mapColumns: "map them as column=field",
  measurementUnit: "set the measurement unit, or rename the headers",
};

/** A mapping problem: a required column missing, a field named twice, a column that does not exist. */
export class MappingError extends Error {
  constructor(private readonly words: string | ((door: MappingWords) => string)) {
    super();
    this.name = "MappingError";
  }

  override get message(): string {
    return this.messageIn(MAP_FLAG_WORDS);
  }

  /** The message in a door's words. */
  messageIn(door: MappingWords): string {
    return typeof this.words === "string" ? this.words : this.words(door);
  }
}
