/**
 * § 89-a(1), D13: who must take a Hudson River pilot. Thresholds from the statute's words:
 * "less than three hundred gross registered tons" (299 yes, 300 no), "a fully loaded draft of seven
 * feet or less" (7 yes, 7.01 no). Recreational vessels: the last sentence of (1) leaves them to the
 * board "at the discretion of the board" with no length, so BOARD DISCRETION at any length, with a
 * note from 200 ft, where the earlier sentence's "less than two hundred feet in length" would stop
 * (199.99 no note, 200 note); under the setting under200Ft that sentence is the limit (199 yes, 200 no).
 */
import Decimal from "decimal.js";
import {
  pilotRequirement,
  pilotRequirementAnswer,
  PilotRequirement,
  PilotRequirementInput,
  readFlagDefaultTrue,
  readGrossTons,
  readLengthFt,
  readLoadedDraftFt,
  readPilotRequirementInput,
  readVesselStatus,
  RECREATIONAL_LENGTH_NOTE,
  REFUSED_PILOT_NOTE,
  UNLICENSED_PILOT_NOTE,
} from "../../src/engine/compliance";
import { refusalThrown } from "../../src/engine/errors";
import { Money } from "../../src/engine/money";
import { resolveSettings } from "../../src/engine/settings";
import { inputErrorOf } from "./hand";

const d = (text: string): Decimal => new Money(text);

/** A foreign vessel that meets every condition of the small-vessel exception: not by sea, 299 GRT, 7 ft. */
const smallInland: PilotRequirementInput = {
  vesselStatus: "foreign",
  grossTons: d("299"),
  loadedDraftFt: d("7"),
  proceedsBySea: false,
};

describe("pilotRequirement: the small-vessel exception needs all three conditions (§ 89-a(1))", () => {
  it("not by sea, 299 GRT (< 300), 7 ft draft (≤ 7): NOT REQUIRED", () => {
    const result = refusalThrown(pilotRequirement(smallInland));
    expect(result.answer).toBe("NOT REQUIRED");
    expect(result.citation).toBe("§ 89-a(1)");
    expect(result.smallVesselException).toEqual({ applies: true, otherwiseThanBySea: true, under300GrossTons: true, loadedDraftAtMost7Ft: true });
    expect(result.reason).toContain("299 GRT");
    expect(result.reason).toContain("7 ft");
  });

  it("300 GRT is not less than three hundred: REQUIRED", () => {
    const result = refusalThrown(pilotRequirement({ ...smallInland, grossTons: d("300") }));
    expect(result.answer).toBe("REQUIRED");
    expect(result.smallVesselException).toEqual({ applies: false, otherwiseThanBySea: true, under300GrossTons: false, loadedDraftAtMost7Ft: true });
    expect(result.reason).toContain("300 GRT is not less than 300");
  });

  it("299.99 GRT is still less than three hundred: NOT REQUIRED", () => {
    expect(refusalThrown(pilotRequirement({ ...smallInland, grossTons: d("299.99") })).answer).toBe("NOT REQUIRED");
  });

  it("0 GRT is refused (no vessel measures 0; an empty desktop cell reads as 0), 0.01 GRT is less than 300", () => {
    expect(() => refusalThrown(pilotRequirement({ ...smallInland, grossTons: d("0") }))).toThrow(
      "The gross registered tons must be more than zero (an empty cell reads as 0): enter the vessel's GRT.",
    );
    expect(refusalThrown(pilotRequirement({ ...smallInland, grossTons: d("0.01") })).answer).toBe("NOT REQUIRED");
  });

  it("a 7.01 ft draft is more than seven feet: REQUIRED", () => {
    const result = refusalThrown(pilotRequirement({ ...smallInland, loadedDraftFt: d("7.01") }));
    expect(result.answer).toBe("REQUIRED");
    expect(result.smallVesselException?.loadedDraftAtMost7Ft).toBe(false);
    expect(result.reason).toContain("7.01 ft is more than 7 ft");
  });

  it("a 6.99 ft draft is seven feet or less: NOT REQUIRED", () => {
    expect(refusalThrown(pilotRequirement({ ...smallInland, loadedDraftFt: d("6.99") })).answer).toBe("NOT REQUIRED");
  });

  it("a vessel that proceeds by sea is not excepted however small: REQUIRED", () => {
    const result = refusalThrown(pilotRequirement({ ...smallInland, proceedsBySea: true, grossTons: d("10"), loadedDraftFt: d("3") }));
    expect(result.answer).toBe("REQUIRED");
    expect(result.smallVesselException).toEqual({ applies: false, otherwiseThanBySea: false, under300GrossTons: true, loadedDraftAtMost7Ft: true });
    expect(result.reason).toContain("it proceeds by sea");
  });

  it("proceedsBySea defaults to TRUE: the exception is never assumed", () => {
    const withoutBySea: PilotRequirementInput = { vesselStatus: "foreign", grossTons: d("299"), loadedDraftFt: d("7") };
    expect(refusalThrown(pilotRequirement(withoutBySea)).answer).toBe("REQUIRED");
  });

  it("names every failing condition: by sea, 300 GRT and 7.01 ft", () => {
    const result = refusalThrown(pilotRequirement({ vesselStatus: "foreign", grossTons: d("300"), loadedDraftFt: d("7.01") }));
    expect(result.reason).toContain("it proceeds by sea; 300 GRT is not less than 300; its fully loaded draft of 7.01 ft is more than 7 ft");
  });

  it("an American vessel under register is treated as a foreign vessel", () => {
    expect(refusalThrown(pilotRequirement({ ...smallInland, vesselStatus: "registered" })).answer).toBe("NOT REQUIRED");
    const required = refusalThrown(pilotRequirement({ ...smallInland, vesselStatus: "registered", grossTons: d("300") }));
    expect(required.answer).toBe("REQUIRED");
    expect(required.reason).toContain("An American vessel under register must take a licensed Hudson River pilot");
  });

  it("a large foreign vessel by sea: REQUIRED", () => {
    const result = refusalThrown(pilotRequirement({ vesselStatus: "foreign", grossTons: d("45000"), loadedDraftFt: d("32.5") }));
    expect(result.answer).toBe("REQUIRED");
    expect(result.reason).toContain("A foreign vessel must take a licensed Hudson River pilot");
  });
});

