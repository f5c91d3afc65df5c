/**
 * The style order's crafts in the garment preview (issue 10). A style's craft is a choice among its
 * `chooseContent` values (the same English values in both languages) and has no craft code, so the
 * preview reads it by the garment piece's category, its list of choices and the value chosen, and
 * draws it as the order-entry craft of the same look (a style's "Peak" lapel is LAPEL_PEAK).
 */

/** A style craft as chosen: its comma list of choices and the value chosen ("" when none yet). */
export interface StyleCraftPick {
  chooseContent: string;
  value: string;
}

/** By `<piece category>|<chooseContent>`: the order-entry craft code each value is drawn as. */
const STYLE_CRAFTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // jacket (suit and women's suit pieces)
  "3000|Notch,Peak,Shawl": { Notch: "LAPEL_NOTCH", Peak: "LAPEL_PEAK", Shawl: "LAPEL_SHAWL" },
  "3000|1,2,3": { "1": "FRONT_SB1", "2": "FRONT_SB2", "3": "FRONT_SB3" },
  "3000|None,Single,Double": { None: "VENT_NONE", Single: "VENT_CENTRE", Double: "VENT_SIDE" },
  "3000|Yes": { Yes: "DET_PICK" },
  "6000|Notch,Peak,Shawl": { Notch: "WL_NOTCH", Peak: "WL_PEAK", Shawl: "LAPEL_SHAWL" },
  "6000|1,2,3": { "1": "WJ_1BTN", "2": "WJ_2BTN", "3": "FRONT_SB3" },
  "6000|Yes": { Yes: "DET_PICK" },
  // trousers
  "2000|Flat front,Single pleat,Double pleat": {
    "Flat front": "TF_FLAT",
    "Single pleat": "TF_PLEAT1",
    "Double pleat": "TF_PLEAT2",
  },
  "2000|Plain,Turn-up": { Plain: "HEM_PLAIN", "Turn-up": "HEM_TURNUP" },
  "2000|Belt loops,Side adjusters": { "Belt loops": "TW_LOOPS", "Side adjusters": "TW_ADJUSTERS" },
  // waistcoat
  "4000|Satin,Self fabric": { Satin: "WC_BACK_LINING", "Self fabric": "WC_BACK_FABRIC" },
  "4000|5,6": { "5": "WC_5BTN", "6": "WC_6BTN" },
  // shirt
  "1000|Classic,Cutaway,Button-down,Wing": {
    Classic: "COLLAR_SPREAD",
    Cutaway: "COLLAR_CUTAWAY",
    "Button-down": "COLLAR_BUTTONDOWN",
    Wing: "COLLAR_WING",
  },
  "1000|Barrel,French,Convertible": { Barrel: "CUFF_SINGLE", French: "CUFF_FRENCH", Convertible: "CUFF_CONVERTIBLE" },
  "1000|None,One": { None: "SPOCKET_NONE", One: "SPOCKET_ONE" },
  // overcoat: an ulster collar is drawn as the wide peak lapel it resembles
  "11000|Knee,Mid-calf": { Knee: "CL_KNEE", "Mid-calf": "CL_MIDCALF" },
  "11000|Notch,Peak,Ulster": { Notch: "CC_NOTCH", Peak: "CC_PEAK", Ulster: "CC_PEAK" },
};

/** Style crafts the sketch does not show (lining colours are inside; free text is a note). */
export const UNDRAWN_STYLE_CRAFTS: ReadonlySet<string> = new Set([
  "Navy,Burgundy,Silver grey,Paisley", // lining colour
  "Navy,Burgundy,Camel", // lining colour
]);

const normal = (list: string) =>
  list
    .split(",")
    .map((v) => v.trim())
    .join(",");

/** The order-entry craft code a style craft's chosen value is drawn as, if any. */
export function styleCraftCode(clothCategory: number, pick: StyleCraftPick): string | null {
  return STYLE_CRAFTS[`${clothCategory}|${normal(pick.chooseContent)}`]?.[pick.value.trim()] ?? null;
}

/** The codes to draw a style piece with (`pieces[i].craftCodes` of the preview). */
export function styleCraftCodes(clothCategory: number, picks: readonly StyleCraftPick[]): string[] {
  return picks.map((p) => styleCraftCode(clothCategory, p)).filter((c): c is string => c !== null);
}
