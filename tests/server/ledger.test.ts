import { seededAllocationOf } from "../../server/db/seedOrders.ts";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS, type Db } from "../../server/db/client.ts";
import { openPool } from "../../server/db/postgres.ts";
import * as schema from "../../server/db/schema.ts";
import {
  ledgerAccounts,
  ledgerPostings,
  ledgerTransfers,
  TRANSFER_KINDS,
  type TransferKind,
} from "../../server/db/schema/ledger.ts";
import {
  memberAccount,
  memberBalanceCents,
  reverse,
  setBalanceRule,
  systemAccount,
  topUp,
  transfer,
  type Account,
  type BalanceRule,
  type TransferResult,
} from "../../server/modules/ledger/service.ts";
import { freshPostgresDatabase, startServer, type TestServer } from "./fixture.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { memberIds, postingCount, transferCount, type MemberIds } from "./members.ts";

/**
 * The double-entry ledger (issue 8 §6) by itself: transfers, balance rules, refusals as values,
 * reversals, immutability, idempotency keys of transfers, lock order, and the migration of the old
 * single-entry balances. The invariants are checked after every test.
 */
let server: TestServer;
let ids: MemberIds;
beforeAll(async () => {
  server = await startServer();
  ids = await memberIds(server.db);
});
afterEach(async () => {
  await expectLedgerInvariants(server.db);
});
afterAll(async () => {
  await server?.close();
});

/** The message of a database error and of its causes (drizzle wraps the driver's error); "" for none. */
const messageOf = (error: unknown): string =>
  error instanceof Error ? `${error.message} ${messageOf(error.cause)}` : "";

/** Runs `work` in a transaction of its own, as a caller of the ledger does. */
const inTx = <T>(work: (tx: Db) => Promise<T>) => server.db.transaction(work);

const account = async (id: number) =>
  (await server.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id)))[0]!;

