import type { components } from "../../openapi/portal";
import { joinBirthday } from "../customer.ts";
import { indexTree, type CraftIndex, type CraftPicks } from "../crafts.ts";
import { DEFAULT_STYLE, HEIGHT_UNIT, MEASURE_METHOD, WEIGHT_UNIT } from "../ids.ts";
import type { MonogramRow } from "../monogram.ts";
import { parseMeasure, type MeasurePart } from "../measurements/sizes.ts";
import type { LoadedOrder, OrderForm, PiecePicks } from "./form.ts";
import { disabledPartsOf } from "./refusals.ts";
import { withFirstPieceValues } from "./measuredPieces.ts";

/** Where an uploaded picture can be seen again (GET pc/attachment/{id}, under the /api base). */
export const attachmentPath = (id: string) => `/api/pc/attachment/${encodeURIComponent(id)}`;

/**
 * QO-062, QO-069, QO-070: the order draft that saveOrder, saveSubmitOrder and getFinishedSize take,
 * built from the quick order's state. The first garment piece is the chosen category; QO-040: each
 * chosen add-product follows as a piece of its own category.
 */
export type OrderDraft = components["schemas"]["OrderDraft"];

/** A piece's chosen crafts: a FILE craft's value is its uploaded attachment; a TEXT craft's is the typed content. */
function craftListOf(crafts: CraftPicks, index: CraftIndex) {
  return crafts.selected.map((craftId) => {
    const sourceType = index.byId.get(craftId)?.sourceType ?? "LABEL";
    return sourceType === "FILE"
      ? { craftId, content: "", file: crafts.texts[craftId] || null, sourceType }
      : { craftId, content: crafts.texts[craftId] ?? "", sourceType };
  });
}

/** A piece's monogram rows; PO-027: a row that names no position, colour or font is no row (it is left out). */
function embListOf(rows: readonly MonogramRow[]) {
  return rows
    .filter((row) => row.site !== null || row.color !== null || row.font !== null)
    .map((row) => ({
      site: row.site,
      siteName: row.siteName,
      color: row.color,
      font: row.font,
      embSize: row.embSize,
      content: row.content,
      file: row.file,
      fileName: row.fileName ?? "",
      sourceType: row.sourceType ?? "add",
      colorName: row.colorName ?? "",
      fontName: row.fontName ?? "",
      embSizeName: row.embSizeName ?? "",
      embContent: row.content,
      href: row.file ? attachmentPath(row.file) : "",
      attachment: row.fileName ?? "",
    }));
}

