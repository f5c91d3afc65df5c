/**
 * The session machine as its own model (xstate/graph): every event it accepts, its actors' outcomes
 * as events (tests/machines/paths.ts). The browser session spec reuses the shortest paths.
 *
 * Snapshots are serialized by state value plus only the context that matters (is a field filled,
 * which message key is shown, which token is stored), so the graph stays finite.
 */
import type { AnyMachineSnapshot, AnyStateMachine } from "xstate";
import {
  sessionMachine,
  type LoginOutput,
  type ResumeOutput,
  type SessionContext,
  type SessionEvent,
  type SignedInSession,
  type Tokens,
} from "../../machines/session/session.machine.ts";
import { ApiError, NetworkError } from "../../machines/shared/messages.ts";
import {
  adjacencyOf,
  noticeKey,
  shortestPaths,
  traversal,
  type ActorOutcome,
  type ModelAdjacency,
  type ModelPath,
} from "./paths.ts";

type Snap = AnyMachineSnapshot;
export type SessionModelEvent = SessionEvent | ActorOutcome;

export const LOGIN_TOKENS: Tokens = { token: "t-login" };
export const REFRESHED_TOKENS: Tokens = { token: "t-refreshed" };
export const RESTORED_TOKENS: Tokens = { token: "t-restored" };
export const RESUMED_TOKENS: Tokens = { token: "t-resumed" };
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
  // Issue 20 §4: the other tabs of the browser, and a tab joining the browser's session.
  { type: "tab.signedOut" },
  { type: "tab.signedIn" },
  {
    type: "xstate.done.actor.resume",
    output: { tokens: RESUMED_TOKENS, username: "demo", authorities: null } satisfies ResumeOutput,
  },
  {
    type: "xstate.error.actor.resume",
    error: new ApiError("RTI", "Your session has ended, please sign in again", 401),
  },
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

/** `resume`: a tab starting without a session in memory while the browser holds one (issue 20 §4). */
export function sessionShortestPaths(restored: SignedInSession | null = null, resume = false): ModelPath[] {
  return shortestPaths(
    sessionMachine as unknown as AnyStateMachine,
    traversal(sessionModelEvents, serializeSession, { restored, resume }),
  );
}

export function sessionAdjacency(restored: SignedInSession | null = null, resume = false): ModelAdjacency {
  return adjacencyOf(
    sessionMachine as unknown as AnyStateMachine,
    traversal(sessionModelEvents, serializeSession, { restored, resume }),
  );
}

/**
 * A tab starting without a session in memory while the browser holds one (issue 20 §4): the shortest
 * paths from that start of at most two steps (the resume's answer, then one step), replayed by
 * tests/machines/session.model.test.ts and walked by the coverage tours.
 */
export const sessionJoinPaths = (): ModelPath[] =>
  sessionShortestPaths(null, true).filter((p) => p.steps.length >= 2 && p.steps.length <= 3);
