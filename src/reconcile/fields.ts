/**
 * The fields of a table of transits (the inputs of a quote and the amounts billed), their labels,
 * and the headers that name them: which column holds what, guessed from a header's words.
 * Reconciliation's own vocabulary, not law: the engine knows nothing of columns or headers.
 */
import { BOARD_FEES, BoardFeeCode, ChargeCode, DeclaredBoardFee, LengthUnit } from "../engine";

export const TRANSIT_FIELDS = ["vessel", "units", "length", "breadth", "depth", "unit", "section", "date", "hours", "relieved", "anchored"] as const;

/** A billed board fee's field: "billed_" and the fee's code, for every fee the engine declares. */
export type BilledFeeField = `billed_${BoardFeeCode}`;
export type BilledField = "billed_base" | "billed_surcharge" | "billed_second_pilot" | BilledFeeField | "billed_total";

export function billedFeeField(code: BoardFeeCode): BilledFeeField {
  return `billed_${code}`;
}

/** One entry per declared board fee, keyed by its billed field. */
function byBilledFee<T>(value: (fee: DeclaredBoardFee) => T): Record<BilledFeeField, T> {
  const entries = {} as Record<BilledFeeField, T>;
  for (const fee of BOARD_FEES) entries[billedFeeField(fee.code)] = value(fee);
  return entries;
}

/** Charges first (in the quote's order), the total last. */
export const BILLED_FIELDS: readonly BilledField[] = ["billed_base", "billed_surcharge", "billed_second_pilot", ...BOARD_FEES.map((fee) => billedFeeField(fee.code)), "billed_total"];

export type TransitField = (typeof TRANSIT_FIELDS)[number];
export type ReconcileField = TransitField | BilledField;

export const RECONCILE_FIELDS: readonly ReconcileField[] = [...TRANSIT_FIELDS, ...BILLED_FIELDS];

/** What a row's computed amounts are called: the quote's line codes, the board fees together, the total. */
export type ComputedCode = ChargeCode | "board_fees" | "total";

export type BoardFeeChargeCode = BoardFeeCode;

/** The board fees, in the engine's order. */
export const BOARD_FEE_CHARGES: readonly BoardFeeChargeCode[] = BOARD_FEES.map((fee) => fee.code);

/** The computed amount each billed column is compared with. */
export const BILLED_CHARGE: Readonly<Record<BilledField, ComputedCode>> = {
  billed_base: "base",
  billed_surcharge: "surcharge",
  billed_second_pilot: "second_pilot",
  ...byBilledFee((fee): ComputedCode => fee.code),
  billed_total: "total",
};

export const FIELD_LABELS: Readonly<Record<ReconcileField, string>> = {
  vessel: "vessel",
  units: "pilotage units",
  length: "overall length",
  breadth: "extreme breadth",
  depth: "depth",
  unit: "measurement unit",
  section: "section",
  date: "transit date",
  hours: "continuous pilotage hours",
  relieved: "relieved at mid-river",
  anchored: "anchored 8 hours",
  billed_base: "billed base pilotage",
  billed_surcharge: "billed surcharge",
  billed_second_pilot: "billed second pilot",
  ...byBilledFee((fee) => `billed ${fee.what}`),
  billed_total: "billed total",
};

export const COMPUTED_LABELS: Readonly<Record<ComputedCode, string>> = {
  base: "base pilotage",
  surcharge: "surcharge",
  second_pilot: "second pilot",
  ...(Object.fromEntries(BOARD_FEES.map((fee) => [fee.code, fee.what])) as Record<BoardFeeCode, string>),
  board_fees: "board fees",
  total: "total",
};

export const MEASUREMENT_FIELDS = ["length", "breadth", "depth"] as const;

// ---------------------------------------------------------------------------------------------
// Guessing from headers

