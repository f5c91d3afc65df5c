/**
 * The transport (the refresh queue behind the one API client) against the REAL server: a copy of the
 * seeded database (tests/server/fixture.ts), Fastify listening on a free port. Tokens are expired on
 * demand in the database (the test hooks of server/modules/session/tokens.ts), never by waiting for a
 * lifetime. The transport's hooks are implemented by a real session actor, as in the app; its refresh
 * actor calls POST /api/refreshToken through a second, plain client.
 */
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import createClient from "openapi-fetch";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { sessionMachine, type Tokens } from "../../machines/session/session.machine.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";
import type { paths } from "../../openapi/portal";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { startServer, type TestServer } from "../server/fixture.ts";
import { TEST_PASSWORD_COST } from "../setup/seededDatabase.ts";
import { expireAccessToken, expireRefreshToken } from "../../server/modules/session/tokens.ts";
import { createApiClient } from "../../src/api/client.ts";
import { isSuccessCode, unwrap } from "../../src/api/envelope.ts";
import { REQUEST_TIMEOUT_MS, createTransport, type TransportHooks } from "../../src/api/transport.ts";

const realFetch: typeof fetch = globalThis.fetch.bind(globalThis);

let server: TestServer;
const apps: FastifyInstance[] = [];
/** Base URL of the server whose sign-in locks an account after two failures. */
let baseUrl: string;
/** Base URL of a second server on the same database with the default limits. */
let longLivedBaseUrl: string;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
}

