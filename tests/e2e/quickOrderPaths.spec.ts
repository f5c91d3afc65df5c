/**
 * The quick-order model's paths in Chromium, against the real server (tests/e2e/pathDriver.ts).
 *
 * Selection (deterministic; `selectBrowserPaths`): from the browser model (the headless model of
 * tests/machines/paths.ts minus the events the page cannot produce with the seeded data), the
 * shortest path to each state the page can be in (each leaf state node; `done` once per page the
 * finished order goes to), the shortest transition path showing each refusal key, and for each
 * remaining event of the model the shortest transition path ending with it. Each path is one
 * browser session: log in, open /quickOrder?id=3000, replay event by event, check the screen after
 * each.
 *
 * Not in the browser, and why (the headless model covers them: tests/machines/quickOrder.model.test.ts):
 * - the customer-book record without weight unit and gender (QO-132, QO-133, `user.pickCustomer` of
 *   INCOMPLETE_CUSTOMER): no seeded customer lacks them, and the page cannot clear either;
 * - a category without measurement methods (step 3 without loading, QO-095's empty list): every
 *   seeded category offers them;
 * - Next, Previous and Save/Submit while a call runs: the page disables the buttons (QO-129);
 * - choosing the fabric source, unit or gender already chosen: the page sends nothing;
 * - typing into a part the chosen crafts disable: the page hides it (QO-121);
 * - the pre-calculation with standard or finished sizes: the page offers it only for body measurements;
 * - choosing the measurement method, size area or shape already chosen (the model's reload after a
 *   failed load): the checked radio or pressed button sends nothing.
 * Error outcomes are network failures injected for the one request (`route.abort`): the page then
 * shows its fallback text, not the server message the model's ApiError carries.
 */
import { test, expect } from "./fixtures.ts";
import { replayInBrowser, selectBrowserPaths } from "./pathDriver.ts";

const { selected, shortest, transitions } = selectBrowserPaths();

/** Observed sizes of the browser model and of the selection: a change to the machine or the model shows here. */
const BROWSER_STATES = 1242;
const BROWSER_TRANSITIONS = 5706;
const SELECTED = 49;

test.describe.configure({ mode: "parallel" });

test("the browser model and its selection have the expected sizes", () => {
  expect({ shortest, transitions, selected: selected.length }).toEqual({
    shortest: BROWSER_STATES,
    transitions: BROWSER_TRANSITIONS,
    selected: SELECTED,
  });
});

for (const [n, path] of selected.entries()) {
  test(`${path.ids ? `${path.ids} ` : ""}model path ${n + 1}: ${path.target} (${path.path.steps.length - 1} events)`, async ({
    page,
  }) => {
    await replayInBrowser(page, path);
  });
}
