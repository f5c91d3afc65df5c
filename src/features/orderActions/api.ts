import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/envelope.ts";
import { currentLocale } from "../../app/i18n.ts";

/** The calls of the order actions (issue 12): cancel with refund, pre-commit, the formula, the timeline. */

/** PROD-056: cancels an order under `key` (one per user action, the same for its retries). */
export async function cancelOrder(orderId: string, key: string) {
  return unwrap(
    await api.GET("/pc/order/canceMtmOrder", {
      params: { query: { orderId }, header: { "Idempotency-Key": key } },
    }),
  );
}

/** PROD-055: pre-commits an order. */
export async function preCommitOrder(orderId: string) {
  return unwrap(await api.POST("/pc/order/preCommit/{id}", { params: { path: { id: orderId } } }));
}

/** The read of an order's formula; names are translated, so the key carries the locale. (The timeline comes with the details.) */
export const orderActionQueries = {
  // PROD-054
  formula: (orderId: string) =>
    queryOptions({
      queryKey: ["orderFormula", orderId, currentLocale()],
      queryFn: async () => {
        const formula = unwrap(await api.GET("/pc/order/getOrderFormula/{id}", { params: { path: { id: orderId } } }));
        if (!formula) throw new Error("getOrderFormula answered no formula");
        return formula;
      },
    }),
};

/** PROD-005: asks for urgent production of an order, with the reason. */
export async function askUrgent(orderId: string, reason: string) {
  return unwrap(await api.POST("/pc/order/urgent/{id}", { params: { path: { id: orderId } }, body: { reason } }));
}

/** PROD-007: stores an order's note. */
export async function updateRemark(orderId: string, remark: string) {
  return unwrap(await api.POST("/pc/order/updateRemark", { body: { orderId, remark } }));
}

/** The order's timeline (PROD-005: whether urgent production was asked already); status names are translated. */
export const timelineQuery = (orderId: string) =>
  queryOptions({
    queryKey: ["orderTimeline", orderId, currentLocale()],
    queryFn: async () => unwrap(await api.GET("/pc/order/timeline", { params: { query: { orderId } } })),
  });
