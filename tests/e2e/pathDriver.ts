/**
 * Drives the quick-order step model's paths (tests/machines/quickOrder.model.ts) in Chromium against the real server.
 *
 * 1. The browser paths. Each abstract step of the step model stands for a few real events of the
 *    machine; a path is replayed in the page when the page can produce every one of its real events
 *    with the real seeded data (each mapping's `unavailable`). `selectBrowserPaths` walks a few
 *    tours of the step model over those transitions (see there).
 * 2. The mapping (`EVENTS`): one entry per real event type. A user event becomes the click, typing or
 *    choice a user makes, through roles and labels; a network outcome (`xstate.done.actor.<id>`,
 *    `xstate.error.actor.<id>`) becomes the real server's answer to a request the test held
 *    (`Gates`): the request of an invoked actor waits in the browser until the path says its answer
 *    arrives, then goes to the real server unchanged (done) or is aborted (error: failure
 *    injection; the real server gives none of these errors on demand). An event type without an
 *    entry fails loudly.
 * 3. What the user sees for a machine state (`expectScreen`): the current step, the refusal text,
 *    the pending and stock indications, where a finished order went; checked after every abstract step.
 *
 * Fixture values of the model map onto seeded data: fabrics by `fabricRow`, crafts and measurement
 * parts of the real suit (3000) by name, monogram options by name (tables below).
 */
import { expect, type Locator, type Page, type Route } from "@playwright/test";
import { getInitialSnapshot, transition, type AnyMachineSnapshot, type EventObject } from "xstate";
import type { QuickOrderContext, QuickOrderNotice } from "../../machines/quickOrder/quickOrder.machine.ts";
import { disabledPartsOf } from "../../domain/orderEntry/refusals.ts";
import {
  abstractStates,
  isOutcome,
  outcomeActorId,
  serializeModelEvent,
  stepGraph,
  stepTours,
  type StepPath,
} from "../machines/paths.ts";
import {
  QUICK_ORDER_INPUT,
  QUICK_ORDER_MODEL_PARTS,
  quickOrderStepModel,
  type QuickOrderSteps,
} from "../machines/quickOrder.model.ts";
import { CMT_FABRIC, IN_STOCK_FABRIC, OUT_OF_STOCK_FABRIC } from "../machines/quickOrder.fixtures.ts";
import { fabricRow } from "../../server/db/catalogue/fabrics.ts";
import { startSignedIn } from "./fixtures.ts";

type Snap = AnyMachineSnapshot;
const ctx = (s: Snap) => s.context as QuickOrderContext;

// ---------------------------------------------------------------------------------------------
// Fixture values → seeded data
// ---------------------------------------------------------------------------------------------

/** Fabric codes: fabricRow(5) is in stock, fabricRow(0) is not (every 17th fabric is out). */
export const REAL_FABRIC: Record<string, string> = {
  [IN_STOCK_FABRIC]: fabricRow(5).fabricCode,
  [OUT_OF_STOCK_FABRIC]: fabricRow(0).fabricCode,
  [CMT_FABRIC]: CMT_FABRIC,
};

/**
 * The fixture crafts the model clicks (the defaults 11, 111, 21, 23 are the
 * real suit's defaults and stay): group and option of the real suit tree (server/db/catalogue/crafts.ts).
 * 41/42 is one RADIO group whose second option disables a required part (Sleeveless ↔ Bermuda
 * shorts, QO-121); 51 is a TEXT option of a CHECKBOX group (Name label ↔ Name on the inside label, QO-145).
 */
const REAL_CRAFT: Record<number, { group: string; option: string; text?: boolean }> = {
  41: { group: "Trouser leg", option: "Full length" },
  42: { group: "Trouser leg", option: "Bermuda shorts" },
  51: { group: "Personal label", option: "Name on the inside label", text: true },
};

/**
 * Model measurement parts → real parts of the suit: the model's Sleeve (503, disabled by
 * Sleeveless) is the real Knee (disabled by Bermuda shorts). The real methods have 16 parts each; the
 * ones the model does not have are filled in, in range, as the parts arrive (`fillUnmodelledParts`).
 */
const REAL_PART: Record<number, string> = { 501: "Chest", 503: "Knee", 602: "Finished chest" };
const METHOD_NAME: Record<number, string> = {
  10052: "Body measurements",
  10053: "Finished garment",
  10054: "Standard sizes",
};

/** Monogram option ids of the fixtures → the seeded option names. */
const REAL_MONOGRAM: Record<"site" | "color" | "font" | "embSize", { label: string; names: Record<number, string> }> = {
  site: { label: "Position", names: { 1: "Inside pocket" } },
  color: { label: "Colour", names: { 2: "White" } },
  font: { label: "Font", names: { 3: "Script" } },
  embSize: { label: "Size", names: { 4: "Small (0.8 cm)" } },
};

/** Posture details of the fixtures → the seeded suit's spec and detail (QO-096). */
const REAL_POSTURE: Record<number, { spec: string; detail: string }> = {
  812: { spec: "Back", detail: "Stooped back" },
};
/** Size areas and shapes of the fixtures → the seeded buttons (QO-100); a standard size → the first real one. */
const REAL_STANDARD: Record<number, string> = { 10441: "EU", 10442: "US", 10431: "Slim", 10432: "Regular" };

/** The account a path logs in with: a submit that fails needs one without balance (demo-sub1 has none). */
export type Account = { username: string; password: string };
const DEMO: Account = { username: "demo", password: "demo1234" };
const NO_BALANCE: Account = { username: "demo-sub1", password: "demo1234" };

