/**
 * Model-based paths through the session, calculator and quick-order machines (xstate/graph).
 *
 * Invoked promise actors do not run while the graph is traversed, so their outcomes are modelled
 * as events: `xstate.done.actor.<id>` / `xstate.error.actor.<id>`. A path is therefore a list of
 * user/API events interleaved with network outcomes. The browser tests reuse the shortest paths
 * (`sessionShortestPaths`, `calculatorShortestPaths`, `quickOrderShortestPaths`) to drive the UI: user events become clicks
 * and typing, network outcomes become stubbed or real server answers.
 *
 * Snapshots are serialized by state value plus only the context that matters (is a field filled,
 * which message key is shown, which token is stored), so the graph stays finite.
 */
import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
} from "xstate";
import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getShortestPaths,
  type AdjacencyMap,
  type StatePath,
  type TraversalOptions,
} from "xstate/graph";
import {
  calculatorMachine,
  type CalculatorContext,
  type CalculatorEvent,
} from "../../machines/calculator/calculator.machine.ts";
import {
  sessionMachine,
  type LoginOutput,
  type SessionContext,
  type SessionEvent,
  type SignedInSession,
  type Tokens,
} from "../../machines/session/session.machine.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";
import {
  quickOrderMachine,
  type QuickOrderContext,
  type QuickOrderEvent,
  type SizeLoad,
} from "../../machines/quickOrder/quickOrder.machine.ts";
import type { PostureSpec } from "../../domain/measurements/posture.ts";
import { firstStandardRefusal } from "../../domain/measurements/standardSizes.ts";
import { defaultSelection, disabledParts, indexTree, radioConflict, unfinishedText } from "../../domain/crafts.ts";
import { firstBasicInfoRefusal } from "../../domain/customer.ts";
import { firstMonogramRefusal } from "../../domain/monogram.ts";
import { firstContrastRefusal } from "../../domain/contrast.ts";
import { firstSizeRefusal, type MeasurePart } from "../../domain/measurements/sizes.ts";
import {
  CMT_FABRIC,
  FULL_MONOGRAM,
  IN_STOCK_FABRIC,
  INCOMPLETE_CUSTOMER,
  NO_METHOD_SETUP,
  OUT_OF_STOCK_FABRIC,
  PARTS,
  POSTURES,
  STANDARD_CHOICES,
  STANDARD_SIZES,
  SUIT_SETUP,
} from "./quickOrder.fixtures.ts";

/** An outcome of an invoked actor, as the machine receives it. */
export type DoneEvent = { type: `xstate.done.actor.${string}`; output: unknown };
export type ErrorEvent = { type: `xstate.error.actor.${string}`; error: unknown };
export type ActorOutcome = DoneEvent | ErrorEvent;
export type SessionModelEvent = SessionEvent | ActorOutcome;
export type CalculatorModelEvent = CalculatorEvent | ActorOutcome;

type Snap = AnyMachineSnapshot;
export type ModelPath = StatePath<Snap, EventObject>;

export const isOutcome = (event: EventObject): event is ActorOutcome =>
  event.type.startsWith("xstate.done.actor.") || event.type.startsWith("xstate.error.actor.");
/** The invoke id an outcome event belongs to (`xstate.done.actor.login` → `login`). */
export const outcomeActorId = (event: ActorOutcome): string => event.type.replace(/^xstate\.(done|error)\.actor\./, "");

/** Events are told apart by type, payload and (for errors) class, code and status. */
export function serializeModelEvent(event: EventObject): string {
  if ("error" in event) {
    const error = (event as ErrorEvent).error;
    const desc =
      error instanceof ApiError
        ? { cls: "ApiError", code: error.code, status: error.httpStatus ?? null, message: error.message }
        : error instanceof Error
          ? { cls: error.name, message: error.message }
          : { value: String(error) };
    return JSON.stringify({ type: event.type, error: desc });
  }
  return JSON.stringify(event);
}

const noticeKey = (n: { key: string } | null) => n?.key ?? null;

// ---------------------------------------------------------------------------------------------
// Session
// ---------------------------------------------------------------------------------------------

