/**
 * The transitions a browser spec's tests walk on the app's own machines, for the flow pictures'
 * coverage (tests/tools/flowCoverage.ts): a spec that drives a card machine without replaying a model
 * tour (the session, balance distribution, shipment creation) calls `recordFlowWalks(test, [ids])` once.
 * With FLOW_WALKS=1 each of its tests listens, in every page of its browser context, to the live flows
 * the app publishes (src/app/liveFlows.ts: every transition an event took) and writes what it saw to
 * tests/e2e/walked/<spec>--<test>.json (committed); without it nothing is recorded (no cost in CI).
 *
 *   FLOW_WALKS=1 E2E_PORT=... npx playwright test tests/e2e/session.spec.ts tests/e2e/account.spec.ts tests/e2e/shipments.spec.ts
 *   npm run flows:coverage
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import type { BrowserContext, TestType } from "@playwright/test";
import { format } from "prettier";

export const WALKED_DIR = new URL("./walked/", import.meta.url);
const CHANNEL = "mtm-portal-live-flows";

/** One test's record: the machines' transitions it walked (`<state id>::<index>`), sorted. */
export interface WalkedRecord {
  spec: string;
  test: string;
  machines: Record<string, string[]>;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any spec's test, whatever its fixtures
export function recordFlowWalks(test: TestType<any, any>, machines: readonly string[]): void {
  if (!process.env.FLOW_WALKS) return;
  const walked = new Map<string, Set<string>>();
  test.beforeEach(async ({ context }: { context: BrowserContext }) => {
    walked.clear();
    await context.exposeBinding("__flowWalked", (_source, flow: { machine?: string; taken?: string[] }) => {
      if (!flow.machine || !machines.includes(flow.machine)) return;
      const set = walked.get(flow.machine) ?? new Set<string>();
      for (const t of flow.taken ?? []) set.add(t);
      walked.set(flow.machine, set);
    });
    await context.addInitScript((name: string) => {
      // the app's own channel object never hears itself: this second one hears every flow it publishes
      const w = window as unknown as { __flowWalked: (flow: unknown) => void };
      new BroadcastChannel(name).addEventListener("message", (e: MessageEvent) => void w.__flowWalked(e.data));
    }, CHANNEL);
  });
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from its destructuring
  test.afterEach(async ({}, testInfo) => {
    const record: WalkedRecord = {
      spec: basename(testInfo.file),
      test: testInfo.title,
      machines: Object.fromEntries([...walked].map(([id, set]) => [id, [...set].sort()])),
    };
    mkdirSync(WALKED_DIR, { recursive: true });
    writeFileSync(
      new URL(`${basename(testInfo.file, ".spec.ts")}--${slug(testInfo.title)}.json`, WALKED_DIR),
      await format(JSON.stringify(record), { parser: "json" }),
    );
  });
}