// ---------------------------------------------------------------------------------------------
// Held requests of the invoked actors
// ---------------------------------------------------------------------------------------------

/** The request each invoked actor makes (loadSetup: the craft tree, the last of its reads to answer). */
export const ACTOR_REQUEST: Record<string, string> = {
  loadSetup: "/api/pc/dict/zzCraft",
  checkStock: "/api/pc/fabric/getFabricStock",
  // The posture specs are read per method on every load (the parts may come from the query cache).
  loadMeasurements: "/api/pc/dict/specBody",
  loadStandardSizes: "/api/pc/dict/standard",
  presize: "/api/pc/order/getFinishedSize",
  saveOrder: "/api/pc/order/saveOrder",
  submitOrder: "/api/pc/order/saveSubmitOrder",
};

const requestOf = (id: string): string => {
  const path = ACTOR_REQUEST[id];
  if (!path)
    throw new Error(
      `no request is known for the invoked actor "${id}": add it to ACTOR_REQUEST in tests/e2e/pathDriver.ts`,
    );
  return path;
};

/** The request of an invoked actor: its path, or a test of its URL (e.g. a path with one query value). */
export type ActorRequest = string | { path: string; query: Record<string, string> };
const matches = (request: ActorRequest, url: URL) =>
  typeof request === "string"
    ? url.pathname === request
    : url.pathname === request.path &&
      Object.entries(request.query).every(([key, value]) => url.searchParams.get(key) === value);

/**
 * Holds every request of an invoked actor until the path gives its outcome. Another flow's paths
 * pass their own actors' requests (`requests`; the quick order's by default).
 */
export class Gates {
  private held = new Map<string, Route[]>();
  constructor(
    readonly page: Page,
    private readonly requests: Record<string, ActorRequest> = ACTOR_REQUEST,
  ) {}

  async install() {
    for (const [id, request] of Object.entries(this.requests)) {
      this.held.set(id, []);
      await this.page.route(
        (url) => matches(request, url),
        (route) => void this.held.get(id)!.push(route),
      );
    }
  }

  private describe(id: string): string {
    const request = this.requests[id];
    if (!request) throw new Error(`no request is known for the invoked actor "${id}"`);
    return typeof request === "string" ? request : `${request.path}?${new URLSearchParams(request.query)}`;
  }

  /** The actor's newest held request (older ones belong to dropped invocations: they go through). */
  private async take(id: string): Promise<Route> {
    const queue = this.held.get(id)!;
    await expect
      .poll(() => queue.length, { message: `the page made no ${this.describe(id)} request for ${id}` })
      .toBeGreaterThan(0);
    const newest = queue.pop()!;
    await this.releaseAll(id);
    return newest;
  }

  /** Lets the real server answer; returns the envelope it sent. */
  async answer(id: string): Promise<{ code: number; message: string; data: unknown }> {
    const route = await this.take(id);
    const response = this.page.waitForResponse((r) => r.request() === route.request());
    await route.continue();
    return (await response).json();
  }

  /** Failure injection: the request never reaches the server (a network error in the page). */
  async fail(id: string) {
    await (await this.take(id)).abort("failed");
  }

  /** A dropped invocation's request goes through; the machine no longer listens to it. */
  async releaseAll(id: string) {
    const queue = this.held.get(id)!;
    for (const route of queue.splice(0)) await route.continue().catch(() => undefined);
  }

  async waitAndReleaseAll(id: string) {
    await expect.poll(() => this.held.get(id)!.length).toBeGreaterThan(0);
    await this.releaseAll(id);
  }
}

// ---------------------------------------------------------------------------------------------
// The mapping: one entry per event type
// ---------------------------------------------------------------------------------------------

export interface Ui {
  page: Page;
  gates: Gates;
}
/** A model event as the mapping reads it (each entry knows its own event's fields). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ev = EventObject & Record<string, any>;
export interface EventMapping {
  /** Why the page cannot send this event in this state with the real data; null when it can. */
  unavailable?(before: Snap, event: Ev): string | null;
  /** The account the path must use when it contains this event. */
  account?(event: Ev): Account | undefined;
  /** Does in the page what the event means. */
  run(ui: Ui, event: Ev, before: Snap, after: Snap): Promise<void>;
}

const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const EDIT_LABEL: Record<string, string> = {
  shortName: "Nickname",
  height: "Height",
  weight: "Weight",
  cusOrderCode: "Customer order number",
  phone: "Phone",
  email: "E-mail",
  address: "Address",
};
const fabricInput = (page: Page) => page.getByRole("combobox", { name: "Fabric", exact: true });
const craftGroup = (page: Page, name: string) =>
  page.getByRole("list", { name: "Craft groups" }).getByRole("button", { name: new RegExp(`^${name}`) });
const craftTile = (page: Page, name: string) =>
  page.getByRole("list", { name: "Options" }).getByRole("button", { name: new RegExp(`^${name}`) });
const monogramRow = (page: Page, index: number) =>
  page.getByRole("group", { name: `Monogram row ${index + 1}`, exact: true });

async function openMonogram(page: Page) {
  await page.getByRole("list", { name: "Craft groups" }).getByRole("button", { name: "Monogram", exact: true }).click();
  await expect(page.getByRole("button", { name: "Add monogram" })).toBeVisible();
}

