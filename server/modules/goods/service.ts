import type { components } from "../../../openapi/portal.d.ts";
import { accountCents, formatCents } from "../../../domain/money.ts";
import { ORDER_STATUS, ORDER_TYPE } from "../../../domain/ids.ts";
import { GOODS_PAGE_SIZE, goodsChoiceRefusal, splitGoodsList } from "../../../domain/goods.ts";
import type { Db } from "../../db/client.ts";
import { COLOUR_HEX } from "../../db/catalogue/goods.ts";
import { GARMENT } from "../../db/catalogue/ids.ts";
import { likePattern } from "../../db/like.ts";
import { withTransaction } from "../../db/transaction.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Locale } from "../../i18n.ts";
import { idempotentRequest, keyedCall } from "../ledger/idempotency.ts";
import { payOrder } from "../orders/payment.ts";
import { insertPlainOrder, newOrderCode } from "../orders/service.ts";
import { goodsWebp, type GoodsPicture } from "./picture.ts";
import { goodsRepository, type GoodsRow } from "./repository.ts";

/**
 * The online mall (002 §2, §3, §5, §7; issue 25): the category tree with counts, pages of goods, a
 * product with its stock, its pictures, Buy now (a goods order, type 9, paid through the ledger with
 * its stock taken, in one transaction) and Add to cart (a saved goods order; the stock is taken when it
 * is submitted). Prices are the account's (its price factor and currency); a visitor gets none.
 */
type GoodsCategory = components["schemas"]["GoodsCategory"];
type GoodsSummary = components["schemas"]["GoodsSummary"];
type GoodsDetail = components["schemas"]["GoodsDetail"];
type GoodsPurchase = components["schemas"]["GoodsPurchase"];
type GoodsOrder = components["schemas"]["GoodsOrder"];

/** The signed-in caller's pricing; null for a visitor. */
export type GoodsPricing = { priceFactorPct: number; moneyType: string } | null;

/** The buyer: a signed-in account (a sub-account buys with its own balance). */
export interface Buyer {
  memberId: number;
  priceFactorPct: number;
  moneyType: string;
}

/** The sub-categories whose goods are drawn unlike the others of their kind. */
const PICTURE_VARIANTS: Record<number, string> = { 202: "casual", 402: "loafer" };

const nameIn = (zh: boolean, row: { enName: string; zhName: string }) => (zh ? row.zhName : row.enName);
export const goodsImagePath = (id: number, n: number) => `/api/pc/goods/image/${id}/${n}`;
const priceOf = (cents: number, pricing: GoodsPricing) =>
  pricing ? { price: formatCents(accountCents(cents, pricing.priceFactorPct)), currency: pricing.moneyType } : {};

/** GOODS-001, GOODS-010, GOODS-014: the main categories in order, each with its sub-categories and counts. */
export async function goodsCategoryTree(db: Db, locale: Locale): Promise<GoodsCategory[]> {
  const rows = await goodsRepository(db).categories();
  const zh = locale === "zh";
  return rows
    .filter((r) => r.parentId === null)
    .map((main) => ({
      id: main.id,
      name: nameIn(zh, main),
      goodsSize: main.goodsSize,
      children: rows
        .filter((r) => r.parentId === main.id)
        .map((sub) => ({ id: sub.id, name: nameIn(zh, sub), goodsSize: sub.goodsSize, children: [] })),
    }));
}

/** GOODS-015, GOODS-023: one page of goods (20 by default) by name, category and sub-category, and the total. */
export async function goodsPage(
  db: Db,
  query: { goodName?: string; pageSize?: number; pageNum?: number; categoryId?: number; subCategoryId?: number },
  locale: Locale,
  pricing: GoodsPricing,
): Promise<{ data: GoodsSummary[]; total: number }> {
  const limit = query.pageSize ?? GOODS_PAGE_SIZE;
  const name = (query.goodName ?? "").trim().toLowerCase();
  const { rows, total } = await goodsRepository(db).page({
    pattern: name === "" ? undefined : likePattern(name),
    categoryId: query.categoryId,
    subCategoryId: query.subCategoryId,
    limit,
    offset: ((query.pageNum ?? 1) - 1) * limit,
  });
  const zh = locale === "zh";
  return {
    data: rows.map((row) => ({
      id: row.id,
      goodName: nameIn(zh, row),
      goodSku: row.sku,
      previewImage: goodsImagePath(row.id, 1),
      colors: row.colors,
      specs: row.specs,
      categoryId: row.categoryId,
      subCategoryId: row.subCategoryId,
      ...priceOf(row.priceCents, pricing),
    })),
    total,
  };
}

