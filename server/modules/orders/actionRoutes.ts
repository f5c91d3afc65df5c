import { localeOfRequest, memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import {
  askUrgent,
  cancelOrder,
  orderFormula,
  orderIdParam,
  orderTimeline,
  preCommitOrder,
  updateRemark,
} from "./actions.ts";

/** Issue 12's order actions: cancel with refund, pre-commit, the formula and the timeline; no SQL here. */
export function orderActionRoutes({ db }: RouteContext) {
  return {
    async canceMtmOrder(req: OperationRequest<"canceMtmOrder">) {
      // PROD-056: the Idempotency-Key (optional, checked by the contract) is one per user action, kept across retries.
      const key = req.headers["idempotency-key"];
      const orderId = orderIdParam(req.query.orderId);
      const data = await cancelOrder(db, memberOf(req).memberId, orderId, typeof key === "string" ? key : undefined);
      return ok(req, data, "order.cancelled");
    },

    async preCommit(req: OperationRequest<"preCommit">) {
      const data = await preCommitOrder(db, memberOf(req).memberId, orderIdParam(req.params.id));
      return ok(req, data, "order.preCommitted");
    },

    async getOrderFormula(req: OperationRequest<"getOrderFormula">) {
      return ok(req, await orderFormula(db, memberOf(req).memberId, orderIdParam(req.params.id), localeOfRequest(req)));
    },

    async askUrgent(req: OperationRequest<"askUrgent">) {
      const data = await askUrgent(db, memberOf(req).memberId, orderIdParam(req.params.id), req.body.reason);
      return ok(req, data, "order.urgentAsked");
    },

    async updateRemark(req: OperationRequest<"updateRemark">) {
      const data = await updateRemark(db, memberOf(req).memberId, orderIdParam(req.body.orderId), req.body.remark);
      return ok(req, data, "order.remarkSaved");
    },

    async orderTimeline(req: OperationRequest<"orderTimeline">) {
      const orderId = orderIdParam(req.query.orderId);
      return ok(req, await orderTimeline(db, memberOf(req).memberId, orderId, localeOfRequest(req)));
    },
  };
}