export const LOGIN_TOKENS: Tokens = { token: "t-login", refreshToken: "r-login" };
export const REFRESHED_TOKENS: Tokens = { token: "t-refreshed", refreshToken: "r-refreshed" };
export const RESTORED_TOKENS: Tokens = { token: "t-restored", refreshToken: "r-restored" };
export const LOGIN_AUTHORITIES = ["newOrder", "saveItems", "billing"];
export const LOADED_AUTHORITIES = ["newOrder", "peofessionalOrder", "shipment"];

/** A session found in storage at start-up; `authorities: null` makes the menu load them (SHELL-119). */
export const restoredSession = (authorities: string[] | null = null): SignedInSession => ({
  tokens: RESTORED_TOKENS,
  username: "demo",
  authorities,
  remember: true,
});

const loginOutput = (message: string): LoginOutput => ({
  tokens: LOGIN_TOKENS,
  username: "demo",
  authorities: LOGIN_AUTHORITIES,
  message,
});

export const sessionModelEvents: readonly SessionModelEvent[] = [
  { type: "user.openLogin" },
  { type: "user.openLogin", reason: "pleaseLogIn" },
  { type: "user.closeLogin" },
  { type: "user.edit", field: "username", value: " demo " },
  { type: "user.edit", field: "password", value: "demo1234" },
  { type: "user.setRemember", value: true },
  { type: "user.submitLogin" },
  { type: "user.requestLogout" },
  { type: "user.cancelLogout" },
  { type: "user.confirmLogout" },
  { type: "user.dismissNotice" },
  { type: "api.tokenExpired" },
  { type: "api.sessionEnded", message: "Your session has ended, please sign in again" },
  { type: "xstate.done.actor.login", output: loginOutput("Login success") },
  { type: "xstate.done.actor.login", output: loginOutput("") },
  { type: "xstate.error.actor.login", error: new ApiError(1001, "Wrong username or password", 200) },
  { type: "xstate.error.actor.login", error: new ApiError(1001, "", 200) },
  { type: "xstate.error.actor.login", error: new NetworkError("Failed to fetch") },
  { type: "xstate.done.actor.refresh", output: REFRESHED_TOKENS },
  {
    type: "xstate.error.actor.refresh",
    error: new ApiError("RTI", "Your session has ended, please sign in again", 401),
  },
  {
    type: "xstate.error.actor.refresh",
    error: new ApiError("RTE", "Your session has expired, please sign in again", 401),
  },
  {
    type: "xstate.error.actor.refresh",
    error: new ApiError("ATI", "You are not signed in, or your session has ended", 401),
  },
  { type: "xstate.error.actor.refresh", error: new NetworkError("Failed to fetch") },
  { type: "xstate.error.actor.refresh", error: new ApiError(500, "Something went wrong on the server", 500) },
  { type: "xstate.done.actor.logout", output: undefined },
  { type: "xstate.error.actor.logout", error: new NetworkError("Failed to fetch") },
  { type: "xstate.done.actor.loadAuthorities", output: LOADED_AUTHORITIES },
  { type: "xstate.error.actor.loadAuthorities", error: new NetworkError("Failed to fetch") },
];

/** State value plus the context bits the session's behaviour depends on. */
export function serializeSession(snapshot: Snap): string {
  const c = snapshot.context as SessionContext;
  return JSON.stringify({
    value: snapshot.value,
    session: c.session && {
      token: c.session.tokens.token,
      authorities: c.session.authorities === null ? null : c.session.authorities.length,
      remember: c.session.remember,
    },
    form: { username: c.form.username.trim() !== "", password: c.form.password !== "", remember: c.form.remember },
    fieldErrors: Object.keys(c.fieldErrors)
      .filter((k) => c.fieldErrors[k as keyof typeof c.fieldErrors] !== undefined)
      .sort(),
    loginError: noticeKey(c.loginError),
    notice: noticeKey(c.notice),
  });
}

const enabledEvents =
  <E extends EventObject>(all: readonly E[]) =>
  (snapshot: Snap): E[] =>
    all.filter((event) => snapshot.can(event));

