/**
 * The style-order step model (tests/machines/styleOrder.model.ts) replayed in Chromium against the real
 * server and the seeded style 1 (a two-piece suit: jacket 3000, trousers 2000).
 *
 * Selection (deterministic): tours of the model (`stepTours` of tests/machines/paths.ts) over the
 * transitions the page can replay, which together go through every abstract state the page can reach,
 * say every refusal and take every step: 4 tours where there were 10 shortest paths (which said only
 * the server's refusal and left two replayable steps untaken). Each tour is one browser session: log
 * in, open /styleOrdering?id=1 with the style's request held, replay the tour's real events as a user
 * does (the model's fabric, craft and parts map onto the style's real ones), and check the screen after
 * each abstract step: the step, the refusal said, where a finished order went.
 *
 * The requests of the invoked actors wait in the browser until the tour gives their outcome: the real
 * server answers (done) or the request is aborted (error: a network failure, so the page says its own
 * fallback text). Not in the browser (the headless replay covers them): a customer from the book (the
 * model's fixture customer is not seeded) and a submit whose result fails (it needs an account without
 * balance).
 *
 * Shared by tests/e2e/styleOrderingPaths.spec.ts (the tours as tests), tests/flowbook/ (the tours as
 * storyboards) and tests/tools/flowCoverage.ts (the transitions the tours walk, for the flow picture).
 */
import type { Page, Route } from "@playwright/test";
import { getInitialSnapshot, transition, type AnyMachineSnapshot, type EventObject } from "xstate";
import { expect, pageAccessToken, startSignedIn } from "./fixtures.ts";
import { stateValueText, type TourStep } from "./pathDriver.ts";
import {
  abstractStates,
  abstractTours,
  isOutcome,
  outcomeActorId,
  stepGraph,
  type StepPath,
} from "../machines/paths.ts";
import { styleOrderStepModel, type StyleOrderSteps } from "../machines/styleOrder.model.ts";

const STYLE = 1;

/** The request each invoked actor makes. */
const ACTOR_REQUEST: Record<string, string> = {
  loadStyle: `/api/pc/style/detail/${STYLE}`,
  buyStyle: "/api/pc/style/buy",
  loadMeasurements: "/api/pc/dict/specBody",
  presize: "/api/pc/order/getFinishedSize",
  saveOrder: "/api/pc/order/saveOrder",
  submitOrder: "/api/pc/order/saveSubmitOrder",
};

type S = StyleOrderSteps;
interface RealStep {
  event: EventObject;
  /** The abstract step it belongs to. */
  step: string;
  /** The abstract state after the step this event belongs to, when it is the step's last event. */
  after: S | null;
}

/** Why the page cannot replay a path with the seeded data, or null. */
function unavailable(path: StepPath<S>): string | null {
  for (const step of path.steps) {
    if (step.event.type === "customer.pick") return "the model's book customer is not seeded";
    if (step.event.type === "submit.refused") return "a failing submit needs an account without balance";
  }
  return null;
}

export function realSteps(path: StepPath<S>): RealStep[] {
  const states = abstractStates(styleOrderStepModel, path);
  return path.steps.slice(1).flatMap((step, i) => {
    const events = styleOrderStepModel.steps[step.event.type]!.concrete(states[i]!);
    return events.map((event, k) => ({
      event,
      step: step.event.type,
      after: k === events.length - 1 ? states[i + 1]! : null,
    }));
  });
}

/** The tours the browser replays: every abstract state, refusal and step the page can reach. */
export function selectStyleTours() {
  const { shortest } = stepGraph(styleOrderStepModel);
  const { tours, ...covered } = abstractTours(styleOrderStepModel, (transition) => unavailable(transition) === null);
  return { shortest: shortest.length, selected: tours, ...covered };
}

