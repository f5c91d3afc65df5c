import {
  accessoryGroups,
  asksForLogo,
  craftGroups,
  surchargeOf,
  indexTree,
  type CraftNode,
} from "../../domain/crafts.ts";
import { sameGarmentPreviewInput, type GarmentPreviewInput } from "../../domain/garmentPreview.ts";
import { GENDER, HEIGHT_UNIT, MEASURE_METHOD, UPLOADED_FONT_ID, WEIGHT_UNIT } from "../../domain/ids.ts";
import { offersSizes } from "../../domain/monogram.ts";
import { isOutOfRange, type MeasurePart } from "../../domain/measurements/sizes.ts";
import type { NamedId } from "../../domain/measurements/standardSizes.ts";
import { rememberedPicks } from "../../domain/orderEntry/form.ts";
import { disabledPartsOf } from "../../domain/orderEntry/refusals.ts";
import { piecesToMeasure } from "../../domain/orderEntry/measuredPieces.ts";
import type { AddedPiece } from "../../domain/measurements/sizeState.ts";
import { findCraft, CRAFT_SEARCH_MIN } from "../../domain/orderEntry/professional.ts";
import type { MoneyValue } from "../../domain/money.ts";
import { lengthUnitName } from "../../domain/units.ts";
import { plausibilityWarnings, type PlausibilityWarning } from "../../domain/measurements/plausibility.ts";
import { shownFinishedSizes } from "./feedback.selectors.ts";
import type { OrderEntryContext } from "./types.ts";

/**
 * What the order-entry views read of a running order flow (quick or simple order): the facade of
 * the machine and of the domain rules behind it. Views import from here, never from domain/.
 */
type Snap = { context: OrderEntryContext };

/** The dictionary ids the views offer as choices. */
export { GENDER, HEIGHT_UNIT, MEASURE_METHOD, UPLOADED_FONT_ID, WEIGHT_UNIT };
export type { CraftNode, MeasurePart, NamedId };
/** PO-018: the craft search (2 characters at least) finds the first option containing the text, with its group. */
export { findCraft, CRAFT_SEARCH_MIN, surchargeOf };
/** PO-012..014: a fabric's stock badge is green above 0, red at 0 or less. */
export const stockBadgeTone = (stock: number): "green" | "red" => (stock > 0 ? "green" : "red");

/** The screen's length unit, as messages and labels name it ("cm" or "inch"). */
export const selectLengthUnit = (s: Snap) => lengthUnitName(s.context.basic.heightUnit);
/** QO-121: the main piece's measurement parts the page shows (those the chosen crafts disable are hidden). */
export const selectShownParts = (s: Snap): readonly MeasurePart[] => {
  const disabled = disabledPartsOf(s.context);
  return s.context.size.parts.filter((p) => !disabled.has(p.id));
};
/**
 * Issue 24: the plausibility warnings of the customer's figures (and, with `parts`, of the body
 * measurements of the main piece): the book's rule, shown as warnings, never a refusal.
 */
export const selectPlausibility = (s: Snap, parts = false): PlausibilityWarning[] => {
  const { basic, size } = s.context;
  return plausibilityWarnings({
    genderId: basic.genderId,
    height: basic.height,
    heightUnit: basic.heightUnit,
    weight: basic.weight,
    weightUnit: basic.weightUnit,
    ...(parts && size.method === MEASURE_METHOD.body
      ? { parts: size.parts.map((p) => ({ id: p.id, code: p.code, name: p.name, value: size.values[p.id] ?? null })) }
      : {}),
  });
};
/** Two lists of warnings that say the same (a view re-renders only when they change). */
export const sameWarnings = (a: readonly PlausibilityWarning[], b: readonly PlausibilityWarning[]) =>
  JSON.stringify(a) === JSON.stringify(b);
/** QO-100: the standard-size method offers its size areas, shapes and sizes. */
export const selectOffersStandardSizes = (s: Snap) => s.context.size.method === MEASURE_METHOD.standard;
/** QO-100: a size area and a shape are both chosen, so their sizes can be listed. */
export const selectHasStandardChoice = (s: Snap) =>
  s.context.size.standard.areaId !== null && s.context.size.standard.shape !== null;
/** QO-097: the body method offers the pre-calculation of the finished sizes. */
export const selectOffersPresize = (s: Snap) => s.context.size.method === MEASURE_METHOD.body;
/** QO-097: body measurements not yet pre-calculated. */
export const selectNeedsPresize = (s: Snap) =>
  s.context.size.method === MEASURE_METHOD.body && !s.context.size.presized;
