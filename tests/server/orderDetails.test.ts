import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEIGHT_UNIT, ORDER_STATUS, SIZE_AREA, WEIGHT_UNIT } from "../../domain/ids.ts";
import {
  attachments,
  bodySpecDetails,
  bodySpecs,
  crafts,
  customers,
  dictSystem,
  labels,
  measureParts,
  orderEvents,
  orderLabels,
  orders,
} from "../../server/db/schema.ts";
import { blankPiece, type Draft } from "../../server/db/schema/orders.ts";
import type { OrderDetail } from "../../server/modules/orderDetails/service.ts";
import { translate } from "../../server/i18n.ts";
import { bundleContract } from "../../server/plugins/contractFile.ts";
import { mediaTypesOf } from "../../server/plugins/mediaTypes.ts";
import { bodyOf, call, insertOrder } from "./cartHelpers.ts";
import { expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { glyphInk } from "./pdfInk.ts";
import { pdfText } from "./pdfText.ts";
import { memberIds, type MemberIds } from "./members.ts";

/**
 * Issue 12: the order details page's answer (PROD-019..021) and its PDF (PROD-018, PROD-068..070), on the
 * real server and database; the PDF's text is read back with pdfjs.
 */
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", demoSub1: "", acme: "" };
/** demo's order with crafts, a monogram with a picture, a posture and a timeline; its remake; demo-sub1's; acme's. */
const order = {
  demo: { id: 0, code: "" },
  remake: { id: 0, code: "" },
  sub: { id: 0, code: "" },
  acme: { id: 0, code: "" },
};
let craft: typeof crafts.$inferSelect;
let posture: { id: number; enName: string; specEn: string };
let customer: typeof customers.$inferSelect;

const detail = (token: string | null, orderId: string, language?: string) =>
  call(server.app, token, "GET", "/api/pc/order/orderDetail", { query: { orderId }, language });
const pdf = (token: string | null, orderId: string, language?: string) =>
  call(server.app, token, "GET", "/api/pc/order/orderDetailPdf", { query: { orderId }, language });

beforeAll(async () => {
  server = await startServer();
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
  ids = await memberIds(server.db);
  const { db } = server;
  [craft] = (await db
    .select()
    .from(crafts)
    .where(and(eq(crafts.categoryId, 3000), eq(crafts.code, "LAPEL_PEAK")))) as [typeof crafts.$inferSelect];
  [customer] = (await db.select().from(customers).where(eq(customers.memberId, ids.demo)).limit(1)) as [
    typeof customers.$inferSelect,
  ];
  [posture] = (await db
    .select({ id: bodySpecDetails.id, enName: bodySpecDetails.enName, specEn: bodySpecs.enName })
    .from(bodySpecDetails)
    .innerJoin(bodySpecs, eq(bodySpecs.id, bodySpecDetails.specId))
    .where(eq(bodySpecs.categoryId, 3000))
    .limit(1)) as [typeof posture];
  await db.insert(attachments).values({
    id: "details-test-logo",
    memberId: ids.demo,
    name: "logo-jw.png",
    contentType: "image/png",
    size: 4,
    data: Buffer.from([137, 80, 78, 71]),
  });
  order.demo = await insertOrder(db, ids.demo, {
    status: ORDER_STATUS.cutting,
    custName: customer.custName,
    cusOrderCode: "DETAILS-1",
    unitPriceCents: 123_450,
    sizeCategoryId: 10054,
    remark: "Rush for the wedding",
  });
  const piece = blankPiece(3000, {
    craftCents: 1_500,
    embCents: 800,
    baseCents: 2_300,
    fitId: 10431,
    crafts: [{ craftId: craft.id, content: "", file: null, priceCents: 1_500 }],
    embs: [
      { site: 1551, color: 1513, font: 1501, embSize: null, content: "JW", file: "details-test-logo", priceCents: 800 },
    ],
  });
  // The fields of the stored draft the details read (the rest of a draft plays no part here).
  const draft = {
    sizeAreaId: SIZE_AREA.EU,
    bodyTypeList: [posture.id],
    heightUnit: HEIGHT_UNIT.cm,
    weightUnit: WEIGHT_UNIT.kg,
    detailList: [{ clothCategory: 3000, styleInfoId: null }],
  } as unknown as Draft;
  await db
    .update(orders)
    .set({ details: [piece], draft, customerId: customer.id })
    .where(eq(orders.id, order.demo.id));
  order.remake = await insertOrder(db, ids.demo, { status: ORDER_STATUS.saved });
  await db
    .update(orders)
    .set({ remakeOfId: order.demo.id, remakeReason: "Sleeves too short" })
    .where(eq(orders.id, order.remake.id));
  order.sub = await insertOrder(db, ids.demoSub1, { status: ORDER_STATUS.submitted });
  order.acme = await insertOrder(db, ids.acme, { status: ORDER_STATUS.submitted });
  await db.insert(orderEvents).values([
    {
      orderId: order.demo.id,
      fromStatus: null,
      toStatus: ORDER_STATUS.saved,
      actor: "member",
      actorMemberId: ids.demo,
      at: new Date("2026-11-01T08:00:00Z"),
    },
    {
      orderId: order.demo.id,
      fromStatus: ORDER_STATUS.saved,
      toStatus: ORDER_STATUS.submitted,
      actor: "member",
      actorMemberId: ids.demo,
      at: new Date("2026-11-01T09:30:00Z"),
    },
    {
      orderId: order.demo.id,
      fromStatus: ORDER_STATUS.submitted,
      toStatus: ORDER_STATUS.cutting,
      actor: "production",
      at: new Date("2026-11-02T10:00:00Z"),
    },
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe("getOrderDetail (PROD-019..021, PROD-053)", () => {
  it("PROD-019 PROD-020 PROD-021 PROD-053 every documented field: customer with units, crafts, monogram file, posture", async () => {
    const res = await detail(tokens.demo, String(order.demo.id));
    expect(res.statusCode).toBe(200);
    const body = bodyOf<OrderDetail>(res);
    expect(body.code).toBe(0);
    const [eu] = await server.db.select().from(dictSystem).where(eq(dictSystem.id, SIZE_AREA.EU));
    expect(body.data).toMatchObject({
      orderId: String(order.demo.id),
      orderCode: order.demo.code,
      orderName: "Suit",
      clothZhName: "Suit",
      fabric: expect.any(String),
      pubDate: expect.any(String),
      sizeCategoryName: expect.any(String),
      sizeAreaName: eu!.enName,
      amount: 1,
      price: "1234.50",
      moneyType: "USD",
      statusName: expect.any(String),
      flInfo: [],
      remark: "Rush for the wedding",
      orderType: 7,
      customer: {
        custName: customer.custName,
        cusOrderCode: "DETAILS-1",
        phone: customer.phone,
        email: customer.email,
        heightUnitName: expect.stringMatching(/cm/i),
        weightUnitName: expect.stringMatching(/kg/i),
      },
      orderDetails: [
        {
          clothCategory: 3000,
          styleInfoName: "",
          styleInfoCode: "",
          orderCraftList: [
            {
              craftName: craft.enName,
              parentName: expect.any(String),
              content: "",
              price: "15.00",
              craftUrl: craft.imagePath,
              url: "",
              blEcode: "LAPEL_PEAK",
            },
          ],
          orderEmbList: [
            {
              site: "Inside pocket",
              embContent: "JW",
              embPrice: "8.00",
              embUrl: "/api/pc/attachment/details-test-logo",
              embFileName: "logo-jw.png",
            },
          ],
        },
      ],
      customerSpecial: [{ desName: posture.specEn, specName: posture.enName, imagePath: expect.stringContaining("") }],
      orderGoods: [],
    });
    expect(body.data.customer.genderName).not.toBe("");
  });

  it("the order's labels come with its details", async () => {
    const [label] = await server.db
      .insert(labels)
      .values({ memberId: ids.demo, content: "VIP wedding", color: "#FF5733" })
      .returning({ id: labels.id });
    await server.db.insert(orderLabels).values({ orderId: order.demo.id, labelId: label!.id });
    const body = bodyOf<OrderDetail>(await detail(tokens.demo, String(order.demo.id)));
    expect(body.data.labels).toEqual([{ id: label!.id, content: "VIP wedding", color: "#FF5733" }]);
  });

  it("the timeline: each status with its time and who moved it, oldest first", async () => {
    const body = bodyOf<OrderDetail>(await detail(tokens.demo, String(order.demo.id)));
    expect(body.data.timeline.map((e) => [e.toStatus, e.actor, e.actorName, e.at])).toEqual([
      [ORDER_STATUS.saved, "member", "demo", "2026-11-01T08:00:00.000Z"],
      [ORDER_STATUS.submitted, "member", "demo", "2026-11-01T09:30:00.000Z"],
      [ORDER_STATUS.cutting, "production", "Production", "2026-11-02T10:00:00.000Z"],
    ]);
    expect(body.data.timeline[2]!.toStatusName).toBe(body.data.statusName);
  });

  it("the details carry the very timeline the timeline call answers (one read, one naming), in both languages", async () => {
    for (const language of ["en", "zh-CN"]) {
      const details = bodyOf<OrderDetail>(await detail(tokens.demo, String(order.demo.id), language)).data;
      const timeline = bodyOf<OrderDetail["timeline"]>(
        await call(server.app, tokens.demo, "GET", "/api/pc/order/timeline", {
          query: { orderId: String(order.demo.id) },
          language,
        }),
      ).data;
      expect(timeline).toHaveLength(3);
      expect(details.timeline).toEqual(timeline);
    }
  });

  it("the remake links both ways: the remake names its original and the reason, the original its remake", async () => {
    const remake = bodyOf<OrderDetail>(await detail(tokens.demo, String(order.remake.id))).data;
    expect(remake.remakeOf).toEqual({ orderId: String(order.demo.id), orderCode: order.demo.code });
    expect(remake.remakeReason).toBe("Sleeves too short");
    const original = bodyOf<OrderDetail>(await detail(tokens.demo, String(order.demo.id))).data;
    expect(original.remakeOf).toBeNull();
    expect(original.remadeAs).toEqual([{ orderId: String(order.remake.id), orderCode: order.remake.code }]);
  });

  it("PROD-020 in Chinese the craft, the posture and the customer's units are named in Chinese", async () => {
    const body = bodyOf<OrderDetail>(await detail(tokens.demo, String(order.demo.id), "zh-CN"));
    expect(body.data.orderDetails[0]!.orderCraftList[0]!.craftName).toBe(craft.zhName);
    expect(body.data.timeline[2]!.actorName).toBe("生产");
    expect(body.data.customerSpecial[0]!.specName).toMatch(/[\u4e00-\u9fff]/);
  });

  it("PROD-019 an order for a new customer shows the customer and the remark typed into the order", async () => {
    const made = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.pending, custName: "Typed Person" });
    const draft = {
      customerName: "Typed Person",
      genderId: 10040,
      height: 70,
      heightUnit: HEIGHT_UNIT.inch,
      weight: 150,
      weightUnit: WEIGHT_UNIT.lb,
      phone: "555-0100",
      email: "typed@example.com",
      birthdate: "1990-05-06",
      remark: "Typed remark",
      sizeAreaId: null,
      bodyTypeList: [],
      detailList: [],
    } as unknown as Draft;
    await server.db.update(orders).set({ draft }).where(eq(orders.id, made.id));
    const body = bodyOf<OrderDetail>(await detail(tokens.demo, String(made.id)));
    expect(body.data.remark).toBe("Typed remark");
    expect(body.data.sizeAreaName).toBe("");
    expect(body.data.customer).toMatchObject({
      custName: "Typed Person",
      height: 70,
      heightUnitName: expect.stringMatching(/inch/i),
      weight: 150,
      weightUnitName: expect.stringMatching(/lb/i),
      phone: "555-0100",
      email: "typed@example.com",
      birthdate: "1990-05-06",
      genderName: expect.stringMatching(/\S/),
    });
  });

  it("an order id that is not a number is a 400 naming orderId; an unknown one is not found; never a 500", async () => {
    for (const bad of ["abc", "-1", "1.5", "", "1 OR 1=1"]) {
      expect(expectErrorEnvelope(await detail(tokens.demo, bad), 400).message).toContain("orderId");
      expect(expectErrorEnvelope(await pdf(tokens.demo, bad), 400).message).toContain("orderId");
    }
    expect(bodyOf(await detail(tokens.demo, "2000000000")).code).toBe(1003);
    expect(bodyOf(await detail(tokens.demo, "9999999999")).code).toBe(1003);
    expect(bodyOf(await pdf(tokens.demo, "2000000000")).code).toBe(1003);
  });
});

// Each PDF here is drawn with the embedded CJK font and read back (some rendered to pixels by pdf.js): a few
// seconds of CPU alone, ten times that on a loaded machine, so the block takes four times the usual timeout.
describe("exportOrderPdf (PROD-018, PROD-068..070)", () => {
  it("PROD-018 PROD-068 PROD-070 an A4 PDF named after the order code, with the order, customer and timeline", async () => {
    const res = await pdf(tokens.demo, String(order.demo.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${order.demo.code}.pdf"`);
    const { pages, text } = await pdfText(res.rawPayload);
    // PROD-068: A4 is 595.28 × 841.89 points.
    for (const page of pages) expect(page.view.map((v) => Math.round(v))).toEqual([0, 0, 595, 842]);
    expect(text).toContain(order.demo.code);
    expect(text).toContain(customer.custName);
    expect(text).toContain("DETAILS-1");
    expect(text).toContain(craft.enName);
    // the app's one money format (domain/money.ts): the code, then the grouped amount (the font draws
    // the no-break space with the space's glyph, so the text reads back with a space)
    expect(text).toContain("USD 1,234.50");
    expect(text).toContain("logo-jw.png");
    expect(text).toContain(posture.enName);
    expect(text).toContain("Timeline");
    expect(text).toContain("2026-11-02 10:00 UTC");
    expect(text).toContain("Production");
    expect(text).toContain(order.remake.code);
  });

  it("PROD-069 every line keeps the 20 pt margin", async () => {
    const { pages } = await pdfText((await pdf(tokens.demo, String(order.demo.id))).rawPayload);
    const items = pages.flatMap((page) => page.items).filter((item) => item.str.trim() !== "");
    expect(items.length).toBeGreaterThan(20);
    const left = Math.min(...items.map((item) => item.transform[4] as number));
    expect(left).toBeCloseTo(20, 1);
    for (const item of items) {
      const x = item.transform[4] as number;
      const y = item.transform[5] as number;
      expect(x + item.width).toBeLessThanOrEqual(595.28 - 20 + 0.01);
      expect(y).toBeGreaterThanOrEqual(20);
      expect(y + item.height).toBeLessThanOrEqual(841.89 - 20 + 0.01);
    }
  });

  it("PROD-018 in Chinese the PDF carries the Chinese craft name and headings (the CJK font subset)", async () => {
    const res = await pdf(tokens.demo, String(order.demo.id), "zh-CN");
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain(craft.zhName);
    expect(text).toContain("订单详情");
    expect(text).toContain("订单记录");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${order.demo.code}.pdf"`);
  });

  it("PROD-018 the zh PDF's field labels and headings are the server's zh texts, none left in English", async () => {
    const [en, zh] = await Promise.all(
      ["en", "zh-CN"].map(
        async (language) => (await pdfText((await pdf(tokens.demo, String(order.demo.id), language)).rawPayload)).text,
      ),
    );
    // the labels the order shows: each written once per language in server/i18n.ts
    const fields = [
      "orderCode",
      "orderName",
      "fabric",
      "pubDate",
      "sizeCategory",
      "amount",
      "price",
      "status",
    ] as const;
    const fieldsOfCustomer = ["custName", "cusOrderCode", "gender", "height", "weight", "phone", "email"] as const;
    for (const key of [...fields, ...fieldsOfCustomer]) {
      expect(zh).toContain(`${translate("zh", `pdf.${key}`)}：`);
      expect(en).toContain(`${translate("en", `pdf.${key}`)}: `);
    }
    for (const key of ["title", "customer", "piece", "crafts", "timeline", "remadeAs"] as const) {
      expect(zh).toContain(translate("zh", `pdf.${key}`));
      expect(en).toContain(translate("en", `pdf.${key}`));
    }
    expect(zh).toContain("订单号：");
    expect(zh).toContain("客户");
    for (const english of ["Order number", "Customer", "Measurement method", "Timeline", "Crafts"])
      expect(zh).not.toContain(english);
  });

  it("PDFs made at the same time share the one parsed font and each is whole", async () => {
    const languages = ["en", "zh-CN", "en", "zh-CN", "en", "zh-CN"];
    const answers = await Promise.all(languages.map((language) => pdf(tokens.demo, String(order.demo.id), language)));
    for (const [index, res] of answers.entries()) {
      const { text } = await pdfText(res.rawPayload);
      expect(text).toContain(order.demo.code);
      expect(text).toContain(languages[index] === "en" ? craft.enName : craft.zhName);
    }
  });

  it("every media type the contract names has a body parser: no startup warning, such bodies refused (415)", async () => {
    const types = mediaTypesOf(bundleContract());
    // the list itself, so a type the walker missed is noticed here and not only by the server it serves
    expect(types.sort()).toEqual([
      "application/json",
      "application/pdf",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "image/jpeg",
      "image/png",
      "image/svg+xml",
      "image/webp",
      "multipart/form-data",
      "text/csv",
    ]);
    for (const type of types) expect(server.app.hasContentTypeParser(type), type).toBe(true);
    const res = await server.app.inject({
      method: "POST",
      url: `/api/pc/order/preCommit/${order.demo.id}`,
      headers: { authorization: `Bearer ${tokens.demo}`, "content-type": "application/pdf" },
      payload: "%PDF-1.7",
    });
    expectErrorEnvelope(res, 415);
  });

  it("PROD-018 every glyph of every line is drawn on every page, in English and Chinese (issue 20)", async () => {
    // A long remark in both scripts takes the order onto a second page.
    const long = await insertOrder(server.db, ids.demo, {
      status: ORDER_STATUS.cutting,
      remark: "Rush for the wedding, 婚礼加急；袖长改短 2 cm. ".repeat(120),
    });
    for (const [id, language] of [
      [order.demo.id, "en"],
      [order.demo.id, "zh-CN"],
      [long.id, "en"],
      [long.id, "zh-CN"],
    ] as const) {
      const res = await pdf(tokens.demo, String(id), language);
      expect(res.statusCode).toBe(200);
      const { checks, pngs } = await glyphInk(res.rawPayload);
      if (id === long.id) expect(pngs.length).toBeGreaterThan(1);
      expect(checks.length).toBeGreaterThan(200);
      // Latin letters on every one, CJK ideographs in Chinese and in the remark of the long one.
      expect(checks.some((c) => /[A-Za-z]/.test(c.char))).toBe(true);
      if (language === "zh-CN" || id === long.id) expect(checks.some((c) => /\p{Script=Han}/u.test(c.char))).toBe(true);
      const blank = checks.filter((c) => !c.inked).map((c) => `page ${c.page} "${c.char}" in "${c.line.slice(0, 60)}"`);
      expect(blank, `${language} order ${id}`).toEqual([]);
    }
  });

  it("PROD-018 the order type is printed by its name in the PDF's language, never its id (issue 20)", async () => {
    const [type] = await server.db
      .select()
      .from(dictSystem)
      .where(and(eq(dictSystem.category, 7), eq(dictSystem.id, 7)));
    expect(type).toBeDefined();
    for (const [language, label, name] of [
      ["en", "Order type: ", type!.enName],
      ["zh-CN", "订单类型：", type!.zhName],
    ] as const) {
      const { text } = await pdfText((await pdf(tokens.demo, String(order.demo.id), language)).rawPayload);
      const line = text.split("\n").find((l) => l.startsWith(label));
      expect(line, language).toBe(`${label}${name}`);
    }
  });

  it("PROD-018 measurements wrap between measurements: each name stays whole with its value (issue 20)", async () => {
    const parts = await server.db
      .select()
      .from(measureParts)
      .where(and(eq(measureParts.categoryId, 3000), eq(measureParts.measureType, 10052)));
    expect(parts.length).toBeGreaterThan(8);
    const measured = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.cutting });
    const sizes = parts.map((p) => ({ partId: p.id, partValue: 78.5, modifyValue: 0 }));
    await server.db
      .update(orders)
      .set({ details: [blankPiece(3000, { sizes })] })
      .where(eq(orders.id, measured.id));
    for (const [language, nameOf] of [
      ["en", (p: (typeof parts)[number]) => p.enName],
      ["zh-CN", (p: (typeof parts)[number]) => p.zhName],
    ] as const) {
      const { pages } = await pdfText((await pdf(tokens.demo, String(measured.id), language)).rawPayload);
      const lines = pages.flatMap((page) => page.items.map((item) => item.str));
      // the measurements take more than one line, and every line holds whole "name value" pairs
      const sizeLines = lines.filter((l) => parts.some((p) => l.includes(`${nameOf(p)} 78.5`)));
      expect(sizeLines.length, language).toBeGreaterThan(1);
      for (const part of parts)
        expect(
          lines.some((l) => l.includes(`${nameOf(part)} 78.5`)),
          `${language}: ${nameOf(part)}`,
        ).toBe(true);
    }
  });

  it("a long order flows onto a second A4 page without crossing the margin", async () => {
    const long = await insertOrder(server.db, ids.demo, { status: ORDER_STATUS.saved, remark: "x".repeat(12_000) });
    const { pages } = await pdfText((await pdf(tokens.demo, String(long.id))).rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    for (const item of pages.flatMap((page) => page.items)) expect(item.transform[5]).toBeGreaterThanOrEqual(20);
  });
});

describe("access: every call × {no token, own, another main account, a sub-account}", () => {
  const calls = { orderDetail: detail, orderDetailPdf: pdf };
  for (const [name, request] of Object.entries(calls)) {
    it(`${name}: no token is 401`, async () => {
      expect(expectErrorEnvelope(await request(null, String(order.demo.id)), 401).code).toBe("ATI");
    });

    it(`${name}: the owner reads it`, async () => {
      const res = await request(tokens.demo, String(order.demo.id));
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/"code":1003/);
    });

    it(`${name}: another main account's order is not found, in both directions`, async () => {
      expect(bodyOf(await request(tokens.acme, String(order.demo.id))).code).toBe(1003);
      expect(bodyOf(await request(tokens.demo, String(order.acme.id))).code).toBe(1003);
    });

    it(`${name}: a sub-account cannot read its main account's order; the main account reads the sub's`, async () => {
      const refused = await request(tokens.demoSub1, String(order.demo.id));
      expect(bodyOf(refused).code).toBe(1003);
      expect(refused.body).not.toContain(order.demo.code);
      expect(bodyOf(await request(tokens.acme, String(order.sub.id))).code).toBe(1003);
      expect((await request(tokens.demo, String(order.sub.id))).statusCode).toBe(200);
    });
  }

  it("a remake link to an order the caller may not open is not shown", async () => {
    const foreign = await insertOrder(server.db, ids.demoSub1, { status: ORDER_STATUS.saved });
    await server.db.update(orders).set({ remakeOfId: order.demo.id }).where(eq(orders.id, foreign.id));
    // demo (the main account) sees its sub-account's remake; demo-sub1 cannot open demo's original.
    const main = bodyOf<OrderDetail>(await detail(tokens.demo, String(order.demo.id))).data;
    expect(main.remadeAs.map((o) => o.orderCode)).toContain(foreign.code);
    const sub = bodyOf<OrderDetail>(await detail(tokens.demoSub1, String(foreign.id))).data;
    expect(sub.remakeOf).toBeNull();
    expect(JSON.stringify(sub)).not.toContain(order.demo.code);
  });
});
