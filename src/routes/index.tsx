import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod/mini";
import { HomePage } from "../features/home/index.ts";
import { shellQueries } from "../features/shell/index.ts";
import { safeRedirect } from "../app/routeContext.ts";
import { searchSchema } from "../app/search.ts";

/** SHELL-046: `redirect` holds the path a visitor wanted; it is only ever a path on this site. */
const redirectParam = z.optional(
  z.catch(z.optional(z.string().check(z.refine((target) => safeRedirect(target) !== undefined))), undefined),
);

export const Route = createFileRoute("/")({
  validateSearch: searchSchema({ redirect: redirectParam }),
  // The banners start loading with the page; the view shows them as they come (not awaited: the first
  // paint does not wait for the API). A signed-in user's reads start with the header, all at once: a
  // read sent ahead of them could meet an expired token alone and make the others wait for its
  // refresh instead of refreshing once for all (SHELL-129, SHELL-130).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(shellQueries.banners());
  },
  component: HomePage,
});