describe("pilotRequirement: enrolled vessels are not named by § 89-a(1) (D13)", () => {
  it("an enrolled (coastwise) vessel of any size: NOT REQUIRED, no exception to test", () => {
    const result = refusalThrown(pilotRequirement({ vesselStatus: "enrolled", grossTons: d("45000"), loadedDraftFt: d("32.5") }));
    expect(result.answer).toBe("NOT REQUIRED");
    expect(result.smallVesselException).toBeNull();
    expect(result.reason).toContain("not under register");
    expect(result.citation).toBe("§ 89-a(1)");
  });

  it("an enrolled recreational vessel needs no length", () => {
    expect(refusalThrown(pilotRequirement({ vesselStatus: "enrolled", grossTons: d("500"), loadedDraftFt: d("12"), recreational: true })).answer).toBe("NOT REQUIRED");
  });
});

describe("pilotRequirement: recreational vessels are for the board's discretion at any length (§ 89-a(1), D13)", () => {
  const yacht: PilotRequirementInput = { vesselStatus: "foreign", grossTons: d("1500"), loadedDraftFt: d("12"), recreational: true };

  it("199 ft (< 200): BOARD DISCRETION, with no note (both sentences reach it)", () => {
    const result = refusalThrown(pilotRequirement({ ...yacht, lengthFt: d("199") }));
    expect(result.answer).toBe("BOARD DISCRETION");
    expect(result.reason).toContain("199 ft, less than 200 ft");
    expect(result.reason).toContain("board of commissioners of pilots");
    expect(result.note).toBeNull();
  });

  it("199.99 ft (< 200): BOARD DISCRETION, no note", () => {
    const result = refusalThrown(pilotRequirement({ ...yacht, lengthFt: d("199.99") }));
    expect(result.answer).toBe("BOARD DISCRETION");
    expect(result.note).toBeNull();
  });

  it.each(["200", "250", "450"])("%s ft (not less than 200): BOARD DISCRETION, with the note on the under-200-ft sentence", (feet) => {
    const result = refusalThrown(pilotRequirement({ ...yacht, lengthFt: d(feet) }));
    expect(result.answer).toBe("BOARD DISCRETION");
    expect(result.note).toBe(RECREATIONAL_LENGTH_NOTE);
    expect(result.note).toContain('"of less than two hundred feet in length"');
    expect(result.note).toContain("no length limit");
    expect(result.reason).toContain(`of ${feet} ft:`);
    expect(result.reason).toContain(RECREATIONAL_LENGTH_NOTE);
  });

  it("a registered recreational vessel of 150 ft: BOARD DISCRETION", () => {
    expect(refusalThrown(pilotRequirement({ ...yacht, vesselStatus: "registered", lengthFt: d("150") })).answer).toBe("BOARD DISCRETION");
  });

  it("recreational without a length: BOARD DISCRETION, with the note (the length could be 200 ft or more)", () => {
    const result = refusalThrown(pilotRequirement(yacht));
    expect(result.answer).toBe("BOARD DISCRETION");
    expect(result.reason).toContain("of a length not given");
    expect(result.note).toBe(RECREATIONAL_LENGTH_NOTE);
  });

  it("a recreational vessel that meets the statutory exception is NOT REQUIRED, with or without a length", () => {
    expect(refusalThrown(pilotRequirement({ ...smallInland, recreational: true })).answer).toBe("NOT REQUIRED");
    expect(refusalThrown(pilotRequirement({ ...smallInland, recreational: true, lengthFt: d("150") })).answer).toBe("NOT REQUIRED");
    expect(refusalThrown(pilotRequirement({ ...smallInland, recreational: true, lengthFt: d("250") })).answer).toBe("NOT REQUIRED");
  });

  it("a length given for a vessel that is not recreational changes nothing", () => {
    expect(refusalThrown(pilotRequirement({ ...yacht, recreational: false, lengthFt: d("150") })).answer).toBe("REQUIRED");
    expect(refusalThrown(pilotRequirement({ ...yacht, recreational: false, lengthFt: d("250") })).answer).toBe("REQUIRED");
  });
});

