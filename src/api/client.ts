import createClient from "openapi-fetch";
import type { paths } from "../../openapi/portal";
import { createTransport, type TransportHooks } from "./transport.ts";

export type ApiClient = ReturnType<typeof createClient<paths>>;

/** API-001: a typed client on the /api/ base path, over the transport (tests build their own). */
export function createApiClient(hooks: TransportHooks, baseUrl = "/api", baseFetch?: typeof fetch): ApiClient {
  return createClient<paths>({ baseUrl, fetch: createTransport(hooks, baseFetch) });
}

/** What the session gives the client: the token, the single refresh and the end of a session. */
export type SessionHooks = Pick<
  TransportHooks,
  "getToken" | "isRefreshing" | "whenRefreshed" | "refresh" | "sessionEnded"
>;
/** What the shell gives the client: the language of the requests and where HTTP errors are said. */
export type ShellHooks = Pick<TransportHooks, "getLocale" | "httpError">;

/** Until the session registers, the client sends no token and never refreshes (a visitor). */
const signedOut: SessionHooks = {
  getToken: () => null,
  isRefreshing: () => false,
  whenRefreshed: () => Promise.resolve(),
  refresh: () => Promise.resolve(),
  sessionEnded: () => {},
};
let session: SessionHooks = signedOut;
let shell: ShellHooks = { getLocale: () => "en", httpError: () => {} };

/**
 * Registers the session's hooks (token, refresh, end of session); called once when the session
 * starts. Returns a function that unregisters them.
 */
export function registerSessionHooks(hooks: SessionHooks): () => void {
  session = hooks;
  return () => {
    if (session === hooks) session = signedOut;
  };
}

/** Registers the shell's hooks (the active language, the warning toast of an HTTP error). */
export function registerShellHooks(hooks: ShellHooks): void {
  shell = hooks;
}

/** The one API client of the app: every feature imports it from here. */
export const api: ApiClient = createApiClient({
  getToken: () => session.getToken(),
  getLocale: () => shell.getLocale(),
  isRefreshing: () => session.isRefreshing(),
  whenRefreshed: () => session.whenRefreshed(),
  refresh: () => session.refresh(),
  sessionEnded: (message) => session.sessionEnded(message),
  httpError: (message) => shell.httpError(message),
});
