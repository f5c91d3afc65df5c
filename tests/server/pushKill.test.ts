import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { idempotencyKeys, ledgerAccounts } from "../../server/db/schema.ts";
import { memberBalanceCents } from "../../server/modules/ledger/service.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { freshPostgresDatabase } from "./fixture.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { deposit, memberId } from "./members.ts";
import { cartOrders, chargesOf, orderRows, type PushOutcome } from "./pushHelpers.ts";
import { exited, PROCESS_TEST_TIMEOUT, spawnServer } from "./serverProcess.ts";

/**
 * Issue 11: a server killed with SIGKILL in the middle of a submission queue, then restarted. The real
 * server runs as a child process (the compiled server, as an operator starts it); after the kill every
 * order is either paid and submitted (one charge) or untouched, the ledger's invariants hold, and the
 * queue resumed with its keys reports each order's true outcome and pays each order exactly once.
 *
 * On PostgreSQL the kill lands inside a payment's transaction for certain: the test holds the paying
 * account's row lock, sees the server's transaction wait for it, and kills the server then. On PGlite
 * (DATA_DIR on disk) the kill lands wherever the in-flight call is; either outcome is checked.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const QUEUE = 20;
const ANSWERED = 8;
const PRICE = 4_321;
const keyOf = (id: number) => `kill-queue-${id}`;

/** The compiled server on the database, ready when it says so; its output is kept for failures. */
async function startProcess(env: Record<string, string>) {
  const { child, url, ready, output } = await spawnServer(env);
  await ready;
  const base = `${url}/api`;
  const login = async (username: string, password: string) => {
    const res = await fetch(`${base}/memberLogin?username=${username}&password=${password}`, { method: "POST" });
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  const push = async (token: string, orderId: number): Promise<PushOutcome> => {
    const res = await fetch(`${base}/pc/order/pushOrder?orderIds=${orderId},`, {
      headers: { authorization: `Bearer ${token}`, "idempotency-key": keyOf(orderId) },
    });
    const body = (await res.json()) as { code: number; data: Record<string, PushOutcome> };
    expect(body.code, JSON.stringify(body)).toBe(0);
    return body.data[String(orderId)]!;
  };
  return { child, push, login, output };
}

/** The queue's orders after the kill: each paid and submitted with one charge, or untouched with none. */
async function expectPaidOrUntouched(database: Database, queue: readonly number[], answered: number) {
  const rows = await orderRows(database.db, queue);
  const charges = await chargesOf(
    database.db,
    rows.map((r) => r.orderCode),
  );
  rows.forEach((row, i) => {
    const mine = charges.filter((c) => c.reference === row.orderCode);
    if (i < answered) expect(row.statusId, `answered order ${i + 1}`).toBe(ORDER_STATUS.submitted);
    if (row.statusId === ORDER_STATUS.submitted) {
      expect(mine, `order ${i + 1} paid once`).toHaveLength(1);
      expect(mine[0]!.amountCents).toBe(PRICE);
    } else {
      expect(row, `order ${i + 1} untouched`).toMatchObject({
        statusId: ORDER_STATUS.saved,
        blError: "",
        submittedAt: null,
      });
      expect(mine, `order ${i + 1} not charged`).toHaveLength(0);
    }
  });
  await expectLedgerInvariants(database.db);
  return rows.filter((r) => r.statusId === ORDER_STATUS.submitted).length;
}

/** After the restart: the queue resumed with the same keys pays what was left; each order paid once. */
async function resumeAndCheck(
  server: Awaited<ReturnType<typeof startProcess>>,
  queue: readonly number[],
): Promise<PushOutcome[]> {
  const token = await server.login("demo-sub1", "demo1234");
  const outcomes: PushOutcome[] = [];
  for (const id of queue) outcomes.push(await server.push(token, id));
  // Every order reports success: a replay for those paid before the kill, a payment for the rest.
  for (const outcome of outcomes) expect(outcome).toMatchObject({ code: 0, sign: "success", status: 10030 });
  return outcomes;
}

async function expectAllPaidOnce(database: Database, queue: readonly number[], sub1: number, opening: number) {
  const rows = await orderRows(database.db, queue);
  expect(rows.every((r) => r.statusId === ORDER_STATUS.submitted)).toBe(true);
  const charges = await chargesOf(
    database.db,
    rows.map((r) => r.orderCode),
  );
  expect(charges).toHaveLength(queue.length);
  expect(new Set(charges.map((c) => c.reference)).size).toBe(queue.length);
  expect(await memberBalanceCents(database.db, sub1)).toBe(opening - queue.length * PRICE);
  await expectLedgerInvariants(database.db);
}

const postgresUrl = process.env.TEST_POSTGRES_URL;

describe.runIf(postgresUrl)("SIGKILL in the middle of a queue (PostgreSQL)", () => {
  it(
    "CART-026 CART-046 killed while a payment's transaction waits: every order paid and submitted or untouched; restarted, the queue resumed with its keys pays each order once",
    async () => {
      const pgDb = await freshPostgresDatabase(postgresUrl!);
      const env = { DATABASE_URL: pgDb.url };
      let first = await startProcess(env);
      const database = await openDatabase({ databaseUrl: pgDb.url, dataDir: "" });
      const { default: pg } = await import("pg");
      const locker = new pg.Client({ connectionString: pgDb.url });
      try {
        const sub1 = await memberId(database.db, "demo-sub1");
        const queue = await cartOrders(database.db, sub1, QUEUE, PRICE);
        await deposit(database.db, sub1, QUEUE * PRICE);
        const token = await first.login("demo-sub1", "demo1234");
        for (const id of queue.slice(0, ANSWERED)) expect((await first.push(token, id)).code).toBe(0);

        // Hold the paying account's row: the next payment's transaction (key claimed, order locked) waits for it.
        await locker.connect();
        const [account] = await database.db
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.memberId, sub1));
        await locker.query("begin");
        await locker.query("select id from ledger_accounts where id = $1 for update", [account!.id]);
        const inFlight = first.push(token, queue[ANSWERED]!).then(
          () => "answered",
          () => "request error",
        );
        // The server's transaction is now waiting on the lock (polled from the database, not timed).
        for (let waiting = 0; waiting === 0;) {
          const { rows } = await locker.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
          );
          waiting = (rows[0] as { n: number }).n;
        }
        first.child.kill("SIGKILL");
        await exited(first.child);
        expect(await inFlight).toBe("request error");
        await locker.query("rollback");

        // The killed transaction left nothing: not the payment, not the status, not the key.
        expect(await expectPaidOrUntouched(database, queue, ANSWERED)).toBe(ANSWERED);
        const kept = await database.db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.memberId, sub1), inArray(idempotencyKeys.key, [keyOf(queue[ANSWERED]!)])));
        expect(kept).toEqual([]);
        expect(await memberBalanceCents(database.db, sub1)).toBe((QUEUE - ANSWERED) * PRICE);

        first = await startProcess(env);
        await resumeAndCheck(first, queue);
        await expectAllPaidOnce(database, queue, sub1, QUEUE * PRICE);
        first.child.kill("SIGTERM");
        await exited(first.child);
      } finally {
        await locker.end().catch(() => undefined);
        await database.close();
        if (first.child.exitCode === null && first.child.signalCode === null) {
          first.child.kill("SIGKILL");
          await exited(first.child);
        }
        await pgDb.drop();
      }
    },
    PROCESS_TEST_TIMEOUT,
  );
});

