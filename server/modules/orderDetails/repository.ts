import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  attachments,
  bodySpecDetails,
  bodySpecs,
  crafts,
  customers,
  dictSystem,
  orders,
  styleCrafts,
  stylePieces,
} from "../../db/schema.ts";

/** The reads of the order details page beyond the list item: everything by id, nothing written. */
export function orderDetailsRepository(db: Db) {
  return {
    /** What the details add to the list item: the stored draft, the customer's copy, the remake link. */
    async extras(orderId: number) {
      const [row] = await db
        .select({
          draft: orders.draft,
          details: orders.details,
          customerId: orders.customerId,
          orderCustomer: orders.orderCustomer,
          remakeOfId: orders.remakeOfId,
          remakeReason: orders.remakeReason,
        })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row;
    },

    async customer(customerId: number) {
      const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
      return row;
    },

    /** Codes and pictures of crafts by id. */
    async crafts(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: crafts.id, code: crafts.code, imagePath: crafts.imagePath })
        .from(crafts)
        .where(inArray(crafts.id, [...ids]));
    },

    /** File names of uploaded pictures by id. */
    async attachmentNames(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: attachments.id, name: attachments.name })
        .from(attachments)
        .where(inArray(attachments.id, [...ids]));
    },

    /** A style order's pieces by id. */
    async stylePieces(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: stylePieces.id,
          enName: stylePieces.enName,
          zhName: stylePieces.zhName,
          code: stylePieces.styleCode,
        })
        .from(stylePieces)
        .where(inArray(stylePieces.id, [...ids]));
    },

    /** A style order's crafts by id (its pieces' choices), with their names and prices. */
    async styleCrafts(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: styleCrafts.id,
          enName: styleCrafts.enName,
          zhName: styleCrafts.zhName,
          priceCents: styleCrafts.priceCents,
          pos: styleCrafts.pos,
        })
        .from(styleCrafts)
        .where(inArray(styleCrafts.id, [...ids]));
    },

    /** Posture choices by id, with the spec each belongs to. */
    async postures(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: bodySpecDetails.id,
          enName: bodySpecDetails.enName,
          zhName: bodySpecDetails.zhName,
          specEn: bodySpecs.enName,
          specZh: bodySpecs.zhName,
          pos: bodySpecs.pos,
        })
        .from(bodySpecDetails)
        .innerJoin(bodySpecs, eq(bodySpecs.id, bodySpecDetails.specId))
        .where(inArray(bodySpecDetails.id, [...ids]))
        .orderBy(asc(bodySpecs.pos), asc(bodySpecDetails.id));
    },

    /** Dictionary entries (units, size areas, statuses) by id. */
    async dictNames(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: dictSystem.id, enName: dictSystem.enName, zhName: dictSystem.zhName })
        .from(dictSystem)
        .where(inArray(dictSystem.id, [...ids]));
    },

    /** An order's id, code and owner. */
    async orderRef(orderId: number) {
      const [row] = await db
        .select({ id: orders.id, orderCode: orders.orderCode, memberId: orders.memberId })
        .from(orders)
        .where(eq(orders.id, orderId));
      return row;
    },

    /** The orders made as remakes of an order. */
    async remakesOf(orderId: number) {
      return db
        .select({ id: orders.id, orderCode: orders.orderCode, memberId: orders.memberId })
        .from(orders)
        .where(eq(orders.remakeOfId, orderId))
        .orderBy(asc(orders.id));
    },
  };
}
