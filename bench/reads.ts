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
 *                      benchmark still runs (npm test runs it so); figures are not written
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
 *
 * Per pass: requests per second, p50/p99 latency (this process, sending to last byte), and the CPU time
 * per request of the server process (and, on PostgreSQL, of the postgres processes), read from /proc.
 * The ratio "× bare" is the portal's req/s over the bare server's; CPU per request is the figure least
 * moved by other work on the machine. Goals (issue 21, PostgreSQL, 50 connections): catalogue reads
 * ≥ 0.25× bare and p99 ≤ 25 ms; lists and order details ≥ 0.10× and p99 ≤ 50 ms, CPU ≤ 1.5 ms per list
 * read; on PGlite lists p99 ≤ 100 ms. Reported, never asserted: exits 0 unless a server cannot be
 * started or answers wrongly. Figures go to bench/results/reads.json or reads-postgres.json.
 */
import http from "node:http";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import {
  cpuSeconds,
  describeDatabase,
  machine,
  memoryMb,
  numberOption,
  option,
  postgresCpuDelta,
  postgresCpuSeconds,
  root,
  round,
  signIn,
  sleep,
  startServer,
  stats,
  type Stats,
} from "./server.ts";

const atStart = machine();
const args = process.argv.slice(2);
const smoke = args.includes("--smoke");
const port = numberOption(args, "--port", 4183);
const connections = smoke ? 4 : Math.round(numberOption(args, "--connections", 50));
const durationS = smoke ? 0.3 : numberOption(args, "--duration", 5);
const warmupS = smoke ? 0.1 : numberOption(args, "--warmup", 1);
const only = option(args, "--only")?.split(",");
const databaseUrl = option(args, "--database-url") ?? (process.env.DATABASE_URL || undefined);
const database = describeDatabase(databaseUrl);
const resultsPath = join(root, "bench", "results", databaseUrl ? "reads-postgres.json" : "reads.json");

interface Read {
  name: string;
  kind: "list" | "details" | "catalogue";
  path: string;
}

interface Pass extends Stats {
  requestsPerSecond: number;
  errors: number;
  bytes: number;
  cpuPerRequestMs: { server: number | null; database: number | null };
}