/** Picks a system fabric as a user does: types its code, then chooses it from the search results (QO-021). */
async function pickSystemFabric(page: Page, code: string) {
  await fabricInput(page).fill(code);
  await page
    .getByRole("listbox", { name: "Fabrics" })
    .getByRole("option", { name: new RegExp(`^${code}`) })
    .click();
}

/** The model's parts of a method (standard sizes are finished measurements). */
const modelPartsOf = (method: number | null) =>
  method === null ? [] : (QUICK_ORDER_MODEL_PARTS[method === 10054 ? 10053 : method] ?? []);
const modelPart = (method: number | null, partId: number) => modelPartsOf(method).find((p) => p.id === partId);

/** The real value for a model value: in the real part's range when the model's was in its part's range, else above it. */
function realValue(
  item: { min: number; max: number },
  model: { minValue: number; maxValue: number },
  value: string,
): string {
  const n = Number(value);
  if (value.trim() === "") return "";
  if (n < model.minValue) return String(Math.max(0, item.min - 10));
  if (n > model.maxValue) return String(item.max + 50);
  return String(Math.round(((item.min + item.max) / 2) * 2) / 2);
}

async function rangeOf(item: Locator): Promise<{ min: number; max: number }> {
  // the hint under the field ("70 – 150"), not a refusal that names the range too
  const hint = item.getByText(/^\s*[\d.]+\s*–\s*[\d.]+\s*$/);
  const [min, max] = ((await hint.textContent()) ?? "").split("–").map((n) => Number(n.trim()));
  return { min: min!, max: max! };
}

const measurementItems = (page: Page) => page.getByRole("list", { name: "Measurements" }).getByRole("listitem");

/** The real method's required parts the model does not have, filled in the middle of their range. */
async function fillUnmodelledParts(page: Page, method: number) {
  const modelled = new Set(modelPartsOf(method).map((p) => REAL_PART[p.id]));
  await expect(measurementItems(page).first()).toBeVisible();
  for (const item of await measurementItems(page).all()) {
    const input = item.getByRole("textbox");
    const name = (await item.locator("label").textContent())?.replace("*", "").trim() ?? "";
    if (modelled.has(name) || (await input.getAttribute("aria-required")) !== "true") continue;
    const { min, max } = await rangeOf(item);
    await input.fill(String(Math.round(((min + max) / 2) * 2) / 2));
  }
}

/** A network outcome: the held request answered by the real server, or aborted. */
function outcome(
  id: string,
  check?: (
    envelope: { code: number; message: string; data: unknown },
    event: Ev,
    ui: Ui,
    after: Snap,
  ) => Promise<void> | void,
): EventMapping {
  return {
    async run(ui, event, _before, after) {
      if (event.type.startsWith("xstate.error.actor.")) return ui.gates.fail(id);
      const envelope = await ui.gates.answer(id);
      expect(envelope.code, `${requestOf(id)} answered: ${envelope.message}`).toBe(0);
      await check?.(envelope, event, ui, after);
    },
  };
}

const sameAs = (current: unknown, wanted: unknown) =>
  current === wanted ? "the page sends nothing when the choice is already made" : null;

