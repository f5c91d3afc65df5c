/**
 * Several processes on one PostgreSQL (issue 21): requests per second of the compiled server as one process
 * and as two (`WORKERS=2`, node:cluster), on the same machine, against the same database, reported with the
 * machine's core count (two processes cannot beat one on a machine without a spare core).
 *
 * Run: `DATABASE_URL=postgres://... npm run bench:processes` (the server migrates and seeds that database; it is
 * built first when its sources changed, bench/server.ts). Options: `--connections <n>` (50), `--seconds <n>` (10)
 * per run, `--port <n>` (4184), `--smoke` (2 connections, 1 s: that it runs). Measures `GET /api/pc/banner` (a read
 * of the database) and the signed-in cart list (`getOrderCartList`), in a closed loop of keep-alive connections
 * after an unrecorded warm-up (bench/load.ts); a failed request fails the benchmark. Writes
 * bench/results/processes.json (results/smoke/ in smoke mode).
 */
import { cpus, loadavg } from "node:os";
import { loadPass } from "./load.ts";
import { num, parseOptions } from "./options.ts";
import { resultsFile, signIn, startServer, writeResults } from "./server.ts";

const { smoke, connections, seconds, port } = parseOptions({
  connections: num(50, { smoke: 2, whole: true }),
  seconds: num(10, { smoke: 0.3 }),
  port: num(4184),
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("bench/processes.ts needs DATABASE_URL (a PostgreSQL server the server may migrate and seed)");
  process.exit(2);
}

async function run(workers: number) {
  const server = await startServer({
    port,
    databaseUrl,
    env: { WORKERS: String(workers), PRODUCTION_STEP_SECONDS: "0", MAX_CONNECTIONS_PER_ADDRESS: "0" },
  });
  try {
    const token = await signIn(server.baseUrl);
    /** Requests per second on `path` (after a warm-up); any failed request fails the benchmark. */
    const rps = async (path: string, signedIn: boolean) => {
      const pass = await loadPass({
        baseUrl: server.baseUrl,
        pid: server.child.pid,
        connections,
        warmupS: smoke ? 0.2 : 2,
        durationS: seconds,
        path: () => path,
        token: signedIn ? token : undefined,
      });
      if (pass.errors > 0)
        throw new Error(`${pass.errors} requests to ${path} failed: ${pass.errorSamples.join("; ")}`);
      return Math.round(pass.requestsPerSecond);
    };
    return {
      workers,
      bannerRps: await rps("/api/pc/banner", false),
      cartListRps: await rps("/api/pc/order/getOrderCartList?pageNum=1&pageSize=10", true),
    };
  } finally {
    await server.stop();
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
writeResults(resultsFile("processes.json", smoke), result);
