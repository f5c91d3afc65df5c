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
import http from "node:http";
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { craftRows } from "../server/db/catalogue/crafts.ts";
import { measurePartRows } from "../server/db/catalogue/measurements.ts";
import { fabricRow } from "../server/db/seed.ts";
import {
  describeDatabase,
  machine,
  numberOption,
  option,
  cpuSeconds,
  root,
  expectFigures,
  isSmoke,
  resultsFile,
  round,
  stats,
  signIn,
  startServer,
  type RunningServer,
} from "./server.ts";

const atStart = machine();
const args = process.argv.slice(2);
/** --smoke: a few seconds at a few connections (isSmoke in server.ts). */
const smoke = isSmoke(args);
const port = numberOption(args, "--port", 4182);
const connections = smoke ? 4 : Math.round(numberOption(args, "--connections", 50));
const durationS = smoke ? 1 : numberOption(args, "--duration", 10);
const warmupS = smoke ? 0.5 : numberOption(args, "--warmup", 2);
const queueSize = smoke ? 3 : Math.round(numberOption(args, "--queue", 50));
const databaseUrl = option(args, "--database-url") ?? (process.env.DATABASE_URL || undefined);
const database = describeDatabase(databaseUrl);
const resultsPath = resultsFile(databaseUrl ? "cart-postgres.json" : "cart.json", smoke);

interface Envelope<T> {
  code: number | string;
  message: string;
  data: T;
  total?: number;
}

