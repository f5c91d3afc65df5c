import { createFileRoute, redirect } from "@tanstack/react-router";
import { waitFor } from "xstate";
import { areAuthoritiesKnown, authoritiesOf } from "../../../machines/session/session.selectors.ts";
import { loadedSessionActor } from "../../features/session/index.ts";

/** Code of the authority that opens the flow pictures in production builds. */
const FLOWS_AUTHORITY = "flows";

/**
 * The flow pictures (`/flows` and `/flows/<machine>`), each drawn from its machine's own definition:
 * open in development builds, and in production to accounts holding the `flows` authority.
 */
export const Route = createFileRoute("/_auth/flows")({
  beforeLoad: async ({ context }) => {
    if (import.meta.env.DEV) return;
    // A tab that has just resumed the browser's session reads the authorities after the token: wait for them
    // rather than judge an empty list (the page was sent home when it was opened directly).
    const actor = loadedSessionActor();
    const session = actor ? await waitFor(actor, areAuthoritiesKnown) : context.session.getSnapshot();
    if (!authoritiesOf(session).includes(FLOWS_AUTHORITY)) throw redirect({ to: "/" });
  },
});
