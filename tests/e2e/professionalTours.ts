/**
 * The professional order's step model (tests/machines/professionalOrder.model.ts) replayed in Chromium
 * against the real server and the seeded suit (3000, with trousers 2000 as a further piece).
 *
 * Selection (deterministic): tours of the model (`stepTours` of tests/machines/paths.ts) over the
 * transitions the page can replay, which together go through every abstract state the page can reach,
 * say every refusal and take every step: 17 tours where there were 34 paths (a shortest one to each
 * state, refusal and step). Each tour is one browser session: log in, open /peofessionalOrder?id=3000
 * with the setup held, then each abstract step as a user does it (the mapping `STEP` below: the model's
 * fixture fabric, Name label, monogram row and trousers map onto the seeded ones), and after each step a
 * check of what the user sees (`expectScreen`): loading or the load failure, the refusal said, the pending
 * actions, the fabric, the label's text, the further piece, the measurements, where a finished order went.
 *
 * The requests of the invoked actors wait in the browser until the path gives their outcome (the shared
 * `Gates` of tests/e2e/pathDriver.ts, with this flow's requests): the real server answers (done) or the
 * request is aborted (error: a network failure, so the page says its own fallback text where the model's
 * error carries a server message). Not in the browser (the headless replay covers it:
 * tests/machines/professionalOrder.model.test.ts): a submit whose result fails (`submit.refused`, QO-127),
 * which needs an account without balance that may open the professional order.
 *
 * Shared by tests/e2e/professionalOrderPaths.spec.ts (the tours as tests), tests/flowbook/ (the tours as
 * storyboards) and tests/tools/flowCoverage.ts (the transitions the tours walk, for the flow picture).
 */
import type { Page } from "@playwright/test";
import { getInitialSnapshot, transition, type AnyMachineSnapshot } from "xstate";
import { expect, startSignedIn } from "./fixtures.ts";
import { Gates, stateValueText, type ActorRequest, type TourStep } from "./pathDriver.ts";
import { fillMeasurementList, IN_STOCK, pickFabric } from "./orderEntry.ts";
import { abstractStates, abstractTours, stepGraph, type StepPath } from "../machines/paths.ts";
import { professionalStepModel, type ProfessionalSteps } from "../machines/professionalOrder.model.ts";
import { CMT_FABRIC } from "../machines/quickOrder.fixtures.ts";

type S = ProfessionalSteps;
const CATEGORY = 3000;
const TROUSERS = 2000;

/** The request each invoked actor makes (the setup's last read is the further piece's craft tree). */
const ACTOR_REQUEST: Record<string, ActorRequest> = {
  loadSetup: { path: "/api/pc/dict/zzCraft", query: { category: String(TROUSERS) } },
  checkStock: "/api/pc/fabric/getFabricStock",
  // the posture specs are read on every load of the main piece's measurements
  loadMeasurements: "/api/pc/dict/specBody",
  loadPieceParts: { path: "/api/pc/dict/measureInfo", query: { category: String(TROUSERS) } },
  saveOrder: "/api/pc/order/saveOrder",
  submitOrder: "/api/pc/order/saveSubmitOrder",
};

/** The rule IDs a step proves (the refusals it shows are added from the states). */
const STEP_IDS: Record<string, string> = {
  "setup.failed": "PO-039",
  "parts.failed": "PO-039",
  "stock.failed": "PO-039",
  "fabric.pick": "PO-012",
  "fabric.cmt": "PO-015 PO-016",
  "craft.label": "PO-025",
  "craft.labelText": "PO-025",
  "monogram.add": "PO-027",
  "monogram.fill": "PO-017 PO-027",
  "piece.add": "PO-002",
  save: "PO-008 PO-022",
  submit: "PO-008 PO-022",
  "save.done": "PO-008",
  "submit.done": "PO-008",
};
const REFUSAL_IDS: Record<string, string> = {
  "order.fabricRequired": "PO-023",
  "craft.notFinished": "PO-025",
  "monogram.missing": "PO-027 PO-030",
  "customer.fillIn": "PO-031 D-06",
  "size.required": "PO-036",
  server: "PO-008",
};

/** The text the page says for a refusal of the model (an injected network failure: the page's fallback). */
const REFUSAL_TEXT: Record<string, RegExp> = {
  server: /^The order could not be saved/,
  "order.fabricRequired": /^Please select a fabric/,
  "craft.notFinished": /^Name on the inside label not finished/,
  // PO-030: named with the piece's category, then the row's position
  "monogram.missing": /^Suit: monogram [^:]+: please fill in the colour/,
  "customer.fillIn": /^Please fill in /,
  "size.required": /^[^:]+ cannot be empty/,
  "size.notLoaded": /^The measurements could not be loaded; please load them again/,
  "size.reloaded": /^The measurements were loaded again for this customer and unit; please check them/,
};

