import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses } from "../../server/db/schema.ts";
import { bearer, envelopeOf, expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { memberIds, type MemberIds } from "./members.ts";

/**
 * Issue 23, delivery addresses (ADDR-007..032) through the real server: the calls, the rules, the
 * dictionaries, one default per account under concurrent calls, every call × {no token, own, another main
 * account, a sub-account}, and bad input (a message, nothing changed, never a 500).
 */
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", demoSub2: "", acme: "" };
type Who = keyof typeof tokens;

interface Address {
  id: number;
  express: number;
  expressType: number;
  expressName: string;
  expressTypeName: string;
  expressUrl: string;
  company: string;
  contact: string;
  phone: string;
  email: string;
  countryCode: string;
  countryName: string;
  provinceCode: string;
  provinceName: string;
  city: string;
  address: string;
  zipcode: string;
  payType: number;
  payTypeName: string;
  taxType: number;
  taxTypeName: string;
  isDefault: 0 | 1;
  remark: string;
  [field: string]: unknown;
}
interface DictEntry {
  id: number;
  code: string;
  name: string;
  enName: string;
  zhName: string;
  parentId: number | null;
  category: number;
}
interface Express {
  id: number;
  code: string;
  name: string;
  expressUrl: string;
  countryCodes: string[];
  category: number;
}

beforeAll(async () => {
  server = await startServer();
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub2 = (await login(server.app, "demo-sub2", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
  ids = await memberIds(server.db);
});
afterAll(async () => {
  await server?.close();
});

function call(
  who: Who | null,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  opts: { query?: Record<string, string | number>; payload?: unknown; language?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(who ? bearer(tokens[who]) : {}) };
  if (opts.language) headers["accept-language"] = opts.language;
  const query = opts.query ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) : undefined;
  const request: InjectOptions = { method, url: `/api/${url}`, query, headers };
  if (opts.payload !== undefined) request.payload = opts.payload as InjectOptions["payload"];
  return server.app.inject(request);
}
async function data<T>(res: LightMyRequestResponse): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  const body = envelopeOf<T>(res);
  expect(body.code, body.message).toBe(0);
  return body.data;
}
const dict = (category: number, parentId?: number, language?: string) =>
  call("demo", "GET", "pc/dictbasic/list", {
    query: parentId === undefined ? { category } : { category, parentId },
    language,
  }).then((res) => data<DictEntry[]>(res));
const expressList = (language?: string) =>
  call("demo", "GET", "pc/expressdict/list", { language }).then((res) => data<Express[]>(res));
const list = (who: Who, query: Record<string, number> = {}) =>
  call(who, "GET", "pc/address", { query }).then((res) => data<Address[]>(res));
const rowsOf = (memberId: number) => server.db.select().from(addresses).where(eq(addresses.memberId, memberId));

/** A valid address in France (a country without states): the form's fields as the client sends them. */
async function frenchAddress(overrides: Record<string, unknown> = {}) {
  const [payment] = await dict(2);
  const [type] = await dict(3);
  const colissimo = (await expressList()).find((e) => e.code === "COLISSIMO")!;
  return {
    express: colissimo.id,
    expressType: type!.id,
    company: "Maison Dupont",
    contact: "Claire Dupont",
    phone: "+33 1 42 68 53 00",
    email: "claire@dupont.example",
    countryCode: "FR",
    provinceCode: "",
    provinceName: "Île-de-France",
    city: "Paris",
    address: "24 Rue du Faubourg Saint-Honoré",
    zipcode: "75008",
    payType: payment!.id,
    taxType: payment!.id,
    isOrigianl: 0,
    insuranceService: 1,
    dtpService: 0,
    emailMessage: 1,
    remark: "Ring twice",
    ...overrides,
  };
}
async function create(who: Who, overrides: Record<string, unknown> = {}) {
  return data<Address>(await call(who, "POST", "pc/address", { payload: await frenchAddress(overrides) }));
}

describe("dictionaries (ADDR-029..032)", () => {
  it("ADDR-030 ADDR-031 pc/dictbasic/list answers 2 payment, 3 type, 4 country, 5 state by country, 6 city by state", async () => {
    expect((await dict(2)).map((e) => e.code)).toEqual(["SENDER", "RECEIVER", "THIRD_PARTY"]);
    expect((await dict(3)).map((e) => e.code)).toEqual(["EXPRESS", "ECONOMY", "FREIGHT"]);
    const countries = await dict(4, 0);
    for (const code of ["CN", "US", "GB", "DE", "IT", "JP", "AU", "FR", "SG"])
      expect(countries.map((c) => c.code)).toContain(code);
    expect(countries.every((c) => c.category === 4 && c.parentId === null)).toBe(true);
    const de = countries.find((c) => c.code === "DE")!;
    const states = await dict(5, de.id, "zh");
    expect(states.map((s) => s.name)).toContain("巴伐利亚州");
    expect(states.every((s) => s.parentId === de.id && s.category === 5)).toBe(true);
    const bavaria = states.find((s) => s.code === "DE-BY")!;
    expect((await dict(6, bavaria.id)).map((c) => c.name)).toEqual(["Munich", "Nuremberg"]);
    // English and Chinese names for every entry
    for (const entry of [...countries, ...states]) expect(entry.enName && entry.zhName).toBeTruthy();
  });

  it("ADDR-021 a country without states, and a state without cities, answer an empty list (the form asks for text)", async () => {
    const countries = await dict(4, 0);
    for (const code of ["FR", "NL", "SG", "CH"])
      expect(await dict(5, countries.find((c) => c.code === code)!.id)).toEqual([]);
    const au = countries.find((c) => c.code === "AU")!;
    const tasmania = (await dict(5, au.id)).find((s) => s.code === "AU-TAS")!;
    expect(await dict(6, tasmania.id)).toEqual([]);
  });

  it("ADDR-030 dictbasic/list refuses an unknown parent or category (1003) and malformed input (400)", async () => {
    const unknown = await call("demo", "GET", "pc/dictbasic/list", { query: { category: 5, parentId: 99 } });
    expect(expectErrorEnvelope(unknown, 200).code).toBe(1003);
    expect(
      expectErrorEnvelope(await call("demo", "GET", "pc/dictbasic/list", { query: { category: 77 } }), 200).code,
    ).toBe(1003);
    expectErrorEnvelope(await call("demo", "GET", "pc/dictbasic/list", { query: { category: "x" } }), 400);
  });

  it("ADDR-029 ADDR-032 pc/expressdict/list answers the express companies of category 92 with their tracking pages", async () => {
    const companies = await expressList("zh");
    expect(companies.length).toBeGreaterThanOrEqual(15);
    expect(companies.every((c) => c.category === 92 && c.expressUrl.startsWith("https://"))).toBe(true);
    expect(companies.every((c) => c.expressUrl.includes("{waybill}"))).toBe(true);
    expect(companies.find((c) => c.code === "SF")!.name).toBe("顺丰速运");
    // every seeded country has express companies of its own
    for (const country of await dict(4, 0))
      expect(
        companies.filter((c) => c.countryCodes.includes(country.code)).length,
        country.code,
      ).toBeGreaterThanOrEqual(1);
  });
});

describe("addresses (ADDR-007, ADDR-023..028)", () => {
  it("ADDR-007 ADDR-023 ADDR-024 ADDR-027 an address is created, listed and read with every documented field and its names", async () => {
    const created = await create("acme");
    for (const field of [
      "id",
      "express",
      "expressType",
      "expressName",
      "expressTypeName",
      "company",
      "contact",
      "phone",
      "email",
      "countryCode",
      "countryName",
      "provinceCode",
      "provinceName",
      "city",
      "address",
      "zipcode",
      "payType",
      "payAccount",
      "payZipcode",
      "taxType",
      "taxAccount",
      "taxZipcode",
      "isOrigianl",
      "insuranceService",
      "dtpService",
      "isDefault",
      "emailMessage",
      "remark",
    ])
      expect(created, field).toHaveProperty(field);
    expect(created).toMatchObject({
      countryCode: "FR",
      countryName: "France",
      provinceCode: "",
      provinceName: "Île-de-France",
      expressName: "La Poste Colissimo",
      payTypeName: "Sender pays",
      isDefault: 0, // acme already has its seeded default
    });
    const one = await data<Address>(await call("acme", "GET", "pc/address/selectOne", { query: { id: created.id } }));
    expect(one).toEqual(created);
    const zh = await data<Address>(
      await call("acme", "GET", "pc/address/selectOne", { query: { id: created.id }, language: "zh" }),
    );
    expect([zh.countryName, zh.expressName, zh.payTypeName]).toEqual(["法国", "法国邮政 Colissimo", "寄件方付"]);
    expect((await list("acme")).map((a) => a.id)).toContain(created.id);
    expect((await list("acme", { isDefault: 1 })).every((a) => a.isDefault === 1)).toBe(true);
    expect((await list("acme", { isDefault: 0 })).map((a) => a.id)).toContain(created.id);
  });

  it("ADDR-025 PUT updates every field of the address; ADDR-021 a dictionary state and city are checked against the dictionary", async () => {
    const created = await create("acme");
    const us = (await dict(4, 0)).find((c) => c.code === "US")!;
    const texas = (await dict(5, us.id)).find((s) => s.code === "US-TX")!;
    const ups = (await expressList()).find((e) => e.code === "UPS")!;
    const body = await frenchAddress({
      id: created.id,
      express: ups.id,
      countryCode: "US",
      provinceCode: texas.code,
      provinceName: "",
      city: "休斯敦",
      zipcode: "77002",
      contact: "Sam Houston",
    });
    const updated = await data<Address>(await call("acme", "PUT", "pc/address", { payload: body }));
    expect(updated).toMatchObject({
      id: created.id,
      countryName: "United States",
      provinceCode: "US-TX",
      provinceName: "Texas",
      city: "Houston", // a dictionary city is stored by its name
      contact: "Sam Houston",
      expressName: "UPS",
    });
    // a city that is not one of the state's cities, a state of another country: refused, nothing changed
    for (const [overrides, pattern] of [
      [{ city: "Springfield" }, /City Springfield is not a city of this state/],
      [{ provinceCode: "GB-ENG" }, /State GB-ENG is not a state of this country/],
    ] as const) {
      const res = await call("acme", "PUT", "pc/address", { payload: { ...body, ...overrides } });
      expect(expectErrorEnvelope(res, 200).message).toMatch(pattern);
    }
    expect(
      await data<Address>(await call("acme", "GET", "pc/address/selectOne", { query: { id: created.id } })),
    ).toEqual(updated);
  });

  it("ADDR-026 DELETE removes the address; the default passes to the newest remaining address", async () => {
    const before = await list("demoSub2");
    const first = await create("demoSub2");
    await data(await call("demoSub2", "POST", "pc/address/setDefault", { payload: { id: first.id } }));
    const second = await create("demoSub2");
    const deleted = await data<{ id: number; defaultId: number | null }>(
      await call("demoSub2", "DELETE", "pc/address", { query: { id: first.id } }),
    );
    expect(deleted).toEqual({ id: first.id, defaultId: second.id });
    expect((await list("demoSub2")).map((a) => [a.id, a.isDefault])).toEqual([
      [second.id, 1],
      ...before.map((a) => [a.id, 0]),
    ]);
    const again = await call("demoSub2", "DELETE", "pc/address", { query: { id: first.id } });
    expect(expectErrorEnvelope(again, 200).code).toBe(1003);
    await data(await call("demoSub2", "DELETE", "pc/address", { query: { id: second.id } }));
    await data(await call("demoSub2", "POST", "pc/address/setDefault", { payload: { id: before[0]!.id } }));
  });

  it("ADDR-008 ADDR-028 set-default moves isDefault 0 -> 1 on the address and 1 -> 0 on the old default", async () => {
    const [oldDefault] = await list("demo", { isDefault: 1 });
    const other = (await list("demo", { isDefault: 0 }))[0]!;
    const res = await call("demo", "POST", "pc/address/setDefault", { payload: { id: other.id } });
    expect(envelopeOf(res).message).toBe("Default address set");
    expect((await data<Address>(res)).isDefault).toBe(1);
    const after = await list("demo");
    expect(after[0]).toMatchObject({ id: other.id, isDefault: 1 });
    expect(after.find((a) => a.id === oldDefault!.id)!.isDefault).toBe(0);
    // idempotent: the default stays the default
    await data(await call("demo", "POST", "pc/address/setDefault", { payload: { id: other.id } }));
    expect((await list("demo", { isDefault: 1 })).map((a) => a.id)).toEqual([other.id]);
    await data(await call("demo", "POST", "pc/address/setDefault", { payload: { id: oldDefault!.id } }));
  });

  it("ADDR-008 one default per account under 20 concurrent set-default calls (the partial unique index and a transaction)", async () => {
    const made: Address[] = [];
    for (let i = 0; i < 5; i++) made.push(await create("acme", { contact: `Concurrent ${i}` }));
    const targets = Array.from({ length: 20 }, (_, i) => made[i % made.length]!.id);
    const answers = await Promise.all(
      targets.map((id) => call("acme", "POST", "pc/address/setDefault", { payload: { id } })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf(ids.acme);
    expect(rows.filter((r) => r.isDefault === 1)).toHaveLength(1);
    // the database itself refuses a second default
    const second = rows.find((r) => r.isDefault === 0)!;
    await expect(
      server.db.update(addresses).set({ isDefault: 1 }).where(eq(addresses.id, second.id)),
    ).rejects.toThrow();
    // 20 concurrent creations with isDefault 1: still one
    await Promise.all(Array.from({ length: 20 }, () => frenchAddress({ isDefault: 1 }))).then((bodies) =>
      Promise.all(bodies.map((payload) => call("acme", "POST", "pc/address", { payload }))),
    );
    expect((await rowsOf(ids.acme)).filter((r) => r.isDefault === 1)).toHaveLength(1);
  });

  it("ADDR-024 the first address of an account is its default", async () => {
    await server.db.delete(addresses).where(eq(addresses.memberId, ids.demoSub1));
    const token = (await login(server.app, "demo-sub1", "demo1234")).token;
    const res = await server.app.inject({
      method: "POST",
      url: "/api/pc/address",
      headers: bearer(token),
      payload: await frenchAddress(),
    });
    expect((await data<Address>(res)).isDefault).toBe(1);
  });
});

describe("rules (ADDR-009..022) and bad input", () => {
  const required = [
    ["ADDR-009", "express", null, "Please choose the express company"],
    ["ADDR-010", "expressType", null, "Please choose the express type"],
    ["ADDR-011", "contact", "  ", "Please enter the contact"],
    ["ADDR-012", "phone", "", "Please enter the phone number"],
    ["ADDR-013", "countryCode", "", "Please choose the country"],
    ["ADDR-014", "provinceName", "", "Please enter the state"],
    ["ADDR-015", "city", "", "Please enter the city"],
    ["ADDR-016", "address", "", "Please enter address 1"],
    ["ADDR-017", "zipcode", "", "Please enter the zip code"],
    ["ADDR-018", "payType", null, "Please choose the payment method"],
    ["ADDR-019", "taxType", null, "Please choose the tariff payment method"],
  ] as const;
  for (const [id, field, value, message] of required)
    it(`${id} ADDR-022 ${field} is required: the field's message, nothing stored`, async () => {
      const before = (await rowsOf(ids.acme)).length;
      const res = await call("acme", "POST", "pc/address", { payload: await frenchAddress({ [field]: value }) });
      expect(expectErrorEnvelope(res, 400).message).toBe(message);
      expect((await rowsOf(ids.acme)).length).toBe(before);
    });

  it("ADDR-014 in a country with states the state is the dictionary's (provinceCode)", async () => {
    const res = await call("acme", "POST", "pc/address", {
      payload: await frenchAddress({ countryCode: "DE", provinceCode: "", provinceName: "Bavaria" }),
    });
    expect(expectErrorEnvelope(res, 400).message).toBe("Please enter the state");
  });

  it("ADDR-020 e-mail, accounts and remarks are optional; an e-mail given must look like one", async () => {
    const made = await create("acme", {
      email: "",
      payAccount: "",
      payZipcode: "",
      taxAccount: "",
      taxZipcode: "",
      remark: "",
      company: "",
    });
    expect(made.email).toBe("");
    const res = await call("acme", "POST", "pc/address", { payload: await frenchAddress({ email: "not-mail" }) });
    expect(expectErrorEnvelope(res, 400).message).toBe("The e-mail address is in an incorrect format");
    const zh = await call("acme", "POST", "pc/address", {
      payload: await frenchAddress({ contact: "" }),
      language: "zh",
    });
    expect(expectErrorEnvelope(zh, 400).message).toBe("请输入联系人");
  });

  it("ADDR-017 a zip of 1,000 characters: its message, nothing stored, nothing changed on update", async () => {
    const before = await rowsOf(ids.acme);
    const zip = "9".repeat(1000);
    const res = await call("acme", "POST", "pc/address", { payload: await frenchAddress({ zipcode: zip }) });
    expect(expectErrorEnvelope(res, 400).message).toBe("Zip code has at most 20 characters");
    const target = before[0]!;
    const put = await call("acme", "PUT", "pc/address", {
      payload: await frenchAddress({ id: target.id, zipcode: zip }),
      language: "zh",
    });
    expect(expectErrorEnvelope(put, 400).message).toBe("邮编最多 20 个字符");
    expect(await rowsOf(ids.acme)).toEqual(before);
    // beyond the contract's bound: the request is refused naming the field, never a 500
    const huge = await call("acme", "POST", "pc/address", {
      payload: await frenchAddress({ zipcode: "9".repeat(5000) }),
    });
    expect(expectErrorEnvelope(huge, 400).message).toMatch(/zipcode/);
  });

  it("ADDR-007 HTML in every text field is stored and answered as text", async () => {
    const html = '<img src=x onerror="alert(1)"><b>x</b>';
    const texts = ["company", "contact", "address", "remark", "payAccount", "taxAccount", "provinceName", "city"];
    const made = await create("acme", {
      ...Object.fromEntries(texts.map((f) => [f, `${html}`.slice(0, 40)])),
      phone: "+44 20 7946 0000",
      email: "a<b>@x.example",
      zipcode: "<i>7</i>",
      payZipcode: "<u>1</u>",
      taxZipcode: "<s>2</s>",
    });
    for (const field of texts) expect(made[field], field).toBe(html.slice(0, 40));
    expect([made.email, made.zipcode]).toEqual(["a<b>@x.example", "<i>7</i>"]);
  });

  it("ADDR-013 ADDR-009 an unknown country, express or type, or a carrier that does not deliver there: a message, never a 500", async () => {
    const usps = (await expressList()).find((e) => e.code === "USPS")!;
    for (const [overrides, pattern] of [
      [{ countryCode: "ZZ" }, /Country ZZ is not offered/],
      [{ express: 99999 }, /Express company 99999 does not exist/],
      [{ express: usps.id }, /USPS does not deliver to France/],
      [{ expressType: 40001 }, /Express type 40001 does not exist/],
      [{ payType: 40004 }, /Payment method 40004 does not exist/],
    ] as const) {
      const res = await call("acme", "POST", "pc/address", { payload: await frenchAddress(overrides) });
      expect(expectErrorEnvelope(res, 200).message).toMatch(pattern);
    }
    for (const payload of [{ express: "DHL" }, { isDefault: 2 }, { unknown: 1 }, { isOrigianl: "yes" }]) {
      const res = await call("acme", "POST", "pc/address", { payload: await frenchAddress(payload) });
      expectErrorEnvelope(res, 400);
    }
    expectErrorEnvelope(await call("acme", "POST", "pc/address", { payload: "not json" }), 415);
    expectErrorEnvelope(await call("acme", "PUT", "pc/address", { payload: await frenchAddress() }), 400);
    expectErrorEnvelope(await call("acme", "DELETE", "pc/address", { query: { id: "abc" } }), 400);
    expectErrorEnvelope(await call("acme", "GET", "pc/address/selectOne", {}), 400);
  });
});

describe("access (every call × no token, own, another main account, sub-account)", () => {
  it("ADDR-023..028 every call needs the token (401 ATI)", async () => {
    const body = await frenchAddress();
    for (const [method, url, opts] of [
      ["GET", "pc/address", {}],
      ["POST", "pc/address", { payload: body }],
      ["PUT", "pc/address", { payload: { ...body, id: 1 } }],
      ["DELETE", "pc/address", { query: { id: 1 } }],
      ["GET", "pc/address/selectOne", { query: { id: 1 } }],
      ["POST", "pc/address/setDefault", { payload: { id: 1 } }],
      ["GET", "pc/expressdict/list", {}],
      ["GET", "pc/dictbasic/list", { query: { category: 4 } }],
    ] as const) {
      const res = await call(null, method, url, opts);
      expect(expectErrorEnvelope(res, 401).code, `${method} ${url}`).toBe("ATI");
    }
  });

  it("ADDR-023..028 another main account's and a sub-account's addresses: not found, nothing changed, 0 leaks", async () => {
    const demoAddress = (await list("demo"))[0]!;
    const subAddress = (await list("demoSub2"))[0]!;
    const acmeAddress = (await list("acme"))[0]!;
    const snapshot = async () => server.db.select().from(addresses).orderBy(addresses.id);
    const before = await snapshot();
    // who asks × whose address: every pair of different accounts (main ↔ its sub-account, main ↔ another main)
    const pairs: Array<[Who, Address]> = [
      ["acme", demoAddress],
      ["acme", subAddress],
      ["demo", acmeAddress],
      ["demo", subAddress],
      ["demoSub2", demoAddress],
      ["demoSub2", acmeAddress],
    ];
    for (const [who, target] of pairs) {
      const body = await frenchAddress({ id: target.id, contact: "Intruder" });
      for (const res of [
        await call(who, "GET", "pc/address/selectOne", { query: { id: target.id } }),
        await call(who, "PUT", "pc/address", { payload: body }),
        await call(who, "DELETE", "pc/address", { query: { id: target.id } }),
        await call(who, "POST", "pc/address/setDefault", { payload: { id: target.id } }),
      ]) {
        const error = expectErrorEnvelope(res, 200);
        expect(error.code).toBe(1003);
        expect(error.message).toBe(`Address ${target.id} does not exist`);
        expect(res.body).not.toContain(target.contact);
      }
      const own = await list(who);
      expect(own.map((a) => a.id)).not.toContain(target.id);
      expect(JSON.stringify(own)).not.toContain(target.contact);
    }
    expect(await snapshot()).toEqual(before);
    // each account lists only its own rows
    for (const [who, memberId] of [
      ["demo", ids.demo],
      ["demoSub2", ids.demoSub2],
      ["acme", ids.acme],
    ] as const)
      expect((await list(who)).map((a) => a.id).sort()).toEqual((await rowsOf(memberId)).map((r) => r.id).sort());
  });
});
