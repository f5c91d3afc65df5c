/**
 * The quick-order step model's paths in Chromium, against the real server (tests/e2e/pathDriver.ts).
 *
 * Selection (deterministic; `selectBrowserPaths`): tours of the step model
 * (tests/machines/quickOrder.model.ts, `stepTours` of tests/machines/paths.ts) over the transitions the
 * page can replay with the seeded data, which together show every state the page can be in (each leaf
 * state node; `done` once per page the finished order goes to), say every refusal and take every
 * abstract step. A tour is one browser session: log in, open /quickOrder?id=3000, replay its real
 * events, check the screen after each abstract step. Nine tours of 175 real events replace the 32
 * shortest paths (356 events) this spec replayed before: the same coverage with 9 page loads instead
 * of 32.
 *
 * Not in the browser, and why (the headless replay covers them: tests/machines/quickOrder.model.test.ts):
 * - the customer-book record without weight unit and gender (QO-132, QO-133, `user.pickCustomer` of
 *   INCOMPLETE_CUSTOMER): no seeded customer lacks them, and the page cannot clear either;
 * - a category without measurement methods (step 3 without loading, QO-095's empty list): every
 *   seeded category offers them;
 * - Next while the stock is checked: the page disables the buttons while a call runs (QO-129).
 * Error outcomes are network failures injected for the one request (`route.abort`): the page then
 * shows its fallback text, not the server message the model's ApiError carries.
 */
import { test, expect } from "./fixtures.ts";
import { replayInBrowser, selectBrowserPaths } from "./pathDriver.ts";

const { selected, replayable, transitions, missing } = selectBrowserPaths();

/** Observed sizes of the step model, its transitions the page can replay and the tours: a change to the machine or the model shows here. */
const TRANSITIONS = 399;
const REPLAYABLE = 249;
const SELECTED = 9;

test.describe.configure({ mode: "parallel" });

test("the step model, its replayable transitions and the tours have the expected sizes", () => {
  expect({ transitions, replayable, selected: selected.length }).toEqual({
    transitions: TRANSITIONS,
    replayable: REPLAYABLE,
    selected: SELECTED,
  });
  // every state, refusal and step a replayable transition shows is on the tours' screens
  expect(missing).toEqual([]);
});

for (const [n, path] of selected.entries()) {
  test(`${path.ids ? `${path.ids} ` : ""}tour ${n + 1}: ${path.target} (${path.path.steps.length - 1} steps, ${path.real.length} events)`, async ({
    page,
  }) => {
    // a tour does the work of three or four shortest paths: three times the time of one test
    test.slow();
    await replayInBrowser(page, path);
  });
}
