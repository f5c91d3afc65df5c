import {
  areAuthoritiesKnown,
  authoritiesOf,
  haveAuthoritiesBeenRead,
} from "../../../machines/session/session.selectors.ts";
import type { RouterContext } from "../../app/routeContext.ts";
import { loadedSessionActor, type SessionActor } from "../../features/session/index.ts";
import { NotOpenToAccount } from "../../ui/notOpen.ts";

type Session = ReturnType<SessionActor["getSnapshot"]>;

/**
 * The session once its authorities are known: xstate's `waitFor`, written out so that this module (the routes
 * import it, so it loads with the app) does not bring xstate into the app's first chunk (issue 21).
 */
function whenAuthoritiesKnown(actor: SessionActor): Promise<Session> {
  return new Promise((resolve, reject) => {
    const now = actor.getSnapshot();
    if (areAuthoritiesKnown(now)) return resolve(now);
    const subscription = actor.subscribe({
      next: (snapshot) => {
        if (!areAuthoritiesKnown(snapshot)) return;
        subscription.unsubscribe();
        resolve(snapshot);
      },
      error: (error) => reject(error instanceof Error ? error : new Error(String(error))),
      complete: () => reject(new Error("the session ended before its authorities were known")),
    });
  });
}

/**
 * A route of a menu authority (the flows, the shipments): an account without it, which the menu does not
 * offer it to but which has a link kept from another account or a bookmark, is told the page is not open
 * to it. A tab that has just resumed the browser's session reads the authorities after the token: they
 * are waited for rather than an empty list judged. If their read failed, nothing is known to refuse: the
 * page could not be loaded, and the route's error view says so with Try again.
 */
export async function requireMenuAuthority(context: RouterContext, code: string): Promise<void> {
  const actor = loadedSessionActor();
  const session = actor ? await whenAuthoritiesKnown(actor) : context.session.getSnapshot();
  if (!haveAuthoritiesBeenRead(session)) throw new Error("The menu's authorities could not be read.");
  if (!authoritiesOf(session).includes(code)) throw new NotOpenToAccount(code);
}
