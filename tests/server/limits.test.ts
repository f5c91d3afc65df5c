import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { accessTokens, loginFailures, refreshTokens } from "../../server/db/schema/session.ts";
import { accountKey, addressKey } from "../../server/modules/session/loginThrottle.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expireAccessToken, expireRefreshToken } from "../../server/modules/session/tokens.ts";
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

/**
 * Lifetimes and sign-in throttling, on a server configured with short limits:
 * access tokens live 60 s, refresh tokens 120 s (expired on demand, never waited for); 3 failures
 * lock an account, 6 lock an address, for 10 minutes (ended on demand, never waited for).
 */
const ACCESS_TTL_SECONDS = 60;
const REFRESH_TTL_SECONDS = 120;
let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS),
    REFRESH_TOKEN_TTL_SECONDS: String(REFRESH_TTL_SECONDS),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: "3",
    LOGIN_MAX_FAILURES_PER_ADDRESS: "6",
    LOGIN_LOCK_SECONDS: "600",
  });
});
afterAll(async () => {
  await server?.close();
});

/** Ends a sign-in lock now, as if its LOGIN_LOCK_SECONDS had passed (a test never waits for it). */
const expireLock = async (key: string) => {
  const rows = await server.db
    .update(loginFailures)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(loginFailures.key, key))
    .returning({ key: loginFailures.key });
  expect(rows).toHaveLength(1);
};
const authorities = (token: string) =>
  server.app.inject({ method: "GET", url: "/api/admin/memberdetail/getMemberAuthority", headers: bearer(token) });
const refresh = (refreshToken: string) =>
  server.app.inject({ method: "POST", url: "/api/refreshToken", payload: { refreshToken } });

