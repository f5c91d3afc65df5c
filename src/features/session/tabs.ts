/**
 * Issue 20 §4: what one tab tells the others of the browser's session. Signing out in one tab signs out every
 * tab at once (the server has removed the cookie and revoked the session; the others would only learn it at
 * their next call); a sign-in lets a signed-out tab join. No token travels here.
 */
export type TabMessage = { type: "signedOut" } | { type: "signedIn" };

const CHANNEL = "mtm-session";
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;

export function tellOtherTabs(message: TabMessage): void {
  channel?.postMessage(message);
}

export function onOtherTabs(listener: (message: TabMessage) => void): void {
  channel?.addEventListener("message", (event: MessageEvent<TabMessage>) => {
    if (event.data?.type === "signedOut" || event.data?.type === "signedIn") listener(event.data);
  });
}
