import { and, asc, count, eq, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { orderEventMessages } from "../messages/service.ts";
import {
  addProducts,
  attachments,
  bodySpecDetails,
  bodySpecs,
  categories,
  categoryEmbOptions,
  categoryFabricKinds,
  categoryPrices,
  contrastFabrics,
  contrastPositions,
  contrastSites,
  crafts,
  dictSystem,
  embOptions,
  fabrics,
  measureEases,
  measureParts,
  members,
  orderEvents,
  orders,
} from "../../db/schema.ts";
import type { OrderEventActor } from "../../db/schema/production.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

export type OrderRow = typeof orders.$inferSelect;
export type OrderValues = Omit<typeof orders.$inferInsert, "id" | "memberId" | "orderCode">;

/** One step of an order's timeline: from (null for the first) → to, who moved it, why, when. */
export interface OrderEventValues {
  orderId: number;
  fromStatus: number | null;
  toStatus: number;
  actor: OrderEventActor;
  actorMemberId?: number | null;
  note?: string;
  at?: Date;
}

/**
 * The orders' queries. Each method ends with `tx?: Transaction` and runs on it when given (the
 * service decides what runs in one transaction and what is locked), else on the database.
 */
export function ordersRepository(db: Db) {
  return {
    /** An order of the account (undefined for another account's); locked FOR UPDATE inside a transaction. */
    async ownOrder(memberId: number, orderId: number, tx?: Transaction): Promise<OrderRow | undefined> {
      const query = executorOf(db, tx)
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.memberId, memberId)));
      const [row] = tx ? await query.for("update") : await query;
      return row;
    },

    /**
     * An order of one of `memberIds` (the accounts whose orders the caller may read: the members
     * service says which), undefined otherwise. Changes go through `ownOrder`: orders belong to the
     * member who saved them.
     */
    async readableOrder(
      memberIds: readonly number[],
      orderId: number,
      tx?: Transaction,
    ): Promise<OrderRow | undefined> {
      const [row] = await executorOf(db, tx)
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), inArray(orders.memberId, [...memberIds])));
      return row;
    },

    /** The next number of `order_code_seq`, as text. */
    async nextOrderNumber(tx?: Transaction): Promise<string> {
      const result = await executorOf(db, tx).execute(sql`select nextval('order_code_seq')::text as n`);
      return (result as unknown as { rows: Array<{ n: string }> }).rows[0]!.n;
    },

    async insert(values: OrderValues & { memberId: number; orderCode: string }, tx?: Transaction): Promise<number> {
      const [row] = await executorOf(db, tx).insert(orders).values(values).returning({ id: orders.id });
      return row!.id;
    },

    async update(orderId: number, values: OrderValues, tx?: Transaction): Promise<void> {
      await executorOf(db, tx).update(orders).set(values).where(eq(orders.id, orderId));
    },

    /** Changes some of an order's columns (a status change, its error, its times). */
    async patch(orderId: number, values: Partial<OrderValues>, tx?: Transaction): Promise<void> {
      await executorOf(db, tx).update(orders).set(values).where(eq(orders.id, orderId));
    },

    /** How many of the account's orders are in each of `statuses`. */
    async countByStatus(memberId: number, statuses: readonly number[], tx?: Transaction) {
      const rows = await executorOf(db, tx)
        .select({ statusId: orders.statusId, n: count() })
        .from(orders)
        .where(and(eq(orders.memberId, memberId), inArray(orders.statusId, [...statuses])))
        .groupBy(orders.statusId);
      return rows.map((row) => ({ statusId: row.statusId, n: Number(row.n) }));
    },

    /** Adds steps to orders' timelines (in the transaction of the status change). */
    async addEvents(events: readonly OrderEventValues[], tx?: Transaction): Promise<void> {
      if (events.length === 0) return;
      const inserted = await executorOf(db, tx)
        .insert(orderEvents)
        .values(events.map((e) => ({ ...e, actorMemberId: e.actorMemberId ?? null, note: e.note ?? "" })))
        .returning({
          id: orderEvents.id,
          orderId: orderEvents.orderId,
          fromStatus: orderEvents.fromStatus,
          toStatus: orderEvents.toStatus,
          actor: orderEvents.actor,
          note: orderEvents.note,
        });
      // Issue 25: a status change the owner hears of writes its message in this transaction, once per event.
      await orderEventMessages(executorOf(db, tx), inserted);
    },

    /** An order's timeline, oldest first, with the acting member's username and the status names. */
    async events(orderId: number, tx?: Transaction) {
      const fromDict = alias(dictSystem, "from_dict");
      const toDict = alias(dictSystem, "to_dict");
      return executorOf(db, tx)
        .select({
          id: orderEvents.id,
          fromStatus: orderEvents.fromStatus,
          fromEn: fromDict.enName,
          fromZh: fromDict.zhName,
          toStatus: orderEvents.toStatus,
          toEn: toDict.enName,
          toZh: toDict.zhName,
          actor: orderEvents.actor,
          username: members.username,
          note: orderEvents.note,
          at: orderEvents.at,
        })
        .from(orderEvents)
        .leftJoin(fromDict, eq(fromDict.id, orderEvents.fromStatus))
        .leftJoin(toDict, eq(toDict.id, orderEvents.toStatus))
        .leftJoin(members, eq(members.id, orderEvents.actorMemberId))
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.at), asc(orderEvents.id));
    },

    /** The orders that remake `orderId`, oldest first. */
    remakesOf: (orderId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ id: orders.id, orderCode: orders.orderCode })
        .from(orders)
        .where(eq(orders.remakeOfId, orderId))
        .orderBy(asc(orders.id)),

    /** An order's id and code (any account's: the caller has checked it may name it). */
    async orderRef(orderId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ id: orders.id, orderCode: orders.orderCode })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row;
    },

    /** A category's names. */
    async category(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(categories).where(eq(categories.id, id));
      return row;
    },

    /** Measurement parts by id (their names). */
    measureParts: (ids: readonly number[], tx?: Transaction) =>
      ids.length === 0
        ? Promise.resolve([])
        : executorOf(db, tx)
            .select({ id: measureParts.id, enName: measureParts.enName, zhName: measureParts.zhName })
            .from(measureParts)
            .where(inArray(measureParts.id, [...ids])),

    async dictEntry(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(dictSystem).where(eq(dictSystem.id, id));
      return row;
    },

    /**
     * The production simulator's move (production.ts decides the steps): in one statement, every order
     * whose status is the `from` of one of `steps` and has not changed since `due` takes that step's `to`;
     * an order leaving `plan.from` gets the planned delivery date `plan.date`, one reaching `delivery.to`
     * the final delivery date `delivery.date` (YYYY-MM-DD). Answers the moved orders with their new status.
     */
    /**
     * Issue 23: the ship transition of the orders of a parcel that left (`shipOutcome`: finished → shipped),
     * with the parcel's waybill number. Only orders still in `from` move; answers the moved ids.
     */
    async ship(
      orderIds: readonly number[],
      move: { from: number; to: number; waybillNo: string; now: Date },
      tx?: Transaction,
    ) {
      if (orderIds.length === 0) return [];
      return executorOf(db, tx)
        .update(orders)
        .set({ statusId: move.to, waybillNo: move.waybillNo, statusChangedAt: move.now, updatedAt: move.now })
        .where(and(inArray(orders.id, [...orderIds]), eq(orders.statusId, move.from)))
        .returning({ id: orders.id });
    },

    async advanceProduction(
      move: {
        steps: ReadonlyArray<{ from: number; to: number }>;
        due: Date;
        now: Date;
        plan: { from: number; date: string };
        delivery: { to: number; date: string };
      },
      tx?: Transaction,
    ) {
      // The status ids are the domain's integer constants, written into the statement as integers.
      const int = (n: number) => sql.raw(String(Math.trunc(n)));
      const cases = move.steps.map(({ from, to }) => sql`when ${int(from)} then ${int(to)}`);
      const next = sql`(case ${orders.statusId} ${sql.join(cases, sql` `)} end)`;
      return executorOf(db, tx)
        .update(orders)
        .set({
          statusId: next,
          statusChangedAt: move.now,
          updatedAt: move.now,
          planDeliveryDate: sql`(case when ${orders.statusId} = ${int(move.plan.from)} then ${move.plan.date}::date else ${orders.planDeliveryDate} end)`,
          deliveryDate: sql`(case when ${next} = ${int(move.delivery.to)} then ${move.delivery.date}::date else ${orders.deliveryDate} end)`,
        })
        .where(
          and(
            inArray(
              orders.statusId,
              move.steps.map((step) => step.from),
            ),
            lte(orders.statusChangedAt, move.due),
          ),
        )
        .returning({ id: orders.id, statusId: orders.statusId });
    },
  };
}

