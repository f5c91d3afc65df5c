import { count, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../server/db/client.ts";
import { members } from "../../server/db/schema.ts";
import { ledgerPostings, ledgerTransfers } from "../../server/db/schema/ledger.ts";
import { topUp } from "../../server/modules/ledger/service.ts";

/**
 * The seeded accounts the server tests act as, and the money they hold: one place for the set-up the
 * ledger and order tests share (member ids, top-ups, counts of the ledger's rows).
 */
export const SEEDED_MEMBERS = { demo: "demo", demoSub1: "demo-sub1", demoSub2: "demo-sub2", acme: "acme" } as const;
export type SeededMember = keyof typeof SEEDED_MEMBERS;
export type MemberIds = Record<SeededMember, number>;

/** The id of the account signed in as `username`; fails the test when there is none. */
export async function memberId(db: Db, username: string): Promise<number> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.username, username));
  if (!row) throw new Error(`no member ${username}`);
  return row.id;
}

/** The ids of the seeded accounts (demo, its sub-accounts demo-sub1 and demo-sub2, acme). */
export async function memberIds(db: Db): Promise<MemberIds> {
  const ids = {} as MemberIds;
  for (const [key, username] of Object.entries(SEEDED_MEMBERS) as Array<[SeededMember, string]>)
    ids[key] = await memberId(db, username);
  return ids;
}

/** Money in: a top-up of the member's account from the topups system account, in its own transaction. */
export async function deposit(db: Db, memberId: number, amountCents: number): Promise<void> {
  const result = await db.transaction((tx) => topUp(tx, memberId, amountCents, { reference: "test" }));
  expect(result.ok).toBe(true);
}

/** How many transfers the ledger holds. */
export const transferCount = async (db: Db) => Number((await db.select({ n: count() }).from(ledgerTransfers))[0]!.n);

/** How many postings (entries; two per transfer) the ledger holds. */
export const postingCount = async (db: Db) => Number((await db.select({ n: count() }).from(ledgerPostings))[0]!.n);
