/**
 * Shared helpers for the benchmarks that need the real server: start the compiled server
 * (`node dist-server/main.js`, built first when its sources changed, as `npm start` runs it) as a child
 * process on its own port (in-memory PGlite, so every run starts from the seed; or a copy of the seeded
 * data directory `BENCH_DATA_TEMPLATE` names, which bench/smoke.ts prepares once so that each benchmark
 * starts in a second or two; or the PostgreSQL server `databaseUrl` names, which the server migrates and
 * seeds as `npm start` does), wait until it answers, sign in, stop it.
 *
 * The benchmark ports (4180, 4181) are kept away from the test servers (4173,
 * 4174) and the default 8080, so a benchmark never collides with `npm test`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureServerBuilt } from "../scripts/build-server.mjs";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  /** Last lines the server wrote to stderr (shown when it fails). */
  stderr: () => string;
  stop: () => Promise<void>;
}

const servers = new Set<RunningServer>();
let exitHooked = false;

/** Stops every server still running when the benchmark is interrupted or ends early. */
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  const killAll = () => {
    for (const s of servers) {
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
    }
  };
  process.once("exit", killAll);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

/** Starts the server and resolves once `GET /api/pc/banner` answers 200. */
export async function startServer(opts: {
  port: number;
  databaseUrl?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<RunningServer> {
  hookExit();
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  // Refuse to bench someone else's server (or a stale one of ours) on the same port.
  if (await answers(`${baseUrl}/api/pc/banner`))
    throw new Error(`port ${opts.port} is already in use; pass --port <n>`);

  await ensureServerBuilt();
  const dataCopy = opts.databaseUrl === undefined ? copyOfSeededData() : undefined;
  // PostgreSQL only when asked: an inherited DATABASE_URL (npm run test:postgres sets one for bench/smoke.ts)
  // would send a PGlite server's data there and leave its DATA_DIR empty
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  // BENCH_SERVER_NODE_ARGS: node's own options for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to
  // profile it under a benchmark's load (the profile is written when the benchmark stops it)
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, join(root, "dist-server", "main.js")], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataCopy ?? "memory://",
      LOG_LEVEL: "warn",
      ...(opts.databaseUrl !== undefined ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...opts.env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errTail = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    errTail = (errTail + chunk).slice(-4000);
  });
  const exited = new Promise<void>((done) =>
    child.once("exit", (code, signal) => {
      if (dataCopy) rmSync(dataCopy, { recursive: true, force: true });
      // a server that dies under the load (not stopped): say so, with what it wrote last
      if (servers.has(server) && !starting)
        console.error(`! the server exited (${String(code ?? signal)}) while in use:\n${errTail}`);
      done();
    }),
  );
  let starting = true;

  const server: RunningServer = {
    baseUrl,
    child,
    stderr: () => errTail,
    async stop() {
      servers.delete(server);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM"); // main.ts closes the app and the database on SIGTERM
      const timer = setTimeout(() => child.kill("SIGKILL"), nodeArgs.length > 0 ? 60_000 : 5000);
      await exited;
      clearTimeout(timer);
    },
  };
  servers.add(server);

  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      servers.delete(server);
      throw new Error(`server exited (${String(child.exitCode ?? child.signalCode)}) before answering:\n${errTail}`);
    }
    if (await answers(`${baseUrl}/api/pc/banner`)) {
      starting = false;
      return server;
    }
    await sleep(250);
  }
  await server.stop();
  throw new Error(
    `server did not answer ${baseUrl}/api/pc/banner within ${String(opts.timeoutMs ?? 120_000)} ms:\n${errTail}`,
  );
}

