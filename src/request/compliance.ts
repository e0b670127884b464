/** The compliance request (§ 89-a(1), D13): the `compliance` command's flags, read and answered; shared by every door. */
import {
  isPilotageInputError,
  OrRefusal,
  pilotRequirement,
  readGrossTons,
  readLengthFt,
  readLoadedDraftFt,
  readVesselStatus,
  REFUSED_PILOT_NOTE,
  refusalThrown,
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
  const settings = refusalThrown(resolveSettings(settingsFromFlags(values)));
  // The readers name the engine's inputs; a command-line reader is told the flag.
  const atFlag = <T>(result: OrRefusal<T>): T =>
    refusalThrown(isPilotageInputError(result) && result.field !== undefined && FLAG_OF_FIELD[result.field] !== undefined ? result.withField(FLAG_OF_FIELD[result.field]) : result);
  const answer = atFlag(
    pilotRequirement(
      {
        vesselStatus: atFlag(readVesselStatus(text("status"))),
        grossTons: atFlag(readGrossTons(text("gross-tons"))),
        loadedDraftFt: atFlag(readLoadedDraftFt(text("draft"))),
        proceedsBySea: values["not-by-sea"] !== true,
        recreational: values.recreational === true,
        lengthFt: atFlag(readLengthFt(text("length"))),
      },
      settings,
    ),
  );
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