describe("token lifetimes", () => {
  /** When a token of this request's pair expires, as the database holds it (ms since the epoch). */
  const expiryOf = async (table: typeof accessTokens | typeof refreshTokens, token: string) => {
    const hash = createHash("sha256").update(token).digest("hex");
    const [row] = await server.db.select({ expiresAt: table.expiresAt }).from(table).where(eq(table.tokenHash, hash));
    return row!.expiresAt.getTime();
  };

  it("SHELL-129 SHELL-137 D-16 tokens live as configured; an expired access token answers HTTP 401 ATE; the refresh token then yields a working pair; an expired refresh token answers RTE", async () => {
    const before = Date.now();
    const pair = await login(server.app, "demo", "demo1234", "10.1.0.1");
    const after = Date.now();
    expect(pair.expiresIn).toBe(ACCESS_TTL_SECONDS);
    // The lifetimes are the configured ones, counted from the sign-in (bounds, not a race).
    const accessExpiry = await expiryOf(accessTokens, pair.token);
    expect(accessExpiry).toBeGreaterThanOrEqual(before + ACCESS_TTL_SECONDS * 1000 - 1000);
    expect(accessExpiry).toBeLessThanOrEqual(after + ACCESS_TTL_SECONDS * 1000 + 1000);
    const refreshExpiry = await expiryOf(refreshTokens, pair.refreshToken);
    expect(refreshExpiry).toBeGreaterThanOrEqual(before + REFRESH_TTL_SECONDS * 1000 - 1000);
    expect(refreshExpiry).toBeLessThanOrEqual(after + REFRESH_TTL_SECONDS * 1000 + 1000);
    expect(envelopeOf(await authorities(pair.token)).code).toBe(0);

    expect(await expireAccessToken(server.db, pair.token)).toBe(true);
    const expired = await authorities(pair.token);
    expect(expectErrorEnvelope(expired, 401).code).toBe("ATE");
    expect(expectErrorEnvelope(expired, 401).message).toBe("Access token expired");

    const rotated = await refresh(pair.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const next = envelopeOf<LoginData>(rotated);
    expect(next.code).toBe(0);
    expect(next.data.expiresIn).toBe(ACCESS_TTL_SECONDS);
    expect(envelopeOf(await authorities(next.data.token)).code).toBe(0);
    // The old access token stays expired; it is not revived by the rotation.
    expect(expectErrorEnvelope(await authorities(pair.token), 401).code).toBe("ATE");

    expect(await expireRefreshToken(server.db, next.data.refreshToken)).toBe(true);
    const late = await refresh(next.data.refreshToken);
    const body = expectErrorEnvelope(late, 401);
    expect(body.code).toBe("RTE");
    expect(body.message).toBe("Your session has expired, please sign in again");
  });

  it("SHELL-003 token failures are translated by Accept-Language", async () => {
    const pair = await login(server.app, "demo", "demo1234", "10.1.0.1");
    await expireAccessToken(server.db, pair.token);
    const res = await server.app.inject({
      method: "GET",
      url: "/api/pc/order/failedAmount",
      headers: { ...bearer(pair.token), "accept-language": "zh" },
    });
    const body = expectErrorEnvelope(res, 401);
    expect(body.code).toBe("ATE");
    expect(body.message).toBe("访问令牌已过期");
  });
});

describe("sign-in throttling", () => {
  it("SHELL-111 after 3 failed sign-ins the account answers HTTP 429 with a clear message, even with the right password", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await loginRequest(server.app, "demo", `wrong-${i}`, { remoteAddress: "10.2.0.1" });
      expect(res.statusCode).toBe(200);
      expect(envelopeOf(res).message).toBe("Wrong username or password");
    }
    const locked = await loginRequest(server.app, "demo", "demo1234", { remoteAddress: "10.2.0.1" });
    const body = expectErrorEnvelope(locked, 429);
    expect(body.message).toMatch(/^Too many failed sign-ins\. Try again in \d+ min\.$/);
    expect(locked.body).not.toMatch(/token/i);
    // The lock is on the account: another address is refused too, and the user name's case does not matter.
    expect(
      expectErrorEnvelope(await loginRequest(server.app, "demo", "demo1234", { remoteAddress: "10.2.0.9" }), 429).code,
    ).toBe(429);
    expect(
      expectErrorEnvelope(await loginRequest(server.app, "DEMO", "demo1234", { remoteAddress: "10.2.0.9" }), 429).code,
    ).toBe(429);
    // The message is translated.
    const zh = expectErrorEnvelope(
      await loginRequest(server.app, "demo", "demo1234", { remoteAddress: "10.2.0.1", language: "zh" }),
      429,
    );
    expect(zh.message).toMatch(/登录失败次数过多/);
  });

  it("SHELL-111 another account from the same address is not affected by the account lock", async () => {
    const res = await loginRequest(server.app, "acme", "acme1234", { remoteAddress: "10.2.0.1" });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).code).toBe(0);
  });

  it("SHELL-111 after the lock expires the right password works again", async () => {
    await expireLock(accountKey("demo"));
    const res = await loginRequest(server.app, "demo", "demo1234", { remoteAddress: "10.2.0.1" });
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<LoginData>(res);
    expect(body.code).toBe(0);
    expect(body.data.token.length).toBeGreaterThan(20);
  });

  it("SHELL-111 a successful sign-in resets the account's failure count", async () => {
    // Two failures, a success, two failures: never three in a row, so no lock.
    for (const password of ["x1", "x2", "acme1234", "x3", "x4"]) {
      await loginRequest(server.app, "acme", password, { remoteAddress: `10.3.0.${password.length}` });
    }
    const res = await loginRequest(server.app, "acme", "acme1234", { remoteAddress: "10.3.0.50" });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).code).toBe(0);
  });

  it("SHELL-111 after 6 failures from one address every sign-in from it answers 429, while other addresses still sign in", async () => {
    const address = "10.4.0.1";
    // Two failures for each of three names: no account reaches its limit of 3, the address reaches 6.
    for (const name of ["ghost-a", "ghost-b", "ghost-c"]) {
      for (let i = 0; i < 2; i++) {
        const res = await loginRequest(server.app, name, "guess", { remoteAddress: address });
        expect(res.statusCode).toBe(200);
        expect(envelopeOf(res).code).not.toBe(0);
      }
    }
    const fromAddress = await loginRequest(server.app, "demo-sub1", "demo1234", { remoteAddress: address });
    expect(expectErrorEnvelope(fromAddress, 429).message).toMatch(/Too many failed sign-ins/);

    const elsewhere = await loginRequest(server.app, "demo-sub1", "demo1234", { remoteAddress: "10.4.0.2" });
    expect(elsewhere.statusCode).toBe(200);
    expect(envelopeOf(elsewhere).code).toBe(0);
    // The names themselves were not locked: they failed twice each, below the account limit.
    const ghost = await loginRequest(server.app, "ghost-a", "guess", { remoteAddress: "10.4.0.3" });
    expect(ghost.statusCode).toBe(200);

    await expireLock(addressKey(address));
    const afterLock = await loginRequest(server.app, "demo-sub1", "demo1234", { remoteAddress: address });
    expect(afterLock.statusCode).toBe(200);
    expect(envelopeOf(afterLock).code).toBe(0);
  });

  it("SHELL-111 failures below the address limit on one address do not lock it", async () => {
    const address = "10.5.0.1";
    for (let i = 0; i < 5; i++) await loginRequest(server.app, `nobody-${i}`, "guess", { remoteAddress: address });
    const res = await loginRequest(server.app, "demo-sub1", "demo1234", { remoteAddress: address });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).code).toBe(0);
  });
});
