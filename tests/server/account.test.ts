import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { formatMoney } from "../../domain/money.ts";
import { monthStartIn } from "../../domain/subAccounts.ts";
import { memberBalanceCents } from "../../server/modules/ledger/service.ts";
import { insertOrder } from "./cartHelpers.ts";
import { bearer, envelopeOf, login, loginRequest, startServer, type TestServer } from "./fixture.ts";
import { expectLedgerInvariants } from "./ledgerInvariants.ts";
import { deposit, memberIds, transferCount, type MemberIds } from "./members.ts";

/**
 * Issue 22: the account centre (ACCT) and the sub-accounts' balance distribution (SUB) through the real
 * server: every call with good and bad input, the access matrix, no limit, switching off, concurrency.
 * Every money test ends with the ledger's invariants; every figure of cashDetails is compared with the ledger.
 */
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", demoSub1: "", demoSub2: "", acme: "" };

interface Row {
  id: number;
  username: string;
  status: number;
  noLimit: number;
  balance: string;
  allocatedAmount: string;
  amountUsed: string;
  usableAmount: string;
  totalAmount: string;
  rechargeAmount: string;
  subAmount: string;
}

beforeAll(async () => {
  server = await startServer();
  ids = await memberIds(server.db);
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.demoSub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  tokens.demoSub2 = (await login(server.app, "demo-sub2", "demo1234")).token;
  tokens.acme = (await login(server.app, "acme", "acme1234")).token;
});
afterEach(async () => {
  await expectLedgerInvariants(server.db);
});
afterAll(async () => {
  await server?.close();
});

function api(
  token: string | null,
  method: "GET" | "POST",
  url: string,
  opts: { query?: Record<string, string>; payload?: unknown; key?: string; language?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(token ? bearer(token) : {}) };
  if (opts.key) headers["idempotency-key"] = opts.key;
  if (opts.language) headers["accept-language"] = opts.language;
  return server.app.inject({
    method,
    url: `/api/${url}`,
    query: opts.query,
    headers,
    ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
  });
}

const distribute = (token: string, payload: unknown, key: string = randomUUID()) =>
  api(token, "POST", "pc/memberCash/balanceDistribution", { payload, key });

const cents = (text: string) => Math.round(Number(text) * 100);

async function cashRows(token = tokens.demo, username?: string): Promise<Row[]> {
  const res = await api(token, "GET", "pc/memberCash/cashDetails", username ? { query: { username } } : {});
  expect(res.statusCode).toBe(200);
  return envelopeOf<Row[]>(res).data;
}
const childRow = async (id: number) => (await cashRows()).find((row) => row.id === id)!;

/** The figures of a child as the ledger has them, computed independently of the server's statement. */
async function ledgerFigures(memberId: number) {
  const result = (await server.db.execute(sql`
    select t.kind, r.kind as reversed_kind, p.amount_cents::bigint as amount
    from ledger_postings p join ledger_accounts a on a.id = p.account_id
    join ledger_transfers t on t.id = p.transfer_id
    left join ledger_transfers r on r.id = t.reverses_transfer_id
    where a.member_id = ${memberId}`)) as unknown as { rows: Array<{ kind: string; amount: string | number }> };
  let recharged = 0;
  let takenBack = 0;
  let used = 0;
  for (const row of result.rows) {
    const amount = Number(row.amount);
    if (row.kind === "sub_recharge") recharged += amount;
    if (row.kind === "sub_take_back" || row.kind === "sub_take_back_all") takenBack -= amount;
    if (row.kind === "order" || row.kind === "refund") used -= amount;
  }
  return { balance: await memberBalanceCents(server.db, memberId), allocated: recharged - takenBack, used };
}

/** Every derived figure of cashDetails equals what the ledger holds. */
async function expectFiguresFromLedger() {
  const rows = await cashRows();
  const main = await memberBalanceCents(server.db, ids.demo);
  expect(cents(rows[0]!.balance)).toBe(main);
  for (const row of rows.slice(1)) {
    const ledger = await ledgerFigures(row.id);
    expect(cents(row.balance)).toBe(ledger.balance);
    expect(cents(row.subAmount)).toBe(Math.max(0, ledger.balance));
    expect(cents(row.allocatedAmount)).toBe(ledger.allocated);
    expect(cents(row.amountUsed)).toBe(ledger.used);
    expect(cents(row.rechargeAmount)).toBe(main);
    const usable = ledger.balance + (row.noLimit ? main : 0);
    expect(cents(row.usableAmount)).toBe(usable);
    expect(cents(row.totalAmount)).toBe(usable + ledger.used);
  }
}

async function payOrder(token: string, memberId: number, priceCents: number) {
  const order = await insertOrder(server.db, memberId, { status: ORDER_STATUS.saved, unitPriceCents: priceCents });
  const res = await api(token, "GET", "pc/order/pushOrder", { query: { orderIds: `${order.id},` }, key: randomUUID() });
  return {
    order,
    res,
    result: envelopeOf<Record<string, { code: number; sign: string; status: number }>>(res).data?.[String(order.id)],
  };
}

