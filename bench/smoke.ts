/**
 * Runs every benchmark once in its smoke mode, so that a benchmark cannot break unnoticed.
 *
 *   node --import tsx bench/smoke.ts          # npm run bench:smoke (part of npm test; needs a built dist/)
 *   options: --only <name>  one benchmark (e.g. --only cart)   --list  print the benchmarks and stop
 *
 * A benchmark is a `bench/*.ts` whose header says how to run it (`node --import tsx bench/<file>`, see
 * bench/README.md) or that a `bench:*` script of package.json runs; the shared modules (server.ts,
 * manifest.ts, pageLoad.ts) are neither. Each runs with `--smoke` (a few seconds: it starts, measures
 * and checks that its figures are numbers, writing them to bench/results/smoke/), one after another,
 * as each uses its own port. Timing is never asserted. Exits 1 if any benchmark failed.
 *
 * The server is compiled once and seeded once: its PGlite data directory is the template every benchmark
 * starts from a copy of (`BENCH_DATA_TEMPLATE`, bench/server.ts), so each starts in a second or two
 * instead of migrating and seeding again. A benchmark that needs a PostgreSQL server (NEEDS_POSTGRES)
 * runs with `DATABASE_URL` when it is set (`npm run test:postgres` sets it to a database of its
 * throwaway cluster) and is reported as skipped otherwise; every other benchmark runs on PGlite.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { flag, parseOptions, text } from "./options.ts";
import { root, startServer } from "./server.ts";

const TIMEOUT_MS = 240_000;
/** The port of the server that seeds the template (the benchmarks use 4180 and up). */
const TEMPLATE_PORT = 4188;
/** Benchmarks of several server processes on one PostgreSQL: they need DATABASE_URL. */
const NEEDS_POSTGRES = new Set(["processes.ts"]);
const databaseUrl = process.env.DATABASE_URL || undefined;

/** The benchmarks: bench/*.ts files that run as a program (header or package.json), in name order. */
function benchmarks(): string[] {
  const dir = join(root, "bench");
  const scripts = Object.values(
    (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts,
  ).join("\n");
  return readdirSync(dir)
    .filter((file) => file.endsWith(".ts") && file !== "smoke.ts")
    .filter((file) => {
      const head = readFileSync(join(dir, file), "utf8").slice(0, 2000);
      return head.includes(`node --import tsx bench/${file}`) || scripts.includes(`bench/${file}`);
    })
    .sort();
}

/** The seeded data directory every benchmark copies: the compiled server started once on it, then stopped. */
async function seededTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "mtm-bench-template-"));
  const server = await startServer({ port: TEMPLATE_PORT, env: { DATA_DIR: dir } });
  await server.stop();
  return dir;
}

function run(file: string, template: string): Promise<{ file: string; ok: boolean; seconds: number; why: string }> {
  const started = performance.now();
  const { DATABASE_URL: _postgres, ...env } = process.env;
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", join("bench", file), "--smoke"], {
      cwd: root,
      env: NEEDS_POSTGRES.has(file) ? { ...env, DATABASE_URL: databaseUrl } : { ...env, BENCH_DATA_TEMPLATE: template },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let tail = "";
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-3000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => child.kill("SIGTERM"), TIMEOUT_MS);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      const ok = code === 0;
      done({ file, ok, seconds, why: ok ? "" : `exit ${String(code ?? signal)}\n${tail}` });
    });
  });
}

const { only, list } = parseOptions({ only: text(), list: flag() });
const all = benchmarks();
const chosen = only ? all.filter((file) => file === `${only}.ts` || file === only) : all;
if (list) {
  console.log(all.join("\n"));
} else if (chosen.length === 0) {
  console.error(`no benchmark ${only ?? ""} among: ${all.join(", ")}`);
  process.exitCode = 1;
} else {
  let failed = 0;
  let skipped = 0;
  const started = performance.now();
  const template = await seededTemplate();
  console.log(`the seeded data every benchmark copies: ${Math.round((performance.now() - started) / 100) / 10} s`);
  try {
    for (const file of chosen) {
      if (NEEDS_POSTGRES.has(file) && !databaseUrl) {
        skipped++;
        console.log(`skip bench/${file} --smoke: it needs DATABASE_URL (npm run test:postgres sets one)`);
        continue;
      }
      const result = await run(file, template);
      console.log(`${result.ok ? "ok  " : "FAIL"} bench/${file} --smoke (${result.seconds} s)`);
      if (!result.ok) {
        failed++;
        console.log(result.why.replace(/^/gm, "     "));
      }
    }
  } finally {
    rmSync(template, { recursive: true, force: true });
  }
  const ran = chosen.length - skipped;
  console.log(`${ran - failed} of ${ran} benchmarks ran in smoke mode${skipped ? ` (${skipped} skipped)` : ""}`);
  process.exitCode = failed ? 1 : 0;
}