describe("pilotRequirement under the setting recreationalExemption under200Ft (the first sentence's limit, D13)", () => {
  const yacht: PilotRequirementInput = { vesselStatus: "foreign", grossTons: d("1500"), loadedDraftFt: d("12"), recreational: true };
  const under200 = refusalThrown(resolveSettings({ recreationalExemption: "under200Ft" }));

  it("199 ft and 199.99 ft (< 200): BOARD DISCRETION", () => {
    expect(refusalThrown(pilotRequirement({ ...yacht, lengthFt: d("199") }, under200)).answer).toBe("BOARD DISCRETION");
    expect(refusalThrown(pilotRequirement({ ...yacht, lengthFt: d("199.99") }, under200)).answer).toBe("BOARD DISCRETION");
  });

  it("200 ft is not less than two hundred: REQUIRED", () => {
    const result = refusalThrown(pilotRequirement({ ...yacht, lengthFt: d("200") }, under200));
    expect(result.answer).toBe("REQUIRED");
    expect(result.reason).toContain("a recreational vessel of 200 ft is not less than 200 ft");
    expect(result.reason).toContain("setting recreationalExemption under200Ft");
  });

  it("recreational without a length: an error that asks for the length", () => {
    const error = inputErrorOf(() => refusalThrown(pilotRequirement(yacht, under200)));
    expect(error.code).toBe("BLANK");
    expect(error.kind).toBe("value");
    expect(error.field).toBe("length_ft");
    expect(error.message).toContain("enter the length in feet");
  });

  it("the statutory exception still comes first: NOT REQUIRED at 250 ft", () => {
    expect(refusalThrown(pilotRequirement({ ...smallInland, recreational: true, lengthFt: d("250") }, under200)).answer).toBe("NOT REQUIRED");
  });

  it("an unknown value of the setting is refused", () => {
    const error = inputErrorOf(() => refusalThrown(resolveSettings({ recreationalExemption: "under 200" })));
    expect(error.code).toBe("BAD_SETTING");
    expect(error.field).toBe("recreationalExemption");
    expect(error.message).toBe('The recreational exemption (D13) setting must be "anyLength" or "under200Ft".');
  });
});

