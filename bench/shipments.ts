/**
 * The shipment reads under load (issue 23): the shipment list, a shipment's details and the addable-orders
 * list, as demo (its seeded shipments, bench/../server/db/seedShipments.ts).
 *
 *   node --import tsx bench/shipments.ts                                      # against in-memory PGlite
 *   DATABASE_URL=postgres://user:pw@127.0.0.1:5432/db node --import tsx bench/shipments.ts
 *   options: --port <n> (4187)  --connections <n> (50)  --duration <s> (5)  --warmup <s> (1)
 *            --database-url <url> (default: $DATABASE_URL; none: in-memory PGlite)
 *            --smoke   a short pass of 4 connections per read, figures checked to be numbers (npm test)
 *
 * Starts the real server (bench/server.ts), signs in as demo, checks each read answers code 0, then keeps
 * <connections> keep-alive connections busy on it (closed loop, <warmup> s unrecorded, <duration> s
 * recorded) with the headers a browser sends:
 *
 *   shipment list     GET pc/shipping/list?pageSize=20
 *   shipment details  GET pc/shipping/<the list's first shipment>
 *   addable orders    GET pc/shipping/addOrder?pageSize=10&deliveryDateSort=1
 *
 * Per read: requests per second, p50/p99 latency and the server's CPU time per request. Goal (issue 23,
 * PostgreSQL, 50 connections): p99 ≤ 50 ms. Reported, never asserted. Figures go to
 * bench/results/shipments.json (shipments-postgres.json on PostgreSQL; results/smoke/ in smoke mode).
 */
import http from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { performance } from "node:perf_hooks";
import {
  cpuSeconds,
  describeDatabase,
  expectFigures,
  isSmoke,
  machine,
  numberOption,
  option,
  resultsFile,
  round,
  signIn,
  sleep,
  startServer,
  stats,
} from "./server.ts";

const args = process.argv.slice(2);
const smoke = isSmoke(args);
const port = numberOption(args, "--port", 4187);
const connections = smoke ? 4 : Math.round(numberOption(args, "--connections", 50));
const durationS = smoke ? 1 : numberOption(args, "--duration", 5);
const warmupS = smoke ? 0.2 : numberOption(args, "--warmup", 1);
const databaseUrl = option(args, "--database-url") ?? (process.env.DATABASE_URL || undefined);
const database = describeDatabase(databaseUrl);
const resultsPath = resultsFile(databaseUrl ? "shipments-postgres.json" : "shipments.json", smoke);

/** Keeps the connections busy on `path`; latencies of the recorded phase and the server's CPU per request. */
async function load(baseUrl: string, path: string, token: string, pid: number | undefined) {
  const { hostname, port: p } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const headers = { authorization: `Bearer ${token}`, "accept-encoding": "br, gzip", "accept-language": "en" };
  const get = () =>
    new Promise<number>((done, fail) => {
      const req = http.request({ agent, hostname, port: p, path, headers }, (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
        res.on("error", fail);
      });
      req.on("error", fail);
      req.end();
    });
  let phase: "warmup" | "measure" | "stop" = "warmup";
  const latencies: number[] = [];
  let errors = 0;
  const worker = async () => {
    while (phase !== "stop") {
      const recorded = phase === "measure";
      const start = performance.now();
      const status = await get().catch(() => 0);
      if (!recorded || phase !== "measure") continue;
      if (status === 200) latencies.push(performance.now() - start);
      else errors++;
    }
  };
  const workers = Array.from({ length: connections }, () => worker());
  await sleep(warmupS * 1000);
  const cpuStart = cpuSeconds(pid);
  const t0 = performance.now();
  phase = "measure";
  await sleep(durationS * 1000);
  phase = "stop";
  const seconds = (performance.now() - t0) / 1000;
  const cpuEnd = cpuSeconds(pid);
  await Promise.all(workers);
  agent.destroy();
  const n = latencies.length;
  return {
    ...stats(latencies),
    requestsPerSecond: round(n / seconds, 0) ?? 0,
    errors,
    cpuPerRequestMs:
      cpuStart !== undefined && cpuEnd !== undefined && n ? round(((cpuEnd - cpuStart) * 1000) / n, 3) : null,
  };
}

async function data<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const res = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; data: T };
  if (res.status !== 200 || body.code !== 0) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function main() {
  console.log(`shipments: ${database}, ${connections} connections, ${durationS} s${smoke ? ", smoke" : ""}`);
  const server = await startServer({ port, databaseUrl });
  try {
    const token = await signIn(server.baseUrl);
    const list = await data<Array<{ id: number }>>(server.baseUrl, token, "/api/pc/shipping/list?pageSize=20");
    if (!list[0]) throw new Error("demo has no shipment: the seed wrote none");
    const reads = [
      { name: "shipment list", path: "/api/pc/shipping/list?pageSize=20" },
      { name: "shipment details", path: `/api/pc/shipping/${list[0].id}` },
      { name: "addable orders", path: "/api/pc/shipping/addOrder?pageSize=10&deliveryDateSort=1" },
    ];
    const results = [];
    for (const read of reads) {
      await data(server.baseUrl, token, read.path);
      const pass = await load(server.baseUrl, read.path, token, server.child.pid);
      if (pass.requests === 0) throw new Error(`${read.name}: every request failed (${pass.errors} errors)`);
      results.push({ ...read, ...pass });
      console.log(
        `${read.name.padEnd(18)} ${String(pass.requestsPerSecond).padStart(6)} req/s  p50 ${pass.p50} ms  p99 ${pass.p99} ms  CPU ${pass.cpuPerRequestMs ?? "–"} ms  errors ${pass.errors}`,
      );
    }
    if (smoke)
      for (const r of results)
        expectFigures(r.name, { requestsPerSecond: r.requestsPerSecond, p50: r.p50, p99: r.p99 });
    mkdirSync(dirname(resultsPath), { recursive: true });
    const at = new Date().toISOString();
    writeFileSync(
      resultsPath,
      JSON.stringify({ at, database, connections, durationS, machine: machine(), results }, null, 2),
    );
    console.log(`written to ${relative(process.cwd(), resultsPath)}`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
