import { translate } from "../../i18n.ts";
import { localeOfRequest, memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { badgeCounts, finishedSizes, orderInfo, quoteOrder, saveOrder, submitOrder } from "./service.ts";
import { pushOrder, singleOrderId } from "./push.ts";

/** The orders area's handlers: read the request, call the service, wrap the answer; no SQL here. */
export function orderRoutes({ db }: RouteContext) {
  return {
    async failedAmount(req: OperationRequest<"failedAmount">) {
      return ok(req, await badgeCounts(db, memberOf(req).memberId));
    },

    async saveOrder(req: OperationRequest<"saveOrder">) {
      return ok(req, await saveOrder(db, memberOf(req).memberId, req.body, localeOfRequest(req)), "order.saved");
    },

    async saveSubmitOrder(req: OperationRequest<"saveSubmitOrder">) {
      // Idempotency-Key (optional, checked by the contract): one per user action, kept across its retries.
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

    async pushOrder(req: OperationRequest<"pushOrder">) {
      // CART-046: one order per call, paid once per Idempotency-Key (one key per order of the queue).
      const key = req.headers["idempotency-key"];
      const locale = localeOfRequest(req);
      const orderId = singleOrderId(req.query.orderIds);
      const data = await pushOrder(
        db,
        memberOf(req).memberId,
        orderId,
        locale,
        typeof key === "string" ? key : undefined,
      );
      // The envelope succeeds (the call was understood); the order's code and sign say whether it was paid.
      const paid = Object.values(data).every((outcome) => outcome.code === 0);
      return { code: 0, message: translate(locale, paid ? "order.submitted" : "order.submitFailed"), data };
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
