import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config.ts";
import { migrationsCurrent } from "../../server/db/client.ts";
import { stepProductionClock } from "../../server/modules/orders/production.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { bearer, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { memberIds, type MemberIds } from "./members.ts";
import { cartOrders, orderRows, push } from "./pushHelpers.ts";

const TEST_CONFIG = { STATIC_DIR: "/nonexistent", LOG_LEVEL: "silent", PASSWORD_SCRYPT_LOG2_N: "14" };

/** Issue 21: configuration, health, readiness, metrics and the production clock shared by several processes. */
let server: TestServer;
let ids: MemberIds;
let token = "";
beforeAll(async () => {
  server = await startServer();
  ids = await memberIds(server.db);
  token = (await login(server.app, "demo", "demo1234")).token;
});
afterAll(async () => {
  await server?.close();
});

describe("issue 21 configuration", () => {
  it("is read through one schema: a wrong value is refused naming its variable and the value", () => {
    expect(() => readConfig({ PORT: "http" })).toThrow('PORT must be a positive integer, got "http"');
    expect(() => readConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL must be one of .*got "loud"/);
    expect(() => readConfig({ WORKERS: "0" })).toThrow(/WORKERS/);
    expect(() => readConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    // Several wrong values: each is named.
    expect(() => readConfig({ PORT: "-1", UPLOAD_QUOTA_MB: "x" })).toThrow(/PORT[^]*UPLOAD_QUOTA_MB/);
    // Several processes share a PostgreSQL server, never PGlite's data directory.
    expect(() => readConfig({ WORKERS: "2" })).toThrow(/WORKERS must be 1 without DATABASE_URL/);
  });

  it("keeps its defaults: info logs, one process, per-account limits on exports and uploads", () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 8080, logLevel: "info", workers: 1, shutdownGraceMs: 10_000 });
    expect(config.exportRateLimitPerMinute).toBe(10);
    expect(config.uploadRateLimitPerMinute).toBe(60);
    expect(readConfig({ WORKERS: "3", DATABASE_URL: "postgres://u@h/db" }).workers).toBe(3);
  });
});

describe("issue 21 health, readiness and metrics", () => {
  it("/healthz answers while the process runs; /readyz when the database answers at the newest migration", async () => {
    const health = await server.app.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    const ready = await server.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready", database: true, migrations: true });
    expect(await migrationsCurrent(server.db)).toBe(true);
  });

  it("/readyz answers 503 while the process stops (a load balancer sends it no more requests)", async () => {
    server.app.draining = true;
    try {
      const res = await server.app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: "not ready", draining: true });
    } finally {
      server.app.draining = false;
    }
  });

  it("/readyz answers 503 when the newest migration is not the database's", async () => {
    await server.db.execute(
      sql`update drizzle.__drizzle_migrations set hash = 'changed' where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    try {
      expect(await migrationsCurrent(server.db)).toBe(false);
      const res = await server.app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ database: true, migrations: false });
    } finally {
      // Put the hash back: the same check then finds the database current again.
      await server.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'changed'`);
      await server.db.execute(sql`select 1`);
    }
  });

  it("/metrics: latency per route, ledger transfers and the submission queue's outcomes, in Prometheus' format", async () => {
    const [id] = await cartOrders(server.db, ids.demo, 1, 1_000);
    expect(await push(server.app, token, id!, { key: `metrics-${id}` })).toMatchObject({ code: 0 });
    const res = await server.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["content-type"])).toMatch(/^text\/plain/);
    // The route's pattern, never the raw URL (ids and query strings would make a series per request).
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/api\/pc\/order\/pushOrder"/);
    expect(res.body).toMatch(/ledger_transfers_total\{[^}]*kind="order"[^}]*outcome="ok"[^}]*\} [1-9]/);
    expect(res.body).toMatch(/order_submit_queue_outcomes_total\{[^}]*outcome="paid"[^}]*\} [1-9]/);
    expect(res.body).toContain("process_resident_memory_bytes");
    await expectLedgerInvariants(server.db);
  });
});