/** QO-021: the system fabric being typed, which the catalogue search looks up; null when none is (CMT, empty, picked). */
export const selectFabricSearch = (s: Snap): string | null => {
  const { source, code, inStock } = s.context.fabric;
  return source === "sys" && inStock === null && code.trim() !== "" ? code : null;
};
/**
 * QO-010: the fabric the order is made of, as the summary names it: a catalogue fabric once picked from
 * the search (its stock answered), the customer's own (CMT) as typed; "" while a search is being typed.
 */
export const selectChosenFabricCode = (s: Snap): string => {
  const { source, code, inStock } = s.context.fabric;
  return source === "cus" || inStock !== null ? code.trim() : "";
};
/** QO-110: a picked fabric (its stock answered) is cleared whole by Backspace or Delete. */
export const selectFabricPicked = (s: Snap) => s.context.fabric.inStock !== null;
/** QO-038: the chosen priced option whose surcharge shows as a tip (the machine hides it after 3 s), or null. */
export const selectPriceTip = (s: Snap) => s.context.priceTip;
/** QO-083: the picks the per-category cache keeps. */
export const selectRememberedPicks = (s: Snap) => rememberedPicks(s.context);

/** A craft line of the summary: its name and its surcharge (cents and currency, null when none) for the view to format. */
export interface SummaryCraft {
  name: string;
  surcharge: MoneyValue | null;
}
/** QO-009, QO-010, QO-030: the summary's crafts, each with its surcharge when it has one. */
export const selectSummaryCrafts = (s: Snap): SummaryCraft[] =>
  summaryCrafts(s.context.setup?.tree ?? [], s.context.crafts.selected);
/** QO-010: the summary's monogram rows that name their site: "site: content" (or the artwork's file name). */
export const selectSummaryMonogram = (s: Snap): string[] => summaryMonogram(s.context.monogram);

/** The summary's lines of a piece's chosen crafts (with their surcharges), for any piece's tree. */
export function summaryCrafts(tree: readonly CraftNode[], selected: readonly number[]): SummaryCraft[] {
  const index = indexTree(tree);
  return selected
    .map((id) => index.byId.get(id))
    .filter((n) => n !== undefined)
    .map((n) => ({ name: n.name, surcharge: surchargeOf(n) }));
}
/** The summary's lines of a piece's monogram rows that name their site. */
export const summaryMonogram = (rows: OrderEntryContext["monogram"]): string[] =>
  rows.filter((r) => r.siteName).map((r) => `${r.siteName}: ${r.content || r.fileName || "…"}`);
/** QO-010, QO-035: the summary's contrast sites with positions: "positions: fabric (and its value)". */
export const selectSummaryContrast = (s: Snap): string[] => {
  const sites = s.context.setup?.contrastSites ?? [];
  return s.context.contrast
    .filter((c) => c.positions.length > 0)
    .map((c) => {
      const site = sites.find((x) => x.name === c.siteName);
      const names = c.positions.map((id) => site?.positions.find((p) => p.id === id)?.name ?? String(id));
      const chosen = site?.fabrics.find((f) => f.id === c.chooseFabric);
      return `${names.join(", ")}: ${chosen ? chosen.name + (c.text ? ` ${c.text}` : "") : "…"}`;
    });
};

/** The codes of the chosen crafts (the garment preview matches crafts by code: ids differ by category). */
export function craftCodesOf(tree: readonly CraftNode[], selected: readonly number[]): string[] {
  const index = indexTree(tree);
  return selected.map((id) => index.byId.get(id)?.code).filter((code): code is string => code !== undefined);
}

/**
 * Issue 10: what the live garment preview draws: the category, the main piece with its chosen crafts'
 * codes and each add-product piece (QO-040), and the fabric once picked (a system fabric being typed
 * is not drawn yet; a CMT fabric is the customer's own).
 */
export const selectGarmentPreview = (s: Snap): GarmentPreviewInput => {
  const { categoryId, crafts, size, fabric } = s.context;
  return {
    category: categoryId,
    pieces: [
      { clothCategory: categoryId, craftCodes: craftCodesOf(s.context.setup?.tree ?? [], crafts.selected) },
      // issue 10: a further piece with its own crafts (the professional order, PO-002) draws them too
      ...size.pieces.map((p) => ({
        clothCategory: p.categoryId,
        craftCodes: craftCodesOf(
          s.context.setup?.pieceTrees?.find((t) => t.categoryId === p.categoryId)?.tree ?? [],
          s.context.pieceCrafts[p.categoryId]?.crafts.selected ?? [],
        ),
      })),
    ],
    fabric: { source: fabric.source, code: selectChosenFabricCode(s) },
  };
};
/** The preview redraws only when what it draws changed (for `useSelector`'s compare). */
export { sameGarmentPreviewInput };
export type { GarmentPreviewInput };