function traversal(
  all: readonly EventObject[],
  serialize: (s: Snap) => string,
  input?: unknown,
): TraversalOptions<Snap, EventObject, unknown> {
  return {
    input,
    events: enabledEvents(all),
    serializeState: (s: Snap) => serialize(s),
    serializeEvent: serializeModelEvent,
  };
}

// getShortestPaths and getAdjacencyMap are typed by the machine's own events; the model adds the
// actors' done/error events, hence the machine is passed as AnyStateMachine.
export type ModelAdjacency = AdjacencyMap<Snap, EventObject>;
const shortestPaths = (machine: AnyStateMachine, options: TraversalOptions<Snap, EventObject, unknown>): ModelPath[] =>
  getShortestPaths(machine, options) as ModelPath[];
const adjacencyOf = (machine: AnyStateMachine, options: TraversalOptions<Snap, EventObject, unknown>): ModelAdjacency =>
  getAdjacencyMap(machine, options) as ModelAdjacency;

/** The transitions of an adjacency map as (state, event, nextState) triples. */
export const modelEdges = (adjacency: ModelAdjacency) => adjacencyMapToArray(adjacency);

export function sessionShortestPaths(restored: SignedInSession | null = null): ModelPath[] {
  return shortestPaths(
    sessionMachine as unknown as AnyStateMachine,
    traversal(sessionModelEvents, serializeSession, { restored }),
  );
}

export function sessionAdjacency(restored: SignedInSession | null = null): ModelAdjacency {
  return adjacencyOf(
    sessionMachine as unknown as AnyStateMachine,
    traversal(sessionModelEvents, serializeSession, { restored }),
  );
}

// ---------------------------------------------------------------------------------------------
// Calculator
// ---------------------------------------------------------------------------------------------

export const CATEGORIES = [
  { id: 3000, name: "Suit" },
  { id: 1000, name: "Shirt" },
];
export const LININGS = [
  { code: "L01", name: "Full lining" },
  { code: "L02", name: "Half lining" },
];
export const PRICE = { price: "295.00", moneyType: "USD" };

export const calculatorModelEvents: readonly CalculatorModelEvent[] = [
  { type: "user.open" },
  { type: "user.close" },
  { type: "user.selectOrderType", orderType: 7 },
  { type: "user.selectOrderType", orderType: 8 },
  { type: "user.selectCategory", categoryId: 3000 },
  { type: "user.selectLining", liningCode: "L01" },
  { type: "user.changeFabric", fabricCode: " VB1000 " },
  { type: "user.changeFabric", fabricCode: "   " },
  { type: "user.calculate" },
  { type: "xstate.done.actor.loadCategories", output: CATEGORIES },
  { type: "xstate.error.actor.loadCategories", error: new ApiError(500, "Something went wrong on the server", 500) },
  { type: "xstate.done.actor.loadLinings", output: LININGS },
  { type: "xstate.error.actor.loadLinings", error: new NetworkError("Failed to fetch") },
  { type: "xstate.done.actor.calculatePrice", output: PRICE },
  { type: "xstate.error.actor.calculatePrice", error: new ApiError(1002, "Fabric VB1000 does not exist", 200) },
];

export function serializeCalculator(snapshot: Snap): string {
  const c = snapshot.context as CalculatorContext;
  return JSON.stringify({
    value: snapshot.value,
    orderType: c.orderType,
    categoryId: c.categoryId,
    liningCode: c.liningCode,
    fabric: c.fabricCode.trim() !== "",
    categories: c.categories.length,
    linings: c.linings.length,
    price: c.price,
    moneyType: c.moneyType,
    error: noticeKey(c.error),
  });
}

export function calculatorShortestPaths(): ModelPath[] {
  return shortestPaths(
    calculatorMachine as unknown as AnyStateMachine,
    traversal(calculatorModelEvents, serializeCalculator),
  );
}

export function calculatorAdjacency(): ModelAdjacency {
  return adjacencyOf(
    calculatorMachine as unknown as AnyStateMachine,
    traversal(calculatorModelEvents, serializeCalculator),
  );
}