describe("the account centre", () => {
  it("ACCT-001 ACCT-014 ACCT-022 ACCT-005: account info of a main and a sub-account", async () => {
    const main = envelopeOf<Record<string, unknown>>(await api(tokens.demo, "GET", "pc/member/getAccountInfo"));
    expect(main.code).toBe(0);
    expect(main.data).toMatchObject({ username: "demo", parentId: 0, headImg: "" });
    expect(main.data.subAccountNum).toBe(2);
    expect(Number(main.data.customerNum)).toBeGreaterThan(0);
    expect(Number(main.data.orderNum)).toBeGreaterThan(0);
    expect(cents(String(main.data.accountBalance))).toBe(await memberBalanceCents(server.db, ids.demo));
    const sub = envelopeOf<Record<string, unknown>>(await api(tokens.demoSub1, "GET", "pc/member/getAccountInfo"));
    expect(sub.data).toMatchObject({ username: "demo-sub1", parentId: ids.demo, subAccountNum: 0 });
  });

  it("ACCT-024 ACCT-021: the balance is the ledger's, each account its own", async () => {
    for (const who of ["demo", "demoSub1", "acme"] as const) {
      const body = envelopeOf<{ balance: string }>(await api(tokens[who], "GET", "pc/memberCash/balance"));
      expect(cents(body.data.balance)).toBe(await memberBalanceCents(server.db, ids[who]));
    }
  });

  it("ACCT-008 ACCT-025: a top-up request moves money only when confirmed, once whatever the retries", async () => {
    const before = await memberBalanceCents(server.db, ids.acme);
    const requested = envelopeOf<{ id: number; status: string }>(
      await api(tokens.acme, "POST", "pc/memberCash/topUp", { payload: { price: 125.5 } }),
    );
    expect(requested.data.status).toBe("pending");
    expect(await memberBalanceCents(server.db, ids.acme)).toBe(before);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api(tokens.acme, "POST", "pc/memberCash/confirmTopUp", { payload: { id: requested.data.id }, key }),
      ),
    );
    for (const res of answers) expect(envelopeOf(res).code).toBe(0);
    // Another key confirms nothing again.
    await api(tokens.acme, "POST", "pc/memberCash/confirmTopUp", {
      payload: { id: requested.data.id },
      key: randomUUID(),
    });
    expect(await memberBalanceCents(server.db, ids.acme)).toBe(before + 12_550);
    // Another account's request is not found.
    const other = await api(tokens.demo, "POST", "pc/memberCash/confirmTopUp", {
      payload: { id: requested.data.id },
      key: randomUUID(),
    });
    expect(envelopeOf(other).code).toBe(1003);
    for (const price of [-1, 0, 0.001, 1e12]) {
      const bad = await api(tokens.acme, "POST", "pc/memberCash/topUp", { payload: { price } });
      expect(envelopeOf(bad).code).toBe(1002);
    }
    const text = await api(tokens.acme, "POST", "pc/memberCash/topUp", { payload: { price: "ten" } });
    expect(text.statusCode).toBe(400);
  });
});

describe("the sub-account list with or without the account itself", () => {
  it("SUB-035 SUB-037: isContainsSelf 1 puts the account itself first, 0 leaves it out; nobody sees another family", async () => {
    type Entry = { id: number; username: string };
    const list = async (token: string, isContainsSelf?: string) =>
      envelopeOf<Entry[]>(
        await api(token, "GET", "pc/member/findAllSubAccount", isContainsSelf ? { query: { isContainsSelf } } : {}),
      ).data;
    const children = [
      { id: ids.demoSub1, username: "demo-sub1" },
      { id: ids.demoSub2, username: "demo-sub2" },
    ];
    expect(await list(tokens.demo, "1")).toEqual([{ id: ids.demo, username: "demo" }, ...children]);
    expect(await list(tokens.demo, "0")).toEqual(children);
    // the default includes the account itself
    expect(await list(tokens.demo)).toEqual(await list(tokens.demo, "1"));
    // a sub-account has no sub-accounts: itself, or nothing
    expect(await list(tokens.demoSub1, "1")).toEqual([{ id: ids.demoSub1, username: "demo-sub1" }]);
    expect(await list(tokens.demoSub1, "0")).toEqual([]);
    // another main account: only its own (it has no children)
    expect(await list(tokens.acme, "1")).toEqual([{ id: ids.acme, username: "acme" }]);
    expect(await list(tokens.acme, "0")).toEqual([]);
    // anything but 0 or 1 is refused naming the parameter; no token is 401
    const bad = await api(tokens.demo, "GET", "pc/member/findAllSubAccount", { query: { isContainsSelf: "yes" } });
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad).message).toContain("isContainsSelf");
    expect((await api(null, "GET", "pc/member/findAllSubAccount")).statusCode).toBe(401);
  });
});