/** QO-148, QO-158: a typed value the input marks as out of range. */
export const isPartOutOfRange = (part: MeasurePart, raw: string) => isOutOfRange(part, raw);
/** D-12: embroidery sizes are offered for the category. */
export const categoryOffersEmbroiderySizes = (categoryId: number) => offersSizes(categoryId);
/** QO-037: the craft asks for the logo to be sent to the account manager. */
export const craftAsksForLogo = (node: Pick<CraftNode, "id">) => asksForLogo(node.id);
/** QO-017: the accessory groups chosen with the fabric in step 1. */
export const accessoryGroupsOf = (tree: readonly CraftNode[], categoryId: number) => accessoryGroups(tree, categoryId);

/**
 * The craft groups of the simple order's step 1 (the first half, rounded up) and step 2 (the rest);
 * the accessory groups are chosen with the fabric (QO-017) and are not among them.
 */
export function craftGroupsOfStep(
  tree: readonly CraftNode[],
  step: "first" | "rest" | "all",
  garmentCategory: number,
): CraftNode[] {
  const groups = craftGroups(tree, garmentCategory);
  const half = Math.ceil(groups.length / 2);
  return step === "first" ? groups.slice(0, half) : step === "rest" ? groups.slice(half) : groups;
}

/**
 * Issue 12: the remake a buy again carries, for the banner "Remake of <code>: <reason>" (the code the link
 * names, else the opened original's, else its id), or null when the order is no remake.
 */
export const selectRemake = (s: Snap): { code: string; reason: string } | null => {
  const remake = s.context.remake;
  if (!remake) return null;
  return { code: remake.code || s.context.setup?.order?.orderCode || remake.of, reason: remake.reason };
};
/** Two remake banners say the same. */
export const sameRemake = (a: ReturnType<typeof selectRemake>, b: ReturnType<typeof selectRemake>) =>
  a === b || (a !== null && b !== null && a.code === b.code && a.reason === b.reason);

/* ------------------------------------------------------------------------------------------------ *
 * The states and the parts of the form every order-entry view reads (quick, simple, professional and
 * style orders): views pass these to `useSelector` and never read `context`, `matches` or `hasTag`.
 * ------------------------------------------------------------------------------------------------ */

/** A snapshot that answers for a state of the flow (every order flow has `loading` and `failed`). */
type AtState = { matches: (state: "loading" | "failed") => boolean };
/** A snapshot that answers for one of the order entry's busy tags. */
type Tagged<T extends string> = { hasTag: (tag: T) => boolean };

const NO_NODES: readonly CraftNode[] = [];
const NO_SITES: NonNullable<OrderEntryContext["setup"]>["contrastSites"] = [];
const NO_PICKS = { crafts: { selected: [] as number[], texts: {} as Record<number, string> }, monogram: [] };
const NO_PIECE_TREES: NonNullable<NonNullable<OrderEntryContext["setup"]>["pieceTrees"]> = [];

/** The order's setup (categories, crafts, measurements) is being loaded. */
export const isLoadingOrder = (s: AtState) => s.matches("loading");
/** The order's setup could not be loaded (the page says so and offers nothing to edit). */
export const isOrderLoadFailed = (s: AtState) => s.matches("failed");
/** Something the order waits for is under way (loading, saving, submitting ...): the step buttons wait. */
export const isOrderBusy = (s: Tagged<"pending">) => s.hasTag("pending");
/** QO-022, QO-163: the fabric's stock is being checked. */
export const isCheckingStock = (s: Tagged<"checkingStock">) => s.hasTag("checkingStock");
/** QO-096: the measurement parts of step 3 are being loaded. */
export const isLoadingParts = (s: Tagged<"loadingParts">) => s.hasTag("loadingParts");
/** QO-097: the finished sizes are being pre-calculated. */
export const isPresizing = (s: Tagged<"presizing">) => s.hasTag("presizing");
/** QO-100: the standard sizes of the chosen area and shape are being loaded. */
export const isLoadingStandard = (s: Tagged<"loadingStandard">) => s.hasTag("loadingStandard");
/** QO-040, PO-002: a further piece (an add-product) is being loaded. */
export const isLoadingPiece = (s: Tagged<"loadingPiece">) => s.hasTag("loadingPiece");

