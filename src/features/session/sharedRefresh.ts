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
