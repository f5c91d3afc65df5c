/**
 * Several processes on one PostgreSQL (issue 21): requests per second of the compiled server as one process
 * and as two (`WORKERS=2`, node:cluster), on the same machine, against the same database, reported with the
 * machine's core count (two processes cannot beat one on a machine without a spare core).
 *
 * Run: `DATABASE_URL=postgres://... npm run bench:processes` (the server migrates and seeds that database; build
 * the server first: `npm run build:server`). Options: `--connections <n>` (50), `--seconds <n>` (10) per run,
 * `--port <n>` (4184), `--smoke` (2 connections, 1 s: that it runs). Measures `GET /api/pc/banner` (a read of the
 * database) and the signed-in cart list (`getOrderCartList`), in a closed loop of keep-alive connections after an
 * unrecorded warm-up. Writes bench/results/processes.json.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { root } from "./server.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const smoke = args.includes("--smoke");
const connections = smoke ? 2 : Number(option("--connections", "50"));
const seconds = smoke ? 1 : Number(option("--seconds", "10"));
const port = Number(option("--port", "4184"));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("bench/processes.ts needs DATABASE_URL (a PostgreSQL server the server may migrate and seed)");
  process.exit(2);
}
const base = `http://127.0.0.1:${port}`;

async function start(workers: number) {
  const child = spawn(process.execPath, ["dist-server/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      WORKERS: String(workers),
      PRODUCTION_STEP_SECONDS: "0",
      MAX_CONNECTIONS_PER_ADDRESS: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    // Every worker listens before the primary's banner; readiness of one is enough to start the load.
    if (ready) break;
    if (Date.now() - started > 120_000) throw new Error("the server did not become ready within 120 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
}

async function load(url: string, headers: Record<string, string>, ms: number) {
  let done = 0;
  let failed = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.ok) done++;
        else failed++;
      }
    }),
  );
  if (failed > 0) throw new Error(`${failed} requests to ${url} failed`);
  return done / (ms / 1000);
}

async function run(workers: number) {
  const stop = await start(workers);
  try {
    const signIn = await fetch(`${base}/api/memberLogin?username=demo&password=demo1234`, { method: "POST" });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };
    const banner = `${base}/api/pc/banner`;
    const cart = `${base}/api/pc/order/getOrderCartList?pageNum=1&pageSize=10`;
    await load(banner, {}, smoke ? 200 : 2000);
    await load(cart, auth, smoke ? 200 : 2000);
    return {
      workers,
      bannerRps: Math.round(await load(banner, {}, seconds * 1000)),
      cartListRps: Math.round(await load(cart, auth, seconds * 1000)),
    };
  } finally {
    await stop();
  }
}

const one = await run(1);
const two = await run(2);
const result = {
  cores: cpus().length,
  loadAverage: loadavg()[0],
  connections,
  seconds,
  one,
  two,
  ratio: {
    banner: +(two.bannerRps / one.bannerRps).toFixed(2),
    cartList: +(two.cartListRps / one.cartListRps).toFixed(2),
  },
};
console.log(JSON.stringify(result, null, 2));
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/processes.json"), JSON.stringify(result, null, 2));