// ---------------------------------------------------------------------------------------------
// Quick order
// ---------------------------------------------------------------------------------------------

export type QuickOrderModelEvent = QuickOrderEvent | ActorOutcome;
export const QUICK_ORDER_INPUT = { categoryId: 3000 } as const;

/**
 * The measurement parts the model's server returns per method: fewer than the fixtures' so the
 * graph stays small, still with a required part a craft extension disables (Sleeve 503 under
 * Sleeveless 42, QO-121) and a range to leave (QO-148).
 */
export const QUICK_ORDER_MODEL_PARTS: Record<number, MeasurePart[]> = {
  10052: PARTS[10052]!.filter((p) => p.id === 501 || p.id === 503),
  10053: PARTS[10053]!.filter((p) => p.id === 602),
};
/**
 * What the model's server answers for a method's load: its parts (above), one posture spec (the
 * fixtures' Back: normal preselected, stooped to pick, QO-096) and, for standard sizes (10054,
 * finished parts), the size-area and shape buttons with one of each (QO-100). No add-products
 * (QO-040): the model's server offers none, so their checkbox is never offered (tests/machines/addProduct.test.ts
 * covers them).
 */
const MODEL_POSTURES: PostureSpec[] = [POSTURES[1]!];
export const QUICK_ORDER_MODEL_LOADS: Record<number, SizeLoad> = {
  10052: { parts: QUICK_ORDER_MODEL_PARTS[10052]!, postures: MODEL_POSTURES, standard: null, addable: [], pieces: [] },
  10053: { parts: QUICK_ORDER_MODEL_PARTS[10053]!, postures: MODEL_POSTURES, standard: null, addable: [], pieces: [] },
  10054: {
    parts: QUICK_ORDER_MODEL_PARTS[10053]!,
    postures: MODEL_POSTURES,
    standard: { sizeAreas: STANDARD_CHOICES.sizeAreas.slice(0, 1), shapes: STANDARD_CHOICES.shapes.slice(1, 2) },
    addable: [],
    pieces: [],
  },
};
/** The model's standard sizes (area EU, shape Regular): one size. */
export const QUICK_ORDER_MODEL_STANDARD_SIZES = STANDARD_SIZES.slice(0, 1);

/** Stock answers of the model's server, per fabric code (QO-163). */
export const QUICK_ORDER_STOCK: Record<string, boolean> = { [IN_STOCK_FABRIC]: true, [OUT_OF_STOCK_FABRIC]: false };

/**
 * Every event of the quick-order model. Values are chosen so that every guard branch is
 * reachable: each step-1 check can fail first (QO-130..135 with D-06: name, nickname, height,
 * weight, then a record without weight unit and gender, QO-132, QO-133), an in-stock and an
 * out-of-stock fabric, crafts changes as the child sends them (an unfinished TEXT craft, a craft
 * whose extension disables a part), a duplicate monogram site, a setup without methods (step 3
 * without loading), sizes missing, out of range and valid, and every promise actor's done/error
 * outcome (a failed parts load leaves step 3 without parts: size.notLoaded).
 *
 * Two options of one RADIO group (QO-150) are not among the crafts changes: the child cannot send
 * them any more (picking an option whose single-choice group already has a pick no longer adds
 * its default child); a restored draft with them is covered by tests/machines/quickOrder.test.ts.
 */