beforeAll(async () => {
  // The seeded copy and its test password cost, as every server test has: a database seeded here, with
  // production's password cost, made this file cost three times its tests.
  server = await startServer({ LOGIN_MAX_FAILURES_PER_ACCOUNT: "2" });
  baseUrl = await listen(server.app);
  const second = await buildApp({
    db: server.db,
    config: readConfig({ STATIC_DIR: "/nonexistent", PASSWORD_SCRYPT_LOG2_N: String(TEST_PASSWORD_COST.log2N) }),
    logger: false,
  });
  apps.push(second);
  longLivedBaseUrl = await listen(second);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await server?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A base fetch that records every request the transport (or the plain client) sends. */
function recordingFetch(inner: typeof fetch = realFetch) {
  const requests: Request[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    requests.push(request);
    return inner(request);
  }) as typeof fetch;
  const to = (path: string) => requests.filter((r) => new URL(r.url).pathname === `/api${path}`);
  return { fetch: fetchFn, requests, to, count: (path: string) => to(path).length };
}

const plainClient = (url: string, fetchFn: typeof fetch = realFetch) =>
  createClient<paths>({ baseUrl: url, fetch: fetchFn });

/**
 * createApiClient(hooks, baseUrl) builds its transport with the default base fetch
 * (globalThis.fetch at creation time); the recording fetch is put there while it is created.
 */
function apiClientWith(hooks: TransportHooks, url: string, baseFetch: typeof fetch) {
  const original = globalThis.fetch;
  globalThis.fetch = baseFetch;
  try {
    return createApiClient(hooks, url);
  } finally {
    globalThis.fetch = original;
  }
}

/** The pair a sign-in answers (the browser keeps the refresh token as its cookie, issue 20 §4). */
interface LoginPair {
  token: string;
  refreshToken: string;
}

async function memberLogin(url: string, username = "demo", password = "demo1234"): Promise<LoginPair> {
  const data = unwrap(await plainClient(url).POST("/memberLogin", { params: { query: { username, password } } }));
  // A client that is not a browser receives the refresh token in the body (issue 20 §4).
  return { token: data.token, refreshToken: data.refreshToken! };
}

/**
 * Signs in for real, then runs the app's wiring: a session actor restored with the tokens, and the
 * API client whose transport hooks read from and report to it.
 */
async function signedInApp(opts: { url?: string; locale?: "en" | "zh" } = {}) {
  const url = opts.url ?? baseUrl;
  const net = recordingFetch();
  const tokens = await memberLogin(url);
  const refreshClient = plainClient(url, net.fetch);
  // The browser's cookie jar: the refresh token each refresh sends and each rotation replaces (issue 20 §4).
  let jar = tokens.refreshToken;
  const machine = sessionMachine.provide({
    actors: {
      refresh: fromPromise<Tokens, { username: string }>(async () => {
        const data = unwrap(await refreshClient.POST("/refreshToken", { body: { refreshToken: jar } }));
        jar = data.refreshToken!;
        return { token: data.token };
      }),
    },
  });
  const actor = createActor(machine, {
    input: { restored: { tokens: { token: tokens.token }, username: "demo", authorities: [], remember: false } },
  });
  const emitted: string[] = [];
  actor.on("sessionEnded", (e) => emitted.push(e.type));
  actor.start();
  const sessionEnded: string[] = [];
  const httpErrors: string[] = [];
  let locale: "en" | "zh" = opts.locale ?? "en";
  const refreshing = () => actor.getSnapshot().matches({ signedIn: { token: "refreshing" } });
  const hooks: TransportHooks = {
    getToken: () => actor.getSnapshot().context.session?.tokens.token ?? null,
    getLocale: () => locale,
    isRefreshing: refreshing,
    whenRefreshed: async () => {
      await waitFor(actor, (s) => !s.matches({ signedIn: { token: "refreshing" } }), { timeout: Infinity });
    },
    async refresh() {
      actor.send({ type: "api.tokenExpired" });
      await hooks.whenRefreshed();
    },
    sessionEnded(message) {
      sessionEnded.push(message);
      actor.send({ type: "api.sessionEnded", message });
    },
    httpError: (message) => httpErrors.push(message),
  };
  const api = apiClientWith(hooks, url, net.fetch);
  return {
    api,
    actor,
    net,
    tokens,
    hooks,
    sessionEnded,
    httpErrors,
    emitted,
    jar: () => jar,
    setLocale: (l: "en" | "zh") => (locale = l),
  };
}

describe("transport headers", () => {
  it("API-002 each request carries Authorization: Bearer <the stored token>", async () => {
    const app = await signedInApp();
    const result = await app.api.GET("/pc/order/failedAmount");
    expect(unwrap(result)).toEqual({ "10369": 2, "10371": 3 });
    const [first] = app.net.to("/pc/order/failedAmount");
    expect(first?.headers.get("Authorization")).toBe(`Bearer ${app.tokens.token}`);
    expect(app.sessionEnded).toEqual([]);
    expect(app.httpErrors).toEqual([]);
  });

  it("API-003 each request carries Accept-Language from the locale; the server answers in zh", async () => {
    const app = await signedInApp({ locale: "zh" });
    const zh = await app.api.GET("/pc/dictsystem/listDictSystem", { params: { query: { category: 7 } } });
    expect(zh.data?.message).toBe("成功");
    expect(unwrap(zh)[0]?.name).toBe("简易订单");
    expect(app.net.to("/pc/dictsystem/listDictSystem").at(-1)?.headers.get("Accept-Language")).toBe("zh");

    app.setLocale("en");
    const en = await app.api.GET("/pc/dictsystem/listDictSystem", { params: { query: { category: 7 } } });
    expect(en.data?.message).toBe("Success");
    expect(unwrap(en)[0]?.name).toBe("Simple Order");
    expect(app.net.to("/pc/dictsystem/listDictSystem").at(-1)?.headers.get("Accept-Language")).toBe("en");
  });

  it("API-004 the timeout is 600000 ms and the request given to the base fetch follows its AbortSignal", async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(600_000);
    const timer = new AbortController();
    const timeout = vi.spyOn(AbortSignal, "timeout").mockImplementation(() => timer.signal);
    const app = await signedInApp();
    const result = await app.api.GET("/pc/banner");
    expect(result.response.status).toBe(200);
    expect(timeout).toHaveBeenCalledWith(600_000);
    expect(timeout.mock.calls.every(([ms]) => ms === REQUEST_TIMEOUT_MS)).toBe(true);
    const [sent] = app.net.to("/pc/banner");
    expect(sent?.signal.aborted).toBe(false);
    timer.abort(new DOMException("timed out", "TimeoutError"));
    expect(sent?.signal.aborted).toBe(true);
  });

  it("API-004 a request whose timeout fires fails with a NetworkError", async () => {
    vi.spyOn(AbortSignal, "timeout").mockImplementation(() =>
      AbortSignal.abort(new DOMException("The operation timed out", "TimeoutError")),
    );
    const app = await signedInApp();
    await expect(app.api.GET("/pc/banner")).rejects.toBeInstanceOf(NetworkError);
    expect(app.httpErrors).toEqual([]);
    expect(app.sessionEnded).toEqual([]);
  });
});