describe("balance distribution", () => {
  it("SUB-039 SUB-017 SUB-032 SUB-003 SUB-002: cashDetails lists the account then its children, searchable by username", async () => {
    const rows = await cashRows();
    expect(rows.map((row) => row.username)).toEqual(["demo", "demo-sub1", "demo-sub2"]);
    expect(Object.keys(rows[1]!).sort()).toEqual(
      [
        "allocatedAmount",
        "amountUsed",
        "balance",
        "id",
        "memberId",
        "noLimit",
        "rechargeAmount",
        "status",
        "subAmount",
        "totalAmount",
        "usableAmount",
        "username",
        // issue 22, beyond the documents (x-designed)
        "monthlyLimit",
        "monthlySpent",
        "monthlyLeft",
        "reserved",
        "available",
        "recent",
      ].sort(),
    );
    expect((await cashRows(tokens.demo, "SUB2")).map((row) => row.username)).toEqual(["demo", "demo-sub2"]);
    // A sub-account sees only itself.
    expect((await cashRows(tokens.demoSub1)).map((row) => row.username)).toEqual(["demo-sub1"]);
    await expectFiguresFromLedger();
  });

  it("SUB-022 SUB-031 SUB-034 SUB-040: Recharge (type 3) moves main -> child, the price a number", async () => {
    const main = await memberBalanceCents(server.db, ids.demo);
    const child = await memberBalanceCents(server.db, ids.demoSub1);
    const res = await distribute(tokens.demo, { memberId: ids.demoSub1, price: 100.25, type: 3 });
    const body = envelopeOf<Row>(res);
    expect(body.code).toBe(0);
    expect(cents(body.data.balance)).toBe(child + 10_025);
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(main - 10_025);
    const [transfer] = (
      (await server.db.execute(sql`select kind from ledger_transfers order by id desc limit 1`)) as unknown as {
        rows: Array<{ kind: string }>;
      }
    ).rows;
    expect(transfer!.kind).toBe("sub_recharge");
    await expectFiguresFromLedger();
  });

  it("SUB-024 SUB-023 SUB-029: Take back is type 5 when less than the whole balance, type 4 for all of it", async () => {
    const child = await memberBalanceCents(server.db, ids.demoSub1);
    // Type 4 with less than the whole balance, type 5 with all of it: refused, nothing moved.
    const count = await transferCount(server.db);
    expect(envelopeOf(await distribute(tokens.demo, { memberId: ids.demoSub1, price: 1, type: 4 })).code).toBe(1002);
    expect(
      envelopeOf(await distribute(tokens.demo, { memberId: ids.demoSub1, price: child / 100, type: 5 })).code,
    ).toBe(1002);
    // SUB-029: above subAmount: "overstep".
    const over = envelopeOf(await distribute(tokens.demo, { memberId: ids.demoSub1, price: child / 100 + 1, type: 5 }));
    expect(over.code).toBe(1002);
    expect(over.message).toMatch(/Overstep/);
    expect(await transferCount(server.db)).toBe(count);
    expect(envelopeOf(await distribute(tokens.demo, { memberId: ids.demoSub1, price: 0.25, type: 5 })).code).toBe(0);
    const rest = (child - 25) / 100;
    const all = envelopeOf<Row>(await distribute(tokens.demo, { memberId: ids.demoSub1, price: rest, type: 4 }));
    expect(all.code).toBe(0);
    expect(all.data.balance).toBe("0.00");
    expect(all.data.subAmount).toBe("0.00");
    await expectFiguresFromLedger();
  });

  it("SUB-028: a Recharge above rechargeAmount is refused as overstep, nothing moved", async () => {
    const main = await memberBalanceCents(server.db, ids.demo);
    const count = await transferCount(server.db);
    const res = envelopeOf(
      await distribute(tokens.demo, { memberId: ids.demoSub2, price: main / 100 + 0.01, type: 3 }),
    );
    expect(res.code).toBe(1002);
    expect(res.message).toMatch(/Overstep/);
    expect(await transferCount(server.db)).toBe(count);
  });

  it("SUB-031: bad input is refused with its message and moves nothing, never a 500", async () => {
    const count = await transferCount(server.db);
    const balances = [await memberBalanceCents(server.db, ids.demo), await memberBalanceCents(server.db, ids.demoSub1)];
    const refusals: Array<[unknown, number]> = [
      [{ memberId: ids.demoSub1, price: -5, type: 3 }, 1002],
      [{ memberId: ids.demoSub1, price: 0, type: 3 }, 1002],
      [{ memberId: ids.demoSub1, price: 0.001, type: 3 }, 1002],
      [{ memberId: ids.demoSub1, price: 1e12, type: 3 }, 1002],
      [{ memberId: ids.demoSub1, type: 3 }, 1002],
      [{ memberId: ids.demoSub1, price: 1, type: 2 }, 1002],
      [{ memberId: ids.demoSub1, price: 1, type: 7 }, 1002],
      [{ memberId: ids.acme, price: 1, type: 3 }, 1003],
      [{ memberId: ids.demo, price: 1, type: 3 }, 1003],
      [{ memberId: 999_999, price: 1, type: 3 }, 1003],
      [{ memberId: ids.demoSub1, price: "ten", type: 3 }, 400],
      [{ memberId: "x", price: 1, type: 3 }, 400],
      [{ memberId: ids.demoSub1, price: 1, type: 3.5 }, 400],
    ];
    for (const [payload, code] of refusals) {
      const res = await distribute(tokens.demo, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(envelopeOf(res).code, JSON.stringify(payload)).toBe(code);
    }
    // The Idempotency-Key is required.
    const keyless = await api(tokens.demo, "POST", "pc/memberCash/balanceDistribution", {
      payload: { memberId: ids.demoSub1, price: 1, type: 3 },
    });
    expect(keyless.statusCode).toBe(400);
    expect(await transferCount(server.db)).toBe(count);
    expect([await memberBalanceCents(server.db, ids.demo), await memberBalanceCents(server.db, ids.demoSub1)]).toEqual(
      balances,
    );
    const zh = await api(tokens.demo, "POST", "pc/memberCash/balanceDistribution", {
      payload: { memberId: ids.demoSub1, price: 1, type: 9 },
      key: randomUUID(),
      language: "zh",
    });
    expect(envelopeOf(zh).message).toBe("类型必须为 3、4、5 或 6");
  });

  it("one idempotency key sent 20 times moves money once", async () => {
    const key = randomUUID();
    const count = await transferCount(server.db);
    const child = await memberBalanceCents(server.db, ids.demoSub2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => distribute(tokens.demo, { memberId: ids.demoSub2, price: 7, type: 3 }, key)),
    );
    for (const res of answers) expect(envelopeOf(res).code).toBe(0);
    expect(await transferCount(server.db)).toBe(count + 1);
    expect(await memberBalanceCents(server.db, ids.demoSub2)).toBe(child + 700);
    // The same key with another request is refused (422), nothing moved.
    const reused = await distribute(tokens.demo, { memberId: ids.demoSub2, price: 8, type: 3 }, key);
    expect(reused.statusCode).toBe(422);
    expect(await transferCount(server.db)).toBe(count + 1);
  });
});