export const EVENTS: Record<string, EventMapping> = {
  "user.edit": {
    async run({ page }, event) {
      const { field: name, value } = event;
      if (name === "customerName") await page.getByRole("combobox", { name: "Customer name" }).fill(value);
      else await field(page, EDIT_LABEL[name] ?? name).fill(value);
    },
  },
  "user.pickCustomer": {
    // The model's customer lacks weight unit and gender (QO-132, QO-133); every seeded customer has both.
    unavailable: () =>
      "no seeded customer lacks weight unit and gender (the autocomplete is in quickOrder.spec.ts, QO-011)",
    run: async () => {
      throw new Error("unreachable");
    },
  },
  "user.setHeightUnit": {
    unavailable: (before, event) => sameAs(ctx(before).basic.heightUnit, event.unit),
    run: async ({ page }, event) => {
      await page.getByRole("combobox", { name: "Height unit" }).selectOption(String(event.unit));
    },
  },
  "user.setWeightUnit": {
    unavailable: (before, event) => sameAs(ctx(before).basic.weightUnit, event.unit),
    run: async ({ page }, event) => {
      await page.getByRole("combobox", { name: "Weight unit" }).selectOption(String(event.unit));
    },
  },
  "user.setGender": {
    unavailable: (before, event) => sameAs(ctx(before).basic.genderId, event.genderId),
    run: async ({ page }, event) => {
      await page
        .getByRole("radiogroup", { name: "Gender" })
        .getByRole("radio", { name: event.genderId === 10041 ? "Female" : "Male", exact: true })
        .check();
    },
  },
  "user.setAmount": {
    run: async ({ page }, event) => {
      await field(page, "Quantity").fill(String(event.amount));
    },
  },
  "user.setBirthday": {
    run: async ({ page }, event) => {
      const { part, value } = event;
      await page
        .getByRole("textbox", { name: part === "month" ? "Month" : part === "date" ? "Day" : "Year", exact: true })
        .fill(value);
    },
  },
  "user.setFabricSource": {
    unavailable: (before, event) => sameAs(ctx(before).fabric.source, event.source),
    run: async ({ page }, event) => {
      await page.getByRole("radio", { name: event.source === "cus" ? /CMT/ : /MTM/ }).check();
    },
  },
  // The search text of a system fabric (QO-021); a customer's fabric (QO-022) is typed too, but the page sends it as the pick.
  "user.typeFabric": {
    run: async ({ page }, event) => {
      await fabricInput(page).fill(REAL_FABRIC[event.code] ?? event.code);
    },
  },
  "user.clearFabric": {
    async run({ page }, _event, before) {
      // QO-110: Backspace clears a chosen fabric; a fabric still being typed or checked is emptied.
      if (ctx(before).fabric.inStock !== null) await fabricInput(page).press("Backspace");
      else await fabricInput(page).fill("");
      await expect(fabricInput(page)).toHaveValue("");
    },
  },
  "user.pickFabric": {
    async run({ page }, event, before) {
      const code = REAL_FABRIC[event.code];
      if (!code) throw new Error(`no seeded fabric for the model's ${event.code}: add it to REAL_FABRIC`);
      if (ctx(before).fabric.source === "sys") await pickSystemFabric(page, code);
      else await fabricInput(page).fill(code);
    },
  },
  // A craft tile clicked (QO-112, QO-121: Bermuda shorts in place of full length disables the knee)
  "user.toggleOption": {
    async run({ page }, event, before) {
      const { id } = event as Ev & { id: number };
      const craft = REAL_CRAFT[id];
      if (!craft) throw new Error(`user.toggleOption clicks craft ${id}: map it in REAL_CRAFT`);
      const chosen = !ctx(before).crafts.selected.includes(id);
      await craftGroup(page, craft.group).click();
      await craftTile(page, craft.option).click();
      await expect(craftTile(page, craft.option)).toHaveAttribute("aria-pressed", String(chosen));
    },
  },
  // QO-031, QO-145: the value of a chosen TEXT craft
  "user.setText": {
    async run({ page }, event) {
      const { id, value } = event as Ev & { id: number; value: string };
      const craft = REAL_CRAFT[id];
      if (!craft?.text) throw new Error(`user.setText types into craft ${id}: map it in REAL_CRAFT as a TEXT craft`);
      await craftGroup(page, craft.group).click();
      await page.getByRole("textbox", { name: `${craft.option} text` }).fill(value);
    },
  },
  "user.addMonogram": {
    async run({ page }, _event, before) {
      await openMonogram(page);
      await page.getByRole("button", { name: "Add monogram" }).click();
      await expect(monogramRow(page, ctx(before).monogram.length)).toBeVisible();
    },
  },
  // QO-032: a position, colour, font or size chosen in a row (size only where offered, D-12)
  "user.pickMonogramOption": {
    async run({ page }, event) {
      const { index, kind, option } = event as Ev & { index: number; kind: string; option: { id: number } | null };
      const key = kind === "size" ? "embSize" : (kind as "site" | "color" | "font");
      await openMonogram(page);
      const { label, names } = REAL_MONOGRAM[key];
      const select = monogramRow(page, index).getByRole("combobox", { name: label, exact: true });
      if (key === "embSize" && (await select.count()) === 0) return;
      if (option && !names[option.id])
        throw new Error(`monogram ${key} ${option.id} has no seeded option: add it to REAL_MONOGRAM`);
      await select.selectOption(option ? { label: names[option.id]! } : "");
    },
  },
  "user.setMonogramText": {
    async run({ page }, event) {
      await openMonogram(page);
      await monogramRow(page, event.index).getByRole("textbox", { name: "Content" }).fill(event.content);
    },
  },
  "user.removeMonogram": {
    async run({ page }, event) {
      await openMonogram(page);
      await page.getByRole("button", { name: `Delete monogram row ${event.index + 1}`, exact: true }).click();
    },
  },
  "user.selectMethod": {
    // Choosing the method already chosen (the model's reload after a failed load) sends nothing: the radio is checked.
    unavailable: (before, event) => sameAs(ctx(before).size.method, event.method),
    run: async ({ page }, event) => {
      await page.getByRole("radio", { name: METHOD_NAME[event.method] ?? "?", exact: true }).check();
    },
  },
  "user.reloadMeasurements": {
    run: async ({ page }) => {
      await page.getByRole("button", { name: "Load the measurements again" }).click();
    },
  },
  "user.setMeasure": {
    // The page hides the parts the chosen crafts disable (QO-121).
    unavailable(before, event) {
      const c = ctx(before);
      const partId = event.partId;
      const disabled = disabledPartsOf(c).has(partId);
      return disabled ? "the page hides a part the chosen crafts disable (QO-121)" : null;
    },
    async run({ page }, event, before) {
      const { partId, value } = event;
      const model = modelPart(ctx(before).size.method, partId);
      const name = REAL_PART[partId];
      if (!model || !name) throw new Error(`measurement part ${partId} has no real part: add it to REAL_PART`);
      const item = measurementItems(page).filter({ has: page.getByRole("textbox", { name, exact: true }) });
      await item.getByRole("textbox").fill(realValue(await rangeOf(item), model, value));
    },
  },
  "user.pickPosture": {
    async run({ page }, event) {
      const real = REAL_POSTURE[event.detailId];
      if (!real) throw new Error(`posture detail ${event.detailId} has no seeded detail: add it to REAL_POSTURE`);
      await page
        .getByRole("radiogroup", { name: real.spec, exact: true })
        .getByRole("radio", { name: real.detail })
        .check();
    },
  },
  "user.selectSizeArea": {
    unavailable: (before, event) => sameAs(ctx(before).size.standard.areaId, event.sizeAreaId),
    run: async ({ page }, event) => {
      await page
        .getByRole("group", { name: "Size area" })
        .getByRole("button", { name: REAL_STANDARD[event.sizeAreaId] ?? "?", exact: true })
        .click();
    },
  },
  "user.selectShape": {
    unavailable: (before, event) => sameAs(ctx(before).size.standard.shape, event.shape),
    run: async ({ page }, event) => {
      await page
        .getByRole("group", { name: "Shape" })
        .getByRole("button", { name: REAL_STANDARD[event.shape] ?? "?", exact: true })
        .click();
    },
  },
  "user.pickStandardSize": {
    run: async ({ page }) => {
      await page.getByRole("group", { name: "Standard size" }).getByRole("button").first().click();
    },
  },
  "xstate.done.actor.loadStandardSizes": outcome("loadStandardSizes", (envelope) => {
    expect((envelope.data as unknown[]).length).toBeGreaterThan(0);
  }),
  "xstate.error.actor.loadStandardSizes": outcome("loadStandardSizes"),
  "user.presize": {
    // The page offers the pre-calculation only for body measurements (QO-097).
    unavailable: (before) =>
      ctx(before).size.method !== 10052 ? "the page offers Calculate finished sizes only for body measurements" : null,
    run: async ({ page }) => {
      await page.getByRole("button", { name: "Calculate finished sizes" }).click();
    },
  },
  "user.next": {
    unavailable: (before) => (before.hasTag("pending") ? "Next is disabled while a call runs" : null),
    run: async ({ page }) => {
      await page.getByRole("button", { name: "Next", exact: true }).click();
    },
  },
  "user.previous": {
    unavailable: (before) => (before.hasTag("pending") ? "Previous is disabled while a call runs" : null),
    run: async ({ page }) => {
      await page.getByRole("button", { name: "Previous", exact: true }).click();
    },
  },
  "user.save": {
    run: async ({ page }) => {
      await page.getByRole("button", { name: "Save to cart" }).click();
    },
  },
  "user.submit": {
    run: async ({ page }) => {
      await page.getByRole("button", { name: "Submit", exact: true }).click();
    },
  },
  "user.dismissRefusal": {
    unavailable: (before) =>
      ctx(before).refusal === null
        ? "Dismiss is shown only with a refusal"
        : before.matches("failed")
          ? "a failed load injected in the browser carries no server message, so no refusal shows"
          : null,
    run: async ({ page }) => {
      await page.getByRole("button", { name: "Dismiss" }).click();
    },
  },
  "xstate.done.actor.loadSetup": {
    // The real category 3000 offers all three methods; a category without methods is not seeded.
    unavailable: (_before, event) =>
      event.output.methods.length === 0 ? "every seeded category offers the measurement methods" : null,
    ...outcome("loadSetup"),
  },
  "xstate.error.actor.loadSetup": outcome("loadSetup"),
  "xstate.done.actor.checkStock": outcome("checkStock", (envelope, event) => {
    // The real stock answer is the model's (QO-163).
    expect((envelope.data as { inStock: boolean }).inStock).toBe(event.output.inStock);
  }),
  "xstate.error.actor.checkStock": outcome("checkStock"),
  "xstate.done.actor.loadMeasurements": outcome("loadMeasurements", async (_envelope, _event, { page }, after) => {
    await fillUnmodelledParts(page, ctx(after).size.method!);
  }),
  "xstate.error.actor.loadMeasurements": outcome("loadMeasurements"),
  "xstate.done.actor.presize": outcome("presize"),
  "xstate.error.actor.presize": outcome("presize"),
  "xstate.done.actor.saveOrder": outcome("saveOrder", (envelope) => {
    expect((envelope.data as { statusId: number }).statusId).toBe(10368);
  }),
  "xstate.error.actor.saveOrder": outcome("saveOrder"),
  "xstate.done.actor.submitOrder": {
    account: (event) => (event.output.failed ? NO_BALANCE : undefined),
    ...outcome("submitOrder", (envelope, event) => {
      // QO-127: a result sign "fail" (insufficient balance, D-14) is the model's failed submit.
      const failed = event.output.failed;
      expect((envelope.data as Array<{ sign: string }>).map((r) => r.sign)).toEqual([failed ? "fail" : "success"]);
    }),
  },
  "xstate.error.actor.submitOrder": outcome("submitOrder"),
};

