import { redirect } from "@tanstack/react-router";
import { waitFor } from "xstate";
import { areAuthoritiesKnown, authoritiesOf } from "../../../machines/session/session.selectors.ts";
import type { RouterContext } from "../../app/routeContext.ts";
import { loadedSessionActor } from "../../features/session/index.ts";

/**
 * A route of a menu authority (the flows, the shipments): an account without it is sent home, as the
 * menu does not offer it. A tab that has just resumed the browser's session reads the authorities after
 * the token: they are waited for rather than an empty list judged.
 */
export async function requireMenuAuthority(context: RouterContext, code: string): Promise<void> {
  const actor = loadedSessionActor();
  const session = actor ? await waitFor(actor, areAuthoritiesKnown) : context.session.getSnapshot();
  if (!authoritiesOf(session).includes(code)) throw redirect({ to: "/" });
}
