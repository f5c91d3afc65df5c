import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  addProducts,
  bodySpecDetails,
  bodySpecs,
  customerMeasureHistory,
  customerSizes,
  customerSpecials,
  dictSystem,
  measureEases,
  measureParts,
  standardSizes,
} from "../../db/schema.ts";
import { executorOf, type Transaction } from "../../db/transaction.ts";

export type MeasurePartRow = typeof measureParts.$inferSelect;

/** Measurement parts and eases, body posture, standard sizes, add-products and the customers' stored values. */
export function measurementsRepository(db: Db) {
  return {
    async dictEntryExists(id: number, category: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ id: dictSystem.id })
        .from(dictSystem)
        .where(and(eq(dictSystem.id, id), eq(dictSystem.category, category)));
      return row !== undefined;
    },

    /** Entries of the given dictionary categories in display order. */
    dictEntriesOf: (categories: readonly number[], tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(dictSystem)
        .where(inArray(dictSystem.category, [...categories]))
        .orderBy(asc(dictSystem.pos)),

    parts: (categoryId: number, measureType: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(measureParts)
        .where(and(eq(measureParts.categoryId, categoryId), eq(measureParts.measureType, measureType)))
        .orderBy(asc(measureParts.pos)),

    /** Names of a category's parts of one method. */
    partNames: (categoryId: number, measureType: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ id: measureParts.id, enName: measureParts.enName, zhName: measureParts.zhName })
        .from(measureParts)
        .where(and(eq(measureParts.categoryId, categoryId), eq(measureParts.measureType, measureType))),

    /** Body parts with their default and the fit's ease. */
    bodyDefaultsWithEase: (partIds: readonly number[], fitId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ id: measureParts.id, defaultValue: measureParts.defaultValue, ease: measureEases.ease })
        .from(measureParts)
        .innerJoin(measureEases, and(eq(measureEases.partId, measureParts.id), eq(measureEases.fitId, fitId)))
        .where(inArray(measureParts.id, [...partIds])),

    /** The customer's stored values of the parts. */
    storedSizes: (customerId: number, partIds: readonly number[], tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(customerSizes)
        .where(and(eq(customerSizes.customerId, customerId), inArray(customerSizes.partId, [...partIds]))),

    /**
     * The sizes (cm, by part) of a kept measurement set (issue 24) of the account's customer, or undefined
     * when the set is not that customer's or the customer not the account's.
     */
    async measureSetSizes(memberId: number, customerId: number, setId: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx)
        .select({ sizes: customerMeasureHistory.sizes })
        .from(customerMeasureHistory)
        .where(
          and(
            eq(customerMeasureHistory.id, setId),
            eq(customerMeasureHistory.customerId, customerId),
            eq(customerMeasureHistory.memberId, memberId),
          ),
        );
      return row?.sizes;
    },

    /** A category's posture specs with their details, in display order. */
    bodySpecs: (categoryId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ spec: bodySpecs, detail: bodySpecDetails })
        .from(bodySpecs)
        .innerJoin(bodySpecDetails, eq(bodySpecDetails.specId, bodySpecs.id))
        .where(eq(bodySpecs.categoryId, categoryId))
        .orderBy(asc(bodySpecs.pos), asc(bodySpecDetails.pos)),

    async bodySpecDetail(id: number, tx?: Transaction) {
      const [row] = await executorOf(db, tx).select().from(bodySpecDetails).where(eq(bodySpecDetails.id, id));
      return row;
    },

    /** The customer's posture choices. */
    specialChoices: (customerId: number, tx?: Transaction) =>
      executorOf(db, tx).select().from(customerSpecials).where(eq(customerSpecials.customerId, customerId)),

    /** The customer's posture choices in a category's specs, with the spec and the chosen detail. */
    specialBodyTypes: (customerId: number, categoryId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select({ spec: bodySpecs, detail: bodySpecDetails })
        .from(customerSpecials)
        .innerJoin(bodySpecs, eq(bodySpecs.id, customerSpecials.specId))
        .innerJoin(bodySpecDetails, eq(bodySpecDetails.id, customerSpecials.detailId))
        .where(and(eq(customerSpecials.customerId, customerId), eq(bodySpecs.categoryId, categoryId)))
        .orderBy(asc(bodySpecs.pos)),

    standardSizes: (query: { categoryId: number; sizeAreaId?: number; shapeId?: number }, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(standardSizes)
        .where(
          and(
            eq(standardSizes.categoryId, query.categoryId),
            query.sizeAreaId === undefined ? undefined : eq(standardSizes.sizeAreaId, query.sizeAreaId),
            query.shapeId === undefined ? undefined : eq(standardSizes.shapeId, query.shapeId),
          ),
        )
        .orderBy(asc(standardSizes.sizeAreaId), asc(standardSizes.pos)),

    /** The shapes and size areas a category's standard sizes use. */
    usedShapesAndAreas: (categoryId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .selectDistinct({ shapeId: standardSizes.shapeId, sizeAreaId: standardSizes.sizeAreaId })
        .from(standardSizes)
        .where(eq(standardSizes.categoryId, categoryId)),

    addProducts: (categoryId: number, tx?: Transaction) =>
      executorOf(db, tx)
        .select()
        .from(addProducts)
        .where(eq(addProducts.categoryId, categoryId))
        .orderBy(asc(addProducts.pos)),
  };
}
