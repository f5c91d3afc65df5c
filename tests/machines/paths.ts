/**
 * Model-based paths through the session and calculator machines (xstate/graph).
 *
 * Invoked promise actors do not run while the graph is traversed, so their outcomes are modelled
 * as events: `xstate.done.actor.<id>` / `xstate.error.actor.<id>`. A path is therefore a list of
 * user/API events interleaved with network outcomes. The browser tests reuse the shortest paths
 * (`sessionShortestPaths`, `calculatorShortestPaths`) to drive the UI: user events become clicks
 * and typing, network outcomes become stubbed or real server answers.
 *
 * Snapshots are serialized by state value plus only the context that matters (is a field filled,
 * which message key is shown, which token is stored), so the graph stays finite.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from "xstate";
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, type AdjacencyMap, type StatePath, type TraversalOptions } from "xstate/graph";
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
    const desc = error instanceof ApiError
      ? { cls: "ApiError", code: error.code, status: error.httpStatus ?? null, message: error.message }
      : error instanceof Error ? { cls: error.name, message: error.message } : { value: String(error) };
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
  tokens: RESTORED_TOKENS, username: "demo", authorities, remember: true,
});

const loginOutput = (message: string): LoginOutput => ({ tokens: LOGIN_TOKENS, username: "demo", authorities: LOGIN_AUTHORITIES, message });

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
  { type: "xstate.error.actor.refresh", error: new ApiError("RTI", "Your session has ended, please sign in again", 401) },
  { type: "xstate.error.actor.refresh", error: new ApiError("RTE", "Your session has expired, please sign in again", 401) },
  { type: "xstate.error.actor.refresh", error: new ApiError("ATI", "You are not signed in, or your session has ended", 401) },
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
    fieldErrors: Object.keys(c.fieldErrors).filter((k) => c.fieldErrors[k as keyof typeof c.fieldErrors] !== undefined).sort(),
    loginError: noticeKey(c.loginError),
    notice: noticeKey(c.notice),
  });
}

const enabledEvents = <E extends EventObject>(all: readonly E[]) => (snapshot: Snap): E[] => all.filter((event) => snapshot.can(event));

function traversal(all: readonly EventObject[], serialize: (s: Snap) => string, input?: unknown): TraversalOptions<Snap, EventObject, unknown> {
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
  return shortestPaths(sessionMachine as unknown as AnyStateMachine, traversal(sessionModelEvents, serializeSession, { restored }));
}

export function sessionAdjacency(restored: SignedInSession | null = null): ModelAdjacency {
  return adjacencyOf(sessionMachine as unknown as AnyStateMachine, traversal(sessionModelEvents, serializeSession, { restored }));
}

// ---------------------------------------------------------------------------------------------
// Calculator
// ---------------------------------------------------------------------------------------------

export const CATEGORIES = [{ id: 3000, name: "Suit" }, { id: 1000, name: "Shirt" }];
export const LININGS = [{ code: "L01", name: "Full lining" }, { code: "L02", name: "Half lining" }];
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
  return shortestPaths(calculatorMachine as unknown as AnyStateMachine, traversal(calculatorModelEvents, serializeCalculator));
}

export function calculatorAdjacency(): ModelAdjacency {
  return adjacencyOf(calculatorMachine as unknown as AnyStateMachine, traversal(calculatorModelEvents, serializeCalculator));
}

// ---------------------------------------------------------------------------------------------
// Coverage helpers
// ---------------------------------------------------------------------------------------------

/** Every state node below the root, parallel regions and their leaves included. */
export function allStateNodes(root: AnyStateNode): AnyStateNode[] {
  return Object.values(root.states as Record<string, AnyStateNode>).flatMap((child) => [child, ...allStateNodes(child)]);
}

export const allStateNodeIds = (root: AnyStateNode): string[] => allStateNodes(root).map((n) => n.id);

/**
 * State nodes only passed through: an unguarded eventless transition always leaves them, so they
 * are never part of a stable snapshot.
 */
export const transientStateNodeIds = (root: AnyStateNode): string[] =>
  allStateNodes(root).filter((n) => (n.always ?? []).some((t) => !t.guard)).map((n) => n.id);

/** The ids of the state nodes active anywhere along the paths. */
export function reachedStateNodeIds(paths: readonly ModelPath[]): Set<string> {
  return new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n: AnyStateNode) => n.id))));
}

/**
 * One path per transition of the adjacency map: the shortest path to the transition's source,
 * then the transition. Together they exercise every (state, event) pair.
 */
export function transitionPaths(shortest: readonly ModelPath[], adjacency: ModelAdjacency, serialize: (s: Snap) => string): ModelPath[] {
  const toState = new Map(shortest.map((p) => [serialize(p.state), p]));
  return modelEdges(adjacency).map(({ state, event, nextState }) => {
    const head = toState.get(serialize(state));
    if (!head) throw new Error(`no shortest path to ${serialize(state)}`);
    return { state: nextState, steps: [...head.steps, { state: nextState, event }], weight: head.weight + 1 };
  });
}
