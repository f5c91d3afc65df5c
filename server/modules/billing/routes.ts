import type { FastifyReply } from "fastify";
import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import { XLSX_TYPE } from "../shared/spreadsheet.ts";
import { billingFileName, billingWorkbook } from "./export.ts";
import {
  allocationPage,
  dealItems,
  exportDeals,
  memberDealPage,
  statementOf,
  transactionTypes,
  type BillingCaller,
} from "./service.ts";
import { statementFileName, statementPdf } from "./statement.ts";

function callerOf(req: Parameters<typeof memberOf>[0]): BillingCaller {
  const member = memberOf(req);
  return { memberId: member.memberId, parentId: member.parentId, moneyType: member.moneyType, locale: req.locale };
}

/** The billing ledger and the allocation details (issue 22: BILL-012..014, SUB-041). */
export function billingRoutes({ db }: RouteContext) {
  return {
    async memberDeal(req: OperationRequest<"memberDeal">) {
      const page = await memberDealPage(db, callerOf(req), req.query);
      return {
        ...ok(req, page.rows),
        total: page.total,
        totalCapped: page.totalCapped,
        balance: page.balance,
        moneyType: page.moneyType,
      };
    },

    async allocationDetails(req: OperationRequest<"allocationDetails">) {
      const page = await allocationPage(db, callerOf(req), req.query);
      return { ...ok(req, page.rows), total: page.total, totalCapped: page.totalCapped };
    },

    async getTransactionType(req: OperationRequest<"getTransactionType">) {
      return ok(req, transactionTypes(req.locale));
    },

    async getDealItem(req: OperationRequest<"getDealItem">) {
      return ok(req, dealItems(req.locale));
    },

    async exportMemberDeal(req: OperationRequest<"exportMemberDeal">, reply: FastifyReply) {
      const rows = await exportDeals(db, callerOf(req), req.query);
      const body = await billingWorkbook(rows, req.locale);
      return reply
        .header("Content-Type", XLSX_TYPE)
        .header("Content-Disposition", `attachment; filename="${billingFileName(new Date())}"`)
        .header("Cache-Control", "no-store")
        .send(body);
    },

    async memberDealStatement(req: OperationRequest<"memberDealStatement">, reply: FastifyReply) {
      const statement = await statementOf(db, callerOf(req), req.query);
      const body = await statementPdf(statement, req.locale);
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Disposition", `attachment; filename="${statementFileName(statement.start, statement.end)}"`)
        .header("Cache-Control", "no-store")
        .send(Buffer.from(body));
    },
  };
}