/** One JSON call; fails the benchmark unless it answers HTTP 200 with code 0. */
async function api<T>(server: RunningServer, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const send = () =>
    fetch(server.baseUrl + path, {
      ...init,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
    });
  let res: Response;
  try {
    res = await send();
  } catch (error) {
    // A kept-alive socket the server closed meanwhile: a GET (pushOrder with the same Idempotency-Key
    // included, which answers the first outcome again) is sent once more; a POST is not.
    if ((init.method ?? "GET") !== "GET") throw error;
    res = await send();
  }
  const body = (await res.json()) as Envelope<T>;
  if (res.status !== 200 || body.code !== 0)
    throw new Error(`${path} answered HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

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

/** Keeps `conns` connections busy on `path(i)` for the warm-up, then records `durationS` seconds. */
async function loadPass(server: RunningServer, token: string, path: (i: number) => string, conns: number) {
  const { hostname, port: p } = new URL(server.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: conns, maxFreeSockets: conns });
  const headers = { authorization: `Bearer ${token}`, "accept-encoding": "br, gzip", accept: "application/json" };
  const get = (url: string) =>
    new Promise<number>((done, fail) => {
      const req = http.request({ agent, hostname, port: p, path: url, method: "GET", headers }, (res) => {
        res.on("data", () => undefined);
        res.on("end", () => done(res.statusCode ?? 0));
        res.on("error", fail);
      });
      req.on("error", fail);
      req.end();
    });
  let phase: "warmup" | "measure" | "stop" = "warmup";
  let counter = 0;
  let errors = 0;
  const latencies: number[] = [];
  const worker = async () => {
    while (phase !== "stop") {
      const url = path(counter++);
      const recorded = phase === "measure";
      const start = performance.now();
      try {
        const status = await get(url);
        const ms = performance.now() - start;
        if (!recorded || phase !== "measure") continue;
        if (status === 200) latencies.push(ms);
        else errors++;
      } catch {
        if (recorded) errors++;
      }
    }
  };
  const workers = Array.from({ length: conns }, () => worker());
  await new Promise((done) => setTimeout(done, warmupS * 1000));
  const cpuStart = cpuSeconds(server.child.pid);
  const windowStart = performance.now();
  phase = "measure";
  await new Promise((done) => setTimeout(done, durationS * 1000));
  phase = "stop";
  const seconds = (performance.now() - windowStart) / 1000;
  const cpuEnd = cpuSeconds(server.child.pid);
  await Promise.all(workers);
  agent.destroy();
  return {
    connections: conns,
    requestsPerSecond: round(latencies.length / seconds, 0),
    errors,
    ...stats(latencies),
    /** CPU time of the server process per answered request (PGlite runs inside it), ms. */
    serverCpuMsPerRequest:
      cpuStart !== undefined && cpuEnd !== undefined && latencies.length
        ? round(((cpuEnd - cpuStart) * 1000) / latencies.length)
        : null,
  };
}

const cents = (money: string) => Math.round(Number(money) * 100);

async function main() {
  console.log(`> starting the server on 127.0.0.1:${port} (${database})`);
  const server = await startServer({ port, databaseUrl });
  try {
    const token = await signIn(server.baseUrl);
    console.log(`> saving ${queueSize} shirt orders to demo's cart`);
    const saved: { orderId: string; price: string }[] = [];
    for (let n = 0; n < queueSize; n++)
      saved.push(
        await api(server, token, "/api/pc/order/saveOrder", { method: "POST", body: JSON.stringify(shirtDraft(n)) }),
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
    for (const path of [...listPaths, sumPath]) await api(server, token, path);

    const passes: Array<{ endpoint: string } & Awaited<ReturnType<typeof loadPass>>> = [];
    for (const [name, path] of [
      ["cart list", (i: number) => listPaths[i % listPaths.length]!],
      ["sum price", () => sumPath],
    ] as const) {
      for (const conns of connections === 1 ? [1] : [connections, 1]) {
        console.log(`> ${name}: ${conns} connection(s), ${warmupS} s warm-up + ${durationS} s`);
        passes.push({ endpoint: name, ...(await loadPass(server, token, path, conns)) });
      }
    }

    console.log(`> the submission queue: ${queueSize} orders, one after another, one key each`);
    const before = await api<{ memberBalance: string }>(server, token, "/api/pc/order/getOrderSumPrice");
    const latencies: number[] = [];
    let paid = 0;
    let paidCents = 0;
    const queueStart = performance.now();
    for (const order of saved) {
      const start = performance.now();
      const data = await api<Record<string, { code: number; msg: string }>>(
        server,
        token,
        `/api/pc/order/pushOrder?orderIds=${order.orderId},`,
        { headers: { "idempotency-key": randomUUID() } },
      );
      latencies.push(performance.now() - start);
      if (data[order.orderId]?.code === 0) {
        paid++;
        paidCents += cents(order.price);
      }
    }
    const queueMs = performance.now() - queueStart;
    const after = await api<{ memberBalance: string }>(server, token, "/api/pc/order/getOrderSumPrice");
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
    for (const pass of passes)
      console.log(
        `  ${String(pass.endpoint).padEnd(10)} ${String(pass.connections).padStart(3)} conns  ${String(pass.requestsPerSecond).padStart(6)} req/s  p50 ${pass.p50} ms  p99 ${pass.p99} ms  max ${pass.max} ms  server CPU ${pass.serverCpuMsPerRequest} ms/req  errors ${pass.errors}`,
      );
    console.log(
      `  queue of ${queueSize}: ${queue.wallMs} ms in all (${paid} paid), per order p50 ${queue.perOrder.p50} ms, p99 ${queue.perOrder.p99} ms`,
    );
    writeResults({
      generatedAt: new Date().toISOString(),
      machine: atStart,
      database,
      settings: { port, connections, durationS, warmupS, queueSize, listPaths, sumPath: "20 saved orders" },
      passes,
      queue,
    });
    if (smoke) {
      for (const pass of passes)
        expectFigures(`${pass.endpoint}, ${pass.connections} connection(s)`, {
          requests: pass.requests || NaN,
          p50: pass.p50,
          p99: pass.p99,
          requestsPerSecond: pass.requestsPerSecond,
        });
      expectFigures("submission queue", { paid: queue.paid || NaN, wallMs: queue.wallMs, p50: queue.perOrder.p50 });
    }
  } finally {
    await server.stop();
  }
}

function writeResults(data: unknown): void {
  mkdirSync(dirname(resultsPath), { recursive: true });
  writeFileSync(resultsPath, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`\nResults written to ${relative(root, resultsPath)}`);
}

try {
  await main();
  process.exitCode = 0;
} catch (err) {
  console.error("! cart benchmark failed:", err);
  writeResults({ generatedAt: new Date().toISOString(), machine: atStart, database, error: String(err) });
  process.exitCode = 1;
}
