import { ApiError } from "../../api/errors.ts";
import { api } from "../../api/client.ts";
import { isSuccessCode } from "../../api/envelope.ts";
import type { operations } from "../../../openapi/portal.d.ts";

/** The export's query: a list's filter (PROD-022), as the list asks for its rows, without paging. */
export type ExportQuery = NonNullable<operations["exportOrderList"]["parameters"]["query"]>;

const SPREADSHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The file name the server gives (Content-Disposition), else one of today's date. */
export function fileNameOf(disposition: string | null, today = new Date()): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "");
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[\\/]/g, "_") : "";
  return name || `orders-${today.toISOString().slice(0, 10)}.xlsx`;
}

/**
 * CART-005, PROD-001, PROD-057: the list under the current filter as the server's spreadsheet (exportOrderList), fetched
 * through the api client (it carries the token and the language of the headers), then saved through
 * an anchor with `download`. A refusal (an envelope instead of a file) throws its message.
 */
export async function exportOrders(query: ExportQuery): Promise<string> {
  const result = await api.GET("/pc/order/exportOrderList", {
    params: { query },
    parseAs: "blob",
  });
  const { response, error } = result;
  // parseAs "blob": the body as a Blob (the generated type names the binary as a string)
  const data = result.data as unknown;
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.ok || !type.startsWith(SPREADSHEET) || !(data instanceof Blob)) {
    // a refusal is an envelope: an HTTP error's body, or a 200 whose blob is JSON
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
  const name = fileNameOf(response.headers.get("Content-Disposition"));
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
