import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENDER, HEIGHT_UNIT, ORDER_STATUS, WEIGHT_UNIT } from "../../domain/ids.ts";
import { customers, labels, orderLabels } from "../../server/db/schema.ts";
import { bodyOf, call, insertOrder } from "./cartHelpers.ts";
import { login, startServer, type TestServer } from "./fixture.ts";
import { memberIds, type MemberIds } from "./members.ts";

/**
 * Issue 21: every filter and the sort the order lists offer can be answered through an index. The
 * statements a list request runs (captured by the query log, with their parameters) are explained with
 * sequential scans disabled: a table with no index fit for the filter is still read by a sequential scan
 * then, so any "Seq Scan" on a big table (orders, order_labels, order_events) fails the test. Runs on
 * PGlite and, in `npm run test:postgres`, on PostgreSQL.
 */
let server: TestServer;
let ids: MemberIds;
let token = "";
let subToken = "";
let labelId = 0;
let customerId = 0;
let orderId = 0;
const BIG_TABLES = ["orders", "order_labels", "order_events"];

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

const scansOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(scansOf)];

/**
 * The plan of one statement with sequential scans disabled (as far as the planner can avoid them): the
 * custom plan PostgreSQL makes with the values, or (`generic`) the plan a prepared statement switches to
 * after five runs, made without them (`PREPARE`, then `EXPLAIN EXECUTE` with `plan_cache_mode` forced):
 * the lists run as prepared statements (server/db/prepared.ts), so both must find an index.
 */
