/**
 * Bundle-size report for the home route.
 *
 *   node --import tsx bench/bundle-size.ts            # vite build --manifest, then report
 *   node --import tsx bench/bundle-size.ts --no-build # report on the existing dist/
 *   options: --dist <dir> (default "dist")
 *
 * First load = the HTML entry chunk + its static imports (recursively) + the
 * home route's code-split chunk(s) (TanStack router autoCodeSplitting) + their
 * static imports. Dynamic imports are not counted. Budget: ≤ 130 KB gzip
 * (1 KB = 1000 bytes, as Vite reports "kB").
 *
 * Always exits 0: this reports, it does not assert. Figures are also written to
 * bench/results/bundle-size.json.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import {
  cssFiles,
  entryKeys,
  firstLoadFiles,
  homeRouteKeys,
  lazyChunks,
  staticClosure,
  type Manifest,
} from "./manifest.ts";

const BUDGET_KB = 130;
const KB = 1000;

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const noBuild = args.includes("--no-build");
const distArg = args.indexOf("--dist");
const distDir = resolve(root, distArg !== -1 && args[distArg + 1] ? args[distArg + 1]! : "dist");
const manifestPath = join(distDir, ".vite", "manifest.json");
const resultsDir = join(root, "bench", "results");
const resultsPath = join(resultsDir, "bundle-size.json");

interface Sized {
  file: string;
  key?: string;
  reason?: string;
  raw: number;
  gzip: number;
}

function size(file: string): { raw: number; gzip: number } | undefined {
  const path = join(distDir, file);
  if (!existsSync(path)) return undefined;
  const buf = readFileSync(path);
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

function sized<T extends { file: string }>(items: T[]): (T & { raw: number; gzip: number })[] {
  return items.map((item) => {
    const s = size(item.file);
    if (!s) console.warn(`  ! missing file ${item.file}`);
    return { ...item, raw: s?.raw ?? 0, gzip: s?.gzip ?? 0 };
  });
}

const fmtKb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;

function table(rows: Sized[], extra?: (r: Sized) => string): void {
  const fileW = Math.max(4, ...rows.map((r) => r.file.length));
  console.log(
    `  ${"file".padEnd(fileW)}  ${"raw bytes".padStart(10)}  ${"gzip bytes".padStart(10)}${extra ? "  note" : ""}`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.file.padEnd(fileW)}  ${String(r.raw).padStart(10)}  ${String(r.gzip).padStart(10)}${extra ? `  ${extra(r)}` : ""}`,
    );
  }
}

/** JS files in dist that the manifest does not mention (e.g. workers), so nothing goes unreported. */
function unlistedJs(manifest: Manifest): string[] {
  const listed = new Set(Object.values(manifest).map((c) => c.file));
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== ".vite") walk(path);
      } else if (/\.m?js$/.test(name)) {
        const rel = relative(distDir, path).split("\\").join("/");
        if (!listed.has(rel)) out.push(rel);
      }
    }
  };
  walk(distDir);
  return out.sort();
}

function writeResults(data: unknown): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(resultsPath, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`\nResults written to ${relative(root, resultsPath)}`);
}

function main(): void {
  let buildStatus: "skipped" | "ok" | "failed" = "skipped";
  if (!noBuild) {
    console.log("> npx vite build --manifest\n");
    const res = spawnSync("npx", ["vite", "build", "--manifest"], {
      cwd: root,
      stdio: "inherit",
      shell: process.platform === "win32",
    });
    buildStatus = res.status === 0 ? "ok" : "failed";
    if (buildStatus === "failed") {
      console.warn(
        `\n! vite build failed (exit ${String(res.status ?? res.signal)}); reporting on any existing ${relative(root, manifestPath)}`,
      );
    }
  }

  if (!existsSync(manifestPath)) {
    console.error(`! No manifest at ${relative(root, manifestPath)}; nothing to report.`);
    writeResults({
      generatedAt: new Date().toISOString(),
      build: buildStatus,
      error: `missing ${relative(root, manifestPath)}`,
    });
    return;
  }

  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;

  // First-load JS.
  const first = sized(firstLoadFiles(manifest));
  const totalRaw = first.reduce((n, f) => n + f.raw, 0);
  const totalGzip = first.reduce((n, f) => n + f.gzip, 0);
  const pass = totalGzip <= BUDGET_KB * KB;
  const homeKeys = homeRouteKeys(manifest);

  console.log("\nFirst-load JS for / (entry + static imports + home route chunk):");
  table(first, (r) => `${r.reason ?? ""} [${r.key ?? ""}]`);
  if (homeKeys.length === 0) console.log("  (no home route chunk found: only the entry graph is counted)");
  console.log(
    `\n  total: ${totalRaw} bytes raw, ${totalGzip} bytes gzip = ${fmtKb(totalGzip)} gz   budget ≤ ${BUDGET_KB} KB gz   ${pass ? "PASS" : "OVER"}`,
  );

  // Lazy chunks.
  const lazy = sized([
    ...lazyChunks(manifest, first),
    ...unlistedJs(manifest).map((file) => ({ key: "(not in manifest)", file })),
  ]).sort((a, b) => b.gzip - a.gzip);
  console.log(`\nOther JS chunks (lazy), ${String(lazy.length)}:`);
  if (lazy.length > 0) table(lazy, (r) => r.key ?? "");
  const lazyGzip = lazy.reduce((n, f) => n + f.gzip, 0);
  if (lazy.length > 0) console.log(`  total lazy gzip: ${fmtKb(lazyGzip)}`);

  // CSS.
  const entries = entryKeys(manifest);
  const entryCss = sized(cssFiles(manifest, staticClosure(manifest, entries)).map((file) => ({ file })));
  const firstLoadCss = sized(
    cssFiles(
      manifest,
      first.map((f) => f.key),
    ).map((file) => ({ file })),
  );
  const entryCssGzip = entryCss.reduce((n, f) => n + f.gzip, 0);
  const firstLoadCssGzip = firstLoadCss.reduce((n, f) => n + f.gzip, 0);
  console.log("\nCSS (entry):");
  if (entryCss.length > 0) table(entryCss);
  else console.log("  (none)");
  console.log(`  entry CSS: ${fmtKb(entryCssGzip)} gz`);
  if (firstLoadCssGzip !== entryCssGzip)
    console.log(`  all first-load CSS (incl. home route): ${fmtKb(firstLoadCssGzip)} gz`);

  writeResults({
    generatedAt: new Date().toISOString(),
    build: buildStatus,
    manifest: relative(root, manifestPath),
    unit: "bytes (KB = 1000 bytes)",
    budget: { gzipKb: BUDGET_KB, gzipBytes: BUDGET_KB * KB, status: pass ? "PASS" : "OVER" },
    firstLoad: {
      files: first,
      homeRouteChunks: homeKeys,
      totalRaw,
      totalGzip,
      totalGzipKb: Number((totalGzip / KB).toFixed(2)),
    },
    lazy: { files: lazy, totalGzip: lazyGzip },
    css: {
      entry: entryCss,
      entryGzip: entryCssGzip,
      firstLoad: firstLoadCss,
      firstLoadGzip: firstLoadCssGzip,
    },
  });
}

try {
  main();
} catch (err) {
  console.error("! bundle-size report failed:", err);
  try {
    writeResults({ generatedAt: new Date().toISOString(), error: String(err) });
  } catch {
    // ignore: nothing more we can do
  }
}
process.exitCode = 0;
