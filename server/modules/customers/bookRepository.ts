import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  attachmentLinks,
  attachments,
  bodySpecDetails,
  bodySpecs,
  categories,
  customerNotes,
  customerMeasureHistory,
  customerSizes,
  customerSpecials,
  customerStyles,
  customers,
  dictSystem,
  measureParts,
  orders,
} from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";
import { customerPageCut } from "./repository.ts";

/** hostName and type of a customer's profile picture (CUST-022). */
export const CUSTOMER_PICTURE = { hostName: "customer", type: 1 } as const;

/** The newest picture link of a customer, as a correlated sub-select (the link index answers it). */
const pictureOf = sql<string | null>`(select ${attachmentLinks.attachmentId} from ${attachmentLinks}
  where ${attachmentLinks.hostName} = ${CUSTOMER_PICTURE.hostName} and "attachment_links"."host_id" = "customers"."id"
  and ${attachmentLinks.type} = ${CUSTOMER_PICTURE.type}
  order by ${attachmentLinks.createdAt} desc, ${attachmentLinks.attachmentId} limit 1)`;

/** A kept version as measureHistory reads it (sizes in cm). */
export interface MeasureVersionRow {
  id: number;
  createdAt: string | Date;
  orderId: number | null;
  orderCode: string;
  height: number;
  heightUnit: number;
  weight: number;
  weightUnit: number;
  sizes: Array<{
    partId: number;
    measureType: number;
    categoryId: number;
    name: string;
    category: string;
    partSizeCm: number;
  }>;
}

export type CustomerWrite = Omit<typeof customers.$inferInsert, "id" | "createdAt">;

