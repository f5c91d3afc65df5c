import { createHash } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokens, refreshTokens, tokenFamilies } from "../../server/db/schema.ts";
import { menuAuthorities } from "../../server/db/seed.ts";
import { operations, type Operation } from "./fuzzContract.ts";
import {
  bearer,
  envelopeOf,
  expectErrorEnvelope,
  login,
  loginRequest,
  startServer,
  type LoginData,
  type TestServer,
} from "./fixture.ts";

/** Sign-in, token rotation, sign-out and authorities on a server with the default limits. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const authorities = (token: string, query: Record<string, string> = {}) =>
  server.app.inject({
    method: "GET",
    url: "/api/admin/memberdetail/getMemberAuthority",
    query,
    headers: bearer(token),
  });
const refresh = (refreshToken: string) =>
  server.app.inject({ method: "POST", url: "/api/refreshToken", payload: { refreshToken } });

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

async function issuedCounts() {
  const [families] = await server.db.select({ n: count() }).from(tokenFamilies);
  const [access] = await server.db.select({ n: count() }).from(accessTokens);
  const [refreshRows] = await server.db.select({ n: count() }).from(refreshTokens);
  return { families: Number(families!.n), access: Number(access!.n), refresh: Number(refreshRows!.n) };
}

describe("memberLogin", () => {
  it("SHELL-120 SHELL-110 SHELL-128 memberLogin takes username and password as query parameters and answers code 0 with a token pair and 'Login success'", async () => {
    const res = await loginRequest(server.app, "demo", "demo1234");
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<LoginData>(res);
    expect(body.code).toBe(0);
    expect(body.message).toBe("Login success");
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(body.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(body.data.refreshToken).not.toBe(body.data.token);
    expect(body.data.expiresIn).toBe(900);
    expect(body.data.username).toBe("demo");
    expect(body.data.isMain).toBe(true);
    // The token it issued opens a protected call.
    const auth = await authorities(body.data.token);
    expect(auth.statusCode).toBe(200);
    expect(envelopeOf(auth).code).toBe(0);
  });

  it("SHELL-120 a sub-account signs in and is reported as not a main account", async () => {
    const data = await login(server.app, "demo-sub1", "demo1234");
    expect(data.username).toBe("demo-sub1");
    expect(data.isMain).toBe(false);
  });

  it("SHELL-120 the credentials travel as query parameters: a JSON body with them is not a sign-in", async () => {
    const before = await issuedCounts();
    const res = await server.app.inject({
      method: "POST",
      url: "/api/memberLogin",
      payload: { username: "demo", password: "demo1234" },
    });
    const body = expectErrorEnvelope(res, 400);
    expect(body.message).toMatch(/username|password/);
    expect(await issuedCounts()).toEqual(before);
  });

  it("SHELL-111 SHELL-126 a wrong password answers a non-zero code with 'Wrong username or password' and issues nothing", async () => {
    const before = await issuedCounts();
    const res = await loginRequest(server.app, "demo", "wrong-password");
    expect(res.statusCode).toBe(200);
    const body = envelopeOf(res);
    expect(body.code).not.toBe(0);
    expect(body.code).not.toBe("0");
    expect(body.message).toBe("Wrong username or password");
    expect(body.data).toBeNull();
    expect(res.body).not.toMatch(/token/i);
    expect(await issuedCounts()).toEqual(before);
  });

  it("SHELL-111 SHELL-126 an unknown username answers the same message as a wrong password, and issues nothing", async () => {
    const before = await issuedCounts();
    const unknown = envelopeOf(await loginRequest(server.app, "no-such-user", "demo1234"));
    const wrong = envelopeOf(await loginRequest(server.app, "acme", "demo1234"));
    expect(unknown.code).not.toBe(0);
    expect(unknown.message).toBe("Wrong username or password");
    expect(unknown).toEqual(wrong);
    expect(await issuedCounts()).toEqual(before);
  });

  it("SHELL-113 an empty username answers HTTP 400 with 'username cannot be empty'", async () => {
    const res = await loginRequest(server.app, "", "demo1234");
    const body = expectErrorEnvelope(res, 400);
    expect(body.message).toBe("username cannot be empty");
  });

  it("SHELL-114 an empty password answers HTTP 400 with 'password cannot be empty'", async () => {
    const res = await loginRequest(server.app, "demo", "");
    const body = expectErrorEnvelope(res, 400);
    expect(body.message).toBe("password cannot be empty");
  });

  it("SHELL-113 SHELL-114 a missing parameter answers HTTP 400 with a message naming the field", async () => {
    const noPassword = await server.app.inject({
      method: "POST",
      url: "/api/memberLogin",
      query: { username: "demo" },
    });
    expect(expectErrorEnvelope(noPassword, 400).message).toMatch(/\bpassword\b/);
    const noUsername = await server.app.inject({
      method: "POST",
      url: "/api/memberLogin",
      query: { password: "demo1234" },
    });
    expect(expectErrorEnvelope(noUsername, 400).message).toMatch(/\busername\b/);
  });

  it("SHELL-003 API-003 the server translates its messages by Accept-Language (zh)", async () => {
    const ok = envelopeOf(await loginRequest(server.app, "demo", "demo1234", { language: "zh-CN,zh;q=0.9,en;q=0.8" }));
    expect(ok.code).toBe(0);
    expect(ok.message).toBe("登录成功");
    const wrong = envelopeOf(await loginRequest(server.app, "demo", "nope", { language: "zh" }));
    expect(wrong.code).not.toBe(0);
    expect(wrong.message).toBe("用户名或密码错误");
    const empty = expectErrorEnvelope(await loginRequest(server.app, "", "x", { language: "zh" }), 400);
    expect(empty.message).toBe("username不能为空");
  });

  it("SHELL-004 without Accept-Language (or with another language) the messages are English", async () => {
    expect(envelopeOf(await loginRequest(server.app, "demo", "nope", { language: "fr-FR" })).message).toBe(
      "Wrong username or password",
    );
  });
});

describe("tokens", () => {
  it("SHELL-132 SHELL-134 a protected call without a token answers HTTP 401 code ATI", async () => {
    const res = await server.app.inject({ method: "GET", url: "/api/admin/memberdetail/getMemberAuthority" });
    const body = expectErrorEnvelope(res, 401);
    expect(body.code).toBe("ATI");
    const badge = await server.app.inject({
      method: "GET",
      url: "/api/pc/order/failedAmount",
      headers: { authorization: "Bearer " },
    });
    expect(expectErrorEnvelope(badge, 401).code).toBe("ATI");
  });

  it("SHELL-132 SHELL-134 issue 20 §4b getOrderInfo?orderId=abc without a token answers 401 ATI, not the validation's 400", async () => {
    const url = "/api/pc/order/getOrderInfo?orderId=abc";
    expect(expectErrorEnvelope(await server.app.inject({ method: "GET", url }), 401).code).toBe("ATI");
    // The request is malformed: signed in, it is refused by the validation.
    const { token } = await login(server.app, "demo", "demo1234");
    expect(expectErrorEnvelope(await server.app.inject({ method: "GET", url, headers: bearer(token) }), 400).code).toBe(
      400,
    );
  });

  it("SHELL-132 SHELL-134 issue 20 §4b every protected operation of the contract authenticates first: a malformed request without a token answers 401 ATI", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    const secured = operations().filter((op) => op.secured);
    const hasInput = (op: Operation) =>
      Boolean(op.body) || op.parameters.some((p) => p.in === "query" || p.in === "path");
    expect(secured.length).toBeGreaterThan(40);
    const answeredBadRequest: string[] = [];
    for (const op of secured) {
      // Every parameter malformed (a NUL is refused whatever its schema), and a body that is not JSON.
      const path = op.path.replace(/\{\w+\}/g, "a%00b");
      const query = op.parameters
        .filter((p) => p.in === "query")
        .map((p) => `${p.name}=x%00`)
        .join("&");
      const request = {
        method: op.method as "GET",
        url: `/api${path}${query ? `?${query}` : ""}`,
        ...(op.body ? { headers: { "content-type": "application/json" }, payload: '{"a":' } : {}),
      };
      const res = await server.app.inject(request);
      expect(expectErrorEnvelope(res, 401).code, `${op.operationId}: ${res.body}`).toBe("ATI");
      // With a token, the same request is refused for what is wrong with it (an operation without any
      // parameter or body has nothing to get wrong, and is not sent: it would run, e.g. sign out).
      if (!hasInput(op)) continue;
      const signedIn = await server.app.inject({
        ...request,
        headers: { ...request.headers, ...bearer(token) },
      });
      if (signedIn.statusCode === 400) answeredBadRequest.push(op.operationId);
    }
    const withInput = secured.filter(hasInput).map((op) => op.operationId);
    expect(withInput.length).toBeGreaterThanOrEqual(22);
    expect(answeredBadRequest.sort()).toEqual(withInput.sort());
  });

  it("SHELL-132 SHELL-134 a tampered or made-up token answers HTTP 401 code ATI", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    const last = token.at(-1) === "A" ? "B" : "A";
    const tampered = token.slice(0, -1) + last;
    const res = await authorities(tampered);
    expect(expectErrorEnvelope(res, 401).code).toBe("ATI");
    expect(expectErrorEnvelope(await authorities("not-a-token"), 401).code).toBe("ATI");
    // The untampered one still works, so the refusal is about the tampering.
    expect(envelopeOf(await authorities(token)).code).toBe(0);
  });

  it("SHELL-137 D-16 POST refreshToken exchanges the refresh token for a new working pair", async () => {
    const first = await login(server.app, "demo", "demo1234");
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<LoginData>(res);
    expect(body.code).toBe(0);
    expect(body.data.token).not.toBe(first.token);
    expect(body.data.refreshToken).not.toBe(first.refreshToken);
    expect(body.data.expiresIn).toBe(900);
    const auth = await authorities(body.data.token);
    expect(envelopeOf(auth).code).toBe(0);
    // The new refresh token rotates in turn.
    expect(envelopeOf(await refresh(body.data.refreshToken)).code).toBe(0);
  });

  it("SHELL-137 issue 20 §4d(f) token answers (sign-in, refresh) carry Cache-Control: no-store", async () => {
    const signIn = await loginRequest(server.app, "demo", "demo1234");
    expect(envelopeOf(signIn).code).toBe(0);
    expect(signIn.headers["cache-control"]).toBe("no-store");
    const rotated = await refresh(envelopeOf<LoginData>(signIn).data.refreshToken);
    expect(envelopeOf(rotated).code).toBe(0);
    expect(rotated.headers["cache-control"]).toBe("no-store");
  });

  it("SHELL-133 D-16 reusing a spent refresh token answers RTI and revokes the whole family", async () => {
    const first = await login(server.app, "demo", "demo1234");
    const second = envelopeOf<LoginData>(await refresh(first.refreshToken)).data;
    const third = envelopeOf<LoginData>(await refresh(second.refreshToken)).data;
    expect(envelopeOf(await authorities(third.token)).code).toBe(0);

    const reuse = await refresh(first.refreshToken);
    expect(expectErrorEnvelope(reuse, 401).code).toBe("RTI");

    // Every token of the family is now dead: the newest access token and the newest refresh token.
    expect(expectErrorEnvelope(await authorities(third.token), 401).code).toBe("ATI");
    expect(expectErrorEnvelope(await authorities(second.token), 401).code).toBe("ATI");
    expect(expectErrorEnvelope(await refresh(third.refreshToken), 401).code).toBe("RTI");
  });

  it("SHELL-133 D-16 revoking one family leaves the account's other sessions alone", async () => {
    const other = await login(server.app, "demo", "demo1234");
    const victim = await login(server.app, "demo", "demo1234");
    await refresh(victim.refreshToken);
    expect(expectErrorEnvelope(await refresh(victim.refreshToken), 401).code).toBe("RTI");
    expect(envelopeOf(await authorities(other.token)).code).toBe(0);
  });

  it("SHELL-133 an unknown refresh token answers HTTP 401 RTI", async () => {
    const res = await refresh("definitely-not-a-refresh-token");
    expect(expectErrorEnvelope(res, 401).code).toBe("RTI");
  });

  it("SHELL-133 an access token is not accepted as a refresh token", async () => {
    const { token } = await login(server.app, "acme", "acme1234");
    expect(expectErrorEnvelope(await refresh(token), 401).code).toBe("RTI");
  });

  it("SHELL-137 a refresh request without a refresh token answers HTTP 400 naming the field", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/refreshToken", payload: {} });
    expect(expectErrorEnvelope(res, 400).message).toMatch(/refreshToken/);
  });

  it("SHELL-121 POST logout answers code 0; afterwards the access token answers ATI and the refresh token RTI", async () => {
    const pair = await login(server.app, "demo-sub1", "demo1234");
    const res = await server.app.inject({ method: "POST", url: "/api/logout", headers: bearer(pair.token) });
    expect(res.statusCode).toBe(200);
    const body = envelopeOf(res);
    expect(body.code).toBe(0);
    expect(body.message).toBe("Signed out");
    expect(expectErrorEnvelope(await authorities(pair.token), 401).code).toBe("ATI");
    expect(expectErrorEnvelope(await refresh(pair.refreshToken), 401).code).toBe("RTI");
    // Signing out twice is an unauthorised call, not a crash.
    const again = await server.app.inject({ method: "POST", url: "/api/logout", headers: bearer(pair.token) });
    expect(expectErrorEnvelope(again, 401).code).toBe("ATI");
  });

  it("D-16 two concurrent refreshes with the same refresh token: exactly one succeeds", async () => {
    const pair = await login(server.app, "acme", "acme1234");
    const results = await Promise.all([refresh(pair.refreshToken), refresh(pair.refreshToken)]);
    const codes = results.map((r) => envelopeOf(r).code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    const loser = results.find((r) => envelopeOf(r).code !== 0)!;
    expect(expectErrorEnvelope(loser, 401).code).toBe("RTI");
    // Exactly one new pair was issued for the family: the sign-in's pair plus one rotation.
    const [own] = await server.db
      .select({ familyId: accessTokens.familyId })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, sha256(pair.token)));
    expect(own).toBeDefined();
    const [issued] = await server.db
      .select({ n: count() })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, own!.familyId));
    expect(Number(issued!.n)).toBe(2);
  });

  it("D-16 tokens are stored hashed, never in clear", async () => {
    const pair = await login(server.app, "acme", "acme1234");
    const access = await server.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, pair.token));
    const refreshRows = await server.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, pair.refreshToken));
    expect(access).toHaveLength(0);
    expect(refreshRows).toHaveLength(0);
    // What is stored is the SHA-256 of the token.
    expect(
      await server.db
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.tokenHash, sha256(pair.token))),
    ).toHaveLength(1);
    expect(
      await server.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(pair.refreshToken))),
    ).toHaveLength(1);
  });
});

describe("authorities", () => {
  it("SHELL-052 SHELL-108 SHELL-122 D-04 the main account gets every MENU authority, each with a code, in header order", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    const res = await authorities(token, { authorityType: "MENU" });
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<Array<{ code: string; name?: string }>>(res);
    expect(body.code).toBe(0);
    expect(body.data.map((a) => a.code)).toEqual(menuAuthorities.map((a) => a.code));
  });

  it("SHELL-052 SHELL-122 a sub-account gets exactly its own four MENU authorities", async () => {
    const { token } = await login(server.app, "demo-sub1", "demo1234");
    const body = envelopeOf<Array<{ code: string }>>(await authorities(token, { authorityType: "MENU" }));
    expect(body.code).toBe(0);
    expect(body.data.map((a) => a.code)).toEqual(["newOrder", "saveItems", "myOrder", "underProduction"]);
  });

  it("D-04 authorityType defaults to MENU", async () => {
    const { token } = await login(server.app, "demo-sub1", "demo1234");
    const withType = envelopeOf(await authorities(token, { authorityType: "MENU" }));
    const withoutType = envelopeOf(await authorities(token));
    expect(withoutType.code).toBe(0);
    expect(withoutType.data).toEqual(withType.data);
  });

  it("D-04 an authorityType other than MENU answers HTTP 400 naming the field", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    const res = await authorities(token, { authorityType: "BUTTON" });
    expect(expectErrorEnvelope(res, 400).message).toMatch(/authorityType/);
  });
});
