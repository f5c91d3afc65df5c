import type { SignedInSession } from "../../../machines/session/session.machine.ts";

const AUTHORITY_KEY = "authorities";
/** Where versions before issue 20 §4 kept the tokens (local or session storage, and an IndexedDB of rotations). */
const LEGACY_TOKEN_KEY = "session";
const LEGACY_ROTATIONS_DB = "mtm-session";
/** The cookie beside the httpOnly refresh cookie that says the browser holds a session (server: sessionCookie.ts). */
const SESSION_HINT = /(?:^|;\s*)mtm_session=1(?:;|$)/;

/**
 * Issue 20 §4: the session belongs to the browser. The refresh token is an httpOnly cookie (JavaScript never
 * sees it) and the access token stays in the tab's memory; nothing of either is stored here.
 * SHELL-119: the menu authorities live in session storage.
 */
export function persistSession(session: SignedInSession): void {
  if (session.authorities) sessionStorage.setItem(AUTHORITY_KEY, JSON.stringify(session.authorities));
}

/** Forgets the authorities, and whatever an older version stored of the tokens. */
export function forgetSession(): void {
  sessionStorage.removeItem(AUTHORITY_KEY);
  forgetLegacyTokens();
}

/** Tokens an older version left in storage are removed (they are not used any more). */
export function forgetLegacyTokens(): void {
  localStorage.removeItem(LEGACY_TOKEN_KEY);
  sessionStorage.removeItem(LEGACY_TOKEN_KEY);
  if (typeof indexedDB !== "undefined") indexedDB.deleteDatabase(LEGACY_ROTATIONS_DB);
}

/** The menu authorities this tab kept (SHELL-119), or null. */
export function storedAuthorities(): string[] | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(AUTHORITY_KEY) ?? "null");
    return Array.isArray(parsed) && parsed.every((code) => typeof code === "string") ? parsed : null;
  } catch {
    return null;
  }
}

/** True when the browser holds a session cookie (its readable hint), so a tab may join it at start. */
export const hasSessionCookie = (): boolean => typeof document !== "undefined" && SESSION_HINT.test(document.cookie);