// Header texts reduced to lower-case letters and digits ("Mid-river launch" → "midriverlaunch").
const TRANSIT_SYNONYMS: Readonly<Record<TransitField, readonly string[]>> = {
  vessel: ["vessel", "vesselname", "ship", "shipname", "name", "vesselorship", "shiporvessel", "nameofvessel", "nameofship"],
  units: ["units", "pilotageunits", "pilotageunit", "pilotunits", "pu", "pus", "numberofunits", "noofunits", "unitspilotage"],
  length: ["length", "loa", "lengthoverall", "overalllength", "lengthoa", "len", "lengthoveralloa"],
  breadth: ["breadth", "beam", "extremebreadth", "breadthextreme", "extremebeam", "width", "mouldedbreadth", "moldedbreadth", "beamextreme"],
  depth: ["depth", "mouldeddepth", "moldeddepth", "depthmoulded", "depthmolded"],
  unit: ["unit", "measurementunit", "measurementunits", "lengthunit", "uom", "unitofmeasure", "unitofmeasurement"],
  section: ["section", "riversection", "river", "pilotagesection", "sectionofriver", "sect", "upperlower", "lowerupper", "upperorlower", "lowerorupper"],
  date: ["date", "transitdate", "dateoftransit", "sailingdate", "servicedate", "pilotagedate", "jobdate", "movementdate", "sailed", "datesailed", "ata", "eta", "arrivaldate", "dateofservice", "transitday", "dateboarded", "boardeddate", "boardingdate", "dateofboarding", "boarded",
    // The trade's "pilot on board" (POB): when the pilot boarded, the transit's date.
    "pilotonboard", "pob", "pobdate", "dateonboard",
    // Words that name the movement itself: the date of a column headed so is the transit's, not the invoice's.
    "transit", "transitdt", "movement", "move", "movedate", "arrival", "arrived", "atd", "departure", "departed", "departuredate", "tripdate", "trip", "voyagedate",
    "piloton", "pilotondate", "pilotboarded", "sailing", "pilotagedt", "servicedt"],
  hours: ["hours", "hrs", "continuoushours", "pilotagehours", "continuouspilotagehours", "hoursofpilotage", "hoursofcontinuouspilotage", "expectedhours", "pilothours", "transithours", "totalhours", "hoursonboard"],
  relieved: ["relieved", "relievedatmidriver", "relievedmidriver", "midriverrelief", "relievedatmidriverstation", "relievedmidriverstation"],
  anchored: ["anchored", "anchored8hours", "anchored8h", "anchored8hrs", "anchoredeighthours", "anchoredatleast8hours", "anchored8hoursormore", "anchor8h"],
};

/**
 * The words invoices head each board fee's column with, keyed by the engine's fee code: the
 * engine names the law's charges, these are a spreadsheet's words for them.
 */
const BOARD_FEE_HEADERS: Readonly<Record<BoardFeeCode, readonly string[]>> = {
  launch: ["launch", "launchfee", "pilotlaunch", "launchcharge", "yonkerslaunch"],
  communication: ["communication", "communications", "communicationfee", "communicationsfee", "comms", "commfee", "communicationcharge", "pilotcommunication"],
  midriver_launch: ["midriverlaunch", "midriverlaunchfee", "midriver", "midriverfee", "norriepoint", "norriepointlaunch", "norrielaunch"],
};

const CHARGE_SYNONYMS: Readonly<Record<Exclude<BilledField, "billed_total">, readonly string[]>> = {
  billed_base: ["base", "basepilotage", "basefee", "basepilotagefee", "basecharge", "pilotage", "pilotagefee", "pilotagecharge"],
  billed_surcharge: ["surcharge", "retirementsurcharge", "pilotsurcharge", "surchargefee"],
  billed_second_pilot: ["secondpilot", "2ndpilot", "secondpilotfee", "2ndpilotfee", "secondpilotcharge", "additionalpilot", "extrapilot"],
  ...byBilledFee((fee): readonly string[] => BOARD_FEE_HEADERS[fee.code]),
};