export const quickOrderModelEvents: readonly QuickOrderModelEvent[] = [
  { type: "xstate.done.actor.loadSetup", output: SUIT_SETUP },
  { type: "xstate.done.actor.loadSetup", output: NO_METHOD_SETUP },
  { type: "xstate.error.actor.loadSetup", error: new ApiError(500, "Category 3000 is not available", 200) },
  // Step 1
  { type: "user.edit", field: "customerName", value: "John Smith" },
  { type: "user.edit", field: "shortName", value: "JS" },
  { type: "user.edit", field: "height", value: "180" },
  { type: "user.edit", field: "weight", value: "80" },
  { type: "user.pickCustomer", customer: INCOMPLETE_CUSTOMER },
  { type: "user.setWeightUnit", unit: 10261 },
  { type: "user.setGender", genderId: 10040 },
  { type: "user.setFabricSource", source: "cus" },
  { type: "user.setFabricSource", source: "sys" },
  { type: "user.typeFabric", code: CMT_FABRIC },
  { type: "user.clearFabric" },
  { type: "user.pickFabric", code: IN_STOCK_FABRIC },
  { type: "user.pickFabric", code: OUT_OF_STOCK_FABRIC },
  { type: "xstate.done.actor.checkStock", output: { inStock: true } },
  { type: "xstate.done.actor.checkStock", output: { inStock: false } },
  { type: "xstate.error.actor.checkStock", error: new NetworkError("Failed to fetch") },
  // Step 2
  // Name label (51, TEXT) clicked: QO-145 until its text is typed.
  { type: "user.toggleOption", id: 51 },
  { type: "user.setText", id: 51, value: "J. Smith" },
  // Sleeveless (42): its extension disables the sleeve parts (QO-121).
  { type: "user.toggleOption", id: 42 },
  { type: "user.addMonogram" },
  { type: "user.editMonogram", index: 0, patch: FULL_MONOGRAM },
  { type: "user.editMonogram", index: 1, patch: { site: 1, siteName: "Cuff" } },
  { type: "user.removeMonogram", index: 0 },
  // Step 3
  { type: "xstate.done.actor.loadMeasurements", output: QUICK_ORDER_MODEL_LOADS[10052]! },
  { type: "xstate.done.actor.loadMeasurements", output: QUICK_ORDER_MODEL_LOADS[10053]! },
  { type: "xstate.done.actor.loadMeasurements", output: QUICK_ORDER_MODEL_LOADS[10054]! },
  { type: "xstate.error.actor.loadMeasurements", error: new ApiError(500, "Measurements are not available", 500) },
  { type: "user.selectMethod", method: 10052 },
  { type: "user.selectMethod", method: 10053 },
  { type: "user.selectMethod", method: 10054 },
  // QO-096: the stooped back instead of the preselected normal one
  { type: "user.pickPosture", detailId: 812 },
  // QO-100: size area, shape, the size list and a size from it
  { type: "user.selectSizeArea", sizeAreaId: 10441 },
  { type: "user.selectShape", shape: 10432 },
  { type: "xstate.done.actor.loadStandardSizes", output: QUICK_ORDER_MODEL_STANDARD_SIZES },
  { type: "xstate.error.actor.loadStandardSizes", error: new ApiError(500, "Standard sizes are not available", 500) },
  { type: "user.pickStandardSize", sizeId: 901 },
  { type: "user.setMeasure", partId: 501, value: "100" },
  { type: "user.setMeasure", partId: 501, value: "200" },
  { type: "user.setMeasure", partId: 503, value: "62" },
  { type: "user.setMeasure", partId: 602, value: "110" },
  { type: "user.presize" },
  { type: "user.reloadMeasurements" },
  { type: "xstate.done.actor.presize", output: { 602: "112" } },
  { type: "xstate.error.actor.presize", error: new ApiError(1010, "Finished size cannot be calculated", 200) },
  { type: "user.save" },
  { type: "xstate.done.actor.saveOrder", output: { orderId: "Q-1001" } },
  { type: "xstate.error.actor.saveOrder", error: new ApiError(1002, "Fabric VB1000 is no longer available", 200) },
  { type: "user.submit" },
  { type: "xstate.done.actor.submitOrder", output: { failed: false } },
  { type: "xstate.done.actor.submitOrder", output: { failed: true } },
  { type: "xstate.error.actor.submitOrder", error: new ApiError(1002, "Insufficient Balance", 200) },
  // Everywhere
  { type: "user.next" },
  { type: "user.previous" },
  { type: "user.dismissRefusal" },
];

/** The input a running promise actor of the snapshot was started with. */
const runningInput = <T>(snapshot: Snap, id: string): T | undefined =>
  (snapshot.children as Record<string, AnyActorRef | undefined>)[id]?.getSnapshot().input as T | undefined;

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Step 2 as it starts: the default crafts (QO-114, QO-116), no TEXT value, no monogram row. */
export const isCraftsUntouched = (c: QuickOrderContext) =>
  sameIds(c.crafts.selected, defaultSelection(c.setup?.tree ?? [])) &&
  Object.keys(c.crafts.texts).length === 0 &&
  c.monogram.length === 0;
