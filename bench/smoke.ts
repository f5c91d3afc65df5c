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
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { option, root } from "./server.ts";

const TIMEOUT_MS = 240_000;

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

function run(file: string): Promise<{ file: string; ok: boolean; seconds: number; why: string }> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", join("bench", file), "--smoke"], {
      cwd: root,
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

const args = process.argv.slice(2);
const only = option(args, "--only");
const all = benchmarks();
const chosen = only ? all.filter((file) => file === `${only}.ts` || file === only) : all;
if (args.includes("--list")) {
  console.log(all.join("\n"));
} else if (chosen.length === 0) {
  console.error(`no benchmark ${only ?? ""} among: ${all.join(", ")}`);
  process.exitCode = 1;
} else {
  let failed = 0;
  for (const file of chosen) {
    const result = await run(file);
    console.log(`${result.ok ? "ok  " : "FAIL"} bench/${file} --smoke (${result.seconds} s)`);
    if (!result.ok) {
      failed++;
      console.log(result.why.replace(/^/gm, "     "));
    }
  }
  console.log(`${chosen.length - failed} of ${chosen.length} benchmarks ran in smoke mode`);
  process.exitCode = failed ? 1 : 0;
}