const TOTAL_SYNONYMS = new Set([
  "total", "amount", "totalamount", "invoicetotal", "invoiceamount", "totalbilled", "billedtotal", "amountbilled", "billedamount",
  "amountinvoiced", "invoicedamount", "totaldue", "amountdue", "totalcharged", "totalinvoiced", "invoicevalue", "totalcharges",
  // The trade's short forms: "Amt due", "Tot. amt", "Inv. amt", "Net amt".
  "amtdue", "amt", "totamt", "totalamt", "invamt", "amtbilled", "billedamt", "amtinvoiced", "netamt", "netamount", "balancedue", "totaldueusd", "totalusd", "amountusd",
  "totalcharge", "totalfee", "totalfees", "invoicetotalamount", "totalinvoiceamount", "netdue", "grossamount",
  // What an invoice's last column is called when it is the whole bill: "Grand total", "Gross", "Amount payable".
  "grandtotal", "gross", "grosstotal", "grossdue", "payable", "amountpayable", "totalpayable", "invoicegross",
]);

/**
 * The trade's short forms of a header's words, each read as the word it stands for ("Hrs",
 * "Amt", "Sect.", "Surch", "Mld", "Pt"): a header is looked up as written, then in these words.
 */
const WORD_FORMS: Readonly<Record<string, string>> = {
  hrs: "hours", hr: "hours", hour: "hours",
  amt: "amount", amnt: "amount", amts: "amount",
  sect: "section", sec: "section", sectn: "section",
  surch: "surcharge", surchg: "surcharge", schg: "surcharge", srchg: "surcharge",
  mld: "moulded", molded: "moulded", mold: "moulded", mould: "moulded",
  tot: "total", ttl: "total",
  inv: "invoice",
  comm: "communication", comms: "communication", communications: "communication", commun: "communication",
  "2nd": "second",
  dt: "date",
  len: "length", lgth: "length",
  brdth: "breadth",
  pt: "point",
  fees: "fee", charges: "charge", amounts: "amount",
  vsl: "vessel",
  anch: "anchored", anchorage: "anchored", anchor: "anchored", anchd: "anchored",
  rlf: "relieved", relief: "relieved", relieve: "relieved",
  svc: "service",
  addl: "additional", add: "additional",
  plt: "pilot", plot: "pilot",
  rvr: "river", riv: "river",
  lnch: "launch", lch: "launch",
  xtreme: "extreme",
};

/** Words that only qualify what a header names: "Vessel LOA", "Launch charges", "Surcharge amount". */
const QUALIFIER_WORDS = new Set(["the", "of", "usd", "us", "vessel", "ship", "fee", "charge", "amount", "pilot", "pilotage", "transit"]);

/** Words of a header that make a column never an input: a running total, a balance carried from row to row. */
const RUNNING_WORDS = new Set(["running", "cumulative", "cum", "ytd", "balance", "carried", "brought"]);

/** Words of charges: a header with one of them is a charge, not a flag ("Norrie Pt relief launch fee"). */
const CHARGE_WORDS = new Set(["fee", "charge", "amount", "launch", "cost", "rate", "billed", "invoiced"]);

/**
 * Keys that name a field only loosely ("Total", "Amount", "Date", "Name", "ETA", a bare "Billed"):
 * a column with a more specific header for the same field wins over them, and two loose ones tie.
 */
const LOOSE_KEYS = new Set(["total", "amount", "date", "name", "eta", ""]);

/**
 * Words of headers that name identifiers (invoice numbers, references, a vessel's IMO number, its
 * tonnages): such a column is never a measurement, units, hours or an amount.
 */
const IDENTIFIER_WORDS = new Set(["no", "nr", "num", "number", "ref", "reference", "id", "code", "imo", "mmsi", "grt", "nrt", "dwt", "gt", "nt", "tonnage", "tons", "tonnes", "voyage", "callsign"]);

/** First words that make a column a bill: "Billed surcharge", "Invoiced total", "Invoice amount". */
const BILLED_WORDS = new Set(["billed", "invoiced", "invoice", "inv", "charged"]);
/** First words of columns that are never inputs: our own output ("Computed total", "Variance", "Flag"), notes. */
const IGNORED_FIRST_WORDS = new Set([
  "computed", "calculated", "calc", "variance", "flag", "flagged", "expected", "difference", "diff", "law", "statutory", "quote", "quoted", "note", "notes",
  // An estimate or a budget is made before the invoice, never what was billed.
  "estimated", "estimate", "budget", "budgeted",
]);

/** L × B × D, as a register heads them when a unit follows: "L (ft)". */
const SINGLE_LETTER_MEASUREMENTS: Readonly<Record<string, "length" | "breadth" | "depth">> = { l: "length", b: "breadth", d: "depth" };

