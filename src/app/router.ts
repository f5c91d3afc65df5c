import { createRouter, lazyRouteComponent } from "@tanstack/react-router";
import { routeTree } from "../routeTree.gen.ts";
import { queryClient } from "./queryClient.ts";
import { sessionHandle } from "../features/session/index.ts";

export const router = createRouter({
  routeTree,
  context: { session: sessionHandle, queryClient },
  defaultPreload: "intent",
  // Every route shows the same pending and error views unless it names its own (loaded when needed).
  defaultPendingComponent: lazyRouteComponent(() => import("../ui/RouteStatus.tsx"), "RoutePending"),
  defaultErrorComponent: lazyRouteComponent(() => import("../ui/RouteStatus.tsx"), "RouteError"),
  // SHELL-049: every navigation starts at the top of the page.
  scrollRestoration: false,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
