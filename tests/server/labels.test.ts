import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { DEFAULT_LABEL_COLOUR, LABEL_COLOURS, MAX_LABEL_LENGTH, MAX_LABELS } from "../../domain/labels.ts";
import { labels, orderLabels } from "../../server/db/schema.ts";
import { memberIds, type MemberIds } from "./members.ts";
import { expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { bodyOf, call, insertOrder } from "./cartHelpers.ts";

/**
 * Issue 12, labels (LABEL-001..023, D-07, PROD-022) through the real server: the library, the labels of
 * an order, the lists that show and filter by them, and every call × {no token, own, another main
 * account, a sub-account}: a label belongs to the account that made it.
 */
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", demoSub1: "", acme: "" };
type Who = keyof typeof tokens;

interface Label {
  id: number;
  content: string;
  color: string;
  type: string;
}
interface ListOrder {
  orderId: string;
  labels: Array<{ id: number; content: string; color: string }>;
}

beforeAll(async () => {
  server = await startServer();
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
  ids = await memberIds(server.db);
});
afterAll(async () => {
  await server?.close();
});

const as = (who: Who | null) => (who ? tokens[who] : null);
const list = (who: Who | null) =>
  call(server.app, as(who), "GET", "/api/pc/label/getLabelList", { query: { type: "cart" } });
const save = (who: Who | null, payload: unknown, language?: string) =>
  call(server.app, as(who), "POST", "/api/pc/label/saveLabel", { payload, language });
const del = (who: Who | null, id: number | string) => call(server.app, as(who), "POST", `/api/pc/label/del/${id}`);
const edit = (who: Who | null, orderId: number | string, labelIds: string) =>
  call(server.app, as(who), "GET", "/api/pc/label/editOrderLabel", {
    query: { orderId: String(orderId), labelIds },
  });
const cartList = (who: Who, query: Record<string, string>) =>
  call(server.app, as(who), "GET", "/api/pc/order/getOrderCartList", { query });

async function newLabel(who: Who, content: string, color: string = LABEL_COLOURS[0]): Promise<Label> {
  const res = await save(who, { color, content, type: "cart" });
  expect(res.statusCode).toBe(200);
  const body = bodyOf<Label>(res);
  expect(body.code).toBe(0);
  return body.data;
}

/** The label rows and order-label rows as stored (what a refused call must leave as it was). */
async function stored() {
  return {
    labels: await server.db.select().from(labels).orderBy(labels.id),
    orderLabels: await server.db.select().from(orderLabels).orderBy(orderLabels.orderId, orderLabels.labelId),
  };
}

describe("the label library", () => {
  it("LABEL-010 LABEL-011 LABEL-018 LABEL-001 a new label is listed with id, content, color and type cart", async () => {
    const before = bodyOf<Label[]>(await list("demo")).data;
    const res = await save("demo", { color: "#ff5733", content: "  Rush  ", type: "cart" });
    const body = bodyOf<Label>(res);
    expect(body.code).toBe(0);
    expect(body.message).toBe("new label created");
    expect(body.data).toEqual({ id: expect.any(Number), content: "Rush", color: "#FF5733", type: "cart" });
    const after = bodyOf<Label[]>(await list("demo")).data;
    expect(after).toEqual([...before, body.data]);
  });

  it("LABEL-004 the default colour #D87508 and each of the nine colours of LABEL-003 are accepted", async () => {
    for (const color of [DEFAULT_LABEL_COLOUR, ...LABEL_COLOURS]) {
      const label = await newLabel("acme", `c ${color}`, color);
      expect(label.color).toBe(color);
    }
  });

  it("LABEL-018 the success message is translated (zh)", async () => {
    const body = bodyOf<Label>(await save("demo", { color: DEFAULT_LABEL_COLOUR, content: "中文" }, "zh-CN"));
    expect(body.message).toBe("新标签已创建");
    expect(body.data.type).toBe("cart");
  });

  const refusals: Array<[string, unknown, RegExp]> = [
    ["LABEL-006 no colour", { content: "x" }, /^please choose colour$/],
    ["LABEL-006 an empty colour", { color: "  ", content: "x" }, /^please choose colour$/],
    ["LABEL-007 no text", { color: DEFAULT_LABEL_COLOUR }, /^fill content$/],
    ["LABEL-007 blank text", { color: DEFAULT_LABEL_COLOUR, content: " \t " }, /^fill content$/],
    ["an invalid colour", { color: "red", content: "x" }, /one of the label colours/],
    ["a hex colour that is not offered", { color: "#123456", content: "x" }, /one of the label colours/],
    ["a colour with a script", { color: "#FFF;background:url(x)", content: "x" }, /one of the label colours/],
    [
      `a text of ${MAX_LABEL_LENGTH + 1} characters`,
      { color: DEFAULT_LABEL_COLOUR, content: "x".repeat(MAX_LABEL_LENGTH + 1) },
      new RegExp(`at most ${MAX_LABEL_LENGTH} characters`),
    ],
    [
      "a text of 10,000 characters",
      { color: DEFAULT_LABEL_COLOUR, content: "x".repeat(10_000) },
      new RegExp(`at most ${MAX_LABEL_LENGTH} characters`),
    ],
    ["a text of 10,001 characters", { color: DEFAULT_LABEL_COLOUR, content: "x".repeat(10_001) }, /content/],
    ["an unknown type", { color: DEFAULT_LABEL_COLOUR, content: "x", type: "shipment" }, /type/],
    ["an unknown field", { color: DEFAULT_LABEL_COLOUR, content: "x", memberId: 1 }, /memberId/],
  ];
  for (const [name, payload, message] of refusals)
    it(`${name}: refused with HTTP 400 and the documented message, nothing stored`, async () => {
      const before = await stored();
      const body = expectErrorEnvelope(await save("demo", payload), 400);
      expect(body.message).toMatch(message);
      expect(await stored()).toEqual(before);
    });

  it("a text of exactly the limit (in characters, not UTF-16 units) is kept", async () => {
    const content = "🧵".repeat(MAX_LABEL_LENGTH);
    expect((await newLabel("demo", content)).content).toBe(content);
  });

  it(`an account keeps at most ${MAX_LABELS} labels (code 1002, nothing stored)`, async () => {
    const have = Number(
      (await server.db.select({ n: count() }).from(labels).where(eq(labels.memberId, ids.demoSub1)))[0]!.n,
    );
    await server.db.insert(labels).values(
      Array.from({ length: MAX_LABELS - have }, (_, i) => ({
        memberId: ids.demoSub1,
        content: `n${i}`,
        color: "#FF5733",
      })),
    );
    const before = await stored();
    const body = expectErrorEnvelope(await save("demoSub1", { color: DEFAULT_LABEL_COLOUR, content: "one more" }), 200);
    expect(body.code).toBe(1002);
    expect(await stored()).toEqual(before);
    await server.db.delete(labels).where(eq(labels.memberId, ids.demoSub1));
  });
});

describe("the labels of an order", () => {
  it("D-07 LABEL-013 LABEL-017 editOrderLabel replaces the order's labels; the lists and the detail show them", async () => {
    const a = await newLabel("demo", "VIP", "#FFD166");
    const b = await newLabel("demo", "Rush", "#2196F3");
    const order = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved });
    let body = bodyOf<{ orderId: string; labels: unknown[] }>(await edit("demo", order.id, `${b.id},${a.id},`));
    expect(body.code).toBe(0);
    expect(body.message).toBe("label updated");
    const both = [a, b].map(({ id, content, color }) => ({ id, content, color }));
    expect(body.data).toEqual({ orderId: String(order.id), labels: both });

    const cart = bodyOf<ListOrder[]>(await cartList("demo", { type: "1", pageSize: "80" })).data;
    expect(cart.find((row) => row.orderId === String(order.id))?.labels).toEqual(both);
    const detail = bodyOf<ListOrder>(
      await call(server.app, tokens.demo, "GET", "/api/pc/order/getCartOrderDetail", {
        query: { orderId: String(order.id) },
      }),
    ).data;
    expect(detail.labels).toEqual(both);

    // LABEL-020: taking one label off is the same call with the rest
    body = bodyOf(await edit("demo", order.id, String(a.id)));
    expect(body.data.labels).toEqual([both[0]]);
    // an empty list takes every label off
    body = bodyOf(await edit("demo", order.id, ""));
    expect(body.data.labels).toEqual([]);
  });

  it("LABEL-009 LABEL-012 LABEL-019 deleting a label takes it off every order that carried it", async () => {
    const keep = await newLabel("demo", "keep");
    const gone = await newLabel("demo", "gone");
    const first = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.submitted });
    const second = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.pending });
    await edit("demo", first.id, `${keep.id},${gone.id}`);
    await edit("demo", second.id, `${gone.id}`);
    const body = bodyOf<{ id: number; orders: number }>(await del("demo", gone.id));
    expect(body.code).toBe(0);
    expect(body.message).toBe("label deleted");
    expect(body.data).toEqual({ id: gone.id, orders: 2 });
    expect(bodyOf<Label[]>(await list("demo")).data.map((l) => l.id)).not.toContain(gone.id);
    const rows = await server.db.select().from(orderLabels).where(eq(orderLabels.labelId, gone.id));
    expect(rows).toEqual([]);
    const production = bodyOf<ListOrder[]>(await cartList("demo", { type: "2", pageSize: "80" })).data;
    expect(production.find((row) => row.orderId === String(first.id))?.labels.map((l) => l.id)).toEqual([keep.id]);
    // deleting it again: not found
    expect(expectErrorEnvelope(await del("demo", gone.id), 200).code).toBe(1003);
  });

  it("PROD-022 labelIds filters the lists and the export to the orders carrying one of the labels", async () => {
    const mark = await newLabel("demo", "filter me");
    const other = await newLabel("demo", "other");
    const one = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.submitted });
    const two = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.cutting });
    const three = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.submitted });
    await edit("demo", one.id, `${mark.id}`);
    await edit("demo", two.id, `${other.id},${mark.id}`);
    await edit("demo", three.id, `${other.id}`);
    const res = await cartList("demo", { type: "2", labelIds: `${mark.id}` });
    expect(bodyOf(res).total).toBe(2);
    expect(
      bodyOf<ListOrder[]>(res)
        .data.map((row) => row.orderId)
        .sort(),
    ).toEqual([String(one.id), String(two.id)].sort());
    const any = await cartList("demo", { type: "3", labelIds: `${mark.id},${other.id}` });
    expect(bodyOf(any).total).toBe(3);
    const exported = await call(server.app, tokens.demo, "GET", "/api/pc/order/exportOrderList", {
      query: { type: "2", labelIds: `${mark.id}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(String(exported.headers["content-type"])).toMatch(/spreadsheetml/);
    // an empty list is no filter
    expect(bodyOf(await cartList("demo", { type: "2", labelIds: "" })).total).toBeGreaterThanOrEqual(2);
    // a deleted label (an old filter in the address) matches no order, without an error
    await del("demo", mark.id);
    const stale = bodyOf<ListOrder[]>(await cartList("demo", { type: "2", labelIds: `${mark.id}` }));
    expect([stale.code, stale.total]).toEqual([0, 0]);
  });

  const badIds: Array<[string, string]> = [
    ["text", "abc"],
    ["a negative id", "-1"],
    ["a space", "1, 2"],
    ["two commas", "1,,2"],
  ];
  for (const [name, labelIds] of badIds)
    it(`labelIds with ${name}: HTTP 400 naming labelIds, nothing changed`, async () => {
      const order = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved });
      const before = await stored();
      expect(expectErrorEnvelope(await edit("demo", order.id, labelIds), 400).message).toMatch(/labelIds/);
      expect(expectErrorEnvelope(await cartList("demo", { type: "1", labelIds }), 400).message).toMatch(/labelIds/);
      expect(await stored()).toEqual(before);
    });

  it("an order id that is not a number, or does not exist: refused, never a 500", async () => {
    const label = await newLabel("demo", "n");
    expect(expectErrorEnvelope(await edit("demo", "abc", `${label.id}`), 400).message).toMatch(/orderId/);
    expect(expectErrorEnvelope(await edit("demo", "9999999999", `${label.id}`), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await edit("demo", "0", `${label.id}`), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await del("demo", "abc"), 400).code).toBe(400);
    expect(expectErrorEnvelope(await del("demo", "0"), 200).code).toBe(1003);
    expect(expectErrorEnvelope(await del("demo", "99999999999"), 400).code).toBe(400);
    expect(expectErrorEnvelope(await del("demo", "2147483648"), 200).code).toBe(1003);
  });
});

describe("access: a label belongs to the account that made it", () => {
  it("no token: every label call answers 401 ATI and changes nothing", async () => {
    const order = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved });
    const label = await newLabel("demo", "mine");
    const before = await stored();
    for (const res of [
      await list(null),
      await save(null, { color: DEFAULT_LABEL_COLOUR, content: "x" }),
      await del(null, label.id),
      await edit(null, order.id, `${label.id}`),
    ])
      expect(expectErrorEnvelope(res, 401).code).toBe("ATI");
    expect(await stored()).toEqual(before);
  });

  for (const who of ["acme", "demoSub1"] as const)
    it(`LABEL-010 ${who} lists only its own labels, never demo's`, async () => {
      const label = await newLabel("demo", `private to demo ${who}`);
      const theirs = bodyOf<Label[]>(await list(who)).data;
      expect(theirs.map((l) => l.id)).not.toContain(label.id);
      expect(JSON.stringify(theirs)).not.toContain("private to demo");
    });

  it("demo does not see a sub-account's labels in its library either", async () => {
    const label = await newLabel("demoSub1", "sub's own");
    expect(bodyOf<Label[]>(await list("demo")).data.map((l) => l.id)).not.toContain(label.id);
    expect(bodyOf<Label[]>(await list("demoSub1")).data.map((l) => l.id)).toContain(label.id);
  });

  for (const who of ["acme", "demoSub1"] as const) {
    it(`LABEL-012 ${who} cannot delete demo's label: not found, nothing changed`, async () => {
      const label = await newLabel("demo", "keep me");
      const order = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved });
      await edit("demo", order.id, `${label.id}`);
      const before = await stored();
      expect(expectErrorEnvelope(await del(who, label.id), 200).code).toBe(1003);
      expect(await stored()).toEqual(before);
    });

    it(`D-07 ${who} cannot label demo's order, nor put demo's label on its own order`, async () => {
      const demoLabel = await newLabel("demo", "demo's");
      const ownLabel = await newLabel(who, "own");
      const demoOrder = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved });
      const ownOrder = await insertOrder(server.db, ids[who], { status: ORDER_STATUS.saved });
      await edit(who, ownOrder.id, `${ownLabel.id}`);
      const before = await stored();
      // demo's order: not found, with any label
      expect(expectErrorEnvelope(await edit(who, demoOrder.id, `${ownLabel.id}`), 200).code).toBe(1003);
      expect(expectErrorEnvelope(await edit(who, demoOrder.id, ""), 200).code).toBe(1003);
      // a label id of another account on its own order: not found, the order keeps its labels
      const refused = expectErrorEnvelope(await edit(who, ownOrder.id, `${ownLabel.id},${demoLabel.id}`), 200);
      expect(refused.code).toBe(1003);
      expect(refused.message).toContain(String(demoLabel.id));
      expect(await stored()).toEqual(before);
      // nor find demo's orders by filtering with it: another account's label matches no order
      const filtered = bodyOf<ListOrder[]>(await cartList(who, { type: "1", labelIds: `${demoLabel.id}` }));
      expect(filtered.code).toBe(0);
      expect(filtered.total).toBe(0);
      expect(filtered.data).toEqual([]);
      const mixed = bodyOf<ListOrder[]>(await cartList(who, { type: "1", labelIds: `${demoLabel.id},${ownLabel.id}` }));
      expect(mixed.data.map((row) => row.orderId)).toEqual([String(ownOrder.id)]);
    });
  }

  it("CART-017 the main account sees a sub-account's order with its labels, but cannot change them", async () => {
    const subLabel = await newLabel("demoSub1", "sub mark");
    const demoLabel = await newLabel("demo", "main mark");
    const subOrder = await insertOrder(server.db, ids.demoSub1, { status: ORDER_STATUS.saved });
    await edit("demoSub1", subOrder.id, `${subLabel.id}`);
    const rows = bodyOf<ListOrder[]>(await cartList("demo", { type: "1", userId: String(ids.demoSub1) })).data;
    expect(rows.find((row) => row.orderId === String(subOrder.id))?.labels.map((l) => l.id)).toEqual([subLabel.id]);
    const before = await stored();
    expect(expectErrorEnvelope(await edit("demo", subOrder.id, `${demoLabel.id}`), 200).code).toBe(1002);
    expect(expectErrorEnvelope(await edit("demo", subOrder.id, ""), 200).code).toBe(1002);
    expect(await stored()).toEqual(before);
  });

  it("a sub-account cannot touch its main account's order", async () => {
    const subLabel = await newLabel("demoSub1", "sub");
    const demoOrder = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved });
    const before = await stored();
    expect(expectErrorEnvelope(await edit("demoSub1", demoOrder.id, `${subLabel.id}`), 200).code).toBe(1003);
    expect(await stored()).toEqual(before);
  });
});
