import type { SnapshotFrom } from "xstate";
import type { SessionMachine } from "./session.machine.ts";

type Snapshot = SnapshotFrom<SessionMachine>;

/** Header menu entries in order, with the MENU authority each one needs (000 §2.2). */
export const MENU_ENTRIES = [
  { id: "home", needs: [] },
  { id: "newOrder", needs: ["newOrder", "peofessionalOrder"] },
  { id: "saveItems", needs: ["saveItems"] },
  { id: "myOrder", needs: ["myOrder"] },
  { id: "underProduction", needs: ["underProduction"] },
  { id: "shipment", needs: ["shipment"] },
  { id: "billing", needs: ["billing"] },
  { id: "dressWell", needs: ["dressWell"] },
  { id: "styleProduct", needs: ["styleProduct"] },
] as const;
export type MenuEntryId = (typeof MENU_ENTRIES)[number]["id"];

export const isSignedIn = (s: Snapshot) => s.matches("signedIn");
/** Issue 20 §4: the tab knows whether it is signed in (it is not still joining the browser's session). */
export const isSessionSettled = (s: Snapshot) => !s.matches("booting") && !s.matches("resuming");
/** The menu's authorities are known: read (or their read failed), or there is no session to have them. */
export const areAuthoritiesKnown = (s: Snapshot) =>
  isSignedIn(s) ? s.matches({ signedIn: { menu: "ready" } }) : isSessionSettled(s);
export const authoritiesOf = (s: Snapshot): readonly string[] => s.context.session?.authorities ?? [];
/** Signed in, and the menu's authorities were read (a failed read leaves them unknown, not empty). */
export const haveAuthoritiesBeenRead = (s: Snapshot) => isSignedIn(s) && s.context.session?.authorities != null;

/**
 * SHELL-052..054: signed in, an entry shows only with one of its authorities (HOME always; NEW
 * ORDER with newOrder or peofessionalOrder). A visitor sees every entry; clicking one asks to log
 * in first (SHELL-084, SHELL-085).
 */
export function visibleMenu(s: Snapshot): MenuEntryId[] {
  if (!isSignedIn(s)) return MENU_ENTRIES.map((e) => e.id);
  const held = new Set(authoritiesOf(s));
  return MENU_ENTRIES.filter((e) => e.needs.length === 0 || e.needs.some((code) => held.has(code))).map((e) => e.id);
}

/** SHELL-066: the order-type tabs of the NEW ORDER panel; 9 is the synthetic "new order" tab (D-02). */
export function newOrderTabs(s: Snapshot): Array<7 | 8 | 9> {
  const held = new Set(authoritiesOf(s));
  const tabs: Array<7 | 8 | 9> = [];
  if (held.has("newOrder")) tabs.push(7);
  if (held.has("peofessionalOrder")) tabs.push(8);
  if (held.has("newOrder")) tabs.push(9);
  return tabs;
}

export const isLoginOpen = (s: Snapshot) => s.matches({ signedOut: "loginOpen" });
export const isConfirmingLogout = (s: Snapshot) =>
  s.matches({ signedIn: { logout: "confirming" } }) || s.matches({ signedIn: { logout: "loggingOut" } });
/** SHELL-081: the logout is under way (the confirmation's button waits). */
export const isLoggingOut = (s: Snapshot) => s.matches({ signedIn: { logout: "loggingOut" } });
/** API-007: the access token is being refreshed (requests wait for it). */
export const isRefreshingToken = (s: Snapshot) => s.matches({ signedIn: { token: "refreshing" } });
/** The access token requests carry, or null when signed out. */
export const selectAccessToken = (s: Snapshot): string | null => s.context.session?.tokens.token ?? null;
/** The signed-in user's name, or "" for a visitor. */
export const selectUsername = (s: Snapshot): string => s.context.session?.username ?? "";
/** API-007, SHELL-128, SHELL-134: the notice the session has to say (a toast or the login modal), or null. */
export const selectNotice = (s: Snapshot) => s.context.notice;
/** SHELL-089: the login form as typed. */
export const selectLoginForm = (s: Snapshot) => s.context.form;
/** SHELL-090: the fields the login refused, with their messages. */
export const selectLoginFieldErrors = (s: Snapshot) => s.context.fieldErrors;
/** SHELL-091: the server's refusal of the login, or null. */
export const selectLoginError = (s: Snapshot) => s.context.loginError;
/** The notice the open login modal says (why it asks to log in), or null when it is closed. */
export const selectLoginNotice = (s: Snapshot) => (isLoginOpen(s) ? s.context.notice : null);
/** The login or the logout is under way. */
export const isSessionBusy = (s: Snapshot) => s.hasTag("pending");
