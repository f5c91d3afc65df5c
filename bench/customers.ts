/**
 * The customer book under load: a CSV import of 10,000 customers, then the list and its search.
 *
 *   node --import tsx bench/customers.ts                 # npm run bench:customers
 *   DATABASE_URL=postgres://user:pw@127.0.0.1:5432/db npm run bench:customers   # against PostgreSQL
 *   options: --port <n> (4185)  --connections <n> (50)  --duration <s> (10)  --warmup <s> (2)
 *            --customers <n> (10000)  --database-url <url> (default: $DATABASE_URL; none: PGlite)
 *
 * Starts the real server (bench/server.ts) and signs in as acme (a CSV import account, D-17), imports
 * <customers> generated rows in one `POST pc/customer/importOnNlnbu` (issue 24: 10,000 rows end to end
 * in under 10 s, the server's memory growth under 100 MB: its resident set before, after and at its
 * peak, from /proc), then keeps <connections> keep-alive connections busy (closed loop) on:
 *
 *   list page 1    GET /api/pc/customer?pageNum=1&pageSize=18
 *   list deep page GET /api/pc/customer?pageNum=<a page in the middle>&pageSize=18
 *   search         GET /api/pc/customer?keywords=<k>&pageSize=18  (k rotates: a name, a nickname, a phone, a miss)
 *
 * for <warmup> s unrecorded then <duration> s recorded. Latency is measured here from sending to the last
 * byte. Goal (issue 24): p99 ≤ 50 ms at 50 connections on PostgreSQL. Reported, never asserted; exits 0
 * unless the server cannot be started, signed in to, or answers wrongly. Figures go to
 * bench/results/customers.json (or customers-postgres.json). `--smoke`: 300 customers, 4 connections, 2 s.
 */
import http from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { performance } from "node:perf_hooks";
import {
  describeDatabase,
  expectFigures,
  isSmoke,
  machine,
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

const GOAL = { p99Ms: 50, importSeconds: 10, memoryGrowthMb: 100 };
const TEMPLATE =
  "Name,Nickname,Gender (M/F),Height,Height unit (cm/inch),Weight,Weight unit (kg/lb),Phone,E-mail,Address,Birthday (YYYY-MM-DD),Remark";

const atStart = machine();
const args = process.argv.slice(2);
const smoke = isSmoke(args);
const port = numberOption(args, "--port", 4185);
const connections = smoke ? 4 : Math.round(numberOption(args, "--connections", 50));
const durationS = smoke ? 2 : numberOption(args, "--duration", 10);
const warmupS = smoke ? 0.5 : numberOption(args, "--warmup", 2);
const count = smoke ? 300 : Math.round(numberOption(args, "--customers", 10_000));
const databaseUrl = option(args, "--database-url") ?? (process.env.DATABASE_URL || undefined);
const database = describeDatabase(databaseUrl);
const resultsPath = resultsFile(databaseUrl ? "customers-postgres.json" : "customers.json", smoke);

const SURNAMES = ["Zhang", "Smith", "Garcia", "Müller", "Rossi", "Tanaka", "Okafor", "Dubois", "Kowalski", "Silva"];
/** The generated book: unique names and phones, plausible figures. */
function csvOf(n: number): string {
  const lines = [TEMPLATE];
  for (let i = 0; i < n; i++) {
    const surname = SURNAMES[i % SURNAMES.length]!;
    lines.push(
      [
        `Bench ${surname} ${i}`,
        `B${i}`,
        i % 2 ? "F" : "M",
        String(150 + (i % 50)),
        "cm",
        String(50 + (i % 60)),
        "kg",
        `+44 7700 ${String(i).padStart(6, "0")}`,
        `bench${i}@example.com`,
        `${i} Savile Row`,
        "",
        i % 7 ? "" : "regular",
      ].join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** The server's resident set and its peak so far, in MB (Linux /proc). */
function memoryMb(pid: number | undefined): { rss: number; peak: number } | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rss: round(kb("VmRSS") / 1024)!, peak: round(kb("VmHWM") / 1024)! };
  } catch {
    return null;
  }
}

/**
 * Resets the process's peak resident set (Linux: "5" to /proc/<pid>/clear_refs), so the peak read after
 * the import is the import's, not the start-up's (migrating and seeding peak higher than a 10,000-row
 * import: without the reset the "growth" was the start-up's peak minus the resident set before).
 */
function resetPeak(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // not Linux, or not allowed: the peak stays the process's
  }
}

async function importBook(server: RunningServer, token: string) {
  const body = new FormData();
  body.append("file", new Blob([csvOf(count)], { type: "text/csv" }), "bench.csv");
  resetPeak(server.child.pid);
  const before = memoryMb(server.child.pid);
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/pc/customer/importOnNlnbu`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  const answer = (await res.json()) as { code: number; message: string; data?: { imported?: number } };
  const seconds = (performance.now() - started) / 1000;
  const after = memoryMb(server.child.pid);
  if (answer.code !== 0 || answer.data?.imported !== count)
    throw new Error(`the import answered ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return {
    rows: count,
    seconds: round(seconds),
    memoryMb: { before, after, growthToPeak: before && after ? round(after.peak - before.rss) : null },
  };
}

interface Endpoint {
  name: string;
  path: (i: number) => string;
}

