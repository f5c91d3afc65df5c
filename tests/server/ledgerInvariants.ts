import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../server/db/client.ts";

/** Rows of a raw query, whichever driver ran it (PGlite or node-postgres). */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The ledger's invariants (issue 8 §6), checked after every money test:
 * - for each currency the postings sum to zero;
 * - every transfer has exactly two postings: -amount on its debit account and +amount on its credit
 *   account, in the transfer's currency, which is the currency of both accounts;
 * - each account's balance equals the sum of its postings, and its last posting's balance after;
 * - each account's totals per kind of transfer (ledger_account_totals) equal the sums of its postings;
 * - no balance breaks its account's rule (>= 0, >= -overdraft limit, or unbounded).
 * Each check lists the offending rows, so a failure says what is wrong.
 */
export async function expectLedgerInvariants(db: Db): Promise<void> {
  const unbalancedCurrencies = await rows<{ currency: string; total: string }>(
    db,
    sql`select currency, sum(amount_cents)::text as total from ledger_postings group by currency having sum(amount_cents) <> 0`,
  );
  expect(unbalancedCurrencies, "the postings of each currency sum to zero").toEqual([]);

  const badTransfers = await rows<{ id: string }>(
    db,
    sql`select t.id::text as id from ledger_transfers t
        join ledger_accounts d on d.id = t.debit_account_id
        join ledger_accounts c on c.id = t.credit_account_id
        where d.currency <> t.currency or c.currency <> t.currency
           or (select count(*) from ledger_postings p where p.transfer_id = t.id) <> 2
           or not exists (select 1 from ledger_postings p where p.transfer_id = t.id and p.side = 'debit'
                          and p.account_id = t.debit_account_id and p.amount_cents = -t.amount_cents and p.currency = t.currency)
           or not exists (select 1 from ledger_postings p where p.transfer_id = t.id and p.side = 'credit'
                          and p.account_id = t.credit_account_id and p.amount_cents = t.amount_cents and p.currency = t.currency)`,
  );
  expect(badTransfers, "every transfer is exactly one debit and one credit of its amount").toEqual([]);

  const orphanPostings = await rows<{ id: string }>(
    db,
    sql`select p.id::text as id from ledger_postings p join ledger_accounts a on a.id = p.account_id
        where p.currency <> a.currency`,
  );
  expect(orphanPostings, "postings are in their account's currency").toEqual([]);

  const misnamedPostings = await rows<{ id: string }>(
    db,
    sql`select p.id::text as id from ledger_postings p join ledger_transfers t on t.id = p.transfer_id
        where p.kind is distinct from t.kind`,
  );
  expect(misnamedPostings, "postings carry their transfer's kind").toEqual([]);

  const driftedAccounts = await rows<{ id: number; balance: string; total: string; last: string | null }>(
    db,
    sql`select a.id, a.balance_cents::text as balance,
               coalesce((select sum(p.amount_cents) from ledger_postings p where p.account_id = a.id), 0)::text as total,
               (select p.balance_after_cents::text from ledger_postings p where p.account_id = a.id
                order by p.id desc limit 1) as last
        from ledger_accounts a`,
  );
  expect(
    driftedAccounts.filter((a) => a.balance !== a.total || (a.last !== null && a.last !== a.balance)),
    "each account's balance is the sum of its postings",
  ).toEqual([]);

  // the totals per kind the ledger keeps beside the balances (issue 22: the sub-account cards) equal the postings
  const driftedTotals = await rows<{ account: number; kind: string; kept: string | null; total: string | null }>(
    db,
    sql`select coalesce(k.account_id, s.account_id) as account, coalesce(k.kind, s.kind) as kind,
               k.amount_cents::text as kept, s.total::text as total
        from ledger_account_totals k
        full join (select p.account_id, t.kind, sum(p.amount_cents) as total
                   from ledger_postings p join ledger_transfers t on t.id = p.transfer_id
                   group by p.account_id, t.kind) s on s.account_id = k.account_id and s.kind = k.kind
        where k.amount_cents is distinct from s.total`,
  );
  expect(driftedTotals, "each account's totals per kind are the sums of its postings").toEqual([]);

  const brokenRules = await rows<{ id: number; rule: string; balance: string }>(
    db,
    sql`select id, rule, balance_cents::text as balance from ledger_accounts
        where not (rule = 'unbounded' or (rule = 'non_negative' and balance_cents >= 0)
                   or (rule = 'overdraft' and balance_cents >= -overdraft_limit_cents))`,
  );
  expect(brokenRules, "no balance breaks its rule").toEqual([]);
}
