import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { memberBalanceCents } from "../../server/modules/ledger/service.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { envelopeOf, expectErrorEnvelope, login, loginRequest, startServer, type TestServer } from "./fixture.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { memberIds, type MemberIds } from "./members.ts";
import { cartOrders, chargesOf, orderRows, pushRequest, type PushOutcome } from "./pushHelpers.ts";

/**
 * Issue 21: the server keeps nothing in memory that another process needs. Two servers on one database (on
 * PostgreSQL in `npm run test:postgres`, each request on its own pooled connection) answer requests dealt
 * round-robin, and the money, idempotency and sign-in throttle rules come out as with one server.
 */
let server: TestServer;
let second: FastifyInstance;
let ids: MemberIds;
let token = "";
const LIMITS = { LOGIN_MAX_FAILURES_PER_ACCOUNT: "4" };
beforeAll(async () => {
  server = await startServer(LIMITS);
  const config = readConfig({
    STATIC_DIR: "/nonexistent",
    LOG_LEVEL: "silent",
    PASSWORD_SCRYPT_LOG2_N: "14",
    ...LIMITS,
  });
  second = await buildApp({ db: server.db, config, logger: false });
  await second.ready();
  ids = await memberIds(server.db);
  token = (await login(server.app, "demo", "demo1234")).token;
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

/** Request n goes to the first server when n is even, to the second when odd. */
const roundRobin = (n: number) => (n % 2 === 0 ? server.app : second);

describe("issue 21 two server processes behind a round-robin", () => {
  it("CART-046 concurrent submissions through both pay each order once and never overdraw the account", async () => {
    const balance = await memberBalanceCents(server.db, ids.demo);
    // Enough for 7 of the 12 orders, whichever of the two servers takes them.
    const price = Math.floor(balance / 7.5);
    const queue = await cartOrders(server.db, ids.demo, 12, price);
    const answers = await Promise.all(
      queue.map((id, n) => pushRequest(roundRobin(n), token, `${id},`, { key: `rr-${id}` })),
    );
    const outcomes = answers.map((res) => Object.values(envelopeOf<Record<string, PushOutcome>>(res).data)[0]!);
    expect(outcomes.filter((o) => o.code === 0)).toHaveLength(7);
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(balance - 7 * price);
    const rows = await orderRows(server.db, queue);
    expect(rows.filter((r) => r.statusId === ORDER_STATUS.submitted)).toHaveLength(7);
    expect(rows.filter((r) => r.statusId === ORDER_STATUS.pending)).toHaveLength(5);
    expect(
      await chargesOf(
        server.db,
        rows.map((r) => r.orderCode),
      ),
    ).toHaveLength(7);
    await expectLedgerInvariants(server.db);
  });

  it("CART-046 one Idempotency-Key sent to both at once pays once, and both answer the same", async () => {
    const balance = await memberBalanceCents(server.db, ids.demo);
    const [id] = await cartOrders(server.db, ids.demo, 1, 100);
    const [a, b] = await Promise.all(
      [0, 1].map((n) => pushRequest(roundRobin(n), token, `${id},`, { key: `same-${id}` })),
    );
    expect(envelopeOf(a!).data).toEqual(envelopeOf(b!).data);
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(balance - 100);
    const [row] = await orderRows(server.db, [id!]);
    expect(await chargesOf(server.db, [row!.orderCode])).toHaveLength(1);
    await expectLedgerInvariants(server.db);
  });

  it("SHELL-111 wrong passwords spread over both servers count against one budget: the account locks on both", async () => {
    const attempts = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((n) =>
        loginRequest(roundRobin(n), "demo-sub2", "wrong-password", { remoteAddress: `10.21.0.${n + 1}` }),
      ),
    );
    // At most 4 guesses are ever checked (1001: wrong password); the rest are refused (429).
    expect(attempts.filter((res) => envelopeOf(res).code === 1001)).toHaveLength(4);
    expect(attempts.filter((res) => res.statusCode === 429)).toHaveLength(2);
    for (const app of [server.app, second]) {
      const locked = await loginRequest(app, "demo-sub2", "demo1234", { remoteAddress: "10.21.1.1" });
      expect(expectErrorEnvelope(locked, 429).code).toBe(429);
    }
  });

  it("a session signed in on one server is valid on the other; signed out on one, it is over on both", async () => {
    const pair = await login(second, "acme", "acme1234");
    const onFirst = await server.app.inject({
      method: "GET",
      url: "/api/pc/order/failedAmount",
      headers: { authorization: `Bearer ${pair.token}` },
    });
    expect(onFirst.statusCode).toBe(200);
    const out = await server.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { authorization: `Bearer ${pair.token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await second.inject({
      method: "GET",
      url: "/api/pc/order/failedAmount",
      headers: { authorization: `Bearer ${pair.token}` },
    });
    expect(expectErrorEnvelope(after, 401).code).toBe("ATI");
  });
});
