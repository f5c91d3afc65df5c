import type { MessageKey } from "./i18n.ts";

/** Envelope codes: 0 success; ATE/ATI/RTE/RTI token failures; numbers for everything else (1004: the account lacks the permission; 422: an Idempotency-Key reused for another request). */
export type ErrorCode = "ATE" | "ATI" | "RTE" | "RTI" | 400 | 404 | 422 | 429 | 500 | 1001 | 1002 | 1003 | 1004;

/** 1003: a catalogue item, fabric or customer that does not exist (or is not the caller's). */
export const notFound = (key: MessageKey, params: Record<string, string | number>) => new AppError(1003, key, params);

/**
 * A failure with a translated message. `httpStatus` 200 marks a business refusal (the request was
 * well formed); 4xx marks a malformed or unauthorised request.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly httpStatus = 200,
  ) {
    super(key);
  }
}

export const tokenError = (code: "ATE" | "ATI" | "RTE" | "RTI") => new AppError(code, `token.${code}`, {}, 401);
