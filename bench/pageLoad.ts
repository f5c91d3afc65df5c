/**
 * What a page actually loads, in Chromium, until the network is idle: every script the page fetched
 * (its gzip size at level 9, as `bundle-size.ts` counts the build's files, and the bytes on the wire),
 * grouped in waves. Used by bench/bundle-size.ts; the grouping (`scriptWaves`) is pure and unit-tested
 * in tests/unit/benchManifest.test.ts.
 *
 * A wave is a set of scripts in flight together: the next wave starts with a script requested when no
 * earlier script was still loading, i.e. one that the page could only ask for after running what came
 * before (the entry's dynamic imports, a route chunk's own lazy parts, the idle-time preloads). The
 * HTML's `<script>` and `<link rel=modulepreload>` are the first wave.
 */
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "@playwright/test";

export interface LoadedScript {
  url: string;
  /** ms since the navigation started, when the request was sent and when its last byte arrived. */
  start: number;
  end: number;
  /** Bytes of the body, raw and gzip -9. */
  raw: number;
  gzip: number;
  /** Bytes on the wire (headers included), as Chromium counts them. */
  transferred: number;
}

/** Groups scripts (any order) into waves; returns the wave (1-based) of each, in start order. */
export function scriptWaves<T extends { start: number; end: number }>(scripts: readonly T[]): (T & { wave: number })[] {
  const sorted = [...scripts].sort((a, b) => a.start - b.start || a.end - b.end);
  let wave = 0;
  let inFlightUntil = -Infinity;
  return sorted.map((script) => {
    if (script.start >= inFlightUntil) wave += 1;
    inFlightUntil = Math.max(inFlightUntil, script.end);
    return { ...script, wave };
  });
}

export interface PageLoad {
  name: string;
  path: string;
  scripts: (LoadedScript & { wave: number })[];
  waves: number;
  totalGzip: number;
  totalRaw: number;
  totalTransferred: number;
  /** gzip bytes per wave. */
  perWave: number[];
}

/** How long the network must be quiet (no request in flight, none started) to call the page idle. */
const QUIET_MS = 1500;

/**
 * Opens `path` in a new page of `context` and records every script until the page is idle: `ready`
 * says when the page has rendered what it is for; after it, the network must stay quiet for 1.5 s
 * (requestIdleCallback preloads count: they are what an idle page loads).
 */
export async function measurePageLoad(
  context: BrowserContext,
  baseUrl: string,
  name: string,
  path: string,
  ready: (page: Page) => Promise<void>,
  timeoutMs = 60_000,
): Promise<PageLoad> {
  const page = await context.newPage();
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  const pending: Promise<void>[] = [];
  const scripts: LoadedScript[] = [];
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const sent = new Map<string, { url: string; at: number }>();
  let origin = -1;
  cdp.on("Network.requestWillBeSent", (e) => {
    inFlight.add(e.requestId);
    lastActivity = Date.now();
    if (origin < 0) origin = e.timestamp;
    if (e.type === "Script") sent.set(e.requestId, { url: e.request.url, at: e.timestamp });
  });
  const done = (requestId: string) => {
    inFlight.delete(requestId);
    lastActivity = Date.now();
  };
  cdp.on("Network.loadingFailed", (e) => done(e.requestId));
  cdp.on("Network.loadingFinished", (e) => {
    done(e.requestId);
    const request = sent.get(e.requestId);
    if (!request) return;
    pending.push(
      cdp
        .send("Network.getResponseBody", { requestId: e.requestId })
        .then(({ body, base64Encoded }) => {
          const bytes = Buffer.from(body, base64Encoded ? "base64" : "utf8");
          scripts.push({
            url: new URL(request.url).pathname,
            start: (request.at - origin) * 1000,
            end: (e.timestamp - origin) * 1000,
            raw: bytes.length,
            gzip: gzipSync(bytes, { level: 9 }).length,
            transferred: e.encodedDataLength,
          });
        })
        .catch(() => undefined),
    );
  });

  await page.goto(`${baseUrl}${path}`);
  await ready(page);
  const deadline = Date.now() + timeoutMs;
  while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`${path}: the network was not idle within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await Promise.all(pending);
  await page.close();

  const waved = scriptWaves(scripts);
  const waves = waved.reduce((n, s) => Math.max(n, s.wave), 0);
  const perWave = Array.from({ length: waves }, (_, i) =>
    waved.filter((s) => s.wave === i + 1).reduce((n, s) => n + s.gzip, 0),
  );
  return {
    name,
    path,
    scripts: waved,
    waves,
    totalGzip: waved.reduce((n, s) => n + s.gzip, 0),
    totalRaw: waved.reduce((n, s) => n + s.raw, 0),
    totalTransferred: waved.reduce((n, s) => n + s.transferred, 0),
    perWave,
  };
}

/** The Chromium a user's page is measured in: Debian's full browser (`CHROMIUM_PATH` chooses another). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Its flags, as the browser tests give them (playwright.config.ts). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

/** Chromium as the browser tests run it. */
export async function launchChromium(headless = true): Promise<Browser> {
  const { chromium } = await import("@playwright/test");
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless, args: CHROMIUM_FLAGS });
}

/**
 * A context whose pages start signed in as `username` (as tests/e2e/fixtures.ts startSignedIn does): the
 * sign-in goes through the context's own requests, so the browser holds the session's cookie and each page
 * resumes the session from it at start.
 */
export async function signedInContext(browser: Browser, baseUrl: string, username = "demo", password = "demo1234") {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: baseUrl });
  const query = new URLSearchParams({ username, password, rememberMe: "false" });
  const login = await context.request.post(`${baseUrl}/api/memberLogin?${query}`);
  if (!login.ok()) throw new Error(`sign-in as ${username} failed: HTTP ${login.status()}`);
  return context;
}
