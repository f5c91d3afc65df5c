import { fabricLookOf, type FabricLook } from "./fabricLook.ts";

/**
 * The live garment preview of the order summary (issue 10, "Beyond the documents"): what a garment
 * category and its chosen crafts look like as a flat sketch. Pure: it maps (garment category, the
 * chosen crafts' codes of each piece, the fabric) to figures (jacket, trousers, shirt ...), each a
 * list of layers (`lapel: peak`, `pockets: patch` ...) naming the craft that set it; the view draws
 * one SVG part per layer and fills the cloth with the fabric's colour and pattern.
 *
 * Crafts are matched by code (ids depend on the category), so a suit's `LAPEL_PEAK` and the special
 * category's draw the same lapel. Every seeded craft is either drawn here or listed in
 * `UNDRAWN_CRAFTS` (tests/domain/garmentPreview.test.ts enumerates the seed to hold that).
 */

export type FigureKind = "jacket" | "trousers" | "shirt" | "waistcoat" | "neckwear";

/** One garment piece of the order and its chosen crafts (codes). */
export interface GarmentPiece {
  clothCategory: number;
  craftCodes: readonly string[];
}

/** What the preview is drawn from: the order's garment category, its pieces and the fabric. */
export interface GarmentPreviewInput {
  category: number;
  pieces: readonly GarmentPiece[];
  /** The fabric: MTM ("sys") from the catalogue, CMT ("cus") the customer's own; code "" when none is chosen yet. */
  fabric: { source: "sys" | "cus"; code: string };
}

/** A drawn part of a figure: its slot, the variant drawn and the craft that chose it (null: the figure's own default). */
export interface PreviewLayer {
  slot: string;
  variant: string;
  craft: string | null;
}

export interface PreviewFigure {
  kind: FigureKind;
  /** slot → variant, for the drawing. */
  spec: Readonly<Record<string, string>>;
  layers: readonly PreviewLayer[];
}

export type PreviewFill =
  | { kind: "fabric"; look: FabricLook }
  /** CMT: the customer's own cloth, whose colour is not known. */
  | { kind: "customer" }
  /** No fabric chosen yet (or a code the catalogue does not make). */
  | { kind: "none" };

export interface GarmentPreview {
  category: number;
  figures: readonly PreviewFigure[];
  fill: PreviewFill;
}

