import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { sessionService } from "./service.ts";

/** Sign-in, token refresh, sign-out and the menu authorities. */
export function sessionRoutes({ db, config }: RouteContext) {
  const session = sessionService(db, config);
  return {
    async memberLogin(req: OperationRequest<"memberLogin">) {
      const { username, password } = req.query;
      return ok(req, await session.login(username, password, req.ip), "login.success");
    },

    async refreshToken(req: OperationRequest<"refreshToken">) {
      return ok(req, await session.refresh(req.body.refreshToken));
    },

    async logout(req: OperationRequest<"logout">) {
      await session.logout(memberOf(req).familyId);
      return ok(req, null, "logout.success");
    },

    async getMemberAuthority(req: OperationRequest<"getMemberAuthority">) {
      return ok(req, await session.menuAuthorities(memberOf(req).memberId, req.query.authorityType ?? "MENU"));
    },
  };
}
