import { isSuccessCode } from "./envelope.ts";
import { ApiError } from "./errors.ts";

/** The file name a Content-Disposition header gives (path separators made harmless), else `fallback`. */
export function dispositionName(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "");
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[\\/]/g, "_") : "";
  return name || fallback;
}

/**
 * A file answer of the typed client (asked with `parseAs: "blob"`) saved through an anchor with
 * `download`: the server's file name, else `fallbackName`. A refusal (an HTTP error's envelope, or a
 * 200 whose blob is an envelope instead of a file of `contentType`) throws its message as an ApiError.
 * Returns the saved file's name.
 */
export async function saveFileAnswer(
  result: { data?: unknown; error?: unknown; response: Response },
  contentType: string,
  fallbackName: string,
): Promise<string> {
  const { response, error, data } = result;
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.ok || !type.startsWith(contentType) || !(data instanceof Blob)) {
    let body: unknown = error;
    if (data instanceof Blob) {
      try {
        body = JSON.parse(await data.text());
      } catch {
        body = null;
      }
    }
    const envelope = (body && typeof body === "object" ? body : {}) as { code?: unknown; message?: unknown };
    const message = typeof envelope.message === "string" ? envelope.message : response.statusText;
    const code =
      (typeof envelope.code === "string" || typeof envelope.code === "number") && !isSuccessCode(envelope.code)
        ? envelope.code
        : response.status;
    throw new ApiError(code, message, response.status);
  }
  const name = dispositionName(response.headers.get("Content-Disposition"), fallbackName);
  const url = URL.createObjectURL(data);
  try {
    const anchor = document.createElement("a");
    anchor.href = url;
    anchor.download = name;
    anchor.hidden = true;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // the download has started from the click; the object URL can go once the event has run
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}