/** The mapping of an event; an event type without one fails loudly. */
export function mappingOf(event: EventObject): EventMapping {
  const mapping = EVENTS[event.type];
  if (!mapping)
    throw new Error(
      `The quick-order model offers "${event.type}", which has no browser mapping: add one entry to EVENTS in tests/e2e/pathDriver.ts`,
    );
  return mapping;
}

// ---------------------------------------------------------------------------------------------
// The browser model and the selection
// ---------------------------------------------------------------------------------------------

/** One real event of a browser path, with the machine's snapshots before and after it. */
export interface RealStep {
  event: EventObject;
  before: Snap;
  after: Snap;
  /** The abstract step it belongs to, and whether it is that step's last real event (the screen is checked then). */
  step: string;
  last: boolean;
}

export interface BrowserPath {
  path: StepPath<QuickOrderSteps>;
  /** The real events of the path, as the machine itself takes them from its initial snapshot. */
  real: RealStep[];
  /** Where the tour ends (the state or the page the finished order went to), for its title. */
  target: string;
  /** The rule IDs the path proves. */
  ids: string;
  account: Account;
}

const refusalIds: Record<string, string> = {
  "customer.nameRequired": "QO-088 QO-130",
  "customer.nicknameRequired": "QO-088 D-06",
  "customer.heightRequired": "QO-088 QO-131",
  "customer.weightRequired": "QO-088 QO-131",
  "customer.weightUnitRequired": "QO-132",
  "customer.genderRequired": "QO-133",
  "order.fabricRequired": "QO-134",
  "fabric.outOfStock": "QO-163",
  "craft.notFinished": "QO-089 QO-145",
  "monogram.missing": "QO-089 QO-137 QO-142",
  "monogram.duplicateSite": "QO-152",
  "size.required": "QO-147",
  "size.outOfRange": "QO-148",
  "size.presizeFirst": "QO-097 QO-162",
  "size.notLoaded": "QO-091",
  "size.areaRequired": "QO-100",
  "size.shapeRequired": "QO-100",
  "size.standardRequired": "QO-100",
  "order.failed": "QO-128",
  server: "QO-128 QO-199",
};
const eventIds: Record<string, string> = {
  "user.clearFabric": "QO-110",
  "user.setFabricSource": "QO-108 QO-109",
  "user.typeFabric": "QO-022",
  "user.toggleOption": "QO-121",
  "user.setText": "QO-145",
  "user.previous": "QO-092",
  "user.removeMonogram": "QO-032",
  "user.selectMethod": "QO-101 QO-102",
  "user.reloadMeasurements": "QO-091",
  "user.setMeasure": "QO-148",
  "xstate.done.actor.presize": "QO-097 QO-168",
  "xstate.error.actor.presize": "QO-201",
  "xstate.error.actor.saveOrder": "QO-128 QO-199",
  "xstate.error.actor.submitOrder": "QO-128",
  "user.pickPosture": "QO-096",
  "user.pickStandardSize": "QO-100",
  "xstate.error.actor.loadStandardSizes": "QO-100 QO-128",
};
const stateIds: Record<string, string> = {
  loading: "QO-129",
  failed: "QO-128",
  "basicInfo.idle": "QO-004",
  "basicInfo.checking": "QO-163 QO-129",
  crafts: "QO-004 QO-090",
  "sizeBody.loadingParts": "QO-091 QO-129",
  "sizeBody.editing": "QO-094 QO-095",
  "sizeBody.presizing": "QO-097 QO-168",
  "sizeBody.saving": "QO-166 QO-129",
  "sizeBody.loadingStandard": "QO-100 QO-129",
  "sizeBody.submitting": "QO-167 QO-129",
  "/saveItems": "QO-124 QO-166",
  "/underProduction": "QO-126 QO-167",
  "/myOrder": "QO-127 D-14",
};

