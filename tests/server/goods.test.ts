import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { goodsStock, orderGoods, orders } from "../../server/db/schema.ts";
import { memberBalanceCents } from "../../server/modules/ledger/service.ts";
import { goodsCatalogueRows } from "../../server/db/catalogue/goods.ts";
import { goodsSvg, PATTERNS, renderCount } from "../../server/modules/goods/picture.ts";
import { pictureOf } from "../../server/modules/goods/service.ts";
import { emptyChild } from "./billingHelpers.ts";
import { bodyOf, call } from "./cartHelpers.ts";
import { bearer, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { deposit, memberIds, type MemberIds } from "./members.ts";
import { push } from "./pushHelpers.ts";

/**
 * The online mall (issue 25: GOODS) and the fabric library (FAB) through the real server: the open
 * catalogue reads (no prices for visitors, the account's for the signed-in), the pictures resized by
 * sharp and kept, Buy now and Add to cart with their refusals, the stock under concurrent buyers and
 * cancels, and who may see a goods order.
 */
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", sub: "", acme: "" };

interface Category {
  id: number;
  name: string;
  goodsSize: number;
  children: Category[];
}
interface Summary {
  id: number;
  goodName: string;
  price?: string;
  currency?: string;
  colors: string;
  specs: string;
  categoryId: number;
  subCategoryId: number;
}
interface GoodsOrder {
  orderId: string;
  orderCode: string;
  statusId: number;
  price: string;
  moneyType: string;
}

const get = (token: string | null, url: string, query: Record<string, string> = {}) =>
  call(server.app, token, "GET", url, { query });
const buy = (token: string | null, payload: unknown, key?: string, language?: string) =>
  server.app.inject({
    method: "POST",
    url: "/api/pc/goods/buy",
    payload: payload as Record<string, unknown>,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(key ? { "idempotency-key": key } : {}),
      ...(language ? { "accept-language": language } : {}),
    },
  });
const saveToCart = (token: string | null, payload: unknown) =>
  call(server.app, token, "POST", "/api/pc/goods/saveToCart", { payload });
const cancel = (token: string, orderId: string, key?: string) =>
  server.app.inject({
    method: "GET",
    url: "/api/pc/order/canceMtmOrder",
    query: { orderId },
    headers: { ...bearer(token), ...(key ? { "idempotency-key": key } : {}) },
  });

async function stockOf(goodId: number, color: string, spec: string) {
  const [row] = await server.db
    .select({ quantity: goodsStock.quantity })
    .from(goodsStock)
    .where(and(eq(goodsStock.goodId, goodId), eq(goodsStock.color, color), eq(goodsStock.spec, spec)));
  return row!.quantity;
}
async function setStock(goodId: number, color: string, spec: string, quantity: number) {
  await server.db
    .update(goodsStock)
    .set({ quantity })
    .where(and(eq(goodsStock.goodId, goodId), eq(goodsStock.color, color), eq(goodsStock.spec, spec)));
}
const goodsOrderCount = async () => (await server.db.select().from(orderGoods)).length;

/** A tie (colours, no sizes), a dress shirt (colours and sizes), a tie bar (neither). */
const TIE = 10101;
const SHIRT = 20101;
const TIE_BAR = 50201;

beforeAll(async () => {
  server = await startServer();
  ids = await memberIds(server.db);
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.sub = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
  // Enough money for every purchase of this file.
  for (const id of [ids.demo, ids.demoSub1, ids.acme]) await deposit(server.db, id, 5_000_000);
});
afterAll(async () => {
  await server?.close();
});

