import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { readServerState, writeServerState } from "../../db/serverState.ts";
import { withTransaction, type Transaction } from "../../db/transaction.ts";
import { ORDER_STATUS } from "../../../domain/ids.ts";
import { nextProductionStatus, PRODUCING_STATUSES } from "../../../domain/orderStatus.ts";
import { ordersRepository } from "./repository.ts";
import { advanceShipments } from "../shipments/simulator.ts";

/** The status a production step came from (the inverse of `nextProductionStatus`). */
const previousProductionStatus = (status: number) =>
  PRODUCING_STATUSES.find((from) => nextProductionStatus(from) === status);

/**
 * The production simulator (issue 11): the factory the portal does not have. Each order with a next
 * production status (`nextProductionStatus`: submitted 10030 → 206012 cutting → 206013 sewing →
 * 206014 quality check → finished 10370) whose status has not changed for `stepSeconds` moves one
 * step; production start sets the planned delivery date (PLAN_DELIVERY_DAYS after that day), the last
 * step the final delivery date (that day). Deterministic: the clock is the `now` it is given, so the
 * tests drive it with explicit times and never wait; the server calls it on an interval
 * (`PRODUCTION_STEP_SECONDS`, 0 switches it off: `startProductionClock`).
 */

/** Days from the start of production to the planned delivery date. */
export const PLAN_DELIVERY_DAYS = 14;

/** The UTC calendar date of `at`, plus `days`, as YYYY-MM-DD. */
const dayOf = (at: Date, days = 0) => new Date(at.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Moves every due order one production step, in one transaction; answers how many moved to which status. */
export async function advanceProduction(
  db: Db,
  now: Date,
  stepSeconds: number,
): Promise<{ moved: number; byStatus: Record<string, number> }> {
  return withTransaction(db, (tx) => advanceIn(db, tx, now, stepSeconds));
}

type Moved = Awaited<ReturnType<typeof advanceIn>>;

async function advanceIn(
  db: Db,
  tx: Transaction,
  now: Date,
  stepSeconds: number,
): Promise<{ moved: number; byStatus: Record<string, number> }> {
  const steps = PRODUCING_STATUSES.map((from) => ({ from, to: nextProductionStatus(from)! }));
  const repository = ordersRepository(db);
  const moved = await repository.advanceProduction(
    {
      steps,
      due: new Date(now.getTime() - stepSeconds * 1000),
      now,
      plan: { from: ORDER_STATUS.submitted, date: dayOf(now, PLAN_DELIVERY_DAYS) },
      delivery: { to: ORDER_STATUS.finished, date: dayOf(now) },
    },
    tx,
  );
  // The timeline (issue 12): each step is the production's, in the transaction of the move.
  await repository.addEvents(
    moved.map((row) => ({
      orderId: row.id,
      fromStatus: previousProductionStatus(row.statusId) ?? null,
      toStatus: row.statusId,
      actor: "production" as const,
      at: now,
    })),
    tx,
  );
  // Issue 23: the carrier moves on the same clock, after the orders (a parcel leaves once they are finished)
  await advanceShipments(db, tx, now);
  const byStatus: Record<string, number> = {};
  for (const row of moved) byStatus[String(row.statusId)] = (byStatus[String(row.statusId)] ?? 0) + 1;
  return { moved: moved.length, byStatus };
}

/** The advisory lock the server processes take to run the simulator (any 64-bit number of our own). */
export const PRODUCTION_LOCK = 7_321_021;
const LAST_RUN = "production_clock";
/** A run less than this much before the interval's end counts as this interval's (timers are not exact). */
const SLACK_MS = 500;

/**
 * Issue 21: one step of the server's clock, whichever of several processes asks. Under a transaction-level
 * advisory lock (so the processes take turns), a run is skipped when another process ran less than an interval
 * before `now` (its time is kept in `server_state`); otherwise the simulator runs and records `now`. So with any
 * number of processes the simulator steps once per interval. A recorded run later than `now` (a clock set back)
 * does not hold it back.
 */
export async function stepProductionClock(
  db: Db,
  now: Date,
  stepSeconds: number,
): Promise<(Moved & { skipped: false }) | { skipped: true }> {
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PRODUCTION_LOCK})`);
    const last = Number(await readServerState(tx, LAST_RUN));
    const elapsed = now.getTime() - last;
    if (Number.isFinite(last) && elapsed >= 0 && elapsed < stepSeconds * 1000 - SLACK_MS) return { skipped: true };
    const moved = await advanceIn(db, tx, now, stepSeconds);
    await writeServerState(tx, LAST_RUN, String(now.getTime()));
    return { ...moved, skipped: false };
  });
}

/**
 * Runs the simulator every `stepSeconds` (and once at start, so orders that became due while the server
 * was down move on); 0 switches it off. Returns the function that stops it (and waits for a run under
 * way). A failed run is logged and the next one tries again. Each process of the server runs one; together they
 * step once per interval (`stepProductionClock`).
 */
export function startProductionClock(
  db: Db,
  stepSeconds: number,
  log: (error: unknown) => void,
  clock: () => Date = () => new Date(),
): () => Promise<void> {
  if (stepSeconds <= 0) return async () => {};
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= stepProductionClock(db, clock(), stepSeconds)
      .then(() => undefined, log)
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, stepSeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
