/**
 * Issue 37's corpus (test/cli/corpus, its README lists each file): invoice exports as real systems
 * write them, reconciled as delivered. Each file flags exactly its planted rows, the counts add up,
 * every column is listed as used (with its field) or not used; the same file without its hours
 * column, and without its section column, flags no row on an assumed value (D26).
 *
 * Every amount is worked by hand from § 89-a below, never taken from our code.
 *
 * Rates. Base pilotage § 89-a(4)(b)(1): clause (xi) from 2026-01-01, (xii) from 2027-01-01 (D6).
 *   (xi)  Section 1: ≤ 50 units $1,070.58; 50–100 $1,530.48; ≥ 100 $15.32 a unit (max 500 units)
 *         Section 2: ≤ 50 units $1,764.76; 50–100 $2,156.94; ≥ 100 $21.58 a unit (max 500 units)
 *   (xii) Section 1: ≤ 50 units $1,102.70; 50–100 $1,576.39; ≥ 100 $15.78 a unit
 *         Section 2: ≤ 50 units $1,817.70; 50–100 $2,221.65; ≥ 100 $22.23 a unit
 *   Exactly 100 units: the per-unit rate (D4). Units = L × B × D ÷ 10,000, feet (D1).
 * Surcharge (1-c)(iii), the board's table of corpus/board-rates.csv from 2020-11-20: ≤ 50 units
 *   $300.00; 51–100 $360.00; over 100 $3.60 a unit, no maximum (D7).
 * Board fees (1-a), corpus/board-rates.csv: from 2026-01-01 launch $300.00 + communication $45.50
 *   (+ mid-river launch $125.00 on Section 2 only, D10) = $345.50 (S1) / $470.50 (S2);
 *   from 2027-01-01 $315.00 + $47.00 (+ $130.00) = $362.00 (S1) / $492.00 (S2).
 * Second pilot (1-a), D11: more than 10 hours → 50% of the base pilotage, unless relieved at the
 *   mid-river station (or anchored 8 hours). Each line rounded to the cent, half up (D14).
 *
 * The vessels (the same dimensions recur; "1p" one pilot, "2p" with the second pilot):
 *   V1 600 × 80 × 40 ÷ 10,000 = 192 units (also 182.88 m × 24.384 m × 12.192 m: ÷ 0.3048 = 600/80/40 ft)
 *     2026 S1: base 192 × 15.32 = 2,941.44; surcharge 192 × 3.60 = 691.20; fees 345.50 → 1p 3,978.14;
 *              second 2,941.44 ÷ 2 = 1,470.72 → 2p 5,448.86
 *     2026 S2: base 192 × 21.58 = 4,143.36; 691.20; fees 470.50 → 1p 5,305.06; second 2,071.68 → 2p 7,376.74
 *     2027 S1: base 192 × 15.78 = 3,029.76; 691.20; fees 362.00 → 1p 4,082.96; second 1,514.88 → 2p 5,597.84
 *     2027 S2: base 192 × 22.23 = 4,268.16; 691.20; fees 492.00 → 1p 5,451.36
 *   V2 200 × 50 × 40 ÷ 10,000 = 40 units (also 60.96 m × 15.24 m × 12.192 m; 200' 0")
 *     2026 S1: 1,070.58 + 300.00 + 345.50 = 1,716.08 (second 535.29 → 2p 2,251.37)
 *     2026 S2: 1,764.76 + 300.00 + 470.50 = 2,535.26 (second 882.38 → 2p 3,417.64)
 *     2027 S1: 1,102.70 + 300.00 + 362.00 = 1,764.70 (second 551.35 → 2p 2,316.05)
 *     2027 S2: 1,817.70 + 300.00 + 492.00 = 2,609.70; second 1,817.70 ÷ 2 = 908.85 → 2p 3,518.55
 *   V3 400 × 60 × 30 ÷ 10,000 = 72 units (also 121.92 m × 18.288 m × 9.144 m)
 *     2026 S1: 1,530.48 + 360.00 + 345.50 = 2,235.98 (second 765.24 → 2p 3,001.22)
 *     2026 S2: 2,156.94 + 360.00 + 470.50 = 2,987.44 (second 1,078.47 → 2p 4,065.91)
 *     2027 S1: 1,576.39 + 360.00 + 362.00 = 2,298.39
 *   V4 750 × 106 × 50 ÷ 10,000 = 397.5 units
 *     2026 S1: 397.5 × 15.32 = 6,089.70; 397.5 × 3.60 = 1,431.00; 345.50 → 1p 7,866.20
 *     2026 S2: 397.5 × 21.58 = 8,578.05; 1,431.00; 470.50 → 1p 10,479.55; second 4,289.025 → 4,289.03 → 2p 14,768.58
 *   V5 1,000 × 106 × 52 ÷ 10,000 = 551.2 units: base at the 500-unit maximum, surcharge on all 551.2
 *     surcharge 551.2 × 3.60 = 1,984.32
 *     2026 S1: 500 × 15.32 = 7,660.00 + 1,984.32 + 345.50 = 9,989.82; second 3,830.00 → 2p 13,819.82
 *     2026 S2: 500 × 21.58 = 10,790.00 + 1,984.32 + 470.50 = 13,244.82; second 5,395.00 → 2p 18,639.82
 *     2027 S1: 500 × 15.78 = 7,890.00 + 1,984.32 + 362.00 = 10,236.32; second 3,945.00 → 2p 14,181.32
 *     2027 S2: 500 × 22.23 = 11,115.00 + 1,984.32 + 492.00 = 13,591.32; second 5,557.50 → 2p 19,148.82
 *   V6 600' 6" × 80 × 40 = 600.5 × 3,200 ÷ 10,000 = 192.16 units
 *     2026 S1: 192.16 × 15.32 = 2,943.8912 → 2,943.89; 192.16 × 3.60 = 691.776 → 691.78; 345.50 → 1p 3,981.17;
 *              second 1,471.945 → 1,471.95 → 2p 5,453.12
 *     2026 S2: 192.16 × 21.58 = 4,146.8128 → 4,146.81; 691.78; 470.50 → 1p 5,309.09; second 2,073.405 → 2,073.41 → 2p 7,382.50
 *   V7 500 × 50 × 40 ÷ 10,000 = 100 units exactly: per-unit rate (D4), surcharge band 51–100
 *     2026 S1: 100 × 15.32 = 1,532.00 + 360.00 + 345.50 = 2,237.50
 *     2026 S2: 100 × 21.58 = 2,158.00 + 360.00 + 470.50 = 2,988.50; second 1,079.00 → 2p 4,067.50
 *     2027 S1: 100 × 15.78 = 1,578.00 + 360.00 + 362.00 = 2,300.00
 *     2027 S2: 100 × 22.23 = 2,223.00 + 360.00 + 492.00 = 3,075.00; second 1,111.50 → 2p 4,186.50
 *   V8 820 × 120 × 60 ÷ 10,000 = 590.4 units: base at 500 units; surcharge 590.4 × 3.60 = 2,125.44
 *     2026 S2: 10,790.00 + 2,125.44 + 470.50 = 13,385.94; second 5,395.00 → 2p 18,780.94
 *     2027 S1: 7,890.00 + 2,125.44 + 362.00 = 10,377.44
 *   V10 650 × 90 × 45 ÷ 10,000 = 263.25 units; surcharge 263.25 × 3.60 = 947.70
 *     2026 S1: 263.25 × 15.32 = 4,032.99 + 947.70 + 345.50 = 5,326.19 (second 2,016.495 → 2,016.50 → 2p 7,342.69)
 *     2026 S2: 263.25 × 21.58 = 5,680.935 → 5,680.94 + 947.70 + 470.50 = 7,099.14 (second 2,840.47 → 2p 9,939.61)
 */
