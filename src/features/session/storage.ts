import type { SignedInSession } from "../../../machines/session/session.machine.ts";
import { forgetRotations } from "./handover.ts";

const TOKEN_KEY = "session";
const AUTHORITY_KEY = "authorities";

/**
 * SHELL-109: the token lives in local storage with remember-me, in session storage without.
 * SHELL-119: the menu authorities always live in session storage.
 */
export function persistSession(session: SignedInSession): void {
  const keep = session.remember ? localStorage : sessionStorage;
  const drop = session.remember ? sessionStorage : localStorage;
  keep.setItem(
    TOKEN_KEY,
    JSON.stringify({ tokens: session.tokens, username: session.username, remember: session.remember }),
  );
  drop.removeItem(TOKEN_KEY);
  if (session.authorities) sessionStorage.setItem(AUTHORITY_KEY, JSON.stringify(session.authorities));
}

export function forgetSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(AUTHORITY_KEY);
  forgetRotations();
}

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function restoreSession(): SignedInSession | null {
  const stored = parse<Omit<SignedInSession, "authorities">>(
    sessionStorage.getItem(TOKEN_KEY) ?? localStorage.getItem(TOKEN_KEY),
  );
  if (!stored?.tokens?.token || !stored.tokens.refreshToken) return null;
  const authorities = parse<string[]>(sessionStorage.getItem(AUTHORITY_KEY));
  return { ...stored, authorities: Array.isArray(authorities) ? authorities : null };
}

/** The stored session's tokens and user (whichever storage holds it), or null. */
export function storedTokens(): { tokens: SignedInSession["tokens"]; username: string } | null {
  const stored = restoreSession();
  return stored ? { tokens: stored.tokens, username: stored.username } : null;
}

/**
 * Replaces the stored tokens after a rotation, if the stored session is still the one that was rotated (its
 * refresh token is `spent`): the other tabs of the session read them from here.
 */
export function storeRotatedTokens(spent: string, tokens: SignedInSession["tokens"]): void {
  for (const storage of [sessionStorage, localStorage]) {
    const stored = parse<{ tokens?: SignedInSession["tokens"] }>(storage.getItem(TOKEN_KEY));
    if (stored?.tokens?.refreshToken !== spent) continue;
    storage.setItem(TOKEN_KEY, JSON.stringify({ ...stored, tokens }));
  }
}
