/**
 * Interaction latency of the quick order (order entry) and the order list's filter in Chromium with a
 * 4x CPU slow-down.
 *
 *   node --import tsx bench/interaction-latency.ts             # npx vite build, then measure (npm run bench:latency)
 *   node --import tsx bench/interaction-latency.ts --no-build  # measure the existing dist/
 *   node --import tsx bench/interaction-latency.ts --smoke     # no build, 2 of each: it runs and gives figures
 *   options: --port <n> (4181)  --reps <n> (20)  --rate <n> CPU slow-down (4)  --headed
 *            --click-hold <ms> (80), --key-hold <ms> (50): time between press and release
 *            --dist <dir> build into / serve from <dir> instead of dist/ (served through STATIC_DIR)
 *
 * Starts the real server (in-memory PGlite) serving dist/, launches Chromium (/usr/bin/chromium,
 * or $CHROMIUM_PATH), signs in as demo through the API (the session stored where the app reads it
 * at start, as tests/e2e/fixtures.ts startSignedIn does), opens /quickOrder?id=3000, fills step 1 as
 * tests/e2e/orderEntry.ts does, then slows the renderer's CPU down 4x (CDP
 * Emulation.setCPUThrottlingRate) and measures, with real (trusted) input:
 *
 *   craft tile   step 2, list "Options": clicking a tile until it shows aria-pressed=true;
 *                <reps> clicks alternating two tiles of the open group
 *   measurement  step 3, the first input of the list "Measurements": <reps> single keystrokes
 *                ("98.5", four Backspaces, again …)
 *   filter open  /underProduction: clicking "Filter" until the filter dialog is shown; <reps / 2>
 *                times, Escape closing it (unmeasured) in between
 *
 * Two figures per interaction, both in ms:
 *   Event Timing  the browser's own measure (PerformanceObserver type "event", the INP one):
 *                 the longest event of the interaction (pointerdown/pointerup/click, or
 *                 keydown/keyup), from its hardware timestamp to the next paint after its
 *                 handlers; rounded to 8 ms by the browser. Events under 16 ms (the smallest
 *                 durationThreshold) are not reported: shown as "<16".
 *   to paint      measured in the page: from the click/keydown event's timestamp until the DOM
 *                 shows the change (aria-pressed=true / the input event) and a frame has been
 *                 produced after it (requestAnimationFrame, then a task).
 *
 * Goal, on "to paint" p90: ≤ 50 ms (issue 21), ≤ 100 ms (design budget). Reported, never asserted:
 * the process exits 0 unless the page cannot be driven. Figures go to bench/results/interaction-latency.json.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { fabricRow } from "../server/db/catalogue/fabrics.ts";
import { flag, num, parseOptions, text } from "./options.ts";
import {
  machine,
  percentile,
  printTable,
  root,
  expectFigures,
  resultsFile,
  round,
  runBenchmark,
  sleep,
  startServer,
  writeResults,
  type RunningServer,
} from "./server.ts";
import { CHROMIUM_PATH, launchChromium, signedInContext } from "./pageLoad.ts";

const GOAL_MS = { issue: 50, design: 100 };
/** Event Timing's smallest durationThreshold: shorter events are not reported. */
const EVENT_THRESHOLD_MS = 16;
/** fabricRow(5) is in stock (as in tests/e2e/quickOrder.spec.ts). */
const IN_STOCK = fabricRow(5).fabricCode;
const KEYS = ["9", "8", ".", "5", "Backspace", "Backspace", "Backspace", "Backspace"];

/** Taken before the benchmark loads the machine: the load average shows other work. */
const atStart = machine();
const options = parseOptions({
  port: num(4181),
  reps: num(20, { smoke: 2, whole: true }),
  rate: num(4),
  // how long the button / key is held, as a person does (Playwright's default is 0: the release then queues
  // behind the press's frame)
  clickHold: num(80, { zero: true }),
  keyHold: num(50, { zero: true }),
  dist: text("dist"),
  noBuild: flag(),
  headed: flag(),
});
const { smoke, headed, port, reps, rate, clickHold: CLICK_HOLD_MS, keyHold: KEY_HOLD_MS } = options;
const noBuild = smoke || options.noBuild;
const filterReps = Math.max(1, Math.round(reps / 2));
const distDir = resolve(root, options.dist);
const defaultDist = distDir === resolve(root, "dist");
const resultsPath = resultsFile("interaction-latency.json", smoke);
const T = 30_000; // generous waits: the page runs 4x slower

