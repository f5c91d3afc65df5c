/**
 * Shared by the benchmarks that load the server over HTTP: their common options, one closed-loop load pass,
 * a call that must answer code 0, and the table of the figures.
 *
 * A pass keeps `connections` keep-alive connections busy (closed loop: each sends its next request when the
 * previous answer has been read) for `warmupS` seconds unrecorded, then `durationS` seconds recorded; a request
 * counts when it was sent and answered inside the recorded window, its latency measured in this process from
 * sending it to reading its last byte. Alongside: the CPU time of the server process (and, on PostgreSQL, of
 * the postgres processes) and the share of the machine busy during the window, from /proc (Linux).
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { flag, num, parseOptions, text } from "./options.ts";
import {
  cpuSeconds,
  describeDatabase,
  expectFigures,
  machine,
  machineJiffies,
  postgresCpuDelta,
  ms,
  percent,
  postgresCpuSeconds,
  printTable,
  resultsFile,
  round,
  signIn,
  sleep,
  startServer,
  stats,
  type RunningServer,
  type Stats,
} from "./server.ts";

type Spec = Parameters<typeof parseOptions>[0];

/**
 * The options of a load benchmark: `--port` (the benchmark's own default in `spec`), `--connections` (50),
 * `--duration` (10 s), `--warmup` (2 s), `--database-url` (default $DATABASE_URL; none: PGlite) and `--smoke`
 * (4 connections, 1 s, 0.5 s warm-up), with the benchmark's own in `spec` (which may change those defaults).
 * Beside them: the database described, the results file `<name>.json` (`<name>-postgres.json` on PostgreSQL;
 * under results/smoke/ in smoke mode) and the machine before the load.
 */
export function loadOptions<const S extends Spec & { port: ReturnType<typeof num> }>(name: string, spec: S) {
  const options = parseOptions({
    connections: num(50, { smoke: 4, whole: true }),
    duration: num(10, { smoke: 0.3 }),
    warmup: num(2, { smoke: 0.1 }),
    databaseUrl: text(),
    ...spec,
  });
  // (typed through the generic spread: --database-url is text())
  const databaseUrl = (options.databaseUrl as string | undefined) ?? (process.env.DATABASE_URL || undefined);
  return {
    ...options,
    durationS: options.duration,
    warmupS: options.warmup,
    databaseUrl,
    database: describeDatabase(databaseUrl),
    resultsPath: resultsFile(databaseUrl ? `${name}-postgres.json` : `${name}.json`, options.smoke),
    /** Taken before the benchmark loads the machine: the load average shows other work. */
    atStart: machine(),
  };
}

/** The settings every load benchmark stores with its figures. */
export const settingsOf = (o: { port: number; connections: number; durationS: number; warmupS: number }) => ({
  port: o.port,
  connections: o.connections,
  durationS: o.durationS,
  warmupS: o.warmupS,
});

/**
 * Starts the server on the options' port and database (bench/server.ts), signs in (demo, unless `user` names
 * another), runs `body` and stops the server.
 */
export async function withServer<T>(
  options: { port: number; databaseUrl: string | undefined; database: string },
  body: (server: RunningServer, token: string) => Promise<T>,
  user: [string, string] = ["demo", "demo1234"],
): Promise<T> {
  console.log(`> starting the server on 127.0.0.1:${options.port} (${options.database})`);
  const server = await startServer({ port: options.port, databaseUrl: options.databaseUrl });
  try {
    return await body(server, await signIn(server.baseUrl, ...user));
  } finally {
    await server.stop();
  }
}

/** `--no-unloaded`: the option of the benchmarks that measure each read again at one connection. */
export const unloadedOption = { noUnloaded: flag() };

/** The connection counts of a read: the load, and one connection (no queueing) unless `unloaded` is off. */
export const connectionCounts = (connections: number, unloaded = true) =>
  unloaded && connections !== 1 ? [connections, 1] : [connections];

/** What the API clients send: JSON accepted. */
export const acceptJson = { accept: "application/json" };

/** What a browser sends with a read: compressed answers, in English. */
export const browserHeaders = { "accept-encoding": "br, gzip", "accept-language": "en" };

export interface PassOptions {
  baseUrl: string;
  /** The process whose CPU time is read: the server's (PGlite runs inside it). */
  pid: number | undefined;
  /** Printed before the pass (`> <name>: <n> connection(s), ...`). */
  name?: string;
  connections: number;
  warmupS: number;
  durationS: number;
  /** The i-th request's path. */
  path: (i: number) => string;
  /** Sent as `authorization: Bearer <token>`. */
  token?: string;
  /** Sent with every request (the encodings accepted, ...). */
  headers?: Record<string, string>;
  /** Makes the i-th request a POST of this JSON body, with its own headers. */
  post?: (i: number) => { body: string; headers?: Record<string, string> };
  /** Whether an HTTP 200 answer's body is a good one (default: every 200 is). */
  check?: (body: string) => boolean;
  /** Groups the recorded latencies by the i-th request's variant (`byVariant`). */
  variant?: (i: number) => string;
  /** Also reads the CPU time of the postgres processes (on PostgreSQL). */
  postgres?: boolean;
}

