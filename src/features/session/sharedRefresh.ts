import type { SignedInSession } from "../../../machines/session/session.machine.ts";
import { recordRotation, rotatedSince } from "./handover.ts";
import { storedTokens, storeRotatedTokens } from "./storage.ts";

type Tokens = SignedInSession["tokens"];

/** The Web Lock every tab of this origin takes around a refresh. */
const REFRESH_LOCK = "mtm-session-refresh";

/**
 * Issue 9 §4: two tabs of one remember-me session share its refresh token, and the server revokes the session
 * when a refresh token is used twice (theft is assumed). So a tab refreshes under a Web Lock shared by every
 * tab: inside it, if another tab has already rotated the token this tab holds, this tab takes the new tokens
 * from storage instead of spending the old one again; otherwise it rotates and stores the result before the
 * lock is released. Local storage alone cannot say so reliably (a tab may still read the old token there just
 * after another tab wrote the new one): the rotation is also recorded in IndexedDB (handover.ts), which every
 * tab reads consistently. Real reuse (a stolen token used elsewhere) is still caught by the server.
 * Without Web Locks (very old browsers) each tab refreshes on its own, as before.
 */
export async function sharedRefresh(
  session: { refreshToken: string; username: string },
  rotate: (refreshToken: string) => Promise<Tokens>,
): Promise<Tokens> {
  const run = async () => {
    const handedOver = await rotatedSince(session.refreshToken, session.username);
    if (handedOver) return handedOver;
    const stored = storedTokens();
    if (stored && stored.username === session.username && stored.tokens.refreshToken !== session.refreshToken)
      return stored.tokens;
    const tokens = await rotate(session.refreshToken);
    storeRotatedTokens(session.refreshToken, tokens);
    await recordRotation(session.refreshToken, session.username, tokens);
    return tokens;
  };
  if (typeof navigator === "undefined" || !("locks" in navigator)) return run();
  return navigator.locks.request(REFRESH_LOCK, run);
}
