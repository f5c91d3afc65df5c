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
import {
  browserHeaders,
  call,
  connectionCounts,
  expectPassFigures,
  loadOptions,
  passCells,
  passColumns,
  passOn,
  settingsOf,
  unloadedOption,
  withServer,
} from "./load.ts";
import { num } from "./options.ts";
import { ms, printTable, runBenchmark, type RunningServer, writeResults } from "./server.ts";

const GOAL_P99_MS: Record<string, number> = {
  "fabric library": 25,
  "mall list": 25,
  "goods details": 25,
  "goods image": 5,
};

const options = loadOptions("catalogue", { port: num(4184), ...unloadedOption });
const { connections, noUnloaded, smoke, database, resultsPath, atStart } = options;

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

async function runPass(server: RunningServer, token: string, endpoint: Endpoint, conns: number) {
  const {
    latency,
    responseBytes: _bytes,
    byVariant: _variants,
    cpuPerRequestMs,
    ...pass
  } = await passOn(
    server,
    token,
    options,
  )({
    name: endpoint.name,
    connections: conns,
    path: endpoint.path,
    headers: browserHeaders,
  });
  return { endpoint: endpoint.name, ...latency, ...pass, cpuPerRequestMs: cpuPerRequestMs.server };
}
type PassResult = Awaited<ReturnType<typeof runPass>>;

/** One request of each kind (and every picture, so the passes read the cache), checked. */
async function check(server: RunningServer, token: string): Promise<void> {
  for (const endpoint of endpoints) {
    if (endpoint.kind === "json") {
      for (const path of [endpoint.path(0), endpoint.path(1)]) {
        const { body } = await call(server.baseUrl, token, path);
        if (body.data === undefined) throw new Error(`${endpoint.name} ${path} answered no data`);
      }
      continue;
    }
    for (const path of PICTURES) {
      const res = await fetch(server.baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200 || res.headers.get("content-type") !== "image/webp")
        throw new Error(`${path} answered HTTP ${res.status} ${res.headers.get("content-type")}`);
      await res.arrayBuffer();
    }
  }
}

const verdict = (pass: PassResult) => {
  const goal = GOAL_P99_MS[pass.endpoint]!;
  if (pass.p99 === null) return "no data";
  return pass.p99 <= goal ? `meets p99 ≤ ${goal} ms` : `OVER p99 ≤ ${goal} ms`;
};

async function main(): Promise<void> {
  await withServer(options, async (server, token) => {
    await check(server, token);
    const passes: PassResult[] = [];
    for (const endpoint of endpoints)
      for (const conns of connectionCounts(connections, !smoke && !noUnloaded))
        passes.push(await runPass(server, token, endpoint, conns));
    console.log(
      `\nServer latency on loopback, ${database} (${atStart.cores} cores, load ${atStart.loadAverage[0]} at start):`,
    );
    printTable(
      ["endpoint", ...passColumns, "CPU ms/req"],
      passes.map((r) => [r.endpoint, ...passCells(r), ms(r.cpuPerRequestMs)]),
    );
    for (const pass of passes.filter((r) => r.connections === connections))
      console.log(`  ${pass.endpoint}, ${pass.connections} connections: p99 ${ms(pass.p99)} ms: ${verdict(pass)}`);
    for (const r of passes)
      if (r.errorSamples.length) console.log(`  ! ${r.endpoint} (${r.connections}): ${r.errorSamples.join("; ")}`);
    writeResults(resultsPath, {
      generatedAt: new Date().toISOString(),
      machine: atStart,
      database,
      settings: { ...settingsOf(options), latency: "client-side, request sent to last byte read, ms" },
      goals: GOAL_P99_MS,
      passes: passes.map((pass) => ({ ...pass, status: verdict(pass) })),
    });
    if (smoke)
      for (const pass of passes) expectPassFigures(`${pass.endpoint}, ${pass.connections} connection(s)`, pass);
    const failed = passes.filter((pass) => pass.errors > 0);
    if (failed.length) throw new Error(`errors in ${failed.map((pass) => pass.endpoint).join(", ")}`);
  });
}

await runBenchmark("catalogue", main, { path: resultsPath, figures: { machine: atStart, database } });