import ExcelJS from "exceljs";
import fs from "node:fs";
import path from "node:path";
import { cliFolder } from "./cli-folder";

const CORPUS = path.resolve(__dirname, "corpus");
const RATES = path.join(CORPUS, "board-rates.csv");
const { inFolder, run } = cliFolder("hudson-corpus-");

type Field =
  | "vessel"
  | "length"
  | "breadth"
  | "depth"
  | "section"
  | "date"
  | "hours"
  | "relieved"
  | "anchored"
  | "units"
  | "billed_base"
  | "billed_surcharge"
  | "billed_second_pilot"
  | "billed_launch"
  | "billed_communication"
  | "billed_midriver_launch"
  | "billed_total";

interface CorpusFile {
  file: string;
  /** Options beyond the file and --board-rates (only --date-format, where the dates read both ways). */
  options: string[];
  /** The sheet holding the invoices (an .xlsx), and the row (1-based; for a CSV, the line) of the real header. */
  sheet?: string;
  headerRow: number;
  hoursHeader: string;
  sectionHeader: string;
  /** Column letter of each field a person reading the file would take. */
  columns: Partial<Record<Field, string>>;
  unused: string[];
  /** Flagged rows: vessel → its transit date as read and its variance (billed − computed). */
  planted: Record<string, { date: string; variance: string }>;
  /** The file is not UTF-8: the summary must say it was read as Windows-1252. */
  windows1252?: boolean;
  /** The invoices are not on the workbook's first sheet: the run must name the sheet it read. */
  notFirstSheet?: boolean;
  /** Rows read but not checkable (vessel), e.g. a credit with no particulars. */
  notChecked: string[];
  counts: { rowsRead: number; rowsMatched: number; rowsFlagged: number; rowsNotChecked: number; rowsExcluded: number };
  variance: string;
  /** Rows flagged when the hours column is removed, and when the section column is removed. */
  withoutHours: string[];
  withoutSection: string[];
}

/** The billed charges, in the order most invoices give them; `chargesFrom("J")` puts them in J to P. */
const CHARGE_FIELDS = ["billed_base", "billed_surcharge", "billed_second_pilot", "billed_launch", "billed_communication", "billed_midriver_launch", "billed_total"] as const;
const chargesFrom = (first: string) => Object.fromEntries(CHARGE_FIELDS.map((field, i) => [field, String.fromCharCode(first.charCodeAt(0) + i)]));

/*
 * The register (June 2026, clause (xi); charges per line):
 *   MV ATLANTIC ALLIANCE V1 S2 8.5 h → 5,305.06 (matched); MT CHEMBULK HOUSTON V3 S1 → 2,235.98;
 *   MV BBC AMAZON V4 S2 13.5 h → 2p 14,768.58; ATB PATRIOT V2 S1 → 1,716.08; MV ALBANY TRADER V5 S2 11 h →
 *   2p 18,639.82; MV HUDSON SPIRIT V7 S1 → 2,237.50; MV COEYMANS V10 S2 9.5 h → 7,099.14; MT PORT EWEN V2 S2 → 2,535.26.
 *   Planted: MV STAR JAPAN V1 S2 14 h (> 10): second pilot billed 0, computed 2,071.68; billed 5,305.06,
 *            computed 2p 7,376.74 → −2,071.68.
 *            MT NORDIC AMELIA V3 S1 6 h: base billed 1,630.48, computed 1,530.48; billed 2,335.98, computed 2,235.98 → +100.00.
 *   Variance −2,071.68 + 100.00 = −1,971.68. Rows read: 10 transits + the Totals row (excluded).
 *   Without hours: NORDIC AMELIA's base is $100.00 over whatever the hours (the base does not depend on
 *     them): flagged. STAR JAPAN's second pilot is 0 or 2,071.68 by the hours: not checked.
 *   Without section: STAR JAPAN's second pilot, billed 0, is 1,470.72 (S1) or 2,071.68 (S2): under
 *     either way (total 5,305.06 against 5,448.86 or 7,376.74): flagged. NORDIC AMELIA's base 1,630.48 lies
 *     between S1's 1,530.48 and S2's 2,156.94: not checked.
 */
const REGISTER = {
  headerRow: 5,
  hoursHeader: "Hours",
  sectionHeader: "Section",
  columns: {
    vessel: "B",
    length: "D",
    breadth: "E",
    depth: "F",
    date: "G",
    section: "H",
    hours: "I",
    ...chargesFrom("J"),
  },
  unused: ["A", "C"],
  planted: { "MV STAR JAPAN": { date: "2026-06-12", variance: "-2071.68" }, "MT NORDIC AMELIA": { date: "2026-06-15", variance: "100.00" } },
  notChecked: [],
  counts: { rowsRead: 11, rowsMatched: 8, rowsFlagged: 2, rowsNotChecked: 0, rowsExcluded: 1 },
  variance: "-1971.68",
  withoutHours: ["MT NORDIC AMELIA"],
  withoutSection: ["MV STAR JAPAN"],
} satisfies Omit<CorpusFile, "file" | "options">;