describe("pilotRequirement: typed inputs are checked too", () => {
  it("negative tons", () => {
    const error = inputErrorOf(() => refusalThrown(pilotRequirement({ ...smallInland, grossTons: d("-1") })));
    expect(error.code).toBe("NOT_POSITIVE");
    expect(error.field).toBe("gross_tons");
  });

  it("a zero draft", () => {
    const error = inputErrorOf(() => refusalThrown(pilotRequirement({ ...smallInland, loadedDraftFt: d("0") })));
    expect(error.code).toBe("NOT_POSITIVE");
    expect(error.field).toBe("loaded_draft_ft");
  });

  it("a zero length", () => {
    expect(inputErrorOf(() => refusalThrown(pilotRequirement({ ...smallInland, lengthFt: d("0") }))).field).toBe("length_ft");
  });
});

describe("readVesselStatus", () => {
  it.each([
    ["foreign", "foreign"],
    [" FOREIGN ", "foreign"],
    ["Foreign-flag", "foreign"],
    ["registered", "registered"],
    ["Under Register", "registered"],
    ["American under register", "registered"],
    ["enrolled", "enrolled"],
    ["Coastwise", "enrolled"],
    ["American not under register", "enrolled"],
  ])("%p → %p", (typed, status) => {
    expect(refusalThrown(readVesselStatus(typed))).toBe(status);
  });

  it("an unknown word: UNKNOWN_VESSEL_STATUS (#VALUE!) naming the three choices", () => {
    const error = inputErrorOf(() => refusalThrown(readVesselStatus("domestic")));
    expect(error.code).toBe("UNKNOWN_VESSEL_STATUS");
    expect(error.kind).toBe("value");
    expect(error.field).toBe("vessel_status");
    expect(error.message).toContain('"domestic"');
    expect(error.message).toContain('"foreign", "registered"');
  });

  it("blank: BLANK", () => {
    expect(inputErrorOf(() => refusalThrown(readVesselStatus("  "))).code).toBe("BLANK");
    expect(inputErrorOf(() => refusalThrown(readVesselStatus(null))).code).toBe("BLANK");
  });

  it("a number: UNKNOWN_VESSEL_STATUS", () => {
    expect(inputErrorOf(() => refusalThrown(readVesselStatus(1))).code).toBe("UNKNOWN_VESSEL_STATUS");
  });
});

describe("readers for tons, draft and length", () => {
  it("gross tons: numbers and text; 0, negative and absurd refused", () => {
    expect(inputErrorOf(() => refusalThrown(readGrossTons(0))).code).toBe("NOT_POSITIVE");
    expect(refusalThrown(readGrossTons(0.5)).toString()).toBe("0.5");
    expect(refusalThrown(readGrossTons("1,234")).toString()).toBe("1234");
    expect(refusalThrown(readGrossTons(299.5)).toString()).toBe("299.5");
    expect(inputErrorOf(() => refusalThrown(readGrossTons(-1))).code).toBe("NOT_POSITIVE");
    expect(inputErrorOf(() => refusalThrown(readGrossTons("heavy"))).code).toBe("NOT_A_NUMBER");
    expect(inputErrorOf(() => refusalThrown(readGrossTons(null))).code).toBe("BLANK");
    expect(inputErrorOf(() => refusalThrown(readGrossTons(2_000_000))).code).toBe("IMPLAUSIBLE");
  });

  it("draft: more than zero, in feet", () => {
    expect(refusalThrown(readLoadedDraftFt("7.01")).toString()).toBe("7.01");
    const zero = inputErrorOf(() => refusalThrown(readLoadedDraftFt(0)));
    expect(zero.code).toBe("NOT_POSITIVE");
    expect(zero.kind).toBe("num");
    expect(inputErrorOf(() => refusalThrown(readLoadedDraftFt(150))).code).toBe("IMPLAUSIBLE");
    expect(inputErrorOf(() => refusalThrown(readLoadedDraftFt(""))).code).toBe("BLANK");
  });

  it("length: blank → none; otherwise more than zero", () => {
    expect(refusalThrown(readLengthFt(null))).toBeNull();
    expect(refusalThrown(readLengthFt(""))).toBeNull();
    expect(refusalThrown(readLengthFt(199))?.toString()).toBe("199");
    expect(inputErrorOf(() => refusalThrown(readLengthFt(-5))).code).toBe("NOT_POSITIVE");
    expect(inputErrorOf(() => refusalThrown(readLengthFt(5000))).code).toBe("IMPLAUSIBLE");
  });
});

