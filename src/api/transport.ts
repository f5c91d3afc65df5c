import { NetworkError } from "./errors.ts";
import { isSessionEndingCode } from "./envelope.ts";

/** API-004: every request times out after 600000 ms. */
export const REQUEST_TIMEOUT_MS = 600_000;

/** What the transport needs from the session and the shell. */
export interface TransportHooks {
  getToken(): string | null;
  getLocale(): "en" | "zh";
  /** True while the one token refresh is running. */
  isRefreshing(): boolean;
  /** Resolves when no refresh is running (SHELL-130). */
  whenRefreshed(): Promise<void>;
  /** Starts the refresh, or joins the running one, and resolves when it has settled (SHELL-129). */
  refresh(): Promise<void>;
  /** RTE, ATI, RTI or HTTP 401: the session has ended (SHELL-131..134). */
  sessionEnded(message: string): void;
  /** Any other HTTP error: a closable warning toast for 10 s (SHELL-135). */
  httpError(message: string): void;
}

/** Calls that manage the session themselves: no refresh, no logout, no toast (SHELL-136). */
const SESSION_CALLS = ["/api/memberLogin", "/api/refreshToken"];
const isSessionCall = (request: Request) => SESSION_CALLS.some((path) => new URL(request.url).pathname.endsWith(path));

async function readEnvelope(response: Response): Promise<{ code?: unknown; message?: unknown } | null> {
  try {
    const body: unknown = await response.clone().json();
    return body && typeof body === "object" ? (body as { code?: unknown; message?: unknown }) : null;
  } catch {
    return null;
  }
}

/**
 * The fetch behind the openapi-fetch client: adds Authorization and Accept-Language (API-002,
 * API-003), applies the timeout, and on ATE waits for the single refresh and retries once with
 * the new token. Requests issued while a refresh runs wait for it before they are sent.
 */
export function createTransport(hooks: TransportHooks, baseFetch: typeof fetch = globalThis.fetch.bind(globalThis)) {
  async function send(request: Request, token: string | null): Promise<Response> {
    const headers = new Headers(request.headers);
    headers.set("Accept-Language", hooks.getLocale());
    if (token) headers.set("Authorization", `Bearer ${token}`);
    else headers.delete("Authorization");
    try {
      return await baseFetch(new Request(request, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }));
    } catch (error) {
      throw new NetworkError(error instanceof Error ? error.message : String(error));
    }
  }

  return async function transport(request: Request): Promise<Response> {
    if (isSessionCall(request)) return send(request, null);
    // A call that names its own token (the authorities right after sign-in) is sent as it is.
    const ownToken = request.headers.get("Authorization");
    if (ownToken) return send(request, ownToken.replace(/^Bearer /, ""));
    if (hooks.isRefreshing()) await hooks.whenRefreshed();
    const retryCopy = request.clone();
    const sentWith = hooks.getToken();
    let response = await send(request, sentWith);
    let envelope = await readEnvelope(response);

    if (envelope?.code === "ATE") {
      // Only the first request to see the expired token starts the refresh; the others join it.
      if (hooks.getToken() === sentWith) await hooks.refresh();
      else await hooks.whenRefreshed();
      const fresh = hooks.getToken();
      // The refresh ended the session (RTE/RTI): the session has already said so; nothing to retry.
      if (!fresh) return response;
      // The refresh failed for a passing reason (network, server error): the user stays signed in.
      if (fresh === sentWith) throw new NetworkError("token refresh failed");
      response = await send(retryCopy, fresh);
      envelope = await readEnvelope(response);
    }

    const message = typeof envelope?.message === "string" ? envelope.message : response.statusText;
    if (isSessionEndingCode(envelope?.code) || response.status === 401) hooks.sessionEnded(message);
    else if (!response.ok) hooks.httpError(message);
    return response;
  };
}