/** One measured interaction. */
interface Sample {
  /** Event Timing: longest event of the interaction (ms); null when under the 16 ms threshold. */
  interaction: number | null;
  /** Event Timing of the click / keydown event alone; null when under the threshold. */
  event: number | null;
  /** Input delay and handler time of that event (Event Timing), when reported. */
  inputDelay: number | null;
  processing: number | null;
  /** Measured in the page: event timestamp → frame after the DOM change. Null on timeout. */
  toPaint: number | null;
  /** Which tile / key. */
  what: string;
}

// ---------------------------------------------------------------------------------------------
// In-page instrumentation (runs in the browser; typed with the DOM lib).

interface BenchEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  interactionId: number;
}

type Done = { pressed: true } | { input: true } | { shown: string };

interface BenchState {
  entries: BenchEntry[];
  /** Resolves with { start, end } of the armed interaction. */
  pending: Promise<{ start: number; end: number } | null> | null;
  /** Watch the next `kind` event on `target` until `done`: the target pressed, an input event, or `selector` shown. */
  arm: (kind: "click" | "keydown", target: Element, done: Done) => void;
}

declare global {
  interface Window {
    __bench?: BenchState;
  }
}

function installInstrumentation(): void {
  if (window.__bench) return;
  const state: BenchState = { entries: [], pending: null, arm: () => undefined };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      state.entries.push({
        name: e.name,
        startTime: e.startTime,
        duration: e.duration,
        processingStart: e.processingStart,
        processingEnd: e.processingEnd,
        interactionId: (e as PerformanceEventTiming & { interactionId?: number }).interactionId ?? 0,
      });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);

  /** After the next frame: requestAnimationFrame runs just before the frame is painted, a task queued from it runs after. */
  const afterNextPaint = (done: () => void) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done();
      channel.port2.postMessage(null);
    });
  };

  state.arm = (kind, target, done) => {
    state.pending = new Promise((resolve) => {
      let start = -1;
      let finished = false;
      const finish = (value: { start: number; end: number } | null) => {
        if (finished) return;
        finished = true;
        window.removeEventListener(kind, onEvent, true);
        window.removeEventListener("input", onInput, true);
        observer.disconnect();
        clearTimeout(timer);
        resolve(value);
      };
      const settle = () => {
        observer.disconnect();
        afterNextPaint(() => finish({ start, end: performance.now() }));
      };
      /** The change the interaction is for is in the DOM. */
      const shown = () => {
        if ("pressed" in done) return target.getAttribute("aria-pressed") === "true";
        if ("shown" in done) {
          const element = document.querySelector(done.shown);
          return element !== null && element.checkVisibility();
        }
        return false;
      };
      const observer = new MutationObserver(() => {
        if (start >= 0 && shown()) settle();
      });
      const onEvent = (e: Event) => {
        if (start >= 0 || (e.target !== target && !target.contains(e.target as Node))) return;
        start = e.timeStamp; // the input's hardware timestamp, as Event Timing's startTime
        if ("input" in done) return;
        if (shown())
          settle(); // already shown (should not happen)
        else if ("pressed" in done) observer.observe(target, { attributes: true, attributeFilter: ["aria-pressed"] });
        else observer.observe(document.body, { attributes: true, childList: true, subtree: true });
      };
      // A keystroke has been applied when its input event fires; React renders synchronously
      // within that event's dispatch, so the frame after it shows the new value.
      const onInput = (e: Event) => {
        if ("input" in done && start >= 0 && e.target === target) settle();
      };
      window.addEventListener(kind, onEvent, true);
      window.addEventListener("input", onInput, true);
      const timer = setTimeout(() => finish(null), 10_000);
    });
  };
  window.__bench = state;
}

// ---------------------------------------------------------------------------------------------

async function visible(locator: Locator, timeout = T): Promise<void> {
  await locator.first().waitFor({ state: "visible", timeout });
}

async function until(check: () => Promise<boolean>, what: string, timeout = T): Promise<void> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** As tests/e2e/orderEntry.ts fillCustomerAndFabric, then Next. */
async function fillStep1(page: Page): Promise<void> {
  await page.getByLabel("Customer name").fill("Walk-in Customer");
  await page.getByLabel("Nickname").fill("Walk-in");
  await page.locator("#qo-height").fill("180");
  await page.locator("#qo-weight").fill("80");
  await page.locator("#qo-fabric").fill(IN_STOCK);
  await page
    .getByRole("listbox", { name: "Fabrics" })
    .getByRole("option", { name: new RegExp(`^${IN_STOCK}`) })
    .click();
  await visible(page.getByText("In stock"));
  await page.getByRole("button", { name: "Next" }).click();
}

