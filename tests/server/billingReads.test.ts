import { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUS } from "../../domain/ids.ts";
import { allocate } from "./billingHelpers.ts";
import { bodyOf, call, insertOrder } from "./cartHelpers.ts";
import { login, startServer, type TestServer } from "./fixture.ts";
import { members } from "../../server/db/schema.ts";
import { memberIds, type MemberIds } from "./members.ts";

/**
 * Issue 22: the billing ledger's and the allocation details' reads cost a fixed number of statements
 * whatever their page holds (the token look-up and one statement: the page, its count and the balance
 * line together; no query per row), and every filter and the sort are answered through indexes: with
 * sequential scans disabled, no statement reads a big table (the ledger's postings and transfers, the
 * orders) by a sequential scan. Runs on PGlite and, in `npm run test:postgres`, on PostgreSQL.
 */
let server: TestServer;
let ids: MemberIds;
const tokens = { demo: "", sub1: "" };
const BIG_TABLES = ["ledger_postings", "ledger_transfers", "orders", "ledger_accounts"];
const today = new Date().toISOString().slice(0, 10);

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}
const scansOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(scansOf)];

/** The plan with sequential scans disabled (`noSort`: sorts too, so an index must give the order). */
async function planOf(statement: string, params: unknown[], noSort = false): Promise<PlanNode> {
  const client = (server.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const read = async (q: { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> }) => {
    await q.query("set enable_seqscan = off");
    if (noSort) await q.query("set enable_sort = off");
    try {
      const { rows } = await q.query(`explain (format json) ${statement}`, params);
      const cell = (rows[0] as Record<string, unknown>)["QUERY PLAN"];
      const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
      return plan[0]!.Plan;
    } finally {
      await q.query("reset enable_seqscan");
      await q.query("reset enable_sort");
    }
  };
  if (client instanceof PGlite) return read(client as unknown as Parameters<typeof read>[0]);
  const connection = await client.connect();
  try {
    return await read(connection as unknown as Parameters<typeof read>[0]);
  } finally {
    connection.release();
  }
}

/** The statements of one GET (answered 200; code 0 for a JSON answer), the token look-up included. */
async function statementsOf(token: string, url: string, query: Record<string, string> = {}) {
  const { result, statements, params } = await server.queries.during(() =>
    call(server.app, token, "GET", url, { query }),
  );
  expect(result.statusCode, result.body.slice(0, 200)).toBe(200);
  if (String(result.headers["content-type"]).startsWith("application/json")) expect(bodyOf(result).code).toBe(0);
  return statements.map((sql, n) => ({ sql, params: params[n]! }));
}

beforeAll(async () => {
  server = await startServer();
  ids = await memberIds(server.db);
  tokens.demo = (await login(server.app, "demo", "demo1234")).token;
  tokens.sub1 = (await login(server.app, "demo-sub1", "demo1234")).token;
  for (let n = 1; n <= 30; n += 1) await allocate(server.db, ids.demo, ids.demoSub1, "sub_recharge", 100 + n);
  await allocate(server.db, ids.demo, ids.demoSub2, "sub_recharge", 500);
  const order = await insertOrder(server.db, ids.demoSub1, { status: ORDER_STATUS.submitted, custName: "Counted" });
  await allocate(server.db, ids.demo, ids.demoSub1, "sub_no_limit", 900, order.code);
});
afterAll(async () => {
  await server?.close();
});

const READS: Array<[string, string, () => Record<string, string>]> = [
  ["memberDeal", "/api/pc/memberDeal", () => ({})],
  ["memberDeal, 80 a page", "/api/pc/memberDeal", () => ({ pageSize: "80" })],
  ["memberDeal, a member", "/api/pc/memberDeal", () => ({ memberId: String(ids.demoSub1) })],
  ["memberDeal, a deal item", "/api/pc/memberDeal", () => ({ dealItem: "3" })],
  ["memberDeal, deal dates", "/api/pc/memberDeal", () => ({ dealStart: today, dealEnd: today })],
  [
    "memberDeal, delivery dates",
    "/api/pc/memberDeal",
    () => ({ deliveryStart: "2020-01-01", deliveryEnd: "2099-12-31" }),
  ],
  ["memberDeal, a keyword", "/api/pc/memberDeal", () => ({ keyword: "Counted" })],
  ["memberDeal, a transfer", "/api/pc/memberDeal", () => ({ transferId: "1" })],
  ["allocationDetails", "/api/pc/memberDeal/allocationDetails", () => ({})],
  ["allocationDetails, 80 a page", "/api/pc/memberDeal/allocationDetails", () => ({ pageSize: "80" })],
  [
    "allocationDetails, a member and a type",
    "/api/pc/memberDeal/allocationDetails",
    () => ({ memberId: String(ids.demoSub1), dealItem: "3" }),
  ],
  ["allocationDetails, dates", "/api/pc/memberDeal/allocationDetails", () => ({ dealStart: today, dealEnd: today })],
];

describe("statements per read (issue 22: no query per row)", () => {
  for (const [name, url, query] of READS) {
    it(`BILL-012 SUB-041 ${name}: the token look-up and one statement, whatever the page holds`, async () => {
      const statements = await statementsOf(tokens.demo, url, query());
      // a page that found rows reads the page, its count and the balance line in one statement
      expect(statements.length, statements.map((s) => s.sql).join("\n\n")).toBeLessThanOrEqual(3);
    });
  }

  it("a 20-row page and an 80-row page cost the same number of statements", async () => {
    const small = await statementsOf(tokens.demo, "/api/pc/memberDeal", { pageSize: "20" });
    const big = await statementsOf(tokens.demo, "/api/pc/memberDeal", { pageSize: "80" });
    expect(big.length).toBe(small.length);
    expect(small.length).toBe(2);
  });

  it("the export reads its rows in one statement; the statement PDF in two", async () => {
    // the token look-up, the export's rate limit (kept in the database, issue 21) and the rows
    const exported = await statementsOf(tokens.demo, "/api/pc/memberDeal/export");
    expect(exported, exported.map((s) => s.sql).join("\n\n")).toHaveLength(3);
    expect(
      await statementsOf(tokens.sub1, "/api/pc/memberDeal/statement", { dealStart: today, dealEnd: today }),
    ).toHaveLength(3);
  });
});

describe("every filter and the sort are answered through indexes (issue 22)", () => {
  for (const [name, url, query] of READS) {
    for (const [who, token] of [
      ["a main account", () => tokens.demo],
      ["a sub-account", () => tokens.sub1],
    ] as const) {
      it(`${name} as ${who}: no sequential scan of a big table`, async () => {
        const q = query();
        if (who === "a sub-account" && q.memberId) q.memberId = String(ids.demoSub1);
        for (const { sql, params } of await statementsOf(token(), url, q)) {
          if (sql.includes('from "access_tokens"')) continue;
          const seqScans = scansOf(await planOf(sql, params)).filter(
            (node) => node["Node Type"] === "Seq Scan" && BIG_TABLES.includes(node["Relation Name"] ?? ""),
          );
          expect(
            seqScans.map((node) => node["Relation Name"]),
            sql,
          ).toEqual([]);
        }
      });
    }
  }
});

describe("the sub-account cards (issue 22: the last five movements of every child in one statement)", () => {
  it("cashDetails costs the same statements for no child and for three children with their movements; no sequential scan", async () => {
    const acme = (await login(server.app, "acme", "acme1234")).token;
    const before = await statementsOf(acme, "/api/pc/memberCash/cashDetails");
    for (const n of [1, 2, 3]) {
      const [child] = await server.db
        .insert(members)
        .values({
          username: `acme-card-${n}`,
          passwordHash: "x",
          parentId: ids.acme,
          displayName: `Card ${n}`,
          moneyType: "CNY",
        })
        .returning({ id: members.id });
      for (let m = 1; m <= 7; m += 1) await allocate(server.db, ids.acme, child!.id, "sub_recharge", 100 * m);
    }
    const { result, statements } = await server.queries.during(() =>
      call(server.app, acme, "GET", "/api/pc/memberCash/cashDetails"),
    );
    const rows = bodyOf<Array<{ username: string; recent: unknown[] }>>(result).data;
    expect(rows.map((row) => row.username)).toEqual(["acme", "acme-card-1", "acme-card-2", "acme-card-3"]);
    for (const row of rows.slice(1)) expect(row.recent).toHaveLength(5);
    expect(statements.length, statements.join("\n\n")).toBe(before.length);
    for (const { sql, params } of await statementsOf(acme, "/api/pc/memberCash/cashDetails")) {
      if (sql.includes('from "access_tokens"')) continue;
      const scans = scansOf(await planOf(sql, params));
      const seqScans = scans.filter(
        (node) => node["Node Type"] === "Seq Scan" && BIG_TABLES.includes(node["Relation Name"] ?? ""),
      );
      expect(
        seqScans.map((node) => node["Relation Name"]),
        sql,
      ).toEqual([]);
    }
  });
});

describe("paging at scale (issue 22: no count of the whole ledger per page)", () => {
  it("BILL-012 BILL-015 SUB-041 the count stops 1,000 rows past the page: exact below, capped and said so above", async () => {
    // a new main account with 1,100 recharges from the top-ups account, written straight into the ledger
    const { rows } = (await server.db.execute(
      sql.raw(`with m as (
         insert into members (username, password_hash, display_name, money_type)
         select 'cap-main', password_hash, 'Cap main', 'USD' from members where username = 'demo' returning id),
       a as (insert into ledger_accounts (member_id, currency) select id, 'USD' from m returning id)
       select a.id as account, (select id from ledger_accounts where system = 'topups' and currency = 'USD') as topups
       from a`),
    )) as unknown as { rows: Array<{ account: number; topups: number }> };
    const { account, topups } = rows[0]!;
    await server.db.execute(
      sql.raw(`with t as (
         insert into ledger_transfers (debit_account_id, credit_account_id, amount_cents, currency, kind, reference, created_at)
         select ${topups}, ${account}, 100, 'USD', 'topup', 'cap:' || g, now() - interval '1 hour' + g * interval '1 second'
         from generate_series(1, 1100) g returning id, created_at)
       insert into ledger_postings (transfer_id, account_id, side, amount_cents, currency, balance_after_cents, created_at)
       select id, p.account_id, p.side, p.amount, 'USD', 0, created_at from t
       cross join lateral (values (${topups}, 'debit', -100), (${account}, 'credit', 100)) as p(account_id, side, amount)`),
    );
    const token = (await login(server.app, "cap-main", "demo1234")).token;
    const page = async (url: string, query: Record<string, string>) =>
      bodyOf<Array<{ dealDate: string }>>(await call(server.app, token, "GET", url, { query })) as unknown as {
        data: Array<{ dealDate: string }>;
        total: number;
        totalCapped: boolean;
      };
    const first = await page("/api/pc/memberDeal", {});
    expect(first).toMatchObject({ total: 1_020, totalCapped: true });
    expect(first.data).toHaveLength(20);
    // newest first across the page boundary
    const second = await page("/api/pc/memberDeal", { pageNum: "2" });
    expect(second).toMatchObject({ total: 1_040, totalCapped: true });
    expect(second.data[0]!.dealDate < first.data.at(-1)!.dealDate).toBe(true);
    // near the end the count is exact; past the end too
    expect(await page("/api/pc/memberDeal", { pageNum: "50" })).toMatchObject({ total: 1_100, totalCapped: false });
    const past = await page("/api/pc/memberDeal", { pageNum: "60" });
    expect(past).toMatchObject({ total: 1_100, totalCapped: false, data: [] });
    // a filter that matches fewer than the window is exact
    expect(await page("/api/pc/memberDeal", { dealItem: "3" })).toMatchObject({ total: 0, totalCapped: false });
    // the allocation details of a family without sub-accounts: nothing, exactly
    expect(await page("/api/pc/memberDeal/allocationDetails", {})).toMatchObject({ total: 0, totalCapped: false });
  });

  it("a family's first page can read the postings in the order of the sort from its index, without sorting them", async () => {
    // The test database is small, so the planner may rather sort a few rows; with sorting disabled it
    // must find the order in an index: ledger_postings_created_idx (at 100,000 movements on PostgreSQL
    // it is the planner's own choice, bench/billing.ts).
    const statements = await statementsOf(tokens.demo, "/api/pc/memberDeal");
    const page = statements.find((s) => s.sql.includes('"ledger_postings"'))!;
    const plan = scansOf(await planOf(page.sql, page.params, true));
    const indexes = plan.map((node) => node["Index Name"]);
    expect(indexes).toContain("ledger_postings_created_idx");
  });

  const ofAccount = ["ledger_postings_account_created_idx", "(account_id, created_at, id)"] as const;
  const ofAccountKind = ["ledger_postings_account_kind_created_idx", "(account_id, kind, created_at, id)"] as const;
  for (const [name, url, dealItem, [index, columns]] of [
    ["memberDeal", "/api/pc/memberDeal", undefined, ofAccount],
    ["memberDeal with a deal item", "/api/pc/memberDeal", "3", ofAccountKind],
    ["allocationDetails", "/api/pc/memberDeal/allocationDetails", undefined, ofAccount],
    ["allocationDetails with a type", "/api/pc/memberDeal/allocationDetails", "3", ofAccountKind],
  ] as const) {
    it(`BILL-012 SUB-041 ${name} of one member reads that account's postings in order from ${columns}`, async () => {
      // One member's page and its count read through the account's index in the order of the sort (the
      // family's sort index would walk every movement of the family to find one child's); a deal item of
      // one kind, through the index that has the kind before the sort, so that a page of a kind that is
      // rare among the account's movements stops at its size too.
      const query: Record<string, string> = { memberId: String(ids.demoSub1), ...(dealItem ? { dealItem } : {}) };
      const statements = await statementsOf(tokens.demo, url, query);
      const page = statements.find((s) => s.sql.includes('"ledger_postings"'))!;
      const postingScans = scansOf(await planOf(page.sql, page.params, true)).filter(
        (node) => node["Relation Name"] === "ledger_postings",
      );
      // the page's ids and its count: each an ordered scan of the account's index (not a bitmap of it, which
      // gives no order); with sorting disabled, the outer join of the 20 rows may use any index for its order
      const accountScans = postingScans.filter((node) => node["Index Name"] === index);
      expect(accountScans.length, page.sql).toBe(2);
      for (const scan of accountScans) expect(["Index Scan", "Index Only Scan"]).toContain(scan["Node Type"]);
    });
  }
});