/*
 * The pilot log (July 2026, clause (xi); a total only):
 *   MV ESOPUS V6 S2 12 h → 2p 7,382.50; MT KINGSTON 200' 0" V2 S1 → 1,716.08; MV SAUGERTIES V7 S1 → 2,237.50;
 *   MV RONDOUT V5 S2 12.5 h relieved at Norrie Point (no second pilot) → 13,244.82; MV COXSACKIE V3 S2 → 2,987.44;
 *   MT STUYVESANT V8 S2 9 h → 13,385.94.
 *   Planted: MV ATHENS V1 S2 11 h: billed 5,305.06, computed 2p 7,376.74 → −2,071.68.
 *            MV CATSKILL V10 S1 7 h: billed 5,626.19, computed 5,326.19 → +300.00 (the launch fee twice).
 *            MV TIVOLI 200' 0" V2 S2 10 h (not more than ten: one pilot): billed 2,435.26, computed 2,535.26 → −100.00.
 *   Variance −2,071.68 + 300.00 − 100.00 = −1,871.68. Rows read: 9 transits + TOTAL (excluded).
 *   Without hours: ATHENS billed 5,305.06 is the 1p amount (2p 7,376.74): not checked. CATSKILL 5,626.19 lies
 *     between 1p 5,326.19 and 2p 7,342.69: not checked. TIVOLI 2,435.26 is under 1p 2,535.26 and 2p 3,417.64: flagged.
 *   Without section: ATHENS 5,305.06 is under S1 2p 5,448.86 and S2 2p 7,376.74: flagged. CATSKILL 5,626.19
 *     lies between S1 5,326.19 and S2 7,099.14; TIVOLI 2,435.26 between S1 1,716.08 and S2 2,535.26: not checked.
 */
const LOG = {
  hoursHeader: "Hrs on board",
  sectionHeader: "River",
  columns: { date: "A", vessel: "B", length: "C", breadth: "D", depth: "E", section: "F", hours: "G", relieved: "H", billed_total: "I" },
  unused: ["J"],
  planted: { "MV ATHENS": { date: "2026-07-16", variance: "-2071.68" }, "MV CATSKILL": { date: "2026-07-21", variance: "300.00" }, "MV TIVOLI": { date: "2026-07-30", variance: "-100.00" } },
  notChecked: [],
  counts: { rowsRead: 10, rowsMatched: 6, rowsFlagged: 3, rowsNotChecked: 0, rowsExcluded: 1 },
  variance: "-1871.68",
  withoutHours: ["MV TIVOLI"],
  withoutSection: ["MV ATHENS"],
} satisfies Omit<CorpusFile, "file" | "options" | "headerRow">;

/*
 * The agent's disbursements (August 2026, clause (xi); charges per line):
 *   MV CÔTE D’IVOIRE V1 S2 7.5 h → 5,305.06; MT SÉRÉNITÉ V3 S1 → 2,235.98; MV L’ÉTOILE DU NORD V2 S2 → 2,535.26;
 *   MV ARGONAUT V8 S2 12 h → 2p 18,780.94; MV HARBOUR PRIDE V4 S1 8 h → 7,866.20; MV ÅLESUND V7 S2 10.5 h → 2p 4,067.50.
 *   Planted: MV GREENPOINT V10 S2 9 h: surcharge billed 263.25 × 2.60 = 684.45, computed 947.70 → −263.25;
 *              billed 6,835.89, computed 7,099.14 → −263.25.
 *            MT BAYONNE V7 S1: mid-river launch fee billed 125.00 on Section 1 (none, D10); billed 2,362.50,
 *              computed 2,237.50 → +125.00.
 *   Variance −263.25 + 125.00 = −138.25. Rows read: 8 transits + the Report total line (excluded).
 *   Without hours: GREENPOINT's surcharge and BAYONNE's mid-river fee do not depend on the hours: both flagged.
 *   Without section: the surcharge does not depend on the section either: GREENPOINT flagged. BAYONNE's
 *     mid-river fee is due on S2 and its 2,362.50 lies between S1 2,237.50 and S2 2,988.50: not checked.
 */
const AGENT = {
  headerRow: 4,
  hoursHeader: "Hrs",
  sectionHeader: "Sect",
  columns: {
    date: "B",
    vessel: "D",
    length: "G",
    breadth: "H",
    depth: "I",
    section: "J",
    hours: "K",
    ...chargesFrom("L"),
  },
  unused: ["A", "C", "E", "F", "S"],
  planted: { "MV GREENPOINT": { date: "2026-08-11", variance: "-263.25" }, "MT BAYONNE": { date: "2026-08-24", variance: "125.00" } },
  notChecked: [],
  counts: { rowsRead: 9, rowsMatched: 6, rowsFlagged: 2, rowsNotChecked: 0, rowsExcluded: 1 },
  variance: "-138.25",
  withoutHours: ["MV GREENPOINT", "MT BAYONNE"],
  withoutSection: ["MV GREENPOINT"],
} satisfies Omit<CorpusFile, "file" | "options">;