/** Holds every request of an invoked actor until the path gives its outcome. */
class Gates {
  private held = new Map<string, Route[]>();
  constructor(readonly page: Page) {}
  async install() {
    for (const [id, path] of Object.entries(ACTOR_REQUEST)) {
      this.held.set(id, []);
      await this.page.route(
        (url) => url.pathname === path,
        (route) => void this.held.get(id)!.push(route),
      );
    }
  }
  private async take(id: string): Promise<Route> {
    const queue = this.held.get(id)!;
    await expect.poll(() => queue.length, { message: `no ${ACTOR_REQUEST[id]} request for ${id}` }).toBeGreaterThan(0);
    const newest = queue.pop()!;
    for (const older of queue.splice(0)) await older.continue().catch(() => undefined);
    return newest;
  }
  async answer(id: string) {
    const route = await this.take(id);
    const response = this.page.waitForResponse((r) => r.request() === route.request());
    await route.continue();
    expect(((await (await response).json()) as { code: number }).code).toBe(0);
  }
  async fail(id: string) {
    await (await this.take(id)).abort("failed");
  }
}

interface Style {
  chooseFabric: string;
  styleInfoList: Array<{
    id: number;
    styleName: string;
    styleCode: string;
    styleCraftList: Array<{ id: number; name: string; type: number; model: string }>;
  }>;
}

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const steps = (page: Page) => page.getByRole("list", { name: "Steps" }).getByRole("listitem");
const measurementItems = (page: Page, list: string) =>
  page.getByRole("list", { name: list, exact: true }).getByRole("listitem");

async function rangeOf(item: ReturnType<typeof measurementItems>) {
  const [min, max] = ((await item.locator("p").textContent()) ?? "").split("–").map((n) => Number(n.trim()));
  return { min: min!, max: max! };
}

/**
 * The model's parts → the real ones: Chest and Trouser waist, both of the suit's list (issue 20 §7: the
 * suit's list holds the trousers' parts, so the trousers have no list of their own).
 */
const MODELLED: Record<string, string> = { Measurements: "Chest", trousers: "Trouser waist" };
const modelledItem = (page: Page, list: string) =>
  measurementItems(page, "Measurements").filter({
    has: page.locator("label", { hasText: new RegExp(`^\\s*${MODELLED[list]!}\\s*\\*?\\s*$`) }),
  });

/** The real required parts the model does not have, filled in range as the parts arrive. */
async function fillUnmodelled(page: Page) {
  const modelled = Object.values(MODELLED);
  await expect(measurementItems(page, "Measurements").first()).toBeVisible();
  for (const item of await measurementItems(page, "Measurements").all()) {
    const input = item.getByRole("textbox");
    const name = (await item.locator("label").textContent())?.replace("*", "").trim() ?? "";
    if (modelled.includes(name) || (await input.getAttribute("aria-required")) !== "true") continue;
    const { min, max } = await rangeOf(item);
    await input.fill(String(Math.round(((min + max) / 2) * 2) / 2));
  }
}

async function run(page: Page, gates: Gates, style: Style, event: EventObject) {
  if (isOutcome(event)) {
    const id = outcomeActorId(event);
    if (event.type.startsWith("xstate.error.")) await gates.fail(id);
    else await gates.answer(id);
    if (event.type === "xstate.done.actor.loadMeasurements") await fillUnmodelled(page);
    return;
  }
  const e = event as EventObject & Record<string, unknown>;
  switch (e.type) {
    case "user.pickFabric":
      await page.getByRole("combobox", { name: "Fabric", exact: true }).selectOption(style.chooseFabric.split(",")[0]!);
      return;
    case "user.setStyleCraft": {
      // the model's one required craft → every required craft of the real style without a default (Lapel, Pleats)
      for (const piece of style.styleInfoList)
        for (const craft of piece.styleCraftList)
          if (craft.type === 2 && !craft.model)
            await page.locator(`[data-field="style.craft.${piece.id}.${craft.id}"]`).selectOption({ index: 1 });
      return;
    }
    case "user.buy":
      return button(page, "Buy").click();
    case "user.previous":
      return button(page, "Back").click();
    case "user.next":
      return button(page, "Next").click();
    case "user.edit": {
      const field: Record<string, string> = {
        customerName: "#qo-customerName",
        shortName: "#qo-shortName",
        height: "#qo-height",
        weight: "#qo-weight",
      };
      const target = field[String(e.field)];
      if (!target) throw new Error(`no mapping for the customer field ${String(e.field)}`);
      return page.locator(target).fill(String(e.value));
    }
    case "user.reloadMeasurements":
      return page.getByRole("button", { name: "Load the measurements again" }).click();
    case "user.setMeasure": {
      const list = e.partId === 2501 ? "trousers" : "Measurements";
      const item = modelledItem(page, list);
      const { min, max } = await rangeOf(item);
      // the model's 200 is above Chest's range; its other values are in range
      const value = e.value === "200" ? max + 50 : Math.round(((min + max) / 2) * 2) / 2;
      return item.getByRole("textbox").fill(String(value));
    }
    case "user.presize":
      return page.getByRole("button", { name: "Calculate finished sizes" }).click();
    case "user.save":
      return button(page, "Save To Cart").click();
    case "user.submit":
      return button(page, "Submit").click();
    default:
      throw new Error(`no mapping for ${e.type}: add it to tests/e2e/styleTours.ts`);
  }
}

