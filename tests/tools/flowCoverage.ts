/**
 * Which transitions of the card machines the tests walk, for the flow pictures (`/flows/<machine>`
 * colours each arrow by it) and tests/unit/flowCoverage.test.ts (fails when a card machine has a state
 * or transition no tour covers).
 *
 *   npm run flows:coverage      # writes src/features/flows/coverage.json (commit it)
 *
 * The tours are the tests' own (tests/tools/tours.ts): the headless model tours (the step models'
 * transition tours and shortest paths, the session's and the queue's shortest paths) and the Chromium
 * tours of the quick order (tests/e2e/pathDriver.ts `selectBrowserPaths`, what
 * tests/e2e/quickOrderPaths.spec.ts replays). Each tour's real events are replayed on the real machine
 * in an inspected actor and every transition taken is recorded as `<state id>::<index>`, the id the
 * picture gives it.
 */
import { writeFileSync } from "node:fs";
import { selectBrowserPaths } from "../e2e/pathDriver.ts";
import { quickOrderStepModel } from "../machines/quickOrder.model.ts";
import { CARD_TOURS, walk } from "./tours.ts";

const takenBy = (steps: ReturnType<typeof walk>) => steps.flatMap((s) => s.taken);
const sorted = (s: Iterable<string>) => [...new Set(s)].sort();

const headless = Object.fromEntries(
  Object.entries(CARD_TOURS).map(([id, card]) => [
    id,
    sorted(card.tours().flatMap((tour) => takenBy(walk(card.machine, tour.input, tour.events)))),
  ]),
);
const browser: Record<string, string[] | null> = {
  quickOrder: sorted(
    selectBrowserPaths().selected.flatMap(({ real }) =>
      takenBy(
        walk(
          quickOrderStepModel.machine,
          quickOrderStepModel.input,
          real.map((r) => r.event),
        ),
      ),
    ),
  ),
};

const data = {
  made: new Date().toISOString().slice(0, 10),
  note: "written by tests/tools/flowCoverage.ts (npm run flows:coverage); Chromium tours measured for the quick order",
  machines: Object.fromEntries(
    Object.keys(CARD_TOURS).map((id) => [id, { headless: headless[id]!, browser: browser[id] ?? null }]),
  ),
};
writeFileSync(new URL("../../src/features/flows/coverage.json", import.meta.url), `${JSON.stringify(data, null, 1)}\n`);
for (const [id, m] of Object.entries(data.machines))
  console.log(
    `${id}: headless ${String(m.headless.length)}, browser ${m.browser ? String(m.browser.length) : "not measured"}`,
  );
