import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { orders } from "../../server/db/schema.ts";
import { memberIds, type MemberIds } from "./members.ts";
import { expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { bodyOf, call, insertOrder } from "./cartHelpers.ts";

/**
 * The under-production list (issue 12, getOrderCartList type 2) on the real server: the estimated ship
 * date of each order at the simulator's pace (x-designed), and who sees which orders. The server's
 * simulator is not started by the test server, so nothing moves while the test reads.
 */
const DAY_SECONDS = 86_400;
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", demoSub1: "", acme: "" };

beforeAll(async () => {
  // one day a production step: an estimate a few days out, independent of how long the test runs
  server = await startServer({ PRODUCTION_STEP_SECONDS: String(DAY_SECONDS) });
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
  ids = await memberIds(server.db);
});
afterAll(async () => {
  await server?.close();
});

interface Row {
  orderId: string;
  status: number;
  estimatedShipDate?: string | null;
  shipDateSlips?: boolean;
  [key: string]: unknown;
}

async function production(token: string, query: Record<string, string>) {
  const res = await call(server.app, token, "GET", "/api/pc/order/getOrderCartList", {
    query: { type: "2", ...query },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = bodyOf<Row[]>(res);
  expect(body.code, res.body).toBe(0);
  return body.data;
}

const dayAfter = (at: Date, days: number) =>
  new Date(at.getTime() + days * DAY_SECONDS * 1000).toISOString().slice(0, 10);

async function changedAt(id: number, at: Date) {
  await server.db.update(orders).set({ statusChangedAt: at }).where(eq(orders.id, id));
}

describe("the estimated ship date (type 2, x-designed)", () => {
  it("an order in production: its current step ends an interval after its change, each remaining step one more", async () => {
    const mark = "PL-EST-1";
    const changed = new Date();
    const cutting = await insertOrder(server.db, ids.demo, {
      status: ORDER_STATUS.cutting,
      cusOrderCode: mark,
      planDeliveryDate: dayAfter(changed, 30),
    });
    await changedAt(cutting.id, changed);
    const [row] = await production(tokens.demo, { keyWord: mark });
    // cutting → sewing → quality check → finished: three steps of a day from the change
    expect(row).toMatchObject({
      orderId: String(cutting.id),
      estimatedShipDate: dayAfter(changed, 3),
      shipDateSlips: false,
    });
  });

  it("an order stuck past its planned date slips: the estimate is never in the past", async () => {
    const mark = "PL-EST-2";
    const now = new Date();
    const stuck = await insertOrder(server.db, ids.demo, {
      status: ORDER_STATUS.sewing,
      cusOrderCode: mark,
      planDeliveryDate: dayAfter(now, -10),
    });
    await changedAt(stuck.id, new Date(now.getTime() - 40 * DAY_SECONDS * 1000));
    const [row] = await production(tokens.demo, { keyWord: mark });
    expect(row!.shipDateSlips).toBe(true);
    // the overdue step ends at the next run (now), the last step a day later
    expect(row!.estimatedShipDate! >= dayAfter(now, 1)).toBe(true);
  });

  it("finished, shipped and failed orders have no estimate; the other lists carry no estimate fields", async () => {
    const mark = "PL-EST-3";
    for (const status of [ORDER_STATUS.finished, ORDER_STATUS.shipped, ORDER_STATUS.failed])
      await insertOrder(server.db, ids.demo, { status, cusOrderCode: mark, planDeliveryDate: "2020-01-01" });
    const rows = await production(tokens.demo, { keyWord: mark });
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ estimatedShipDate: null, shipDateSlips: false });
    const res = await call(server.app, tokens.demo, "GET", "/api/pc/order/getOrderCartList", {
      query: { type: "3", keyWord: mark },
    });
    for (const row of bodyOf<Row[]>(res).data) expect(row).not.toHaveProperty("estimatedShipDate");
  });
});

describe("the under-production list's access (issue 12 Access)", () => {
  it("PROD-051 no token is refused; each account sees its own; the main account sees a sub-account's read-only", async () => {
    const mark = "PL-ACCESS";
    const demo = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.cutting, cusOrderCode: mark });
    const sub = await insertOrder(server.db, ids.demoSub1, { status: ORDER_STATUS.cutting, cusOrderCode: mark });
    const acme = await insertOrder(server.db, ids.acme, { status: ORDER_STATUS.cutting, cusOrderCode: mark });
    const none = await server.app.inject({
      method: "GET",
      url: `/api/pc/order/getOrderCartList?type=2&keyWord=${mark}`,
    });
    expect(expectErrorEnvelope(none, 401).code).toBe("ATI");
    expect((await production(tokens.demo, { keyWord: mark })).map((r) => r.orderId)).toEqual([String(demo.id)]);
    expect((await production(tokens.demoSub1, { keyWord: mark })).map((r) => r.orderId)).toEqual([String(sub.id)]);
    expect((await production(tokens.acme, { keyWord: mark })).map((r) => r.orderId)).toEqual([String(acme.id)]);
    const seen = await production(tokens.demo, { keyWord: mark, userId: String(ids.demoSub1) });
    expect(seen.map((r) => [r.orderId, r.isEdit])).toEqual([[String(sub.id), 0]]);
    // another main account's member, and the main account through a sub-account: not found, nothing listed
    for (const [token, userId] of [
      [tokens.acme, ids.demoSub1],
      [tokens.demoSub1, ids.demo],
    ] as const) {
      const res = await call(server.app, token, "GET", "/api/pc/order/getOrderCartList", {
        query: { type: "2", keyWord: mark, userId: String(userId) },
      });
      expect(bodyOf<Row[] | null>(res).code).not.toBe(0);
      expect(res.body).not.toContain(String(sub.code));
      expect(res.body).not.toContain(String(demo.code));
    }
  });
});