const CORPUS_FILES: CorpusFile[] = [
  { file: "hrpa-register-2026-06.xlsx", options: [], sheet: "June 2026", ...REGISTER },
  { file: "hrpa-register-2026-06-excel.csv", options: [], windows1252: true, ...REGISTER },
  { file: "hrpa-register-2026-06-libreoffice.csv", options: [], windows1252: true, ...REGISTER },
  { file: "pilot-log-2026-07.csv", options: [], headerRow: 1, ...LOG },
  { file: "pilot-log-2026-07.xlsx", options: [], sheet: "Log", headerRow: 3, ...LOG },
  { file: "pilot-log-2026-07-libreoffice.xlsx", options: [], sheet: "Log", headerRow: 3, ...LOG },
  { file: "pilot-log-2026-07-google.csv", options: [], headerRow: 1, ...LOG },
  { file: "agent-disbursements-2026-08.csv", options: [], windows1252: true, ...AGENT },
  { file: "agent-disbursements-2026-08-utf8.csv", options: [], ...AGENT },
  /*
   * ERP accruals, December 2026 to February 2027 (two-digit years; 12/14/26 can only be month first):
   *   MV WEST POINT 12/3/26 V1 S2 12 h → 2026 2p 7,376.74; MT CROTON V2 S1 → 1,716.08; MV HAVERSTRAW V3 S2 → 2,987.44;
   *   MT NYACK 1/19/27 V5 S2 13 h → 2027 2p 19,148.82; MV SLEEPY HOLLOW 2-Feb-27 V7 S1 → 2027 2,300.00;
   *   MV IONA 2/16/27 V8 S1 9 h → 2027 10,377.44.
   *   Planted: MV PEEKSKILL 1/12/27 V1 S1 8 h: billed 4,182.96, computed 2027 4,082.96 → +100.00.
   *            MV TAPPAN ZEE 9-Feb-27 V2 S2 11 h: billed 2,609.70 (1p), computed 2027 2p 3,518.55 → −908.85.
   *   The credit memo CM-0091 "(1,716.08)" has no particulars: not checked, never a variance.
   *   Variance 100.00 − 908.85 = −808.85. Rows read: 8 transits + the credit + the Printed line (excluded).
   *   Without hours: PEEKSKILL 4,182.96 lies between 1p 4,082.96 and 2p 5,597.84; TAPPAN ZEE is the 1p amount:
   *     neither flagged. Without section: PEEKSKILL between S1 4,082.96 and S2 5,451.36; TAPPAN ZEE 2,609.70
   *     between S1 2p 2,316.05 and S2 2p 3,518.55: neither flagged.
   */
  {
    file: "erp-accruals-2026-12.csv",
    options: [],
    headerRow: 2,
    hoursHeader: "Pilot Hrs",
    sectionHeader: "Sect",
    columns: { vessel: "C", length: "D", breadth: "E", depth: "F", section: "G", date: "H", hours: "I", billed_total: "J" },
    unused: ["A", "B", "K"],
    planted: { "MV PEEKSKILL": { date: "2027-01-12", variance: "100.00" }, "MV TAPPAN ZEE": { date: "2027-02-09", variance: "-908.85" } },
    notChecked: ["MV WEST POINT"],
    counts: { rowsRead: 10, rowsMatched: 6, rowsFlagged: 2, rowsNotChecked: 1, rowsExcluded: 1 },
    variance: "-808.85",
    withoutHours: [],
    withoutSection: [],
  },
  /*
   * A UK branch's accruals, day first (--date-format DD/MM/YY), all in 2027 (clause (xii), the 2027 fees):
   *   MV BEACON 05/01/27 V2 S1 → 1,764.70; MV GARRISON V3 S1 → 2,298.39; MV COLD SPRING V1 S2 9 h → 5,451.36;
   *   MT MILTON V7 S2 12 h → 2p 4,186.50; MV HIGHLAND V2 S2 → 2,609.70.
   *   Planted: MV MARLBORO 08/03/27 V5 S1 7 h: billed 10,136.32, computed 10,236.32 → −100.00.
   *   Rows read: 6 transits + the Printed line (excluded).
   *   Without hours: 10,136.32 is under 1p 10,236.32 and 2p 14,181.32: flagged. Without section: under S1
   *   10,236.32 and S2 13,591.32: flagged.
   */
  {
    file: "erp-accruals-uk-2027-q1.csv",
    options: ["--date-format", "DD/MM/YY"],
    headerRow: 3,
    hoursHeader: "Pilot Hrs",
    sectionHeader: "River",
    columns: { vessel: "C", length: "D", breadth: "E", depth: "F", section: "G", date: "H", hours: "I", billed_total: "J" },
    unused: ["A", "B", "K"],
    planted: { "MV MARLBORO": { date: "2027-03-08", variance: "-100.00" } },
    notChecked: [],
    counts: { rowsRead: 7, rowsMatched: 5, rowsFlagged: 1, rowsNotChecked: 0, rowsExcluded: 1 },
    variance: "-100.00",
    withoutHours: ["MV MARLBORO"],
    withoutSection: ["MV MARLBORO"],
  },
  /*
   * Palisades' workbook, sheet "Invoices" behind "Cover" (September 2026, clause (xi), metres):
   *   MV BEAR MOUNTAIN V1 S2 13 h relieved at Norrie Point → no second pilot: 5,305.06; MV STORM KING V1 S2 13 h →
   *   2p 7,376.74; MT DUNDERBERG V3 S1 → 2,235.98; MV ESOPUS MEADOWS V3 S2 8 h → 2,987.44.
   *   Planted: MV POLLEPEL V1 S2 12.5 h relieved: second pilot billed 2,071.68, computed 0; billed 7,376.74,
   *              computed 5,305.06 → +2,071.68.
   *            MV CONSTITUTION V2 S1: launch fee billed 600.00, computed 300.00; billed 2,016.08, computed 1,716.08 → +300.00.
   *   Variance 2,071.68 + 300.00 = 2,371.68. Rows read: 6 transits + Total (excluded).
   *   Without hours: POLLEPEL was relieved: no second pilot whatever the hours: flagged; CONSTITUTION's launch
   *     fee does not depend on the hours: flagged.
   *   Without section: POLLEPEL's second pilot 2,071.68 is over S1's 1,470.72 (no mid-river station on
   *     Section 1, so the relief does not apply) and S2's 0; the total 7,376.74 over S1 2p 5,448.86 and S2
   *     5,305.06: flagged. CONSTITUTION's launch fee is the same on either section: flagged.
   */
  {
    file: "palisades-invoices-2026-09.xlsx",
    options: [],
    sheet: "Invoices",
    notFirstSheet: true,
    headerRow: 1,
    hoursHeader: "Hours",
    sectionHeader: "River section",
    columns: {
      vessel: "B",
      length: "C",
      breadth: "D",
      depth: "E",
      section: "F",
      date: "G",
      hours: "H",
      relieved: "I",
      ...chargesFrom("J"),
    },
    unused: ["A"],
    planted: { "MV POLLEPEL": { date: "2026-09-17", variance: "2071.68" }, "MV CONSTITUTION": { date: "2026-09-22", variance: "300.00" } },
    notChecked: [],
    counts: { rowsRead: 7, rowsMatched: 4, rowsFlagged: 2, rowsNotChecked: 0, rowsExcluded: 1 },
    variance: "2371.68",
    withoutHours: ["MV POLLEPEL", "MV CONSTITUTION"],
    withoutSection: ["MV POLLEPEL", "MV CONSTITUTION"],
  },
];

