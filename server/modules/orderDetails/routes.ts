import type { FastifyReply } from "fastify";
import { memberOf, ok, type OperationRequest, type RouteContext } from "../shared/http.ts";
import type { Caller } from "../cart/service.ts";
import { ORDER_SEARCH_DICT, orderSearchDictionary } from "../dictionaries/service.ts";
import { orderPdf, pdfFileName } from "./pdf.ts";
import { orderDetail } from "./service.ts";

function callerOf(req: Parameters<typeof memberOf>[0]): Caller {
  const member = memberOf(req);
  return {
    memberId: member.memberId,
    parentId: member.parentId,
    moneyType: member.moneyType,
    locale: req.locale,
    mayEdit: member.mayEditOrders,
  };
}

/** The order details page and its PDF (issue 12: PROD-016..021, PROD-068..070). */
export function orderDetailsRoutes({ db }: RouteContext) {
  return {
    async getOrderDetail(req: OperationRequest<"getOrderDetail">) {
      return ok(req, await orderDetail(db, callerOf(req), Number(req.query.orderId)));
    },

    async exportOrderPdf(req: OperationRequest<"exportOrderPdf">, reply: FastifyReply) {
      const order = await orderDetail(db, callerOf(req), Number(req.query.orderId));
      const orderTypes = await orderSearchDictionary(db, req.locale, { category: ORDER_SEARCH_DICT.orderTypes });
      const orderType = orderTypes.find((type) => type.dealItem === order.orderType)?.name;
      const body = await orderPdf(order, req.locale, { orderType });
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Disposition", `attachment; filename="${pdfFileName(order.orderCode)}"`)
        .header("Cache-Control", "no-store")
        .send(Buffer.from(body));
    },
  };
}