/** What the ledger holds, to prove that a refusal changed nothing. */
async function ledgerState() {
  return {
    transfers: await transferCount(server.db),
    postings: await postingCount(server.db),
    balances: await server.db
      .select({ id: ledgerAccounts.id, b: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .orderBy(asc(ledgerAccounts.id)),
  };
}

let currencySeq = 0;
/**
 * A fresh currency (accounts are per member and currency), with an account of `rule` for demo-sub2
 * holding `balanceCents` (a top-up from the currency's topups account) and the currency's sales account.
 */
async function fundedAccount(rule: BalanceRule, overdraftLimitCents: number, balanceCents: number) {
  const currency = `T${String(++currencySeq).padStart(2, "0")}`;
  return inTx(async (tx) => {
    const payer = (await memberAccount(tx, ids.demoSub2, { currency, rule, overdraftLimitCents }))!;
    const sales = await systemAccount(tx, "sales", currency);
    const topups = await systemAccount(tx, "topups", currency);
    if (balanceCents > 0) {
      const funded = await transfer(tx, {
        debitAccountId: topups.id,
        creditAccountId: payer.id,
        amountCents: balanceCents,
        currency,
        kind: "topup",
      });
      expect(funded.ok).toBe(true);
    }
    return { currency, payer, sales, topups };
  });
}

const pay = (from: Account, to: Account, amountCents: number, extra: Partial<Parameters<typeof transfer>[1]> = {}) =>
  inTx((tx) =>
    transfer(tx, {
      debitAccountId: from.id,
      creditAccountId: to.id,
      amountCents,
      currency: from.currency,
      kind: "order",
      ...extra,
    }),
  );

describe("opening balances", () => {
  /** What the seeded history of an account paid and kept paid (its orders' transfers minus their refunds). */
  const paidByHistory = async (memberId: number) => {
    const account = (await memberAccount(server.db, memberId))!;
    const [row] = (
      (await server.db.execute(
        sql`select coalesce(sum(case when t.kind = 'order' then t.amount_cents else -t.amount_cents end), 0)::text as net
            from ledger_transfers t where t.kind in ('order', 'refund')
              and (t.debit_account_id = ${account.id} or t.credit_account_id = ${account.id})`,
      )) as unknown as { rows: Array<{ net: string }> }
    ).rows;
    return Number(row!.net);
  };

  it("the seed writes each opening balance through the ledger: a top-up transfer covering the seeded history's payments, the balance the sum of the postings", async () => {
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(5_000_000);
    expect(await memberBalanceCents(server.db, ids.acme)).toBe(1_200_000);
    expect(await memberBalanceCents(server.db, ids.demoSub1)).toBe(0);
    // issue 22: demo-sub2 holds what demo allocated to it in the seed, through the ledger
    const allocated = seededAllocationOf("demo-sub2");
    expect(allocated).toBeGreaterThan(0);
    expect(await memberBalanceCents(server.db, ids.demoSub2)).toBe(allocated);
    const demo = (await memberAccount(server.db, ids.demo))!;
    const topups = await systemAccount(server.db, "topups", "USD");
    const history = await paidByHistory(ids.demo);
    // The seeded history paid for orders (issue 11) and demo allocated to demo-sub2 (issue 22): the opening covers both, leaving 50,000.00.
    expect(history).toBeGreaterThan(0);
    const opening = await server.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, "opening"));
    expect(opening.filter((t) => t.creditAccountId === demo.id)).toEqual([
      expect.objectContaining({
        debitAccountId: topups.id,
        amountCents: 5_000_000 + history + allocated,
        currency: "USD",
        kind: "opening",
        reference: "opening balance",
      }),
    ]);
    const [first] = await server.db
      .select()
      .from(ledgerPostings)
      .where(eq(ledgerPostings.accountId, demo.id))
      .orderBy(asc(ledgerPostings.id))
      .limit(1);
    expect(first).toMatchObject({
      side: "credit",
      amountCents: 5_000_000 + history + allocated,
      balanceAfterCents: 5_000_000 + history + allocated,
    });
    // The accounts take the members' currencies; sub-accounts have accounts of their own.
    expect((await memberAccount(server.db, ids.acme))!.currency).toBe("CNY");
    expect((await memberAccount(server.db, ids.demoSub1))!.id).not.toBe(demo.id);
    // Every USD opening (demo and its sub-accounts, whose openings cover their own history) came from topups.
    const usdOpenings = opening.filter((t) => t.currency === "USD").reduce((sum, t) => sum + t.amountCents, 0);
    expect(usdOpenings).toBe(
      5_000_000 + history + allocated + (await paidByHistory(ids.demoSub1)) + (await paidByHistory(ids.demoSub2)),
    );
    expect(topups).toMatchObject({ rule: "unbounded", balanceCents: -usdOpenings });
  });
});