async function runPass(server: RunningServer, token: string, endpoint: Endpoint) {
  const { hostname, port: p } = new URL(server.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const headers = { authorization: `Bearer ${token}`, "accept-encoding": "br, gzip", accept: "application/json" };
  const get = (path: string) =>
    new Promise<number>((done, reject) => {
      const req = http.request({ agent, hostname, port: p, path, method: "GET", headers }, (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
  let phase: "warmup" | "measure" | "stop" = "warmup";
  let counter = 0;
  let errors = 0;
  const errorSamples: string[] = [];
  const latencies: number[] = [];
  const worker = async () => {
    while (phase !== "stop") {
      const path = endpoint.path(counter++);
      const start = performance.now();
      try {
        const status = await get(path);
        const ms = performance.now() - start;
        // an answer read inside the recorded window counts (on a busy machine one may take longer than it)
        if (phase !== "measure") continue;
        if (status === 200) latencies.push(ms);
        else {
          errors++;
          if (errorSamples.length < 3) errorSamples.push(`HTTP ${status} ${path}`);
        }
      } catch (err) {
        if (phase === "measure") errors++;
        if (errorSamples.length < 3) errorSamples.push(`${String(err)} ${path}`);
      }
    }
  };
  const workers = Array.from({ length: connections }, () => worker());
  await new Promise((done) => setTimeout(done, warmupS * 1000));
  const windowStart = performance.now();
  phase = "measure";
  await new Promise((done) => setTimeout(done, durationS * 1000));
  phase = "stop";
  const seconds = (performance.now() - windowStart) / 1000;
  await Promise.all(workers);
  agent.destroy();
  return {
    endpoint: endpoint.name,
    connections,
    requestsPerSecond: round(latencies.length / seconds, 0),
    errors,
    errorSamples,
    ...stats(latencies),
  } satisfies Stats & Record<string, unknown>;
}

function writeResults(data: unknown): void {
  mkdirSync(dirname(resultsPath), { recursive: true });
  writeFileSync(resultsPath, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`\nResults written to ${relative(root, resultsPath)}`);
}

async function main(): Promise<void> {
  console.log(`> starting the server on 127.0.0.1:${port} (${database})`);
  const server = await startServer({ port, databaseUrl });
  try {
    const token = await signIn(server.baseUrl, "acme", "acme1234");
    console.log(`> importing ${count} customers by CSV`);
    const imported = await importBook(server, token);
    const listed = (await (
      await fetch(`${server.baseUrl}/api/pc/customer?pageSize=18`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { code: number; total?: number };
    if (listed.code !== 0 || (listed.total ?? 0) < count)
      throw new Error(`the list answered ${JSON.stringify(listed)}`);
    const middle = Math.max(1, Math.floor((listed.total ?? 0) / 18 / 2));
    const keywords = ["Bench Zhang 1", "B42", "7700 0012", "Müller", "nobody-at-all"];
    const endpoints: Endpoint[] = [
      { name: "list page 1", path: () => "/api/pc/customer?pageNum=1&pageSize=18" },
      { name: `list page ${middle}`, path: () => `/api/pc/customer?pageNum=${middle}&pageSize=18` },
      {
        name: "search",
        path: (i) => `/api/pc/customer?pageSize=18&keywords=${encodeURIComponent(keywords[i % keywords.length]!)}`,
      },
    ];
    const passes = [];
    for (const endpoint of endpoints) {
      console.log(`> ${endpoint.name}: ${connections} connections, ${warmupS} s warm-up + ${durationS} s`);
      passes.push(await runPass(server, token, endpoint));
    }
    console.log(
      `\nCustomer book, ${listed.total} customers, ${database} (${atStart.cores} cores, load ${atStart.loadAverage[0]}):`,
    );
    console.log(
      `  import of ${imported.rows} rows: ${imported.seconds} s (goal < ${GOAL.importSeconds} s); server memory ${imported.memoryMb.before?.rss ?? "–"} MB before, peak ${imported.memoryMb.after?.peak ?? "–"} MB (growth ${imported.memoryMb.growthToPeak ?? "–"} MB, goal < ${GOAL.memoryGrowthMb} MB)`,
    );
    for (const pass of passes)
      console.log(
        `  ${pass.endpoint.padEnd(16)} ${pass.requestsPerSecond} req/s  p50 ${pass.p50} ms  p99 ${pass.p99} ms  max ${pass.max} ms  errors ${pass.errors} ${pass.errorSamples.join("; ")}`,
      );
    writeResults({
      generatedAt: new Date().toISOString(),
      machine: atStart,
      database,
      settings: { port, connections, durationS, warmupS, customers: count, keywords },
      goal: GOAL,
      import: imported,
      passes,
    });
    if (smoke) {
      expectFigures("import", { seconds: imported.seconds });
      for (const pass of passes)
        expectFigures(pass.endpoint, { requests: pass.requests || NaN, p50: pass.p50, p99: pass.p99 });
    }
  } finally {
    await server.stop();
  }
}

try {
  await main();
  process.exitCode = 0;
} catch (err) {
  console.error("! customers benchmark failed:", err);
  writeResults({ generatedAt: new Date().toISOString(), machine: atStart, database, error: String(err) });
  process.exitCode = 1;
}
