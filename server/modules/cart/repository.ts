import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likePattern } from "../../db/like.ts";
import {
  categories,
  crafts,
  customers,
  dictSystem,
  embOptions,
  measureParts,
  members,
  orders,
  orderLabels,
  recommendedProducts,
} from "../../db/schema.ts";
import { alias } from "drizzle-orm/pg-core";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** What a list (or the export) filters on, already checked by the service. Dates are YYYY-MM-DD. */
export interface OrderFilter {
  memberIds: readonly number[];
  statuses: readonly number[];
  orderNum?: string;
  customerId?: number;
  sizeCategoryId?: number;
  clothId?: number;
  orderType?: number;
  /** pubDate from this day (inclusive) to the day before `createdBefore`. */
  createdFrom?: string;
  createdBefore?: string;
  planFrom?: string;
  planTo?: string;
  deliveryFrom?: string;
  deliveryTo?: string;
  keyWord?: string;
  /** true: only shipped; false: everything but shipped. */
  shipped?: { status: number; only: boolean };
  /** PROD-022: only orders carrying at least one of these labels (none: no order). */
  labelIds?: readonly number[];
}

/** The columns of a list row: the order, its category and the account it belongs to. */
const listColumns = {
  id: orders.id,
  memberId: orders.memberId,
  username: members.username,
  orderCode: orders.orderCode,
  cusOrderCode: orders.cusOrderCode,
  orderType: orders.orderType,
  categoryId: orders.categoryId,
  categoryEn: categories.enName,
  categoryZh: categories.zhName,
  imagePath: categories.imagePath,
  fabricCode: orders.fabricCode,
  createdAt: orders.createdAt,
  planDeliveryDate: orders.planDeliveryDate,
  deliveryDate: orders.deliveryDate,
  waybillNo: orders.waybillNo,
  sizeCategoryId: orders.sizeCategoryId,
  custName: orders.custName,
  amount: orders.amount,
  unitPriceCents: orders.unitPriceCents,
  priceCents: orders.priceCents,
  moneyType: orders.moneyType,
  statusId: orders.statusId,
  statusChangedAt: orders.statusChangedAt,
  checked: orders.checked,
  addProduct: orders.addProduct,
  blError: orders.blError,
  remark: orders.remark,
  customerId: orders.customerId,
  preCommittedAt: orders.preCommittedAt,
};

function conditionsOf(f: OrderFilter): SQL | undefined {
  const day = (d: string) => sql`${d}::date`;
  return and(
    inArray(orders.memberId, [...f.memberIds]),
    inArray(orders.statusId, [...f.statuses]),
    f.orderNum === undefined ? undefined : or(eq(orders.orderCode, f.orderNum), eq(orders.cusOrderCode, f.orderNum)),
    f.customerId === undefined ? undefined : eq(orders.customerId, f.customerId),
    f.sizeCategoryId === undefined ? undefined : eq(orders.sizeCategoryId, f.sizeCategoryId),
    f.clothId === undefined ? undefined : eq(orders.categoryId, f.clothId),
    f.orderType === undefined ? undefined : eq(orders.orderType, f.orderType),
    f.createdFrom === undefined ? undefined : gte(orders.createdAt, sql`${day(f.createdFrom)}::timestamptz`),
    f.createdBefore === undefined ? undefined : lt(orders.createdAt, sql`${day(f.createdBefore)}::timestamptz`),
    f.planFrom === undefined ? undefined : gte(orders.planDeliveryDate, f.planFrom),
    f.planTo === undefined ? undefined : lte(orders.planDeliveryDate, f.planTo),
    f.deliveryFrom === undefined ? undefined : gte(orders.deliveryDate, f.deliveryFrom),
    f.deliveryTo === undefined ? undefined : lte(orders.deliveryDate, f.deliveryTo),
    f.keyWord === undefined
      ? undefined
      : or(
          ilike(orders.orderCode, likePattern(f.keyWord)),
          ilike(orders.cusOrderCode, likePattern(f.keyWord)),
          ilike(orders.custName, likePattern(f.keyWord)),
        ),
    f.shipped === undefined
      ? undefined
      : f.shipped.only
        ? eq(orders.statusId, f.shipped.status)
        : ne(orders.statusId, f.shipped.status),
    f.labelIds === undefined
      ? undefined
      : f.labelIds.length === 0
        ? sql`false`
        : sql`exists (select 1 from ${orderLabels} where ${orderLabels.orderId} = ${orders.id} and ${inArray(orderLabels.labelId, [...f.labelIds])})`,
  );
}

