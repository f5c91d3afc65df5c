/**
 * The per-request cost of the portal's reads (issue 21), each next to a bare `node:http` server answering
 * the same JSON in the same run.
 *
 *   node --import tsx bench/reads.ts                                      # npm run bench:reads
 *   DATABASE_URL=postgres://user:pw@127.0.0.1:5432/db npm run bench:reads   # against PostgreSQL
 *   options: --port <n> (4183; the bare server <port+1>)  --connections <n> (50)  --duration <s> (5)
 *            --warmup <s> (1)  --database-url <url> (default: $DATABASE_URL; none: in-memory PGlite)
 *            --only <name,...>  the reads to run (default: all)
 *            --smoke   a few seconds: every read once through a short pass of 4 connections, to prove the
 *                      benchmark still runs (npm test runs it so); figures go to bench/results/smoke/
 *
 * Starts the real server (bench/server.ts) and signs in as demo; for each read fetches its answer once
 * (decoded, code 0), starts a bare node:http child process answering those very bytes (uncompressed
 * JSON), then keeps <connections> keep-alive connections busy on the bare server and then on the portal
 * (closed loop, <warmup> s unrecorded, <duration> s recorded), with the headers a browser sends
 * (Accept-Encoding br, gzip; the token):
 *
 *   production list  GET pc/order/getOrderCartList?type=2&pageSize=20
 *   cart list        GET pc/order/getOrderCartList?type=1&pageSize=20
 *   order details    GET pc/order/orderDetail?orderId=<the production list's first order>
 *   craft tree       GET pc/dict/zzCraft?category=3000
 *   fabric search    GET pc/fabric/dmFabric?clothCategory=3000&keywords=navy
 *   app script       GET /assets/app-<hash>.js, the built app's main chunk, as brotli (when the app is
 *                    built; the bare server answers the bytes the portal sends, the build's .br copy)
 *
 * Per pass: requests per second, p50/p99 latency (this process, sending to last byte), and the CPU time
 * per request of the server process (and, on PostgreSQL, of the postgres processes), read from /proc.
 * The ratio "× bare" is the portal's req/s over the bare server's; CPU per request is the figure least
 * moved by other work on the machine. Goals (issue 21, PostgreSQL, 50 connections): catalogue reads
 * ≥ 0.25× bare and p99 ≤ 25 ms; lists and order details ≥ 0.10× and p99 ≤ 50 ms, CPU ≤ 1.5 ms per list
 * read; on PGlite lists p99 ≤ 100 ms. Reported, never asserted: exits 0 unless a server cannot be
 * started or answers wrongly. Figures go to bench/results/reads.json or reads-postgres.json.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { browserHeaders, call, expectPassFigures, loadOptions, loadPass } from "./load.ts";
import { num, text } from "./options.ts";
import {
  memoryMb,
  root,
  round,
  runBenchmark,
  signIn,
  startServer,
  writeResults,
  type Stats,
  printTable,
} from "./server.ts";

const { port, connections, durationS, warmupS, only, smoke, databaseUrl, database, resultsPath, atStart } = loadOptions(
  "reads",
  {
    port: num(4183),
    duration: num(5, { smoke: 0.3 }),
    warmup: num(1, { smoke: 0.1 }),
    only: text(),
  },
);
const chosen = only?.split(",");

interface Read {
  name: string;
  kind: "list" | "details" | "catalogue" | "file";
  path: string;
}

/** The folder the server sends the app from: STATIC_DIR, from the server's working folder (`root`), or dist/. */
const staticDir = resolve(root, process.env.STATIC_DIR ?? "dist");

/** The built app's main chunk (`/assets/app-<hash>.js`, preloaded by index.html), or null without a build. */
function appScript(): string | null {
  const index = join(staticDir, "index.html");
  if (!existsSync(index)) return null;
  return /href="(\/assets\/app-[^"]+\.js)"/.exec(readFileSync(index, "utf8"))?.[1] ?? null;
}

/** The bytes the portal sends for a file to a browser: the build's brotli copy when it sends that one. */
async function fileAnswer(baseUrl: string, path: string): Promise<Buffer> {
  const res = await fetch(baseUrl + path, { headers: browserHeaders });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
  const file = join(staticDir, res.headers.get("content-encoding") === "br" ? `${path}.br` : path);
  const bytes = readFileSync(file);
  if (Number(res.headers.get("content-length")) !== bytes.length)
    throw new Error(`${path}: the portal did not send ${file} as it is`);
  return bytes;
}

interface Pass extends Stats {
  requestsPerSecond: number;
  errors: number;
  bytes: number;
  cpuPerRequestMs: { server: number | null; database: number | null };
}

