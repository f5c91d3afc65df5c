import type { QueryClient } from "@tanstack/react-query";
import { loadedSessionActor, type SessionSnapshot } from "../features/session/index.ts";
import { isSignedIn as sessionIsSignedIn } from "../../machines/session/session.selectors.ts";

export interface RouterContext {
  /** The session's snapshot; readable once a guard has found the user signed in. */
  session: { getSnapshot(): SessionSnapshot };
  queryClient: QueryClient;
}

/**
 * True when a session exists (SHELL-112). A stored session loads the session machine before the
 * first render, so while it has not loaded the user is signed out.
 */
export const isSignedIn = (context: RouterContext) =>
  loadedSessionActor() !== undefined && sessionIsSignedIn(context.session.getSnapshot());

/** Only same-site paths may be a redirect target (never `//host` or `https://...`). */
export function safeRedirect(target: unknown): string | undefined {
  return typeof target === "string" && target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\")
    ? target
    : undefined;
}