describe.skipIf(postgresUrl)("SIGKILL in the middle of a queue (PGlite, DATA_DIR on disk)", () => {
  it(
    "CART-026 CART-046 killed with a call in flight: what was answered survives, every order paid and submitted or untouched; restarted, the queue resumed with its keys pays each order once",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "mtm-kill-"));
      dirs.push(dataDir);
      const env = { DATA_DIR: dataDir };
      // First start: migrations and the seed; then the queue's orders and money, written with the server stopped.
      let server = await startProcess(env);
      server.child.kill("SIGTERM");
      await exited(server.child);
      let database = await openDatabase({ dataDir });
      const sub1 = await memberId(database.db, "demo-sub1");
      const queue = await cartOrders(database.db, sub1, QUEUE, PRICE);
      await deposit(database.db, sub1, QUEUE * PRICE);
      await database.close();

      server = await startProcess(env);
      const token = await server.login("demo-sub1", "demo1234");
      for (const id of queue.slice(0, ANSWERED)) expect((await server.push(token, id)).code).toBe(0);
      // The next call is sent and the process killed while it is in flight (before, inside or after its
      // transaction: each outcome is allowed, and checked).
      const inFlight = server.push(token, queue[ANSWERED]!).then(
        () => "answered",
        () => "request error",
      );
      server.child.kill("SIGKILL");
      await exited(server.child);
      await inFlight;

      database = await openDatabase({ dataDir });
      try {
        const paid = await expectPaidOrUntouched(database, queue, ANSWERED);
        expect([ANSWERED, ANSWERED + 1]).toContain(paid);
        expect(await memberBalanceCents(database.db, sub1)).toBe((QUEUE - paid) * PRICE);
      } finally {
        await database.close();
      }

      server = await startProcess(env);
      await resumeAndCheck(server, queue);
      server.child.kill("SIGTERM");
      await exited(server.child);
      database = await openDatabase({ dataDir });
      try {
        await expectAllPaidOnce(database, queue, sub1, QUEUE * PRICE);
      } finally {
        await database.close();
      }
    },
    PROCESS_TEST_TIMEOUT,
  );
});