/** A readable name of a state value: basicInfo.idle, sizeBody.editing, done → the outcome's page. */
export function stateName(s: Snap): string {
  const c = ctx(s);
  if (s.status === "done") return c.outcome!.to;
  if (s.matches("basicInfo"))
    return s.matches({ basicInfo: { stock: "checking" } }) ? "basicInfo.checking" : "basicInfo.idle";
  if (s.matches("sizeBody")) return `sizeBody.${(s.value as { sizeBody: string }).sizeBody}`;
  if (s.matches("crafts")) return "crafts";
  return String(s.value);
}

/**
 * The machine's first snapshot, made once: every path starts from it, and `transition` never changes a
 * snapshot (the selection replays some 250 paths: made once, it takes 1.35 to 1.43 s instead of 1.68).
 */
let initialSnapshot: Snap | undefined;

/** The real events of a step path, with the machine's own snapshots (pure transitions). */
export function realSteps(path: StepPath<QuickOrderSteps>): RealStep[] {
  const { machine, input } = quickOrderStepModel;
  const states = abstractStates(quickOrderStepModel, path);
  let state = (initialSnapshot ??= getInitialSnapshot(machine, input) as Snap);
  return path.steps.slice(1).flatMap((step, i) => {
    const events = quickOrderStepModel.steps[step.event.type]!.concrete(states[i]!);
    return events.map((event, j) => {
      const before = state;
      state = transition(machine, state, event)[0] as Snap;
      return { event, before, after: state, step: step.event.type, last: j === events.length - 1 };
    });
  });
}

/** Why the page cannot replay a path (the first real event it cannot produce), or null. */
const unavailableIn = (real: RealStep[]): string | null => {
  for (const { event, before } of real) {
    const why = mappingOf(event).unavailable?.(before, event as Ev);
    if (why) return `${event.type}: ${why}`;
  }
  return null;
};

function accountOf(real: RealStep[]): Account {
  for (const { event } of real) {
    const account = EVENTS[event.type]?.account?.(event as Ev);
    if (account) return account;
  }
  return DEMO;
}

/** What the screen shows after each abstract step of a path: the state, the refusal, the step taken. */
function coveredBy(real: RealStep[]): string[] {
  return real.flatMap(({ after, step, last }) => {
    if (!last) return [];
    const refusal = ctx(after).refusal?.key;
    return [`state ${stateName(after)}`, `step ${step}`, ...(refusal ? [`refusal ${refusal}`] : [])];
  });
}

/** The rule IDs a path proves: those of the states it shows, the refusals it says and the events it takes. */
function idsOf(real: RealStep[]): string {
  const ids = new Set(
    [
      ...real.map(({ event }) => eventIds[event.type] ?? ""),
      ...real.filter(({ last }) => last).map(({ after }) => stateIds[stateName(after)] ?? ""),
      ...real.map(({ after, last }) => (last ? (refusalIds[ctx(after).refusal?.key ?? ""] ?? "") : "")),
    ].flatMap((i) => i.split(" ")),
  );
  ids.delete("");
  return [...ids].sort().join(" ");
}

