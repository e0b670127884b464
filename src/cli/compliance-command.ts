import { COMPULSORY_PILOTAGE_CITATION } from "../engine";
import { COMPLIANCE_OPTIONS, complianceFromFlags } from "../request/compliance";
import { RECREATIONAL_EXEMPTION_HELP } from "../request/settings-flags";
import { readFlags } from "./args";
import { CliIo } from "./io";

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