/** The text the page says for a refusal of the model (an injected network failure: the page's fallback). */
const REFUSAL_TEXT: Record<string, RegExp> = {
  server: /^The order could not be saved/,
  "style.fabricRequired": /^Please select fabric/,
  "style.craftRequired": /^Lapel Not filled in/,
  "customer.nameRequired": /^Customer name cannot be empty/,
  "size.required": /cannot be empty/,
  "size.outOfRange": /^Chest out of range \(\d+(\.\d+)?–\d+(\.\d+)? cm\)/,
  "size.presizeFirst": /^Pls presubmit for finished measurements first/,
  "size.notLoaded": /^The measurements could not be loaded; please load them again/,
};

async function expectScreen(page: Page, s: S) {
  if (s.at === "done") {
    await expect(page).toHaveURL(new RegExp(`${s.outcome}$`));
    return;
  }
  const alert = page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Dismiss" }) });
  if (s.at === "failed") {
    await expect(page.getByText("This style could not be loaded.")).toBeVisible();
    return;
  }
  if (s.shown) await expect(alert).toHaveText(REFUSAL_TEXT[s.shown]!);
  else await expect(alert).toHaveCount(0);
  const index = ["step1", "step2", "step3"].indexOf(s.at);
  for (let i = 0; i < 3; i++)
    if (i === index) await expect(steps(page).nth(i)).toHaveAttribute("aria-current", "step");
    else await expect(steps(page).nth(i)).not.toHaveAttribute("aria-current", "step");
  // the step buttons wait while a call runs
  const main = button(page, s.at === "step1" ? "Buy" : s.at === "step2" ? "Next" : "Save To Cart");
  if (s.call) await expect(main).toBeDisabled();
  else await expect(main).toBeEnabled();
}

/**
 * Replays a tour in the signed-in page: opens the style with its request held, reads the style beside
 * the page, then each real event as a user gives it, checking the screen after each abstract step (and
 * handing it to `onStep`, the flow book's frame: the step, its events, the machine's state after them).
 */
export async function replayStyleTour(
  page: Page,
  path: StepPath<S>,
  onStep?: (step: TourStep) => Promise<void>,
): Promise<void> {
  const { machine, input } = styleOrderStepModel;
  const gates = new Gates(page);
  await gates.install();
  await startSignedIn(page, `/styleOrdering?id=${STYLE}`);
  await expect(page.getByTestId("style-order")).toBeVisible();
  await expect(page.getByText("Loading…")).toBeVisible();
  let real = getInitialSnapshot(machine, input) as AnyMachineSnapshot;
  await onStep?.({ step: "open", events: [], state: stateValueText(real.value) });
  // the style as the server answers it, read beside the page (its own request is held)
  const token = await pageAccessToken(page);
  const response = await page.request.get(ACTOR_REQUEST.loadStyle!, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const style = ((await response.json()) as { data: Style }).data;
  let events: string[] = [];
  for (const { event, step, after } of realSteps(path)) {
    await run(page, gates, style, event);
    real = transition(machine, real, event)[0] as AnyMachineSnapshot;
    events.push(event.type);
    if (after) {
      await expectScreen(page, after);
      await onStep?.({ step, events, state: stateValueText(real.value) });
      events = [];
    }
  }
}