/*
 * Held out: written after the first twelve, without looking at how the reader fared on them.
 *
 * qb-transaction-detail-2026-10.xlsx, an accounting package's "Transaction Detail by Account" (October 2026,
 * clause (xi); units given, no dimensions; an account line above the rows, a running Balance, two totals rows):
 *   MV WAPPINGER 192 units S2 6 h → 5,305.06; MT GLENHAM 40 S1 → 1,716.08; MV DANSKAMMER 72 S2 → 2,987.44;
 *   MV CHELSEA 397.5 S2 13 h → 2p 14,768.58; MV CORNWALL 263.25 S1 8 h → 5,326.19.
 *   Planted: MV ROSETON 192 units S2 9 h billed at 2025's clause (x) rate: 192 × 20.95 = 4,022.40 + 691.20 + 470.50
 *              = 5,184.10; computed 5,305.06 → −120.96.
 *            MT NEW HAMBURG 100 units S1: the communication fee twice: 2,237.50 + 45.50 = 2,283.00 → +45.50.
 *   Variance −120.96 + 45.50 = −75.46. Rows read: the account line, 7 bills, "Total 6120 · Pilotage", TOTAL (3 excluded).
 *   Without hours: ROSETON 5,184.10 is under 1p 5,305.06 and 2p 7,376.74: flagged; NEW HAMBURG 2,283.00 lies between
 *     1p 2,237.50 and 2p 3,003.50: not checked. Without section: ROSETON between S1 3,978.14 and S2 5,305.06;
 *     NEW HAMBURG between S1 2,237.50 and S2 2,988.50: neither flagged.
 */
const HELD_OUT: CorpusFile[] = [
  {
    file: "held-out/qb-transaction-detail-2026-10.xlsx",
    options: [],
    sheet: "Sheet1",
    headerRow: 5,
    hoursHeader: "Hrs",
    sectionHeader: "Sec",
    columns: { date: "B", vessel: "D", units: "F", section: "G", hours: "H", billed_total: "I" },
    unused: ["A", "C", "E", "J"],
    planted: { "MV ROSETON": { date: "2026-10-13", variance: "-120.96" }, "MT NEW HAMBURG": { date: "2026-10-23", variance: "45.50" } },
    notChecked: [],
    counts: { rowsRead: 10, rowsMatched: 5, rowsFlagged: 2, rowsNotChecked: 0, rowsExcluded: 3 },
    variance: "-75.46",
    withoutHours: ["MV ROSETON"],
    withoutSection: [],
  },
  /*
   * dispatch-export-2026-11.csv, a dispatch system (November 2026, clause (xi)): every field quoted, ISO date-times,
   * "Upper River"/"Lower River", an anchorage column, a trailing "7 records exported".
   *   MV NEWBURGH V1 S2 18.5 h anchored 8 h+ → no second pilot (D11): 5,305.06; MV BEACON HILL V1 S2 12 h → 2p 7,376.74;
   *   MT HYDE PARK V3 S1 → 2,235.98; MV ESOPUS ISLAND V7 S1 → 2,237.50; MV MIDDLE GROUND V5 S2 14 h → 2p 18,639.82.
   *   Planted: MV POUGHKEEPSIE V1 S2 19 h anchored: billed 7,376.74 (a second pilot), computed 5,305.06 → +2,071.68.
   *            MT SAUGERTIES LIGHT V3 S1 7 h: billed 2,135.98, computed 2,235.98 → −100.00.
   *   Variance 2,071.68 − 100.00 = 1,971.68. Rows read: 7 + the records line (excluded).
   *   Without hours: POUGHKEEPSIE anchored: no second pilot whatever the hours: flagged; SAUGERTIES LIGHT under
   *     1p 2,235.98 (and 2p 3,001.22): flagged. Without section: POUGHKEEPSIE 7,376.74 over S1 3,978.14 and S2
   *     5,305.06; SAUGERTIES LIGHT 2,135.98 under S1 2,235.98 and S2 2,987.44: both flagged.
   */
  {
    file: "held-out/dispatch-export-2026-11.csv",
    options: [],
    headerRow: 1,
    hoursHeader: "Hours",
    sectionHeader: "Section",
    columns: { vessel: "B", length: "D", breadth: "E", depth: "F", section: "G", date: "H", hours: "I", anchored: "J", billed_total: "K" },
    unused: ["A", "C"],
    planted: { "MV POUGHKEEPSIE": { date: "2026-11-12", variance: "2071.68" }, "MT SAUGERTIES LIGHT": { date: "2026-11-24", variance: "-100.00" } },
    notChecked: [],
    counts: { rowsRead: 8, rowsMatched: 5, rowsFlagged: 2, rowsNotChecked: 0, rowsExcluded: 1 },
    variance: "1971.68",
    withoutHours: ["MV POUGHKEEPSIE", "MT SAUGERTIES LIGHT"],
    withoutSection: ["MV POUGHKEEPSIE", "MT SAUGERTIES LIGHT"],
  },
  /*
   * agent-year-end-2026-12.csv, Excel's CSV (Windows-1252, m/d/yy) across the change of year; a section header
   * "Upper/Lower":
   *   MV QUEEN’S GRACE V6 S2 12 h → 2026 2p 7,382.50; MT OSSINING V2 S1 → 1,716.08; MV CROTON POINT V1 S2 12/31/26 12 h →
   *   priced on the boarding date (D25), 2026 2p 7,376.74; MV VERPLANCK V3 S2 1/11/27 → 2027 3,073.65;
   *   MV STONY POINT V7 S2 11 h → 2027 2p 4,186.50.
   *   Planted: MV INDIAN POINT 1/4/27 V1 S1 7 h billed at 2026's clause (xi) and fees: 3,978.14; computed 2027
   *              3,029.76 + 691.20 + 362.00 = 4,082.96 → −104.82.
   *            MT BUCHANAN 1/26/27 V5 S1 9 h: the 2027 launch fee twice: 10,236.32 + 315.00 = 10,551.32 → +315.00.
   *   Variance −104.82 + 315.00 = 210.18. Rows read: 7 + Total (excluded); the row of empty cells is no row.
   *   Without hours: INDIAN POINT under 1p 4,082.96: flagged; BUCHANAN between 1p 10,236.32 and 2p 14,181.32.
   *   Without section: INDIAN POINT under S1 4,082.96 and S2 5,451.36: flagged; BUCHANAN between S1 10,236.32
   *     and S2 13,591.32.
   */
  {
    file: "held-out/agent-year-end-2026-12.csv",
    options: [],
    windows1252: true,
    headerRow: 1,
    hoursHeader: "Hours",
    sectionHeader: "Upper/Lower",
    columns: { vessel: "B", length: "C", breadth: "D", depth: "E", section: "F", date: "G", hours: "H", billed_total: "I" },
    unused: ["A"],
    planted: { "MV INDIAN POINT": { date: "2027-01-04", variance: "-104.82" }, "MT BUCHANAN": { date: "2027-01-26", variance: "315.00" } },
    notChecked: [],
    counts: { rowsRead: 8, rowsMatched: 5, rowsFlagged: 2, rowsNotChecked: 0, rowsExcluded: 1 },
    variance: "210.18",
    withoutHours: ["MV INDIAN POINT"],
    withoutSection: ["MV INDIAN POINT"],
  },
  /*
   * two-sheet-book-2026-05.xlsx: a "Summary" sheet (vessel, invoices, total billed) first, the "Detail" second with a
   * title row; May 2026, clause (xi); charges per line, the mid-river fee headed "Norrie Pt launch":
   *   MV KINGSTON POINT V4 S2 12 h → 2p 14,768.58; MV MILAN V2 S1 → 1,716.08; MV RHINECLIFF V10 S1 11 h: second
   *   4,032.99 ÷ 2 = 2,016.495 → 2,016.50 (half up, D14) → 2p 7,342.69; MT GERMANTOWN V5 S2 10.5 h → 2p 18,639.82.
   *   Planted: MV BARRYTOWN V1 S2 8 h: the mid-river launch fee not billed (0, computed 125.00); billed 5,180.06,
   *              computed 5,305.06 → −125.00.
   *            MV TIVOLI BAYS V3 S2 (72 units): surcharge billed 300.00 (the 0–50 band), computed 360.00; billed
   *              2,927.44, computed 2,987.44 → −60.00.
   *   Variance −185.00. Rows read: 6 + Total (excluded).
   *   Without hours: BARRYTOWN's mid-river fee and TIVOLI BAYS' surcharge do not depend on the hours: both flagged.
   *   Without section: BARRYTOWN's fee is due only on S2, its total 5,180.06 between S1 3,978.14 and S2 5,305.06:
   *     not checked; TIVOLI BAYS' surcharge does not depend on the section: flagged.
   */
  {
    file: "held-out/two-sheet-book-2026-05.xlsx",
    options: [],
    sheet: "Detail",
    notFirstSheet: true,
    headerRow: 3,
    hoursHeader: "Hrs",
    sectionHeader: "Sect.",
    columns: {
      vessel: "A",
      length: "B",
      breadth: "C",
      depth: "D",
      section: "E",
      date: "F",
      hours: "G",
      ...chargesFrom("H"),
    },
    unused: [],
    planted: { "MV BARRYTOWN": { date: "2026-05-19", variance: "-125.00" }, "MV TIVOLI BAYS": { date: "2026-05-29", variance: "-60.00" } },
    notChecked: [],
    counts: { rowsRead: 7, rowsMatched: 4, rowsFlagged: 2, rowsNotChecked: 0, rowsExcluded: 1 },
    variance: "-185.00",
    withoutHours: ["MV BARRYTOWN", "MV TIVOLI BAYS"],
    withoutSection: ["MV TIVOLI BAYS"],
  },
];

