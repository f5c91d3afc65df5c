import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberBalanceCents } from "../../server/modules/ledger/service.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { startServer, type TestServer } from "./fixture.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { memberIds } from "./members.ts";
import { cartOrders, chargesOf, orderRows, type PushOutcome } from "./pushHelpers.ts";
import { exited, PROCESS_TEST_TIMEOUT, spawnServer } from "./serverProcess.ts";

/**
 * Issue 21: two real server processes (the compiled server, as `npm start` runs it) on one PostgreSQL
 * database; one is killed with SIGKILL while a checkout runs through both. Nothing is lost: a request
 * the killed process never answered is sent again, with its Idempotency-Key, to the other, which goes
 * on; every order is paid exactly once and the ledger holds. PostgreSQL only (PGlite is one process):
 * runs in `npm run test:postgres`.
 */
const ORDERS = 40;

interface Process {
  url: string;
  child: ChildProcess;
}

/** Starts the compiled server on `databaseUrl` and resolves once it says it is ready. */
async function startProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<Process> {
  const started = await spawnServer({ DATABASE_URL: databaseUrl, ...env });
  await started.ready;
  return started;
}

/** pushOrder of one order through a process: its outcome, or null when the process never answered. */
async function pushThrough(target: Process, token: string, orderId: number): Promise<PushOutcome | null> {
  try {
    const res = await fetch(`${target.url}/api/pc/order/pushOrder?orderIds=${orderId},`, {
      headers: { authorization: `Bearer ${token}`, "idempotency-key": `killed-${orderId}` },
    });
    const body = (await res.json()) as { code: number; data: Record<string, PushOutcome> };
    return body.code === 0 ? body.data[String(orderId)]! : null;
  } catch {
    return null;
  }
}

describe.skipIf(!process.env.TEST_POSTGRES_URL)("issue 21 a server process killed during checkout", () => {
  let server: TestServer;
  const processes: Process[] = [];
  beforeAll(async () => {
    server = await startServer();
    // One after the other: the first migrates and seeds (the copy is seeded: it finds little to do).
    processes.push(await startProcess(server.databaseUrl!));
    processes.push(await startProcess(server.databaseUrl!));
  }, PROCESS_TEST_TIMEOUT);
  afterAll(async () => {
    for (const { child } of processes) {
      child.kill("SIGTERM");
      await exited(child);
    }
    await server?.close();
  });

  it("CART-046 kill -9 of one of two processes loses nothing: the other takes the retries, every order is paid once", async () => {
    const [killed, survivor] = processes as [Process, Process];
    const ids = await memberIds(server.db);
    const login = await fetch(`${survivor.url}/api/memberLogin?username=demo&password=demo1234`, { method: "POST" });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const balance = await memberBalanceCents(server.db, ids.demo);
    const price = 1_000;
    const queue = await cartOrders(server.db, ids.demo, ORDERS, price);

    // Every order at once, dealt round-robin; the first process dies as soon as it has answered one of its
    // requests, so the others are on their way in it (in a transaction, or not yet read).
    let answered!: () => void;
    const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
    const first = queue.map((id, n) =>
      n % 2 === 0
        ? pushThrough(killed, token, id).then((outcome) => (answered(), outcome))
        : pushThrough(survivor, token, id),
    );
    await firstAnswer;
    killed.child.kill("SIGKILL");
    await exited(killed.child);
    const outcomes = await Promise.all(first);
    // What the dead process never answered is sent again, with the same key, to the one that lives.
    const retried = await Promise.all(
      queue.map((id, n) => (outcomes[n] ? Promise.resolve(outcomes[n]) : pushThrough(survivor, token, id))),
    );
    expect(retried.every((outcome) => outcome?.code === 0)).toBe(true);

    const rows = await orderRows(server.db, queue);
    expect(rows.filter((row) => row.statusId === ORDER_STATUS.submitted)).toHaveLength(ORDERS);
    expect(
      await chargesOf(
        server.db,
        rows.map((row) => row.orderCode),
      ),
    ).toHaveLength(ORDERS);
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(balance - ORDERS * price);
    await expectLedgerInvariants(server.db);
    // The survivor goes on answering.
    expect((await fetch(`${survivor.url}/readyz`)).ok).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_POSTGRES_URL)("issue 21 the metrics of WORKERS=n", () => {
  let server: TestServer;
  let workers: Process | undefined;
  beforeAll(async () => {
    server = await startServer();
    workers = await startProcess(server.databaseUrl!, { WORKERS: "2" });
  }, PROCESS_TEST_TIMEOUT);
  afterAll(async () => {
    if (workers) {
      workers.child.kill("SIGTERM");
      await exited(workers.child);
    }
    await server?.close();
  });

  /** The pids whose series one scrape of /metrics holds. */
  const scrapedProcesses = async () => {
    const res = await fetch(`${workers!.url}/metrics`);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    return new Set([...text.matchAll(/^process_cpu_user_seconds_total\{process="(\d+)"\}/gm)].map((m) => m[1]));
  };

  it(
    "one scrape of the shared port answers the figures of every worker, each labelled by its process",
    async () => {
      // The workers start one after the other: scraped until both are up (the test's timeout bounds it).
      let seen = await scrapedProcesses();
      while (seen.size < 2) seen = await scrapedProcesses();
      expect(seen.size).toBe(2);
      expect(seen.has(String(workers!.child.pid))).toBe(false); // the primary serves no requests
    },
    PROCESS_TEST_TIMEOUT,
  );
});
