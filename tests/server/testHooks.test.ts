import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config.ts";
import { bearer, envelopeOf, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";

const expire = (server: TestServer, token: string) =>
  server.app.inject({ method: "POST", url: "/api/__test/expireAccessToken", payload: { token } });

describe("the test hooks are absent by default", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("POST /api/__test/expireAccessToken is an unknown route and the token keeps working", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    expectErrorEnvelope(await expire(server, token), 404);
    const res = await server.app.inject({ url: "/api/pc/order/failedAmount", headers: bearer(token) });
    expect(envelopeOf(res).code).toBe(0);
  });

  it("GET /api/__test/balance is an unknown route", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    expectErrorEnvelope(await server.app.inject({ url: "/api/__test/balance", headers: bearer(token) }), 404);
  });

  it("POST /api/__test/member and /api/__test/topUp are unknown routes", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    expectErrorEnvelope(
      await server.app.inject({ method: "POST", url: "/api/__test/member", payload: { username: "cart-x" } }),
      404,
    );
    expectErrorEnvelope(
      await server.app.inject({
        method: "POST",
        url: "/api/__test/topUp",
        payload: { amountCents: 100 },
        headers: bearer(token),
      }),
      404,
    );
  });

  it("TEST_HOOKS is refused in production and off unless asked for", () => {
    expect(readConfig({}).testHooks).toBe(false);
    expect(readConfig({ TEST_HOOKS: "0" }).testHooks).toBe(false);
    expect(readConfig({ TEST_HOOKS: "1" }).testHooks).toBe(true);
    expect(() => readConfig({ TEST_HOOKS: "1", NODE_ENV: "production" })).toThrow(/production/);
    expect(() => readConfig({ TEST_HOOKS: "yes" })).toThrow(/TEST_HOOKS/);
  });
});

describe("with TEST_HOOKS=1", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TEST_HOOKS: "1" });
  });
  afterAll(() => server.close());

  it("GET /api/__test/balance answers the signed-in member's balance in cents, and needs a token", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    const res = await server.app.inject({ url: "/api/__test/balance", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const balance = envelopeOf<number>(res).data;
    expect(Number.isInteger(balance)).toBe(true);
    expect(balance).toBeGreaterThan(0);
    const sub = await login(server.app, "demo-sub1", "demo1234");
    // demo-sub1 starts without money
    expect(
      envelopeOf<number>(await server.app.inject({ url: "/api/__test/balance", headers: bearer(sub.token) })).data,
    ).toBe(0);
    expect(expectErrorEnvelope(await server.app.inject({ url: "/api/__test/balance" }), 401).code).toBe("ATI");
  });

  it("a fresh member signs in with no orders and no money; a top-up goes through the ledger", async () => {
    const made = await server.app.inject({
      method: "POST",
      url: "/api/__test/member",
      payload: { username: "cart-h3" },
    });
    expect(envelopeOf<{ username: string }>(made).data.username).toBe("cart-h3");
    const { token } = await login(server.app, "cart-h3", "demo1234");
    const balance = async () =>
      envelopeOf<number>(await server.app.inject({ url: "/api/__test/balance", headers: bearer(token) })).data;
    expect(await balance()).toBe(0);
    const cart = await server.app.inject({ url: "/api/pc/order/getOrderCartList?type=1", headers: bearer(token) });
    expect(envelopeOf<unknown[]>(cart).data).toEqual([]);
    const topUp = (amountCents: unknown, headers = bearer(token)) =>
      server.app.inject({ method: "POST", url: "/api/__test/topUp", payload: { amountCents }, headers });
    expect(envelopeOf<number>(await topUp(12_345)).data).toBe(12_345);
    expect(await balance()).toBe(12_345);
    expectErrorEnvelope(await topUp(0), 400);
    expectErrorEnvelope(await topUp(1.5), 400);
    expect(expectErrorEnvelope(await topUp(100, {} as never), 401).code).toBe("ATI");
    expectErrorEnvelope(
      await server.app.inject({ method: "POST", url: "/api/__test/member", payload: { username: "Bad Name!" } }),
      400,
    );
  });

  it("API-002 an access token expired on demand answers ATE; the refresh token still gives a working pair", async () => {
    const pair = await login(server.app, "demo", "demo1234");
    const other = await login(server.app, "demo", "demo1234");
    const failedAmount = (token: string) =>
      server.app.inject({ url: "/api/pc/order/failedAmount", headers: bearer(token) });
    expect(envelopeOf(await failedAmount(pair.token)).code).toBe(0);

    const res = await expire(server, pair.token);
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).code).toBe(0);
    expect(expectErrorEnvelope(await failedAmount(pair.token), 401).code).toBe("ATE");
    // Only that token: another session of the same member is untouched.
    expect(envelopeOf(await failedAmount(other.token)).code).toBe(0);

    const refreshed = await server.app.inject({
      method: "POST",
      url: "/api/refreshToken",
      payload: { refreshToken: pair.refreshToken },
    });
    const next = envelopeOf<{ token: string }>(refreshed);
    expect(next.code).toBe(0);
    expect(envelopeOf(await failedAmount(next.data.token)).code).toBe(0);
  });

  it("an unknown token is ATI, a malformed body 400", async () => {
    expect(expectErrorEnvelope(await expire(server, "not-a-token"), 401).code).toBe("ATI");
    expectErrorEnvelope(
      await server.app.inject({ method: "POST", url: "/api/__test/expireAccessToken", payload: {} }),
      400,
    );
  });
});