describe("token refresh queue", () => {
  it("SHELL-129 SHELL-130 D-16 after the access token expires, three concurrent calls all succeed with exactly ONE refresh", async () => {
    const app = await signedInApp();
    await expireAccessToken(server.db, app.tokens.token);
    const results = await Promise.all([
      app.api.GET("/pc/order/failedAmount"),
      app.api.GET("/pc/order/failedAmount"),
      app.api.GET("/pc/order/failedAmount"),
    ]);
    for (const result of results) {
      expect(result.response.status).toBe(200);
      expect(unwrap(result)).toEqual({ "10369": 2, "10371": 3 });
    }
    expect(app.net.count("/refreshToken")).toBe(1);
    // Each call was sent once with the expired token (ATE) and retried once with the new one.
    const sent = app.net.to("/pc/order/failedAmount").map((r) => r.headers.get("Authorization"));
    const fresh = app.actor.getSnapshot().context.session!.tokens;
    expect(fresh.token).not.toBe(app.tokens.token);
    expect(app.jar()).not.toBe(app.tokens.refreshToken);
    expect(sent).toEqual([...Array(3).fill(`Bearer ${app.tokens.token}`), ...Array(3).fill(`Bearer ${fresh.token}`)]);
    expect(app.actor.getSnapshot().matches({ signedIn: { token: "valid" } })).toBe(true);
    expect(app.sessionEnded).toEqual([]);
    expect(app.httpErrors).toEqual([]);
  });

  it("SHELL-130 a call made while the refresh runs waits for it and is sent once, with the new token", async () => {
    const app = await signedInApp();
    await expireAccessToken(server.db, app.tokens.token);
    const first = app.api.GET("/pc/order/failedAmount");
    await waitFor(app.actor, (s) => s.matches({ signedIn: { token: "refreshing" } }));
    const queued = app.api.GET("/pc/banner");
    const [a, b] = await Promise.all([first, queued]);
    expect(a.response.status).toBe(200);
    expect(b.response.status).toBe(200);
    const fresh = app.actor.getSnapshot().context.session!.tokens.token;
    expect(app.net.to("/pc/banner").map((r) => r.headers.get("Authorization"))).toEqual([`Bearer ${fresh}`]);
    expect(app.net.count("/refreshToken")).toBe(1);
  });

  it("SHELL-133 SHELL-134 D-16 a reused refresh token: the refresh answers RTI, the session ends and the family is revoked", async () => {
    const app = await signedInApp();
    // Someone else spends the session's refresh token first: the actor's copy is now stale.
    const stolen = unwrap(
      await plainClient(baseUrl).POST("/refreshToken", { body: { refreshToken: app.tokens.refreshToken } }),
    );
    await expireAccessToken(server.db, app.tokens.token);
    const result = await app.api.GET("/pc/order/failedAmount");
    expect(app.net.count("/refreshToken")).toBe(1);
    const snap = await waitFor(app.actor, (s) => s.matches("signedOut"));
    expect(snap.context.session).toBeNull();
    expect(snap.context.notice).toEqual({ key: "server", text: "Your session has ended, please sign in again" });
    expect(app.emitted).toEqual(["sessionEnded"]);
    // The session machine reported the end itself; the transport does not report it a second time.
    expect(result.response.status).toBe(401);
    expect(app.sessionEnded).toEqual([]);
    expect(app.httpErrors).toEqual([]);
    // The whole family is revoked: even the thief's fresh pair is refused.
    const thief = await plainClient(baseUrl).GET("/pc/order/failedAmount", {
      headers: { Authorization: `Bearer ${stolen.token}` },
    });
    expect(thief.error?.code).toBe("ATI");
    const thiefRefresh = await plainClient(baseUrl).POST("/refreshToken", {
      body: { refreshToken: stolen.refreshToken },
    });
    expect(thiefRefresh.error?.code).toBe("RTI");
  });

  it("SHELL-131 an expired refresh token: the refresh answers RTE and the session ends with its message", async () => {
    const app = await signedInApp();
    await expireAccessToken(server.db, app.tokens.token);
    await expireRefreshToken(server.db, app.tokens.refreshToken);
    const result = await app.api.GET("/pc/order/failedAmount");
    expect(result.response.status).toBe(401);
    expect(app.net.count("/refreshToken")).toBe(1);
    const snap = await waitFor(app.actor, (s) => s.matches("signedOut"));
    expect(snap.context.notice).toEqual({ key: "server", text: "Your session has expired, please sign in again" });
    expect(app.emitted).toEqual(["sessionEnded"]);
    expect(app.sessionEnded).toEqual([]);
  });

  it("SHELL-132 SHELL-134 an invalid access token (ATI, HTTP 401) ends the session with the server message and no refresh", async () => {
    const app = await signedInApp({ locale: "zh", url: longLivedBaseUrl });
    // Signing out elsewhere revokes the token family.
    unwrap(
      await plainClient(longLivedBaseUrl).POST("/logout", { headers: { Authorization: `Bearer ${app.tokens.token}` } }),
    );
    const result = await app.api.GET("/pc/order/failedAmount");
    expect(result.response.status).toBe(401);
    expect(result.error?.code).toBe("ATI");
    expect(app.sessionEnded).toEqual(["未登录或登录已失效"]);
    expect(app.net.count("/refreshToken")).toBe(0);
    const snap = app.actor.getSnapshot();
    expect(snap.value).toEqual({ signedOut: "idle" });
    expect(snap.context.notice).toEqual({ key: "server", text: "未登录或登录已失效" });
    expect(app.emitted).toEqual(["sessionEnded"]);
    expect(app.httpErrors).toEqual([]);
  });
});

