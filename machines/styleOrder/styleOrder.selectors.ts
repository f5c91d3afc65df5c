import type { SnapshotFrom } from "xstate";
import type { OrderEntryContext } from "../orderEntry/types.ts";
import {
  choiceName,
  craftField,
  craftKey,
  REQUIRED_CRAFT_TYPE,
  type StyleCraft,
  type StyleProduct,
} from "../../domain/orderEntry/style.ts";
import { moneyOf, sameMoney, type MoneyValue } from "../../domain/money.ts";
import { sameGarmentPreviewInput, type GarmentPreviewInput } from "../../domain/garmentPreview.ts";
import { styleCraftCodes } from "../../domain/garmentPreviewStyles.ts";
import type { StyleOrderMachine } from "./styleOrder.machine.ts";
import type { priceMachine } from "../shared/price/price.machine.ts";

/**
 * What the style order's views read (SO-001..014); what every order flow shows (the customer form,
 * the measurements, the refusal) is read through machines/orderEntry/selectors.ts and feedback.selectors.ts.
 */
type Snap = Pick<SnapshotFrom<StyleOrderMachine>, "matches">;

/** SO-011, SO-012: the three steps, in order. */
const STEPS = ["product", "customer", "measurements"] as const;

/** The step (0..2) a snapshot is at, or -1 while loading, failed or done. */
export const styleOrderStep = (s: Snap): number => STEPS.findIndex((step) => s.matches({ ordering: { steps: step } }));

/** SO-015: the style being bought, or null until it is loaded. */
export const selectStyleProduct = (s: { context: OrderEntryContext }): StyleProduct | null =>
  s.context.styleOrder?.product ?? null;

/** SO-009: the value of a craft of a piece. */
export const selectStyleCraftValue = (s: { context: OrderEntryContext }, pieceId: number, craftId: number): string =>
  s.context.styleOrder?.values[craftKey(pieceId, craftId)] ?? "";

/** SO-009: a craft offers a select among its choices, or free text. */
export const offersChoices = (craft: StyleCraft) => craft.choices.length > 0;
/** SO-018: a craft of type 2 must have a value. */
export const isRequiredCraft = (craft: StyleCraft) => craft.type === REQUIRED_CRAFT_TYPE;
/** SO-006: the style lists its fabrics (a select); otherwise a fabric code is typed. */
export const offersFabricList = (product: StyleProduct) => product.fabrics.length > 0;

export { choiceName, craftField } from "../../domain/orderEntry/style.ts";
export type { StyleCraft, StylePiece, StyleProduct } from "../../domain/orderEntry/style.ts";

/** The summary's pieces: name, style code and the crafts given a value (the view writes "name: value"). */
export const selectStyleCraftLines = (s: {
  context: OrderEntryContext;
}): Array<{ id: number; name: string; code: string; crafts: Array<{ name: string; choice: string }> }> => {
  const style = s.context.styleOrder;
  return (style?.product?.pieces ?? []).map((piece) => ({
    id: piece.id,
    name: piece.styleName,
    code: piece.styleCode,
    crafts: piece.crafts
      .map((craft) => [craft, (style?.values[craftKey(piece.id, craft.id)] ?? "").trim()] as const)
      .filter(([, value]) => value !== "")
      // issue 20 §6: a choice in the reader's language
      .map(([craft, value]) => ({ name: craft.name, choice: choiceName(craft, value) })),
  }));
};

/**
 * SO-027: the checked Buy's price of one garment and of the quantity (integer cents and the currency, for
 * the view to format), or null before Buy (or when the answer's price is not an amount).
 */
export const selectStyleBought = (s: {
  context: OrderEntryContext;
}): { unit: MoneyValue; total: MoneyValue } | null => {
  const bought = s.context.styleOrder?.bought;
  const unit = bought ? moneyOf(bought.price, bought.currency) : null;
  if (!unit) return null;
  return { unit, total: { cents: unit.cents * s.context.basic.amount, currency: unit.currency } };
};

/**
 * issue 10: the live garment preview of the style order: each piece of the style drawn with its
 * crafts' chosen values (domain/garmentPreviewStyles.ts), filled with the chosen fabric.
 */
export const selectStyleGarmentPreview = (s: { context: OrderEntryContext }): GarmentPreviewInput => {
  const style = s.context.styleOrder;
  const product = style?.product;
  return {
    category: s.context.categoryId,
    pieces: (product?.pieces ?? []).map((piece, index) => {
      const category = index === 0 ? product!.categoryId : piece.clothCategory;
      return {
        clothCategory: category,
        craftCodes: styleCraftCodes(
          category,
          piece.crafts.map((craft) => ({
            chooseContent: craft.choices.join(","),
            value: style?.values[craftKey(piece.id, craft.id)] ?? "",
          })),
        ),
      };
    }),
    fabric: { source: "sys", code: s.context.fabric.code.trim() },
  };
};
export { sameGarmentPreviewInput };
/** What a free-text style craft may hold (the server refuses more). */
export { STYLE_TEXT_MAX } from "../../domain/orderEntry/style.ts";

type PriceSnap = Pick<SnapshotFrom<typeof priceMachine>, "context">;

/**
 * SO-005: the style's price in the chosen fabric as every view shows it: cents with its currency (the
 * style's when the answer names none) for the view to format, or null while no fabric is chosen or priced.
 */
export const selectFabricPrice = (s: PriceSnap, currency: string): MoneyValue | null => {
  const quote = s.context.quote;
  return s.context.fabric.code.trim() !== "" && quote?.price ? moneyOf(quote.price, quote.moneyType || currency) : null;
};
/** The price redraws only when the amount or its currency changed (for `useSelector`'s compare). */
export { sameMoney };

/**
 * SO-016: step 3 heads each further piece of the style (measured as an add-product of its first
 * piece's category) with the style's own piece name and style code, not the add-product's name.
 */
export const selectStylePieceNames = (s: { context: OrderEntryContext }): Record<number, string> =>
  Object.fromEntries(
    (s.context.styleOrder?.product?.pieces ?? [])
      .slice(1)
      .map((piece) => [
        piece.clothCategory,
        piece.styleCode ? `${piece.styleName} (${piece.styleCode})` : piece.styleName,
      ]),
  );

/** The piece whose craft the refusal names (its panel opens so the field can be shown and focused), or null. */
export const selectRefusedStylePiece = (s: { context: OrderEntryContext }): number | null => {
  const field = s.context.refusal?.field;
  if (!field) return null;
  const pieces = s.context.styleOrder?.product?.pieces ?? [];
  return pieces.find((piece) => piece.crafts.some((craft) => craftField(piece.id, craft.id) === field))?.id ?? null;
};
