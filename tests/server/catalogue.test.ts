import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fabricRow } from "../../server/db/seed.ts";
import { bearer, envelopeOf, expectErrorEnvelope, login, startServer, STACK_LINE, type TestServer } from "./fixture.ts";

/** Catalogue, badges, calculator, refusal of bad input and headers, on a default server (the ledger: ledger.test.ts). */
let server: TestServer;
const tokens: Record<"demo" | "demoSub1" | "acme", string> = { demo: "", demoSub1: "", acme: "" };
beforeAll(async () => {
  server = await startServer();
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
});
afterAll(async () => {
  await server?.close();
});

interface DictEntry {
  id: number;
  name: string;
  zhName: string;
  enName: string;
  pos: number;
  isStop: number;
  category: number;
}

const get = (url: string, opts: { token?: string; query?: Record<string, string>; language?: string } = {}) =>
  server.app.inject({
    method: "GET",
    url,
    query: opts.query,
    headers: {
      ...(opts.token ? bearer(opts.token) : {}),
      ...(opts.language ? { "accept-language": opts.language } : {}),
    },
  });

const calculate = (token: string, payload: unknown, language?: string) =>
  server.app.inject({
    method: "POST",
    url: "/api/pc/membercost/calculatePrice",
    payload: payload as Record<string, unknown>,
    headers: { ...bearer(token), ...(language ? { "accept-language": language } : {}) },
  });