const UNIT_WORDS: Readonly<Record<string, LengthUnit>> = {
  ft: "ft", feet: "ft", foot: "ft", m: "m", metre: "m", metres: "m", meter: "m", meters: "m", mtr: "m", in: "in", inch: "in", inches: "in",
};

const SYNONYM_FIELD = new Map<string, ReconcileField>();
for (const [field, keys] of Object.entries(TRANSIT_SYNONYMS)) for (const key of keys) SYNONYM_FIELD.set(key, field as TransitField);
for (const [field, keys] of Object.entries(CHARGE_SYNONYMS)) for (const key of keys) SYNONYM_FIELD.set(key, field as BilledField);
for (const key of TOTAL_SYNONYMS) SYNONYM_FIELD.set(key, "billed_total");

interface HeaderWords {
  words: string[];
  /** Text in brackets: "LOA (m)" → ["m"]. */
  bracketed: string[];
}

function headerWords(header: string): HeaderWords {
  const lower = header.normalize("NFKC").toLowerCase();
  const bracketed: string[] = [];
  // "Add'l", "Add’l": an apostrophe joins a word's letters.
  const rest = lower.replace(/['’]/g, "").replace(/[([]([^)\]]*)[)\]]/g, (_whole, inside: string) => {
    bracketed.push(inside.trim());
    return " ";
  });
  // "Mid-river" and "Midriver" alike; "Hrs." and "Hrs"; "LOA/ft" as two words.
  const words = rest.replace(/&/g, " and ").split(/[^a-z0-9]+/).filter((word) => word.length > 0);
  return { words, bracketed };
}

/** The words with the trade's short forms spelt out. */
function spelt(words: readonly string[]): string[] {
  return words.map((word) => WORD_FORMS[word] ?? word);
}

/** The field a header's words name as a whole: as written, then spelt out, then without qualifying words. */
function lookUp(words: readonly string[]): ReconcileField | null {
  const full = spelt(words);
  for (const candidate of [words, full, full.filter((word) => !QUALIFIER_WORDS.has(word))]) {
    const key = candidate.join("");
    if (key === "") continue;
    const field = SYNONYM_FIELD.get(key);
    if (field !== undefined) return field;
  }
  return null;
}

function chargeOrTotal(words: readonly string[]): BilledField | null {
  const key = words.join("");
  if (key === "" || TOTAL_SYNONYMS.has(key)) return "billed_total";
  const field = lookUp(words);
  return field !== null && (BILLED_FIELDS as readonly string[]).includes(field) ? (field as BilledField) : null;
}

/** A measurement column's unit from its header: "LOA (m)", "Beam ft", "Depth [in]". */
export function headerUnit(header: string): LengthUnit | null {
  const { words, bracketed } = headerWords(header);
  for (const inside of bracketed) {
    const unit = UNIT_WORDS[inside.replace(/[^a-z]/g, "")];
    if (unit !== undefined) return unit;
  }
  const last = words[words.length - 1];
  return words.length > 1 && last !== undefined && UNIT_WORDS[last] !== undefined ? UNIT_WORDS[last] : null;
}

/** What a header says about its column: the field it names, and how surely. */
export interface HeaderGuess {
  readonly field: ReconcileField;
  /** Named only loosely (LOOSE_KEYS): a specific header for the same field wins. */
  readonly loose: boolean;
  /** The words the guess passed over to name the field ("Tug" of "Tug hrs"): said in a note when the column is used. */
  readonly passedOver?: readonly string[];
}

/** A flag named with other words: "Norrie Pt relief", "Relief at Norrie", "At anchorage ≥ 8h". */
function flagGuess(words: readonly string[]): ReconcileField | null {
  const full = spelt(words);
  if (full.some((word) => CHARGE_WORDS.has(word))) return null;
  if (full.includes("relieved")) return "relieved";
  if (full.includes("anchored")) return "anchored";
  return null;
}

/** Between a group header and the header under it, when the table finder joins them: "Billed › Surcharge". */
export const GROUP_JOIN = " › ";

