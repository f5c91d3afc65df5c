import { Outlet, createFileRoute, redirect } from "@tanstack/react-router";
import { isSignedIn } from "../app/routeContext.ts";

/**
 * SHELL-046, SHELL-048: every route under `_auth` needs a signed-in user; a visitor goes to `/`
 * with `redirect` holding the full target path, and returns there after signing in.
 */
export const Route = createFileRoute("/_auth")({
  beforeLoad: ({ context, location }) => {
    if (!isSignedIn(context)) throw redirect({ to: "/", search: { redirect: location.href } });
  },
  component: Outlet,
});