/** GOODS-005, GOODS-009, GOODS-016: a product with its pictures, texts and stock per colour and size. */
export async function goodsDetail(db: Db, id: number, locale: Locale, pricing: GoodsPricing): Promise<GoodsDetail> {
  const row = await goodsRepository(db).detail(id);
  if (!row) throw notFound("goods.notFound", { id });
  const { good } = row;
  const zh = locale === "zh";
  const images = Array.from({ length: good.imageCount }, (_, k) => goodsImagePath(id, k + 1));
  return {
    id,
    goodName: nameIn(zh, good),
    goodSku: good.sku,
    previewImage: images[0]!,
    images: images.join(","),
    colors: good.colors,
    specs: good.specs,
    categoryId: good.categoryId,
    subCategoryId: good.subCategoryId,
    categoryName: zh ? row.categoryZh : row.categoryEn,
    property: zh ? good.propertyZh : good.propertyEn,
    goodDetail: zh ? good.detailZh : good.detailEn,
    stock: row.stock,
    ...priceOf(good.priceCents, pricing),
  };
}

/** A purchase checked: the product, the colour and size it names (trimmed) and the prices for the buyer. */
interface CheckedPurchase {
  good: GoodsRow;
  color: string;
  spec: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

/**
 * GOODS-011..013: the product exists; a colour of its colours and a size of its sizes are chosen when it
 * has some; the quantity is 1 to 99; that many are in stock (else "Only N left in stock").
 */
async function checkPurchase(db: Db, body: GoodsPurchase, buyer: Buyer): Promise<CheckedPurchase> {
  const repository = goodsRepository(db);
  const good = await repository.byId(body.id);
  if (!good) throw notFound("goods.notFound", { id: body.id });
  const choice = { color: (body.colors ?? "").trim(), spec: (body.specs ?? "").trim(), quantity: body.quantity };
  const refusal = goodsChoiceRefusal(good, choice);
  if (refusal) {
    const { rule, ...params } = refusal;
    throw new AppError(1002, `goods.${rule}`, params);
  }
  const left = (await repository.stockOf(good.id, choice.color, choice.spec)) ?? 0;
  if (left < choice.quantity) throw new AppError(1002, "goods.outOfStock", { left });
  const unitCents = accountCents(good.priceCents, buyer.priceFactorPct);
  return { good, ...choice, unitCents, totalCents: unitCents * choice.quantity };
}

/** The order row of a goods purchase (type 9; the garment category of goods is 3800000). */
const orderValues = (checked: CheckedPurchase, buyer: Buyer, statusId: number) => ({
  orderType: ORDER_TYPE.goods,
  categoryId: GARMENT.special,
  statusId,
  amount: checked.quantity,
  moneyType: buyer.moneyType,
  unitPriceCents: checked.unitCents,
  priceCents: checked.totalCents,
  custName: "",
});

/**
 * GOODS-017: Buy now, once per Idempotency-Key. In one transaction: the key is claimed, the stock taken
 * (one conditional update: of two buyers of the last item one gets it, the other is told what is left),
 * the price paid from the buyer's balance through the ledger (a balance short of it refuses the purchase,
 * "Insufficient Balance", and nothing changes), the order written as submitted (10030) with its product.
 */
export async function buyGoods(
  db: Db,
  buyer: Buyer,
  body: GoodsPurchase,
  locale: Locale,
  idempotencyKey?: string,
): Promise<GoodsOrder> {
  void locale;
  const request = idempotentRequest(buyer.memberId, idempotencyKey, "goodsBuy", body);
  return keyedCall(
    db,
    request,
    () => checkPurchase(db, body, buyer),
    async (tx, checked) => {
      const repository = goodsRepository(db);
      if (!(await repository.take(checked.good.id, checked.color, checked.spec, checked.quantity, tx))) {
        const left = (await repository.stockOf(checked.good.id, checked.color, checked.spec, tx)) ?? 0;
        throw new AppError(1002, "goods.outOfStock", { left });
      }
      const orderCode = await newOrderCode(db, tx);
      const payment = await payOrder(tx, buyer.memberId, { orderCode, priceCents: checked.totalCents });
      if (!payment.paid) throw new AppError(1002, payment.because.key, payment.because.params);
      const now = new Date();
      const { id } = await insertPlainOrder(
        db,
        tx,
        buyer.memberId,
        { ...orderValues(checked, buyer, payment.statusId), submittedAt: now },
        orderCode,
      );
      await repository.insertOrderGoods(
        {
          orderId: id,
          goodId: checked.good.id,
          color: checked.color,
          spec: checked.spec,
          takenQuantity: checked.quantity,
        },
        tx,
      );
      return {
        orderId: String(id),
        orderCode,
        statusId: payment.statusId,
        price: formatCents(checked.totalCents),
        moneyType: buyer.moneyType,
      };
    },
  );
}

/** GOODS-018: Add to cart: a saved goods order (10368) with its product; its stock is taken when it is submitted. */
export async function saveGoodsToCart(db: Db, buyer: Buyer, body: GoodsPurchase): Promise<GoodsOrder> {
  const checked = await checkPurchase(db, body, buyer);
  return withTransaction(db, async (tx) => {
    const { id, orderCode } = await insertPlainOrder(
      db,
      tx,
      buyer.memberId,
      orderValues(checked, buyer, ORDER_STATUS.saved),
    );
    await goodsRepository(db).insertOrderGoods(
      { orderId: id, goodId: checked.good.id, color: checked.color, spec: checked.spec, takenQuantity: 0 },
      tx,
    );
    return {
      orderId: String(id),
      orderCode,
      statusId: ORDER_STATUS.saved,
      price: formatCents(checked.totalCents),
      moneyType: buyer.moneyType,
    };
  });
}

/** What a product's pictures are drawn from: its kind (and sub-category), colours and pattern (its place in its sub-category). */
export function pictureOf(
  good: Pick<GoodsRow, "id" | "enName" | "kind" | "subCategoryId" | "colors" | "colorHex">,
): GoodsPicture {
  const names = splitGoodsList(good.colors);
  return {
    id: good.id,
    name: good.enName,
    kind: good.kind,
    variant: PICTURE_VARIANTS[good.subCategoryId] ?? "",
    colours:
      names.length > 0
        ? names.map((name) => ({ name, hex: COLOUR_HEX[name] ?? good.colorHex }))
        : [{ name: "", hex: good.colorHex }],
    pattern: (good.id % 100) - 1,
  };
}

/** GOODS-024: picture n of a product as WebP, at most maxWidth wide (kept once rendered). */
export async function goodsImage(db: Db, id: number, n: number, maxWidth: number | undefined) {
  const good = await goodsRepository(db).byId(id);
  // An image element shows its placeholder on an HTTP error (GOODS-021), so a missing picture is a 404.
  if (!good || n > good.imageCount) throw new AppError(404, "catalogue.pictureNotFound", { id: `${id}/${n}` }, 404);
  return goodsWebp(pictureOf(good), n, maxWidth);
}

/** PROD-019, PROD-071: the product of a goods order as the order's details show it (none for other orders). */
export async function orderGoodsOf(db: Db, orderId: number, unitPrice: string, amount: number, locale: Locale) {
  const row = await goodsRepository(db).orderProduct(orderId);
  if (!row) return [];
  const zh = locale === "zh";
  return [
    {
      goodName: nameIn(zh, row.good),
      categoryName: zh ? row.categoryZh : row.categoryEn,
      goodSku: row.good.sku,
      price: unitPrice,
      amount,
      spec: row.line.spec,
      color: row.line.color,
      images: Array.from({ length: row.good.imageCount }, (_, k) => goodsImagePath(row.good.id, k + 1)),
    },
  ];
}