describe("readFlagDefaultTrue", () => {
  it("blank → TRUE", () => {
    expect(refusalThrown(readFlagDefaultTrue(undefined, "proceeds_by_sea", "proceeds by sea"))).toBe(true);
    expect(refusalThrown(readFlagDefaultTrue(null, "proceeds_by_sea", "proceeds by sea"))).toBe(true);
    expect(refusalThrown(readFlagDefaultTrue("", "proceeds_by_sea", "proceeds by sea"))).toBe(true);
  });

  it("TRUE/FALSE, yes/no, 1", () => {
    expect(refusalThrown(readFlagDefaultTrue(false, "f", "x"))).toBe(false);
    expect(refusalThrown(readFlagDefaultTrue("no", "f", "x"))).toBe(false);
    expect(refusalThrown(readFlagDefaultTrue(true, "f", "x"))).toBe(true);
    expect(refusalThrown(readFlagDefaultTrue("YES", "f", "x"))).toBe(true);
    expect(refusalThrown(readFlagDefaultTrue(1, "f", "x"))).toBe(true);
  });

  it("0 is refused: Excel desktop passes an empty cell as 0", () => {
    const error = inputErrorOf(() => refusalThrown(readFlagDefaultTrue(0, "proceeds_by_sea", "proceeds by sea")));
    expect(error.code).toBe("BAD_FLAG");
    expect(error.field).toBe("proceeds_by_sea");
    expect(error.message).toContain("enter FALSE");
  });

  it("other text: BAD_FLAG", () => {
    expect(inputErrorOf(() => refusalThrown(readFlagDefaultTrue("maybe", "f", "x"))).code).toBe("BAD_FLAG");
  });
});

describe("readPilotRequirementInput → pilotRequirement (as a cell formula would)", () => {
  it("the small inland vessel typed in cells: NOT REQUIRED", () => {
    const input = refusalThrown(readPilotRequirementInput({ vesselStatus: "Foreign", grossTons: 299, loadedDraftFt: "7", proceedsBySea: false }));
    expect(input.proceedsBySea).toBe(false);
    expect(input.recreational).toBe(false);
    expect(input.lengthFt).toBeNull();
    expect(refusalThrown(pilotRequirement(input)).answer).toBe("NOT REQUIRED");
  });

  it("optional cells left blank: by sea TRUE, recreational FALSE → REQUIRED", () => {
    const input = refusalThrown(readPilotRequirementInput({ vesselStatus: "registered", grossTons: 299, loadedDraftFt: 7, proceedsBySea: null, recreational: null, lengthFt: null }));
    expect(input.proceedsBySea).toBe(true);
    expect(refusalThrown(pilotRequirement(input)).answer).toBe("REQUIRED");
  });

  it("a recreational yacht of 199 ft typed in cells: BOARD DISCRETION", () => {
    const input = refusalThrown(readPilotRequirementInput({ vesselStatus: "foreign", grossTons: 1500, loadedDraftFt: 12, recreational: "yes", lengthFt: 199 }));
    expect(refusalThrown(pilotRequirement(input)).answer).toBe("BOARD DISCRETION");
  });

  it("a blank required cell names its argument", () => {
    expect(inputErrorOf(() => refusalThrown(readPilotRequirementInput({ vesselStatus: "foreign", grossTons: null, loadedDraftFt: 7 }))).field).toBe("gross_tons");
    expect(inputErrorOf(() => refusalThrown(readPilotRequirementInput({ vesselStatus: "foreign", grossTons: 10, loadedDraftFt: "" }))).field).toBe("loaded_draft_ft");
  });
});

describe("notes for the task pane and help text", () => {
  it("cite § 89-a(1) for a refused pilot and § 89-a(2), (3) for unlicensed piloting", () => {
    expect(REFUSED_PILOT_NOTE).toContain("as if one had been employed (§ 89-a(1))");
    expect(UNLICENSED_PILOT_NOTE).toContain("misdemeanour");
    expect(UNLICENSED_PILOT_NOTE).toContain("§ 89-a(2), (3)");
  });
});