describe("catalogue", () => {
  it("SHELL-125 SHELL-107 GET pc/banner is open to visitors and returns entries with imagePath", async () => {
    const res = await get("/api/pc/banner");
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<Array<{ id: number; imagePath: string }>>(res);
    expect(body.code).toBe(0);
    expect(body.data.map((b) => b.imagePath)).toEqual([
      "/img/banner/banner-1.svg",
      "/img/banner/banner-2.svg",
      "/img/banner/banner-3.svg",
    ]);
  });

  it("SHELL-105 listDictSystem category 7 returns the order types 7, 8, 9, 10 with id, name, zhName, enName, pos, isStop, category (open to visitors)", async () => {
    const res = await get("/api/pc/dictsystem/listDictSystem", { query: { category: "7" } });
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<DictEntry[]>(res);
    expect(body.code).toBe(0);
    expect(body.data.map((d) => d.id)).toEqual([7, 8, 9, 10]);
    for (const entry of body.data) {
      expect(Object.keys(entry).sort()).toEqual(["category", "enName", "id", "isStop", "name", "pos", "zhName"]);
      expect(entry.category).toBe(7);
      expect([0, 1]).toContain(entry.isStop);
      expect(typeof entry.pos).toBe("number");
      expect(entry.name).toBe(entry.enName);
    }
    expect(body.data[0]).toMatchObject({ id: 7, enName: "Simple Order", zhName: "简易订单" });
  });

  it("SHELL-074 SHELL-106 listDictSystem category 9 returns the order statuses with id and name, including 10369 and 10371", async () => {
    const body = envelopeOf<DictEntry[]>(await get("/api/pc/dictsystem/listDictSystem", { query: { category: "9" } }));
    expect(body.code).toBe(0);
    const ids = body.data.map((d) => d.id);
    expect(ids).toContain(10369);
    expect(ids).toContain(10371);
    expect(body.data.every((d) => d.category === 9 && typeof d.name === "string" && d.name.length > 0)).toBe(true);
    expect(body.data.find((d) => d.id === 10369)?.name).toBe("Failed");
    expect(body.data.find((d) => d.id === 10371)?.name).toBe("Pending review");
  });

  it("SHELL-003 API-003 dictionary names follow Accept-Language", async () => {
    const zh = envelopeOf<DictEntry[]>(
      await get("/api/pc/dictsystem/listDictSystem", { query: { category: "9" }, language: "zh-CN" }),
    );
    expect(zh.message).toBe("成功");
    expect(zh.data.find((d) => d.id === 10369)?.name).toBe("失败");
    expect(zh.data.every((d) => d.name === d.zhName)).toBe(true);
    const en = envelopeOf<DictEntry[]>(
      await get("/api/pc/dictsystem/listDictSystem", { query: { category: "9" }, language: "en-US" }),
    );
    expect(en.data.every((d) => d.name === d.enName)).toBe(true);
  });

  it("SHELL-074 listDictSystem with a non-numeric or missing category answers HTTP 400 naming the field", async () => {
    const bad = expectErrorEnvelope(
      await get("/api/pc/dictsystem/listDictSystem", { query: { category: "abc" } }),
      400,
    );
    expect(bad.message).toMatch(/category/);
    const missing = expectErrorEnvelope(await get("/api/pc/dictsystem/listDictSystem"), 400);
    expect(missing.message).toBe("category cannot be empty");
  });

  it("SHELL-074 an unknown dictionary category is an empty list, not an error", async () => {
    const body = envelopeOf<DictEntry[]>(
      await get("/api/pc/dictsystem/listDictSystem", { query: { category: "4242" } }),
    );
    expect(body.code).toBe(0);
    expect(body.data).toEqual([]);
  });

  it("QO-176 QO-197 pc/dict/category: order way 8 offers 5000 and 3800000, order way 7 does not", async () => {
    const simple = envelopeOf<Array<{ id: number; name: string; ecode: string; imagePath: string }>>(
      await get("/api/pc/dict/category", { token: tokens.demo, query: { orderWay: "7" } }),
    );
    const professional = envelopeOf<Array<{ id: number }>>(
      await get("/api/pc/dict/category", { token: tokens.demo, query: { orderWay: "8" } }),
    );
    expect(simple.code).toBe(0);
    expect(professional.code).toBe(0);
    const simpleIds = simple.data.map((c) => c.id);
    const professionalIds = professional.data.map((c) => c.id);
    expect(simpleIds).toContain(3000);
    expect(simpleIds).not.toContain(5000);
    expect(simpleIds).not.toContain(3800000);
    expect(professionalIds).toContain(5000);
    expect(professionalIds).toContain(3800000);
    expect(simple.data[0]).toMatchObject({
      id: 3000,
      name: "Suit",
      ecode: "MSUIT",
      imagePath: "/img/category/3000.svg",
    });
    // Without orderWay the simple order's list is returned.
    const byDefault = envelopeOf<Array<{ id: number }>>(await get("/api/pc/dict/category", { token: tokens.demo }));
    expect(byDefault.data.map((c) => c.id)).toEqual(simpleIds);
  });

  it("QO-197 pc/dict/category with orderWay 9 answers HTTP 400 naming the field; without a token 401 ATI", async () => {
    const bad = expectErrorEnvelope(
      await get("/api/pc/dict/category", { token: tokens.demo, query: { orderWay: "9" } }),
      400,
    );
    expect(bad.message).toMatch(/orderWay/);
    expect(expectErrorEnvelope(await get("/api/pc/dict/category"), 401).code).toBe("ATI");
  });
});

describe("badges", () => {
  const badges = async (token: string) => {
    const res = await get("/api/pc/order/failedAmount", { token });
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<Record<string, number>>(res);
    expect(body.code).toBe(0);
    return body.data;
  };

  it("SHELL-077 SHELL-075 SHELL-076 failedAmount returns counts keyed by status id for the main account's own orders", async () => {
    expect(await badges(tokens.demo)).toEqual({ "10369": 2, "10371": 3 });
  });

  it("SHELL-077 SHELL-075 SHELL-076 each account sees only its own orders (acme, demo-sub1)", async () => {
    expect(await badges(tokens.acme)).toEqual({ "10369": 1, "10371": 0 });
    // demo-sub1's seeded history (issue 11): one failed order, two pending review.
    expect(await badges(tokens.demoSub1)).toEqual({ "10369": 1, "10371": 2 });
  });

  it("SHELL-077 failedAmount requires a token", async () => {
    expect(expectErrorEnvelope(await get("/api/pc/order/failedAmount"), 401).code).toBe("ATI");
  });
});

