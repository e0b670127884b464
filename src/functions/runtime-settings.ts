/**
 * The interpretation settings the custom functions use. In the shared runtime the task pane sets
 * them from the workbook's saved settings and then asks Excel for a full recalculation.
 */
import { DEFAULT_SETTINGS, EngineSettings } from "../engine";

let functionSettings: EngineSettings = DEFAULT_SETTINGS;

export function getFunctionSettings(): EngineSettings {
  return functionSettings;
}

export function setFunctionSettings(settings: EngineSettings): void {
  // A frozen copy: engine caches may remember what they derive from it.
  functionSettings = Object.freeze({ ...settings });
}
