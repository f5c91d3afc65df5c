/**
 * Server latency of the order-entry reads, under load.
 *
 *   node --import tsx bench/fabric-search.ts                 # npm run bench:fabric
 *   DATABASE_URL=postgres://user:pw@127.0.0.1:5432/db npm run bench:fabric   # against PostgreSQL
 *   options: --port <n> (4180)  --connections <n> (50)  --duration <s> (10)  --warmup <s> (2)
 *            --database-url <url>  a PostgreSQL database (default: $DATABASE_URL; none: in-memory PGlite)
 *            --no-unloaded   skip the single-connection passes
 *            --identity      ask for uncompressed answers (default: "br, gzip", as a browser does)
 *
 * Starts the real server (node --import tsx server/main.ts, LOG_LEVEL=warn) on 127.0.0.1:<port>
 * on in-memory PGlite, or on the PostgreSQL database given, which the server migrates and seeds
 * as `npm start` does (a database seeded before is kept), signs in as demo/demo1234, then for each endpoint keeps <connections>
 * keep-alive connections busy (closed loop: each sends its next request when the previous
 * answer has been read) for <warmup> s, unrecorded, then <duration> s, recorded:
 *
 *   fabric search  GET /api/pc/fabric/dmFabric?clothCategory=3000&keywords=<k>  (k rotates over
 *                  fabric-code prefixes and words a tailor types: VB1, RC12, navy, wool, HL10, stripe, navy wool)
 *   craft tree     GET /api/pc/dict/zzCraft?category=3000
 *
 * and again with one connection (no queueing: the time one request takes). Latency is measured
 * in this process from sending the request to reading the last byte. Load generator, server and
 * PostgreSQL share the machine, so on few cores they compete for CPU ("machine CPU" in the table:
 * share of all cores busy during the pass). Less sensitive to that competition: the CPU time per
 * request of the server process and, on PostgreSQL, of the postgres processes ("CPU ms/req").
 *
 * Goal for the fabric search: p99 ≤ 10 ms (issue), ≤ 25 ms (design budget). Reported, never
 * asserted: the process exits 0 unless the server cannot be started or signed in to. Figures
 * are written to bench/results/fabric-search.json (PGlite) or fabric-search-postgres.json.
 */
import {
  connectionCounts,
  data,
  expectPassFigures,
  loadOptions,
  type Pass,
  passCells,
  passColumns,
  passOn,
  settingsOf,
  unloadedOption,
  withServer,
} from "./load.ts";
import { flag, num } from "./options.ts";
import { ms, percent, printTable, runBenchmark, type RunningServer, type Stats, writeResults } from "./server.ts";

const GOAL_P99_MS = { issue: 10, design: 25 };
const KEYWORDS = ["VB1", "RC12", "navy", "wool", "HL10", "stripe", "navy wool"];
const CATEGORY = 3000;

const options = loadOptions("fabric-search", { port: num(4180), ...unloadedOption, identity: flag() });
const { connections, noUnloaded, identity, smoke, database, resultsPath, atStart } = options;
const acceptEncoding = identity ? "identity" : "br, gzip";

interface Endpoint {
  name: string;
  /** Path of the i-th request. */
  path: (i: number) => string;
  /** Groups requests in the per-variant breakdown (the keyword for the fabric search). */
  variant: (i: number) => string;
}

const endpoints: Endpoint[] = [
  {
    name: "fabric search",
    path: (i) =>
      `/api/pc/fabric/dmFabric?clothCategory=${CATEGORY}&keywords=${encodeURIComponent(KEYWORDS[i % KEYWORDS.length]!)}`,
    variant: (i) => KEYWORDS[i % KEYWORDS.length]!,
  },
  {
    name: "craft tree",
    path: () => `/api/pc/dict/zzCraft?category=${CATEGORY}`,
    variant: () => `category ${CATEGORY}`,
  },
];

/** A pass as the results file stores it. */
interface PassResult extends Stats, Omit<Pass, "latency"> {
  endpoint: string;
}