/**
 * The browser's paths: tours of the step model (`stepTours`, deterministic) that together show every
 * state the page can be in (each leaf state node; `done` once per page the finished order goes to),
 * say every refusal and take every abstract step, over the transitions the page can replay with the
 * seeded data. A tour ends where the order leaves the page or at `stepTours`' longest.
 */
export function selectBrowserPaths(): {
  selected: BrowserPath[];
  replayable: number;
  transitions: number;
  missing: string[];
} {
  const { transitions } = stepGraph(quickOrderStepModel);
  let replayable = 0;
  const wanted = new Set<string>();
  const tours = stepTours(quickOrderStepModel, {
    targets: (transition) => {
      const real = realSteps(transition);
      if (unavailableIn(real) !== null) return null;
      replayable++;
      // what the transition itself shows: the screen after the path's last abstract step
      const step = transition.steps.at(-1)!.event.type;
      const end = real.at(-1);
      const covers = end?.step === step ? coveredBy([end]) : [`step ${step}`];
      for (const target of covers) wanted.add(target);
      return covers;
    },
  });
  const selected = tours.map((path) => {
    const real = realSteps(path);
    const why = unavailableIn(real);
    if (why) throw new Error(`a tour the page cannot replay: ${why}`);
    const end = real.at(-1)?.after;
    return {
      path,
      real,
      target: end ? `ends in ${stateName(end)}` : "the start",
      ids: idsOf(real),
      account: accountOf(real),
    };
  });
  // what a transition covers was worked out on its own path: the tours' real screens must show it all
  const shown = new Set(selected.flatMap(({ real }) => coveredBy(real)));
  return { selected, replayable, transitions: transitions.length, missing: [...wanted].filter((t) => !shown.has(t)) };
}

// ---------------------------------------------------------------------------------------------
// What the user sees
// ---------------------------------------------------------------------------------------------

const MISSING_ITEM: Record<string, string> = {
  site: "position",
  color: "colour",
  font: "font",
  size: "size",
  content: "content",
  file: "file",
};
const REAL_PART_BY_MODEL_NAME: Record<string, string> = Object.fromEntries(
  Object.values(QUICK_ORDER_MODEL_PARTS)
    .flat()
    .map((p) => [p.name, REAL_PART[p.id] ?? p.name]),
);
const REAL_CRAFT_BY_MODEL_NAME: Record<string, string> = { "Name label": "Name on the inside label" };

/** The text the page shows for a refusal of the model (messages.ts), with the real names. */
export function refusalText(notice: QuickOrderNotice): RegExp {
  const v = notice as Record<string, unknown> & { key: string };
  const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
  switch (v.key) {
    // Every error outcome is a network failure injected by the test: the page shows the fallback text.
    case "server":
    case "order.failed":
      return exact("The order could not be saved");
    case "customer.nameRequired":
      return exact("Customer name cannot be empty");
    case "customer.nicknameRequired":
      return exact("Nickname cannot be empty");
    case "customer.heightRequired":
      return exact("Height cannot be empty");
    case "customer.weightRequired":
      return exact("Weight cannot be empty");
    case "customer.weightUnitRequired":
      return exact("Please select the weight unit");
    case "customer.genderRequired":
      return exact("Please select the gender");
    case "order.fabricRequired":
      return exact("Please select a fabric");
    case "fabric.outOfStock":
      return exact("Currently out of stock");
    case "craft.notFinished":
      return exact(`${REAL_CRAFT_BY_MODEL_NAME[String(v.name)] ?? String(v.name)} not finished`);
    case "monogram.missing":
      return new RegExp(`^Monogram( [^:]+)?: please fill in the ${MISSING_ITEM[String(v.missing)]}`);
    case "monogram.duplicateSite":
      return exact("This position already exists");
    case "size.required":
      return exact(`${REAL_PART_BY_MODEL_NAME[String(v.name)] ?? String(v.name)} cannot be empty`);
    case "size.outOfRange":
      // QO-148: the range is named, the real part's in the screen's unit (the model's parts have other ranges)
      return new RegExp(
        `${exact(`${REAL_PART_BY_MODEL_NAME[String(v.name)] ?? String(v.name)} out of range`).source} \\(\\d+(\\.\\d+)?–\\d+(\\.\\d+)? (cm|inch)\\)`,
      );
    case "size.presizeFirst":
      return exact("Pls presubmit for finished measurements first");
    case "size.areaRequired":
      return exact("Please choose a size area");
    case "size.shapeRequired":
      return exact("Please choose a shape");
    case "size.standardRequired":
      return exact("Please choose a standard size");
    case "size.notLoaded":
      return exact("The measurements could not be loaded; please load them again");
    default:
      throw new Error(`no expected text for the refusal ${v.key}: add it to refusalText in tests/e2e/pathDriver.ts`);
  }
}

const STEPS = ["basicInfo", "crafts", "sizeBody"] as const;