/*
 * Held out, second set: written at 23:20, after the reader had been fitted to the first sixteen files.
 *
 * hrpa-statement-2026-03.csv, the association's statement of account to an agent (March 2026, clause (xi)):
 * three title lines, "Mar 3, 2026" dates, units given, "Sect. 1"/"Sect. 2", "$" amounts, a "Balance due" row and a
 * "Thank you for your business." line.
 *   MV ALPINE 192 units S2 6 h → 5,305.06; MT YONKERS 40 S1 → 1,716.08; MV SPUYTEN DUYVIL 397.5 S2 12 h → 2p 14,768.58;
 *   MV PIERMONT 72 S1 11 h → 2p 3,001.22.
 *   Planted: MV ENGLEWOOD 100 units S2 9 h: base billed at the flat "50 to 100" amount 2,156.94; at exactly 100 units
 *              the per-unit rate applies (D4): 100 × 21.58 = 2,158.00 → −1.06; total 2,987.44 against 2,988.50.
 *            MT HASTINGS 263.25 units S2 13 h: the communication fee twice (91.00): total 9,985.11 against
 *              5,680.94 + 947.70 + 2,840.47 + 470.50 = 9,939.61 → +45.50.
 *   Variance −1.06 + 45.50 = 44.44. Rows read: 6 + Balance due + the thank-you line (2 excluded).
 *   Without hours: both variances are on lines that do not depend on the hours (base, communication fee): both flagged.
 *   Without section: ENGLEWOOD's base 2,156.94 lies between S1's 1,532.00 and S2's 2,158.00 (total 2,987.44 between
 *     2,237.50 and 2,988.50): not checked; HASTINGS' communication fee is the same on either section: flagged.
 *
 * ship-manager-2026-10.xlsx, a ship manager's voyage costs (October 2026, metres "LOA [m]", "B [m]", "D [m]",
 * "Section 1"/"Section 2", an ETA date-time, an "Agency fee (USD)" beside "Pilotage (USD)"):
 *   MV NORTHERN JAGUAR V1 S2 9 h → 5,305.06; MV NORTHERN JUVENILE V2 S1 → 1,716.08; MV NORTHERN JASPER V3 S2 12 h →
 *   2p 4,065.91; MV NORTHERN JOY V3 S1 → 2,235.98.
 *   Planted: MV NORTHERN JADE V1 S1 7 h billed as Section 2: 5,305.06 against 3,978.14 → +1,326.92.
 *            MV NORTHERN JUSTICE V2 S2 11 h, no second pilot: 2,535.26 against 2p 3,417.64 → −882.38.
 *   Variance 1,326.92 − 882.38 = 444.54.
 *   Without hours: JADE 5,305.06 lies between 1p 3,978.14 and 2p 5,448.86; JUSTICE is the 1p amount: neither flagged.
 *   Without section: JADE is the S2 amount; JUSTICE 2,535.26 lies between S1 2p 2,251.37 and S2 2p 3,417.64.
 *
 * excel-utf8-comments-2026-06.csv, Excel's "CSV UTF-8": a BOM, CRLF, a comment cell written over two lines
 * (Alt+Enter) and one with quotes, d-mmm-yy dates:
 *   MV CASTLETON V1 S2 11 h → 2p 7,376.74; MT SELKIRK V2 S1 → 1,716.08; MV COXSACKIE LIGHT V10 S2 8 h → 7,099.14;
 *   MV NEW BALTIMORE V3 S2 10.5 h → 2p 4,065.91.
 *   Planted: MV STUYVESANT LANDING V5 S1 6 h: billed 8,989.82 against 9,989.82 → −1,000.00; under 2p 13,819.82
 *   and under S2 13,244.82 too: flagged without hours and without section.
 */