/** One interaction: arm the page, send the real input, wait for the page's measure, then let Event Timing report. */
async function measure(
  page: Page,
  kind: "click" | "keydown",
  done: Done,
  target: Locator,
  act: () => Promise<void>,
  what: string,
): Promise<Sample> {
  const handle = await target.elementHandle({ timeout: T });
  if (!handle) throw new Error(`no element for ${what}`);
  const armedAt = await page.evaluate(
    ({ kind, el, done }) => {
      window.__bench!.arm(kind, el, done);
      return performance.now();
    },
    { kind, el: handle, done },
  );
  await act();
  const span = await page.evaluate(() => window.__bench!.pending);
  await handle.dispose();
  await sleep(400); // the page settles (price look-ups, re-renders) and Event Timing delivers its entries
  const entries = await page.evaluate((from) => window.__bench!.entries.filter((e) => e.startTime >= from), armedAt);

  const main = span
    ? entries.find((e) => e.name === (kind === "click" ? "click" : "keydown") && Math.abs(e.startTime - span.start) < 1)
    : undefined;
  // The interaction the event belongs to (pointerdown/pointerup/click share one id, keydown/keyup another).
  const id = main?.interactionId || entries.find((e) => e.interactionId > 0)?.interactionId || 0;
  const ofInteraction = entries.filter((e) => id > 0 && e.interactionId === id);
  return {
    what,
    toPaint: span ? round(span.end - span.start) : null,
    event: main ? main.duration : null,
    interaction: ofInteraction.length ? Math.max(...ofInteraction.map((e) => e.duration)) : null,
    inputDelay: main ? round(main.processingStart - main.startTime) : null,
    processing: main ? round(main.processingEnd - main.processingStart) : null,
  };
}

interface Summary {
  samples: number;
  p50: number | null;
  p90: number | null;
  max: number | null;
  /** Samples the measure did not report (Event Timing: under 16 ms; to paint: timed out). */
  unreported: number;
}

/** Percentiles where an unreported Event Timing sample counts as "below 16 ms" (sorted first, shown as null). */
function summarize(values: (number | null)[], nullMeans: "below" | "missing"): Summary {
  const reported = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  const unreported = values.length - reported.length;
  if (nullMeans === "missing") {
    return {
      samples: reported.length,
      p50: round(percentile(reported, 50)),
      p90: round(percentile(reported, 90)),
      max: round(reported.at(-1) ?? NaN),
      unreported,
    };
  }
  const all = [...Array<number | null>(unreported).fill(null), ...reported];
  const at = (p: number) => all[Math.min(all.length - 1, Math.max(0, Math.ceil((p / 100) * all.length) - 1))] ?? null;
  return {
    samples: values.length,
    p50: at(50),
    p90: at(90),
    max: all.length ? (all.at(-1) ?? null) : null,
    unreported,
  };
}

const cell = (n: number | null, below: boolean) =>
  n === null ? (below ? `<${EVENT_THRESHOLD_MS}` : "–") : n.toFixed(1);

/** The goal is on the time to paint (issue 21); null: the change was not seen. */
function paintVerdict(ms: number | null): string {
  if (ms === null) return "not measured: the change was not seen in the page";
  if (ms <= GOAL_MS.issue) return `meets the issue goal (≤ ${GOAL_MS.issue} ms)`;
  if (ms <= GOAL_MS.design)
    return `within the design budget (≤ ${GOAL_MS.design} ms), over the issue goal (≤ ${GOAL_MS.issue} ms)`;
  return `OVER the design budget (≤ ${GOAL_MS.design} ms)`;
}

