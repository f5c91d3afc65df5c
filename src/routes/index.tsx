import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../features/home/HomePage.tsx";
import { safeRedirect } from "../app/routeContext.ts";

export const Route = createFileRoute("/")({
  // SHELL-046: `redirect` holds the path a visitor wanted; it is only ever a path on this site.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const redirect = safeRedirect(search.redirect);
    return redirect ? { redirect } : {};
  },
  component: HomePage,
});