/** Asserts what the user sees in the machine state `s`. */
export async function expectScreen(page: Page, s: Snap) {
  const c = ctx(s);
  if (s.status === "done") {
    await expect(page).toHaveURL(new RegExp(`${c.outcome!.to}$`));
    return;
  }
  const refusal = page.getByRole("alert").filter({ has: page.getByRole("button", { name: "Dismiss" }) });
  // A setup that fails without a server message (the injected network failure) shows only the page's own
  // load failure; the model's error carries a server message, which the browser never receives here.
  if (c.refusal && !s.matches("failed")) await expect(refusal).toHaveText(refusalText(c.refusal));
  else await expect(refusal).toHaveCount(0);
  if (s.matches("loading")) {
    await expect(page.getByText("Loading…")).toBeVisible();
    return;
  }
  if (s.matches("failed")) {
    await expect(page.getByText("This category could not be loaded.")).toBeVisible();
    for (const item of await page.getByRole("list", { name: "Steps" }).getByRole("listitem").all())
      await expect(item).not.toHaveAttribute("aria-current", "step");
    return;
  }
  const step = STEPS.findIndex((name) => s.matches(name));
  const steps = page.getByRole("list", { name: "Steps" }).getByRole("listitem");
  for (const [i] of STEPS.entries()) {
    if (i === step) await expect(steps.nth(i)).toHaveAttribute("aria-current", "step");
    else await expect(steps.nth(i)).not.toHaveAttribute("aria-current", "step");
  }
  // QO-129: the step buttons wait while a call runs.
  const button = page.getByRole("button", { name: step === 2 ? "Save to cart" : "Next", exact: true });
  if (s.hasTag("pending")) await expect(button).toBeDisabled();
  else await expect(button).toBeEnabled();
  if (step === 0) {
    await expect(page.getByText("Checking stock…")).toHaveCount(s.hasTag("checkingStock") ? 1 : 0);
    await expect(page.getByText("In stock", { exact: true })).toHaveCount(c.fabric.inStock === true ? 1 : 0);
    await expect(page.getByRole("radio", { name: c.fabric.source === "cus" ? /CMT/ : /MTM/ })).toBeChecked();
  }
  if (step === 1) {
    // The craft groups show the picks of the mapped crafts.
    for (const craft of Object.entries(REAL_CRAFT)) {
      const [id, { group, option }] = craft;
      if (c.crafts.selected.includes(Number(id))) await expect(craftGroup(page, group)).toContainText(option);
    }
  }
  if (step === 2) {
    if (c.size.method)
      await expect(page.getByRole("radio", { name: METHOD_NAME[c.size.method], exact: true })).toBeChecked();
    await expect(page.getByText("Loading measurements…")).toHaveCount(s.hasTag("loadingParts") ? 1 : 0);
    await expect(page.getByText("Loading sizes…")).toHaveCount(s.hasTag("loadingStandard") ? 1 : 0);
    // The parts the model loaded are on show (the real method has more: at least as many).
    if (c.size.parts.length === 0) await expect(measurementItems(page)).toHaveCount(0);
    else await expect(measurementItems(page).first()).toBeVisible();
    if (s.hasTag("presizing"))
      await expect(page.getByRole("button", { name: "Calculate finished sizes" })).toBeDisabled();
    await expect(page.getByRole("status").filter({ hasText: "Finished sizes calculated" })).toHaveCount(
      c.size.presized ? 1 : 0,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Replay
// ---------------------------------------------------------------------------------------------

const runningActors = (s: Snap) => Object.keys(s.children).filter((id) => id in ACTOR_REQUEST);

/**
 * A machine's state value in words, as the flow picture names its states: `entry.sizes.editing`; the
 * regions of a parallel state in brackets, `ordering (fabric.idle, steps.product.editing)`.
 */
export function stateValueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null) return String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  const one = ([key, child]: [string, unknown]): string => {
    const inner = stateValueText(child);
    if (!inner) return key;
    return inner.startsWith("(") ? `${key} ${inner}` : `${key}.${inner}`;
  };
  // an atomic region of a parallel state is `{}`
  if (entries.length === 0) return "";
  return entries.length === 1 ? one(entries[0]!) : `(${entries.map(one).join(", ")})`;
}

/** What the flow book (tests/flowbook/) records at each abstract step: the step, its real events, the state after. */
export interface TourStep {
  step: string;
  events: string[];
  state: string;
}

/**
 * Replays a browser path: opens the page held at loading, then each real event, checking the screen after
 * each abstract step (and handing it to `onStep`, the flow book's screenshot).
 */
export async function replayInBrowser(
  page: Page,
  { real, account }: BrowserPath,
  onStep?: (step: TourStep) => Promise<void>,
) {
  const gates = new Gates(page);
  await gates.install();
  const ui = { page, gates };
  await startSignedIn(page, `/quickOrder?id=${QUICK_ORDER_INPUT.categoryId}`, account);
  await expect(page.getByTestId("quick-order")).toBeVisible();
  if (real[0]) await expectScreen(page, real[0].before);
  if (real[0]) await onStep?.({ step: "open", events: [], state: stateName(real[0].before) });
  let events: string[] = [];
  for (const [index, { event, before, after, step, last }] of real.entries()) {
    events.push(event.type);
    try {
      await mappingOf(event).run(ui, event as Ev, before, after);
      // An invocation the event stopped without its outcome (a dropped stock check) lets its request go.
      const outcomeOf = isOutcome(event) ? outcomeActorId(event) : null;
      for (const id of runningActors(before))
        if (id !== outcomeOf && !runningActors(after).includes(id)) await gates.waitAndReleaseAll(id);
      if (last) {
        await expectScreen(page, after);
        await onStep?.({ step, events, state: stateName(after) });
        events = [];
      }
    } catch (error) {
      if (error instanceof Error)
        error.message += `\nat real event ${index} (${event.type}, step ${step}) of the path:\n  ${real.map((r) => serializeModelEvent(r.event)).join("\n  → ")}`;
      throw error;
    }
  }
}