describe("transfers and balance rules", () => {
  const table: Array<{
    rule: BalanceRule;
    limit: number;
    start: number;
    amount: number;
    result: "ok" | "insufficient";
    after: number;
    available?: number;
  }> = [
    { rule: "non_negative", limit: 0, start: 1000, amount: 1000, result: "ok", after: 0 },
    { rule: "non_negative", limit: 0, start: 1000, amount: 1001, result: "insufficient", after: 1000, available: 1000 },
    { rule: "non_negative", limit: 0, start: 0, amount: 1, result: "insufficient", after: 0, available: 0 },
    { rule: "overdraft", limit: 500, start: 1000, amount: 1500, result: "ok", after: -500 },
    { rule: "overdraft", limit: 500, start: 1000, amount: 1501, result: "insufficient", after: 1000, available: 1500 },
    { rule: "overdraft", limit: 500, start: 0, amount: 500, result: "ok", after: -500 },
    { rule: "unbounded", limit: 0, start: 0, amount: 987_654_321, result: "ok", after: -987_654_321 },
  ];
  for (const row of table) {
    it(`a ${row.rule} account (limit ${row.limit}) holding ${row.start} paying ${row.amount}: ${row.result}, balance ${row.after}`, async () => {
      const { payer, sales } = await fundedAccount(row.rule, row.limit, row.start);
      const salesBefore = (await account(sales.id)).balanceCents;
      const before = await ledgerState();
      const result = await pay(payer, sales, row.amount, { kind: "order", reference: "table" });
      if (row.result === "ok") {
        expect(result).toMatchObject({
          ok: true,
          replayed: false,
          debitBalanceCents: row.after,
          creditBalanceCents: salesBefore + row.amount,
        });
        expect(await transferCount(server.db)).toBe(before.transfers + 1);
        expect(await postingCount(server.db)).toBe(before.postings + 2);
        expect((await account(sales.id)).balanceCents).toBe(salesBefore + row.amount);
      } else {
        // Refused as a value (no exception), and nothing moved.
        expect(result).toEqual({ ok: false, reason: "insufficient", availableCents: row.available });
        expect(await ledgerState()).toEqual(before);
      }
      expect((await account(payer.id)).balanceCents).toBe(row.after);
    });
  }

  it("malformed transfers are refused as values and move nothing: amounts that are not positive integer cents, one account twice, an unknown account, another currency", async () => {
    const { payer, sales, currency } = await fundedAccount("non_negative", 0, 10_000);
    const usdSales = await systemAccount(server.db, "sales", "USD");
    const before = await ledgerState();
    const refusals: Array<[Promise<TransferResult>, string]> = [
      [pay(payer, sales, 0), "invalid_amount"],
      [pay(payer, sales, -5), "invalid_amount"],
      [pay(payer, sales, 0.5), "invalid_amount"],
      [pay(payer, sales, Number.NaN), "invalid_amount"],
      [pay(payer, sales, Number.MAX_SAFE_INTEGER + 2), "invalid_amount"],
      [pay(payer, payer, 100), "same_account"],
      [pay(payer, { ...sales, id: 2_000_000_000 }, 100), "account_not_found"],
      [pay(payer, usdSales, 100), "currency_mismatch"],
      [pay(payer, sales, 100, { currency: "USD" }), "currency_mismatch"],
      [inTx((tx) => reverse(tx, 9_999_999_999)), "transfer_not_found"],
    ];
    for (const [attempt, reason] of refusals) expect(await attempt).toEqual({ ok: false, reason });
    expect(await ledgerState()).toEqual(before);
    expect(currency).toMatch(/^T\d+$/);
  });

  it("a transfer is paid into the caller's transaction: when that transaction fails afterwards, nothing moved", async () => {
    const { payer, sales } = await fundedAccount("non_negative", 0, 5_000);
    const before = await ledgerState();
    await expect(
      server.db.transaction(async (tx) => {
        const paid = await transfer(tx, {
          debitAccountId: payer.id,
          creditAccountId: sales.id,
          amountCents: 1_000,
          currency: payer.currency,
          kind: "order",
        });
        expect(paid.ok).toBe(true);
        throw new Error("the cause of the payment failed");
      }),
    ).rejects.toThrow("the cause of the payment failed");
    expect(await ledgerState()).toEqual(before);
  });

  it("changing a balance rule: a rule the current balance would break is refused (insufficient); an allowed one applies", async () => {
    const { payer, sales } = await fundedAccount("overdraft", 1_000, 0);
    expect((await pay(payer, sales, 800)).ok).toBe(true);
    expect(await inTx((tx) => setBalanceRule(tx, payer.id, "non_negative"))).toEqual({
      ok: false,
      reason: "insufficient",
      availableCents: 0,
    });
    expect(await inTx((tx) => setBalanceRule(tx, payer.id, "overdraft", -1))).toEqual({
      ok: false,
      reason: "invalid_amount",
    });
    expect(await inTx((tx) => setBalanceRule(tx, payer.id, "unbounded"))).toEqual({ ok: true });
    expect(await account(payer.id)).toMatchObject({ rule: "unbounded", overdraftLimitCents: 0, balanceCents: -800 });
    expect((await pay(payer, sales, 1_000_000)).ok).toBe(true);
  });
});