/** Keeps the connections busy on `path` of `baseUrl`; the CPU of `pid` (and postgres) per request. */
async function runPass(
  name: string,
  baseUrl: string,
  path: string,
  pid: number | undefined,
  token: string,
): Promise<Pass> {
  const pass = await loadPass({
    baseUrl,
    pid,
    name,
    connections,
    warmupS,
    durationS,
    path: () => path,
    token,
    headers: { ...browserHeaders, accept: "application/json" },
    postgres: databaseUrl !== undefined,
  });
  return {
    ...pass.latency,
    requestsPerSecond: pass.requestsPerSecond,
    errors: pass.errors,
    bytes: pass.responseBytes.max,
    cpuPerRequestMs: pass.cpuPerRequestMs,
  };
}

/** A bare node:http child process answering `body` as JSON to every request, on `barePort`. */
async function startBare(body: Buffer, barePort: number): Promise<{ child: ChildProcess; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), "reads-bench-"));
  const file = join(dir, "body.json");
  writeFileSync(file, body);
  const script = `const b=require("fs").readFileSync(${JSON.stringify(file)});require("http").createServer((q,s)=>{s.writeHead(200,{"content-type":"application/json; charset=utf-8","content-length":b.length});s.end(b)}).listen(${barePort},"127.0.0.1",()=>console.log("up"))`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((done, fail) => {
    child.stdout?.once("data", () => done());
    child.once("exit", (code) => fail(new Error(`bare server exited (${String(code)})`)));
  });
  return {
    child,
    stop: () => {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  console.log(
    `reads: ${database}, ${connections} connections, ${durationS} s (+${warmupS} s warm-up)${smoke ? ", smoke" : ""}`,
  );
  const server = await startServer({ port, databaseUrl });
  try {
    const token = await signIn(server.baseUrl);
    const production = await call<Array<{ orderId: string }>>(
      server.baseUrl,
      token,
      "/api/pc/order/getOrderCartList?type=2&pageSize=20",
      { headers: { "accept-language": "en" } },
    );
    const script = appScript();
    const first = production.body.data[0];
    if (!first) throw new Error("the production list is empty: no order to read the details of");
    const reads: Read[] = [
      { name: "production list", kind: "list", path: "/api/pc/order/getOrderCartList?type=2&pageSize=20" },
      { name: "cart list", kind: "list", path: "/api/pc/order/getOrderCartList?type=1&pageSize=20" },
      { name: "order details", kind: "details", path: `/api/pc/order/orderDetail?orderId=${first.orderId}` },
      { name: "craft tree", kind: "catalogue", path: "/api/pc/dict/zzCraft?category=3000" },
      { name: "fabric search", kind: "catalogue", path: "/api/pc/fabric/dmFabric?clothCategory=3000&keywords=navy" },
      ...(script ? [{ name: "app script", kind: "file", path: script }] : []),
    ].filter((read) => !chosen || chosen.includes(read.name)) as Read[];
    const results = [];
    for (const read of reads) {
      const { bytes } =
        read.kind === "file"
          ? { bytes: await fileAnswer(server.baseUrl, read.path) }
          : await call(server.baseUrl, token, read.path, { headers: { "accept-language": "en" } });
      const bare = await startBare(bytes, port + 1);
      try {
        const barePass = await runPass(
          `bare, ${read.name}`,
          `http://127.0.0.1:${port + 1}`,
          read.path,
          bare.child.pid,
          token,
        );
        const portal = await runPass(read.name, server.baseUrl, read.path, server.child.pid, token);
        if (portal.errors > 0 && portal.requests === 0) throw new Error(`${read.name}: every request failed`);
        results.push({
          ...read,
          answerBytes: bytes.length,
          portal,
          bare: barePass,
          ratio: barePass.requestsPerSecond ? round(portal.requestsPerSecond / barePass.requestsPerSecond, 3) : null,
        });
      } finally {
        bare.stop();
      }
    }
    // The server's memory after the load (its peak since it started beside it).
    const memory = memoryMb(server.child.pid);
    console.log("");
    printTable(
      ["read", "req/s", "p50", "p99", "CPU ms", "pg ms", "bare/s", "bare CPU", "× bare", "errors"],
      results.map((r) => [
        r.name,
        r.portal.requestsPerSecond,
        r.portal.p50,
        r.portal.p99,
        r.portal.cpuPerRequestMs.server,
        r.portal.cpuPerRequestMs.database,
        r.bare.requestsPerSecond,
        r.bare.cpuPerRequestMs.server,
        r.ratio,
        r.portal.errors,
      ]),
    );
    console.log(`\nserver memory after the load: RSS ${memory?.rss ?? "–"} MB (peak ${memory?.peak ?? "–"} MB)`);
    writeResults(resultsPath, {
      at: new Date().toISOString(),
      database,
      connections,
      durationS,
      machine: atStart,
      memoryMb: memory,
      results,
    });
    if (smoke) for (const r of results) expectPassFigures(r.name, r.portal);
  } finally {
    await server.stop();
  }
}

await runBenchmark("reads", main);