describe("a measurement typed as a number is used as it is, with the answers and words of its Decimal", () => {
  // Each figure as a number and as the Decimal of its text: the same answer, reason, exception
  // and refusal. Around each limit (0, 7 ft, 200 ft, 300 GRT, the plausible maxima) and tiny values.
  const tonsFigures = [299, 299.99, 300, 300.01, 0.01, 1e-7, 1.5e-7, 0.000001, 1_000_000, 1_000_000.5, 0, -0, -1, 12.3];
  const draftFigures = [7, 6.99, 7.01, 0.1, 100, 100.01, 0, -2];
  const lengthFigures = [199, 199.99, 200, 200.01, 2000, 2000.5, 0.5];
  const outcome = (run: () => PilotRequirement) => {
    try {
      const r = run();
      return { answer: r.answer, reason: r.reason, exception: r.smallVesselException, note: r.note };
    } catch (error) {
      const refusal = inputErrorOf(() => {
        throw error;
      });
      return { code: refusal.code, field: refusal.field, message: refusal.message };
    }
  };
  it.each(["foreign", "registered", "enrolled"] as const)("%s: every tons × draft, by sea and not", (vesselStatus) => {
    for (const tons of tonsFigures) {
      for (const draft of draftFigures) {
        for (const proceedsBySea of [true, false]) {
          const asNumbers = outcome(() => refusalThrown(pilotRequirement(refusalThrown(readPilotRequirementInput({ vesselStatus, grossTons: tons, loadedDraftFt: draft, proceedsBySea })))));
          const asText = outcome(() => refusalThrown(pilotRequirement(refusalThrown(readPilotRequirementInput({ vesselStatus, grossTons: String(tons), loadedDraftFt: String(draft), proceedsBySea })))));
          // String(-0) is "0": the text path reads 0 and refuses it as the number -0 is refused.
          expect(asNumbers).toEqual(asText);
          // The answer alone (the column functions' path): the same answer, or the same refusal.
          const answerOnly = outcome(() => {
            const answer = refusalThrown(pilotRequirementAnswer(refusalThrown(readPilotRequirementInput({ vesselStatus, grossTons: tons, loadedDraftFt: draft, proceedsBySea }))));
            return { ...refusalThrown(pilotRequirement(refusalThrown(readPilotRequirementInput({ vesselStatus, grossTons: tons, loadedDraftFt: draft, proceedsBySea })))), answer };
          });
          expect(answerOnly).toEqual(asNumbers);
        }
      }
    }
  });
  it("recreational lengths, under both readings of D13", () => {
    for (const recreationalExemption of ["anyLength", "under200Ft"] as const) {
      const settings = refusalThrown(resolveSettings({ recreationalExemption }));
      for (const length of lengthFigures) {
        const typed = { vesselStatus: "foreign", grossTons: 500, loadedDraftFt: 9, recreational: true };
        const asNumbers = outcome(() => refusalThrown(pilotRequirement(refusalThrown(readPilotRequirementInput({ ...typed, lengthFt: length })), settings)));
        const asText = outcome(() => refusalThrown(pilotRequirement(refusalThrown(readPilotRequirementInput({ ...typed, grossTons: "500", loadedDraftFt: "9", lengthFt: String(length) })), settings)));
        expect(asNumbers).toEqual(asText);
        const answerOnly = outcome(() => ({
          ...refusalThrown(pilotRequirement(refusalThrown(readPilotRequirementInput({ ...typed, lengthFt: length })), settings)),
          answer: refusalThrown(pilotRequirementAnswer(refusalThrown(readPilotRequirementInput({ ...typed, lengthFt: length })), settings)),
        }));
        expect(answerOnly).toEqual(asNumbers);
      }
    }
  });
  it("a number's shortest text is the text of its Decimal (the reasons show either)", () => {
    for (const x of [...tonsFigures, ...draftFigures, ...lengthFigures, 1e21, 1.25e-9, 123456.789]) expect(String(x)).toBe(new Money(x).toString());
  });
  it("NaN and Infinity are refused as before: not a finite number", () => {
    expect(inputErrorOf(() => refusalThrown(readGrossTons(NaN))).message).toBe("The gross registered tons is not a finite number.");
    expect(inputErrorOf(() => refusalThrown(readLoadedDraftFt(Infinity))).code).toBe("NOT_FINITE");
  });
});