export function buildDraft(context: OrderForm, opts: { onlySize?: boolean; orderId?: string | null } = {}): OrderDraft {
  const { basic, fabric, crafts } = context;
  // Issue 20 §7: a style's piece that its first piece's list measures (the suit's trousers) takes those values
  const size = context.styleOrder ? withFirstPieceValues(context.size) : context.size;
  const disabled = disabledPartsOf(context);
  const index = indexTree(context.setup?.tree ?? []);
  // QO-100: standard sizes carry the size area, and the shape on the piece and its sizes
  const standard = size.method === MEASURE_METHOD.standard ? size.standard : null;
  const sizeListOf = (parts: readonly MeasurePart[], skip: ReadonlySet<number>) => {
    const list = parts
      .filter((p) => !skip.has(p.id))
      .map((p) => ({ partId: p.id, partValue: parseMeasure(size.values[p.id] ?? "") }))
      .filter((p): p is { partId: number; partValue: number } => p.partValue !== null)
      .map((p) => ({ ...p, modifyValue: 0 }));
    return standard ? list.map((p) => ({ ...p, shape: standard.shape })) : list;
  };
  // QO-096: the chosen body-posture details of the loaded specs
  const bodyTypeList = size.bodyTypes.filter((id) =>
    size.postures.some((spec) => spec.details.some((d) => d.id === id)),
  );
  return {
    orderId: opts.orderId ?? context.orderId,
    cusOrderCode: basic.cusOrderCode.trim(),
    // D-02: 7 for the simple and quick orders, 8 for the professional order
    type: context.orderType,
    clothCategory: context.categoryId,
    amount: basic.amount,
    // QO-040: the order has add-products (further pieces of detailList)
    addProduct: size.pieces.length > 0 ? 1 : 0,
    fabric: fabric.code.trim(),
    fabricType: fabric.source,
    style: DEFAULT_STYLE,
    sizeCategoryId: (size.method ?? MEASURE_METHOD.body) as OrderDraft["sizeCategoryId"],
    sizeAreaId: standard?.areaId ?? null,
    bodyTypeList,
    onlySize: opts.onlySize ? 1 : 0,
    customerId: basic.customerId,
    customerName: basic.customerName.trim(),
    shortName: basic.shortName.trim(),
    genderId: basic.genderId as OrderDraft["genderId"],
    height: parseMeasure(basic.height),
    heightUnit: basic.heightUnit as OrderDraft["heightUnit"],
    weight: parseMeasure(basic.weight),
    weightUnit: basic.weightUnit as OrderDraft["weightUnit"],
    phone: basic.phone.trim(),
    email: basic.email.trim(),
    address: basic.address.trim(),
    birthdate: joinBirthday(basic.birthday.month, basic.birthday.date, basic.birthday.year),
    // QO-093: the base style chosen in the simple order's step 3
    ...(context.styleBasic.chosen !== null ? { styleBasicId: context.styleBasic.chosen } : {}),
    // Issue 12: a buy again marked as the remake of a delivered order names it, with the reason
    ...(context.remake ? { remakeOfId: context.remake.of, remakeReason: context.remake.reason } : {}),
    // QO-068: the whole screen state as JSON strings (stored and returned with the order)
    custInfo: JSON.stringify(basic),
    orderInfo: JSON.stringify({
      fabric: { source: fabric.source, code: fabric.code },
      crafts,
      monogram: context.monogram,
      contrast: context.contrast,
      size: {
        method: size.method,
        values: size.values,
        bodyTypes: size.bodyTypes,
        sizeAreaId: size.standard.areaId,
        shape: size.standard.shape,
        standardSize: size.standard.sizeId,
        pieces: size.pieces.map((p) => p.categoryId),
      },
      styleBasicId: context.styleBasic.chosen,
    }),
    detailList: [
      {
        clothCategory: context.categoryId,
        craftList: craftListOf(crafts, index),
        // QO-052, QO-053: a row loaded from a saved order is "edit", a row added here "add"
        embList: embListOf(context.monogram),
        contrastSaveList: context.contrast
          .filter((c) => c.positions.length > 0)
          .map((c) => ({ site: c.positions.join(","), color: c.chooseFabric, content: c.text })),
        shape: standard?.shape ?? null,
        sizeList: sizeListOf(size.parts, disabled),
      },
      // QO-040: each add-product is a piece of its own category with its measurements (the quick order's
      // crafts apply to the main piece; PO-002: the professional order's pieces have their own crafts and monogram)
      ...size.pieces.map((piece) => ({
        clothCategory: piece.categoryId,
        craftList: craftListOf(
          context.pieceCrafts[piece.categoryId]?.crafts ?? { selected: [], texts: {} },
          indexTree(context.setup?.pieceTrees?.find((p) => p.categoryId === piece.categoryId)?.tree ?? []),
        ),
        embList: embListOf(context.pieceCrafts[piece.categoryId]?.monogram ?? []),
        contrastSaveList: [],
        shape: standard?.shape ?? null,
        sizeList: sizeListOf(piece.parts, new Set<number>()),
      })),
    ],
  };
}

export type OrderInfo = components["schemas"]["OrderInfo"];

/**
 * QO-071, QO-085, QO-086: the screen state of a saved order, from the edit response; the inverse of
 * buildDraft for the quick order's fields (the main piece and its add-products).
 */