/** Step 3 before any parts arrived: nothing loaded, typed or pre-calculated. */
export const isSizeUntouched = (c: QuickOrderContext) =>
  c.size.parts.length === 0 && Object.keys(c.size.values).length === 0 && !c.size.presized;

/**
 * The events the model offers in a snapshot: those the machine accepts (none once the order is
 * done), within what the view and the server can produce, and within a few limits that keep the
 * graph small:
 * - an actor's outcome agrees with its input: the stock answer is the picked fabric's, the parts
 *   are the requested method's;
 * - while a call runs (tag `pending`, the spinner of QO-129) the view takes no input but Next and
 *   Previous (kept to show what they do to a running call: both are refused), and, while the
 *   stock is checked, clearing the fabric or switching its source (QO-108..110: the check is
 *   dropped);
 * - fabric text is typed only for a customer's fabric (CMT, QO-022); for a system fabric (MTM)
 *   the text is a search and the fabric is picked from the list (QO-021);
 * - at most two monogram rows; a row is edited or removed only if it exists;
 * - a measurement is typed only into a loaded part; a posture detail, size area, shape or standard
 *   size is picked only when loaded; standard sizes are chosen only with step 2 untouched;
 * - Previous only from a step whose data is still as the step started (isCraftsUntouched,
 *   isSizeUntouched): otherwise every later step's data would multiply the states of the earlier
 *   steps. Going back with data kept is covered by tests/machines/quickOrder.test.ts (QO-092).
 */
export function quickOrderEvents(snapshot: Snap): QuickOrderModelEvent[] {
  const c = snapshot.context as QuickOrderContext;
  const stockCode = runningInput<{ code: string }>(snapshot, "checkStock")?.code;
  const partsMethod = runningInput<{ method: number }>(snapshot, "loadMeasurements")?.method;
  const pending = snapshot.hasTag("pending");
  const checkingStock = snapshot.matches({ basicInfo: { stock: "checking" } });
  if (snapshot.status !== "active") return [];
  const offered = (event: QuickOrderModelEvent): boolean => {
    switch (event.type) {
      case "xstate.done.actor.checkStock":
        return (
          stockCode !== undefined &&
          (event as { output: { inStock: boolean } }).output.inStock === QUICK_ORDER_STOCK[stockCode]
        );
      case "xstate.done.actor.loadMeasurements":
        return partsMethod !== undefined && (event as DoneEvent).output === QUICK_ORDER_MODEL_LOADS[partsMethod];
      case "user.next":
        return true;
      case "user.previous":
        return snapshot.matches("crafts") ? isCraftsUntouched(c) : isSizeUntouched(c);
      case "user.clearFabric":
      case "user.setFabricSource":
        if (checkingStock) return true;
        break;
    }
    if (isOutcome(event)) return true;
    if (pending) return false;
    switch (event.type) {
      case "user.typeFabric":
        return c.fabric.source === "cus";
      // A craft is clicked to add it (Name label 51, Sleeveless 42 in place of the default sleeve);
      // the Name label's text is typed once it is chosen.
      case "user.toggleOption":
        return !c.crafts.selected.includes(event.id);
      case "user.setText":
        return c.crafts.selected.includes(event.id) && !c.crafts.texts[event.id];
      case "user.addMonogram":
        return c.monogram.length < 2;
      case "user.editMonogram":
      case "user.removeMonogram":
        return event.index < c.monogram.length;
      case "user.setMeasure":
        return c.size.parts.some((p) => p.id === event.partId);
      // The view offers it only after a failed load
      case "user.reloadMeasurements":
        return c.size.method !== null && c.size.parts.length === 0;
      // Standard sizes (QO-100) only with step 2 as it started: the model's finished part is disabled
      // by no craft, so the other crafts and monogram rows would only multiply the same states.
      case "user.selectMethod":
        return event.method !== 10054 || isCraftsUntouched(c);
      // The view offers the buttons and the posture choices that were loaded
      case "user.pickPosture":
        return c.size.postures.some((spec) => spec.details.some((d) => d.id === event.detailId));
      case "user.selectSizeArea":
        return c.size.standard.choices.sizeAreas.some((a) => a.id === event.sizeAreaId);
      case "user.selectShape":
        return c.size.standard.choices.shapes.some((s) => s.id === event.shape);
      case "user.pickStandardSize":
        return c.size.standard.sizes.some((s) => s.id === event.sizeId);
      default:
        return true;
    }
  };
  return quickOrderModelEvents.filter((event) => offered(event) && snapshot.can(event as EventObject));
}