export interface Pass {
  connections: number;
  /** The recorded window, s. */
  durationS: number;
  requestsPerSecond: number;
  errors: number;
  /** The first few failures: status or error, and the path. */
  errorSamples: string[];
  latency: Stats;
  /** Sizes of the good answers as sent (compressed when the server compressed them), bytes. */
  responseBytes: { min: number; max: number };
  /** Share of one core the server process used during the window. */
  serverCpu: number | null;
  /** Share of all cores busy during the window (server, database, this process, the rest). */
  machineCpu: number | null;
  /** CPU time per answered request, ms: the server process, and the postgres processes (null on PGlite). */
  cpuPerRequestMs: { server: number | null; database: number | null };
  byVariant: Record<string, Stats>;
}

/** One closed-loop pass (see the header). */
export async function loadPass(opts: PassOptions): Promise<Pass> {
  const { hostname, port } = new URL(opts.baseUrl);
  if (opts.name)
    console.log(`> ${opts.name}: ${opts.connections} connection(s), ${opts.warmupS} s warm-up + ${opts.durationS} s`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections, maxFreeSockets: opts.connections });
  const send = (path: string, i: number) =>
    new Promise<{ status: number; body: Buffer }>((done, fail) => {
      const post = opts.post?.(i);
      const headers = {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
        ...(post ? { "content-type": "application/json", ...post.headers } : {}),
      };
      const req = http.request({ agent, hostname, port, path, method: post ? "POST" : "GET", headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on("error", fail);
      });
      req.on("error", fail);
      req.end(post?.body);
    });

  let phase: "warmup" | "measure" | "stop" = "warmup";
  let counter = 0;
  let errors = 0;
  const errorSamples: string[] = [];
  const latencies: number[] = [];
  const byVariant = new Map<string, number[]>();
  let minBytes = Infinity;
  let maxBytes = 0;
  const fail = (what: string) => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(what);
  };
  const worker = async () => {
    while (phase !== "stop") {
      const i = counter++;
      const path = opts.path(i);
      const recorded = phase === "measure";
      const start = performance.now();
      try {
        const { status, body } = await send(path, i);
        const ms = performance.now() - start;
        if (!recorded || phase !== "measure") continue; // only requests sent and answered inside the window
        if (status !== 200) fail(`HTTP ${status} ${path}`);
        else if (opts.check && !opts.check(body.toString("utf8")))
          fail(`HTTP 200 ${path}: ${body.toString("utf8").slice(0, 120)}`);
        else {
          latencies.push(ms);
          minBytes = Math.min(minBytes, body.length);
          maxBytes = Math.max(maxBytes, body.length);
          if (opts.variant) {
            const v = opts.variant(i);
            const list = byVariant.get(v);
            if (list) list.push(ms);
            else byVariant.set(v, [ms]);
          }
        }
      } catch (err) {
        if (recorded && phase === "measure") fail(`${String(err)} ${path}`);
      }
    }
  };

  const workers = Array.from({ length: opts.connections }, () => worker());
  await sleep(opts.warmupS * 1000);
  const cpuStart = cpuSeconds(opts.pid);
  const machineStart = machineJiffies();
  const postgresStart = opts.postgres ? postgresCpuSeconds() : undefined;
  const windowStart = performance.now();
  phase = "measure";
  await sleep(opts.durationS * 1000);
  // on a busy machine a short pass may not finish one request: it waits for one (at most a minute)
  for (let waited = 0; latencies.length + errors === 0 && waited < 60_000; waited += 50) await sleep(50);
  phase = "stop";
  const seconds = (performance.now() - windowStart) / 1000;
  const cpuEnd = cpuSeconds(opts.pid);
  const machineEnd = machineJiffies();
  const postgresSeconds = postgresCpuDelta(postgresStart, opts.postgres ? postgresCpuSeconds() : undefined);
  await Promise.all(workers);
  agent.destroy();

  const n = latencies.length;
  const serverSeconds = cpuStart !== undefined && cpuEnd !== undefined ? cpuEnd - cpuStart : undefined;
  const perRequest = (cpu: number | undefined) => (cpu !== undefined && n ? round((cpu * 1000) / n, 3) : null);
  return {
    connections: opts.connections,
    durationS: round(seconds)!,
    requestsPerSecond: round(n / seconds, 0) ?? 0,
    errors,
    errorSamples,
    latency: stats(latencies),
    responseBytes: { min: Number.isFinite(minBytes) ? minBytes : 0, max: maxBytes },
    serverCpu: serverSeconds === undefined ? null : round(serverSeconds / seconds),
    machineCpu:
      machineStart && machineEnd && machineEnd.total > machineStart.total
        ? round((machineEnd.busy - machineStart.busy) / (machineEnd.total - machineStart.total))
        : null,
    cpuPerRequestMs: { server: perRequest(serverSeconds), database: perRequest(postgresSeconds) },
    byVariant: Object.fromEntries([...byVariant].map(([v, list]) => [v, stats(list)])),
  };
}