/** Why the page cannot replay a path with the seeded data, or null. */
const unavailable = (path: StepPath<S>): string | null =>
  path.steps.some((s) => s.event.type === "submit.refused")
    ? "a failing submit needs an account without balance that may open the professional order"
    : null;

/** The tours the browser replays: every abstract state, refusal and step but the failing submit's. */
export function selectProfessionalTours() {
  const { shortest } = stepGraph(professionalStepModel);
  const { tours, ...covered } = abstractTours(professionalStepModel, (transition) => unavailable(transition) === null);
  return { shortest: shortest.length, selected: tours, ...covered };
}

/** The abstract states a path goes through (after each of its steps). */
const statesOf = (path: StepPath<S>): S[] => abstractStates(professionalStepModel, path).slice(1);

export function idsOf(path: StepPath<S>): string {
  const ids = new Set<string>();
  for (const step of path.steps.slice(1)) for (const id of (STEP_IDS[step.event.type] ?? "").split(" ")) ids.add(id);
  for (const s of statesOf(path)) for (const id of (REFUSAL_IDS[s.shown ?? ""] ?? "").split(" ")) ids.add(id);
  ids.delete("");
  return [...ids].sort().join(" ");
}

const piece = (page: Page, category: number) => page.getByTestId(`piece-${category}`);
const header = (page: Page) => page.getByTestId("professional-order").locator("header");
const saveButton = (page: Page) => header(page).getByRole("button", { name: "Save to cart" });
const submitButton = (page: Page) => header(page).getByRole("button", { name: "Submit", exact: true });
const monogramRow = (page: Page) => piece(page, CATEGORY).getByRole("group", { name: "Monogram row 1", exact: true });

async function openMonogram(page: Page) {
  await piece(page, CATEGORY).getByRole("button", { name: "Monogram", exact: true }).click();
  await expect(piece(page, CATEGORY).getByRole("button", { name: "Add monogram" })).toBeVisible();
}

/** The model's Name label (a TEXT craft) → the real suit's "Name on the inside label" of "Personal label". */
async function openPersonalLabel(page: Page) {
  await piece(page, CATEGORY)
    .getByRole("list", { name: "Craft groups" })
    .getByRole("button", { name: /^Personal label/ })
    .click();
}

/** Each abstract step as a user does it (the model's concrete events are the machine's side of it). */
const STEP: Record<string, (page: Page, gates: Gates, before: S) => Promise<void>> = {
  "setup.loaded": (_p, gates) => gates.answer("loadSetup").then(() => undefined),
  "setup.failed": (_p, gates) => gates.fail("loadSetup"),
  "parts.loaded": (_p, gates) => gates.answer("loadMeasurements").then(() => undefined),
  "parts.failed": (_p, gates) => gates.fail("loadMeasurements"),
  "customer.type": async (page) => {
    await page.getByRole("combobox", { name: "Customer name" }).fill("Ann Lee");
    await page.getByRole("textbox", { name: "Nickname", exact: true }).fill("Ann");
    await page.getByRole("textbox", { name: "Height", exact: true }).fill("170");
  },
  "fabric.pick": (page) => pickFabric(page, IN_STOCK),
  "stock.answered": async (_p, gates) => {
    const envelope = await gates.answer("checkStock");
    expect((envelope.data as { inStock: boolean }).inStock).toBe(true);
  },
  "stock.failed": (_p, gates) => gates.fail("checkStock"),
  "fabric.cmt": async (page) => {
    await page.getByRole("radio", { name: /CMT/ }).check();
    await page.getByRole("combobox", { name: "Fabric", exact: true }).fill(CMT_FABRIC);
  },
  "craft.label": async (page) => {
    await openPersonalLabel(page);
    const tile = piece(page, CATEGORY)
      .getByRole("list", { name: "Options" })
      .getByRole("button", { name: /^Name on the inside label/ });
    await tile.click();
    await expect(tile).toHaveAttribute("aria-pressed", "true");
  },
  "craft.labelText": async (page) => {
    await openPersonalLabel(page);
    await piece(page, CATEGORY).getByRole("textbox", { name: "Name on the inside label text" }).fill("A. Lee");
  },
  "monogram.add": async (page) => {
    await openMonogram(page);
    await piece(page, CATEGORY).getByRole("button", { name: "Add monogram" }).click();
    await monogramRow(page).getByRole("combobox", { name: "Position" }).selectOption({ index: 1 });
  },
  "monogram.fill": async (page) => {
    await openMonogram(page);
    const row = monogramRow(page);
    await row.getByRole("combobox", { name: "Colour" }).selectOption({ index: 1 });
    // the first font is the uploaded one (1500), which asks for a file
    await row.getByRole("combobox", { name: "Font" }).selectOption({ index: 2 });
    // PO-017, D-12: the suit (3000) offers embroidery sizes
    await row.getByRole("combobox", { name: "Size" }).selectOption({ index: 1 });
    await row.getByRole("textbox", { name: "Content" }).fill("AL");
  },
  "piece.add": (page) =>
    page.getByRole("group", { name: "Garment pieces" }).getByRole("checkbox", { name: "Trousers" }).click(),
  "piece.loaded": (_p, gates) => gates.answer("loadPieceParts").then(() => undefined),
  "measures.valid": async (page, _gates, before) => {
    await fillMeasurementList(page);
    if (before.piece) await fillMeasurementList(page, "Extra trousers");
  },
  save: (page) => saveButton(page).click(),
  "save.done": async (_p, gates) => {
    const envelope = await gates.answer("saveOrder");
    expect(envelope.code).toBe(0);
  },
  "save.failed": (_p, gates) => gates.fail("saveOrder"),
  submit: (page) => submitButton(page).click(),
  "submit.done": async (_p, gates) => {
    const envelope = await gates.answer("submitOrder");
    expect((envelope.data as Array<{ sign: string }>).map((r) => r.sign)).toEqual(["success"]);
  },
  "submit.failed": (_p, gates) => gates.fail("submitOrder"),
};

