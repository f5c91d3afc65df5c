import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Issue 21: what the server processes share through the database instead of their memory, so any number of
 * them can serve one PostgreSQL.
 */

/** Named values of the server itself, e.g. `seed`: the fingerprint of the build that last seeded the database. */
export const serverState = pgTable("server_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window rate-limit counters (@fastify/rate-limit's store, server/plugins/rateLimit.ts), one per key. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
});
