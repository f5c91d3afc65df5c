/**
 * The shipment reads under load (issue 23): the shipment list, a shipment's details and the addable-orders
 * list, as demo with the scale: <orders> more orders and <shipments> more shipments written straight
 * into the database before the load (bench/ledgerLoad.ts `startServerWithRows`): each shipment holds two of
 * the new orders (a tenth waiting with orders in production, a tenth packed, a tenth on its way, the rest
 * delivered), the other orders are spread over the production statuses, finished, shipped and cancelled,
 * all created over the past two years.
 *
 *   node --import tsx bench/shipments.ts                                      # against in-memory PGlite
 *   DATABASE_URL=postgres://user:pw@127.0.0.1:5432/db node --import tsx bench/shipments.ts
 *   options: --port <n> (4187)  --connections <n> (50)  --duration <s> (5)  --warmup <s> (1)
 *            --database-url <url> (default: $DATABASE_URL; none: in-memory PGlite)
 *            --orders <n> (20000)  --shipments <n> (5000; each takes 2 orders, so at most orders / 2)
 *            --smoke   400 orders, 100 shipments, a short pass of 4 connections per read, figures checked
 *                      to be numbers (npm test)
 *
 * Starts the real server (bench/server.ts), signs in as demo, checks each read answers code 0, then keeps
 * <connections> keep-alive connections busy on it (closed loop, <warmup> s unrecorded, <duration> s
 * recorded) with the headers a browser sends:
 *
 *   shipment list          GET pc/shipping/list?pageSize=20
 *   shipment list, middle  GET pc/shipping/list?pageSize=20&pageNum=<the middle page>
 *   shipment details       GET pc/shipping/<the list's first shipment>
 *   addable orders         GET pc/shipping/addOrder?pageSize=10
 *   addable, by delivery   GET pc/shipping/addOrder?pageSize=10&deliveryDateSort=1
 *
 * Per read: requests per second, p50/p99 latency and the server's CPU time per request. Goal (issue 23,
 * PostgreSQL, 50 connections): p99 ≤ 50 ms. Reported, never asserted. Figures go to
 * bench/results/shipments.json (shipments-postgres.json on PostgreSQL; results/smoke/ in smoke mode).
 */
import { startServerWithRows } from "./ledgerLoad.ts";
import { browserHeaders, data, expectPassFigures, loadOptions, passOn } from "./load.ts";
import { num } from "./options.ts";
import { machine, runBenchmark, signIn, writeResults, ms, printTable } from "./server.ts";

const options = loadOptions("shipments", {
  port: num(4187),
  duration: num(5, { smoke: 0.3 }),
  warmup: num(1, { smoke: 0.1 }),
  orders: num(20_000, { smoke: 400, whole: true }),
  shipments: num(5_000, { smoke: 100, whole: true }),
});
const { port, connections, durationS, orders: orderCount, smoke, databaseUrl, database, resultsPath } = options;
/** Each shipment takes two orders. */
const shipmentCount = Math.min(Math.floor(orderCount / 2), options.shipments);

/**
 * demo's <orders> orders and <shipments> shipments (see the header). Bench orders are numbered 1..orders
 * (codes MTMBENCH…); shipment s holds orders 2s-1 and 2s. The address is a copy of demo's seeded shipment's.
 */
