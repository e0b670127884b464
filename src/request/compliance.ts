/** The compliance request (§ 89-a(1), D13): the `compliance` command's flags, read and answered; shared by every door. */
import {
  pilotRequirement,
  PilotageInputError,
  PilotRequirement,
  readGrossTons,
  readLengthFt,
  readLoadedDraftFt,
  readVesselStatus,
  REFUSED_PILOT_NOTE,
  resolveSettings,
  settingsNotDefault,
} from "../engine";
import { RECREATIONAL_EXEMPTION_OPTIONS, settingsFromFlags } from "./settings-flags";
import { UsageError } from "./usage-error";

export const COMPLIANCE_OPTIONS = {
  status: { type: "string" },
  "gross-tons": { type: "string" },
  draft: { type: "string" },
  "not-by-sea": { type: "boolean" },
  recreational: { type: "boolean" },
  length: { type: "string" },
  ...RECREATIONAL_EXEMPTION_OPTIONS,
} as const;

/** The engine's names for the inputs, as the command's flags. */
const FLAG_OF_FIELD: Readonly<Record<string, string>> = { vessel_status: "status", gross_tons: "gross-tons", loaded_draft_ft: "draft", length_ft: "length" };

/** § 89-a(1), D13, for `compliance --json` and the library's compliance(request). */
export function complianceFromFlags(values: Readonly<Record<string, string | boolean | undefined>>) {
  const text = (flag: string) => values[flag] as string | undefined;
  for (const [flag, words] of [["status", "the vessel status: foreign, registered or enrolled"], ["gross-tons", "the gross registered tons"], ["draft", "the fully loaded draft in feet"]]) {
    if (values[flag] === undefined) throw new UsageError(`--${flag} is required: ${words}.`, flag);
  }
  const settings = resolveSettings(settingsFromFlags(values));
  let answer: PilotRequirement;
  try {
    answer = pilotRequirement(
      {
        vesselStatus: readVesselStatus(text("status")),
        grossTons: readGrossTons(text("gross-tons")),
        loadedDraftFt: readLoadedDraftFt(text("draft")),
        proceedsBySea: values["not-by-sea"] !== true,
        recreational: values.recreational === true,
        lengthFt: readLengthFt(text("length")),
      },
      settings,
    );
  } catch (error) {
    // The readers name the engine's inputs; a command-line reader is told the flag.
    if (error instanceof PilotageInputError && error.field !== undefined && FLAG_OF_FIELD[error.field] !== undefined) {
      throw error.withField(FLAG_OF_FIELD[error.field]);
    }
    throw error;
  }
  return {
    answer: answer.answer,
    reason: answer.reason,
    citation: answer.citation,
    note: answer.note,
    smallVesselException: answer.smallVesselException,
    refusedPilot: REFUSED_PILOT_NOTE,
    settingsNotDefault: settingsNotDefault(settings),
  };
}

export type ComplianceJson = ReturnType<typeof complianceFromFlags>;