/**
 * A header under a group header ("Billed" over "Surcharge", "Vessel particulars" over "LOA"): the
 * group is read first ("Computed" makes the column no input, "Billed" a bill), then the two
 * together, then the header alone.
 */
function groupedGuess(group: string, own: string): HeaderGuess | null {
  const groupWords = headerWords(group).words;
  if (groupWords.length > 0 && IGNORED_FIRST_WORDS.has(groupWords[0])) return null;
  if (groupWords.length > 0 && BILLED_WORDS.has(groupWords[0])) {
    const field = chargeOrTotal(headerWords(own).words);
    if (field !== null) return { field, loose: false };
  }
  const whole = headerGuess(`${group} ${own}`);
  if (whole !== null && whole.passedOver === undefined) return whole;
  return headerGuess(own);
}

/** A header whose words as a whole name a bill ("Invoice value"): the billed total or a charge, else null. */
function billedWhole(words: readonly string[]): HeaderGuess | null {
  const field = lookUp(words);
  return field !== null && isBilledField(field) ? { field, loose: false } : null;
}

/**
 * Words that make a header a part of the bill other than the charge it names ("Total excl.
 * surcharge", "Net before fees", "Amount less launch"): never taken as that charge.
 */
const EXCLUDING_WORDS = new Set(["excl", "excluding", "exclusive", "ex", "before", "less", "without", "minus", "pre"]);

/** Words of a header of money: such a column never holds dates, though a workbook's amounts read as date serials. */
const MONEY_WORDS = new Set([...CHARGE_WORDS, "usd", "cost", "costs", "total", "price", "value", "sum", "payable", "gross", "net", "surcharge", "pilotage", "disbursement", "tax"]);

/** True for a header that names money ("Agency fee (USD)", "Cost", "Net"). */
export function namesMoney(header: string): boolean {
  const { words, bracketed } = headerWords(header);
  return header.includes("$") || spelt([...words, ...bracketed.flatMap((inside) => headerWords(inside).words)]).some((word) => MONEY_WORDS.has(word));
}

/**
 * Words of a header of something other than money, whose numbers may still exceed a bill's charges:
 * a date or a time (a workbook's dates are serial numbers), a count, a measure.
 */
const NOT_MONEY_WORDS = new Set(["date", "day", "days", "time", "year", "month", "week", "period", "eta", "etd", "ata", "atd", "hours", "minutes", "draft", "draught", "tons", "tonnes", "length", "loa", "beam", "breadth", "depth", "units", "count", "qty", "quantity", "berth", "pier", "mile", "miles", "nm"]);

/** True for a header that names a date, a time, a count or a measure ("Invoice date", "Year", "Draft"): never an amount billed. */
export function namesNotMoney(header: string): boolean {
  const { words, bracketed } = headerWords(header);
  return spelt([...words, ...bracketed.flatMap((inside) => headerWords(inside).words)]).some((word) => NOT_MONEY_WORDS.has(word));
}

/** True for a header of a part of the bill less something ("Total excl. surcharge", "Net (before fees)"): never the billed total. */
export function namesPartOfBill(header: string): boolean {
  const { words, bracketed } = headerWords(header);
  return [...words, ...bracketed.flatMap((inside) => headerWords(inside).words)].some((word) => EXCLUDING_WORDS.has(word));
}