describe("price calculator", () => {
  // Seed data of category 3000 (suit) for order type 7 and its full lining L01.
  const SUIT_MAKE_7 = 22000;
  const SUIT_FABRIC_CM = 350;
  const SUIT_LINING_L01 = 3500;
  const fabric = fabricRow(0);
  const baseCents = SUIT_MAKE_7 + SUIT_LINING_L01 + Math.round((fabric.pricePerMeterCents * SUIT_FABRIC_CM) / 100);
  const format = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  const suit = { orderType: 7, clothCode: 3000, fabricCode: fabric.fabricCode, liningCode: "L01" };

  it("SHELL-124 currentCmtList/3000/7 returns the lining types L01, L02, L03", async () => {
    const res = await get("/api/pc/membercmt/currentCmtList/3000/7", { token: tokens.demo });
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<Array<{ code: string; name: string }>>(res);
    expect(body.code).toBe(0);
    expect(body.data.map((l) => l.code)).toEqual(["L01", "L02", "L03"]);
    expect(body.data[0]!.name).toBe("Full lining");
    const zh = envelopeOf<Array<{ code: string; name: string }>>(
      await get("/api/pc/membercmt/currentCmtList/3000/7", { token: tokens.demo, language: "zh" }),
    );
    expect(zh.data[0]!.name).toBe("全里");
  });

  it("SHELL-124 currentCmtList with an order type other than 7 or 8 answers HTTP 400", async () => {
    const res = await get("/api/pc/membercmt/currentCmtList/3000/9", { token: tokens.demo });
    expect(expectErrorEnvelope(res, 400).message).toMatch(/orderType/);
  });

  it("QO-111 fabricPrice: the suit's make price and the fabric for it (price per metre × usage), as the account pays them", async () => {
    const fabricCents = Math.round((fabric.pricePerMeterCents * SUIT_FABRIC_CM) / 100);
    const demo = envelopeOf<Record<string, string>>(
      await get("/api/pc/membercost/fabricPrice", {
        token: tokens.demo,
        query: { category: "3000", fabric: fabric.fabricCode.toLowerCase() },
      }),
    );
    expect(demo.code).toBe(0);
    expect(demo.data).toEqual({
      makePrice: format(SUIT_MAKE_7),
      fabricPrice: format(fabricCents),
      price: format(SUIT_MAKE_7 + fabricCents),
      moneyType: "USD",
    });
    // acme pays 110 %, in CNY, each amount rounded to the cent
    const acme = envelopeOf<Record<string, string>>(
      await get("/api/pc/membercost/fabricPrice", {
        token: tokens.acme,
        query: { category: "3000", fabric: fabric.fabricCode },
      }),
    );
    expect(acme.data).toMatchObject({ makePrice: format(Math.round((SUIT_MAKE_7 * 110) / 100)), moneyType: "CNY" });
    // the customer's own fabric, or none yet, costs nothing
    for (const query of [
      { category: "3000", fabricType: "cus", fabric: "Customer's grey flannel" },
      { category: "3000" },
    ] as Array<Record<string, string>>) {
      const body = envelopeOf<Record<string, string>>(
        await get("/api/pc/membercost/fabricPrice", { token: tokens.demo, query }),
      );
      expect(body.data).toEqual({
        makePrice: format(SUIT_MAKE_7),
        fabricPrice: "0.00",
        price: format(SUIT_MAKE_7),
        moneyType: "USD",
      });
    }
  });

  it("QO-111 fabricPrice refuses an unknown fabric, an unknown category and bad input with a message, never a 500", async () => {
    const unknown = envelopeOf(
      await get("/api/pc/membercost/fabricPrice", {
        token: tokens.demo,
        query: { category: "3000", fabric: "NOPE-1" },
      }),
    );
    expect(unknown).toMatchObject({ code: 1003, message: "Fabric NOPE-1 does not exist" });
    const zh = envelopeOf(
      await get("/api/pc/membercost/fabricPrice", {
        token: tokens.demo,
        query: { category: "3000", fabric: "NOPE-1" },
        language: "zh",
      }),
    );
    expect(zh.message).toBe("面料 NOPE-1 不存在");
    expect(
      envelopeOf(await get("/api/pc/membercost/fabricPrice", { token: tokens.demo, query: { category: "4242" } })).code,
    ).toBe(1002);
    expect(
      expectErrorEnvelope(
        await get("/api/pc/membercost/fabricPrice", { token: tokens.demo, query: { category: "x" } }),
        400,
      ).message,
    ).toMatch(/category/);
    expect(
      expectErrorEnvelope(await get("/api/pc/membercost/fabricPrice", { query: { category: "3000" } }), 401).code,
    ).toBe("ATI");
  });

  it("SHELL-123 calculatePrice for demo: make price + lining + fabric, times 100 %, in USD", async () => {
    const res = await calculate(tokens.demo, suit);
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<{ price: string; moneyType: string }>(res);
    expect(body.code).toBe(0);
    expect(body.data).toEqual({ price: format(baseCents), moneyType: "USD" });
    expect(body.data.price).toMatch(/^\d+\.\d{2}$/);
  });

  it("SHELL-123 calculatePrice for acme applies its 110 % price factor, in CNY", async () => {
    const body = envelopeOf<{ price: string; moneyType: string }>(await calculate(tokens.acme, suit));
    expect(body.code).toBe(0);
    expect(body.data).toEqual({ price: format(Math.round((baseCents * 110) / 100)), moneyType: "CNY" });
  });

  it("SHELL-123 a sub-account is priced with its own account's factor and currency", async () => {
    const body = envelopeOf<{ price: string; moneyType: string }>(await calculate(tokens.demoSub1, suit));
    expect(body.data).toEqual({ price: format(baseCents), moneyType: "USD" });
  });

  it("SHELL-123 a lowercase or padded fabric code is priced like the upper-case one", async () => {
    const lower = envelopeOf<{ price: string }>(
      await calculate(tokens.demo, { ...suit, fabricCode: fabric.fabricCode.toLowerCase() }),
    );
    expect(lower.code).toBe(0);
    expect(lower.data.price).toBe(format(baseCents));
    const padded = envelopeOf<{ price: string }>(
      await calculate(tokens.demo, { ...suit, fabricCode: ` ${fabric.fabricCode} ` }),
    );
    expect(padded.data.price).toBe(format(baseCents));
  });

  it("SHELL-123 another fabric and lining change the price as the seed data says", async () => {
    const other = fabricRow(123);
    const body = envelopeOf<{ price: string }>(
      await calculate(tokens.demo, { ...suit, fabricCode: other.fabricCode, liningCode: "L02" }),
    );
    expect(body.code).toBe(0);
    expect(body.data.price).toBe(
      format(SUIT_MAKE_7 + 2500 + Math.round((other.pricePerMeterCents * SUIT_FABRIC_CM) / 100)),
    );
  });

  it("SHELL-123 an unknown fabric answers HTTP 200 with a non-zero code and a message naming the code", async () => {
    const res = await calculate(tokens.demo, { ...suit, fabricCode: "ZZ9999" });
    expect(res.statusCode).toBe(200);
    const body = envelopeOf(res);
    expect(body.code).not.toBe(0);
    expect(body.message).toBe("Fabric ZZ9999 does not exist");
    expect(body.data).toBeNull();
    const zh = envelopeOf(await calculate(tokens.demo, { ...suit, fabricCode: "ZZ9999" }, "zh"));
    expect(zh.message).toBe("面料 ZZ9999 不存在");
  });

  it("SHELL-123 a lining not offered for the category answers a clear message", async () => {
    const res = await calculate(tokens.demo, { ...suit, clothCode: 1000 });
    expect(res.statusCode).toBe(200);
    const body = envelopeOf(res);
    expect(body.code).not.toBe(0);
    expect(body.message).toBe("This lining type is not offered for this category");
  });

  it("SHELL-123 category 5000 is not offered for order type 7: a clear message", async () => {
    const res = await calculate(tokens.demo, { ...suit, clothCode: 5000, liningCode: "A01" });
    expect(res.statusCode).toBe(200);
    const body = envelopeOf(res);
    expect(body.code).not.toBe(0);
    expect(body.message).toBe("This category is not offered for this order type");
    // ...but it is offered for order type 8.
    const ok = envelopeOf(await calculate(tokens.demo, { ...suit, orderType: 8, clothCode: 5000, liningCode: "A01" }));
    expect(ok.code).toBe(0);
  });

  it("SHELL-123 a missing field answers HTTP 400 naming the field", async () => {
    for (const field of ["orderType", "clothCode", "fabricCode", "liningCode"] as const) {
      const { [field]: _omitted, ...rest } = suit;
      const body = expectErrorEnvelope(await calculate(tokens.demo, rest), 400);
      expect(body.message).toBe(`${field} cannot be empty`);
    }
    const empty = expectErrorEnvelope(await calculate(tokens.demo, { ...suit, fabricCode: "" }), 400);
    expect(empty.message).toBe("fabricCode cannot be empty");
  });

  it("SHELL-123 an extra field answers HTTP 400 naming it", async () => {
    const body = expectErrorEnvelope(await calculate(tokens.demo, { ...suit, discount: 50 }), 400);
    expect(body.message).toBe("Unknown field discount");
  });

  it("SHELL-123 a field of the wrong type answers HTTP 400 naming it", async () => {
    const body = expectErrorEnvelope(await calculate(tokens.demo, { ...suit, clothCode: "suit" }), 400);
    expect(body.message).toMatch(/^clothCode is invalid/);
    const type = expectErrorEnvelope(await calculate(tokens.demo, { ...suit, orderType: 9 }), 400);
    expect(type.message).toMatch(/^orderType is invalid/);
  });

  it("SHELL-123 calculatePrice requires a token", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/pc/membercost/calculatePrice", payload: suit });
    expect(expectErrorEnvelope(res, 401).code).toBe("ATI");
  });
});