/**
 * `loadPass` on `server` signed in with `token`, at the options' connections (unless a pass names its own),
 * warm-up and duration, reading the postgres processes' CPU on PostgreSQL.
 */
export const passOn =
  (
    server: RunningServer,
    token: string,
    options: { connections: number; warmupS: number; durationS: number; databaseUrl: string | undefined },
  ) =>
  (pass: Omit<PassOptions, "baseUrl" | "pid" | "connections" | "warmupS" | "durationS"> & { connections?: number }) =>
    loadPass({
      baseUrl: server.baseUrl,
      pid: server.child.pid,
      token,
      connections: options.connections,
      warmupS: options.warmupS,
      durationS: options.durationS,
      postgres: options.databaseUrl !== undefined,
      ...pass,
    });

/**
 * The figures the ledger, cart and sub-account benchmarks store per pass (their results files' shape): the
 * connections, req/s, errors, the latency and the server's CPU per request.
 */
export const serverFigures = (pass: Pass) => ({
  connections: pass.connections,
  requestsPerSecond: pass.requestsPerSecond,
  errors: pass.errors,
  ...pass.latency,
  /** CPU time of the server process per answered request (PGlite runs inside it; PostgreSQL does not), ms. */
  serverCpuMsPerRequest: pass.cpuPerRequestMs.server,
});

/** The columns of a pass in the tables of fabric-search and catalogue, after the endpoint (`passCells`). */
export const passColumns = ["conns", "req/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors", "server CPU"];

/** A pass's cells under `passColumns`. */
export const passCells = (pass: Stats & Pick<Pass, "connections" | "requestsPerSecond" | "errors" | "serverCpu">) => [
  pass.connections,
  pass.requestsPerSecond,
  ms(pass.p50),
  ms(pass.p90),
  ms(pass.p99),
  ms(pass.max),
  pass.errors,
  percent(pass.serverCpu),
];

/** The table of `serverFigures` passes, one a row, `name` first under the heading `what`. */
export function printServerFigures(
  what: string,
  passes: Array<{ name: string } & ReturnType<typeof serverFigures>>,
): void {
  printTable(
    [what, "conns", "req/s", "p50 ms", "p99 ms", "max ms", "server CPU ms/req", "errors"],
    passes.map((pass) => [
      pass.name,
      pass.connections,
      pass.requestsPerSecond,
      ms(pass.p50),
      ms(pass.p99),
      ms(pass.max),
      ms(pass.serverCpuMsPerRequest),
      pass.errors,
    ]),
  );
}

/** In smoke mode: that a pass measured something (server.ts `expectFigures`). */
export function expectPassFigures(
  what: string,
  pass: { requests: number; p50: number | null; p99: number | null; requestsPerSecond: number | null },
  more: Record<string, unknown> = {},
): void {
  expectFigures(what, {
    requests: pass.requests || NaN,
    p50: pass.p50,
    p99: pass.p99,
    requestsPerSecond: pass.requestsPerSecond,
    ...more,
  });
}

export interface Envelope<T> {
  code: number | string;
  message?: string;
  data: T;
  total?: number;
  [more: string]: unknown;
}

/**
 * One JSON call answered HTTP 200 with code 0 (else the benchmark fails): its envelope and its bytes. A GET
 * whose kept-alive socket the server closed meanwhile is sent once more (a POST is not).
 */
export async function call<T = unknown>(
  baseUrl: string,
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<{ body: Envelope<T>; bytes: Buffer }> {
  const send = () =>
    fetch(baseUrl + path, {
      ...init,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers },
    });
  let res: Response;
  try {
    res = await send();
  } catch (error) {
    if ((init.method ?? "GET") !== "GET") throw error;
    res = await send();
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  let body: Envelope<T> | undefined;
  try {
    body = JSON.parse(bytes.toString("utf8")) as Envelope<T>;
  } catch {
    // not JSON: reported below
  }
  if (res.status !== 200 || body?.code !== 0)
    throw new Error(`${path} answered HTTP ${res.status} ${bytes.toString("utf8").slice(0, 300)}`);
  return { body, bytes };
}

/** The data of a call answered code 0 (`call`). */
export const data = async <T>(baseUrl: string, token: string, path: string, init?: RequestInit) =>
  (await call<T>(baseUrl, token, path, init)).body.data;