async function planOf(statement: string, params: unknown[], bitmapOnly = false, generic = false): Promise<PlanNode> {
  const client = (server.db as unknown as { $client: PGlite | pg.Pool }).$client;
  // EXECUTE's arguments are part of a utility statement, which takes no bound parameters: written as literals
  const args = params.map(literal).join(", ");
  const explain = generic
    ? `explain (format json) execute list_indexes_generic${args ? `(${args})` : ""}`
    : `explain (format json) ${statement}`;
  const read = async (q: { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> }) => {
    await q.query("set enable_seqscan = off");
    if (bitmapOnly) await q.query("set enable_indexscan = off");
    if (generic) {
      await q.query(`prepare list_indexes_generic as ${statement}`);
      await q.query("set plan_cache_mode = force_generic_plan");
    }
    try {
      const { rows } = await q.query(explain, generic ? [] : params);
      const cell = (rows[0] as Record<string, unknown>)["QUERY PLAN"];
      const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
      return plan[0]!.Plan;
    } finally {
      await q.query("reset enable_seqscan");
      await q.query("reset enable_indexscan");
      if (generic) {
        await q.query("reset plan_cache_mode");
        await q.query("deallocate list_indexes_generic");
      }
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

/** A parameter as an SQL literal (the prepared statement's parameter types give it its type). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") return String(value);
  const text = Array.isArray(value)
    ? `{${value.map((item) => (typeof item === "number" ? String(item) : JSON.stringify(item))).join(",")}}`
    : value instanceof Date
      ? value.toISOString()
      : typeof value === "string"
        ? value
        : JSON.stringify(value);
  return pg.escapeLiteral(text);
}

/** The big tables a statement reads by a sequential scan, in its custom plan and in its generic plan. */
async function seqScansOf(statement: string, params: unknown[], tables: readonly string[]) {
  const found: string[] = [];
  for (const generic of [false, true])
    for (const node of scansOf(await planOf(statement, params, false, generic)))
      if (node["Node Type"] === "Seq Scan" && tables.includes(node["Relation Name"] ?? ""))
        found.push(`${node["Relation Name"]}${generic ? " (generic plan)" : ""}`);
  return found;
}

/** The statements (with parameters) of one GET, token look-up left out, answered 200 with code 0. */
async function statementsOf(asToken: string, url: string, query: Record<string, string>) {
  const { result, statements, params } = await server.queries.during(() =>
    call(server.app, asToken, "GET", url, { query }),
  );
  expect(result.statusCode, result.body).toBe(200);
  expect(bodyOf(result).code, result.body).toBe(0);
  return statements
    .map((sql, n) => ({ sql, params: params[n]! }))
    .filter((s) => !s.sql.includes('from "access_tokens"'));
}

async function expectIndexed(asToken: string, url: string, query: Record<string, string>) {
  const statements = await statementsOf(asToken, url, query);
  expect(statements.length).toBeGreaterThan(0);
  for (const { sql, params } of statements)
    expect(await seqScansOf(sql, params, BIG_TABLES), `${JSON.stringify(query)}\n${sql}`).toEqual([]);
}

beforeAll(async () => {
  server = await startServer();
  token = (await login(server.app, "demo", "demo1234")).token;
  subToken = (await login(server.app, "demo-sub1", "demo1234")).token;
  ids = await memberIds(server.db);
  const { db } = server;
  [{ id: labelId }] = (await db
    .insert(labels)
    .values({ memberId: ids.demo, content: "Indexed", color: "#1f6feb" })
    .returning({ id: labels.id })) as [{ id: number }];
  [{ id: customerId }] = (await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.memberId, ids.demo))
    .limit(1)) as [{ id: number }];
  orderId = (await insertOrder(db, ids.demo, { status: ORDER_STATUS.cutting, cusOrderCode: "IDX-1" })).id;
  await db.insert(orderLabels).values({ orderId, labelId });
  await insertOrder(db, ids.demoSub1, { status: ORDER_STATUS.cutting });
});
afterAll(async () => {
  await server?.close();
});

const FILTERS: Array<[string, () => Record<string, string>]> = [
  ["no filter", () => ({})],
  ["orderNum", () => ({ orderNum: "IDX-1" })],
  ["customerId", () => ({ customerId: String(customerId) })],
  ["sizeCategoryId", () => ({ sizeCategoryId: "10052" })],
  ["clothId", () => ({ clothId: "3000" })],
  ["orderType", () => ({ orderType: "7" })],
  ["start/end", () => ({ start: "2020-01-01", end: "2099-12-31" })],
  ["deliveryDateStart/End", () => ({ deliveryDateStart: "2020-01-01", deliveryDateEnd: "2099-12-31" })],
  ["finalDeliveryDateStart/End", () => ({ finalDeliveryDateStart: "2020-01-01", finalDeliveryDateEnd: "2099-12-31" })],
  ["keyWord", () => ({ keyWord: "IDX" })],
  ["isShip", () => ({ isShip: "0" })],
  ["labelIds", () => ({ labelIds: String(labelId) })],
  ["userId (a sub-account)", () => ({ userId: String(ids.demoSub1) })],
  ["a page past the end", () => ({ pageNum: "500" })],
];

describe("the order lists' filters and sort are answered through indexes (issue 21)", () => {
  for (const type of ["1", "2", "3", "4"]) {
    for (const [name, query] of FILTERS) {
      it(`list type ${type}, ${name}: no sequential scan of a big table`, async () => {
        await expectIndexed(token, "/api/pc/order/getOrderCartList", { type, ...query() });
      });
    }
  }

  it("a sub-account's list: no sequential scan of a big table", async () => {
    await expectIndexed(subToken, "/api/pc/order/getOrderCartList", { type: "2" });
  });

  it("an order's details: no sequential scan of a big table", async () => {
    await expectIndexed(token, "/api/pc/order/orderDetail", { orderId: String(orderId) });
  });
});

/**
 * The indexes the plans of one GET's statements read, sequential scans disabled; `bitmapOnly` disables plain
 * index scans too. Without it the planner walks a small catalogue in its sort order (the b-tree of the ORDER
 * BY) and filters, which at 132 goods or 2,000 fabrics is as cheap; with it, what answers the filter shows.
 */
async function indexesOf(asToken: string, url: string, query: Record<string, string>, bitmapOnly: boolean) {
  const names = new Set<string>();
  for (const { sql, params } of await statementsOf(asToken, url, query))
    for (const node of scansOf(await planOf(sql, params, bitmapOnly)))
      if (node["Index Name"]) names.add(node["Index Name"]);
  return [...names];
}

describe("the catalogues' contains-searches (LIKE '%text%') are answered by trigram indexes (pg_trgm)", () => {
  beforeAll(async () => {
    await server.db.execute(sql`analyze fabrics, goods`);
  });
  const CASES: Array<[string, () => string, string, Record<string, string>, boolean, string]> = [
    [
      "FAB-008 FAB-001 the fabric library by code",
      () => "",
      "/api/pc/fabric",
      { fabricCode: "1007" },
      false,
      "fabrics_fabric_code_trgm",
    ],
    [
      "the fabric search of order entry",
      () => token,
      "/api/pc/fabric/dmFabric",
      { keywords: "hl1007" },
      true,
      "fabrics_search_text_trgm",
    ],
    [
      "GOODS-003 GOODS-015 the mall's search",
      () => "",
      "/api/pc/goods/list",
      { goodName: "windsor" },
      true,
      "goods_search_text_trgm",
    ],
  ];
  for (const [name, who, url, query, bitmapOnly, index] of CASES) {
    it(`${name}: ${index}`, async () => {
      expect(await indexesOf(who(), url, query, bitmapOnly)).toContain(index);
    });
  }
});

describe("the shipment reads are answered through indexes (issue 23)", () => {
  // the shipment tables and orders: no sequential scan for any filter, sort or page (SHIP-023, SHIP-027)
  const SHIPMENT_TABLES = [...BIG_TABLES, "shipments", "shipment_orders"];
  const CASES: Array<[string, string, Record<string, string>]> = [
    ["SHIP-023 the shipment list", "/api/pc/shipping/list", {}],
    ["SHIP-023 the shipment list by keyword", "/api/pc/shipping/list", { keywords: "SH" }],
    ["SHIP-023 the shipment list by status", "/api/pc/shipping/list", { status: "10371" }],
    ["SHIP-023 a shipment page past the end", "/api/pc/shipping/list", { pageNum: "500" }],
    ["SHIP-027 the addable orders", "/api/pc/shipping/addOrder", {}],
    ["SHIP-027 by planned delivery", "/api/pc/shipping/addOrder", { deliveryDateSort: "1" }],
    ["SHIP-027 by creation, oldest first", "/api/pc/shipping/addOrder", { pubDateSort: "1" }],
    ["SHIP-027 by keyword", "/api/pc/shipping/addOrder", { keywords: "MTM" }],
    ["SHIP-027 by dates", "/api/pc/shipping/addOrder", { start: "2020-01-01", end: "2099-12-31" }],
    ["SHIP-027 a shipment's own orders again", "/api/pc/shipping/addOrder", { deliveryCode: "SH1" }],
    ["SHIP-027 an addable page past the end", "/api/pc/shipping/addOrder", { pageNum: "500" }],
  ];
  for (const [name, url, query] of CASES) {
    it(name, async () => {
      const statements = await statementsOf(token, url, query);
      expect(statements.length).toBeGreaterThan(0);
      for (const { sql, params } of statements)
        expect(await seqScansOf(sql, params, SHIPMENT_TABLES), `${JSON.stringify(query)}\n${sql}`).toEqual([]);
    });
  }

  it("SHIP-027 the addable total is counted from the account's index, once per statement", async () => {
    const [page] = (await statementsOf(token, "/api/pc/shipping/addOrder", {})).filter((s) =>
      s.sql.includes('from "orders"'),
    );
    const nodes = scansOf(await planOf(page!.sql, page!.params));
    expect(nodes.map((node) => node["Index Name"])).toContain("orders_member_status_id_idx");
    // no window over every match: the page stops at its last row
    expect(nodes.map((node) => node["Node Type"])).not.toContain("WindowAgg");
  });
});

describe("the customer book's list and search are answered through indexes (issue 24)", () => {
  // A book of thousands (as the benchmark's), so the planner weighs the indexes as it would in use; one
  // insert, no second server.
  beforeAll(async () => {
    await server.db.execute(sql`insert into customers (member_id, cust_name, short_name, gender_id, height,
      height_unit, weight, weight_unit, phone, email)
      select ${ids.demo}, 'Book ' || n, 'B' || n, ${GENDER.male}, 180, ${HEIGHT_UNIT.cm}, 80, ${WEIGHT_UNIT.kg}, '+44 7700 ' || lpad(n::text, 6, '0'),
        'book' || n || '@example.com' from generate_series(1, 3000) n`);
    await server.db.execute(sql`analyze customers`);
  });
  /** The plan nodes of the GET's statement that reads the customers. */
  async function customerPlan(url: string, query: Record<string, string>, bitmapOnly: boolean) {
    const [statement] = (await statementsOf(token, url, query)).filter((s) => /from "customers"/.test(s.sql));
    expect(statement, `${url} reads the customers`).toBeDefined();
    return scansOf(await planOf(statement!.sql, statement!.params, bitmapOnly));
  }

  it("CUST-035 a page of the list comes from the account's b-tree, its total counted beside it: no window over every customer", async () => {
    for (const pageNum of ["1", "3"]) {
      const nodes = await customerPlan("/api/pc/customer", { pageNum, pageSize: "18" }, false);
      expect(nodes.map((node) => node["Index Name"])).toContain("customers_member_idx");
      expect(nodes.map((node) => node["Node Type"])).not.toContain("WindowAgg");
    }
  });

  const SEARCHES: Array<[string, string, Record<string, string>]> = [
    ["CUST-002 the book's keyword search", "/api/pc/customer", { keywords: "charlotte" }],
    ["CUST-002 the book's search by two words", "/api/pc/customer", { keywords: "charlotte lottie" }],
    ["QO-011 order entry's customer search (getCust)", "/api/pc/customer/getCust", { keywords: "charlotte" }],
    // many matches, late in name order, that the planner expects early
    ["CUST-002 the book's search by two common words", "/api/pc/customer", { keywords: "book 29" }],
  ];
  for (const [name, url, query] of SEARCHES)
    it(`${name}: the trigram index of name, nickname, phone and e-mail, no window count`, async () => {
      const nodes = await customerPlan(url, query, false);
      // the page and its total both from the matches the trigram index finds: never a walk of the whole book
      // in name order, filtering each customer (which reads most of it for a late or rare match)
      expect(nodes.map((node) => node["Index Name"])).toContain("customers_search_trgm");
      expect(nodes.map((node) => node["Index Name"])).not.toContain("customers_member_idx");
      expect(nodes.map((node) => node["Node Type"])).not.toContain("WindowAgg");
    });
});

describe("no index is a prefix of another (every index costs each write; issue 22's distributions write postings)", () => {
  it("no plain b-tree index's columns begin another b-tree index of the same table", async () => {
    // the leading columns of a plain index that another index already starts with: the planner reads the
    // longer one for the same lookups, and the shorter only makes every insert slower
    const result = (await server.db.execute(sql`
      select a.indexrelid::regclass::text as redundant, b.indexrelid::regclass::text as covered_by
      from pg_index a
      join pg_index b on b.indrelid = a.indrelid and b.indexrelid <> a.indexrelid
      join pg_class ca on ca.oid = a.indexrelid
      join pg_class cb on cb.oid = b.indexrelid
      join pg_namespace n on n.oid = ca.relnamespace
      join pg_am am on am.oid = ca.relam
      join pg_am bm on bm.oid = cb.relam
      where n.nspname = 'public' and am.amname = 'btree' and bm.amname = 'btree'
        and not a.indisunique and a.indpred is null and b.indpred is null
        and a.indexprs is null and b.indexprs is null and a.indnkeyatts <= b.indnkeyatts
        -- the same key columns first, with the same operator classes, collations and orders
        and (b.indkey::int2[])[0:a.indnkeyatts - 1] = (a.indkey::int2[])[0:a.indnkeyatts - 1]
        and (b.indclass::oid[])[0:a.indnkeyatts - 1] = (a.indclass::oid[])[0:a.indnkeyatts - 1]
        and (b.indcollation::oid[])[0:a.indnkeyatts - 1] = (a.indcollation::oid[])[0:a.indnkeyatts - 1]
        and (b.indoption::int2[])[0:a.indnkeyatts - 1] = (a.indoption::int2[])[0:a.indnkeyatts - 1]
      order by 1`)) as unknown as { rows: Array<{ redundant: string; covered_by: string }> };
    expect(result.rows).toEqual([]);
  });
});
