import type { FastifyReply } from "fastify";
import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { sessionService } from "./service.ts";
import { DEVICE_COOKIE_PATH, deviceCookieName } from "./trustedDevice.ts";

/** Sign-in, token refresh and sign-out (the menu authorities are the members module's). */
export function sessionRoutes({ db, config }: RouteContext) {
  const session = sessionService(db, config);
  return {
    async memberLogin(req: OperationRequest<"memberLogin">, reply: FastifyReply) {
      const { username, password } = req.query;
      const cookie = deviceCookieName(username);
      const { session: pair, deviceToken } = await session.login(username, password, req.ip, req.cookies[cookie]);
      // The browser becomes (or stays) a trusted device of the account: see loginThrottle.ts.
      reply.setCookie(cookie, deviceToken, {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: "strict",
        secure: "auto",
        maxAge: config.trustedDeviceTtlSeconds,
      });
      // Issue 20 §4d(f): an answer carrying tokens is never stored by a browser or a proxy.
      reply.header("Cache-Control", "no-store");
      return ok(req, pair, "login.success");
    },

    async refreshToken(req: OperationRequest<"refreshToken">, reply: FastifyReply) {
      const pair = await session.refresh(req.body.refreshToken);
      reply.header("Cache-Control", "no-store");
      return ok(req, pair);
    },

    async logout(req: OperationRequest<"logout">) {
      await session.logout(memberOf(req).familyId);
      return ok(req, null, "logout.success");
    },
  };
}