describe("bad input never yields a 500 or a stack trace", () => {
  it("API-005 an unknown /api route answers a 404 envelope naming the route", async () => {
    const res = await get("/api/no/such/thing", { query: { x: "1" } });
    const body = expectErrorEnvelope(res, 404);
    expect(body.message).toBe("No such API: GET /api/no/such/thing");
    const post = expectErrorEnvelope(await server.app.inject({ method: "POST", url: "/api/pc/banner" }), 404);
    expect(post.code).toBe(404);
    const zh = expectErrorEnvelope(await get("/api/nothing", { language: "zh" }), 404);
    expect(zh.message).toBe("接口不存在：GET /api/nothing");
  });

  it("with no static app built, other paths answer a 404 envelope too", async () => {
    expectErrorEnvelope(await get("/some/page"), 404);
  });

  it("API-005 a malformed JSON body answers a 400 envelope", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/refreshToken",
      headers: { "content-type": "application/json" },
      payload: '{"refreshToken": ',
    });
    const body = expectErrorEnvelope(res, 400);
    expect(body.message).toBe("The request body is invalid");
    const authed = await server.app.inject({
      method: "POST",
      url: "/api/pc/membercost/calculatePrice",
      headers: { ...bearer(tokens.demo), "content-type": "application/json" },
      payload: "{orderType: 7}",
    });
    expectErrorEnvelope(authed, 400);
  });

  it("API-005 a body of the wrong content type answers a 4xx envelope", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/refreshToken",
      headers: { "content-type": "text/plain" },
      payload: "refreshToken=abc",
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectErrorEnvelope(res, res.statusCode);
    const xml = await server.app.inject({
      method: "POST",
      url: "/api/pc/membercost/calculatePrice",
      headers: { ...bearer(tokens.demo), "content-type": "application/xml" },
      payload: "<price/>",
    });
    expect(xml.statusCode).toBeGreaterThanOrEqual(400);
    expect(xml.statusCode).toBeLessThan(500);
    expectErrorEnvelope(xml, xml.statusCode);
  });

  it("API-005 a POST without a body answers a 400 envelope, not a 500", async () => {
    const refresh = await server.app.inject({ method: "POST", url: "/api/refreshToken" });
    expectErrorEnvelope(refresh, 400);
    const price = await server.app.inject({
      method: "POST",
      url: "/api/pc/membercost/calculatePrice",
      headers: bearer(tokens.demo),
    });
    expectErrorEnvelope(price, 400);
  });

  it("API-005 a text/plain body is checked like JSON: refused with 400, never priced", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/pc/membercost/calculatePrice",
      headers: { ...bearer(tokens.demo), "content-type": "text/plain" },
      payload: "orderType=7",
    });
    expectErrorEnvelope(res, 400);
  });

  it("API-005 a JSON body that is not an object answers a 400 envelope", async () => {
    for (const payload of ["[]", "null", '"text"', "42"]) {
      const res = await server.app.inject({
        method: "POST",
        url: "/api/refreshToken",
        headers: { "content-type": "application/json" },
        payload,
      });
      expectErrorEnvelope(res, 400);
    }
  });

  it("API-005 a body over 1 MB answers a 413 envelope", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/refreshToken",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ refreshToken: "x".repeat(1024 * 1024 + 10) }),
    });
    const body = expectErrorEnvelope(res, 413);
    expect(body.message).toBe("The request is too large");
  });

  it("over-long parameters are refused with 400, not passed to the database", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/memberLogin",
      query: { username: "u".repeat(65), password: "p" },
    });
    expect(expectErrorEnvelope(res, 400).message).toMatch(/username/);
    const big = await get("/api/pc/dictsystem/listDictSystem", { query: { category: "99999999999999999999" } });
    expectErrorEnvelope(big, 400);
  });

  it("the stack-line pattern itself recognises a stack frame", () => {
    expect("Error: boom\n    at handler (/work/main/server/app.ts:12:3)").toMatch(STACK_LINE);
    expect("No such API: GET /api/at").not.toMatch(STACK_LINE);
  });
});

describe("security headers", () => {
  const directives = (csp: string) =>
    new Map(
      csp
        .split(";")
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => {
          const [name, ...values] = d.split(/\s+/);
          return [name!.toLowerCase(), values] as const;
        }),
    );

  const expectSecurityHeaders = (headers: Record<string, unknown>) => {
    const header = headers["content-security-policy"];
    const csp = typeof header === "string" ? header : "";
    expect(csp).not.toBe("");
    const parsed = directives(csp);
    const scriptSrc = parsed.get("script-src") ?? parsed.get("default-src");
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(parsed.get("frame-ancestors")).toEqual(["'none'"]);
    expect(headers["x-content-type-options"]).toBe("nosniff");
  };

  it("an API response carries a strict Content-Security-Policy and X-Content-Type-Options nosniff", async () => {
    const res = await get("/api/pc/banner");
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
  });

  it("a 404 and a 401 carry the same security headers", async () => {
    const missing = await get("/api/nowhere");
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers);
    const unauthorised = await get("/api/pc/order/failedAmount");
    expect(unauthorised.statusCode).toBe(401);
    expectSecurityHeaders(unauthorised.headers);
  });
});
