import { and, count, eq, inArray } from "drizzle-orm";
import { orders } from "../db/schema.ts";
import { memberOf, ok, type OperationRequest, type RouteContext } from "./context.ts";

/** Status keys of the header badges: failed orders and orders pending review. */
export const BADGE_STATUSES = [10369, 10371] as const;

export function orderHandlers({ db }: RouteContext) {
  return {
    async failedAmount(req: OperationRequest<"failedAmount">) {
      const rows = await db.select({ statusId: orders.statusId, n: count() }).from(orders)
        .where(and(eq(orders.memberId, memberOf(req).memberId), inArray(orders.statusId, [...BADGE_STATUSES])))
        .groupBy(orders.statusId);
      const counts: Record<string, number> = Object.fromEntries(BADGE_STATUSES.map((s) => [String(s), 0]));
      for (const row of rows) counts[String(row.statusId)] = Number(row.n);
      return ok(req, counts);
    },
  };
}
