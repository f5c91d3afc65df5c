import { useCallback, useRef, useSyncExternalStore } from "react";
import { msg } from "@lingui/core/macro";
import type { SnapshotFrom } from "xstate";
import type { SessionEvent, SessionMachine } from "../../../machines/session/session.machine.ts";
import { isSessionSettled, selectAccessToken } from "../../../machines/session/session.selectors.ts";
import { registerSessionHooks } from "../../api/client.ts";
import { i18n } from "../../app/i18n.ts";
import { toasts } from "../../ui/toast.ts";
import { runningSession } from "./running.ts";
import { hasSessionCookie } from "./storage.ts";
import { resumeEarly } from "./sharedRefresh.ts";

/**
 * The session as the first load sees it. The session machine (XState and the machine itself, in
 * `session.ts`) loads separately: before the first render when a session is stored, otherwise once
 * the page is idle or the visitor first needs it (the login button, a menu entry), so a visitor's
 * first load stays small. Until it has loaded the visitor is signed out with nothing open, which is
 * exactly the machine's first state without a stored session (SHELL-112).
 */
export type SessionModule = typeof import("./session.ts");
export type SessionActor = SessionModule["sessionActor"];
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

let loaded: SessionModule | undefined;
let loading: Promise<SessionModule> | undefined;
const onLoad = new Set<(module: SessionModule) => void>();
const listeners = new Set<() => void>();

/** Loads (once) and starts the session machine; callers handle a failed fetch. */
export function loadSession(): Promise<SessionModule> {
  // A failed fetch stays failed (browsers keep a failed module import): the page must be reloaded.
  loading ??= import("./session.ts").then((module) => {
    loaded = module;
    onLoad.forEach((callback) => callback(module));
    onLoad.clear();
    listeners.forEach((listener) => listener());
    return module;
  });
  return loading;
}

/**
 * Loads the session machine and resolves once the tab knows whether it is signed in (issue 20 §4: a tab joining
 * the browser's session has its answer), so the first render's guards see the session.
 */
export async function loadSettledSession(): Promise<SessionModule> {
  // the token is asked for while the machine's code loads (the machine takes the answer)
  if (hasSessionCookie()) resumeEarly();
  const module = await loadSession();
  const { sessionActor } = module;
  if (!isSessionSettled(sessionActor.getSnapshot()))
    await new Promise<void>((resolve) => {
      const subscription = sessionActor.subscribe((snapshot) => {
        if (!isSessionSettled(snapshot)) return;
        subscription.unsubscribe();
        resolve();
      });
    });
  return module;
}

/** What the visitor is told when the sign-in code cannot be fetched. */
const loadFailed = () =>
  toasts.show("error", i18n._(msg`The page could not load sign-in. Check your connection and reload the page.`));

/**
 * True when the browser holds a session (issue 20 §4: its cookie), so the machine must be there, and know whether
 * this tab is signed in, before the first render.
 */
export const hasStoredSession = hasSessionCookie;

/** Runs `callback` with the session module once it has loaded (at once if it has). */
export function whenSessionLoaded(callback: (module: SessionModule) => void): () => void {
  if (loaded) {
    callback(loaded);
    return () => {};
  }
  onLoad.add(callback);
  return () => onLoad.delete(callback);
}

/** The running session actor, or undefined while the machine has not loaded (signed out). */
export const loadedSessionActor = (): SessionActor | undefined => loaded?.sessionActor;

/**
 * Sends an event to the session machine, loading it first if needed. Opening the login modal before
 * the machine is there also fetches the modal's code at the same time, so it opens promptly.
 */
export function sendToSession(event: SessionEvent): void {
  if (loaded) {
    loaded.sessionActor.send(event);
    return;
  }
  // the modal's own chunk, fetched alongside (a failure is said where the modal renders: LoadBoundary)
  if (event.type === "user.openLogin") import("./LoginModal.tsx").catch(() => undefined);
  loadSession().then((module) => module.sessionActor.send(event), loadFailed);
}

/** Loads the machine when the browser is idle after the first render. */
export function preloadSessionWhenIdle(): void {
  if (loading) return;
  // a failed preload is quiet: the visitor's click on Log in says so
  const load = () => void loadSession().catch(() => undefined);
  if (typeof requestIdleCallback === "function") requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 200);
}

/**
 * What the router's guards read (SHELL-046). Signed in implies loaded, so a guard that reads the
 * snapshot after checking "signed in" always finds the machine.
 */
export const sessionHandle = {
  getSnapshot(): SessionSnapshot {
    if (!loaded) throw new Error("The session machine has not loaded yet");
    return loaded.sessionActor.getSnapshot();
  },
};

/** Follows the actor once it is there; `listeners` also hear the moment it loads. */
const subscribe = (listener: () => void) => {
  let subscription: { unsubscribe(): void } | undefined;
  const follow = (module: SessionModule) => {
    subscription = module.sessionActor.subscribe(listener);
  };
  listeners.add(listener);
  const cancelFollow = whenSessionLoaded(follow);
  return () => {
    listeners.delete(listener);
    cancelFollow();
    subscription?.unsubscribe();
  };
};

/**
 * Selects from the session snapshot, re-rendering only when the selected value changes; `signedOut`
 * is the value while the machine has not loaded (a visitor with nothing open). Pass a stable
 * `selector` and `signedOut` (module-level), as `useSyncExternalStore` compares what it returns.
 */
export function useSession<T>(
  selector: (snapshot: SessionSnapshot) => T,
  signedOut: T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const last = useRef<{ snapshot: SessionSnapshot; selector: (snapshot: SessionSnapshot) => T; value: T } | undefined>(
    undefined,
  );
  const getValue = useCallback(() => {
    const actor = loaded?.sessionActor;
    if (!actor) return signedOut;
    const snapshot = actor.getSnapshot();
    const previous = last.current;
    if (previous && previous.snapshot === snapshot && previous.selector === selector) return previous.value;
    const value = selector(snapshot);
    const kept = previous && isEqual(previous.value, value) ? previous.value : value;
    last.current = { snapshot, selector, value: kept };
    return kept;
  }, [selector, signedOut, isEqual]);
  return useSyncExternalStore(subscribe, getValue);
}

const isRefreshing = () => runningSession()?.isRefreshing() ?? false;

/**
 * The session's hooks in the one API client (src/api/client.ts), given at start: the token is read
 * from the session machine; an expired token starts its single refresh; an ended session is said to it.
 */
registerSessionHooks({
  getToken: () => {
    const running = runningSession();
    return running ? selectAccessToken(running.sessionActor.getSnapshot()) : null;
  },
  isRefreshing,
  whenRefreshed: async () => {
    if (isRefreshing()) await runningSession()!.whenRefreshed();
  },
  async refresh() {
    const module = await loadSession();
    module.sessionActor.send({ type: "api.tokenExpired" });
    await module.whenRefreshed();
  },
  sessionEnded: (message) => sendToSession({ type: "api.sessionEnded", message }),
});
