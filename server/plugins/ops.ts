import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fp from "fastify-plugin";
import { migrationsCurrent } from "../db/client.ts";
import { metrics, metricsText, requestDuration } from "../metrics.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Issue 21: a graceful stop has begun; `/readyz` answers 503 so a load balancer sends no more requests. */
    draining: boolean;
  }
}

/** The request id: the caller's `X-Request-Id` when it is a sane token (a proxy's), else a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.:-]{1,128}$/.test(value) ? value : randomUUID();
}

/**
 * Infrastructure for operating the server (issue 21): every answer carries its request's id (`X-Request-Id`, which
 * each log line of the request carries too: logging.ts), its latency goes to the per-route histogram; `/healthz` (the process answers), `/readyz` (the database answers and its migrations are the
 * newest; 503 while stopping), `/metrics` (Prometheus' text format).
 */
export const opsPlugin = fp(
  async (app) => {
    app.decorate("draining", false);

    app.addHook("onRequest", async (req, reply) => {
      reply.header("x-request-id", req.id);
    });
    app.addHook("onResponse", async (req, reply) => {
      const route = req.routeOptions.url ?? "(unmatched)";
      requestDuration.observe(
        { method: req.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      req.log.debug(
        { req, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
        "request completed",
      );
    });

    const json = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
    app.get("/healthz", async (_req, reply) => reply.headers(json).send({ status: "ok" }));
    app.get("/readyz", async (req, reply) => {
      const checks = { database: false, migrations: false, draining: app.draining };
      try {
        await app.db.execute(sql`select 1`);
        checks.database = true;
        checks.migrations = await migrationsCurrent(app.db);
      } catch (error) {
        req.log.warn({ err: error }, "readiness: the database does not answer");
      }
      const ready = checks.database && checks.migrations && !checks.draining;
      return reply
        .code(ready ? 200 : 503)
        .headers(json)
        .send({ status: ready ? "ready" : "not ready", ...checks });
    });
    app.get("/metrics", async (_req, reply) =>
      reply
        .header("content-type", metrics.contentType)
        .header("cache-control", "no-store")
        .send(await metricsText()),
    );
  },
  { name: "ops", dependencies: ["db"] },
);
