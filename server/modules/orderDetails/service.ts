import { orderGoodsOf } from "../goods/service.ts";
import { ORDER_TYPE } from "../../../domain/ids.ts";
import type { components } from "../../../openapi/portal.d.ts";
import type { Db } from "../../db/client.ts";
import type { Locale } from "../../i18n.ts";
import type { OrderPieceDetail, Draft } from "../../db/schema/orders.ts";
import { cartDetailOf, readOrderDetail, type Caller } from "../cart/service.ts";
import { postureImagePath } from "../../db/catalogue/postures.ts";
import { timelineOf } from "../orders/timeline.ts";
import { formatCents } from "../pricing/service.ts";

/**
 * The order details page (PROD-019..021) and what its PDF prints: the cart's detail (which decides who
 * may see the order: the caller's own, or a sub-account's for its main account; anything else is "not
 * found") plus what the details show beyond it: pictures, codes and file names of the crafts and
 * monograms, unit names, posture choices, the goods of a goods order, the timeline and the remake links.
 */

export type OrderDetail = components["schemas"]["OrderDetail"];
type Named = { enName: string; zhName: string };

const nameIn = (locale: Locale, entry: Named | undefined, fallback = "") =>
  entry ? (locale === "zh" ? entry.zhName : entry.enName) : fallback;

const attachmentUrl = (id: string) => `/api/pc/attachment/${encodeURIComponent(id)}`;

