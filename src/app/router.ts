import { createRouter } from "@tanstack/react-router";
import { routeTree } from "../routeTree.gen.ts";
import { queryClient } from "./queryClient.ts";
import { sessionActor } from "../features/session/session.ts";

export const router = createRouter({
  routeTree,
  context: { session: sessionActor, queryClient },
  defaultPreload: "intent",
  // SHELL-049: every navigation starts at the top of the page.
  scrollRestoration: false,
});

declare module "@tanstack/react-router" {
  interface Register { router: typeof router }
}