/** A fresh copy of the seeded PGlite data directory of `BENCH_DATA_TEMPLATE`, or undefined (in-memory). */
function copyOfSeededData(): string | undefined {
  const template = process.env.BENCH_DATA_TEMPLATE;
  if (!template) return undefined;
  const copy = mkdtempSync(join(tmpdir(), "mtm-bench-data-"));
  cpSync(template, copy, { recursive: true });
  return copy;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** Signs in through `POST /api/memberLogin` and returns the access token. */
export async function signIn(baseUrl: string, username = "demo", password = "demo1234"): Promise<string> {
  const res = await fetch(
    `${baseUrl}/api/memberLogin?username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}`,
    { method: "POST" },
  );
  const body = (await res.json()) as { code: number; message?: string; data?: { token?: string } };
  if (body.code !== 0 || !body.data?.token)
    throw new Error(`sign-in as ${username} failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Nearest-rank percentile of an ascending array (p in 0..100). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const round = (n: number, digits = 2) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);

/** A database URL without its password, fit to print and to store with the figures. */
export function describeDatabase(databaseUrl: string | undefined): string {
  if (!databaseUrl) return "in-memory PGlite";
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL ${url.hostname || "(socket)"}:${url.port || "5432"}${url.pathname}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

/** Busy and total jiffies of the whole machine (Linux /proc/stat; undefined elsewhere). */
export function machineJiffies(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const [, ...values] = line.trim().split(/\s+/);
    const n = values.map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    const idle = (n[3] ?? 0) + (n[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds (utime + stime) of every process named `postgres` on this machine, by pid (Linux
 * /proc; undefined elsewhere). The difference over a pass is the work the database did for it,
 * when no other PostgreSQL server is busy on the machine.
 */
export function postgresCpuSeconds(): Map<number, number> | undefined {
  try {
    const result = new Map<number, number>();
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // exited meanwhile
      }
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== "postgres") continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      result.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / 100);
    }
    return result;
  } catch {
    return undefined;
  }
}

/** CPU seconds the postgres processes alive at `end` spent since `start` (exited ones are missed). */
export function postgresCpuDelta(
  start: Map<number, number> | undefined,
  end: Map<number, number> | undefined,
): number | undefined {
  if (!start || !end) return undefined;
  let sum = 0;
  for (const [pid, seconds] of end) sum += seconds - (start.get(pid) ?? 0);
  return sum;
}

/** What the figures were measured on, stored with every result. */
export function machine() {
  const cpu = cpus();
  return {
    cores: cpu.length,
    cpuModel: cpu[0]?.model ?? "unknown",
    memoryGb: round(totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    /** Other work on the machine skews the figures: the 1/5/15-minute load averages when written. */
    loadAverage: loadavg().map((n) => round(n)),
  };
}

/** Latency figures of one pass, in ms. */
export interface Stats {
  requests: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
  mean: number | null;
}

export function stats(latencies: number[]): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.length ? sorted.reduce((n, x) => n + x, 0) / sorted.length : NaN;
  return {
    requests: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
    mean: round(mean),
  };
}

/** A number in ms as the tables show it; "–" when there is none. */
export const ms = (n: number | null | undefined) => (n === null || n === undefined ? "–" : n.toFixed(2));

/** A share (0..1) as a percentage; "–" when there is none. */
export const percent = (share: number | null) => (share === null ? "–" : `${Math.round(share * 100)} %`);

/** A table of figures: the first column left-aligned, the others right-aligned; null shows as "–". */
export function printTable(head: string[], rows: Array<Array<string | number | null | undefined>>): void {
  const cells = rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? "–" : String(cell))));
  const widths = head.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c]?.length ?? 0)));
  const line = (row: string[]) =>
    `  ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  ")}`;
  console.log(line(head));
  console.log(`  ${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const row of cells) console.log(line(row));
}

/**
 * A process's resident memory now and at its peak (VmRSS, VmHWM from /proc), in MB (issue 21: RSS ≤ 250 MB on
 * PGlite after the load, ≤ 150 MB per process on PostgreSQL); undefined off Linux.
 */
export function memoryMb(pid: number | undefined): { rss: number; peak: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
  } catch {
    return undefined;
  }
}

/** utime + stime of a process, in seconds (Linux /proc; undefined elsewhere). */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state); utime is field 14, stime field 15.
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/**
 * `--smoke` (every benchmark takes it, options.ts): the benchmark runs for a few seconds, only to show that
 * it still runs and gives figures (`npm run bench:smoke`, part of `npm test`, runs every benchmark so). Its
 * figures mean nothing and go to bench/results/smoke/, never over a real run's. So a benchmark writes its
 * figures to bench/results/<file>, or bench/results/smoke/<file> in smoke mode.
 */
export const resultsFile = (file: string, smoke: boolean) =>
  resolve(root, "bench", "results", ...(smoke ? ["smoke"] : []), file);

/** Writes a benchmark's figures as JSON to `path` (`resultsFile`). */
export function writeResults(path: string, data: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`\nResults written to ${relative(root, path)}`);
}

/**
 * Runs a benchmark's `main`: exit code 0, or 1 after printing why it failed, stopping the servers it left
 * running and, when `failure` is given, writing the error with those figures (when, on what) over its
 * results file.
 */
export async function runBenchmark(
  name: string,
  main: () => Promise<void>,
  failure?: { path: string; figures?: Record<string, unknown> },
): Promise<void> {
  try {
    await main();
    process.exitCode = 0;
  } catch (err) {
    console.error(`! ${name} benchmark failed:`, err);
    // a server left running (the failure came between its start and its stop) would keep this process alive
    await Promise.all([...servers].map((server) => server.stop()));
    if (failure) {
      try {
        writeResults(failure.path, { generatedAt: new Date().toISOString(), ...failure.figures, error: String(err) });
      } catch {
        // nothing more to do: the error is printed
      }
    }
    process.exitCode = 1;
  }
}

/**
 * In smoke mode: fails unless every figure named is a number (the benchmark measured something); the
 * values are never compared with a goal, timing never decides a test.
 */
export function expectFigures(what: string, figures: Record<string, unknown>): void {
  const missing = Object.entries(figures)
    .filter(([, value]) => typeof value !== "number" || !Number.isFinite(value))
    .map(([name, value]) => `${name} (${String(value)})`);
  if (missing.length) throw new Error(`${what}: no figure for ${missing.join(", ")}`);
  console.log(`smoke: ${what}: ${Object.keys(figures).length} figures, all numbers`);
}
