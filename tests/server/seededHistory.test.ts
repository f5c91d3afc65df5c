import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, ledgerTransfers, orders, recommendedProducts } from "../../server/db/schema.ts";
import { isMessageKey, translate } from "../../server/i18n.ts";
import { memberAccount } from "../../server/modules/ledger/service.ts";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { isDeliveryOverdue, nextProductionStatus, ORDER_STATUSES } from "../../domain/orderStatus.ts";
import { advanceProduction } from "../../server/modules/orders/production.ts";
import { seed } from "../../server/db/seed.ts";
import { bearer, envelopeOf, login, startServer, type TestServer } from "./fixture.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { memberIds, type MemberIds } from "./members.ts";

/**
 * The seeded order history of the demo accounts (issue 11, server/db/seedOrders.ts): every status over
 * the last four months, overdue production orders, failed orders with a reason, real payments.
 */
let server: TestServer;
let ids: MemberIds;
let seededAt: Date;
beforeAll(async () => {
  seededAt = new Date();
  server = await startServer({}, { seedNow: true });
  ids = await memberIds(server.db);
});
afterAll(async () => {
  await server?.close();
});

const ordersOf = (memberId: number) => server.db.select().from(orders).where(eq(orders.memberId, memberId));
const today = () => new Date().toISOString().slice(0, 10);
const DAY = 86_400_000;

