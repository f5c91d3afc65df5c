import { ApiError } from "./errors.ts";

/** API-006: code 0, as a number or the string "0", is success. */
export const isSuccessCode = (code: unknown): boolean => code === 0 || code === "0";

/** SHELL-129..133: token codes; ATE is refreshed, the others end the session. */
export const isSessionEndingCode = (code: unknown): boolean => code === "RTE" || code === "ATI" || code === "RTI";

interface EnvelopeLike {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

/**
 * API-005: reads an openapi-fetch result as the envelope; returns `data` on success and throws an
 * ApiError with the server's message otherwise.
 */
type ApiResult = { data?: unknown; error?: unknown; response: Response };
/** The `data` of a result's success envelope (null for calls that return none). */
export type DataOf<R extends ApiResult> = NonNullable<R["data"]> extends { data?: infer D } ? D : null;

export function unwrap<R extends ApiResult>(result: R): DataOf<R> {
  const body = (result.data ?? result.error) as EnvelopeLike | undefined;
  if (result.response.ok && body && isSuccessCode(body.code)) return (body.data ?? null) as DataOf<R>;
  const message = typeof body?.message === "string" ? body.message : result.response.statusText;
  throw new ApiError(
    (body?.code as string | number | undefined) ?? result.response.status,
    message,
    result.response.status,
  );
}

/** Like unwrap, and also returns the success message (shown as a success toast, API-007). */
export function unwrapWithMessage<R extends ApiResult>(result: R): { data: DataOf<R>; message: string } {
  const data = unwrap(result);
  const message = (result.data as EnvelopeLike | undefined)?.message;
  return { data, message: typeof message === "string" ? message : "" };
}
