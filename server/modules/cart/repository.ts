import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likePattern } from "../../db/like.ts";
import {
  attachments,
  bodySpecDetails,
  bodySpecs,
  categories,
  crafts,
  customers,
  dictSystem,
  embOptions,
  labels,
  measureParts,
  members,
  orderEvents,
  orders,
  orderLabels,
  recommendedProducts,
  styleCrafts,
  stylePieces,
} from "../../db/schema.ts";
import type { OrderEventActor } from "../../db/schema/production.ts";
import { alias } from "drizzle-orm/pg-core";
import { preparedPerShape } from "../../db/prepared.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/** What a list (or the export) filters on, already checked by the service. Dates are YYYY-MM-DD. */
export interface OrderFilter {
  memberIds: readonly number[];
  /** The listed account must be a sub-account of this (main) account (the `userId` filter). */
  subAccountOf?: number;
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
  /** PROD-022: only orders carrying at least one of these labels of `labelOwner` (none: no order). */
  labelIds?: readonly number[];
  /** Whose labels `labelIds` may name: another account's label matches nothing. */
  labelOwner?: number;
}

/** A label as an order carries it (CART-021). */
export interface RowLabel {
  id: number;
  content: string;
  color: string;
}

/** The labels of the order in the row, by id, as a JSON array (read with the row: no query per row). */
const labelsJson = sql<
  RowLabel[]
>`coalesce((select json_agg(json_build_object('id', l.id, 'content', l.content, 'color', l.color) order by l.id) from ${orderLabels} ol join ${labels} l on l.id = ol.label_id where ol.order_id = ${orders.id}), '[]'::json)`;

/** `column in (ids)`, or false for no ids. */
const idIn = (column: SQL.Aliased | Parameters<typeof inArray>[0], ids: readonly (number | string)[]) =>
  ids.length === 0 ? sql`false` : inArray(column as Parameters<typeof inArray>[0], [...ids]);

/** The ids each kind of name of an order's details is read by (statement two of the details). */
export interface DetailNameIds {
  crafts: readonly number[];
  embOptions: readonly number[];
  measureParts: readonly number[];
  categories: readonly number[];
  attachments: readonly string[];
  stylePieces: readonly number[];
  styleCrafts: readonly number[];
  postures: readonly number[];
  dict: readonly number[];
}

type Named = { id: number; enName: string; zhName: string };

/** One event of an order's timeline as statement one of the details reads it. */
export interface EventRow {
  id: number;
  fromStatus: number | null;
  fromEn: string | null;
  fromZh: string | null;
  toStatus: number;
  toEn: string | null;
  toZh: string | null;
  actor: OrderEventActor;
  username: string | null;
  note: string;
  /** Milliseconds since the epoch. */
  atMs: number;
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
  /** Issue 25: the product of a goods order (type 9), for its buy again (D-03); null for other orders. */
  goodId: sql<number | null>`(select og.good_id from order_goods og where og.order_id = ${orders.id})`,
};

/** The filters a list may leave unset, each its own placeholder of the same name when set. */
const OPTIONAL_FILTERS = [
  "orderNum",
  "customerId",
  "sizeCategoryId",
  "clothId",
  "orderType",
  "createdFrom",
  "createdBefore",
  "planFrom",
  "planTo",
  "deliveryFrom",
  "deliveryTo",
  "keyWord",
  "subAccountOf",
] as const satisfies readonly (keyof OrderFilter)[];

/**
 * Which of a list's optional filters are set: the shape of its prepared statement (the values go in as
 * placeholders). `shipped`: 0 no condition, 1 only shipped, 2 everything but shipped; `labels`: 0 no
 * condition, 1 no label given (nothing matches), 2 labels given.
 */
type FilterShape = Record<(typeof OPTIONAL_FILTERS)[number], boolean> & {
  shipped: 0 | 1 | 2;
  labels: 0 | 1 | 2;
  labelOwner: boolean;
};