/**
 * The step-1 refusal, worked out from the rules (QO-130..135, D-06, QO-163): the customer fields
 * in order, then the fabric; a system fabric passes only once answered in stock.
 */
export function quickOrderStep1Key(c: QuickOrderContext): string | null {
  const basic = firstBasicInfoRefusal({ ...c.basic, fabric: c.fabric.code });
  if (basic) return basic.key;
  if (c.fabric.source === "sys" && c.fabric.inStock === false) return "fabric.outOfStock";
  if (c.fabric.source === "sys" && c.fabric.inStock !== true) return "order.fabricRequired";
  return null;
}

/**
 * State value plus the context the quick order's guards and the model's offers depend on: the
 * step-1 fields filled, the fabric (source, filled, stock answer) and the fabric being checked,
 * the craft picks and TEXT values filled, the monogram rows (site and first missing item), the
 * method, the loaded parts, the values typed, the presized flag, the standard-size choices (QO-100:
 * buttons loaded, area, shape, sizes loaded, size chosen, the edit-once flag QO-087); and which refusal each step
 * would give (step 1, step 2, step 3 for Save, step 3 for Submit).
 * The refusal on show and the posture picks (QO-096) are left out: they drive no guard (the replay
 * still compares them with the machine's own).
 */
export function serializeQuickOrder(snapshot: Snap): string {
  const c = snapshot.context as QuickOrderContext;
  const index = indexTree(c.setup?.tree ?? []);
  const step1 = quickOrderStep1Key(c);
  const step2 =
    (
      radioConflict(index, c.crafts.selected) ??
      unfinishedText(index, c.crafts.selected, c.crafts.texts) ??
      firstMonogramRefusal(c.monogram, c.categoryId) ??
      firstContrastRefusal(c.contrast)
    )?.key ?? null;
  const disabled = c.size.method ? disabledParts(index, c.crafts.selected, c.size.method) : new Set<number>();
  const sizes = firstSizeRefusal(c.size.parts, c.size.values, disabled);
  // Every method needs its parts (a failed load): size.notLoaded first; standard sizes then need area, shape and size (QO-100, QO-087).
  const notLoaded = c.size.method !== null && c.size.parts.length === 0;
  const standard =
    c.size.method === 10054 ? (firstStandardRefusal(c.size.standard, c.size.editOnce)?.key ?? null) : null;
  const save = notLoaded ? "size.notLoaded" : (standard ?? (sizes ? `${sizes.key}:${sizes.name}` : null));
  const submit = save ?? (c.size.method === 10052 && !c.size.presized ? "size.presizeFirst" : null);
  return JSON.stringify({
    value: snapshot.value,
    basic: {
      name: c.basic.customerName.trim() !== "",
      nickname: c.basic.shortName.trim() !== "",
      height: c.basic.height.trim() !== "",
      weight: c.basic.weight.trim() !== "",
      weightUnit: c.basic.weightUnit,
      gender: c.basic.genderId !== null,
      heightUnit: c.basic.heightUnit,
    },
    fabric: {
      source: c.fabric.source,
      filled: c.fabric.code.trim() !== "",
      inStock: c.fabric.inStock,
      checking: runningInput<{ code: string }>(snapshot, "checkStock")?.code ?? null,
    },
    crafts: [...c.crafts.selected].sort((a, b) => a - b).join(","),
    texts: Object.keys(c.crafts.texts)
      .filter((id) => c.crafts.texts[Number(id)]!.trim() !== "")
      .join(","),
    monogram: c.monogram.map((row) => {
      const refusal = firstMonogramRefusal([row], c.categoryId);
      return [row.site, refusal?.key === "monogram.missing" ? refusal.missing : "ok"];
    }),
    size: {
      method: c.size.method,
      parts: c.size.parts.map((p) => p.id).join(","),
      values: c.size.values,
      presized: c.size.presized,
      choices: c.size.standard.choices.sizeAreas.length > 0,
      area: c.size.standard.areaId,
      shape: c.size.standard.shape,
      sizes: c.size.standard.sizes.length,
      sizeId: c.size.standard.sizeId,
      editOnce: c.size.editOnce,
    },
    refusals: { step1, step2, save, submit },
    outcome: c.outcome,
  });
}

