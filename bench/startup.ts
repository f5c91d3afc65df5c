/**
 * Cold start to the first answer (issue 21): the time from spawning the server to its first HTTP answer
 * (`GET /healthz`; any status counts), on a fresh data directory and again on the same directory with its
 * data (`npm run bench:startup`; `--smoke` runs each once). The goal: ≤ 1 s with existing data, ≤ 5 s fresh.
 * Beside it, the time to the first answer of a read through the contract and the database (`GET /api/pc/banner`,
 * asked right after that first answer: its validator compiled, its query run), and the server's resident memory
 * (RSS, from /proc) then. A fresh start loads the build's migrated PGlite template (server/db/pgliteTemplate.ts)
 * and seeds; the compiled server is built first when its sources changed.
 *
 * The machine may be shared: the CPU time the server used until then (user + system, from /proc) is reported
 * beside the wall time, and the load average with them.
 *
 * Options: `--runs <n>` (3) starts of each kind, the median reported; `--port <n>` (4183);
 * `--tsx` starts `server/main.ts` through tsx instead of the compiled `dist-server/main.js` (the figure before
 * the compiled server). Writes bench/results/startup.json (results/smoke/ in smoke mode).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ensureServerBuilt } from "../scripts/build-server.mjs";
import { flag, num, parseOptions } from "./options.ts";
import { cpuSeconds, memoryMb, resultsFile, root, writeResults } from "./server.ts";

const {
  smoke,
  tsx: viaTsx,
  runs,
  port,
} = parseOptions({
  runs: num(3, { smoke: 1, whole: true }),
  port: num(4183),
  tsx: flag(),
});

interface Start {
  ms: number;
  cpuMs: number;
  apiMs: number;
  rssMb: number;
}

async function startOnce(dataDir: string): Promise<Start> {
  const started = performance.now();
  const command = viaTsx ? ["--import", "tsx", "server/main.ts"] : ["dist-server/main.js"];
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PRODUCTION_STEP_SECONDS: "0" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr.slice(-2000)}`);
      try {
        await fetch(`http://127.0.0.1:${port}/healthz`);
        const ms = performance.now() - started;
        const cpuMs = (cpuSeconds(child.pid) ?? Number.NaN) * 1000;
        const banner = await fetch(`http://127.0.0.1:${port}/api/pc/banner`);
        await banner.arrayBuffer();
        if (!banner.ok) throw new Error(`GET /api/pc/banner answered ${banner.status}`);
        return { ms, cpuMs, apiMs: performance.now() - started, rssMb: memoryMb(child.pid)?.rss ?? Number.NaN };
      } catch (error) {
        if (error instanceof Error && error.message.startsWith("GET /api")) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (performance.now() - started > 180_000) throw new Error("no answer within 180 s");
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

// The compiled server as the sources are (with its PGlite template: a fresh start loads it).
if (!viaTsx) await ensureServerBuilt();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fresh: Start[] = [];
const existing: Start[] = [];
for (let run = 0; run < runs; run++) {
  const dir = mkdtempSync(join(tmpdir(), "mtm-startup-"));
  try {
    fresh.push(await startOnce(join(dir, "data")));
    existing.push(await startOnce(join(dir, "data")));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const result = {
  server: viaTsx ? "tsx server/main.ts" : "node dist-server/main.js",
  cores: cpus().length,
  loadAverage: loadavg()[0],
  freshMs: Math.round(median(fresh.map((r) => r.ms))),
  existingMs: Math.round(median(existing.map((r) => r.ms))),
  freshCpuMs: Math.round(median(fresh.map((r) => r.cpuMs))),
  existingCpuMs: Math.round(median(existing.map((r) => r.cpuMs))),
  freshApiMs: Math.round(median(fresh.map((r) => r.apiMs))),
  existingApiMs: Math.round(median(existing.map((r) => r.apiMs))),
  freshRssMb: median(fresh.map((r) => r.rssMb)),
  existingRssMb: median(existing.map((r) => r.rssMb)),
  runs: { fresh, existing },
};
console.log(JSON.stringify(result, null, 2));
writeResults(resultsFile("startup.json", smoke), result);
