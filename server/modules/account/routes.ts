import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import {
  accountInfo,
  balance,
  cashDetails,
  changePassword,
  confirmTopUp,
  distribute,
  endNoLimit,
  requestTopUp,
  setMonthlyLimit,
  updateHeadImg,
  updateMemberStatus,
} from "./service.ts";

const keyOf = (req: { headers: Record<string, string | string[] | undefined> }) => {
  const key = req.headers["idempotency-key"];
  return typeof key === "string" ? key : undefined;
};

/** The account centre and the sub-accounts (issue 22). */
export function accountRoutes({ db, config }: RouteContext) {
  return {
    async getAccountInfo(req: OperationRequest<"getAccountInfo">) {
      return ok(req, await accountInfo(db, memberOf(req)));
    },
    async memberCashBalance(req: OperationRequest<"memberCashBalance">) {
      return ok(req, await balance(db, memberOf(req)));
    },
    async changePasswordByOriginalPassword(req: OperationRequest<"changePasswordByOriginalPassword">) {
      return ok(req, await changePassword(db, config, memberOf(req), req.body, req.ip), "password.changed");
    },
    async updateHeadImg(req: OperationRequest<"updateHeadImg">) {
      return ok(req, await updateHeadImg(db, memberOf(req), req.body.attachmentId));
    },
    async requestTopUp(req: OperationRequest<"requestTopUp">) {
      return ok(req, await requestTopUp(db, memberOf(req), req.body.price), "topUp.requested");
    },
    async confirmTopUp(req: OperationRequest<"confirmTopUp">) {
      return ok(req, await confirmTopUp(db, memberOf(req), req.body.id, keyOf(req)), "topUp.confirmed");
    },
    async cashDetails(req: OperationRequest<"cashDetails">) {
      return ok(req, await cashDetails(db, memberOf(req), req.query.username ?? ""));
    },
    async updateMemberStatus(req: OperationRequest<"updateMemberStatus">) {
      return ok(req, await updateMemberStatus(db, memberOf(req), req.body.username, req.body.status));
    },
    async balanceDistribution(req: OperationRequest<"balanceDistribution">) {
      return ok(req, await distribute(db, memberOf(req), req.body, keyOf(req)));
    },
    async endNoLimit(req: OperationRequest<"endNoLimit">) {
      return ok(req, await endNoLimit(db, memberOf(req), req.body.memberId));
    },
    async setMonthlyLimit(req: OperationRequest<"setMonthlyLimit">) {
      return ok(req, await setMonthlyLimit(db, memberOf(req), req.body), "monthlyLimit.set");
    },
  };
}
