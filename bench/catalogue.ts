/**
 * Server latency of the open catalogues (issue 25), under load.
 *
 *   node --import tsx bench/catalogue.ts                 # npm run bench:catalogue
 *   DATABASE_URL=postgres://user:pw@127.0.0.1:5432/db npm run bench:catalogue   # against PostgreSQL
 *   options: --port <n> (4184)  --connections <n> (50)  --duration <s> (10)  --warmup <s> (2)
 *            --database-url <url>  a PostgreSQL database (default: $DATABASE_URL; none: in-memory PGlite)
 *            --no-unloaded   skip the single-connection passes
 *
 * Starts the real server (bench/server.ts) on in-memory PGlite, or on the PostgreSQL database given, signs
 * in as demo/demo1234 (the mall's prices are the account's), then for each endpoint keeps <connections>
 * keep-alive connections busy (closed loop) for <warmup> s, unrecorded, then <duration> s, recorded:
 *
 *   fabric library  GET /api/pc/fabric?pageSize=50&pageNum=<p>[&fabricCode=<c>]   (pages 1..40, and the
 *                   code searches a visitor types: HL10, 1007, VB1, RC12, 20)
 *   mall list       GET /api/pc/goods/list?pageSize=20&pageNum=<p>[&categoryId|subCategoryId|goodName]
 *   goods details   GET /api/pc/goods/detail/<id>   (the 132 seeded goods in turn; read fresh: it has the stock)
 *   goods image     GET /api/pc/goods/image/<id>/<n>?max_width=380   (40 pictures, 4 in smoke mode, rendered
 *                   once before the passes: every recorded request is a hit of the server's picture cache)
 *
 * and again with one connection. Latency is measured in this process from sending the request to reading
 * the last byte; the catalogue lists and the pictures answer with ETags, which this client does not send
 * (every request gets the full answer: the worst case).
 *
 * Goals (issue 25): the mall list and the fabric library at 50 connections p99 ≤ 25 ms on PostgreSQL; a
 * resized picture from the cache ≤ 5 ms. Reported, never asserted: the process exits 0 unless the server
 * cannot be started or answers wrongly. Figures go to bench/results/catalogue.json (PGlite) or
 * catalogue-postgres.json.
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
  machineJiffies,
  numberOption,
  option,
  resultsFile,
  root,
  round,
  signIn,
  startServer,
  stats,
  type RunningServer,
  type Stats,
} from "./server.ts";

const GOAL_P99_MS: Record<string, number> = {
  "fabric library": 25,
  "mall list": 25,
  "goods details": 25,
  "goods image": 5,
};

const atStart = machine();
const args = process.argv.slice(2);
const smoke = isSmoke(args);
const port = numberOption(args, "--port", 4184);
const connections = smoke ? 4 : Math.round(numberOption(args, "--connections", 50));
const durationS = smoke ? 1 : numberOption(args, "--duration", 10);
const warmupS = smoke ? 0.5 : numberOption(args, "--warmup", 2);
const unloaded = !smoke && !args.includes("--no-unloaded");
const databaseUrl = option(args, "--database-url") ?? (process.env.DATABASE_URL || undefined);
const database = describeDatabase(databaseUrl);
const resultsPath = resultsFile(databaseUrl ? "catalogue-postgres.json" : "catalogue.json", smoke);

const CODES = ["HL10", "1007", "VB1", "RC12", "20"];
const MALL_QUERIES = [
  "",
  "&categoryId=200",
  "&subCategoryId=401",
  "&goodName=classic",
  "&categoryId=500",
  "&goodName=tie",
];
/** The seeded goods: sub-categories and 11 goods in each (server/db/catalogue/goods.ts). */
const SUB_CATEGORIES = [101, 102, 103, 201, 202, 301, 302, 401, 402, 501, 502, 503];
const GOODS = SUB_CATEGORIES.flatMap((sub) => Array.from({ length: 11 }, (_, k) => sub * 100 + k + 1));
/** 40 pictures (pictures 1 and 2 of 20 goods) rendered before the passes. */
const PICTURES = GOODS.filter((_, k) => k % 6 === 0)
  .slice(0, smoke ? 2 : 20)
  .flatMap((id) => [`/api/pc/goods/image/${id}/1?max_width=380`, `/api/pc/goods/image/${id}/2?max_width=380`]);