describe("the seeded order history", () => {
  it("demo has orders in every status, entered over the last four months", async () => {
    const rows = await ordersOf(ids.demo);
    expect(new Set(rows.map((r) => r.statusId))).toEqual(new Set(ORDER_STATUSES));
    const ages = rows.map((r) => (seededAt.getTime() - r.createdAt.getTime()) / DAY);
    expect(Math.max(...ages)).toBeGreaterThan(90);
    expect(Math.max(...ages)).toBeLessThanOrEqual(122);
    expect(Math.min(...ages)).toBeLessThan(1);
    // Every month of the four has orders.
    for (const month of [0, 1, 2, 3]) {
      expect(ages.some((age) => age >= month * 30 && age < (month + 1) * 30)).toBe(true);
    }
  });

  it("PROD-040 some orders in production have a planned date five or more days past and no delivery date; finished and shipped ones have both dates", async () => {
    const rows = await ordersOf(ids.demo);
    const overdue = rows.filter((r) => isDeliveryOverdue(r, today()));
    expect(overdue.length).toBeGreaterThanOrEqual(3);
    for (const r of overdue) expect(r.deliveryDate).toBeNull();
    const producing = rows.filter((r) =>
      ([ORDER_STATUS.cutting, ORDER_STATUS.sewing, ORDER_STATUS.qualityCheck] as number[]).includes(r.statusId),
    );
    expect(producing.some((r) => !isDeliveryOverdue(r, today()))).toBe(true);
    for (const r of producing) expect(r.planDeliveryDate).not.toBeNull();
    for (const r of rows.filter((r) => r.statusId === ORDER_STATUS.finished || r.statusId === ORDER_STATUS.shipped)) {
      expect(r.planDeliveryDate).not.toBeNull();
      expect(r.deliveryDate).not.toBeNull();
    }
    for (const r of rows.filter((r) => r.statusId === ORDER_STATUS.shipped)) expect(r.waybillNo).not.toBe("");
  });

  it("PROD-031 failed orders carry the factory's reason, a message translated in en and zh", async () => {
    const failed = (await ordersOf(ids.demo)).filter((r) => r.statusId === ORDER_STATUS.failed);
    expect(failed).toHaveLength(2);
    for (const r of failed) {
      expect(isMessageKey(r.blError)).toBe(true);
      if (!isMessageKey(r.blError)) continue;
      expect(translate("en", r.blError)).toMatch(/factory/);
      expect(translate("zh", r.blError)).toMatch(/工厂/);
    }
  });

  it("D-14 pending orders wait with Insufficient Balance; cart items have amounts above 1 and add-products (CART-040: an add-product only with amount 1)", async () => {
    const rows = await ordersOf(ids.demo);
    const pending = rows.filter((r) => r.statusId === ORDER_STATUS.pending);
    expect(pending).toHaveLength(3);
    for (const r of pending) expect(r.blError).toBe("cart.moreBalance");
    const cart = rows.filter((r) => r.statusId === ORDER_STATUS.saved);
    expect(cart.length).toBeGreaterThanOrEqual(5);
    expect(cart.some((r) => r.amount > 1)).toBe(true);
    expect(cart.some((r) => r.addProduct === 1)).toBe(true);
    for (const r of rows) {
      if (r.addProduct === 1) expect(r.amount).toBe(1);
      expect(r.priceCents).toBe(r.unitPriceCents * r.amount);
      expect(r.priceCents).toBeGreaterThan(0);
    }
  });

  it("the sub-accounts and acme have histories of their own; every order code is unique", async () => {
    for (const member of [ids.demoSub1, ids.demoSub2, ids.acme]) {
      expect((await ordersOf(member)).length).toBeGreaterThanOrEqual(3);
    }
    const sub1 = await ordersOf(ids.demoSub1);
    expect(sub1.filter((r) => r.statusId === ORDER_STATUS.pending).length).toBeGreaterThanOrEqual(2);
    const all = await server.db.select({ code: orders.orderCode }).from(orders);
    expect(new Set(all.map((r) => r.code)).size).toBe(all.length);
  });

  it("SHELL-075 the header badges count the history: demo 2 failed and 3 pending; demo-sub1 its own", async () => {
    const demo = await login(server.app, "demo", "demo1234");
    const badge = envelopeOf<Record<string, number>>(
      await server.app.inject({ url: "/api/pc/order/failedAmount", headers: bearer(demo.token) }),
    ).data;
    expect(badge).toEqual({ "10369": 2, "10371": 3 });
    const sub1 = await login(server.app, "demo-sub1", "demo1234");
    const subBadge = envelopeOf<Record<string, number>>(
      await server.app.inject({ url: "/api/pc/order/failedAmount", headers: bearer(sub1.token) }),
    ).data;
    const rows = await ordersOf(ids.demoSub1);
    expect(subBadge).toEqual({
      "10369": rows.filter((r) => r.statusId === ORDER_STATUS.failed).length,
      "10371": rows.filter((r) => r.statusId === ORDER_STATUS.pending).length,
    });
  });

  it("every paid order was paid once through the ledger (kind order, reference its code); failed and cancelled ones were refunded; the invariants hold", async () => {
    for (const memberId of Object.values(ids)) {
      const account = (await memberAccount(server.db, memberId))!;
      const rows = await ordersOf(memberId);
      const transfers = await server.db
        .select()
        .from(ledgerTransfers)
        .where(
          and(
            inArray(ledgerTransfers.kind, ["order", "refund"]),
            inArray(
              ledgerTransfers.reference,
              rows.map((r) => r.orderCode),
            ),
          ),
        );
      for (const r of rows) {
        const charges = transfers.filter((t) => t.kind === "order" && t.reference === r.orderCode);
        const refunds = transfers.filter((t) => t.kind === "refund" && t.reference === r.orderCode);
        const paid = !([ORDER_STATUS.saved, ORDER_STATUS.pending] as number[]).includes(r.statusId);
        expect(charges, `${r.orderCode} ${r.statusId}`).toHaveLength(paid ? 1 : 0);
        if (paid) expect(charges[0]).toMatchObject({ debitAccountId: account.id, amountCents: r.priceCents });
        const refunded = r.statusId === ORDER_STATUS.failed || r.statusId === ORDER_STATUS.cancelled;
        expect(refunds, `${r.orderCode} refund`).toHaveLength(refunded ? 1 : 0);
        if (refunded) expect(refunds[0]).toMatchObject({ creditAccountId: account.id, amountCents: r.priceCents });
      }
    }
    await expectLedgerInvariants(server.db);
  });

  it("the orders the production simulator moves changed at the seed's time: a first start shows every status, and they move one step an interval later", async () => {
    const producing = (await server.db.select().from(orders)).filter(
      (r) => nextProductionStatus(r.statusId) !== undefined,
    );
    expect(producing.length).toBeGreaterThan(10);
    const changed = new Set(producing.map((r) => r.statusChangedAt.getTime()));
    expect(changed.size).toBe(1);
    const [seedTime] = [...changed];
    expect(seedTime).toBeGreaterThanOrEqual(seededAt.getTime());
    expect((await advanceProduction(server.db, new Date(seedTime! + 600_000 - 1), 600)).moved).toBe(0);
    expect(new Set((await ordersOf(ids.demo)).map((r) => r.statusId))).toEqual(new Set(ORDER_STATUSES));
    expect((await advanceProduction(server.db, new Date(seedTime! + 600_000), 600)).moved).toBe(producing.length);
  });

  it("CART-051 six recommended products, types 7 and 8, of existing categories", async () => {
    const rows = await server.db.select().from(recommendedProducts);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.orderType))).toEqual(new Set([7, 8]));
    const known = new Set((await server.db.select({ id: categories.id }).from(categories)).map((c) => c.id));
    for (const r of rows) {
      expect(known.has(r.categoryId)).toBe(true);
      expect(r.name).toBeTruthy();
      expect(r.zhName).toBeTruthy();
    }
  });
});

