import { sql } from "drizzle-orm";
import {
  bigint, boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";

/** Accounts: a main account (parentId null) and its sub-accounts. Money is integer cents. */
export const members = pgTable("members", {
  id: serial("id").primaryKey(),
  username: text("username").notNull(),
  passwordHash: text("password_hash").notNull(),
  parentId: integer("parent_id"),
  displayName: text("display_name").notNull(),
  moneyType: text("money_type").notNull().default("USD"),
  balanceCents: bigint("balance_cents", { mode: "number" }).notNull().default(0),
  priceFactorPct: integer("price_factor_pct").notNull().default(100),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex("members_username_key").on(t.username),
  check("members_balance_not_negative", sql`${t.balanceCents} >= 0`),
]);

/** Every balance movement, written in the same transaction as the change it pays for. */
export const ledgerEntries = pgTable("ledger_entries", {
  id: serial("id").primaryKey(),
  memberId: integer("member_id").notNull().references(() => members.id),
  amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  balanceAfterCents: bigint("balance_after_cents", { mode: "number" }).notNull(),
  kind: text("kind").notNull(),
  reference: text("reference"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("ledger_entries_member_idx").on(t.memberId)]);

export const memberAuthorities = pgTable("member_authorities", {
  memberId: integer("member_id").notNull().references(() => members.id),
  authorityType: text("authority_type").notNull(),
  code: text("code").notNull(),
  name: text("name").notNull(),
  pos: integer("pos").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.memberId, t.authorityType, t.code] })]);

/** A sign-in: its access and refresh tokens share the family; revoking it ends the session. */
export const tokenFamilies = pgTable("token_families", {
  id: serial("id").primaryKey(),
  memberId: integer("member_id").notNull().references(() => members.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  revokedReason: text("revoked_reason"),
});

/** Tokens are stored as SHA-256 hashes, never in clear. */
export const accessTokens = pgTable("access_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  familyId: integer("family_id").notNull().references(() => tokenFamilies.id),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
}, (t) => [index("access_tokens_family_idx").on(t.familyId)]);

export const refreshTokens = pgTable("refresh_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  familyId: integer("family_id").notNull().references(() => tokenFamilies.id),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
}, (t) => [index("refresh_tokens_family_idx").on(t.familyId)]);

/** Failed sign-in counters per key (`user:<name>` or `ip:<address>`), shared by every instance. */
export const loginFailures = pgTable("login_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

export const banners = pgTable("banners", {
  id: serial("id").primaryKey(),
  imagePath: text("image_path").notNull(),
  pos: integer("pos").notNull(),
});

/** System dictionaries: 7 order types, 9 order statuses, 10 gender, 13 measurement methods ... */
export const dictSystem = pgTable("dict_system", {
  id: integer("id").primaryKey(),
  category: integer("category").notNull(),
  enName: text("en_name").notNull(),
  zhName: text("zh_name").notNull(),
  pos: integer("pos").notNull(),
  isStop: integer("is_stop").notNull().default(0),
}, (t) => [index("dict_system_category_idx").on(t.category, t.pos)]);

/** Garment categories and the order ways (7 simple, 8 professional) that offer them. */
export const categories = pgTable("categories", {
  id: integer("id").primaryKey(),
  ecode: text("ecode").notNull(),
  enName: text("en_name").notNull(),
  zhName: text("zh_name").notNull(),
  imagePath: text("image_path").notNull(),
  simpleOrder: boolean("simple_order").notNull(),
  professionalOrder: boolean("professional_order").notNull(),
  onlyCoat: boolean("only_coat").notNull().default(false),
  pos: integer("pos").notNull(),
});

/** Make-and-trim price of a category per order type, in cents. */
export const categoryPrices = pgTable("category_prices", {
  categoryId: integer("category_id").notNull().references(() => categories.id),
  orderType: integer("order_type").notNull(),
  makePriceCents: integer("make_price_cents").notNull(),
  fabricCentimeters: integer("fabric_centimeters").notNull(),
}, (t) => [primaryKey({ columns: [t.categoryId, t.orderType] })]);

/** Lining types offered per category and order type. */
export const linings = pgTable("linings", {
  categoryId: integer("category_id").notNull().references(() => categories.id),
  orderType: integer("order_type").notNull(),
  code: text("code").notNull(),
  enName: text("en_name").notNull(),
  zhName: text("zh_name").notNull(),
  priceCents: integer("price_cents").notNull(),
  pos: integer("pos").notNull(),
}, (t) => [primaryKey({ columns: [t.categoryId, t.orderType, t.code] })]);

export const fabrics = pgTable("fabrics", {
  id: serial("id").primaryKey(),
  fabricCode: text("fabric_code").notNull(),
  pricePerMeterCents: integer("price_per_meter_cents").notNull(),
  stockCentimeters: integer("stock_centimeters").notNull(),
}, (t) => [uniqueIndex("fabrics_code_key").on(t.fabricCode)]);

/** Orders; the order-entry issue extends this table with the garment details. */
export const orders = pgTable("orders", {
  id: serial("id").primaryKey(),
  memberId: integer("member_id").notNull().references(() => members.id),
  orderCode: text("order_code").notNull(),
  orderType: integer("order_type").notNull(),
  categoryId: integer("category_id").notNull().references(() => categories.id),
  statusId: integer("status_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("orders_member_status_idx").on(t.memberId, t.statusId), uniqueIndex("orders_code_key").on(t.orderCode)]);
