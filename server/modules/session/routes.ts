import type { FastifyReply, FastifyRequest } from "fastify";
import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { sessionService } from "./service.ts";
import { DEVICE_COOKIE_PATH, deviceCookieName } from "./trustedDevice.ts";
import { clearSessionCookies, refreshCookieOf, setSessionCookies } from "./sessionCookie.ts";
import { AppError } from "../../errors.ts";

/** A refresh without a refresh token, worded by the error mapper like the schema's `required`. */
const missingRefreshToken = () =>
  Object.assign(new Error("must have required property 'refreshToken'"), {
    statusCode: 400,
    validationContext: "body",
    validation: [
      { keyword: "required", instancePath: "", params: { missingProperty: "refreshToken" }, message: "required" },
    ],
  });

/**
 * Issue 20 §4: a request a browser makes carries Fetch Metadata (`Sec-Fetch-Site`, a header no page script
 * can set or remove). Such a caller keeps its refresh token in the HttpOnly cookie only: the answer's body
 * leaves it out, so a script running in the page (an injected one included) never sees it. Other clients
 * (scripts, integrations) get it in the body as the documents describe.
 */
function forCaller<T extends { refreshToken: string }>(req: FastifyRequest, pair: T) {
  if (req.headers["sec-fetch-site"] === undefined) return pair;
  const { refreshToken: _inCookieOnly, ...rest } = pair;
  return rest;
}

/** Sign-in, token refresh and sign-out (the menu authorities are the members module's). */
export function sessionRoutes({ db, config }: RouteContext) {
  const session = sessionService(db, config);
  return {
    async memberLogin(req: OperationRequest<"memberLogin">, reply: FastifyReply) {
      const { username, password, rememberMe = false } = req.query;
      const cookie = deviceCookieName(username);
      const { session: pair, deviceToken } = await session.login(
        username,
        password,
        req.ip,
        req.cookies[cookie],
        rememberMe,
      );
      // The browser becomes (or stays) a trusted device of the account: see loginThrottle.ts.
      reply.setCookie(cookie, deviceToken, {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: "strict",
        secure: "auto",
        maxAge: config.trustedDeviceTtlSeconds,
      });
      // Issue 20 §4: the browser's session (every tab's), in the refresh cookie.
      setSessionCookies(reply, pair.refreshToken, rememberMe ? config.refreshTokenTtlSeconds : undefined);
      // Issue 20 §4d(f): an answer carrying tokens is never stored by a browser or a proxy.
      reply.header("Cache-Control", "no-store");
      return ok(req, forCaller(req, pair), "login.success");
    },

    /** The refresh token of the body, or else of the browser's cookie (issue 20 §4); the cookie follows the rotation. */
    async refreshToken(req: OperationRequest<"refreshToken">, reply: FastifyReply) {
      reply.header("Cache-Control", "no-store");
      const fromCookie = req.body.refreshToken === undefined;
      const refreshToken = req.body.refreshToken ?? refreshCookieOf(req);
      // Neither in the body nor in a cookie: refused as the body's missing field (SHELL-137).
      if (refreshToken === undefined) throw missingRefreshToken();
      try {
        const rotation = await session.refresh(refreshToken);
        const { pair, username, isMain, remember } = rotation;
        setSessionCookies(reply, pair.refreshToken, remember ? config.refreshTokenTtlSeconds : undefined);
        return ok(req, forCaller(req, { ...pair, username, isMain }));
      } catch (error) {
        // A cookie that can no longer be used (spent, revoked, expired) is removed, so no tab tries it again.
        if (fromCookie && error instanceof AppError) clearSessionCookies(reply);
        throw error;
      }
    },

    /** Revokes the session's family and removes the browser's cookie: every tab is signed out (issue 20 §4). */
    async logout(req: OperationRequest<"logout">, reply: FastifyReply) {
      await session.logout(memberOf(req).familyId);
      clearSessionCookies(reply);
      return ok(req, null, "logout.success");
    },
  };
}