describe("no limit", () => {
  it("SUB-025 SUB-036: a no-limit child's payment is main -> child -> sales; its refund goes back to the main account", async () => {
    const set = envelopeOf<Row>(await distribute(tokens.demo, { memberId: ids.demoSub1, type: 6 }));
    expect(set.code).toBe(0);
    expect(set.data.noLimit).toBe(1);
    const main = await memberBalanceCents(server.db, ids.demo);
    const child = await memberBalanceCents(server.db, ids.demoSub1);
    const { order, result } = await payOrder(tokens.demoSub1, ids.demoSub1, 4_000);
    expect(result?.sign).not.toBe("fail");
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(main - 4_000);
    expect(await memberBalanceCents(server.db, ids.demoSub1)).toBe(child);
    await expectFiguresFromLedger();
    const cancel = await api(tokens.demoSub1, "GET", "pc/order/canceMtmOrder", {
      query: { orderId: String(order.id) },
      key: randomUUID(),
    });
    expect(envelopeOf(cancel).code).toBe(0);
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(main);
    expect(await memberBalanceCents(server.db, ids.demoSub1)).toBe(child);
    await expectFiguresFromLedger();
  });

  it("SUB-025: a no-limit child paying 50 orders at once while the main account covers exactly 30: exactly 30 paid", async () => {
    // Bring the main account to exactly 30 × 10.00 (its money parked with demo-sub2, then given back after).
    const main = await memberBalanceCents(server.db, ids.demo);
    const park = main - 30_000;
    expect(envelopeOf(await distribute(tokens.demo, { memberId: ids.demoSub2, price: park / 100, type: 3 })).code).toBe(
      0,
    );
    const child = await memberBalanceCents(server.db, ids.demoSub1);
    const payments = await Promise.all(
      Array.from({ length: 50 }, () => payOrder(tokens.demoSub1, ids.demoSub1, 1_000)),
    );
    const paid = payments.filter((p) => p.result?.sign !== "fail").length;
    expect(paid).toBe(30);
    expect(await memberBalanceCents(server.db, ids.demo)).toBe(0);
    expect(await memberBalanceCents(server.db, ids.demoSub1)).toBe(child);
    await expectFiguresFromLedger();
    const back = await distribute(tokens.demo, { memberId: ids.demoSub2, price: park / 100, type: 5 });
    expect(envelopeOf(back).code).toBe(0);
    const off = envelopeOf<Row>(
      await api(tokens.demo, "POST", "pc/memberCash/endNoLimit", { payload: { memberId: ids.demoSub1 } }),
    );
    expect(off.data.noLimit).toBe(0);
  });
});

describe("switching a child off", () => {
  it("SUB-020 SUB-033 SUB-038: off ends its sessions, refuses sign-in; on restores it, the balance kept", async () => {
    const child = await memberBalanceCents(server.db, ids.demoSub2);
    const off = await api(tokens.demo, "POST", "pc/member/updateMemberStatus", {
      payload: { username: "demo-sub2", status: 0 },
    });
    expect(envelopeOf<Row>(off).data.status).toBe(0);
    const live = await api(tokens.demoSub2, "GET", "pc/memberCash/balance");
    expect(live.statusCode).toBe(401);
    const signIn = await loginRequest(server.app, "demo-sub2", "demo1234");
    expect(envelopeOf(signIn).code).toBe(1004);
    expect(envelopeOf(signIn).message).toBe("This account is switched off");
    // A disabled child cannot pay (its order is refused, nothing moves).
    const count = await transferCount(server.db);
    const order = await insertOrder(server.db, ids.demoSub2, { status: ORDER_STATUS.saved, unitPriceCents: 100 });
    const token = await loginAsDisabled();
    expect(token).toBeNull();
    expect(order.id).toBeGreaterThan(0);
    expect(await transferCount(server.db)).toBe(count);
    expect(await memberBalanceCents(server.db, ids.demoSub2)).toBe(child);
    expect((await childRow(ids.demoSub2)).status).toBe(0);
    const on = await api(tokens.demo, "POST", "pc/member/updateMemberStatus", {
      payload: { username: "demo-sub2", status: 1 },
    });
    expect(envelopeOf<Row>(on).data.status).toBe(1);
    tokens.demoSub2 = (await login(server.app, "demo-sub2", "demo1234")).token;
    expect(await memberBalanceCents(server.db, ids.demoSub2)).toBe(child);
  });

  it("SUB-020: a child switched off between sign-in and payment cannot pay", async () => {
    const { payOrderOf } = await import("../../server/modules/account/service.ts");
    await api(tokens.demo, "POST", "pc/member/updateMemberStatus", { payload: { username: "demo-sub2", status: 0 } });
    await expect(
      server.db.transaction((tx) => payOrderOf(tx, ids.demoSub2, { orderCode: "X-DISABLED", priceCents: 100 })),
    ).rejects.toMatchObject({ key: "account.disabled" });
    await api(tokens.demo, "POST", "pc/member/updateMemberStatus", { payload: { username: "demo-sub2", status: 1 } });
    tokens.demoSub2 = (await login(server.app, "demo-sub2", "demo1234")).token;
  });
});

async function loginAsDisabled(): Promise<string | null> {
  const res = await loginRequest(server.app, "demo-sub2", "demo1234");
  return envelopeOf<{ token?: string }>(res).data?.token ?? null;
}