/** The garment category the order is made in. */
export const selectCategoryId = (s: Snap) => s.context.categoryId;
/** The order's number once the server gave it (an opened or saved order), else "". */
export const selectOrderCode = (s: Snap) => s.context.orderCode;
/** QO-011..020: the customer form as typed (name, body data, units, quantity ...). */
export const selectCustomer = (s: Snap) => s.context.basic;
/** QO-021, QO-022: the fabric: its source, the code typed or picked and its stock. */
export const selectFabric = (s: Snap) => s.context.fabric;
/** SO-006: the fabric code as typed or picked. */
export const selectFabricCode = (s: Snap) => s.context.fabric.code;
/** SO-027: the quantity ordered. */
export const selectQuantity = (s: Snap) => s.context.basic.amount;
/**
 * QO-040, SO-016: the further pieces step 3 asks measurements for: each add-product; of a style, each
 * piece with the parts its first piece's list does not already ask (issue 20 §7: a suit's list holds the
 * trousers'), a piece left with none (or whose parts have not loaded yet) left out.
 */
export const selectMeasuredPieces = (s: Snap) =>
  s.context.styleOrder
    ? piecesToMeasure(s.context.size).filter((piece) => piece.parts.length > 0)
    : s.context.size.pieces;
/** The same further pieces with the same parts (for `useSelector`'s compare). */
export const samePieces = (a: readonly AddedPiece[], b: readonly AddedPiece[]) =>
  a.length === b.length &&
  a.every(
    (piece, i) =>
      piece.categoryId === b[i]!.categoryId &&
      piece.name === b[i]!.name &&
      piece.parts.length === b[i]!.parts.length &&
      piece.parts.every((part, k) => part === b[i]!.parts[k]),
  );
/** QO-096..100: the measurements of step 3 (method, parts, values, standard sizes, further pieces). */
export const selectSize = (s: Snap) => s.context.size;
/** QO-057: the finished sizes shown beside the body measurements while the pre-calculation holds, else null. */
export const selectShownFinishedSizes = (s: Snap) => shownFinishedSizes(s.context);
/** QO-093: the base styles the simple order offers, and the chosen one. */
export const selectStyleBasic = (s: Snap) => s.context.styleBasic;
/** Where the finished order went (QO-124..127), or null while it is being made. */
export const selectOutcome = (s: Snap) => s.context.outcome;

/** QO-112: the craft tree of the order's own category. */
export const selectCraftTree = (s: Snap): readonly CraftNode[] => s.context.setup?.tree ?? NO_NODES;
/** PO-002: the craft tree of a piece: the order's own (`piece` undefined) or a further piece's. */
export const selectPieceCraftTree = (s: Snap, piece: number | undefined): readonly CraftNode[] =>
  piece === undefined
    ? selectCraftTree(s)
    : (s.context.setup?.pieceTrees?.find((p) => p.categoryId === piece)?.tree ?? NO_NODES);
/** PO-002: the craft trees of the further pieces loaded so far. */
export const selectPieceTrees = (s: Snap) => s.context.setup?.pieceTrees ?? NO_PIECE_TREES;
/** QO-040, PO-002: the further pieces the category offers. */
export const selectAddablePieces = (s: Snap) => s.context.size.addable;
/** QO-040, PO-002: the categories of the further pieces chosen, as one comparable key ("3,5"). */
export const selectChosenPiecesKey = (s: Snap) => s.context.size.pieces.map((p) => p.categoryId).join();
/** QO-040: the names of the further pieces loaded (their summary lines). */
export const selectFurtherPieceNames = (s: Snap): string[] =>
  s.context.size.pieces.map((p) => p.name).filter((n) => n !== "");

/** QO-017: the option chosen among an accessory group's children, or null. */
export const selectChosenOption = (s: Snap, group: Pick<CraftNode, "children">): number | null =>
  group.children.find((c) => s.context.crafts.selected.includes(c.id))?.id ?? null;
/** QO-136: the value typed (TEXT) or uploaded (FILE) for a chosen craft option, or "". */
export const selectCraftText = (s: Snap, optionId: number | null): string =>
  optionId === null ? "" : (s.context.crafts.texts[optionId] ?? "");
/** PO-002: the picks (crafts, monogram rows) of a piece: the order's own (`piece` undefined) or a further piece's. */
export const selectPiecePicks = (s: Snap, piece: number | undefined) =>
  piece === undefined
    ? { crafts: s.context.crafts, monogram: s.context.monogram }
    : (s.context.pieceCrafts[piece] ?? NO_PICKS);

/** QO-035: the contrast sites the category offers. */
export const selectContrastSites = (s: Snap) => s.context.setup?.contrastSites ?? NO_SITES;
/** QO-035, QO-036: the contrast positions and fabrics chosen per site. */
export const selectContrastPicks = (s: Snap) => s.context.contrast;
