/**
 * Bundle size: what the build holds, and what a visitor's `/` and a signed-in page load in Chromium.
 *
 *   node --import tsx bench/bundle-size.ts            # vite build --manifest, then report (npm run bench:size)
 *   node --import tsx bench/bundle-size.ts --no-build # report on the existing dist/
 *   options: --dist <dir> (default "dist")  --port <n> (4183)  --no-browser (the manifest report only)
 *            --smoke  no build, one page per kind (a few seconds): it runs and gives figures
 *
 * 1. From the Vite manifest: first load = the HTML entry chunk + its static imports (recursively) + the
 *    home route's code-split chunk(s) (TanStack router autoCodeSplitting) + their static imports;
 *    dynamic imports are not counted. The other (lazy) chunks and the CSS are listed.
 * 2. In Chromium (bench/pageLoad.ts), the real server serving the build: every script a page fetches
 *    until the network has been quiet for 1.5 s (idle-time preloads included), as gzip -9 bytes, in
 *    waves (a wave starts when no script was in flight: the page had to run the last one first):
 *    a visitor's `/`, and signed in as demo: the production list, the pending-order list, the quick order.
 * 3. What the scripts cost a user on a slow network: the pending-order list opened in a fresh browser
 *    (nothing cached) with 150 ms of added latency, 1.6 Mbit/s down and 750 kbit/s up (Lighthouse's
 *    "slow 4G"), from the navigation to its first row shown; the median of 9 loads (1 in smoke mode).
 *
 * Goals (issue 21): a visitor's `/` ≤ 110 kB gzip until idle; a signed-in page ≤ 200 kB in at most
 * two waves (1 kB = 1000 bytes, as Vite reports "kB").
 *
 * Exits 0 unless the browser part cannot run (no server, no Chromium, a page that does not render):
 * this reports, it does not assert a size. Figures are also written to bench/results/bundle-size.json.
 */
import { spawnSync } from "node:child_process";
import type { Browser, Page } from "@playwright/test";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
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
import { launchChromium, measurePageLoad, signedInContext, type PageLoad } from "./pageLoad.ts";
import { flag, num, parseOptions, text } from "./options.ts";
import { expectFigures, percentile, resultsFile, root, runBenchmark, startServer, writeResults } from "./server.ts";

const BUDGET_KB = 130;
const GOAL_KB = { visitor: 110, signedIn: 200, signedInWaves: 2 };
const KB = 1000;

const options = parseOptions({ dist: text("dist"), port: num(4183), noBrowser: flag(), noBuild: flag() });
const { smoke, noBrowser, port } = options;
const noBuild = smoke || options.noBuild;
const distDir = resolve(root, options.dist);
const manifestPath = join(distDir, ".vite", "manifest.json");
const resultsPath = resultsFile("bundle-size.json", smoke);

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

async function main(): Promise<void> {
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
    // `npm run build:app` writes no manifest; the pages in Chromium are measured all the same
    console.error(`! No manifest at ${relative(root, manifestPath)} (vite build --manifest): no report of the build.`);
    const browserPart = noBrowser ? undefined : await browserLoads();
    const pages = browserPart?.loads;
    writeResults(resultsPath, {
      generatedAt: new Date().toISOString(),
      build: buildStatus,
      pages,
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

  const browserPart = noBrowser ? undefined : await browserLoads();
  const pages = browserPart?.loads;

  writeResults(resultsPath, {
    generatedAt: new Date().toISOString(),
    build: buildStatus,
    goal: { ...GOAL_KB, unit: "kB gzip until idle" },
    pages: pages?.map(({ scripts, ...page }) => ({
      ...page,
      scripts: scripts.map((s) => ({ ...s, start: Math.round(s.start), end: Math.round(s.end) })),
    })),
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
    slowNetwork: browserPart?.slowNetwork,
    lazy: { files: lazy, totalGzip: lazyGzip },
    css: {
      entry: entryCss,
      entryGzip: entryCssGzip,
      firstLoad: firstLoadCss,
      firstLoadGzip: firstLoadCssGzip,
    },
  });
}

/** Part 3's network: Lighthouse's "slow 4G" (its mobile throttling), as Chromium's DevTools apply it. */
const SLOW_NETWORK = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Part 3: ms from the navigation to a page's first table row, each load in a fresh signed-in context. */
async function slowNetworkFirstRow(browser: Browser, baseUrl: string, path: string, testId: string, runs: number) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await signedInContext(browser, baseUrl);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_NETWORK });
    const start = performance.now();
    await page.goto(`${baseUrl}${path}`, { waitUntil: "commit" });
    await page.getByTestId(testId).locator("tbody tr").first().waitFor({ timeout: 60_000 });
    times.push(Math.round(performance.now() - start));
    await context.close();
  }
  times.sort((a, b) => a - b);
  return { page: path, network: SLOW_NETWORK, runs, medianMs: percentile(times, 50), times };
}

