/**
 * The style-order step model replayed in Chromium against the real server and the seeded style 1: the
 * tours of tests/e2e/styleTours.ts (how they are chosen, how each event is given and checked, what is
 * not in the browser and why), one test each.
 */
import { test, expect } from "./fixtures.ts";
import { replayStyleTour, selectStyleTours } from "./styleTours.ts";

const { shortest, replayable, selected, states, unsaid, untaken } = selectStyleTours();

/** Observed sizes: the model's states, the transitions the page replays and the tours (a change to the model shows here). */
test("the style order's step model and its tours have the expected sizes", () => {
  // every abstract state after the start but those only a customer from the book reaches is gone through
  expect({ shortest, replayable, selected: selected.length, states }).toEqual({
    shortest: 35,
    replayable: 50,
    selected: 4,
    states: 26,
  });
  // every refusal the model can show is said in some tour; every step is taken but the book's customer and the failing submit's result
  expect(unsaid).toEqual([]);
  expect(untaken).toEqual(["customer.pick", "submit.refused"]);
});

test.describe.configure({ mode: "parallel" });

for (const [n, path] of selected.entries()) {
  const name = path.steps
    .slice(1)
    .map((s) => s.event.type)
    .join(" → ");
  test(`SO-011 SO-012 SO-013 SO-014 style tour ${n + 1}: ${name}`, async ({ page }) => {
    // a tour does the work of several shortest paths: three times the time of one test
    test.slow();
    await replayStyleTour(page, path);
  });
}
