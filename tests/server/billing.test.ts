import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { formatMoney } from "../../domain/money.ts";
import { translate } from "../../server/i18n.ts";
import { memberAccount, memberBalanceCents } from "../../server/modules/ledger/service.ts";
import { ledgerPostings } from "../../server/db/schema/ledger.ts";
import { count, eq } from "drizzle-orm";
import { SEEDED_ALLOCATIONS, seededAllocationOf } from "../../server/db/seedOrders.ts";
import { allocate } from "./billingHelpers.ts";
import { bodyOf, call, insertOrder } from "./cartHelpers.ts";
import { expectErrorEnvelope, login, startServer, type TestServer } from "./fixture.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { memberIds, type MemberIds } from "./members.ts";
import { quotePrefixedCells } from "./xlsxText.ts";
import { pdfText as readPdf } from "./pdfText.ts";

/**
 * Issue 22: the billing ledger (memberDeal, its export and statement, getDealItem) and the allocation
 * details (allocationDetails, getTransactionType) through the real server, on rows written into the
 * ledger by `transfer` (the distribution calls are another area's): the documented fields, the filter,
 * the pages, who may read what, and bad input.
 */
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", sub1: "", sub2: "", acme: "" };
/** demo-sub1's order paid through a no-limit leg, and its code. */
let noLimitOrder = { id: 0, code: "" };
const today = new Date().toISOString().slice(0, 10);
/** What the seed allocated to demo-sub2 (a recharge, then a take-back of part: two allocations of today). */
const seeded = seededAllocationOf("demo-sub2");
const decimal = (cents: number) => (cents / 100).toFixed(2);

interface BillingRow {
  id: number;
  transferId: number;
  dealItem: number;
  dealTypeName: string;
  orderNo: string;
  orderId: number | null;
  customerName: string;
  category: string;
  fabric: string;
  url: string;
  amount: number | null;
  price: string;
  balance: string;
  moneyType: string;
  dealDate: string;
  remark: string;
  memberId: number;
  username: string;
}
interface AllocationRow {
  id: number;
  transferId: number;
  dealDate: string;
  username: string;
  memberId: number;
  type: number;
  typeName: string;
  price: string;
  balance: string;
  orderNo: string;
  orderId: number | null;
}
type Page<T> = {
  code: number | string;
  message: string;
  data: T[];
  total: number;
  balance?: string;
  moneyType?: string;
};

const get = async <T>(token: string | null, url: string, query: Record<string, string> = {}, language?: string) => {
  const res = await call(server.app, token, "GET", url, { query, language });
  return { res, body: res.statusCode === 200 ? (bodyOf<T[]>(res) as unknown as Page<T>) : null };
};
const deals = (token: string | null, query: Record<string, string> = {}, language?: string) =>
  get<BillingRow>(token, "/api/pc/memberDeal", query, language);
const allocations = (token: string | null, query: Record<string, string> = {}, language?: string) =>
  get<AllocationRow>(token, "/api/pc/memberDeal/allocationDetails", query, language);

