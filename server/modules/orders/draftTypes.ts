import type { components } from "../../../openapi/portal.d.ts";
import type { Draft } from "../../db/schema/orders.ts";
import { DEFAULT_STYLE, MEASURE_METHOD, QUICK_ORDER_TYPE } from "../../../domain/ids.ts";
import { DEFAULT_HEIGHT_UNIT, DEFAULT_WEIGHT_UNIT } from "../../../domain/units.ts";

/** The order draft of saveOrder, saveSubmitOrder and getFinishedSize, as the contract (with its defaults) delivers it. */
export type OrderDraft = components["schemas"]["OrderDraft"];

/** A finished-garment measurement: body value + ease (QO-168). */
export type FinishedPart = components["schemas"]["FinishedPart"];

/** The JSON an order stores (the priced pieces, the normalised draft) is defined with the orders table. */
export type { Draft, OrderPieceDetail, Piece } from "../../db/schema/orders.ts";

/** QO-063..067: the defaults of a draft's omitted fields (documented in the contract). */
export function normalizeDraft(input: OrderDraft): Draft {
  return {
    orderId: input.orderId ?? "",
    cusOrderCode: input.cusOrderCode ?? "",
    remakeOfId: input.remakeOfId ?? "",
    remakeReason: input.remakeReason ?? "",
    type: input.type ?? QUICK_ORDER_TYPE,
    clothCategory: input.clothCategory,
    amount: input.amount ?? 1,
    addProduct: input.addProduct ?? 0,
    fabric: input.fabric ?? "",
    fabricType: input.fabricType ?? "sys",
    style: input.style ?? DEFAULT_STYLE,
    sizeCategoryId: input.sizeCategoryId ?? MEASURE_METHOD.body,
    sizeAreaId: input.sizeAreaId ?? null,
    memo: input.memo ?? "",
    remark: input.remark ?? "",
    bodyTypeList: input.bodyTypeList ?? [],
    onlySize: input.onlySize ?? 0,
    inventory: input.inventory ?? null,
    styleBasicId: input.styleBasicId ?? null,
    custInfo: input.custInfo ?? "",
    orderInfo: input.orderInfo ?? "",
    customerId: input.customerId ?? null,
    customerName: input.customerName ?? "",
    shortName: input.shortName ?? "",
    genderId: input.genderId ?? null,
    height: input.height ?? null,
    heightUnit: input.heightUnit === undefined ? DEFAULT_HEIGHT_UNIT : input.heightUnit,
    weight: input.weight ?? null,
    weightUnit: input.weightUnit === undefined ? DEFAULT_WEIGHT_UNIT : input.weightUnit,
    phone: input.phone ?? "",
    email: input.email ?? "",
    address: input.address ?? "",
    birthdate: input.birthdate ?? "",
    detailList: input.detailList.map((piece) => ({
      ...piece,
      craftList: (piece.craftList ?? []).map((c) => ({ ...c, content: c.content ?? "", file: c.file ?? null })),
      embList: (piece.embList ?? []).map((e) => ({
        ...e,
        site: e.site ?? null,
        color: e.color ?? null,
        font: e.font ?? null,
        embSize: e.embSize ?? null,
        content: e.content ?? "",
        file: e.file ?? null,
      })),
      contrastSaveList: (piece.contrastSaveList ?? []).map((c) => ({
        ...c,
        color: c.color ?? null,
        content: c.content ?? "",
      })),
      sizeList: (piece.sizeList ?? []).map((s) => ({
        ...s,
        partValue: s.partValue ?? null,
        modifyValue: s.modifyValue ?? 0,
      })),
    })),
  };
}