const HELD_OUT_2: CorpusFile[] = [
  {
    file: "held-out-2/hrpa-statement-2026-03.csv",
    options: [],
    headerRow: 5,
    hoursHeader: "Time (hrs)",
    sectionHeader: "Sect.",
    columns: {
      date: "A",
      vessel: "B",
      units: "C",
      section: "D",
      hours: "E",
      ...chargesFrom("F"),
    },
    unused: [],
    planted: { "MV ENGLEWOOD": { date: "2026-03-24", variance: "-1.06" }, "MT HASTINGS": { date: "2026-03-30", variance: "45.50" } },
    notChecked: [],
    counts: { rowsRead: 8, rowsMatched: 4, rowsFlagged: 2, rowsNotChecked: 0, rowsExcluded: 2 },
    variance: "44.44",
    withoutHours: ["MV ENGLEWOOD", "MT HASTINGS"],
    withoutSection: ["MT HASTINGS"],
  },
  {
    file: "held-out-2/ship-manager-2026-10.xlsx",
    options: [],
    sheet: "Voyage costs",
    headerRow: 2,
    hoursHeader: "Pilot hrs",
    sectionHeader: "Section",
    columns: { vessel: "A", length: "D", breadth: "E", depth: "F", section: "G", date: "H", hours: "I", billed_total: "J" },
    unused: ["B", "C", "K"],
    planted: { "MV NORTHERN JADE": { date: "2026-10-26", variance: "1326.92" }, "MV NORTHERN JUSTICE": { date: "2026-10-30", variance: "-882.38" } },
    notChecked: [],
    counts: { rowsRead: 6, rowsMatched: 4, rowsFlagged: 2, rowsNotChecked: 0, rowsExcluded: 0 },
    variance: "444.54",
    withoutHours: [],
    withoutSection: [],
  },
  {
    file: "held-out-2/excel-utf8-comments-2026-06.csv",
    options: [],
    headerRow: 1,
    hoursHeader: "Hours",
    sectionHeader: "Sec",
    columns: { vessel: "B", length: "C", breadth: "D", depth: "E", section: "F", date: "G", hours: "H", billed_total: "I" },
    unused: ["A", "J"],
    planted: { "MV STUYVESANT LANDING": { date: "2026-06-22", variance: "-1000.00" } },
    notChecked: [],
    counts: { rowsRead: 5, rowsMatched: 4, rowsFlagged: 1, rowsNotChecked: 0, rowsExcluded: 0 },
    variance: "-1000.00",
    withoutHours: ["MV STUYVESANT LANDING"],
    withoutSection: ["MV STUYVESANT LANDING"],
  },
];

interface ListedRow {
  rowNumber: number;
  vessel: string;
  date: string;
  variance: string;
  status: string;
  note: string;
}

interface Summary {
  rowsRead: number;
  rowsMatched: number;
  rowsFlagged: number;
  rowsNotChecked: number;
  rowsExcluded: number;
  variance: string;
}

function reconcileJson(file: string, options: string[]) {
  const out = run("reconcile", file, "--board-rates", RATES, ...options, "--json");
  const json = out.code === 0 || out.code === 1 ? JSON.parse(out.stdout) : undefined;
  return { ...out, json };
}

const flaggedVessels = (rows: ListedRow[]) => rows.filter((row) => row.status === "variance").map((row) => row.vessel).sort();

function expectCountsAddUp(summary: Summary) {
  expect(summary.rowsRead).toBe(summary.rowsMatched + summary.rowsFlagged + summary.rowsNotChecked + summary.rowsExcluded);
}

// ---------- the variants: the same file with one column removed, the rest of its bytes as they were ----------

/** The fields of one CSV line as Excel reads them: a quote opens a quoted field only at its start. */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    let end: number;
    if (line[at] === '"') {
      end = at + 1;
      while (end < line.length && !(line[end] === '"' && line[end + 1] !== '"')) end += line[end] === '"' ? 2 : 1;
      end += 1;
    } else {
      end = at;
    }
    const comma = line.indexOf(",", end);
    fields.push(line.slice(at, comma === -1 ? line.length : comma));
    if (comma === -1) return fields;
    at = comma + 1;
  }
}

/** The CSV's bytes with the column headed `header` (on line `headerLine`) taken out of every line. */
function csvWithout(bytes: Buffer, headerLine: number, header: string): Buffer {
  // latin1 maps each byte to one character and back, so UTF-8, Windows-1252 and a BOM survive unchanged.
  const parts = bytes.toString("latin1").split(/(\r\n|\n)/);
  const lines = parts.filter((_, i) => i % 2 === 0);
  const unquoted = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
  const headerFields = splitCsvLine(lines[headerLine - 1]).map((cell) => unquoted(cell.replace(/^\uFEFF|^\xEF\xBB\xBF/, "")));
  const index = headerFields.indexOf(header);
  if (index < 0) throw new Error(`no column "${header}" on line ${headerLine}`);
  const cut = parts.map((part, i) => {
    if (i % 2 === 1 || part === "") return part;
    const fields = splitCsvLine(part);
    if (fields.length <= index) return part;
    fields.splice(index, 1);
    return fields.join(",");
  });
  return Buffer.from(cut.join(""), "latin1");
}

const letterOf = (column: number) => {
  let letters = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};
const columnOf = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

