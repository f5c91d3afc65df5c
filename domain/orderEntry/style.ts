import { bodyRangeRefusal } from "../customer.ts";
import { GENDER, ORDER_TYPE } from "../ids.ts";
import { buildDraft, type OrderDraft } from "./draft.ts";
import type { OrderForm } from "./form.ts";
import type { Refusal } from "./refusals.ts";
import type { StyleCraft, StyleEdit, StyleForm, StylePiece, StyleProduct } from "./styleTypes.ts";

export type { StyleBought, StyleCraft, StyleEdit, StyleForm, StylePiece, StyleProduct } from "./styleTypes.ts";

/**
 * The style order (order type 10, 000 §2.8, §4, §5): a style of the catalogue bought in a fabric it
 * allows, with a value for its crafts, for a customer and their measurements. Its rules are written
 * once here: the style machine's guards (machines/orderEntry/rules.ts) and the server's check of a
 * style order call the same functions, by the same names.
 */

/** SO-018: the craft type whose value is required. */
export const REQUIRED_CRAFT_TYPE = 2;
/** SO-032: the style catalogue's page size. */
export const STYLE_PAGE_SIZE = 20;
/** SO-029: the style search starts at 4 typed characters. */
export const STYLE_SEARCH_MIN = 4;
/** A free-text style craft holds at most 50 characters (the page's input and the server's check). */
export const STYLE_TEXT_MAX = 50;

/** Issue 20 §6: a choice of a craft named in the reader's language (free text, or a value it does not list, as it is). */
export const choiceName = (craft: Pick<StyleCraft, "choices" | "choiceNames">, value: string): string =>
  craft.choiceNames[craft.choices.indexOf(value)] ?? value;

