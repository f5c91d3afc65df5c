/**
 * Which transitions of the card machines the tests walk, for the flow pictures (`/flows/<machine>`
 * colours each arrow by it) and tests/unit/flowCoverage.test.ts (fails when a card machine has a state
 * or transition no tour covers).
 *
 *   npm run flows:coverage      # writes src/features/flows/coverage.json (commit it)
 *
 * The tours are the tests' own (tests/tools/tours.ts): the headless model tours (the step models'
 * transition tours and shortest paths, the session's and the queue's shortest paths) and the Chromium
 * tours, the selections the browser specs replay: the quick order's (tests/e2e/pathDriver.ts
 * `selectBrowserPaths`, tests/e2e/quickOrderPaths.spec.ts), the professional order's
 * (tests/e2e/professionalTours.ts), the style order's (tests/e2e/styleTours.ts) and the submit queue's
 * runs (tests/e2e/submitQueueTours.ts, with its CART-028 test's run). Each tour's real events are
 * replayed on the real machine in an inspected actor and every transition taken is recorded as
 * `<state id>::<index>`, the id the picture gives it.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { WALKED_DIR, type WalkedRecord } from "../e2e/flowWalks.ts";
import type { AnyStateMachine, EventObject } from "xstate";
import { selectBrowserPaths } from "../e2e/pathDriver.ts";
import { selectProfessionalTours } from "../e2e/professionalTours.ts";
import { selectStyleTours } from "../e2e/styleTours.ts";
import { RETRY_RUN, selectQueueRuns } from "../e2e/submitQueueTours.ts";
import { quickOrderStepModel } from "../machines/quickOrder.model.ts";
import { professionalStepModel } from "../machines/professionalOrder.model.ts";
import { styleOrderStepModel } from "../machines/styleOrder.model.ts";
import { QUEUE_INPUT } from "../machines/submitQueue.model.ts";
import { submitQueueMachine } from "../../machines/submitQueue/submitQueue.machine.ts";
import { CARD_TOURS, modelEvents, realEvents, walk } from "./tours.ts";

const takenBy = (steps: ReturnType<typeof walk>) => steps.flatMap((s) => s.taken);
const sorted = (s: Iterable<string>) => [...new Set(s)].sort();

const headless = Object.fromEntries(
  Object.entries(CARD_TOURS).map(([id, card]) => [
    id,
    sorted(card.tours().flatMap((tour) => takenBy(walk(card.machine, tour.input, tour.events, tour.restore)))),
  ]),
);
/** The transitions a set of runs (each the real events from the machine's start) takes. */
const walked = (machine: AnyStateMachine, input: unknown, runs: ReadonlyArray<readonly EventObject[]>) =>
  sorted(runs.flatMap((events) => takenBy(walk(machine, input, events))));

const recordedBy = new Set<string>();
const browser: Record<string, string[] | null> = {
  quickOrder: walked(
    quickOrderStepModel.machine,
    quickOrderStepModel.input,
    selectBrowserPaths().selected.map(({ real }) => real.map((r) => r.event)),
  ),
  professionalOrder: walked(
    professionalStepModel.machine,
    professionalStepModel.input,
    selectProfessionalTours().selected.map((path) => realEvents(professionalStepModel, path)),
  ),
  styleOrder: walked(
    styleOrderStepModel.machine,
    styleOrderStepModel.input,
    selectStyleTours().selected.map((path) => realEvents(styleOrderStepModel, path)),
  ),
  submitQueue: walked(submitQueueMachine as unknown as AnyStateMachine, QUEUE_INPUT, [
    ...selectQueueRuns().selected.map(modelEvents),
    RETRY_RUN,
  ]),
};

/**
 * What the browser specs that drive a machine without replaying a tour walked (tests/e2e/flowWalks.ts:
 * the session, balance distribution and shipment creation specs, run with FLOW_WALKS=1).
 */
const records: WalkedRecord[] = existsSync(WALKED_DIR)
  ? readdirSync(WALKED_DIR)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => JSON.parse(readFileSync(new URL(f, WALKED_DIR), "utf8")) as WalkedRecord)
  : [];
for (const record of records)
  for (const [id, taken] of Object.entries(record.machines))
    if (!(id in browser) || browser[id] === null || recordedBy.has(id)) {
      recordedBy.add(id);
      browser[id] = sorted([...(browser[id] ?? []), ...taken]);
    }

const data = {
  made: new Date().toISOString().slice(0, 10),
  note: `written by tests/tools/flowCoverage.ts (npm run flows:coverage); Chromium tours measured for the quick, professional and style orders and the submit queue (replayed), and recorded by the specs of ${[...recordedBy].sort().join(", ") || "no other machine"} (tests/e2e/walked/)`,
  machines: Object.fromEntries(
    Object.keys(CARD_TOURS).map((id) => [id, { headless: headless[id]!, browser: browser[id] ?? null }]),
  ),
};
writeFileSync(new URL("../../src/features/flows/coverage.json", import.meta.url), `${JSON.stringify(data, null, 2)}\n`);
for (const [id, m] of Object.entries(data.machines))
  console.log(
    `${id}: headless ${String(m.headless.length)}, browser ${m.browser ? String(m.browser.length) : "not measured"}`,
  );
