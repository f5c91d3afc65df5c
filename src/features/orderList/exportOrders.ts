import { api } from "../../api/client.ts";
import { dispositionName, saveFileAnswer } from "../../api/download.ts";
import type { operations } from "../../../openapi/portal.d.ts";

/** The export's query: a list's filter (PROD-022), as the list asks for its rows, without paging. */
export type ExportQuery = NonNullable<operations["exportOrderList"]["parameters"]["query"]>;

const SPREADSHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The file name the server gives (Content-Disposition), else one of today's date. */
export const fileNameOf = (disposition: string | null, today = new Date()): string =>
  dispositionName(disposition, `orders-${today.toISOString().slice(0, 10)}.xlsx`);

/**
 * CART-005, PROD-001, PROD-057: the list under the current filter as the server's spreadsheet (exportOrderList), fetched
 * through the api client (it carries the token and the language of the headers), then saved through
 * an anchor with `download`. A refusal (an envelope instead of a file) throws its message.
 */
export async function exportOrders(query: ExportQuery): Promise<string> {
  const result = await api.GET("/pc/order/exportOrderList", { params: { query }, parseAs: "blob" });
  return saveFileAnswer(result, SPREADSHEET, fileNameOf(null));
}
