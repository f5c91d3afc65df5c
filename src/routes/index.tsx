import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod/mini";
import { HomePage } from "../features/home/index.ts";
import { shellQueries } from "../features/shell/index.ts";
import { isSignedIn, safeRedirect } from "../app/routeContext.ts";
import { searchSchema } from "../app/search.ts";
import { RouteError, RoutePending } from "../ui/RouteStatus.tsx";

/** SHELL-046: `redirect` holds the path a visitor wanted; it is only ever a path on this site. */
const redirectParam = z.optional(
  z.catch(z.optional(z.string().check(z.refine((target) => safeRedirect(target) !== undefined))), undefined),
);

export const Route = createFileRoute("/")({
  codeSplitGroupings: [["component"], ["pendingComponent", "errorComponent"], ["notFoundComponent"]],
  validateSearch: searchSchema({ redirect: redirectParam }),
  // The banners (and a signed-in user's categories) start loading with the page; the views show them
  // as they come (not awaited: the page's first paint does not wait for the API).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(shellQueries.banners());
    if (isSignedIn(context)) void context.queryClient.prefetchQuery(shellQueries.categories(7));
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: HomePage,
});