describe("the catalogue (open to visitors)", () => {
  it("GOODS-014 GOODS-010 GOODS-001 the category tree has two levels with counts (goodsSize)", async () => {
    const res = await get(null, "/api/pc/goods/category");
    expect(res.statusCode).toBe(200);
    const tree = bodyOf<Category[]>(res).data;
    expect(tree.length).toBeGreaterThanOrEqual(4);
    const all = tree.reduce((sum, main) => sum + main.goodsSize, 0);
    expect(all).toBeGreaterThanOrEqual(120);
    for (const main of tree) {
      expect(main.children.length).toBeGreaterThan(0);
      expect(main.children.reduce((sum, sub) => sum + sub.goodsSize, 0)).toBe(main.goodsSize);
      for (const sub of main.children) expect(Object.keys(sub).sort()).toEqual(["children", "goodsSize", "id", "name"]);
    }
    const zh = bodyOf<Category[]>(await call(server.app, null, "GET", "/api/pc/goods/category", { language: "zh" }));
    expect(zh.data[0]!.name).toBe("领饰");
  });

  it("GOODS-015 GOODS-023 GOODS-002 a page of 20 by default, with the total; category, sub-category and name filter", async () => {
    const first = bodyOf<Summary[]>(await get(null, "/api/pc/goods/list"));
    expect(first.data).toHaveLength(20);
    expect(first.total).toBeGreaterThanOrEqual(120);
    const last = bodyOf<Summary[]>(
      await get(null, "/api/pc/goods/list", { pageNum: String(Math.ceil(first.total! / 20)) }),
    );
    expect(last.data.length).toBe(first.total! % 20 || 20);
    const neckwear = bodyOf<Summary[]>(await get(null, "/api/pc/goods/list", { categoryId: "100" }));
    expect(neckwear.total).toBe(33);
    expect(neckwear.data.every((g) => g.categoryId === 100)).toBe(true);
    const ties = bodyOf<Summary[]>(await get(null, "/api/pc/goods/list", { categoryId: "100", subCategoryId: "101" }));
    expect(ties.total).toBe(11);
    expect(ties.data.every((g) => g.subCategoryId === 101)).toBe(true);
    const named = bodyOf<Summary[]>(await get(null, "/api/pc/goods/list", { goodName: "WINDSOR" }));
    expect(named.total).toBeGreaterThan(0);
    expect(named.data.every((g) => /windsor/i.test(g.goodName))).toBe(true);
    const none = bodyOf<Summary[]>(await get(null, "/api/pc/goods/list", { goodName: "%_nothing" }));
    expect(none).toMatchObject({ code: 0, data: [], total: 0 });
  });

  it("GOODS-009 a visitor sees no prices; a signed-in account its own price and currency", async () => {
    const visitor = bodyOf<Summary[]>(await get(null, "/api/pc/goods/list", { subCategoryId: "101" })).data[0]!;
    expect(visitor.price).toBeUndefined();
    expect(visitor.currency).toBeUndefined();
    const demo = bodyOf<Summary[]>(await get(tokens.demo, "/api/pc/goods/list", { subCategoryId: "101" })).data[0]!;
    expect(demo).toMatchObject({ id: TIE, price: "39.00", currency: "USD" });
    // acme pays 110 % in CNY
    const acme = bodyOf<Summary[]>(await get(tokens.acme, "/api/pc/goods/list", { subCategoryId: "101" })).data[0]!;
    expect(acme).toMatchObject({ id: TIE, price: "42.90", currency: "CNY" });
    const detail = bodyOf<{ price?: string }>(await get(null, `/api/pc/goods/detail/${TIE}`)).data;
    expect(detail.price).toBeUndefined();
    // An expired or invalid token is refused (the client refreshes it), not taken for a visitor.
    expect(expectErrorEnvelope(await get("not-a-token", "/api/pc/goods/list"), 401).code).toBe("ATI");
  });

  it("GOODS-016 GOODS-009 GOODS-005 a product carries its pictures, colours, specs, texts and stock", async () => {
    const res = await get(tokens.demo, `/api/pc/goods/detail/${SHIRT}`);
    const product = bodyOf<Record<string, unknown> & { images: string; stock: unknown[] }>(res).data;
    expect(product).toMatchObject({
      id: SHIRT,
      goodSku: "G20101",
      colors: "White,Light blue,Pink",
      specs: "38,39,40,41,42,43",
      price: "69.00",
      currency: "USD",
    });
    expect(product.images.split(",").length).toBeGreaterThanOrEqual(3);
    expect(String(product.previewImage)).toBe(product.images.split(",")[0]);
    expect(String(product.property)).toContain("<li>");
    expect(String(product.goodDetail)).toContain("<p>");
    expect(product.stock).toHaveLength(18);
    const unknown = await get(null, "/api/pc/goods/detail/999999");
    expect(unknown.statusCode).toBe(200);
    expect(bodyOf(unknown)).toMatchObject({ code: 1003, message: "Product 999999 does not exist", data: null });
    expect(expectErrorEnvelope(await get(null, "/api/pc/goods/detail/abc"), 400).code).toBe(400);
  });

  it("GOODS-024 GOODS-021 pictures are resized by the server to max_width and kept; bad widths refused cleanly", async () => {
    const before = renderCount.value;
    const res = await get(null, `/api/pc/goods/image/${SHIRT}/2`, { max_width: "380" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 380, height: 380 });
    const again = await get(null, `/api/pc/goods/image/${SHIRT}/2`, { max_width: "380" });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(renderCount.value).toBe(before + 1);
    const revalidated = await server.app.inject({
      method: "GET",
      url: `/api/pc/goods/image/${SHIRT}/2?max_width=380`,
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    const natural = await sharp((await get(null, `/api/pc/goods/image/${SHIRT}/1`)).rawPayload).metadata();
    expect(natural.width).toBe(800);
    for (const width of ["0", "100000", "-1", "abc"]) {
      const bad = await get(null, `/api/pc/goods/image/${SHIRT}/1`, { max_width: width });
      expect(expectErrorEnvelope(bad, 400).message).toMatch(/max_width/);
    }
    // A picture that does not exist is a 404, so the page shows its placeholder (GOODS-021).
    expect((await get(null, `/api/pc/goods/image/${SHIRT}/9`)).statusCode).toBe(404);
    expect((await get(null, "/api/pc/goods/image/999999/1")).statusCode).toBe(404);
  });

  it("GOODS-005 every product's pictures are its own: its colours, its pattern, another view per picture", async () => {
    const { goods } = goodsCatalogueRows();
    const firsts = new Set<string>();
    for (const good of goods) {
      const picture = pictureOf(good);
      const svgs = Array.from({ length: good.imageCount }, (_, k) => goodsSvg(picture, k + 1));
      expect(new Set(svgs).size).toBe(good.imageCount);
      firsts.add(svgs[0]!);
      // The colours view shows each of its colours (up to four), named
      for (const colour of picture.colours.slice(0, 4)) {
        expect(svgs[2]).toContain(colour.hex);
        if (colour.name) expect(svgs[2]).toContain(`>${colour.name}<`);
      }
      expect(svgs[1]).toContain(PATTERNS[picture.pattern]!);
    }
    expect(firsts.size).toBe(goods.length);
    // Served: two shirts of one sub-category are different pictures
    const [a, b] = await Promise.all(
      [SHIRT, SHIRT + 1].map(
        async (id) => (await get(null, `/api/pc/goods/image/${id}/1`, { max_width: "380" })).rawPayload,
      ),
    );
    const pixels = async (webp: Buffer) => (await sharp(webp).raw().toBuffer()).toString("base64");
    expect(await pixels(a!)).not.toBe(await pixels(b!));
  });

  it("catalogue reads are kept with an ETag and answered 304 when unchanged", async () => {
    const first = await get(null, "/api/pc/goods/list", { categoryId: "200" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"goods-/);
    const again = await server.app.inject({
      method: "GET",
      url: "/api/pc/goods/list?categoryId=200",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    // A signed-in caller's answer (its prices) is another entry.
    const signed = await get(tokens.demo, "/api/pc/goods/list", { categoryId: "200" });
    expect(signed.headers.etag).not.toBe(etag);
  });
});

describe("Buy now", () => {
  it("GOODS-017 buys: a goods order (type 9) submitted and paid through the ledger, its stock taken; a repeated key pays once", async () => {
    const stock = await stockOf(SHIRT, "White", "40");
    const balance = await memberBalanceCents(server.db, ids.demo);
    const payload = { id: SHIRT, colors: "White", specs: "40", quantity: 2 };
    const res = await buy(tokens.demo, payload, "buy-shirt-1");
    const body = bodyOf<GoodsOrder>(res);
    expect(body.code, res.body).toBe(0);
    expect(body.data).toMatchObject({ statusId: ORDER_STATUS.submitted, price: "138.00", moneyType: "USD" });
    const again = bodyOf<GoodsOrder>(await buy(tokens.demo, payload, "buy-shirt-1"));
    expect(again.data).toEqual(body.data);
    expect(await stockOf(SHIRT, "White", "40")).toBe(stock - 2);
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(balance - 13_800);
    const [order] = await server.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(body.data.orderId)));
    expect(order).toMatchObject({ orderType: 9, amount: 2, priceCents: 13_800, memberId: ids.demo });
    // The same key with another request is refused, nothing moved.
    const reused = await buy(tokens.demo, { ...payload, quantity: 1 }, "buy-shirt-1");
    expect(expectErrorEnvelope(reused, 422).code).toBe(422);
    await expectLedgerInvariants(server.db);
  });

  it("GOODS-011 GOODS-012 GOODS-013 bad choices are refused with the documented message, nothing changed", async () => {
    const cases: Array<[unknown, string]> = [
      [{ id: SHIRT, colors: "", specs: "40", quantity: 1 }, "please choose colour"],
      [{ id: SHIRT, colors: "White", specs: "", quantity: 1 }, "please choose size"],
      [{ id: SHIRT, colors: "Purple", specs: "40", quantity: 1 }, "This product does not come in colour Purple"],
      [{ id: SHIRT, colors: "White", specs: "52", quantity: 1 }, "This product does not come in size 52"],
      [{ id: TIE, colors: "Navy", specs: "40", quantity: 1 }, "This product does not come in size 40"],
      [{ id: TIE_BAR, colors: "Gold", quantity: 1 }, "This product does not come in colour Gold"],
      [{ id: SHIRT, colors: "White", specs: "40", quantity: 0 }, "The quantity must be 1 to 99"],
      [{ id: SHIRT, colors: "White", specs: "40", quantity: 100 }, "The quantity must be 1 to 99"],
      [{ id: 999999, colors: "White", specs: "40", quantity: 1 }, "Product 999999 does not exist"],
    ];
    const balance = await memberBalanceCents(server.db, ids.demo);
    const lines = await goodsOrderCount();
    for (const [payload, message] of cases) {
      for (const send of [() => buy(tokens.demo, payload), () => saveToCart(tokens.demo, payload)]) {
        const res = await send();
        expect(res.statusCode, res.body).toBe(200);
        expect(bodyOf(res).message).toBe(message);
        expect(bodyOf(res).code).not.toBe(0);
      }
    }
    const zh = await buy(tokens.demo, { id: SHIRT, colors: "", specs: "40", quantity: 1 }, undefined, "zh");
    expect(bodyOf(zh).message).toBe("请选择颜色");
    // Malformed requests are a 400 naming the field, never a 500.
    for (const payload of [
      { id: SHIRT, quantity: "two" },
      { id: 0, quantity: 1 },
      { id: SHIRT, quantity: 1, extra: 1 },
      {},
    ])
      expectErrorEnvelope(await buy(tokens.demo, payload), 400);
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(balance);
    expect(await goodsOrderCount()).toBe(lines);
  });

  it("GOODS-017 more than the stock is refused with what is left; a short balance refuses and changes nothing", async () => {
    await setStock(TIE, "Silver", "", 3);
    const res = await buy(tokens.demo, { id: TIE, colors: "Silver", quantity: 4 });
    expect(bodyOf(res)).toMatchObject({ code: 1002, message: "Only 3 left in stock" });
    expect(await stockOf(TIE, "Silver", "")).toBe(3);
    // demo-sub2 without money of its own (what the seed allocated to it taken back): refused, the stock kept.
    const poor = (await login(server.app, "demo-sub2", "demo1234")).token;
    await emptyChild(server.db, ids.demo, ids.demoSub2);
    expect(await memberBalanceCents(server.db, ids.demoSub2)).toBe(0);
    const refused = await buy(poor, { id: TIE, colors: "Silver", quantity: 1 });
    expect(bodyOf(refused)).toMatchObject({ code: 1002, message: "Insufficient Balance" });
    expect(await stockOf(TIE, "Silver", "")).toBe(3);
    expect(expectErrorEnvelope(await buy(null, { id: TIE, colors: "Silver", quantity: 1 }), 401).code).toBe("ATI");
  });

  it("GOODS-017 two buyers of the last item: one success, the other told none is left", async () => {
    await setStock(TIE, "Navy", "", 1);
    const [a, b] = await Promise.all([
      buy(tokens.demo, { id: TIE, colors: "Navy", quantity: 1 }, "last-a"),
      buy(tokens.acme, { id: TIE, colors: "Navy", quantity: 1 }, "last-b"),
    ]);
    const outcomes = [bodyOf(a), bodyOf(b)];
    expect(outcomes.filter((o) => o.code === 0)).toHaveLength(1);
    expect(outcomes.find((o) => o.code !== 0)).toMatchObject({ code: 1002, message: "Only 0 left in stock" });
    expect(await stockOf(TIE, "Navy", "")).toBe(0);
    await expectLedgerInvariants(server.db);
  });

  it("PROD-056 a cancelled goods order gives back its stock and its money exactly once, even under concurrent cancels", async () => {
    await setStock(TIE, "Burgundy", "", 5);
    const balance = await memberBalanceCents(server.db, ids.demo);
    const bought = bodyOf<GoodsOrder>(await buy(tokens.demo, { id: TIE, colors: "Burgundy", quantity: 2 }));
    expect(bought.code).toBe(0);
    expect(await stockOf(TIE, "Burgundy", "")).toBe(3);
    const results = await Promise.all([
      cancel(tokens.demo, bought.data.orderId, "c1"),
      cancel(tokens.demo, bought.data.orderId, "c2"),
      cancel(tokens.demo, bought.data.orderId),
    ]);
    expect(results.filter((r) => bodyOf(r).code === 0)).toHaveLength(1);
    expect(await stockOf(TIE, "Burgundy", "")).toBe(5);
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(balance);
    // Another cancel later changes nothing either.
    expect(bodyOf(await cancel(tokens.demo, bought.data.orderId)).code).not.toBe(0);
    expect(await stockOf(TIE, "Burgundy", "")).toBe(5);
    await expectLedgerInvariants(server.db);
  });
});

describe("Add to cart", () => {
  it("GOODS-018 GOODS-019 saves a goods order to the cart (stock kept); submitting it takes the stock; the list carries goodId", async () => {
    await setStock(SHIRT, "Pink", "42", 4);
    const res = await saveToCart(tokens.demo, { id: SHIRT, colors: "Pink", specs: "42", quantity: 3 });
    const body = bodyOf<GoodsOrder>(res);
    expect(body).toMatchObject({ code: 0, message: "added to cart" });
    expect(body.data.statusId).toBe(ORDER_STATUS.saved);
    expect(await stockOf(SHIRT, "Pink", "42")).toBe(4);
    const cart = bodyOf<Array<{ orderId: string; orderType: number; goodId: number | null }>>(
      await get(tokens.demo, "/api/pc/order/getOrderCartList", { type: "1", pageSize: "80" }),
    );
    expect(cart.data.find((o) => o.orderId === body.data.orderId)).toMatchObject({ orderType: 9, goodId: SHIRT });
    // Meanwhile someone else buys: one is left, so the cart's three are refused with what is left.
    await setStock(SHIRT, "Pink", "42", 1);
    const refused = await push(server.app, tokens.demo, Number(body.data.orderId));
    expect(refused).toMatchObject({ code: 1, sign: "fail", msg: "Only 1 left in stock" });
    await setStock(SHIRT, "Pink", "42", 4);
    const paid = await push(server.app, tokens.demo, Number(body.data.orderId));
    expect(paid).toMatchObject({ code: 0, status: ORDER_STATUS.submitted });
    expect(await stockOf(SHIRT, "Pink", "42")).toBe(1);
    // And a cancel gives them back.
    expect(bodyOf(await cancel(tokens.demo, body.data.orderId)).code).toBe(0);
    expect(await stockOf(SHIRT, "Pink", "42")).toBe(4);
    await expectLedgerInvariants(server.db);
  });

  it("GOODS-018 a goods order in the cart can be deleted", async () => {
    const body = bodyOf<GoodsOrder>(await saveToCart(tokens.demo, { id: TIE_BAR, quantity: 1 }));
    expect(body.code).toBe(0);
    const res = await get(tokens.demo, "/api/pc/order/deleteCartOrder", { orderId: body.data.orderId });
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

describe("who sees a goods order", () => {
  it("GOODS-017 a goods order is visible to its account (and its main account) only: 0 leaks", async () => {
    const own = bodyOf<GoodsOrder>(await buy(tokens.sub, { id: TIE_BAR, quantity: 1 }));
    expect(own.code).toBe(0);
    const detail = (token: string | null) => get(token, "/api/pc/order/orderDetail", { orderId: own.data.orderId });
    const mine = bodyOf<{ orderGoods: Array<{ goodSku: string; amount: number }> }>(await detail(tokens.sub));
    expect(mine.data.orderGoods).toEqual([expect.objectContaining({ goodSku: "G50201", amount: 1 })]);
    // The main account reads its sub-account's orders (never changes them)
    expect(bodyOf(await detail(tokens.demo)).code).toBe(0);
    expect(bodyOf(await cancel(tokens.demo, own.data.orderId)).code).toBe(1003);
    // Another main account: not found; no token: 401
    expect(bodyOf(await detail(tokens.acme)).code).toBe(1003);
    expect(bodyOf(await cancel(tokens.acme, own.data.orderId)).code).toBe(1003);
    expect(expectErrorEnvelope(await detail(null), 401).code).toBe("ATI");
    // demo's goods orders do not show for the sub-account or acme
    const demoOrder = bodyOf<GoodsOrder>(await buy(tokens.demo, { id: TIE_BAR, quantity: 1 }));
    expect(bodyOf(await get(tokens.sub, "/api/pc/order/orderDetail", { orderId: demoOrder.data.orderId })).code).toBe(
      1003,
    );
    for (const token of [tokens.sub, tokens.acme]) {
      const list = bodyOf<Array<{ orderId: string }>>(
        await get(token, "/api/pc/order/getOrderCartList", { type: "3", pageSize: "80" }),
      );
      expect(list.data.map((o) => o.orderId)).not.toContain(demoOrder.data.orderId);
    }
  });
});

describe("the fabric library", () => {
  interface LibraryFabric {
    fabricCode: string;
    ck: number;
    price?: string;
    moneyType?: string;
    imagePath: string;
    fabricProName: string;
  }
  it("FAB-008 FAB-009 FAB-007 pages of 50 with the total; by category and code; visitors see no prices", async () => {
    const first = bodyOf<LibraryFabric[]>(await get(null, "/api/pc/fabric", { pageSize: "50", pageNum: "1" }));
    expect(first.data).toHaveLength(50);
    expect(first.total).toBe(2000);
    expect(first.data[0]!.price).toBeUndefined();
    expect(Object.keys(first.data[0]!)).toEqual(
      expect.arrayContaining(["id", "fabricCode", "fabricProName", "imagePath", "ck"]),
    );
    const defaults = bodyOf<LibraryFabric[]>(await get(null, "/api/pc/fabric"));
    expect(defaults.data).toHaveLength(50);
    const second = bodyOf<LibraryFabric[]>(await get(null, "/api/pc/fabric", { pageNum: "2" }));
    expect(second.data[0]!.fabricCode > first.data[49]!.fabricCode).toBe(true);
    const code = first.data[7]!.fabricCode;
    const found = bodyOf<LibraryFabric[]>(await get(null, "/api/pc/fabric", { fabricCode: code.toLowerCase() }));
    expect(found.data.map((f) => f.fabricCode)).toContain(code);
    const shirts = bodyOf<LibraryFabric[]>(await get(null, "/api/pc/fabric", { category: "1000" }));
    expect(shirts.total).toBeGreaterThan(0);
    expect(shirts.total).toBeLessThan(2000);
    const signed = bodyOf<LibraryFabric[]>(await get(tokens.acme, "/api/pc/fabric"));
    expect(signed.data[0]).toMatchObject({ moneyType: "CNY", price: expect.stringMatching(/^\d+\.\d\d$/) });
    const unknown = await get(null, "/api/pc/fabric", { category: "999" });
    expect(bodyOf(unknown).code).toBe(1003);
    const bad: Array<Record<string, string>> = [{ pageSize: "0" }, { pageNum: "0" }, { fabricCode: "x".repeat(33) }];
    for (const query of bad) expectErrorEnvelope(await get(null, "/api/pc/fabric", query), 400);
  });

  it("FAB-005 FAB-007 the page's stock (ck) is getFabricStock's; the categories of the filter are open", async () => {
    const fabric = bodyOf<LibraryFabric[]>(await get(null, "/api/pc/fabric", { pageSize: "1" })).data[0]!;
    const res = await get(tokens.demo, "/api/pc/fabric/getFabricStock", { fabricCode: fabric.fabricCode });
    expect(bodyOf<{ stock: number }>(res).data.stock).toBe(fabric.ck);
    const categories = bodyOf<Array<{ id: number; name: string }>>(await get(null, "/api/pc/fabric/category")).data;
    expect(categories.map((c) => c.id)).toContain(1000);
    expect(Object.keys(categories[0]!).sort()).toEqual(["id", "name"]);
  });
});

describe("statements per read (issue 21's pattern)", () => {
  it("GOODS-015 FAB-008 a mall page and a fabric library page cost a fixed number of statements, whatever they hold", async () => {
    const counts: number[] = [];
    for (const [url, query] of [
      ["/api/pc/goods/list", { pageSize: "5", goodName: "tie" }],
      ["/api/pc/goods/list", { pageSize: "100", categoryId: "200" }],
      ["/api/pc/fabric", { pageSize: "5", pageNum: "3" }],
      ["/api/pc/fabric", { pageSize: "100", pageNum: "2" }],
      ["/api/pc/goods/detail/20101", {}],
    ] as Array<[string, Record<string, string>]>) {
      const { result, statements } = await server.queries.during(() => get(tokens.demo, url, query));
      expect(bodyOf(result).code, result.body).toBe(0);
      counts.push(statements.length);
    }
    // the token look-up, the catalogue's version, the page (with its total): never one per row
    for (const n of counts) expect(n).toBeLessThanOrEqual(3);
    expect(counts[0]).toBe(counts[1]);
    expect(counts[2]).toBe(counts[3]);
  });
});