/**
 * A filter as the shape of its statement and the values of its placeholders (the filter's own fields under
 * their names; a value the shape leaves out is not read).
 */
function filterParams(f: OrderFilter) {
  const shape: FilterShape = {
    ...(Object.fromEntries(OPTIONAL_FILTERS.map((name) => [name, f[name] !== undefined])) as Record<
      (typeof OPTIONAL_FILTERS)[number],
      boolean
    >),
    shipped: f.shipped === undefined ? 0 : f.shipped.only ? 1 : 2,
    labels: f.labelIds === undefined ? 0 : f.labelIds.length === 0 ? 1 : 2,
    labelOwner: f.labelIds !== undefined && f.labelIds.length > 0 && f.labelOwner !== undefined,
  };
  const values = {
    ...f,
    keyWord: f.keyWord === undefined ? undefined : likePattern(f.keyWord),
    shippedStatus: f.shipped?.status,
  };
  return { shape, values };
}

/** The conditions of a filter of this shape, its values as placeholders (`filterParams`). */
function conditionsOf(shape: FilterShape): SQL | undefined {
  const p = sql.placeholder;
  const day = (name: string) => sql`${p(name)}::date::timestamptz`;
  return and(
    sql`${orders.memberId} = any(${p("memberIds")}::int[])`,
    sql`${orders.statusId} = any(${p("statuses")}::int[])`,
    shape.orderNum ? or(eq(orders.orderCode, p("orderNum")), eq(orders.cusOrderCode, p("orderNum"))) : undefined,
    shape.customerId ? eq(orders.customerId, p("customerId")) : undefined,
    shape.sizeCategoryId ? eq(orders.sizeCategoryId, p("sizeCategoryId")) : undefined,
    shape.clothId ? eq(orders.categoryId, p("clothId")) : undefined,
    shape.orderType ? eq(orders.orderType, p("orderType")) : undefined,
    shape.createdFrom ? gte(orders.createdAt, day("createdFrom")) : undefined,
    shape.createdBefore ? lt(orders.createdAt, day("createdBefore")) : undefined,
    shape.planFrom ? gte(orders.planDeliveryDate, p("planFrom")) : undefined,
    shape.planTo ? lte(orders.planDeliveryDate, p("planTo")) : undefined,
    shape.deliveryFrom ? gte(orders.deliveryDate, p("deliveryFrom")) : undefined,
    shape.deliveryTo ? lte(orders.deliveryDate, p("deliveryTo")) : undefined,
    shape.keyWord
      ? or(
          ilike(orders.orderCode, p("keyWord")),
          ilike(orders.cusOrderCode, p("keyWord")),
          ilike(orders.custName, p("keyWord")),
        )
      : undefined,
    shape.shipped === 0
      ? undefined
      : shape.shipped === 1
        ? eq(orders.statusId, p("shippedStatus"))
        : ne(orders.statusId, p("shippedStatus")),
    shape.subAccountOf
      ? sql`exists (select 1 from ${members} m where m.id = ${orders.memberId} and m.parent_id = ${p("subAccountOf")})`
      : undefined,
    shape.labels === 0
      ? undefined
      : shape.labels === 1
        ? sql`false`
        : sql`exists (select 1 from ${orderLabels} ol join ${labels} l on l.id = ol.label_id where ol.order_id = ${orders.id} and ol.label_id = any(${p("labelIds")}::int[])${shape.labelOwner ? sql` and l.member_id = ${p("labelOwner")}` : sql``})`,
  );
}

/**
 * One page of the filtered orders, newest first, each with its labels, and the number of all that match,
 * in one statement: a prepared statement per filter shape (issue 21: Drizzle's building and row mapping
 * were about a fifth of a list read's server CPU on PostgreSQL; preparing removes the building).
 */
