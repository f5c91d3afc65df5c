import { and, count, eq, inArray } from "drizzle-orm";
import { orders } from "../db/schema.ts";
import { translate } from "../i18n.ts";
import { finishedSizes, orderInfo, quoteOrder, saveOrder, submitOrder } from "../services/orders.ts";
import { localeOfRequest, memberOf, ok, type OperationRequest, type RouteContext } from "./context.ts";

/** Status keys of the header badges: failed orders and orders pending review. */
export const BADGE_STATUSES = [10369, 10371] as const;

export function orderHandlers({ db }: RouteContext) {
  return {
    async failedAmount(req: OperationRequest<"failedAmount">) {
      const rows = await db
        .select({ statusId: orders.statusId, n: count() })
        .from(orders)
        .where(and(eq(orders.memberId, memberOf(req).memberId), inArray(orders.statusId, [...BADGE_STATUSES])))
        .groupBy(orders.statusId);
      const counts: Record<string, number> = Object.fromEntries(BADGE_STATUSES.map((s) => [String(s), 0]));
      for (const row of rows) counts[String(row.statusId)] = Number(row.n);
      return ok(req, counts);
    },

    async saveOrder(req: OperationRequest<"saveOrder">) {
      return ok(req, await saveOrder(db, memberOf(req).memberId, req.body, localeOfRequest(req)), "order.saved");
    },

    async saveSubmitOrder(req: OperationRequest<"saveSubmitOrder">) {
      const key = req.headers["idempotency-key"];
      const result = await submitOrder(
        db,
        memberOf(req).memberId,
        req.body,
        localeOfRequest(req),
        typeof key === "string" ? key : undefined,
      );
      // The envelope succeeds (the draft was accepted); the result's sign says whether the order was paid.
      return {
        code: 0,
        message: result.sign === "success" ? result.message : translate(localeOfRequest(req), "order.submitFailed"),
        data: [result],
      };
    },

    async getOrderInfo(req: OperationRequest<"getOrderInfo">) {
      const { orderId, type } = req.query;
      return ok(
        req,
        await orderInfo(db, memberOf(req).memberId, Number(orderId), type ?? "edit", localeOfRequest(req)),
      );
    },

    async quoteOrder(req: OperationRequest<"quoteOrder">) {
      return ok(req, await quoteOrder(db, memberOf(req), req.body, localeOfRequest(req)));
    },

    async getFinishedSize(req: OperationRequest<"getFinishedSize">) {
      return ok(req, await finishedSizes(db, memberOf(req).memberId, req.body, localeOfRequest(req)));
    },
  };
}