describe("HTTP errors", () => {
  it("SHELL-135 an HTTP error other than 401 (400) calls httpError with the server message", async () => {
    const app = await signedInApp();
    const result = await app.api.GET("/pc/dictsystem/listDictSystem", {
      params: { query: { category: "abc" as unknown as number } },
    });
    expect(result.response.status).toBe(400);
    const message = result.error?.message;
    expect(message).toMatch(/category/);
    expect(app.httpErrors).toEqual([message]);
    expect(app.sessionEnded).toEqual([]);
    expect(app.actor.getSnapshot().matches("signedIn")).toBe(true);
  });

  it("SHELL-135 a 404 from the API calls httpError too", async () => {
    const app = await signedInApp();
    const transport = createTransport(app.hooks, app.net.fetch);
    const response = await transport(new Request(`${baseUrl}/no/such/call`));
    expect(response.status).toBe(404);
    expect(app.httpErrors).toEqual(["No such API: GET /api/no/such/call"]);
    expect(app.sessionEnded).toEqual([]);
  });

  it("SHELL-136 a failing memberLogin (refused, invalid, locked) never calls httpError or sessionEnded and sends no token", async () => {
    const app = await signedInApp();
    const refused = await app.api.POST("/memberLogin", { params: { query: { username: "ghost", password: "wrong" } } });
    expect(refused.response.status).toBe(200);
    expect(() => unwrap(refused)).toThrow(ApiError);
    const invalid = await app.api.POST("/memberLogin", { params: { query: { username: "ghost", password: "" } } });
    expect(invalid.response.status).toBe(400);
    // LOGIN_MAX_FAILURES_PER_ACCOUNT = 2: the second failure locks the account.
    await app.api.POST("/memberLogin", { params: { query: { username: "ghost", password: "wrong" } } });
    const locked = await app.api.POST("/memberLogin", { params: { query: { username: "ghost", password: "wrong" } } });
    expect(locked.response.status).toBe(429);
    expect(app.httpErrors).toEqual([]);
    expect(app.sessionEnded).toEqual([]);
    expect(app.actor.getSnapshot().matches("signedIn")).toBe(true);
    const sent = app.net.to("/memberLogin");
    expect(sent).toHaveLength(4);
    for (const request of sent) expect(request.headers.get("Authorization")).toBeNull();
  });

  it("SHELL-136 a refused refreshToken call through the transport does not end the session by itself", async () => {
    const app = await signedInApp();
    const result = await app.api.POST("/refreshToken", { body: { refreshToken: "not-a-token" } });
    expect(result.response.status).toBe(401);
    expect(result.error?.code).toBe("RTI");
    expect(app.sessionEnded).toEqual([]);
    expect(app.httpErrors).toEqual([]);
  });
});

