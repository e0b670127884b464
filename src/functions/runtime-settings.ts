/**
 * The interpretation settings the custom functions use. In the shared runtime the task pane sets
 * them from the workbook's saved settings and then asks Excel for a full recalculation.
 *
 * functions.js and taskpane.js are separate bundles, each with its own copy of this module, so the
 * settings live on the one global object they share, under a registered symbol (no named global).
 */
import { DEFAULT_SETTINGS, EngineSettings } from "../engine";

const KEY = Symbol.for("hudson-pilotage.functionSettings");
type Holder = { [KEY]?: EngineSettings };

export function getFunctionSettings(): EngineSettings {
  return (globalThis as Holder)[KEY] ?? DEFAULT_SETTINGS;
}

export function setFunctionSettings(settings: EngineSettings): void {
  // A frozen copy: the settings in force are replaced, never changed.
  (globalThis as Holder)[KEY] = Object.freeze({ ...settings });
}