/**
 * The quick order as the traversal runs it: its form parts are reducers applied by its own
 * `assign` actions (no child machine to lift), so the model is the machine itself.
 */
export const quickOrderModelLogic: AnyStateMachine = quickOrderMachine;

const quickOrderTraversal = (): TraversalOptions<Snap, EventObject, unknown> => ({
  input: QUICK_ORDER_INPUT,
  events: (snapshot: Snap) => quickOrderEvents(snapshot) as EventObject[],
  serializeState: (s: Snap) => serializeQuickOrder(s),
  serializeEvent: serializeModelEvent,
});

let quickOrderCache: { paths: ModelPath[]; adjacency: ModelAdjacency } | null = null;

/**
 * The shortest path to each state of the quick-order model (input QUICK_ORDER_INPUT, category
 * 3000). Computed once and shared: treat the paths as read-only. `crafts.changed` steps are what
 * the crafts child tells the parent; a browser test drives them as the craft clicks that give
 * that selection (tests/machines/quickOrder.fixtures.ts names the crafts).
 */
export function quickOrderShortestPaths(): ModelPath[] {
  quickOrderCache ??= {
    paths: shortestPaths(quickOrderModelLogic, quickOrderTraversal()),
    adjacency: adjacencyOf(quickOrderModelLogic, quickOrderTraversal()),
  };
  return quickOrderCache.paths;
}

export function quickOrderAdjacency(): ModelAdjacency {
  quickOrderShortestPaths();
  return quickOrderCache!.adjacency;
}

// ---------------------------------------------------------------------------------------------
// Coverage helpers
// ---------------------------------------------------------------------------------------------

/** Every state node below the root, parallel regions and their leaves included. */
export function allStateNodes(root: AnyStateNode): AnyStateNode[] {
  return Object.values(root.states as Record<string, AnyStateNode>).flatMap((child) => [
    child,
    ...allStateNodes(child),
  ]);
}

export const allStateNodeIds = (root: AnyStateNode): string[] => allStateNodes(root).map((n) => n.id);

/**
 * State nodes only passed through: an unguarded eventless transition always leaves them, so they
 * are never part of a stable snapshot.
 */
export const transientStateNodeIds = (root: AnyStateNode): string[] =>
  allStateNodes(root)
    .filter((n) => (n.always ?? []).some((t) => !t.guard))
    .map((n) => n.id);

/** The ids of the state nodes active anywhere along the paths. */
export function reachedStateNodeIds(paths: readonly ModelPath[]): Set<string> {
  return new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n: AnyStateNode) => n.id))));
}

/**
 * One path per transition of the adjacency map: the shortest path to the transition's source,
 * then the transition. Together they exercise every (state, event) pair.
 */
export function transitionPaths(
  shortest: readonly ModelPath[],
  adjacency: ModelAdjacency,
  serialize: (s: Snap) => string,
): ModelPath[] {
  const toState = new Map(shortest.map((p) => [serialize(p.state), p]));
  return modelEdges(adjacency).map(({ state, event, nextState }) => {
    const head = toState.get(serialize(state));
    if (!head) throw new Error(`no shortest path to ${serialize(state)}`);
    return { state: nextState, steps: [...head.steps, { state: nextState, event }], weight: head.weight + 1 };
  });
}
