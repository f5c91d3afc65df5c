import fp from "fastify-plugin";
import rateLimit from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";
import { AppError } from "../errors.ts";

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/**
 * @fastify/rate-limit's store on the database (table `rate_limits`): one fixed window per key, counted by one
 * atomic upsert, so every server process sharing the PostgreSQL server draws on the same budget. `prefix` keeps
 * each route's counters apart (the plugin makes one child store per route).
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseStore {
    constructor(
      readonly options: object = {},
      readonly prefix = "",
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const window = sql`(${timeWindow} * interval '1 millisecond')`;
      db.insert(rateLimits)
        .values({ key: this.prefix + key, hits: 1, resetsAt: sql`now() + ${window}` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetsAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
            resetsAt: sql`case when ${rateLimits.resetsAt} <= now() then now() + ${window} else ${rateLimits.resetsAt} end`,
          },
        })
        .returning({
          hits: rateLimits.hits,
          ttl: sql<number>`ceil(extract(epoch from ${rateLimits.resetsAt} - now()) * 1000)`,
        })
        .then(
          ([row]) => callback(null, { current: row!.hits, ttl: Math.max(0, Number(row!.ttl)) }),
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: object & { routeInfo?: { method?: string; url?: string } }) {
      const route = routeOptions.routeInfo;
      return new DatabaseStore({ ...this.options, ...routeOptions }, `${route?.method ?? ""} ${route?.url ?? ""}:`);
    }
  };
}

/** The per-account limits of the calls that cost the server most, by operationId (config.ts: 0 switches one off). */
export function rateLimitedOperations(limits: {
  exportRateLimitPerMinute: number;
  uploadRateLimitPerMinute: number;
  contactRateLimitPerHour: number;
}) {
  const perMinute = (max: number) => (max > 0 ? { max, timeWindow: 60_000 } : undefined);
  // Each operation counts apart (the store's prefix is the route): the exports (the order lists' and the billing
  // ledger's spreadsheets, the customer book's CSV) and the uploads (a picture, the customer book's CSV import).
  const exports = perMinute(limits.exportRateLimitPerMinute);
  const uploads = perMinute(limits.uploadRateLimitPerMinute);
  return {
    exportOrderList: exports,
    exportMemberDeal: exports,
    exportCustomers: exports,
    uploadAttachment: uploads,
    importOnNlnbu: uploads,
    // Issue 25: the contact form is open to visitors: counted per address (as sign-in guesses are), signed in or not.
    sendEmail:
      limits.contactRateLimitPerHour > 0
        ? {
            max: limits.contactRateLimitPerHour,
            timeWindow: 3_600_000,
            keyGenerator: (req: FastifyRequest) => `ip:${req.ip}`,
          }
        : undefined,
  } as Record<string, RateLimitOfOperation | undefined>;
}

/** One operation's limit: `max` calls per `timeWindow` ms, per account unless `keyGenerator` says otherwise. */
export type RateLimitOfOperation = { max: number; timeWindow: number; keyGenerator?: (req: FastifyRequest) => string };

/**
 * Issue 21: a per-account rate limit on the spreadsheet export and the upload (their routes carry
 * `config.rateLimit`, contract.ts). Counted after authentication (the account is the key), in the database, so
 * the limit holds across processes; refused with HTTP 429 and the error envelope, saying when to try again.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      hook: "preHandler",
      store: databaseRateLimitStore(app.db),
      keyGenerator: (req: FastifyRequest) => `member:${req.member?.memberId ?? `ip:${req.ip}`}`,
      errorResponseBuilder: (_req, context) =>
        new AppError(429, "rateLimit.exceeded", { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }, 429),
    });
  },
  { name: "rateLimit", dependencies: ["db"] },
);