/** Part 2: the real server serves the build; Chromium opens each page and counts its scripts. Then part 3. */
async function browserLoads() {
  console.log(`\n> starting the server on 127.0.0.1:${port} (in-memory PGlite), serving ${relative(root, distDir)}/`);
  const server = await startServer({ port, env: { STATIC_DIR: distDir } });
  const browser = await launchChromium();
  try {
    const loads: PageLoad[] = [];
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    loads.push(
      await measurePageLoad(visitor, server.baseUrl, "visitor /", "/", (page) => visibleTestId(page, "home-steps")),
    );
    await visitor.close();
    const signedIn = await signedInContext(browser, server.baseUrl);
    const pages: [string, string, string][] = [
      ["signed in: production list", "/underProduction", "production-table"],
      ["signed in: pending orders", "/myOrder", "pending-table"],
      ["signed in: quick order", "/quickOrder?id=3000", "quick-order"],
    ];
    for (const [name, path, testId] of smoke ? pages.slice(0, 1) : pages) {
      loads.push(await measurePageLoad(signedIn, server.baseUrl, name, path, (page) => visibleTestId(page, testId)));
    }
    await signedIn.close();
    if (smoke)
      for (const load of loads)
        expectFigures(load.name, {
          scripts: load.scripts.length || NaN,
          gzip: load.totalGzip || NaN,
          waves: load.waves,
        });

    console.log("\nJavaScript loaded until idle, in Chromium (gzip -9; waves: scripts in flight together):");
    for (const load of loads) {
      const goal = load.name.startsWith("visitor") ? GOAL_KB.visitor : GOAL_KB.signedIn;
      const meets = load.totalGzip <= goal * KB && (goal === GOAL_KB.visitor || load.waves <= GOAL_KB.signedInWaves);
      console.log(
        `  ${load.name.padEnd(28)} ${fmtKb(load.totalGzip).padStart(10)} gz in ${String(load.scripts.length).padStart(2)} scripts, ${load.waves} wave(s) [${load.perWave.map((b) => (b / KB).toFixed(1)).join(" + ")}]   goal ≤ ${goal} KB${goal === GOAL_KB.signedIn ? `, ≤ ${GOAL_KB.signedInWaves} waves` : ""}: ${meets ? "MEETS" : "OVER"}`,
      );
      for (const s of load.scripts)
        console.log(
          `      w${s.wave} ${String(Math.round(s.start)).padStart(5)}–${String(Math.round(s.end)).padEnd(5)} ms ${String(s.gzip).padStart(7)} B  ${s.url}`,
        );
    }
    const [, pendingPath, pendingTestId] = pages[1]!;
    const slowNetwork = await slowNetworkFirstRow(browser, server.baseUrl, pendingPath, pendingTestId, smoke ? 1 : 9);
    if (smoke) expectFigures("slow network", { firstRowMs: slowNetwork.medianMs });
    const { latency, downloadThroughput } = SLOW_NETWORK;
    console.log(
      `\nThe pending-order list's first row on a slow network (${latency} ms, ${((downloadThroughput * 8) / 1024 / 1024).toFixed(1)} Mbit/s; fresh browser), median of ${slowNetwork.runs}: ${slowNetwork.medianMs} ms [${slowNetwork.times.join(", ")}]`,
    );
    return { loads, slowNetwork };
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function visibleTestId(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).first().waitFor({ state: "visible", timeout: 60_000 });
}

await runBenchmark("bundle-size", main, { path: resultsPath });