describe("the seeded orders' measurements", () => {
  it("PROD-043 PROD-054 every seeded order has its category's body measurements: its formula has items and a consumption query succeeds", async () => {
    const { token } = await login(server.app, "demo", "demo1234");
    const rows = await ordersOf(ids.demo);
    for (const row of rows) {
      const [piece] = row.details;
      expect(piece?.clothCategory).toBe(row.categoryId);
      expect(piece!.sizes.length).toBeGreaterThan(0);
      for (const size of piece!.sizes) expect(size.partValue).toBeGreaterThan(0);
    }
    // a production order: the formula shows each measurement with the regular fit's ease
    const producing = rows.find((r) => r.statusId === ORDER_STATUS.sewing)!;
    const formula = await server.app.inject({
      method: "GET",
      url: `/api/pc/order/getOrderFormula/${producing.id}`,
      headers: bearer(token),
    });
    const items = envelopeOf<{ items: Array<{ value: number; finished: number }> }>(formula).data.items;
    expect(items.length).toBe(producing.details[0]!.sizes.length);
    expect(items.every((item) => item.finished >= item.value)).toBe(true);
    // the consumption query of every seeded order past the cart computes a result (status 2), none fails
    for (const row of rows.filter((r) => r.statusId !== ORDER_STATUS.saved)) {
      const res = await server.app.inject({
        method: "POST",
        url: "/api/pc/order/pushOrderCost",
        headers: bearer(token),
        payload: {
          strStripeId: "10141",
          strStripe: "Plain",
          strWidth: "150",
          strStripeWidth: "0",
          strGridWidth: "0",
          strTwoClippingId: "10051",
          strTwoClipping: "0",
          orderCode: row.orderCode,
        },
      });
      const result = envelopeOf<{ status: number; cost: string; error: string }>(res).data;
      expect({ code: row.orderCode, status: result.status, error: result.error }).toEqual({
        code: row.orderCode,
        status: 2,
        error: "",
      });
      expect(Number(result.cost)).toBeGreaterThan(0);
    }
  });
});

describe("seeding again", () => {
  it("a database seeded before changes nothing: no second history, no second opening, still six recommended products", async () => {
    const count = async () => ({
      orders: (await server.db.select({ id: orders.id }).from(orders)).length,
      transfers: (await server.db.select({ id: ledgerTransfers.id }).from(ledgerTransfers)).length,
      recommended: (await server.db.select({ id: recommendedProducts.id }).from(recommendedProducts)).length,
    });
    const before = await count();
    expect(await seed(server.db, { testData: true })).toBe("already seeded");
    expect(await count()).toEqual(before);
    expect(before.recommended).toBe(6);
  });
});
