import { api } from "../../api/client.ts";
import { unwrap } from "../../api/envelope.ts";

/** The Web Lock every tab of this origin takes around a refresh. */
const REFRESH_LOCK = "mtm-session-refresh";

/**
 * Issue 9 §4, issue 20 §4: every tab of the browser shares one refresh token, the httpOnly cookie, and the server
 * revokes the session when a refresh token is used twice (theft is assumed). So a tab refreshes under a Web Lock
 * shared by every tab: the next tab's refresh starts only after the previous one's answer has set the rotated
 * cookie, so each refresh sends the newest token and none is spent twice. Real reuse (a stolen token used
 * elsewhere) is still caught by the server. Without Web Locks (very old browsers) each tab refreshes on its own.
 */
export function sharedRefresh<T>(refresh: () => Promise<T>): Promise<T> {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return refresh();
  return navigator.locks.request(REFRESH_LOCK, refresh) as Promise<T>;
}

/**
 * Issue 20 §4: the refresh call as the browser makes it: an empty body, the httpOnly cookie along (the answer
 * sets the rotated one). One tab at a time.
 */
export const refreshByCookie = () => sharedRefresh(async () => unwrap(await api.POST("/refreshToken", { body: {} })));

let early: ReturnType<typeof refreshByCookie> | undefined;
let startedEarly = false;

/**
 * Issue 21: a page that opens with the browser's session asks for its token at once, from the first chunk,
 * while the session machine's code is still on its way; the machine's first resume takes this answer
 * (`takeEarlyResume`) instead of asking again. A page's largest paint waited for the two one after the other.
 */
export function resumeEarly(): void {
  // once per page: after session.ts has taken the answer, nothing would take another
  if (startedEarly) return;
  startedEarly = true;
  early = refreshByCookie();
  // a refusal is the resume's to handle; until it is taken, it is not an unhandled rejection
  early.catch(() => undefined);
}

/** The early resume's answer, once (session.ts takes it when it loads). */
export function takeEarlyResume(): ReturnType<typeof refreshByCookie> | undefined {
  const answer = early;
  early = undefined;
  return answer;
}