describe("network failures and envelopes", () => {
  const hooks: TransportHooks = {
    getToken: () => "t",
    getLocale: () => "en",
    isRefreshing: () => false,
    whenRefreshed: async () => {},
    refresh: async () => {},
    sessionEnded: () => {
      throw new Error("sessionEnded must not be called");
    },
    httpError: () => {
      throw new Error("httpError must not be called");
    },
  };

  it("a base fetch that throws becomes a NetworkError", async () => {
    const failing = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    const client = createClient<paths>({ baseUrl, fetch: createTransport(hooks, failing) });
    const call = client.GET("/pc/banner");
    await expect(call).rejects.toBeInstanceOf(NetworkError);
    await expect(client.GET("/pc/banner")).rejects.toThrow("fetch failed");
  });

  it("a server that cannot be reached (connection refused) becomes a NetworkError", async () => {
    const closed = await buildApp({
      db: server.db,
      config: readConfig({ STATIC_DIR: "/nonexistent" }),
      logger: false,
    });
    await closed.listen({ port: 0, host: "127.0.0.1" });
    const port = (closed.server.address() as AddressInfo).port;
    await closed.close();
    const client = createClient<paths>({
      baseUrl: `http://127.0.0.1:${port}/api`,
      fetch: createTransport(hooks, realFetch),
    });
    await expect(client.GET("/pc/banner")).rejects.toBeInstanceOf(NetworkError);
  });

  it('API-006 code 0 as a number or the string "0" is success; anything else is not', () => {
    expect(isSuccessCode(0)).toBe(true);
    expect(isSuccessCode("0")).toBe(true);
    for (const code of [1, "1", 1001, "ATE", "", null, undefined, false, "00"]) expect(isSuccessCode(code)).toBe(false);
  });

  it('API-006 unwrap accepts a string "0" envelope and returns its data', () => {
    const response = new Response(null, { status: 200 });
    expect(unwrap({ data: { code: "0", message: "ok", data: [1, 2] }, response })).toEqual([1, 2]);
  });

  it("API-006 API-005 unwrap throws an ApiError with the server's message on a non-zero code", async () => {
    const refused = await plainClient(baseUrl).POST("/memberLogin", {
      params: { query: { username: "nobody", password: "wrong" } },
      headers: { "Accept-Language": "zh" },
    });
    expect(refused.response.status).toBe(200);
    let error: unknown;
    try {
      unwrap(refused);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1001, message: "用户名或密码错误", httpStatus: 200 });
  });

  it("API-005 unwrap of an HTTP error answer carries the code, message and status", async () => {
    const bad = await plainClient(baseUrl).GET("/pc/dictsystem/listDictSystem", {
      params: { query: { category: "abc" as unknown as number } },
    });
    expect(bad.response.status).toBe(400);
    let error: unknown;
    try {
      unwrap(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, httpStatus: 400, message: bad.error?.message });
    expect(bad.error?.message).toMatch(/category/);
  });
});
