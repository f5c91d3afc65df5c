import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Issue 20 §4: a session belongs to the browser, not to the tab. The refresh token travels in an httpOnly,
 * Secure, SameSite=Strict cookie sent only to the refresh call (its path), so every tab of the browser can
 * start from it and JavaScript never holds it; the access token stays in each tab's memory. Without
 * remember-me it is a session cookie (it ends with the browser), with it a persistent one (the refresh
 * token's lifetime, renewed at each rotation). Browsers treat http://localhost as secure, so Secure holds
 * in development and tests too.
 *
 * Beside it, `mtm_session` (readable by the page, no secret in it: "1") says that a session cookie exists,
 * with the same lifetime, so a tab opened without a session does not ask the server for one in vain.
 */
export const REFRESH_COOKIE = "mtm_refresh";
export const REFRESH_COOKIE_PATH = "/api/refreshToken";
export const SESSION_HINT_COOKIE = "mtm_session";

const attributes = (path: string, httpOnly: boolean, maxAge: number | undefined) => ({
  path,
  httpOnly,
  secure: true,
  sameSite: "strict" as const,
  ...(maxAge === undefined ? {} : { maxAge }),
});

/** Sets the refresh cookie and its hint: persistent (`maxAgeSeconds`) with remember-me, else for the browser's life. */
export function setSessionCookies(reply: FastifyReply, refreshToken: string, maxAgeSeconds: number | undefined) {
  reply.setCookie(REFRESH_COOKIE, refreshToken, attributes(REFRESH_COOKIE_PATH, true, maxAgeSeconds));
  reply.setCookie(SESSION_HINT_COOKIE, "1", attributes("/", false, maxAgeSeconds));
}

/** Removes both (sign-out, a refresh refused): the same names and paths, expired. */
export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, attributes(REFRESH_COOKIE_PATH, true, undefined));
  reply.clearCookie(SESSION_HINT_COOKIE, attributes("/", false, undefined));
}

/** The refresh token of the request's cookie, if it carries one. */
export const refreshCookieOf = (req: FastifyRequest): string | undefined => req.cookies[REFRESH_COOKIE] || undefined;