/** A figure's slots (with the variant drawn when no craft chooses one) and what each craft code sets. */
interface FigureTable {
  slots: Readonly<Record<string, string>>;
  crafts: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

const FIT_CRAFTS = {
  FIT_SLIM: { fit: "slim" },
  FIT_REGULAR: { fit: "regular" },
  FIT_LOOSE: { fit: "loose" },
};
const BUTTON_CRAFTS = {
  BTN_HORN: { buttons: "horn" },
  BTN_COROZO: { buttons: "corozo" },
  BTN_METAL: { buttons: "metal" },
  BTN_MOP: { buttons: "pearl" },
};

const JACKET: FigureTable = {
  slots: {
    cut: "men",
    fit: "regular",
    length: "hip",
    sleeve: "full",
    lapel: "notch",
    lapelWidth: "8",
    closure: "sb2",
    pockets: "flap",
    ticket: "none",
    sleeveButtons: "4",
    vents: "centre",
    shaping: "none",
    belt: "none",
    stitching: "none",
    lapelHole: "none",
    logo: "none",
    buttons: "horn",
  },
  crafts: {
    ...FIT_CRAFTS,
    ...BUTTON_CRAFTS,
    LAPEL_NOTCH: { lapel: "notch" },
    LAPEL_PEAK: { lapel: "peak" },
    LAPEL_SHAWL: { lapel: "shawl" },
    LAPEL_W7: { lapelWidth: "7" },
    LAPEL_W8: { lapelWidth: "8" },
    LAPEL_W9: { lapelWidth: "9" },
    LAPEL_W8P: { lapelWidth: "8" },
    LAPEL_W9P: { lapelWidth: "9" },
    LAPEL_W10P: { lapelWidth: "10" },
    FRONT_SB1: { closure: "sb1" },
    FRONT_SB2: { closure: "sb2" },
    FRONT_SB3: { closure: "sb3" },
    FRONT_DB6: { closure: "db6" },
    VENT_NONE: { vents: "none" },
    VENT_CENTRE: { vents: "centre" },
    VENT_SIDE: { vents: "side" },
    POCKET_FLAP: { pockets: "flap" },
    POCKET_JETTED: { pockets: "jetted" },
    POCKET_PATCH: { pockets: "patch" },
    POCKET_TICKET: { ticket: "ticket" },
    SLEEVE_BTN3: { sleeveButtons: "3" },
    SLEEVE_BTN4: { sleeveButtons: "4" },
    SLEEVE_BTN4K: { sleeveButtons: "4-kissing" },
    DET_PICK: { stitching: "pick" },
    DET_MILANESE: { lapelHole: "milanese" },
    LOGO_EMB: { logo: "embroidered" },
    // women's suit
    WJ_1BTN: { closure: "sb1" },
    WJ_2BTN: { closure: "sb2" },
    WJ_DB: { closure: "db6" },
    WL_NOTCH: { lapel: "notch" },
    WL_PEAK: { lapel: "peak" },
    WL_COLLARLESS: { lapel: "collarless" },
    WS_DARTS: { shaping: "darts" },
    WS_PRINCESS: { shaping: "princess" },
    WSL_FULL: { sleeve: "full" },
    WSL_THREE_QUARTER: { sleeve: "three-quarter" },
    // overcoat
    COAT_CHESTERFIELD: { closure: "sb3", sleeve: "full" },
    COAT_POLO: { closure: "db6", sleeve: "full" },
    COAT_RAGLAN: { closure: "sb3", sleeve: "raglan" },
    COAT_CAPE: { closure: "sb3", sleeve: "cape" },
    CC_NOTCH: { lapel: "notch" },
    CC_PEAK: { lapel: "peak" },
    CC_STAND: { lapel: "stand" },
    CL_ABOVE: { length: "above-knee" },
    CL_KNEE: { length: "knee" },
    CL_MIDCALF: { length: "mid-calf" },
    CP_FLAP: { pockets: "flap" },
    CP_PATCH: { pockets: "patch" },
    CP_HACKING: { pockets: "hacking" },
    BELT_NONE: { belt: "none" },
    BELT_SELF: { belt: "self" },
  },
};

const TROUSERS: FigureTable = {
  slots: {
    shape: "trousers",
    fit: "regular",
    pleats: "flat",
    waistband: "loops",
    sidePockets: "slanted",
    backLeft: "none",
    backRight: "none",
    fly: "zip",
    leg: "full",
    hem: "plain",
    buttons: "horn",
  },
  crafts: {
    ...FIT_CRAFTS,
    ...BUTTON_CRAFTS,
    TF_FLAT: { pleats: "flat" },
    TF_PLEAT1: { pleats: "single" },
    TF_PLEAT2: { pleats: "double" },
    TW_LOOPS: { waistband: "loops" },
    TW_ADJUSTERS: { waistband: "adjusters" },
    TW_BRACES: { waistband: "braces" },
    SP_SLANTED: { sidePockets: "slanted" },
    SP_VERTICAL: { sidePockets: "vertical" },
    SP_JETTED: { sidePockets: "jetted" },
    BP_LEFT: { backLeft: "jetted" },
    BP_RIGHT: { backRight: "jetted" },
    FLY_ZIP: { fly: "zip" },
    FLY_BUTTON: { fly: "button" },
    LEG_FULL: { leg: "full" },
    LEG_SHORTS: { leg: "shorts" },
    HEM_PLAIN: { hem: "plain" },
    HEM_TURNUP: { hem: "turn-up" },
    // women's suit: the bottom piece
    WB_TROUSERS: { shape: "trousers" },
    WB_FLAT: { pleats: "flat" },
    WB_PLEAT: { pleats: "single" },
    WB_PENCIL: { shape: "pencil-skirt" },
    WB_ALINE: { shape: "a-line-skirt" },
  },
};

const SHIRT: FigureTable = {
  slots: {
    fit: "regular",
    collar: "spread",
    cuff: "single",
    sleeve: "long",
    placket: "standard",
    chestPocket: "none",
    back: "plain",
    hem: "rounded",
    buttons: "standard",
  },
  crafts: {
    ...FIT_CRAFTS,
    COLLAR_SPREAD: { collar: "spread" },
    COLLAR_CUTAWAY: { collar: "cutaway" },
    COLLAR_BUTTONDOWN: { collar: "button-down" },
    COLLAR_WING: { collar: "wing" },
    COLLAR_BAND: { collar: "band" },
    CUFF_SINGLE: { cuff: "single" },
    CUFF_DOUBLE: { cuff: "double" },
    CUFF_FRENCH: { cuff: "french" },
    CUFF_CONVERTIBLE: { cuff: "convertible" },
    SLEEVE_LONG: { sleeve: "long" },
    SLEEVE_SHORT: { sleeve: "short" },
    PLACKET_STANDARD: { placket: "standard" },
    PLACKET_HIDDEN: { placket: "hidden" },
    PLACKET_FRENCH: { placket: "french" },
    SPOCKET_NONE: { chestPocket: "none" },
    SPOCKET_ONE: { chestPocket: "one" },
    SPOCKET_TWO: { chestPocket: "two-flap" },
    BACK_PLAIN: { back: "plain" },
    BACK_BOX: { back: "box-pleat" },
    BACK_SIDE: { back: "side-pleats" },
    SHEM_ROUND: { hem: "rounded" },
    SHEM_STRAIGHT: { hem: "straight" },
    SBTN_STANDARD: { buttons: "standard" },
    SBTN_MOP: { buttons: "pearl" },
    SBTN_THICK: { buttons: "thick" },
  },
};

const WAISTCOAT: FigureTable = {
  slots: {
    fit: "regular",
    closure: "5",
    neck: "v",
    lapel: "none",
    pockets: "2",
    back: "lining",
    buckle: "none",
    bottom: "pointed",
    buttons: "horn",
  },
  crafts: {
    ...FIT_CRAFTS,
    ...BUTTON_CRAFTS,
    WC_5BTN: { closure: "5" },
    WC_6BTN: { closure: "6" },
    WC_DB: { closure: "db" },
    WC_NECK_V: { neck: "v" },
    WC_NECK_U: { neck: "u" },
    WC_LAPEL_NONE: { lapel: "none" },
    WC_LAPEL_NOTCH: { lapel: "notch" },
    WC_LAPEL_SHAWL: { lapel: "shawl" },
    WC_POCKET2: { pockets: "2" },
    WC_POCKET4: { pockets: "4" },
    WC_POCKET0: { pockets: "0" },
    WC_BACK_LINING: { back: "lining" },
    WC_BACK_FABRIC: { back: "fabric" },
    WC_BACKLESS: { back: "backless" },
    WC_BUCKLE: { buckle: "buckle" },
    WC_BOTTOM_POINTED: { bottom: "pointed" },
    WC_BOTTOM_STRAIGHT: { bottom: "straight" },
  },
};

const NECKWEAR: FigureTable = {
  slots: { series: "tie", width: "7", tip: "pointed" },
  crafts: {
    SERIES_TIE: { series: "tie" },
    SERIES_BOWTIE: { series: "bow-tie" },
    SERIES_SQUARE: { series: "pocket-square" },
    SERIES_SCARF: { series: "scarf" },
    TIE_W6: { width: "6" },
    TIE_W7: { width: "7" },
    TIE_W8: { width: "8" },
    TIE_W9: { width: "9" },
    TIP_POINTED: { tip: "pointed" },
    TIP_STRAIGHT: { tip: "straight" },
  },
};

const TABLES: Record<FigureKind, FigureTable> = {
  jacket: JACKET,
  trousers: TROUSERS,
  shirt: SHIRT,
  waistcoat: WAISTCOAT,
  neckwear: NECKWEAR,
};

/** A figure of a category, with the category's own starting variants (a coat is a long jacket). */
interface FigureOf {
  kind: FigureKind;
  slots?: Readonly<Record<string, string>>;
}

/** The figures each garment category is drawn as (garment categories: server/db/catalogue/ids.ts). */
export const CATEGORY_FIGURES: Readonly<Record<number, readonly FigureOf[]>> = {
  3000: [{ kind: "jacket" }, { kind: "trousers" }], // suit
  1000: [{ kind: "shirt" }],
  2000: [{ kind: "trousers" }],
  4000: [{ kind: "waistcoat" }],
  11000: [{ kind: "jacket", slots: { length: "knee", closure: "sb3", vents: "centre" } }], // overcoat
  6000: [{ kind: "jacket", slots: { cut: "women", closure: "sb1" } }, { kind: "trousers" }], // women's suit
  5000: [{ kind: "neckwear" }], // accessories
  3800000: [{ kind: "jacket" }, { kind: "trousers" }], // special (uniform suit)
};

/**
 * Seeded crafts the sketch does not show, each for its reason: the inside of the garment (lining,
 * label, stays, knee lining), how it is made (stitch, construction, edge), what comes with it
 * (packaging, keeper), or what the summary lists in words (monogram, contrast, logo files and notes).
 * A craft code or a group code (a listed group takes its options with it).
 */
export const UNDRAWN_CRAFTS: ReadonlySet<string> = new Set([
  "LINING", // inside
  "COAT_LINING", // inside
  "LABEL", // inside: the personal label
  "EMB_STYLE", // the monogram's stitch: the summary lists the monogram
  "CONTRAST_DETAILS", // inner details: the summary lists the contrast
  "TROUSER_EXTRAS", // knee lining and grip tape: inside
  "UNIFORM", // reinforced seams, name tape, pen pocket: inside
  "TIPPING", // the back of the tie's blade
  "CONSTRUCTION", // four- or seven-fold: how the tie is folded inside
  "EDGE", // edge finish: how it is sewn
  "KEEPER", // the keeper loop on the back of the tie
  "PACKAGING", // what it comes in
  "COLLAR_STAYS", // inside the collar
  "DET_WORKING", // working buttonholes look like the sewn ones
  "LOGO_FILE", // the artwork of the logo (the logo itself is drawn)
  "LOGO_POSITION", // a note
]);

/** The figures a garment category is drawn as; none for a category the preview does not know. */
export const figuresOfCategory = (category: number): readonly FigureKind[] =>
  (CATEGORY_FIGURES[category] ?? []).map((f) => f.kind);

/** The figure kinds whose table draws the craft code, if any. */
export const figuresDrawing = (code: string): FigureKind[] =>
  (Object.keys(TABLES) as FigureKind[]).filter((kind) => TABLES[kind].crafts[code] !== undefined);

/** A figure from its starting variants and the crafts chosen (in order: a later craft of the same slot wins). */
function figure(kind: FigureKind, slots: Readonly<Record<string, string>> | undefined, codes: readonly string[]) {
  const table = TABLES[kind];
  const spec: Record<string, string> = { ...table.slots, ...slots };
  const chosenBy: Record<string, string> = {};
  for (const code of codes) {
    const effect = table.crafts[code];
    if (!effect) continue;
    for (const [slot, variant] of Object.entries(effect)) {
      spec[slot] = variant;
      chosenBy[slot] = code;
    }
  }
  const layers = Object.keys(table.slots).map((slot) => ({
    slot,
    variant: spec[slot]!,
    craft: chosenBy[slot] ?? null,
  }));
  return { kind, spec, layers };
}

/** The fill of the cloth: the catalogue fabric's look, the customer's own cloth, or none yet. */
export function fillOf(fabric: GarmentPreviewInput["fabric"]): PreviewFill {
  if (fabric.code.trim() === "") return { kind: "none" };
  if (fabric.source === "cus") return { kind: "customer" };
  const look = fabricLookOf(fabric.code);
  return look ? { kind: "fabric", look } : { kind: "none" };
}

/**
 * The preview of an order: the category's figures (a suit: jacket and trousers), then a figure for
 * each further piece of another kind (a suit's matching waistcoat). A figure takes the crafts of
 * every piece drawn as that kind, so a suit split into jacket and trousers pieces draws the same.
 */
export function garmentPreviewOf(input: GarmentPreviewInput): GarmentPreview {
  const order: Array<{ kind: FigureKind; slots?: Readonly<Record<string, string>>; codes: string[] }> = [];
  const place = (of: FigureOf, codes: readonly string[]) => {
    const existing = order.find((f) => f.kind === of.kind);
    if (existing) existing.codes.push(...codes);
    else order.push({ kind: of.kind, slots: of.slots, codes: [...codes] });
  };
  for (const of of CATEGORY_FIGURES[input.category] ?? []) place(of, []);
  for (const piece of input.pieces) {
    for (const of of CATEGORY_FIGURES[piece.clothCategory] ?? []) place(of, piece.craftCodes);
  }
  return {
    category: input.category,
    figures: order.map((f) => figure(f.kind, f.slots, f.codes)),
    fill: fillOf(input.fabric),
  };
}

/** Two inputs draw the same preview (the summary re-renders only when one of them changes). */
export function sameGarmentPreviewInput(a: GarmentPreviewInput, b: GarmentPreviewInput): boolean {
  return (
    a.category === b.category &&
    a.fabric.source === b.fabric.source &&
    a.fabric.code === b.fabric.code &&
    a.pieces.length === b.pieces.length &&
    a.pieces.every(
      (p, i) =>
        p.clothCategory === b.pieces[i]!.clothCategory &&
        p.craftCodes.length === b.pieces[i]!.craftCodes.length &&
        p.craftCodes.every((c, j) => c === b.pieces[i]!.craftCodes[j]),
    )
  );
}