describe("access matrix", () => {
  it("SUB-032 SUB-033 SUB-034: every call × {no token, main, own child, another main, sibling, disabled child}: 0 leaks, 0 changes", async () => {
    // A disabled child's token: signed in, then switched off.
    const disabled = (await login(server.app, "demo-sub2", "demo1234")).token;
    await api(tokens.demo, "POST", "pc/member/updateMemberStatus", { payload: { username: "demo-sub2", status: 0 } });
    const callers: Record<string, string | null> = {
      none: null,
      child: tokens.demoSub1,
      otherMain: tokens.acme,
      sibling: tokens.demoSub2,
      disabled,
    };
    const before = {
      count: await transferCount(server.db),
      rows: await cashRows(),
    };
    for (const [who, token] of Object.entries(callers)) {
      const calls = [
        () => distribute(token ?? "", { memberId: ids.demoSub1, price: 1, type: 3 }),
        () => distribute(token ?? "", { memberId: ids.demoSub1, price: 0.01, type: 5 }),
        () => distribute(token ?? "", { memberId: ids.demoSub1, type: 6 }),
        () => api(token, "POST", "pc/memberCash/endNoLimit", { payload: { memberId: ids.demoSub1 } }),
        () => api(token, "POST", "pc/member/updateMemberStatus", { payload: { username: "demo-sub1", status: 0 } }),
      ];
      for (const make of calls) {
        const res = await make();
        const body = envelopeOf(res);
        expect(body.code, who).not.toBe(0);
        expect(JSON.stringify(body.data ?? null), who).not.toMatch(/demo-sub1|balance/);
      }
      if (token) {
        const listed = await api(token, "GET", "pc/memberCash/cashDetails");
        const names = (envelopeOf<Row[] | null>(listed).data ?? []).map((row) => row.username);
        // Each caller sees at most itself: never another account's child.
        const own = { child: "demo-sub1", otherMain: "acme", sibling: "demo-sub2", disabled: "demo-sub2" }[who];
        expect(
          names.filter((name) => name !== own),
          who,
        ).toEqual([]);
      }
    }
    expect(await transferCount(server.db)).toBe(before.count);
    expect(await cashRows()).toEqual(before.rows);
    // The main account may.
    expect(envelopeOf(await distribute(tokens.demo, { memberId: ids.demoSub1, price: 1, type: 3 })).code).toBe(0);
    await api(tokens.demo, "POST", "pc/member/updateMemberStatus", { payload: { username: "demo-sub2", status: 1 } });
    tokens.demoSub2 = (await login(server.app, "demo-sub2", "demo1234")).token;
  });
});

describe("concurrency", () => {
  it("SUB-034: concurrent recharges and take-backs interleaved with the children's payments and refunds keep every rule", async () => {
    await deposit(server.db, ids.demo, 100_000);
    for (const child of [ids.demoSub1, ids.demoSub2])
      expect(envelopeOf(await distribute(tokens.demo, { memberId: child, price: 50, type: 3 })).code).toBe(0);
    const work: Array<Promise<unknown>> = [];
    for (let i = 0; i < 60; i += 1) {
      const child = i % 2 === 0 ? ids.demoSub1 : ids.demoSub2;
      const token = i % 2 === 0 ? tokens.demoSub1 : tokens.demoSub2;
      if (i % 3 === 0) work.push(distribute(tokens.demo, { memberId: child, price: 3, type: 3 }));
      else if (i % 3 === 1) work.push(distribute(tokens.demo, { memberId: child, price: 2, type: 5 }));
      else
        work.push(
          payOrder(token, child, 500).then(async ({ order, result }) => {
            if (result?.sign === "fail" || i % 2 === 0) return;
            await api(token, "GET", "pc/order/canceMtmOrder", {
              query: { orderId: String(order.id) },
              key: randomUUID(),
            });
          }),
        );
    }
    const settled = await Promise.allSettled(work);
    for (const outcome of settled) expect(outcome.status).toBe("fulfilled");
    for (const id of [ids.demo, ids.demoSub1, ids.demoSub2])
      expect(await memberBalanceCents(server.db, id)).toBeGreaterThanOrEqual(0);
    await expectFiguresFromLedger();
  });
});

