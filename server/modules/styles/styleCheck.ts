import { ORDER_TYPE, QUICK_ORDER_TYPE } from "../../../domain/ids.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { Locale, MessageKey } from "../../i18n.ts";
import type { CheckedDraft, CheckOptions } from "../orders/draftCheck.ts";
import type { Draft, OrderPieceDetail } from "../orders/draftTypes.ts";
import { checkStyleChoice, styleWithPieces, type CheckedStyle } from "./service.ts";

const refuse = (key: MessageKey, params: Record<string, string | number> = {}) => new AppError(1002, key, params);

/** A style order's priced piece: the order's breakdown plus the style craft values it was priced with. */
export type StylePieceDetail = OrderPieceDetail & {
  styleId: number;
  styleInfoId: number;
  styleCrafts: CheckedStyle["pieces"][number]["crafts"];
};

/**
 * The style order (type 10) of saveOrder, saveSubmitOrder and quote (issue 10, SO-017, SO-018, SO-027).
 * Any other draft, and a type-10 draft that names no style (refused by the common check: no category
 * has a price list of its own for type 10), goes to `common` unchanged.
 *
 * A style order is checked as Buy checks its step 1, first: its pieces are the style's pieces in the
 * style's order (styleId, styleInfoId), no crafts, monogram or contrast of their own, a fabric of the
 * style ("Please select fabric" when none), craft values among the choices and every required one
 * filled ("<name> Not filled in"). Then `common` checks the rest as for a simple order (the customer
 * by the style flow's own fields, SO-019..022,
 * the fabric's stock and kind, the measurements: type 7's price rows exist for every category a style
 * is made of, and its prices are not used), and the pieces are priced from the style instead: each
 * piece's making, the fabric it uses and its chosen crafts. The draft keeps type 10.
 */
export async function withStyleOrder(
  db: Db,
  draft: Draft,
  locale: Locale,
  mode: "order" | "quote",
  common: (draft: Draft, options?: CheckOptions) => Promise<CheckedDraft>,
): Promise<CheckedDraft> {
  if (draft.type !== ORDER_TYPE.style) return common(draft);
  const styleIds = new Set(draft.detailList.map((piece) => piece.styleId ?? null));
  if (styleIds.size === 1 && styleIds.has(null)) return common(draft);
  if (styleIds.size !== 1 || styleIds.has(null)) throw refuse("style.oneStyle");
  const styleId = draft.detailList[0]!.styleId!;
  if (draft.detailList.some((p) => p.craftList.length + p.embList.length + p.contrastSaveList.length > 0))
    throw refuse("style.ownCraftsOnly");

  const zh = locale === "zh";
  // The pieces are the style's, in the style's order (the first is the order's garment category).
  const { style: row, pieces: expected } = await styleWithPieces(db, styleId);
  const inOrder =
    draft.detailList.length === expected.length &&
    draft.detailList.every((p, k) => p.styleInfoId === expected[k]!.id && p.clothCategory === expected[k]!.categoryId);
  if (!inOrder)
    throw refuse("style.piecesMismatch", {
      style: zh ? row.zhName : row.enName,
      pieces: expected.map((p) => `${p.id} ${zh ? p.zhName : p.enName}`).join(", "),
    });
  // The customer's own fabric is not a style's fabric (SO-017 when there is none at all).
  if (draft.fabricType !== "sys" && draft.fabric.trim() !== "") throw refuse("style.catalogueFabric");
  const style = await checkStyleChoice(
    db,
    {
      styleId,
      fabricCode: draft.fabricType === "sys" ? draft.fabric : "",
      pieces: draft.detailList.map((p) => ({
        styleInfoId: p.styleInfoId ?? 0,
        styleCraftList: p.styleCraftList ?? [],
      })),
    },
    locale,
    mode,
  );

  const checked = await common({ ...draft, type: QUICK_ORDER_TYPE }, { customer: "style" });
  const pieces: StylePieceDetail[] = checked.pieces.map((detail, k) => {
    const piece = style.pieces[k]!;
    return {
      ...detail,
      makeCents: piece.makeCents,
      fabricCents: piece.fabricCents,
      craftCents: piece.craftCents,
      embCents: 0,
      contrastCents: 0,
      baseCents: piece.makeCents + piece.fabricCents + piece.craftCents,
      styleId,
      styleInfoId: piece.row.id,
      styleCrafts: piece.crafts,
    };
  });
  return {
    ...checked,
    // The draft as sent, with type 10 and each style craft's content defaulted ("" when left out).
    draft: {
      ...draft,
      detailList: draft.detailList.map((p) => ({
        ...p,
        styleCraftList: (p.styleCraftList ?? []).map((c) => ({ ...c, content: c.content ?? "" })),
      })),
    },
    pieces,
    baseCents: pieces.reduce((sum, p) => sum + p.baseCents, 0),
  };
}
