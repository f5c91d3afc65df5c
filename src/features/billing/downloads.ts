import { api } from "../../api/client.ts";
import { saveFileAnswer } from "../../api/download.ts";
import type { BillingSearch } from "../../routes/_auth/-billingSearch.ts";
import { dealQuery } from "./queries.ts";

const SPREADSHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The billing rows under the current filter as the server's spreadsheet (exportMemberDeal), saved. */
export async function exportDeals(search: BillingSearch): Promise<string> {
  const result = await api.GET("/pc/memberDeal/export", { params: { query: dealQuery(search) }, parseAs: "blob" });
  return saveFileAnswer(result, SPREADSHEET, `billing-${new Date().toISOString().slice(0, 10)}.xlsx`);
}

/** A statement of one account for a date range as the server's PDF (memberDealStatement), saved. */
export async function downloadStatement(query: { memberId?: number; dealStart: string; dealEnd: string }) {
  const result = await api.GET("/pc/memberDeal/statement", { params: { query }, parseAs: "blob" });
  return saveFileAnswer(result, "application/pdf", `statement-${query.dealStart}-${query.dealEnd}.pdf`);
}
