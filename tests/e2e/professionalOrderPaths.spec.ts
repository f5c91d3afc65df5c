/**
 * The professional order's step model replayed in Chromium against the real server: the tours of
 * tests/e2e/professionalTours.ts (how they are chosen, how each step is done and checked, what is not in
 * the browser and why), one test each.
 */
import { test, expect } from "./fixtures.ts";
import { idsOf, replayProfessionalTour, selectProfessionalTours } from "./professionalTours.ts";

const { shortest, replayable, selected, states, unsaid, untaken } = selectProfessionalTours();

/** Observed sizes: the model's states, the transitions the page replays and the tours (a change to the model shows here). */
test("the professional order's step model and its tours have the expected sizes", () => {
  // every abstract state but those only a failing submit reaches is gone through
  expect({ shortest, replayable, selected: selected.length, states }).toEqual({
    shortest: 74,
    replayable: 143,
    selected: 17,
    states: 69,
  });
  // every refusal the model can show is said in some tour; every step is taken but the failing submit's result
  expect(unsaid).toEqual([]);
  expect(untaken).toEqual(["submit.refused"]);
});

test.describe.configure({ mode: "parallel" });

for (const [n, path] of selected.entries()) {
  const events = path.steps.slice(1).map((s) => s.event.type);
  test(`${idsOf(path)} professional tour ${n + 1}: ${events.join(" → ")}`, async ({ page }) => {
    // a tour does the work of several shortest paths: three times the time of one test
    test.slow();
    await replayProfessionalTour(page, path);
  });
}