/** PROD-019..021: the details of one order the caller may see, in two statements after the token (issue 21). */
export async function orderDetail(db: Db, caller: Caller, orderId: number): Promise<OrderDetail> {
  const { locale } = caller;
  const unique = <T>(values: T[]) => [...new Set(values)];
  // What the details name beyond the cart's detail, known from statement one (the order's draft and pieces).
  const choicesOf = (pieces: OrderPieceDetail[], draft: Draft | null) =>
    // A style order's (type 10) pieces carry style crafts instead of crafts (issue 20): those it was priced
    // with, else (an order stored without them) the values its draft names.
    pieces.map(
      (piece, index) =>
        piece.styleCrafts ??
        (draft?.detailList[index]?.styleCraftList ?? [])
          .filter((c) => (c.content ?? "") !== "")
          .map((c) => ({ styleCraftId: c.styleCraftId, content: c.content ?? "", priceCents: null })),
    );
  const unitsOf = (customer: { heightUnit: number; weightUnit: number } | null, draft: Draft | null) => ({
    heightUnit: customer?.heightUnit ?? draft?.heightUnit ?? null,
    weightUnit: customer?.weightUnit ?? draft?.weightUnit ?? null,
  });
  // The cart's detail refuses an order the caller may not see (code 1003) before anything else is read.
  const read = await readOrderDetail(db, caller, orderId, (row) => {
    const pieces = row.details ?? [];
    const draft = row.draft;
    const { heightUnit, weightUnit } = unitsOf(row.customer, draft);
    return {
      attachments: unique(
        pieces.flatMap((p) => [...p.crafts.map((c) => c.file), ...p.embs.map((e) => e.file)]).filter((f) => f !== null),
      ),
      stylePieces: (draft?.detailList ?? []).map((p) => p.styleInfoId ?? null).filter((id) => id !== null),
      styleCrafts: unique(
        choicesOf(pieces, draft)
          .flat()
          .map((c) => c.styleCraftId),
      ),
      postures: draft?.bodyTypeList ?? [],
      dict: [heightUnit, weightUnit, draft?.sizeAreaId ?? null, draft?.genderId ?? null].filter((id) => id !== null),
    };
  });
  const base = cartDetailOf(read, caller);
  const { row: extras, lookups } = read;
  const pieces = read.details;
  const draft = extras.draft;
  const customer = extras.customer ?? undefined;
  const { heightUnit, weightUnit } = unitsOf(extras.customer, draft);
  const styleInfoIds = (draft?.detailList ?? []).map((p) => p.styleInfoId ?? null);
  const styleChoices = choicesOf(pieces, draft);
  const styleCraftOf = new Map(lookups.styleCrafts.map((c) => [c.id, c]));
  const craftOf = new Map(lookups.crafts.map((c) => [c.id, c]));
  const fileName = new Map(lookups.attachments.map((f) => [f.id, f.name]));
  const styleOf = new Map(lookups.stylePieces.map((s) => [s.id, s]));
  const dict = new Map(lookups.dict.map((d) => [d.id, d]));
  const postureRows = lookups.postures;
  const events = timelineOf(extras.events, locale);
  const unitName = (id: number | null) => (id === null ? "" : nameIn(locale, dict.get(id)));

  // The remake links, both ways, each shown only when the caller may open that order.
  const link = (row: { id: number; orderCode: string }) => ({ orderId: String(row.id), orderCode: row.orderCode });
  const original = extras.original ?? undefined;
  const remakes = extras.remakes;

  // The customer: the order's own copy (edited after the order was made), else the customer book's
  // record, else what was typed into the order (an order for a new customer keeps it in its draft).
  const own = extras.orderCustomer ?? {};
  const typed = customer ? undefined : draft;
  const text = (key: string, fallback: string, entered = "") =>
    typeof own[key] === "string" ? (own[key] as string) : fallback || entered;
  const numberOr = (key: string, fallback: number | null, entered: number | null = null) =>
    typeof own[key] === "number" ? (own[key] as number) : (fallback ?? entered);

  return {
    ...base,
    // The list's remark, else the one typed into the order (the entry flows keep it in the draft).
    remark: base.remark || (draft?.remark ?? ""),
    sizeAreaName: draft?.sizeAreaId ? nameIn(locale, dict.get(draft.sizeAreaId)) : "",
    customer: {
      ...base.customer,
      custName: text("custName", base.customer.custName, typed?.customerName),
      phone: text("phone", base.customer.phone, typed?.phone),
      email: text("email", base.customer.email, typed?.email),
      birthdate: text("birthdate", base.customer.birthdate ?? "", typed?.birthdate) || null,
      genderName: base.customer.genderName || (typed?.genderId ? nameIn(locale, dict.get(typed.genderId)) : ""),
      height: numberOr("height", base.customer.height, typed?.height ?? null),
      weight: numberOr("weight", base.customer.weight, typed?.weight ?? null),
      heightUnitName: unitName(heightUnit),
      weightUnitName: unitName(weightUnit),
    },
    orderDetails: base.orderDetails.map((piece, index) => {
      const stored = pieces[index]!;
      const style = styleOf.get(styleInfoIds[index] ?? 0);
      return {
        ...piece,
        styleInfoName: style ? nameIn(locale, style) : "",
        styleInfoCode: style?.code ?? "",
        orderCraftList: [
          ...piece.orderCraftList.map((craft, i) => {
            const own = stored.crafts[i]!;
            const known = craftOf.get(own.craftId);
            return {
              ...craft,
              craftUrl: known?.imagePath ?? "",
              url: own.file ? attachmentUrl(own.file) : "",
              blEcode: known?.code ?? "",
            };
          }),
          // PROD-020: a style craft is named in the caller's language; it has no group, picture or code.
          ...(styleChoices[index] ?? []).map((choice) => {
            const known = styleCraftOf.get(choice.styleCraftId);
            return {
              craftName: known ? nameIn(locale, known) : String(choice.styleCraftId),
              parentName: "",
              content: choice.content,
              price: formatCents(choice.priceCents ?? known?.priceCents ?? 0),
              craftUrl: "",
              url: "",
              blEcode: "",
            };
          }),
        ],
        orderEmbList: piece.orderEmbList.map((emb, i) => {
          const file = stored.embs[i]!.file;
          return {
            ...emb,
            embUrl: file ? attachmentUrl(file) : "",
            embFileName: file ? (fileName.get(file) ?? "") : "",
          };
        }),
      };
    }),
    customerSpecial: postureRows.map((row) => ({
      desName: locale === "zh" ? row.specZh : row.specEn,
      specName: nameIn(locale, row),
      imagePath: postureImagePath(row.id),
    })),
    // PROD-071: only a goods order (type 9) has goods (issue 25: one more statement, for those only).
    orderGoods:
      base.orderType === ORDER_TYPE.goods ? await orderGoodsOf(db, orderId, base.unitPrice, base.amount, locale) : [],
    timeline: events,
    remakeOf: original?.readable ? link(original) : null,
    remakeReason: extras.remakeReason,
    remadeAs: remakes.map(link),
  };
}