interface Endpoint {
  name: string;
  path: (i: number) => string;
  /** What a good answer is (JSON envelope with data, or a WebP picture). */
  kind: "json" | "image";
}

const endpoints: Endpoint[] = [
  {
    name: "fabric library",
    path: (i) =>
      i % 3 === 0
        ? `/api/pc/fabric?pageSize=50&pageNum=1&fabricCode=${CODES[(i / 3) % CODES.length]}`
        : `/api/pc/fabric?pageSize=50&pageNum=${1 + (i % 40)}`,
    kind: "json",
  },
  {
    name: "mall list",
    path: (i) => `/api/pc/goods/list?pageSize=20&pageNum=${1 + (i % 2)}${MALL_QUERIES[i % MALL_QUERIES.length]}`,
    kind: "json",
  },
  { name: "goods details", path: (i) => `/api/pc/goods/detail/${GOODS[i % GOODS.length]}`, kind: "json" },
  { name: "goods image", path: (i) => PICTURES[i % PICTURES.length]!, kind: "image" },
];

interface PassResult extends Stats {
  endpoint: string;
  connections: number;
  durationS: number;
  requestsPerSecond: number | null;
  errors: number;
  errorSamples: string[];
  serverCpu: number | null;
  machineCpu: number | null;
  cpuPerRequestMs: number | null;
}

