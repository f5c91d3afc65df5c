import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { searchCustomers } from "./service.ts";

/** The signed-in account's own customers (QO-165): never another account's. */
export function customerRoutes({ db }: RouteContext) {
  return {
    async getCust(req: OperationRequest<"getCust">) {
      const { data, total } = await searchCustomers(db, memberOf(req).memberId, req.query.keywords);
      return { ...ok(req, data), total };
    },
  };
}