/** Keeps `conns` keep-alive connections busy on `path` of `baseUrl`; the CPU of `pid` (and postgres) per request. */
async function runPass(baseUrl: string, path: string, pid: number | undefined, token: string): Promise<Pass> {
  const { hostname, port: p } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const headers = {
    authorization: `Bearer ${token}`,
    "accept-encoding": "br, gzip",
    "accept-language": "en",
    accept: "application/json",
  };
  const get = () =>
    new Promise<{ status: number; bytes: number }>((done, fail) => {
      const req = http.request({ agent, hostname, port: p, path, headers }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => done({ status: res.statusCode ?? 0, bytes }));
        res.on("error", fail);
      });
      req.on("error", fail);
      req.end();
    });
  let phase: "warmup" | "measure" | "stop" = "warmup";
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const worker = async () => {
    while (phase !== "stop") {
      const recorded = phase === "measure";
      const start = performance.now();
      try {
        const res = await get();
        if (!recorded || phase !== "measure") continue;
        if (res.status !== 200) errors++;
        else latencies.push(performance.now() - start);
        bytes = res.bytes;
      } catch {
        if (recorded) errors++;
      }
    }
  };
  const workers = Array.from({ length: connections }, () => worker());
  await sleep(warmupS * 1000);
  const cpuStart = cpuSeconds(pid);
  const pgStart = databaseUrl ? postgresCpuSeconds() : undefined;
  const t0 = performance.now();
  phase = "measure";
  await sleep(durationS * 1000);
  phase = "stop";
  const seconds = (performance.now() - t0) / 1000;
  const cpuEnd = cpuSeconds(pid);
  const pgSeconds = postgresCpuDelta(pgStart, databaseUrl ? postgresCpuSeconds() : undefined);
  await Promise.all(workers);
  agent.destroy();
  const n = latencies.length;
  return {
    ...stats(latencies),
    requestsPerSecond: round(n / seconds, 0) ?? 0,
    errors,
    bytes,
    cpuPerRequestMs: {
      server: cpuStart !== undefined && cpuEnd !== undefined && n ? round(((cpuEnd - cpuStart) * 1000) / n, 3) : null,
      database: pgSeconds !== undefined && n ? round((pgSeconds * 1000) / n, 3) : null,
    },
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

async function json(baseUrl: string, token: string, path: string) {
  const res = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}`, "accept-language": "en" } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const body = JSON.parse(bytes.toString("utf8")) as { code: number; data: unknown };
  if (res.status !== 200 || body.code !== 0) throw new Error(`${path}: HTTP ${res.status} ${bytes.toString("utf8")}`);
  return { bytes, body };
}

const pad = (value: string | number | null | undefined, width: number) => String(value ?? "–").padStart(width);

async function main() {
  console.log(
    `reads: ${database}, ${connections} connections, ${durationS} s (+${warmupS} s warm-up)${smoke ? ", smoke" : ""}`,
  );
  const server = await startServer({ port, databaseUrl });
  try {
    const token = await signIn(server.baseUrl);
    const production = await json(server.baseUrl, token, "/api/pc/order/getOrderCartList?type=2&pageSize=20");
    const first = (production.body.data as Array<{ orderId: string }>)[0];
    if (!first) throw new Error("the production list is empty: no order to read the details of");
    const reads: Read[] = [
      { name: "production list", kind: "list", path: "/api/pc/order/getOrderCartList?type=2&pageSize=20" },
      { name: "cart list", kind: "list", path: "/api/pc/order/getOrderCartList?type=1&pageSize=20" },
      { name: "order details", kind: "details", path: `/api/pc/order/orderDetail?orderId=${first.orderId}` },
      { name: "craft tree", kind: "catalogue", path: "/api/pc/dict/zzCraft?category=3000" },
      { name: "fabric search", kind: "catalogue", path: "/api/pc/fabric/dmFabric?clothCategory=3000&keywords=navy" },
    ].filter((read) => !only || only.includes(read.name)) as Read[];
    const results = [];
    for (const read of reads) {
      const { bytes } = await json(server.baseUrl, token, read.path);
      const bare = await startBare(bytes, port + 1);
      try {
        const barePass = await runPass(`http://127.0.0.1:${port + 1}`, read.path, bare.child.pid, token);
        const portal = await runPass(server.baseUrl, read.path, server.child.pid, token);
        if (portal.errors > 0 && portal.requests === 0) throw new Error(`${read.name}: every request failed`);
        results.push({
          ...read,
          jsonBytes: bytes.length,
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
    console.log(
      `\n${"read".padEnd(16)}${pad("req/s", 8)}${pad("p50", 8)}${pad("p99", 8)}${pad("CPU ms", 8)}${pad("pg ms", 8)}${pad("bare/s", 8)}${pad("bare CPU", 10)}${pad("× bare", 8)}${pad("errors", 8)}`,
    );
    for (const r of results)
      console.log(
        `${r.name.padEnd(16)}${pad(r.portal.requestsPerSecond, 8)}${pad(r.portal.p50, 8)}${pad(r.portal.p99, 8)}${pad(r.portal.cpuPerRequestMs.server, 8)}${pad(r.portal.cpuPerRequestMs.database, 8)}${pad(r.bare.requestsPerSecond, 8)}${pad(r.bare.cpuPerRequestMs.server, 10)}${pad(r.ratio, 8)}${pad(r.portal.errors, 8)}`,
      );
    console.log(`\nserver memory after the load: RSS ${memory?.rss ?? "–"} MB (peak ${memory?.peak ?? "–"} MB)`);
    if (!smoke) {
      mkdirSync(join(root, "bench", "results"), { recursive: true });
      writeFileSync(
        resultsPath,
        JSON.stringify(
          {
            at: new Date().toISOString(),
            database,
            connections,
            durationS,
            machine: atStart,
            memoryMb: memory,
            results,
          },
          null,
          2,
        ),
      );
      console.log(`\nwritten to ${relative(process.cwd(), resultsPath)}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
