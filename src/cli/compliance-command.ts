import {
  COMPULSORY_PILOTAGE_CITATION,
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
import { readFlags } from "./args";
import { CliIo, UsageError } from "./io";
import { RECREATIONAL_EXEMPTION_HELP, RECREATIONAL_EXEMPTION_OPTIONS, settingsFromFlags } from "./settings-flags";

export const COMPLIANCE_HELP = `Usage: hudson-pilotage compliance --status S --gross-tons N --draft FT [options]

Must the vessel take a licensed Hudson River pilot? ${COMPULSORY_PILOTAGE_CITATION}, D13. Answers REQUIRED,
NOT REQUIRED or BOARD DISCRETION, with the reason and the clause.

Vessel:
  --status S       foreign; registered (American vessel under register); enrolled (American
                   vessel not under register, coastwise)
  --gross-tons N   gross registered tons
  --draft FT       fully loaded draft, in feet
  --not-by-sea     the vessel proceeds otherwise than by sea (one of the three conditions of the
                   small-vessel exception; never assumed)
  --recreational   a recreational vessel as defined in 46 U.S.C. § 2101(34)
  --length FT      its length in feet (for the note from 200 ft, and needed under under-200-ft)

Output:
  --json           the answer as JSON: answer, reason, citation, note, smallVesselException

Setting:
${RECREATIONAL_EXEMPTION_HELP}`;

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

export function runCompliance(args: string[], io: CliIo): number {
  const { values } = readFlags({ args, strict: true, allowPositionals: false, options: { ...COMPLIANCE_OPTIONS, json: { type: "boolean" }, help: { type: "boolean" } } });
  if (values.help) {
    io.stdout(COMPLIANCE_HELP);
    return 0;
  }
  const json = complianceFromFlags(values);
  if (values.json) {
    io.stdout(JSON.stringify(json, null, 2) + "\n");
    return 0;
  }
  const out = [`${json.answer} (${json.citation})`, json.reason, "", json.refusedPilot];
  for (const setting of json.settingsNotDefault) out.push(`Setting: ${setting}`);
  io.stdout(out.join("\n") + "\n");
  return 0;
}