function shipmentSql(orders: number, shipments: number): string[] {
  const demo = `(select id from members where username = 'demo')`;
  // the shipment of bench order n (null: in none) and its status
  const shipmentOf = (n: string) => `case when ${n} <= ${2 * shipments} then (${n} + 1) / 2 end`;
  const shipmentStatus = (s: string) =>
    `case ${s} % 10 when 0 then 10371 when 1 then 10372 when 2 then 10033 else 10034 end`;
  return [
    `create temporary table bench_orders as
       select g as n, ${shipmentOf("g")} as s,
         now() - interval '730 days' + (g * (interval '730 days' / ${orders})) as at
       from generate_series(1, ${orders}) g`,
    `insert into orders (member_id, order_code, order_type, category_id, status_id, created_at, status_changed_at,
                         cust_name, cus_order_code, fabric_code, price_cents, unit_price_cents, plan_delivery_date, delivery_date)
       select ${demo}, 'MTMBENCH' || lpad(n::text, 8, '0'), 7, 3000,
         case when s is null then (array[10030, 206012, 206013, 206014, 10370, 10370, 10380, 10372])[1 + n % 8]
              else case ${shipmentStatus("s")} when 10371 then 206013 when 10372 then 10370 else 10380 end end,
         at, at, 'Customer ' || (n % 997), 'C' || n, 'F' || (n % 50), 12000, 12000,
         (at + interval '14 days')::date, case when s is not null then (at + interval '20 days')::date end
       from bench_orders order by n`,
    `create temporary table bench_shipments as
       select g as s, ${shipmentStatus("g")} as status,
         now() - interval '720 days' + (g * (interval '720 days' / ${shipments})) as at
       from generate_series(1, ${shipments}) g`,
    `insert into shipments (member_id, code, status_id, ship_date, remark, address_id, address, waybill_no, left_at, track_step, created_at, updated_at)
       select ${demo}, 'SHBENCH' || lpad(s::text, 8, '0'), status, (at + interval '3 days')::date, 'Bench parcel ' || s,
         seeded.address_id, seeded.address,
         case when status in (10033, 10034) then 'SFB' || lpad(s::text, 10, '0') else '' end,
         case when status in (10033, 10034) then at + interval '3 days' end,
         case when status = 10034 then 4 when status = 10033 then 1 else 0 end,
         at, at
       from bench_shipments,
         (select address_id, address from shipments where member_id = ${demo} order by id limit 1) seeded
       order by s`,
    `insert into shipment_orders (shipment_id, order_id, position)
       select sh.id, o.id, (b.n + 1) % 2
       from bench_orders b
       join orders o on o.order_code = 'MTMBENCH' || lpad(b.n::text, 8, '0')
       join shipments sh on sh.code = 'SHBENCH' || lpad(b.s::text, 8, '0')
       where b.s is not null`,
  ];
}

async function main() {
  console.log(
    `shipments: ${database}, ${orderCount} orders, ${shipmentCount} shipments, ${connections} connections, ${durationS} s${smoke ? ", smoke" : ""}`,
  );
  const { server, writeMs } = await startServerWithRows({
    port,
    databaseUrl,
    statements: shipmentSql(orderCount, shipmentCount),
    // the visibility map autovacuum keeps in time, so the counts read their indexes alone
    afterCommit: ["vacuum analyze orders", "vacuum analyze shipments", "vacuum analyze shipment_orders"],
  });
  console.log(`wrote the rows in ${Math.round(writeMs)} ms`);
  try {
    const token = await signIn(server.baseUrl);
    const list = await data<Array<{ id: number }>>(server.baseUrl, token, "/api/pc/shipping/list?pageSize=20");
    if (!list[0]) throw new Error("demo has no shipment: the seed wrote none");
    const middle = Math.max(1, Math.floor(shipmentCount / 40));
    const reads = [
      { name: "shipment list", path: "/api/pc/shipping/list?pageSize=20" },
      { name: "shipment list, middle", path: `/api/pc/shipping/list?pageSize=20&pageNum=${middle}` },
      { name: "shipment details", path: `/api/pc/shipping/${list[0].id}` },
      { name: "addable orders", path: "/api/pc/shipping/addOrder?pageSize=10" },
      { name: "addable, by delivery", path: "/api/pc/shipping/addOrder?pageSize=10&deliveryDateSort=1" },
    ];
    const results = [];
    for (const read of reads) {
      await data(server.baseUrl, token, read.path);
      const pass = await passOn(
        server,
        token,
        options,
      )({ name: read.name, path: () => read.path, headers: browserHeaders });
      if (pass.latency.requests === 0) throw new Error(`${read.name}: every request failed (${pass.errors} errors)`);
      results.push({
        ...read,
        ...pass.latency,
        requestsPerSecond: pass.requestsPerSecond,
        errors: pass.errors,
        cpuPerRequestMs: pass.cpuPerRequestMs.server,
      });
    }
    printTable(
      ["read", "req/s", "p50 ms", "p99 ms", "CPU ms/req", "errors"],
      results.map((r) => [r.name, r.requestsPerSecond, ms(r.p50), ms(r.p99), r.cpuPerRequestMs, r.errors]),
    );
    if (smoke) for (const r of results) expectPassFigures(r.name, r);
    writeResults(resultsPath, {
      at: new Date().toISOString(),
      database,
      orders: orderCount,
      shipments: shipmentCount,
      writeMs: Math.round(writeMs),
      connections,
      durationS,
      machine: machine(),
      results,
    });
  } finally {
    await server.stop();
  }
}

await runBenchmark("shipments", main);
