import { integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Accounts (main accounts and their sub-accounts) and their authorities. */

/** Accounts: a main account (parentId null) and its sub-accounts. Balances are ledger accounts (schema/ledger.ts). */
export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    parentId: integer("parent_id"),
    displayName: text("display_name").notNull(),
    moneyType: text("money_type").notNull().default("USD"),
    priceFactorPct: integer("price_factor_pct").notNull().default(100),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("members_username_key").on(t.username)],
);

export const memberAuthorities = pgTable(
  "member_authorities",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    authorityType: text("authority_type").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    pos: integer("pos").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.authorityType, t.code] })],
);
