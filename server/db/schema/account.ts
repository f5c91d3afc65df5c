import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { members } from "./members.ts";

/**
 * The account centre and the sub-accounts (issue 22). Money is never stored here: every figure of the
 * sub-account screen is derived from the ledger (`server/modules/subAccounts/repository.ts`).
 */

/**
 * What a main account set on one of its sub-accounts (and an account's own avatar). No row means the
 * defaults: enabled, not "no limit", no avatar, no monthly limit.
 * - `enabled` false: SUB-020, the child cannot sign in or pay; its balance stays.
 * - `no_limit` true: type 6, each payment of the child is two linked transfers main -> child, child -> sales.
 * - `monthly_limit_cents`: beyond the documents, what the child may spend in a calendar month (null: none),
 *   the month counted in its main account's `time_zone`. What it spent is read from the ledger (its order
 *   payments of the month not refunded), never stored.
 * - `time_zone`: the account's IANA time zone (a main account's, sent by its browser when it sets a monthly
 *   limit); null: UTC.
 */
export const memberSettings = pgTable(
  "member_settings",
  {
    memberId: integer("member_id")
      .primaryKey()
      .references(() => members.id),
    enabled: boolean("enabled").notNull().default(true),
    noLimit: boolean("no_limit").notNull().default(false),
    headAttachmentId: text("head_attachment_id"),
    monthlyLimitCents: bigint("monthly_limit_cents", { mode: "number" }),
    timeZone: text("time_zone"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("member_settings_monthly_limit", sql`${t.monthlyLimitCents} is null or ${t.monthlyLimitCents} >= 0`)],
);

/**
 * ACCT-008 (x-designed): a top-up request of the account centre's Recharge. `pending` until the payment
 * provider confirms it (a designed call stands in for it); then `confirmed` with the ledger transfer
 * (topups -> member) that brought the money in.
 */
export const topUpRequests = pgTable(
  "top_up_requests",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<"pending" | "confirmed">().notNull().default("pending"),
    transferId: bigint("transfer_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    check("top_up_requests_amount_positive", sql`${t.amountCents} > 0`),
    check("top_up_requests_status_name", sql`${t.status} in ('pending', 'confirmed')`),
    index("top_up_requests_member_idx").on(t.memberId),
  ],
);