describe("change password", () => {
  it("ACCT-015 ACCT-023: bad input: wrong original, same as old, too short, missing fields; nothing changes", async () => {
    const cases: Array<[unknown, number | string]> = [
      [{ originalPassword: "wrong-password", password: "brand-new-1" }, 1001],
      [{ originalPassword: "acme1234", password: "acme1234" }, 1002],
      [{ originalPassword: "acme1234", password: "short" }, 1002],
      [{ password: "brand-new-1" }, 400],
      [{ originalPassword: "acme1234" }, 400],
      [{ originalPassword: "", password: "brand-new-1" }, 400],
    ];
    for (const [payload, code] of cases) {
      const res = await api(tokens.acme, "POST", "pc/member/changePasswordByOriginalPassword", { payload });
      expect(envelopeOf(res).code, JSON.stringify(payload)).toBe(code);
    }
    expect((await login(server.app, "acme", "acme1234")).token).toBeTruthy();
  });

  it("ACCT-015 ACCT-016: a change revokes every other session of the account; the new password signs in", async () => {
    const other = (await login(server.app, "acme", "acme1234")).token;
    const res = await api(tokens.acme, "POST", "pc/member/changePasswordByOriginalPassword", {
      payload: { originalPassword: "acme1234", password: "acme-new-5678" },
    });
    expect(envelopeOf(res).code).toBe(0);
    expect((await api(other, "GET", "pc/memberCash/balance")).statusCode).toBe(401);
    // This session lives until the page signs it out (500 ms later, ACCT-016).
    expect((await api(tokens.acme, "GET", "pc/memberCash/balance")).statusCode).toBe(200);
    expect(envelopeOf(await loginRequest(server.app, "acme", "acme1234")).code).toBe(1001);
    expect((await login(server.app, "acme", "acme-new-5678")).token).toBeTruthy();
  });

  it("ACCT-017: wrong original passwords are throttled like sign-in", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await api(tokens.demoSub2, "POST", "pc/member/changePasswordByOriginalPassword", {
        payload: { originalPassword: `guess-${i}`, password: "brand-new-1" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});

/**
 * A time zone whose current month does not end within the next hour (UTC, or a zone far ahead or behind),
 * so that no test of the monthly limit depends on the moment it runs.
 */
function steadyTimeZone(): string {
  const now = new Date();
  const later = new Date(now.getTime() + 3_600_000);
  const zone = ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago"].find(
    (tz) => monthStartIn(now, tz).getTime() === monthStartIn(later, tz).getTime(),
  );
  if (!zone) throw new Error("no steady time zone");
  return zone;
}

interface LimitRow extends Row {
  monthlyLimit: string | null;
  monthlySpent: string;
  monthlyLeft: string | null;
  reserved: string;
  available: string;
  recent: Array<{ id: number; transferId: number; dealItem: number; price: string; balance: string; dealDate: string }>;
}

const setLimit = (token: string | null, payload: unknown) =>
  api(token, "POST", "pc/memberCash/monthlyLimit", { payload });

/** What demo-sub2 spent this month on orders and was not refunded, read from the ledger independently. */
async function spentThisMonth(memberId: number, timeZone: string): Promise<number> {
  const since = monthStartIn(new Date(), timeZone).toISOString();
  const result = (await server.db.execute(sql`
    select coalesce(sum(t.amount_cents), 0)::bigint as spent
    from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
    where a.member_id = ${memberId} and t.kind = 'order' and t.created_at >= ${since}::timestamptz
      and t.id not in (select reverses_transfer_id from ledger_transfers where reverses_transfer_id is not null)`)) as unknown as {
    rows: Array<{ spent: string | number }>;
  };
  return Number(result.rows[0]!.spent);
}

/**
 * An order payment of `memberId` (its account -> sales) written straight into the ledger at `at` (the
 * calls date a movement now): the transfer, its two postings, the balances after, under the accounts' locks.
 */
async function paidAt(memberId: number, amountCents: number, at: Date) {
  await server.db.transaction(async (tx) => {
    const read = async <T>(query: ReturnType<typeof sql>) =>
      ((await tx.execute(query)) as unknown as { rows: T[] }).rows[0]!;
    type Locked = { id: number; balance: string | number; currency: string };
    const from = await read<Locked>(sql`select a.id, a.balance_cents as balance, a.currency from ledger_accounts a
      join members m on m.id = a.member_id and m.money_type = a.currency where a.member_id = ${memberId} for update`);
    const to = await read<Locked>(
      sql`select id, balance_cents as balance, currency from ledger_accounts where system = 'sales' and currency = ${from.currency} for update`,
    );
    const { id } = await read<{ id: number }>(sql`insert into ledger_transfers
      (debit_account_id, credit_account_id, amount_cents, currency, kind, reference, created_at)
      values (${from.id}, ${to.id}, ${amountCents}, ${from.currency}, 'order', ${`back-dated:${randomUUID()}`}, ${at.toISOString()}::timestamptz)
      returning id`);
    const fromAfter = Number(from.balance) - amountCents;
    const toAfter = Number(to.balance) + amountCents;
    await tx.execute(sql`insert into ledger_postings
      (transfer_id, account_id, side, amount_cents, currency, balance_after_cents, created_at) values
      (${id}, ${from.id}, 'debit', ${-amountCents}, ${from.currency}, ${fromAfter}, ${at.toISOString()}::timestamptz),
      (${id}, ${to.id}, 'credit', ${amountCents}, ${from.currency}, ${toAfter}, ${at.toISOString()}::timestamptz)`);
    await tx.execute(sql`update ledger_accounts set balance_cents = ${fromAfter} where id = ${from.id}`);
    await tx.execute(sql`update ledger_accounts set balance_cents = ${toAfter} where id = ${to.id}`);
  });
}

describe("monthly spending limit, available and reserved (issue 22, beyond the documents)", () => {
  it("a child over its monthly limit is refused naming the limit and what is left; nothing moves; a refund frees it", async () => {
    const timeZone = steadyTimeZone();
    await deposit(server.db, ids.demo, 50_000);
    expect(envelopeOf(await distribute(tokens.demo, { memberId: ids.demoSub2, price: 100, type: 3 })).code).toBe(0);
    const spentBefore = await spentThisMonth(ids.demoSub2, timeZone);
    const set = envelopeOf<LimitRow>(
      await setLimit(tokens.demo, { memberId: ids.demoSub2, limit: (spentBefore + 3_000) / 100, timeZone }),
    );
    expect(set.code).toBe(0);
    expect(set.message).toBe("Monthly limit saved");
    expect(set.data.monthlyLimit).toBe(((spentBefore + 3_000) / 100).toFixed(2));
    expect(set.data.monthlyLeft).toBe("30.00");

    const first = await payOrder(tokens.demoSub2, ids.demoSub2, 2_000);
    expect(first.result?.sign).toBe("success");
    const balance = await memberBalanceCents(server.db, ids.demoSub2);
    const count = await transferCount(server.db);
    const over = await payOrder(tokens.demoSub2, ids.demoSub2, 1_500);
    expect(over.result).toMatchObject({ code: 1, sign: "fail", status: ORDER_STATUS.pending });
    const limitText = formatMoney(spentBefore + 3_000, "USD", "en");
    expect(envelopeOf<Record<string, { msg: string }>>(over.res).data[String(over.order.id)]!.msg).toBe(
      `Monthly spending limit ${limitText}: USD\u00a010.00 left this month`,
    );
    expect(await transferCount(server.db)).toBe(count);
    expect(await memberBalanceCents(server.db, ids.demoSub2)).toBe(balance);

    // the card: the limit, what was spent and is left; reserved is the pending order; available is capped by the limit
    const row = (await cashRows()).find((r) => r.id === ids.demoSub2) as LimitRow;
    expect(cents(row.monthlySpent)).toBe(await spentThisMonth(ids.demoSub2, timeZone));
    expect(row.monthlyLeft).toBe("10.00");
    expect(cents(row.reserved)).toBeGreaterThanOrEqual(1_500);
    expect(row.available).toBe("10.00");
    // the child reads the same of itself
    const own = envelopeOf<{ balance: string; reserved: string; available: string; monthlyLeft: string | null }>(
      await api(tokens.demoSub2, "GET", "pc/memberCash/balance"),
    ).data;
    expect(own).toMatchObject({ monthlyLeft: "10.00", available: "10.00", reserved: row.reserved });
    expect(cents(own.balance)).toBe(balance);

    // a refund of this month's payment gives the limit back
    const cancel = await api(tokens.demoSub2, "GET", "pc/order/canceMtmOrder", {
      query: { orderId: String(first.order.id) },
      key: randomUUID(),
    });
    expect(envelopeOf(cancel).code).toBe(0);
    expect((await childRow(ids.demoSub2)) as LimitRow).toMatchObject({ monthlyLeft: "30.00" });
    const again = await payOrder(tokens.demoSub2, ids.demoSub2, 1_500);
    expect(again.result?.sign).toBe("success");

    // no limit again
    const off = envelopeOf<LimitRow>(await setLimit(tokens.demo, { memberId: ids.demoSub2, limit: null }));
    expect(off.data).toMatchObject({ monthlyLimit: null, monthlyLeft: null });
    await expectFiguresFromLedger();
  });

  it("a main account's available is its balance less its pending orders; the account itself has no recent list", async () => {
    const [self] = (await cashRows()) as LimitRow[];
    const reserved = Number(
      (
        (await server.db.execute(
          sql`select coalesce(sum(price_cents), 0)::bigint as n from orders where member_id = ${ids.demo} and status_id = ${ORDER_STATUS.pending}`,
        )) as unknown as { rows: Array<{ n: string | number }> }
      ).rows[0]!.n,
    );
    expect(cents(self!.reserved)).toBe(reserved);
    expect(cents(self!.available)).toBe(Math.max(0, (await memberBalanceCents(server.db, ids.demo)) - reserved));
    expect(self!.monthlyLimit).toBeNull();
    expect(self!.recent).toEqual([]);
    const balance = envelopeOf<{ reserved: string; available: string }>(
      await api(tokens.demo, "GET", "pc/memberCash/balance"),
    ).data;
    expect(balance).toMatchObject({ reserved: self!.reserved, available: self!.available });
  });

  it("SUB-004 SUB-034 setting a limit: bad input is refused with its message, and only the main account of the child may", async () => {
    const before = await cashRows();
    // negative, a fraction of a cent, too large (just above the most, and far above): the rule's message
    for (const limit of [-1, -0.01, 0.001, 12.345, 100_000_000.01, 1e12]) {
      const res = await setLimit(tokens.demo, { memberId: ids.demoSub1, limit });
      expect(res.statusCode, String(limit)).toBe(200);
      expect(envelopeOf(res), String(limit)).toMatchObject({
        code: 1002,
        message: "The monthly limit must be an amount of 0 or more with at most two decimals, or none",
      });
    }
    const refusals: Array<[unknown, number]> = [
      [{ memberId: ids.demoSub1, limit: -1 }, 1002],
      [{ memberId: ids.demoSub1, limit: 0.001 }, 1002],
      [{ memberId: ids.demoSub1, limit: 1e12 }, 1002],
      [{ memberId: ids.demoSub1, limit: 10, timeZone: "Mars/Olympus" }, 1002],
      [{ memberId: ids.acme, limit: 10 }, 1003],
      [{ memberId: ids.demo, limit: 10 }, 1003],
      [{ memberId: ids.demoSub1, limit: "ten" }, 400],
      [{ memberId: ids.demoSub1 }, 400],
      [{ memberId: ids.demoSub1, limit: 10, extra: 1 }, 400],
    ];
    for (const [payload, code] of refusals) {
      const res = await setLimit(tokens.demo, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(envelopeOf(res).code, JSON.stringify(payload)).toBe(code);
    }
    const zh = await api(tokens.demo, "POST", "pc/memberCash/monthlyLimit", {
      payload: { memberId: ids.demoSub1, limit: 10, timeZone: "Mars/Olympus" },
      language: "zh",
    });
    expect(envelopeOf(zh).message).toBe("Mars/Olympus 不是有效的时区");
    // the child itself, a sibling, another main account, no token: refused, nothing changed
    for (const token of [tokens.demoSub1, tokens.demoSub2, tokens.acme, null]) {
      const res = await setLimit(token, { memberId: ids.demoSub1, limit: 1 });
      expect(envelopeOf(res).code).not.toBe(0);
      expect(JSON.stringify(envelopeOf(res).data ?? null)).not.toMatch(/demo-sub1/);
    }
    expect(await cashRows()).toEqual(before);
  });

  it("a monthly limit of N with 2N concurrent payments: exactly N worth paid", async () => {
    const timeZone = steadyTimeZone();
    await deposit(server.db, ids.demo, 50_000);
    expect(envelopeOf(await distribute(tokens.demo, { memberId: ids.demoSub2, price: 200, type: 3 })).code).toBe(0);
    const spent = await spentThisMonth(ids.demoSub2, timeZone);
    // N = 10 payments of 5.00 left under the limit; 20 are sent at once
    expect(
      envelopeOf(await setLimit(tokens.demo, { memberId: ids.demoSub2, limit: (spent + 5_000) / 100, timeZone })).code,
    ).toBe(0);
    const balance = await memberBalanceCents(server.db, ids.demoSub2);
    const payments = await Promise.all(Array.from({ length: 20 }, () => payOrder(tokens.demoSub2, ids.demoSub2, 500)));
    const paid = payments.filter((p) => p.result?.sign === "success").length;
    expect(paid).toBe(10);
    for (const refused of payments.filter((p) => p.result?.sign !== "success"))
      expect(refused.result?.status).toBe(ORDER_STATUS.pending);
    expect(await spentThisMonth(ids.demoSub2, timeZone)).toBe(spent + 5_000);
    expect(await memberBalanceCents(server.db, ids.demoSub2)).toBe(balance - 5_000);
    expect(((await childRow(ids.demoSub2)) as LimitRow).monthlyLeft).toBe("0.00");
    await setLimit(tokens.demo, { memberId: ids.demoSub2, limit: null });
    await expectFiguresFromLedger();
  });

  it("each child's card carries its last five movements, newest first, as the ledger has them", async () => {
    const rows = (await cashRows()) as LimitRow[];
    for (const row of rows.slice(1)) {
      const ledger = (await server.db.execute(sql`
        select p.id, p.transfer_id, p.amount_cents::bigint as amount, p.balance_after_cents::bigint as after
        from ledger_postings p join ledger_accounts a on a.id = p.account_id
        where a.member_id = ${row.id} order by p.created_at desc, p.id desc limit 5`)) as unknown as {
        rows: Array<{
          id: string | number;
          transfer_id: string | number;
          amount: string | number;
          after: string | number;
        }>;
      };
      expect(row.recent.map((m) => m.id)).toEqual(ledger.rows.map((r) => Number(r.id)));
      expect(row.recent.map((m) => cents(m.price.replace("+", "")))).toEqual(ledger.rows.map((r) => Number(r.amount)));
      expect(row.recent.map((m) => cents(m.balance))).toEqual(ledger.rows.map((r) => Number(r.after)));
      expect(row.recent.length).toBe(5);
    }
    // demo-sub2's newest movements are the payments above (order payments, dealItem 2, money out)
    const sub2 = rows.find((r) => r.id === ids.demoSub2)!;
    expect(sub2.recent[0]).toMatchObject({ dealItem: 2 });
    expect(sub2.recent[0]!.price.startsWith("-")).toBe(true);
  });

  it("the month starts on the first at midnight in the account's time zone, for the card as for the payment's limit", async () => {
    const timeZone = steadyTimeZone();
    const monthStart = monthStartIn(new Date(), timeZone);
    await deposit(server.db, ids.demo, 50_000);
    expect(envelopeOf(await distribute(tokens.demo, { memberId: ids.demoSub1, price: 100, type: 3 })).code).toBe(0);
    expect(envelopeOf(await setLimit(tokens.demo, { memberId: ids.demoSub1, limit: null, timeZone })).code).toBe(0);
    const before = (await childRow(ids.demoSub1)) as LimitRow;
    // two order payments of the child written into the ledger back-dated: 3.00 a millisecond before the month, 7.00 at its start
    await paidAt(ids.demoSub1, 300, new Date(monthStart.getTime() - 1));
    await paidAt(ids.demoSub1, 700, monthStart);
    const after = (await childRow(ids.demoSub1)) as LimitRow;
    expect(cents(after.monthlySpent) - cents(before.monthlySpent)).toBe(700);
    expect(cents(after.monthlySpent)).toBe(await spentThisMonth(ids.demoSub1, timeZone));
    expect(cents(after.amountUsed) - cents(before.amountUsed)).toBe(1_000);
    // the payment's limit counts the same month: 5.00 left, a payment of 6.00 refused, one of 5.00 paid
    const limit = (cents(after.monthlySpent) + 500) / 100;
    const set = envelopeOf<LimitRow>(await setLimit(tokens.demo, { memberId: ids.demoSub1, limit, timeZone }));
    expect(set.data.monthlyLeft).toBe("5.00");
    const over = await payOrder(tokens.demoSub1, ids.demoSub1, 600);
    expect(over.result).toMatchObject({ sign: "fail" });
    expect(envelopeOf<Record<string, { msg: string }>>(over.res).data[String(over.order.id)]!.msg).toContain(
      "USD\u00a05.00 left this month",
    );
    expect((await payOrder(tokens.demoSub1, ids.demoSub1, 500)).result?.sign).toBe("success");
    expect(((await childRow(ids.demoSub1)) as LimitRow).monthlyLeft).toBe("0.00");
    await setLimit(tokens.demo, { memberId: ids.demoSub1, limit: null });
    await expectFiguresFromLedger();
  });
});