describe("issue 21 the production clock of several processes", () => {
  it("steps once per interval whichever process asks: at the same moment one runs and the others skip", async () => {
    const [id] = await cartOrders(server.db, ids.demo, 1, 1_000);
    expect(await push(server.app, token, id!, { key: `clock-${id}` })).toMatchObject({ code: 0 });
    const paidAt = (await orderRows(server.db, [id!]))[0]!.statusChangedAt.getTime();
    const step = 600;
    const at = new Date(paidAt + 1000 * step * 100);
    // Three processes' clocks at once (on PostgreSQL each on its own connection: the advisory lock decides).
    const runs = await Promise.all([1, 2, 3].map(() => stepProductionClock(server.db, at, step)));
    expect(runs.filter((run) => !run.skipped)).toHaveLength(1);
    expect((await orderRows(server.db, [id!]))[0]!.statusId).toBe(ORDER_STATUS.cutting);
    // Within the same interval: skipped; an interval later: the next step.
    expect(await stepProductionClock(server.db, new Date(at.getTime() + 1000 * step - 1000), step)).toEqual({
      skipped: true,
    });
    expect((await stepProductionClock(server.db, new Date(at.getTime() + 1000 * step), step)).skipped).toBe(false);
    expect((await orderRows(server.db, [id!]))[0]!.statusId).toBe(ORDER_STATUS.sewing);
  });
});

describe("issue 21 per-account rate limits of the costly calls", () => {
  it("exports and uploads: at most EXPORT_ / UPLOAD_RATE_LIMIT_PER_MINUTE per account and call, counted in the database across processes, then HTTP 429 with a clear message", async () => {
    const limited = await startServer({ EXPORT_RATE_LIMIT_PER_MINUTE: "2", UPLOAD_RATE_LIMIT_PER_MINUTE: "2" });
    // A second process on the same database (its own app, nothing shared in memory).
    const other = await buildApp({
      db: limited.db,
      config: readConfig({ ...TEST_CONFIG, EXPORT_RATE_LIMIT_PER_MINUTE: "2" }),
      logger: false,
    });
    try {
      const demo = (await login(limited.app, "demo", "demo1234")).token;
      const acme = (await login(limited.app, "acme", "acme1234")).token;
      const exportAs = (app: FastifyInstance, token: string) =>
        app.inject({
          method: "GET",
          url: "/api/pc/order/exportOrderList",
          query: { type: "4" },
          headers: bearer(token),
        });
      expect((await exportAs(limited.app, demo)).statusCode).toBe(200);
      expect((await exportAs(other, demo)).statusCode).toBe(200);
      // The third within the minute, on either process: refused with the envelope, saying when to try again.
      const refused = await exportAs(limited.app, demo);
      const body = expectErrorEnvelope(refused, 429);
      expect(body.message).toMatch(/^Too many requests of this kind\. Try again in \d+ s\.$/);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(expectErrorEnvelope(await exportAs(other, demo), 429).code).toBe(429);
      // Another account has its own budget.
      expect((await exportAs(other, acme)).statusCode).toBe(200);

      // The billing ledger's spreadsheet and the customer book's CSV: each its own budget, refused alike.
      for (const url of ["/api/pc/memberDeal/export", "/api/pc/customer/export"]) {
        const call = () => limited.app.inject({ method: "GET", url, headers: bearer(demo) });
        expect((await call()).statusCode, url).toBe(200);
        expect((await call()).statusCode, url).toBe(200);
        expect(expectErrorEnvelope(await call(), 429).message, url).toMatch(/^Too many requests of this kind\./);
      }
      // The uploads (a picture; the customer book's CSV import): UPLOAD_RATE_LIMIT_PER_MINUTE, counted whatever
      // the file (this one is refused as no picture), the third refused before the file is read.
      const boundary = "----rate-limit";
      const file = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nx\r\n--${boundary}--\r\n`,
      );
      for (const url of ["/api/pc/attachment/upload", "/api/pc/customer/importOnNlnbu"]) {
        const send = () =>
          limited.app.inject({
            method: "POST",
            url,
            payload: file,
            headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...bearer(demo) },
          });
        for (let n = 0; n < 2; n++) expect((await send()).statusCode, url).not.toBe(429);
        const refused = await send();
        expect(expectErrorEnvelope(refused, 429).message, url).toMatch(/^Too many requests of this kind\./);
        expect(Number(refused.headers["retry-after"]), url).toBeGreaterThan(0);
      }
    } finally {
      await other.close();
      await limited.close();
    }
  });
});