/** The orders of the cart and the order lists, and the changes a list makes to them. */
export function cartRepository(db: Db) {
  return {
    /** One page of the filtered orders, newest first, with the number of all that match. */
    async page(filter: OrderFilter, limit: number, offset: number) {
      const rows = await db
        .select({ ...listColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(orders)
        .innerJoin(categories, eq(categories.id, orders.categoryId))
        .innerJoin(members, eq(members.id, orders.memberId))
        .where(conditionsOf(filter))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset);
      if (rows.length === 0 && offset > 0) {
        // A page past the end: the total still counts what matches.
        const [row] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(orders)
          .where(conditionsOf(filter));
        return { rows: [] as typeof rows, total: row?.n ?? 0 };
      }
      return { rows, total: rows[0]?.total ?? 0 };
    },

    /** One order as a list row (any account's: the service decides who may see it). */
    async row(orderId: number) {
      const [row] = await db
        .select(listColumns)
        .from(orders)
        .innerJoin(categories, eq(categories.id, orders.categoryId))
        .innerJoin(members, eq(members.id, orders.memberId))
        .where(eq(orders.id, orderId));
      return row;
    },

    /** The orders of `ids` (any account's), locked FOR UPDATE inside a transaction. */
    async orders(ids: readonly number[], tx?: Transaction) {
      const query = executorOf(db, tx)
        .select({
          id: orders.id,
          memberId: orders.memberId,
          orderCode: orders.orderCode,
          statusId: orders.statusId,
          amount: orders.amount,
          addProduct: orders.addProduct,
          unitPriceCents: orders.unitPriceCents,
          priceCents: orders.priceCents,
          moneyType: orders.moneyType,
        })
        .from(orders)
        .where(inArray(orders.id, [...ids]))
        .orderBy(asc(orders.id));
      return tx ? await query.for("update") : await query;
    },

    async setAmount(orderId: number, amount: number, priceCents: number, tx: Transaction) {
      await tx.update(orders).set({ amount, priceCents, updatedAt: new Date() }).where(eq(orders.id, orderId));
    },

    async setAddProduct(orderId: number, addProduct: number, tx: Transaction) {
      await tx.update(orders).set({ addProduct, updatedAt: new Date() }).where(eq(orders.id, orderId));
    },

    async setChecked(ids: readonly number[], checked: number, tx: Transaction) {
      await tx
        .update(orders)
        .set({ checked })
        .where(inArray(orders.id, [...ids]));
    },

    async remove(orderId: number, tx: Transaction) {
      await tx.delete(orders).where(eq(orders.id, orderId));
    },

    /** Up to `limit` orders of the accounts whose code or customer code contains `keyWord`, newest first. */
    async codes(memberIds: readonly number[], keyWord: string, limit: number) {
      return db
        .select({ orderCode: orders.orderCode, cusOrderCode: orders.cusOrderCode, statusId: orders.statusId })
        .from(orders)
        .where(
          and(
            inArray(orders.memberId, [...memberIds]),
            or(ilike(orders.orderCode, likePattern(keyWord)), ilike(orders.cusOrderCode, likePattern(keyWord))),
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
    },

    /** Names of dictionary entries (order types, statuses, measurement methods) by id. */
    async dictNames(dictCategories: readonly number[]) {
      return db
        .select({ id: dictSystem.id, enName: dictSystem.enName, zhName: dictSystem.zhName })
        .from(dictSystem)
        .where(inArray(dictSystem.category, [...dictCategories]));
    },

    /** The checked, priced pieces of an order. */
    async pieces(orderId: number) {
      const [row] = await db.select({ details: orders.details }).from(orders).where(eq(orders.id, orderId));
      return row?.details;
    },

    /** The crafts (with their parent's name) of an order's pieces. */
    async crafts(ids: readonly number[]) {
      if (ids.length === 0) return [];
      const parent = alias(crafts, "parent");
      return db
        .select({
          id: crafts.id,
          enName: crafts.enName,
          zhName: crafts.zhName,
          parentEn: parent.enName,
          parentZh: parent.zhName,
        })
        .from(crafts)
        .leftJoin(parent, eq(parent.id, crafts.parentId))
        .where(inArray(crafts.id, [...ids]));
    },

    /** Monogram options (sites, colours, fonts, sizes) by id. */
    async embOptions(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: embOptions.id, enName: embOptions.enName, zhName: embOptions.zhName })
        .from(embOptions)
        .where(inArray(embOptions.id, [...ids]));
    },

    /** Measurement parts by id. */
    async measureParts(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: measureParts.id, enName: measureParts.enName, zhName: measureParts.zhName })
        .from(measureParts)
        .where(inArray(measureParts.id, [...ids]));
    },

    /** Garment categories by id. */
    async categories(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: categories.id, enName: categories.enName, zhName: categories.zhName })
        .from(categories)
        .where(inArray(categories.id, [...ids]));
    },

    async customer(customerId: number) {
      const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
      return row;
    },

    /** The recommended products whose category the order way (7 simple, 8 professional) offers. */
    async recommended(orderWay: 7 | 8) {
      return db
        .select({
          id: recommendedProducts.id,
          orderType: recommendedProducts.orderType,
          categoryId: recommendedProducts.categoryId,
          name: recommendedProducts.name,
          zhName: recommendedProducts.zhName,
          categoryEn: categories.enName,
          categoryZh: categories.zhName,
          imagePath: categories.imagePath,
        })
        .from(recommendedProducts)
        .innerJoin(categories, eq(categories.id, recommendedProducts.categoryId))
        .where(eq(orderWay === 7 ? categories.simpleOrder : categories.professionalOrder, true))
        .orderBy(sql`${recommendedProducts.sort} asc nulls last`, asc(recommendedProducts.id));
    },
  };
}

export type ListRow = NonNullable<Awaited<ReturnType<ReturnType<typeof cartRepository>["row"]>>>;
