import type { Db } from "../../db/client.ts";
import { withTransaction } from "../../db/transaction.ts";
import { ORDER_STATUS } from "../../../domain/ids.ts";
import { nextProductionStatus, PRODUCING_STATUSES } from "../../../domain/orderStatus.ts";
import { ordersRepository } from "./repository.ts";

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
  const steps = PRODUCING_STATUSES.map((from) => ({ from, to: nextProductionStatus(from)! }));
  return withTransaction(db, async (tx) => {
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
    const byStatus: Record<string, number> = {};
    for (const row of moved) byStatus[String(row.statusId)] = (byStatus[String(row.statusId)] ?? 0) + 1;
    return { moved: moved.length, byStatus };
  });
}

/**
 * Runs the simulator every `stepSeconds` (and once at start, so orders that became due while the server
 * was down move on); 0 switches it off. Returns the function that stops it (and waits for a run under
 * way). A failed run is logged and the next one tries again.
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
    running ??= advanceProduction(db, clock(), stepSeconds)
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