/** A comma list of the documents (`images`, `chooseFabric`, `chooseContent`) as its items. */
export const splitList = (list: string | null | undefined): string[] =>
  (list ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

/** The key of a craft's value: its piece and its id (a craft may appear on two pieces). */
export const craftKey = (pieceId: number, craftId: number) => `${pieceId}.${craftId}`;
/** The field a craft's refusal names (the view marks its select or input). */
export const craftField = (pieceId: number, craftId: number) => `style.craft.${craftKey(pieceId, craftId)}`;

export const emptyStyleForm = (id: number): StyleForm => ({ id, product: null, values: {}, bought: null });

/** What the craft rules read of a style: its pieces and their crafts (the page's product, the server's rows). */
export interface StyleCrafts {
  pieces: ReadonlyArray<{
    id: number;
    crafts: ReadonlyArray<Pick<StylePiece["crafts"][number], "id" | "name" | "type" | "choices" | "preset">>;
  }>;
}

/** The values a style starts with: each craft's preset, when it has one (and it is among its choices). */
export function presetValues(product: StyleCrafts): Record<string, string> {
  const values: Record<string, string> = {};
  for (const piece of product.pieces)
    for (const craft of piece.crafts)
      if (craft.preset && (craft.choices.length === 0 || craft.choices.includes(craft.preset)))
        values[craftKey(piece.id, craft.id)] = craft.preset;
  return values;
}

// ---------------------------------------------------------------------------------------------
// The rules (000 §5), each returning its refusal or null
// ---------------------------------------------------------------------------------------------

/** SO-017: a fabric is chosen ("Please select fabric"). */
export function styleFabricRefusal(fabricCode: string): Refusal | null {
  return fabricCode.trim() === "" ? { key: "style.fabricRequired", field: "fabric" } : null;
}

/** A style that lists its fabrics takes only one of them (bad input: the page offers no other). */
export function styleFabricOfferRefusal(product: StyleProduct, fabricCode: string): Refusal | null {
  const code = fabricCode.trim().toUpperCase();
  if (code === "" || product.fabrics.length === 0) return null;
  return product.fabrics.some((f) => f.toUpperCase() === code)
    ? null
    : { key: "style.fabricNotOffered", code: fabricCode.trim(), field: "fabric" };
}

/** SO-018: each craft of type 2 has a value ("<name> Not filled in"), piece by piece in the style's order. */
export function styleCraftRefusal(product: StyleCrafts, values: Readonly<Record<string, string>>): Refusal | null {
  for (const piece of product.pieces)
    for (const craft of piece.crafts)
      if (craft.type === REQUIRED_CRAFT_TYPE && !(values[craftKey(piece.id, craft.id)] ?? "").trim())
        return { key: "style.craftRequired", name: craft.name, field: craftField(piece.id, craft.id) };
  return null;
}

/** SO-009: a craft with choices takes one of them (bad input: the page's select offers no other). */
export function styleCraftValueRefusal(product: StyleCrafts, values: Readonly<Record<string, string>>): Refusal | null {
  for (const piece of product.pieces)
    for (const craft of piece.crafts) {
      const value = (values[craftKey(piece.id, craft.id)] ?? "").trim();
      if (value !== "" && craft.choices.length > 0 && !craft.choices.includes(value))
        return { key: "style.craftValueNotOffered", name: craft.name, value, field: craftField(piece.id, craft.id) };
    }
  return null;
}

/** The customer of a style order (SO-019..022: name, height, weight unit, gender; the first missing stops). */
export interface StyleCustomer {
  customerName: string;
  height: string;
  heightUnit: number | null;
  weight: string;
  weightUnit: number | null;
  genderId: number | null;
}

/** SO-019..022: the customer's name, height, weight unit and gender, in this order. */
export function styleCustomerRefusal(customer: StyleCustomer): Refusal | null {
  if (!customer.customerName.trim()) return { key: "customer.nameRequired", field: "customer.name" }; // SO-019
  if (!customer.height.trim()) return { key: "customer.heightRequired", field: "customer.height" }; // SO-020
  if (customer.weightUnit === null) return { key: "customer.weightUnitRequired", field: "customer.weightUnit" }; // SO-021
  // A given height or weight within the book's limits (domain/customer.ts: one rule for every flow)
  const fault =
    bodyRangeRefusal("height", customer.height, customer.heightUnit) ??
    bodyRangeRefusal("weight", customer.weight, customer.weightUnit);
  if (fault) return { ...fault, field: `customer.${fault.field}` };
  if (customer.genderId === null || !Object.values(GENDER).includes(customer.genderId as 10040))
    return { key: "customer.genderRequired", field: "customer.gender" }; // SO-022
  return null;
}

/** A style order's form with its style loaded (the rules below need it). */
const productOf = (form: Pick<OrderForm, "styleOrder">) => form.styleOrder?.product ?? null;

/**
 * The style order's rules on the order form, by the name its guard carries in the chart (the
 * machine's `checked([...])` lists them; machines/orderEntry/rules.ts adds them to the rule table).
 */
export const STYLE_RULES = {
  // The style is loaded (the page cannot buy before; a refusal for a flow that lost it)
  isStyleLoaded: (form: OrderForm): Refusal | null => (productOf(form) ? null : { key: "style.notLoaded" }),
  // SO-017
  hasStyleFabric: (form: OrderForm) => styleFabricRefusal(form.fabric.code),
  // SO-006: one of the style's fabrics
  isStyleFabricOffered: (form: OrderForm) => {
    const product = productOf(form);
    return product ? styleFabricOfferRefusal(product, form.fabric.code) : null;
  },
  // SO-018
  areStyleCraftsFilled: (form: OrderForm) => {
    const product = productOf(form);
    return product ? styleCraftRefusal(product, form.styleOrder?.values ?? {}) : null;
  },
  // SO-009
  areStyleCraftValuesOffered: (form: OrderForm) => {
    const product = productOf(form);
    return product ? styleCraftValueRefusal(product, form.styleOrder?.values ?? {}) : null;
  },
  // SO-019..022
  hasStyleCustomer: (form: OrderForm) => styleCustomerRefusal(form.basic),
} satisfies Record<string, (form: OrderForm) => Refusal | null>;

export type StyleRule = keyof typeof STYLE_RULES;

/** The checks of each moment of the style order, in the documents' order (the first refusal stops). */
export const STYLE_STEP_RULES = {
  /** Buy (SO-010, SO-011, SO-017, SO-018). */
  product: [
    "isStyleLoaded",
    "hasStyleFabric",
    "isStyleFabricOffered",
    "areStyleCraftValuesOffered",
    "areStyleCraftsFilled",
  ],
  /** Step 2's Next (SO-012, SO-019..022). */
  customer: ["hasStyleCustomer"],
} as const satisfies Record<string, readonly StyleRule[]>;

// ---------------------------------------------------------------------------------------------
// The form's edits (the machine applies them in `assign`)
// ---------------------------------------------------------------------------------------------

/** SO-009: a craft's value (a choice or free text); a craft the style does not have is ignored. A new value needs Buy again. */
export function editStyle(style: StyleForm, edit: StyleEdit): StyleForm {
  const piece = style.product?.pieces.find((p) => p.id === edit.pieceId);
  if (!piece?.crafts.some((c) => c.id === edit.craftId)) return style;
  return { ...style, bought: null, values: { ...style.values, [craftKey(edit.pieceId, edit.craftId)]: edit.value } };
}

/**
 * Issue 20 §6: the same style read again in another language: its names (style, pieces, crafts, choices)
 * are the new reading's; the values chosen and the Buy stay, since they are codes, not names. Another
 * style's reading is ignored.
 */
export const translatedStyle = (style: StyleForm, product: StyleProduct): StyleForm =>
  style.product && product.id === style.id ? { ...style, product } : style;

/**
 * The style form of a loaded style, not bought yet: its presets as the values, or (QO-085, QO-086) the
 * values of the opened order, kept only for the crafts the style still has. As the server reads a
 * draft, a craft the order left out has its preset, and one it sent cleared ("") stays cleared.
 */
export const withStyleProduct = (product: StyleProduct, saved?: Readonly<Record<string, string>>): StyleForm => {
  const presets = presetValues(product);
  if (!saved) return { id: product.id, product, values: presets, bought: null };
  const values: Record<string, string> = {};
  for (const piece of product.pieces)
    for (const craft of piece.crafts) {
      const key = craftKey(piece.id, craft.id);
      const value = Object.hasOwn(saved, key) ? saved[key]! : (presets[key] ?? "");
      if (value !== "") values[key] = value;
    }
  return { id: product.id, product, values, bought: null };
};

/** A piece of a saved style order as getOrderInfo answers it (the draft's detailList). */
export interface SavedStylePiece {
  styleId?: number | null;
  styleInfoId?: number | null;
  styleCraftList?: ReadonlyArray<{ styleCraftId: number; content?: string | null }> | null;
}

/** QO-085, QO-086: the style a saved style order was made of (its first piece's), or null. */
export const styleIdOfOrder = (pieces: readonly SavedStylePiece[]): number | null =>
  pieces.find((p) => typeof p.styleId === "number" && p.styleId > 0)?.styleId ?? null;

/**
 * QO-085, QO-086: the crafts' values of a saved style order, keyed as the form keys them (the inverse of
 * the draft's); a craft sent cleared is kept as "" (it stays cleared), one left out is not listed.
 */
export function savedStyleValues(pieces: readonly SavedStylePiece[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const piece of pieces)
    if (typeof piece.styleInfoId === "number")
      for (const craft of piece.styleCraftList ?? [])
        values[craftKey(piece.styleInfoId, craft.styleCraftId)] = craft.content ?? "";
  return values;
}

/**
 * SO-016: the garment categories of the style's further pieces (trousers, a waistcoat): the order
 * measures them as the add-products of its first piece's category (QO-040), and the style fixes them.
 */
export const furtherPieces = (product: StyleProduct): number[] =>
  product.pieces.slice(1).map((piece) => piece.clothCategory);

/** SO-027: Buy as the server checks it (POST pc/style/buy): the style, the fabric, each piece's craft values. */
export interface StyleChoice {
  styleId: number;
  fabricCode: string;
  pieces: Array<{ styleInfoId: number; styleCraftList: Array<{ styleCraftId: number; content: string }> }>;
}

/**
 * The crafts' values of a piece as a draft or Buy sends them: every craft, a cleared one as "" (the
 * server gives a craft left out its preset, so a preset the tailor cleared must be sent to stay cleared).
 */
const craftValuesOf = (piece: StylePiece, values: Readonly<Record<string, string>>) =>
  piece.crafts.map((craft) => ({
    styleCraftId: craft.id,
    content: (values[craftKey(piece.id, craft.id)] ?? "").trim(),
  }));

export function styleChoice(form: Pick<OrderForm, "styleOrder" | "fabric">): StyleChoice {
  const style = form.styleOrder;
  const values = style?.values ?? {};
  return {
    styleId: style?.id ?? 0,
    fabricCode: form.fabric.code.trim(),
    pieces: (style?.product?.pieces ?? []).map((piece) => ({
      styleInfoId: piece.id,
      styleCraftList: craftValuesOf(piece, values),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The draft (SO-027: what Save To Cart and Submit send)
// ---------------------------------------------------------------------------------------------

/**
 * The draft of a style order (order type 10, SO-027): the quick order's draft of the customer, the
 * fabric and the measurements (the first piece in the style's first category, the further pieces as
 * its add-products, each with its sizes), each piece carrying the style, its piece id and its crafts' values.
 */
export function buildStyleDraft(form: OrderForm, opts: { onlySize?: boolean } = {}): OrderDraft {
  const product = productOf(form);
  const base = buildDraft(form, opts);
  if (!product) return base;
  const values = form.styleOrder?.values ?? {};
  const detailList = product.pieces.map((piece, index) => {
    const category = index === 0 ? product.categoryId : piece.clothCategory;
    const measured = base.detailList.find((d) => d.clothCategory === category);
    return {
      ...(measured ?? { craftList: [], embList: [], contrastSaveList: [], shape: null, sizeList: [] }),
      clothCategory: category,
      styleId: product.id,
      styleInfoId: piece.id,
      styleCraftList: craftValuesOf(piece, values),
    };
  });
  return {
    ...base,
    type: ORDER_TYPE.style,
    fabricType: "sys",
    addProduct: detailList.length > 1 ? 1 : 0,
    orderInfo: JSON.stringify({
      ...(JSON.parse(base.orderInfo ?? "{}") as object),
      styleId: product.id,
      styleValues: values,
    }),
    detailList,
  } as OrderDraft;
}
