import { and, asc, count, eq, ilike, inArray, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  fabrics,
  measureParts,
  orders,
  styleCategories,
  styleCrafts,
  styleFabrics,
  stylePieces,
  styles,
} from "../../server/db/schema.ts";
import { HOSTILE_PROPERTY_STYLE_IDS } from "../../server/db/catalogue/styles.ts";
import { memberBalanceCents } from "../../server/modules/ledger/service.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { memberIds, postingCount, type MemberIds } from "./members.ts";
import { bearer, envelopeOf, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";

/**
 * The style catalogue and style orders (issue 10, SO-015..SO-040), through HTTP on the real server.
 * Expected values are computed here from the seeded tables, independently of the server's code.
 */
let server: TestServer;
const tokens: Record<"demo" | "demoSub1" | "acme", string> = { demo: "", demoSub1: "", acme: "" };
let ids: MemberIds;
beforeAll(async () => {
  server = await startServer();
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
  ids = await memberIds(server.db);
});
afterEach(async () => {
  await expectLedgerInvariants(server.db);
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;
interface Summary {
  id: number;
  styleName: string;
  previewImage: string;
  deliveryDays: number;
  currency: string;
  price: string;
  category: number;
  subCategory: number | null;
}
interface Craft {
  id: number;
  name: string;
  type: 1 | 2;
  price: string;
  imageUrl: string;
  chooseContent: string;
  model: string;
}
interface Info {
  id: number;
  clothCategory: number;
  clothCategoryName: string;
  styleName: string;
  styleCode: string;
  styleCraftList: Craft[];
}
interface Detail {
  id: number;
  styleName: string;
  previewImage: string;
  images: string;
  deliveryDays: number;
  currency: string;
  property: string;
  model: string;
  fabricCode: string;
  chooseFabric: string;
  price: string;
  category: number;
  subCategory: number | null;
  styleInfoList: Info[];
}
interface Buy {
  styleId: number;
  clothCategory: number;
  fabric: string;
  fabricType: "sys";
  type: 10;
  price: string;
  moneyType: string;
  detailList: Array<{
    clothCategory: number;
    styleId: number;
    styleInfoId: number;
    styleCraftList: Array<{ styleCraftId: number; content: string }>;
  }>;
}

const get = (url: string, query: Record<string, string | number> = {}, token = tokens.demo, language?: string) =>
  server.app.inject({
    method: "GET",
    url: `/api/${url}`,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { ...bearer(token), ...(language ? { "accept-language": language } : {}) },
  });
const post = (url: string, payload: unknown, token = tokens.demo, query: Record<string, string> = {}) =>
  server.app.inject({
    method: "POST",
    url: `/api/${url}`,
    query,
    ...(payload === undefined ? {} : { payload: payload as Json }),
    headers: bearer(token),
  });

async function ok<T>(res: Awaited<ReturnType<typeof get>>): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  const body = envelopeOf<T>(res);
  expect(body.code, body.message).toBe(0);
  return body.data;
}
/** A business refusal: HTTP 200, a non-zero code, data null, the message. */
function expectRefusal(res: Awaited<ReturnType<typeof get>>, message: string | RegExp, code = 1002) {
  expect(res.statusCode, res.body).toBe(200);
  const body = envelopeOf<null>(res);
  expect(body.code, body.message).toBe(code);
  expect(body.data).toBeNull();
  expect(body.message).toMatch(message);
  return body;
}

const cents = (price: string) => Math.round(Number(price) * 100);
const factorOf = { demo: 100, demoSub1: 100, acme: 110 } as const;
const account = (c: number, who: keyof typeof factorOf) => Math.round((c * factorOf[who]) / 100);

const styleCount = async () => Number((await server.db.select({ n: count() }).from(styles))[0]!.n);
const orderCount = async () => Number((await server.db.select({ n: count() }).from(orders))[0]!.n);

/** The refusal changes nothing: not the orders, not a balance, not the ledger. */
async function expectNothingChanged<T>(action: () => Promise<T>): Promise<T> {
  const snapshot = async () => ({
    orders: await orderCount(),
    ledger: await postingCount(server.db),
    demo: await memberBalanceCents(server.db, ids.demo),
    acme: await memberBalanceCents(server.db, ids.acme),
  });
  const before = await snapshot();
  const result = await action();
  expect(await snapshot()).toEqual(before);
  return result;
}

/** A style's rows straight from the seeded tables. */
async function seeded(styleId: number) {
  const [style] = await server.db.select().from(styles).where(eq(styles.id, styleId));
  const fabricRows = await server.db
    .select({ code: styleFabrics.fabricCode, price: fabrics.pricePerMeterCents })
    .from(styleFabrics)
    .innerJoin(fabrics, eq(fabrics.fabricCode, styleFabrics.fabricCode))
    .where(eq(styleFabrics.styleId, styleId))
    .orderBy(asc(styleFabrics.pos));
  const pieces = await server.db
    .select()
    .from(stylePieces)
    .where(eq(stylePieces.styleId, styleId))
    .orderBy(asc(stylePieces.pos));
  const crafts = await server.db
    .select()
    .from(styleCrafts)
    .where(
      inArray(
        styleCrafts.pieceId,
        pieces.map((p) => p.id),
      ),
    )
    .orderBy(asc(styleCrafts.pieceId), asc(styleCrafts.pos));
  return { style: style!, fabrics: fabricRows, pieces, crafts };
}

/** The style with a fabric, before the account's factor: each piece's making + price per metre × its cm. */
function styleCents(rows: Awaited<ReturnType<typeof seeded>>, pricePerMeter: number) {
  return rows.pieces.reduce(
    (sum, p) => sum + p.makePriceCents + Math.round((pricePerMeter * p.fabricCentimeters) / 100),
    0,
  );
}

/** Every required craft of the style given a value (its preset, or its first choice, or free text). */
function completeChoice(rows: Awaited<ReturnType<typeof seeded>>, fabricCode = rows.fabrics[0]!.code) {
  return {
    styleId: rows.style.id,
    fabricCode,
    pieces: rows.pieces.map((p) => ({
      styleInfoId: p.id,
      styleCraftList: rows.crafts
        .filter((c) => c.pieceId === p.id && c.type === 2)
        .map((c) => ({
          styleCraftId: c.id,
          content: c.defaultValue || (c.chooseContent === "" ? "Anna & Ben 12.6.2027" : c.chooseContent.split(",")[0]!),
        })),
    })),
  };
}

// Styles of the seed used below: a two-piece suit, a groom's suit (a required free-text craft), a shirt.
const SUIT = 1;
const GROOM = 21;
const SHIRT = 43;

describe("the style catalogue", () => {
  it("SO-025 SO-034 SO-035 categories: main categories in order with counts, sub-categories where there are some", async () => {
    const data = await ok<Array<{ id: number; name: string; count: number; children: Json[] }>>(
      await get("pc/style/category"),
    );
    const mains = await server.db
      .select()
      .from(styleCategories)
      .where(isNull(styleCategories.parentId))
      .orderBy(asc(styleCategories.pos));
    expect(data.map((c) => c.name)).toEqual(mains.map((m) => m.enName));
    expect(data.reduce((sum, c) => sum + c.count, 0)).toBe(await styleCount());
    expect(await styleCount()).toBeGreaterThanOrEqual(60);
    for (const main of data) {
      const [row] = await server.db.select({ n: count() }).from(styles).where(eq(styles.categoryId, main.id));
      expect(main.count, main.name).toBe(Number(row!.n));
      for (const sub of main.children as Array<{ id: number; count: number }>) {
        const [subRow] = await server.db
          .select({ n: count() })
          .from(styles)
          .where(and(eq(styles.categoryId, main.id), eq(styles.subCategoryId, sub.id)));
        expect(sub.count).toBe(Number(subRow!.n));
      }
    }
    // Some categories have sub-categories (SO-035: the column is optional), some have none.
    expect(data.find((c) => c.name === "Business")!.children).toEqual([
      { id: 11, name: "Two-piece suits", count: 12 },
      { id: 12, name: "Three-piece suits", count: 8 },
    ]);
    expect(data.find((c) => c.name === "Casual")!.children).toEqual([]);
    const zh = await ok<Array<{ name: string }>>(await get("pc/style/category", {}, tokens.demo, "zh-CN"));
    expect(zh[0]!.name).toBe("商务");
  });

  it("SO-026 SO-032 the list pages by 20 (the default), with the total; the pages cover every style once", async () => {
    const total = await styleCount();
    const first = await get("pc/style/list");
    const firstPage = await ok<Summary[]>(first);
    expect(firstPage).toHaveLength(20);
    expect(envelopeOf(first).total).toBe(total);
    const seen = new Set<number>();
    const pages = Math.ceil(total / 20);
    for (let pageNum = 1; pageNum <= pages; pageNum++) {
      const res = await get("pc/style/list", { pageNum, pageSize: 20 });
      const page = await ok<Summary[]>(res);
      expect(page.length).toBe(pageNum < pages ? 20 : total - 20 * (pages - 1));
      page.forEach((s) => seen.add(s.id));
    }
    expect(seen.size).toBe(total);
    expect(await ok<Summary[]>(await get("pc/style/list", { pageNum: pages + 1 }))).toEqual([]);
    // By name: the first page is the first 20 names
    const names = (await server.db.select({ n: styles.enName }).from(styles)).map((r) => r.n).sort();
    expect(firstPage.map((s) => s.styleName)).toEqual(names.slice(0, 20));
  });

  it("SO-026 SO-037 each product carries its picture, delivery days and its lowest price (its cheapest fabric)", async () => {
    const page = await ok<Summary[]>(await get("pc/style/list", { category: 1, subCategory: 11, pageSize: 100 }));
    const suit = page.find((s) => s.id === SUIT)!;
    const rows = await seeded(SUIT);
    // The cheapest fabric is not the default (first) one, so "From" is told apart from the default price
    expect(Math.min(...rows.fabrics.map((f) => f.price))).toBeLessThan(rows.fabrics[0]!.price);
    expect(suit).toEqual({
      id: SUIT,
      styleName: rows.style.enName,
      previewImage: `/api/pc/style/image/${SUIT}/1`,
      deliveryDays: rows.style.deliveryDays,
      currency: "USD",
      price: (styleCents(rows, Math.min(...rows.fabrics.map((f) => f.price))) / 100).toFixed(2),
      category: 1,
      subCategory: 11,
    });
  });

  it("SO-026 SO-034 SO-035 the list filters by main category (its sub-categories included) and by sub-category", async () => {
    const business = await get("pc/style/list", { category: 1, pageSize: 100 });
    expect(envelopeOf(business).total).toBe(20);
    expect((await ok<Summary[]>(business)).every((s) => s.category === 1)).toBe(true);
    const three = await get("pc/style/list", { category: 1, subCategory: 12 });
    expect(envelopeOf(three).total).toBe(8);
    expect((await ok<Summary[]>(three)).every((s) => s.subCategory === 12)).toBe(true);
    // A sub-category of another main category finds nothing (the empty state, SO-039).
    const none = await get("pc/style/list", { category: 1, subCategory: 41 });
    expect(await ok<Summary[]>(none)).toEqual([]);
    expect(envelopeOf(none).total).toBe(0);
  });

  it("SO-036 the list searches by style name, case-insensitive, in either language; % and _ match themselves", async () => {
    const res = await get("pc/style/list", { styleName: "  wINDsor ", pageSize: 100 });
    const found = await ok<Summary[]>(res);
    const [expected] = await server.db.select({ n: count() }).from(styles).where(ilike(styles.enName, "%windsor%"));
    expect(found.length).toBeGreaterThan(1);
    expect(envelopeOf(res).total).toBe(Number(expected!.n));
    expect(found.every((s) => /windsor/i.test(s.styleName))).toBe(true);
    const zh = await ok<Summary[]>(await get("pc/style/list", { styleName: "温莎", pageSize: 100 }, tokens.demo, "zh"));
    expect(zh.map((s) => s.id).sort()).toEqual(found.map((s) => s.id).sort());
    expect(zh.every((s) => s.styleName.includes("温莎"))).toBe(true);
    expect(await ok<Summary[]>(await get("pc/style/list", { styleName: "%" }))).toEqual([]);
    expect(await ok<Summary[]>(await get("pc/style/list", { styleName: "Windsor", category: 5 }))).toHaveLength(1);
  });

  it("SO-026 refuses a malformed page (400 naming the field), never a 500", async () => {
    for (const [query, field] of [
      [{ pageSize: 0 }, "pageSize"],
      [{ pageNum: 0 }, "pageNum"],
      [{ pageSize: "x" }, "pageSize"],
      [{ category: -1 }, "category"],
      [{ styleName: "x".repeat(51) }, "styleName"],
    ] as const) {
      const body = expectErrorEnvelope(await get("pc/style/list", query as Record<string, string | number>), 400);
      expect(body.message).toContain(field);
    }
  });

  it("SO-015 SO-016 SO-024 the detail carries every documented field, its pieces and their crafts of both kinds", async () => {
    const rows = await seeded(GROOM);
    const detail = await ok<Detail>(await get(`pc/style/detail/${GROOM}`));
    const images = Array.from({ length: rows.style.imageCount }, (_, k) => `/api/pc/style/image/${GROOM}/${k + 1}`);
    expect(rows.style.imageCount).toBeGreaterThanOrEqual(3);
    expect(detail).toMatchObject({
      id: GROOM,
      styleName: rows.style.enName,
      previewImage: images[0],
      images: images.join(","),
      deliveryDays: rows.style.deliveryDays,
      currency: "USD",
      property: rows.style.propertyEn,
      model: "",
      fabricCode: rows.fabrics[0]!.code,
      chooseFabric: rows.fabrics.map((f) => f.code).join(","),
      price: (styleCents(rows, rows.fabrics[0]!.price) / 100).toFixed(2),
      category: 2,
      subCategory: 21,
    });
    expect(detail.property).toMatch(/<ul>.*<li>.*<table>.*<tr>/s);
    expect(detail.styleInfoList.map((i) => [i.id, i.clothCategory, i.styleCode])).toEqual(
      rows.pieces.map((p) => [p.id, p.categoryId, p.styleCode]),
    );
    expect(detail.styleInfoList.map((i) => i.styleName)).toEqual(["Jacket", "Trousers", "Waistcoat"]);
    expect(detail.styleInfoList[0]!.clothCategoryName).toBe("Suit");
    const crafts = detail.styleInfoList.flatMap((i) => i.styleCraftList);
    expect(crafts.map((c) => c.id)).toEqual(rows.crafts.map((c) => c.id));
    for (const craft of crafts) {
      const row = rows.crafts.find((c) => c.id === craft.id)!;
      expect(craft).toEqual({
        id: row.id,
        name: row.enName,
        type: row.type,
        price: (row.priceCents / 100).toFixed(2),
        imageUrl: "",
        chooseContent: row.chooseContent,
        // issue 20 §6 (x-designed): the choices named in English, the language asked
        chooseContentName: row.chooseContent,
        model: row.defaultValue,
      });
    }
    // Both kinds, and both types: a choice, free text; required and optional.
    expect(crafts.some((c) => c.chooseContent !== "" && c.type === 2)).toBe(true);
    expect(crafts.some((c) => c.chooseContent === "" && c.type === 2)).toBe(true);
    expect(crafts.some((c) => c.chooseContent === "" && c.type === 1)).toBe(true);
    expect(crafts.some((c) => c.chooseContent !== "" && c.type === 1)).toBe(true);
    const zh = await ok<Detail>(await get(`pc/style/detail/${GROOM}`, {}, tokens.demo, "zh"));
    expect(zh.styleName).toBe(rows.style.zhName);
    expect(zh.styleInfoList[0]!.styleName).toBe("上衣");
  });

  it("SO-024 an unknown style is refused (1003); a malformed id is a 400 naming it", async () => {
    expectRefusal(await get("pc/style/detail/99999"), "Style 99999 does not exist", 1003);
    expect(expectErrorEnvelope(await get("pc/style/detail/abc"), 400).message).toContain("id");
  });

  it(`the descriptions of styles ${HOSTILE_PROPERTY_STYLE_IDS.join(", ")} carry hostile HTML for the browser's sanitiser to remove`, async () => {
    for (const id of HOSTILE_PROPERTY_STYLE_IDS) {
      const { property } = await ok<Detail>(await get(`pc/style/detail/${id}`));
      expect(property).toContain("<script>");
      expect(property).toMatch(/onerror=/);
      expect(property).toContain('href="javascript:');
    }
  });

  it("SO-005 SO-008 SO-027 Buy costs the shown price plus the optional crafts chosen; a preset cleared (sent as '') is neither made nor charged", async () => {
    const rows = await seeded(SUIT);
    const fabric = rows.fabrics[0]!.code;
    const shown = await ok<string>(
      await post(`pc/style/${SUIT}/calculatePrice`, undefined, tokens.demo, { fabricCode: fabric }),
    );
    // Required crafts only: the presets cost nothing, so Buy's price is the one the page showed
    const plain = await ok<Buy>(await post("pc/style/buy", completeChoice(rows, fabric)));
    expect(plain.price).toBe(shown);
    // An optional craft with a surcharge adds exactly its surcharge
    const extra = rows.crafts.find((c) => c.type === 1 && c.priceCents > 0 && c.chooseContent !== "")!;
    const withExtra = completeChoice(rows, fabric);
    withExtra.pieces
      .find((p) => p.styleInfoId === extra.pieceId)!
      .styleCraftList.push({ styleCraftId: extra.id, content: extra.chooseContent.split(",")[0]! });
    const bought = await ok<Buy>(await post("pc/style/buy", withExtra));
    expect(cents(bought.price) - cents(shown)).toBe(extra.priceCents);
    // A preset cleared stays cleared: not among the priced crafts of the piece
    const preset = rows.crafts.find((c) => c.type === 1 && c.defaultValue !== "")!;
    const cleared = completeChoice(rows, fabric);
    cleared.pieces
      .find((p) => p.styleInfoId === preset.pieceId)!
      .styleCraftList.push({ styleCraftId: preset.id, content: "" });
    const answer = await ok<Buy>(await post("pc/style/buy", cleared));
    const piece = answer.detailList.find((p) => p.styleInfoId === preset.pieceId)!;
    expect(piece.styleCraftList.filter((c) => c.styleCraftId === preset.id && c.content !== "")).toEqual([]);
    const kept = await ok<Buy>(await post("pc/style/buy", completeChoice(rows, fabric)));
    expect(kept.detailList.find((p) => p.styleInfoId === preset.pieceId)!.styleCraftList).toContainEqual({
      styleCraftId: preset.id,
      content: preset.defaultValue,
    });
  });

  it("SO-023 calculatePrice prices the style with each of its fabrics on the server; another fabric is refused", async () => {
    const rows = await seeded(SUIT);
    expect(new Set(rows.fabrics.map((f) => f.price)).size).toBeGreaterThan(1);
    for (const fabric of rows.fabrics) {
      const price = await ok<string>(
        await post(`pc/style/${SUIT}/calculatePrice`, undefined, tokens.demo, {
          fabricCode: fabric.code.toLowerCase(),
        }),
      );
      expect(price).toBe((styleCents(rows, fabric.price) / 100).toFixed(2));
    }
    const other = (await seeded(SHIRT)).fabrics[0]!.code;
    await expectNothingChanged(async () => {
      expectRefusal(
        await post(`pc/style/${SUIT}/calculatePrice`, undefined, tokens.demo, { fabricCode: other }),
        `Fabric ${other} is not offered for the style ${rows.style.enName}`,
      );
      expectRefusal(
        await post("pc/style/99999/calculatePrice", undefined, tokens.demo, { fabricCode: other }),
        "Style 99999 does not exist",
        1003,
      );
      expect(
        expectErrorEnvelope(await post(`pc/style/${SUIT}/calculatePrice`, undefined, tokens.demo), 400).message,
      ).toContain("fabricCode");
    });
  });

  it("SO-033 pictures honour max_width (the list asks 380): never wider, scaled in proportion; open without a token", async () => {
    const picture = (query: string, n = 1) =>
      server.app.inject({ method: "GET", url: `/api/pc/style/image/${SUIT}/${n}${query}` });
    const widthOf = (body: string) => Number(/<svg[^>]* width="(\d+)"/.exec(body)![1]);
    const heightOf = (body: string) => Number(/<svg[^>]* height="(\d+)"/.exec(body)![1]);
    const natural = await picture("");
    expect(natural.statusCode).toBe(200);
    expect(natural.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(widthOf(natural.body)).toBe(600);
    const small = await picture("?max_width=380");
    expect(widthOf(small.body)).toBeLessThanOrEqual(380);
    expect(widthOf(small.body)).toBe(380);
    expect(heightOf(small.body)).toBe(Math.round((800 * 380) / 600));
    expect(widthOf((await picture("?max_width=4000")).body)).toBe(600);
    const { imageCount } = (await seeded(SUIT)).style;
    for (let n = 1; n <= imageCount; n++) expect((await picture("?max_width=380", n)).statusCode).toBe(200);
    // Every picture is different; one past the last is missing (the list's default image shows, SO-031).
    const bodies = await Promise.all(Array.from({ length: imageCount }, (_, k) => picture("", k + 1)));
    expect(new Set(bodies.map((b) => b.body)).size).toBe(imageCount);
    expectErrorEnvelope(await picture("", imageCount + 1), 404);
    expectErrorEnvelope(await server.app.inject({ method: "GET", url: "/api/pc/style/image/99999/1" }), 404);
    expect(expectErrorEnvelope(await picture("?max_width=1"), 400).message).toContain("max_width");
  });

  it("SO-033 every picture of every style is drawn, at most 380 wide when asked so", async () => {
    const all = await server.db.select({ id: styles.id, imageCount: styles.imageCount }).from(styles);
    expect(all.length).toBeGreaterThanOrEqual(60);
    for (const { id, imageCount } of all) {
      expect(imageCount, `style ${id}`).toBeGreaterThanOrEqual(3);
      for (let n = 1; n <= imageCount; n++) {
        const res = await server.app.inject({ method: "GET", url: `/api/pc/style/image/${id}/${n}?max_width=380` });
        expect(res.statusCode, `${id}/${n}`).toBe(200);
        expect(res.body).toMatch(/^<svg [^>]*width="380"/);
      }
    }
  });

  it("SO-028 SO-029 the style search starts at 4 characters (a shorter keyword is a 400 naming it)", async () => {
    for (const keyword of ["", "Win", "  Win  "]) {
      const body = expectErrorEnvelope(await get("pc/curablestyle", { pid: 3000, keyword }), 400);
      expect(body.message).toMatch(/keyword|4 characters/);
    }
    const hits = await ok<Array<Json & { clothCategory: number; styleName: string; styleCode: string }>>(
      await get("pc/curablestyle", { pid: 3000, keyword: "wind" }),
    );
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.clothCategory === 3000 && /windsor/i.test(h.styleName))).toBe(true);
    const [expected] = await server.db
      .select({ n: count() })
      .from(stylePieces)
      .innerJoin(styles, eq(styles.id, stylePieces.styleId))
      .where(and(eq(stylePieces.categoryId, 3000), ilike(styles.enName, "%wind%")));
    expect(hits).toHaveLength(Number(expected!.n));
    // By style code too
    const byCode = await ok<Array<{ id: number; styleCode: string; styleId: number }>>(
      await get("pc/curablestyle", { pid: 2000, keyword: "ST001" }),
    );
    expect(byCode).toEqual([expect.objectContaining({ id: 12, styleId: SUIT, styleCode: "ST001-T" })]);
  });

  it("SO-030 curablestyle/{pid}/{id} loads one piece of its garment category; another category's is refused", async () => {
    const rows = await seeded(SUIT);
    const piece = await ok<Info>(await get(`pc/curablestyle/3000/${rows.pieces[0]!.id}`));
    expect(piece).toMatchObject({ id: rows.pieces[0]!.id, clothCategory: 3000, styleCode: rows.pieces[0]!.styleCode });
    expect(piece.styleCraftList.map((c) => c.id)).toEqual(
      rows.crafts.filter((c) => c.pieceId === rows.pieces[0]!.id).map((c) => c.id),
    );
    expectRefusal(await get(`pc/curablestyle/2000/${rows.pieces[0]!.id}`), /does not exist/, 1003);
    expectRefusal(await get("pc/curablestyle/3000/999999"), /does not exist/, 1003);
  });

  it("every call needs a signed-in account (401), except the pictures", async () => {
    for (const url of [
      "pc/style/category",
      "pc/style/list",
      `pc/style/detail/${SUIT}`,
      "pc/curablestyle?pid=3000&keyword=wind",
    ]) {
      const res = await server.app.inject({ method: "GET", url: `/api/${url}` });
      expect(expectErrorEnvelope(res, 401).code).toBe("ATI");
    }
    const buy = await server.app.inject({
      method: "POST",
      url: "/api/pc/style/buy",
      payload: { styleId: SUIT, fabricCode: "", pieces: [] },
    });
    expect(expectErrorEnvelope(buy, 401).code).toBe("ATI");
  });

  it("SO-023 SO-026 prices are per account: acme (factor 110, CNY) and a sub-account (its own factor) see their own", async () => {
    const rows = await seeded(SUIT);
    const base = styleCents(rows, rows.fabrics[1]!.price);
    for (const who of ["demo", "demoSub1", "acme"] as const) {
      const token = tokens[who];
      const price = await ok<string>(
        await post(`pc/style/${SUIT}/calculatePrice`, undefined, token, { fabricCode: rows.fabrics[1]!.code }),
      );
      expect(cents(price), who).toBe(account(base, who));
      const detail = await ok<Detail>(await get(`pc/style/detail/${SUIT}`, {}, token));
      expect(detail.currency).toBe(who === "acme" ? "CNY" : "USD");
      const jacketCraft = rows.crafts.find((c) => c.priceCents > 0)!;
      const shown = detail.styleInfoList.flatMap((i) => i.styleCraftList).find((c) => c.id === jacketCraft.id)!;
      expect(cents(shown.price)).toBe(account(jacketCraft.priceCents, who));
      const list = await ok<Summary[]>(await get("pc/style/list", { category: 1, subCategory: 11 }, token));
      expect(list.find((s) => s.id === SUIT)!.currency).toBe(detail.currency);
      // SO-030: a piece found by the style search carries its crafts' currency, the account's
      const piece = await ok<Info & { currency: string }>(
        await get(`pc/curablestyle/3000/${rows.pieces[0]!.id}`, {}, token),
      );
      expect(piece.currency).toBe(detail.currency);
      const pieceCraft = rows.crafts.find((c) => c.pieceId === rows.pieces[0]!.id && c.priceCents > 0)!;
      const priced = piece.styleCraftList.find((c) => c.id === pieceCraft.id)!;
      expect(cents(priced.price)).toBe(account(pieceCraft.priceCents, who));
    }
  });
});

describe("the style catalogue in both languages (issue 20 §6)", () => {
  type Craft = { id: number; name: string; chooseContent: string; chooseContentName: string; model: string };
  const craftsOf = (detail: Detail) =>
    detail.styleInfoList.flatMap((piece) => piece.styleCraftList as unknown as Craft[]);

  it("SO-016 SO-009 a craft's choices are named in the reader's language; the values chosen stay the same", async () => {
    for (const id of [1, 13, 21, 39, 59]) {
      const en = await ok<Detail>(await get(`pc/style/detail/${id}`));
      const zh = await ok<Detail>(await get(`pc/style/detail/${id}`, {}, tokens.demo, "zh"));
      const [enCrafts, zhCrafts] = [craftsOf(en), craftsOf(zh)];
      expect(zhCrafts.map((c) => c.id)).toEqual(enCrafts.map((c) => c.id));
      expect(zhCrafts.some((c) => c.chooseContent !== "")).toBe(true);
      zhCrafts.forEach((craft, k) => {
        const english = enCrafts[k]!;
        // the values (and the preset among them) are the same in both languages
        expect(craft.chooseContent).toBe(english.chooseContent);
        expect(craft.model).toBe(english.model);
        // in English the names are the values; in Chinese each value has a Chinese name, in the same order
        expect(english.chooseContentName).toBe(english.chooseContent);
        const values = craft.chooseContent === "" ? [] : craft.chooseContent.split(",");
        const names = craft.chooseContentName === "" ? [] : craft.chooseContentName.split(",");
        expect(names).toHaveLength(values.length);
        for (const name of names) expect(name, `${craft.name}: ${craft.chooseContent}`).not.toMatch(/[A-Za-z]/);
        // the craft's and the style's own names are Chinese too
        expect(craft.name).not.toMatch(/[A-Za-z]/);
      });
      expect(zh.styleName).not.toMatch(/[A-Za-z]/);
    }
  });
});

describe("Buy (SO-027): step 1 checked on the server", () => {
  it("SO-027 answers the draft's pieces and the price: the style with the fabric plus the chosen crafts", async () => {
    const rows = await seeded(SUIT);
    const choice = completeChoice(rows, rows.fabrics[2]!.code);
    const lining = rows.crafts.find((c) => c.enName === "Lining colour")!;
    choice.pieces[0]!.styleCraftList.push({ styleCraftId: lining.id, content: "Burgundy" });
    const buy = await ok<Buy>(await post("pc/style/buy", choice));
    const required = rows.crafts.filter((c) => c.type === 2);
    // Crafts left out take their preset value (model); every chosen value adds its price.
    const presets = rows.crafts.filter((c) => c.type === 1 && c.defaultValue !== "");
    const craftCents = [...required, ...presets, lining].reduce((sum, c) => sum + c.priceCents, 0);
    expect(buy).toMatchObject({
      styleId: SUIT,
      clothCategory: 3000,
      fabric: rows.fabrics[2]!.code,
      fabricType: "sys",
      type: 10,
      moneyType: "USD",
      price: ((styleCents(rows, rows.fabrics[2]!.price) + craftCents) / 100).toFixed(2),
    });
    expect(buy.detailList.map((p) => [p.clothCategory, p.styleId, p.styleInfoId])).toEqual(
      rows.pieces.map((p) => [p.categoryId, SUIT, p.id]),
    );
    expect(buy.detailList[0]!.styleCraftList).toContainEqual({ styleCraftId: lining.id, content: "Burgundy" });
  });

  it("SO-017 no fabric: Please select fabric (before anything else of step 1)", async () => {
    const rows = await seeded(SUIT);
    expectRefusal(
      await post("pc/style/buy", { styleId: SUIT, fabricCode: "  ", pieces: [] }),
      /^Please select fabric$/,
    );
    expectRefusal(
      await post("pc/style/buy", { ...completeChoice(rows), fabricCode: "VB1000" }),
      `Fabric VB1000 is not offered for the style ${rows.style.enName}`,
    );
  });

  it("SO-018 each required craft needs a value: <name> Not filled in (a choice, then a free text)", async () => {
    const rows = await seeded(GROOM);
    const choice = completeChoice(rows);
    const lapel = rows.crafts.find((c) => c.enName === "Lapel")!;
    choice.pieces[0]!.styleCraftList = choice.pieces[0]!.styleCraftList.filter((c) => c.styleCraftId !== lapel.id);
    expectRefusal(await post("pc/style/buy", choice), /^Lapel Not filled in$/);
    const label = rows.crafts.find((c) => c.enName === "Wedding date label")!;
    const emptied = completeChoice(rows);
    emptied.pieces[0]!.styleCraftList = emptied.pieces[0]!.styleCraftList.map((c) =>
      c.styleCraftId === label.id ? { ...c, content: "   " } : c,
    );
    expectRefusal(await post("pc/style/buy", emptied), /^Wedding date label Not filled in$/);
    // zh
    const zh = await server.app.inject({
      method: "POST",
      url: "/api/pc/style/buy",
      payload: choice,
      headers: { ...bearer(tokens.demo), "accept-language": "zh" },
    });
    expectRefusal(zh, /^驳头未填写$/);
    // A piece left out entirely leaves its required crafts unfilled.
    const trousersOut = { ...completeChoice(rows), pieces: completeChoice(rows).pieces.slice(0, 1) };
    expectRefusal(await post("pc/style/buy", trousersOut), /^Pleats Not filled in$/);
  });

  it("bad input: unknown style, piece or craft, another style's piece or craft, a value outside the choices, text too long", async () => {
    const rows = await seeded(SUIT);
    const other = await seeded(GROOM);
    const base = completeChoice(rows);
    const withCraft = (styleCraftId: number, content: string) => ({
      ...base,
      pieces: [
        { ...base.pieces[0]!, styleCraftList: [...base.pieces[0]!.styleCraftList, { styleCraftId, content }] },
        ...base.pieces.slice(1),
      ],
    });
    const lapel = rows.crafts.find((c) => c.enName === "Lapel")!;
    const monogram = rows.crafts.find((c) => c.enName === "Monogram")!;
    const trousersCraft = rows.crafts.find((c) => c.pieceId === rows.pieces[1]!.id)!;
    await expectNothingChanged(async () => {
      expectRefusal(await post("pc/style/buy", { ...base, styleId: 99999 }), "Style 99999 does not exist", 1003);
      expectRefusal(
        await post("pc/style/buy", { ...base, pieces: [{ styleInfoId: 999999 }] }),
        /Style piece 999999 .*does not exist/,
        1003,
      );
      expectRefusal(
        await post("pc/style/buy", { ...base, pieces: [{ styleInfoId: other.pieces[0]!.id }] }),
        `Jacket (${other.pieces[0]!.id}) is not a piece of the style ${rows.style.enName}`,
      );
      expectRefusal(
        await post("pc/style/buy", { ...base, pieces: [base.pieces[0], base.pieces[0]] }),
        "Jacket is given twice",
      );
      expectRefusal(await post("pc/style/buy", withCraft(999999, "x")), "Style craft 999999 does not exist", 1003);
      const foreign = other.crafts.find((c) => c.enName === "Lapel")!;
      expectRefusal(
        await post("pc/style/buy", withCraft(foreign.id, "Peak")),
        `Lapel (${foreign.id}) is not a craft of the Jacket of the style ${rows.style.enName}`,
      );
      // A craft of the style's other piece, sent with the jacket
      expectRefusal(
        await post("pc/style/buy", withCraft(trousersCraft.id, "Flat front")),
        `${trousersCraft.enName} (${trousersCraft.id}) is not a craft of the Jacket`,
      );
      expectRefusal(await post("pc/style/buy", withCraft(lapel.id, "Peak")), "Lapel is given twice");
      const onlyLapel = {
        ...base,
        pieces: [{ styleInfoId: rows.pieces[0]!.id, styleCraftList: [{ styleCraftId: lapel.id, content: "Wide" }] }],
      };
      expectRefusal(
        await post("pc/style/buy", onlyLapel),
        "Wide is not a choice of Lapel: choose one of Notch, Peak, Shawl",
      );
      expectRefusal(
        await post("pc/style/buy", withCraft(monogram.id, "x".repeat(51))),
        "Monogram: at most 50 characters",
      );
      // Malformed: the contract names the field
      expect(expectErrorEnvelope(await post("pc/style/buy", { ...base, styleId: 0 }), 400).message).toContain(
        "styleId",
      );
      expect(expectErrorEnvelope(await post("pc/style/buy", { ...base, extra: 1 }), 400).message).toContain("extra");
    });
  });

  it("HTML typed into a free-text craft is kept as text, not refused and not changed", async () => {
    const rows = await seeded(SUIT);
    const monogram = rows.crafts.find((c) => c.enName === "Monogram")!;
    const choice = completeChoice(rows);
    const html = `<img src=x onerror="alert(1)">`;
    choice.pieces[0]!.styleCraftList.push({ styleCraftId: monogram.id, content: html });
    const buy = await ok<Buy>(await post("pc/style/buy", choice));
    expect(buy.detailList[0]!.styleCraftList).toContainEqual({ styleCraftId: monogram.id, content: html });
  });
});

/** The measurements of a garment category at their default values (valid). */
async function sizeList(category: number) {
  const rows = await server.db
    .select()
    .from(measureParts)
    .where(and(eq(measureParts.categoryId, category), eq(measureParts.measureType, 10052)))
    .orderBy(asc(measureParts.pos));
  return rows.map((p) => ({ partId: p.id, partValue: p.defaultValue, modifyValue: 0 }));
}

/** A complete style order draft (type 10) from Buy's answer, with a customer and measurements. */
async function styleDraft(buy: Buy, extra: Json = {}) {
  return {
    type: 10,
    clothCategory: buy.clothCategory,
    fabric: buy.fabric,
    fabricType: "sys",
    customerName: "Leo Marsh",
    shortName: "Leo",
    genderId: 10040,
    height: 181,
    weight: 79,
    detailList: await Promise.all(
      buy.detailList.map(async (p) => ({ ...p, sizeList: await sizeList(p.clothCategory) })),
    ),
    ...extra,
  };
}

describe("style orders (type 10) through saveOrder, saveSubmitOrder and getOrderInfo", () => {
  it("SO-001 SO-027 a style order saves priced from its style, and getOrderInfo gives back every style field", async () => {
    const rows = await seeded(SUIT);
    const choice = completeChoice(rows, rows.fabrics[1]!.code);
    const monogram = rows.crafts.find((c) => c.enName === "Monogram")!;
    choice.pieces[0]!.styleCraftList.push({ styleCraftId: monogram.id, content: "<b>LM</b>" });
    const buy = await ok<Buy>(await post("pc/style/buy", choice));
    const draft = await styleDraft(buy);
    const saved = await ok<{ orderId: string; price: string; unitPrice: string; moneyType: string; statusId: number }>(
      await post("pc/order/saveOrder", draft),
    );
    expect(saved).toMatchObject({ price: buy.price, unitPrice: buy.price, moneyType: "USD", statusId: 10368 });
    const [row] = await server.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(saved.orderId)));
    expect(row).toMatchObject({
      orderType: 10,
      categoryId: 3000,
      fabricCode: buy.fabric,
      priceCents: cents(buy.price),
    });
    expect(row!.details.map((d) => d.clothCategory)).toEqual([3000, 2000]);
    const info = await ok<Json & { detailList: Json[] }>(
      await get("pc/order/getOrderInfo", { orderId: saved.orderId }),
    );
    expect(info).toMatchObject({ type: 10, clothCategory: 3000, fabric: buy.fabric, customerName: "Leo Marsh" });
    expect(info.detailList.map((p) => [p.styleId, p.styleInfoId])).toEqual(
      buy.detailList.map((p) => [SUIT, p.styleInfoId]),
    );
    expect(info.detailList[0]!.styleCraftList).toEqual(buy.detailList[0]!.styleCraftList);
    // The HTML typed is text, given back as typed
    expect(info.detailList[0]!.styleCraftList).toContainEqual({ styleCraftId: monogram.id, content: "<b>LM</b>" });
  });

  it("SO-019 SO-020 SO-021 SO-022 a style order asks the style flow's customer fields in order, not the nickname or weight", async () => {
    const rows = await seeded(SHIRT);
    const buy = await ok<Buy>(await post("pc/style/buy", completeChoice(rows)));
    // Step 2 of the style order has no required nickname or weight: the server agrees.
    const saved = await ok<{ orderId: string }>(
      await post("pc/order/saveOrder", await styleDraft(buy, { shortName: "", weight: null })),
    );
    expect(Number(saved.orderId)).toBeGreaterThan(0);
    const refusals: Array<[Json, RegExp]> = [
      [{ customerName: " " }, /name/i], // SO-019
      [{ height: null }, /height/i], // SO-020
      [{ weightUnit: null }, /weight unit/i], // SO-021
      [{ genderId: null }, /gender/i], // SO-022
    ];
    for (const [fault, message] of refusals) {
      const draft = await styleDraft(buy, { shortName: "", weight: null, ...fault });
      await expectNothingChanged(async () => expectRefusal(await post("pc/order/saveOrder", draft), message));
    }
  });

  it("SO-027 a style order submitted debits the balance by exactly its price (ledger, idempotency key)", async () => {
    const rows = await seeded(SHIRT);
    const buy = await ok<Buy>(await post("pc/style/buy", completeChoice(rows)));
    const draft = await styleDraft(buy, { amount: 2 });
    const before = await memberBalanceCents(server.db, ids.demo);
    const key = `style-submit-${Date.now()}`;
    const submit = () =>
      server.app.inject({
        method: "POST",
        url: "/api/pc/order/saveSubmitOrder",
        payload: draft,
        headers: { ...bearer(tokens.demo), "idempotency-key": key },
      });
    const [result] = await ok<Array<{ sign: string; price: string; statusId: number }>>(await submit());
    expect(result).toMatchObject({
      sign: "success",
      statusId: 10030,
      price: ((cents(buy.price) * 2) / 100).toFixed(2),
    });
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(before - cents(buy.price) * 2);
    // The same key again pays nothing more
    await ok(await submit());
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(before - cents(buy.price) * 2);
  });

  it("bad input: the documented message, nothing saved, never a 500", async () => {
    const rows = await seeded(SUIT);
    const buy = await ok<Buy>(await post("pc/style/buy", completeChoice(rows)));
    const good = await styleDraft(buy);
    const withPiece = (k: number, change: Json) => ({
      ...good,
      detailList: good.detailList.map((p, i) => (i === k ? { ...p, ...change } : p)),
    });
    const other = await seeded(GROOM);
    const lapel = rows.crafts.find((c) => c.enName === "Lapel")!;
    const foreignCraft = other.crafts.find((c) => c.enName === "Lapel")!;
    const jacketCrafts = good.detailList[0]!.styleCraftList;
    await expectNothingChanged(async () => {
      for (const url of ["pc/order/saveOrder", "pc/order/saveSubmitOrder"]) {
        expectRefusal(await post(url, { ...good, fabric: "" }), /^Please select fabric$/);
        expectRefusal(
          await post(url, withPiece(0, { styleCraftList: jacketCrafts.filter((c) => c.styleCraftId !== lapel.id) })),
          /^Lapel Not filled in$/,
        );
        expectRefusal(
          await post(
            url,
            withPiece(0, {
              styleCraftList: [
                ...jacketCrafts.filter((c) => c.styleCraftId !== lapel.id),
                { styleCraftId: lapel.id, content: "Wide" },
              ],
            }),
          ),
          /Wide is not a choice of Lapel/,
        );
        expectRefusal(
          await post(
            url,
            withPiece(0, { styleCraftList: [...jacketCrafts, { styleCraftId: foreignCraft.id, content: "Peak" }] }),
          ),
          /is not a craft of the Jacket/,
        );
        expectRefusal(
          await post(url, withPiece(0, { styleCraftList: [...jacketCrafts, { styleCraftId: 999999 }] })),
          "Style craft 999999 does not exist",
          1003,
        );
        expectRefusal(
          await post(url, { ...good, detailList: good.detailList.map((p) => ({ ...p, styleId: 99999 })) }),
          "Style 99999 does not exist",
          1003,
        );
        expectRefusal(
          await post(url, withPiece(1, { styleId: GROOM })),
          "Every piece of a style order must be of the same style",
        );
        expectRefusal(await post(url, { ...good, fabric: other.fabrics[0]!.code }), /is not offered for the style/);
        expectRefusal(
          await post(url, { ...good, fabricType: "cus", fabric: "own cloth" }),
          "A style order is made of one of the style's fabrics",
        );
        // The pieces must be the style's, in order
        expectRefusal(
          await post(url, { ...good, detailList: good.detailList.slice(0, 1) }),
          /A style order is made of the pieces of the style/,
        );
        expectRefusal(
          await post(url, { ...good, clothCategory: 2000, detailList: [...good.detailList].reverse() }),
          /A style order is made of the pieces of the style/,
        );
        expectRefusal(
          await post(url, withPiece(0, { craftList: [{ craftId: 3001 }] })),
          "A style order takes the style's crafts only",
        );
        // The rest is checked as for every order: the customer and the measurements
        expectRefusal(await post(url, { ...good, customerName: "" }), /Customer name/i);
        expectRefusal(await post(url, withPiece(1, { sizeList: [] })), /cannot be empty|please fill in|is required/i);
      }
    });
  });

  it("style orders are per account: another account cannot load one, a sub-account's is its own", async () => {
    const rows = await seeded(SHIRT);
    const buy = await ok<Buy>(await post("pc/style/buy", completeChoice(rows), tokens.demoSub1));
    const saved = await ok<{ orderId: string; price: string; moneyType: string }>(
      await post("pc/order/saveOrder", await styleDraft(buy), tokens.demoSub1),
    );
    const [row] = await server.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(saved.orderId)));
    expect(row!.memberId).toBe(ids.demoSub1);
    expectRefusal(await get("pc/order/getOrderInfo", { orderId: saved.orderId }, tokens.acme), /does not exist/, 1003);
    // acme pays its own factor, in its own currency
    const acmeBuy = await ok<Buy>(await post("pc/style/buy", completeChoice(rows), tokens.acme));
    expect(acmeBuy.moneyType).toBe("CNY");
    const acmeSaved = await ok<{ price: string; moneyType: string }>(
      await post("pc/order/saveOrder", await styleDraft(acmeBuy), tokens.acme),
    );
    expect(acmeSaved).toMatchObject({ price: acmeBuy.price, moneyType: "CNY" });
    const choiceCents = cents(buy.price);
    expect(cents(acmeBuy.price)).toBe(account(choiceCents, "acme"));
  });

  it("quote prices a style order as saving would", async () => {
    const rows = await seeded(SUIT);
    const buy = await ok<Buy>(await post("pc/style/buy", completeChoice(rows)));
    const quote = await ok<{ price: string; totalPrice: string }>(
      await post("pc/order/quote", await styleDraft(buy, { amount: 3 })),
    );
    expect(quote.price).toBe(buy.price);
    expect(cents(quote.totalPrice)).toBe(cents(buy.price) * 3);
  });
});

