import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, envelopeOf, expectErrorEnvelope, type LoginData, startServer, type TestServer } from "./fixture.ts";

/**
 * Issue 20 §4: a session belongs to the browser, not to the tab. The refresh token lives in an httpOnly, Secure,
 * SameSite=Strict cookie sent only to the refresh call (a session cookie without remember-me, a persistent one
 * with it); the refresh call takes it from there; signing out removes it. Rotation stays single-use.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const THIRTY_DAYS = 30 * 24 * 3600;

/** The raw Set-Cookie line of one cookie, its attributes split (names lower-cased). */
function setCookie(res: LightMyRequestResponse, name: string) {
  const raw = res.headers["set-cookie"];
  const lines = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((line) => line.startsWith(`${name}=`));
  expect(lines, `one Set-Cookie for ${name}`).toHaveLength(1);
  const [pair, ...rest] = lines[0]!.split(/;\s*/);
  const attributes = new Map(
    rest.map((part) => {
      const [key, ...value] = part.split("=");
      return [key!.toLowerCase(), value.join("=")] as const;
    }),
  );
  return { value: decodeURIComponent(pair!.slice(name.length + 1)), attributes };
}

const signIn = (username: string, password: string, rememberMe?: boolean) =>
  server.app.inject({
    method: "POST",
    url: "/api/memberLogin",
    query: { username, password, ...(rememberMe === undefined ? {} : { rememberMe: String(rememberMe) }) },
  });

/** The refresh call as the browser app makes it: an empty body, the cookie along. */
const refreshByCookie = (refreshToken: string) =>
  server.app.inject({
    method: "POST",
    url: "/api/refreshToken",
    payload: {},
    cookies: { mtm_refresh: refreshToken },
  });

const authorities = (token: string) =>
  server.app.inject({ method: "GET", url: "/api/admin/memberdetail/getMemberAuthority", headers: bearer(token) });

