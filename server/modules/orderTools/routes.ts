import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { orderCostDetail, orderCustomer, pushOrderCost, updateOrderCustomer, type ToolsCaller } from "./service.ts";

const callerOf = (req: Parameters<typeof memberOf>[0]): ToolsCaller => ({
  memberId: memberOf(req).memberId,
  locale: req.locale,
});

/** The consumption query and the order customer edit of an order (issue 12). */
export function orderToolsRoutes({ db }: RouteContext) {
  return {
    async pushOrderCost(req: OperationRequest<"pushOrderCost">) {
      return ok(req, await pushOrderCost(db, callerOf(req), req.body), "orderTools.queried");
    },

    async getOrderCostDetail(req: OperationRequest<"getOrderCostDetail">) {
      return ok(req, await orderCostDetail(db, callerOf(req), req.query.orderCode));
    },

    async getOrderCustomerById(req: OperationRequest<"getOrderCustomerById">) {
      return ok(req, await orderCustomer(db, callerOf(req), req.query.id));
    },

    async updateOrderCustomerById(req: OperationRequest<"updateOrderCustomerById">) {
      return ok(req, await updateOrderCustomer(db, callerOf(req), req.body), "orderTools.customerSaved");
    },
  };
}