export type CraftRow = typeof crafts.$inferSelect;
export type MeasurePartRow = typeof measureParts.$inferSelect;
export type CategoryPriceRow = typeof categoryPrices.$inferSelect;

/**
 * What the draft check (draftCheck.ts) reads of the catalogue and of the account: the garment's
 * pieces, prices, fabric, posture, crafts, monogram and contrast options, measurement parts and eases.
 * Each method ends with `tx?: Transaction`, as the orders' queries.
 */
export function draftRepository(db: Db) {
  return {
    categories: (tx?: Transaction) => executorOf(db, tx).select().from(categories),

    /** The categories offered as add-products (further pieces) of a garment. */
    async addProductIds(categoryId: number, tx?: Transaction): Promise<number[]> {
      const rows = await executorOf(db, tx)
        .select({ id: addProducts.addCategoryId })
        .from(addProducts)
        .where(eq(addProducts.categoryId, categoryId));
      return rows.map((r) => r.id);
    },

    /** The price lists of the pieces for an order type. */
    prices: (categoryIds: readonly number[], orderType: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(categoryPrices)
        .where(and(inArray(categoryPrices.categoryId, [...categoryIds]), eq(categoryPrices.orderType, orderType))),

    /** A catalogue fabric by its (upper-case) code. */
    async fabric(code: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({
          code: fabrics.fabricCode,
          price: fabrics.pricePerMeterCents,
          stock: fabrics.stockCentimeters,
          kind: fabrics.kind,
        })
        .from(fabrics)
        .where(eq(fabrics.fabricCode, code));
      return row;
    },

    /** The fabric kinds each of the categories is made of. */
    fabricKinds: (categoryIds: readonly number[], tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(categoryFabricKinds)
        .where(inArray(categoryFabricKinds.categoryId, [...categoryIds])),

    /** Body-posture choices with their spec (and the spec's category). */
    postureChoices: (ids: readonly number[], tx?: Transaction) =>
      executorOf(db, tx)
        .select({
          id: bodySpecDetails.id,
          specId: bodySpecs.id,
          categoryId: bodySpecs.categoryId,
          en: bodySpecs.enName,
          zh: bodySpecs.zhName,
        })
        .from(bodySpecDetails)
        .innerJoin(bodySpecs, eq(bodySpecs.id, bodySpecDetails.specId))
        .where(inArray(bodySpecDetails.id, [...ids])),

    async craft(id: number, tx?: Transaction): Promise<CraftRow | undefined> {
      const [row] = await executorOf(db, tx).select().from(crafts).where(eq(crafts.id, id));
      return row;
    },

    /** A category's crafts in tree order. */
    crafts: (categoryId: number, tx?: Transaction): Promise<CraftRow[]> =>
      executorOf(db, tx).select().from(crafts).where(eq(crafts.categoryId, categoryId)).orderBy(asc(crafts.pos)),

    /** The embroidery options a category offers. */
    async embroideryOptions(categoryId: number, tx?: Transaction) {
      const rows = await executorOf(db, tx)
        .select({ option: embOptions })
        .from(categoryEmbOptions)
        .innerJoin(embOptions, eq(embOptions.id, categoryEmbOptions.optionId))
        .where(eq(categoryEmbOptions.categoryId, categoryId));
      return rows.map((r) => r.option);
    },

    contrastSites: (categoryId: number, tx?: Transaction) =>
      executorOf(db, tx).select().from(contrastSites).where(eq(contrastSites.categoryId, categoryId)),

    contrastPositions: (categoryId: number, tx?: Transaction) =>
      executorOf(db, tx).select().from(contrastPositions).where(eq(contrastPositions.categoryId, categoryId)),

    async contrastFabric(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(contrastFabrics).where(eq(contrastFabrics.id, id));
      return row;
    },

    /** Dictionary entries (id and category) by id. */
    dictEntries: (ids: readonly number[], tx?: Transaction) =>
      executorOf(db, tx)
        .select({ id: dictSystem.id, category: dictSystem.category })
        .from(dictSystem)
        .where(inArray(dictSystem.id, [...ids])),

    /** A category's measurement parts of one method, in display order. */
    measureParts: (categoryId: number, measureType: number, tx?: Transaction): Promise<MeasurePartRow[]> =>
      executorOf(db, tx)
        .select()
        .from(measureParts)
        .where(and(eq(measureParts.categoryId, categoryId), eq(measureParts.measureType, measureType)))
        .orderBy(asc(measureParts.pos)),

    /** The eases of the parts for a fit. */
    eases: (partIds: readonly number[], fitId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(measureEases)
        .where(and(inArray(measureEases.partId, [...partIds]), eq(measureEases.fitId, fitId))),

    /** Whether the attachment exists and is the account's. */
    async isOwnAttachment(memberId: number, id: string, tx?: Transaction): Promise<boolean> {
      const [row] = await executorOf(db, tx)
        .select({ id: attachments.id })
        .from(attachments)
        .where(and(eq(attachments.id, id), eq(attachments.memberId, memberId)));
      return row !== undefined;
    },
  };
}
