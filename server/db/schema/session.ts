import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members.ts";

/** Sign-in: token families, access and refresh tokens (hashed), failed sign-in counters. */

/** A sign-in: its access and refresh tokens share the family; revoking it ends the session. */
export const tokenFamilies = pgTable("token_families", {
  id: serial("id").primaryKey(),
  memberId: integer("member_id")
    .notNull()
    .references(() => members.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  revokedReason: text("revoked_reason"),
  /**
   * Issue 20 §4: signed in with remember-me, so its refresh cookie is persistent (Max-Age) across rotations;
   * without it, a session cookie that ends with the browser.
   */
  remember: boolean("remember").notNull().default(false),
});

/** Tokens are stored as SHA-256 hashes, never in clear. */
export const accessTokens = pgTable(
  "access_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: integer("family_id")
      .notNull()
      .references(() => tokenFamilies.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("access_tokens_family_idx").on(t.familyId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: integer("family_id")
      .notNull()
      .references(() => tokenFamilies.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId)],
);

/** Failed sign-in counters per key (`user:<name>` or `ip:<address>`), shared by every instance. */
export const loginFailures = pgTable("login_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * Trusted devices: a browser that signed in to the account before carries an httpOnly cookie with a random
 * token (stored here hashed, like the other tokens). A sign-in carrying it is not held back by the account's
 * lock (others' wrong guesses); it is still throttled on its own key and by its address.
 */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("trusted_devices_member_idx").on(t.memberId)],
);
