import { and, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { likePattern } from "../../db/like.ts";
import { categories, dictSystem, orders, shipmentOrders, shipments, type ShipmentAddress } from "../../db/schema.ts";
import { preparedPerShape } from "../../db/prepared.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

/**
 * The SQL of shipments (issue 23). Reads run a fixed number of statements whatever they return (issue 21):
 * a page of shipments with its first orders and count is one statement, the details one, the addable
 * orders one. Every filter and sort leads with the account (indexes of schema/shipments.ts and orders.ts).
 */

/** One order of a shipment as the statements aggregate it (JSON built in SQL). */
export interface ShipmentOrderRow {
  orderId: number;
  orderCode: string;
  custOrderCode: string;
  clothPath: string;
  categoryEn: string;
  categoryZh: string;
  fabric: string;
  planDeliveryDate: string | null;
  deliveryDate: string | null;
  sizeCategoryId: number;
  sizeEn: string | null;
  sizeZh: string | null;
  customerName: string;
  amount: number;
  priceCents: number;
  statusId: number;
  statusEn: string | null;
  statusZh: string | null;
}

/** The JSON object of one order (alias o for orders, c for categories, d for the size, sd for the status). */
const orderJson = sql`json_build_object(
  'orderId', o.id, 'orderCode', o.order_code, 'custOrderCode', o.cus_order_code, 'clothPath', c.image_path,
  'categoryEn', c.en_name, 'categoryZh', c.zh_name, 'fabric', o.fabric_code,
  'planDeliveryDate', o.plan_delivery_date, 'deliveryDate', o.delivery_date, 'sizeCategoryId', o.size_category_id,
  'sizeEn', d.en_name, 'sizeZh', d.zh_name, 'customerName', o.cust_name, 'amount', o.amount,
  'priceCents', o.price_cents, 'statusId', o.status_id, 'statusEn', sd.en_name, 'statusZh', sd.zh_name)`;

/** The orders of the shipment `shipments.id`, in their order, `limit` of them (all when undefined). */
const ordersJson = (limit?: number | Placeholder) => sql<
  ShipmentOrderRow[]
>`coalesce((select json_agg(x.j order by x.position) from (
    select ${orderJson} as j, so.position from ${shipmentOrders} so
    join ${orders} o on o.id = so.order_id
    join ${categories} c on c.id = o.category_id
    left join ${dictSystem} d on d.id = o.size_category_id
    left join ${dictSystem} sd on sd.id = o.status_id
    where so.shipment_id = "shipments"."id" order by so.position ${limit === undefined ? sql`` : sql`limit ${limit}`}) x), '[]'::json)`;

const orderCount =
  sql<number>`(select count(*) from ${shipmentOrders} so where so.shipment_id = "shipments"."id")`.mapWith(Number);

const shipmentColumns = {
  id: shipments.id,
  memberId: shipments.memberId,
  code: shipments.code,
  statusId: shipments.statusId,
  shipDate: shipments.shipDate,
  remark: shipments.remark,
  addressId: shipments.addressId,
  address: shipments.address,
  waybillNo: shipments.waybillNo,
  leftAt: shipments.leftAt,
  trackStep: shipments.trackStep,
  createdAt: shipments.createdAt,
};

export interface ShipmentListFilter {
  memberId: number;
  keywords?: string;
  status?: number;
}

/** The shape of a list's statement: which optional filters are set. */
interface ShipmentListShape extends Record<string, boolean> {
  status: boolean;
  keywords: boolean;
}

/** The list's conditions, with its values as placeholders (memberId, status, like). */
function listConditions(shape: ShipmentListShape): SQL | undefined {
  const like = sql.placeholder("like");
  return and(
    eq(shipments.memberId, sql.placeholder("memberId")),
    shape.status ? eq(shipments.statusId, sql.placeholder("status")) : undefined,
    shape.keywords
      ? sql`(${shipments.code} ilike ${like} or ${shipments.waybillNo} ilike ${like} or ${shipments.address}->>'contact' ilike ${like}
          or exists (select 1 from ${shipmentOrders} so join ${orders} o on o.id = so.order_id
                     where so.shipment_id = "shipments"."id" and (o.order_code ilike ${like} or o.cus_order_code ilike ${like})))`
      : undefined,
  );
}

/**
 * SHIP-023: one page of the list (see `page`), a prepared statement per shape. The page's ids are chosen
 * first from the list's index (narrow rows: a deep page skips index entries, not built orders), then only
 * those rows are read with their first `CARD_ORDERS` orders; the total is one count of the account's
 * matching shipments, computed once per statement (an uncorrelated subquery).
 */
const pageStatement = preparedPerShape("shipment_page", (db, shape: ShipmentListShape, name) => {
  const newestFirst = sql`${shipments.createdAt} desc nulls first, ${shipments.id} desc nulls first`;
  const chosen = db.$with("page").as(
    db
      .select({ pageId: sql<number>`${shipments.id}`.as("page_id") })
      .from(shipments)
      .where(listConditions(shape))
      .orderBy(newestFirst)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset")),
  );
  return db
    .with(chosen)
    .select({
      ...shipmentColumns,
      orderList: ordersJson(sql.placeholder("cardOrders")),
      orderCount,
      total: sql<number>`(select count(*) from ${shipments} where ${listConditions(shape)})`.mapWith(Number),
    })
    .from(shipments)
    .innerJoin(chosen, eq(chosen.pageId, shipments.id))
    .orderBy(newestFirst)
    .prepare(name);
});

/** The number of the account's shipments the list's filter matches (a page past the last says how many). */
const countStatement = preparedPerShape("shipment_count", (db, shape: ShipmentListShape, name) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(shipments)
    .where(listConditions(shape))
    .prepare(name),
);

/** A list's filter as its statement's shape and values. */
function listParams(f: ShipmentListFilter) {
  const like = f.keywords === undefined ? undefined : likePattern(f.keywords);
  const shape: ShipmentListShape = { status: f.status !== undefined, keywords: like !== undefined };
  return { shape, values: { memberId: f.memberId, status: f.status ?? null, like: like ?? null } };
}

export interface AddableFilter {
  memberId: number;
  statuses: readonly number[];
  keywords?: string;
  createdFrom?: string;
  createdBefore?: string;
  planFrom?: string;
  planTo?: string;
  excludeIds: readonly number[];
  /** The code of the shipment being edited: its orders are addable again. */
  deliveryCode?: string;
  pubDateSort: 0 | 1 | 2;
  deliveryDateSort: 0 | 1 | 2;
}

/** The carrier's waybill number of a shipment: a deterministic function of its id (also the seed's). */
const WAYBILL_OF_ID = sql.raw(`'SF' || lpad((7100000000 + s.id * 7919 % 99999999)::text, 12, '0')`);
/** The same in TypeScript (the seeded shipments). */
export const waybillOf = (id: number) => `SF${String(7_100_000_000 + ((id * 7919) % 99_999_999)).padStart(12, "0")}`;

/** The carrier's statements for every account, or one account's shipments only (the test hook's `advanceShipments`). */
const ofMember = (memberId: number | undefined) =>
  memberId === undefined ? sql`` : sql` and s.member_id = ${memberId}`;

/** The rows of a raw statement (the drivers answer `{ rows }`). */
async function rowsOf<T>(tx: Transaction, statement: SQL): Promise<T[]> {
  return ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
}

export function shipmentsRepository(db: Db) {
  return {
    /** SHIP-023: one page, newest first, each with its first `cardOrders` orders and its count, and the total. */
    async page(filter: ShipmentListFilter, cardOrders: number, limit: number, offset: number) {
      const { shape, values } = listParams(filter);
      const rows = await pageStatement(db, shape).execute({ ...values, cardOrders, limit, offset });
      if (rows.length === 0 && offset > 0) {
        const [row] = await countStatement(db, shape).execute(values);
        return { rows: [] as typeof rows, total: row?.n ?? 0 };
      }
      return { rows, total: rows[0]?.total ?? 0 };
    },

    /** SHIP-024: one of the account's shipments with every order, in one statement. */
    async detail(memberId: number, id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ ...shipmentColumns, orderList: ordersJson(), orderCount })
        .from(shipments)
        .where(and(eq(shipments.id, id), eq(shipments.memberId, memberId)));
      return row;
    },

    /** The account's shipment, locked for a change in this transaction. */
    async lockOwn(memberId: number, id: number, tx: Transaction) {
      const [row] = await tx
        .select({ id: shipments.id, statusId: shipments.statusId, shipDate: shipments.shipDate, code: shipments.code })
        .from(shipments)
        .where(and(eq(shipments.id, id), eq(shipments.memberId, memberId)))
        .for("update");
      return row;
    },

    /** The account's own orders among `ids`, locked, with their status and the shipment holding them. */
    async lockOwnOrders(memberId: number, ids: readonly number[], tx: Transaction) {
      if (ids.length === 0) return [];
      return tx
        .select({
          id: orders.id,
          orderCode: orders.orderCode,
          statusId: orders.statusId,
          shipmentId: sql<
            number | null
          >`(select so.shipment_id from ${shipmentOrders} so where so.order_id = "orders"."id")`,
        })
        .from(orders)
        .where(and(eq(orders.memberId, memberId), inArray(orders.id, [...ids])))
        .orderBy(orders.id)
        .for("update", { of: orders });
    },

    async nextCode(tx: Transaction): Promise<number> {
      const rows = await rowsOf<{ n: string }>(tx, sql`select nextval('shipment_code_seq')::text as n`);
      return Number(rows[0]!.n);
    },

    async insert(
      values: {
        memberId: number;
        code: string;
        shipDate: string;
        remark: string;
        addressId: number;
        address: ShipmentAddress;
      },
      tx: Transaction,
    ) {
      const [row] = await tx.insert(shipments).values(values).returning({ id: shipments.id });
      return row!.id;
    },

    /** Puts the orders into the shipment; the unique key on order_id refuses an order held by another one. */
    async addOrders(shipmentId: number, orderIds: readonly number[], tx: Transaction) {
      if (orderIds.length === 0) return;
      await tx.insert(shipmentOrders).values(orderIds.map((orderId, position) => ({ shipmentId, orderId, position })));
    },

    /** Takes every order out of the shipment; answers the freed order ids. */
    async removeOrders(shipmentId: number, tx: Transaction) {
      const rows = await tx
        .delete(shipmentOrders)
        .where(eq(shipmentOrders.shipmentId, shipmentId))
        .returning({ orderId: shipmentOrders.orderId });
      return rows.map((row) => row.orderId);
    },

    async update(
      id: number,
      values: Partial<{
        shipDate: string;
        remark: string;
        addressId: number;
        address: ShipmentAddress;
        statusId: number;
      }>,
      tx: Transaction,
    ) {
      await tx
        .update(shipments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(shipments.id, id));
    },

    async updateRemark(memberId: number, id: number, remark: string) {
      const rows = await db
        .update(shipments)
        .set({ remark, updatedAt: new Date() })
        .where(and(eq(shipments.id, id), eq(shipments.memberId, memberId)))
        .returning({ id: shipments.id, remark: shipments.remark });
      return rows[0];
    },

    async remove(id: number, tx: Transaction) {
      await tx.delete(shipments).where(eq(shipments.id, id));
    },

    async addressOf(memberId: number, id: number) {
      const [row] = await db
        .select({ addressId: shipments.addressId, address: shipments.address })
        .from(shipments)
        .where(and(eq(shipments.id, id), eq(shipments.memberId, memberId)));
      return row;
    },

    /** SHIP-027: a page of the account's orders that a shipment may take, with the total, in one statement. */
    async addable(f: AddableFilter, limit: number, offset: number) {
      const like = f.keywords === undefined ? undefined : likePattern(f.keywords);
      const free =
        f.deliveryCode === undefined
          ? sql`not exists (select 1 from ${shipmentOrders} so where so.order_id = "orders"."id")`
          : sql`not exists (select 1 from ${shipmentOrders} so join ${shipments} s on s.id = so.shipment_id
                 where so.order_id = "orders"."id" and not (s.code = ${f.deliveryCode} and s.member_id = ${f.memberId}))`;
      const where = and(
        eq(orders.memberId, f.memberId),
        inArray(orders.statusId, [...f.statuses]),
        free,
        f.excludeIds.length === 0
          ? undefined
          : sql`"orders"."id" not in (${sql.join(
              f.excludeIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
        like === undefined
          ? undefined
          : sql`(${orders.orderCode} ilike ${like} or ${orders.cusOrderCode} ilike ${like} or ${orders.custName} ilike ${like})`,
        f.createdFrom === undefined ? undefined : sql`${orders.createdAt} >= ${f.createdFrom}::date::timestamptz`,
        f.createdBefore === undefined ? undefined : sql`${orders.createdAt} < ${f.createdBefore}::date::timestamptz`,
        f.planFrom === undefined ? undefined : sql`${orders.planDeliveryDate} >= ${f.planFrom}::date`,
        f.planTo === undefined ? undefined : sql`${orders.planDeliveryDate} <= ${f.planTo}::date`,
      );
      const dir = (flag: 1 | 2) => (flag === 1 ? sql`asc` : sql`desc`);
      const order =
        f.pubDateSort !== 0
          ? sql`${orders.createdAt} ${dir(f.pubDateSort)}, ${orders.id} ${dir(f.pubDateSort)}`
          : f.deliveryDateSort !== 0
            ? sql`${orders.planDeliveryDate} ${dir(f.deliveryDateSort)} nulls last, ${orders.id} desc`
            : sql`${orders.createdAt} desc nulls first, ${orders.id} desc nulls first`;
      const rows = await db
        .select({
          orderId: orders.id,
          orderCode: orders.orderCode,
          custOrderCode: orders.cusOrderCode,
          clothPath: categories.imagePath,
          categoryEn: categories.enName,
          categoryZh: categories.zhName,
          fabric: orders.fabricCode,
          createdAt: orders.createdAt,
          planDeliveryDate: orders.planDeliveryDate,
          deliveryDate: orders.deliveryDate,
          customerName: orders.custName,
          amount: orders.amount,
          priceCents: orders.priceCents,
          statusId: orders.statusId,
          // one count of the matching orders per statement (uncorrelated: computed once, not per row), so
          // the page itself stops at its last row instead of building and sorting every match
          total: sql<number>`(select count(*) from ${orders} where ${where})`.mapWith(Number),
        })
        .from(orders)
        .innerJoin(categories, eq(categories.id, orders.categoryId))
        .where(where)
        .orderBy(order)
        .limit(limit)
        .offset(offset);
      if (rows.length === 0 && offset > 0) {
        const [row] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(orders)
          .where(where);
        return { rows: [] as typeof rows, total: row?.n ?? 0 };
      }
      return { rows, total: rows[0]?.total ?? 0 };
    },

    // The carrier simulation (simulator.ts) ---------------------------------------------------------

    /** 10371 → 10372: every order of the shipment is finished. Answers the packed shipments. */
    async pack(finished: number, tx: Transaction, memberId?: number) {
      const rows = await rowsOf<{ id: number; member_id: number; code: string }>(
        tx,
        sql`update ${shipments} s set status_id = 10372, updated_at = now()
        where s.status_id = 10371${ofMember(memberId)}
          and exists (select 1 from ${shipmentOrders} so where so.shipment_id = s.id)
          and not exists (select 1 from ${shipmentOrders} so join ${orders} o on o.id = so.order_id
                          where so.shipment_id = s.id and o.status_id <> ${finished})
        returning s.id, s.member_id, s.code`,
      );
      return rows.map((row) => ({ id: Number(row.id), memberId: Number(row.member_id), code: row.code }));
    },

    /** 10372 → 10033 on its ship date: the waybill and the moment it left. Answers the shipments that left. */
    async leave(today: string, now: Date, tx: Transaction, memberId?: number) {
      const rows = await rowsOf<{ id: number; member_id: number; code: string; waybill_no: string }>(
        tx,
        sql`update ${shipments} s
        set status_id = 10033, left_at = ${now.toISOString()}::timestamptz, track_step = 0, updated_at = now(),
            waybill_no = ${WAYBILL_OF_ID}
        where s.status_id = 10372 and s.ship_date <= ${today}::date${ofMember(memberId)}
        returning s.id, s.member_id, s.code, s.waybill_no`,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        memberId: Number(row.member_id),
        code: row.code,
        waybillNo: row.waybill_no,
      }));
    },

    /** The orders of the shipments (id, its shipment, the waybill). */
    async ordersOf(shipmentIds: readonly number[], tx: Transaction) {
      if (shipmentIds.length === 0) return [];
      return tx
        .select({
          orderId: shipmentOrders.orderId,
          shipmentId: shipmentOrders.shipmentId,
          waybillNo: shipments.waybillNo,
        })
        .from(shipmentOrders)
        .innerJoin(shipments, eq(shipments.id, shipmentOrders.shipmentId))
        .where(inArray(shipmentOrders.shipmentId, [...shipmentIds]));
    },

    /** Shipped parcels move one tracking event on; the last one delivers (10034). */
    async track(lastStep: number, tx: Transaction, memberId?: number) {
      const rows = await rowsOf<{ id: number; status_id: number; member_id: number; code: string; waybill_no: string }>(
        tx,
        sql`update ${shipments} s
        set track_step = s.track_step + 1, status_id = case when s.track_step + 1 >= ${lastStep} then 10034 else 10033 end,
            updated_at = now()
        where s.status_id = 10033 and s.track_step < ${lastStep}${ofMember(memberId)}
        returning s.id, s.status_id, s.member_id, s.code, s.waybill_no`,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        statusId: Number(row.status_id),
        memberId: Number(row.member_id),
        code: row.code,
        waybillNo: row.waybill_no,
      }));
    },
  };
}
