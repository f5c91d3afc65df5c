import type { QueryClient } from "@tanstack/react-query";
import type { sessionActor } from "../features/session/session.ts";
import { isSignedIn as sessionIsSignedIn } from "../../machines/session/session.selectors.ts";

export interface RouterContext {
  session: typeof sessionActor;
  queryClient: QueryClient;
}

/** True when a session exists (SHELL-112). */
export const isSignedIn = (context: RouterContext) => sessionIsSignedIn(context.session.getSnapshot());

/** Only same-site paths may be a redirect target (never `//host` or `https://...`). */
export function safeRedirect(target: unknown): string | undefined {
  return typeof target === "string" && target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\") ? target : undefined;
}
