import { asc } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config.ts";
import { orders } from "../../server/db/schema.ts";
import { advanceProduction, PLAN_DELIVERY_DAYS, startProductionClock } from "../../server/modules/orders/production.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { nextProductionStatus } from "../../domain/orderStatus.ts";
import { login, startServer, type TestServer } from "./fixture.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { memberIds, type MemberIds } from "./members.ts";
import { cartOrders, chargesOf, orderRows, push } from "./pushHelpers.ts";
import { memberBalanceCents } from "../../server/modules/ledger/service.ts";

/**
 * The production simulator (server/modules/orders/production.ts), driven by explicit times: a test
 * clock, never a wait. Each call moves every due order exactly one step in one transaction.
 */
let server: TestServer;
let ids: MemberIds;
let token = "";
beforeAll(async () => {
  server = await startServer();
  ids = await memberIds(server.db);
  token = (await login(server.app, "demo", "demo1234")).token;
});
afterEach(async () => {
  await expectLedgerInvariants(server.db);
});
afterAll(async () => {
  await server?.close();
});

const STEP = 600;
const STEP_MS = STEP * 1000;
const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const allOrders = () => server.db.select().from(orders).orderBy(asc(orders.id));

describe("advanceProduction", () => {
  it("moves every order due by the clock one production step and nothing else; planned date at the start, delivery date at the end", async () => {
    const before = await allOrders();
    const latest = Math.max(...before.map((o) => o.statusChangedAt.getTime()));
    const now = new Date(latest + STEP_MS);
    const result = await advanceProduction(server.db, now, STEP);
    const after = await allOrders();
    let moved = 0;
    before.forEach((was, i) => {
      const is = after[i]!;
      const next = nextProductionStatus(was.statusId);
      if (next === undefined) {
        // Saved, pending, finished, shipped, failed, cancelled: untouched.
        expect(is).toEqual(was);
        return;
      }
      moved++;
      expect(is.statusId).toBe(next);
      expect(is.statusChangedAt.getTime()).toBe(now.getTime());
      expect(is.planDeliveryDate).toBe(
        was.statusId === ORDER_STATUS.submitted
          ? dayOf(new Date(now.getTime() + PLAN_DELIVERY_DAYS * DAY_MS))
          : was.planDeliveryDate,
      );
      expect(is.deliveryDate).toBe(next === ORDER_STATUS.finished ? dayOf(now) : was.deliveryDate);
      // Money, codes and prices are not the simulator's.
      expect({ ...is, statusId: 0, statusChangedAt: 0, updatedAt: 0, planDeliveryDate: 0, deliveryDate: 0 }).toEqual({
        ...was,
        statusId: 0,
        statusChangedAt: 0,
        updatedAt: 0,
        planDeliveryDate: 0,
        deliveryDate: 0,
      });
    });
    expect(moved).toBeGreaterThan(5);
    expect(result.moved).toBe(moved);
    // Called again at the same time: nothing is due any more (one step per interval).
    expect((await advanceProduction(server.db, now, STEP)).moved).toBe(0);
    // A millisecond short of the next interval: still nothing; at it, every order in production moves again.
    expect((await advanceProduction(server.db, new Date(now.getTime() + STEP_MS - 1), STEP)).moved).toBe(0);
    const producing = (await allOrders()).filter((o) => nextProductionStatus(o.statusId) !== undefined).length;
    expect((await advanceProduction(server.db, new Date(now.getTime() + STEP_MS), STEP)).moved).toBe(producing);
  });

  it("an order paid by pushOrder goes submitted → 206012 → 206013 → 206014 → finished, one step per interval, then stays finished", async () => {
    const [id] = await cartOrders(server.db, ids.demo, 1, 5_000);
    expect(await push(server.app, token, id!, { key: `production-${id}` })).toMatchObject({ code: 0 });
    const paidAt = (await orderRows(server.db, [id!]))[0]!.statusChangedAt.getTime();
    const seen: number[] = [];
    let t = paidAt;
    for (let step = 1; step <= 5; step++) {
      // Just before the step falls due: the order waits.
      await advanceProduction(server.db, new Date(t + STEP_MS - 1), STEP);
      expect((await orderRows(server.db, [id!]))[0]!.statusId).toBe(seen.at(-1) ?? ORDER_STATUS.submitted);
      t += STEP_MS;
      await advanceProduction(server.db, new Date(t), STEP);
      seen.push((await orderRows(server.db, [id!]))[0]!.statusId);
    }
    expect(seen).toEqual([206012, 206013, 206014, 10370, 10370]);
    const [row] = await orderRows(server.db, [id!]);
    expect(row!.planDeliveryDate).toBe(dayOf(new Date(paidAt + STEP_MS + PLAN_DELIVERY_DAYS * DAY_MS)));
    expect(row!.deliveryDate).toBe(dayOf(new Date(paidAt + 4 * STEP_MS)));
  });

  it("a saved or pending order is never moved by the clock, however late", async () => {
    const [id] = await cartOrders(server.db, ids.demo, 1, 5_000);
    await advanceProduction(server.db, new Date(Date.now() + 365 * DAY_MS), STEP);
    expect((await orderRows(server.db, [id!]))[0]!.statusId).toBe(ORDER_STATUS.saved);
  });
});