function headerGuess(header: string): HeaderGuess | null {
  const join = header.indexOf(GROUP_JOIN);
  if (join >= 0) return groupedGuess(header.slice(0, join), header.slice(join + GROUP_JOIN.length));
  const { words } = headerWords(header);
  if (words.length === 0 || IGNORED_FIRST_WORDS.has(words[0]) || words.some((word) => RUNNING_WORDS.has(word) || EXCLUDING_WORDS.has(word))) return null;
  const billed = (rest: readonly string[]) => {
    const field = chargeOrTotal(rest);
    return field === null ? null : { field, loose: rest.length === 0 };
  };
  // "Invoice value", "Invoice total": the words after "Invoice" name the charge, or the whole header names the bill.
  if (BILLED_WORDS.has(words[0])) return billed(words.slice(1)) ?? billedWhole(words);
  if (words.length > 1 && BILLED_WORDS.has(words[words.length - 1])) return billed(words.slice(0, -1));
  const direct = lookUp(words);
  if (direct !== null) return { field: direct, loose: LOOSE_KEYS.has(words.join("")) };
  // "Length ft", "LOA m": a measurement with its unit as the last word.
  if (words.length > 1 && UNIT_WORDS[words[words.length - 1]] !== undefined) {
    const field = lookUp(words.slice(0, -1));
    if (field === "length" || field === "breadth" || field === "depth") return { field, loose: false };
  }
  // "L (ft)", "B (ft)", "D (ft)": a single letter is a measurement only with its unit beside it.
  const letter = words.length === 1 ? SINGLE_LETTER_MEASUREMENTS[words[0]] : undefined;
  if (letter !== undefined && headerUnit(header) !== null) return { field: letter, loose: false };
  const flag = flagGuess(words);
  if (flag !== null) return { field: flag, loose: false };
  // "Vessel particulars LOA", "Tug hrs": the last words name a field; the first are passed over, and
  // the guess is loose (a column named outright wins) and said.
  for (let skip = 1; skip < words.length; skip++) {
    const rest = words.slice(skip);
    const field = lookUp(rest);
    if (field !== null && !LOOSE_KEYS.has(rest.join(""))) return { field, loose: true, passedOver: words.slice(0, skip) };
  }
  // "Time (hrs)": what the words outside the brackets do not name, the bracketed ones may.
  const unbracketed = header.replace(/[()[\]]/g, " ");
  return unbracketed !== header ? headerGuess(unbracketed) : null;
}

/** Headers that name the pilotage alone ("Pilotage", "Pilotage (USD)"): the base pilotage beside other charges, the whole bill when it is the only amount. */
const PILOTAGE_ALONE = new Set(["pilotage", "pilotagefee", "pilotagecharge", "pilotagecost", "pilotagecosts"]);

export function namesPilotageAlone(header: string): boolean {
  return PILOTAGE_ALONE.has(headerWords(header).words.join(""));
}

/** True for a header of a running total or a balance ("Running total", "Cum. amount", "Balance"): never a billed amount. */
export function namesRunningTotal(header: string): boolean {
  return headerWords(header).words.some((word) => RUNNING_WORDS.has(word));
}

/**
 * Could an unused column with this header hold what was billed: not our own output or an estimate
 * ("Computed total", "Budget"), not a running total, not identifiers.
 */
export function mayNameBilledAmount(header: string): boolean {
  const { words } = headerWords(header.split(GROUP_JOIN).pop() ?? header);
  const group = header.includes(GROUP_JOIN) ? headerWords(header.slice(0, header.indexOf(GROUP_JOIN))).words : [];
  if (group.length > 0 && IGNORED_FIRST_WORDS.has(group[0])) return false;
  return words.length > 0 && !IGNORED_FIRST_WORDS.has(words[0]) && !namesRunningTotal(header) && !namesIdentifiers(header);
}

/** True for a header that names identifiers: "Invoice #", "No.", "Ref", "ID", "Invoice number", "IMO", "GRT". */
export function namesIdentifiers(header: string): boolean {
  return header.includes("#") || headerWords(header).words.some((word) => IDENTIFIER_WORDS.has(word));
}

/** Fields an identifier column never holds: a number that is counted, measured or billed. */
const NEVER_IDENTIFIERS = new Set<ReconcileField>(["units", "length", "breadth", "depth", "hours"]);

export function isBilledField(field: ReconcileField): field is BilledField {
  return field.startsWith("billed_");
}

/**
 * What a header names, or null. Case, spacing, punctuation and bracketed notes do not matter. A
 * header naming identifiers ("Invoice #") is never an amount.
 */
export function guessHeader(header: string): HeaderGuess | null {
  const guess = headerGuess(header);
  if (guess !== null && (isBilledField(guess.field) || NEVER_IDENTIFIERS.has(guess.field)) && namesIdentifiers(header)) return null;
  return guess;
}

/** The field a header names, or null (see guessHeader). */
export function guessField(header: string): ReconcileField | null {
  return guessHeader(header)?.field ?? null;
}

