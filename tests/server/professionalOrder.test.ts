import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { crafts, embOptions, measureParts, orders } from "../../server/db/schema.ts";
import { fabricRow } from "../../server/db/seed.ts";
import { memberBalanceCents } from "../../server/modules/ledger/service.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { memberIds, postingCount, type MemberIds } from "./members.ts";
import { bearer, envelopeOf, login, startServer, type TestServer } from "./fixture.ts";

/**
 * The professional order (type 8) on the server: its save and submit run the documented checks in
 * the documented order (PO-022..038, the same list as the browser, domain/orderEntry/professional.ts),
 * a refused draft changes nothing, and a submitted suit of two pieces, each with its own crafts and
 * embroidery (PO-002), is charged exactly its price through the ledger.
 */
let server: TestServer;
let token = "";
let ids: MemberIds;
beforeAll(async () => {
  server = await startServer();
  token = (await login(server.app, "demo", "demo1234")).token;
  ids = await memberIds(server.db);
});
afterEach(async () => {
  await expectLedgerInvariants(server.db);
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;
type Piece = Json & { clothCategory: number; craftList: Json[]; embList: Json[]; sizeList: Json[] };
type Draft = Json & { detailList: Piece[] };

const IN_STOCK_SUITING = fabricRow(1);

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: "POST",
    url: `/api/pc/order/${url}`,
    payload: payload as Json,
    headers: { ...bearer(token), ...headers },
  });

async function craftId(category: number, code: string) {
  const [row] = await server.db
    .select({ id: crafts.id })
    .from(crafts)
    .where(and(eq(crafts.categoryId, category), eq(crafts.code, code)));
  if (!row) throw new Error(`no craft ${code} in ${category}`);
  return row.id;
}
async function option(type: string, code?: string) {
  const rows = await server.db.select().from(embOptions).where(eq(embOptions.type, type)).orderBy(asc(embOptions.id));
  return (code ? rows.find((r) => r.code === code) : rows[1])!;
}
async function sizeList(category: number) {
  return (
    await server.db
      .select()
      .from(measureParts)
      .where(and(eq(measureParts.categoryId, category), eq(measureParts.measureType, 10052)))
      .orderBy(asc(measureParts.pos))
  ).map((p) => ({ partId: p.id, partValue: p.defaultValue, modifyValue: 0 }));
}

/** A professional suit with the trousers as a further piece, each with a craft and an embroidery row. */
async function professionalDraft(): Promise<Draft> {
  const [color, font, size] = [await option("emb_color"), await option("emb_font"), await option("emb_size")];
  const row = (site: number, content: string, withSize: boolean) => ({
    site,
    color: color.id,
    font: font.id,
    embSize: withSize ? size.id : null,
    content,
    file: null,
  });
  return {
    type: 8,
    clothCategory: 3000,
    addProduct: 1,
    fabric: IN_STOCK_SUITING.fabricCode,
    fabricType: "sys",
    sizeCategoryId: 10052,
    customerName: "Professional Customer",
    shortName: "Pro",
    genderId: 10040,
    height: 180,
    heightUnit: 10266,
    // D-06: no weight
    weight: null,
    detailList: [
      {
        clothCategory: 3000,
        craftList: [{ craftId: await craftId(3000, "TF_PLEAT1"), content: "", sourceType: "LABEL" }],
        embList: [row((await option("emb_site", "INSIDE_POCKET")).id, "AB", true)],
        contrastSaveList: [],
        sizeList: await sizeList(3000),
      },
      {
        clothCategory: 2000,
        craftList: [{ craftId: await craftId(2000, "TF_PLEAT1"), content: "", sourceType: "LABEL" }],
        embList: [row((await option("emb_site", "WAISTBAND")).id, "CD", false)],
        contrastSaveList: [],
        sizeList: await sizeList(2000),
      },
    ],
  };
}

const orderCount = async () => Number((await server.db.select({ n: count() }).from(orders))[0]!.n);
const balance = () => memberBalanceCents(server.db, ids.demo);
const cents = (price: string) => Math.round(Number(price) * 100);