beforeAll(async () => {
  server = await startServer();
  ids = await memberIds(server.db);
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.sub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.sub2 = (await login(server.app, "demo-sub2", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
  const { db } = server;
  // 22 recharges of demo-sub1 (one more page than 20), a take-back of part, demo-sub2 recharged then emptied
  for (let n = 1; n <= 22; n += 1) await allocate(db, ids.demo, ids.demoSub1, "sub_recharge", 1000 + n);
  await allocate(db, ids.demo, ids.demoSub1, "sub_take_back", 500);
  await allocate(db, ids.demo, ids.demoSub2, "sub_recharge", 7000);
  await allocate(db, ids.demo, ids.demoSub2, "sub_take_back_all", 7000);
  noLimitOrder = await insertOrder(db, ids.demoSub1, {
    status: ORDER_STATUS.submitted,
    custName: "Nora Limitless",
    remark: '=HYPERLINK("http://x") a remark longer than eighteen',
    deliveryDate: "2026-03-10",
    amount: 2,
  });
  await allocate(db, ids.demo, ids.demoSub1, "sub_no_limit", 20000, noLimitOrder.code);
});
afterAll(async () => {
  await server?.close();
});

describe("getDealItem and getTransactionType (BILL-010, BILL-013, BILL-014)", () => {
  it("BILL-014 BILL-010 getDealItem answers every deal item as {dealItem, name} in the caller's language", async () => {
    const en = await get<{ dealItem: number; name: string }>(tokens.demo, "/api/pc/dictsystem/getDealItem");
    expect(en.body!.data.map((d) => d.dealItem)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(en.body!.data[2]).toEqual({ dealItem: 3, name: "Recharge" });
    const zh = await get<{ dealItem: number; name: string }>(tokens.demo, "/api/pc/dictsystem/getDealItem", {}, "zh");
    expect(zh.body!.data[1]).toEqual({ dealItem: 2, name: translate("zh", "billing.deal.2") });
  });

  it("BILL-013 SUB-022 SUB-023 SUB-024 SUB-025 getTransactionType answers the allocation types 3..6", async () => {
    const { body } = await get<{ dealItem: number; name: string }>(
      tokens.sub1,
      "/api/pc/memberDeal/getTransactionType",
    );
    expect(body!.data).toEqual([
      { dealItem: 3, name: "Recharge" },
      { dealItem: 4, name: "Take back all" },
      { dealItem: 5, name: "Take back" },
      { dealItem: 6, name: "No limit" },
    ]);
  });
});

describe("allocationDetails (SUB-018, SUB-019, SUB-041, SUB-043)", () => {
  it("SUB-041 SUB-018 SUB-043 a main account sees its sub-accounts' allocations, 20 a page, newest first", async () => {
    const { body } = await allocations(tokens.demo);
    expect(body!.code).toBe(0);
    // 22 + 1 + 1 (demo-sub1), 2 + the seed's 2 (demo-sub2), the no-limit leg: each seen from the sub-account's side
    expect(body!.total).toBe(28);
    expect(body!.data).toHaveLength(20);
    const [newest] = body!.data;
    expect(newest).toMatchObject({
      username: "demo-sub1",
      type: 6,
      typeName: "No limit",
      price: "+200.00",
      orderNo: noLimitOrder.code,
      orderId: noLimitOrder.id,
    });
    expect(Object.keys(newest!)).toEqual(expect.arrayContaining(["dealDate", "username", "type", "price", "balance"]));
    const dates = body!.data.map((row) => row.dealDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await allocations(tokens.demo, { pageNum: "2" });
    expect(page2.body!.data).toHaveLength(8);
    expect(page2.body!.total).toBe(28);
  });

  it("SUB-018 the price is signed from the sub-account's side and the balance is its usable amount after", async () => {
    const { body } = await allocations(tokens.demo, { memberId: String(ids.demoSub2) });
    const [{ rechargedCents, takenBackCents }] = SEEDED_ALLOCATIONS as [(typeof SEEDED_ALLOCATIONS)[number]];
    expect(body!.data.map((row) => [row.type, row.price, row.balance])).toEqual([
      [4, "-70.00", decimal(seeded)],
      [3, "+70.00", decimal(seeded + 7000)],
      // the seed's: a recharge, then a take-back of part of it
      [5, `-${decimal(takenBackCents)}`, decimal(seeded)],
      [3, `+${decimal(rechargedCents)}`, decimal(rechargedCents)],
    ]);
  });

  it("SUB-019 the filter narrows by member, type and date; a page past the end still counts", async () => {
    const takeBacks = await allocations(tokens.demo, { dealItem: "5" });
    expect(takeBacks.body!.data.map((row) => [row.username, row.price])).toEqual([
      ["demo-sub1", "-5.00"],
      ["demo-sub2", `-${decimal(SEEDED_ALLOCATIONS[0]!.takenBackCents)}`],
    ]);
    const dated = await allocations(tokens.demo, { dealStart: today, dealEnd: today, memberId: String(ids.demoSub1) });
    expect(dated.body!.total).toBe(24);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = await allocations(tokens.demo, { dealEnd: yesterday });
    expect(before.body!.total).toBe(0);
    const past = await allocations(tokens.demo, { pageNum: "9" });
    expect(past.body!.data).toEqual([]);
    expect(past.body!.total).toBe(28);
  });

  it("SUB-041 a sub-account sees only its own allocations; another main account sees none", async () => {
    const own = await allocations(tokens.sub1);
    expect(own.body!.total).toBe(24);
    expect(new Set(own.body!.data.map((row) => row.username))).toEqual(new Set(["demo-sub1"]));
    const sibling = await allocations(tokens.sub2);
    expect(sibling.body!.total).toBe(4);
    const other = await allocations(tokens.acme);
    expect(other.body!.total).toBe(0);
  });
});

describe("memberDeal (BILL-006, BILL-009, BILL-011, BILL-012)", () => {
  it("BILL-012 BILL-006 BILL-015 a page of every movement of the account and its sub-accounts with data and total", async () => {
    const { body } = await deals(tokens.demo);
    expect(body!.code).toBe(0);
    expect(body!.data).toHaveLength(20);
    expect(body!.total).toBeGreaterThan(26 * 2);
    const members = new Set((await deals(tokens.demo, { pageSize: "80" })).body!.data.map((row) => row.username));
    expect(members).toEqual(new Set(["demo", "demo-sub1", "demo-sub2"]));
  });

  it("BILL-006 BILL-007 BILL-008 an order's movement carries the order's columns, its price signed", async () => {
    const { body } = await deals(tokens.demo, { memberId: String(ids.demoSub1), dealItem: "2" });
    const [paid] = body!.data;
    expect(paid).toMatchObject({
      dealItem: 2,
      dealTypeName: "Order payment",
      orderNo: noLimitOrder.code,
      orderId: noLimitOrder.id,
      customerName: "Nora Limitless",
      category: expect.any(String),
      fabric: expect.any(String),
      url: expect.stringMatching(/^\/img\/category\//),
      amount: 2,
      price: "-200.00",
      remark: '=HYPERLINK("http://x") a remark longer than eighteen',
      username: "demo-sub1",
      moneyType: "USD",
    });
    const leg = await deals(tokens.demo, { memberId: String(ids.demo), dealItem: "6" });
    expect(leg.body!.data.map((row) => [row.price, row.orderNo])).toEqual([["-200.00", noLimitOrder.code]]);
  });

  it("BILL-003 the balance line is the balance of the account memberId names, else the caller's", async () => {
    const mine = await deals(tokens.demo);
    expect(mine.body!.balance).toBe(((await memberBalanceCents(server.db, ids.demo)) / 100).toFixed(2));
    expect(mine.body!.moneyType).toBe("USD");
    const child = await deals(tokens.demo, { memberId: String(ids.demoSub2) });
    expect(child.body!.balance).toBe(decimal(seeded));
  });

  it("BILL-009 BILL-001 keyword, deal item, dates, delivery dates and a transfer narrow the rows", async () => {
    for (const keyword of ["nora", noLimitOrder.code.slice(2, 10), "HYPERLINK"]) {
      const { body } = await deals(tokens.demo, { keyword });
      expect(
        body!.data.some((row) => row.orderNo === noLimitOrder.code),
        keyword,
      ).toBe(true);
      expect(
        body!.data.every((row) => row.orderNo === noLimitOrder.code),
        keyword,
      ).toBe(true);
    }
    expect((await deals(tokens.demo, { keyWord: "Nora" })).body!.total).toBe(3);
    const delivered = await deals(tokens.demo, { deliveryStart: "2026-03-10", deliveryEnd: "2026-03-10" });
    expect(delivered.body!.data.map((row) => row.orderNo)).toContain(noLimitOrder.code);
    const recharges = await deals(tokens.demo, { dealItem: "3", dealStart: today, dealEnd: today, pageSize: "80" });
    // each recharge is two movements: demo's (-) and the child's (+)
    expect(recharges.body!.total).toBe(48);
    expect(
      recharges.body!.data.filter((row) => row.username === "demo").every((row) => row.price.startsWith("-")),
    ).toBe(true);
    const transferId = recharges.body!.data[0]!.transferId;
    const both = await deals(tokens.demo, { transferId: String(transferId) });
    expect(both.body!.data.map((row) => row.price.slice(0, 1)).sort()).toEqual(["+", "-"]);
  });

  it("ACCT-013 the transactions view's transaction-type filter: each deal item answers only its own movements", async () => {
    const scope = { memberId: String(ids.demoSub1), pageSize: "80", dealStart: today, dealEnd: today };
    const everything = await deals(tokens.demo, scope);
    expect(everything.body!.total).toBe(everything.body!.data.length); // one page holds them all
    const kinds = new Set(everything.body!.data.map((row) => row.dealItem));
    // demo-sub1's movements of today hold several types: recharges (3), a take-back (5), the no-limit leg (6)
    expect([...kinds]).toEqual(expect.arrayContaining([3, 5, 6]));
    let seen = 0;
    for (const dealItem of kinds) {
      const { body } = await deals(tokens.demo, { ...scope, dealItem: String(dealItem) });
      expect(body!.data.length, `dealItem ${dealItem}`).toBeGreaterThan(0);
      expect(new Set(body!.data.map((row) => row.dealItem))).toEqual(new Set([dealItem]));
      expect(body!.total).toBe(everything.body!.data.filter((row) => row.dealItem === dealItem).length);
      seen += body!.total;
    }
    // the types split the movements with nothing lost or counted twice
    expect(seen).toBe(everything.body!.total);
  });

  it("BILL-011 a sub-account reads only its own movements", async () => {
    const { body } = await deals(tokens.sub1, { pageSize: "80" });
    expect(new Set(body!.data.map((row) => row.username))).toEqual(new Set(["demo-sub1"]));
    const account = await memberAccount(server.db, ids.demoSub1);
    const [{ n }] = (await server.db
      .select({ n: count() })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.accountId, account!.id))) as [{ n: number }];
    expect(body!.total).toBe(Number(n));
  });
});

describe("who may read what: every call × {no token, main, own child, another main account, sibling child}", () => {
  const reads: Array<[string, Record<string, string>]> = [
    ["/api/pc/memberDeal", {}],
    ["/api/pc/memberDeal/allocationDetails", {}],
    ["/api/pc/memberDeal/export", {}],
    ["/api/pc/memberDeal/statement", { dealStart: today, dealEnd: today }],
    ["/api/pc/memberDeal/getTransactionType", {}],
    ["/api/pc/dictsystem/getDealItem", {}],
  ];
  for (const [url, query] of reads) {
    it(`${url} without a token is 401 with an envelope`, async () => {
      expect(expectErrorEnvelope(await call(server.app, null, "GET", url, { query }), 401).code).toBe("ATI");
    });
  }

  for (const url of [
    "/api/pc/memberDeal",
    "/api/pc/memberDeal/allocationDetails",
    "/api/pc/memberDeal/export",
    "/api/pc/memberDeal/statement",
  ]) {
    it(`${url}: another main account and a sibling naming demo-sub1 are "not found"; the main account and the child itself may`, async () => {
      const query = { memberId: String(ids.demoSub1), dealStart: today, dealEnd: today };
      for (const token of [tokens.acme, tokens.sub2]) {
        const res = await call(server.app, token, "GET", url, { query });
        expect(res.statusCode).toBe(200);
        expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
        expect(bodyOf(res).code).toBe(1003);
        expect(bodyOf(res).data ?? null).toBeNull();
      }
      for (const token of [tokens.demo, tokens.sub1]) {
        const res = await call(server.app, token, "GET", url, { query });
        expect(res.statusCode).toBe(200);
        if (String(res.headers["content-type"]).startsWith("application/json")) expect(bodyOf(res).code).toBe(0);
      }
      // a sub-account may not read its main account's movements
      const parent = await call(server.app, tokens.sub1, "GET", url, {
        query: { ...query, memberId: String(ids.demo) },
      });
      expect(bodyOf(parent).code).toBe(1003);
    });
  }

  it("0 leaks: nobody outside demo's family sees a movement of it", async () => {
    const theirs = new Set([ids.demo, ids.demoSub1, ids.demoSub2]);
    for (const token of [tokens.acme]) {
      const { body } = await deals(token, { pageSize: "80" });
      expect(body!.data.filter((row) => theirs.has(row.memberId))).toEqual([]);
    }
    const sibling = await deals(tokens.sub2, { pageSize: "80" });
    expect(sibling.body!.data.every((row) => row.memberId === ids.demoSub2)).toBe(true);
    await expectLedgerInvariants(server.db);
  });
});

describe("bad input: the message, never a 500", () => {
  const cases: Array<[string, string, Record<string, string>, RegExp]> = [
    ["memberDeal", "/api/pc/memberDeal", { dealStart: "2026-13-45" }, /dealStart/],
    ["memberDeal", "/api/pc/memberDeal", { dealStart: "2026-02-30" }, /dealStart is not a date/],
    ["memberDeal", "/api/pc/memberDeal", { dealStart: "yesterday" }, /dealStart/],
    [
      "memberDeal",
      "/api/pc/memberDeal",
      { dealStart: "2026-03-02", dealEnd: "2026-03-01" },
      /dealStart must not be after dealEnd/,
    ],
    [
      "memberDeal",
      "/api/pc/memberDeal",
      { deliveryStart: "2026-03-02", deliveryEnd: "2026-03-01" },
      /deliveryStart must not be after deliveryEnd/,
    ],
    ["memberDeal", "/api/pc/memberDeal", { dealItem: "12" }, /dealItem/],
    ["memberDeal", "/api/pc/memberDeal", { dealItem: "x" }, /dealItem/],
    ["memberDeal", "/api/pc/memberDeal", { pageSize: "500" }, /pageSize/],
    ["memberDeal", "/api/pc/memberDeal", { pageSize: "0" }, /pageSize/],
    ["memberDeal", "/api/pc/memberDeal", { pageNum: "0" }, /pageNum/],
    ["memberDeal", "/api/pc/memberDeal", { memberId: "-1" }, /memberId/],
    ["memberDeal", "/api/pc/memberDeal", { keyword: "x".repeat(51) }, /keyword/],
    ["allocationDetails", "/api/pc/memberDeal/allocationDetails", { dealItem: "2" }, /dealItem/],
    [
      "allocationDetails",
      "/api/pc/memberDeal/allocationDetails",
      { dealStart: "2026-03-02", dealEnd: "2026-03-01" },
      /dealStart must not be after dealEnd/,
    ],
    ["allocationDetails", "/api/pc/memberDeal/allocationDetails", { pageSize: "1000" }, /pageSize/],
    ["export", "/api/pc/memberDeal/export", { dealEnd: "2026-02-31" }, /dealEnd/],
    ["statement", "/api/pc/memberDeal/statement", { dealStart: "2026-03-02" }, /dealEnd/],
    [
      "statement",
      "/api/pc/memberDeal/statement",
      { dealStart: "2026-03-02", dealEnd: "2026-03-01" },
      /dealStart must not be after dealEnd/,
    ],
  ];
  for (const [name, url, query, message] of cases) {
    it(`${name} ${JSON.stringify(query)} is refused with a message naming the field`, async () => {
      const body = expectErrorEnvelope(await call(server.app, tokens.demo, "GET", url, { query }), 400);
      expect(body.message).toMatch(message);
    });
  }

  it("a reversed range is refused in Chinese too", async () => {
    const res = await call(server.app, tokens.demo, "GET", "/api/pc/memberDeal", {
      query: { dealStart: "2026-03-02", dealEnd: "2026-03-01" },
      language: "zh",
    });
    expect(expectErrorEnvelope(res, 400).message).toBe(
      translate("zh", "cart.dateOrder", { field: "dealStart", other: "dealEnd" }),
    );
  });
});

describe("the export and the statement", () => {
  it("BILL-012 export: the filtered rows as an .xlsx, amounts as numbers, a formula-looking remark kept as text", async () => {
    const res = await call(server.app, tokens.demo, "GET", "/api/pc/memberDeal/export", {
      query: { memberId: String(ids.demoSub1), keyword: "Nora" },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="billing-${today}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      "Date",
      "Deal type",
      "Order number",
      "Customer",
      "Category",
      "Fabric",
      "Quantity",
      "Price",
      "Balance after",
      "Currency",
      "Account",
      "Remark",
    ]);
    // the no-limit leg in (+200) and the payment out (-200)
    expect(
      rows
        .slice(1)
        .map((row) => [row[2], row[7]])
        .sort(),
    ).toEqual([
      [noLimitOrder.code, -200],
      [noLimitOrder.code, 200],
    ]);
    const quoted = await quotePrefixedCells(res.rawPayload);
    expect(quoted.has("L2")).toBe(true);
    expect(rows[1]![11]).toBe('=HYPERLINK("http://x") a remark longer than eighteen');
  });

  // the money format's no-break space reads back as a space
  const pdfText = async (bytes: Buffer) => (await readPdf(bytes)).text;
  const money = (cents: number, signed = false) => formatMoney(cents, "USD", "en", { signed }).replace("\u00a0", " ");

  it("the statement PDF: the opening balance, every movement of the range, the closing balance, in English and Chinese", async () => {
    const query = { memberId: String(ids.demoSub2), dealStart: today, dealEnd: today };
    const res = await call(server.app, tokens.demo, "GET", "/api/pc/memberDeal/statement", { query });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="statement-${today}-${today}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Opening balance: ${money(0)}`);
    expect(text).toContain(`Closing balance: ${money(seeded)}`);
    expect(text).toContain(`Recharge · From demo ${money(7000, true)} balance ${money(seeded + 7000)}`);
    expect(text).toContain(`Take back all · To demo ${money(-7000, true)} balance ${money(seeded)}`);
    const zh = await pdfText(
      (await call(server.app, tokens.demo, "GET", "/api/pc/memberDeal/statement", { query, language: "zh" }))
        .rawPayload,
    );
    expect(zh).toContain(translate("zh", "billing.pdf.title"));
    expect(zh).toContain(`${translate("zh", "billing.pdf.opening")}：`);
  });

  it("the statement's opening balance is the balance before its first day", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const res = await call(server.app, tokens.sub1, "GET", "/api/pc/memberDeal/statement", {
      query: { dealStart: tomorrow, dealEnd: tomorrow },
    });
    const text = await pdfText(res.rawPayload);
    const balance = await memberBalanceCents(server.db, ids.demoSub1);
    expect(text).toContain(`Opening balance: ${money(balance)}`);
    expect(text).toContain(`Closing balance: ${money(balance)}`);
    expect(text).toContain("No movements in this period");
  });
});