/** What the user sees in the abstract state `s`. */
async function expectScreen(page: Page, s: S) {
  if (s.at === "done") {
    await expect(page).toHaveURL(new RegExp(`${s.outcome}$`));
    return;
  }
  const refusal = page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Dismiss" }) });
  if (s.at === "loading") {
    await expect(page.getByText("Loading…")).toBeVisible();
    await expect(refusal).toHaveCount(0);
    return;
  }
  if (s.at === "failed") {
    // the injected network failure carries no server message: only the page's own load failure shows
    await expect(page.getByText("This category could not be loaded.")).toBeVisible();
    await expect(refusal).toHaveCount(0);
    return;
  }
  if (s.shown) await expect(refusal).toHaveText(REFUSAL_TEXT[s.shown]!);
  else await expect(refusal).toHaveCount(0);
  // PO-008: Save to cart and Submit wait while a call runs
  for (const button of [saveButton(page), submitButton(page)])
    if (s.call) await expect(button).toBeDisabled();
    else await expect(button).toBeEnabled();
  // PO-012..016: the fabric's source and its stock answer
  await expect(page.getByRole("radio", { name: s.fabric === "cmt" ? /CMT/ : /MTM/ })).toBeChecked();
  await expect(page.getByText("Checking stock…")).toHaveCount(s.fabric === "checking" ? 1 : 0);
  if (s.fabric === "inStock") await expect(page.getByText("In stock", { exact: true })).toBeVisible();
  if (s.crafts === "labelled")
    await expect(piece(page, CATEGORY).getByRole("textbox", { name: "Name on the inside label text" })).toHaveValue(
      "A. Lee",
    );
  // PO-002: the further piece has its own section once its parts are loaded
  await expect(piece(page, TROUSERS)).toHaveCount(s.piece ? 1 : 0);
  const parts = page.getByRole("list", { name: "Measurements", exact: true }).getByRole("listitem");
  if (s.parts === "loaded" && s.call === null) await expect(parts.first()).toBeVisible();
  if (s.parts === "none" && s.call === null) await expect(parts).toHaveCount(0);
}

/**
 * Replays a tour in the signed-in page: opens the order with the setup held, then each abstract step as
 * a user does it, checking the screen after each (and handing it to `onStep`, the flow book's frame:
 * the step, the machine's events of it, the machine's state after them).
 */
export async function replayProfessionalTour(
  page: Page,
  path: StepPath<S>,
  onStep?: (step: TourStep) => Promise<void>,
): Promise<void> {
  const { machine, input, steps } = professionalStepModel;
  const events = path.steps.slice(1).map((s) => s.event.type);
  const gates = new Gates(page, ACTOR_REQUEST);
  await gates.install();
  await startSignedIn(page, `/peofessionalOrder?id=${CATEGORY}`);
  await expect(page.getByTestId("professional-order")).toBeVisible();
  await expectScreen(page, professionalStepModel.initial);
  let real = getInitialSnapshot(machine, input) as AnyMachineSnapshot;
  await onStep?.({ step: "open", events: [], state: stateValueText(real.value) });
  let before = professionalStepModel.initial;
  for (const [i, after] of statesOf(path).entries()) {
    const type = events[i]!;
    try {
      await STEP[type]!(page, gates, before);
      await expectScreen(page, after);
    } catch (error) {
      if (error instanceof Error) error.message += `\nat step ${i + 1} (${type}) of ${events.join(" → ")}`;
      throw error;
    }
    const concrete = steps[type]!.concrete(before);
    for (const event of concrete) real = transition(machine, real, event)[0] as AnyMachineSnapshot;
    await onStep?.({ step: type, events: concrete.map((e) => e.type), state: stateValueText(real.value) });
    before = after;
  }
}
