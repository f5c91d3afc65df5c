import { createFileRoute, redirect } from "@tanstack/react-router";
import { authoritiesOf } from "../../../machines/session/session.selectors.ts";

/** Code of the authority that opens the flow pictures in production builds. */
const FLOWS_AUTHORITY = "flows";

/**
 * The flow pictures (`/flows` and `/flows/<machine>`), each drawn from its machine's own definition:
 * open in development builds, and in production to accounts holding the `flows` authority.
 */
export const Route = createFileRoute("/_auth/flows")({
  beforeLoad: ({ context }) => {
    if (!import.meta.env.DEV && !authoritiesOf(context.session.getSnapshot()).includes(FLOWS_AUTHORITY))
      throw redirect({ to: "/" });
  },
});