describe("the browser's session cookie (issue 20 §4)", () => {
  it("SHELL-109 without remember-me the refresh token is a session cookie: HttpOnly, Secure, SameSite=Strict, scoped to the refresh call", async () => {
    const res = await signIn("demo", "demo1234");
    expect(res.statusCode).toBe(200);
    const { data } = envelopeOf<LoginData>(res);
    const cookie = setCookie(res, "mtm_refresh");
    expect(cookie.value).toBe(data.refreshToken);
    expect(cookie.attributes.has("httponly")).toBe(true);
    expect(cookie.attributes.has("secure")).toBe(true);
    expect(cookie.attributes.get("samesite")).toBe("Strict");
    expect(cookie.attributes.get("path")).toBe("/api/refreshToken");
    // A session cookie: it ends with the browser.
    expect(cookie.attributes.has("max-age")).toBe(false);
    expect(cookie.attributes.has("expires")).toBe(false);
    // Its hint for the page: no secret, readable by the page, the same lifetime.
    const hint = setCookie(res, "mtm_session");
    expect(hint.value).toBe("1");
    expect(hint.attributes.has("httponly")).toBe(false);
    expect(hint.attributes.has("secure")).toBe(true);
    expect(hint.attributes.get("samesite")).toBe("Strict");
    expect(hint.attributes.get("path")).toBe("/");
    expect(hint.attributes.has("max-age")).toBe(false);
  });

  it("SHELL-109 with remember-me the refresh cookie is persistent for the refresh token's lifetime", async () => {
    const res = await signIn("demo", "demo1234", true);
    expect(res.statusCode).toBe(200);
    const cookie = setCookie(res, "mtm_refresh");
    expect(cookie.attributes.get("max-age")).toBe(String(THIRTY_DAYS));
    expect(cookie.attributes.has("httponly")).toBe(true);
    expect(cookie.attributes.has("secure")).toBe(true);
    expect(cookie.attributes.get("samesite")).toBe("Strict");
    expect(setCookie(res, "mtm_session").attributes.get("max-age")).toBe(String(THIRTY_DAYS));
  });

  it("SHELL-137 D-16 the refresh call takes the token from the cookie, says whose session it is, and rotates the cookie (it stays a session cookie)", async () => {
    const login = await signIn("demo-sub1", "demo1234");
    const spent = setCookie(login, "mtm_refresh").value;
    const res = await refreshByCookie(spent);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = envelopeOf<LoginData>(res);
    expect(body.code).toBe(0);
    expect(body.data.username).toBe("demo-sub1");
    expect(body.data.isMain).toBe(false);
    expect((await authorities(body.data.token)).statusCode).toBe(200);
    const rotated = setCookie(res, "mtm_refresh");
    expect(rotated.value).toBe(body.data.refreshToken);
    expect(rotated.value).not.toBe(spent);
    expect(rotated.attributes.has("httponly")).toBe(true);
    expect(rotated.attributes.get("path")).toBe("/api/refreshToken");
    expect(rotated.attributes.has("max-age")).toBe(false);
  });

  it("SHELL-109 a remember-me session's rotated cookie stays persistent", async () => {
    const login = await signIn("acme", "acme1234", true);
    const res = await refreshByCookie(setCookie(login, "mtm_refresh").value);
    expect(res.statusCode).toBe(200);
    expect(setCookie(res, "mtm_refresh").attributes.get("max-age")).toBe(String(THIRTY_DAYS));
    expect(setCookie(res, "mtm_session").attributes.get("max-age")).toBe(String(THIRTY_DAYS));
  });

  it("SHELL-133 D-16 a spent refresh cookie used again revokes the whole family and is removed", async () => {
    const login = await signIn("acme", "acme1234");
    const first = setCookie(login, "mtm_refresh").value;
    const rotated = await refreshByCookie(first);
    const fresh = envelopeOf<LoginData>(rotated).data;
    // The spent cookie replayed (a stolen copy): RTI, and the browser is told to drop it.
    const replay = await refreshByCookie(first);
    expect(expectErrorEnvelope(replay, 401).code).toBe("RTI");
    const cleared = setCookie(replay, "mtm_refresh");
    expect(cleared.value).toBe("");
    expect(cleared.attributes.get("path")).toBe("/api/refreshToken");
    expect(new Date(cleared.attributes.get("expires")!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(setCookie(replay, "mtm_session").value).toBe("");
    // The whole family is revoked: the rotated pair is dead too.
    expect(expectErrorEnvelope(await refreshByCookie(fresh.refreshToken), 401).code).toBe("RTI");
    expect(expectErrorEnvelope(await authorities(fresh.token), 401).code).toBe("ATI");
  });

  it("D-16 two refreshes at once with the same cookie: exactly one succeeds", async () => {
    const login = await signIn("demo", "demo1234");
    const cookie = setCookie(login, "mtm_refresh").value;
    const codes = (await Promise.all([refreshByCookie(cookie), refreshByCookie(cookie)])).map(
      (r) => envelopeOf(r).code,
    );
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === "RTI")).toHaveLength(1);
  });

  it("SHELL-137 a refresh with neither a body token nor a cookie answers 400 naming the field", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/refreshToken", payload: {} });
    expect(expectErrorEnvelope(res, 400).message).toMatch(/refreshToken/);
  });

  it("SHELL-109 a browser's sign-in and refresh answers leave the refresh token out of the body: it is in the HttpOnly cookie only", async () => {
    // What a browser's fetch carries and no page script can set or remove (Fetch Metadata).
    const browser = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" };
    const login = await server.app.inject({
      method: "POST",
      url: "/api/memberLogin",
      query: { username: "demo", password: "demo1234" },
      headers: browser,
    });
    const signedIn = envelopeOf<Record<string, unknown>>(login).data;
    expect(Object.keys(signedIn).sort()).toEqual(["expiresIn", "isMain", "token", "username"]);
    const cookie = setCookie(login, "mtm_refresh").value;
    expect(JSON.stringify(envelopeOf(login))).not.toContain(cookie);

    const refresh = await server.app.inject({
      method: "POST",
      url: "/api/refreshToken",
      payload: {},
      cookies: { mtm_refresh: cookie },
      headers: browser,
    });
    const refreshed = envelopeOf<Record<string, unknown>>(refresh).data;
    expect(refreshed).not.toHaveProperty("refreshToken");
    expect(refreshed.token).toEqual(expect.any(String));
    const rotated = setCookie(refresh, "mtm_refresh").value;
    expect(rotated).not.toBe(cookie);
    expect(JSON.stringify(envelopeOf(refresh))).not.toContain(rotated);

    // A client that is not a browser still receives it (the documents' integration).
    expect(envelopeOf<LoginData>(await signIn("demo", "demo1234")).data.refreshToken).toEqual(expect.any(String));
  });

  it("SHELL-121 SHELL-083 signing out revokes the family and removes both cookies", async () => {
    const login = await signIn("demo", "demo1234", true);
    const { token } = envelopeOf<LoginData>(login).data;
    const cookie = setCookie(login, "mtm_refresh").value;
    const res = await server.app.inject({ method: "POST", url: "/api/logout", headers: bearer(token) });
    expect(envelopeOf(res).code).toBe(0);
    for (const name of ["mtm_refresh", "mtm_session"]) {
      const cleared = setCookie(res, name);
      expect(cleared.value).toBe("");
      expect(new Date(cleared.attributes.get("expires")!).getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(setCookie(res, "mtm_refresh").attributes.get("path")).toBe("/api/refreshToken");
    expect(expectErrorEnvelope(await refreshByCookie(cookie), 401).code).toBe("RTI");
  });
});