/** The customer book (issue 24): list, details, writes, notes and picture links. SQL only here. */
export function customerBookRepository(db: Db) {
  return {
    /**
     * One page of the account's customers with the total: one statement (CUST-035). The page's ids are cut
     * first (`customerPageCut`), then joined to their rows, with the total beside them (not a window count
     * that would read and sort every match). Then only the page's rows look up their picture: a book of
     * 10,000 customers costs 18 picture look-ups, not 10,000.
     */
    page: (memberId: number, words: readonly string[], limit: number, offset: number, tx?: Transaction) => {
      const executor = executorOf(db, tx);
      const { withs, cut, total } = customerPageCut(executor, memberId, words, limit, offset);
      return executor
        .with(...withs)
        .select({
          id: customers.id,
          custName: customers.custName,
          shortName: customers.shortName,
          phone: customers.phone,
          remark: customers.remark,
          attachId: sql<string | null>`(select ${attachmentLinks.attachmentId} from ${attachmentLinks}
            where ${attachmentLinks.hostName} = ${CUSTOMER_PICTURE.hostName} and "attachment_links"."host_id" = "page"."page_id"
            and ${attachmentLinks.type} = ${CUSTOMER_PICTURE.type}
            order by ${attachmentLinks.createdAt} desc, ${attachmentLinks.attachmentId} limit 1)`,
          total,
        })
        .from(cut)
        .innerJoin(customers, eq(customers.id, cut.pageId))
        .orderBy(asc(cut.pageName), asc(cut.pageId));
    },

    /** A customer of the account with its names, order count, latest order code and picture: one statement. */
    async detail(memberId: number, id: number, locale: "en" | "zh", tx?: Transaction) {
      const dictName = locale === "zh" ? sql`${dictSystem.zhName}` : sql`${dictSystem.enName}`;
      const [row] = await executorOf(db, tx)
        .select({
          customer: customers,
          attachId: pictureOf,
          genderName: sql<string>`coalesce((select ${dictName} from ${dictSystem} where ${dictSystem.id} = ${customers.genderId}), '')`,
          heightUnitName: sql<string>`coalesce((select ${dictName} from ${dictSystem} where ${dictSystem.id} = ${customers.heightUnit}), '')`,
          weightUnitName: sql<string>`coalesce((select ${dictName} from ${dictSystem} where ${dictSystem.id} = ${customers.weightUnit}), '')`,
          orderCount:
            sql<number>`(select count(*) from ${orders} where "orders"."customer_id" = "customers"."id")`.mapWith(
              Number,
            ),
          cusOrderCode: sql<string>`coalesce((select ${orders.orderCode} from ${orders} where "orders"."customer_id" = "customers"."id" order by "orders"."id" desc limit 1), '')`,
        })
        .from(customers)
        .where(and(eq(customers.id, id), eq(customers.memberId, memberId)));
      return row;
    },

    /** Stored sizes with their part's names, category and method (10052 body, 10053 finished). */
    sizes: (customerId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({
          partId: customerSizes.partId,
          partSize: customerSizes.partSize,
          categoryId: customerSizes.categoryId,
          measureType: measureParts.measureType,
          enName: measureParts.enName,
          zhName: measureParts.zhName,
          categoryEn: categories.enName,
          categoryZh: categories.zhName,
        })
        .from(customerSizes)
        .innerJoin(measureParts, eq(measureParts.id, customerSizes.partId))
        .innerJoin(categories, eq(categories.id, customerSizes.categoryId))
        .where(eq(customerSizes.customerId, customerId))
        .orderBy(asc(customerSizes.categoryId), asc(measureParts.pos)),

    /** Posture choices with the spec's and the detail's names. */
    specials: (customerId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({
          specId: customerSpecials.specId,
          detailId: customerSpecials.detailId,
          specEn: bodySpecs.enName,
          specZh: bodySpecs.zhName,
          detailEn: bodySpecDetails.enName,
          detailZh: bodySpecDetails.zhName,
        })
        .from(customerSpecials)
        .innerJoin(bodySpecs, eq(bodySpecs.id, customerSpecials.specId))
        .innerJoin(bodySpecDetails, eq(bodySpecDetails.id, customerSpecials.detailId))
        .where(eq(customerSpecials.customerId, customerId))
        .orderBy(asc(bodySpecs.pos)),

    styles: (customerId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ id: dictSystem.id, enName: dictSystem.enName, zhName: dictSystem.zhName })
        .from(customerStyles)
        .innerJoin(dictSystem, eq(dictSystem.id, customerStyles.styleId))
        .where(eq(customerStyles.customerId, customerId))
        .orderBy(asc(dictSystem.pos)),

    /** The measurement parts named by a request, with their ranges (cm), category and method. */
    partsByIds: (ids: readonly number[], tx?: Transaction) =>
      ids.length === 0
        ? Promise.resolve([])
        : executorOf(db, tx)
            .select({
              id: measureParts.id,
              categoryId: measureParts.categoryId,
              measureType: measureParts.measureType,
              enName: measureParts.enName,
              zhName: measureParts.zhName,
              minValue: measureParts.minValue,
              maxValue: measureParts.maxValue,
              categoryEn: categories.enName,
              categoryZh: categories.zhName,
            })
            .from(measureParts)
            .innerJoin(categories, eq(categories.id, measureParts.categoryId))
            .where(inArray(measureParts.id, [...ids])),

    /** An order of the account with its customer, method and draft (the save-back of its measurements). */
    async ownOrder(memberId: number, orderId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({
          id: orders.id,
          orderCode: orders.orderCode,
          customerId: orders.customerId,
          sizeCategoryId: orders.sizeCategoryId,
          draft: orders.draft,
        })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.memberId, memberId)));
      return row;
    },

    postureDetails: (ids: readonly number[], tx?: Transaction) =>
      ids.length === 0
        ? Promise.resolve([])
        : executorOf(db, tx)
            .select({ id: bodySpecDetails.id, specId: bodySpecDetails.specId })
            .from(bodySpecDetails)
            .where(inArray(bodySpecDetails.id, [...ids])),

    styleEntries: (category: number, ids: readonly number[], tx?: Transaction) =>
      ids.length === 0
        ? Promise.resolve([])
        : executorOf(db, tx)
            .select({ id: dictSystem.id })
            .from(dictSystem)
            .where(and(eq(dictSystem.category, category), inArray(dictSystem.id, [...ids]))),

    async insert(row: CustomerWrite, tx: Transaction) {
      const [saved] = await tx.insert(customers).values(row).returning({ id: customers.id });
      return saved!.id;
    },

    /**
     * Many customers in one statement per 500 (the CSV import), each with the first version of its
     * measurement history (issue 24: as a customer added through the modal): one more statement per 500.
     */
    async insertMany(rows: readonly CustomerWrite[], tx: Transaction) {
      for (let i = 0; i < rows.length; i += 500) {
        const saved = await tx
          .insert(customers)
          .values(rows.slice(i, i + 500))
          .returning({
            customerId: customers.id,
            memberId: customers.memberId,
            height: customers.height,
            heightUnit: customers.heightUnit,
            weight: customers.weight,
            weightUnit: customers.weightUnit,
          });
        if (saved.length > 0)
          await tx.insert(customerMeasureHistory).values(saved.map((c) => ({ ...c, orderId: null, sizes: [] })));
      }
    },

    async update(memberId: number, id: number, row: Omit<CustomerWrite, "memberId">, tx: Transaction) {
      const updated = await tx
        .update(customers)
        .set(row)
        .where(and(eq(customers.id, id), eq(customers.memberId, memberId)))
        .returning({ id: customers.id });
      return updated.length === 1;
    },

    async replaceParts(
      customerId: number,
      sizes: ReadonlyArray<{ categoryId: number; partId: number; partSize: number }>,
      specials: ReadonlyArray<{ specId: number; detailId: number }>,
      styleIds: readonly number[],
      tx: Transaction,
    ) {
      await tx.delete(customerSizes).where(eq(customerSizes.customerId, customerId));
      await tx.delete(customerSpecials).where(eq(customerSpecials.customerId, customerId));
      await tx.delete(customerStyles).where(eq(customerStyles.customerId, customerId));
      if (sizes.length > 0) await tx.insert(customerSizes).values(sizes.map((s) => ({ ...s, customerId })));
      if (specials.length > 0) await tx.insert(customerSpecials).values(specials.map((s) => ({ ...s, customerId })));
      if (styleIds.length > 0)
        await tx.insert(customerStyles).values(styleIds.map((styleId) => ({ customerId, styleId })));
    },

    async hasOrders(customerId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.customerId, customerId))
        .limit(1);
      return row !== undefined;
    },

    async remove(memberId: number, customerId: number, tx: Transaction) {
      const links = await tx
        .delete(attachmentLinks)
        .where(
          and(
            eq(attachmentLinks.memberId, memberId),
            eq(attachmentLinks.hostName, CUSTOMER_PICTURE.hostName),
            eq(attachmentLinks.hostId, customerId),
          ),
        )
        .returning({ id: attachmentLinks.attachmentId });
      if (links.length > 0)
        await tx.delete(attachments).where(
          inArray(
            attachments.id,
            links.map((l) => l.id),
          ),
        );
      await tx.delete(customerSizes).where(eq(customerSizes.customerId, customerId));
      await tx.delete(customerSpecials).where(eq(customerSpecials.customerId, customerId));
      await tx.delete(customers).where(and(eq(customers.id, customerId), eq(customers.memberId, memberId)));
    },

    /** The account's customers keyed by name and phone (duplicates of the import). */
    namePhones: (memberId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ custName: customers.custName, phone: customers.phone })
        .from(customers)
        .where(eq(customers.memberId, memberId)),

    /** Every customer of the account, for the CSV export. */
    all: (memberId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(customers)
        .where(eq(customers.memberId, memberId))
        .orderBy(asc(customers.custName), asc(customers.id)),

    // Notes and appointments (CUST-020, CUST-039..041)
    notePage: (customerId: number, type: number, limit: number, offset: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ note: customerNotes, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(customerNotes)
        .where(and(eq(customerNotes.customerId, customerId), eq(customerNotes.type, type)))
        .orderBy(desc(customerNotes.id))
        .limit(limit)
        .offset(offset),

    async ownNote(memberId: number, id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select()
        .from(customerNotes)
        .where(and(eq(customerNotes.id, id), eq(customerNotes.memberId, memberId)));
      return row;
    },

    async insertNote(row: typeof customerNotes.$inferInsert, tx?: Transaction) {
      const [saved] = await executorOf(db, tx).insert(customerNotes).values(row).returning();
      return saved!;
    },

    async updateNote(
      memberId: number,
      id: number,
      set: { content: string; appointmentDate: Date | null },
      tx?: Transaction,
    ) {
      const [saved] = await executorOf(db, tx)
        .update(customerNotes)
        .set(set)
        .where(and(eq(customerNotes.id, id), eq(customerNotes.memberId, memberId)))
        .returning();
      return saved;
    },

    async deleteNote(memberId: number, id: number, tx?: Transaction) {
      const deleted = await executorOf(db, tx)
        .delete(customerNotes)
        .where(and(eq(customerNotes.id, id), eq(customerNotes.memberId, memberId)))
        .returning({ id: customerNotes.id });
      return deleted.length === 1;
    },

    /** The account's appointments between two moments with their customer's name (the index on member, type, date). */
    appointments: (memberId: number, from: Date, to: Date, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ note: customerNotes, custName: customers.custName })
        .from(customerNotes)
        .innerJoin(customers, eq(customers.id, customerNotes.customerId))
        .where(
          and(
            eq(customerNotes.memberId, memberId),
            eq(customerNotes.type, 1),
            gte(customerNotes.appointmentDate, from),
            lt(customerNotes.appointmentDate, to),
          ),
        )
        .orderBy(asc(customerNotes.appointmentDate), asc(customerNotes.id))
        .limit(200),

    // Measurement history (issue 24, designed)

    /**
     * Keeps the customer's measurements as they are now (height, weight, every stored size) as a new
     * version with the order they came from, unless they equal the newest version: one statement.
     */
    async recordMeasures(customerId: number, orderId: number | null, tx: Transaction) {
      await tx.execute(sql`
        with now_set as (
          select c.id, c.member_id, c.height, c.height_unit, c.weight, c.weight_unit,
            coalesce((select jsonb_agg(jsonb_build_object('partId', s.part_id, 'partSize', s.part_size) order by s.part_id)
              from ${customerSizes} s where s.customer_id = c.id), '[]'::jsonb) as sizes
          from ${customers} c where c.id = ${customerId}
        ), last_set as (
          select h.height, h.height_unit, h.weight, h.weight_unit, h.sizes from ${customerMeasureHistory} h
          where h.customer_id = ${customerId} order by h.id desc limit 1
        )
        insert into ${customerMeasureHistory} (customer_id, member_id, order_id, height, height_unit, weight, weight_unit, sizes)
        select n.id, n.member_id, ${orderId}, n.height, n.height_unit, n.weight, n.weight_unit, n.sizes from now_set n
        where not exists (select 1 from last_set l where l.height = n.height and l.height_unit = n.height_unit
          and l.weight = n.weight and l.weight_unit = n.weight_unit and l.sizes = n.sizes)`);
    },

    /**
     * The account customer's kept versions, newest first, each with its order's code and its sizes named
     * (part, garment and method in the locale): one statement. Another account's customer has none.
     */
    async measureHistory(memberId: number, customerId: number, locale: "en" | "zh", limit: number, tx?: Transaction) {
      const zh = locale === "zh";
      const result = await executorOf(db, tx).execute(sql`
        select h.id, h.created_at as "createdAt", h.order_id as "orderId",
          coalesce(o.order_code, '') as "orderCode",
          h.height::float8 as height, h.height_unit as "heightUnit", h.weight::float8 as weight, h.weight_unit as "weightUnit",
          coalesce((select json_agg(json_build_object(
              'partId', p.id, 'measureType', p.measure_type, 'categoryId', p.category_id,
              'name', ${zh ? sql`p.zh_name` : sql`p.en_name`}, 'category', ${zh ? sql`k.zh_name` : sql`k.en_name`},
              'partSizeCm', (e->>'partSize')::float8)
            order by p.measure_type, p.category_id, p.pos)
            from jsonb_array_elements(h.sizes) e
            join ${measureParts} p on p.id = (e->>'partId')::int
            join ${categories} k on k.id = p.category_id), '[]'::json) as sizes
        from ${customerMeasureHistory} h
        join ${customers} c on c.id = h.customer_id and c.member_id = ${memberId}
        left join ${orders} o on o.id = h.order_id
        where h.customer_id = ${customerId}
        order by h.id desc
        limit ${limit}`);
      return (result as unknown as { rows: MeasureVersionRow[] }).rows;
    },

    /** Sets a customer's height and weight (the save-back of an order). */
    async setFigures(
      customerId: number,
      figures: { height: number; heightUnit: number; weight: number; weightUnit: number },
      tx: Transaction,
    ) {
      await tx.update(customers).set(figures).where(eq(customers.id, customerId));
    },

    /** Stores sizes of a customer over the ones of the same parts (the others stay). */
    async upsertSizes(
      customerId: number,
      sizes: ReadonlyArray<{ categoryId: number; partId: number; partSize: number }>,
      tx: Transaction,
    ) {
      if (sizes.length === 0) return;
      await tx
        .insert(customerSizes)
        .values(sizes.map((s) => ({ ...s, customerId })))
        .onConflictDoUpdate({
          target: [customerSizes.customerId, customerSizes.partId],
          set: { partSize: sql`excluded.part_size` },
        });
    },

    // Picture links (CUST-022, CUST-042, CUST-043)
    async ownUpload(memberId: number, id: string, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ id: attachments.id })
        .from(attachments)
        .where(and(eq(attachments.id, id), eq(attachments.memberId, memberId)));
      return row !== undefined;
    },

    async link(row: typeof attachmentLinks.$inferInsert, tx?: Transaction) {
      await executorOf(db, tx)
        .insert(attachmentLinks)
        .values(row)
        .onConflictDoUpdate({
          target: attachmentLinks.attachmentId,
          set: { hostId: row.hostId, hostName: row.hostName, type: row.type, createdAt: sql`now()` },
        });
    },

    /** Deletes the account's linked pictures among `ids` (their links go with them); how many. */
    async deleteLinked(memberId: number, ids: readonly string[], tx?: Transaction) {
      const linked = executorOf(db, tx)
        .select({ id: attachmentLinks.attachmentId })
        .from(attachmentLinks)
        .where(and(eq(attachmentLinks.memberId, memberId), inArray(attachmentLinks.attachmentId, [...ids])));
      const deleted = await executorOf(db, tx)
        .delete(attachments)
        .where(and(eq(attachments.memberId, memberId), inArray(attachments.id, linked)))
        .returning({ id: attachments.id });
      return deleted.length;
    },
  };
}