async function runPass(server: RunningServer, token: string, endpoint: Endpoint, conns: number): Promise<PassResult> {
  const { latency, ...pass } = await passOn(
    server,
    token,
    options,
  )({
    name: endpoint.name,
    connections: conns,
    path: endpoint.path,
    headers: { "accept-encoding": acceptEncoding, "accept-language": "en", accept: "application/json" },
    variant: endpoint.variant,
  });
  return { endpoint: endpoint.name, ...latency, ...pass };
}

/** One request of each kind, decoded, so a broken endpoint is not benchmarked as a fast one. */
async function check(server: RunningServer, token: string): Promise<void> {
  for (const endpoint of endpoints) {
    for (let i = 0; i < (endpoint.name === "fabric search" ? KEYWORDS.length : 1); i++) {
      const found = await data<unknown[]>(server.baseUrl, token, endpoint.path(i));
      if (!Array.isArray(found)) throw new Error(`${endpoint.name} ${endpoint.path(i)} answered no list`);
      if (found.length === 0) console.warn(`  ! ${endpoint.name} ${endpoint.path(i)} found nothing`);
    }
  }
}

function verdict(p99: number | null): string {
  if (p99 === null) return "no data";
  if (p99 <= GOAL_P99_MS.issue) return `meets the issue goal (≤ ${GOAL_P99_MS.issue} ms)`;
  if (p99 <= GOAL_P99_MS.design)
    return `within the design budget (≤ ${GOAL_P99_MS.design} ms), over the issue goal (≤ ${GOAL_P99_MS.issue} ms)`;
  return `OVER the design budget (≤ ${GOAL_P99_MS.design} ms) and the issue goal (≤ ${GOAL_P99_MS.issue} ms)`;
}

async function main(): Promise<void> {
  await withServer(options, async (server, token) => {
    await check(server, token);
    const passes: PassResult[] = [];
    for (const endpoint of endpoints)
      for (const conns of connectionCounts(connections, !smoke && !noUnloaded))
        passes.push(await runPass(server, token, endpoint, conns));

    console.log(
      `\nServer latency on loopback, ${database} (${atStart.cores} cores, load ${atStart.loadAverage[0]} at start; accept-encoding: ${acceptEncoding}):`,
    );
    printTable(
      ["endpoint", ...passColumns, "machine CPU", "CPU ms/req server+db"],
      passes.map((r) => [
        r.endpoint,
        ...passCells(r),
        percent(r.machineCpu),
        `${ms(r.cpuPerRequestMs.server)} + ${ms(r.cpuPerRequestMs.database)}`,
      ]),
    );
    const fabric = passes[0]!;
    console.log(
      `\n  fabric search, ${fabric.connections} connections: p99 ${ms(fabric.p99)} ms: ${verdict(fabric.p99)}`,
    );
    for (const r of passes.filter((r) => r.endpoint === "fabric search")) {
      console.log(
        `  by keyword, ${r.connections} connection(s) (p50 / p99 ms):`,
        Object.entries(r.byVariant)
          .map(([k, s]) => `${k} ${ms(s.p50)} / ${ms(s.p99)}`)
          .join(", "),
      );
    }
    for (const r of passes)
      if (r.errorSamples.length) console.log(`  ! ${r.endpoint} (${r.connections}): ${r.errorSamples.join("; ")}`);

    writeResults(resultsPath, {
      generatedAt: new Date().toISOString(),
      machine: atStart,
      database,
      settings: {
        ...settingsOf(options),
        acceptEncoding,
        category: CATEGORY,
        keywords: KEYWORDS,
        latency: "client-side, request sent to last byte read, ms",
      },
      goal: { endpoint: "fabric search", p99Ms: GOAL_P99_MS, status: verdict(fabric.p99) },
      passes,
    });
    if (smoke)
      for (const pass of passes) expectPassFigures(`${pass.endpoint}, ${pass.connections} connection(s)`, pass);
  });
}

await runBenchmark("fabric-search", main, { path: resultsPath, figures: { machine: atStart, database } });
