/**
 * What a machine tells the user: a message key the view translates, or the server's own text
 * (already translated by the server from Accept-Language).
 */
export type Notice<K extends string = string> = { key: K } | { key: "server"; text: string };

/** An error an API actor raises: the envelope code and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly code: string | number,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** A fetch that never reached the server (offline, DNS, timeout). */
export class NetworkError extends Error {
  constructor(message = "network") {
    super(message);
    this.name = "NetworkError";
  }
}

/** The server's own message of a failed call, or null when it sent none (a network failure, a bug). */
export const serverMessage = (error: unknown): { key: "server"; text: string } | null =>
  error instanceof ApiError && error.message ? { key: "server", text: error.message } : null;

/** A failed call's notice: the server's own message when it sent one, otherwise the fallback key. */
export const serverNotice = <K extends string>(error: unknown, fallback: K): Notice<K> =>
  serverMessage(error) ?? { key: fallback };
