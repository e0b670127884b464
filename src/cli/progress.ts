import { CliIo } from "./io";

/** The process's io also says whether stderr is a terminal; an io without it (tests) gets no progress bar. */
export interface TerminalIo extends CliIo {
  readonly stderrIsTTY?: boolean;
  /** The terminal's size when the stream is one; null for a pipe or a file. */
  terminalSize?(stream: "stdout" | "stderr"): { rows: number; columns: number } | null;
}

const BAR_WIDTH = 30;
const REDRAW_MS = 100;

/**
 * A one-line progress bar on stderr, redrawn in place, only when stderr is a terminal: piped or
 * redirected output never gets carriage returns mixed into it. Lines for the user (a skipped row)
 * go through `line()` so they are not drawn over.
 */
export class ProgressBar {
  private readonly enabled: boolean;
  private lastDraw = 0;
  private drawnWidth = 0;

  constructor(
    private readonly io: CliIo,
    private readonly label: string,
  ) {
    this.enabled = (io as TerminalIo).stderrIsTTY === true;
  }

  /** `fraction` of the input done (0–1), `rows` rows so far. Cheap to call for every row. */
  update(fraction: number, rows: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    const done = Math.max(0, Math.min(1, fraction));
    const filled = Math.round(done * BAR_WIDTH);
    const text = `${this.label} [${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${Math.floor(done * 100)}% ${rows.toLocaleString("en-US")} rows`;
    this.io.stderr(`\r${text.padEnd(this.drawnWidth)}`);
    this.drawnWidth = text.length;
  }

  /** A whole line on stderr, with the bar cleared first. */
  line(text: string): void {
    this.clear();
    this.io.stderr(`${text}\n`);
  }

  /** Removes the bar. */
  finish(): void {
    this.clear();
  }

  private clear(): void {
    if (!this.enabled || this.drawnWidth === 0) return;
    this.io.stderr(`\r${" ".repeat(this.drawnWidth)}\r`);
    this.drawnWidth = 0;
    this.lastDraw = 0;
  }
}