describe("reversals and immutability", () => {
  it("a mistake is corrected by a reversing transfer: balances back, the original untouched, reversed at most once", async () => {
    const { payer, sales } = await fundedAccount("non_negative", 0, 3_000);
    const paid = await pay(payer, sales, 2_000, { kind: "order", reference: "MTM-mistake" });
    if (!paid.ok) throw new Error(paid.reason);
    const original = (await server.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, paid.transferId)))[0];
    const reversed = await inTx((tx) => reverse(tx, paid.transferId));
    if (!reversed.ok) throw new Error(reversed.reason);
    expect(reversed).toMatchObject({ replayed: false, debitBalanceCents: 0, creditBalanceCents: 3_000 });
    expect((await account(payer.id)).balanceCents).toBe(3_000);
    expect((await account(sales.id)).balanceCents).toBe(0);
    const [reversal] = await server.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, reversed.transferId));
    expect(reversal).toMatchObject({
      debitAccountId: sales.id,
      creditAccountId: payer.id,
      amountCents: 2_000,
      kind: "reversal",
      reference: "MTM-mistake",
      reversesTransferId: paid.transferId,
    });
    expect((await server.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, paid.transferId)))[0]).toEqual(
      original,
    );
    const before = await ledgerState();
    expect(await inTx((tx) => reverse(tx, paid.transferId))).toEqual({ ok: false, reason: "already_reversed" });
    expect(await ledgerState()).toEqual(before);
  });

  it("a reversal follows the balance rule: money already spent cannot be taken back (insufficient)", async () => {
    const { payer, topups, sales } = await fundedAccount("non_negative", 0, 1_000);
    const [funding] = await server.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.creditAccountId, payer.id));
    expect((await pay(payer, sales, 600)).ok).toBe(true);
    const before = await ledgerState();
    expect(await inTx((tx) => reverse(tx, funding!.id))).toEqual({
      ok: false,
      reason: "insufficient",
      availableCents: 400,
    });
    expect(await ledgerState()).toEqual(before);
    expect(topups.rule).toBe("unbounded");
  });

  it("transfers and postings are never updated or deleted (the database refuses it), and no balance can be written below its rule", async () => {
    const { payer, sales } = await fundedAccount("non_negative", 0, 1_000);
    const paid = await pay(payer, sales, 400);
    if (!paid.ok) throw new Error(paid.reason);
    const before = await ledgerState();
    const attempts = [
      sql`update ledger_transfers set amount_cents = 1 where id = ${paid.transferId}`,
      sql`delete from ledger_transfers where id = ${paid.transferId}`,
      sql`update ledger_postings set amount_cents = amount_cents where transfer_id = ${paid.transferId}`,
      sql`delete from ledger_postings where transfer_id = ${paid.transferId}`,
    ];
    for (const attempt of attempts) {
      const error = await server.db.execute(attempt).then(
        () => null,
        (e: unknown) => e,
      );
      expect(messageOf(error)).toMatch(/never updated or deleted/);
    }
    // The balance rule is also a CHECK: even a direct write cannot overdraw an account.
    const overdraw = await server.db
      .execute(sql`update ledger_accounts set balance_cents = -1 where id = ${payer.id}`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(messageOf(overdraw)).toMatch(/ledger_accounts_balance_rule|check constraint/i);
    expect(await ledgerState()).toEqual(before);
  });
});