async function run(server: RunningServer, browser: Browser) {
  const context = await signedInContext(browser, server.baseUrl);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource/.test(m.text())) pageErrors.push(m.text());
  });
  page.setDefaultTimeout(T);

  console.log("> signed in as demo: open /quickOrder?id=3000, fill step 1");
  await page.goto(`${server.baseUrl}/quickOrder?id=3000`);
  await visible(page.getByTestId("quick-order"));
  await fillStep1(page);

  // Step 2: two tiles of the open craft group.
  const tiles = page.getByRole("list", { name: "Options" }).first().getByRole("button");
  await until(
    async () => (await tiles.and(page.locator("[aria-pressed=true]")).count()) === 1,
    "step 2 with one pressed tile",
  );
  const pressedName =
    (await tiles.and(page.locator("[aria-pressed=true]")).first().locator("span.font-medium").textContent()) ?? "";
  const otherName =
    (await tiles.and(page.locator("[aria-pressed=false]")).first().locator("span.font-medium").textContent()) ?? "";
  const tile = (name: string) =>
    tiles
      .filter({
        has: page.locator("span.font-medium", {
          hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
        }),
      })
      .first();
  const group =
    (await page
      .getByRole("list", { name: "Craft groups" })
      .getByRole("button")
      .first()
      .locator("span.font-semibold")
      .textContent()) ?? "";

  // tsx (esbuild keepNames) wraps named functions in __name(); give the page a no-op one.
  await page.evaluate("globalThis.__name ??= (fn) => fn");
  await page.evaluate(installInstrumentation);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  console.log(
    `> CPU slow-down ${rate}x; step 2 "${group}": ${reps} clicks alternating "${otherName}" / "${pressedName}"`,
  );

  const tileSamples: Sample[] = [];
  for (let i = 0; i < reps; i++) {
    const name = i % 2 === 0 ? otherName : pressedName;
    const target = tile(name);
    const box = await target.boundingBox();
    if (!box) throw new Error(`tile "${name}" has no box`);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await sleep(150); // hover styles done before the click
    tileSamples.push(
      await measure(
        page,
        "click",
        { pressed: true },
        target,
        () => page.mouse.click(x, y, { delay: CLICK_HOLD_MS }),
        name,
      ),
    );
  }

  // Step 3: a measurement input.
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 }); // move on at full speed
  await page.getByRole("button", { name: "Next" }).click();
  const input = page.getByRole("list", { name: "Measurements" }).getByRole("listitem").first().getByRole("textbox");
  await visible(input);
  const inputName =
    (
      await page
        .getByRole("list", { name: "Measurements" })
        .getByRole("listitem")
        .first()
        .locator("label")
        .textContent()
    )
      ?.replace(/\s*\*\s*$/, "")
      .trim() ?? "";
  await input.fill("");
  await input.focus();
  await sleep(300);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  console.log(`> step 3 "${inputName}": ${reps} keystrokes`);

  const keySamples: Sample[] = [];
  for (let i = 0; i < reps; i++) {
    const key = KEYS[i % KEYS.length]!;
    keySamples.push(
      await measure(
        page,
        "keydown",
        { input: true },
        input,
        () => page.keyboard.press(key, { delay: KEY_HOLD_MS }),
        key,
      ),
    );
    await sleep(100); // a quick typist's pause between keys
  }
  const finalValue = await input.inputValue();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

  // The order list's filter: open it (measured), close it with Escape (not measured).
  console.log(`> /underProduction: ${filterReps} opens of the filter dialog`);
  await page.goto(`${server.baseUrl}/underProduction`);
  await visible(page.getByTestId("production-table"));
  await page.evaluate("globalThis.__name ??= (fn) => fn");
  await page.evaluate(installInstrumentation);
  const filterButton = page.getByRole("button", { name: "Filter", exact: true });
  const dialog = page.getByTestId("order-filter");
  // once at full speed: the dialog's code and the dictionaries it reads are loaded
  await filterButton.click();
  await visible(dialog);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  await sleep(300);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  const filterSamples: Sample[] = [];
  for (let i = 0; i < filterReps; i++) {
    const box = await filterButton.boundingBox();
    if (!box) throw new Error("the Filter button has no box");
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await sleep(150);
    filterSamples.push(
      await measure(
        page,
        "click",
        { shown: "[data-testid=order-filter]" },
        filterButton,
        () => page.mouse.click(x, y, { delay: CLICK_HOLD_MS }),
        `open ${i + 1}`,
      ),
    );
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await sleep(300);
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await context.close();
  return {
    tileSamples,
    keySamples,
    filterSamples,
    pageErrors,
    group,
    tiles: [otherName, pressedName],
    inputName,
    finalValue,
  };
}

