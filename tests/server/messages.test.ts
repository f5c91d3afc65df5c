import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { formatMoney } from "../../domain/money.ts";
import { messages } from "../../server/db/schema.ts";
import { payForSale, topUp, transfer, memberAccount } from "../../server/modules/ledger/service.ts";
import { orderEventMessages } from "../../server/modules/messages/service.ts";
import { advanceProduction } from "../../server/modules/orders/production.ts";
import { ordersRepository } from "../../server/modules/orders/repository.ts";
import { bodyOf, call, insertOrder } from "./cartHelpers.ts";
import { bearer, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { memberIds, type MemberIds } from "./members.ts";

/**
 * Issue 25: the message centre's calls (MSG-011..014, the designed unread count), who may see which message
 * (every call × no token, own, another main account, a sub-account), and the server writing messages in the
 * transaction of their cause, exactly once per event.
 */

let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", sub1: "", acme: "" };

beforeAll(async () => {
  server = await startServer();
  ids = await memberIds(server.db);
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.sub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
});
afterEach(async () => {
  await expectLedgerInvariants(server.db);
});
afterAll(async () => {
  await server?.close();
});

interface Msg {
  id: number;
  title: string;
  time: string;
  content: string;
  isRead: 0 | 1;
  sendUsername: string;
  createTime: string;
  urgencyType: 0 | 1;
  linkType: string;
  linkRef: string;
}

const list = (token: string | null, query: Record<string, string> = {}, language?: string) =>
  call(server.app, token, "GET", "/api/pc/news", { query, language });
const get = (token: string | null, url: string, query: Record<string, string> = {}) =>
  call(server.app, token, "GET", url, { query });

/** The stored messages of an account (as the database holds them, deleted ones too). */
const storedOf = (memberId: number) =>
  server.db.select().from(messages).where(eq(messages.memberId, memberId)).orderBy(messages.id);
const liveUnread = async (memberId: number) =>
  (await storedOf(memberId)).filter((m) => m.deletedAt === null && m.isRead === 0).length;
/** A fresh message to `memberId`, unread (an announcement written as the server writes any message). */
let written = 0;
async function freshMessage(memberId: number, urgencyType: 0 | 1 = 0): Promise<number> {
  written++;
  const [row] = await server.db
    .insert(messages)
    .values({
      memberId,
      kind: "announcement",
      params: {
        titleEn: `Note ${written}`,
        titleZh: `通知 ${written}`,
        contentEn: "<b>bold</b> text",
        contentZh: "内容",
      },
      urgencyType,
      eventKey: `test:${written}:${memberId}`,
    })
    .returning({ id: messages.id });
  return row!.id;
}

describe("the list (MSG-011, MSG-006, MSG-016, MSG-003)", () => {
  it("MSG-011 MSG-006 MSG-016 ten a page, newest first, with every documented field, data and pages", async () => {
    const res = await list(tokens.demo, { pageNum: "1", pageSize: "10" });
    expect(res.statusCode).toBe(200);
    const body = bodyOf<Msg[]>(res);
    expect(body.code).toBe(0);
    expect(body.data).toHaveLength(10);
    const live = (await storedOf(ids.demo)).filter((m) => m.deletedAt === null);
    expect(body.total).toBe(live.length);
    expect(body.pages).toBe(Math.ceil(live.length / 10));
    const ids10 = body.data.map((m) => m.id);
    expect(ids10).toEqual([...ids10].sort((a, b) => b - a));
    for (const m of body.data) {
      expect(Object.keys(m).sort()).toEqual(
        [
          "id",
          "title",
          "time",
          "content",
          "isRead",
          "sendUsername",
          "createTime",
          "urgencyType",
          "linkType",
          "linkRef",
        ].sort(),
      );
      expect(m.title).not.toBe("");
      expect(m.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect([0, 1]).toContain(m.isRead); // MSG-007
    }
    // The default page size is 10 (MSG-016).
    expect(bodyOf<Msg[]>(await list(tokens.demo)).data).toHaveLength(10);
  });

  it("MSG-003 MSG-011 urgencyType 0 and 1 filter; empty is all; the seeded announcements are there", async () => {
    const all = bodyOf<Msg[]>(await list(tokens.demo, { urgencyType: "", pageSize: "100" }));
    const urgent = bodyOf<Msg[]>(await list(tokens.demo, { urgencyType: "1", pageSize: "100" }));
    const normal = bodyOf<Msg[]>(await list(tokens.demo, { urgencyType: "0", pageSize: "100" }));
    expect(urgent.data.length).toBeGreaterThan(0);
    expect(urgent.data.every((m) => m.urgencyType === 1)).toBe(true);
    expect(normal.data.every((m) => m.urgencyType === 0)).toBe(true);
    expect(urgent.total! + normal.total!).toBe(all.total);
    expect(all.data.map((m) => m.title)).toContain("Holiday production schedule");
  });

  it("MSG-011 a page past the end is empty and keeps the total; messages are in the reader's language", async () => {
    const first = bodyOf<Msg[]>(await list(tokens.demo));
    const past = bodyOf<Msg[]>(await list(tokens.demo, { pageNum: "999" }));
    expect(past.data).toEqual([]);
    expect(past.total).toBe(first.total);
    const zh = bodyOf<Msg[]>(await list(tokens.demo, { pageSize: "100" }, "zh"));
    expect(zh.data.map((m) => m.title)).toContain("节假日生产安排");
    expect(zh.data.find((m) => m.title === "节假日生产安排")!.sendUsername).toBe("客服");
  });

  it("MSG-011 bad paging or urgency is refused with HTTP 400 naming the field", async () => {
    for (const [query, field] of [
      [{ pageSize: "0" }, "pageSize"],
      [{ pageSize: "101" }, "pageSize"],
      [{ pageNum: "0" }, "pageNum"],
      [{ pageNum: "abc" }, "pageNum"],
      [{ urgencyType: "2" }, "urgencyType"],
    ] as const) {
      const res = await list(tokens.demo, query);
      expect(expectErrorEnvelope(res, 400).message, JSON.stringify(query)).toContain(field);
    }
  });

  it("the unread count (the header's icon) counts the caller's live unread messages", async () => {
    const res = await get(tokens.demo, "/api/pc/news/unreadCount");
    expect(bodyOf<{ unread: number }>(res).data.unread).toBe(await liveUnread(ids.demo));
  });
});

describe("read, read all, delete (MSG-012, MSG-013, MSG-014)", () => {
  it("MSG-012 MSG-008 reading marks one message read and answers the unread count", async () => {
    const id = await freshMessage(ids.demo);
    const before = await liveUnread(ids.demo);
    const res = await get(tokens.demo, "/api/newsread/updateMessageRead", { id: String(id) });
    expect(bodyOf<{ unread: number }>(res)).toMatchObject({ code: 0, data: { unread: before - 1 } });
    const row = (await storedOf(ids.demo)).find((m) => m.id === id)!;
    expect(row.isRead).toBe(1);
    // Reading it again changes nothing and is still fine.
    expect(bodyOf(await get(tokens.demo, "/api/newsread/updateMessageRead", { id: String(id) })).code).toBe(0);
  });

  it("MSG-014 deleting removes it from the list; a second delete is not found", async () => {
    const id = await freshMessage(ids.demo);
    const res = await get(tokens.demo, "/api/newsread/updateMessageDelete", { id: String(id) });
    expect(bodyOf(res).code).toBe(0);
    const page = bodyOf<Msg[]>(await list(tokens.demo, { pageSize: "100" }));
    expect(page.data.map((m) => m.id)).not.toContain(id);
    const again = await get(tokens.demo, "/api/newsread/updateMessageDelete", { id: String(id) });
    expect(bodyOf(again).code).toBe(1003);
    // A deleted message cannot be read either.
    expect(bodyOf(await get(tokens.demo, "/api/newsread/updateMessageRead", { id: String(id) })).code).toBe(1003);
  });

  it("MSG-012 MSG-014 an id that is no message is not found (1003); a malformed id is HTTP 400", async () => {
    for (const url of ["/api/newsread/updateMessageRead", "/api/newsread/updateMessageDelete"]) {
      expect(bodyOf(await get(tokens.demo, url, { id: "999999999" })).code).toBe(1003);
      expect(expectErrorEnvelope(await get(tokens.demo, url, { id: "abc" }), 400).message).toContain("id");
      expect(expectErrorEnvelope(await get(tokens.demo, url, {}), 400).message).toContain("id");
      expect(expectErrorEnvelope(await get(tokens.demo, url, { id: "9".repeat(16) }), 400).code).toBe(400);
    }
  });

  it("MSG-013 read all marks every message of the caller read, and no other account's", async () => {
    await freshMessage(ids.demo);
    await freshMessage(ids.demoSub1);
    await freshMessage(ids.acme);
    const subBefore = await liveUnread(ids.demoSub1);
    const acmeBefore = await liveUnread(ids.acme);
    const res = await get(tokens.demo, "/api/newsread/updateMessageReadAll");
    expect(bodyOf(res)).toMatchObject({ code: 0, data: { unread: 0 } });
    expect(await liveUnread(ids.demo)).toBe(0);
    expect(await liveUnread(ids.demoSub1)).toBe(subBefore);
    expect(await liveUnread(ids.acme)).toBe(acmeBefore);
    expect(bodyOf<{ unread: number }>(await get(tokens.demo, "/api/pc/news/unreadCount")).data.unread).toBe(0);
  });
});

describe("who sees what: every call × no token, own, another main account, a sub-account (0 leaks)", () => {
  const calls = [
    { url: "/api/pc/news", withId: false },
    { url: "/api/pc/news/unreadCount", withId: false },
    { url: "/api/newsread/updateMessageRead", withId: true },
    { url: "/api/newsread/updateMessageReadAll", withId: false },
    { url: "/api/newsread/updateMessageDelete", withId: true },
  ];

  it("MSG-011..014 without a token every call answers 401 ATI and changes nothing", async () => {
    const id = await freshMessage(ids.demo);
    for (const c of calls) {
      const res = await get(null, c.url, c.withId ? { id: String(id) } : {});
      expect(expectErrorEnvelope(res, 401).code, c.url).toBe("ATI");
    }
    const row = (await storedOf(ids.demo)).find((m) => m.id === id)!;
    expect(row).toMatchObject({ isRead: 0, deletedAt: null });
  });

  it("MSG-012 MSG-014 another main account and a sub-account cannot read or delete a message; its main account cannot read the sub-account's", async () => {
    const demoMessage = await freshMessage(ids.demo);
    const subMessage = await freshMessage(ids.demoSub1);
    const attempts: Array<[string, number]> = [
      [tokens.acme, demoMessage], // another main account
      [tokens.sub1, demoMessage], // a sub-account of the owner
      [tokens.demo, subMessage], // the main account of the owner
      [tokens.acme, subMessage],
    ];
    for (const [token, id] of attempts) {
      for (const url of ["/api/newsread/updateMessageRead", "/api/newsread/updateMessageDelete"]) {
        const res = await get(token, url, { id: String(id) });
        expect(res.statusCode).toBe(200);
        expect(bodyOf(res).code).toBe(1003);
      }
    }
    for (const id of [demoMessage, subMessage]) {
      const row = (await server.db.select().from(messages).where(eq(messages.id, id)))[0]!;
      expect(row).toMatchObject({ isRead: 0, deletedAt: null });
    }
  });

  it("MSG-011 each account's list and count hold its own messages only", async () => {
    const lists = {
      demo: bodyOf<Msg[]>(await list(tokens.demo, { pageSize: "100" })).data.map((m) => m.id),
      sub1: bodyOf<Msg[]>(await list(tokens.sub1, { pageSize: "100" })).data.map((m) => m.id),
      acme: bodyOf<Msg[]>(await list(tokens.acme, { pageSize: "100" })).data.map((m) => m.id),
    };
    const owners = new Map((await server.db.select().from(messages)).map((m) => [m.id, m.memberId]));
    for (const id of lists.demo) expect(owners.get(id)).toBe(ids.demo);
    for (const id of lists.sub1) expect(owners.get(id)).toBe(ids.demoSub1);
    for (const id of lists.acme) expect(owners.get(id)).toBe(ids.acme);
    expect(lists.sub1.length).toBeGreaterThan(0);
    expect(lists.acme.length).toBeGreaterThan(0);
    const acmeCount = bodyOf<{ unread: number }>(await get(tokens.acme, "/api/pc/news/unreadCount")).data.unread;
    expect(acmeCount).toBe(await liveUnread(ids.acme));
  });
});

/** The messages of one kind about one order. */
const orderMessages = (orderId: number, kind: string) =>
  server.db
    .select()
    .from(messages)
    .where(and(eq(messages.kind, kind), eq(messages.linkType, "order"), eq(messages.linkRef, String(orderId))));
/** The balance messages of a reference. */
const balanceMessages = (reference: string) =>
  server.db
    .select()
    .from(messages)
    .where(and(eq(messages.kind, "balance"), sql`${messages.params}->>'reference' = ${reference}`));

describe("the server writes messages in the transaction of their cause, once per event", () => {
  it("a paid order cancelled (twice, and at once with one key) writes one cancel message and one refund message", async () => {
    const order = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.submitted, unitPriceCents: 4_321 });
    const paid = await server.db.transaction((tx) =>
      payForSale(tx, ids.demo, 4_321, { kind: "order", reference: order.code }),
    );
    expect(paid.ok).toBe(true);
    const cancel = () =>
      server.app.inject({
        method: "GET",
        url: "/api/pc/order/canceMtmOrder",
        query: { orderId: String(order.id) },
        headers: { ...bearer(tokens.demo), "idempotency-key": `cancel-${order.id}` },
      });
    const answers = await Promise.all([cancel(), cancel()]);
    answers.push(await cancel());
    for (const res of answers) expect(bodyOf(res).code).toBe(0);
    const cancelled = await orderMessages(order.id, "order.cancelled");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.memberId).toBe(ids.demo);
    // The payment and its refund: one balance message each, linked to billing.
    const balance = await balanceMessages(order.code);
    expect(balance.map((m) => m.params.amountCents).sort()).toEqual([-4_321, 4_321].sort());
    expect(balance.every((m) => m.linkType === "billing" && m.memberId === ids.demo)).toBe(true);
    // Read as the reader sees it: what it is about, in their language.
    const page = bodyOf<Msg[]>(await list(tokens.demo, { pageSize: "100" }));
    const shown = page.data.find((m) => m.id === cancelled[0]!.id)!;
    expect(shown).toMatchObject({
      title: `Order ${order.code} cancelled`,
      linkType: "order",
      linkRef: String(order.id),
    });
    // a balance message's title says what moved the money, not only how much
    const titles = page.data.filter((m) => balance.some((b) => b.id === m.id)).map((m) => m.title);
    const usd = (cents: number) => formatMoney(cents, "USD", "en", { signed: true });
    expect(titles.sort()).toEqual([`Order payment ${usd(-4_321)}`, `Refund ${usd(4_321)}`]);
  });

  it("a transfer replayed with its key, and an order event written twice, each leave one message", async () => {
    const key = `test-topup-${Date.now()}`;
    const first = await server.db.transaction((tx) =>
      topUp(tx, ids.acme, 500, { reference: "message test", idempotencyKey: key }),
    );
    const again = await server.db.transaction((tx) =>
      topUp(tx, ids.acme, 500, { reference: "message test", idempotencyKey: key }),
    );
    expect(first.ok && again.ok && again.replayed).toBe(true);
    const rows = await server.db
      .select()
      .from(messages)
      .where(eq(messages.eventKey, `transfer:${first.ok ? first.transferId : 0}:${ids.acme}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.params).toMatchObject({ amountCents: 500, transferKind: "topup" });

    const order = await insertOrder(server.db, ids.acme, { status: ORDER_STATUS.saved });
    await server.db.transaction((tx) =>
      ordersRepository(server.db).addEvents(
        [
          {
            orderId: order.id,
            fromStatus: ORDER_STATUS.saved,
            toStatus: ORDER_STATUS.pending,
            actor: "system",
            note: "cart.moreBalance",
          },
        ],
        tx,
      ),
    );
    const failed = await orderMessages(order.id, "order.failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.urgencyType).toBe(1);
    // The same event handed to the hook again (a retry) writes nothing more.
    const [event] = await server.db
      .execute<{ id: number }>(sql`select id from order_events where order_id = ${order.id} order by id desc limit 1`)
      .then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
    await orderEventMessages(server.db, [
      {
        id: Number(event!.id),
        orderId: order.id,
        fromStatus: ORDER_STATUS.saved,
        toStatus: ORDER_STATUS.pending,
        actor: "system",
        note: "cart.moreBalance",
      },
    ]);
    expect(await orderMessages(order.id, "order.failed")).toHaveLength(1);
    const shown = bodyOf<Msg[]>(await list(tokens.acme, { urgencyType: "1", pageSize: "100" })).data.find(
      (m) => m.id === failed[0]!.id,
    )!;
    expect(shown.content).toContain("Insufficient Balance");
  });

  it("a transfer rolled back with its cause leaves no message", async () => {
    const before = (await storedOf(ids.acme)).length;
    await expect(
      server.db.transaction(async (tx) => {
        await topUp(tx, ids.acme, 700, { reference: "rolled back" });
        throw new Error("the cause failed");
      }),
    ).rejects.toThrow("the cause failed");
    expect((await storedOf(ids.acme)).length).toBe(before);
  });

  it("every transfer kind between a main account and its sub-account writes a message to both", async () => {
    const main = (await server.db.transaction((tx) => memberAccount(tx, ids.demo)))!;
    const sub = (await server.db.transaction((tx) => memberAccount(tx, ids.demoSub2)))!;
    const result = await server.db.transaction((tx) =>
      transfer(tx, {
        debitAccountId: main.id,
        creditAccountId: sub.id,
        amountCents: 1_000,
        currency: main.currency,
        kind: "sub_recharge",
        reference: "recharge message test",
      }),
    );
    expect(result.ok).toBe(true);
    const rows = await balanceMessages("recharge message test");
    expect(rows.map((r) => [r.memberId, r.params.amountCents]).sort()).toEqual(
      [
        [ids.demo, -1_000],
        [ids.demoSub2, 1_000],
      ].sort(),
    );
  });

  it("a production step writes one message per step to the order's owner, in the owner's account only", async () => {
    const order = await insertOrder(server.db, ids.demoSub1, { status: ORDER_STATUS.submitted });
    const now = new Date(Date.now() + 30 * 86_400_000);
    await advanceProduction(server.db, now, 60);
    await advanceProduction(server.db, now, 60); // nothing is due again at the same moment
    const steps = await orderMessages(order.id, "order.production");
    expect(steps).toHaveLength(1);
    expect(steps[0]!.memberId).toBe(ids.demoSub1);
    expect(steps[0]!.params).toMatchObject({ status: ORDER_STATUS.cutting, code: order.code });
    const shown = bodyOf<Msg[]>(await list(tokens.sub1, { pageSize: "100" })).data.find((m) => m.id === steps[0]!.id);
    expect(shown?.sendUsername).toBe("Production");
    const demoSees = bodyOf<Msg[]>(await list(tokens.demo, { pageSize: "100" })).data.map((m) => m.id);
    expect(demoSees).not.toContain(steps[0]!.id);
  });
});
