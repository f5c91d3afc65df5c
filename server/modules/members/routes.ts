import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { findAllSubAccount, menuAuthorities } from "./service.ts";

/** The signed-in account's authorities and its sub-accounts (issue 19 §4). */
export function memberRoutes({ db }: RouteContext) {
  return {
    async getMemberAuthority(req: OperationRequest<"getMemberAuthority">) {
      return ok(req, await menuAuthorities(db, memberOf(req).memberId, req.query.authorityType ?? "MENU"));
    },

    async findAllSubAccount(req: OperationRequest<"findAllSubAccount">) {
      const containsSelf = (req.query.isContainsSelf ?? 1) === 1;
      return ok(req, await findAllSubAccount(db, memberOf(req).memberId, containsSelf));
    },
  };
}
