import { createRouter } from "@tanstack/react-router";
import { routeTree } from "../routeTree.gen.ts";
import { queryClient } from "./queryClient.ts";
import { sessionHandle } from "../features/session/sessionHandle.ts";
import { RouteError, RoutePending } from "../ui/RouteStatus.tsx";

export const router = createRouter({
  routeTree,
  context: { session: sessionHandle, queryClient },
  defaultPreload: "intent",
  // Every route shows the same pending and error views unless it names its own.
  defaultPendingComponent: RoutePending,
  defaultErrorComponent: RouteError,
  // SHELL-049: every navigation starts at the top of the page.
  scrollRestoration: false,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