/** The workbook with the column headed `header` removed from `sheet`; merged ranges shrink or shift with it. */
async function xlsxWithout(file: string, sheetName: string, headerRow: number, header: string, out: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no sheet ${sheetName}`);
  let index = 0;
  sheet.getRow(headerRow).eachCell((cell, column) => {
    if (String(cell.value) === header) index = column;
  });
  if (index === 0) throw new Error(`no column "${header}" on row ${headerRow}`);
  const merges: string[] = [...((sheet.model as unknown as { merges?: string[] }).merges ?? [])];
  for (const range of merges) sheet.unMergeCells(range);
  sheet.spliceColumns(index, 1);
  for (const range of merges) {
    const [, c1, r1, c2, r2] = /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/.exec(range) ?? [];
    let [from, to] = [columnOf(c1), columnOf(c2)];
    if (from > index) from -= 1;
    if (to >= index) to -= 1;
    if (to > from) sheet.mergeCells(`${letterOf(from)}${r1}:${letterOf(to)}${r2}`);
  }
  await workbook.xlsx.writeFile(out);
}

async function variant(entry: CorpusFile, header: string, name: string): Promise<string> {
  const source = path.join(CORPUS, entry.file);
  const out = inFolder(`${name}-${path.basename(entry.file)}`);
  if (entry.file.endsWith(".xlsx")) await xlsxWithout(source, entry.sheet ?? "", entry.headerRow, header, out);
  else fs.writeFileSync(out, csvWithout(fs.readFileSync(source), entry.headerRow, header));
  return out;
}

describe.each([...CORPUS_FILES, ...HELD_OUT, ...HELD_OUT_2])("$file", (entry) => {
  test("as delivered: exactly the planted rows flagged, by the hand-worked variance; counts add up; every column used or not used", () => {
    const out = reconcileJson(path.join(CORPUS, entry.file), entry.options);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(1);
    const json = out.json;
    expect(json.summary).toMatchObject({ ...entry.counts, variance: entry.variance });
    expectCountsAddUp(json.summary);
    const listed: ListedRow[] = json.flaggedRows;
    const flagged = Object.fromEntries(listed.filter((row) => row.status === "variance").map((row) => [row.vessel, { date: row.date, variance: row.variance }]));
    expect(flagged).toEqual(entry.planted);
    expect(listed.filter((row) => row.status !== "variance").map((row) => row.vessel)).toEqual(entry.notChecked);
    // Each field from the column a person reads it in; every other column named as not used.
    const used = Object.fromEntries((json.columns as { field: string; column: string }[]).map((column) => [column.field, column.column]));
    expect(used).toEqual(entry.columns);
    expect((json.unusedColumns as { column: string }[]).map((column) => column.column)).toEqual(entry.unused);
    if (entry.windows1252) expect(JSON.stringify(json.notes)).toContain("Windows-1252");
    // The printed summary says the same: the counts line, and every column not used by its letter.
    const text = run("reconcile", path.join(CORPUS, entry.file), "--board-rates", RATES, ...entry.options).stdout;
    const { rowsRead, rowsMatched, rowsFlagged, rowsNotChecked, rowsExcluded } = entry.counts;
    expect(text).toMatch(new RegExp(`^Counts: +${rowsRead} read = ${rowsMatched} matched \\+ ${rowsFlagged} flagged \\+ ${rowsNotChecked} not checked \\+ ${rowsExcluded} excluded$`, "m"));
    const notUsed = /^Not used: (.*)$/m.exec(text)?.[1] ?? "";
    expect([...notUsed.matchAll(/column ([A-Z]+) "/g)].map((match) => match[1])).toEqual(entry.unused);
    // A workbook whose invoices are not on its first sheet: the run says which sheet it read.
    if (entry.notFirstSheet) expect(out.stdout).toContain(entry.sheet);
  });

  test.each([
    ["hours", entry.hoursHeader, entry.withoutHours],
    ["section", entry.sectionHeader, entry.withoutSection],
  ] as const)("without its %s column: no row flagged on an assumed value", async (field, header, flaggedWithout) => {
    const out = reconcileJson(await variant(entry, header, `no-${field}`), entry.options);
    expect(out.code).toBe(1);
    expectCountsAddUp(out.json.summary);
    expect(flaggedVessels(out.json.flaggedRows)).toEqual([...flaggedWithout].sort());
    expect(out.json.columns.map((column: { field: string }) => column.field)).not.toContain(field);
    // A planted row whose variance depends on the missing column is not checked, never flagged and never matched.
    const status = Object.fromEntries((out.json.flaggedRows as ListedRow[]).map((row) => [row.vessel, row.status]));
    for (const vessel of Object.keys(entry.planted)) expect(status[vessel]).toBe(flaggedWithout.includes(vessel) ? "variance" : "not checked");
  });
});

test("the UK accruals' dates read both ways (every day number ≤ 12): refused, saying so and naming --date-format", () => {
  const out = run("reconcile", path.join(CORPUS, "erp-accruals-uk-2027-q1.csv"), "--board-rates", RATES);
  expect(out.code).toBe(2);
  expect(out.stderr).toMatch(/month first or day first/);
  expect(out.stderr).toMatch(/--date-format DD\/MM\/YY/);
});

test("the corpus files are what their README says: encodings, byte order marks and line ends as each system writes them", () => {
  const bytes = (name: string) => fs.readFileSync(path.join(CORPUS, name));
  const isUtf8 = (buffer: Buffer) => new TextDecoder("utf-8", { fatal: true }).decode(buffer) !== undefined;
  // Excel's "CSV (Comma delimited)": Windows-1252 (’ is the byte 0x92), CRLF; LibreOffice's: 0x92 too, LF only.
  expect(bytes("hrpa-register-2026-06-excel.csv").includes(0x92)).toBe(true);
  expect(bytes("hrpa-register-2026-06-excel.csv").toString("latin1")).toContain("\r\n");
  expect(bytes("hrpa-register-2026-06-libreoffice.csv").includes(0x92)).toBe(true);
  expect(bytes("hrpa-register-2026-06-libreoffice.csv").toString("latin1")).not.toContain("\r");
  expect(() => isUtf8(bytes("agent-disbursements-2026-08.csv"))).toThrow();
  expect(bytes("held-out/agent-year-end-2026-12.csv").includes(0x92)).toBe(true);
  expect([...bytes("agent-disbursements-2026-08-utf8.csv").subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect([...bytes("pilot-log-2026-07-google.csv").subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // The macro's log writes the feet-and-inches bare; Google Sheets quotes them.
  expect(bytes("pilot-log-2026-07.csv").toString("utf8")).toContain(`,600' 6",`);
  expect(bytes("pilot-log-2026-07-google.csv").toString("utf8")).toContain(`,"600' 6""",`);
});
