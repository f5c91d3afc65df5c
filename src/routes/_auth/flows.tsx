import { createFileRoute, redirect } from "@tanstack/react-router";
import { FlowsPage } from "../../features/flows/index.ts";
import { authoritiesOf } from "../../../machines/session/session.selectors.ts";

/** Code of the authority that opens the flow diagrams in production builds. */
const FLOWS_AUTHORITY = "flows";

/**
 * Every flow machine drawn from its own definition, offline, with the live state highlighted:
 * open in development builds, and in production to accounts holding the `flows` authority.
 */
export const Route = createFileRoute("/_auth/flows")({
  beforeLoad: ({ context }) => {
    if (!import.meta.env.DEV && !authoritiesOf(context.session.getSnapshot()).includes(FLOWS_AUTHORITY))
      throw redirect({ to: "/" });
  },
  component: FlowsPage,
});
