/**
 * Server latency of the cart and the order lists (issue 11), and the time a submission queue takes.
 *
 *   node --import tsx bench/cart.ts                                    # npm run bench:cart
 *   DATABASE_URL=postgres://user:pw@127.0.0.1:5432/db npm run bench:cart  # against PostgreSQL
 *   options: --port <n> (4182)  --connections <n> (50)  --duration <s> (10)  --warmup <s> (2)
 *            --queue <n> (50)   --database-url <url> (default: $DATABASE_URL; none: in-memory PGlite)
 *
 * Starts the real server (bench/server.ts: node --import tsx server/main.ts) on 127.0.0.1:<port>,
 * signs in as demo, and saves <queue> shirt orders to demo's cart through POST pc/order/saveOrder (the
 * draft built from the seeded catalogue's own rows). Then, for each endpoint, keeps <connections>
 * keep-alive connections busy (closed loop) for <warmup> s unrecorded and <duration> s recorded, and
 * again with one connection:
 *
 *   cart list   GET pc/order/getOrderCartList, rotating type 1 (pageSize 20), 4 (10) and 2 (20)
 *   sum price   GET pc/order/getOrderSumPrice?orderId=<20 of the saved orders>
 *
 * Last, the submission queue: the <queue> saved orders are submitted strictly one after another
 * (CART-026) through GET pc/order/pushOrder?orderIds=<id>, each with its own Idempotency-Key, as the
 * browser's submitQueue machine sends them; the wall time of the whole queue and each call's latency
 * are reported, and the balance before and after (getOrderSumPrice) must differ by what was paid.
 *
 * Latency is measured here from sending a request to reading its last byte. Reported, never asserted:
 * the process exits 0 unless the server cannot be started, signed in to, or answers wrongly. Figures
 * go to bench/results/cart.json (PGlite) or cart-postgres.json.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { craftRows } from "../server/db/catalogue/crafts.ts";
import { measurePartRows } from "../server/db/catalogue/measurements.ts";
import { fabricRow } from "../server/db/seed.ts";
import {
  acceptJson,
  browserHeaders,
  connectionCounts,
  data,
  expectPassFigures,
  loadOptions,
  passOn,
  printServerFigures,
  serverFigures,
  settingsOf,
  withServer,
} from "./load.ts";
import { num } from "./options.ts";
import { expectFigures, round, runBenchmark, stats, writeResults } from "./server.ts";

const options = loadOptions("cart", { port: num(4182), queue: num(50, { smoke: 3, whole: true }) });
const { queue: queueSize, smoke, database, resultsPath, atStart } = options;

/** A valid shirt draft (category 1000) from the catalogue the server seeds. */
function shirtDraft(n: number) {
  const collar = craftRows().crafts.find((c) => c.categoryId === 1000 && c.code === "COLLAR_SPREAD");
  if (!collar) throw new Error("the catalogue has no COLLAR_SPREAD craft for shirts");
  const sizes = measurePartRows()
    .parts.filter((p) => p.categoryId === 1000 && p.measureType === 10052)
    .map((p) => ({ partId: p.id, partValue: p.defaultValue, modifyValue: 0 }));
  return {
    clothCategory: 1000,
    fabric: fabricRow(6).fabricCode,
    cusOrderCode: `BENCH-${n}`,
    customerName: "Bench Customer",
    shortName: "Bench",
    genderId: 10041,
    height: 168,
    weight: 58,
    detailList: [{ clothCategory: 1000, craftList: [{ craftId: collar.id }], embList: [], sizeList: sizes }],
  };
}

const cents = (money: string) => Math.round(Number(money) * 100);

async function main() {
  await withServer(options, async (server, token) => {
    console.log(`> saving ${queueSize} shirt orders to demo's cart`);
    const saved: { orderId: string; price: string }[] = [];
    for (let n = 0; n < queueSize; n++)
      saved.push(
        await data(server.baseUrl, token, "/api/pc/order/saveOrder", {
          method: "POST",
          body: JSON.stringify(shirtDraft(n)),
        }),
      );
    const listPaths = [
      "/api/pc/order/getOrderCartList?type=1&pageNum=1&pageSize=20",
      "/api/pc/order/getOrderCartList?type=4&pageNum=1&pageSize=10",
      "/api/pc/order/getOrderCartList?type=2&pageNum=1&pageSize=20",
    ];
    const sumPath = `/api/pc/order/getOrderSumPrice?orderId=${saved
      .slice(0, 20)
      .map((o) => o.orderId)
      .join(",")},`;
    for (const path of [...listPaths, sumPath]) await data(server.baseUrl, token, path);

    const pass = passOn(server, token, options);
    const passes = [];
    for (const [name, path] of [
      ["cart list", (i: number) => listPaths[i % listPaths.length]!],
      ["sum price", () => sumPath],
    ] as const) {
      for (const connections of connectionCounts(options.connections)) {
        const headers = { ...browserHeaders, ...acceptJson };
        passes.push({ endpoint: name, ...serverFigures(await pass({ name, connections, path, headers })) });
      }
    }

    console.log(`> the submission queue: ${queueSize} orders, one after another, one key each`);
    const before = await data<{ memberBalance: string }>(server.baseUrl, token, "/api/pc/order/getOrderSumPrice");
    const latencies: number[] = [];
    let paid = 0;
    let paidCents = 0;
    const queueStart = performance.now();
    for (const order of saved) {
      const start = performance.now();
      const outcomes = await data<Record<string, { code: number; msg: string }>>(
        server.baseUrl,
        token,
        `/api/pc/order/pushOrder?orderIds=${order.orderId},`,
        { headers: { "idempotency-key": randomUUID() } },
      );
      latencies.push(performance.now() - start);
      if (outcomes[order.orderId]?.code === 0) {
        paid++;
        paidCents += cents(order.price);
      }
    }
    const queueMs = performance.now() - queueStart;
    const after = await data<{ memberBalance: string }>(server.baseUrl, token, "/api/pc/order/getOrderSumPrice");
    const debited = cents(before.memberBalance) - cents(after.memberBalance);
    if (debited !== paidCents)
      throw new Error(`the balance fell by ${debited} cents, the paid orders cost ${paidCents}`);
    const queue = {
      orders: queueSize,
      paid,
      wallMs: round(queueMs),
      perOrder: stats(latencies),
      debitedCents: debited,
    };

    console.log(`\nServer latency on loopback, ${database} (${atStart.cores} cores, load ${atStart.loadAverage[0]}):`);
    printServerFigures(
      "endpoint",
      passes.map((pass) => ({ name: pass.endpoint, ...pass })),
    );
    console.log(
      `  queue of ${queueSize}: ${queue.wallMs} ms in all (${paid} paid), per order p50 ${queue.perOrder.p50} ms, p99 ${queue.perOrder.p99} ms`,
    );
    writeResults(resultsPath, {
      generatedAt: new Date().toISOString(),
      machine: atStart,
      database,
      settings: { ...settingsOf(options), queueSize, listPaths, sumPath: "20 saved orders" },
      passes,
      queue,
    });
    if (smoke) {
      for (const pass of passes) expectPassFigures(`${pass.endpoint}, ${pass.connections} connection(s)`, pass);
      expectFigures("submission queue", { paid: queue.paid || NaN, wallMs: queue.wallMs, p50: queue.perOrder.p50 });
    }
  });
}

await runBenchmark("cart", main, { path: resultsPath, figures: { machine: atStart, database } });