/** A refused draft: the message, and nothing saved, no money moved. */
async function expectRefused(draft: Draft, message: RegExp | string) {
  const before = { orders: await orderCount(), balance: await balance(), ledger: await postingCount(server.db) };
  for (const url of ["saveOrder", "saveSubmitOrder"]) {
    const res = await post(url, draft, url === "saveSubmitOrder" ? { "Idempotency-Key": crypto.randomUUID() } : {});
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<unknown>(res);
    expect(body.code, url).toBe(1002);
    expect(body.message).toMatch(message);
  }
  expect({ orders: await orderCount(), balance: await balance(), ledger: await postingCount(server.db) }).toEqual(
    before,
  );
}

describe("the professional order on the server", () => {
  it("PO-001 PO-002 PO-017 a type-8 suit with embroidery on two pieces is submitted and debited exactly its price", async () => {
    const draft = await professionalDraft();
    const quote = envelopeOf<{ totalPrice: string }>(await post("quote", draft));
    expect(quote.code).toBe(0);
    const before = await balance();
    const res = await post("saveSubmitOrder", draft, { "Idempotency-Key": crypto.randomUUID() });
    const body = envelopeOf<Array<{ orderId: string; sign: string; statusId: number; price: string }>>(res);
    expect(body.code).toBe(0);
    expect(body.data[0]).toMatchObject({ sign: "success", statusId: 10030 });
    expect(cents(body.data[0]!.price)).toBe(cents(quote.data.totalPrice));
    expect(await balance()).toBe(before - cents(body.data[0]!.price));
    // priced as a professional order: the make prices of type 8 (suit 260.00 and trousers 78.00) are in it
    const seven = envelopeOf<{ totalPrice: string }>(await post("quote", { ...draft, type: 7 }));
    expect(cents(quote.data.totalPrice) - cents(seven.data.totalPrice)).toBe(26000 - 22000 + (7800 - 6500));
    // stored with each piece's own crafts and embroidery
    const info = envelopeOf<{ type: number; detailList: Piece[] }>(
      await server.app.inject({
        method: "GET",
        url: "/api/pc/order/getOrderInfo",
        query: { orderId: body.data[0]!.orderId },
        headers: bearer(token),
      }),
    );
    expect(info.data.type).toBe(8);
    expect(info.data.detailList.map((p) => [p.clothCategory, p.embList.map((e) => e.content)])).toEqual([
      [3000, ["AB"]],
      [2000, ["CD"]],
    ]);
  });

  it("PO-022 PO-023 PO-024 PO-025 PO-027 PO-030 PO-031 PO-032 PO-033 PO-034 PO-035 PO-036 PO-037 each missing item is refused in turn, in the documented order", async () => {
    const complete = await professionalDraft();
    const [suit, trousers] = complete.detailList as [Piece, Piece];
    const label = await craftId(3000, "LABEL_NAME");
    // everything wrong at once; fixed one by one, the next check speaks
    let draft: Draft = {
      ...complete,
      fabric: "",
      customerName: "",
      shortName: "",
      genderId: null,
      height: null,
      detailList: [
        { ...suit, craftList: [] },
        { ...trousers, craftList: [], embList: [{ ...trousers.embList[0], font: null }], sizeList: [] },
      ],
    };
    const steps: Array<[RegExp | string, (d: Draft) => Draft]> = [
      ["Please select a fabric", (d) => ({ ...d, fabric: complete.fabric })],
      [
        "Please choose at least one craft",
        (d) => ({
          ...d,
          detailList: [
            { ...d.detailList[0]!, craftList: [{ craftId: label, content: " ", sourceType: "TEXT" }] },
            d.detailList[1]!,
          ],
        }),
      ],
      [
        /not finished$/,
        (d) => ({
          ...d,
          detailList: [
            { ...d.detailList[0]!, craftList: [{ craftId: label, content: "J. Pro", sourceType: "TEXT" }] },
            d.detailList[1]!,
          ],
        }),
      ],
      // PO-030: the trousers' row, named with its category
      [
        /^Trousers: monogram at .+: please choose the font$/,
        (d) => ({ ...d, detailList: [d.detailList[0]!, { ...d.detailList[1]!, embList: trousers.embList }] }),
      ],
      ["Please fill in the customer name", (d) => ({ ...d, customerName: "Pro Customer" })],
      ["Please fill in the nickname", (d) => ({ ...d, shortName: "Pro" })],
      ["Please choose the gender", (d) => ({ ...d, genderId: 10040 })],
      ["Please fill in the height", (d) => ({ ...d, height: 180 })],
      [
        /cannot be empty$/,
        (d) => ({
          ...d,
          detailList: [
            d.detailList[0]!,
            { ...d.detailList[1]!, sizeList: trousers.sizeList.map((s) => ({ ...s, partValue: 999 })) },
          ],
        }),
      ],
      [/out of range \(/, (d) => ({ ...d, detailList: [d.detailList[0]!, trousers] })],
    ];
    for (const [message, fix] of steps) {
      await expectRefused(draft, message);
      draft = fix(draft);
    }
    const res = await post("saveOrder", draft);
    expect(envelopeOf(res).code).toBe(0);
  });

  it("PO-027 D-06 a monogram row's site, colour and font are asked in that order; the weight is not required, unlike the quick order", async () => {
    const complete = await professionalDraft();
    const [suit] = complete.detailList as [Piece];
    const withRow = (patch: Json): Draft => ({
      ...complete,
      detailList: [{ ...suit, embList: [{ ...suit.embList[0], ...patch }] }, complete.detailList[1]!],
    });
    await expectRefused(withRow({ site: null, font: null }), /^Suit: monogram: please choose the position$/);
    await expectRefused(
      withRow({ color: null, font: null }),
      /^Suit: monogram at Inside pocket: please choose the colour$/,
    );
    await expectRefused(withRow({ content: "" }), /^Suit: monogram at Inside pocket: please fill in the content$/);
    // the quick order (type 7) still asks for the weight
    await expectRefused({ ...complete, type: 7 }, "Please fill in the weight");
    expect(envelopeOf(await post("saveOrder", complete)).code).toBe(0);
  });

  it("HTML in the free-text fields is stored as the text typed", async () => {
    const html = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;
    const short = `<b onmouseover=alert(3)>AB</b>`; // a monogram's content is 50 characters at most
    const draft = await professionalDraft();
    const [suit] = draft.detailList as [Piece];
    const res = await post("saveOrder", {
      ...draft,
      customerName: html.slice(0, 64),
      address: html,
      detailList: [{ ...suit, embList: [{ ...suit.embList[0], content: short }] }, draft.detailList[1]!],
    });
    const saved = envelopeOf<{ orderId: string }>(res);
    expect(saved.code).toBe(0);
    const info = envelopeOf<{ customerName: string; address: string; detailList: Piece[] }>(
      await server.app.inject({
        method: "GET",
        url: "/api/pc/order/getOrderInfo",
        query: { orderId: saved.data.orderId },
        headers: bearer(token),
      }),
    );
    expect(info.data.customerName).toBe(html.slice(0, 64));
    expect(info.data.address).toBe(html);
    expect(info.data.detailList[0]!.embList[0]!.content).toBe(short);
  });

  it("bad input: unknown crafts, positions, parts and pieces of a type-8 draft are refused with a message, never a 500", async () => {
    const complete = await professionalDraft();
    const [suit, trousers] = complete.detailList as [Piece, Piece];
    const cases: Array<[Draft, RegExp]> = [
      [
        {
          ...complete,
          detailList: [{ ...suit, craftList: [{ craftId: 99999, content: "", sourceType: "LABEL" }] }, trousers],
        },
        /^Craft 99999 does not exist in category 3000$/,
      ],
      [
        { ...complete, detailList: [{ ...suit, embList: [{ ...suit.embList[0], site: 99999 }] }, trousers] },
        /^Monogram option 99999 is not offered for Suit$/,
      ],
      [
        {
          ...complete,
          detailList: [{ ...suit, sizeList: [{ partId: 99999, partValue: 1, modifyValue: 0 }] }, trousers],
        },
        /^Neck cannot be empty$/,
      ],
      [{ ...complete, detailList: [suit, { ...trousers, clothCategory: 1000 }] }, /^Shirt cannot be added to Suit$/],
      [{ ...complete, heightUnit: null }, /^Please choose the height unit$/],
    ];
    for (const [draft, message] of cases) {
      const before = await orderCount();
      const res = await post("saveOrder", draft);
      expect(res.statusCode).toBeLessThan(500);
      const body = envelopeOf<unknown>(res);
      expect(body.code).not.toBe(0);
      expect(body.message).toMatch(message);
      expect(await orderCount()).toBe(before);
    }
  });
});