describe("the simulator beside the queue", () => {
  it("runs while orders are being paid (no deadlock): each order paid once and on the production path", async () => {
    const queue = await cartOrders(server.db, ids.demo, 30, 1_000);
    const before = await memberBalanceCents(server.db, ids.demo);
    const far = Date.now() + 30 * DAY_MS;
    const runs: Array<Promise<{ moved: number }>> = [];
    const outcomes = await Promise.all(
      queue.map(async (id, i) => {
        if (i % 5 === 0) runs.push(advanceProduction(server.db, new Date(far + i * STEP_MS), STEP));
        return push(server.app, token, id, { key: `beside-${id}` });
      }),
    );
    await Promise.all(runs);
    expect(outcomes.every((o) => o.code === 0)).toBe(true);
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(before - 30 * 1_000);
    const rows = await orderRows(server.db, queue);
    const steps = [ORDER_STATUS.submitted, ORDER_STATUS.cutting, ORDER_STATUS.sewing, ORDER_STATUS.qualityCheck];
    // Every order is on the production path (submitted .. finished), never back in the cart or pending.
    for (const r of rows) expect([...steps, ORDER_STATUS.finished]).toContain(r.statusId);
    const charges = await chargesOf(
      server.db,
      rows.map((r) => r.orderCode),
    );
    expect(charges).toHaveLength(30);
  });
});

describe("the production clock of the server", () => {
  it("PRODUCTION_STEP_SECONDS: 600 by default, 0 switches it off, anything else negative or fractional is refused", () => {
    expect(readConfig({}).productionStepSeconds).toBe(600);
    expect(readConfig({ PRODUCTION_STEP_SECONDS: "0" }).productionStepSeconds).toBe(0);
    expect(readConfig({ PRODUCTION_STEP_SECONDS: "30" }).productionStepSeconds).toBe(30);
    for (const bad of ["-1", "1.5", "ten"])
      expect(() => readConfig({ PRODUCTION_STEP_SECONDS: bad })).toThrow(/PRODUCTION_STEP_SECONDS/);
  });

  it("started, it runs once at once with its clock (stop waits for that run); switched off (0), it never runs", async () => {
    const [id] = await cartOrders(server.db, ids.demo, 1, 5_000);
    expect(await push(server.app, token, id!, { key: `clock-${id}` })).toMatchObject({ code: 0 });
    const paidAt = (await orderRows(server.db, [id!]))[0]!.statusChangedAt.getTime();
    const errors: unknown[] = [];
    const later = () => new Date(paidAt + 10 * STEP_MS);
    await startProductionClock(server.db, 0, (e) => errors.push(e), later)();
    expect((await orderRows(server.db, [id!]))[0]!.statusId).toBe(ORDER_STATUS.submitted);
    await startProductionClock(server.db, STEP, (e) => errors.push(e), later)();
    expect((await orderRows(server.db, [id!]))[0]!.statusId).toBe(ORDER_STATUS.cutting);
    expect(errors).toEqual([]);
  });
});