describe("a style order's details (issue 20)", () => {
  it("PROD-019 PROD-020 getOrderDetail lists each piece's style crafts with their values, named in the caller's language", async () => {
    const rows = await seeded(GROOM);
    const choice = completeChoice(rows);
    // An optional craft chosen on top of the required ones and the presets.
    const optional = rows.crafts.find((c) => c.type === 1 && c.defaultValue === "" && c.chooseContent !== "")!;
    expect(optional).toBeDefined();
    const picked = optional.chooseContent.split(",").at(-1)!;
    choice.pieces
      .find((p) => p.styleInfoId === optional.pieceId)!
      .styleCraftList.push({ styleCraftId: optional.id, content: picked });
    const buy = await ok<Buy>(await post("pc/style/buy", choice));
    const saved = await ok<{ orderId: string }>(await post("pc/order/saveOrder", await styleDraft(buy)));
    // The values the order holds, from the seeded tables: what was chosen, else the craft's preset.
    const chosen = new Map(choice.pieces.flatMap((p) => p.styleCraftList.map((c) => [c.styleCraftId, c.content])));
    const expected = (piece: (typeof rows.pieces)[number], zh: boolean) =>
      rows.crafts
        .filter((c) => c.pieceId === piece.id)
        .map((c) => ({ craft: c, content: chosen.get(c.id) ?? c.defaultValue }))
        .filter(({ content }) => content !== "")
        .map(({ craft, content }) => ({
          craftName: zh ? craft.zhName : craft.enName,
          content,
          price: (craft.priceCents / 100).toFixed(2),
        }));
    for (const [language, zh] of [
      ["en-US", false],
      ["zh-CN", true],
    ] as const) {
      const detail = await ok<{
        orderType: number;
        orderDetails: Array<{ styleInfoName: string; orderCraftList: Array<Record<string, string>> }>;
      }>(await get("pc/order/orderDetail", { orderId: saved.orderId }, tokens.demo, language));
      expect(detail.orderType).toBe(10);
      expect(detail.orderDetails).toHaveLength(rows.pieces.length);
      for (const [k, piece] of rows.pieces.entries()) {
        const crafts = detail.orderDetails[k]!.orderCraftList;
        expect(crafts.length, `${piece.enName} has crafts`).toBeGreaterThan(0);
        expect(crafts.map(({ craftName, content, price }) => ({ craftName, content, price }))).toEqual(
          expected(piece, zh),
        );
      }
      const all = detail.orderDetails.flatMap((p) => p.orderCraftList);
      expect(all).toContainEqual(expect.objectContaining({ content: picked }));
      // The typed free text (the wedding label) is kept as typed.
      expect(all).toContainEqual(expect.objectContaining({ content: "Anna & Ben 12.6.2027" }));
    }
  });
});