describe("double entry in the database", () => {
  it("a transfer's kind is one of TRANSFER_KINDS: the database refuses any other, and changes nothing", async () => {
    const { payer, sales, currency } = await fundedAccount("non_negative", 0, 1_000);
    const before = await ledgerState();
    expect(TRANSFER_KINDS).toEqual(expect.arrayContaining(["opening", "topup", "order", "refund", "reversal"]));
    for (const kind of ["forged", "test", "ORDER", ""]) {
      const error = await server.db
        .transaction(async (tx) => {
          await tx.execute(
            sql`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, currency, kind)
                values (${payer.id}, ${sales.id}, 100, ${currency}, ${kind})`,
          );
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(messageOf(error), kind).toMatch(/ledger_transfers_kind_name/);
    }
    expect(await ledgerState()).toEqual(before);
  });

  it("a posting carries its transfer's kind: the database copies it, whatever the insert says (issue 22)", async () => {
    const { payer, sales, currency } = await fundedAccount("non_negative", 0, 1_000);
    const before = await ledgerState();
    // the postings are read inside the transaction, which is then rolled back (they move no balance)
    const rollBack = new Error("roll back");
    let kinds: unknown;
    const written = server.db.transaction(async (tx) => {
      const [transfer] = (
        (await tx.execute(
          sql`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, currency, kind)
                values (${payer.id}, ${sales.id}, 100, ${currency}, 'order') returning id`,
        )) as unknown as { rows: Array<{ id: number }> }
      ).rows;
      // one posting says another kind, the other none
      await tx.execute(
        sql`insert into ledger_postings (transfer_id, account_id, side, amount_cents, currency, balance_after_cents, kind)
              values (${transfer!.id}, ${payer.id}, 'debit', -100, ${currency}, 900, 'refund')`,
      );
      await tx.execute(
        sql`insert into ledger_postings (transfer_id, account_id, side, amount_cents, currency, balance_after_cents)
              values (${transfer!.id}, ${sales.id}, 'credit', 100, ${currency}, 100)`,
      );
      const read = (await tx.execute(
        sql`select side, kind from ledger_postings where transfer_id = ${transfer!.id} order by side`,
      )) as unknown as { rows: unknown[] };
      kinds = read.rows;
      throw rollBack;
    });
    await expect(written).rejects.toBe(rollBack);
    expect(kinds).toEqual([
      { side: "credit", kind: "order" },
      { side: "debit", kind: "order" },
    ]);
    expect(await ledgerState()).toEqual(before);
  });

  it("a transfer without exactly its debit and its credit posting cannot be committed (a deferred constraint trigger)", async () => {
    const { payer, sales, currency } = await fundedAccount("non_negative", 0, 1_000);
    const before = await ledgerState();
    const attempts = [
      // no postings at all
      [],
      // only the debit
      [sql`(currval(pg_get_serial_sequence('ledger_transfers', 'id')), ${payer.id}, 'debit', -100, ${currency}, 900)`],
      // a credit of another amount: the postings would not sum to zero
      [
        sql`(currval(pg_get_serial_sequence('ledger_transfers', 'id')), ${payer.id}, 'debit', -100, ${currency}, 900)`,
        sql`(currval(pg_get_serial_sequence('ledger_transfers', 'id')), ${sales.id}, 'credit', 90, ${currency}, 90)`,
      ],
      // the credit on the wrong account (the payer's own)
      [
        sql`(currval(pg_get_serial_sequence('ledger_transfers', 'id')), ${payer.id}, 'debit', -100, ${currency}, 900)`,
        sql`(currval(pg_get_serial_sequence('ledger_transfers', 'id')), ${payer.id}, 'credit', 100, ${currency}, 1000)`,
      ],
    ];
    for (const postings of attempts) {
      const error = await server.db
        .transaction(async (tx) => {
          await tx.execute(
            sql`insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, currency, kind)
                values (${payer.id}, ${sales.id}, 100, ${currency}, 'order')`,
          );
          for (const posting of postings) {
            await tx.execute(
              sql`insert into ledger_postings (transfer_id, account_id, side, amount_cents, currency, balance_after_cents)
                  values ${posting}`,
            );
          }
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(messageOf(error)).toMatch(/is not double-entry/);
    }
    expect(await ledgerState()).toEqual(before);
  });

  it("transfer outside a transaction makes its own, so that its locks still hold: 40 payments of 100 against 2,000 leave exactly 20 paid", async () => {
    const { payer, sales } = await fundedAccount("non_negative", 0, 2_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        transfer(server.db, {
          debitAccountId: payer.id,
          creditAccountId: sales.id,
          amountCents: 100,
          currency: payer.currency,
          kind: "order",
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    expect((await account(payer.id)).balanceCents).toBe(0);
  });
});

describe("idempotency keys of transfers", () => {
  it("the same key and the same transfer return the first transfer and move money once; other fields with the key are refused; the key is per debit account", async () => {
    const { payer, sales, currency } = await fundedAccount("non_negative", 0, 10_000);
    const first = await pay(payer, sales, 2_500, { kind: "order", reference: "K", idempotencyKey: "key-1" });
    if (!first.ok) throw new Error(first.reason);
    const before = await ledgerState();
    expect(await pay(payer, sales, 2_500, { kind: "order", reference: "K", idempotencyKey: "key-1" })).toEqual({
      ok: true,
      transferId: first.transferId,
      replayed: true,
      debitBalanceCents: 7_500,
      creditBalanceCents: 2_500,
    });
    for (const changed of [{ amountCents: 2_501 }, { reference: "other" }, { kind: "topup" }] as const) {
      const { amountCents = 2_500, ...rest } = changed as {
        amountCents?: number;
        reference?: string;
        kind?: TransferKind;
      };
      expect(
        await pay(payer, sales, amountCents, { kind: "order", reference: "K", idempotencyKey: "key-1", ...rest }),
      ).toEqual({ ok: false, reason: "idempotency_conflict" });
    }
    expect(await ledgerState()).toEqual(before);
    // Another debit account's "key-1" is another key.
    const other = (await memberAccount(server.db, ids.demoSub1, { currency }))!;
    const topups = await systemAccount(server.db, "topups", currency);
    const topped = await pay(topups, other, 1_000, { kind: "topup", idempotencyKey: "key-1" });
    expect(topped).toMatchObject({ ok: true, replayed: false });
    expect(await transferCount(server.db)).toBe(before.transfers + 1);
  });

  it("a top-up repeated with its key credits once", async () => {
    const before = await memberBalanceCents(server.db, ids.demoSub1);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => inTx((tx) => topUp(tx, ids.demoSub1, 700, { idempotencyKey: "topup-once" }))),
    );
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(results.filter((r) => r.ok && r.replayed)).toHaveLength(9);
    expect(new Set(results.map((r) => (r.ok ? r.transferId : 0))).size).toBe(1);
    expect(await memberBalanceCents(server.db, ids.demoSub1)).toBe(before + 700);
  });
});

describe("locking", () => {
  it("transfers in opposite directions between the same two accounts, all at once, all complete (accounts are locked in id order) and the balances add up", async () => {
    const a = await fundedAccount("non_negative", 0, 100_000);
    const b = (await memberAccount(server.db, ids.demoSub1, { currency: a.currency }))!;
    expect((await pay(a.topups, b, 100_000, { kind: "topup" })).ok).toBe(true);
    const moves = Array.from({ length: 60 }, (_, i) =>
      i % 2 === 0 ? pay(a.payer, b, 100 + i) : pay(b, a.payer, 100 + i),
    );
    const results = await Promise.all(moves);
    expect(results.every((r) => r.ok)).toBe(true);
    const sent = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? -(100 + i) : 100 + i)).reduce((x, y) => x + y, 0);
    expect((await account(a.payer.id)).balanceCents).toBe(100_000 + sent);
    expect((await account(b.id)).balanceCents).toBe(100_000 - sent);
  });

  it("concurrent payments from one account never overdraw it: 40 payments of 100 against 2,000 leave exactly 20 paid and 0", async () => {
    const { payer, sales } = await fundedAccount("non_negative", 0, 2_000);
    const results = await Promise.all(Array.from({ length: 40 }, () => pay(payer, sales, 100)));
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array.from({ length: 20 }, () => ({ ok: false, reason: "insufficient", availableCents: 0 })),
    );
    expect((await account(payer.id)).balanceCents).toBe(0);
  });
});

describe("lock order on PostgreSQL", () => {
  it.runIf(Boolean(process.env.TEST_POSTGRES_URL))(
    "a transfer locks its accounts in ascending id order: waiting for the lower one, it holds nothing yet (so opposite transfers cannot deadlock)",
    async () => {
      const db = await rawDatabase();
      const locker = await db.connect();
      try {
        await db.migrate(fileURLToPath(new URL("../../server/db/migrations", import.meta.url)));
        const low = await systemAccount(db.drizzle, "sales", "XTS");
        const high = await systemAccount(db.drizzle, "topups", "XTS");
        expect(low.id).toBeLessThan(high.id);
        // Another transaction holds the lower account.
        await locker.query("begin");
        await locker.query("select id from ledger_accounts where id = $1 for update", [low.id]);
        // A transfer from the higher to the lower account must wait for the lower one first ...
        const pending = db.drizzle.transaction(async (tx) =>
          transfer(tx, {
            debitAccountId: high.id,
            creditAccountId: low.id,
            amountCents: 100,
            currency: "XTS",
            kind: "order",
          }),
        );
        // (a condition, polled: the transfer's backend is waiting for a row lock)
        for (;;) {
          const waiting = await db.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((waiting[0] as { n: number }).n === 1) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
        // ... so the higher one is free: taking it without waiting succeeds (NOWAIT would fail if held).
        await expect(
          locker.query("select id from ledger_accounts where id = $1 for update nowait", [high.id]),
        ).resolves.toMatchObject({ rowCount: 1 });
        await locker.query("commit");
        expect(await pending).toMatchObject({ ok: true, debitBalanceCents: -100, creditBalanceCents: 100 });
        await expectLedgerInvariants(db.drizzle);
      } finally {
        locker.release();
        await db.close();
      }
    },
  );
});

describe("migrating the single-entry balances (migration 0006)", () => {
  it("old ledger entries become transfers in order and each member's balance column its account's balance; the old column and table are gone", async () => {
    const migrations = fileURLToPath(new URL("../../server/db/migrations", import.meta.url));
    const dir = await mkdtemp(join(tmpdir(), "ledger-migration-"));
    const before = join(dir, "before");
    await cp(migrations, before, { recursive: true });
    const journalPath = join(before, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
    const upTo = journal.entries.findIndex((e) => e.tag === "0004_dictionaries");
    journal.entries = journal.entries.slice(0, upTo + 1);
    await writeFile(journalPath, JSON.stringify(journal));
    const db = await rawDatabase();
    try {
      await db.migrate(before);
      const run = (query: string) => db.query(query);
      await run(`insert into members (username, password_hash, display_name, money_type, balance_cents) values
        ('old-usd', 'x', 'Old USD', 'USD', 7000), ('old-cny', 'x', 'Old CNY', 'CNY', 500), ('old-none', 'x', 'Old', 'USD', 0),
        ('old-drift', 'x', 'Drift', 'USD', 900)`);
      await run(`insert into ledger_entries (member_id, amount_cents, balance_after_cents, kind, reference) values
        ((select id from members where username = 'old-usd'), 10000, 10000, 'deposit', 'opening balance'),
        ((select id from members where username = 'old-usd'), -3000, 7000, 'order', 'MTM001'),
        ((select id from members where username = 'old-cny'), 500, 500, 'deposit', 'opening balance')`);
      await db.migrate(migrations);
      const accounts = await run(`select m.username, a.balance_cents::int as balance, a.rule from ledger_accounts a
        join members m on m.id = a.member_id order by m.username`);
      expect(accounts).toEqual([
        { username: "old-cny", balance: 500, rule: "non_negative" },
        { username: "old-drift", balance: 900, rule: "non_negative" },
        { username: "old-none", balance: 0, rule: "non_negative" },
        { username: "old-usd", balance: 7000, rule: "non_negative" },
      ]);
      const transfers = await run(`select t.kind, t.reference, t.amount_cents::int as amount, t.currency,
          coalesce(dm.username, d.system) as debit, coalesce(cm.username, c.system) as credit
        from ledger_transfers t
        join ledger_accounts d on d.id = t.debit_account_id left join members dm on dm.id = d.member_id
        join ledger_accounts c on c.id = t.credit_account_id left join members cm on cm.id = c.member_id
        order by t.id`);
      expect(transfers).toEqual([
        {
          kind: "deposit",
          reference: "opening balance",
          amount: 10000,
          currency: "USD",
          debit: "topups",
          credit: "old-usd",
        },
        { kind: "order", reference: "MTM001", amount: 3000, currency: "USD", debit: "old-usd", credit: "sales" },
        {
          kind: "deposit",
          reference: "opening balance",
          amount: 500,
          currency: "CNY",
          debit: "topups",
          credit: "old-cny",
        },
        // A balance its entries did not explain gets one opening transfer.
        {
          kind: "opening",
          reference: "opening balance",
          amount: 900,
          currency: "USD",
          debit: "topups",
          credit: "old-drift",
        },
      ]);
      const system = await run(`select system, currency, balance_cents::int as balance, rule from ledger_accounts
        where system is not null order by currency, system`);
      expect(system).toEqual([
        { system: "sales", currency: "CNY", balance: 0, rule: "non_negative" },
        { system: "topups", currency: "CNY", balance: -500, rule: "unbounded" },
        { system: "sales", currency: "USD", balance: 3000, rule: "non_negative" },
        { system: "topups", currency: "USD", balance: -10900, rule: "unbounded" },
      ]);
      expect(await run(`select to_regclass('ledger_entries') is null as gone`)).toEqual([{ gone: true }]);
      expect(
        await run(`select count(*)::int as n from information_schema.columns
          where table_name = 'members' and column_name = 'balance_cents'`),
      ).toEqual([{ n: 0 }]);
      await expectLedgerInvariants(db.drizzle);
    } finally {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** An empty database (PGlite, or PostgreSQL under TEST_POSTGRES_URL) migrated from a given folder. */
async function rawDatabase() {
  const url = process.env.TEST_POSTGRES_URL;
  if (url) {
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const fresh = await freshPostgresDatabase(url);
    // As the server's pool: a lost idle connection fails the test; close() waits until every connection is closed.
    const lost: Error[] = [];
    const { pool, close } = openPool(fresh.url, (error) => lost.push(error), 4);
    const db = drizzle({ client: pool, schema });
    return {
      drizzle: db,
      connect: () => pool.connect(),
      migrate: (folder: string) => migrate(db, { migrationsFolder: folder }),
      query: async (text: string) => (await pool.query(text)).rows as unknown[],
      close: async () => {
        await close();
        await fresh.drop();
        expect(lost).toEqual([]);
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = new PGlite("memory://", { extensions: PGLITE_EXTENSIONS });
  const db = drizzle({ client, schema });
  return {
    drizzle: db,
    connect: (): Promise<never> => Promise.reject(new Error("PGlite has one connection")),
    migrate: (folder: string) => migrate(db, { migrationsFolder: folder }),
    query: async (text: string) => (await client.query(text)).rows as unknown[],
    close: () => client.close(),
  };
}