export function restoreFromOrder(info: OrderInfo): LoadedOrder {
  const [piece, ...extra] = info.detailList;
  const [year = "", month = "", date = ""] = info.birthdate ? info.birthdate.split("-") : [];
  const number = (n: number | null | undefined) => (n == null ? "" : String(n));
  return {
    orderCode: info.orderCode,
    styleBasicId: info.styleBasicId ?? null,
    basic: {
      customerId: info.customerId ?? null,
      customerName: info.customerName ?? "",
      shortName: info.shortName ?? "",
      height: number(info.height),
      heightUnit: info.heightUnit ?? HEIGHT_UNIT.cm,
      weight: number(info.weight),
      weightUnit: info.weightUnit ?? WEIGHT_UNIT.kg,
      genderId: info.genderId ?? null,
      amount: info.amount,
      cusOrderCode: info.cusOrderCode ?? "",
      phone: info.phone ?? "",
      email: info.email ?? "",
      birthday: { month: month.replace(/^0/, ""), date: date.replace(/^0/, ""), year },
      address: info.address ?? "",
    },
    fabric: { source: info.fabricType, code: info.fabric },
    ...picksOfPiece(piece),
    contrast: (piece?.contrastSaveList ?? []).map((c) => ({
      positions: c.site.split(",").map(Number),
      chooseFabric: c.color ?? null,
      text: c.content ?? "",
    })),
    size: {
      method: info.sizeCategoryId ?? null,
      // QO-040: the add-products' values too (part ids are unique across categories)
      values: Object.fromEntries(
        info.detailList
          .flatMap((p) => p.sizeList ?? [])
          .filter((p) => p.partValue != null)
          .map((p) => [p.partId, String(p.partValue)]),
      ),
      // QO-096, QO-100: the posture choices, the size area and the shape
      bodyTypes: info.bodyTypeList ?? [],
      sizeAreaId: info.sizeAreaId ?? null,
      shape: piece?.shape ?? null,
      pieces: extra.map((p) => p.clothCategory),
    },
    // PO-002: the further pieces' own crafts and monogram rows (the professional order's), when they have any
    ...(extra.some((p) => (p.craftList ?? []).length > 0 || (p.embList ?? []).length > 0)
      ? { pieceCrafts: Object.fromEntries(extra.map((p) => [p.clothCategory, picksOfPiece(p)])) }
      : {}),
    // PO-007: why the last submission failed
    ...(info.blError ? { blError: info.blError } : {}),
  };
}

/** The crafts and monogram rows of one piece of a saved order (QO-053: its rows come back as "edit"). */
function picksOfPiece(piece: OrderInfo["detailList"][number] | undefined): PiecePicks {
  return {
    crafts: {
      selected: (piece?.craftList ?? []).map((c) => c.craftId),
      texts: Object.fromEntries(
        (piece?.craftList ?? []).filter((c) => c.content || c.file).map((c) => [c.craftId, c.file || c.content || ""]),
      ),
    },
    monogram: (piece?.embList ?? []).map((row) => ({
      site: row.site ?? null,
      siteName: row.siteName ?? "",
      color: row.color ?? null,
      font: row.font ?? null,
      embSize: row.embSize ?? null,
      content: row.content ?? "",
      file: row.file ?? null,
      fileName: row.fileName ?? "",
      sourceType: "edit" as const,
      colorName: row.colorName ?? "",
      fontName: row.fontName ?? "",
      embSizeName: row.embSizeName ?? "",
    })),
  };
}

/**
 * QO-111: what the price of an order depends on (garment, pieces, fabric once picked, crafts,
 * monogram, contrast, base style, amount), as a draft for `POST pc/order/quote`; customer fields
 * and measurements are left out, so typing them does not ask for a new price.
 */
export function pricedDraft(context: OrderForm): OrderDraft {
  const draft = buildDraft(context);
  // a catalogue fabric counts once it is picked (its stock answered); a search being typed is none yet
  const picked = context.fabric.source === "cus" || context.fabric.inStock !== null;
  return {
    type: draft.type,
    clothCategory: draft.clothCategory,
    amount: draft.amount,
    addProduct: draft.addProduct,
    fabric: picked ? draft.fabric : "",
    fabricType: draft.fabricType,
    sizeCategoryId: draft.sizeCategoryId,
    ...(draft.styleBasicId != null ? { styleBasicId: draft.styleBasicId } : {}),
    detailList: draft.detailList.map((piece) => ({ ...piece, sizeList: [] })),
  };
}