async function main(): Promise<void> {
  let build: "skipped" | "ok" | "failed" = "skipped";
  if (!noBuild) {
    const buildArgs = ["vite", "build", ...(defaultDist ? [] : ["--outDir", distDir, "--emptyOutDir"])];
    console.log(`> npx ${buildArgs.join(" ")}\n`);
    const res = spawnSync("npx", buildArgs, { cwd: root, stdio: "inherit" });
    build = res.status === 0 ? "ok" : "failed";
    if (build === "failed")
      console.warn(`\n! vite build failed (exit ${String(res.status ?? res.signal)}); measuring the existing dist/`);
  }
  if (!existsSync(join(distDir, "index.html")))
    throw new Error(`no ${relative(root, distDir) || "."}/index.html: build the app first (npx vite build)`);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);

  console.log(`> starting the server on 127.0.0.1:${port} (in-memory PGlite)`);
  const server = await startServer({ port, env: defaultDist ? {} : { STATIC_DIR: distDir } });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium(!headed);
    const browserVersion = browser.version();
    const r = await run(server, browser);

    const rows = [
      { name: "craft tile click (step 2)", samples: r.tileSamples },
      { name: "measurement keystroke (step 3)", samples: r.keySamples },
      { name: "order-list filter open", samples: r.filterSamples },
    ].map(({ name, samples }) => ({
      name,
      eventTiming: summarize(
        samples.map((s) => s.interaction),
        "below",
      ),
      eventOnly: summarize(
        samples.map((s) => s.event),
        "below",
      ),
      toPaint: summarize(
        samples.map((s) => s.toPaint),
        "missing",
      ),
      samples,
    }));

    console.log(
      `\nInteraction latency, Chromium ${browserVersion}, CPU ${rate}x slower (${atStart.cores} cores, load ${atStart.loadAverage[0]} at start), ms:`,
    );
    printTable(
      ["interaction", "n", "ET p50", "ET p90", "ET max", "paint p50", "paint p90", "paint max"],
      rows.map((row) => [
        row.name,
        row.samples.length,
        cell(row.eventTiming.p50, true),
        cell(row.eventTiming.p90, true),
        cell(row.eventTiming.max, true),
        cell(row.toPaint.p50, false),
        cell(row.toPaint.p90, false),
        cell(row.toPaint.max, false),
      ]),
    );
    console.log(
      `  (ET = Event Timing, longest event of the interaction, 8 ms granularity, "<${EVENT_THRESHOLD_MS}" = under the reporting threshold;`,
    );
    console.log("   paint = event timestamp to the frame after the DOM change, measured in the page)");
    for (const row of rows) {
      console.log(
        `\n  ${row.name}: to paint p90 ${cell(row.toPaint.p90, false)} ms: ${paintVerdict(row.toPaint.p90)}; Event Timing p90 ${cell(row.eventTiming.p90, true)} ms`,
      );
      console.log(
        `    per interaction (ET / paint): ${row.samples.map((s) => `${cell(s.interaction, true)}/${cell(s.toPaint, false)}`).join(" ")}`,
      );
      const timedOut = row.samples.filter((s) => s.toPaint === null).length;
      if (timedOut) console.log(`    ! ${timedOut} interaction(s) not seen to complete in the page`);
    }
    if (r.pageErrors.length) console.log(`\n  ! the page logged errors: ${r.pageErrors.slice(0, 5).join(" | ")}`);

    writeResults(resultsPath, {
      generatedAt: new Date().toISOString(),
      machine: atStart,
      browser: `Chromium ${browserVersion}`,
      build,
      settings: {
        port,
        dist: relative(root, distDir),
        reps,
        cpuThrottlingRate: rate,
        clickHoldMs: CLICK_HOLD_MS,
        keyHoldMs: KEY_HOLD_MS,
        viewport: "1440x900",
        url: "/quickOrder?id=3000",
        craftGroup: r.group,
        tiles: r.tiles,
        measurement: r.inputName,
        keys: KEYS,
        finalValue: r.finalValue,
        eventTimingThresholdMs: EVENT_THRESHOLD_MS,
      },
      goal: {
        ms: GOAL_MS,
        measure: "to paint p90 (event timestamp to the frame after the change), at the CPU slow-down",
        craftTile: paintVerdict(rows[0]!.toPaint.p90),
        measurementKeystroke: paintVerdict(rows[1]!.toPaint.p90),
        filterOpen: paintVerdict(rows[2]!.toPaint.p90),
      },
      note: "eventTiming/eventOnly percentiles: null = under the 16 ms Event Timing threshold; toPaint: in-page, event timestamp to the task after the next requestAnimationFrame following the DOM change",
      interactions: rows,
      pageErrors: r.pageErrors,
    });
    if (smoke)
      for (const row of rows)
        expectFigures(row.name, {
          samples: row.samples.length || NaN,
          paintP50: row.toPaint.p50,
          paintMax: row.toPaint.max,
        });
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await runBenchmark("interaction-latency", main, { path: resultsPath, figures: { machine: atStart } });