async function runPass(server: RunningServer, token: string, endpoint: Endpoint, conns: number): Promise<PassResult> {
  const { hostname, port: p } = new URL(server.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: conns, maxFreeSockets: conns });
  const headers = { authorization: `Bearer ${token}`, "accept-encoding": "br, gzip", "accept-language": "en" };
  const get = (path: string) =>
    new Promise<number>((resolveRequest, reject) => {
      const req = http.request({ agent, hostname, port: p, path, method: "GET", headers }, (res) => {
        res.on("data", () => {});
        res.on("end", () => resolveRequest(res.statusCode ?? 0));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });

  let phase: "warmup" | "measure" | "stop" = "warmup";
  let counter = 0;
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const worker = async () => {
    while (phase !== "stop") {
      const path = endpoint.path(counter++);
      const recorded = phase === "measure";
      const start = performance.now();
      try {
        const status = await get(path);
        const ms = performance.now() - start;
        if (!recorded || phase !== "measure") continue;
        if (status !== 200) {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(`HTTP ${status} ${path}`);
          continue;
        }
        latencies.push(ms);
      } catch (err) {
        if (recorded && phase === "measure") {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(`${String(err)} ${path}`);
        }
      }
    }
  };
  const workers = Array.from({ length: conns }, () => worker());
  await new Promise((done) => setTimeout(done, warmupS * 1000));
  const cpuStart = cpuSeconds(server.child.pid);
  const machineStart = machineJiffies();
  const windowStart = performance.now();
  phase = "measure";
  await new Promise((done) => setTimeout(done, durationS * 1000));
  phase = "stop";
  const seconds = (performance.now() - windowStart) / 1000;
  const cpuEnd = cpuSeconds(server.child.pid);
  const machineEnd = machineJiffies();
  await Promise.all(workers);
  agent.destroy();
  const serverSeconds = cpuStart !== undefined && cpuEnd !== undefined ? cpuEnd - cpuStart : undefined;
  return {
    endpoint: endpoint.name,
    connections: conns,
    durationS: round(seconds)!,
    requestsPerSecond: round(latencies.length / seconds, 0),
    ...stats(latencies),
    errors,
    errorSamples,
    serverCpu: serverSeconds === undefined ? null : round(serverSeconds / seconds),
    machineCpu:
      machineStart && machineEnd && machineEnd.total > machineStart.total
        ? round((machineEnd.busy - machineStart.busy) / (machineEnd.total - machineStart.total))
        : null,
    cpuPerRequestMs:
      serverSeconds === undefined || latencies.length === 0 ? null : round((serverSeconds * 1000) / latencies.length),
  };
}

/** One request of each kind (and every picture, so the passes read the cache), checked. */
async function check(server: RunningServer, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  for (const endpoint of endpoints) {
    const paths = endpoint.kind === "image" ? PICTURES : [endpoint.path(0), endpoint.path(1)];
    for (const path of paths) {
      const res = await fetch(server.baseUrl + path, { headers });
      if (endpoint.kind === "image") {
        if (res.status !== 200 || res.headers.get("content-type") !== "image/webp")
          throw new Error(`${path} answered HTTP ${res.status} ${res.headers.get("content-type")}`);
        await res.arrayBuffer();
        continue;
      }
      const body = (await res.json()) as { code: number; data?: unknown };
      if (res.status !== 200 || body.code !== 0 || body.data === undefined)
        throw new Error(`${endpoint.name} ${path} answered HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
  }
}

const fmt = (n: number | null) => (n === null ? "–" : n.toFixed(2));

function printTable(passes: PassResult[]): void {
  const head = [
    "endpoint",
    "conns",
    "req/s",
    "p50 ms",
    "p90 ms",
    "p99 ms",
    "max ms",
    "errors",
    "server CPU",
    "CPU ms/req",
  ];
  const rows = passes.map((r) => [
    r.endpoint,
    String(r.connections),
    String(r.requestsPerSecond ?? "–"),
    fmt(r.p50),
    fmt(r.p90),
    fmt(r.p99),
    fmt(r.max),
    String(r.errors),
    r.serverCpu === null ? "–" : `${Math.round(r.serverCpu * 100)} %`,
    fmt(r.cpuPerRequestMs),
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  ")}`;
  console.log(line(head));
  console.log(`  ${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const row of rows) console.log(line(row));
}

const verdict = (pass: PassResult) => {
  const goal = GOAL_P99_MS[pass.endpoint]!;
  if (pass.p99 === null) return "no data";
  return pass.p99 <= goal ? `meets p99 ≤ ${goal} ms` : `OVER p99 ≤ ${goal} ms`;
};

function writeResults(data: unknown): void {
  mkdirSync(dirname(resultsPath), { recursive: true });
  writeFileSync(resultsPath, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`\nResults written to ${relative(root, resultsPath)}`);
}

async function main(): Promise<void> {
  console.log(`> starting the server on 127.0.0.1:${port} (${database})`);
  const server = await startServer({ port, databaseUrl });
  try {
    const token = await signIn(server.baseUrl);
    await check(server, token);
    const passes: PassResult[] = [];
    for (const endpoint of endpoints)
      for (const conns of unloaded && connections !== 1 ? [connections, 1] : [connections]) {
        console.log(`> ${endpoint.name}: ${conns} connection(s), ${warmupS} s warm-up + ${durationS} s`);
        passes.push(await runPass(server, token, endpoint, conns));
      }
    console.log(
      `\nServer latency on loopback, ${database} (${atStart.cores} cores, load ${atStart.loadAverage[0]} at start):`,
    );
    printTable(passes);
    for (const pass of passes.filter((r) => r.connections === connections))
      console.log(`  ${pass.endpoint}, ${pass.connections} connections: p99 ${fmt(pass.p99)} ms: ${verdict(pass)}`);
    for (const r of passes)
      if (r.errorSamples.length) console.log(`  ! ${r.endpoint} (${r.connections}): ${r.errorSamples.join("; ")}`);
    writeResults({
      generatedAt: new Date().toISOString(),
      machine: atStart,
      database,
      settings: { port, connections, durationS, warmupS, latency: "client-side, request sent to last byte read, ms" },
      goals: GOAL_P99_MS,
      passes: passes.map((pass) => ({ ...pass, status: verdict(pass) })),
    });
    if (smoke)
      for (const pass of passes)
        expectFigures(`${pass.endpoint}, ${pass.connections} connection(s)`, {
          requests: pass.requests || NaN,
          p50: pass.p50,
          p99: pass.p99,
          requestsPerSecond: pass.requestsPerSecond,
        });
    const failed = passes.filter((pass) => pass.errors > 0);
    if (failed.length) throw new Error(`errors in ${failed.map((pass) => pass.endpoint).join(", ")}`);
  } finally {
    await server.stop();
  }
}

try {
  await main();
  process.exitCode = 0;
} catch (err) {
  console.error("! catalogue benchmark failed:", err);
  writeResults({ generatedAt: new Date().toISOString(), machine: atStart, database, error: String(err) });
  process.exitCode = 1;
}
