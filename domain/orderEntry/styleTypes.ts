/**
 * The style order's types (order type 10, SO-015, SO-016): what the order form, its refusals and its
 * events hold of a style. Types only, so the form (form.ts) and the refusals (refusals.ts) can name
 * them; the rules, reducers and draft that use them are in style.ts.
 */

/** SO-016: a craft of a garment piece of a style: a choice among `choices` (when it has any) or free text (SO-009). */
export interface StyleCraft {
  id: number;
  name: string;
  /** SO-018: type 2 must have a value. */
  type: number;
  /** SO-008: the surcharge, in the style's currency. */
  price: string;
  imageUrl: string;
  /** SO-009: `chooseContent` split; empty for a free-text craft. */
  choices: string[];
  /** Issue 20 §6: each choice named in the reader's language (`chooseContentName`), in the order of `choices`. */
  choiceNames: string[];
  /** The value the style presets (`model`), empty when none. */
  preset: string;
}

/** SO-016: a garment piece of a style (`styleInfoList` entry) with its own style code and crafts (SO-007). */
export interface StylePiece {
  /** The piece's id (`styleInfoId` of the draft's piece). */
  id: number;
  clothCategory: number;
  styleName: string;
  styleCode: string;
  crafts: StyleCraft[];
}

/** SO-015: a style of the catalogue as the ordering page reads it. */
export interface StyleProduct {
  id: number;
  styleName: string;
  /** SO-002: the carousel's pictures (the preview first). */
  images: string[];
  deliveryDays: number;
  currency: string;
  /** The style's description: HTML from the server, sanitised before it is shown. */
  property: string;
  /** The garment category the order is made in: its first piece's (its measurements, its price list). */
  categoryId: number;
  /** SO-006: `chooseFabric` split: the fabrics it allows (a select); empty: any fabric code typed. */
  fabrics: string[];
  pieces: StylePiece[];
}

/** What the style order adds to the order form: the style, the crafts' values, the price for the fabric (SO-005). */
export interface StyleForm {
  /** SO-024: the style opened (`/styleOrdering?id=`). */
  id: number;
  product: StyleProduct | null;
  /** The value of each craft, by `craftKey`. */
  values: Record<string, string>;
  /** SO-027: what the server's check of Buy priced (the style in the fabric with the chosen crafts); null until bought. */
  bought: StyleBought | null;
}

/** SO-027: a checked Buy: the price of one garment (the style in the fabric, plus the chosen crafts). */
export interface StyleBought {
  price: string;
  currency: string;
}

export type StyleMessageKey =
  | "style.fabricRequired"
  | "style.fabricNotOffered"
  | "style.craftRequired"
  | "style.craftNotOffered"
  | "style.craftValueNotOffered"
  | "style.notLoaded";

export type StyleEdit = { type: "user.setStyleCraft"; pieceId: number; craftId: number; value: string };