const pageStatement = preparedPerShape("order_page", (db, shape: FilterShape, name) =>
  db
    .select({ ...listColumns, labels: labelsJson, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orders)
    .innerJoin(categories, eq(categories.id, orders.categoryId))
    .innerJoin(members, eq(members.id, orders.memberId))
    .where(conditionsOf(shape))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(name),
);

/** The number of orders a filter matches (a page past the end still says how many). */
const countStatement = preparedPerShape("order_count", (db, shape: FilterShape, name) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(conditionsOf(shape))
    .prepare(name),
);

/** The orders of the cart and the order lists, and the changes a list makes to them. */
export function cartRepository(db: Db) {
  return {
    /** One page of the filtered orders with its labels and the total (`pageStatement`). */
    async page(filter: OrderFilter, limit: number, offset: number) {
      const { shape, values } = filterParams(filter);
      const rows = await pageStatement(db, shape).execute({ ...values, limit, offset });
      if (rows.length === 0 && offset > 0) {
        const [row] = await countStatement(db, shape).execute(values);
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

    /**
     * Statement one of an order's details (issue 21): the order as a list row with its labels, the
     * customer's record, what the details add (draft, pieces, the customer's copy, the remake link), the
     * timeline, the original and the remakes, each with whether `reader` may open it. Only an order
     * `reader` may read: its own or, for a main account (`readerIsMain`), a sub-account's.
     */
    async detail(orderId: number, reader: number, readerIsMain: boolean) {
      const readable = (memberId: SQL) =>
        readerIsMain
          ? sql`(${memberId} = ${reader} or exists (select 1 from ${members} rm where rm.id = ${memberId} and rm.parent_id = ${reader}))`
          : sql`(${memberId} = ${reader})`;
      const c = customers;
      const [row] = await db
        .select({
          ...listColumns,
          labels: labelsJson,
          draft: orders.draft,
          details: orders.details,
          orderCustomer: orders.orderCustomer,
          remakeOfId: orders.remakeOfId,
          remakeReason: orders.remakeReason,
          customer: sql<{
            genderId: number;
            height: number | string;
            weight: number | string;
            heightUnit: number;
            weightUnit: number;
            phone: string;
            email: string;
            birthdate: string | null;
          } | null>`(select json_build_object('genderId', ${c.genderId}, 'height', ${c.height}, 'weight', ${c.weight}, 'heightUnit', ${c.heightUnit}, 'weightUnit', ${c.weightUnit}, 'phone', ${c.phone}, 'email', ${c.email}, 'birthdate', ${c.birthdate}) from ${c} where ${c.id} = ${orders.customerId})`,
          events: sql<
            EventRow[]
          >`coalesce((select json_agg(json_build_object('id', e.id, 'fromStatus', e.from_status, 'fromEn', fd.en_name, 'fromZh', fd.zh_name, 'toStatus', e.to_status, 'toEn', td.en_name, 'toZh', td.zh_name, 'actor', e.actor, 'username', em.username, 'note', e.note, 'atMs', floor(extract(epoch from e.at) * 1000)::bigint) order by e.at, e.id) from ${orderEvents} e left join ${dictSystem} fd on fd.id = e.from_status left join ${dictSystem} td on td.id = e.to_status left join ${members} em on em.id = e.actor_member_id where e.order_id = ${orders.id}), '[]'::json)`,
          original: sql<{
            id: number;
            orderCode: string;
            readable: boolean;
          } | null>`(select json_build_object('id', o2.id, 'orderCode', o2.order_code, 'readable', ${readable(sql`o2.member_id`)}) from ${orders} o2 where o2.id = ${orders.remakeOfId})`,
          remakes: sql<
            Array<{ id: number; orderCode: string }>
          >`coalesce((select json_agg(json_build_object('id', o3.id, 'orderCode', o3.order_code) order by o3.id) from ${orders} o3 where o3.remake_of_id = ${orders.id} and ${readable(sql`o3.member_id`)}), '[]'::json)`,
        })
        .from(orders)
        .innerJoin(categories, eq(categories.id, orders.categoryId))
        .innerJoin(members, eq(members.id, orders.memberId))
        .where(and(eq(orders.id, orderId), readable(sql`${orders.memberId}`)));
      return row;
    },

    /** Statement two of an order's details: every name its pieces, draft and timeline refer to, by id. */
    async detailNames(ids: DetailNameIds) {
      const parent = alias(crafts, "parent");
      const agg = (object: SQL, from: SQL) => sql`coalesce((select json_agg(${object}) ${from}), '[]'::json)`;
      const named = (
        table: typeof embOptions | typeof measureParts | typeof categories | typeof dictSystem,
        list: readonly number[],
      ) =>
        agg(
          sql`json_build_object('id', ${table.id}, 'enName', ${table.enName}, 'zhName', ${table.zhName})`,
          sql`from ${table} where ${idIn(table.id, list)}`,
        );
      type Crafted = Named & { parentEn: string | null; parentZh: string | null; code: string; imagePath: string };
      const result = (await db.execute(
        sql`select ${sql.join(
          [
            sql`${agg(
              sql`json_build_object('id', ${crafts.id}, 'enName', ${crafts.enName}, 'zhName', ${crafts.zhName}, 'parentEn', ${parent.enName}, 'parentZh', ${parent.zhName}, 'code', ${crafts.code}, 'imagePath', ${crafts.imagePath})`,
              sql`from ${crafts} left join ${crafts} ${sql.identifier("parent")} on ${parent.id} = ${crafts.parentId} where ${idIn(crafts.id, ids.crafts)}`,
            )} as crafts`,
            sql`${named(embOptions, ids.embOptions)} as "embOptions"`,
            sql`${named(measureParts, ids.measureParts)} as "measureParts"`,
            sql`${named(categories, ids.categories)} as categories`,
            sql`${named(dictSystem, ids.dict)} as dict`,
            sql`${agg(
              sql`json_build_object('id', ${attachments.id}, 'name', ${attachments.name})`,
              sql`from ${attachments} where ${idIn(attachments.id, ids.attachments)}`,
            )} as attachments`,
            sql`${agg(
              sql`json_build_object('id', ${stylePieces.id}, 'enName', ${stylePieces.enName}, 'zhName', ${stylePieces.zhName}, 'code', ${stylePieces.styleCode})`,
              sql`from ${stylePieces} where ${idIn(stylePieces.id, ids.stylePieces)}`,
            )} as "stylePieces"`,
            sql`${agg(
              sql`json_build_object('id', ${styleCrafts.id}, 'enName', ${styleCrafts.enName}, 'zhName', ${styleCrafts.zhName}, 'priceCents', ${styleCrafts.priceCents}, 'pos', ${styleCrafts.pos})`,
              sql`from ${styleCrafts} where ${idIn(styleCrafts.id, ids.styleCrafts)}`,
            )} as "styleCrafts"`,
            sql`coalesce((select json_agg(json_build_object('id', ${bodySpecDetails.id}, 'enName', ${bodySpecDetails.enName}, 'zhName', ${bodySpecDetails.zhName}, 'specEn', ${bodySpecs.enName}, 'specZh', ${bodySpecs.zhName}, 'pos', ${bodySpecs.pos}) order by ${bodySpecs.pos}, ${bodySpecDetails.id}) from ${bodySpecDetails} join ${bodySpecs} on ${bodySpecs.id} = ${bodySpecDetails.specId} where ${idIn(bodySpecDetails.id, ids.postures)}), '[]'::json) as postures`,
          ],
          sql`, `,
        )}`,
      )) as unknown as {
        rows: Array<{
          crafts: Crafted[];
          embOptions: Named[];
          measureParts: Named[];
          categories: Named[];
          dict: Named[];
          attachments: Array<{ id: string; name: string }>;
          stylePieces: Array<Named & { code: string }>;
          styleCrafts: Array<Named & { priceCents: number; pos: number }>;
          postures: Array<Named & { specEn: string; specZh: string; pos: number }>;
        }>;
      };
      const row = result.rows[0]!;
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
