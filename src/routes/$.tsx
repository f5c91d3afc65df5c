import { createFileRoute, redirect } from "@tanstack/react-router";

/** SHELL-047: a route without a name goes to `/` with the redirect query. */
export const Route = createFileRoute("/$")({
  beforeLoad: ({ location }) => {
    throw redirect({ to: "/", search: { redirect: location.href } });
  },
});
